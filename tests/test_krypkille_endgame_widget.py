"""The endgame explorer widget: controls drive the solver views, the demo pair is marked."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

from classroom.widgets.common import DEMO_ACTION_CLASS, DEMO_RESULT_CLASS
from classroom.widgets.krypkille_endgame import MODELS, EndgameExplorer


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


# -- defects of issue 11 ---------------------------------------------------------------------------
import ipywidgets as W

BY_HAND = "set by hand"

#: JupyterLab's defaults (ipywidgets 8 CSS): label 80px, toggle button 148px, tab 144px; at its 13px
#: font a character is at most about 7px wide, and a button or tab needs about 20px of padding.
LABEL_PX, BUTTON_PX, TAB_PX, CHAR_PX, PAD_PX = 80, 148, 144, 7, 20


def _fits(text, width, pad=0):
    return len(text) * CHAR_PX + pad <= width


def _all_widgets(w):
    yield w
    for child in getattr(w, "children", ()):
        yield from _all_widgets(child)


def test_no_label_is_cut_off_at_the_default_width():
    ex = EndgameExplorer(num_players=3, seed=0)
    for w in _all_widgets(ex.widget):
        if getattr(w, "description", "") and not isinstance(w, W.Button):
            assert w.style.description_width == "initial" or _fits(w.description, LABEL_PX), w.description
        if isinstance(w, W.ToggleButtons):
            assert w.style.button_width == "auto" or all(_fits(o, BUTTON_PX, PAD_PX) for o in w.options)
    for i in range(len(ex.tabs.children)):
        assert _fits(ex.tabs.get_title(i), TAB_PX, PAD_PX), ex.tabs.get_title(i)


def test_engine_mode_hides_the_hand_entry_fields_and_hand_mode_the_seed():
    ex = EndgameExplorer(num_players=3, seed=0)
    assert ex.source.value == ex.source.options[0]   # the engine deal
    assert ex.hand_box.layout.display == "none" and ex.engine_box.layout.display != "none"
    ex.source.value = BY_HAND
    assert ex.hand_box.layout.display != "none" and ex.engine_box.layout.display == "none"


def test_by_hand_the_players_dropdown_shows_the_player_count_of_the_endgame():
    ex = EndgameExplorer(num_players=2, seed=0)
    ex.source.value = BY_HAND                     # the default hand-set endgame has 4 cards
    assert ex.endgame.num_players == 4 and ex.players.value == 4 and ex.players.disabled
    ex.cards.value = "Pig 1 9"
    assert ex.endgame.num_players == 3 and ex.players.value == 3
    ex.source.value = ex.source.options[0]
    assert not ex.players.disabled and ex.endgame.num_players == ex.players.value


def test_belief_model_switch_changes_the_view():
    ex = EndgameExplorer(num_players=4, seed=3)
    ex.beliefs.value = list(ex.beliefs.options)[1]
    assert "forced follow" in ex.expected_html.value
    assert "regret" in ex.level3_html.value
