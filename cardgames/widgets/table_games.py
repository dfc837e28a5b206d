"""What the play table (:mod:`cardgames.widgets.table`) needs to know about each game.

One small class per game: it deals (:meth:`new_state`), draws **one seat's view**
from ``state.view(seat)`` alone (:meth:`view_html`: every card hidden from that
seat is a back), offers the person's legal actions as groups of buttons
(:meth:`controls`), says each action in plain words for the public log without
naming a hidden card (:meth:`public_lines`), and draws the revealed table for the
review (:meth:`reveal_html`).

Every face-up card is drawn as ``<span class="cg-card" data-card="ID">`` and every
hidden one as ``<span class="cg-back">``, and in a seat's view each card appears
at most once as such an element, so the browser tests can count them.

    >>> tg = KrypkilleTable(num_players=3, seed=2)
    >>> state = tg.new_state()
    >>> html = tg.view_html(state.view(1))
    >>> html.count('class="cg-back"'), html.count('class="cg-card"')   # two hidden hands, own five cards
    (10, 5)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable, Hashable, Sequence

from ..cards import SUIT_SYMBOLS, Card
from ..display import escape, html_table
from ..errors import GameError

__all__ = ["Group", "KrypkilleTable", "ComradeTableGame", "HeartChallengeTable", "TABLE_GAMES",
           "card_html", "back_html", "frames", "review_html", "first_choice_game", "table_game"]

_ROW = '<div style="display:flex;gap:14px;flex-wrap:wrap;align-items:flex-start">'


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


def _pcard(card: Card, **kw) -> str:
    return card_html(card.code, card.symbol, card.is_red, **kw)


@dataclass
class Group:
    """One row of the person's controls: ``kind="buttons"`` (one button per ``(label, action)``)
    or ``kind="pick"`` (card toggles and one ``confirm`` button; ``make(chosen items)`` is the action)."""

    title: str
    items: list
    kind: str = "buttons"
    confirm: str = ""
    make: Callable | None = None


class _Base:
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


# -- Krypkille ----------------------------------------------------------------------------
class KrypkilleTable(_Base):
    """One round of Krypkille (2-5 players): discard and refill, four tricks, declare or pass.

    The forced follows are played for the person, with a line saying why."""

    title = "Krypkille round"

    def __init__(self, num_players: int = 4, seed: int | None = 0, dealer: int = 0, options=None):
        from ..krypkille.engine import KrypkilleRound
        KrypkilleRound(num_players, dealer, seed=seed, options=options)  # bad settings fail here, clearly
        self.num_players, self.seed, self.dealer, self.options = num_players, seed, dealer, options

    def new_state(self):
        from ..krypkille.engine import KrypkilleRound
        return KrypkilleRound(self.num_players, self.dealer, seed=self.seed, options=self.options)

    def default_players(self):
        from .seated_bots import SeatedKrypkilleHeuristic
        return [SeatedKrypkilleHeuristic(seed=s) for s in range(self.num_players)]

    @staticmethod
    def _kind(kind, **kw) -> str:
        return card_html(kind.name, kind.label, **kw)

    def view_html(self, view, hands: Sequence | None = None, discards: Sequence | None = None) -> str:
        """``view`` is a seat's :class:`~cardgames.krypkille.engine.SeatView`; ``hands`` and
        ``discards`` (the review only) reveal every hand and every discard."""
        said = dict(view.declarations)
        rows = []
        for s in range(view.num_players):
            if hands is not None:
                hand = " ".join(self._kind(k) for k in hands[s])
            elif s == view.seat:
                hand = " ".join(self._kind(k) for k in view.hand)
            elif s in view.shown:
                hand = self._kind(view.shown[s], note="shown")
            else:
                hand = back_html(view.hand_sizes[s])
            who = f"seat {s}" + (" (you)" if s == view.seat and hands is None else "") + (
                " · dealer" if s == view.dealer else "")
            if discards is not None:
                disc = " ".join(k.label for k in discards[s]) or "none"   # the review: plain words, not cards
            elif s == view.seat:
                disc = " ".join(self._kind(k) for k in view.discards) or "none"
            else:
                disc = ""
            score = "" if view.scores is None else view.scores[s]
            rows.append([escape(who), hand, disc, escape(said.get(s, "")), score])
        seats = html_table(rows, ["seat", "hand", "your discards" if discards is None else "discards", "declaration",
                                  "penalty"], raw=True,
                           caption=f"Krypkille, {view.num_players} players — phase: {view.phase}",
                           highlight_rows=[view.current_player] if view.current_player is not None else ())
        tricks = [list(t) for t in view.tricks] + ([list(view.current_trick)] if view.current_trick else [])
        trows = []
        for i, t in enumerate(tricks, 1):
            cells = {s: self._kind(k) for s, k in t}
            trows.append([i] + [cells.get(s, "") for s in range(view.num_players)])
        ttable = html_table(trows, ["trick"] + [f"seat {s}" for s in range(view.num_players)], raw=True,
                            caption="Tricks (public)") if trows else "<div>no trick played yet</div>"
        return f"{_ROW}{seats}{ttable}</div>"

    def reveal_html(self, state) -> str:
        return self.view_html(state.view(0), hands=[list(h) for h in state.hands], discards=state.discards)

    def prompt(self, view) -> str:
        if view.phase == "discard":
            return "choose 0 to 3 cards to discard face down (the dealer refills to five)"
        if view.phase == "play":
            return "lead any card"
        return f"your final card is {view.hand[0].label}: declare (it is the unique lowest) or pass"

    def controls(self, view, legal):
        from ..krypkille.engine import DECLARE, PASS, Discard, Play
        if view.phase == "discard":
            return [Group("discard:", [(k.label, k) for k in view.hand], kind="pick",
                          confirm="discard the chosen cards (none chosen: keep all)",
                          make=lambda kinds: Discard(tuple(kinds)))]
        if view.phase == "play":
            return [Group("lead:", [(a.kind.label, a) for a in legal if isinstance(a, Play)])]
        return [Group(f"final card {view.hand[0].label}:", [("declare", DECLARE), ("pass", PASS)])]

    def forced(self, view, legal):
        from ..krypkille.rules import explain_follow
        if view.phase == "play" and view.current_trick and len(legal) == 1:
            return legal[0], explain_follow(view.hand, [k for _, k in view.current_trick])[1]
        return None

    def public_lines(self, before, seat, action, after, mark):
        from ..krypkille.engine import DECLARE, Discard
        lines = []
        if isinstance(action, Discard):
            n = len(action.kinds)
            lines.append(f"seat {seat} discards {n} card{'s' if n != 1 else ''} face down" if n
                         else f"seat {seat} keeps all five cards")
            if before.phase == "discard" and after.phase == "play":
                lines.append("the dealer refills every hand to five cards from the stock")
        elif action in ("declare", "pass"):
            lines.append(f"seat {seat} declares and shows {after.hands[seat][0].label}" if action == DECLARE
                         else f"seat {seat} passes")
        elif action is not None:
            rec = after.play_log[-1]
            lines.append(f"seat {seat} leads {rec.kind.label}" if rec.lead
                         else f"seat {seat} follows with {rec.kind.label} (forced: {rec.reason})")
            if len(after.tricks) > len(before.tricks):
                lines.append(f"seat {after.trick_winners[-1]} wins trick {len(after.tricks)}")
        if after.is_terminal():
            lines.append(f"round over: {after.outcome}; penalties {after.scores}")
        return lines, mark

    def result_text(self, state) -> str:
        who = "nobody declared" if state.declarer is None else f"seat {state.declarer} declared"
        return f"{who}: {state.outcome}. Penalties: {state.scores}."

    def result_html(self, state) -> str:
        rows = [[s, state.final_cards()[s].label, "declared" if s == state.declarer else "", state.scores[s]]
                for s in range(state.num_players)]
        return f"<p>{escape(self.result_text(state))}</p>" + html_table(
            rows, ["seat", "final card", "", "penalty"], caption="The final cards and the penalties")

    def coach_html(self, state, view) -> str:
        if view.phase != "declare":
            return "the coach speaks at the declaration"
        from solvers.widgets.coach import krypkille_advice
        return krypkille_advice(view)


# -- Comrade ---------------------------------------------------------------------------------
def _bid(card) -> str:
    """A bid card in words, e.g. ``♥ bid 3`` (never confused with a playing card)."""
    return f"{SUIT_SYMBOLS[card.suit]} bid {card.value}"


class ComradeTableGame(_Base):
    """One deal of Comrade: take a bid card or pass, then play.  The deal is random from ``seed``
    (``hand_size`` for a mini deal) unless ``deal`` is given.  The person's partners never see
    the person's hand: each bot gets only its own view."""

    title = "Comrade deal"

    def __init__(self, deal=None, seed: int | None = 0, hand_size: int | None = None, players: int = 4,
                 dealer: int = 0, rules=None):
        from ..comrade import ComradeGame, Deal
        self.deal = deal if deal is not None else Deal.random(seed, players=players, hand_size=hand_size)
        self.dealer, self.rules = dealer, rules
        ComradeGame(self.deal, dealer=dealer, rules=rules)
        self.num_players = ComradeGame(self.deal, dealer=dealer).num_players
        self.letters = self.deal.variant.seat_letters

    def new_state(self):
        from ..comrade import ComradeGame
        return ComradeGame(self.deal, dealer=self.dealer, rules=self.rules)

    def default_players(self):
        """Silent players that see only their own seat (:class:`cardgames.comrade.players.HeuristicPlayer`);
        pass ``players=`` to :class:`~cardgames.widgets.table.PlayTable` for others (e.g.
        ``cardgames.comrade.players.RandomPlayer`` or ``solvers.comrade.sampling.SamplingPlayer``)."""
        from ..comrade.players import HeuristicPlayer
        return [HeuristicPlayer() for _ in range(self.num_players)]

    def _seat(self, s: int) -> str:
        return f"seat {s} ({self.letters[s]})"

    def view_html(self, view, hands: Sequence | None = None) -> str:
        rows = []
        for s, size in enumerate(view.hand_sizes):
            if hands is not None:
                hand = " ".join(_pcard(c) for c in hands[s]) or "—"
            elif s == view.seat:
                hand = " ".join(_pcard(c) for c in view.hand) or "—"
            else:
                hand = back_html(size)
            bid = ", ".join(f"{SUIT_SYMBOLS[x]} {v}" for x, v in view.bids[s].items()) or "none"
            won = ", ".join(f"{SUIT_SYMBOLS[x]} {v}" for x, v in view.won[s].items()) or "none"
            who = self._seat(s) + (" (you)" if s == view.seat and hands is None else "") + (
                " · dealer 親" if s == view.dealer else "")
            rows.append([escape(who), hand, escape(bid), escape(won)])
        seats = html_table(rows, ["seat", "hand", "bid: tricks to win, led in", "won, led in"], raw=True,
                           caption=f"Comrade — phase: {view.phase}",
                           highlight_rows=[view.to_act] if view.to_act is not None else ())
        middle = ", ".join(_bid(c) for c in view.middle) or "none left"
        trows = []
        tricks = [t.plays for t in view.tricks] + ([tuple(view.current_trick)] if view.current_trick else [])
        for i, plays in enumerate(tricks, 1):
            cells = {s: _pcard(c) for s, c in plays}
            trows.append([i] + [cells.get(s, "") for s in range(len(view.hand_sizes))])
        ttable = html_table(trows, ["trick"] + [self.letters[s] for s in range(len(view.hand_sizes))], raw=True,
                            caption="Tricks (public)") if trows else ""
        return (f"{_ROW}{seats}{ttable}</div><div>bid cards in the middle: {escape(middle)}</div>"
                + (f"<div><b>{escape(view.result)}</b> {escape(view.loss_reason or '')}</div>" if view.result else ""))

    def reveal_html(self, state) -> str:
        return self.view_html(state.view(0), hands=[list(h) for h in state.hands])

    def prompt(self, view) -> str:
        return ("take a bid card (a promise to win that many tricks led in its suit) or pass"
                if view.phase == "bidding" else "play a card (follow the led suit if you can)")

    def controls(self, view, legal):
        from ..comrade.bidding import BidCard
        if view.phase == "bidding":
            return [Group("bid:", [("pass", a) for a in legal if a == "pass"]
                          + [(f"take {_bid(a)}", a) for a in legal if isinstance(a, BidCard)])]
        return [Group("play:", [(c.symbol, c) for c in legal])]

    def say_own(self, action) -> str:
        from ..comrade.bidding import BidCard
        return f"take {_bid(action)}" if isinstance(action, BidCard) else (
            "pass" if action == "pass" else f"play {action.symbol}")

    say_revealed = lambda self, seat, action: self.say_own(action)  # noqa: E731 - nothing is secret in Comrade

    def public_lines(self, before, seat, action, after, mark):
        from ..comrade.bidding import BidCard
        who = self._seat(seat)
        if isinstance(action, BidCard):
            lines = [f"{who} takes the {_bid(action)} card"]
        elif action == "pass":
            lines = [f"{who} passes"]
        else:
            lines = [f"{who} plays {action.symbol}"]
            if len(after.tricks) > len(before.tricks):
                t = after.tricks[-1]
                lines.append(f"{self._seat(t.winner)} wins trick {len(after.tricks)} (led {SUIT_SYMBOLS[t.led_suit]})")
        if before.phase == "bidding" and after.phase == "play":
            lines.append("the bidding is over: " + "; ".join(
                f"{self.letters[s]} " + (", ".join(f"{SUIT_SYMBOLS[x]} {v}" for x, v in b.items()) or "none")
                for s, b in enumerate(after.bids)))
        if after.is_terminal():
            lines.append(f"the game is over: {after.result}" + (f" ({after.loss_reason})" if after.loss_reason
                                                                else ""))
        return lines, mark

    def result_text(self, state) -> str:
        return f"{state.result}: " + (state.loss_reason or "every bid was met exactly")

    def result_html(self, state) -> str:
        rows = []
        for s in range(state.num_players):
            bid = ", ".join(f"{SUIT_SYMBOLS[x]} {v}" for x, v in state.bids[s].items()) or "none"
            won = ", ".join(f"{SUIT_SYMBOLS[x]} {v}" for x, v in state.won[s].items()) or "none"
            rows.append([self._seat(s), bid, won])
        return f"<p>{escape(self.result_text(state))}</p>" + html_table(
            rows, ["seat", "bid (tricks led in)", "won (led in)"], caption="Bids against tricks won")

    def coach_html(self, state, view) -> str:
        from solvers.widgets.coach import comrade_advice
        return comrade_advice(state)


