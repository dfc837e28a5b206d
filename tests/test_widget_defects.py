"""The widget defects a new user found; each test fails on the widgets before the fix."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("ipywidgets")

from cardgames.comrade import ComradeGame, ComradeOptions, Deal
from classroom.widgets.comrade import ComradeTable
from classroom.widgets.heart_challenge import OddsExplorer, RoundStepper
from classroom.widgets.krypkille import ScoreCaseView

DEAL = Deal.random(3, hand_size=4)


def _selected_label(dropdown) -> str | None:
    """What a Dropdown shows: the label at its index (``None`` index = a blank)."""
    return None if dropdown.index is None else dropdown.options[dropdown.index][0]


# -- Comrade play table -----------------------------------------------------------------------
def _play_first_trick(table: ComradeTable):
    g = table.game
    g.play(["S1", "H2", "pass", "C1"])
    table.refresh()
    for _ in range(g.num_players):
        table.choice.value = table.choice.options[0]
        table.apply_button.click()
    return g


def test_comrade_table_draws_the_current_hands_not_the_deal():
    t = ComradeTable(ComradeGame(DEAL, options=ComradeOptions(stop_at_loss=False)), seat="all")
    g = _play_first_trick(t)
    played = g.tricks[0].cards
    hands_cell = t.view.value.split("Tricks (public)")[0]
    for card in played:                       # a played card is no longer drawn in any hand
        assert f'data-card="{card.code}"' not in hands_cell


def test_comrade_table_shows_the_tricks_won_table_once():
    t = ComradeTable(ComradeGame(DEAL, options=ComradeOptions(stop_at_loss=False)), seat="all")
    _play_first_trick(t)
    assert (t.view.value + t.message.value).count("won, led in") == 1


def test_comrade_table_hides_the_other_hands_by_default():
    g = ComradeGame(DEAL)
    t = ComradeTable(g)
    seat = g.current_player()
    for s in range(4):
        for card in g.hands[s]:
            assert (card.symbol in t.view.value) == (s == seat), (s, card)


def test_comrade_table_says_more_than_win_at_the_end():
    g = ComradeGame("N:A.K.. K.A.. Q.Q.. J.J..", dealer=0)
    t = ComradeTable(g)
    for a in ["S1", "H1", "SA", "SK", "SQ", "SJ", "HK", "HA", "HQ", "HJ"]:
        t.choice.value = a
        t.apply_button.click()
    assert g.result == "win"
    text = re.sub("<[^>]+>", " ", t.message.value)
    assert "every bid was met" in text and "Bids against tricks won" in text
    assert "♠A" in t.view.value or "data-card" in t.view.value


# -- Heart Challenge round stepper ------------------------------------------------------------
def test_stepper_header_never_names_another_seats_face_down_card():
    w = RoundStepper(num_players=4, seed=3)
    for _ in range(12):
        w.step_button.click()
        g = w.game
        for seat in range(4):
            w.seat.value = seat
            hidden = [c for s in range(4) if s != seat for c in g.hands[s]]
            hidden += [c for s in range(4) if s != seat
                       for i, c in enumerate(g.piles[s]) if i < len(g.piles[s]) - g.face_up[s]]
            head = w.table.value.split("</div>", 1)[0]
            for c in hidden:
                assert c.code not in head and c.symbol not in head, (seat, c, head)
        w.seat.value = w.seat.options[0][1]


def test_stepper_view_dropdown_starts_on_everything_not_blank():
    w = RoundStepper(num_players=3, seed=0)
    assert _selected_label(w.seat) == "everything"


def test_finish_round_button_uses_no_glyph_missing_from_the_fonts():
    w = RoundStepper(num_players=3, seed=0)
    assert "⏩" not in w.round_button.description and "finish the round" in w.round_button.description


# -- Heart Challenge odds widget --------------------------------------------------------------
def test_odds_sliders_are_bound_so_the_chart_uses_what_they_show():
    pytest.importorskip("matplotlib")
    import matplotlib
    matplotlib.use("Agg")
    o = OddsExplorer(unknown=24, hearts=10, facedown=6)
    o.unknown.value = 5
    assert o.hearts.value <= 5 and o.facedown.value <= 5   # the sliders show what is used
    assert o.numbers() == (5, o.hearts.value, o.own.value, o.facedown.value)
    assert f"{o.hearts.value} hearts" in o.used.value and f"{o.facedown.value} face down" in o.used.value


def test_odds_slider_labels_are_not_cut():
    pytest.importorskip("matplotlib")
    o = OddsExplorer()
    for s in (o.unknown, o.hearts, o.own, o.facedown):
        assert s.style.description_width == "initial"


# -- Krypkille score widget -------------------------------------------------------------------
def test_score_widget_says_nobody_when_nobody_declared():
    w = ScoreCaseView()
    w.case.value = "coward (臆病者)"
    assert _selected_label(w.declarer) == "nobody (all passed)"
    assert "coward" in w.html.value.lower() or w.html.value


def test_score_widget_refuses_more_than_five_players():
    w = ScoreCaseView()
    w.cards.value = "Pig 1 9 Mask 2 3 4"
    assert "2 to 5 players" in w.message.value and w.html.value == ""
    assert len(w.declarer.options) - 1 <= 5


def test_score_widget_clears_the_old_table_after_bad_input():
    w = ScoreCaseView()
    assert w.html.value
    w.cards.value = "Pig 1 nonsense"
    assert w.message.value and w.html.value == ""


def test_hand_scorer_number_label_is_not_cut():
    from classroom.widgets.heart_challenge import HandScorer
    w = HandScorer()
    assert w.number.style.description_width == "initial" and w.hand.style.description_width == "initial"
