"""Level 2: one player's view — expected penalty of *declare* and of *pass*.

Model (what is assumed):

* **What the viewer knows**: the cards played in the four tricks (public), their
  own final card and their own discards, the declaring order, and — because they
  are being asked — that every player asked before them passed.
* **Unseen cards** are everything else: two copies of each kind minus all of
  the above.  The other players' discards and the cards left in the stock are
  unseen too, so the others' final cards are modelled as a **uniformly random
  assignment of distinct physical cards from the unseen pool** (a kind with two
  unseen copies is twice as likely as one with a single copy).  Nothing is read
  into how the forced follows went or which cards someone chose to discard.
* **How the others decide** (a :class:`StrategyProfile`, one declare set per
  position).  Default ``others="equilibrium"``: the level-3 strategies for this
  endgame's public cards (:func:`solvers.krypkille_endgame.equilibrium`).
  Alternatively a kind ``t`` (everyone declares with ``t`` or weaker: a simple
  threshold rule), ``"never"`` (nobody else ever declares), or any profile.
* **Earlier passes** are evidence: the earlier players' cards are restricted to
  the cards with which the model says they pass (Bayes' rule, exact).
* Leaves are scored by the rules of :func:`cardgames.krypkille.score_round`
  (restated column-wise for speed in :func:`score_matrix`; the tests check it
  against ``score_round`` assignment by assignment).

The enumeration is **exact**: every ordered tuple of kinds for the other
players, weighted by the number of physical cards that give it
(``c₁ (c₂ - [k₂=k₁]) ...``) and, for the earlier players, by the model's
probability that they pass with that card.  Probabilities are ratios of these
weights (computed in floating point, so exact up to rounding).

>>> v = player_view(3, seat=0, card="Mask", first=0, played="Mask", others="never")
>>> v.declare.outcome_prob["success"], v.declare.viewer_expected     # the other Mask is out: a sure success
(1.0, 0.0)
>>> v.best
'declare'
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable, Sequence

import networkx as nx
import numpy as np

from cardgames.display import html_table
from cardgames.krypkille import (COWARD_PENALTY, DEFAULT_PENALTIES, FAILURE_SURCHARGE, Kind, Outcome, PenaltyTable,
                                 parse_kind, parse_kinds, penalty_table)

from .common import (EndgameError, StrategyProfile, check_players, check_seat, declaring_order, pool_text,
                     unseen_pool)
from .equilibrium import equilibrium

__all__ = ["ActionSummary", "ViewAnalysis", "player_view", "resolve_model", "score_matrix", "OUTCOMES"]

OUTCOMES = (Outcome.SUCCESS, Outcome.FAILURE, Outcome.COWARD, Outcome.VOID)


def score_matrix(cards: np.ndarray, declarer: np.ndarray, pen: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Scores (rows × seats) and outcome codes (index into :data:`OUTCOMES`) for many rounds at once.

    ``cards[r, s]`` is seat ``s``'s final card (Kind value) in round ``r``, ``declarer[r]``
    the declaring seat or -1 when everyone passed, ``pen[k]`` the penalty of kind value ``k``.
    The same four cases as :func:`cardgames.krypkille.score_round`.
    """
    rows = np.arange(len(cards))
    low = cards.min(axis=1)
    is_low = cards == low[:, None]
    nlow = is_low.sum(axis=1)
    declared = declarer >= 0
    d = np.where(declared, declarer, 0)
    success = declared & is_low[rows, d] & (nlow == 1)
    failure = declared & ~success
    scores = pen[cards].astype(np.int64)
    scores[failure[:, None] & is_low] = 0
    scores[rows[declared], d[declared]] = np.where(success[declared], 0,
                                                   pen[cards[rows[declared], d[declared]]] + FAILURE_SURCHARGE)
    passed = ~declared
    scores[passed] = np.where(is_low[passed] & (nlow[passed] == 1)[:, None], COWARD_PENALTY, 0)
    outcome = np.where(success, 0, np.where(failure, 1, np.where(nlow == 1, 2, 3)))
    return scores, outcome


@dataclass
class ActionSummary:
    """What happens if the viewer takes ``action``, averaged over the unseen cards.

    ``outcome_prob`` maps each outcome name to its probability (they sum to 1);
    ``expected`` lists every seat's expected penalty; ``branches`` lists
    ``(declarer seat or None, outcome name, probability, expected scores)``.
    """

    action: str
    viewer: int
    outcome_prob: dict
    expected: list
    branches: list
    declarer_prob: dict = field(default_factory=dict)

    @property
    def viewer_expected(self) -> float:
        return self.expected[self.viewer]


