"""The play as a Boolean formula: a second, complete engine for the same question.

:mod:`solvers.comrade.search` walks the tricks one by one; this module writes the whole
rest of the play as one formula in conjunctive normal form and hands it to a SAT solver
(CaDiCaL, through `PySAT <https://pysathq.github.io>`_).  The solver learns a new clause
from every dead end, so it proves some positions lost at once that the search, which can
only remember whole positions, walks for seconds (a case the search's rules do not see is
one the solver still learns).  But writing the formula (about 10 ms for a whole deal) and
solving it take 10-30 ms every time, more than the search needs for an easy position, so the
two run as a portfolio (:mod:`solvers.comrade.portfolio`): the search first, with a small
budget, and the formula for what the search has not settled
(:func:`~solvers.comrade.position.solve_position`, :func:`~solvers.comrade.solve`).

The formula, for ``T`` tricks numbered 0 to ``T - 1`` and every card ``c`` still in play:

* ``x[c, k]`` — card ``c`` is played to trick ``k``; ``h[c, k]`` — ``c`` is still held at the
  start of trick ``k``.  ``h`` is monotone and ``x[c, k] = h[c, k] and not h[c, k + 1]`` (the
  *order encoding*: each card is played exactly once);
* each player plays exactly one card to each trick; ``ls[k, s]`` — trick ``k`` is led in suit
  ``s`` (exactly one suit); ``ps[p, k, s]`` — player ``p`` plays a card of ``s`` to trick ``k``;
* the leader plays the suit led; a player who still holds a card of the suit led plays one
  (``ls[k, s] and h[d, k] -> ps[p, k, s]`` for every card ``d`` of ``s`` that ``p`` holds);
* ``w[k, p]`` — ``p`` wins trick ``k`` (exactly one player): the winner plays the suit led,
  and nobody plays a higher card of it (a clause for each pair of cards of one suit held
  by different players); the winner of trick ``k`` leads trick ``k + 1``;
* the counts: ``ws[k, p, s] = w[k, p] and ls[k, s]``, added up by a unary counter per player
  and suit; the same count is also added up card by card (each card wins at most one trick,
  and a card wins when its owner wins a trick of its suit with it), and the two counters are
  made equal: redundant, but it lets the solver reason about *which* cards win, and it proves
  the hardest benchmark deals about 30 % sooner.  With **fixed bids** each count equals what
  the player still needs; with **open bids** (a fresh deal) the counts must form a legal final
  bid: at most the largest bid card, at most ``max_suits`` suits per player, different values
  within a suit (every legal final bid is reachable by the bidding, :mod:`solvers.comrade.bids`);
* the tricks led in each suit, counted over ``ls``: at most as many as the longest holding of
  the suit among the players who can lead (:func:`led_caps`: each such trick takes a card of the
  suit from everyone who still holds one), and equal to the players' counts in the suit added up
  (open bids; a unary adder) or to what they still need in it (fixed bids); with open bids the
  four suits' numbers add up to ``T``.  Redundant too, but these are facts of arithmetic the
  solver would have to find by long case splits: with them, the hardest no-wins of
  ``benchmarks/bench_comrade_hard.py`` are proved in a third to a tenth of the time;
* adjacent cards of one player in a suit are interchangeable, so the lower one is played
  first (symmetry breaking; it removes no play up to equivalent cards);
* at a trick boundary, what the search's rules prove at once is added as facts: players who
  can never win a trick (:func:`~solvers.comrade.bounds.reach`), suits never led again,
  tricks a player must win (:func:`~solvers.comrade.bounds.lower_bounds`).

A trick in progress is trick 0 with the cards already played fixed.  The answer is a
list of tricks (or ``None``: the formula is unsatisfiable, a proof that no play wins);
the callers replay a win through the rules engine before returning it.
"""

from __future__ import annotations

import time
from itertools import combinations
from typing import Sequence

from .bounds import lower_bounds, reach
from .picture import NSUITS
from .search import SearchTimeout

