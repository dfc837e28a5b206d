"""The Krypkille widgets: they build, react to clicks and choices, and mark the demo controls."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from cardgames.errors import GameError
from cardgames.krypkille import HeuristicPlayer, KrypkilleGame, play_round
from classroom.widgets.common import DEMO_ACTION_CLASS, DEMO_RESULT_CLASS
from classroom.widgets.krypkille import SCORE_CASES, DeckTableView, RoundStepper, ScoreCaseView


def test_deck_table_switches_penalty_tables():
    view = DeckTableView()
    assert "50" in view.html.value and "penalty (default)" in view.html.value
    view.choice.value = "alternative"
    assert "penalty (alternative)" in view.html.value


def test_round_stepper_next_trick_changes_the_demo_html():
    rnd = play_round([HeuristicPlayer(seed=s) for s in range(4)], seed=3)
    stepper = RoundStepper(rnd)
    assert DEMO_ACTION_CLASS in stepper.next_trick._dom_classes
    assert DEMO_RESULT_CLASS in stepper.html._dom_classes
    seen = [stepper.html.value]
    for _ in range(6):
        stepper.next_trick.click()
        seen.append(stepper.html.value)
    assert all(a != b for a, b in zip(seen, seen[1:]))
    assert "trick 1 complete" in "".join(t for t, _ in stepper.stages)
    assert stepper.slider.value == len(stepper.stages) - 1 and "score" in stepper.html.value
    stepper.next_trick.click()  # wraps to the deal
    assert stepper.slider.value == 0
    stepper.next_card.click()
    stepper.back.click()
    assert stepper.slider.value == 0


def test_round_stepper_wants_a_finished_round():
    with pytest.raises(GameError):
        RoundStepper(KrypkilleGame(seed=1))


def test_score_case_view_covers_every_case_and_bad_input():
    view = ScoreCaseView()
    for name in SCORE_CASES:
        view.case.value = name
        assert name.split()[0].upper() in view.html.value
    view.cards.value = "Pig joker 3"
    assert "joker" in view.message.value
    view.cards.value = "Mask 7"
    view.declarer.value = 0
    assert "SUCCESS" in view.html.value
