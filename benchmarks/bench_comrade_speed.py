"""How fast the strongest Comrade partner decides, next to the code it replaced, on the same decisions.

Rewrites the stored results (the command actually used is stored in the file, ``meta["command"]``):

    .venv/bin/python benchmarks/bench_comrade_speed.py --base 541e1f5 --deals 30-45 --deals3 30-33 \\
        --out benchmarks/results/comrade_speed.json

``--base REF`` is a commit of this repository holding the old player (``git archive`` unpacks its
``cardgames`` and ``solvers`` into a temporary folder).  For each deal of the study (``Deal.random(seed)``,
dealer ``seed % players``, each seat a :class:`~solvers.comrade_players.cardsearch.CardSearchPlayer` seeded
``10 * seed + seat``, as ``study.make_table(kind="best")`` builds them) a child process running the old
code plays the deal and times each decision; then, in this process, four players of today's code are
asked for every decision of that same game, in the same order (so their generators are in the same
state), timed, and their actions compared with the old ones.  Old and new take turns deal by deal, so
both see the same load on a shared machine.  Reported: median, 99th percentile and slowest decision
(bidding and play apart), seconds per deal, and how many of the decisions got the identical action.

``--record FILE`` instead writes the fixture of ``tests/test_comrade_speed_equivalence.py``: the old
code's games (every action) on the given deals, and how it was made.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

from stored import load_averages, machine, write_result

ROOT = Path(__file__).resolve().parents[1]


def seeds_of(text: str) -> list[int]:
    """``"0-5"`` or ``"0,3,7"`` -> seeds."""
    out: list[int] = []
    for part in filter(None, text.split(",")):
        if "-" in part:
            a, b = part.split("-")
            out += range(int(a), int(b) + 1)
        else:
            out.append(int(part))
    return out


def play_timed(seed: int, players: int) -> dict:
    """Deal ``seed`` played by four (or three) search players of the code on ``sys.path``: every action,
    its phase, the seconds the player took and the CPU seconds of this process in them (``cpu``: on a shared
    machine the wall-clock seconds include the time other processes had the core)."""
    from cardgames.comrade import ComradeGame
    from solvers.comrade_players.cardsearch import CardSearchPlayer
    from solvers.studies.comrade_tables import deal_for_seed

    deal, dealer = deal_for_seed(seed, players)
    game = ComradeGame(deal, dealer)
    table = [CardSearchPlayer(seed=seed * 10 + p) for p in range(players)]
    actions, phases, seconds, cpu = [], [], [], []
    while not game.is_terminal():
        seat = game.current_player()
        view, legal = game.view(seat), tuple(game.legal_actions())
        start, start_cpu = time.perf_counter(), time.process_time()
        action = table[seat].act(view, legal)
        seconds.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        phases.append(game.phase)
        actions.append(str(action))
        game.apply(action)
    return {"seed": seed, "players": players, "actions": actions, "phases": phases, "seconds": seconds,
            "cpu": cpu, "result": game.result}


def replay_timed(seed: int, players: int, actions: list[str]) -> dict:
    """Today's players asked for every decision of the game ``actions`` (deal ``seed``), in order: their
    actions and seconds.  The game follows ``actions`` whatever they answer."""
    from cardgames.comrade import ComradeGame
    from solvers.comrade_players.cardsearch import CardSearchPlayer
    from solvers.studies.comrade_tables import deal_for_seed

    deal, dealer = deal_for_seed(seed, players)
    game = ComradeGame(deal, dealer)
    table = [CardSearchPlayer(seed=seed * 10 + p) for p in range(players)]
    got, seconds = [], []
    for old in actions:
        seat = game.current_player()
        view, legal = game.view(seat), tuple(game.legal_actions())
        start = time.perf_counter()
        action = table[seat].act(view, legal)
        seconds.append(time.perf_counter() - start)
        got.append(str(action))
        game.apply(old)
    return {"actions": got, "seconds": seconds}


def unpack(ref: str) -> Path:
    """The ``cardgames`` and ``solvers`` of commit ``ref`` in a fresh temporary folder."""
    where = Path(tempfile.mkdtemp(prefix="comrade-speed-"))
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref, "cardgames", "solvers"],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(where)], input=archive, check=True)
    return where


def old_deal(tree: Path, seed: int, players: int) -> dict:
    """:func:`play_timed` in a child process that imports the code in ``tree``."""
    out = subprocess.run([sys.executable, __file__, "--worker", str(tree), str(seed), str(players)],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def compact(fixture: dict) -> str:
    """``fixture`` as JSON with one game a line."""
    head = {k: v for k, v in fixture.items() if k != "games"}
    lines = [json.dumps(head, indent=1)[:-2] + ',\n "games": [']
    lines.append(",\n".join("  " + json.dumps(g) for g in fixture["games"]))
    return "\n".join(lines) + "\n ]\n}\n"


def quantile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]


def stats(xs: list[float]) -> dict:
    return {"decisions": len(xs), "median": statistics.median(xs), "p99": quantile(xs, 0.99), "max": max(xs)}


def git_commit(ref: str = "HEAD") -> str:
    return subprocess.run(["git", "-C", str(ROOT), "rev-parse", ref], capture_output=True, text=True).stdout.strip()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", default="cc7fe51", help="the commit holding the old player")
    ap.add_argument("--deals", default="0-3", help="four-player deals, e.g. 0-5 or 0,4,9")
    ap.add_argument("--deals3", default="", help="three-player deals")
    ap.add_argument("--out", help="write the results here (JSON)")
    ap.add_argument("--record", help="write the old code's games to this fixture file instead")
    args = ap.parse_args(argv)
    tasks = [(s, 4) for s in seeds_of(args.deals)] + [(s, 3) for s in seeds_of(args.deals3)]
    tree = unpack(args.base)
    try:
        return run(args, tasks, tree)
    finally:
        shutil.rmtree(tree, ignore_errors=True)


def run(args, tasks: list[tuple[int, int]], tree: Path) -> int:
    """The recording (``--record``) or the side-by-side comparison, with the old code unpacked in ``tree``."""
    base = git_commit(args.base)
    if args.record:
        games = []
        for seed, players in tasks:
            g = old_deal(tree, seed, players)
            games.append({k: g[k] for k in ("seed", "players", "actions", "result")})
            print(f"deal {seed} ({players} players): {len(g['actions'])} decisions, {g['result']}", flush=True)
        fixture = {"made_by": f"benchmarks/bench_comrade_speed.py --base {args.base} --deals {args.deals} "
                              f"--deals3 {args.deals3} --record {args.record}",
                   "base_commit": base,
                   "how": "each deal played by CardSearchPlayer(seed=10 * seed + seat) of the base commit's code, "
                          "every seat, as study.make_table('best') builds them; the actions as strings",
                   "games": games}
        path = Path(args.record)
        tmp = path.with_suffix(".tmp")
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(compact(fixture))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
        return 0
    sys.path.insert(0, str(ROOT))
    from solvers.studies.comrade_tables import code_hashes, wilson_interval

    load_before = os.getloadavg()
    rows = []
    for seed, players in tasks:
        old = old_deal(tree, seed, players)
        new = replay_timed(seed, players, old["actions"])
        same = sum(a == b for a, b in zip(old["actions"], new["actions"]))
        rows.append({"seed": seed, "players": players, "phases": old["phases"], "old": old["seconds"],
                     "new": new["seconds"], "same": same, "decisions": len(old["actions"]),
                     "differ": [i for i, (a, b) in enumerate(zip(old["actions"], new["actions"])) if a != b]})
        print(f"deal {seed} ({players} players): old {sum(old['seconds']):.1f} s, new {sum(new['seconds']):.1f} s, "
              f"{same}/{len(old['actions'])} the same", flush=True)
    load_after = os.getloadavg()
    report: dict = {}
    for who in ("old", "new"):
        report[who] = {}
        for phase in ("bidding", "play"):
            xs = [t for r in rows for t, ph in zip(r[who], r["phases"]) if ph == phase]
            report[who][phase] = stats(xs)
        report[who]["seconds_per_deal"] = statistics.fmean(sum(r[who]) for r in rows)
        report[who]["seconds_per_deal_max"] = max(sum(r[who]) for r in rows)
    same = sum(r["same"] for r in rows)
    total = sum(r["decisions"] for r in rows)
    lo, hi = wilson_interval(same, total)
    for phase in ("bidding", "play"):
        o, n = report["old"][phase], report["new"][phase]
        print(f"{phase}: old median {o['median']:.3f} s p99 {o['p99']:.3f} max {o['max']:.3f}; "
              f"new median {n['median']:.3f} s p99 {n['p99']:.3f} max {n['max']:.3f} ({n['decisions']} decisions)")
    print(f"per deal: old {report['old']['seconds_per_deal']:.1f} s, new {report['new']['seconds_per_deal']:.1f} s; "
          f"identical actions {same}/{total}")
    if args.out:
        ratio = {ph: report["old"][ph]["median"] / report["new"][ph]["median"] for ph in ("bidding", "play")}
        summary = []
        for phase in ("bidding", "play"):
            n, o = report["new"][phase], report["old"][phase]
            summary.append({"what": f"strongest Comrade partner, seconds per decision in the {phase} (median / 99th "
                                    f"percentile / slowest), today's code next to the old on the same decisions",
                            "figure": f"{n['median']:.3f} / {n['p99']:.3f} / {n['max']:.3f} s "
                                      f"(old {o['median']:.3f} / {o['p99']:.3f} / {o['max']:.3f} s; median "
                                      f"{ratio[phase]:.1f}x faster)",
                            "interval": f"{n['decisions']} decisions on {len(rows)} deals; a shared machine "
                                        f"(load {load_before[0]:.1f} at the start, {load_after[0]:.1f} at the end)"})
        summary.append({"what": "strongest Comrade partner, seconds per study deal (all seats' decisions)",
                        "figure": f"{report['new']['seconds_per_deal']:.1f} s (old "
                                  f"{report['old']['seconds_per_deal']:.1f} s)",
                        "interval": f"mean of {len(rows)} deals; slowest {report['new']['seconds_per_deal_max']:.1f} s "
                                    f"(old {report['old']['seconds_per_deal_max']:.1f} s)"})
        summary.append({"what": "decisions where today's partner chooses the old partner's action",
                        "figure": f"{same} of {total}",
                        "interval": f"95 % Wilson interval {lo:.3f}-{hi:.3f}"})
        meta = {"command": " ".join(["python", "benchmarks/bench_comrade_speed.py"] + sys.argv[1:]),
                **code_hashes(), "commit": git_commit(), "base_commit": base,
                "date": datetime.now(timezone.utc).isoformat(timespec="seconds"),
                "machine": machine(),
                "load_average": load_averages(load_before, load_after,
                                              ": absolute seconds are inflated by the other work; old and new "
                                              "take turns deal by deal, so the ratio is fair")}
        data = {"meta": meta, "summary": summary, "report": report,
                "deals": [{k: r[k] for k in ("seed", "players", "decisions", "same", "differ")} |
                          {"old_seconds": round(sum(r["old"]), 3), "new_seconds": round(sum(r["new"]), 3)}
                          for r in rows]}
        write_result(args.out, data)
    return 0 if same == total else 1


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        sys.path.insert(0, sys.argv[2])
        print(json.dumps(play_timed(int(sys.argv[3]), int(sys.argv[4]))))
        sys.exit(0)
    sys.exit(main())
