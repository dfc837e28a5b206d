"""Benchmark of the Comrade solver on deals built to be hard to prove lost (issue 15).

    .venv/bin/python benchmarks/bench_comrade_hard.py              # 104 hard + 200 random deals
    .venv/bin/python benchmarks/bench_comrade_hard.py --time-limit 5 --random 50

The hard deals are the four deals quoted in issue 15 and 100 seeded deals of the
families in :mod:`solvers.comrade.families` (split pairs, one player with nearly all the
top cards, extreme shapes, balanced 3-player hands).  The same run solves the 200 random
deals of ``bench_comrade_solver.py`` twice, with the refutation rules on (the default)
and off, so the random-deal times compare on the same machine at the same moment, and
checks that both settings give the same verdicts.

Targets (issue 15): no "unknown" at the 10 s limit on the hard deals, no change of any
verdict, and a random-deal median no slower than without the refutation rules.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_comrade_solver import jobs as random_jobs  # noqa: E402
from solvers.comrade import SolverOptions, solve  # noqa: E402
from solvers.comrade.families import hard_jobs  # noqa: E402


def run(work, time_limit, options=SolverOptions()):
    out = []
    for deal, dealer, *_ in work:
        r = solve(deal, dealer, time_limit=time_limit, options=options)
        out.append(r)
    return out


def summary(label, results) -> str:
    times = [r.seconds for r in results]
    v = Counter(r.verdict for r in results)
    slow = max(results, key=lambda r: r.seconds)
    return (f"{label}: {len(results)} deals - win {v['win']}, no_win {v['no_win']}, unknown {v['unknown']}; "
            f"median {1000 * statistics.median(times):.1f} ms, slowest {slow.seconds:.2f} s "
            f"({slow.deal.to_pbn()} dealer={slow.dealer} -> {slow.verdict})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--time-limit", type=float, default=10.0)
    ap.add_argument("--random", type=int, default=200, help="random deals to compare with (default 200)")
    ap.add_argument("--seed", type=int, default=15, help="seed of the hard families")
    args = ap.parse_args()

    t0 = time.perf_counter()
    hard = hard_jobs(args.seed)
    hard_results = run(hard, args.time_limit)
    print(f"Comrade solver, hard deals (seed {args.seed}), time limit {args.time_limit:g} s, one process")
    print("  " + summary("all hard", hard_results))
    for family in dict.fromkeys(f for _, _, f in hard):
        part = [r for r, (_, _, f) in zip(hard_results, hard) if f == family]
        print("  " + summary(f"  {family:<6}", part))
    for r in hard_results:
        if r.verdict == "unknown":
            print(f"    unknown: {r.deal.to_pbn()} dealer={r.dealer}")

    work = random_jobs(args.random, 2016)
    on, off = [], []
    for job in work:            # alternate, so both settings see the same machine load
        on += run([job], args.time_limit)
        off += run([job], args.time_limit, SolverOptions(refute=False))
    print("  " + summary("random, refutation on ", on))
    print("  " + summary("random, refutation off", off))
    same = all(a.verdict == b.verdict for a, b in zip(on, off) if "unknown" not in (a.verdict, b.verdict))
    m_on = statistics.median(r.seconds for r in on)
    m_off = statistics.median(r.seconds for r in off)
    m_hard = statistics.median(r.seconds for r in hard_results)
    print(f"  random verdicts equal with and without refutation: {same}")
    print(f"  median ratio random on/off: {m_on / m_off:.2f};  hard median / random median: {m_hard / m_on:.1f}")
    print(f"  total {time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
