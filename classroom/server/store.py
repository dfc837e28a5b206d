"""The class server's memory: one SQLite file that holds every table, seat, game and action.

Every change is one transaction (``with self.db:``), written before the server answers the click that
made it, so the server can be stopped or killed at any moment and started again on the same file: the
tables, seats and games come back exactly as they were (:class:`~classroom.server.room.Room` replays
each game's recorded actions).  Only the standard library's :mod:`sqlite3` is used: nothing else to
install, and the file can be copied, mailed or opened by :func:`~classroom.server.games.load_class_games`.

>>> store = ClassStore(":memory:")
>>> len(store.join_code), len(store.teacher_key) > 10
(6, True)
>>> t = store.add_table("krypkille", {"num_players": 3}, seed=4, kinds=["open", "computer", "computer"])
>>> store.start_game(t, seed=4)
1
>>> [s["kind"] for s in store.seats(t)]
['open', 'computer', 'computer']
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

from .errors import ClassServerError

__all__ = ["ClassStore", "ClassServerError", "SEAT_KINDS"]

#: What sits at a seat: a student (``student``, with a name and a token), nobody yet (``open``,
#: waiting for a student) or the computer (``computer``).
SEAT_KINDS = ("open", "student", "computer")

#: Join codes avoid letters and digits that are easy to misread (0/O, 1/I/L).
_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

SCHEMA = """
CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tables (
    id INTEGER PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, title TEXT NOT NULL,
    paused INTEGER NOT NULL DEFAULT 0, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS seats (
    table_id INTEGER NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL, kind TEXT NOT NULL,
    name TEXT NOT NULL DEFAULT '', token TEXT UNIQUE, PRIMARY KEY (table_id, seat));
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY, table_id INTEGER NOT NULL REFERENCES tables(id), number INTEGER NOT NULL,
    seed INTEGER, started REAL NOT NULL,
    UNIQUE (table_id, number));
CREATE TABLE IF NOT EXISTS actions (
    game_id INTEGER NOT NULL REFERENCES games(id), n INTEGER NOT NULL, seat INTEGER NOT NULL,
    choice INTEGER NOT NULL, action TEXT NOT NULL, by TEXT NOT NULL, at REAL NOT NULL,
    PRIMARY KEY (game_id, n));
