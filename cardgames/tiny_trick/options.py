"""The rule options of Tiny Trick (:class:`TinyTrickOptions`) and its fixed sizes.

    >>> TinyTrickOptions(3).num_players, len(DECK), HAND_SIZE
    (3, 9, 3)
    >>> TinyTrickOptions(4)
    Traceback (most recent call last):
    ...
    cardgames.errors.RuleConfigError: Tiny Trick is for 2 or 3 players, not 4
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card
from ..errors import RuleConfigError

__all__ = ["TinyTrickOptions", "DECK", "HAND_SIZE"]

#: The nine cards, strongest first in each suit.
DECK = tuple(Card.parse(c) for c in "SA SK SQ HA HK HQ CA CK CQ".split())
HAND_SIZE = 3


@dataclass(frozen=True)
class TinyTrickOptions:
    """The rule options: ``num_players`` (2 or 3)."""

    num_players: int = 2

    def __post_init__(self):
        if self.num_players not in (2, 3):
            raise RuleConfigError(f"Tiny Trick is for 2 or 3 players, not {self.num_players!r}")
