"""Krypkille endgame explorer: hand-checked cases, the engine round trip and the threshold table."""

from __future__ import annotations

from collections import Counter

import matplotlib

matplotlib.use("Agg")

import pytest
from hypothesis import given, settings, strategies as st

from cardgames.errors import RuleConfigError
from cardgames.krypkille import DECK, Kind, Outcome, score_round
from cardgames.krypkille.engine import KrypkilleGame
from solvers.krypkille_endgame import (Endgame, EndgameError, draw_tree, equilibrium,
                                       perfect_information, player_view, threshold_table, tree_layout)

final_cards = st.integers(2, 5).flatmap(
    lambda n: st.permutations(list(DECK)).map(lambda deck: deck[:n]))


# -- level 1 --------------------------------------------------------------------------
def test_lowest_card_declares_and_wins():
    sol = perfect_information(["Pig", "1", "9"], first=0)
    assert (sol.declarer, sol.outcome, sol.scores) == (1, Outcome.SUCCESS, [15, 0, 9])
    # seat 0 (Pig) is asked first and passes: declaring would cost 15 + 10, passing 15.
    assert sol.steps()[0] == (0, Kind.PIG, "pass", 25, 15)


def test_two_masks_out_everyone_passes_void():
    sol = perfect_information(["Mask", "Harlequin", "Mask", "3"], first=1)
    assert sol.declarer is None and sol.outcome is Outcome.VOID and sol.scores == [0, 0, 0, 0]


def test_lone_lowest_card_last_in_order_still_declares():
    # The holder of the lowest card is asked last; everyone before passes, and
    # declaring (0) beats being the coward (10).
    sol = perfect_information(["7", "Inn", "Wreath"], first=0)
    assert sol.declarer == 2 and sol.outcome is Outcome.SUCCESS


@settings(max_examples=60, deadline=None)
@given(final_cards, st.integers(0, 4))
def test_perfect_information_is_backward_induction(cards, first):
    first %= len(cards)
    sol = perfect_information(cards, first)
    # Harlequin never declares (it can only fail).
    if sol.declarer is not None:
        assert cards[sol.declarer] != Kind.HARLEQUIN
    # Each player on the path took the action minimising their own penalty, passing when indifferent.
    for seat, card, best, d, p in sol.steps():
        assert best == ("declare" if d < p else "pass")
    # The leaf scores are the engine's.
    assert sol.scores == score_round(cards, sol.declarer)
    # Tree shape: n decisions, n declare leaves, one all-pass leaf, a chosen path from the root.
    g = sol.tree
    assert g.number_of_nodes() == 2 * len(cards) + 1
    chosen = [n for n, d in g.nodes(data=True) if d["chosen"]]
    assert chosen == sol.path and g.nodes[sol.path[-1]]["kind"] == "leaf"


@settings(max_examples=30, deadline=None)
@given(final_cards, st.integers(0, 4))
def test_perfect_play_in_the_engine_gives_the_same_scores(cards, first):
    first %= len(cards)
    sol = perfect_information(cards, first)
    rnd = KrypkilleGame.for_declaration(cards, first_declarer=first)
    assert rnd.declaring_order() == list(sol.order)
    by_seat = {s: best for s, _, best, _, _ in sol.steps()}
    while not rnd.is_terminal():
        rnd.apply(by_seat[rnd.current_player()])
    assert rnd.scores == sol.scores and rnd.declarer == sol.declarer


# -- level 2 --------------------------------------------------------------------------
def test_mask_with_twin_played_declares_and_surely_wins():
    v = player_view(4, seat=2, card="Mask", first=0, played="Mask 7 Pig", others="equilibrium")
    assert v.declare.outcome_prob["success"] == 1.0 and v.declare.viewer_expected == 0.0
    assert v.best == "declare"


@pytest.mark.parametrize("n", [2, 3, 5])
@pytest.mark.parametrize("others", ["equilibrium", "never", Kind.FIVE])
def test_harlequin_never_declares(n, others):
    v = player_view(n, seat=0, card="Harlequin", first=0, played="", others=others)
    assert v.best == "pass"
    assert v.declare.outcome_prob["failure"] == pytest.approx(1.0)


@pytest.mark.parametrize("others", ["equilibrium", "never", "3"])
def test_probabilities_sum_to_one(others):
    end = Endgame.deal(5, seed=11)
    for seat in range(5):
        v = end.view(seat, others)
        for a in (v.declare, v.pass_):
            assert sum(a.outcome_prob.values()) == pytest.approx(1.0)
            assert sum(p for _, _, p, _ in a.branches) == pytest.approx(1.0)
            assert sum(a.declarer_prob.values()) == pytest.approx(1.0)
        assert v.declare.declarer_prob == {seat: pytest.approx(1.0)}
        # declaring never leads to a coward or a void
        assert v.declare.outcome_prob["coward"] == v.declare.outcome_prob["void"] == 0


