"""Level 3: strategies for everyone (a threshold table per position).

Model (what is assumed):

* **What everyone knows.**  The cards played in the four tricks are public.
  Everything else — the final cards, every player's discards and the stock — is
  treated as one *unseen pool*, and the final cards as a uniformly random
  assignment of distinct physical cards from it.  Each player knows their own
  final card.  At this level a player does **not** use their own discards (with
  them every player's beliefs would differ in ways nobody else could model), and
  nobody reads anything into how the forced follows went.
* **Strategies.**  Position ``i`` in the declaring order declares when its card
  is in its declare set ``S_i``.  Being asked at all tells position ``i`` that
  every earlier position passed, i.e. held a card outside its declare set — the
  belief is conditioned on that (Bayes' rule, done exactly by counting).
* **Best response.**  Given the others' sets, position ``i`` with card ``x``
  compares its expected penalty when declaring with its expected penalty when
  passing (the later positions then play their sets) and declares only if that
  is strictly lower (**pass when indifferent**; situations that cannot arise
  — earlier positions would surely have declared — also pass).
* **Equilibrium.**  Start from "nobody declares" and replace each position's
  set by its best response, sweeping from the last position to the first,
  until a whole sweep changes nothing.  The result is a profile in which no
  player gains by changing their own choice (tests re-check this by brute force).

Why counting is enough: position ``i``'s own penalty only depends on whether
its card is the weakest (and alone) and on who declares — the rule of
:func:`cardgames.krypkille.score_round` read from one seat:

* it declares: 0 if every other card is stronger, else its penalty + 10;
* a later player declares: 0 if no other card is weaker than its own (it holds
  the low card, so the declarer failed), else its penalty;
* everyone passes: 10 (coward, 臆病者) if every other card is stronger, else 0.

Each case is an event "player j's card lies in set A_j for every j", counted by
:func:`solvers.krypkille_endgame.combinatorics.count_assignments`.

>>> eq = equilibrium(3)
>>> eq.converged, eq.profile.threshold(0) <= Kind.ONE
(True, True)
>>> Kind.HARLEQUIN in eq.profile.declare_sets[0]
False
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Iterable, Sequence

from cardgames.display import html_table
from cardgames.krypkille import (COWARD_PENALTY, DEFAULT_PENALTIES, FAILURE_SURCHARGE, PENALTY_TABLES, Kind,
                                 PenaltyTable, parse_kinds, penalty_table)

from .combinatorics import ALL, above, at_least, count_assignments, kinds_mask, pool_masks, weighted_assignments
from .common import EndgameError, StrategyProfile, check_players, unseen_pool

__all__ = ["PositionValue", "Equilibrium", "equilibrium", "position_value", "best_response",
           "threshold_table", "threshold_table_html", "plot_thresholds"]


@dataclass(frozen=True)
class PositionValue:
    """Position ``position`` holding ``card``, given a profile: exact counts behind its decision.

    ``reach`` counts the assignments of the others' cards consistent with the
    earlier passes; ``declare_total`` and ``pass_total`` add this player's
    penalty over those assignments, so the expected penalties are the ratios.
    """

    position: int
    card: Kind
    reach: int
    declare_total: int
    pass_total: int
    total: int  # all assignments of the others' cards (for the probability of being asked)

    @property
    def reachable(self) -> bool:
        return self.reach > 0

    def _ratio(self, x):
        if not self.reach:
            return None
        if isinstance(x, int) and isinstance(self.reach, int):
            return Fraction(x, self.reach)  # exact, for pure profiles
        return x / self.reach

    @property
    def expected_declare(self) -> "Fraction | float | None":
        """Expected penalty when declaring (exact fraction for pure profiles)."""
        return self._ratio(self.declare_total)

    @property
    def expected_pass(self) -> "Fraction | float | None":
        """Expected penalty when passing (exact fraction for pure profiles)."""
        return self._ratio(self.pass_total)

    @property
    def prob_asked(self) -> Fraction:
        """Probability, given this card, that every earlier position passed."""
        return self._ratio_total()

    def _ratio_total(self):
        if not self.total:
            return 0.0
        return Fraction(self.reach, self.total) if isinstance(self.reach, int) else self.reach / self.total

    @property
    def declares(self) -> bool:
        """The best response: declare only when strictly better (exact for integer counts;
        a 1e-9 relative tolerance when mixed strategies make the sums fractional)."""
        if not self.reach:
            return False
        if isinstance(self.reach, int):
            return self.declare_total < self.pass_total
        return self.declare_total < self.pass_total - 1e-9 * self.reach

    @property
    def advantage(self) -> float:
        """Expected penalty saved by declaring instead of passing (negative: passing is better)."""
        return float(self.pass_total - self.declare_total) / self.reach if self.reach else 0.0

    def regret(self, declare_prob: float) -> float:
        """How much this player loses, on average, by declaring with probability ``declare_prob``
        instead of playing the better action (0 for a best response)."""
        if not self.reach:
            return 0.0
        d, p = float(self.declare_total) / self.reach, float(self.pass_total) / self.reach
        return declare_prob * d + (1 - declare_prob) * p - min(d, p)


def position_value(pool, profile: StrategyProfile, position: int, card: Kind,
                   penalties: PenaltyTable = DEFAULT_PENALTIES) -> PositionValue:
    """Exact expected penalties of declaring and passing for ``position`` holding ``card``.

    ``pool`` is the unseen pool *including* ``card`` (the common prior of level 3);
    ``profile`` gives the other positions' declare sets (this position's own set is ignored).
    """
    pool = dict(pool)
    if pool.get(card, 0) < 1:
        raise EndgameError(f"{card} is not in the unseen pool")
    pool[card] -= 1
    if not profile.is_pure:
        return _mixed_value(pool, profile, position, card, penalties)
    masks = pool_masks(pool)
    n = profile.num_players
    others = [j for j in range(n) if j != position]
    S = [kinds_mask(s) for s in profile.declare_sets]
    T = [ALL & ~s for s in S]
    pen = penalties.penalty(card)
    gt, ge = above(card), at_least(card)

    base = [T[j] if j < position else ALL for j in others]
    reach = count_assignments(masks, base)
    total = count_assignments(masks, [ALL] * len(others))
    if reach == 0:
        return PositionValue(position, card, 0, 0, 0, total)
    success = count_assignments(masks, [a & gt for a in base])
    declare_total = (pen + FAILURE_SURCHARGE) * (reach - success)

    pass_total = 0
    later = [j for j in others if j > position]
    for d in later:
        ev = [T[j] if j < d else (S[j] if j == d else ALL) for j in others]
        if not S[d]:
            continue
        declared = count_assignments(masks, ev)
        if declared:
            holds_low = count_assignments(masks, [a & ge for a in ev])
            pass_total += pen * (declared - holds_low)
    all_pass = [T[j] & gt for j in others]
    pass_total += COWARD_PENALTY * count_assignments(masks, all_pass)
    return PositionValue(position, card, reach, declare_total, pass_total, total)


def _mixed_value(pool, profile: StrategyProfile, position: int, card: Kind,
                 penalties: PenaltyTable) -> PositionValue:
    """:func:`position_value` for a profile with mixed choices (same events, weighted)."""
    n = profile.num_players
    others = [j for j in range(n) if j != position]
    S = [profile.weights(j) for j in range(n)]
    T = [[1.0 - w for w in ws] for ws in S]
    ones = [1.0] * 22
    gt = [1.0 if k > int(card) else 0.0 for k in range(22)]
    ge = [1.0 if k >= int(card) else 0.0 for k in range(22)]

    def cut(w, mask):
        return [a * b for a, b in zip(w, mask)]

    pen = penalties.penalty(card)
    base = [T[j] if j < position else ones for j in others]
    reach = weighted_assignments(pool, base)
    total = weighted_assignments(pool, [ones] * len(others))
    if reach <= 1e-12 * total:
        return PositionValue(position, card, 0, 0, 0, int(round(total)))
    success = weighted_assignments(pool, [cut(a, gt) for a in base])
    declare_total = (pen + FAILURE_SURCHARGE) * (reach - success)
    pass_total = 0.0
    for d in (j for j in others if j > position):
        ev = [T[j] if j < d else (S[j] if j == d else ones) for j in others]
        declared = weighted_assignments(pool, ev)
        if declared:
            pass_total += pen * (declared - weighted_assignments(pool, [cut(a, ge) for a in ev]))
    pass_total += COWARD_PENALTY * weighted_assignments(pool, [cut(T[j], gt) for j in others])
    return PositionValue(position, card, reach, declare_total, pass_total, int(round(total)))


def best_response(pool, profile: StrategyProfile, position: int,
                  penalties: PenaltyTable = DEFAULT_PENALTIES) -> frozenset:
    """The cards with which ``position`` should declare, the others playing ``profile``."""
    return frozenset(k for k in Kind if pool.get(k, 0) > 0
                     and position_value(pool, profile, position, k, penalties).declares)


@dataclass
class Equilibrium:
    """A profile in which no position gains by changing its own declare/pass choice.

    ``values[(position, kind)]`` holds the :class:`PositionValue` behind each entry.
    """

    num_players: int
    public: tuple[Kind, ...]
    penalties: PenaltyTable
    pool: dict
    profile: StrategyProfile
    rounds: int
    converged: bool
    values: dict = field(repr=False, default_factory=dict)

    def possible(self) -> list[Kind]:
        """Kinds a player can hold (at least one copy unseen)."""
        return [k for k in Kind if self.pool.get(k, 0) > 0]

    def threshold(self, position: int) -> Kind | None:
        """Strongest card with which ``position`` declares (``None``: never)."""
        return self.profile.threshold(position)

    def thresholds(self) -> list[Kind | None]:
        return [self.threshold(i) for i in range(self.num_players)]

    def max_regret(self) -> float:
        """The most any position, with any card, could save by changing its own choice (0 at an equilibrium)."""
        return max(v.regret(self.profile.declare_prob(i, k)) for (i, k), v in self.values.items())

    def is_stable(self, tol: float = 1e-7) -> bool:
        """True when no position gains by changing its own choice (the equilibrium property)."""
        return self.max_regret() <= tol

    def rows(self) -> list[list]:
        out = []
        for i in range(self.num_players):
            t = self.threshold(i)
            out.append([i + 1, t.label if t is not None else "never",
                        self.profile.describe(i, self.possible()),
                        "yes" if self.profile.is_threshold_strategy(i, self.possible()) else "no"])
        return out

    def to_html(self) -> str:
        cap = (f"Level 3, {self.num_players} players, penalty table '{self.penalties.name}'"
               + (f", {len(self.public)} public cards" if self.public else ", no public cards")
               + f": {'converged' if self.converged else 'NOT converged'} after {self.rounds} sweeps")
        return html_table(self.rows(), ["position asked", "threshold (declare at or below)",
                                        "declares with", "plain threshold rule?"], caption=cap)

    def values_html(self, position: int) -> str:
        """Expected penalty of declare and pass for each card at ``position``."""
        rows = []
        for k in self.possible():
            v = self.values[(position, k)]
            if not v.reachable:
                rows.append([k.label, "—", "—", "0", "pass (never asked)"])
                continue
            rows.append([k.label, f"{float(v.expected_declare):.2f}", f"{float(v.expected_pass):.2f}",
                         f"{float(v.prob_asked):.3f}", "declare" if v.declares else "pass"])
        return html_table(rows, ["card", "E[penalty] declare", "E[penalty] pass", "P(asked)", "best"],
                          caption=f"Position {position + 1} of {self.num_players}")

    def _repr_html_(self) -> str:
        return self.to_html()


def _solve(num_players: int, public: tuple[Kind, ...], table: PenaltyTable, max_rounds: int) -> Equilibrium:
    pool = dict(unseen_pool(public))
    if sum(pool.values()) < num_players:
        raise EndgameError(f"only {sum(pool.values())} unseen cards for {num_players} players")
    sets = [frozenset() for _ in range(num_players)]
    history: list[tuple] = []
    converged = False
    rounds = 0
    cycle: list[tuple] = []
    while rounds < max_rounds:
        rounds += 1
        changed = False
        for i in reversed(range(num_players)):
            new = best_response(pool, StrategyProfile(tuple(sets)), i, table)
            if new != sets[i]:
                sets[i] = new
                changed = True
        if not changed:
            converged = True
            break
        key = tuple(sets)
        if key in history:  # a cycle: no profile of plain yes/no choices is stable
            cycle = history[history.index(key):]
            break
        history.append(key)
    profile = StrategyProfile(tuple(sets))
    if cycle:
        profile = _mix(pool, cycle, table) or profile
    values = {(i, k): position_value(pool, profile, i, k, table)
              for i in range(num_players) for k in Kind if pool.get(k, 0) > 0}
    eq = Equilibrium(num_players, public, table, pool, profile, rounds, converged, values)
    if cycle:
        eq.converged = eq.is_stable()
    return eq


def _mix(pool, cycle: list[tuple], table: PenaltyTable) -> StrategyProfile | None:
    """Iterated best responses went round in a cycle: the cards whose choice flips in the
    cycle get a declare probability, solved (Newton's method) so that each such
    player is exactly indifferent between declaring and passing with that card."""
    n = len(cycle[0])
    flipping = [(i, k) for i in range(n) for k in Kind
                if len({k in prof[i] for prof in cycle}) > 1]
    always = [frozenset(k for k in Kind if all(k in prof[i] for prof in cycle)) for i in range(n)]

    def profile(x: list[float]) -> StrategyProfile:
        mixed = [dict() for _ in range(n)]
        sets = [set(a) for a in always]
        for (i, k), p in zip(flipping, x):
            if p >= 1.0:
                sets[i].add(k)
            elif p > 0.0:
                mixed[i][k] = p
        return StrategyProfile(tuple(frozenset(s) for s in sets), tuple(mixed))

    def gaps(x: list[float]) -> list[float]:
        prof = profile(x)
        return [position_value(pool, prof, i, k, table).advantage for i, k in flipping]

    x = [0.5] * len(flipping)
    for _ in range(60):
        f = gaps(x)
        if max(abs(v) for v in f) < 1e-11:
            break
        h = 1e-7
        jac = []
        for c in range(len(x)):
            xh = list(x)
            xh[c] += h
            fh = gaps(xh)
            jac.append([(a - b) / h for a, b in zip(fh, f)])  # column c
        step = _solve_linear([[jac[c][r] for c in range(len(x))] for r in range(len(x))], [-v for v in f])
        if step is None:
            return None
        x = [min(1.0, max(0.0, a + b)) for a, b in zip(x, step)]
    return profile(x)


def _solve_linear(a: list[list[float]], b: list[float]) -> list[float] | None:
    """Gaussian elimination with partial pivoting (tiny systems: one unknown per flipping card)."""
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


@lru_cache(maxsize=256)
def _solve_cached(num_players: int, public: tuple[Kind, ...], table: PenaltyTable, max_rounds: int) -> Equilibrium:
    return _solve(num_players, public, table, max_rounds)


def equilibrium(num_players: int, public: "str | Iterable" = (),
                penalties: "PenaltyTable | str" = DEFAULT_PENALTIES, max_rounds: int = 100) -> Equilibrium:
    """Iterated best responses for ``num_players`` given the ``public`` (played) cards.

    With ``public=()`` nobody uses the tricks (a table for "any deal"); pass an
    endgame's played cards for the table of that endgame.  Results are cached.
    """
    check_players(num_players)
    pub = tuple(sorted(parse_kinds(public)))
    return _solve_cached(num_players, pub, penalty_table(penalties), max_rounds)


def threshold_table(players: Sequence[int] = (2, 3, 4, 5), tables: Sequence[str] = tuple(PENALTY_TABLES),
                    public: "str | Iterable" = ()) -> list[dict]:
    """One row per (penalty table, player count, position): the threshold card of the equilibrium."""
    out = []
    for name in tables:
        for n in players:
            eq = equilibrium(n, public, name)
            for i in range(n):
                t = eq.threshold(i)
                out.append({"table": name, "players": n, "position": i + 1, "threshold": t,
                            "declares_with": eq.profile.describe(i, eq.possible())})
    return out


def threshold_table_html(players: Sequence[int] = (2, 3, 4, 5), tables: Sequence[str] = tuple(PENALTY_TABLES),
                         public: "str | Iterable" = ()) -> str:
    """The threshold table as HTML: rows = player count × table, columns = position asked."""
    rows = []
    for name in tables:
        for n in players:
            eq = equilibrium(n, public, name)
            cells = [(t.label if t is not None else "never") for t in eq.thresholds()]
            rows.append([name, n] + cells + [""] * (max(players) - n))
    header = ["penalty table", "players"] + [f"asked {i + 1}" for i in range(max(players))]
    return html_table(rows, header, caption="Threshold card per position: declare with this card or weaker")


def plot_thresholds(players: Sequence[int] = (2, 3, 4, 5), tables: Sequence[str] = tuple(PENALTY_TABLES),
                    public: "str | Iterable" = (), ax=None):
    """Line chart: x = position asked, y = threshold card, one line per player count and table."""
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(6.5, 3.6))
    styles = {name: style for name, style in zip(tables, ["-", "--", ":", "-."])}
    for name in tables:
        for n in players:
            eq = equilibrium(n, public, name)
            ys = [int(t) if t is not None else 0 for t in eq.thresholds()]
            ax.plot(range(1, n + 1), ys, styles[name], marker="o", label=f"{n} players, {name}")
    ticks = [0] + [int(k) for k in Kind]
    ax.set_yticks(ticks)
    ax.set_yticklabels(["never"] + [k.label for k in Kind], fontsize=7)
    top = max([int(t) for r in threshold_table(players, tables, public) if (t := r["threshold"])] + [3])
    ax.set_ylim(-0.5, top + 1.5)
    ax.set_xlabel("position in the declaring order (1 = asked first)")
    ax.set_ylabel("threshold card")
    ax.set_title("Declare at or below this card (level 3)")
    ax.legend(fontsize=7, ncol=2)
    ax.grid(alpha=0.3)
    return ax
