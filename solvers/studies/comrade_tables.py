"""The price of silence: how often do four silent players win, against perfect cooperation?

A *study* plays the same seeded deals with tables of four players of one kind, each
player seeing only its own seat (:func:`~cardgames.players.play_out_seated`), and solves
each deal with all hands visible (:func:`~solvers.comrade.solve`), the upper bound no
silent table can beat.

    >>> rows = run_study(range(3), kinds=("random", "heuristic"), executor="inline")
    >>> [(r.seed, r.kind, r.result) for r in rows][:3]
    [(0, 'perfect', 'win'), (0, 'random', 'loss'), (0, 'heuristic', 'loss')]

* :func:`play_deal` — one task: one deal, one kind of table (or ``"perfect"``);
* :func:`run_study` — many tasks on any :class:`concurrent.futures.Executor`: by default
  a local process pool; a Dask cluster works unchanged
  (``dask.distributed.Client(address).get_executor()``).  Results come back in task order
  and depend only on the seeds, never on the executor.  A worker that dies ends the run
  with :class:`StudyError` (``BrokenProcessPool`` for a process pool; for any executor,
  no task finishing within ``stall_timeout`` seconds), never a hang;
* :func:`summary` — win rates with 95 % (Wilson) confidence intervals;
* :data:`HELD_OUT` — the deals 100000 .. 100999 (three players: :data:`HELD_OUT_3P`, 100000 .. 100299),
  held out: played only for the figures to publish, never to choose between variants (those are compared paired, :func:`paired`, on the tuning deals);
* :func:`save` and :func:`load` — a study as a JSON file.  :func:`save` replaces a file whole or
  not at all (a full disk leaves the previous file as it was); :func:`load` checks the whole
  file and refuses anything :func:`save` does not write with :class:`StudyFileError`, a
  ``ValueError`` naming the file and what is wrong::

      >>> import tempfile, pathlib
      >>> bad = pathlib.Path(tempfile.mkdtemp()) / "study.json"
      >>> _ = bad.write_text('{"meta": {}, "records": [{"seed": "zero", "kind": "random", "result": "loss", '
      ...                    '"reason": null, "actions": "", "seconds": 0.1}]}')
      >>> load(bad)  # doctest: +ELLIPSIS
      Traceback (most recent call last):
      ...
      solvers.studies.comrade_tables.StudyFileError: ...study.json: record 1: seed must be a deal number 0..999999999, not 'zero'
"""  # noqa: E501 (doctest output)

from __future__ import annotations

import ast
import concurrent.futures as cf
import hashlib
import io
import json
import math
import os
import secrets
import stat
import sys
import time
import tokenize
from concurrent.futures.process import BrokenProcessPool
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from cardgames.comrade import ComradeGame, Deal
from cardgames.comrade.players import HeuristicPlayer, RandomPlayer
from cardgames.players import play_out_seated
from cardgames.errors import ParseError, shown

__all__ = ["KINDS", "BEST", "MIXED", "MIXED_SEATS", "BIDDING_VARIANTS", "SEARCH_VARIANTS", "VARIANTS",
           "BIDDING_KINDS", "VARIANT_KINDS", "kinds_text", "GameRecord",
           "StudyError", "StudyFileError", "save", "load", "play_deal",
           "run_study", "run_tasks", "summary", "wilson_interval", "paired", "deal_for_seed", "make_table",
           "code_hashes", "code_text", "HELD_OUT", "HELD_OUT_3P"]

#: The kinds of silent table, and ``"perfect"`` (the solver's answer with all hands visible):
#:
#: * ``"random"``, ``"heuristic"`` — :mod:`cardgames.comrade.players`;
#: * ``"sampling"`` — perfect-information Monte Carlo (:class:`~solvers.comrade_players.sampling.SamplingPlayer`);
#: * ``"card"`` — four players following the convention card
#:   (:class:`~solvers.comrade_players.convention.ConventionPlayer`);
#: * ``"card+inference"`` — the card's bidding, and sampling on worlds weighted by the card
#:   (:class:`~solvers.comrade_players.cardsearch.InferenceSamplingPlayer`);
#: * ``"card+inference+search"`` — the card, improved by rollouts in worlds weighted by the card
#:   (:class:`~solvers.comrade_players.cardsearch.CardSearchPlayer`);
#: * ``"best"`` — always the strongest silent table (:data:`BEST`), so a later check can call
#:   ``play_deal(seed, "best")``;
#: * ``"mixed:K"`` (:data:`MIXED`) — one seat of kind ``K`` (a stand-in for a student who ignores the card)
#:   and three ``"best"`` players; the odd seat is ``(seed // players) % players``.
KINDS = ("random", "heuristic", "sampling", "card", "card+inference", "card+inference+search", "best")

#: The kind ``"best"`` stands for (measured: see the README's silence study).
BEST = "card+inference+search"

#: The mixed tables: one seat of each other kind with three of the strongest bots.
MIXED = tuple(f"mixed:{k}" for k in ("random", "heuristic", "sampling", "card"))

#: How a mixed table's odd seat is named in the figures ("3 strongest players and one card (no search) seat").
MIXED_SEATS = {"random": "random", "heuristic": "heuristic", "sampling": "sampling", "card": "card (no search)"}

