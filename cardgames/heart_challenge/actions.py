"""Actions of Heart Challenge: small hashable values whose ``str`` is their notation.

    >>> Action.parse("place H5")
    Action('place H5')
    >>> str(Action.take(None)), str(Action.flip(2)), str(Action.challenge(3))
    ('take stock', 'flip 2', 'challenge 3')
    >>> Action.parse("fly 3")
    Traceback (most recent call last):
    ...
    cardgames.errors.ParseError: unknown action 'fly 3' (kinds: marker, place, challenge, raise, pass, use, decline, flip, take, return, give, keep)
"""  # noqa: E501 (doctest output)

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card
from ..errors import CardParseError, ParseError, shown

__all__ = ["LogEntry", "Action", "KINDS"]

#: Every action kind, with its notation.
KINDS = {
    "marker": "marker <card>: show this card of your number as your marker (setup)",
    "place": "place <card>: put a card from your hand face down on your pile",
    "challenge": "challenge <n>: start a challenge, declaring n cards",
    "raise": "raise <n>: declare a higher number n in the declaring",
    "pass": "pass: leave the declaring",
    "use": "use <card>: use a special card from your hand (J, Q, K or joker JK)",
    "decline": "decline: use no special card now",
    "flip": "flip <seat>: turn the top face-down card of that seat's pile",
    "take": "take stock | take <seat>: after a success, take a random card from the stock or that seat's hand",
    "return": "return <card>: put a card back in the stock (over the hand limit)",
    "give": "give joker: after a joker failure, give your joker to the challenger",
    "keep": "keep joker: after a joker failure, keep your joker",
}
_CARD_KINDS = ("marker", "place", "use", "return")
_INT_KINDS = ("challenge", "raise", "flip")


