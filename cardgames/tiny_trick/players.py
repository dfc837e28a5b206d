"""The reference player of Tiny Trick: :class:`HighCardPlayer`, which decides from its seat's view only.

    >>> from cardgames.players import play_out
    >>> from cardgames.tiny_trick import TinyTrickGame
    >>> play_out(TinyTrickGame(seed=4), [HighCardPlayer(), HighCardPlayer()]).is_terminal()
    True
"""

from __future__ import annotations

from typing import Hashable, Sequence

from ..cards import Card
from ..players import BasePlayer
from .view import TinyTrickView

__all__ = ["HighCardPlayer"]


class HighCardPlayer(BasePlayer):
    """The reference player: the highest legal card (it decides from its own view only)."""

    def __init__(self, seed: int | None = 0):
        self.seed = seed

    def act(self, view: TinyTrickView, legal_actions: Sequence[Hashable]) -> Hashable:
        cards = [c for c in legal_actions if isinstance(c, Card)]
        return max(cards, key=lambda c: (c.rank, c.suit))

    def __repr__(self) -> str:
        return f"HighCardPlayer(seed={self.seed})"