#: Variants of the strongest table's bidding, measured against it on the tuning deals
#: (``benchmarks/bench_comrade_bidding.py``, ``docs/research/2026-12-07-comrade-bidding-variants.md``): the kind
#: ``"bidding:NAME"`` is four :class:`~solvers.comrade_players.cardsearch.CardSearchPlayer` with the same seeds as
#: :data:`BEST` and these opt-in settings (:class:`~solvers.comrade_players.cardsearch.CardSearchSettings`), which
#: change only bidding decisions.
BIDDING_VARIANTS: dict[str, dict] = {
    "fills": {"fill_candidates": 6},
    "doubt": {"bid_doubt": 0.5, "bid_doubt_margin": 0.05},
    "late-doubt": {"bid_doubt": 0.5, "bid_doubt_margin": 0.05, "bid_doubt_lap": 3},
    "fills+late-doubt": {"fill_candidates": 6, "bid_doubt": 0.5, "bid_doubt_margin": 0.05, "bid_doubt_lap": 3},
    "unknown-wins": {"bid_unknown": "win"},
    "rollout-only": {"bid_horizon": None},
    "budget-300": {"bid_node_limit": 300},
    "budget-3000": {"bid_node_limit": 3000},
    "solver-leaf": {"bid_leaf": "solver"},
    "late-worlds-30": {"late_bid_samples": 30},
    "margin-0.35": {"bid_margin": 0.35},
    "late-margin-0.25": {"late_bid_margin": 0.25},
    "late-lap-2": {"late_lap": 2},
}

#: Variants of the strongest table's search that change play decisions too, measured the same way but played out
#: in full: the kind ``"search:NAME"``.
SEARCH_VARIANTS: dict[str, dict] = {
    "unknown-wins": {"unknown": "win"},
    "margin-0.10": {"margin": 0.10},
    "margin-0.05": {"margin": 0.05},
    "horizon-1": {"horizon": 1},
    "candidates-2": {"candidates": 2, "bid_candidates": 3},
    "candidates-4": {"candidates": 4, "bid_candidates": 3},
    "play-solver-leaf": {"leaf": "solver", "bid_leaf": "mixed"},
    "play-budget-3000": {"node_limit": 3000, "bid_node_limit": 1000},
    "play-doubt": {"play_doubt": 0.5, "play_doubt_margin": 0.05},
}

#: The kinds of :data:`BIDDING_VARIANTS` (``benchmarks/bench_comrade_bidding.py`` copies the play of a deal whose
#: bidding is unchanged), and of both kinds of variant with their settings.
BIDDING_KINDS = tuple(f"bidding:{name}" for name in BIDDING_VARIANTS)
VARIANTS: dict[str, dict] = {**{f"bidding:{k}": v for k, v in BIDDING_VARIANTS.items()},
                             **{f"search:{k}": v for k, v in SEARCH_VARIANTS.items()}}
VARIANT_KINDS = tuple(VARIANTS)


def kinds_text(kind: object = None) -> str:
    """The kinds a study knows, short enough for a one-line error: the tables and the mixed tables by name, the
    variants by family (each name of a family only when ``kind`` is of that family).

        >>> kinds_text("search:nothing").endswith("search:NAME (NAME: " + ", ".join(SEARCH_VARIANTS) + ")")
        True
        >>> "fills" in kinds_text("psychic")
        False
    """
    text = ", ".join(KINDS + MIXED) + ", bidding:NAME, search:NAME"
    for family, names in (("bidding", BIDDING_VARIANTS), ("search", SEARCH_VARIANTS)):
        if isinstance(kind, str) and kind.startswith(family + ":"):
            text += f" (NAME: {', '.join(names)})"
    return text

#: The held-out deals: four-player deals 100000 .. 100999, chosen once (2026-12-07) and written down here.
#: No tuning ever looked at them (the card and the search were tuned on deals 0-199 and 0-399, and the
#: study of deals 0-999 includes those), so a win rate on them is an honest estimate of a table's strength.
#: Held out means: use them only for the final figures (``benchmarks/results/comrade_heldout.json``), NEVER
#: to choose between variants of a player: compare variants paired on a tuning range
#: (:func:`paired`), then measure the chosen one here.  Play them with
#: ``python benchmarks/bench_comrade_silence.py --kind best:100000-100999 ...`` (see that script).
#:
#:     >>> HELD_OUT[0], HELD_OUT[-1], len(HELD_OUT)
#:     (100000, 100999, 1000)
HELD_OUT = range(100_000, 101_000)

#: The held-out deals of the three-player game: three-player deals 100000 .. 100299, chosen once (2026-12-07),
#: held out in the same sense as :data:`HELD_OUT` (the three-player study so far plays deals 0-299).
#:
#:     >>> HELD_OUT_3P[0], HELD_OUT_3P[-1], len(HELD_OUT_3P)
#:     (100000, 100299, 300)
HELD_OUT_3P = range(100_000, 100_300)

#: Worlds per decision of the card+inference players (``samples`` is the old sampling table's).
INFERENCE_SAMPLES = 6


class StudyError(RuntimeError):
    """The study could not finish: a worker died, or no task finished within the stall timeout."""


class StudyFileError(ParseError):
    """A stored study file is not one :func:`save` writes: it cannot be read, is not JSON, or its content
    breaks the schema (a seed that is no deal number, a result no table has, ``meta`` claims the records
    do not bear out, a bad or missing part file ...).  A :class:`ValueError` of the package's family
    (:class:`~cardgames.errors.ParseError`); the message names the file and what is wrong, ``token`` the
    offending value (or the part file named)."""


