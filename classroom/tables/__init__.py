"""The play table's adapters, one module per game (:mod:`classroom.tables.base` holds the shared part).

``table_game("comrade", seed=3)`` makes the adapter a :class:`~classroom.table.PlayTable` drives.
"""

from __future__ import annotations

from typing import Any

from cardgames.errors import GameError

from .base import Group, TableGame, back_html, card_html, first_choice_game, frames, review_html
from .comrade import ComradeTableGame
from .heart_challenge import HeartChallengeTable
from .krypkille import KrypkilleTable

__all__ = ["Group", "TableGame", "KrypkilleTable", "ComradeTableGame", "HeartChallengeTable", "TABLE_GAMES",
           "card_html", "back_html", "frames", "review_html", "first_choice_game", "table_game"]

#: Name -> table game class (``PlayTable("comrade", ...)``).
TABLE_GAMES = {"krypkille": KrypkilleTable, "comrade": ComradeTableGame, "heart_challenge": HeartChallengeTable}


def table_game(game: Any, **options):
    """The table game for a name (``"krypkille"``, ``"comrade"``, ``"heart_challenge"``) and options,
    or ``game`` itself if it already is one."""
    if isinstance(game, str):
        try:
            return TABLE_GAMES[game.lower().replace(" ", "_")](**options)
        except KeyError:
            raise GameError(f"no play table for {game!r} (games: {', '.join(TABLE_GAMES)})") from None
    if options:
        raise GameError("options go to the table game's constructor, not to an existing table game")
    return game

