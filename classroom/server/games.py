"""The class's own games, back in a notebook: :func:`load_class_games` reads a class server's file.

Each game comes back as a :class:`ClassGame`: the game's name and settings, who sat where, every action
in order and the final engine state, rebuilt by replaying the recorded actions through the same table
adapter the server used.  So a follow-up lesson can ask the solver about the class's own deals.  The
file is opened read-only: a notebook never changes the class's record.

>>> import tempfile, os
>>> from classroom.server.room import Room
>>> from classroom.server.store import ClassStore
>>> path = os.path.join(tempfile.mkdtemp(), "class.db")
>>> room = Room(ClassStore(path), run_bots=False)
>>> table = room.open_table("krypkille", {"num_players": 3}, seed=2, kinds=["computer"] * 3)
>>> while table.step_computer(): pass
>>> [(g.game, g.seed, g.state.is_terminal()) for g in load_class_games(path)]
[('krypkille', 2, True)]
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Hashable

from .store import ClassServerError

__all__ = ["ClassGame", "load_class_games"]


@dataclass
class ClassGame:
    """One game a class played at a table."""

    table: int
    number: int
    game: str
    settings: dict[str, Any]
    seed: int | None
    seats: list[str]                       #: who sat where: a student's name, "computer" or "(open)"
    actions: list[tuple[int, Hashable]]    #: (seat, action) in order
    by: list[str]                          #: who chose each action: "student", "computer" or "forced"
    state: Any                             #: the engine state after the last action
    result: str = ""                       #: the returns as the server stored them (JSON), "" while unfinished
    table_game: Any = field(default=None, repr=False)   #: the table adapter (for reviews and pictures)

    @property
    def finished(self) -> bool:
        return self.state.is_terminal()

    def initial_state(self):
        """The deal as it was before the first action."""
        return self.table_game.new_state()


def load_class_games(path: str | Path, *, finished_only: bool = True) -> list[ClassGame]:
    """Every (finished) game in the class server's file ``path``, in table and game order."""
    from classroom.tables import table_game

    p = Path(path)
    if not p.is_file():
        raise ClassServerError(f"{p}: no class file there")
    try:
        db = sqlite3.connect(f"file:{p.resolve()}?mode=ro", uri=True)
        db.row_factory = sqlite3.Row
        tables = {r["id"]: r for r in db.execute("SELECT * FROM tables")}
        seats = {}
        for r in db.execute("SELECT * FROM seats ORDER BY table_id, seat"):
            name = r["name"] if r["kind"] == "student" else ("computer" if r["kind"] == "computer" else "(open)")
            seats.setdefault(r["table_id"], []).append(name)
        games = list(db.execute("SELECT * FROM games ORDER BY table_id, number"))
        moves = {}
        for r in db.execute("SELECT * FROM actions ORDER BY game_id, n"):
            moves.setdefault(r["game_id"], []).append((r["seat"], r["choice"], r["by"]))
        db.close()
    except sqlite3.DatabaseError as err:
        raise ClassServerError(f"{p}: not a class server's file ({err})") from None
    out = []
    for g in games:
        t = tables[g["table_id"]]
        settings = json.loads(t["options"])
        settings.pop("seed", None)
        tg = table_game(t["game"], seed=g["seed"], **settings)
        state = tg.new_state()
        actions, by = [], []
        for seat, choice, who in moves.get(g["id"], []):
            action = list(state.legal_actions())[choice]
            state.apply(action, player=seat)
            actions.append((seat, action))
            by.append(who)
        if finished_only and not state.is_terminal():
            continue
        out.append(ClassGame(g["table_id"], g["number"], t["game"], settings, g["seed"], seats.get(t["id"], []),
                             actions, by, state, g["result"], tg))
    return out
