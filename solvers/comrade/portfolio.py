"""Two complete engines in turn: the play search and the SAT formula.

The search (:mod:`solvers.comrade.search`) settles most positions in a few hundred
nodes, far sooner than the formula of :mod:`solvers.comrade.sat` can even be written; the
formula proves in a fraction of a second some positions the search walks for minutes.
Neither is best on every question, so :func:`alternate` gives them slices of work in turn
(the search first, alone, for ``first`` nodes; then the formula and the search by turns,
each slice twice the last, the formula's :data:`SAT_SHARE` times the search's), and the
first answer wins.  Both keep what they have learned
between their slices, so the total cost is at most a few times that of the faster engine.
Both answers are exact, so the portfolio's is too.

``engine`` chooses: ``"auto"`` (the portfolio, the default), ``"search"`` or ``"sat"``.

:func:`decide_play` is the one core that :func:`~solvers.comrade.solve` (a fresh deal) and
:func:`~solvers.comrade.solve_position` (a position in the play) share: it finishes a trick in
progress in every distinct way, then runs the two engines by turns on the rest.
"""

from __future__ import annotations

import time
from typing import Callable

from cardgames.errors import RuleConfigError, shown

from .picture import NSUITS, position_from_hands, tricks_to_cards
from .sat import PlayFormula
from .search import PlaySearch, SearchTimeout

__all__ = ["ENGINES", "Engine", "EngineError", "LazyFormula", "alternate", "check_engine", "check_time_limit",
           "decide_play"]

#: The values of ``engine=``.
ENGINES = ("auto", "search", "sat")

#: The first slice of the later searches, in seconds; every later slice is twice the one before.
FIRST_SECONDS = 0.05

#: The formula's slice is this many times the search's that follows it.  On the hard-deal
#: benchmark the formula alone settles every deal, and every deal the search settled there took
#: it less than 0.2 s (its first slices): so the formula gets by far the larger share (8 rather
#: than 4 cut the CPU time of those 122 deals by 7 %, with the same times on the 500 positions
#: of ``bench_comrade_position.py``).
SAT_SHARE = 8


#: The longest time limit the solvers take (seconds, about 31 years): beyond it, say ``None``.  The
#: limit is only ever compared with the clock (no wait or pool timeout is given it), so this bound is
#: the whole story; the command line's ``--time-limit`` refuses the same values.
MAX_TIME_LIMIT = 10 ** 9

#: The bounds, as the error messages state them.
TIME_LIMIT_BOUNDS = f"a number of seconds from 0 to {MAX_TIME_LIMIT} (about 31 years)"


def check_time_limit(time_limit: object) -> float | None:
    """``time_limit`` if it is a number of seconds from 0 to :data:`MAX_TIME_LIMIT` (0: answer at once,
    ``unknown`` unless the answer is immediate) or ``None`` (no limit); else
    :class:`~cardgames.errors.RuleConfigError` naming it and the bounds.

    >>> check_time_limit(2.5), check_time_limit(None), check_time_limit(0)
    (2.5, None, 0.0)
    >>> check_time_limit(1e308)
    Traceback (most recent call last):
    ...
    cardgames.errors.RuleConfigError: time limit 1e+308 must be a number of seconds from 0 to 1000000000 (about 31 years), or None for no limit
    """  # noqa: E501 (doctest output line)
    if time_limit is None:
        return None
    if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) \
            or not 0 <= time_limit <= MAX_TIME_LIMIT or time_limit != time_limit:
        raise RuleConfigError(f"time limit {shown(time_limit)} must be {TIME_LIMIT_BOUNDS}, or None for no limit")
    return float(time_limit)


class EngineError(RuleConfigError):
    """``engine=`` names no engine (a :class:`~cardgames.errors.RuleConfigError`, so a ``ValueError``)."""


def check_engine(engine: object) -> str:
    """``engine`` itself when it is one of :data:`ENGINES`, else :class:`EngineError`."""
    if not isinstance(engine, str) or engine not in ENGINES:
        raise EngineError(f"unknown engine {shown(engine)}: choose one of {', '.join(map(repr, ENGINES))}")
    return engine


