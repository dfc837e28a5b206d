"""The solver widget: Solve changes the verdict, bad input shows a message, demo classes are set."""

from classroom.widgets.common import DEMO_ACTION_CLASS, DEMO_RESULT_CLASS
from solvers.comrade import solve
from classroom.widgets.comrade_solver import ComradeSolverWidget, result_html

AKQ = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def test_solve_button_changes_the_verdict():
    w = ComradeSolverWidget("N:A.K.. K.A.. Q.Q.. J.J..")
    before = w.verdict.value
    w.solve_button.click()
    assert w.verdict.value != before and "Win" in w.verdict.value
    assert "<table" in w.certificate.value
    assert DEMO_ACTION_CLASS in w.solve_button._dom_classes and DEMO_RESULT_CLASS in w.verdict._dom_classes


def test_no_win_and_bad_bids_and_three_players():
    w = ComradeSolverWidget(AKQ, dealer=2)
    w.solve_button.click()
    assert "No win" in w.verdict.value and "4 suits" in w.verdict.value and w.certificate.value == ""
    w.bids.value = "S9 / - / - / -"
    w.solve_button.click()
    assert "Cannot solve" in w.verdict.value
    w.players.value = 3
    w.random_button.click()
    assert len(w.dealer.options) == 3
    w.bids.value = ""
    w.solve_button.click()
    assert w.result.deal.players == 3 and not w.out.outputs


def test_static_html_matches_the_result():
    result = solve("N:A.K.. K.A.. Q.Q.. J.J..", 0)
    html = result_html(result)
    assert html.startswith(result.verdict_html()) and "SA" not in html or "♠" in html


def test_every_input_change_clears_the_old_verdict():
    """A verdict must never stand under hands it was not computed for."""
    w = ComradeSolverWidget("N:A.K.. K.A.. Q.Q.. J.J..")
    w.solve_button.click()
    assert "Win" in w.verdict.value and w.result is not None
    w.pbn.value = AKQ                      # paste a new (unwinnable) deal, no Solve
    assert "Win" not in w.verdict.value and w.certificate.value == "" and w.result is None
    assert "press <b>Solve</b>" in w.verdict.value
    w.solve_button.click()
    assert "No win" in w.verdict.value
    w.dealer.value = 1                     # another dealer: the proof was for dealer 0
    assert "No win" not in w.verdict.value and w.result is None
    w.solve_button.click()
    assert "No win" in w.verdict.value
    w.bids.value = "S6 / H3 / D2 / S1 C1"  # fixed bids: a different question
    assert "No win" not in w.verdict.value and w.result is None
    w.solve_button.click()
    w.random_button.click()                # a random deal replaces the text, so it clears too
    assert w.result is None and w.certificate.value == ""