__all__ = ["solve_play", "led_caps", "PlayFormula", "SAT_SOLVER"]

#: The SAT solver PySAT runs (CaDiCaL 1.5.3: fastest of those measured on the benchmark's
#: positions, and it takes conflict budgets, which is how time and work limits are kept).
SAT_SOLVER = "cadical153"

#: Conflicts per call to the solver between two looks at the clock.
_CHUNK = 2000


def led_caps(seqs: Sequence[Sequence[int]], n: int, leaders: int) -> list[int]:
    """At most how many more tricks can be led in each suit: as many as the longest holding of it
    among the players who may lead (bit mask ``leaders``).  Every trick led in a suit takes a card
    of it from each player who still holds one (the leader leads it, the others must follow), so
    after that many tricks none of them holds it.

    >>> led_caps(((0, 1, 1, 2), (0,), (), ()), 3, 0b111), led_caps(((0, 1, 1, 2), (0,), (), ()), 3, 0b101)
    ([2, 1, 0, 0], [1, 1, 0, 0])
    """
    return [max((seq.count(p) for p in range(n) if (leaders >> p) & 1), default=0) for seq in seqs]


class _Formula:
    """Clauses and fresh variables (plain integers, as the solvers take them)."""

    def __init__(self):
        self.top = 0
        self.clauses: list[list[int]] = []

    def new(self, count: int = 1) -> int:
        """The first of ``count`` fresh variables."""
        first = self.top + 1
        self.top += count
        return first

    def exactly_one(self, lits: Sequence[int]) -> None:
        cl = self.clauses
        cl.append(list(lits))
        if len(lits) <= 6:
            for a, b in combinations(lits, 2):
                cl.append([-a, -b])
            return
        # at most one: a sequential ladder, 3 clauses per literal
        prev = None
        for i, lit in enumerate(lits):
            if i == len(lits) - 1:
                if prev is not None:
                    cl.append([-lit, -prev])
                break
            s = self.new()
            cl.append([-lit, s])
            if prev is not None:
                cl.append([-prev, s])
                cl.append([-lit, -prev])
            prev = s

    def add(self, a: Sequence[int], b: Sequence[int]) -> list[int]:
        """The sum of two unary numbers: ``a[j]`` (``j >= 1``) is true exactly when ``a >= j`` (a
        literal, or 0 for one that is false; ``a[0]`` is not read), the same for ``b``; returns
        ``c`` with ``c[j]`` true exactly when ``a + b >= j`` (a totalizer's merge, both directions)."""
        A, B = len(a) - 1, len(b) - 1
        cl = self.clauses
        base = self.new(A + B)
        c = [0] + list(range(base, base + A + B))
        for i in range(A + 1):
            for j in range(B + 1):
                if i and not a[i] or j and not b[j]:
                    continue                        # a >= i (or b >= j) is false: nothing new here
                if i + j:                           # a >= i and b >= j -> c >= i + j
                    cl.append([-lit for lit in (a[i] if i else 0, b[j] if j else 0) if lit] + [c[i + j]])
                if i + j < A + B:                   # a <= i and b <= j -> c <= i + j
                    cl.append([lit for lit in (a[i + 1] if i < A else 0, b[j + 1] if j < B else 0) if lit]
                              + [-c[i + j + 1]])
        return c

    def equals(self, u: Sequence[int], value: int) -> None:
        """The unary number ``u`` (as :meth:`add` takes them) is exactly ``value``."""
        if value >= len(u) or value < 0:
            self.clauses.append([])                         # it cannot be: no model
            return
        if value:
            self.clauses.append([u[value]] if u[value] else [])
        if value + 1 < len(u) and u[value + 1]:
            self.clauses.append([-u[value + 1]])

    def same(self, u: Sequence[int], v: Sequence[int], upto: int) -> None:
        """The unary numbers ``u`` and ``v`` (as :meth:`add` takes them; an entry past the end is
        false) agree at every ``j = 1 .. upto``."""
        for j in range(1, upto + 1):
            a = u[j] if j < len(u) else 0
            b = v[j] if j < len(v) else 0
            if a and b:
                self.clauses.append([-a, b])
                self.clauses.append([a, -b])
            elif a:
                self.clauses.append([-a])
            elif b:
                self.clauses.append([-b])

    def counter(self, lits: Sequence[int], upto: int) -> list[int]:
        """Literals ``r[j]`` (``j = 1 .. upto``) that are true exactly when at least ``j`` of
        ``lits`` are (a sequential counter with both directions of every step); ``r[0]`` is 0."""
        cl = self.clauses
        prev: list[int] = []                # r over the first i literals, j = 1 .. min(i, upto)
        for i, lit in enumerate(lits, start=1):
            width = min(i, upto)
            base = self.new(width)
            cur = list(range(base, base + width))
            for j in range(1, width + 1):
                r = cur[j - 1]
                below = prev[j - 1] if j - 1 < len(prev) else None      # r_{i-1}[j]
                lower = prev[j - 2] if j >= 2 else None                 # r_{i-1}[j-1] (j = 1: true)
                if below is not None:
                    cl.append([-below, r])
                if lower is None:
                    cl.append([-lit, r])
                else:
                    cl.append([-lower, -lit, r])
                # r -> below or (lower and lit)
                if below is None:
                    cl.append([-r, lit])
                    if lower is not None:
                        cl.append([-r, lower])
                else:
                    cl.append([-r, below, lit])
                    if lower is not None:
                        cl.append([-r, below, lower])
            prev = cur
        return [0] + prev + [0] * (upto - len(prev))


