"""Heart Challenge: how fast is a whole match, and the exact odds?

Prints medians over several runs: a 10-round match of random players and of cautious players
(4 and 10 players), the actions per second, and the exact chance table for one view.
"""

from __future__ import annotations

import statistics
import time

from cardgames.heart_challenge import CautiousPlayer, HeartChallengeGame, RandomPlayer, chance_table


def match(n: int, seed: int, kind: str) -> int:
    game = HeartChallengeGame(n, seed=seed)
    players = [RandomPlayer(seed + i) if kind == "random" else CautiousPlayer(seed + i) for i in range(n)]
    actions = 0
    while not game.is_terminal():
        seat = game.current_player()
        game.apply(players[seat].act(game.view(seat), tuple(game.legal_actions())), player=seat)
        actions += 1
    return actions


def main() -> None:
    for kind in ("random", "cautious"):
        for n in (4, 10):
            times, counts = [], []
            for seed in range(15):
                t = time.perf_counter()
                counts.append(match(n, seed, kind))
                times.append(time.perf_counter() - t)
            med = statistics.median(times)
            print(f"{kind:8} players, {n:2} seats: median match {med * 1000:7.1f} ms, "
                  f"median {statistics.median(counts):5.0f} actions, {sum(counts) / sum(times):8.0f} actions/s")
    game = HeartChallengeGame.staged(["S9 D9 C9", "HT D2 C2", "D3 C3 H7", "H8 D4 C4"],
                                     piles=["SA S6", "H2 S2", "S3 H3", "S4 H4"], stock="S5 H5 D5 C5 S7 D7")
    times = []
    for _ in range(50):
        t = time.perf_counter()
        chance_table(game.view(0))
        times.append(time.perf_counter() - t)
    print(f"exact chance table (8 numbers) from a view: median {statistics.median(times) * 1e6:.0f} µs")


if __name__ == "__main__":
    main()