def test_view_matches_level_three_values():
    # With no discards the viewer's beliefs are level 3's, so the numbers must agree.
    eq = equilibrium(4, "Mask 2 2 Pig 9 Harlequin")
    for position in range(4):
        for card in (Kind.MASK, Kind.ONE, Kind.FOUR, Kind.TEN):
            v = player_view(4, seat=position, card=card, first=0, played="Mask 2 2 Pig 9 Harlequin")
            pv = eq.values[(position, card)]
            if pv.reachable:
                assert v.declare.viewer_expected == pytest.approx(float(pv.expected_declare))
                assert v.pass_.viewer_expected == pytest.approx(float(pv.expected_pass))
                assert (v.best == "declare") == pv.declares


def test_earlier_passes_are_evidence():
    # Under a threshold rule at 3, the two earlier players passed, so neither holds a card <= 3:
    # a 4 held by the third player then succeeds more often than when asked first.
    first = player_view(3, seat=0, card="4", first=0, others="3")
    last = player_view(3, seat=2, card="4", first=0, others="3")
    assert last.declare.outcome_prob["success"] > first.declare.outcome_prob["success"]


def test_bad_views_are_refused():
    with pytest.raises(EndgameError, match="copies of Mask"):
        player_view(3, 0, "Mask", played="Mask Mask")
    with pytest.raises(RuleConfigError):
        player_view(6, 0, "Mask")
    with pytest.raises(EndgameError, match="not a seat"):
        player_view(3, 3, "Mask")


# -- level 3 --------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("table", ["default", "alternative"])
def test_generic_equilibrium_is_stable(n, table):
    eq = equilibrium(n, (), table)
    assert eq.converged and eq.is_stable() and eq.max_regret() < 1e-7
    assert all(Kind.HARLEQUIN not in s for s in eq.profile.declare_sets)
    assert all(eq.profile.is_threshold_strategy(i) for i in range(n))
    # someone declares with a Mask in every position
    assert all(eq.profile.declare_prob(i, Kind.MASK) == 1.0 for i in range(n))


def test_two_players_need_a_mixed_choice():
    eq = equilibrium(2)
    assert not eq.profile.is_pure and eq.is_stable()
    # the mixed card sits right above the pure threshold
    for i in range(2):
        t = eq.threshold(i)
        p = eq.profile.declare_prob(i, Kind(int(t) + 1))
        assert 0 < p < 1


def test_threshold_table_does_not_depend_on_the_harlequin_penalty():
    # Only the Harlequin's penalty differs between the tables, and a Harlequin never declares.
    rows = threshold_table()
    by = {(r["players"], r["position"]): [] for r in rows}
    for r in rows:
        by[(r["players"], r["position"])].append(r["declares_with"])
    assert all(len(set(v)) == 1 for v in by.values())
    # later positions are no more cautious than earlier ones
    for n in (3, 4, 5):
        ts = [r["threshold"] for r in rows if r["players"] == n and r["table"] == "default"]
        assert ts == sorted(ts)


def test_engine_round_endgame():
    end = Endgame.deal(4, seed=5)
    rnd = KrypkilleGame(4, dealer=0, seed=5)
    assert end.num_players == 4 and len(end.played) == 16
    used = Counter(end.played + end.final_cards + sum(end.discards, ()))
    assert not used - Counter(DECK)  # no card more often than the deck holds it
    eq = end.equilibrium()
    assert eq.is_stable()
    assert "Endgame" in end.to_html() and "<table" in end.view(end.order[0]).to_html()
    with pytest.raises(EndgameError, match="phase"):
        Endgame.from_round(rnd)


# -- drawing --------------------------------------------------------------------------
def test_tree_layout_root_on_top_and_drawing_runs():
    sol = perfect_information(["Pig", "1", "9", "Mask"], first=1)
    pos = tree_layout(sol.tree)
    assert pos["ask 1"][1] == max(y for _, y in pos.values())
    xs = sorted(x for n, (x, y) in pos.items() if sol.tree.out_degree(n) == 0)
    assert xs == [float(i) for i in range(len(xs))]  # leaves in distinct columns
    ax = draw_tree(sol.tree)
    assert ax.texts
    view = player_view(4, 1, "3", first=1, played="Mask Mask 2")
    g = view.tree()
    assert g.nodes[view.best]["chosen"] and not g.nodes[{"declare": "pass", "pass": "declare"}[view.best]]["chosen"]
    draw_tree(g)
