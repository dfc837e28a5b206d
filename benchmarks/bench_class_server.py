"""A class's load on the class server: 40 students at 10 tables clicking at once, on the loopback address.

    python benchmarks/bench_class_server.py                 # 10 tables x 4 students, 2 minutes at most
    python benchmarks/bench_class_server.py --tables 4 --seconds 30 --out /tmp/x.json

The server runs in this process on 127.0.0.1 (classroom.server.local).  Besides the students' tables,
``--computer-tables`` full-size Comrade tables (two by default) are played by the computer alone, its
strongest partners, so their decisions run while students click elsewhere.  Each simulated student polls
its seat's state like a page does and, on its turn, clicks a choice after a short think; the script
times every click (request to answer) and reports the median and the 99th percentile.  The run is
bounded in clicks and seconds, talks to 127.0.0.1 only, and stores its figures with their provenance
in benchmarks/results/class_server.json.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import random
import statistics
import sys
import threading
import time
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402

from classroom.server import ClassStore  # noqa: E402
from stored import write_result  # noqa: E402
from classroom.server.local import local_server  # noqa: E402

GAMES = ["comrade", "krypkille", "heart_challenge"]
#: The code this benchmark measures, hashed as tools/check_results.py reads ``code_hash_of``.
CODE_OF = "sha256 of classroom/server/{app,room,store,pages}.py (first 16 hex)"


def code_hash() -> str:
    digest = hashlib.sha256()
    for name in ("app", "room", "store", "pages"):
        digest.update((ROOT / "classroom" / "server" / f"{name}.py").read_bytes())
    return digest.hexdigest()[:16]


def student(url: str, token: str, seed: int, stop: float, times: list, errors: list, lock: threading.Lock) -> None:
    rng = random.Random(seed)
    with httpx.Client(base_url=url, timeout=30, headers={"accept": "application/json"}) as c:
        while time.monotonic() < stop:
            st = c.get(f"/play/{token}/state.json").json()
            if st["phase"] == "over":
                return
            choices = [ch for ch in st["choices"] if not ch["pick"]]
            if not choices:
                time.sleep(0.25)          # a page's live update arrives within a quarter of a second
                continue
            time.sleep(rng.uniform(0.2, 0.8))       # a student thinks
            choice = rng.choice(choices)
            t0 = time.perf_counter()
            r = c.post(f"/play/{token}/act", data={"key": choice["key"], "version": str(st["version"])})
            took = time.perf_counter() - t0
            with lock:
                times.append(took)
                if r.status_code not in (200, 409):
                    errors.append(r.status_code)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=10)
    ap.add_argument("--seconds", type=float, default=120)
    ap.add_argument("--computer-tables", type=int, default=2)
    ap.add_argument("--bot-processes", type=int, default=1, help="as class-server's (0: threads only)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "class_server.json"))
    args = ap.parse_args(argv)
    if not (1 <= args.tables <= 20 and 1 <= args.seconds <= 600):
        ap.error("--tables 1..20 and --seconds 1..600")
    import tempfile
    db = Path(tempfile.mkdtemp()) / "class.db"
    store = ClassStore(db)
    times: list[float] = []
    errors: list[int] = []
    lock = threading.Lock()
    load_before = os.getloadavg()[0]
    with local_server(store, bot_processes=args.bot_processes) as (url, app):
        room = app.state.room
        threads, students = [], 0
        for i in range(args.tables):
            game = GAMES[i % len(GAMES)]
            n = 4
            settings = {} if game == "comrade" else {"num_players": n}
            kinds = ["open"] * n
            table = room.open_table(game, settings, seed=args.seed + i, kinds=kinds)
            for s in range(n):
                if kinds[s] == "open":
                    token = room.take_seat(table.id, s, f"student {i}.{s}")
                    students += 1
                    threads.append(threading.Thread(target=student, args=(url, token, args.seed * 1000 + students,
                                                                           time.monotonic() + args.seconds,
                                                                           times, errors, lock)))
        for j in range(args.computer_tables):
            room.open_table("comrade", {}, seed=args.seed + 100 + j, kinds=["computer"] * 4)
        t0 = time.monotonic()
        for t in threads:
            t.start()
        for t in threads:
            t.join(args.seconds + 60)
        wall = time.monotonic() - t0
        finished = sum(t.state.is_terminal() for t in room.tables.values())
        computer_moves = sum(len(t.actions) for t in room.tables.values()
                             if {s["kind"] for s in t.seats} == {"computer"})
    times.sort()
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))] if times else float("nan")
    median = statistics.median(times) if times else float("nan")
    result = {
        "meta": {"command": " ".join(["python benchmarks/bench_class_server.py", *(argv or sys.argv[1:])]),
                 "date": datetime.now(timezone.utc).isoformat(timespec="seconds"),
                 "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
                 "load_average": round(load_before, 2), "tables": args.tables, "students": students,
                 "computer_tables": args.computer_tables, "bot_processes": args.bot_processes,
                 "code_hash": code_hash(), "code_hash_of": CODE_OF,
                 "seconds": round(wall, 1)},
        "clicks": len(times), "median_s": round(median, 4), "p99_s": round(p99, 4), "max_s": round(times[-1], 4)
        if times else None, "errors": len(errors), "games_finished": finished,
        "computer_moves_meanwhile": computer_moves,
        "summary": [{"what": f"class server: a click answered, {students} students at {args.tables} tables "
                             f"and {args.computer_tables} computer tables (median / 99th percentile)",
                     "figure": f"{median * 1000:.0f} ms / {p99 * 1000:.0f} ms over {len(times)} clicks",
                     "interval": ""}],
    }
    write_result(args.out, result)
    print(json.dumps({k: v for k, v in result.items() if k != "summary"}, indent=1))


if __name__ == "__main__":
    main()
