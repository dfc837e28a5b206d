"""The Kille deck: 21 kinds of card, two copies of each, and the penalty tables.

Kille cards have no suits.  A card is only its *kind*, and the kinds are ranked
(rules digest, "The deck"): Harlequin is the strongest, then Cuckoo, Hussar,
Pig, Cavalier, Inn, the numerals 12 down to 1, and at the bottom Wreath,
Flowerpot and Mask.  :class:`Kind` is an :class:`~enum.IntEnum` whose value is
that rank (Mask = 1 ... Harlequin = 21), so kinds compare by strength::

    >>> Kind.PIG > Kind.TWELVE > Kind.ONE > Kind.WREATH
    True
    >>> parse_kind("harlequin"), parse_kind(7), parse_kind("ブタ"), parse_kind("Kuku")
    (Kind.HARLEQUIN, Kind.SEVEN, Kind.PIG, Kind.CUCKOO)
    >>> len(DECK)
    42
    >>> DEFAULT_PENALTIES[Kind.HARLEQUIN], ALTERNATIVE_PENALTIES["harlequin"]
    (50, 18)

Names come in three languages: the English ones used in the code, the Swedish
ones of the Kille deck and the Japanese ones of the seed thread (道化師 Harlequin,
カッコー Cuckoo, 騎兵 Hussar, ブタ Pig, 騎馬 Cavalier, 宿 Inn, 花輪 Wreath,
植木鉢 Flowerpot, 顔 Mask).  :func:`parse_kind` reads any of them.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from enum import IntEnum
from typing import Iterable, Mapping

from ..errors import CardParseError, RuleConfigError, shown

__all__ = [
    "Kind",
    "DECK",
    "COPIES",
    "parse_kind",
    "parse_kinds",
    "PenaltyTable",
    "DEFAULT_PENALTIES",
    "ALTERNATIVE_PENALTIES",
    "PENALTY_TABLES",
    "penalty_table",
]

#: How many copies of each kind the deck holds.
COPIES = 2


class Kind(IntEnum):
    """One of the 21 kinds of Kille card; the value is the rank (higher = stronger).

    >>> Kind.SEVEN.numeral, Kind.SEVEN.label, Kind.PIG.numeral, Kind.PIG.label
    (7, '7', None, 'Pig')
    >>> Kind.HARLEQUIN.swedish, Kind.HARLEQUIN.japanese
    ('Harlekin (Kille)', '道化師')
    """

    MASK = 1
    FLOWERPOT = 2
    WREATH = 3
    ONE = 4
    TWO = 5
    THREE = 6
    FOUR = 7
    FIVE = 8
    SIX = 9
    SEVEN = 10
    EIGHT = 11
    NINE = 12
    TEN = 13
    ELEVEN = 14
    TWELVE = 15
    INN = 16
    CAVALIER = 17
    PIG = 18
    HUSSAR = 19
    CUCKOO = 20
    HARLEQUIN = 21

    @property
    def numeral(self) -> int | None:
        """1..12 for a numeral card, ``None`` for a picture card."""
        return self.value - 3 if Kind.ONE <= self <= Kind.TWELVE else None

    @property
    def is_numeral(self) -> bool:
        return self.numeral is not None

    @property
    def english(self) -> str:
        """English name (``"Harlequin"``); a numeral's is its number (``"7"``)."""
        return _ENGLISH[self]

    @property
    def swedish(self) -> str:
        """Swedish name of the Kille deck (``"Harlekin (Kille)"``), or the number."""
        return _SWEDISH[self]

    @property
    def japanese(self) -> str:
        """Name used in the Japanese seed thread (``"道化師"``), or the number."""
        return _JAPANESE[self]

    @property
    def label(self) -> str:
        """Short display label: ``"Harlequin"``, ``"7"``."""
        return self.english

    def __str__(self) -> str:
        return self.label

    def __format__(self, spec: str) -> str:
        return format(self.label, spec)

    def __repr__(self) -> str:
        return f"Kind.{self.name}"


_PICTURES: dict[Kind, tuple[str, str, str]] = {
    # kind: (English, Swedish, Japanese)
    Kind.HARLEQUIN: ("Harlequin", "Harlekin (Kille)", "道化師"),
    Kind.CUCKOO: ("Cuckoo", "Kuku (Gök)", "カッコー"),
    Kind.HUSSAR: ("Hussar", "Husar", "騎兵"),
    Kind.PIG: ("Pig", "Husu (Svin)", "ブタ"),
    Kind.CAVALIER: ("Cavalier", "Kavall", "騎馬"),
    Kind.INN: ("Inn", "Värdshus", "宿"),
    Kind.WREATH: ("Wreath", "Kransen", "花輪"),
    Kind.FLOWERPOT: ("Flowerpot", "Blompottan", "植木鉢"),
    Kind.MASK: ("Mask", "Blaren", "顔"),
}
_ENGLISH = {k: (_PICTURES[k][0] if k in _PICTURES else str(k.value - 3)) for k in Kind}
_SWEDISH = {k: (_PICTURES[k][1] if k in _PICTURES else str(k.value - 3)) for k in Kind}
_JAPANESE = {k: (_PICTURES[k][2] if k in _PICTURES else str(k.value - 3)) for k in Kind}

