"""Calibration of the endgame explorer's two belief models on engine-dealt rounds.

For 2-5 players and ROUNDS seeded rounds each (heuristic players, seeds 0..ROUNDS-1), every seat's
predicted chance of holding the unique lowest final card, under the uniform model and under the
play-aware model (:mod:`solvers.krypkille_endgame.beliefs`), is compared with what happened, in ten
bins of predicted probability.  Prints the reliability table and writes it to
benchmarks/results/krypkille_calibration.json (notebook 11 draws its full reliability chart from it).

Run (rewrites the stored file; about a minute):
    .venv/bin/python benchmarks/bench_krypkille_calibration.py
Options: --rounds N (default 1500), --no-write.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from solvers.krypkille_endgame.beliefs import BELIEFS
from solvers.krypkille_endgame.calibration import MIN_BIN_COUNT, calibration_records, reliability

RESULTS = Path(__file__).parent / "results" / "krypkille_calibration.json"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=1500)
    ap.add_argument("--no-write", action="store_true")
    args = ap.parse_args()
    out = {"rounds_per_player_count": args.rounds, "min_bin_count": MIN_BIN_COUNT,
           "command": "python benchmarks/bench_krypkille_calibration.py", "players": {}}
    for n in (2, 3, 4, 5):
        t0 = time.perf_counter()
        recs = calibration_records(n, range(args.rounds))
        elapsed = time.perf_counter() - t0
        out["players"][str(n)] = {m: reliability(recs, m) for m in BELIEFS}
        print(f"{n} players: {args.rounds} rounds, {len(recs)} seats, {elapsed:.1f} s")
        for m in BELIEFS:
            rows = out["players"][str(n)][m]
            judged = [r for r in rows if r["judged"]]
            worst = max(abs(r["gap"]) for r in judged)
            print(f"  {m:8s} largest |observed - predicted| over bins with >= {MIN_BIN_COUNT} seats: {worst:.3f}")
            for r in rows:
                print(f"    {r['bin'][0]:.1f}-{r['bin'][1]:.1f}  n={r['count']:5d}  predicted {r['predicted']:.3f}"
                      f"  observed {r['observed']:.3f}  gap {r['gap']:+.3f}{'' if r['judged'] else '  (few)'}")
    if not args.no_write:
        RESULTS.write_text(json.dumps(out, indent=1) + "\n")
        print(f"wrote {RESULTS}")


if __name__ == "__main__":
    main()