"""


class ClassStore:
    """The SQLite file of one class (``":memory:"`` for a throwaway one).

    The join code and the teacher key are made when the file is new and kept in it, so a restarted
    server keeps the same ones.
    """

    def __init__(self, path: str | Path):
        self.path = str(path)
        self.db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self.db.row_factory = sqlite3.Row
        self._lock = threading.RLock()
        with self._lock:
            self.db.execute("PRAGMA journal_mode=WAL" if self.path != ":memory:" else "PRAGMA journal_mode=MEMORY")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.execute("PRAGMA foreign_keys=ON")
            self.db.executescript(SCHEMA)
            self.join_code = self._setting("join_code", lambda: "".join(secrets.choice(_CODE_ALPHABET)
                                                                         for _ in range(6)))
            self.teacher_key = self._setting("teacher_key", lambda: secrets.token_urlsafe(12))

    # -- transactions --------------------------------------------------------------
    def _tx(self, sql_params: list[tuple[str, tuple]]) -> list[sqlite3.Cursor]:
        """Run statements as one transaction: all of them are written, or none."""
        with self._lock:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                out = [self.db.execute(sql, params) for sql, params in sql_params]
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
            self.db.execute("COMMIT")
            return out

    def _query(self, sql: str, params: tuple = ()) -> list[sqlite3.Row]:
        with self._lock:
            return self.db.execute(sql, params).fetchall()

    def _setting(self, key: str, make) -> str:
        row = self._query("SELECT value FROM settings WHERE key=?", (key,))
        if row:
            return row[0]["value"]
        value = make()
        self._tx([("INSERT INTO settings(key, value) VALUES (?, ?)", (key, value))])
        return value

    def close(self) -> None:
        with self._lock:
            self.db.close()

    # -- tables and seats -------------------------------------------------------------
    def add_table(self, game: str, options: dict[str, Any], *, seed: int | None, kinds: list[str],
                  title: str = "") -> int:
        """A new table with its seats (``kinds``: one of :data:`SEAT_KINDS` per seat); returns its id."""
        bad = [k for k in kinds if k not in ("open", "computer")]
        if bad:
            raise ClassServerError(f"a new seat is 'open' or 'computer', not {bad[0]!r}")
        options = dict(options, seed=seed)
        with self._lock:
            cur = self._tx([("INSERT INTO tables(game, options, title, created) VALUES (?, ?, ?, ?)",
                             (game, json.dumps(options), title, time.time()))])[0]
            table_id = int(cur.lastrowid)
            self._tx([("INSERT INTO seats(table_id, seat, kind) VALUES (?, ?, ?)", (table_id, s, k))
                      for s, k in enumerate(kinds)])
        return table_id

    def tables(self) -> list[sqlite3.Row]:
        return self._query("SELECT * FROM tables ORDER BY id")

    def seats(self, table_id: int) -> list[sqlite3.Row]:
        return self._query("SELECT * FROM seats WHERE table_id=? ORDER BY seat", (table_id,))

    def seat_by_token(self, token: str) -> sqlite3.Row | None:
        rows = self._query("SELECT * FROM seats WHERE token=?", (token,))
        return rows[0] if rows else None

    def take_seat(self, table_id: int, seat: int, name: str) -> str:
        """Give an open seat to a student; returns the seat's secret token.  Two students who click
        the same seat at once: one gets it, the other is told it was just taken."""
        token = secrets.token_urlsafe(18)
        cur = self._tx([("UPDATE seats SET kind='student', name=?, token=? "
                         "WHERE table_id=? AND seat=? AND kind='open'", (name, token, table_id, seat))])[0]
        if cur.rowcount != 1:
            raise ClassServerError("this seat was just taken: choose another one")
        return token

    def set_seat(self, table_id: int, seat: int, kind: str) -> None:
        """The teacher's switch: a seat to the computer (an absent student), or back open for a student."""
        if kind not in ("open", "computer"):
            raise ClassServerError(f"a seat can be given to 'open' or 'computer', not {kind!r}")
        self._tx([("UPDATE seats SET kind=?, name='', token=NULL WHERE table_id=? AND seat=?",
                   (kind, table_id, seat))])

    def set_paused(self, table_id: int, paused: bool) -> None:
        self._tx([("UPDATE tables SET paused=? WHERE id=?", (int(paused), table_id))])

    # -- games and actions ---------------------------------------------------------------
    def start_game(self, table_id: int, seed: int | None) -> int:
        """The table's next game (number 1, 2, ...); returns its number."""
        with self._lock:
            row = self._query("SELECT MAX(number) AS m FROM games WHERE table_id=?", (table_id,))
            number = (row[0]["m"] or 0) + 1
            self._tx([("INSERT INTO games(table_id, number, seed, started) VALUES (?, ?, ?, ?)",
                       (table_id, number, seed, time.time()))])
        return number

    def games(self, table_id: int | None = None) -> list[sqlite3.Row]:
        if table_id is None:
            return self._query("SELECT * FROM games ORDER BY table_id, number")
        return self._query("SELECT * FROM games WHERE table_id=? ORDER BY number", (table_id,))

    def current_game(self, table_id: int) -> sqlite3.Row:
        return self._query("SELECT * FROM games WHERE table_id=? ORDER BY number DESC LIMIT 1", (table_id,))[0]

    def record(self, game_id: int, n: int, seat: int, choice: int, action: str, by: str) -> None:
        """Record action number ``n`` in one transaction (a game's result follows from its actions).
        Action ``n`` can be written once: a second writer of the same number fails and changes nothing."""
        self._tx([("INSERT INTO actions(game_id, n, seat, choice, action, by, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                   (game_id, n, seat, choice, action, by, time.time()))])

    def actions(self, game_id: int) -> list[sqlite3.Row]:
        return self._query("SELECT * FROM actions WHERE game_id=? ORDER BY n", (game_id,))
