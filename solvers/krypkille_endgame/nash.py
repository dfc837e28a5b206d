"""Finding the equilibria of the declaration game (level 3), and proving them.

The declaration game: the final cards are dealt from the common prior (a
uniform assignment of distinct unseen physical cards, optionally restricted by
what the public play reveals); in the declaring order each position, seeing its
own card and knowing that everyone before it passed, declares or passes.  A
**strategy** of position ``i`` gives a declare probability for every card it
can hold (a *mixed strategy* where a probability is strictly between 0 and 1).
A **Nash equilibrium** is a profile in which no position, holding any card with
which it can be asked, lowers its expected penalty by changing its own choice:
every choice is a **best response** to the others'.  Its **regret** — the most
anybody gains by deviating — is 0.

Two methods, both ending either at a *verified* equilibrium or at
:class:`EquilibriumNotFoundError`, never at a silent non-equilibrium:

* **Two players — exact support enumeration** (:func:`two_player_equilibria`).
  With fixed strategies every expected penalty is affine in the other player's
  declare probabilities, with integer coefficients obtained by counting card
  assignments.  The second player's best response is always a *threshold*
  (declare below some card, pass above it, at most one card in between where it
  is indifferent): its cost difference between declaring and passing,
  divided by the copies of its card, never decreases as its card gets stronger
  (proof in :func:`_two_player_coefficients`).  So every equilibrium has the
  second player declaring with its ``t`` weakest cards and mixing on at most
  the next one, and the first player mixing on at most one card too (one
  indifference equation per mixed card of the other player).  The enumeration
  tries every such pattern, solves the indifference equations with exact
  fractions and keeps the patterns that satisfy every best-response
  inequality exactly: it finds **every** equilibrium of this form (all of them
  unless the game is *degenerate*, i.e. the second player is exactly
  indifferent with two different cards).
* **Three to five players — search, then proof** (:func:`search_equilibrium`).
  Iterated best responses (the sweep of the original explorer, from several
  starting profiles and in both directions) end at a pure equilibrium or in a
  cycle.  For a cycle, the cards whose choice flips are the candidates for
  mixing: every subset of them (smallest first) is tried as the set of mixed
  cards, the rest fixed as in one of the profiles of the cycle, the
  indifference equations solved by Newton's method, and the result kept only if
  its regret, recomputed exactly from scratch by :func:`profile_regret`, is at
  most :data:`REGRET_TOLERANCE`.  The search is finite, so it ends; what it
  returns is proved by the regret check; if nothing passes it raises.

>>> from cardgames.krypkille import Kind
>>> from .common import unseen_pool
>>> eqs = two_player_equilibria(unseen_pool())
>>> len(eqs), eqs[0].describe(0), eqs[0].describe(1)
(1, 'Mask … 5, 6 (p=0.50)', 'Mask … 9, 10 (p=0.20)')
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, product
from typing import Sequence

from cardgames.krypkille import COWARD_PENALTY, DEFAULT_PENALTIES, FAILURE_SURCHARGE, Kind, PenaltyTable
from cardgames.errors import shown

from .common import EndgameError, StrategyProfile
from .values import best_response, full_allowed, position_value, possible_cards, profile_regret

__all__ = ["REGRET_TOLERANCE", "EquilibriumNotFoundError", "two_player_equilibria", "search_equilibrium",
           "is_monotone"]

#: An equilibrium's regret must be at most this many penalty points (mixed profiles of 3-5 players are
#: solved in floating point; two-player equilibria and pure profiles have regret exactly 0).
REGRET_TOLERANCE = 1e-9


class EquilibriumNotFoundError(EndgameError):
    """The search ended without a profile whose regret is within :data:`REGRET_TOLERANCE`."""


def is_monotone(penalties: PenaltyTable) -> bool:
    """True when a stronger card never costs less (both shipped tables): needed by the two-player method."""
    pens = [penalties.penalty(k) for k in Kind]
    return all(a <= b for a, b in zip(pens, pens[1:]))


# -- two players: exact ----------------------------------------------------------------------------------

def _two_player_coefficients(pool, penalties: PenaltyTable, allowed: Sequence[int]):
    """The affine best-response functions of the two-player game, with integer coefficients.

    ``w(x, y)`` counts the ways (physical cards) the first player holds ``x`` and the second ``y``.
    With ``X[x]``, ``Y[y]`` the declare probabilities:

    * ``g[x] = a[x] + Σ_y B[x][y] Y[y]`` — the first player's total penalty when declaring with ``x``
      minus when passing, summed over the second player's cards: declare only if ``g < 0``;
    * ``h[y] = e[y] + Σ_x E[y][x] X[x]`` — the same for the second player (asked only after a pass,
      hence the factor ``1 - X[x]``).

    Why the second player's best response is a threshold: ``h[y] / copies(y)`` is
    ``-10 Σ_{x>y} c_x (1-X[x]) + (pen(y)+10) (Σ_{x<y} c_x (1-X[x]) + (c_y - 1)(1-X[y]))``.  As ``y``
    gets stronger the first sum loses terms, the second gains at least as much as it loses, and
    ``pen(y)`` does not decrease — so the sign changes once, from declare to pass.
    """
    c = {k: n for k, n in pool.items() if n > 0}
    P0 = possible_cards(c, allowed, 0)
    P1 = possible_cards(c, allowed, 1)
    pen = {k: penalties.penalty(k) for k in Kind}
    a = {x: 0 for x in P0}
    B = {x: {y: 0 for y in P1} for x in P0}
    e = {y: 0 for y in P1}
    E = {y: {x: 0 for x in P0} for y in P1}
    for x in P0:
        for y in P1:
            w = c[x] * (c[y] - (x == y))
            if w <= 0:
                continue
            d1 = 0 if x < y else pen[x] + FAILURE_SURCHARGE          # first declares
            a1 = pen[x] if y < x else 0                              # first passes, second declares
            c1 = COWARD_PENALTY if x < y else 0                      # both pass
            a[x] += w * (d1 - c1)
            B[x][y] -= w * (a1 - c1)
            d2 = 0 if y < x else pen[y] + FAILURE_SURCHARGE          # second declares (after a pass)
            c2 = COWARD_PENALTY if y < x else 0                      # second passes too
            e[y] += w * (d2 - c2)
            E[y][x] -= w * (d2 - c2)
    return P0, P1, a, B, e, E


def _ok(value, prob) -> bool:
    """The best-response condition for one card: declare (1) needs value ≤ 0, pass (0) needs ≥ 0, mixing = 0."""
    if prob == 1:
        return value <= 0
    if prob == 0:
        return value >= 0
    return value == 0


def two_player_equilibria(pool, penalties: PenaltyTable = DEFAULT_PENALTIES,
                          allowed: "Sequence[int] | None" = None) -> list[StrategyProfile]:
    """Every equilibrium of the two-player declaration game (non-degenerate games; see the module
    docstring), as exact profiles, pure ones first.  Raises :class:`EndgameError` for a penalty table
    in which a stronger card can cost less (the threshold argument needs the opposite)."""
    if not is_monotone(penalties):
        raise EndgameError(f"penalty table {shown(penalties.name)} is not increasing: the exact two-player "
                           "method needs stronger cards to cost at least as much")
    allowed = tuple(allowed) if allowed is not None else full_allowed(2)
    P0, P1, a, B, e, E = _two_player_coefficients(pool, penalties, allowed)
    found: dict = {}

    def g(x, Y):
        return a[x] + sum(B[x][y] * p for y, p in Y.items() if p)

    def h(y, X):
        return e[y] + sum(E[y][x] * p for x, p in X.items() if p)

    def second_ok(X, Y) -> bool:
        return all(_ok(h(y, X), Y[y]) for y in P1)

    def record(X, Y, gx):
        """Keep (X, Y) if every best-response inequality holds exactly (``gx``: g for this Y)."""
        key = (tuple(sorted(X.items())), tuple(sorted(Y.items())))
        if key not in found and all(_ok(gx[x], X[x]) for x in P0) and second_ok(X, Y):
            found[key] = (X, Y)

    def completions(gx: dict):
        """First-player strategies that are best responses to values ``gx`` (zeros free: corners, at most 16)."""
        base = {x: (1 if v < 0 else 0) for x, v in gx.items()}
        zeros = [x for x, v in gx.items() if v == 0][:4]
        for corner in product((0, 1), repeat=len(zeros)):
            X = dict(base)
            X.update(zip(zeros, corner))
            yield X, zeros

    for t in range(len(P1) + 1):
        Y0 = {y: (1 if i < t else 0) for i, y in enumerate(P1)}
        # (a) the second player plays a pure threshold
        g0 = {x: g(x, Y0) for x in P0}
        gx = g0
        for X, zeros in completions(gx):
            record(X, Y0, gx)
            if len(zeros) == 1:   # a first-player card that is exactly indifferent: solve for its mix
                z = zeros[0]
                for y in P1:
                    if E[y][z]:
                        rest = h(y, {**X, z: 0})
                        p = Fraction(-rest, E[y][z])
                        if 0 < p < 1:
                            record({**X, z: p}, Y0, gx)
        if t == len(P1):
            continue
        # (b) the second player mixes on its (t+1)-th card m with probability q
        m = P1[t]
        # g(x) is affine in q: its roots in (0, 1) are where a first-player card can mix
        roots = sorted(q for q in {Fraction(-g0[x], B[x][m]) for x in P0 if B[x][m]} if 0 < q < 1)
        probes = roots + [(lo + hi) / 2 for lo, hi in zip([Fraction(0)] + roots, roots + [Fraction(1)])]
        for q in probes:
            Y = {**Y0, m: q}
            gx = {x: g0[x] + q * B[x][m] for x in P0}   # g is affine in q
            for X, zeros in completions(gx):
                record(X, Y, gx)                   # the first player pure: needs h(m) == 0 by itself
                for z in zeros:                    # the first player mixes on z to make the second indifferent
                    if E[m][z]:
                        p = Fraction(-h(m, {**X, z: 0}), E[m][z])
                        if 0 < p < 1:
                            record({**X, z: p}, Y, gx)
    profiles = [_profile2(X, Y) for X, Y in found.values()]
    profiles.sort(key=lambda p: (not p.is_pure, _size(p)))
    return profiles


def _size(profile: StrategyProfile) -> tuple:
    return tuple(float(sum(profile.weights(i))) for i in range(profile.num_players))


def _profile2(X: dict, Y: dict) -> StrategyProfile:
    sets, mixed = [], []
    for probs in (X, Y):
        sets.append(frozenset(k for k, p in probs.items() if p == 1))
        mixed.append({k: p for k, p in probs.items() if 0 < p < 1})
    return StrategyProfile(tuple(sets), tuple(mixed))


# -- three to five players: search, then proof -----------------------------------------------------------

def _sweep(pool, sets: list, penalties, allowed, order) -> bool:
    changed = False
    for i in order:
        new = best_response(pool, StrategyProfile(tuple(sets)), i, penalties, allowed)
        if new != sets[i]:
            sets[i] = new
            changed = True
    return changed


def _iterate(pool, start: list, penalties, allowed, order, max_rounds: int):
    """Iterated best responses: ``("pure", profile, rounds)`` at a fixed point or ``("cycle", profiles, rounds)``."""
    sets = list(start)
    history: list[tuple] = []
    for rounds in range(1, max_rounds + 1):
        if not _sweep(pool, sets, penalties, allowed, order):
            return "pure", StrategyProfile(tuple(sets)), rounds
        key = tuple(sets)
        if key in history:
            return "cycle", [StrategyProfile(p) for p in history[history.index(key):]], rounds
        history.append(key)
    return "cycle", [StrategyProfile(p) for p in history[-4:]], max_rounds


def _solve_linear(a: list[list[float]], b: list[float]) -> list[float] | None:
    """Gaussian elimination with partial pivoting (tiny systems: one unknown per mixed card)."""
    n = len(b)
    m = [row[:] + [v] for row, v in zip(a, b)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        if abs(m[piv][col]) < 1e-14:
            return None
        m[col], m[piv] = m[piv], m[col]
        for r in range(n):
            if r != col:
                f = m[r][col] / m[col][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col])]
    return [m[i][n] / m[i][i] for i in range(n)]


def _mix_profile(base: StrategyProfile, cells: list, x: list[float]) -> StrategyProfile:
    n = base.num_players
    sets = [set(s) for s in base.declare_sets]
    mixed = [dict() for _ in range(n)]
    for (i, k), p in zip(cells, x):
        sets[i].discard(k)
        if p >= 1.0:
            sets[i].add(k)
        elif p > 0.0:
            mixed[i][k] = p
    return StrategyProfile(tuple(frozenset(s) for s in sets), tuple(mixed))


def _newton(pool, base: StrategyProfile, cells: list, penalties, allowed) -> StrategyProfile | None:
    """Declare probabilities for ``cells`` making each of them indifferent, clamped to [0, 1] (or None)."""
    def gaps(x):
        prof = _mix_profile(base, cells, x)
        return [position_value(pool, prof, i, k, penalties, allowed).advantage for i, k in cells]

    x = [0.5] * len(cells)
    for _ in range(40):
        f = gaps(x)
        if max(abs(v) for v in f) < 1e-12:
            break
        h = 1e-7
        cols = []
        for c in range(len(x)):
            xh = list(x)
            step_c = h if x[c] + h < 1.0 else -h     # stay inside [0, 1], where the profile is mixed
            xh[c] += step_c
            cols.append([(a - b) / step_c for a, b in zip(gaps(xh), f)])
        step = _solve_linear([[cols[c][r] for c in range(len(x))] for r in range(len(x))], [-v for v in f])
        if step is None:
            return None
        new = [min(1.0, max(0.0, a + b)) for a, b in zip(x, step)]
        if max(abs(a - b) for a, b in zip(new, x)) < 1e-15:   # stuck at the edge of [0, 1]
            break
        x = new
    return _mix_profile(base, cells, x)   # a probability stuck at 0 or 1 makes that card pure


def _refine(pool, base: StrategyProfile, cells: list, poss, penalties, allowed, steps: int = 8):
    """Mix ``cells`` to indifference; while some card is not a best response to the result, switch it
    (a mixed card whose probability got stuck at 0 or 1 becomes pure) and solve again.
    ``(profile, regret)`` of the last attempt, or ``(None, inf)``."""
    seen = set()
    for _ in range(steps):
        prof = _newton(pool, base, cells, penalties, allowed)
        if prof is None:
            return None, float("inf")
        regret, values = profile_regret(pool, prof, penalties, allowed)
        if regret <= REGRET_TOLERANCE:
            return prof, regret
        keep = [(i, k) for i, k in cells if 0.0 < prof.declare_prob(i, k) < 1.0]
        sets = tuple(frozenset(k for k in poss[i] if (i, k) not in keep and values[(i, k)].declares)
                     for i in range(base.num_players))
        key = (tuple(keep), sets)
        if key in seen or not keep:
            regret, _ = profile_regret(pool, StrategyProfile(sets), penalties, allowed)
            return (StrategyProfile(sets), regret) if regret <= REGRET_TOLERANCE else (None, float("inf"))
        seen.add(key)
        base, cells = StrategyProfile(sets), keep
    return None, float("inf")


def search_equilibrium(pool, num_players: int, penalties: PenaltyTable = DEFAULT_PENALTIES,
                       allowed: "Sequence[int] | None" = None, max_rounds: int = 60, max_mixed: int = 3):
    """``(profiles, regret, how, rounds)``: the equilibria found by the search of the module docstring
    (every distinct pure one reached from the six starts, or the first mixed one proved), the largest
    regret among them, how they were found and the number of best-response sweeps; raises
    :class:`EquilibriumNotFoundError` when nothing passes the regret check."""
    allowed = tuple(allowed) if allowed is not None else full_allowed(num_players)
    n = num_players
    poss = [possible_cards(pool, allowed, i) for i in range(n)]
    starts = [[frozenset()] * n, [frozenset(k for k in p if k <= Kind.WREATH) for p in poss],
              [frozenset(k for k in p if k <= Kind.FIVE) for p in poss]]
    orders = [tuple(reversed(range(n))), tuple(range(n))]
    cycles = []
    pure: list[StrategyProfile] = []
    total_rounds = 0
    for start, order in product(starts, orders):
        kind, result, rounds = _iterate(pool, start, penalties, allowed, order, max_rounds)
        total_rounds += rounds
        if kind == "pure":
            regret, _ = profile_regret(pool, result, penalties, allowed)
            if regret <= REGRET_TOLERANCE and result not in pure:
                pure.append(result)
        else:
            cycles.append(result)
    if pure:
        return pure, 0.0, "iterated best responses reached a pure equilibrium", total_rounds
    tried = set()
    for cycle in cycles:
        flipping = sorted({(i, k) for i in range(n) for k in poss[i]
                           if len({p.declares(i, k) for p in cycle}) > 1})
        # first every flipping card mixed (cards stuck at 0 or 1 turn pure in _refine), then fewer
        for size in dict.fromkeys([len(flipping)] + list(range(1, min(max_mixed, len(flipping)) + 1))):
            for cells in combinations(flipping, size):
                for base in cycle:
                    key = (cells, tuple(s - {k for i2, k in cells if i2 == i} for i, s in
                                        enumerate(base.declare_sets)))
                    if key in tried:
                        continue
                    tried.add(key)
                    prof, regret = _refine(pool, base, list(cells), poss, penalties, allowed)
                    if prof is not None and regret <= REGRET_TOLERANCE:
                        return ([prof], regret, f"best responses cycled; mixing {size} card(s) of the cycle "
                                f"made everyone indifferent there", total_rounds)
    # last resort: at most one mixed card per position, taken from the cards that flip in any cycle
    # (or sit right above a threshold), every combination
    near = []
    for i in range(n):
        cand = {k for cycle in cycles for p in cycle for k in poss[i]
                if len({q.declares(i, k) for q in cycle}) > 1}
        for cycle in cycles:
            for p in cycle:
                above_t = [k for k in poss[i] if not p.declares(i, k)]
                if above_t:
                    cand.add(above_t[0])
        near.append(sorted(cand))
    for choice in product(*[[None] + c for c in near]):
        cells = [(i, k) for i, k in enumerate(choice) if k is not None]
        if not cells:
            continue
        for base in (cycles[0][0], cycles[0][-1]) if cycles else ():
            prof, regret = _refine(pool, base, cells, poss, penalties, allowed)
            if prof is not None and regret <= REGRET_TOLERANCE:
                return ([prof], regret, f"best responses cycled; mixing one card at each of {len(cells)} "
                        "positions made everyone indifferent there", total_rounds)
    raise EquilibriumNotFoundError(
        f"no equilibrium found for {n} players (pool of {sum(pool.values())} cards): iterated best responses "
        f"cycle and no mix of at most {max_mixed} flipping cards has regret ≤ {REGRET_TOLERANCE}")
