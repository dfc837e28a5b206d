"""The exceptions every game in :mod:`cardgames` raises.

All of them are :class:`ValueError` subclasses, so ``except ValueError`` catches
bad input anywhere in the package, while the specific classes let a program (or
a test) tell *what* was wrong::

    >>> from cardgames.cards import Card
    >>> Card.parse("SX")
    Traceback (most recent call last):
    ...
    cardgames.errors.CardParseError: unknown rank 'X' in card 'SX' (ranks: A K Q J T 9 8 7 6 5 4 3 2, or 10)
"""

from __future__ import annotations

import reprlib

__all__ = [
    "shown",
    "shown_text",
    "CardgamesError",
    "GameError",
    "ParseError",
    "CardParseError",
    "RuleConfigError",
    "IllegalActionError",
    "NotYourTurnError",
    "GameOverError",
    "WrongPhaseError",
    "CardNotInHandError",
    "MustFollowSuitError",
    "SeatError",
    "PlayerOptionError",
    "check_seat",
]


class _ShortRepr(reprlib.Repr):
    """:mod:`reprlib` with room for a deal or a bid matrix, and safe for an integer too
    large to print (Python refuses to turn more than 4,300 digits into text)."""

    def __init__(self):
        super().__init__()
        self.maxlevel = 3
        self.maxstring = self.maxother = 80
        self.maxlist = self.maxtuple = self.maxset = self.maxfrozenset = self.maxdict = 16
        self.maxlong = 40

    def repr_int(self, x, level):
        if x.bit_length() > 128:  # the digit count without writing the digits
            return f"<a whole number of about {int(x.bit_length() * 0.30103) + 1} digits>"
        return super().repr_int(x, level)

    def repr_str(self, x, level):
        text = super().repr_str(x, level)
        return text if len(x) <= self.maxstring else f"{text} ({len(x)} characters)"

    def repr_bytes(self, x, level):
        text = repr(x[:self.maxstring])
        return text if len(x) <= self.maxstring else f"{text[:-1]}...{text[-1]} ({len(x)} bytes)"


_SHORT = _ShortRepr()
#: The longest text :func:`shown` returns (a message names a token; it does not copy it).
_LONGEST = 160


def shown(value: object) -> str:
    """``repr(value)`` for an error message: short, and never an error itself.

    Bad input can be a million characters long, nested 100,000 deep, or an integer
    of 5,000 digits (which ``repr`` refuses); the message names it without copying it::

        >>> shown("SA"), shown(None), shown([1, [2, [3, [4]]]])
        ("'SA'", 'None', '[1, [2, [3, [...]]]]')
        >>> len(shown("x" * 10 ** 6)), shown("x" * 10 ** 6)[-24:]
        (101, "xx' (1000000 characters)")
        >>> shown(10 ** 5000)
        '<a whole number of about 5001 digits>'
    """
    try:
        text = _SHORT.repr(value)
    except Exception:  # an object whose own repr fails
        return f"<{type(value).__name__} object>"
    if len(text) > _LONGEST:  # a list of long items: cut the whole, keeping both ends
        half = (_LONGEST - 5) // 2
        text = f"{text[:half]} ... {text[-half:]}"
    return text


def shown_text(value: object) -> str:
    """``str(value)`` for an error message, bounded as :func:`shown` bounds ``repr``.

        >>> shown_text("pass"), shown_text(12), shown_text("S6 " * 100)[-16:]
        ('pass', '12', '(300 characters)')
    """
    if isinstance(value, str):
        if len(value) <= _SHORT.maxstring:
            return value
        half = (_SHORT.maxstring - 3) // 2
        return f"{value[:half]}...{value[-half:]} ({len(value)} characters)"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return shown(value)
    try:
        text = str(value)
    except Exception:
        return shown(value)
    return text if len(text) <= 2 * _SHORT.maxstring else shown(value)


def _rebuild(cls, message: str, attributes: dict):
    """Unpickle a :class:`GameError` without calling its ``__init__`` (see ``GameError.__reduce__``)."""
    error = cls.__new__(cls)
    Exception.__init__(error, message)
    error.__dict__.update(attributes)
    return error


class CardgamesError(Exception):
    """The root of the project's one family of exceptions (engines and solvers alike).

    Bad input is a :class:`GameError` (a :class:`ValueError`); the few failures that are not bad input
    (a solver's time budget running out, a certificate the rules engine refuses) are its other children,
    so ``except CardgamesError`` catches everything the project raises on purpose.
    """


class GameError(CardgamesError, ValueError):
    """Base class of every error raised by this package for bad input.

    Every error survives pickling with its message and attributes (``token``, ``action``, ``reason``
    ...), so one raised in a worker process (``concurrent.futures``, pytest-xdist, a study's
    ``--workers``) reaches the caller as itself, not as a broken process pool.
    """

    def __reduce__(self):
        return _rebuild, (type(self), str(self), dict(self.__dict__))


class ParseError(GameError):
    """A piece of notation (a card code, a deal, an action) could not be read.

    ``token`` is the offending piece of text, so a caller can point at it.
    """

    def __init__(self, message: str, token: object = None):
        super().__init__(message)
        self.token = token


class CardParseError(ParseError):
    """A card code such as ``"SA"`` or ``"harlequin"`` was not recognised."""


class RuleConfigError(GameError):
    """A game was set up with options the rules do not allow (player count, unknown option...)."""


class IllegalActionError(GameError):
    """An action that the rules do not allow in the current state.

    The state is left exactly as it was.  ``action`` is the refused action and
    ``reason`` a short explanation in plain words.
    """

    def __init__(self, action: object, reason: str):
        super().__init__(f"illegal action {shown_text(action)}: {reason}")
        self.action = action
        self.reason = reason


class NotYourTurnError(IllegalActionError):
    """An action by a player whose turn it is not."""


class GameOverError(IllegalActionError):
    """An action on a state that is already terminal."""


class WrongPhaseError(IllegalActionError):
    """An action of another phase (e.g. playing a card during the bidding or the declarations)."""


class CardNotInHandError(IllegalActionError):
    """An action names a card the player does not hold (any more)."""


class MustFollowSuitError(IllegalActionError):
    """A card of another suit while the player still holds the led suit (every follow-suit game raises it)."""


class SeatError(RuleConfigError):
    """A seat number that is not at the table (every game's ``view(seat)`` raises this one).

    >>> check_seat(4, 4)
    Traceback (most recent call last):
    ...
    cardgames.errors.SeatError: no seat 4 in a 4-player game (seats 0..3)
    """


class PlayerOptionError(RuleConfigError):
    """A computer player (or a search it runs) was set up with an option out of its range.

    ``option`` is the name of the bad option, so a caller can point at it.
    """

    def __init__(self, message: str, option: str):
        super().__init__(message)
        self.option = option


def check_seat(seat: object, num_players: int) -> int:
    """``seat`` itself if it is a seat of a ``num_players``-player table, else :class:`SeatError`."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < num_players:
        raise SeatError(f"no seat {shown(seat)} in a {num_players}-player game (seats 0..{num_players - 1})")
    return seat