def solve_play(seqs: Sequence[Sequence[int]], leader: int, n: int, *, played: Sequence[tuple[int, int, int]] = (),
               need: Sequence[int] | None = None, max_value: int = 6, max_suits: int = 3,
               time_limit: float | None = None, conflict_limit: int | None = None):
    """A winning play of the rest of the game, or ``None`` when there is none.

    ``seqs[s]`` are the owners of the cards of suit ``s`` still in play, lowest first (as in
    :mod:`solvers.comrade.search`), including the cards ``played`` to the trick in progress
    (``(player, suit, index into seqs[suit])`` from its leader ``leader`` on).  ``need``
    (flattened ``p * 4 + s``) fixes how many more tricks led in ``s`` each player ``p`` must
    win; ``None`` asks for any legal final bid (a fresh deal).  The answer lists the tricks,
    each a list of ``(player, suit, index into seqs[suit])`` in play order, the trick in
    progress first and whole.  :class:`~solvers.comrade.search.SearchTimeout` when
    ``time_limit`` seconds or ``conflict_limit`` conflicts of the solver run out.

    >>> solve_play(((1, 0), (0, 1), (), ()), 0, 2, need=(1, 0, 0, 0,  0, 1, 0, 0))  # N: spade, E: heart
    [[(0, 0, 1), (1, 0, 0)], [(0, 1, 0), (1, 1, 1)]]
    >>> solve_play(((1, 0), (0, 1), (), ()), 0, 2, need=(0, 1, 0, 0,  1, 0, 0, 0)) is None
    True
    """
    with PlayFormula(seqs, leader, n, played=played, need=need, max_value=max_value,
                     max_suits=max_suits) as formula:
        return formula.run(time_limit=time_limit, conflict_limit=conflict_limit)


