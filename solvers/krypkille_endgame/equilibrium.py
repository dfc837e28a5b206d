"""Level 3: strategies for everyone — a verified Nash equilibrium of the declaration game.

Model (what is assumed):

* **What everyone knows.**  The cards played in the four tricks are public.
  Everything else — the final cards, every player's discards and the stock — is
  treated as one *unseen pool*, and the final cards as a uniformly random
  assignment of distinct physical cards from it (the *common prior*).  Each
  player knows their own final card.  At this level a player does **not** use
  their own discards (with them every player's beliefs would differ in ways
  nobody else could model).  Optionally (``allowed``) the prior is restricted
  by what the forced follows revealed — public too, so still a common prior
  (:mod:`solvers.krypkille_endgame.beliefs`).
* **Strategies.**  Position ``i`` in the declaring order declares with card
  ``x`` with some probability (a *mixed strategy* when it is strictly between 0
  and 1).  Being asked tells position ``i`` that every earlier position passed
  — the belief is conditioned on that (Bayes' rule, done exactly by counting).
* **Best response** (:func:`~solvers.krypkille_endgame.values.best_response`):
  given the others' strategies, declare with ``x`` only if that is strictly
  cheaper on average than passing (**pass when indifferent**).
* **Equilibrium** (a *Nash equilibrium*; with the order of play and the Bayes
  conditioning it is a *perfect Bayesian equilibrium*): every position's
  choice, with every card it can be asked with, is a best response to the
  others'.  Its **regret** — the most any position, with any card, saves by
  changing its own choice — is computed from scratch for the profile returned
  and must be at most :data:`~solvers.krypkille_endgame.nash.REGRET_TOLERANCE`;
  otherwise :class:`~solvers.krypkille_endgame.nash.EquilibriumNotFoundError`
  is raised.  How it is found (:mod:`solvers.krypkille_endgame.nash`): for two
  players an exact enumeration that lists **every** equilibrium (exact
  fractions); for three to five a search (iterated best responses, then mixing
  the cards on which they cycle) whose result is accepted only after the
  regret check.

When several equilibria are found, :attr:`Equilibrium.alternatives` lists the
others and :meth:`Equilibrium.selection` says which one is shown: a pure one
before a mixed one, then the one that declares least (for 3-5 players the
search reports the pure equilibria it reached; others may exist).

>>> eq = equilibrium(3)
>>> eq.regret <= 1e-9, eq.profile.threshold(0) <= Kind.ONE
(True, True)
>>> Kind.HARLEQUIN in eq.profile.declare_sets[0]
False
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable, Sequence

from cardgames.display import html_table
from cardgames.krypkille import (DEFAULT_PENALTIES, PENALTY_TABLES, Kind,
                                 PenaltyTable, parse_kinds, penalty_table)

from .combinatorics import ALL
from .common import EndgameError, StrategyProfile, check_players, unseen_pool
from .arguments import check_allowed, check_player_counts, check_table_names
from .nash import (REGRET_TOLERANCE, EquilibriumNotFoundError, is_monotone, search_equilibrium,
                   two_player_equilibria)
from .values import PositionValue, best_response, position_value, possible_cards, profile_regret

__all__ = ["PositionValue", "Equilibrium", "equilibrium", "position_value", "best_response",
           "threshold_table", "threshold_table_html", "plot_thresholds", "REGRET_TOLERANCE",
           "EquilibriumNotFoundError"]


@dataclass
class Equilibrium:
    """A verified equilibrium: no position gains by changing its own declare/pass choice.

    ``values[(position, kind)]`` holds the :class:`PositionValue` behind each entry, ``regret`` the
    largest gain from a deviation (at most :data:`REGRET_TOLERANCE`), ``method`` how it was found,
    ``alternatives`` the other equilibria found.
    """

    num_players: int
    public: tuple[Kind, ...]
    penalties: PenaltyTable
    pool: dict
    profile: StrategyProfile
    rounds: int
    converged: bool
    values: dict = field(repr=False, default_factory=dict)
    regret: float = 0.0
    method: str = ""
    alternatives: tuple = ()
    exhaustive: bool = False
    allowed: "tuple | None" = None

    @property
    def count(self) -> int:
        """How many equilibria were found (this one included)."""
        return 1 + len(self.alternatives)

    def selection(self) -> str:
        """One sentence: how many equilibria were found and which one is shown."""
        if not self.alternatives:
            return ("the only equilibrium" + (" (the enumeration lists every one)" if self.exhaustive
                                                 else " the search found (others may exist)"))
        return (f"{self.count} equilibria found" + (" (all of them)" if self.exhaustive else "")
                + "; shown: " + ("a pure one (no mixing), " if self.profile.is_pure else "")
                + "the one declaring with the fewest cards")

    def possible(self, position: int | None = None) -> list[Kind]:
        """Kinds a player (``position``, or anybody) can hold: at least one copy unseen, and allowed."""
        if position is None or self.allowed is None:
            return [k for k in Kind if self.pool.get(k, 0) > 0]
        return possible_cards(self.pool, self.allowed, position)

    def threshold(self, position: int) -> Kind | None:
        """Strongest card with which ``position`` declares (``None``: never)."""
        return self.profile.threshold(position)

    def thresholds(self) -> list[Kind | None]:
        return [self.threshold(i) for i in range(self.num_players)]

    def max_regret(self) -> float:
        """The most any position, with any card, could save by changing its own choice (0 at an equilibrium)."""
        return max((v.regret(self.profile.declare_prob(i, k)) for (i, k), v in self.values.items()), default=0.0)

    def is_stable(self, tol: float = REGRET_TOLERANCE) -> bool:
        """True when no position gains by changing its own choice (the equilibrium property)."""
        return self.max_regret() <= tol

    def rows(self) -> list[list]:
        out = []
        for i in range(self.num_players):
            t = self.threshold(i)
            out.append([i + 1, t.label if t is not None else "never",
                        self.profile.describe(i, self.possible(i)),
                        "yes" if self.profile.is_threshold_strategy(i, self.possible(i)) else "no"])
        return out

    def to_html(self) -> str:
        cap = (f"Level 3, {self.num_players} players, penalty table '{self.penalties.name}'"
               + (f", {len(self.public)} public cards" if self.public else ", no public cards")
               + f": a Nash equilibrium, regret {self.regret:.1e} (tolerance {REGRET_TOLERANCE:g}); "
               + self.selection())
        return html_table(self.rows(), ["position asked", "always declares at or below",
                                        "declares with (mixed: probability)", "plain threshold rule?"],
                          caption=cap)

    def _repr_html_(self) -> str:
        return self.to_html()


def _solve(num_players: int, public: tuple[Kind, ...], table: PenaltyTable, allowed: "tuple | None"
           ) -> Equilibrium:
    pool = dict(unseen_pool(public))
    if sum(pool.values()) < num_players:
        raise EndgameError(f"only {sum(pool.values())} unseen cards for {num_players} players")
    if allowed is not None and any(not possible_cards(pool, allowed, i) for i in range(num_players)):
        raise EndgameError("the public play leaves some position no possible card")
    exhaustive = False
    if num_players == 2 and is_monotone(table):
        found = two_player_equilibria(pool, table, allowed)
        if not found:
            raise EquilibriumNotFoundError("the two-player enumeration found no equilibrium: the game is "
                                           "degenerate (a player exactly indifferent with two cards)")
        method, rounds, exhaustive = "exact enumeration (two players, exact fractions)", 0, True
    else:
        found, _, method, rounds = search_equilibrium(pool, num_players, table, allowed)
        found = sorted(found, key=lambda p: tuple(float(sum(p.weights(i))) for i in range(num_players)))
    profile = found[0]
    regret, values = profile_regret(pool, profile, table, allowed)
    if regret > REGRET_TOLERANCE:  # cannot happen: every candidate passed this check already
        raise EquilibriumNotFoundError(f"the profile found has regret {regret:.3g} > {REGRET_TOLERANCE}")
    return Equilibrium(num_players, public, table, pool, profile, rounds, True, values, regret, method,
                       tuple(found[1:]), exhaustive, allowed)


@lru_cache(maxsize=256)
def _solve_cached(num_players: int, public: tuple[Kind, ...], table: PenaltyTable, allowed) -> Equilibrium:
    return _solve(num_players, public, table, allowed)


def equilibrium(num_players: int, public: "str | Iterable" = (),
                penalties: "PenaltyTable | str" = DEFAULT_PENALTIES, allowed: "Sequence | None" = None
                ) -> Equilibrium:
    """A verified equilibrium for ``num_players`` given the ``public`` (played) cards.

    With ``public=()`` nobody uses the tricks (a table for "any deal"); pass an
    endgame's played cards for the table of that endgame.  ``allowed`` (optional,
    one set of kinds or bit mask per *position*) restricts the common prior to what
    the public play leaves possible.  Results are cached.  Raises
    :class:`EquilibriumNotFoundError` rather than return a profile that is not one.
    """
    check_players(num_players)
    pub = tuple(sorted(parse_kinds(public)))
    allowed = check_allowed(allowed, num_players)
    if allowed is not None and all(a == ALL for a in allowed):
        allowed = None
    return _solve_cached(num_players, pub, penalty_table(penalties), allowed)


def _cell(eq: Equilibrium, position: int) -> str:
    """``'5 + 6 (p=0.50)'``: the strongest always-declared card, then the sometimes-declared ones."""
    t = eq.threshold(position)
    text = t.label if t is not None else "never"
    mixed = eq.profile.mixed[position] if eq.profile.mixed else ()
    if mixed:
        text += " + " + ", ".join(f"{k.label} (p={float(p):.2f})" for k, p in mixed)
    if not eq.profile.is_threshold_strategy(position, eq.possible(position)):
        text += " *"
    return text


def threshold_table(players: Sequence[int] = (2, 3, 4, 5), tables: Sequence[str] = tuple(PENALTY_TABLES),
                    public: "str | Iterable" = ()) -> list[dict]:
    """One row per (penalty table, player count, position): the threshold card of the equilibrium,
    the cards declared only sometimes (``mixed``: ``(kind, probability)`` pairs) and the full description."""
    players, tables = check_player_counts(players), check_table_names(tables)
    out = []
    for name in tables:
        for n in players:
            eq = equilibrium(n, public, name)
            for i in range(n):
                out.append({"table": name, "players": n, "position": i + 1, "threshold": eq.threshold(i),
                            "mixed": tuple(eq.profile.mixed[i]) if eq.profile.mixed else (),
                            "declares_with": eq.profile.describe(i, eq.possible(i)),
                            "equilibria": eq.count})
    return out


def threshold_table_html(players: Sequence[int] = (2, 3, 4, 5), tables: Sequence[str] = tuple(PENALTY_TABLES),
                         public: "str | Iterable" = ()) -> str:
    """The threshold table as HTML: rows = player count × table, columns = position asked.
    A cell ``'5 + 6 (p=0.50)'`` means: always declare with the 5 or weaker, with the 6 half of the time."""
    players, tables = check_player_counts(players), check_table_names(tables)
    rows = []
    for name in tables:
        for n in players:
            eq = equilibrium(n, public, name)
            rows.append([name, n] + [_cell(eq, i) for i in range(n)] + [""] * (max(players) - n) + [eq.count])
    header = (["penalty table", "players"] + [f"asked {i + 1}" for i in range(max(players))]
              + ["equilibria found"])
    return html_table(rows, header, caption="Declare with this card or weaker; '+ card (p=…)': declare with "
                      "that card only with probability p (a mixed strategy); '*': not a plain threshold rule")


def plot_thresholds(players: Sequence[int] = (2, 3, 4, 5), tables: Sequence[str] = tuple(PENALTY_TABLES),
                    public: "str | Iterable" = (), ax=None):
    """Line chart: x = position asked, y = threshold card, one line per player count and table.

    A mixed card lifts the point by its probability (the 2-player line at 5.5 means "the 5 or weaker,
    and the 6 with p = 0.5") and is written next to the point.  Lines that coincide (the two penalty
    tables give the same strategies: a Harlequin never declares) are drawn once, with one legend entry
    naming both.
    """
    players, tables = check_player_counts(players), check_table_names(tables)
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    if ax is None:
        _, ax = plt.subplots(figsize=(6.5, 3.8))
    lines: dict = {}
    for n in players:
        for name in tables:
            eq = equilibrium(n, public, name)
            ys = tuple(eq.profile.threshold_value(i) for i in range(n))
            lines.setdefault((n, ys), {"tables": [], "eq": eq})["tables"].append(name)
    markers = ["o", "s", "^", "D", "v", "P"]
    for idx, ((n, ys), info) in enumerate(lines.items()):
        names = info["tables"]
        label = f"{n} players, " + (" = ".join(names) + " (same line)" if len(names) > 1 else names[0])
        xs = list(range(1, n + 1))
        ax.plot(xs, ys, "-" if len(names) > 1 or names[0] == tables[0] else "--", marker=markers[idx % 6],
                label=label)
        eq = info["eq"]
        for i, y in enumerate(ys):
            for k, p in (eq.profile.mixed[i] if eq.profile.mixed else ()):
                ax.annotate(f"{k.label}: p={float(p):.2f}", (i + 1, y), textcoords="offset points",
                            xytext=(6, -10), fontsize=7)
    ticks = [0] + [int(k) for k in Kind]
    ax.set_yticks(ticks)
    ax.set_yticklabels(["never"] + [k.label for k in Kind], fontsize=7)
    top = max([y for (_, ys) in lines for y in ys] + [3])
    ax.set_ylim(-0.5, top + 1.5)
    ax.set_xticks(range(1, max(players) + 1))
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("position in the declaring order (1 = asked first)")
    ax.set_ylabel("threshold card")
    ax.set_title("Declare at or below this card (level 3; a fraction = the next card's mixing probability)",
                 fontsize=9)
    ax.legend(fontsize=7, ncol=2)
    ax.grid(alpha=0.3)
    return ax
