"""Krypkille endgame explorer timings (targets: level 2 < 0.2 s, level 3 < 10 s for 5 players).

Run: .venv/bin/python benchmarks/bench_krypkille_endgame.py
Prints medians and maxima over seeded endgames dealt by the engine (level 2 for each belief
model: "uniform", "play", and "policy", the default for such rounds), plus the
worst case for level 2 (no public cards at all: 41 unseen cards, all 21 kinds),
and for level 3 on 2-5 players: time per endgame, how the equilibrium was found
and the largest regret (must be at most REGRET_TOLERANCE).
Options: --deals N (endgames per player count for the level-3 survey, default 50).
"""

from __future__ import annotations

import statistics
import time

import argparse
from collections import Counter

from solvers.krypkille_endgame import REGRET_TOLERANCE, Endgame, equilibrium, player_view
from solvers.krypkille_endgame.equilibrium import _solve_cached


def timed(fn):
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def survey(deals: int) -> None:
    print(f"level 3 on engine-dealt endgames (seeds 0-{deals - 1}), regret tolerance {REGRET_TOLERANCE:g}")
    for n in (2, 3, 4, 5):
        times, how, worst = [], Counter(), 0.0
        for seed in range(deals):
            end = Endgame.deal(n, seed=seed)
            _solve_cached.cache_clear()
            t0 = time.perf_counter()
            eq = end.equilibrium()
            times.append(time.perf_counter() - t0)
            how["pure" if eq.profile.is_pure else "mixed"] += 1
            worst = max(worst, eq.regret, eq.max_regret())
        print(f"  {n} players: median {statistics.median(times):.3f} s, max {max(times):.3f} s, "
              f"{dict(how)}, largest regret {worst:.1e}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=50)
    args = ap.parse_args()
    survey(args.deals)
    ends = [Endgame.deal(5, seed=s) for s in range(20)]

    cold2, warm2 = {}, {}
    for beliefs in ("uniform", "play", "policy"):      # "policy" is the default for these engine-dealt rounds
        cold2[beliefs], warm2[beliefs] = [], []
        for end in ends:
            for seat in range(5):
                _solve_cached.cache_clear()
                cold2[beliefs].append(timed(lambda: end.view(seat, beliefs=beliefs)))  # incl. level 3 for the others
                warm2[beliefs].append(timed(lambda: end.view(seat, beliefs=beliefs)))  # level 3 already cached
    worst, worst_warm = [], []
    for seat, card in ((0, "Mask"), (4, "7"), (2, "Harlequin"), (1, "Pig"), (3, "1")):
        _solve_cached.cache_clear()
        worst.append(timed(lambda: player_view(5, seat, card, first=0, played=())))
        worst_warm.append(timed(lambda: player_view(5, seat, card, first=0, played=())))
    print("level 2 (one player's view), 5 players")
    for beliefs in cold2:
        cold, warm = cold2[beliefs], warm2[beliefs]
        print(f"  dealt endgames, beliefs={beliefs!r}, cold (incl. level 3): median {statistics.median(cold):.4f} s, "
              f"max {max(cold):.4f} s  [{len(cold)} views]")
        print(f"  dealt endgames, beliefs={beliefs!r}, warm: median {statistics.median(warm):.4f} s, "
              f"max {max(warm):.4f} s")
    print(f"  worst case, no public cards (cold):   median {statistics.median(worst):.4f} s, max {max(worst):.4f} s")
    print(f"  worst case, no public cards (warm):   median {statistics.median(worst_warm):.4f} s, "
          f"max {max(worst_warm):.4f} s")

    eq3 = []
    for end in ends:
        _solve_cached.cache_clear()
        eq3.append(timed(lambda: end.equilibrium()))
    generic = []
    for table in ("default", "alternative"):
        _solve_cached.cache_clear()
        generic.append(timed(lambda: equilibrium(5, (), table)))
    print("level 3 (equilibrium), 5 players")
    print(f"  dealt endgames: median {statistics.median(eq3):.4f} s, max {max(eq3):.4f} s  [{len(eq3)} endgames]")
    print(f"  no public cards (generic table): max {max(generic):.4f} s")
    _solve_cached.cache_clear()
    print(f"  whole threshold table, 2-5 players x 2 tables: "
          f"{timed(lambda: [equilibrium(n, (), t) for n in (2, 3, 4, 5) for t in ('default', 'alternative')]):.4f} s")


if __name__ == "__main__":
    main()
