"""The endgame explorer widget: controls drive the solver views, the demo pair is marked."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

from cardgames.widgets.common import DEMO_ACTION_CLASS, DEMO_RESULT_CLASS
from solvers.widgets.krypkille_endgame import MODELS, EndgameExplorer


def test_penalty_table_changes_the_expected_penalty_table():
    ex = EndgameExplorer(num_players=4, seed=2)
    assert DEMO_ACTION_CLASS in ex.table._dom_classes and DEMO_RESULT_CLASS in ex.expected_html._dom_classes
    before = ex.expected_html.value
    assert "Harlequin 50" in before and "<table" in before
    ex.table.value = "alternative"
    assert ex.expected_html.value != before and "Harlequin 18" in ex.expected_html.value
    assert ex.endgame.penalties.name == "alternative"


def test_controls_rebuild_the_views():
    ex = EndgameExplorer(num_players=3, seed=0)
    ex.players.value = 5
    assert ex.endgame.num_players == 5 and list(ex.viewer.options) == [0, 1, 2, 3, 4]
    old = ex.endgame
    ex.deal_button.click()
    assert ex.endgame != old and ex.seed.value == 1
    ex.source.value = "set by hand"
    assert [k.label for k in ex.endgame.final_cards] == ["Pig", "1", "9", "Mask"]
    assert "seat 3 declares" in ex.level1_html.value
    for label in MODELS:
        ex.model.value = label
        assert "your expected penalty" in ex.expected_html.value
    ex.cards.value = "Pig Pig Pig"
    assert "Cannot use this endgame" in ex.endgame_html.value and ex.endgame.num_players == 4
