"""Points of the cards in hand (rules page ``docs/rules/heart_challenge.md``, Scoring).

    >>> from cardgames.cards import parse_cards
    >>> hand_points(parse_cards("H5 H7 QH QS"), number=5)
    11
    >>> hand_points(parse_cards("SJ DK JK S5"), number=5)
    -6

A hand typed as text is read by :func:`parse_hand`, with the card codes of every game of the
package (the game's number 1 is the ace, ``HA``), and a card exists once (the joker twice)::

    >>> hand_points("HA H2", number=1)
    4
    >>> hand_points("H5 H5 H5", number=5)
    Traceback (most recent call last):
    ...
    cardgames.heart_challenge.errors.HandParseError: H5 is written 3 times, but each card exists once (only the joker twice)
"""  # noqa: E501 (doctest output)

from __future__ import annotations

from collections import Counter
from typing import Iterable

from ..cards import SUIT_SYMBOLS, SUITS, Card, parse_cards
from ..errors import CardParseError
from .errors import HandParseError
from .setup import is_heart, number_of, special_kind

__all__ = ["card_points", "hand_points", "parse_hand", "HandParseError", "SCORING_ROWS"]

_SUIT_CHARS = set(SUITS) | set(SUITS.lower()) | set(SUIT_SYMBOLS.values())


def parse_hand(cards: "Iterable[Card | str] | str") -> list[Card]:
    """Read a Heart Challenge hand: card codes exactly as :func:`~cardgames.cards.parse_cards` reads
    them in every game of the package (the ace is ``A``: ``HA``; there is no rank ``1``, and ``H1``
    is refused with a line saying how to write the ace).  Each card may appear once, the joker twice,
    else :class:`HandParseError` naming it.

    >>> [c.code for c in parse_hand("HA s10 ♠A JK JK")]
    ['HA', 'ST', 'SA', 'JK', 'JK']
    >>> parse_hand("H1 H5")
    Traceback (most recent call last):
    ...
    cardgames.heart_challenge.errors.HandParseError: H1 is not a card code: the game's number 1 is the ace, written A (HA)
    """  # noqa: E501 (doctest output)
    if isinstance(cards, str):
        tokens: list = cards.replace(",", " ").split()
    else:
        try:
            tokens = list(parse_cards(cards))
        except CardParseError as err:
            raise HandParseError(str(err), err.token) from err
    read = []
    for token in tokens:
        if isinstance(token, str):
            t = token.strip()
            ace = None
            if len(t) == 2 and t[0] in _SUIT_CHARS and t[1] == "1":
                ace = t[0] + "A"
            elif len(t) == 2 and t[1] in _SUIT_CHARS and t[0] == "1":
                ace = "A" + t[1]
            if ace is not None:
                raise HandParseError(f"{t} is not a card code: the game's number 1 is the ace, written A ({ace})",
                                     token)
            try:
                token = Card.parse(t)
            except CardParseError as err:
                raise HandParseError(str(err), token) from err
        read.append(token)
    for card, times in Counter(read).items():
        if times > (2 if card.is_joker else 1):
            what = "there are only two jokers" if card.is_joker else "each card exists once (only the joker twice)"
            raise HandParseError(f"{card.code} is written {times} times, but {what}", card.code)
    return read

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
    """Total points of a hand (cards or a string of codes, read by :func:`parse_hand`)."""
    return sum(card_points(c, number) for c in parse_hand(cards))
