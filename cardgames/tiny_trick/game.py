"""The old path of the Tiny Trick modules (:mod:`cardgames.tiny_trick.engine`, ``view``, ``options``,
``players``): kept so saved notebooks and pickles still load (each name warns)."""

from .._aliases import moved

__getattr__ = moved(__name__, {
    "TinyTrickGame": "cardgames.tiny_trick.engine:TinyTrickGame",
    "TinyTrickView": "cardgames.tiny_trick.view:TinyTrickView",
    "TinyTrickOptions": "cardgames.tiny_trick.options:TinyTrickOptions",
    "HighCardPlayer": "cardgames.tiny_trick.players:HighCardPlayer",
    "MustFollowSuitError": "cardgames.tiny_trick.errors:MustFollowSuitError",
    "DECK": "cardgames.tiny_trick.options:DECK",
    "HAND_SIZE": "cardgames.tiny_trick.options:HAND_SIZE",
})
