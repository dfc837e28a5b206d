"""Playing Krypkille with an ordinary 52-card deck: a faithful mapping of the Kille deck.

Krypkille never looks at suits.  It needs 21 *kinds* in a fixed order, each in exactly **two**
copies (the two copies decide when the lowest final card is shared, which makes the *failure* and
*void* cases of the scoring possible).  An ordinary deck has 13 ranks in two colours, and each
(rank, colour) pair comes in exactly two cards: ♠/♣ for black, ♥/♦ for red.  So 21 of the 26 pairs
stand for the 21 kinds, and the mapping keeps both the order and the two copies:

* black A, 2 … 10, J, Q are the numerals 1 … 12;
* red A, 2, 3 are Mask, Flowerpot, Wreath (below every black card);
* red 8, 9, 10, J, Q, K are Inn, Cavalier, Pig, Hussar, Cuckoo, Harlequin (above every black card);
* the red 4-7 and the black K (10 cards) stay in the box.

    >>> ORDINARY[Kind.HARLEQUIN], ORDINARY[Kind.SEVEN], ORDINARY[Kind.MASK]
    (('K', 'red'), ('7', 'black'), ('A', 'red'))
    >>> [str(c) for c in ordinary_cards(Kind.PIG)]
    ['HT', 'DT']
    >>> kind_of("CQ"), kind_of("D9")
    (Kind.TWELVE, Kind.CAVALIER)
    >>> len(ordinary_deck()), sorted(str(c) for c in left_out())[:4]
    (42, ['CK', 'D4', 'D5', 'D6'])
"""

from __future__ import annotations

from cardgames.cards import Card, parse_card, standard_deck
from cardgames.errors import CardParseError
from cardgames.krypkille.deck import COPIES, Kind

__all__ = ["ORDINARY", "COLOUR_SUITS", "ordinary_cards", "ordinary_deck", "left_out", "kind_of",
           "mapping_rows"]

#: The two suits of each colour: the two copies of a kind.
COLOUR_SUITS = {"black": ("S", "C"), "red": ("H", "D")}

_NUMERAL_RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q"]
#: Kind -> (rank letter, colour) of the ordinary cards that stand for it.
ORDINARY: dict[Kind, tuple[str, str]] = {
    Kind.MASK: ("A", "red"), Kind.FLOWERPOT: ("2", "red"), Kind.WREATH: ("3", "red"),
    **{Kind(Kind.ONE + i): (r if r != "T" else "10", "black") for i, r in enumerate(_NUMERAL_RANKS)},
    Kind.INN: ("8", "red"), Kind.CAVALIER: ("9", "red"), Kind.PIG: ("10", "red"),
    Kind.HUSSAR: ("J", "red"), Kind.CUCKOO: ("Q", "red"), Kind.HARLEQUIN: ("K", "red"),
}


def ordinary_cards(kind: Kind) -> tuple[Card, ...]:
    """The two ordinary cards that stand for ``kind``."""
    rank, colour = ORDINARY[Kind(kind)]
    return tuple(parse_card(f"{suit}{rank}") for suit in COLOUR_SUITS[colour])


def ordinary_deck() -> list[Card]:
    """The 42 ordinary cards used, weakest kind first."""
    return [card for kind in Kind for card in ordinary_cards(kind)]


def left_out() -> list[Card]:
    """The 10 cards of a 52-card deck that stay in the box."""
    used = set(ordinary_deck())
    return [c for c in standard_deck() if c not in used]


_KIND_OF = {card: kind for kind in Kind for card in ordinary_cards(kind)}


def kind_of(card: "Card | str") -> Kind:
    """The Kille kind an ordinary card stands for; a card that stays in the box is refused.

    >>> kind_of("H5")
    Traceback (most recent call last):
    ...
    cardgames.errors.CardParseError: H5 is not used for Krypkille with an ordinary deck (the red 4-7 and the black K stay in the box)
    """  # noqa: E501 (doctest output line)
    c = parse_card(card)
    if c not in _KIND_OF:
        raise CardParseError(f"{c} is not used for Krypkille with an ordinary deck "
                             "(the red 4-7 and the black K stay in the box)", str(card))
    return _KIND_OF[c]


def mapping_rows() -> list[tuple[Kind, str]]:
    """(kind, ordinary cards in words) strongest first, for the printed table."""
    rows = []
    for kind in sorted(Kind, reverse=True):
        rank, colour = ORDINARY[kind]
        a, b = (Card.parse(f"{s}{rank}").symbol for s in COLOUR_SUITS[colour])
        rows.append((kind, f"{colour} {rank} ({a} {b})"))
    return rows


assert all(len(ordinary_cards(k)) == COPIES for k in Kind)
