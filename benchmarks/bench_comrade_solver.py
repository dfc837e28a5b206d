"""Benchmark of the Comrade solver on seeded random 13-card deals.

    .venv/bin/python benchmarks/bench_comrade_solver.py            # 200 deals, one process
    .venv/bin/python benchmarks/bench_comrade_solver.py --deals 1000 --batch   # also the process pool

Targets: every deal decided within the 10 s budget (no "unknown"), median
under 50 ms, slowest under 2 s, peak memory under 1 GiB.  Prints the share of winnable
deals.  Times depend on the machine; the verdicts do not.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardgames.comrade import Deal  # noqa: E402
from solvers.comrade import solve, solve_many  # noqa: E402
from solvers.comrade.batch import default_processes  # noqa: E402


def jobs(count: int, seed: int, players: int = 4):
    rng = random.Random(seed)
    out = []
    for i in range(count):
        deal = Deal.random(rng.randrange(10**9), players=players)
        out.append((deal, rng.randrange(players)))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=2016)
    ap.add_argument("--players", type=int, default=4, choices=(3, 4))
    ap.add_argument("--time-limit", type=float, default=10.0)
    ap.add_argument("--batch", action="store_true", help="also time the process pool on the same deals")
    args = ap.parse_args()

    work = jobs(args.deals, args.seed, args.players)
    times, verdicts, nodes = [], [], []
    slowest = None
    t_all = time.perf_counter()
    for deal, dealer in work:
        r = solve(deal, dealer, time_limit=args.time_limit)
        times.append(r.seconds)
        verdicts.append(r.verdict)
        nodes.append(r.nodes)
        if slowest is None or r.seconds > slowest.seconds:
            slowest = r
    wall = time.perf_counter() - t_all
    peak_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    n = len(work)
    print(f"Comrade solver, {n} random {args.players}-player deals (seed {args.seed}), random dealer, one process")
    print(f"  win {verdicts.count('win')} ({100 * verdicts.count('win') / n:.1f}%), "
          f"no_win {verdicts.count('no_win')}, unknown {verdicts.count('unknown')}")
    print(f"  time per deal: median {1000 * statistics.median(times):.1f} ms, "
          f"mean {1000 * statistics.mean(times):.1f} ms, "
          f"90th pct {1000 * sorted(times)[int(0.9 * n)]:.1f} ms, max {1000 * max(times):.1f} ms")
    print(f"  positions per deal: median {statistics.median(nodes):.0f}, max {max(nodes)}")
    print(f"  total {wall:.1f} s; peak memory (max RSS) {peak_mib:.0f} MiB")
    print(f"  slowest: {slowest.deal.to_pbn()} dealer={slowest.dealer} -> {slowest.verdict}")
    if args.batch:
        procs = default_processes()
        t0 = time.perf_counter()
        batch_verdicts = [r.verdict for r in solve_many(work, time_limit=args.time_limit)]
        dt = time.perf_counter() - t0
        same = batch_verdicts == verdicts or "unknown" in verdicts + batch_verdicts
        print(f"  process pool ({procs} processes): {dt:.1f} s for {n} deals "
              f"({n / dt:.1f} deals/s), same verdicts: {same}")


if __name__ == "__main__":
    main()