class PlayFormula:
    """The formula of one position (see the module docstring), and a SAT solver working on it.

    :meth:`run` may be called again after a :class:`~solvers.comrade.search.SearchTimeout`:
    the solver keeps what it has learned and goes on from there (the portfolio gives it
    slices of time in turn with the search).  Close it (or use ``with``) to free the solver.
    The arguments are those of :func:`solve_play`.
    """

    def __init__(self, seqs: Sequence[Sequence[int]], leader: int, n: int, *,
                 played: Sequence[tuple[int, int, int]] = (), need: Sequence[int] | None = None,
                 max_value: int = 6, max_suits: int = 3):
        self.n = n
        self.leader = leader
        #: conflicts the solver has spent so far (over every call of :meth:`run`)
        self.conflicts = 0
        self._solver = None
        #: the answer once known (``False``: not yet); some formulas are decided while being written
        self._answer: "list | None | bool" = False
        self._build(seqs, leader, n, played, need, max_value, max_suits)

    def __enter__(self) -> "PlayFormula":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        """Free the solver (its memory lives outside Python)."""
        if self._solver is not None:
            self._solver.delete()
            self._solver = None

    @property
    def clauses(self) -> int:
        """How many clauses the formula has."""
        return len(self._clauses)

    def run(self, time_limit: float | None = None, conflict_limit: int | None = None):
        """Decide the formula: the winning tricks, or ``None`` (no play wins).

        :class:`~solvers.comrade.search.SearchTimeout` when ``time_limit`` seconds or
        ``conflict_limit`` more conflicts run out first; a later call goes on from there.
        """
        if self._answer is not False:
            return self._answer
        start = time.perf_counter()
        if self._solver is None:
            from pysat.solvers import Solver   # a compiled extension: loaded only when a formula is solved
            self._solver = Solver(name=SAT_SOLVER, bootstrap_with=self._clauses)
        solver = self._solver
        spent = 0
        while True:
            chunk = _CHUNK if conflict_limit is None else min(_CHUNK, conflict_limit - spent)
            if chunk <= 0 or (time_limit is not None and time.perf_counter() - start > time_limit):
                raise SearchTimeout
            solver.conf_budget(chunk)
            answer = solver.solve_limited()
            spent += chunk
            self.conflicts += chunk
            if answer is not None:
                break
        self._answer = self._tricks(solver.get_model()) if answer else None
        self.close()
        return self._answer

    def _tricks(self, model):
        true = set(lit for lit in model if lit > 0)
        n, x, w = self.n, self._x, self._w
        tricks = []
        lead = self.leader
        for k in range(self._T):
            by_player = {}
            for c, (s, i, o) in enumerate(self._cards):
                if x(c, k) in true:
                    by_player[o] = (o, s, i)
            tricks.append([by_player[(lead + j) % n] for j in range(n)])
            lead = next(p for p in range(n) if w(k, p) in true)
        return tricks

    def _build(self, seqs, leader, n, played, need, max_value, max_suits) -> None:
        """Write the formula (see the module docstring), one constraint block of :class:`_Encoding` after the
        other; a position some block proves lost at once gets the answer ``None`` and no formula."""
        cards = [(s, i, o) for s in range(NSUITS) for i, o in enumerate(seqs[s])]
        total = len(cards)
        if total % n:
            raise ValueError("every player must hold the same number of cards")
        T = total // n
        self._clauses: list[list[int]] = []
        self._cards, self._T, self._x, self._w = cards, T, None, None
        if T == 0:
            self._answer = []
            return
        e = _Encoding(seqs, leader, n, played, cards, T)
        e.play_each_card_once()
        e.the_tricks()
        e.lower_equivalent_card_first()
        if played:
            low, leaders = {}, (1 << n) - 1     # who may lead a trick: every player
        else:
            low, leaders = e.facts_at_the_start()
        caps = led_caps(seqs, n, leaders)
        if need is not None:
            ok = e.fixed_bids(need, low, caps)
        else:
            ok = e.open_bids(max_value, max_suits, low, caps)
        if not ok:
            self._answer = None
            return
        self._clauses = e.clauses
        self._cards, self._T, self._x, self._w = cards, T, e.x, e.w