#: The whole deck, two copies of each kind, weakest first.
DECK: tuple[Kind, ...] = tuple(k for k in Kind for _ in range(COPIES))


def _normalise(text: str) -> str:
    """Case-folded, accent-insensitive, NFKC form (so ``Värdshus`` = ``vardshus``, ``１２`` = ``12``)."""
    text = unicodedata.normalize("NFKC", text).strip().casefold()
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _build_names() -> dict[str, Kind]:
    names: dict[str, Kind] = {}
    for kind in Kind:
        names[_normalise(kind.name)] = kind
        for name in (kind.english, kind.japanese, kind.swedish):
            names[_normalise(name)] = kind
        # "Harlekin (Kille)" is read as "Harlekin" or "Kille".
        for part in re.split(r"[()]", kind.swedish):
            if part.strip():
                names[_normalise(part)] = kind
    # The Japanese katakana form a class might type for the Harlequin.
    names[_normalise("ハーレクイン")] = Kind.HARLEQUIN
    return names


_NAMES = _build_names()
#: The characters a card may be written with: ASCII letters, digits and spaces, the full-width
#: digits a Japanese keyboard types (documented: ``１２`` = ``12``), and the letters of the
#: Swedish and Japanese names.  Anything else (``٧``, ``ſ``, ``𐩀``) is refused, not guessed at.
_FULLWIDTH_DIGITS = "０１２３４５６７８９"
_NAME_CHARS = frozenset(
    "".join(n for kind in Kind for n in (kind.english, kind.japanese, kind.swedish, "ハーレクイン"))
    + "".join(n.upper() + n.lower() for kind in Kind for n in (kind.english, kind.swedish)))
_ALLOWED = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 \t()") | _NAME_CHARS \
    | frozenset(_FULLWIDTH_DIGITS)


def parse_kind(token: "Kind | int | str") -> Kind:
    """Read one card: an English, Swedish or Japanese name, or a numeral 1-12.

    Case, surrounding spaces and Swedish accents do not matter.  Anything else
    raises :class:`~cardgames.errors.CardParseError` naming the token.

    >>> parse_kind(" Cuckoo "), parse_kind("12"), parse_kind("Värdshus"), parse_kind("顔")
    (Kind.CUCKOO, Kind.TWELVE, Kind.INN, Kind.MASK)
    >>> parse_kind(13)
    Traceback (most recent call last):
    ...
    cardgames.errors.CardParseError: unknown Kille card 13: numerals run from 1 to 12
    >>> parse_kind("joker")
    Traceback (most recent call last):
    ...
    cardgames.errors.CardParseError: unknown Kille card 'joker' (try a name such as harlequin, cuckoo, hussar, pig, cavalier, inn, wreath, flowerpot, mask, or a numeral 1-12)
    """  # noqa: E501 (doctest output)
    if isinstance(token, Kind):
        return token
    if isinstance(token, bool):
        raise CardParseError(f"unknown Kille card {shown(token)}", token)
    if isinstance(token, int):
        if 1 <= token <= 12:
            return Kind(token + 3)
        raise CardParseError(f"unknown Kille card {shown(token)}: numerals run from 1 to 12", token)
    if isinstance(token, str):
        odd = next((ch for ch in token.strip() if ch not in _ALLOWED), None)
        if odd is not None:
            raise CardParseError(
                f"unknown Kille card {shown(token)}: {shown(odd)} is no letter or digit of a card name "
                "(write a name such as pig or 道化師, or a numeral 1-12)", token)
        key = _normalise(token)
        if key.isascii() and key.isdigit():
            number = int(key) if len(key) <= 4 else 0  # no int() of 5,000 digits: Python refuses them
            if 1 <= number <= 12:
                return Kind(number + 3)
            raise CardParseError(f"unknown Kille card {shown(token)}: numerals run from 1 to 12", token)
        if key in _NAMES:
            return _NAMES[key]
    raise CardParseError(
        f"unknown Kille card {shown(token)} (try a name such as harlequin, cuckoo, hussar, pig, cavalier, "
        "inn, wreath, flowerpot, mask, or a numeral 1-12)",
        token,
    )


