"""The class's own games, back in a notebook: :func:`load_class_games` reads a class server's file.

Each game comes back as a :class:`ClassGame`: the game's name and settings, who sat where, every action
in order and the final engine state, rebuilt by replaying the recorded actions through the same table
adapter the server used.  So a follow-up lesson can ask the solver about the class's own deals.  The
file is opened read-only: a notebook never changes the class's record.

The server's file is SQLite (``class.db``).  :func:`export_class_file` writes the same records as JSON
(``class.json``), which :func:`load_class_games` reads as well: the browser edition of the course has no
SQLite, so a class's games travel there as JSON.

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
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Hashable

from .errors import ClassServerError

__all__ = ["ClassGame", "load_class_games", "export_class_file", "read_class_file", "table_adapter",
           "rule_option_fields"]

#: The records of a class file, as :func:`read_class_file` returns them.
TABLES = ("tables", "seats", "games", "actions")


def rule_option_fields(game: str) -> dict[str, Any]:
    """The named rule options of ``game`` (its registry entry's options class) with their defaults,
    those a teacher can type as ``name=value``: text, whole numbers, yes/no, or none.

    >>> rule_option_fields("krypkille")["first_leader"]
    'dealer'
    """
    import dataclasses

    from cardgames import registry

    options = registry.get(game).options
    if options is None or not dataclasses.is_dataclass(options):
        return {}
    out = {}
    for f in dataclasses.fields(options):
        default = f.default if f.default is not dataclasses.MISSING else None
        if default is None or isinstance(default, (str, int, bool)):
            out[f.name] = default
        elif hasattr(default, "name") and isinstance(default.name, str):     # a named table, e.g. penalties
            out[f.name] = default.name
    return out


def _option_value(default: Any, text: str) -> Any:
    word = str(text).strip()
    if word.lower() == "none":
        return None
    if isinstance(default, bool):
        if word.lower() in ("yes", "true", "on", "1"):
            return True
        if word.lower() in ("no", "false", "off", "0"):
            return False
        raise ClassServerError(f"{word!r} is not yes or no")
    if isinstance(default, int) or (default is None and word.lstrip("-").isdigit()):
        if not word.lstrip("-").isdigit() or len(word) > 9:
            raise ClassServerError(f"{word!r} is not a whole number")
        return int(word)
    return word


def table_adapter(game: str, settings: dict[str, Any]):
    """The table adapter of ``game`` for a table's stored settings: its constructor's settings, and under
    ``"rule_options"`` the game's named rule options as the teacher typed them (``{"first_leader":
    "left_of_dealer"}``), made into the game's options object.

    >>> table_adapter("krypkille", {"num_players": 3, "rule_options": {"first_leader": "left_of_dealer"}}).options
    KrypkilleOptions(first_leader='left_of_dealer', declaring_starts='last_trick_winner', penalties=...)
    """
    import inspect

    from cardgames import registry
    from cardgames.errors import GameError
    from classroom.tables import table_game

    settings = dict(settings)
    typed = settings.pop("rule_options", None) or {}
    if typed:
        entry = registry.get(game)
        fields = rule_option_fields(entry.name)
        unknown = [k for k in typed if k not in fields]
        if unknown:
            raise ClassServerError(f"{entry.title} has no rule option {unknown[0]!r} "
                                   f"(its options: {', '.join(fields) or 'none'})")
        params = inspect.signature(type(table_game(entry.name)).__init__).parameters
        keyword = next((k for k in ("options", "rules") if k in params), None)
        if keyword is None:
            raise ClassServerError(f"{entry.title}'s table takes no rule options")
        try:
            settings[keyword] = entry.options(**{k: _option_value(fields[k], v) for k, v in typed.items()})
        except (GameError, TypeError, ValueError) as err:
            raise ClassServerError(f"{entry.title}: {err}") from None
    return table_game(game, **settings)


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
    result: str = ""                       #: the returns as JSON, "" while unfinished (from the state)
    table_game: Any = field(default=None, repr=False)   #: the table adapter (for reviews and pictures)

    @property
    def finished(self) -> bool:
        return self.state.is_terminal()

    def initial_state(self):
        """The deal as it was before the first action."""
        return self.table_game.new_state()


def read_class_file(path: str | Path) -> dict[str, list[dict]]:
    """The records of a class file (SQLite, or JSON from :func:`export_class_file`): tables, seats, games
    and actions, each a list of dicts in order."""
    p = Path(path)
    if not p.is_file():
        raise ClassServerError(f"{p}: no class file there")
    if p.suffix.lower() == ".json":
        try:
            records = json.loads(p.read_text(encoding="utf-8"))
        except (UnicodeDecodeError, ValueError):
            raise ClassServerError(f"{p}: not a class file (not JSON)") from None
        if not (isinstance(records, dict) and all(isinstance(records.get(k), list) for k in TABLES)):
            raise ClassServerError(f"{p}: not a class file (it needs {', '.join(TABLES)})")
        return {k: records[k] for k in TABLES}
    import sqlite3
    order = {"tables": "id", "seats": "table_id, seat", "games": "table_id, number", "actions": "game_id, n"}
    try:
        db = sqlite3.connect(f"file:{p.resolve()}?mode=ro", uri=True)
        db.row_factory = sqlite3.Row
        try:
            return {k: [dict(r) for r in db.execute(f"SELECT * FROM {k} ORDER BY {order[k]}")] for k in TABLES}
        finally:
            db.close()
    except sqlite3.DatabaseError as err:
        raise ClassServerError(f"{p}: not a class server's file ({err})") from None


def export_class_file(path: str | Path, out: str | Path) -> Path:
    """Write the records of the class file ``path`` as JSON to ``out`` (replaced whole, or not at all)."""
    records = read_class_file(path)
    out = Path(out)
    tmp = out.with_name(out.name + ".part")
    tmp.write_text(json.dumps(records, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    os.replace(tmp, out)
    return out


def load_class_games(path: str | Path, *, finished_only: bool = True) -> list[ClassGame]:
    """Every (finished) game in the class file ``path`` (SQLite or JSON), in table and game order."""
    p = Path(path)
    records = read_class_file(p)
    try:
        tables = {r["id"]: r for r in records["tables"]}
        seats: dict = {}
        for r in records["seats"]:
            name = r["name"] if r["kind"] == "student" else ("computer" if r["kind"] == "computer" else "(open)")
            seats.setdefault(r["table_id"], []).append(name)
        moves: dict = {}
        for r in records["actions"]:
            moves.setdefault(r["game_id"], []).append((r["seat"], r["choice"], r["by"]))
        out = []
        for g in records["games"]:
            t = tables[g["table_id"]]
            settings = json.loads(t["options"])
            settings.pop("seed", None)
            tg = table_adapter(t["game"], dict(settings, seed=g["seed"]))
            state = tg.new_state()
            actions, by = [], []
            for seat, choice, who in moves.get(g["id"], []):
                action = list(state.legal_actions())[choice]
                state.apply(action, player=seat)
                actions.append((seat, action))
                by.append(who)
            if finished_only and not state.is_terminal():
                continue
            out.append(ClassGame(g["table_id"], g["number"], t["game"], settings, g["seed"],
                                 seats.get(t["id"], []), actions, by, state,
                                 json.dumps(list(state.returns())) if state.is_terminal() else "", tg))
    except (KeyError, TypeError, ValueError, IndexError) as err:
        raise ClassServerError(f"{p}: its records do not replay ({type(err).__name__})") from None
    return out
