"""Points of the cards in hand (digest, Scoring).

    >>> from cardgames.cards import parse_cards
    >>> hand_points(parse_cards("H5 H7 QH QS"), number=5)
    11
    >>> hand_points(parse_cards("SJ DK JK S5"), number=5)
    -6
"""

from __future__ import annotations

from typing import Iterable

from ..cards import Card, parse_cards
from .setup import is_heart, number_of, special_kind

__all__ = ["card_points", "hand_points", "SCORING_ROWS"]

#: (what, points, Japanese) for the scoring table.
SCORING_ROWS: tuple[tuple[str, int, str], ...] = (
    ("own heart (the heart of your number)", 1, "自分のハートは1点"),
    ("someone else's heart", 3, "他人のハートは3点"),
    ("Q♥", 5, "Qのハートは5点"),
    ("any other Q", 2, "Qのそれ以外は2点"),
    ("J", -1, "Jは-1点"),
    ("K", -2, "Kは-2点"),
    ("joker", -3, "ジョーカーは-3点"),
    ("anything else", 0, "それ以外は０点"),
)


def card_points(card: Card, number: int) -> int:
    """Points of one card in the hand of the player whose number is ``number``."""
    kind = special_kind(card)
    if kind == "Q":
        return 5 if card.suit == "H" else 2
    if kind == "J":
        return -1
    if kind == "K":
        return -2
    if kind == "JK":
        return -3
    if is_heart(card):
        return 1 if number_of(card) == number else 3
    return 0


def hand_points(cards: Iterable[Card | str] | str, number: int) -> int:
    """Total points of a hand (cards or a string of codes)."""
    return sum(card_points(c, number) for c in parse_cards(cards))
