"""The specific illegal actions of Comrade, each an :class:`~cardgames.errors.IllegalActionError`.

A program (or a test) can tell exactly what was wrong; the game state is left as it was.
"""

from __future__ import annotations

from ..errors import IllegalActionError, ParseError

__all__ = [
    "ActionParseError", "WrongPhaseError", "BidCardTakenError", "BidCardNotInGameError",
    "BidTooLowError", "TooManySuitsError", "CardNotInHandError", "MustFollowSuitError",
]


class ActionParseError(IllegalActionError, ParseError):
    """Text that is no Comrade action (``"pass"``, a bid card ``"H3"`` or a card ``"SA"``).

    Both an :class:`IllegalActionError` and a :class:`ParseError` (``token`` is the text).
    """

    def __init__(self, action: object, reason: str):
        IllegalActionError.__init__(self, action, reason)
        self.token = action


class WrongPhaseError(IllegalActionError):
    """A card played during the bidding, or a bid (or pass) during the trick play."""


class BidCardTakenError(IllegalActionError):
    """The bid card was already taken (by anyone, including oneself): it is gone from the middle."""


class BidCardNotInGameError(IllegalActionError):
    """A bid card the variant does not use (e.g. a 5 or 6 in the 3-player game)."""


class BidTooLowError(IllegalActionError):
    """Taking a bid card of a suit one already holds needs a *larger* value (digest, Bidding 5)."""


class TooManySuitsError(IllegalActionError):
    """A bid in a new suit by a player who already holds bids in the maximum number of suits."""


class CardNotInHandError(IllegalActionError):
    """A card the player does not hold (any more)."""


class MustFollowSuitError(IllegalActionError):
    """A card of another suit while the player still holds the led suit (must follow)."""
