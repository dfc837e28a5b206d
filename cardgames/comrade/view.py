"""What one Comrade player may see: :class:`ComradeView`, the value of ``ComradeGame.view(seat)``.

    >>> from cardgames.comrade import ComradeGame
    >>> v = ComradeGame("N:A.K.. K.A.. Q.Q.. J.J..", dealer=0).view(1)
    >>> v.hand, v.hand_sizes, v.current_player
    (Hand('SK HA'), (2, 2, 2, 2), 0)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card, Hand
from .bidding import BidCard, BidStep
from .play import Trick

__all__ = ["ComradeView"]


@dataclass(frozen=True)
class ComradeView:
    """The public table plus one player's own hand: everything that player may know.

    Comrade forbids talking about the game (相談は禁止), so a fair player decides from
    exactly this.  ``hand_sizes`` is all one learns about the other hands.
    """

    seat: int
    phase: str
    dealer: int
    hand: Hand
    hand_sizes: tuple[int, ...]
    bids: tuple[dict[str, int], ...]
    middle: tuple[BidCard, ...]
    bidding_history: tuple[BidStep, ...]
    tricks: tuple[Trick, ...]
    current_trick: tuple[tuple[int, Card], ...]
    won: tuple[dict[str, int], ...]
    to_act: int | None
    result: str | None
    loss_reason: str | None
    legal_actions: tuple = ()

    @property
    def current_player(self) -> int | None:
        """Whose turn it is (``None`` once the game is over): the name every game's view uses."""
        return self.to_act

    @property
    def num_players(self) -> int:
        return len(self.hand_sizes)

    @property
    def bidding_lap(self) -> int:
        """The lap (周) of the bidding that the next bid belongs to, from 1: each lap every seat bids once
        (``Bidding.lap`` counts the same way).

            >>> from cardgames.comrade import ComradeGame
            >>> ComradeGame("N:A.K.. K.A.. Q.Q.. J.J..", dealer=0).view(1).bidding_lap
            1
        """
        return len(self.bidding_history) // len(self.hand_sizes) + 1

    @property
    def played_cards(self) -> tuple[Card, ...]:
        return tuple(c for t in self.tricks for c in t.cards) + tuple(c for _, c in self.current_trick)

    def _repr_html_(self) -> str:
        from .display import view_html

        return view_html(self)
