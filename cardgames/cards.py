"""The standard 52-card deck with jokers, and the card codes every game uses.

A card is written with a suit letter and a rank letter: ``SA`` (ace of spades),
``HT`` (ten of hearts), ``D2``, ``C9``; the joker is ``JK``.  Input is forgiving:
``10`` may stand for ``T``, the suit symbols ``♠♥♦♣`` for the letters, the rank
may come first (``A♠``, ``10h``) and case does not matter.

    >>> Card.parse("♥10")
    Card('HT')
    >>> parse_cards("SA sk 10♦ JK")
    Hand('SA SK DT JK')
    >>> Card.parse("HA").symbol
    '♥A'

Only ASCII letters and digits, the four suit symbols and the documented aliases
(``10``, ``JOKER``, ``🃏``) are read: characters that merely look like them (``ſA``,
the ligature ``ﬅ``, the Arabic-Indic ``H٣``) are refused, like any other bad
input, with a :class:`~cardgames.errors.CardParseError` naming the token::

    >>> Card.parse("ſA")
    Traceback (most recent call last):
    ...
    cardgames.errors.CardParseError: card 'ſA' holds 'ſ': write ASCII letters and digits (or ♠ ♥ ♦ ♣), like 'SA' or 'H10'

In a notebook a card or a hand shows with red and black suit symbols
(``_repr_html_``; the HTML itself is built in :mod:`cardgames.display`, imported
only when a card is displayed).
"""  # noqa: E501 (doctest output)

from __future__ import annotations

import random
from dataclasses import dataclass
from operator import attrgetter
from typing import Iterable, Sequence

from .errors import CardParseError, shown

__all__ = [
    "SUITS",
    "RANKS",
    "SUIT_SYMBOLS",
    "SUIT_NAMES",
    "RANK_NAMES",
    "Card",
    "Hand",
    "JOKER",
    "parse_card",
    "parse_cards",
    "standard_deck",
    "shuffled",
    "cards_html",
]

#: Suits in the order bridge software (and PBN) uses: spades, hearts, diamonds, clubs.
SUITS = "SHDC"
#: Rank letters, strongest first.  ``T`` is the ten.
RANKS = "AKQJT98765432"
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES = {
    14: "ace", 13: "king", 12: "queen", 11: "jack", 10: "ten", 9: "nine", 8: "eight",
    7: "seven", 6: "six", 5: "five", 4: "four", 3: "three", 2: "two",
}
_RANK_VALUE = {r: 14 - i for i, r in enumerate(RANKS)}  # A=14 ... 2=2
_VALUE_RANK = {v: r for r, v in _RANK_VALUE.items()}
#: A rank letter's value (``RANK_VALUE['A'] == 14``) and back (``VALUE_RANK[14] == 'A'``), for other notations.
RANK_VALUE, VALUE_RANK = _RANK_VALUE, _VALUE_RANK
_SYMBOL_SUIT = {v: k for k, v in SUIT_SYMBOLS.items()}


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card: ``suit`` is one of ``"SHDC"`` (``"J"`` for a joker) and
    ``rank`` runs from 2 to 14 (ace high; 0 for a joker).

    Build cards with :meth:`parse` (``Card.parse("SA")``) or directly
    (``Card("S", 14)``).  Cards compare equal by value; :attr:`sort_key` orders a
    hand spades, hearts, diamonds, clubs, high to low.
    """

    suit: str
    rank: int

    def __post_init__(self) -> None:
        if not isinstance(self.suit, str) or isinstance(self.rank, bool) or not isinstance(self.rank, int):
            raise CardParseError("a card is Card(suit letter, rank 2..14), "
                                 f"not Card({shown(self.suit)}, {shown(self.rank)})", (self.suit, self.rank))
        if self.suit == "J":
            if self.rank != 0:
                raise CardParseError(f"a joker has rank 0, not {shown(self.rank)}", self.rank)
        elif self.suit not in SUITS:
            raise CardParseError(f"unknown suit {shown(self.suit)} (suits: S H D C)", self.suit)
        elif self.rank not in _VALUE_RANK:
            raise CardParseError(f"unknown rank {shown(self.rank)} (2..14, ace = 14)", self.rank)

    # -- notation -------------------------------------------------------
    @classmethod
    def parse(cls, token: "str | Card") -> "Card":
        """Read one card code; raise :class:`~cardgames.errors.CardParseError` naming the token."""
        if isinstance(token, Card):
            return token
        if not isinstance(token, str):
            raise CardParseError(f"a card code must be a string like 'SA', not {shown(token)}", token)
        text = token.strip()
        if text == "🃏":
            return JOKER
        odd = _first_foreign(text)
        if odd is not None:
            raise CardParseError(
                f"card {shown(token)} holds {shown(odd)}: "
                "write ASCII letters and digits (or ♠ ♥ ♦ ♣), like 'SA' or 'H10'", token)
        upper = text.upper()
        if upper in ("JK", "JOKER"):
            return JOKER
        if len(upper) < 2:
            raise CardParseError(f"card {shown(token)} is too short: write a suit and a rank, like 'SA' or 'H10'",
                                 token)
        first, last = upper[0], upper[-1]
        first = _SYMBOL_SUIT.get(first, first)
        last = _SYMBOL_SUIT.get(last, last)
        if first in SUITS:
            suit, rank_text = first, upper[1:]
        elif last in SUITS:
            suit, rank_text = last, upper[:-1]
        else:
            raise CardParseError(
                f"no suit in card {shown(token)} (suits: S H D C or ♠ ♥ ♦ ♣)", token)
        if rank_text == "10":
            rank_text = "T"
        if rank_text not in _RANK_VALUE:
            raise CardParseError(
                f"unknown rank {shown(rank_text)} in card {shown(token)} (ranks: {' '.join(RANKS)}, or 10)", token)
        return cls(suit, _RANK_VALUE[rank_text])

    @property
    def is_joker(self) -> bool:
        return self.suit == "J"

    @property
    def rank_letter(self) -> str:
        """``"A"``, ``"K"`` ... ``"2"``; ``"K"`` for the joker's code ``JK``."""
        return "K" if self.is_joker else _VALUE_RANK[self.rank]

    @property
    def code(self) -> str:
        """The canonical two-letter code, e.g. ``"SA"``, ``"HT"``, ``"JK"``."""
        return "JK" if self.is_joker else self.suit + _VALUE_RANK[self.rank]

    @property
    def symbol(self) -> str:
        """Suit symbol and rank, e.g. ``"♠A"``, ``"♥10"``; ``"🃏"`` for a joker."""
        if self.is_joker:
            return "🃏"
        rank = "10" if self.rank == 10 else _VALUE_RANK[self.rank]
        return SUIT_SYMBOLS[self.suit] + rank

    @property
    def name(self) -> str:
        """Plain-English name, e.g. ``"ace of spades"``."""
        return "joker" if self.is_joker else f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    @property
    def is_red(self) -> bool:
        return self.suit in "HD"

    @property
    def sort_key(self) -> tuple[int, int]:
        """Spades, hearts, diamonds, clubs, then jokers; high rank first."""
        return ("SHDCJ".index(self.suit), -self.rank)

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def _repr_html_(self) -> str:
        return cards_html([self])


