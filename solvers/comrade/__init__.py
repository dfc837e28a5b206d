"""Comrade solver: does a deal have any winning bidding and play?  With proof, fast.

All hands visible, everyone cooperating perfectly (the rules digest's *solver's
question*).  Real players see only their own hand and may not talk, so a ``"win"``
here says the deal *could* be won - an upper bound on what a real table can do.

* :func:`solve` / :class:`SolveResult` — one deal: ``"win"`` with a certificate
  (final bids, bidding, tricks) replayed through the rules engine, ``"no_win"``
  (a proof: exhaustive search or an unsatisfiable formula) or ``"unknown"`` (out of time,
  never a guess).
* :mod:`~solvers.comrade.bids` — legal final bids (also as a python-constraint2 problem)
  and the bidding that reaches them.
* :mod:`~solvers.comrade.search` — the purpose-built play search, on the integer picture of
  :mod:`~solvers.comrade.picture`, with the bounds and refutation rules of
  :mod:`~solvers.comrade.bounds` and the transposition keys of :mod:`~solvers.comrade.keys`.
* :mod:`~solvers.comrade.sat` — the same question as a SAT formula (CaDiCaL through PySAT), a
  second complete engine; :mod:`~solvers.comrade.portfolio` runs the two by turns.
* :func:`solve_position` / :func:`analyse` — any position of a game (:mod:`~solvers.comrade.position`).
* :mod:`~solvers.comrade.certificate` — certificates and their replay.
* :mod:`~solvers.comrade.batch` — many deals on all cores.
* ``python -m solvers.comrade`` — the command line (:mod:`~solvers.comrade.cli`).
* :mod:`solvers.compiled` — the search's modules compiled with mypyc (``make compiled``), when built and
  not switched off (``CARDGAMES_PURE_PYTHON=1``); the Python sources otherwise.
"""

from .bids import BidMatrix, BidsError, bid_problems, direct_bidding, format_bids, is_legal_bid, parse_bids
from .certificate import Certificate, CertificateError
from .solver import VERDICTS, SolveResult, SolverOptions, explain_no_win, holdings, solve
from .batch import solve_many
from .position import analyse, solve_position

__all__ = [
    "solve", "SolveResult", "SolverOptions", "VERDICTS", "explain_no_win", "holdings",
    "BidMatrix", "BidsError", "bid_problems", "is_legal_bid", "parse_bids", "format_bids", "direct_bidding",
    "Certificate", "CertificateError", "solve_many", "solve_position", "analyse",
]
