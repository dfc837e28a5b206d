"""The shared part of what the play table (:mod:`classroom.table`) needs to know about each game.

One small class per game: it deals (:meth:`new_state`), draws **one seat's view**
from ``state.view(seat)`` alone (:meth:`view_html`: every card hidden from that
seat is a back), offers the person's legal actions as groups of buttons
(:meth:`controls`), says each action in plain words for the public log without
naming a hidden card (:meth:`public_lines`), and draws the revealed table for the
review (:meth:`reveal_html`).

Every face-up card is drawn as ``<span class="cg-card" data-card="ID">`` and every
hidden one as ``<span class="cg-back">``, and in a seat's view each card appears
at most once as such an element, so the browser tests can count them.

    >>> from classroom.tables.krypkille import KrypkilleTable
    >>> tg = KrypkilleTable(num_players=3, seed=2)
    >>> state = tg.new_state()
    >>> html = tg.view_html(state.view(1))
    >>> html.count('class="cg-back"'), html.count('class="cg-card"')   # two hidden hands, own five cards
    (10, 5)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Hashable, Sequence

from cardgames.cards import Card
from cardgames.display import escape
from cardgames.errors import GameError

__all__ = ["Group", "Setting", "TableGame", "ROW", "card_html", "back_html", "pcard", "frames", "review_html",
           "first_choice_game", "play_step"]

ROW = '<div style="display:flex;gap:14px;flex-wrap:wrap;align-items:flex-start">'


def card_html(card_id: str, label: str, red: bool = False, note: str = "", style: str = "") -> str:
    """A face-up card the browser tests can find (``data-card`` is its identity)."""
    color = "#c0392b" if red else "#111"
    title = f' title="{escape(note)}"' if note else ""
    return (f'<span class="cg-card" data-card="{escape(card_id)}"{title} style="display:inline-block;'
            f'border:1px solid #999;border-radius:3px;padding:0 3px;margin:1px;background:#fff;'
            f'color:{color};{style}">{escape(label)}</span>')


def back_html(n: int = 1) -> str:
    """``n`` face-down cards."""
    one = ('<span class="cg-back" title="face down" style="display:inline-block;border:1px solid #2c5aa0;'
           'border-radius:3px;margin:1px;padding:0 3px;background:#2c5aa0;color:#fff">🂠</span>')
    return one * n if n else '<span style="color:#999">—</span>'


def pcard(card: Card, **kw) -> str:
    return card_html(card.code, card.symbol, card.is_red, **kw)


@dataclass
class Group:
    """One row of the person's controls: ``kind="buttons"`` (one button per ``(label, action)``)
    or ``kind="pick"`` (card toggles and one ``confirm`` button; ``make(chosen items)`` is the action;
    ``confirm`` is the button's label, or a function of the chosen items that gives it).
    ``warn`` maps the actions that lose at once to the sentence that says why: their buttons are
    marked and ask "are you sure?" first."""

    title: str
    items: list
    kind: str = "buttons"
    confirm: "str | Callable[[list], str]" = ""
    make: Callable | None = None
    warn: dict | None = None


@dataclass
class Setting:
    """A choice the table offers a person above the game, such as Comrade's hand size: ``name`` (what
    :meth:`TableGame.change` is told), ``label`` (the words beside the buttons), ``options`` as
    ``(label, value)`` pairs and the current ``value``.  Changing it deals again with the same seed.

    >>> Setting("hand_size", "cards each", [("4", 4), ("13", 13)], 4).value
    4
    """

    name: str
    label: str
    options: list
    value: object


class TableGame:
    """What every game's table adapter provides; the defaults suit a game with no hidden actions."""

    title = "game"

    def log_mark(self, state) -> int:
        return 0

    def forced(self, view, legal: Sequence[Hashable]):
        return None

    def say_own(self, action: Hashable) -> str:
        return str(action)

    def say_revealed(self, seat: int, action: Hashable) -> str:
        return str(action)

    def coach_html(self, state, view) -> str:
        return "nothing to say at this moment"

    def coach_review_html(self, state) -> str:
        """The coach's word once the game is over ("" = nothing: the coach stays silent)."""
        return ""

    #: The seed of the deal (``None``: a fresh random deal every time); "new deal" moves it on.
    seed: int | None = None

    @classmethod
    def named_deals(cls) -> dict[str, str]:
        """Deals a teacher can pick by name (e.g. Comrade's class deals "A", "B", "C"), as the
        constructor's ``deal`` argument takes them; none by default."""
        return {}

    def can_deal_new(self) -> bool:
        """Whether "new deal" can deal other cards (a table built from a fixed deal cannot)."""
        return True

    def deal_new(self) -> None:
        """Move on to the next deal: the next seed, so a class can still replay it by its number."""
        if self.seed is not None:
            self.seed += 1

    def settings(self) -> list[Setting]:
        """The choices a person may make on the table itself (none by default)."""
        return []

    def change(self, name: str, value) -> None:
        """Apply a person's choice of one of :meth:`settings` (the table then deals again)."""
        raise GameError(f"this table has no setting {name!r}")




