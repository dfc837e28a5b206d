"""What one position's declare/pass choice is worth, given everybody's strategies (levels 2 and 3).

:func:`position_value` gives, for position ``i`` holding ``card``, the exact
expected penalty of declaring and of passing when the others play a
:class:`~solvers.krypkille_endgame.common.StrategyProfile`; :func:`best_response`
collects the cards with which declaring is strictly better; :func:`profile_regret`
is the most anybody could save by changing their own choice — zero exactly at an
equilibrium.

The prior over the final cards is a uniform assignment of distinct physical
cards from the unseen ``pool``, optionally restricted per position to the kinds
in ``allowed[i]`` (a bit mask: what the public play leaves possible, see
:mod:`solvers.krypkille_endgame.beliefs`).  Being asked tells position ``i`` that
every earlier position passed (Bayes' rule, done exactly by counting).

Why counting is enough: position ``i``'s own penalty only depends on whether
its card is the weakest (and alone) and on who declares — the rule of
:func:`cardgames.krypkille.score_round` read from one seat:

* it declares: 0 if every other card is stronger, else its penalty + 10;
* a later player declares: 0 if no other card is weaker than its own (it holds
  the low card, so the declarer failed), else its penalty;
* everyone passes: 10 (coward, 臆病者) if every other card is stronger, else 0.

Each case is an event "player j's card lies in set A_j for every j", counted by
:func:`solvers.krypkille_endgame.combinatorics.count_assignments`.

>>> from cardgames.krypkille import Kind
>>> from .common import StrategyProfile, unseen_pool
>>> v = position_value(unseen_pool(), StrategyProfile.never(2), 1, Kind.MASK)
>>> v.expected_declare, v.declares        # the last player with a Mask fails only against the other Mask
(Fraction(10, 41), True)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

from cardgames.krypkille import COWARD_PENALTY, DEFAULT_PENALTIES, FAILURE_SURCHARGE, Kind, PenaltyTable

from .combinatorics import ALL, above, at_least, count_assignments, kinds_mask, pool_masks, weighted_assignments
from .common import EndgameError, StrategyProfile

__all__ = ["PositionValue", "position_value", "best_response", "profile_regret", "full_allowed"]


def full_allowed(num_players: int) -> tuple[int, ...]:
    """No restriction: every kind possible for every position."""
    return (ALL,) * num_players


@dataclass(frozen=True)
class PositionValue:
    """Position ``position`` holding ``card``, given a profile: exact counts behind its decision.

    ``reach`` counts (or, for mixed profiles, weighs) the assignments of the others' cards
    consistent with the earlier passes; ``declare_total`` and ``pass_total`` add this player's
    penalty over those assignments, so the expected penalties are the ratios.
    """

    position: int
    card: Kind
    reach: "int | float"
    declare_total: "int | float"
    pass_total: "int | float"
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
    def prob_asked(self) -> "Fraction | float":
        """Probability (given this card) that every earlier position passed."""
        if isinstance(self.reach, int):
            return Fraction(self.reach, self.total) if self.total else Fraction(0)
        return self.reach / self.total if self.total else 0.0

    @property
    def declares(self) -> bool:
        """Declare only when strictly better (pass when indifferent or never asked; a
        relative tolerance for mixed profiles, whose float sums are rounded)."""
        if not self.reach:
            return False
        if isinstance(self.reach, int):
            return self.declare_total < self.pass_total
        return self.declare_total < self.pass_total - 1e-9 * self.reach

    @property
    def advantage(self) -> float:
        """Expected penalty saved by declaring instead of passing (negative: passing is better)."""
        return float(self.pass_total - self.declare_total) / self.reach if self.reach else 0.0

    def regret(self, declare_prob) -> float:
        """How much this player loses, on average, by declaring with probability ``declare_prob``
        instead of playing the better action (0 for a best response)."""
        if not self.reach:
            return 0.0
        if isinstance(self.reach, int) and isinstance(declare_prob, (int, Fraction)):
            d, p = Fraction(self.declare_total, self.reach), Fraction(self.pass_total, self.reach)
            return float(declare_prob * d + (1 - declare_prob) * p - min(d, p))  # exact, then rounded once
        d, p = float(self.declare_total) / self.reach, float(self.pass_total) / self.reach
        q = float(declare_prob)
        return max(0.0, q * d + (1 - q) * p - min(d, p))


def position_value(pool, profile: StrategyProfile, position: int, card: Kind,
                   penalties: PenaltyTable = DEFAULT_PENALTIES, allowed: "Sequence[int] | None" = None
                   ) -> PositionValue:
    """Exact expected penalties of declaring and passing for ``position`` holding ``card``.

    ``pool`` is the unseen pool *including* ``card`` (the common prior of level 3);
    ``profile`` gives the other positions' declare sets (this position's own set is ignored);
    ``allowed`` optionally restricts each position's card to a set of kinds (bit masks).
    """
    pool = dict(pool)
    if pool.get(card, 0) < 1:
        raise EndgameError(f"{card} is not in the unseen pool")
    pool[card] -= 1
    n = profile.num_players
    allowed = tuple(allowed) if allowed is not None else full_allowed(n)
    if not profile.is_pure:
        return _mixed_value(pool, profile, position, card, penalties, allowed)
    masks = pool_masks(pool)
    others = [j for j in range(n) if j != position]
    S = [kinds_mask(s) & a for s, a in zip(profile.declare_sets, allowed)]
    T = [a & ~s for s, a in zip(S, allowed)]
    pen = penalties.penalty(card)
    gt, ge = above(card), at_least(card)

    base = [T[j] if j < position else allowed[j] for j in others]
    reach = count_assignments(masks, base)
    total = count_assignments(masks, [allowed[j] for j in others])
    if reach == 0:
        return PositionValue(position, card, 0, 0, 0, total)
    success = count_assignments(masks, [a & gt for a in base])
    declare_total = (pen + FAILURE_SURCHARGE) * (reach - success)

    pass_total = 0
    for d in (j for j in others if j > position):
        if not S[d]:
            continue
        ev = [T[j] if j < d else (S[j] if j == d else allowed[j]) for j in others]
        declared = count_assignments(masks, ev)
        if declared:
            holds_low = count_assignments(masks, [a & ge for a in ev])
            pass_total += pen * (declared - holds_low)
    pass_total += COWARD_PENALTY * count_assignments(masks, [T[j] & gt for j in others])
    return PositionValue(position, card, reach, declare_total, pass_total, total)


def _mixed_value(pool, profile: StrategyProfile, position: int, card: Kind,
                 penalties: PenaltyTable, allowed: Sequence[int]) -> PositionValue:
    """:func:`position_value` for a profile with mixed choices (same events, weighted)."""
    n = profile.num_players
    others = [j for j in range(n) if j != position]
    A = [[1.0 if a >> k & 1 else 0.0 for k in range(22)] for a in allowed]
    S = [[float(w) * m for w, m in zip(profile.weights(j), A[j])] for j in range(n)]
    T = [[m - w for w, m in zip(S[j], A[j])] for j in range(n)]
    gt = [1.0 if k > int(card) else 0.0 for k in range(22)]
    ge = [1.0 if k >= int(card) else 0.0 for k in range(22)]

    def cut(w, mask):
        return [a * b for a, b in zip(w, mask)]

    pen = penalties.penalty(card)
    base = [T[j] if j < position else A[j] for j in others]
    reach = weighted_assignments(pool, base)
    total = weighted_assignments(pool, [A[j] for j in others])
    if reach <= 1e-12 * total:
        return PositionValue(position, card, 0, 0, 0, int(round(total)))
    success = weighted_assignments(pool, [cut(a, gt) for a in base])
    declare_total = (pen + FAILURE_SURCHARGE) * (reach - success)
    pass_total = 0.0
    for d in (j for j in others if j > position):
        ev = [T[j] if j < d else (S[j] if j == d else A[j]) for j in others]
        declared = weighted_assignments(pool, ev)
        if declared:
            pass_total += pen * (declared - weighted_assignments(pool, [cut(a, ge) for a in ev]))
    pass_total += COWARD_PENALTY * weighted_assignments(pool, [cut(T[j], gt) for j in others])
    return PositionValue(position, card, reach, declare_total, pass_total, int(round(total)))


def possible_cards(pool, allowed: "Sequence[int] | None", position: int) -> list[Kind]:
    """Kinds ``position`` can hold: unseen and allowed."""
    a = ALL if allowed is None else allowed[position]
    return [k for k in Kind if pool.get(k, 0) > 0 and a >> int(k) & 1]


def best_response(pool, profile: StrategyProfile, position: int,
                  penalties: PenaltyTable = DEFAULT_PENALTIES, allowed: "Sequence[int] | None" = None) -> frozenset:
    """The cards with which ``position`` should declare, the others playing ``profile``
    (strictly better only: pass when indifferent or never asked)."""
    return frozenset(k for k in possible_cards(pool, allowed, position)
                     if position_value(pool, profile, position, k, penalties, allowed).declares)


def profile_regret(pool, profile: StrategyProfile, penalties: PenaltyTable = DEFAULT_PENALTIES,
                   allowed: "Sequence[int] | None" = None) -> tuple[float, dict]:
    """``(max regret, values)``: the most any position, holding any possible card, saves on
    average by changing its own choice, and the :class:`PositionValue` behind each entry."""
    values = {(i, k): position_value(pool, profile, i, k, penalties, allowed)
              for i in range(profile.num_players) for k in possible_cards(pool, allowed, i)}
    worst = max((v.regret(profile.declare_prob(i, k)) for (i, k), v in values.items()), default=0.0)
    return worst, values
