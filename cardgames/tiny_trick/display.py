"""Static HTML of Tiny Trick: the game (every hand) and one seat's view (its own hand only).

The engine imports this module lazily, inside ``_repr_html_``, so the rules run with no display
code loaded (``tests/test_layout.py``); this module reads the game's attributes and imports no
engine module.

    >>> from cardgames.tiny_trick import TinyTrickGame
    >>> game = TinyTrickGame(seed=4)
    >>> "Seat 0" in game_html(game), "Seat 1" in view_html(game.view(0))
    (True, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..display import cards_html, html_table

if TYPE_CHECKING:   # for annotations only: never imported at run time (tests/test_layout.py)
    from .engine import TinyTrickGame
    from .view import TinyTrickView

__all__ = ["game_html", "view_html"]


def _trick_cells(trick) -> str:
    return " ".join(f"{seat}: {cards_html([card])}" for seat, card in trick)


def _table(hand_cells: list[str], tricks, current, tricks_won, caption: str) -> str:
    rows = [[f"Seat {s}", hand_cells[s], tricks_won[s]] for s in range(len(hand_cells))]
    out = html_table(rows, header=["seat", "hand", "tricks won"], caption=caption, raw=True)
    played = [[i + 1, _trick_cells(t)] for i, t in enumerate(tricks)]
    if current:
        played.append([len(tricks) + 1, _trick_cells(current) + " …"])
    if played:
        out += html_table(played, header=["trick", "cards (seat: card)"], raw=True)
    return out


def game_html(game: "TinyTrickGame") -> str:
    """Every hand, the tricks played and the tally (the whole game, as a teacher sees it)."""
    hands = [cards_html(h) for h in game.hands]
    to_act = game.current_player()
    caption = "Tiny Trick: " + ("over" if to_act is None else f"seat {to_act} to play")
    return _table(hands, game.tricks, game.current_trick, game.tricks_won, caption)


def view_html(view: "TinyTrickView") -> str:
    """One seat's view: its own hand face up, the other hands face down."""
    hands = [cards_html(view.hand) if s == view.seat else cards_html([None] * n, back=True)
             for s, n in enumerate(view.hand_sizes)]
    caption = f"Tiny Trick, seat {view.seat}: " + (
        "over" if view.current_player is None else f"seat {view.current_player} to play")
    return _table(hands, view.tricks, view.current_trick, view.tricks_won, caption)