# -- Heart Challenge ---------------------------------------------------------------------------
_HC_TITLES = {
    "marker": "show your marker:", "place": "place face down:", "challenge": "or challenge, declaring:",
    "raise": "raise to:", "pass": "", "use": "use a special card:", "decline": "", "flip": "flip the top card of:",
    "take": "take a random card from:", "give": "the joker:", "keep": "", "return": "return (hand limit):",
}


class HeartChallengeTable(_Base):
    """A Heart Challenge match of ``rounds`` rounds (default 1, so a class plays one round):
    place, declare, raise or pass, flip, special cards, returning cards over the hand limit."""

    title = "Heart Challenge round"

    def __init__(self, num_players: int = 4, seed: int | None = 0, rounds: int = 1, options=None):
        from ..heart_challenge import HeartChallengeGame, HeartChallengeOptions
        base = options if options is not None else HeartChallengeOptions()
        self.options = replace(base, rounds=rounds)
        HeartChallengeGame(num_players, seed=seed, options=self.options)
        self.num_players, self.seed = num_players, seed

    def new_state(self):
        from ..heart_challenge import HeartChallengeGame
        return HeartChallengeGame(self.num_players, seed=self.seed, options=self.options)

    def default_players(self):
        from .seated_bots import SeatedCautiousPlayer
        return [SeatedCautiousPlayer(seed=s) for s in range(self.num_players)]

    def log_mark(self, state) -> int:
        return len(state.log)

    def view_html(self, view) -> str:
        from ..heart_challenge.display import PHASE_TEXT, seat_status
        rows = []
        for s in range(view.num_players):
            hand = [c for c in view.hands[s]]
            if all(c is None for c in hand):
                hand_h = back_html(len(hand))
            else:
                hand_h = " ".join(back_html() if c is None else _pcard(c) for c in hand) or "—"
            pile = []
            for c, up in view.piles[s]:
                if c is None:
                    pile.append(back_html())
                elif up:
                    pile.append(_pcard(c, note="face up", style="outline:2px solid #c0392b"))
                else:
                    pile.append(_pcard(c, note="face down (yours)", style="opacity:.6"))
            status = seat_status(view, s)
            who = f"seat {s}" + (" (you)" if s == view.seat else "")
            marker = _pcard(view.markers[s]) if view.markers[s] is not None else "—"
            rows.append([escape(who), view.numbers[s], marker, hand_h, " ".join(pile) or "—", view.scores[s],
                         escape(", ".join(status))])
        caption = (f"Heart Challenge, round {view.round_no} — {PHASE_TEXT.get(view.phase, view.phase)}"
                   + (f" [{view.window}]" if view.window else ""))
        table = html_table(rows, ["seat", "number", "marker", "hand", "pile (bottom → top)", "score", ""],
                           raw=True, caption=caption, highlight_rows=[view.to_act] if view.to_act is not None else ())
        return (table + f"<div style='font-size:.9em'>stock: {view.stock_size} cards face down · hearts in play:"
                f" {view.hearts_in_play}</div>")

    def reveal_html(self, state) -> str:
        return self.view_html(state.view(None))

    def prompt(self, view) -> str:
        from ..heart_challenge.display import PHASE_TEXT
        return PHASE_TEXT.get(view.phase, view.phase)

    def controls(self, view, legal):
        groups: dict[str, list] = {}
        for a in legal:
            if a.card is not None:
                label = a.card.symbol
            elif a.kind in ("challenge", "raise"):
                label = str(a.n)
            elif a.kind == "flip":
                label = f"seat {a.n}"
            elif a.kind == "take":
                label = "the stock" if a.n is None else f"seat {a.n}"
            else:
                label = {"give": "give it to the challenger", "keep": "keep it"}.get(a.kind, a.kind)
            groups.setdefault(a.kind, []).append((label, a))
        return [Group(_HC_TITLES.get(k, k + ":"), items) for k, items in groups.items()]

    def say_own(self, action) -> str:
        return str(action) if action.card is None else f"{action.kind} {action.card.symbol}"

    def say_revealed(self, seat, action) -> str:
        return self.say_own(action)

    def public_lines(self, before, seat, action, after, mark):
        lines = [x.split(": ", 1)[1] if x.startswith("R") and ": " in x else x for x in after.log[mark:]]
        return lines, len(after.log)

    def result_text(self, state) -> str:
        return f"scores {state.scores}; winner(s): seat(s) {state.winners()}."

    def result_html(self, state) -> str:
        rows = [[s, state.numbers[s], " ".join(c.symbol for c in state.hands[s]) or "—", state.scores[s]]
                for s in range(state.num_players)]
        return f"<p>{escape(self.result_text(state))}</p>" + html_table(
            rows, ["seat", "number", "hand at the end", "score"], caption="The hands at the end and the scores")

    def coach_html(self, state, view) -> str:
        if view.phase not in ("turn", "auction"):
            return "the coach speaks when you could start a challenge or raise"
        from solvers.widgets.coach import heart_challenge_advice
        return heart_challenge_advice(view)


#: Name -> table game class (``PlayTable("comrade", ...)``).
TABLE_GAMES = {"krypkille": KrypkilleTable, "comrade": ComradeTableGame, "heart_challenge": HeartChallengeTable}


def table_game(game: Any, **options):
    """The table game for a name (``"krypkille"``, ``"comrade"``, ``"heart_challenge"``) and options,
    or ``game`` itself if it already is one."""
    if isinstance(game, str):
        try:
            return TABLE_GAMES[game.lower().replace(" ", "_")](**options)
        except KeyError:
            raise GameError(f"no play table for {game!r} (games: {', '.join(TABLE_GAMES)})") from None
    if options:
        raise GameError("options go to the table game's constructor, not to an existing table game")
    return game


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
    :meth:`PlayTable.autoplay <cardgames.widgets.table.PlayTable.autoplay>`).

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