def parse_kinds(cards: "str | Iterable[Kind | int | str]") -> list[Kind]:
    """Read several cards: a string split on spaces and commas, or any iterable.

    >>> parse_kinds("7 pig, Harlequin 1")
    [Kind.SEVEN, Kind.PIG, Kind.HARLEQUIN, Kind.ONE]
    """
    if isinstance(cards, str):
        tokens: Iterable = [t for t in re.split(r"[\s,]+", cards.strip()) if t]
    elif isinstance(cards, (Kind, int)) and not isinstance(cards, bool):
        tokens = [cards]
    elif isinstance(cards, (bytes, bytearray, dict)) or not hasattr(cards, "__iter__"):
        raise CardParseError(f"Kille cards are a string like '7 pig' or a list of cards, not {shown(cards)}", cards)
    else:
        tokens = cards
    return [parse_kind(t) for t in tokens]


@dataclass(frozen=True)
class PenaltyTable:
    """The penalty a final card costs, per kind (rules digest, "The deck").

    ``values`` maps every kind to its penalty.  The table is immutable and
    answers ``table.penalty(kind)`` or ``table[kind]`` for anything
    :func:`parse_kind` reads.

    >>> DEFAULT_PENALTIES.penalty("7"), DEFAULT_PENALTIES["mask"], DEFAULT_PENALTIES[Kind.INN]
    (7, 0, 13)
    """

    name: str
    values: Mapping[Kind, int]
    description: str = ""

    def __post_init__(self) -> None:
        values = {parse_kind(k): int(v) for k, v in dict(self.values).items()}
        missing = [k.label for k in Kind if k not in values]
        if missing:
            raise RuleConfigError(f"penalty table {shown(self.name)} has no penalty for {', '.join(missing)}")
        object.__setattr__(self, "values", _FrozenKindMap(values))

    def penalty(self, kind: "Kind | int | str") -> int:
        """Penalty points of a final card of this kind."""
        return self.values[parse_kind(kind)]

    def __getitem__(self, kind: "Kind | int | str") -> int:
        return self.penalty(kind)

    def __hash__(self) -> int:
        return hash((self.name, tuple(self.values[k] for k in Kind)))

    def __repr__(self) -> str:
        return f"PenaltyTable({self.name!r})"


class _FrozenKindMap(dict):
    """A read-only dict (so a frozen :class:`PenaltyTable` really cannot change)."""

    def _readonly(self, *args, **kwargs):
        raise TypeError("a penalty table cannot be changed; build a new PenaltyTable")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _readonly  # type: ignore[assignment]

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted(self.items())))

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return (_FrozenKindMap, (dict(self),))


def _base_penalties(harlequin: int) -> dict[Kind, int]:
    values = {k: (k.numeral if k.numeral is not None else 0) for k in Kind}
    values.update({Kind.INN: 13, Kind.CAVALIER: 14, Kind.PIG: 15, Kind.HUSSAR: 16, Kind.CUCKOO: 17,
                   Kind.HARLEQUIN: harlequin})
    return values


#: The default table: numerals at face value, Inn 13 ... Cuckoo 17, Harlequin 50,
#: Wreath/Flowerpot/Mask 0 (the table two Swedish rule pages agree on; the seed
#: says a penalty exists but never lists it).
DEFAULT_PENALTIES = PenaltyTable(
    "default", _base_penalties(50),
    "Harlequin 50 (two Swedish rule pages agree on it)")
#: The alternative table: as the default but Harlequin 18 (another Swedish page).
ALTERNATIVE_PENALTIES = PenaltyTable(
    "alternative", _base_penalties(18),
    "Harlequin 18, one above the Cuckoo (another Swedish rule page)")

#: The named tables the options accept.
PENALTY_TABLES: dict[str, PenaltyTable] = {"default": DEFAULT_PENALTIES, "alternative": ALTERNATIVE_PENALTIES}


def penalty_table(table: "str | PenaltyTable") -> PenaltyTable:
    """A penalty table from its name (``"default"``, ``"alternative"``) or the table itself.

    >>> penalty_table("alternative")[Kind.HARLEQUIN]
    18
    >>> penalty_table("house")
    Traceback (most recent call last):
    ...
    cardgames.errors.RuleConfigError: unknown penalty table 'house' (known: default, alternative)
    """
    if isinstance(table, PenaltyTable):
        return table
    if isinstance(table, str) and table.strip().lower() in PENALTY_TABLES:
        return PENALTY_TABLES[table.strip().lower()]
    raise RuleConfigError(f"unknown penalty table {shown(table)} (known: {', '.join(PENALTY_TABLES)})")