class Engine:
    """One engine as :func:`alternate` drives it: ``step(seconds, work)`` runs it for at most that
    much more (``None``: no limit) and returns its answer or raises :class:`SearchTimeout`, going
    on where it stopped when called again; ``spent()`` is the work it has done so far (search
    nodes, or solver conflicts)."""

    def __init__(self, step: Callable[["float | None", "int | None"], object], spent: Callable[[], int]):
        self.step, self.spent = step, spent


class LazyFormula:
    """The SAT side of :func:`alternate`: ``build()`` makes the :class:`~solvers.comrade.sat.PlayFormula`
    on its first slice only (most questions are settled by the search before), ``convert(tricks)``
    turns a winning play into what the caller answers with; ``with`` frees the solver at the end."""

    def __init__(self, build: Callable[[], object], convert: Callable[[list], object]):
        self._build, self._convert = build, convert
        self.formula = None

    def step(self, seconds, work):
        if self.formula is None:
            self.formula = self._build()
        tricks = self.formula.run(time_limit=seconds, conflict_limit=work)
        return None if tricks is None else self._convert(tricks)

    def spent(self) -> int:
        return 0 if self.formula is None else self.formula.conflicts

    def __enter__(self) -> "LazyFormula":
        return self

    def __exit__(self, *exc) -> None:
        if self.formula is not None:
            self.formula.close()


def alternate(search: Engine, formula: "Engine | LazyFormula", *, time_limit: float | None, node_limit: int | None,
              first: int, engine: str = "auto"):
    """``(engine name, answer)`` from whichever engine decides first; :class:`SearchTimeout` when
    the budget runs out first.

    ``time_limit`` (seconds) bounds the whole; ``node_limit`` bounds the positions of the
    search and, separately, the conflicts of the formula (work, the same on every machine).
    ``first`` is the search's first slice, in nodes.  With ``engine="search"`` or ``"sat"``
    only that engine runs, with the whole budget.
    """
    start = time.perf_counter()
    engine = check_engine(engine)
    engines = {"search": search, "sat": formula}
    base = {name: e.spent() for name, e in engines.items()}

    def left(name):
        return None if node_limit is None else node_limit - (engines[name].spent() - base[name])

    def give(name, seconds, work):
        rest = left(name)
        if rest is not None:
            work = rest if work is None else min(work, rest)
            if work <= 0:
                raise SearchTimeout
        if time_limit is not None:
            remaining = time_limit - (time.perf_counter() - start)
            if remaining <= 0:
                raise SearchTimeout
            seconds = remaining if seconds is None else min(seconds, remaining)
        return engines[name].step(seconds, work)

    if engine != "auto":
        return engine, give(engine, None, None)
    try:
        return "search", give("search", None, first)
    except SearchTimeout:
        pass
    k = 0
    while True:
        seconds = FIRST_SECONDS * 2 ** k if node_limit is None or time_limit is not None else None
        work = None if node_limit is None else first * 2 ** k
        tried = False
        for name, share in (("sat", SAT_SHARE), ("search", 1)):
            rest = left(name)
            if rest is not None and rest <= 0:
                continue
            tried = True
            try:
                return name, give(name, None if seconds is None else seconds * share,
                                  None if work is None else work * share)
            except SearchTimeout:
                pass
        if not tried or (time_limit is not None and time.perf_counter() - start >= time_limit):
            raise SearchTimeout
        k += 1


