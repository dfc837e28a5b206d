"""The exceptions of Comrade: the specific illegal actions, each an :class:`~cardgames.errors.IllegalActionError`,
a deal that cannot be (:class:`DealError`) and a player handed something other than its view (:class:`NotAViewError`).

A program (or a test) can tell exactly what was wrong; the game state is left as it was.
:class:`~cardgames.errors.WrongPhaseError`, :class:`~cardgames.errors.CardNotInHandError` and
:class:`~cardgames.errors.MustFollowSuitError` are the package's shared classes (every game raises them),
named here too.
"""

from __future__ import annotations

from ..errors import (CardgamesError, CardNotInHandError, IllegalActionError, MustFollowSuitError, ParseError,
                      WrongPhaseError)

__all__ = [
    "DealError", "NotAViewError", "ActionParseError", "WrongPhaseError", "BidCardTakenError", "BidCardNotInGameError",
    "BidTooLowError", "TooManySuitsError", "CardNotInHandError", "MustFollowSuitError",
]


class ActionParseError(IllegalActionError, ParseError):
    """Text that is no Comrade action (``"pass"``, a bid card ``"H3"`` or a card ``"SA"``).

    Both an :class:`IllegalActionError` and a :class:`ParseError` (``token`` is the text).
    """

    def __init__(self, action: object, reason: str):
        IllegalActionError.__init__(self, action, reason)
        self.token = action


class BidCardTakenError(IllegalActionError):
    """The bid card was already taken (by anyone, including oneself): it is gone from the middle."""


class BidCardNotInGameError(IllegalActionError):
    """A bid card the variant does not use (e.g. a 5 or 6 in the 3-player game)."""


class BidTooLowError(IllegalActionError):
    """Taking a bid card of a suit one already holds needs a *larger* value (digest, Bidding 5)."""


class TooManySuitsError(IllegalActionError):
    """A bid in a new suit by a player who already holds bids in the maximum number of suits."""


class DealError(ParseError):
    """A deal that cannot be: a duplicate card, unequal hands, an unknown rank, a wrong
    number of hands, or a card the variant does not use.  ``token`` is the offending piece."""


class NotAViewError(CardgamesError, TypeError):
    """A seated player was handed something other than a :class:`~cardgames.comrade.view.ComradeView`
    (for example the game itself, which would show it every hand)."""
