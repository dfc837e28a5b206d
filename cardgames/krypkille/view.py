"""What one Krypkille seat may see: :class:`KrypkilleView`, the value of ``KrypkilleGame.view(seat)``.

    >>> from cardgames.krypkille import KrypkilleGame
    >>> v = KrypkilleGame(num_players=3, dealer=0, seed=7).view(1)
    >>> v.phase, len(v.hand), v.hand_sizes, len(v.unseen_cards())
    ('discard', 5, (5, 5, 5), 37)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .deck import DECK, DEFAULT_PENALTIES, Kind, PenaltyTable

__all__ = ["KrypkilleView"]


@dataclass(frozen=True)
class KrypkilleView:
    """What ``seat`` may see: its own hand and discards, the public record, the
    declarations and the cards shown.  Other seats' hands, discards and the stock are hidden.
    """

    seat: int
    num_players: int
    dealer: int
    phase: str
    current_player: int | None
    hand: tuple[Kind, ...]
    discards: tuple[Kind, ...]
    hand_sizes: tuple[int, ...]
    tricks: tuple[tuple[tuple[int, Kind], ...], ...]
    current_trick: tuple[tuple[int, Kind], ...]
    played: tuple[Kind, ...]
    declarations: tuple[tuple[int, str], ...]
    declaring_order: tuple[int, ...] | None
    shown: dict = field(default_factory=dict)
    scores: tuple[int, ...] | None = None
    legal_actions: tuple = ()
    penalties: PenaltyTable = DEFAULT_PENALTIES
    #: How many cards each seat discarded (and drew): public, everyone sees the refill (0 before a seat discards).
    discard_counts: tuple[int, ...] = ()

    def unseen_cards(self) -> list[Kind]:
        """The cards this seat has not seen: the deck minus its hand, its discards,
        the played cards and the cards shown by others (weakest first)."""
        seen = Counter(self.hand) + Counter(self.discards) + Counter(self.played)
        seen += Counter(k for s, k in self.shown.items() if s != self.seat)
        left = Counter(DECK) - seen
        return sorted(left.elements())

    def _repr_html_(self) -> str:
        from .display import view_html

        return view_html(self)
