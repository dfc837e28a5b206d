"""Which cards, bid cards and totals a game of Comrade uses, by number of players.

The seed (トリテwiki, カムレッド) gives the 4-player game; the 3-player rules come from
the designer's other write-ups (see ``docs/rules/comrade.md``, *Other player
counts*).  The 5-player rules are incomplete in every source we have, so they are
refused rather than invented.

    >>> variant_for(4).total, len(variant_for(4).ranks), variant_for(4).bid_values
    (13, 13, (1, 2, 3, 4, 5, 6))
    >>> variant_for(3).total, variant_for(3).deck_size
    (12, 36)
    >>> variant_for(5)
    Traceback (most recent call last):
    ...
    cardgames.errors.RuleConfigError: Comrade for 5 players is not supported: the source's 5-player rules are incomplete (bid cards 1-4 of each suit plus 2 jokers, hands 11-11-10-10-10, but what the jokers do and the bid limits are unknown), so we refuse rather than invent them
"""  # noqa: E501 (doctest output)

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..cards import SUITS, Card
from ..errors import RuleConfigError, shown

__all__ = ["Variant", "FOUR_PLAYERS", "THREE_PLAYERS", "variant_for", "SEAT_LETTERS"]

@lru_cache(maxsize=8)
def _deck(ranks: tuple[int, ...]) -> tuple[Card, ...]:
    return tuple(Card(s, r) for s in SUITS for r in sorted(ranks, reverse=True))


#: Seat letters in clockwise order, as in PBN: seat 0 = North, 1 = East, 2 = South, 3 = West.
SEAT_LETTERS = "NESW"


@dataclass(frozen=True)
class Variant:
    """The fixed numbers of one Comrade variant.

    * ``players`` — number of seats.
    * ``ranks`` — the card ranks in play (2..14 for 4 players; 5..13, "5-K", for 3).
    * ``bid_values`` — the values of the bid cards (場札) of each suit: 1..6 (ace = 1)
      for 4 players, 1..4 for 3 players.
    * ``total`` — the number of tricks in a full deal, which the bids must add up to
      exactly (13; 12 for 3 players).  A *mini deal* with fewer cards per hand uses its
      hand size instead (see :attr:`cardgames.comrade.deal.Deal.total`).
    * ``max_laps`` — bidding goes round at most this many times (digest, Bidding 4).
    * ``max_suits`` — so a player holds bids in at most this many suits.
    """

    name: str
    players: int
    ranks: tuple[int, ...]
    bid_values: tuple[int, ...]
    total: int
    max_laps: int = 3
    max_suits: int = 3

    @property
    def deck(self) -> tuple[Card, ...]:
        """The cards in play, spades to clubs, high to low (built once per set of ranks: the
        players ask for it at every decision)."""
        return _deck(self.ranks)

    @property
    def deck_size(self) -> int:
        return len(self.ranks) * len(SUITS)

    @property
    def seat_letters(self) -> str:
        """``"NESW"`` for 4 players, ``"NES"`` for 3."""
        return SEAT_LETTERS[: self.players]

    @property
    def rank_span(self) -> str:
        """The ranks in play in words, e.g. ``"2-A"`` or ``"5-K"``."""
        from ..cards import VALUE_RANK  # the rank letters

        low, high = min(self.ranks), max(self.ranks)
        return f"{VALUE_RANK[low]}-{VALUE_RANK[high]}"

    def __str__(self) -> str:
        return self.name


#: The game as the seed describes it: 52 cards, bid cards 1-6 of each suit (24), bids total 13.
FOUR_PLAYERS = Variant(
    name="Comrade, 4 players",
    players=4,
    ranks=tuple(range(2, 15)),
    bid_values=(1, 2, 3, 4, 5, 6),
    total=13,
)

#: The 3-player variant *(ext)*: only the 5-K of each suit (36 cards, 12 each), bid cards 1-4
#: of each suit (16), bids total 12, at most 3 laps.
THREE_PLAYERS = Variant(
    name="Comrade, 3 players",
    players=3,
    ranks=tuple(range(5, 14)),
    bid_values=(1, 2, 3, 4),
    total=12,
)

FIVE_PLAYERS_MESSAGE = (
    "Comrade for 5 players is not supported: the source's 5-player rules are incomplete "
    "(bid cards 1-4 of each suit plus 2 jokers, hands 11-11-10-10-10, but what the jokers do "
    "and the bid limits are unknown), so we refuse rather than invent them"
)


def variant_for(players: int) -> Variant:
    """The variant for ``players`` seats (3 or 4); :class:`RuleConfigError` otherwise."""
    if players == 4:
        return FOUR_PLAYERS
    if players == 3:
        return THREE_PLAYERS
    if players == 5:
        raise RuleConfigError(FIVE_PLAYERS_MESSAGE)
    raise RuleConfigError(f"Comrade is played by 3 or 4 players, not {shown(players)}")
