"""The old path of :mod:`cardgames.comrade.engine` and :mod:`cardgames.comrade.view`: kept so saved
notebooks and pickles still load (each name warns)."""

from .._aliases import moved

__getattr__ = moved(__name__, {
    "ComradeGame": "cardgames.comrade.engine:ComradeGame",
    "PlayerView": "cardgames.comrade.view:ComradeView",
})
