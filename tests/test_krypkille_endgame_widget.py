"""The endgame explorer widget: controls drive the solver views, the demo pair is marked."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

from classroom.widgets.common import DEMO_ACTION_CLASS, DEMO_RESULT_CLASS
from classroom.widgets.krypkille_endgame import MODELS, EndgameExplorer
import ipywidgets as W


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


# -- defects a new user found ---------------------------------------------------------------------------

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


# -- the explorer's defects, and the calibrated beliefs ------------------------------------
import matplotlib.pyplot as plt  # noqa: E402

from classroom.widgets import krypkille_endgame as explorer_module  # noqa: E402


def test_an_invalid_endgame_clears_the_old_analysis():
    ex = EndgameExplorer(num_players=4, seed=0)
    ex.source.value = BY_HAND
    assert "seat 3 declares" in ex.level1_html.value and ex.level1_fig.value
    ex.cards.value = "Pig Pig Pig"                   # three Pigs: no such endgame
    assert "Cannot use this endgame" in ex.endgame_html.value
    for html in (ex.level1_html, ex.expected_html, ex.level3_html):
        assert "<table" not in html.value and "fix the endgame above" in html.value
    assert not ex.level1_fig.value and not ex.level2_fig.value and not ex.level3_fig.value
    ex.cards.value = "Pig 1 9"                       # a good one again: its analysis is back
    assert "<table" in ex.level1_html.value and bytes(ex.level1_fig.value).startswith(b"\x89PNG")


def test_the_drawings_never_go_through_pyplot(monkeypatch):
    """A stray '<Figure size 650x360 with 0 Axes>' came from pyplot's list of open figures, which the
    inline backend shows at its own moments; the explorer now draws on figures pyplot never sees."""
    def refuse(*args, **kwargs):
        raise AssertionError("the explorer used pyplot")

    monkeypatch.setattr(plt, "subplots", refuse)
    monkeypatch.setattr(plt, "figure", refuse)
    plt.close("all")
    explorer_module.threshold_drawing.cache_clear()     # every drawing is made afresh here
    ex = EndgameExplorer(num_players=4, seed=3)
    ex.players.value = 5
    ex.beliefs.value = "play-aware (reads the forced follows)"
    assert plt.get_fignums() == []
    for image in (ex.level1_fig, ex.level2_fig, ex.level3_fig):
        assert bytes(image.value).startswith(b"\x89PNG")


def test_the_seed_box_shows_the_seed_of_the_round_on_screen(monkeypatch):
    ex = EndgameExplorer(num_players=3, seed=4)
    assert ex.seed.value == 4 and "seed 4," in ex.endgame.source
    ex.deal_button.click()
    assert ex.seed.value == 5 and "seed 5," in ex.endgame.source
    real = explorer_module.Endgame.deal

    def deal(num_players, seed=0, **kw):
        if seed == 6:
            raise explorer_module.GameError("no round for this seed")
        return real(num_players, seed=seed, **kw)

    monkeypatch.setattr(explorer_module.Endgame, "deal", staticmethod(deal))
    ex.deal_button.click()                           # the deal fails: the box must not claim seed 6
    assert "seed 5," in ex.endgame.source and ex.seed.value == 5


def test_asked_first_is_bounded_by_the_number_of_seats():
    ex = EndgameExplorer(num_players=4, seed=0)
    ex.source.value = BY_HAND                        # "Pig 1 9 Mask": four seats, 0..3
    assert ex.first.max == 3
    ex.first.value = 4
    assert ex.first.value == 3 and ex.endgame.first == 3
    ex.cards.value = "Pig 1 9"
    assert ex.first.max == 2 and ex.first.value == 2 and ex.endgame.first == 2


def test_the_policy_beliefs_are_the_default_for_an_engine_deal_and_uniform_by_hand():
    ex = EndgameExplorer(num_players=4, seed=7)
    assert explorer_module.BELIEF_LABELS[ex.beliefs.value] == "policy"
    assert "heuristic players" in ex.expected_html.value
    ex.source.value = BY_HAND
    assert explorer_module.BELIEF_LABELS[ex.beliefs.value] == "uniform"
    assert "play is ignored" in ex.expected_html.value
    ex.source.value = ex.source.options[0]
    assert explorer_module.BELIEF_LABELS[ex.beliefs.value] == "policy"


def test_a_change_draws_again_only_the_pictures_it_changes(monkeypatch):
    """The level-1 tree depends on the endgame alone and the thresholds on the penalty table alone: a
    change of the viewer or the model draws the level-2 picture only, a new deal the tree too."""
    explorer_module.threshold_drawing.cache_clear()
    drawn = []
    real = explorer_module.drawing

    def counted(draw, size, what):
        drawn.append(what)
        return real(draw, size, what)

    monkeypatch.setattr(explorer_module, "drawing", counted)
    ex = EndgameExplorer(num_players=3, seed=2)
    assert sorted(drawn) == ["the game tree", "the player's decision", "the thresholds"]
    tree, thresholds = bytes(ex.level1_fig.value), bytes(ex.level3_fig.value)
    drawn.clear()
    ex.model.value = list(explorer_module.MODELS)[1]
    ex.viewer.value = (ex.viewer.value + 1) % 3
    assert drawn == ["the player's decision", "the player's decision"]
    assert bytes(ex.level1_fig.value) == tree and bytes(ex.level3_fig.value) == thresholds
    drawn.clear()
    ex.deal_button.click()                              # another endgame: another tree, the same thresholds
    assert sorted(drawn) == ["the game tree", "the player's decision"] and bytes(ex.level1_fig.value) != tree
    drawn.clear()
    ex.table.value = "alternative"                      # another penalty table: every picture again
    assert sorted(drawn) == ["the game tree", "the player's decision", "the thresholds"]
    assert bytes(ex.level3_fig.value) != thresholds
    ex.source.value = BY_HAND
    ex.cards.value = "Pig Pig Pig"                       # no endgame: no picture of an old one
    assert bytes(ex.level1_fig.value) == b""
    ex.cards.value = "Pig 1 9 Mask"                      # the endgame of before the bad one: drawn again
    assert bytes(ex.level1_fig.value).startswith(b"\x89PNG")


def test_one_change_of_the_source_refreshes_the_views_once():
    """Switching the source also switches the beliefs (policy <-> uniform), which refreshes the views:
    the source's own change must not compute every view a second time."""
    ex = EndgameExplorer(num_players=4, seed=7)
    drawn = []
    real = ex.show_level2
    ex.show_level2 = lambda end: (drawn.append(end), real(end))
    ex.source.value = BY_HAND
    assert len(drawn) == 1 and ex.endgame.source != "engine"
    ex.source.value = ex.source.options[0]
    assert len(drawn) == 2 and explorer_module.BELIEF_LABELS[ex.beliefs.value] == "policy"
    ex.beliefs.value = "play-aware (reads the forced follows)"    # beliefs a source change keeps
    drawn.clear()
    ex.source.value = BY_HAND
    assert len(drawn) == 1 and "<table" in ex.level1_html.value
    assert ex.beliefs.value == "play-aware (reads the forced follows)"
