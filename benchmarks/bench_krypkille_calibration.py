"""Calibration of the endgame explorer's belief models on engine-dealt rounds.

For 2-5 players and ROUNDS seeded rounds each (heuristic players, seeds 0..ROUNDS-1), every seat's
predicted chance of holding the unique lowest final card, under the uniform model, the
play-aware model (:mod:`solvers.krypkille_endgame.beliefs`) and the policy model
(:mod:`solvers.krypkille_endgame.policy`, seeded importance sampling), is compared with what happened, in ten
bins of predicted probability.  Prints the reliability table and writes it to
benchmarks/results/krypkille_calibration.json (appendix 19 quotes its figures; docs/benchmarks.md lists them).

Run (rewrites the stored file; about eight minutes on one core):
    .venv/bin/python benchmarks/bench_krypkille_calibration.py
Options: --rounds N (default 5000), --samples N, --no-write.
A bin is judged when it has enough seats for its observed frequency to have a standard error of at most
0.025 (:func:`solvers.krypkille_endgame.calibration.enough`).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import time
from pathlib import Path

from solvers.krypkille_endgame.calibration import (MAX_BIN_SE, MIN_BIN_COUNT, MODELS, POLICY_SAMPLES,
                                                   calibration_records, reliability)

RESULTS = Path(__file__).parent / "results" / "krypkille_calibration.json"


def beliefs_sha1() -> str:
    """The hash of the code the calibration measures (``tools/check_results.py`` compares it, ``beliefs_sha1``)."""
    from solvers.studies.comrade_tables import code_text

    folder = Path(__file__).resolve().parents[1] / "solvers" / "krypkille_endgame"
    text = "".join(code_text((folder / name).read_text(encoding="utf-8"))
                   for name in ("calibration.py", "beliefs.py", "policy.py"))
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:12]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5000)
    ap.add_argument("--samples", type=int, default=POLICY_SAMPLES, help="policy-model samples per prediction")
    ap.add_argument("--no-write", action="store_true")
    args = ap.parse_args()
    command = ("python benchmarks/bench_krypkille_calibration.py"
               + (f" --rounds {args.rounds}" if args.rounds != 5000 else "")
               + (f" --samples {args.samples}" if args.samples != POLICY_SAMPLES else ""))
    meta = {"command": command,
            "date": time.strftime("%Y-%m-%d"),
            "machine": f"{os.cpu_count()} cores, {platform.system()} {platform.machine()}",
            "load_average": round(os.getloadavg()[0], 1),
            "beliefs_sha1": beliefs_sha1()}
    out = {"meta": meta, "rounds_per_player_count": args.rounds, "min_bin_count": MIN_BIN_COUNT,
           "max_bin_se": MAX_BIN_SE, "policy_samples": args.samples,
           "command": "python benchmarks/bench_krypkille_calibration.py", "players": {}}
    for n in (2, 3, 4, 5):
        t0 = time.perf_counter()
        recs = calibration_records(n, range(args.rounds), args.samples)
        elapsed = time.perf_counter() - t0
        out["players"][str(n)] = {m: reliability(recs, m) for m in MODELS}
        ses = sorted(r["policy_se"] for r in recs)
        out["policy_se"] = out.get("policy_se", {})
        out["policy_se"][str(n)] = {"median": ses[len(ses) // 2], "max": ses[-1]}
        print(f"{n} players: {args.rounds} rounds, {len(recs)} seats, {elapsed:.1f} s; policy-model standard error"
              f" per prediction: median {ses[len(ses) // 2]:.4f}, max {ses[-1]:.4f}")
        for m in MODELS:
            rows = out["players"][str(n)][m]
            judged = [r for r in rows if r["judged"]]
            worst = max(abs(r["gap"]) for r in judged)
            print(f"  {m:8s} largest |observed - predicted| over the judged bins: {worst:.3f}")
            for r in rows:
                print(f"    {r['bin'][0]:.1f}-{r['bin'][1]:.1f}  n={r['count']:5d}  predicted {r['predicted']:.3f}"
                      f"  observed {r['observed']:.3f}  gap {r['gap']:+.3f}{'' if r['judged'] else '  (few)'}")
    if not args.no_write:
        RESULTS.write_text(json.dumps(out, indent=1) + "\n")
        print(f"wrote {RESULTS}")


if __name__ == "__main__":
    main()
