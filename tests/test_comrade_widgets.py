"""The Comrade widgets: the demo button changes the demo view, and the views match the static HTML."""

from __future__ import annotations

from cardgames.comrade import ComradeGame, ComradeOptions, Deal
from classroom.widgets.common import DEMO_ACTION_CLASS, DEMO_RESULT_CLASS
from classroom.widgets.comrade import (BiddingWalkthrough, ComradeTable, TrickStepper, bidding_step_html,
                                       trick_step_html)

DEAL = Deal.random(3, hand_size=4)
BIDS = ["S1", "H2", "pass", "C1"]


def played_out():
    g = ComradeGame(DEAL, options=ComradeOptions(stop_at_loss=False)).play(BIDS)
    while not g.is_terminal():
        g.apply(g.legal_actions()[0])
    return g


def test_trick_stepper_is_the_demo_and_every_click_changes_the_table():
    g = played_out()
    w = TrickStepper(g)
    assert DEMO_ACTION_CLASS in w.next._dom_classes and DEMO_RESULT_CLASS in w.table._dom_classes
    seen = [w.table.value]
    for _ in range(len(g.tricks) + 1):          # wraps round after the last trick
        w.next.click()
        assert w.table.value != seen[-1]
        seen.append(w.table.value)
    assert seen[-1] == seen[0] == trick_step_html(g, 0)
    assert w.out.outputs == ()                    # no traceback shown


def test_bidding_walkthrough_steps_and_matches_the_static_view():
    w = BiddingWalkthrough(DEAL, 0, BIDS)
    for _ in BIDS:
        w.next.click()
    assert w.view.value == bidding_step_html(ComradeGame(DEAL).play(BIDS))
    w.back.click()
    assert w.step == len(BIDS) - 1


def test_table_applies_the_chosen_legal_action():
    t = ComradeTable(ComradeGame(DEAL))
    t.choice.value = "S1"
    t.apply_button.click()
    assert t.game.actions == ["S1"] and t.choice.options[0] == "pass"