@dataclass(frozen=True)
class GameRecord:
    """One game of the study: deal ``seed`` (dealer ``seed % 4``), the ``kind`` of table, the
    ``result`` (``"win"`` / ``"loss"``; for ``"perfect"``, ``"win"`` / ``"no_win"`` / ``"unknown"``),
    why it was lost, the actions played, and the seconds it took."""

    seed: int
    kind: str
    result: str
    reason: str | None
    actions: tuple[str, ...]
    seconds: float

    def to_dict(self) -> dict:
        d = asdict(self)
        d["actions"] = list(self.actions)
        d["seconds"] = round(self.seconds, 3)
        return d


def deal_for_seed(seed: int, players: int = 4) -> tuple[Deal, int]:
    """The study's deal number ``seed`` and its dealer."""
    return Deal.random(seed, players=players), seed % players


def make_table(kind: str, seed: int, players: int = 4, samples: int = 8, node_limit: int | None = None,
               bid_node_limit: int | None = None, time_limit: float | None = None) -> list:
    """Four players of one kind for deal ``seed`` (each seeded from the deal and its seat).

    For ``"sampling"``: ``samples`` hidden deals per decision, ``node_limit`` and ``bid_node_limit``
    positions per solver call (``None``: the defaults of :class:`~solvers.comrade_players.sampling.SamplingPlayer`),
    ``time_limit`` an optional safety net in seconds per call (``None``: none, so the table's
    games are the same on every machine)."""
    if kind.startswith("mixed:"):
        other = kind.split(":", 1)[1]
        if other not in KINDS or other == "best":
            raise ValueError(f"unknown mixed table {shown(kind)}: choose one of {', '.join(MIXED)}")
        odd = (seed // players) % players
        best = make_table(BEST, seed, players, samples, node_limit, bid_node_limit, time_limit)
        best[odd] = make_table(other, seed, players, samples, node_limit, bid_node_limit, time_limit)[odd]
        return best
    if kind == "best":
        return make_table(BEST, seed, players, samples, node_limit, bid_node_limit, time_limit)
    if kind in VARIANT_KINDS:
        from solvers.comrade_players.cardsearch import CardSearchPlayer

        options = VARIANTS[kind]
        return [CardSearchPlayer(seed=seed * 10 + p, **options) for p in range(players)]
    if kind == "card":
        from solvers.comrade_players.convention import ConventionPlayer

        return [ConventionPlayer() for _ in range(players)]
    if kind == "card+inference":
        from solvers.comrade_players.cardsearch import InferenceSamplingPlayer

        return [InferenceSamplingPlayer(samples=INFERENCE_SAMPLES, seed=seed * 10 + p) for p in range(players)]
    if kind == "card+inference+search":
        from solvers.comrade_players.cardsearch import CardSearchPlayer

        return [CardSearchPlayer(seed=seed * 10 + p) for p in range(players)]
    if kind == "random":
        return [RandomPlayer(seed=seed * 10 + p) for p in range(players)]
    if kind == "heuristic":
        return [HeuristicPlayer() for _ in range(players)]
    if kind == "sampling":
        from solvers.comrade_players.sampling import BID_NODE_LIMIT, PLAY_NODE_LIMIT, SamplingPlayer

        return [SamplingPlayer(samples=samples, seed=seed * 10 + p, time_limit=time_limit, bid_time_limit=time_limit,
                               node_limit=PLAY_NODE_LIMIT if node_limit is None else node_limit,
                               bid_node_limit=BID_NODE_LIMIT if bid_node_limit is None else bid_node_limit)
                for p in range(players)]
    raise ValueError(f"unknown kind of player {shown(kind)}: choose one of {kinds_text(kind)}")


def play_deal(seed: int, kind: str, samples: int = 8, node_limit: int | None = None,
              bid_node_limit: int | None = None, time_limit: float | None = None,
              perfect_time_limit: float = 10.0, players: int = 4) -> GameRecord:
    """Play deal ``seed`` with a table of ``kind`` (see :func:`make_table`), or solve it (``kind="perfect"``);
    ``players=3`` for the 3-player game."""
    start = time.perf_counter()
    deal, dealer = deal_for_seed(seed, players)
    if kind == "perfect":
        from solvers.comrade.solver import solve

        r = solve(deal, dealer, time_limit=perfect_time_limit)
        actions = () if r.verdict != "win" else tuple(r.bidding) + tuple(c for t in r.tricks for c in t)
        return GameRecord(seed, kind, r.verdict, r.reason, actions, time.perf_counter() - start)
    game = ComradeGame(deal, dealer)
    play_out_seated(game, make_table(kind, seed, deal.players, samples, node_limit, bid_node_limit, time_limit))
    return GameRecord(seed, kind, game.result, game.loss_reason, tuple(game.actions), time.perf_counter() - start)


def _default_executor() -> cf.Executor:
    return cf.ProcessPoolExecutor()


def run_tasks(fn: Callable, tasks: Sequence[tuple], executor: "cf.Executor | str | None" = None,
              stall_timeout: float | None = 600.0, progress: Callable[[int, int], None] | None = None) -> list:
    """``[fn(*t) for t in tasks]``, computed on ``executor``, in task order.

    ``executor``: any :class:`concurrent.futures.Executor` (left open: it is the caller's),
    ``None`` for a local process pool (closed afterwards; in the browser, Pyodide, this process), or
    ``"inline"`` to compute in this process.  A dead worker raises :class:`StudyError` at once for a process pool
    (``BrokenProcessPool``), and for any executor once no task has finished for
    ``stall_timeout`` seconds (``None``: wait forever).
    """
    tasks = list(tasks)
    if executor is None and sys.platform == "emscripten":
        executor = "inline"  # the browser (Pyodide) has no processes
    if executor == "inline":
        out = []
        for i, t in enumerate(tasks):
            out.append(fn(*t))
            if progress:
                progress(i + 1, len(tasks))
        return out
    own = executor is None
    pool = _default_executor() if own else executor
    results: list[Any] = [None] * len(tasks)
    try:
        futures = {pool.submit(fn, *t): i for i, t in enumerate(tasks)}
        pending = set(futures)
        done_count = 0
        while pending:
            done, pending = cf.wait(pending, timeout=stall_timeout, return_when=cf.FIRST_COMPLETED)
            if not done:
                for f in pending:
                    f.cancel()
                raise StudyError(f"no task finished within {stall_timeout} s ({done_count} of {len(tasks)} "
                                 f"done): a worker probably died or the cluster has no workers left")
            for f in done:
                try:
                    results[futures[f]] = f.result()
                except BrokenProcessPool as e:
                    for g in pending:
                        g.cancel()
                    raise StudyError(f"a worker process died while running task {futures[f]} "
                                     f"({done_count} of {len(tasks)} done): {e}") from e
                done_count += 1
            if progress:
                progress(done_count, len(tasks))
    finally:
        if own:
            pool.shutdown(wait=False, cancel_futures=True)
    return results


def run_study(seeds: Iterable[int], kinds: Sequence[str] = KINDS, perfect: bool = True,
              executor: "cf.Executor | str | None" = None, samples: int = 8, time_limit: float | None = None,
              stall_timeout: float | None = 600.0, progress=None, node_limit: int | None = None,
              bid_node_limit: int | None = None, players: int = 4) -> list[GameRecord]:
    """Play every deal of ``seeds`` with every kind of table (and solve it, with ``perfect``).

    Returns the records ordered by seed, then ``"perfect"``, then ``kinds``; see :func:`run_tasks`
    for ``executor`` and ``stall_timeout``, :func:`make_table` for ``samples``, ``node_limit``,
    ``bid_node_limit`` and ``time_limit``.
    """
    for k in kinds:
        if k not in KINDS + MIXED + VARIANT_KINDS:
            raise ValueError(f"unknown kind of player {shown(k)}: choose among {kinds_text(k)}")
    order = (("perfect",) if perfect else ()) + tuple(kinds)
    tasks = [(seed, k, samples, node_limit, bid_node_limit, time_limit, 10.0, players)
             for seed in seeds for k in order]
    return run_tasks(play_deal, tasks, executor, stall_timeout, progress)


def wilson_interval(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate (good also near 0 and 1).

    >>> [round(x, 3) for x in wilson_interval(0, 200)]
    [0.0, 0.019]
    """
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


def paired(before: Sequence[GameRecord], after: Sequence[GameRecord]) -> dict:
    """Two tables on the same deals (the seeds both played): how many each won, how many only one of them
    won (``only_before``, ``only_after``), and ``p``, the two-sided exact sign test (McNemar's exact test)
    of "either is as likely to win a deal the other loses".  The fair way to compare two players: on the
    same deals the deals' own luck cancels, and only the deals they disagree on count.

    >>> a = [GameRecord(s, "a", r, None, (), 0.0) for s, r in enumerate(["win", "loss", "loss", "win"])]
    >>> b = [GameRecord(s, "b", r, None, (), 0.0) for s, r in enumerate(["win", "win", "win", "loss"])]
    >>> {k: v for k, v in paired(a, b).items() if k != "p"}
    {'deals': 4, 'wins_before': 2, 'wins_after': 3, 'only_before': 1, 'only_after': 2}
    """
    won_a = {r.seed: r.result == "win" for r in before}
    won_b = {r.seed: r.result == "win" for r in after}
    seeds = sorted(set(won_a) & set(won_b))
    only_a = sum(won_a[s] and not won_b[s] for s in seeds)
    only_b = sum(won_b[s] and not won_a[s] for s in seeds)
    n, k = only_a + only_b, min(only_a, only_b)
    p = 1.0 if n == 0 else min(1.0, 2 * sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n)
    return {"deals": len(seeds), "wins_before": sum(won_a[s] for s in seeds),
            "wins_after": sum(won_b[s] for s in seeds), "only_before": only_a, "only_after": only_b, "p": p}


def summary(records: Sequence[GameRecord]) -> list[dict]:
    """Per kind: games, wins, win rate and its 95 % interval (``"perfect"``: deals proved winnable),
    and the losses split into ``bidding_losses`` and ``play_losses`` (with the bidding-loss rate's interval)."""
    kinds = list(dict.fromkeys(r.kind for r in records))
    out = []
    for k in kinds:
        rows = [r for r in records if r.kind == k]
        wins = sum(1 for r in rows if r.result == "win")
        bidding = sum(1 for r in rows if r.result == "loss" and (r.reason or "").startswith("bidding"))
        play = sum(1 for r in rows if r.result == "loss" and (r.reason or "").startswith("play"))
        lo, hi = wilson_interval(wins, len(rows))
        blo, bhi = wilson_interval(bidding, len(rows))
        out.append({"kind": k, "games": len(rows), "wins": wins, "rate": wins / len(rows), "low": lo, "high": hi,
                    "bidding_losses": bidding, "play_losses": play, "bidding_low": blo, "bidding_high": bhi})
    return out


def code_text(source: str) -> str:
    """The part of a module's source that decides what it plays: ``source`` without its docstrings
    (module, class and function), its comments and its blank lines.  :func:`code_hashes` hashes this,
    so mending a docstring or a comment does not make a stored study stale; any other change does.
    (Line based, with the comments found by :mod:`tokenize`, so the text is the same on every Python.)"""
    tree = ast.parse(source)
    drop: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
                    and isinstance(first.value.value, str):
                drop.update(range(first.lineno, first.end_lineno + 1))
    comments = {tok.start[0]: tok.start[1] for tok in tokenize.generate_tokens(io.StringIO(source).readline)
                if tok.type == tokenize.COMMENT}
    kept = []
    for number, line in enumerate(source.splitlines(), 1):
        if number in drop:
            continue
        line = line[:comments[number]] if number in comments else line
        if line.strip():
            kept.append(line.rstrip())
    return "\n".join(kept) + "\n"


def code_hashes() -> dict[str, str]:
    """Which convention card and which search played a stored table (they change while they are designed):
    ``card_sha1``, the first 12 hex digits of the SHA-1 of ``convention.py``'s :func:`code_text`, and
    ``search_sha1``, of ``cardsearch.py``'s and ``inference.py``'s.  The benchmarks store them with their
    results; the tests compare."""
    here = Path(__file__).resolve().parents[1] / "comrade_players"

    def digest(*names: str) -> str:
        text = "".join(code_text((here / name).read_text(encoding="utf-8")) for name in names)
        return hashlib.sha1(text.encode("utf-8")).hexdigest()[:12]

    return {"card_sha1": digest("convention.py"), "search_sha1": digest("cardsearch.py", "inference.py")}


def _part_for(kind: str, parts: dict) -> str | None:
    """The part file of ``meta["parts"]`` that holds the games of ``kind`` (``None``: the study's own file)."""
    for name, prefixes in parts.items():
        if any(kind.startswith(p) for p in prefixes):
            return name
    return None


def _check_parts(parts, path) -> dict:
    """``meta["parts"]`` of the study at ``path``, checked: ``{file name next to it: [kind prefixes]}``."""
    if not isinstance(parts, dict) or not all(
            isinstance(name, str) and isinstance(prefixes, list) and all(isinstance(p, str) and p for p in prefixes)
            for name, prefixes in parts.items()):
        raise StudyFileError(f"{path}: meta[\"parts\"] must map file names to lists of kind prefixes, "
                             f"not {shown(parts)}", parts)
    for name in parts:
        if not name.endswith(".json") or Path(name).name != name or name == Path(path).name:
            raise StudyFileError(f"{path}: part {shown(name)} must be another .json file in the same folder", name)
    return parts


#: The deal numbers a study may hold: a study plays deals 0, 1, 2, ... or a range such as :data:`HELD_OUT`
#: (``meta["kinds"][kind]["first"]``: its first deal).
MAX_SEED = 10 ** 9

#: The largest study file :func:`load` reads (a stored study of 12,000 games is about 3 MB).
MAX_FILE_BYTES = 64 * 2 ** 20

#: The results a stored game can have: the solver's verdicts for ``"perfect"``, a table's otherwise.
PERFECT_RESULTS = ("win", "no_win", "unknown")
TABLE_RESULTS = ("win", "loss")

#: The fields of ``meta["kinds"][kind]`` that :func:`load` checks, and their types (others are free notes).
_KIND_FIELDS: dict[str, tuple] = {
    "command": (str, type(None)), "asked": (int,), "deals": (int,), "wall_seconds": (int, float),
    "load_average": (int, float), "workers": (int,), "card_sha1": (str,), "search_sha1": (str,),
    "rehashed": (str,), "same_as": (str,), "first": (int,)}
#: The fields of ``meta`` that :func:`load` checks (besides ``kinds`` and ``parts``).
_META_FIELDS: dict[str, tuple] = {"players": (int,), "python": (str,), "samples": (int,), "command": (str,)}
_NAMES = {int: "a whole number", float: "a number", str: "a text", type(None): "null"}


def _known_kind(kind: str) -> bool:
    return kind == "perfect" or kind in KINDS or kind in MIXED or kind in VARIANT_KINDS


def _what(types: tuple) -> str:
    return " or ".join(_NAMES[t] for t in types)


def _typed(value: object, types: tuple) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, float) and not math.isfinite(value):
        return False
    return isinstance(value, types)


class _StudyFile:
    """Checks one study (its file and its parts) and says what is wrong, naming the file."""

    def __init__(self, path: Path):
        self.path = path

    def fail(self, what: str, token: object = None) -> StudyFileError:
        return StudyFileError(f"{self.path}: {what}", token)

    def read(self, path: Path, label: str) -> object:
        """The JSON in ``path`` (the study, or its part ``label``), or :class:`StudyFileError`."""
        where = "" if path == self.path else f"its part {label} "
        try:
            with open(path, "rb") as f:
                raw = f.read(MAX_FILE_BYTES + 1)
        except FileNotFoundError:
            if path == self.path:
                raise self.fail("no such file") from None
            raise self.fail(f"its part {label} is missing (it should be next to it)", label) from None
        except IsADirectoryError:
            raise self.fail(f"{where}is a folder, not a study file", label) from None
        except OSError as e:
            raise self.fail(f"{where}cannot be read ({(e.strerror or type(e).__name__).lower()})", label) from None
        except ValueError:      # a name the system cannot take (a NUL byte, an unencodable character)
            raise self.fail(f"{where}cannot be opened: its name is not one a file can have", label) from None
        if len(raw) > MAX_FILE_BYTES:
            raise self.fail(f"{where}is larger than {MAX_FILE_BYTES // 2 ** 20} MiB: not a study file", label)
        if not raw.strip():
            raise self.fail(f"{where}is empty: not a study file", label)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            raise self.fail(f"{where}is not UTF-8 text (byte 0x{raw[e.start]:02x} at offset {e.start})",
                            label) from None

        def constant(name: str):
            raise self.fail(f"{where}is not valid JSON: {name} is no number", name)

        try:
            return json.loads(text, parse_constant=constant)
        except StudyFileError:
            raise
        except json.JSONDecodeError as e:
            raise self.fail(f"{where}is not valid JSON: {e.msg.lower()} at line {e.lineno}, column {e.colno}",
                            label) from None
        except RecursionError:
            raise self.fail(f"{where}nests lists or objects too deeply: not a study file", label) from None
        except ValueError:      # a whole number of more digits than Python turns into an int
            raise self.fail(f"{where}holds a number too long to read: not a study file", label) from None

    def records(self, rows: object, where: str) -> list[dict]:
        """``rows`` checked: a list of game objects as :func:`save` writes them."""
        if not isinstance(rows, list):
            raise self.fail(f"{where}\"records\" must be a list of games, not {shown(rows)}", rows)
        for i, d in enumerate(rows, 1):
            at = f"{where}record {i}"
            if not isinstance(d, dict):
                raise self.fail(f"{at} must be an object with the fields seed, kind, result, reason, actions, "
                                f"seconds, not {shown(d)}", d)
            missing = [k for k in ("seed", "kind", "result", "reason", "actions", "seconds") if k not in d]
            if missing:
                raise self.fail(f"{at} has no {', '.join(missing)}", d)
            seed, kind, result = d["seed"], d["kind"], d["result"]
            if not _typed(seed, (int,)) or not 0 <= seed < MAX_SEED:
                raise self.fail(f"{at}: seed must be a deal number 0..{MAX_SEED - 1}, not {shown(seed)}", seed)
            if not isinstance(kind, str) or not _known_kind(kind):
                raise self.fail(f"{at}: unknown kind {shown(kind)} (kinds: perfect, {kinds_text(kind)})", kind)
            results = PERFECT_RESULTS if kind == "perfect" else TABLE_RESULTS
            if not isinstance(result, str) or result not in results:
                raise self.fail(f"{at}: the result of a {kind} game is one of {', '.join(results)}, "
                                f"not {shown(result)}", result)
            if d["reason"] is not None and not isinstance(d["reason"], str):
                raise self.fail(f"{at}: reason must be a text or null, not {shown(d['reason'])}", d["reason"])
            actions = d["actions"]
            if not (isinstance(actions, str) or isinstance(actions, list)
                    and all(isinstance(a, str) and a and not a.isspace() for a in actions)):
                raise self.fail(f"{at}: actions must be a text of action codes (or a list of them), "
                                f"not {shown(actions)}", actions)
            if not _typed(d["seconds"], (int, float)) or d["seconds"] < 0:
                raise self.fail(f"{at}: seconds must be a number >= 0, not {shown(d['seconds'])}", d["seconds"])
        return rows

    def meta(self, meta: object) -> dict:
        """``meta`` checked field by field (the claims about the records are checked by :meth:`claims`)."""
        if not isinstance(meta, dict):
            raise self.fail(f"\"meta\" must be an object, not {shown(meta)}", meta)
        for name, types in _META_FIELDS.items():
            if name in meta and not _typed(meta[name], types):
                raise self.fail(f"meta[\"{name}\"] must be {_what(types)}, not {shown(meta[name])}", meta[name])
        if "players" in meta and meta["players"] not in (3, 4):
            raise self.fail(f"meta[\"players\"] must be 3 or 4, not {shown(meta['players'])}", meta["players"])
        kinds = meta.get("kinds", {})
        if not isinstance(kinds, dict):
            raise self.fail(f"meta[\"kinds\"] must map kinds to what was played, not {shown(kinds)}", kinds)
        for kind, how in kinds.items():
            at = f"meta[\"kinds\"][{shown(kind)}]"
            if not _known_kind(kind):
                raise self.fail(f"{at}: unknown kind (kinds: perfect, {kinds_text(kind)})", kind)
            if not isinstance(how, dict):
                raise self.fail(f"{at} must be an object (command, deals, ...), not {shown(how)}", how)
            if "deals" not in how:
                raise self.fail(f"{at} has no \"deals\" (how many deals are stored)", kind)
            for name, types in _KIND_FIELDS.items():
                if name in how and not _typed(how[name], types):
                    raise self.fail(f"{at}[\"{name}\"] must be {_what(types)}, not {shown(how[name])}", how[name])
            for name in ("deals", "asked", "workers"):
                if name in how and how[name] < 0:
                    raise self.fail(f"{at}[\"{name}\"] must be >= 0, not {shown(how[name])}", how[name])
            if "first" in how and not 0 <= how["first"] < MAX_SEED:
                raise self.fail(f"{at}[\"first\"] must be a deal number 0..{MAX_SEED - 1}, not {shown(how['first'])}",
                                how["first"])
            if "first" in how and "asked" in how and how["first"] + how["asked"] > MAX_SEED:
                raise self.fail(f"{at}: deals {how['first']} .. {how['first'] + how['asked'] - 1} go past the last "
                                f"deal number {MAX_SEED - 1}", how["asked"])
        return meta

    def summary(self, rows: object, meta: dict) -> list[dict]:
        """The top-level ``"summary"`` rows checked: a list of ``{"what", "figure", "interval"}`` texts (and
        optionally ``"kind"``, a kind of ``meta["kinds"]`` whose provenance the row shows)."""
        if not isinstance(rows, list):
            raise self.fail(f"\"summary\" must be a list of rows, not {shown(rows)}", rows)
        for i, row in enumerate(rows, 1):
            at = f"summary row {i}"
            if not isinstance(row, dict) or not {"what", "figure", "interval"} <= set(row) \
                    or not set(row) <= {"what", "figure", "interval", "kind"}:
                raise self.fail(f"{at} must be an object with the texts what, figure, interval (and optionally "
                                f"kind), not {shown(row)}", row)
            for name, value in row.items():
                if not isinstance(value, str) or not value.strip():
                    raise self.fail(f"{at}: {name} must be a text, not {shown(value)}", value)
            if "kind" in row and row["kind"] not in meta.get("kinds", {}):
                raise self.fail(f"{at}: kind {shown(row['kind'])} is not a kind of meta[\"kinds\"]", row["kind"])
        return rows

    def claims(self, meta: dict, rows: list[dict]) -> list[tuple[str, str, int, int]]:
        """Check what ``meta["kinds"]`` says against the records (how many deals of each kind; with ``first``,
        that they are deals ``first`` .. ``first + deals - 1``); the kinds to copy (:func:`save`'s
        ``same_as``) as ``(kind, source, first, deals)``."""
        seen: set = set()
        count: dict[str, int] = {}
        for d in rows:
            key = (d["kind"], d["seed"])
            if key in seen:
                raise self.fail(f"deal {d['seed']} of {d['kind']} is stored twice", d["seed"])
            seen.add(key)
            count[d["kind"]] = count.get(d["kind"], 0) + 1
        kinds = meta.get("kinds", {})
        copies = []
        for kind, how in kinds.items():
            deals = how["deals"]
            first = how.get("first", 0)
            source = how.get("same_as")
            outside = [d["seed"] for d in rows if d["kind"] == kind and not first <= d["seed"] < first + deals]
            if "first" in how and not source and outside:
                raise self.fail(f"meta says the {kind} games are deals {first} .. {first + deals - 1}, but the file "
                                f"holds deal {outside[0]}", outside[0])
            if source and kind not in count:
                origin = kinds.get(source)
                if source == kind or not isinstance(origin, dict) or origin.get("same_as"):
                    raise self.fail(f"meta[\"kinds\"][{shown(kind)}] repeats {shown(source)}, which is not a kind "
                                    "stored in the file", source)
                have = sum(1 for d in rows if d["kind"] == source and first <= d["seed"] < first + deals)
                if have != deals:
                    raise self.fail(f"meta says {kind} repeats {deals} deal(s) of {source} from deal {first} on, but "
                                    f"the file holds {have} of them", deals)
                copies.append((kind, source, first, deals))
            elif count.get(kind, 0) != deals:
                raise self.fail(f"meta says {deals} {kind} deal(s) are stored, but the file holds "
                                f"{count.get(kind, 0)}", deals)
        return copies

    def study(self, data: object) -> tuple[dict, list[dict], list[tuple[str, str, int, int]]]:
        """The whole study: its meta, every record (its parts' too) and the kinds to copy."""
        if not isinstance(data, dict) or "meta" not in data or "records" not in data:
            raise self.fail("not a study file: it must be a JSON object with \"meta\" and \"records\"", data)
        meta = self.meta(data["meta"])
        if "summary" in data:
            self.summary(data["summary"], meta)
        rows = list(self.records(data["records"], ""))
        parts = _check_parts(meta.get("parts", {}), self.path)
        for d in rows:
            if _part_for(d["kind"], parts) is not None:
                raise self.fail(f"a {d['kind']} game is stored in the study itself, not in its part "
                                f"{_part_for(d['kind'], parts)}", d["kind"])
        for name, prefixes in parts.items():
            part = self.read(self.path.parent / name, name)
            if not isinstance(part, dict) or "records" not in part:
                raise self.fail(f"its part {name} must be a JSON object with \"part_of\" and \"records\"", name)
            if part.get("part_of") != self.path.name:
                raise self.fail(f"its part {name} says it belongs to {shown(part.get('part_of'))}, "
                                f"not to {self.path.name}", name)
            more = self.records(part["records"], f"part {name}, ")
            for d in more:
                if _part_for(d["kind"], {name: prefixes}) is None:
                    raise self.fail(f"its part {name} holds a {d['kind']} game: it is for "
                                    f"{', '.join(prefixes)} only", name)
            rows += more
        return meta, rows, self.claims(meta, rows)


def _temporary_beside(target: Path):
    """A new file next to ``target`` (same folder, so :func:`os.replace` is a rename), opened for writing."""
    while True:
        tmp = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        except FileExistsError:  # pragma: no cover - a name drawn twice
            continue
        return tmp, fd


def _write_whole(files: dict[Path, str]) -> None:
    """Write each ``{path: text}`` so that a failure (a full disk, a size limit, Ctrl-C) leaves every
    target as it was: each text goes to a temporary file beside its target, flushed to the disk
    (``fsync``), and only when all are written are they renamed over their targets (``os.replace``,
    atomic), the first-named last."""
    written: list[tuple[Path, Path]] = []
    try:
        for target, text in files.items():
            tmp, fd = _temporary_beside(target)
            written.append((tmp, target))
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
                f.flush()
                os.fsync(f.fileno())
            try:
                os.chmod(tmp, stat.S_IMODE(os.stat(target).st_mode))  # keep the old file's permissions
            except FileNotFoundError:
                pass
        for tmp, target in reversed(written):
            os.replace(tmp, target)
            written.remove((tmp, target))
    finally:
        for tmp, _ in written:
            try:
                os.unlink(tmp)
            except OSError:
                pass
    try:
        folder = os.open(next(iter(files)).parent, os.O_RDONLY)
    except (OSError, StopIteration):  # pragma: no cover - a platform that cannot open a folder
        return
    try:
        os.fsync(folder)              # the renames themselves reach the disk
    except OSError:  # pragma: no cover
        pass
    finally:
        os.close(folder)


def save(records: Sequence[GameRecord], path, meta: dict | None = None, summary: list[dict] | None = None) -> None:
    """Write a study as JSON (``meta``: how it was made, e.g. the command that rewrites it), one game
    per line, so a stored study of thousands of games stays small and its diffs read game by game.

    Small on purpose: a game's actions are one string of codes (``"S1 pass H2 ... SA"``), and the games
    of a kind that only repeats another (``meta["kinds"][kind]["same_as"]``, as ``"best"`` repeats
    :data:`BEST`) are not written twice: :func:`load` gives them back.

    ``meta["parts"]``, e.g. ``{"comrade_silence_mixed.json": ["mixed:"]}``, puts the games of the kinds
    that start with one of the prefixes into that file, next to ``path`` (so that no stored file grows
    past what a repository holds well); :func:`load` reads them back as one study.

    ``summary``: the figures to publish, rows ``{"what", "figure", "interval"}`` (optionally ``"kind"``, the
    kind whose provenance the row shows), written as the file's top-level ``"summary"``, which
    ``tools/benchmarks_page.py`` puts on ``docs/benchmarks.md``.

    Whole or not at all: the study is checked as :func:`load` checks it (:class:`StudyFileError`, and
    nothing is written), then each file is written to a temporary file beside it, flushed to the disk
    and renamed over it.  A write that fails (``OSError``: a full disk, a size limit) leaves the files
    as they were, so hours of play already stored are never lost to a half-written file::

        >>> import tempfile, pathlib
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "study.json"
        >>> save([GameRecord(0, "random", "loss", "play lost", ("S1", "pass"), 0.5)], path,
        ...      {"kinds": {"random": {"deals": 1}}})
        >>> load(path)[1][0].actions
        ('S1', 'pass')
    """
    meta = meta or {}
    path = Path(path)
    checker = _StudyFile(path)
    checker.meta(meta)
    if summary is not None:
        checker.summary(summary, meta)
    parts = _check_parts(meta.get("parts", {}), path)
    copies = {k for k, how in meta.get("kinds", {}).items() if isinstance(how, dict) and how.get("same_as")}
    dicts = []
    for r in records:
        d = r.to_dict()
        d["actions"] = " ".join(map(str, d["actions"]))
        dicts.append(d)
    kept = checker.records([d for d in dicts if d["kind"] not in copies], "")
    checker.claims(meta, [d for d in dicts if d["kind"] not in copies])

    lines: dict[str | None, list[str]] = {None: [], **{name: [] for name in parts}}
    for d in kept:
        lines[_part_for(d["kind"], parts)].append(json.dumps(d, ensure_ascii=False, separators=(",", ":")))
    head = '{"meta": ' + json.dumps(meta, indent=1, ensure_ascii=False)
    if summary is not None:
        head += ',\n"summary": ' + json.dumps(summary, indent=1, ensure_ascii=False)
    files = {path: head + ',\n"records": [\n' + ",\n".join(lines[None]) + "\n]}\n"}
    for name in parts:
        files[path.parent / name] = ('{"part_of": ' + json.dumps(path.name) + ',\n"records": [\n'
                                     + ",\n".join(lines[name]) + "\n]}\n")
    _write_whole(files)


def load(path) -> tuple[dict, list[GameRecord]]:
    """Read a study written by :func:`save`: every game, the repeated kinds' games included (each right
    after the game it repeats, its first ``deals`` seeds), and the games of its part files
    (``meta["parts"]``), in the order of the deals.

    The whole file is checked first: a file that cannot be read, is not UTF-8 JSON, or breaks the schema
    (a field of the wrong type, a seed that is no deal number, a result the kind cannot have, a deal
    stored twice, ``meta["kinds"]`` claiming deals the records do not hold or, with ``first``, deals outside
    its range, ``same_as`` naming a kind not stored, a missing or foreign part, a malformed ``"summary"`` ...)
    raises :class:`StudyFileError` naming the file and the fault; nothing else escapes."""
    path = Path(path)
    checker = _StudyFile(path)
    meta, rows, copies = checker.study(checker.read(path, path.name))
    recs = []
    for d in rows:
        actions = d["actions"].split() if isinstance(d["actions"], str) else d["actions"]
        recs.append(GameRecord(d["seed"], d["kind"], d["result"], d["reason"], tuple(actions), d["seconds"]))
        recs += [GameRecord(d["seed"], kind, d["result"], d["reason"], tuple(actions), d["seconds"])
                 for kind, source, first, deals in copies if d["kind"] == source and first <= d["seed"] < first + deals]
    if meta.get("parts"):
        recs.sort(key=lambda r: r.seed)         # stable: each deal's games in the order they were saved
    return meta, recs
