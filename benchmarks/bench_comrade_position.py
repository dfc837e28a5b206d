"""Benchmark of solve_position on mid-play positions with fixed bids.

    .venv/bin/python benchmarks/bench_comrade_position.py                # 500 positions
    .venv/bin/python benchmarks/bench_comrade_position.py --positions 100

Positions come from seeded random games: a random 13-card deal with a random dealer;
the bidding of the solver's winning certificate (so the final bids are ones this deal
can make, not hopeless ones); then a random number (4 to 44) of cards, each following
the certificate with probability 0.8 and otherwise a random legal card.  Games already
lost are skipped, so every position is alive, some still winnable and some not.

Targets: median <= 5 ms and slowest <= 0.5 s per position, certificate replay included.
``solve_position`` runs its default, the portfolio: the search alone for 500 positions, then the
search and the SAT formula by turns (:mod:`solvers.comrade.portfolio`).
Times depend on the machine; the verdicts do not.
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

from cardgames.comrade import ComradeGame, Deal  # noqa: E402
from solvers.comrade import solve, solve_position  # noqa: E402


def positions(count: int, seed: int) -> list[ComradeGame]:
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        deal = Deal.random(rng.randrange(10**9))
        dealer = rng.randrange(4)
        r = solve(deal, dealer)
        if r.verdict != "win":
            continue
        game = ComradeGame(deal, dealer).play(list(r.bidding))
        plan = [c for t in r.tricks for c in t]
        for i in range(rng.randrange(4, 45)):
            if game.phase != "play":
                break
            legal = [str(a) for a in game.legal_actions()]
            follow = i < len(plan) and plan[i] in legal and rng.random() < 0.8
            card = plan[i] if follow else rng.choice(legal)
            if card != (plan[i] if i < len(plan) else None):
                plan = []                          # off the certificate: random from now on
            game.apply(card)
        if game.phase == "play":
            out.append(game)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=500)
    ap.add_argument("--seed", type=int, default=12)
    args = ap.parse_args()
    work = positions(args.positions, args.seed)
    times, verdicts, engines = [], Counter(), Counter()
    mid_trick = sum(1 for g in work if g.current_trick)
    for g in work:
        t = time.perf_counter()
        r = solve_position(g)
        times.append(time.perf_counter() - t)
        verdicts[r.verdict] += 1
        engines[r.engine or "the position itself"] += 1
    print(f"solve_position, {len(work)} mid-play positions with fixed bids (seed {args.seed}), "
          f"{mid_trick} in the middle of a trick")
    print(f"verdicts: {dict(verdicts)};  decided by: {dict(engines)}")
    ordered = sorted(times)
    p90, p99 = ordered[int(0.9 * len(ordered))], ordered[int(0.99 * len(ordered))]
    print(f"median {statistics.median(times) * 1000:.2f} ms   mean {statistics.mean(times) * 1000:.2f} ms   "
          f"90th percentile {p90 * 1000:.1f} ms   99th {p99:.2f} s   slowest {max(times):.3f} s   "
          f"(targets: median <= 5 ms, slowest <= 0.5 s)")
    print(f"over 0.5 s: {sum(1 for t in times if t > 0.5)} of {len(times)}")


if __name__ == "__main__":
    main()
