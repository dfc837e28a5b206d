"""Benchmark of the Comrade solver on deals built to be hard to prove lost.

    .venv/bin/python benchmarks/bench_comrade_hard.py              # 104 + 18 hard, 200 random deals
    .venv/bin/python benchmarks/bench_comrade_hard.py --late-only --random 0    # the 18 late ones
    .venv/bin/python benchmarks/bench_comrade_hard.py --time-limit 5 --random 50
    .venv/bin/python benchmarks/bench_comrade_hard.py --sat-alone --random 600   # the README's run

The hard deals are the four deals first quoted as hard and 100 seeded deals of the families
in :mod:`solvers.studies.hard_deals` (split pairs, one player with nearly all the top cards,
extreme shapes, balanced 3-player hands), then the three deals that were still ``unknown``
at 10 s after that (:data:`LATE_DEALS`), each with ``--variants`` seeded near deals (one or
two cards swapped between two hands; families ``late1``..``late3``).  The same run solves
the 200 random deals of ``bench_comrade_solver.py`` three times, alternating deal by deal so
that the times compare on the same machine at the same moment: the default (the portfolio of
the search and the SAT formula, :mod:`solvers.comrade.portfolio`), the search alone, and the
search without its refutation rules; and checks that all three give the same verdicts.

Targets: no "unknown" at the 10 s limit on the hard deals, no change of
any verdict, and a random-deal median no slower than before (ratio <= 1.05).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_comrade_solver import jobs as random_jobs  # noqa: E402
from cardgames.comrade import Deal  # noqa: E402
from solvers.comrade import SolverOptions, solve  # noqa: E402
from solvers.studies.hard_deals import hard_jobs  # noqa: E402

#: The last hard no-wins: the deals that were still ``unknown`` at 10 s, each with its dealer
#: (two balanced 3-player deals, and a 4-player deal with the top cards spread over two hands).
LATE_DEALS = (
    ("N:JT7.K97.97.T876 KQ9.QJT.KQJT.KJ 865.865.865.Q95", 0),
    ("N:KQJ9.KJ.KQT.KQT 85.T975.965.J96 T76.Q86.J87.875", 1),
    ("N:KQJ7.AQ7.AKQ.KQT T98.JT98.JT9.AJ9 A654.K653.876.87 32.42.5432.65432", 3),
)


def near_deal(pbn: str, seed: int, swaps: int = 1) -> Deal:
    """``pbn`` with ``swaps`` seeded small changes: each swaps one random card of one hand
    with one random card of another hand (a deal of the same family)."""
    rng = random.Random(seed)
    deal = Deal.from_pbn(pbn)
    hands = [list(h) for h in deal.hands]
    for _ in range(swaps):
        a, b = rng.sample(range(len(hands)), 2)
        i, j = rng.randrange(len(hands[a])), rng.randrange(len(hands[b]))
        hands[a][i], hands[b][j] = hands[b][j], hands[a][i]
    return Deal(hands, deal.variant)


def late_jobs(variants: int = 5, seed: int = 24):
    """The deals of :data:`LATE_DEALS` and ``variants`` seeded near deals of each (one or two
    swaps, same dealer, all different): ``(deal, dealer, family)``."""
    rng = random.Random(seed)
    out = []
    for k, (pbn, dealer) in enumerate(LATE_DEALS):
        family = f"late{k + 1}"
        seen = {Deal.from_pbn(pbn).to_pbn()}
        out.append((Deal.from_pbn(pbn), dealer, family))
        v = 0
        while v < variants:
            deal = near_deal(pbn, rng.randrange(10**9), swaps=1 + v % 2)
            if deal.to_pbn() not in seen:
                seen.add(deal.to_pbn())
                out.append((deal, dealer, family))
                v += 1
    return out


def run(work, time_limit, options=SolverOptions()):
    """Solve each deal; every result also gets ``cpu``, its CPU seconds (on a loaded machine the
    wall-clock ``seconds`` grow, the CPU time much less)."""
    out = []
    for deal, dealer, *_ in work:
        t = time.process_time()
        r = solve(deal, dealer, time_limit=time_limit, options=options)
        r.cpu = time.process_time() - t
        out.append(r)
    return out


def summary(label, results) -> str:
    times = [r.seconds for r in results]
    v = Counter(r.verdict for r in results)
    slow = max(results, key=lambda r: r.seconds)
    cpu = statistics.median(r.cpu for r in results)
    return (f"{label}: {len(results)} deals - win {v['win']}, no_win {v['no_win']}, unknown {v['unknown']}; "
            f"median {1000 * statistics.median(times):.1f} ms (CPU {1000 * cpu:.1f}), "
            f"slowest {slow.seconds:.2f} s (CPU {slow.cpu:.2f}) "
            f"({slow.deal.to_pbn()} dealer={slow.dealer} -> {slow.verdict})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--time-limit", type=float, default=10.0)
    ap.add_argument("--random", type=int, default=200, help="random deals to compare with (default 200)")
    ap.add_argument("--seed", type=int, default=15, help="seed of the hard families")
    ap.add_argument("--sat-alone", action="store_true",
                    help="also solve the hard deals with the SAT formula alone (engine='sat')")
    ap.add_argument("--variants", type=int, default=5,
                    help="seeded near deals of each of the last hard no-wins (default 5)")
    ap.add_argument("--late-only", action="store_true",
                    help="only the last hard no-wins and their near deals (not the seeded families)")
    args = ap.parse_args()

    t0 = time.perf_counter()
    hard = ([] if args.late_only else hard_jobs(args.seed)) + late_jobs(args.variants)
    hard_results = run(hard, args.time_limit)
    print(f"Comrade solver, hard deals (seed {args.seed}), time limit {args.time_limit:g} s, one process")
    print("  " + summary("all hard", hard_results))
    for family in dict.fromkeys(f for _, _, f in hard):
        part = [r for r, (_, _, f) in zip(hard_results, hard) if f == family]
        print("  " + summary(f"  {family:<6}", part))
    for r in hard_results:
        if r.verdict == "unknown":
            print(f"    unknown: {r.deal.to_pbn()} dealer={r.dealer} (CPU {r.cpu:.1f} s)")
    engines = Counter(r.engine or 'the shape alone' for r in hard_results if r.verdict != 'unknown')
    print(f"  decided by: {dict(engines)}")
    for r in hard_results:
        if r.engine == "sat":
            print(f"    by the SAT formula in {r.seconds:.2f} s (CPU {r.cpu:.2f}): {r.deal.to_pbn()} dealer={r.dealer} "
                  f"-> {r.verdict}")
    if args.sat_alone:
        alone = run(hard, args.time_limit, SolverOptions(engine="sat"))
        print("  " + summary("hard, SAT formula alone", alone))
        agree = all(a.verdict == b.verdict for a, b in zip(alone, hard_results)
                    if "unknown" not in (a.verdict, b.verdict))
        print(f"  same verdicts as the portfolio: {agree}")

    if not args.random:
        print(f"  total {time.perf_counter() - t0:.0f} s")
        return
    work = random_jobs(args.random, 2016)
    on, search, off = [], [], []
    for job in work:            # alternate, so every setting sees the same machine load
        on += run([job], args.time_limit)
        search += run([job], args.time_limit, SolverOptions(engine="search"))
        off += run([job], args.time_limit, SolverOptions(engine="search", refute=False))
    print("  " + summary("random, portfolio (default)  ", on))
    print("  " + summary("random, search alone         ", search))
    print("  " + summary("random, search without rules ", off))
    results = list(zip(on, search, off))
    same = all(len({r.verdict for r in trio} - {"unknown"}) <= 1 for trio in results)
    m_on = statistics.median(r.seconds for r in on)
    m_search = statistics.median(r.seconds for r in search)
    m_off = statistics.median(r.seconds for r in off)
    m_hard = statistics.median(r.seconds for r in hard_results)
    print(f"  random verdicts equal in all three settings: {same}")
    print(f"  median ratio random portfolio/search alone: {m_on / m_search:.2f};  search with/without rules: "
          f"{m_search / m_off:.2f};  hard median / random median: {m_hard / m_on:.1f}")
    print(f"  total {time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