@dataclass(frozen=True, slots=True)
class Action:
    """One decision: ``kind`` (see :data:`KINDS`), with a ``card`` or a number ``n`` (count or seat)."""

    kind: str
    card: Card | None = None
    n: int | None = None

    def __post_init__(self) -> None:
        """A hand-built action is checked like a parsed one: a known kind, with a card or a number where
        the kind needs one (``Action("place")`` is refused here, not later)."""
        kind, card, n = self.kind, self.card, self.n
        if not isinstance(kind, str) or kind not in KINDS:
            raise ParseError(f"unknown action kind {shown(kind)} (kinds: {', '.join(KINDS)})", kind)
        if kind in _CARD_KINDS:
            if isinstance(card, Card) and n is None:
                return
        elif card is None and (n is None and kind not in _INT_KINDS
                               or type(n) is int and (kind in _INT_KINDS or kind == "take") and abs(n) <= _MAX_NUMBER):
            return      # the common, valid case: no error text to build
        written = f"Action({shown(kind)}, card={shown(card)}, n={shown(n)})"
        if kind in _CARD_KINDS:
            if not isinstance(card, Card) or n is not None:
                raise ParseError(f"{written}: {KINDS[kind]}, so it needs a Card and no number", written)
            return
        if card is not None:
            raise ParseError(f"{written}: {KINDS[kind]}, so it takes no card", written)
        number_needed = kind in _INT_KINDS
        if n is None:
            if number_needed:
                raise ParseError(f"{written}: {KINDS[kind]}, so it needs a whole number", written)
            return
        if kind not in _INT_KINDS and kind != "take":
            raise ParseError(f"{written}: {KINDS[kind]}, so it takes no number", written)
        if isinstance(n, bool) or not isinstance(n, int):
            raise ParseError(f"{written}: the number must be a whole number (int), not {shown(n)}", written)
        if abs(n) > _MAX_NUMBER:  # the notation reads at most 4 digits; no hand or pile is that long
            raise ParseError(f"{written}: the number {shown(n)} is far too large (at most {_MAX_NUMBER})", written)

    # -- constructors -----------------------------------------------------
    @classmethod
    def marker(cls, card: Card) -> "Action":
        return cls("marker", card=card)

    @classmethod
    def place(cls, card: Card) -> "Action":
        return cls("place", card=card)

    @classmethod
    def challenge(cls, n: int) -> "Action":
        return cls("challenge", n=n)

    @classmethod
    def raise_to(cls, n: int) -> "Action":
        return cls("raise", n=n)

    @classmethod
    def use(cls, card: Card) -> "Action":
        return cls("use", card=card)

    @classmethod
    def flip(cls, seat: int) -> "Action":
        return cls("flip", n=seat)

    @classmethod
    def take(cls, seat: int | None) -> "Action":
        """``seat=None`` takes from the stock."""
        return cls("take", n=seat)

    @classmethod
    def return_card(cls, card: Card) -> "Action":
        return cls("return", card=card)

    # -- notation --------------------------------------------------------
    def __str__(self) -> str:
        if self.kind in _CARD_KINDS:
            return f"{self.kind} {self.card.code}"
        if self.kind in _INT_KINDS:
            return f"{self.kind} {self.n}"
        if self.kind == "take":
            return "take stock" if self.n is None else f"take {self.n}"
        if self.kind in ("give", "keep"):
            return f"{self.kind} joker"
        return self.kind

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"

    @classmethod
    def parse(cls, text: "str | Action") -> "Action":
        """Read the notation of :data:`KINDS`; raise :class:`~cardgames.errors.ParseError` naming the text."""
        if isinstance(text, Action):
            return text
        if not isinstance(text, str):
            raise ParseError(f"an action must be a string like 'place H5', not {shown(text)}", text)
        words = text.strip().split()
        if words and words[0].isascii():  # the kinds are ASCII words: a Kelvin sign K does not make "keep"
            words[0] = words[0].lower()
        if len(words) == 2 and words[1].isascii() and words[0] not in _CARD_KINDS:
            words[1] = words[1].lower()
        if not words or words[0] not in KINDS:
            raise ParseError(f"unknown action {shown(text)} (kinds: {', '.join(KINDS)})", text)
        kind, rest = words[0], words[1:]
        if kind in _CARD_KINDS:
            if len(rest) != 1:
                raise ParseError(f"{KINDS[kind]} (got {shown(text)})", text)
            try:
                return cls(kind, card=Card.parse(rest[0]))
            except CardParseError as err:
                raise ParseError(f"bad card in action {shown(text)}: {err}", text) from err
        if kind in _INT_KINDS:
            if len(rest) != 1 or not _is_ascii_number(rest[0]):
                raise ParseError(f"{KINDS[kind]} (got {shown(text)}; write the number in ASCII digits)", text)
            return cls(kind, n=int(rest[0]))
        if kind == "take":
            if rest == ["stock"]:
                return cls("take")
            if len(rest) == 1 and _is_ascii_number(rest[0]):
                return cls("take", n=int(rest[0]))
            raise ParseError(f"{KINDS[kind]} (got {shown(text)})", text)
        if kind in ("give", "keep"):
            if rest not in ([], ["joker"]):
                raise ParseError(f"{KINDS[kind]} (got {shown(text)})", text)
            return cls(kind)
        if rest:
            raise ParseError(f"{KINDS[kind]} (got {shown(text)})", text)
        return cls(kind)


#: The largest number an action carries: the notation reads at most 4 digits.
_MAX_NUMBER = 9999


def _is_ascii_number(word: str) -> bool:
    """``"3"`` yes; ``"³"``, ``"٣"``, ``"３"`` no (they pass ``str.isdigit`` but are no ASCII digits)."""
    return word.isascii() and word.isdigit() and len(word) <= 4


class LogEntry(str):
    """One line of the public log, as data: ``round_no`` and ``text`` (what happened, in plain words).

    It is also the string ``"R<round>: <text>"``, as the log has always read.

    >>> e = LogEntry(2, "seat 1 places a card")
    >>> e.round_no, e.text, str(e)
    (2, 'seat 1 places a card', 'R2: seat 1 places a card')
    """

    round_no: int
    text: str

    def __new__(cls, round_no: int, text: str) -> "LogEntry":
        entry = super().__new__(cls, f"R{round_no}: {text}")
        entry.round_no, entry.text = round_no, text
        return entry

    def __getnewargs__(self) -> tuple:   # pickling and copying keep the fields
        return (self.round_no, self.text)
