"""The price of silence (issue 12, section 3): silent tables against perfect cooperation.

Rewrites the stored results that notebook 22 loads (the command actually used is stored in
the file, ``meta["command"]``):

    .venv/bin/python benchmarks/bench_comrade_silence.py --deals 200 --sampling-deals 200 \\
        --samples N --out benchmarks/results/comrade_silence.json

Deals 0, 1, 2, ... (``Deal.random(seed)``, dealer ``seed % 4``).  Every deal is solved with
all hands visible (the upper bound) and played by a table of four RandomPlayers and of four
HeuristicPlayers; the first ``--sampling-deals`` deals also by four SamplingPlayers
(``--samples`` hidden deals per decision; ``--node-limit`` and ``--bid-node-limit``
positions per solver call in the play and the bidding, so the games are the same on every
machine; ``--time-limit`` an optional safety net in seconds that makes them machine-dependent).
Runs on a local process pool (``--workers``).

``--decisions K`` instead times K play and K bidding sampling decisions (N = ``--samples``;
the issue's speed target is N = 32, median <= 1 s) on positions of seeded heuristic games
(each non-forced decision with probability 0.3), and prints for each phase the median and
slowest time and the solver calls made.  The player's exact shortcuts (a first look at the
sample's position, equivalent cards, successive elimination; see
:class:`solvers.comrade.sampling.SamplingPlayer`) and the node budgets are what make a
decision fast; ``SamplingPlayer.scores`` is the full computation they are tested against.
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
from solvers.comrade.sampling import BID_NODE_LIMIT, PLAY_NODE_LIMIT, SamplingPlayer  # noqa: E402
from solvers.comrade.study import play_deal, run_tasks, save, summary  # noqa: E402


def time_decisions(count: int, seed: int, samples: int, node_limit: int | None, bid_node_limit: int | None,
                   time_limit: float | None = None) -> None:
    """Time ``count`` play and ``count`` bidding sampling decisions on positions of heuristic games."""
    rng = random.Random(seed)
    times: dict[str, list[float]] = {"play": [], "bidding": []}
    calls: dict[str, list[int]] = {"play": [], "bidding": []}
    while min(map(len, times.values())) < count:
        game = ComradeGame(Deal.random(rng.randrange(10**9)), dealer=rng.randrange(4))
        h = HeuristicPlayer()
        while not game.is_terminal():
            seat, legal = game.current_player(), game.legal_actions()
            if len(legal) > 1 and rng.random() < 0.3 and len(times[game.phase]) < count:
                p = SamplingPlayer(samples=samples, seed=rng.randrange(1000), node_limit=node_limit,
                                   bid_node_limit=bid_node_limit, time_limit=time_limit,
                                   bid_time_limit=time_limit)
                t = time.perf_counter()
                p.act(game.view(seat), legal)
                times[game.phase].append(time.perf_counter() - t)
                calls[game.phase].append(p.last_calls)
            game.apply(h.act(game.view(seat), legal))
    for name, ts in times.items():
        print(f"sampling decisions ({name}), N = {samples}: {len(ts)} timed, median {statistics.median(ts):.3f} s, "
              f"slowest {max(ts):.3f} s; solver calls median {statistics.median(calls[name]):.0f}, "
              f"most {max(calls[name])}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--sampling-deals", type=int, default=24)
    ap.add_argument("--samples", type=int, default=8)
    ap.add_argument("--node-limit", type=int, default=PLAY_NODE_LIMIT,
                    help="positions per solver call in the play (the same answers on every machine)")
    ap.add_argument("--bid-node-limit", type=int, default=BID_NODE_LIMIT, help="the same in the bidding")
    ap.add_argument("--time-limit", type=float, default=None,
                    help="optional safety net, seconds per solver call (makes results machine-dependent)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--decisions", type=int, default=0,
                    help="only time this many play and this many bidding sampling decisions (N = --samples)")
    args = ap.parse_args()
    if args.decisions:
        time_decisions(args.decisions, 12, args.samples, args.node_limit, args.bid_node_limit, args.time_limit)
        return
    cfg = (args.samples, args.node_limit, args.bid_node_limit, args.time_limit)
    tasks = [(s, k) + cfg for s in range(args.deals) for k in ("perfect", "random", "heuristic")]
    tasks += [(s, "sampling") + cfg for s in range(args.sampling_deals)]
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
                   "--node-limit {} --bid-node-limit {}{} --out {}").format(
            args.deals, args.sampling_deals, args.samples, args.node_limit, args.bid_node_limit,
            "" if args.time_limit is None else f" --time-limit {args.time_limit}", args.out.as_posix())
        save(records, args.out, {"command": command, "deals": args.deals, "sampling_deals": args.sampling_deals,
                                 "samples": args.samples, "node_limit": args.node_limit,
                                 "bid_node_limit": args.bid_node_limit, "time_limit": args.time_limit,
                                 "wall_seconds": round(wall), "workers": args.workers,
                                 "python": platform.python_version()})
        print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
