"""Make the example class file lesson 23 reads: a class that played four short Comrade deals.

    python tools/example_class.py                      # writes classroom/server/example_class.json
    python tools/example_class.py --out /tmp/x.db      # the server's own SQLite file instead

A real class server runs on 127.0.0.1 (in this process).  Four tables of four play the short deals
(four cards each, as in lesson 20's class deals) 301 to 304: at each, two "students" click through
their seat's page as a student who has just learnt the convention card would (the card's choice, and
now and then a seeded random slip), and the computer plays the two other seats.  Four more tables play
the same deals with the computer in every seat, so the lesson can compare the class with the computer.
Everything is seeded: the games are the same every time.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

#: Where lesson 23 finds the example (shipped with the package, so student/ and teacher/ reach it too).
EXAMPLE = ROOT / "classroom" / "server" / "example_class.json"
DEALS = (301, 302, 303, 304)
SETTINGS = {"hand_size": 4}


def _by_the_card(table, seat: int) -> str | None:
    """The key of the choice the convention card makes from ``seat``'s view (what a student reading the
    printed card would click), or None."""
    from solvers.comrade_players.convention import ConventionPlayer

    with table.lock:
        view = table.state.view(seat)
        legal = list(table.state.legal_actions())
        action = ConventionPlayer().act(view, tuple(legal))
        for g, group in enumerate(table.tg.controls(view, legal)):
            for i, (_, item) in enumerate(group.items):
                if item == action:
                    return f"{g}.{i}"
    return None


def make(out: Path) -> Path:
    """Play the example class into ``out`` (replaced only when the whole class was played): the server's
    SQLite file, or its JSON export when ``out`` ends in ``.json`` (what the lesson reads: the browser
    edition has no SQLite)."""
    if out.suffix == ".json":
        from classroom.server import export_class_file
        db = out.with_name(out.stem + ".db.part")
        make(db)
        try:
            return export_class_file(db, out)
        finally:
            db.unlink(missing_ok=True)
    import httpx

    from classroom.server import ClassStore
    from classroom.server.local import local_server

    tmp = out.with_name(out.name + ".tmp")
    for stale in (tmp, Path(f"{tmp}-wal"), Path(f"{tmp}-shm")):
        stale.unlink(missing_ok=True)
    store = ClassStore(tmp)
    with local_server(store) as (url, app):
        room = app.state.room
        class_tables = [room.open_table("comrade", SETTINGS, seed=d, kinds=["open", "computer", "open", "computer"],
                                        title="Comrade") for d in DEALS]
        for d in DEALS:
            room.open_table("comrade", SETTINGS, seed=d, kinds=["computer"] * 4, title="Comrade, computer only")
        names = iter(["Aiko", "Ben", "Chiara", "Daiki", "Emma", "Farid", "Gen", "Hana"])
        with httpx.Client(base_url=url, timeout=120, headers={"accept": "application/json"}) as client:
            for n, table in enumerate(class_tables):
                tokens = {s: room.take_seat(table.id, s, next(names)) for s in (0, 2)}
                rng = random.Random(n + 10)
                deadline = time.monotonic() + 600
                while not table.state.is_terminal():
                    for seat, token in tokens.items():
                        if table.actor() == seat:
                            st = client.get(f"/play/{token}/state.json").json()
                            choices = [c for c in st["choices"] if not c["pick"]]
                            if choices:
                                key = _by_the_card(table, seat) if rng.random() < 0.8 else None
                                key = key or rng.choice(choices)["key"]
                                client.post(f"/play/{token}/act", data={"key": key, "version": str(st["version"])})
                    time.sleep(0.02)
                    if time.monotonic() > deadline:
                        raise RuntimeError("a game of the example class did not end in time")
        deadline = time.monotonic() + 900
        while not all(t.state.is_terminal() for t in room.tables.values()):
            if time.monotonic() > deadline:
                raise RuntimeError("a computer table of the example class did not end in time")
            time.sleep(0.1)
    store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.db.execute("PRAGMA journal_mode=DELETE")
    store.close()
    os.replace(tmp, out)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Make the example class file of lesson 23.")
    ap.add_argument("--out", default=str(EXAMPLE))
    args = ap.parse_args(argv)
    print(make(Path(args.out)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
