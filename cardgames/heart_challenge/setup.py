"""The cards of Heart Challenge and the deal before the first round.

Numbers 1–10 are the ranks ace (1) to ten.  Each player is dealt a number and
takes its four cards; the J, Q, K and two jokers are the *special* cards.

    >>> from cardgames.cards import Card
    >>> number_of(Card.parse("HA")), number_of(Card.parse("S7")), number_of(Card.parse("DK"))
    (1, 7, None)
    >>> special_kind(Card.parse("CQ")), special_kind(Card.parse("JK")), special_kind(Card.parse("H5"))
    ('Q', 'JK', None)
    >>> s = deal_setup(3, random.Random(1), HeartChallengeOptions())
    >>> len(s.stock) + sum(map(len, s.hands)) + len(s.out_of_game)
    54
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Iterable

from ..cards import JOKER, Card
from .options import HeartChallengeOptions

__all__ = ["number_rank", "number_of", "number_cards", "special_kind", "is_heart", "special_cards",
           "Setup", "deal_setup", "NUMBERS", "distinct"]

NUMBERS = tuple(range(1, 11))
_SUIT_ORDER = "SHDC"


def number_rank(number: int) -> int:
    """The card rank of a number: 1 is the ace (14), 2..10 are themselves."""
    return 14 if number == 1 else number


def number_of(card: Card) -> int | None:
    """The number (1..10) of a number card, ``None`` for J, Q, K and jokers."""
    if card.is_joker:
        return None
    if card.rank == 14:
        return 1
    return card.rank if 2 <= card.rank <= 10 else None


def number_cards(number: int, suits: str = _SUIT_ORDER) -> list[Card]:
    """The cards of a number, in suit order S, H, D, C."""
    return [Card(s, number_rank(number)) for s in suits]


def special_kind(card: Card) -> str | None:
    """``"J"``, ``"Q"``, ``"K"`` or ``"JK"`` (joker) for a special card, else ``None``."""
    if card.is_joker:
        return "JK"
    return {11: "J", 12: "Q", 13: "K"}.get(card.rank)


def is_heart(card: Card) -> bool:
    """Hearts play the skull.  (The Q♥ and the J♥/K♥ are hearts too, but they are special cards and never
    stop a challenge: only *number* hearts do.)"""
    return card.suit == "H" and number_of(card) is not None


def special_cards() -> list[Card]:
    """The 14 special cards: J, Q, K of each suit and two jokers."""
    return [Card(s, r) for r in (11, 12, 13) for s in _SUIT_ORDER] + [JOKER, JOKER]


@dataclass
class Setup:
    """The deal: each seat's number and hand (four number cards + specials), the stock, the cards out of play."""

    numbers: list[int]
    hands: list[list[Card]]
    specials: list[list[Card]]
    stock: list[Card]
    out_of_game: list[Card]
    dealer: int


def deal_setup(num_players: int, rng: random.Random, options: HeartChallengeOptions) -> Setup:
    """Deal numbers, specials and the stock (digest, Setup 1-4).  The markers are chosen afterwards."""
    options.check_players(num_players)
    numbers = rng.sample(NUMBERS, num_players)
    hands = [number_cards(n) for n in numbers]
    specials = special_cards()
    rng.shuffle(specials)
    dealt = [[specials.pop() for _ in range(options.specials_per_player)] for _ in range(num_players)]
    for hand, extra in zip(hands, dealt):
        hand.extend(extra)
    unused = [n for n in NUMBERS if n not in numbers]
    stock = specials + [c for n in unused for c in number_cards(n, "SH")]
    out_of_game = [c for n in unused for c in number_cards(n, "DC")]
    rng.shuffle(stock)
    dealer = min(range(num_players), key=lambda s: numbers[s])
    return Setup(numbers, hands, dealt, stock, out_of_game, dealer)


def distinct(cards: Iterable[Card]) -> list[Card]:
    """The cards of ``cards`` once each, in their first order (a hand holds two jokers)."""
    seen: list[Card] = []
    for c in cards:
        if c not in seen:
            seen.append(c)
    return seen
