"""Level 1: the declaration game when every final card is known (perfect information).

Model (what is assumed):

* Every player knows every final card.
* The players are asked in the declaring order; the first *declare* ends the
  phase, and if everyone passes the phase ends too (rules digest, rule 8).  So
  the game tree is a **chain**: at each decision node the player either declares
  (a leaf) or passes (the next player's node, or the all-pass leaf at the end).
* Leaves are scored with :func:`cardgames.krypkille.score_round`.
* Each player minimises **their own** penalty and **passes when indifferent**;
  the tree is solved by backward induction from the all-pass leaf upwards.

>>> sol = perfect_information(["Pig", "1", "9"], first=0)
>>> sol.declarer, sol.scores, sol.outcome
(1, [15, 0, 9], <Outcome.SUCCESS: 'success'>)
>>> perfect_information(["Mask", "7", "Mask"], first=0).outcome    # two Masks: everyone passes
<Outcome.VOID: 'void'>
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

import networkx as nx

from cardgames.display import html_table
from cardgames.krypkille import (DEFAULT_PENALTIES, Kind, Outcome, PenaltyTable, parse_kinds, penalty_table,
                                 round_outcome, score_round)

from .common import check_players, declaring_order

__all__ = ["PerfectInfoSolution", "perfect_information", "ROOT"]

#: Node id of the first decision (the root of every level-1 tree).
ROOT = "ask 1"


@dataclass
class PerfectInfoSolution:
    """What :func:`perfect_information` returns.

    ``tree`` is a :class:`networkx.DiGraph`.  Decision nodes ``"ask 1"``, ``"ask 2"``,
    ... carry ``kind="decision"``, ``player`` (the seat asked), ``position``,
    ``card``, ``best`` (``"declare"``/``"pass"``) and ``scores`` (the backward-induction
    value: the score vector reached from there).  Leaves ``"declare 1"``, ... and
    ``"all pass"`` carry ``kind="leaf"``, ``declarer`` (seat or ``None``), ``outcome``
    and ``scores``.  Every node has ``action`` (the move that leads to it), ``label``
    and ``chosen`` (on the path actually played); edges carry ``action`` and ``chosen``.
    """

    final_cards: tuple[Kind, ...]
    first: int
    order: tuple[int, ...]
    penalties: PenaltyTable
    tree: nx.DiGraph
    declarer: int | None
    scores: list[int]
    outcome: Outcome
    path: list[str] = field(default_factory=list)

    def steps(self) -> list[tuple[int, Kind, str, int, int]]:
        """One row per decision: (seat, card, best action, own score if declaring, own score if passing)."""
        rows = []
        for i, seat in enumerate(self.order):
            node = self.tree.nodes[f"ask {i + 1}"]
            dec = self.tree.nodes[f"declare {i + 1}"]["scores"][seat]
            pas = self.tree.nodes[_pass_child(i, len(self.order))]["scores"][seat]
            rows.append((seat, node["card"], node["best"], dec, pas))
        return rows

    def to_html(self) -> str:
        rows = [[f"{i + 1}", f"seat {seat}", card.label, d, p, best, "✓" if f"ask {i + 1}" in self.path else ""]
                for i, (seat, card, best, d, p) in enumerate(self.steps())]
        caption = (f"Perfect information, penalty table '{self.penalties.name}': "
                   + (f"seat {self.declarer} declares ({self.outcome.value})" if self.declarer is not None
                      else f"everyone passes ({self.outcome.value})")
                   + f", scores {self.scores}")
        return html_table(rows, ["asked", "seat", "card", "own score if declare", "own score if pass",
                                 "best (pass if equal)", "reached"], caption=caption)

    def _repr_html_(self) -> str:
        return self.to_html()


def _pass_child(i: int, n: int) -> str:
    return f"ask {i + 2}" if i + 1 < n else "all pass"


def perfect_information(final_cards: "str | Sequence", first: int = 0,
                        penalties: "PenaltyTable | str" = DEFAULT_PENALTIES) -> PerfectInfoSolution:
    """Build and solve the declaration chain for known ``final_cards`` (seat order).

    ``first`` is the seat asked first (by default the winner of the fourth
    trick; rules digest, rule 8).  Returns a :class:`PerfectInfoSolution` with the
    tree, the declarer (a seat or ``None``) and the score vector.
    """
    cards = tuple(parse_kinds(final_cards))
    n = check_players(len(cards))
    order = declaring_order(n, first)
    table = penalty_table(penalties)
    score_round(cards, None, table)  # validates the copies
    g = nx.DiGraph(first=first, penalties=table.name)

    def leaf(node: str, declarer: int | None, action: str) -> None:
        scores = tuple(score_round(cards, declarer, table))
        outcome = round_outcome(cards, declarer)
        who = "everyone passed" if declarer is None else f"seat {declarer} declares"
        g.add_node(node, kind="leaf", declarer=declarer, outcome=outcome, scores=scores, action=action,
                   label=f"{who}\n{outcome.value}\n{list(scores)}", chosen=False)

    for i, seat in enumerate(order):
        g.add_node(f"ask {i + 1}", kind="decision", player=seat, position=i, card=cards[seat],
                   action="pass" if i else None, label=f"seat {seat}\n{cards[seat].label}", chosen=False)
    leaf("all pass", None, "pass")
    for i, seat in enumerate(order):
        leaf(f"declare {i + 1}", seat, "declare")
        g.add_edge(f"ask {i + 1}", f"declare {i + 1}", action="declare", chosen=False)
        g.add_edge(f"ask {i + 1}", _pass_child(i, n), action="pass", chosen=False)

    # Backward induction: from the last player asked up to the first.
    for i in reversed(range(n)):
        seat = order[i]
        node = g.nodes[f"ask {i + 1}"]
        declare_value = g.nodes[f"declare {i + 1}"]["scores"]
        pass_value = g.nodes[_pass_child(i, n)]["scores"]
        best = "declare" if declare_value[seat] < pass_value[seat] else "pass"   # pass when indifferent
        node["best"] = best
        node["scores"] = declare_value if best == "declare" else pass_value

    path = ["ask 1"]
    node = "ask 1"
    while g.nodes[node]["kind"] == "decision":
        best = g.nodes[node]["best"]
        nxt = f"declare {g.nodes[node]['position'] + 1}" if best == "declare" else _pass_child(
            g.nodes[node]["position"], n)
        g.edges[node, nxt]["chosen"] = True
        path.append(nxt)
        node = nxt
    for p in path:
        g.nodes[p]["chosen"] = True
    end = g.nodes[path[-1]]
    return PerfectInfoSolution(cards, first, order, table, g, end["declarer"], list(end["scores"]),
                               end["outcome"], path)
