"""The exceptions of Heart Challenge, each in the package's one family (:mod:`cardgames.errors`).

An illegal action is a :class:`HeartChallengeIllegalAction` (an :class:`~cardgames.errors.IllegalActionError`)
and leaves the game as it was; a staged position no game can reach is an :class:`ImpossiblePositionError`;
an unreadable hand is a :class:`HandParseError`.

    >>> from cardgames.heart_challenge import HeartChallengeGame
    >>> HeartChallengeGame(3, seed=7).apply("challenge 2")
    Traceback (most recent call last):
    ...
    cardgames.heart_challenge.errors.WrongMomentError: illegal action challenge 2: ...
"""

from __future__ import annotations

from ..errors import CardNotInHandError, CardParseError, IllegalActionError, RuleConfigError, WrongPhaseError

__all__ = ["HeartChallengeIllegalAction", "CardNotHeldError", "WrongMomentError", "SpecialCardError",
           "DeclaringError", "ImpossiblePositionError", "HandParseError"]


class HeartChallengeIllegalAction(IllegalActionError):
    """An action Heart Challenge's rules do not allow now (the state is unchanged)."""


class CardNotHeldError(HeartChallengeIllegalAction, CardNotInHandError):
    """The action names a card the player does not hold (the package's :class:`CardNotInHandError`)."""


class WrongMomentError(HeartChallengeIllegalAction, WrongPhaseError):
    """This kind of action is not possible in the current phase (the package's :class:`WrongPhaseError`)."""


class SpecialCardError(HeartChallengeIllegalAction):
    """A special card used when its condition is not met, or over the one-use limit."""


class DeclaringError(HeartChallengeIllegalAction):
    """A bad number in a challenge or the declaring."""


class ImpossiblePositionError(RuleConfigError):
    """A staged position no game can reach: a card twice (only the joker exists twice), a marker that is
    also in a hand, a pile or the stock, or a ♦/♣ of a number nobody has (those are out of the game)."""


class HandParseError(CardParseError):
    """A hand that cannot be: an unreadable card code, or a card written more than once."""
