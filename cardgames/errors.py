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

__all__ = [
    "GameError",
    "ParseError",
    "CardParseError",
    "RuleConfigError",
    "IllegalActionError",
    "NotYourTurnError",
    "GameOverError",
    "WrongPhaseError",
    "CardNotInHandError",
    "SeatError",
    "check_seat",
]


class GameError(ValueError):
    """Base class of every error raised by this package for bad input."""


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
        super().__init__(f"illegal action {action!s}: {reason}")
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


class SeatError(RuleConfigError):
    """A seat number that is not at the table (every game's ``view(seat)`` raises this one).

    >>> check_seat(4, 4)
    Traceback (most recent call last):
    ...
    cardgames.errors.SeatError: no seat 4 in a 4-player game (seats 0..3)
    """


def check_seat(seat: object, num_players: int) -> int:
    """``seat`` itself if it is a seat of a ``num_players``-player table, else :class:`SeatError`."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < num_players:
        raise SeatError(f"no seat {seat!r} in a {num_players}-player game (seats 0..{num_players - 1})")
    return seat
