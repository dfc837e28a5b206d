"""Krypkille rules engine timings: whole rounds with the reference players, and single steps.

Run: .venv/bin/python benchmarks/bench_krypkille_rules.py
Prints medians over repeated batches (the notebook's 2,000-round simulation must stay well under 10 s).
"""

from __future__ import annotations

import statistics
import time

from cardgames.krypkille import HeuristicPlayer, KrypkilleGame, RandomPlayer, play_round


def batch(make_players, rounds: int, n: int = 4) -> float:
    t0 = time.perf_counter()
    for i in range(rounds):
        play_round(make_players(i, n), dealer=i % n, seed=i)
    return time.perf_counter() - t0


def main() -> None:
    for name, make in (("random", lambda i, n: [RandomPlayer(seed=10 * i + s) for s in range(n)]),
                       ("heuristic", lambda i, n: [HeuristicPlayer(seed=10 * i + s) for s in range(n)])):
        for n in (3, 4, 5):
            times = [batch(make, 200, n) for _ in range(5)]
            per_round = statistics.median(times) / 200
            print(f"{name:>9} players, {n} seats: median {per_round * 1e3:.2f} ms per round "
                  f"({1 / per_round:,.0f} rounds/s)")
    times = [batch(lambda i, n: [HeuristicPlayer(seed=10 * i + s) for s in range(n)], 2000) for _ in range(3)]
    print(f"notebook simulation (2,000 heuristic rounds, 4 seats): median {statistics.median(times):.2f} s")
    r = KrypkilleGame(num_players=5, seed=1)
    t = []
    for _ in range(7):
        t0 = time.perf_counter()
        for _ in range(1000):
            r.legal_actions()
        t.append((time.perf_counter() - t0) / 1000)
    print(f"legal_actions in the discard phase (5 seats): median {statistics.median(t) * 1e6:.1f} µs")


if __name__ == "__main__":
    main()