def resolve_model(others, num_players: int, played: Sequence[Kind], penalties: PenaltyTable
                  ) -> tuple[StrategyProfile, str]:
    """The profile and a one-line description for an ``others`` argument (see the module docstring)."""
    if isinstance(others, StrategyProfile):
        if others.num_players != num_players:
            raise EndgameError(f"the profile is for {others.num_players} players, not {num_players}")
        return others, "a given strategy profile"
    if isinstance(others, str) and others.strip().lower() == "equilibrium":
        eq = equilibrium(num_players, played, penalties)
        return eq.profile, "the others play the level-3 equilibrium strategies for these public cards"
    if others is None or (isinstance(others, str) and others.strip().lower() == "never"):
        return StrategyProfile.never(num_players), "nobody else ever declares"
    t = parse_kind(others)
    return (StrategyProfile.threshold_rule(num_players, t),
            f"threshold rule: every other player declares with {t.label} or weaker")


@dataclass
class ViewAnalysis:
    """Level-2 answer for one seat.  ``declare`` and ``pass_`` are :class:`ActionSummary`;
    ``best`` is ``"declare"`` only when its expected penalty is strictly lower."""

    num_players: int
    seat: int
    card: Kind
    first: int
    order: tuple[int, ...]
    position: int
    played: tuple[Kind, ...]
    discards: tuple[Kind, ...]
    penalties: PenaltyTable
    pool: Counter
    profile: StrategyProfile
    model: str
    assignments: float
    declare: ActionSummary
    pass_: ActionSummary

    @property
    def best(self) -> str:
        # pass when indifferent (a tolerance for floating-point rounding)
        return "declare" if self.declare.viewer_expected < self.pass_.viewer_expected - 1e-9 else "pass"

    def summary(self) -> str:
        earlier = ", ".join(f"seat {s}" for s in self.order[:self.position]) or "nobody"
        return (f"Seat {self.seat} holds {self.card.label} and is asked {self.position + 1} of "
                f"{self.num_players} (earlier passes: {earlier}). Unseen ({sum(self.pool.values())} cards): "
                f"{pool_text(self.pool)}. Model: {self.model}.")

    def expected_html(self) -> str:
        """Declare vs pass: the viewer's expected penalty, every seat's, and the outcome probabilities."""
        header = (["action", "your expected penalty"] + [f"E seat {s}" for s in range(self.num_players)]
                  + [f"P({o.value})" for o in OUTCOMES])
        rows = []
        for a in (self.declare, self.pass_):
            rows.append([a.action, f"{float(a.viewer_expected):.2f}"]
                        + [f"{float(e):.2f}" for e in a.expected]
                        + [f"{float(a.outcome_prob[o.value]):.3f}" for o in OUTCOMES])
        best = 0 if self.best == "declare" else 1
        cap = (f"Seat {self.seat} ({self.card.label}), penalty table '{self.penalties.name}' "
               f"(Harlequin {self.penalties.penalty(Kind.HARLEQUIN)}): best = {self.best}")
        return html_table(rows, header, caption=cap, highlight_rows=[best])

    def branches_html(self) -> str:
        rows = []
        for a in (self.declare, self.pass_):
            for declarer, outcome, p, exp in a.branches:
                who = "everyone passes" if declarer is None else f"seat {declarer} declares"
                rows.append([a.action, who, outcome, f"{float(p):.4f}", f"{float(exp[self.seat]):.2f}"])
        return html_table(rows, ["you", "then", "outcome", "probability", "your expected penalty there"],
                          caption="Branches of the tree (probabilities given your action)")

    def to_html(self) -> str:
        from cardgames.display import escape
        return f"<p>{escape(self.summary())}</p>" + self.expected_html() + self.branches_html()

    def _repr_html_(self) -> str:
        return self.to_html()

    def tree(self) -> nx.DiGraph:
        """The viewer's decision, then chance: ``you`` → declare/pass → (who declares, outcome) leaves.

        Leaves carry ``prob`` (given the action), ``scores`` (expected, per seat) and ``label``.
        The better action's edges are marked ``chosen``.
        """
        g = nx.DiGraph()
        g.add_node("you", kind="decision", player=self.seat, chosen=True,
                   label=f"seat {self.seat}\n{self.card.label}")
        for a in (self.declare, self.pass_):
            node = a.action
            chosen = a.action == self.best
            g.add_node(node, kind="chance", chosen=chosen,
                       label=f"{a.action}\nE={float(a.viewer_expected):.2f}")
            g.add_edge("you", node, action=a.action, label=a.action, chosen=chosen)
            for declarer, outcome, p, exp in a.branches:
                who = "all pass" if declarer is None else f"seat {declarer}"
                leaf = f"{a.action}: {who} {outcome}"
                g.add_node(leaf, kind="leaf", prob=p, scores=tuple(exp), chosen=chosen,
                           label=f"{who}\n{outcome}\nyou {float(exp[self.seat]):.1f}")
                g.add_edge(node, leaf, label=f"{float(p):.2f}", action=outcome, chosen=chosen)
        return g