def play_step(tg, state, seat: int, action: Hashable, mark: int):
    """One action at a table: ``(state after it, the public log lines it adds, the new log mark)``.
    ``state`` itself is not changed, so an illegal action (which raises the engine's error) changes
    nothing, and a caller may record the action before it makes the new state its own.

    >>> from classroom.tables.krypkille import KrypkilleTable
    >>> tg = KrypkilleTable(num_players=3, seed=2)
    >>> state = tg.new_state()
    >>> seat = state.current_player()
    >>> after, lines, _ = play_step(tg, state, seat, state.legal_actions()[0], 0)
    >>> lines, state.current_player() == seat, after.current_player() == seat
    (['seat 1 keeps all five cards'], True, False)
    """
    after = state.clone()
    after.apply(action, player=seat)
    lines, mark = tg.public_lines(state, seat, action, after, mark)
    return after, lines, mark


def frames(tg, actions: Sequence[tuple[int, Hashable]]) -> list[tuple[str, str]]:
    """(caption, HTML with every hand revealed) after 0, 1, 2 ... of ``actions`` (``(seat, action)``)."""
    state = tg.new_state()
    out = [("the deal: every hand revealed", tg.reveal_html(state))]
    for i, (seat, action) in enumerate(actions, 1):
        state.apply(action, player=seat)
        out.append((f"action {i}: seat {seat} — {tg.say_revealed(seat, action)}", tg.reveal_html(state)))
    return out


def review_html(tg, actions: Sequence[tuple[int, Hashable]]) -> str:
    """A finished game as static HTML: the result, every hand at the deal, each action in words
    (hidden ones revealed) and the final table (for readers of a notebook on GitHub)."""
    state = tg.new_state()
    for seat, action in actions:
        state.apply(action, player=seat)
    if not state.is_terminal():
        raise GameError("the review exists once the game is over: play it to the end first")
    pics = frames(tg, actions)
    steps = "".join(f"<li>{escape(c.split(': ', 1)[1])}</li>" for c, _ in pics[1:])
    return (f'<div class="cg-review"><h4>Result</h4>{tg.result_html(state)}'
            f"<h4>The deal, every hand revealed</h4>{pics[0][1]}"
            f'<h4>Every action</h4><ol style="columns:2;font-size:.9em">{steps}</ol>'
            f"<h4>At the end</h4>{pics[-1][1]}</div>")


def first_choice_game(tg, seat: int, players: Sequence | None = None, max_actions: int = 10_000):
    """Play a whole game in which ``seat`` always takes the first choice the table offers (a
    discard: the first card), forced moves played for it, and ``players`` (default: the table
    game's bots) the other seats; returns ``(final state, [(seat, action), ...])``.  No widget is
    made, so this is the cheap way to a static example (the same game as
    :meth:`PlayTable.autoplay <classroom.table.PlayTable.autoplay>`).

    >>> from classroom.tables.krypkille import KrypkilleTable
    >>> state, actions = first_choice_game(KrypkilleTable(num_players=3, seed=2), seat=0)
    >>> state.is_terminal(), len(actions) > 12
    (True, True)
    """
    bots = list(players) if players is not None else tg.default_players()
    state = tg.new_state()
    actions: list[tuple[int, Hashable]] = []
    for _ in range(max_actions):
        if state.is_terminal():
            return state, actions
        actor = state.current_player()
        view, legal = state.view(actor), state.legal_actions()
        if actor == seat:
            forced = tg.forced(view, legal)
            if forced is not None:
                action = forced[0]
            else:
                group = tg.controls(view, legal)[0]
                action = group.make([group.items[0][1]]) if group.kind == "pick" else group.items[0][1]
        else:
            action = bots[actor].act(view, tuple(legal))
        state.apply(action, player=actor)
        actions.append((actor, action))
    raise GameError(f"the game did not end within {max_actions} actions")
