"""Solve many deals on all cores, yielding the answers in input order as they are decided.

    >>> from cardgames.comrade import Deal
    >>> jobs = [(Deal.random(seed, hand_size=4), seed % 4) for seed in range(3)]
    >>> [r.verdict for r in solve_many(jobs, processes=1)]
    ['win', 'win', 'win']

Each job is a deal (a :class:`~cardgames.comrade.Deal` or PBN string), a pair
``(deal, dealer)`` or a triple ``(deal, dealer, bids)``.  With more than one process a
:class:`multiprocessing.Pool` runs the solver in worker processes; every certificate is
replayed through the engine in the worker, before it comes back.
"""

from __future__ import annotations

import multiprocessing
import os
from typing import Any, Iterable, Iterator

from cardgames.comrade import Deal

from .certificate import Certificate
from .solver import DEFAULT_OPTIONS, SolveResult, SolverOptions, solve

__all__ = ["solve_many", "parse_batch_line", "default_processes"]


def default_processes() -> int:
    """All cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def parse_batch_line(line: str) -> tuple[Deal, int] | None:
    """One line of a batch file: a PBN deal, optionally followed by ``dealer=N`` (N a seat
    number or letter).  Blank lines and lines starting with ``#`` give ``None``.

    >>> deal, dealer = parse_batch_line("N:A... K... Q... J... dealer=2")
    >>> deal.hand_size, dealer
    (1, 2)
    """
    text = line.strip()
    if not text or text.startswith("#"):
        return None
    tokens = text.split()
    dealer: Any = 0
    if tokens[-1].lower().startswith("dealer="):
        dealer = tokens.pop()[len("dealer="):]
    deal = Deal.from_pbn(" ".join(tokens))
    from .solver import _seat
    return deal, _seat(deal, dealer)


def _job(job: Any) -> tuple:
    if isinstance(job, (Deal, str)):
        return (job, 0, None)
    job = tuple(job)
    return (job + (0, None)[len(job) - 1:])[:3]


def _solve_job(args: tuple) -> SolveResult:
    deal, dealer, bids, time_limit, options = args
    result = solve(deal, dealer, bids, time_limit=time_limit, options=options)
    if result.certificate is not None:  # already replayed here; send back a light copy
        c = result.certificate
        result.certificate = Certificate(c.deal, c.dealer, c.bids, c.bidding, c.tricks)
    return result


def solve_many(jobs: Iterable[Any], *, processes: int | None = None, time_limit: float | None = 10.0,
               options: SolverOptions = DEFAULT_OPTIONS) -> Iterator[SolveResult]:
    """Solve every job; yields one :class:`SolveResult` per job, in input order, each as
    soon as it (and every job before it) is decided.  ``processes`` defaults to all cores."""
    args = (_job(j) + (time_limit, options) for j in jobs)
    procs = default_processes() if processes is None else processes
    if procs <= 1:
        for a in args:
            yield _solve_job(a)
        return
    ctx = multiprocessing.get_context("spawn" if os.name == "nt" else "fork")
    with ctx.Pool(procs) as pool:
        yield from pool.imap(_solve_job, args, chunksize=1)