JOKER = Card("J", 0)


class Hand(tuple[Card, ...]):
    """An ordered, immutable collection of cards (a tuple of :class:`Card`).

    ``str`` gives the codes separated by spaces (parseable by :func:`parse_cards`);
    in Jupyter a hand displays with suit symbols.
    """

    def __new__(cls, cards: Iterable["Card | str"] = ()):
        if isinstance(cards, (str, bytes, bytearray)) or not _is_iterable(cards):
            raise CardParseError(f"a hand is built from a list of cards, not {shown(cards)} "
                                 f"(use parse_cards for a string of codes)", cards)
        return super().__new__(cls, (Card.parse(c) for c in cards))

    def sorted(self) -> "Hand":
        # the cards were checked when this hand was built: no need to parse them again
        return tuple.__new__(Hand, sorted(self, key=attrgetter("sort_key")))

    def __str__(self) -> str:
        return " ".join(c.code for c in self)

    def __repr__(self) -> str:
        return f"Hand({str(self)!r})"

    def _repr_html_(self) -> str:
        return cards_html(self)


def _first_foreign(text: str) -> str | None:
    """The first character of ``text`` that no card code uses (``None`` if all are fine)."""
    for ch in text:
        if not (ch.isascii() and ch.isalnum()) and ch not in _SYMBOL_SUIT:
            return ch
    return None


def _is_iterable(value: object) -> bool:
    try:
        iter(value)  # type: ignore[call-overload]
    except TypeError:
        return False
    return True


def parse_card(token: "str | Card") -> Card:
    """Read one card code (see :meth:`Card.parse`)."""
    return Card.parse(token)


def parse_cards(text: "str | Iterable[str | Card]") -> Hand:
    """Read cards separated by spaces or commas (or an iterable of codes) into a :class:`Hand`.

    Anything else (``None``, a number) raises :class:`~cardgames.errors.CardParseError`.
    """
    if isinstance(text, str):
        tokens: list[Card | str] = list(text.replace(",", " ").split())
    elif isinstance(text, (bytes, bytearray)) or not _is_iterable(text):
        raise CardParseError(f"cards are a string of codes like 'SA HT' or a list of cards, not {shown(text)}", text)
    else:
        tokens = list(text)   # cards or codes: Hand parses each
    return Hand(tokens)


def standard_deck(jokers: int = 0) -> list[Card]:
    """The 52 cards in suit order S, H, D, C, each ace to two, then ``jokers`` jokers."""
    deck = [Card(s, v) for s in SUITS for v in range(14, 1, -1)]
    return deck + [JOKER] * jokers


def shuffled(cards: Sequence[Card], seed: "int | random.Random | None") -> list[Card]:
    """A shuffled copy of ``cards``; the same seed always gives the same order."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    out = list(cards)
    rng.shuffle(out)
    return out


def cards_html(cards: Iterable[Card], *, back: bool = False) -> str:
    """Cards as an HTML fragment: suit symbols in red or black, hidden cards as backs
    (built by :func:`cardgames.display.cards_html`, imported only when called)."""
    from .display import cards_html as build

    return build(cards, back=back)
