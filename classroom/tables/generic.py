"""The play table's adapter for any registered game that has no adapter of its own.

It reads only the names every view shares (``seat``, ``num_players``, ``phase``, ``current_player``,
``hand``, ``legal_actions``) and, where the view has them, ``hand_sizes``, ``tricks``, ``current_trick``
and ``tricks_won``: the seat's own cards face up, every other hand as backs, the tricks as a table,
one button per legal action.  A game registered with no ``table`` entry (such as Tiny Trick) plays at
the table with no other edit.

    >>> tg = GenericTable("tiny_trick", seed=4)
    >>> html = tg.view_html(tg.new_state().view(0))
    >>> html.count('class="cg-back"'), html.count('class="cg-card"')   # the other hand, own three cards
    (3, 3)
"""

from __future__ import annotations

from typing import Hashable, Sequence

from cardgames import registry
from cardgames.cards import Card
from cardgames.display import escape, html_table

from .base import ROW, Group, TableGame, back_html, card_html, pcard

__all__ = ["GenericTable"]


def _card(item) -> str:
    """A face-up card: a playing card with its symbol, anything else by its name."""
    if isinstance(item, Card):
        return pcard(item)
    name = getattr(item, "name", str(item))
    return card_html(name, str(item))


def _say(action: Hashable) -> str:
    return action.symbol if isinstance(action, Card) else str(action)


class GenericTable(TableGame):
    """A table for the registered game ``name``; ``options`` go to its ``new_game``."""

    def __init__(self, name: str, seed: int | None = 0, num_players: int | None = None, **options):
        self.entry = registry.get(name)
        self.title = self.entry.title
        self.seed = seed
        self.options = dict(options)
        if num_players is not None:
            self.options["num_players"] = num_players
        self.num_players = self.new_state().num_players

    def new_state(self):
        return self.entry.new_game(seed=self.seed, **self.options)

    def default_players(self):
        return [self.entry.reference_player(s) for s in range(self.num_players)]

    def view_html(self, view, hands: Sequence | None = None) -> str:
        sizes = getattr(view, "hand_sizes", None) or [len(view.hand)] * view.num_players
        won = getattr(view, "tricks_won", None)
        rows = []
        for s in range(view.num_players):
            if hands is not None:
                hand = " ".join(_card(c) for c in hands[s]) or "—"
            elif s == view.seat:
                hand = " ".join(_card(c) for c in view.hand) or "—"
            else:
                hand = back_html(sizes[s])
            who = f"seat {s}" + (" (you)" if s == view.seat and hands is None else "")
            rows.append([escape(who), hand] + ([won[s]] if won is not None else []))
        seats = html_table(rows, ["seat", "hand"] + (["tricks won"] if won is not None else []), raw=True,
                           caption=f"{self.title} — phase: {view.phase}",
                           highlight_rows=[view.current_player] if view.current_player is not None else ())
        tricks = [tuple(t) for t in getattr(view, "tricks", ())]
        if getattr(view, "current_trick", None):
            tricks.append(tuple(view.current_trick))
        trows = []
        for i, plays in enumerate(tricks, 1):
            cells = {s: _card(c) for s, c in plays}
            trows.append([i] + [cells.get(s, "") for s in range(view.num_players)])
        ttable = html_table(trows, ["trick"] + [f"seat {s}" for s in range(view.num_players)], raw=True,
                            caption="Tricks (public)") if trows else ""
        return f"{ROW}{seats}{ttable}</div>"

    def reveal_html(self, state) -> str:
        """Every hand face up (for the review), read from each seat's own view."""
        return self.view_html(state.view(0), hands=[list(state.view(s).hand) for s in range(state.num_players)])

    def prompt(self, view) -> str:
        return f"your turn ({view.phase}): choose one of your legal actions"

    def controls(self, view, legal):
        return [Group("your move:", [(_say(a), a) for a in legal])]

    def say_own(self, action: Hashable) -> str:
        return _say(action)

    def say_revealed(self, seat: int, action: Hashable) -> str:
        return _say(action)

    def public_lines(self, before, seat, action, after, mark):
        lines = [f"seat {seat} plays {_say(action)}"]
        if len(getattr(after, "tricks", ())) > len(getattr(before, "tricks", ())):
            lines.append(f"trick {len(after.tricks)} is over")
        return lines, mark

    def result_text(self, state) -> str:
        returns = state.returns()
        best = max(returns)
        winners = [s for s, r in enumerate(returns) if r == best]
        return "winner: " + ", ".join(f"seat {s}" for s in winners) + f" (returns {returns})"

    def result_html(self, state) -> str:
        return f"<p>{escape(self.result_text(state))}</p>"
