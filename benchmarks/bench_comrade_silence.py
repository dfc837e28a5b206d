"""The price of silence (issue 12, section 3): silent tables against perfect cooperation.

Rewrites the stored results that notebook 22 loads:

    .venv/bin/python benchmarks/bench_comrade_silence.py --deals 200 --sampling-deals 24 \\
        --out benchmarks/results/comrade_silence.json

Deals 0, 1, 2, ... (``Deal.random(seed)``, dealer ``seed % 4``).  Every deal is solved with
all hands visible (the upper bound) and played by a table of four RandomPlayers and of four
HeuristicPlayers; the first ``--sampling-deals`` deals also by four SamplingPlayers
(``--samples`` hidden deals per decision, ``--time-limit`` seconds per solver call).  Runs
on a local process pool (``--workers``).  ``--decisions K`` instead times K sampling
decisions with N = 32 (the issue's speed target: median <= 1 s).
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardgames.comrade import ComradeGame, Deal  # noqa: E402
from cardgames.comrade.players import HeuristicPlayer  # noqa: E402
from solvers.comrade.sampling import SamplingPlayer  # noqa: E402
from solvers.comrade.study import play_deal, run_tasks, save, summary  # noqa: E402


def time_decisions(count: int, seed: int, samples: int, time_limit: float) -> None:
    """Time ``count`` sampling decisions (play and bidding) on positions of heuristic games."""
    rng = random.Random(seed)
    play_t, bid_t = [], []
    while len(play_t) + len(bid_t) < count:
        game = ComradeGame(Deal.random(rng.randrange(10**9)), dealer=rng.randrange(4))
        h = HeuristicPlayer()
        while not game.is_terminal() and len(play_t) + len(bid_t) < count:
            seat, legal = game.current_player(), game.legal_actions()
            if len(legal) > 1 and rng.random() < 0.3:
                p = SamplingPlayer(samples=samples, seed=rng.randrange(1000), time_limit=time_limit)
                t = time.perf_counter()
                p.act(game.view(seat), legal)
                (bid_t if game.phase == "bidding" else play_t).append(time.perf_counter() - t)
            game.apply(h.act(game.view(seat), legal))
    for name, ts in (("play", play_t), ("bidding", bid_t)):
        if ts:
            print(f"sampling decisions ({name}), N = {samples}: {len(ts)} timed, median {statistics.median(ts):.3f} s, "
                  f"slowest {max(ts):.3f} s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--sampling-deals", type=int, default=24)
    ap.add_argument("--samples", type=int, default=4)
    ap.add_argument("--time-limit", type=float, default=0.03)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--decisions", type=int, default=0, help="only time this many N=32 sampling decisions")
    args = ap.parse_args()
    if args.decisions:
        time_decisions(args.decisions, 12, 32, 0.05)
        return
    tasks = [(s, k, args.samples, args.time_limit) for s in range(args.deals)
             for k in ("perfect", "random", "heuristic")]
    tasks += [(s, "sampling", args.samples, args.time_limit) for s in range(args.sampling_deals)]
    t = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        records = run_tasks(play_deal, tasks, pool, stall_timeout=1800,
                            progress=lambda d, n: print(f"\r{d}/{n}", end="", file=sys.stderr))
    wall = time.perf_counter() - t
    print(file=sys.stderr)
    for row in summary(records):
        print(f"{row['kind']:>10}: {row['wins']:>4}/{row['games']:<4} = {row['rate']:.3f} "
              f"(95% {row['low']:.3f}-{row['high']:.3f})")
    print(f"wall {wall:.0f} s on {args.workers} workers")
    if args.out:
        command = ("python benchmarks/bench_comrade_silence.py --deals {} --sampling-deals {} --samples {} "
                   "--time-limit {} --out {}").format(args.deals, args.sampling_deals, args.samples,
                                                       args.time_limit, args.out.as_posix())
        save(records, args.out, {"command": command, "deals": args.deals, "sampling_deals": args.sampling_deals,
                                 "samples": args.samples, "time_limit": args.time_limit,
                                 "wall_seconds": round(wall), "python": platform.python_version()})
        print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
