"""What one Tiny Trick seat may see: :class:`TinyTrickView`, the value of ``TinyTrickGame.view(seat)``.

    >>> from cardgames.tiny_trick import TinyTrickGame
    >>> v = TinyTrickGame(seed=4).view(0)
    >>> len(v.hand), v.hand_sizes, v.current_player, v.legal_actions
    (3, (3, 3), 1, ())
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card

__all__ = ["TinyTrickView"]


@dataclass(frozen=True)
class TinyTrickView:
    """What one seat may see: its own hand, the tricks so far, the trick in progress, the tally."""

    seat: int
    num_players: int
    phase: str
    current_player: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    tricks: tuple[tuple[tuple[int, Card], ...], ...]
    current_trick: tuple[tuple[int, Card], ...]
    tricks_won: tuple[int, ...]
    legal_actions: tuple = ()

    def _repr_html_(self) -> str:
        from .display import view_html

        return view_html(self)