def decide_play(search: PlaySearch, hands, leader: int, n: int, *, counts=None, current=(), target=None,
                max_value: int, max_suits: int, time_limit: float | None, node_limit: int | None, first: int,
                engine: str = "auto"):
    """Can the rest of the play be won?  ``(engine name, tricks)`` from :func:`alternate`, or
    :class:`~solvers.comrade.search.SearchTimeout` when the budget runs out first.

    ``hands[p]`` are the ``(suit, rank)`` pairs player ``p`` still holds, ``current`` the
    ``(seat, (suit, rank))`` plays of the trick in progress, ``leader`` its leader (or the
    leader of the next trick when there is none), ``counts`` (flattened ``p * 4 + s``) the
    tricks won so far and ``target`` the final bids (``None``: any legal final bid).
    ``search`` is the :class:`~solvers.comrade.search.PlaySearch` to use (a caller may share one
    between questions); the formula of :mod:`solvers.comrade.sat` is written only if the
    search has not decided within its first slice of ``first`` positions.  ``tricks`` is
    ``None`` when no play wins, else the winning play of the rest of the game: a list of tricks,
    each a list of ``(player, suit, rank)`` from its leader on, the trick in progress first and
    whole.
    """
    counts = [0] * (n * NSUITS) if counts is None else list(counts)
    current = list(current)
    if current:
        def accepts(w, s):
            return target is None or counts[w * NSUITS + s] < target[w * NSUITS + s]

        starts = []
        for plays, hs, winner, led in _completions(hands, current, n, accepts):
            c2 = list(counts)
            c2[winner * NSUITS + led] += 1
            starts.append((plays, hs, winner, c2))
        started = [(p, s, r) for p, (s, r) in current]
    else:
        starts = [([], hands, leader, counts)]
    nodes0 = search.nodes

    def search_step(seconds, work):
        """The search over the ways to finish the trick in progress that are not refuted yet."""
        end = None if seconds is None else time.perf_counter() + seconds
        while starts:
            prefix, hs, lead, cs = starts[0]
            seqs, ranks = position_from_hands(hs)
            search.time_limit = None if end is None else max(end - time.perf_counter(), 1e-6)
            search.node_limit = work
            if sum(map(len, seqs)) == 0:
                line = [] if search.final_ok(cs) else None
            else:
                before = search.nodes
                try:
                    line = search.run(seqs, lead, cs)
                finally:
                    if work is not None:
                        work = max(work - (search.nodes - before), 1)
            if line is not None:
                played = tricks_to_cards(line, ranks)
                return [started + list(prefix)] + played if current else played
            starts.pop(0)
        return None

    in_play: list = []                 # the formula's picture: every card in hands or in the trick

    def build():
        everything = [list(h) for h in hands]
        for p, card in current:
            everything[p].append(card)
        seqs, ranks = position_from_hands(everything)
        in_play.append(ranks)
        played = [(p, s, ranks[s].index(r)) for p, (s, r) in current]
        need = None if target is None else [t - c for t, c in zip(target, counts)]
        return PlayFormula(seqs, leader, n, played=played, need=need, max_value=max_value, max_suits=max_suits)

    def convert(tricks):
        ranks = in_play[0]
        return [[(p, s, ranks[s][i]) for p, s, i in t] for t in tricks]

    formula = LazyFormula(build, convert)
    with formula:
        return alternate(Engine(search_step, lambda: search.nodes - nodes0), formula,
                         time_limit=time_limit, node_limit=node_limit, first=first, engine=engine)


def _completions(hands, current, n, accepts):
    """Every distinct way to finish the trick in progress, as ``(plays, hands after, winner, led)``
    (``plays``: the ``(player, suit, rank)`` plays that finish it).

    ``hands[p]`` are ``(suit, rank)`` pairs still held, ``current`` the ``(seat, (suit, rank))``
    plays so far.  Cards of one player that are adjacent among the cards of their suit still in
    hands or in the trick are equivalent, so only the lowest of each such run is tried.
    ``accepts(winner, led)`` filters the winners that may take the trick.
    """
    led = current[0][1][0]
    in_play = {s: sorted([(r, p) for p, h in enumerate(hands) for t, r in h if t == s]
                         + [(c[1], -1) for _, c in current if c[0] == s]) for s in range(NSUITS)}
    rep = []
    for p in range(n):
        keep = set()
        for s in range(NSUITS):
            prev_mine = False
            for r, o in in_play[s]:
                if o == p:
                    if not prev_mine:
                        keep.add((s, r))
                    prev_mine = True
                else:
                    prev_mine = False
        rep.append(keep)
    order = [(current[-1][0] + k) % n for k in range(1, n - len(current) + 1)]
    out = []
    seen = set()

    def rec(i, plays, hs):
        if i == len(order):
            best = max((c[1], q) for q, c in plays if c[0] == led)
            winner = best[1]
            if not accepts(winner, led):
                return
            k = (tuple(tuple(sorted(h)) for h in hs), winner)
            if k in seen:
                return
            seen.add(k)
            out.append(([(q, c[0], c[1]) for q, c in plays[len(current):]], hs, winner, led))
            return
        f = order[i]
        hand = hs[f]
        legal = [c for c in hand if c[0] == led] or list(hand)
        for c in sorted(legal):
            if c not in rep[f]:
                continue
            nh = list(hs)
            nh[f] = [d for d in hand if d != c]
            rec(i + 1, plays + [(f, c)], nh)

    rec(0, list(current), [list(h) for h in hands])
    return out
