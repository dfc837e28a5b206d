"""The play table's adapters, one module per game (:mod:`classroom.tables.base` holds the shared part).

``table_game("comrade", seed=3)`` makes the adapter a :class:`~classroom.table.PlayTable` drives: the one
its registry entry (:mod:`cardgames.registry`) names, or the generic one.
"""

from __future__ import annotations

from typing import Any

from cardgames import registry
from cardgames.errors import GameError

from .base import Group, TableGame, back_html, card_html, first_choice_game, frames, review_html
from .comrade import ComradeTableGame
from .generic import GenericTable
from .heart_challenge import HeartChallengeTable
from .krypkille import KrypkilleTable

__all__ = ["Group", "TableGame", "KrypkilleTable", "ComradeTableGame", "HeartChallengeTable", "GenericTable",
           "card_html", "back_html", "frames", "review_html", "first_choice_game", "table_game"]

def _load(path: str):
    """The object a registry entry names as ``"module:attribute"``."""
    import importlib
    module, _, attr = path.partition(":")
    return getattr(importlib.import_module(module), attr)


def table_game(game: Any, **options):
    """The table game for a registered game's name (``"krypkille"``, ``"comrade"``, ``"tiny_trick"``...)
    and options, or ``game`` itself if it already is one.  A game whose registry entry names no
    ``table`` adapter gets :class:`~classroom.tables.generic.GenericTable`.

    >>> type(table_game("Heart Challenge", num_players=3)).__name__
    'HeartChallengeTable'
    >>> type(table_game("tiny_trick")).__name__
    'GenericTable'
    """
    if isinstance(game, str):
        entry = registry.get(game)
        if entry.table:
            return _load(entry.table)(**options)
        return GenericTable(entry.name, **options)
    if options:
        raise GameError("options go to the table game's constructor, not to an existing table game")
    return game
