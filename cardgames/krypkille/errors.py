"""The specific illegal actions of Krypkille, each an :class:`~cardgames.errors.IllegalActionError`.

A program (or a test) can tell exactly what was wrong; the round is left as it was.
:class:`~cardgames.errors.WrongPhaseError` and :class:`~cardgames.errors.CardNotInHandError` are the
package's shared classes (every game raises them), named here too.

    >>> from cardgames.krypkille import KrypkilleGame
    >>> r = KrypkilleGame(num_players=3, dealer=0, seed=7)
    >>> r.apply("discard " + " ".join(k.label for k in r.hands[1][:4]))
    Traceback (most recent call last):
    ...
    cardgames.krypkille.errors.TooManyDiscardsError: illegal action discard ...
"""

from __future__ import annotations

from ..errors import CardNotInHandError, IllegalActionError, WrongPhaseError

__all__ = ["ForcedCardError", "TooManyDiscardsError", "CardNotInHandError", "WrongPhaseError"]


class ForcedCardError(IllegalActionError):
    """A follower tried another card than the forced one."""


class TooManyDiscardsError(IllegalActionError):
    """A discard of more than three cards."""