def _enumerate(pool: Counter, m: int) -> tuple[np.ndarray, np.ndarray]:
    """Every ordered m-tuple of kinds for the other players with its number of physical realisations."""
    kinds = np.array([int(k) for k in Kind if pool.get(k, 0) > 0], dtype=np.int64)
    counts = np.array([pool[Kind(int(k))] for k in kinds], dtype=np.int64)
    if m == 0:
        return np.zeros((1, 0), dtype=np.int64), np.ones(1, dtype=np.int64)
    idx = np.indices((len(kinds),) * m).reshape(m, -1).T
    weight = np.ones(len(idx), dtype=np.int64)
    for i in range(m):
        used = np.zeros(len(idx), dtype=np.int64)
        for j in range(i):
            used += idx[:, j] == idx[:, i]
        weight *= np.maximum(counts[idx[:, i]] - used, 0)
    keep = weight > 0
    return kinds[idx[keep]], weight[keep]


def _summarise(action: str, viewer: int, scores: np.ndarray, outcome: np.ndarray, declarer: np.ndarray,
               weight: np.ndarray) -> ActionSummary:
    total = float(weight.sum())
    probs = {o.value: float(weight[outcome == i].sum()) / total for i, o in enumerate(OUTCOMES)}
    expected = [float((weight * scores[:, s]).sum()) / total for s in range(scores.shape[1])]
    branches = []
    declarer_prob = {}
    for d in sorted(set(declarer.tolist()), key=lambda x: (x < 0, x)):
        in_d = declarer == d
        declarer_prob[None if d < 0 else d] = float(weight[in_d].sum()) / total
        for i, o in enumerate(OUTCOMES):
            sel = in_d & (outcome == i)
            w = float(weight[sel].sum())
            if w > 0:
                exp = [float((weight[sel] * scores[sel, s]).sum()) / w for s in range(scores.shape[1])]
                branches.append((None if d < 0 else d, o.value, w / total, exp))
    return ActionSummary(action, viewer, probs, expected, branches, declarer_prob)


def player_view(num_players: int, seat: int, card, first: int = 0, played: "str | Iterable" = (),
                discards: "str | Iterable" = (), penalties: "PenaltyTable | str" = DEFAULT_PENALTIES,
                others="equilibrium") -> ViewAnalysis:
    """Level 2 for ``seat`` holding ``card`` (see the module docstring for the model).

    ``first`` is the seat asked first, ``played`` the public cards of the tricks,
    ``discards`` this seat's own discards, ``others`` the model of the other players.
    """
    n = check_players(num_players)
    check_seat(seat, n)
    order = declaring_order(n, first)
    card = parse_kind(card)
    played_k = tuple(parse_kinds(played))
    discards_k = tuple(parse_kinds(discards))
    table = penalty_table(penalties)
    pool = unseen_pool(played_k, [card], discards_k)
    pool = Counter({k: c for k, c in pool.items() if c > 0})
    m = n - 1
    if sum(pool.values()) < m:
        raise EndgameError(f"only {sum(pool.values())} unseen cards for {m} other players")
    profile, model = resolve_model(others, n, played_k, table)
    position = order.index(seat)
    other_seats = [s for s in order if s != seat]
    kinds, weight = _enumerate(pool, m)
    cards = np.empty((len(weight), n), dtype=np.int64)
    cards[:, seat] = int(card)
    for col, s in enumerate(other_seats):
        cards[:, s] = kinds[:, col]
    prob = np.array([profile.weights(i) for i in range(n)], dtype=float)  # P(declare) by position, kind
    weight = weight.astype(float)
    for i in range(position):  # Bayes: the earlier players passed
        weight = weight * (1.0 - prob[i, cards[:, order[i]]])
    keep = weight > 0
    cards, weight = cards[keep], weight[keep]
    total = float(weight.sum())
    if total == 0:
        raise EndgameError("under this model the earlier players would surely have declared: "
                           "the viewer cannot be asked")
    pen = np.array([0] + [table.penalty(k) for k in Kind], dtype=np.int64)

    declarer_d = np.full(len(weight), seat, dtype=np.int64)
    sd, od = score_matrix(cards, declarer_d, pen)
    # Passing: the first later player who declares (each declares with the model's probability).
    parts_cards, parts_decl, parts_w = [], [], []
    still = np.ones(len(weight))
    for i in range(position + 1, n):
        p_i = prob[i, cards[:, order[i]]]
        w = weight * still * p_i
        parts_cards.append(cards); parts_decl.append(np.full(len(weight), order[i])); parts_w.append(w)
        still = still * (1.0 - p_i)
    parts_cards.append(cards); parts_decl.append(np.full(len(weight), -1)); parts_w.append(weight * still)
    cards_p = np.concatenate(parts_cards)
    declarer_p = np.concatenate(parts_decl).astype(np.int64)
    weight_p = np.concatenate(parts_w)
    keep = weight_p > 0
    cards_p, declarer_p, weight_p = cards_p[keep], declarer_p[keep], weight_p[keep]
    sp, op = score_matrix(cards_p, declarer_p, pen)
    return ViewAnalysis(n, seat, card, first, order, position, played_k, discards_k, table, pool, profile, model,
                        total, _summarise("declare", seat, sd, od, declarer_d, weight),
                        _summarise("pass", seat, sp, op, declarer_p, weight_p))