class _Encoding:
    """The formula of one position, written block by block (each method one block of the module docstring).

    The variables come in blocks numbered from 1: ``x[c, k]`` and ``h[c, k]`` per card and trick, ``ls[k, s]``
    per trick and suit, ``w[k, p]`` per trick and player, ``ps[p, k, s]`` and ``ws[k, p, s]``; the methods
    :meth:`x`, :meth:`h`, ... give their numbers.  The blocks run in the order of :meth:`PlayFormula._build`
    (the solver's work depends on the order of the clauses and the numbers of the variables)."""

    def __init__(self, seqs, leader, n, played, cards, T):
        self.seqs, self.leader, self.n, self.T, self.played = seqs, leader, n, T, played
        self.f = f = _Formula()
        self.clauses = f.clauses
        C = len(cards)
        # variable blocks: x and h per card and trick, ls per trick and suit, w per trick and player
        X = f.new(C * T)
        H = f.new(C * T)
        LS = f.new(T * NSUITS)
        W = f.new(T * n)
        PS = f.new(n * T * NSUITS)
        WS = f.new(T * n * NSUITS)

        def x(c, k):
            """Card ``c`` is played to trick ``k``."""
            return X + c * T + k

        def h(c, k):
            """Card ``c`` is still held at the start of trick ``k``."""
            return H + c * T + k

        def ls(k, s):
            """Trick ``k`` is led in suit ``s``."""
            return LS + k * NSUITS + s

        def w(k, p):
            """Player ``p`` wins trick ``k``."""
            return W + k * n + p

        def ps(p, k, s):
            """Player ``p`` plays a card of suit ``s`` to trick ``k``."""
            return PS + (p * T + k) * NSUITS + s

        def ws(k, p, s):
            """Player ``p`` wins trick ``k``, led in suit ``s``."""
            return WS + (k * n + p) * NSUITS + s

        self.x, self.h, self.ls, self.w, self.ps, self.ws = x, h, ls, w, ps, ws
        self.C = C
        self.index = index = {(s, i): c for c, (s, i, _) in enumerate(cards)}
        #: mine[p][s]: the cards of suit s that player p holds
        self.mine: list[list[list[int]]] = [[[] for _ in range(NSUITS)] for _ in range(n)]
        for c, (s, _, o) in enumerate(cards):
            self.mine[o][s].append(c)
        #: the cards of the trick in progress, and who played them
        self.fixed = {index[(s, i)]: p for p, s, i in played}
        for p, s, i in played:
            if seqs[s][i] != p:
                raise ValueError(f"card {s}/{i} of the trick in progress is not player {p}'s")
        #: the tricks led in every suit, added up (open bids, :meth:`led_in`): a unary number
        self.all_led: list = [0]

    def play_each_card_once(self) -> None:
        """Each card is held at the start and played exactly once: ``h`` is monotone and
        ``x[c, k] = h[c, k] and not h[c, k + 1]`` (the order encoding); the trick in progress is fixed."""
        cl, x, h, T, fixed = self.clauses, self.x, self.h, self.T, self.fixed
        for c in range(self.C):
            cl.append([h(c, 0)])
            for k in range(T):
                nxt = h(c, k + 1) if k + 1 < T else None
                if nxt is None:
                    cl.append([-h(c, k), x(c, k)])
                    cl.append([h(c, k), -x(c, k)])
                else:
                    cl.append([-nxt, h(c, k)])
                    cl.append([-x(c, k), h(c, k)])
                    cl.append([-x(c, k), -nxt])
                    cl.append([-h(c, k), nxt, x(c, k)])
            if c in fixed:
                cl.append([x(c, 0)])

    def the_tricks(self) -> None:
        """Each trick has one suit led and one winner; each player plays one card to it
        (:meth:`player_in_trick`), and nobody plays above the winner (:meth:`nobody_above_the_winner`)."""
        f, ls, w, n = self.f, self.ls, self.w, self.n
        for k in range(self.T):
            f.exactly_one([ls(k, s) for s in range(NSUITS)])
            f.exactly_one([w(k, p) for p in range(n)])
            for p in range(n):
                self.player_in_trick(k, p)
            self.nobody_above_the_winner(k)

    def player_in_trick(self, k: int, p: int) -> None:
        """Player ``p`` plays exactly one card to trick ``k``; ``ps[p, k, s]`` says of which suit; a player who
        holds a card of the suit led plays one, and so do the winner and the leader; ``ws[k, p, s]`` is
        ``w[k, p] and ls[k, s]``."""
        cl, f, x, h, ls, w, ps, ws = self.clauses, self.f, self.x, self.h, self.ls, self.w, self.ps, self.ws
        mine = self.mine[p]
        f.exactly_one([x(c, k) for s in range(NSUITS) for c in mine[s]])
        for s in range(NSUITS):
            group = [x(c, k) for c in mine[s]]
            v = ps(p, k, s)
            cl.append([-v] + group)
            for lit in group:
                cl.append([-lit, v])
            for d in mine[s]:                               # must follow suit
                cl.append([-ls(k, s), -h(d, k), v])
            cl.append([-w(k, p), -ls(k, s), v])             # the winner plays the suit led
            if k == 0:
                if p == self.leader:
                    cl.append([-ls(0, s), v])               # the leader plays the suit led
            else:
                cl.append([-w(k - 1, p), -ls(k, s), v])
            a, b, e = ws(k, p, s), w(k, p), ls(k, s)
            cl.append([-a, b])
            cl.append([-a, e])
            cl.append([a, -b, -e])

    def nobody_above_the_winner(self, k: int) -> None:
        """Nobody plays a higher card of a suit than the winner of trick ``k`` (a clause for each pair of cards
        of one suit held by different players)."""
        cl, x, w, index = self.clauses, self.x, self.w, self.index
        for s in range(NSUITS):
            seq = self.seqs[s]
            base = index.get((s, 0))
            for i in range(len(seq)):
                wi = -w(k, seq[i])
                xi = -x(base + i, k)
                for j in range(i + 1, len(seq)):
                    if seq[j] != seq[i]:
                        cl.append([wi, xi, -x(base + j, k)])

    def lower_equivalent_card_first(self) -> None:
        """Adjacent cards of one player in a suit are interchangeable: the lower one is played first
        (symmetry breaking; it removes no play up to equivalent cards)."""
        cl, h, index, fixed = self.clauses, self.h, self.index, self.fixed
        for s in range(NSUITS):
            seq = self.seqs[s]
            for i in range(len(seq) - 1):
                if seq[i] == seq[i + 1]:
                    lo, hi = index[(s, i)], index[(s, i + 1)]
                    if lo in fixed or hi in fixed:
                        continue
                    for k in range(1, self.T):
                        cl.append([-h(lo, k), h(hi, k)])

    def facts_at_the_start(self) -> tuple[dict, int]:
        """What the search's rules prove at the start of a trick (cheap, and it helps the solver): players who
        never win a trick, suits never led, tricks a player must win.  Returns those tricks, ``{(p, s): k}``,
        and the players who may lead a trick (a bit mask)."""
        cl, w, ls, n, seqs = self.clauses, self.w, self.ls, self.n, self.seqs
        low = {}
        hold = [[seq.count(p) for seq in seqs] for p in range(n)]
        rmask, dead = reach(tuple(map(tuple, seqs)), self.leader, n)
        for k in range(self.T):
            for p in range(n):
                if not (rmask >> p) & 1:
                    cl.append([-w(k, p)])
            for s in range(NSUITS):
                if (dead >> s) & 1:
                    cl.append([-ls(k, s)])
        for p, row in lower_bounds(tuple(map(tuple, seqs)), hold, n, rmask) or ():
            for s in range(NSUITS):
                if row[s]:
                    low[p, s] = row[s]
        return low, rmask

    def card_side(self, p, s, r, upto) -> None:
        """The same count from the cards, each of which wins at most one trick (redundant, but
        it lets the solver reason about which cards win: 30 % faster on the hardest deals)."""
        cl, f, x, w, ls, T = self.clauses, self.f, self.x, self.w, self.ls, self.T
        lits = []
        for c in self.mine[p][s]:
            cw = f.new()
            wins = []
            for k in range(T):
                a = f.new()
                cl.append([-a, x(c, k)])
                cl.append([-a, w(k, p)])
                cl.append([-a, ls(k, s)])
                cl.append([a, -x(c, k), -w(k, p), -ls(k, s)])
                cl.append([-a, cw])
                wins.append(a)
            cl.append([-cw] + wins)
            lits.append(cw)
        f.same(r, f.counter(lits, upto), upto)

    def led_in(self, s, total, caps) -> None:
        """The tricks led in ``s`` (counted over ``ls``): at most ``caps[s]``, and equal to
        ``total``: a number (fixed bids: what the players still need in ``s``, added up) or a
        unary number (open bids: ``total[j]`` is true when the counts in ``s`` add up to at least
        ``j``; 0 for false; ``total[0]`` is not read)."""
        f, T, ls = self.f, self.T, self.ls
        led = f.counter([ls(k, s) for k in range(T)], min(T, caps[s] + 1))
        if caps[s] < T:
            self.clauses.append([-led[caps[s] + 1]])
        if isinstance(total, int):
            f.equals(led, total)
            return
        capped = led[:min(T, caps[s]) + 1]
        self.all_led = f.add(self.all_led, capped)
        f.same(total, capped, max(T, len(total) - 1))

    def fixed_bids(self, need, low, caps) -> bool:
        """Fixed bids: each player's count in each suit equals what it still needs there, and the tricks led in
        each suit what the players need in it, added up.  ``False``: no play can meet ``need`` (no formula)."""
        cl, f, ws, n, T = self.clauses, self.f, self.ws, self.n, self.T
        if sum(need) != T:                                  # every trick adds 1 to one count
            return False
        for s in range(NSUITS):
            total = sum(need[p * NSUITS + s] for p in range(n))
            if not 0 <= total <= min(T, caps[s]):
                return False
            self.led_in(s, total, caps)
        for p in range(n):
            for s in range(NSUITS):
                want = need[p * NSUITS + s]
                lits = [ws(k, p, s) for k in range(T)]
                if want < 0 or want > T or want < low.get((p, s), 0):
                    return False
                if want == 0:
                    cl.extend([-lit] for lit in lits)
                    continue
                r = f.counter(lits, want + 1)
                self.card_side(p, s, r, want + 1)
                cl.append([r[want]])
                if r[want + 1]:
                    cl.append([-r[want + 1]])
        return True

    def open_bids(self, max_value, max_suits, low, caps) -> bool:
        """Open bids: the counts form a legal final bid (at most ``max_value`` per suit, at most ``max_suits``
        suits per player, different values within a suit), the tricks led in each suit equal the counts in it
        added up, and the suits' numbers add up to ``T``.  ``False``: a player is forced past the largest bid
        card (no formula)."""
        cl, f, ws, n, T = self.clauses, self.f, self.ws, self.n, self.T
        upto = max_value + 1
        eq = {}
        totals = [[0] for _ in range(NSUITS)]          # the counts in each suit, added up
        for p in range(n):
            nonzero = []
            for s in range(NSUITS):
                r = f.counter([ws(k, p, s) for k in range(T)], upto)
                self.card_side(p, s, r, upto)
                totals[s] = f.add(totals[s], r)
                if low.get((p, s), 0) > max_value:       # forced past the largest bid card
                    return False
                if (p, s) in low:
                    cl.append([r[low[p, s]]])
                if r[upto]:
                    cl.append([-r[upto]])
                if r[1]:
                    nonzero.append(r[1])
                for v in range(1, max_value + 1):
                    if r[v]:
                        eq[p, s, v] = (r[v], r[v + 1])
            for group in combinations(nonzero, max_suits + 1):
                cl.append([-lit for lit in group])
        for s in range(NSUITS):                             # different values within a suit
            for p, q in combinations(range(n), 2):
                for v in range(1, max_value + 1):
                    a, b = eq.get((p, s, v)), eq.get((q, s, v))
                    if a and b:
                        cl.append([-a[0], -b[0]] + [lit for lit in (a[1], b[1]) if lit])
        for s in range(NSUITS):
            self.led_in(s, totals[s], caps)
        f.equals(self.all_led, T)                        # and they add up to T
        return True
