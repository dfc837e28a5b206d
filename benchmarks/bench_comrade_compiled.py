"""The Comrade play search and the players' card and inference compiled with mypyc (``make compiled``) next to
their Python sources, on the same solver calls and the same whole games.

Rewrites the stored results (the command actually used is stored in the file, ``meta["command"]``):

    make compiled
    nice .venv/bin/python benchmarks/bench_comrade_compiled.py --deals 30-32 --rounds 3 --players 30-39 \\
        --out benchmarks/results/comrade_compiled.json

1. **Record.** A child process running the Python sources (``CARDGAMES_PURE_PYTHON=1``) plays the deals
   ``--deals`` with four strongest partners (:class:`~solvers.comrade_players.cardsearch.CardSearchPlayer`
   seeded ``10 * seed + seat``, as ``study.make_table(kind="best")`` builds them) and keeps every position the
   players hand to the solver (the game, pickled), with the solver's verdict and node count.
2. **Replay.** Child processes replay every recorded call with
   :func:`~solvers.comrade.position.solve_position` (same arguments), the Python sources and the compiled
   modules taking turns ``--rounds`` times (a fresh process each, so both start with empty tables).  Each
   replay must give every call the recorded verdict *and node count* (the same search tree), or the
   benchmark fails.  Reported: CPU seconds of the solver calls (``time.process_time``), best and median of
   the rounds, and their ratio.
3. **Players** (``--players``): each deal played by the four partners in a child process with the Python
   sources and in one with the compiled modules (:data:`solvers.compiled.MODULES`: the search, the convention
   card, the inference, the search player), taking turns deal by deal (the first backend alternating); every
   action must be the same.  Reported: seconds per decision (median, 99th percentile, slowest; bidding and
   play apart) and per deal, wall-clock and CPU seconds.

Exit status 1 when a verdict, a node count or an action differs; without a compiled build it measures nothing
and says so (exit status 2 with ``--out``, else 0, so that ``make benchmarks`` goes on).
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HERE = Path(__file__).resolve().parent
PURE_ENV = "CARDGAMES_PURE_PYTHON"
BACKENDS = ("python", "compiled")
CODE_HASH_OF = ("sha1 of solvers/{comrade/picture,comrade/keys,comrade/bounds,comrade/search,"
                "comrade_players/convention,comrade_players/inference,comrade_players/cardsearch}.py (first 12 hex)")

sys.path.insert(0, str(HERE))
from bench_comrade_speed import git_commit, play_timed, seeds_of  # noqa: E402  (a sibling script: the same deal ranges)
from stored import load_averages, machine, write_result  # noqa: E402



# -- the child processes --------------------------------------------------------------------------------

def backend() -> str:
    from solvers import compiled
    return compiled.backend()


def record(path: str, seeds: list[int]) -> dict:
    """Play the deals ``seeds`` (four players) and pickle every solver call of the players to ``path``."""
    from cardgames.comrade import ComradeGame
    from solvers.comrade_players import cardsearch
    from solvers.comrade_players.cardsearch import CardSearchPlayer
    from solvers.studies.comrade_tables import deal_for_seed

    calls = []
    solve = cardsearch.solve_position

    def recorded(game, time_limit=None, **kw):
        blob = pickle.dumps(game)
        res = solve(game, time_limit, **kw)
        calls.append({"game": blob, "time_limit": time_limit, "kw": kw, "verdict": res.verdict, "nodes": res.nodes})
        return res

    cardsearch.solve_position = recorded
    decisions = 0
    for seed in seeds:
        deal, dealer = deal_for_seed(seed, 4)
        game = ComradeGame(deal, dealer)
        table = [CardSearchPlayer(seed=seed * 10 + p) for p in range(4)]
        while not game.is_terminal():
            seat = game.current_player()
            game.apply(table[seat].act(game.view(seat), tuple(game.legal_actions())))
            decisions += 1
    with open(path, "wb") as f:
        pickle.dump(calls, f)
    return {"backend": backend(), "calls": len(calls), "decisions": decisions}


def replay(path: str) -> dict:
    """Every recorded call again: its verdict and node count, and the CPU seconds of all of them."""
    from solvers.comrade.position import solve_position

    with open(path, "rb") as f:
        calls = pickle.load(f)
    games = [pickle.loads(c["game"]) for c in calls]
    got = []
    cpu = 0.0
    wall = time.perf_counter()
    for c, game in zip(calls, games):
        t = time.process_time()
        res = solve_position(game, c["time_limit"], **c["kw"])
        cpu += time.process_time() - t
        got.append([res.verdict, res.nodes])
    return {"backend": backend(), "results": got, "cpu": cpu, "wall": time.perf_counter() - wall}


def play(seed: int) -> dict:
    return {"backend": backend(), **play_timed(seed, 4)}


def child(which: str, *args: str) -> dict:
    """Run ``--worker which args`` in a fresh interpreter with the backend ``which`` names first."""
    env = dict(os.environ)
    mode, rest = args[0], args[1:]
    if which == "python":
        env[PURE_ENV] = "1"
    else:
        env.pop(PURE_ENV, None)
    out = subprocess.run([sys.executable, __file__, "--worker", mode, *rest], env=env, cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout
    got = json.loads(out.strip().splitlines()[-1])
    if got["backend"] != which:
        raise SystemExit(f"asked for the {which} modules, the child ran the {got['backend']} ones")
    return got


# -- the comparison --------------------------------------------------------------------------------------

def quantile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]


def stats(xs: list[float]) -> dict:
    return {"decisions": len(xs), "median": round(statistics.median(xs), 4), "p99": round(quantile(xs, 0.99), 4),
            "max": round(max(xs), 4)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", default="30-32", help="four-player deals whose solver calls are replayed")
    ap.add_argument("--rounds", type=int, default=3, help="replays of each backend, taking turns")
    ap.add_argument("--players", default="", help="four-player deals played whole by each backend (e.g. 30-39)")
    ap.add_argument("--out", help="write the results here (JSON)")
    args = ap.parse_args(argv)
    probe = subprocess.run([sys.executable, "-c", "from solvers import compiled; print(compiled.backend())"],
                           cwd=ROOT, capture_output=True, text=True, env={**os.environ, PURE_ENV: ""})
    if probe.stdout.strip() != "compiled":
        print("the compiled modules are not built (or older than their sources): run make compiled first; "
              "nothing measured", file=sys.stderr)
        return 2 if args.out else 0          # make benchmarks runs every script: a skip, unless a file was asked
    load_before = os.getloadavg()
    ok = True
    with tempfile.TemporaryDirectory(prefix="comrade-compiled-") as tmp:
        calls_file = str(Path(tmp) / "calls.pickle")
        rec = child("python", "record", calls_file, args.deals)
        with open(calls_file, "rb") as f:
            calls = pickle.load(f)
        expected = [[c["verdict"], c["nodes"]] for c in calls]
        print(f"recorded {len(calls)} solver calls of {rec['decisions']} decisions (deals {args.deals}), "
              f"{sum(n for _, n in expected)} positions", flush=True)
        times: dict[str, list[float]] = {b: [] for b in BACKENDS}
        for r in range(args.rounds):
            for which in (BACKENDS if r % 2 == 0 else BACKENDS[::-1]):
                got = child(which, "replay", calls_file)
                same = got["results"] == expected
                ok &= same
                times[which].append(got["cpu"])
                print(f"round {r + 1}, {which}: {got['cpu']:.2f} s CPU, verdicts and node counts "
                      f"{'identical' if same else 'DIFFER'}", flush=True)
    solver = {b: {"cpu_best": round(min(times[b]), 3), "cpu_median": round(statistics.median(times[b]), 3),
                  "cpu_rounds": [round(x, 3) for x in times[b]]} for b in BACKENDS}
    ratio = solver["python"]["cpu_best"] / solver["compiled"]["cpu_best"]
    print(f"solver calls: python {solver['python']['cpu_best']:.2f} s, compiled {solver['compiled']['cpu_best']:.2f} s "
          f"(best of {args.rounds}): {ratio:.2f}x")
    players: dict = {}
    deals = []
    if args.players:
        rows = []
        for i, seed in enumerate(seeds_of(args.players)):
            got = {w: child(w, "play", str(seed)) for w in (BACKENDS if i % 2 == 0 else BACKENDS[::-1])}
            same = got["python"]["actions"] == got["compiled"]["actions"]
            ok &= same
            rows.append(got)
            deals.append({"seed": seed, "decisions": len(got["python"]["actions"]), "same": same,
                          **{f"{w}_seconds": round(sum(got[w]["seconds"]), 3) for w in BACKENDS},
                          **{f"{w}_cpu": round(sum(got[w]["cpu"]), 3) for w in BACKENDS}})
            print(f"deal {seed}: python {sum(got['python']['seconds']):.1f} s ({sum(got['python']['cpu']):.1f} s CPU), "
                  f"compiled {sum(got['compiled']['seconds']):.1f} s ({sum(got['compiled']['cpu']):.1f} s CPU), "
                  f"actions {'identical' if same else 'DIFFER'}", flush=True)
        for w in BACKENDS:
            # wall-clock seconds (what a person at the table waits) and the CPU seconds of the deciding process
            # (on a shared machine the wall clock also counts the time other processes had the core)
            players[w] = {ph: stats([t for r in rows for t, p in zip(r[w]["seconds"], r[w]["phases"]) if p == ph])
                          for ph in ("bidding", "play")}
            players[w]["seconds_per_deal"] = round(statistics.fmean(sum(r[w]["seconds"]) for r in rows), 3)
            players[w]["seconds_per_deal_max"] = round(max(sum(r[w]["seconds"]) for r in rows), 3)
            players[w]["cpu"] = {ph: stats([t for r in rows for t, p in zip(r[w]["cpu"], r[w]["phases"]) if p == ph])
                                 for ph in ("bidding", "play")}
            players[w]["cpu"]["seconds_per_deal"] = round(statistics.fmean(sum(r[w]["cpu"]) for r in rows), 3)
            for clock, got in (("wall", players[w]), ("CPU", players[w]["cpu"])):
                print(f"{w} ({clock}): " + "; ".join(f"{ph} median {got[ph]['median']:.3f} s p99 {got[ph]['p99']:.3f} "
                                                     f"max {got[ph]['max']:.3f}" for ph in ("bidding", "play"))
                      + f"; {got['seconds_per_deal']:.1f} s per deal")
    load_after = os.getloadavg()
    if args.out:
        write(args, rec, len(calls), sum(n for _, n in expected), solver, ratio, players, deals,
              load_before, load_after, ok)
    return 0 if ok else 1


def write(args, rec, ncalls, nodes, solver, ratio, players, deals, load_before, load_after, ok) -> None:
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "tools"))
    from check_results import raw_hash

    load = f"load {load_before[0]:.1f} at the start, {load_after[0]:.1f} at the end"
    py, co = solver["python"], solver["compiled"]
    summary = [{"what": "Comrade play search compiled with mypyc (make compiled), CPU seconds of the strongest "
                        "partners' recorded solver calls, next to the Python sources",
                "figure": f"{co['cpu_best']:.2f} s against {py['cpu_best']:.2f} s ({ratio:.2f}x faster)",
                "interval": f"{ncalls} calls ({rec['decisions']} decisions) of deals {args.deals}, "
                            f"best of {args.rounds} replays each (compiled {min(co['cpu_rounds']):.2f}-"
                            f"{max(co['cpu_rounds']):.2f} s, Python {min(py['cpu_rounds']):.2f}-"
                            f"{max(py['cpu_rounds']):.2f} s); same verdict and node count on every call "
                            f"({nodes} positions): {'yes' if ok else 'NO'}; {load}"}]
    if players:
        for ph in ("bidding", "play"):
            c, p = players["compiled"][ph], players["python"][ph]
            cc, pc = players["compiled"]["cpu"][ph], players["python"]["cpu"][ph]
            summary.append({"what": f"strongest Comrade partner compiled (make compiled: search, card, inference, "
                                    f"rollouts), seconds per decision in the {ph} (median / 99th percentile / "
                                    f"slowest)",
                            "figure": f"{c['median']:.3f} / {c['p99']:.3f} / {c['max']:.3f} s (Python sources "
                                      f"{p['median']:.3f} / {p['p99']:.3f} / {p['max']:.3f} s)",
                            "interval": f"{c['decisions']} decisions on {len(deals)} deals ({args.players}), the two "
                                        f"taking turns deal by deal; CPU seconds {cc['median']:.3f} / {cc['p99']:.3f}"
                                        f" / {cc['max']:.3f} (Python {pc['median']:.3f} / {pc['p99']:.3f} / "
                                        f"{pc['max']:.3f}); {load}"})
        same = sum(d["same"] for d in deals)
        summary.append({"what": "strongest Comrade partner compiled (make compiled: search, card, inference, "
                                "rollouts), seconds per study deal",
                        "figure": f"{players['compiled']['seconds_per_deal']:.1f} s (Python sources "
                                  f"{players['python']['seconds_per_deal']:.1f} s)",
                        "interval": f"mean of {len(deals)} deals (CPU seconds "
                                    f"{players['compiled']['cpu']['seconds_per_deal']:.1f} against "
                                    f"{players['python']['cpu']['seconds_per_deal']:.1f}); every action the same in "
                                    f"{same} of {len(deals)} deals"})
    meta = {"command": " ".join(["python", "benchmarks/bench_comrade_compiled.py"] + sys.argv[1:]),
            "code_hash": raw_hash(CODE_HASH_OF), "code_hash_of": CODE_HASH_OF, "commit": git_commit(),
            "date": datetime.now(timezone.utc).isoformat(timespec="seconds"),
            "machine": machine("gcc via mypyc"),
            "load_average": load_averages(load_before, load_after,
                                          "; the two backends take turns in fresh processes, so the ratio is fair")}
    data = {"meta": meta, "summary": summary, "solver": {"calls": ncalls, "positions": nodes, **solver,
                                                         "ratio": round(ratio, 3), "identical": ok},
            "players": players, "deals": deals}
    write_result(args.out, data)


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--worker":
        sys.path.insert(0, str(ROOT))
        mode, rest = sys.argv[2], sys.argv[3:]
        if mode == "record":
            result = record(rest[0], seeds_of(rest[1]))
        elif mode == "replay":
            result = replay(rest[0])
        else:
            result = play(int(rest[0]))
        print(json.dumps(result))
        sys.exit(0)
    sys.exit(main())
