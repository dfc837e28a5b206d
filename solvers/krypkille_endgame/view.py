"""Level 2: one player's view — expected penalty of *declare* and of *pass*.

Model (what is assumed):

* **What the viewer knows**: the cards played in the four tricks (public), their
  own final card and their own discards, the declaring order, and — because they
  are being asked — that every player asked before them passed.
* **Unseen cards** are everything else: two copies of each kind minus all of
  the above.  The other players' discards and the cards left in the stock are
  unseen too, so the others' final cards are modelled as a **uniformly random
  assignment of distinct physical cards from the unseen pool** (a kind with two
  unseen copies is twice as likely as one with a single copy).  With the default
  ``beliefs="uniform"`` nothing is read into how the forced follows went; with
  ``beliefs="play"`` the assignment is restricted to the cards each player can
  still hold after its forced follows (:mod:`solvers.krypkille_endgame.beliefs`).
  Neither model reads anything into which cards someone chose to discard or lead.
  The uniform model is the simple one, but on real rounds it is *badly
  calibrated*: the follows strip low cards from hands that cannot reach the top
  card, so the others' cards are stronger than a uniform draw
  (``benchmarks/bench_krypkille_calibration.py``).  With ``beliefs="policy"``
  the others are the engine's heuristic players and every public action counts
  (their discard counts, leads and follows): the others' final cards are
  weighted draws from that posterior (:func:`solvers.krypkille_endgame.policy.policy_sample`,
  sequential importance sampling, seeded; 2,000 draws by default), the model the
  calibration study finds on the diagonal.  The sums below then run over the
  draws instead of all assignments, and every expected penalty carries its
  standard error (``ActionSummary.viewer_se``).  It needs the ``tricks`` and
  every seat's ``discard_counts``.
* **How the others decide** (a :class:`StrategyProfile`, one declare set per
  position).  Default ``others="equilibrium"``: a *verified* level-3 equilibrium
  for this endgame's public cards (:func:`solvers.krypkille_endgame.equilibrium`;
  it raises rather than hand over a profile that is not an equilibrium).
  Alternatively a kind ``t`` (everyone declares with ``t`` or weaker: a simple
  threshold rule), ``"never"`` (nobody else ever declares), or any profile.
* **Earlier passes** are evidence: the earlier players' cards are restricted to
  the cards with which the model says they pass (Bayes' rule, exact).
* Leaves are scored by the rules of :func:`cardgames.krypkille.score_round`
  (the brute-force tests recompute every view with ``score_round`` itself).

How it is computed — **exactly**, no sampling.  Every assignment of distinct
physical unseen cards to the other players has a *weight*: the model's
probability that the earlier players pass with their cards (Bayes) and, in each
branch of the tree, that the later players make the choices leading to it.
Expected penalties and outcome probabilities are ratios of weighted sums over
all assignments.  Listing the assignments would mean up to 194,481 ordered
tuples of kinds for four other players; instead the sums are organised by **the
lowest card among the others**, because that is all the scoring looks at:

* who holds the lowest card of the table decides the outcome (success, failure,
  coward, void), and
* everybody else pays their own penalty or nothing, which enters the sums linearly.

So for each branch (who declares), each lowest kind ``low`` of the others and
each set ``H`` of other players holding it (one, or two when both copies are
unseen), it is enough to know the total weight of the assignments in which the
rest hold stronger cards, and their weighted penalty sums.  Those come from a
table built kind by kind from the Harlequin down (:func:`_stronger_sums`): for
four other players 16 sets of players × 21 kinds, a few thousand
multiplications.  All weights are non-negative, so an impossible branch has
probability exactly 0; probabilities are computed in floating point, so exact
up to rounding (the tests compare with brute force over physical cards).

>>> v = player_view(3, seat=0, card="Mask", first=0, played="Mask", others="never")
>>> v.declare.outcome_prob["success"], v.declare.viewer_expected     # the other Mask is out: a sure success
(1.0, 0.0)
>>> v.best
'declare'
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable, Sequence

import networkx as nx

from cardgames.display import html_table
from cardgames.errors import shown
from cardgames.krypkille import (COWARD_PENALTY, DEFAULT_PENALTIES, FAILURE_SURCHARGE, Kind, Outcome, PenaltyTable,
                                 parse_kind, parse_kinds, penalty_table)
from cardgames.krypkille.options import MAX_DISCARDS

from .combinatorics import falling
from .common import (EndgameError, StrategyProfile, check_players, check_seat, declaring_order, pool_text,
                     unseen_pool)
from .beliefs import BELIEFS, allowed_finals, check_beliefs
from .arguments import (check_discard_counts, check_policy_player_list, check_samples, check_seed,
                        check_tricks)
from .equilibrium import equilibrium

__all__ = ["ActionSummary", "ViewAnalysis", "player_view", "resolve_model", "OUTCOMES"]

OUTCOMES = (Outcome.SUCCESS, Outcome.FAILURE, Outcome.COWARD, Outcome.VOID)
_SUCCESS, _FAILURE, _COWARD, _VOID = range(len(OUTCOMES))  # indices into OUTCOMES


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
    #: The standard error of :attr:`viewer_expected` for a sampled model (``beliefs="policy"``), else 0.
    viewer_se: float = 0.0

    @property
    def viewer_expected(self) -> float:
        return self.expected[self.viewer]


def resolve_model(others, num_players: int, played: Sequence[Kind], penalties: PenaltyTable,
                  allowed=None) -> tuple[StrategyProfile, str]:
    """The profile and a one-line description for an ``others`` argument (see the module docstring)."""
    if isinstance(others, StrategyProfile):
        if others.num_players != num_players:
            raise EndgameError(f"the profile is for {others.num_players} players, not {num_players}")
        return others, "a given strategy profile"
    if isinstance(others, str) and others.strip().lower() == "equilibrium":
        eq = equilibrium(num_players, played, penalties, allowed)
        return eq.profile, ("the others play a verified level-3 equilibrium for these public cards"
                            + (" and what their follows revealed" if allowed is not None else "")
                            + f" (regret {eq.regret:.0e}; {eq.selection()})")
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


# --- The computation: exact sums over the others' cards, organised by the lowest of them -------------

@lru_cache(maxsize=None)
def _small_subsets(m: int) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """For every set ``S`` of the m other players (a bit mask): the non-empty ``T ⊆ S`` with at
    most two players — only two copies of a kind exist — as ``(T, S without T, |T|)``."""
    return tuple(tuple((t, s & ~t, t.bit_count()) for t in range(1, s + 1) if t & s == t and t.bit_count() <= 2)
                 for s in range(1 << m))


def _branch_weights(prob: list[list[float]], position: int, declarer_position: "int | None") -> list[list[float]]:
    """The weight of each kind (index = kind value) for every other position, in declaring order,
    in one branch of the viewer's tree.

    The branch is fixed by who declares: the viewer (``declarer_position == position``), the
    first later position that declares after the viewer passed, or nobody (``None``).  Everyone
    asked before the declarer passed (weight ``1 - P(declare with k)`` — for the positions before
    the viewer that is the Bayes conditioning), the declarer declared (``P(declare with k)``),
    and whoever comes after the declarer is never asked (weight 1).
    """
    weights = []
    for i, row in enumerate(prob):
        if i == position:
            continue
        if declarer_position is None or i < declarer_position:
            weights.append([1.0 - x for x in row])
        elif i == declarer_position:
            weights.append(list(row))
        else:
            weights.append([1.0] * len(row))
    return weights


def _stronger_sums(counts: Sequence[int], weights: list[list[float]], pen: Sequence[int]) -> list[list[list[float]]]:
    """``sums[k][S] = [G, F_1, ..., F_m]`` for every kind value ``k`` (1..22) and set ``S`` of other players.

    ``G`` adds, over every way to give the players in ``S`` *distinct physical cards of kind k or
    stronger* (``counts[k]`` unseen copies of kind ``k``), the product of their weights
    ``weights[j][kind of j]``; ``F_j`` is the same sum with player j's penalty as an extra
    factor (zero when j is not in ``S``), so ``F_j / G`` is j's expected penalty.

    Built from the strongest kind down: at kind ``k`` either nobody in ``S`` takes it, or one
    player takes one of its ``c`` copies (``c`` ways), or two players take both (``c (c-1)``
    ways), and the rest of ``S`` takes kinds stronger than ``k``.  All terms are non-negative
    (no inclusion–exclusion), so an impossible event sums to exactly 0.
    """
    m = len(weights)
    size = 1 << m
    subsets = _small_subsets(m)
    top = [[0.0] * (m + 1) for _ in range(size)]
    top[0][0] = 1.0                       # no kind stronger than the Harlequin: only the empty set fits
    sums = [top] * (len(counts) + 1)
    for k in range(len(counts) - 1, 0, -1):
        c = counts[k]
        prev = sums[k + 1]
        if not c:
            sums[k] = prev
            continue
        cur = [row[:] for row in prev]    # nobody in S takes kind k
        for s in range(1, size):
            row = cur[s]
            for t, rest, n_t in subsets[s]:
                base = prev[rest]
                if n_t > c or not base[0]:
                    continue
                ways = falling(c, n_t)
                for j in range(m):
                    if t >> j & 1:
                        ways *= weights[j][k]
                if not ways:
                    continue
                row[0] += ways * base[0]
                own = ways * pen[k] * base[0]
                for j in range(m):
                    row[j + 1] += ways * base[j + 1] + (own if t >> j & 1 else 0.0)
        sums[k] = cur
    return sums


def _lowest_cells(counts: Sequence[int], weights: list[list[float]], pen: Sequence[int]):
    """Split the others' cards by their lowest kind ``low`` and the set ``H`` (bit mask) of players holding it.

    Yields ``(low, H, weight, own)``: ``weight`` adds the product of the players' weights over
    all assignments in which exactly the players in ``H`` hold kind ``low`` and everyone else a
    stronger card; ``own[j]`` adds the same products times player j's penalty.  Scoring needs
    nothing more: who holds the lowest card decides the outcome, and everyone else simply pays
    their own penalty (or nothing).
    """
    m = len(weights)
    everyone = (1 << m) - 1
    sums = _stronger_sums(counts, weights, pen)
    for low in range(1, len(counts)):
        c = counts[low]
        if not c:
            continue
        stronger = sums[low + 1]
        for h, rest, n_h in _small_subsets(m)[everyone]:
            if n_h > c:
                continue
            ways = falling(c, n_h)
            for j in range(m):
                if h >> j & 1:
                    ways *= weights[j][low]
            base = stronger[rest]
            weight = ways * base[0]
            if not weight:
                continue
            own = [pen[low] * weight if h >> j & 1 else ways * base[j + 1] for j in range(m)]
            yield low, h, weight, own


def _score_cell(holders: set, declarer: "int | None", weight: float, own: list[float]) -> tuple[int, list[float]]:
    """:func:`cardgames.krypkille.score_round`, summed over one cell of assignments.

    ``holders`` are the seats holding the lowest card (the same in the whole cell), ``own[s]``
    adds weight × seat s's own penalty over the cell.  Returns the outcome (index into
    :data:`OUTCOMES`) and, per seat, the weighted sum of its penalty.
    """
    n = len(own)
    if declarer is None:
        if len(holders) > 1:
            return _VOID, [0.0] * n
        return _COWARD, [COWARD_PENALTY * weight if s in holders else 0.0 for s in range(n)]
    success = holders == {declarer}
    scores = []
    for s in range(n):
        if s == declarer:
            scores.append(0.0 if success else own[s] + FAILURE_SURCHARGE * weight)
        elif not success and s in holders:
            scores.append(0.0)
        else:
            scores.append(own[s])
    return (_SUCCESS if success else _FAILURE), scores


def _action_sums(order: Sequence[int], position: int, card: int, counts: list[int], pen: list[int],
                 prob: list[list[float]], declarer_positions: Iterable, allow=None) -> dict:
    """``{(declarer seat or None, outcome index): [weight, weighted penalty of seat 0, seat 1, ...]}``
    for the viewer at ``position`` holding kind value ``card``, adding up the branches in which
    one of ``declarer_positions`` declares (``None``: nobody)."""
    n = len(order)
    viewer = order[position]
    others = [s for s in order if s != viewer]
    out: dict = {}
    for dp in declarer_positions:
        declarer = None if dp is None else order[dp]
        weights = _branch_weights(prob, position, dp)
        if allow is not None:   # the play-aware beliefs: kinds a player cannot hold get weight 0
            rows = [allow[i] for i in range(len(order)) if i != position]
            weights = [[w * a for w, a in zip(ws, row)] for ws, row in zip(weights, rows)]
        for low, h, weight, own_others in _lowest_cells(counts, weights, pen):
            holders = {others[j] for j in range(len(others)) if h >> j & 1}
            if card < low:
                holders = {viewer}
            elif card == low:
                holders.add(viewer)
            own = [0.0] * n
            own[viewer] = pen[card] * weight
            for j, s in enumerate(others):
                own[s] = own_others[j]
            outcome, scores = _score_cell(holders, declarer, weight, own)
            acc = out.setdefault((declarer, outcome), [0.0] * (n + 1))
            acc[0] += weight
            for s in range(n):
                acc[s + 1] += scores[s]
    return out


def _summarise(action: str, viewer: int, sums: dict, order: Sequence[int]) -> ActionSummary:
    """The :class:`ActionSummary` of an action from its :func:`_action_sums`: every number is a ratio of sums.
    Branches are listed in declaring ``order`` (who could declare first comes first), all-pass last."""
    n = len(next(iter(sums.values()))) - 1
    total = sum(acc[0] for acc in sums.values())
    probs = {o.value: sum(acc[0] for (_, i), acc in sums.items() if i == oi) / total for oi, o in enumerate(OUTCOMES)}
    expected = [sum(acc[s + 1] for acc in sums.values()) / total for s in range(n)]
    branches = []
    declarer_prob = {}
    for d in sorted({d for d, _ in sums}, key=lambda x: (x is None, 0 if x is None else order.index(x))):
        declarer_prob[d] = sum(acc[0] for (dd, _), acc in sums.items() if dd == d) / total
        for i, o in enumerate(OUTCOMES):
            acc = sums.get((d, i))
            if acc is not None and acc[0] > 0:
                branches.append((d, o.value, acc[0] / total, [x / acc[0] for x in acc[1:]]))
    return ActionSummary(action, viewer, probs, expected, branches, declarer_prob)


def player_view(num_players: int, seat: int, card, first: int = 0, played: "str | Iterable" = (),
                discards: "str | Iterable" = (), penalties: "PenaltyTable | str" = DEFAULT_PENALTIES,
                others="equilibrium", beliefs: str = "uniform", tricks: "Sequence | None" = None,
                discard_counts: "Sequence[int] | None" = None, players=None, samples: int = 2000,
                seed: int = 0) -> ViewAnalysis:
    """Level 2 for ``seat`` holding ``card`` (see the module docstring for the model).

    ``first`` is the seat asked first, ``played`` the public cards of the tricks,
    ``discards`` this seat's own discards, ``others`` the model of the other players.
    ``beliefs`` is the belief model (:mod:`solvers.krypkille_endgame.beliefs`): ``"uniform"``;
    ``"play"`` — the others' cards must fit the forced follows in ``tricks`` (each a list of
    ``(seat, card)`` in play order); or ``"policy"`` — the others are the engine's heuristic
    players (``players``: their objects, default the engine's defaults), read through ``tricks``
    and ``discard_counts`` (how many cards each seat drew, public), from ``samples`` weighted
    draws seeded by ``seed``.  With ``"play"`` and ``"policy"`` the others are modelled by the
    equilibrium of the game whose common prior is restricted to the final cards the public record
    leaves possible under that model.

    >>> from solvers.krypkille_endgame import Endgame
    >>> end = Endgame.deal(4, seed=7)        # seat 1 holds the 7, asked first; the others hold 11, 11, 10
    >>> [round(end.view(1, beliefs=b).declare.outcome_prob["success"], 2) for b in ("uniform", "play", "policy")]
    [0.08, 0.18, 0.7]
    >>> [end.view(1, beliefs=b).best for b in ("uniform", "play", "policy")]
    ['pass', 'pass', 'declare']
    """
    n = check_players(num_players)
    check_seat(seat, n)
    order = declaring_order(n, first)
    tricks = check_tricks(tricks, n)
    discard_counts = check_discard_counts(discard_counts, n)
    players = check_policy_player_list(players, n)
    samples, seed = check_samples(samples), check_seed(seed)
    card = parse_kind(card)
    played_k = tuple(parse_kinds(played))
    discards_k = tuple(parse_kinds(discards))
    table = penalty_table(penalties)
    pool = unseen_pool(played_k, [card], discards_k)
    pool = Counter({k: c for k, c in pool.items() if c > 0})
    m = n - 1
    if sum(pool.values()) < m:
        raise EndgameError(f"only {sum(pool.values())} unseen cards for {m} other players")
    check_beliefs(beliefs)
    allowed_seat = allowed_finals(tricks or (), n) if beliefs in ("play", "policy") else None
    allowed_pos = tuple(allowed_seat[s] for s in order) if allowed_seat else None
    if allowed_pos is not None and not allowed_pos[order.index(seat)] >> int(card) & 1:
        raise EndgameError(f"seat {seat} cannot hold {card.label}: its own follows rule it out")
    allow = ([[1.0 if a >> v & 1 else 0.0 for v in range(len(Kind) + 1)] for a in allowed_pos]
             if allowed_pos is not None else None)
    draw = None
    if beliefs == "policy":
        draw, allowed_pos = _policy_beliefs(n, seat, card, played_k, discards_k, tricks, discard_counts,
                                            players, allowed_seat, samples, seed)
        allowed_pos = tuple(allowed_pos[s] for s in order)
        allow = [[1.0 if a >> v & 1 else 0.0 for v in range(len(Kind) + 1)] for a in allowed_pos]
    profile, model = resolve_model(others, n, played_k, table, allowed_pos)
    model += "; beliefs: " + BELIEFS[beliefs]
    position = order.index(seat)
    counts = [0] * (len(Kind) + 1)
    for k, c in pool.items():
        counts[int(k)] = c
    pen = [0] + [table.penalty(k) for k in Kind]
    prob = [profile.weights(i) for i in range(n)]  # P(declare) by position and kind value
    surprises = _impossible_passes(prob, position, counts, allow)
    for i in surprises:   # a pass the model rules out is read as a mistake: no evidence about that seat's card
        prob[i] = [0.0] * len(prob[i])
    if surprises:
        seats = ", ".join(f"seat {order[i]}" for i in surprises)
        model += (f"; {seats} passed although this model has them declare with every card they could hold, "
                  "so those passes are read as mistakes and say nothing about their cards")
    later = [*range(position + 1, n), None]
    se = {"declare": 0.0, "pass": 0.0}
    if draw is None:
        declare = _action_sums(order, position, int(card), counts, pen, prob, [position], allow)
        pass_ = _action_sums(order, position, int(card), counts, pen, prob, later, allow)
    else:
        model += f" ({samples} weighted draws, seed {seed}, effective sample size {draw.ess})"
        declare, se["declare"] = _sampled_action_sums(order, position, draw, table, prob, [position])
        pass_, se["pass"] = _sampled_action_sums(order, position, draw, table, prob, later)
    total = sum(acc[0] for acc in declare.values())
    if total == 0:
        raise EndgameError("under this model the earlier players would surely have declared: "
                           "the viewer cannot be asked")
    summaries = [_summarise(name, seat, sums, order) for name, sums in (("declare", declare), ("pass", pass_))]
    for summary in summaries:
        summary.viewer_se = se[summary.action]
    return ViewAnalysis(n, seat, card, first, order, position, played_k, discards_k, table, pool, profile, model,
                        total, *summaries)


def _policy_beliefs(n: int, seat: int, card: Kind, played: Sequence[Kind], discards: Sequence[Kind], tricks,
                    discard_counts, players, follows, samples: int, seed: int):
    """The ``"policy"`` beliefs of :func:`player_view`: weighted draws of the others' final cards
    (:func:`~solvers.krypkille_endgame.policy.policy_sample`) and, for the equilibrium that models the
    others' declarations, per seat the bit mask of final cards the public record allows under the policy
    (the viewer's own row: only its forced follows, unless the policy explains its record too)."""
    from .policy import PublicRecord, policy_masks, policy_sample

    if discard_counts is None or not tricks:
        raise EndgameError('beliefs="policy" reads the four tricks and how many cards each seat drew: '
                           "give tricks=... and discard_counts=... (Endgame.view does)")
    counts = tuple(discard_counts)
    if len(counts) != n or any(isinstance(c, bool) or not isinstance(c, int) or not 0 <= c <= MAX_DISCARDS
                               for c in counts):
        raise EndgameError(f"discard_counts needs one count 0..{MAX_DISCARDS} per seat ({n}), "
                           f"not {shown(discard_counts)}")
    if counts[seat] != len(discards):
        raise EndgameError(f"seat {seat} discarded {len(discards)} card(s), but discard_counts says {counts[seat]}")
    if not isinstance(samples, int) or isinstance(samples, bool) or not 1 <= samples <= 10 ** 6:
        raise EndgameError(f"samples must be a whole number 1..1000000, not {shown(samples)}")
    record = PublicRecord(tuple(tuple(t) for t in tricks), counts)
    draw = policy_sample(record, seat, card, discards, samples, seed, players, played)
    masks = list(policy_masks(record, n, played, players))
    if not masks[seat] >> int(card) & 1:
        masks[seat] = follows[seat]
    return draw, tuple(masks)


def _sampled_action_sums(order: Sequence[int], position: int, draw, table: PenaltyTable,
                         prob: list[list[float]], declarer_positions: Iterable) -> tuple[dict, float]:
    """:func:`_action_sums` over weighted draws of every seat's final card instead of all assignments, each
    draw scored by the engine's own :func:`~cardgames.krypkille.score_round`; also the standard error of
    the viewer's expected penalty (self-normalised importance sampling)."""
    from cardgames.krypkille import round_outcome, score_round

    n = len(order)
    viewer = order[position]
    index = {o: i for i, o in enumerate(OUTCOMES)}
    draws: dict = {}
    for row, w in zip(draw.finals.tolist(), draw.weights.tolist()):
        if w > 0:
            draws[tuple(row)] = draws.get(tuple(row), 0.0) + w
    out: dict = {}
    per_draw = []
    for values, w in draws.items():
        cards = [Kind(v) for v in values]
        mass = mean = 0.0
        for dp in declarer_positions:
            b = w
            for i, s in enumerate(order):
                if i == position:
                    continue
                if dp is None or i < dp:
                    b *= 1.0 - prob[i][values[s]]
                elif i == dp:
                    b *= prob[i][values[s]]
            if not b:
                continue
            declarer = None if dp is None else order[dp]
            scores = score_round(cards, declarer, table)
            acc = out.setdefault((declarer, index[round_outcome(cards, declarer)]), [0.0] * (n + 1))
            acc[0] += b
            for s in range(n):
                acc[s + 1] += b * scores[s]
            mass += b
            mean += b * scores[viewer]
        if mass:
            per_draw.append((mass, mean / mass))
    total = sum(m for m, _ in per_draw)
    if not total:
        return out, 0.0
    expected = sum(m * y for m, y in per_draw) / total
    return out, sum((m / total) ** 2 * (y - expected) ** 2 for m, y in per_draw) ** 0.5


def _impossible_passes(prob: list[list[float]], position: int, counts: Sequence[int], allow) -> list[int]:
    """The positions before the viewer's that, by the model, declare with every card they could still hold:
    their (real) pass has probability 0, and conditioning on it would leave nothing to average over."""
    out = []
    for i in range(position):
        possible = [v for v in range(1, len(counts)) if counts[v] and (allow is None or allow[i][v] > 0)]
        if possible and all(prob[i][v] >= 1.0 for v in possible):
            out.append(i)
    return out
