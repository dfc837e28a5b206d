"""The command line: ``python -m solvers.comrade``.

Examples::

    python -m solvers.comrade "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
    python -m solvers.comrade --dealer 2 --json "N:A.K.. K.A.. Q.Q.. J.J.."
    python -m solvers.comrade --bids "S1 / H1 / - / -" "N:A.K.. K.A.. Q.Q.. J.J.."
    python -m solvers.comrade --json --batch deals.txt      # one PBN deal per line, optional dealer=N

With ``--json`` each answer is one JSON object on one line (fields ``deal``, ``dealer``,
``verdict``, ``bids``, ``bidding``, ``tricks``, ``nodes``, ``seconds``); without it, a
readable report.  A bad deal, dealer or bids prints one line on stderr and exits with
status 2.
"""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from .batch import parse_batch_line, solve_many
from .solver import solve

__all__ = ["main", "build_parser"]


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m solvers.comrade",
        description="Does this Comrade deal have any winning bidding and play (all hands visible, "
                    "perfect cooperation)?  Prints the verdict and, for a win, a certificate.")
    p.add_argument("deal", nargs="*", help="the deal in PBN, e.g. 'N:AKQJ.T98.765.432 T98.765.432.AKQJ ...'")
    p.add_argument("--dealer", default="0", help="dealer seat: 0-3 or N, E, S, W (default 0 = N)")
    p.add_argument("--bids", help="fixed final bids: JSON rows [[S,H,D,C],...] or bid cards per seat "
                                  "separated by '/', e.g. 'S6 / H3 / D2 / S1 C1'")
    p.add_argument("--time-limit", type=float, default=10.0, metavar="S",
                   help="seconds per deal before answering 'unknown' (default 10)")
    p.add_argument("--json", action="store_true", help="one JSON object per line")
    p.add_argument("--batch", metavar="FILE", help="solve every deal of FILE ('-' = stdin), one PBN deal per "
                                                   "line with optional 'dealer=N'")
    p.add_argument("--processes", type=int, default=None, help="worker processes for --batch (default: all cores)")
    return p


def _fail(message: str) -> int:
    print(f"error: {message}".replace("\n", " "), file=sys.stderr)
    return 2


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.batch:
        if args.deal or args.bids:
            return _fail("--batch reads the deals from the file: give no DEAL and no --bids")
        try:
            stream = sys.stdin if args.batch == "-" else open(args.batch, encoding="utf-8")
        except OSError as e:
            return _fail(f"cannot read {args.batch}: {e.strerror}")
        jobs = []
        with stream:
            for number, line in enumerate(stream, 1):
                try:
                    job = parse_batch_line(line)
                except ValueError as e:
                    return _fail(f"line {number} of {args.batch}: {e}")
                if job is not None:
                    jobs.append(job)
        for result in solve_many(jobs, processes=args.processes, time_limit=args.time_limit):
            print(result.to_json() if args.json else result.report() + "\n", flush=True)
        return 0
    if not args.deal:
        return _fail("give a deal in PBN (or --batch FILE)")
    try:
        result = solve(" ".join(args.deal), args.dealer, args.bids, time_limit=args.time_limit)
    except ValueError as e:  # DealError, BidsError, RuleConfigError: all ValueErrors with a clear message
        return _fail(str(e))
    print(result.to_json() if args.json else result.report())
    return 0
