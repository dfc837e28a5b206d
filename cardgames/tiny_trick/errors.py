"""The exceptions of Tiny Trick: its two illegal actions are the package's shared classes.

Every game of the package puts its exceptions in its ``errors.py``, all in the one family of
:mod:`cardgames.errors`.  Tiny Trick needs no class of its own: a card not held is a
:class:`~cardgames.errors.CardNotInHandError`, a card of another suit while one can follow is a
:class:`~cardgames.errors.MustFollowSuitError`.  A game that needs its own writes it here, deriving
from one of the family (``class ForcedCardError(IllegalActionError)`` in Krypkille's).

    >>> from cardgames.tiny_trick import TinyTrickGame
    >>> TinyTrickGame(seed=4).apply("SA")
    Traceback (most recent call last):
    ...
    cardgames.errors.CardNotInHandError: illegal action SA: that card is not in your hand
"""

from __future__ import annotations

from ..errors import CardNotInHandError, MustFollowSuitError

__all__ = ["CardNotInHandError", "MustFollowSuitError"]
