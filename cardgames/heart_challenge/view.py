"""What one player can see of a Heart Challenge game.

Face-down cards of other piles and other players' hands are ``None``; the
player's own face-down cards are known to them (they placed them).

    >>> from cardgames.heart_challenge import HeartChallengeGame
    >>> v = HeartChallengeGame.staged(["HA SA", "S2 D2"], piles=["CA", "H2"]).view(0)
    >>> v.hands[1], [c.code for c in v.hands[0]]
    ((None, None), ['HA', 'SA'])
    >>> v.piles[1]
    ((None, False),)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards import Card
from ..errors import check_seat
from .actions import LogEntry
from .setup import is_heart

if TYPE_CHECKING:   # for annotations only: never imported at run time (tests/test_layout.py)
    from .engine import HeartChallengeGame

# The engine builds its views (HeartChallengeGame.view imports this module), so this module imports
# the engine back only for type hints, under TYPE_CHECKING (tests/test_layout.py).

__all__ = ["HeartChallengeView"]


@dataclass(frozen=True)
class HeartChallengeView:
    """A player's view (``seat=None``: everything).  ``piles[s]`` lists ``(card or None, face_up)``
    from the bottom card to the top."""

    seat: int | None
    num_players: int
    numbers: tuple[int, ...]
    markers: tuple[Card | None, ...]
    hands: tuple[tuple[Card | None, ...], ...]
    piles: tuple[tuple[tuple[Card | None, bool], ...], ...]
    stock_size: int
    out_of_game: tuple[Card, ...]
    hearts_in_play: int
    active: tuple[bool, ...]
    scores: tuple[int, ...]
    dealer: int
    round_no: int
    phase: str
    to_act: int | None
    challenger: int | None
    target: int
    count: int
    high: int
    high_bidder: int | None
    window: str | None
    used_special: frozenset[int]
    log: tuple[LogEntry, ...]
    legal_actions: tuple = ()

    @property
    def current_player(self) -> int | None:
        """Whose turn it is (``None`` once the game is over): the name every game's view uses."""
        return self.to_act

    @property
    def hand(self) -> tuple[Card, ...]:
        """The seat's own hand (empty for ``seat=None``, the referee's view, which has every hand in ``hands``)."""
        return () if self.seat is None else tuple(self.hands[self.seat])

    @classmethod
    def of(cls, game: "HeartChallengeGame", seat: int | None) -> "HeartChallengeView":
        n = game.num_players
        if seat is not None:
            check_seat(seat, n)

        def sees(owner: int) -> bool:
            return seat is None or seat == owner

        hands = tuple(tuple(c if sees(s) else None for c in game.hands[s]) for s in range(n))
        piles = []
        for s in range(n):
            pile, up = game.piles[s], game.face_up[s]
            row = []
            for i, c in enumerate(pile):
                face_up = i >= len(pile) - up
                row.append((c if face_up or sees(s) else None, face_up))
            piles.append(tuple(row))
        hearts = sum(1 for c in game.cards_in_play().elements() if is_heart(c))
        return cls(seat, n, tuple(game.numbers), tuple(game.markers), hands, tuple(piles), len(game.stock),
                   tuple(game.out_of_game), hearts, tuple(game.active), tuple(game.scores), game.dealer,
                   game.round_no, game.phase, game.current_player(), game.challenger, game.target, game.count,
                   game.high, game.high_bidder, game.window, frozenset(game.used_special), tuple(game.log),
                   tuple(game.legal_actions()) if seat is not None and seat == game.current_player() else ())

    def _repr_html_(self) -> str:
        from .display import view_html
        return view_html(self)
