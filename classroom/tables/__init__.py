"""The play table's adapters, one module per game (:mod:`classroom.tables.base` holds the shared part).

``table_game("comrade", seed=3)`` makes the adapter a :class:`~classroom.table.PlayTable` drives: the
game's own adapter if :data:`TABLES` has one, or the generic one for any other game of the engines'
registry (:mod:`cardgames.registry`).  The classroom keeps this table of its adapters itself, keyed by
the registry's game names, so the engines name nothing of the classroom and every arrow runs one way.
"""

from __future__ import annotations

from typing import Any

from cardgames import registry
from cardgames.errors import GameError

from .base import Group, TableGame, back_html, card_html, first_choice_game, frames, play_step, review_html
from .comrade import ComradeTableGame
from .generic import GenericTable
from .heart_challenge import HeartChallengeTable
from .krypkille import KrypkilleTable

__all__ = ["Group", "TableGame", "KrypkilleTable", "ComradeTableGame", "HeartChallengeTable", "GenericTable",
           "card_html", "back_html", "frames", "review_html", "first_choice_game", "play_step", "table_game", "TABLES"]

#: The play-table adapter written for a game, by its registry name.  A game registered in
#: :mod:`cardgames.registry` and missing here gets :class:`~classroom.tables.generic.GenericTable`;
#: a new game's own adapter is one more line here.
TABLES: dict[str, type[TableGame]] = {
    "krypkille": KrypkilleTable,
    "comrade": ComradeTableGame,
    "heart_challenge": HeartChallengeTable,
}


def table_game(game: Any, **options):
    """The table game for a registered game's name (``"krypkille"``, ``"comrade"``, ``"tiny_trick"``...)
    and options, or ``game`` itself if it already is one.  A registered game with no adapter in
    :data:`TABLES` gets :class:`~classroom.tables.generic.GenericTable`.

    >>> type(table_game("Heart Challenge", num_players=3)).__name__
    'HeartChallengeTable'
    >>> type(table_game("tiny_trick")).__name__
    'GenericTable'
    """
    if isinstance(game, str):
        entry = registry.get(game)      # an unknown name raises UnknownGameError, naming the games
        if entry.name in TABLES:
            return TABLES[entry.name](**options)
        return GenericTable(entry.name, **options)
    if options:
        raise GameError("options go to the table game's constructor, not to an existing table game")
    return game
