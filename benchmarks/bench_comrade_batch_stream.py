"""Comrade batches stream: time to the first answer and peak memory of ``comrade-solve --batch``.

Writes a file of N seeded random 13-card deals, then runs ``python -m solvers.comrade
--json --batch FILE`` and reads only the first line of its output (like ``| head -1``),
reporting the seconds until that line arrived and the main process's peak RSS; then
(with ``--full``) the whole batch with the local pool, in deals per second.

    python benchmarks/bench_comrade_batch_stream.py              # 50,000 deals, first answer only
    python benchmarks/bench_comrade_batch_stream.py --deals 1000 --full
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cardgames.comrade import Deal  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=50_000)
    ap.add_argument("--full", action="store_true", help="also time the whole batch")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "deals.txt"
        with path.open("w") as f:
            for s in range(args.deals):
                f.write(f"{Deal.random(s).to_pbn()} dealer={s % 4}\n")
        command = [sys.executable, "-m", "solvers.comrade", "--json", "--batch", str(path)]
        start = time.perf_counter()
        proc = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        proc.stdout.readline()
        first = time.perf_counter() - start
        proc.stdout.close()  # like `| head -1`: the run ends quietly on the closed pipe
        status = proc.wait()
        rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        print(f"{args.deals} deals: first answer after {first:.2f} s; exit status {status} after the pipe closed; "
              f"peak RSS of the largest process {rss:.0f} MiB")
        if args.full:
            start = time.perf_counter()
            out = subprocess.run(command, cwd=ROOT, capture_output=True, check=False)
            dt = time.perf_counter() - start
            lines = out.stdout.count(b"\n")
            print(f"whole batch: {lines} answers in {dt:.1f} s ({lines / dt:.0f} deals/s, "
                  f"{len(os.sched_getaffinity(0))} cores), exit status {out.returncode}")


if __name__ == "__main__":
    main()
