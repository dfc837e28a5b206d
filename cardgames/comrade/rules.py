"""The old path of :mod:`cardgames.comrade.options`: kept so saved notebooks and pickles still load
(each name warns)."""

from .._aliases import moved

__getattr__ = moved(__name__, {
    "ComradeRules": "cardgames.comrade.options:ComradeOptions",
    "DEFAULT_RULES": "cardgames.comrade.options:DEFAULT_OPTIONS",
    "NOTHING_FITS_READINGS": "cardgames.comrade.options:NOTHING_FITS_READINGS",
})
