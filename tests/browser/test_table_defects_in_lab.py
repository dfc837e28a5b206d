"""The widget defects a teacher hit, clicked and typed through in a real JupyterLab.

Each test writes a one-cell notebook into the server's ``selftest/`` folder, runs it, does
what the teacher did (the same clicks, the same typing, Enter included) and reads the page.
The fast twins of these tests, on the widgets' Python side, are in
``tests/test_table_defects.py``.
"""

from __future__ import annotations

import re
import time

import nbformat
import pytest

from lab_driver import LAB_LOAD_TIMEOUT, RUN_TIMEOUT, _run_all, _wait_idle, open_notebook

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def _open(page, lab_server, name: str, source: str) -> None:
    path = lab_server.root / "selftest" / f"{name}.ipynb"
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(source)]
    nbformat.write(nb, path)
    open_notebook(page, lab_server, f"selftest/{path.name}", name)
    _wait_idle(page, LAB_LOAD_TIMEOUT, want_all_run=False)
    _run_all(page)
    _wait_idle(page, RUN_TIMEOUT, want_all_run=True)


def _open_table(page, lab_server, name: str, args: str) -> None:
    """:func:`_open` a notebook whose one cell shows ``PlayTable(args)``."""
    _open(page, lab_server, name, f"from classroom.table import PlayTable\nPlayTable({args})")


def _output_text(page) -> str:
    """The text of the cell's output area (the widget and anything printed under it)."""
    return page.locator(".jp-OutputArea").first.inner_text(timeout=20_000)


def _wait_text(page, pattern: str, timeout: float = 20) -> str:
    deadline = time.monotonic() + timeout
    got = ""
    while time.monotonic() < deadline:
        got = _output_text(page)
        if re.search(pattern, got):
            return got
        page.wait_for_timeout(200)
    raise AssertionError(f"{pattern!r} never appeared; the output says: {got[-800:]}")


def _click(page, label: str, selector: str = "button") -> None:
    page.locator(f".jp-OutputArea {selector}", has_text=label).first.click(timeout=15_000)
    _wait_idle(page, 30, want_all_run=False)


def _type(page, label: str, value: str) -> None:
    """Replace the text of the Text widget described ``label`` and press Enter, as a person does."""
    box = page.locator(".jp-OutputArea .widget-text", has_text=label).first.locator("input")
    box.fill(value)
    box.press("Enter")
    _wait_idle(page, 30, want_all_run=False)


def test_krypkille_declaration_prompt_in_lab(lab_page, lab_server):
    page = lab_page
    _open_table(page, lab_server, "table_krypkille_declaration",
                '"krypkille", num_players=4, seed=5, seat=0, coach=True, delay=0')
    _wait_text(page, "choose 0 to 3 cards")
    _click(page, "Flowerpot", ".cg-pick")
    _click(page, "6", ".cg-pick")
    _click(page, "discard the chosen", ".cg-confirm")
    _wait_text(page, "lead any card")
    _click(page, "Pig", ".cg-act")
    _wait_text(page, r"Your turn.*lead any card")
    _click(page, "Flowerpot", ".cg-act")
    shown = _wait_text(page, "your final card is Mask")
    assert "unique lowest)" not in shown
    assert "1 is as low as yours or lower (Mask)" in shown and "declaring fails" in shown


def test_hot_seat_starts_covered_in_lab(lab_page, lab_server):
    page = lab_page
    _open_table(page, lab_server, "table_hot_seat",
                '"krypkille", num_players=3, seed=2, people=[0, 2], delay=0')
    shown = _wait_text(page, "Pass the screen to seat")
    assert page.locator(".cg-play-table .cg-card").count() == 0, "a hand is face up before the screen was passed"
    assert "show my cards" in shown
    _click(page, "show my cards", ".cg-reveal")
    _wait_text(page, "Your turn")
    assert page.locator(".cg-play-table .cg-card").count() >= 5


def test_hot_seat_shows_a_forced_move_before_the_screen_passes_on_in_lab(lab_page, lab_server):
    page = lab_page
    _open_table(page, lab_server, "table_hot_seat_forced",
                '"krypkille", num_players=3, seed=2, people=[1, 2], delay=0')
    # both keep their cards; then seat 1's only legal card is played when it presses "show my cards"
    for label in ["I am seat 1", "discard the chosen", "I am seat 2", "discard the chosen", "I am seat 1"]:
        _wait_text(page, re.escape(label))
        _click(page, label, ".cg-demo-action")
    shown = _wait_text(page, "your only legal move was played for you")
    assert "pass the screen to seat 2" in shown and "Seat 1: the table played your only legal move" in shown
    assert page.locator(".cg-play-table .cg-card").count() >= 4, "seat 1 never saw its hand"
    _click(page, "pass the screen to seat 2", ".cg-handoff")
    shown = _wait_text(page, "Pass the screen to seat 2")
    assert page.locator(".cg-play-table .cg-card").count() == 0 and "your only legal move" not in shown


def test_comrade_losing_bids_new_deal_and_trick_table_in_lab(lab_page, lab_server):
    page = lab_page
    _open_table(page, lab_server, "table_comrade_losing_bids",
                '"comrade", seed=16, hand_size=4, seat=2, delay=0')
    _wait_text(page, "take a bid card")
    risky = page.locator(".cg-play-table .cg-risky")
    # the bids so far total 1 of 4 tricks: every 4, 5 and 6 would pass 4 (the unit test derives these)
    assert risky.count() == 12 and all("⚠" in t for t in risky.all_inner_texts())
    _click(page, "⚠ take ♠ bid 6", ".cg-risky")
    shown = _wait_text(page, "Are you sure")
    assert "more than 4" in shown
    _click(page, "no, choose again")
    _wait_text(page, "take ♠ bid 4")
    assert "Are you sure" not in _output_text(page)
    before = page.locator(".cg-play-table").first.inner_text()
    _click(page, "new deal", ".cg-new-deal")
    deadline = time.monotonic() + 20
    while page.locator(".cg-play-table").first.inner_text() == before and time.monotonic() < deadline:
        page.wait_for_timeout(200)
    assert page.locator(".cg-play-table").first.inner_text() != before, "new deal dealt the same cards"
    assert page.locator(".cg-play-table .cg-replay").count() == 1
    for _ in range(40):            # the first button each time: seed 17 reaches three tricks
        if "The game is over" in _output_text(page):
            break
        _click(page, "", ".cg-act")
    shown = _wait_text(page, "The game is over")
    assert "led by (suit)" in shown and "won by" in shown and "★" in shown


def test_hand_scorer_and_score_cases_in_lab(lab_page, lab_server):
    page = lab_page
    _open(page, lab_server, "hand_and_case_scorers",
          'from IPython.display import display\n'
          'from classroom.widgets.heart_challenge import HandScorer\n'
          'from classroom.widgets.krypkille import ScoreCaseView\n'
          'display(HandScorer(), ScoreCaseView())')
    _wait_text(page, "hand of the player of number 5")
    _type(page, "hand", "H3 H3")
    shown = _wait_text(page, "H3 is written 2 times")
    assert "Traceback" not in shown and "HandParseError" not in shown
    assert "hand of the player of number 5" not in shown, "the previous hand's table is still there"
    _type(page, "hand", "5")
    _wait_text(page, "too short")
    _type(page, "hand", "HA HA")
    shown = _wait_text(page, "HA is written 2 times")
    assert "too short" not in shown, "the message of the previous input stayed"
    _type(page, "final cards", "Mask 3")
    _wait_text(page, "FAILURE")
    case = page.locator(".jp-OutputArea .widget-dropdown", has_text="case").first.locator("select")
    assert case.evaluate("s => s.options[s.selectedIndex].text").replace("\xa0", " ") == "your own cards"


def test_heart_challenge_match_in_lab(lab_page, lab_server):
    page = lab_page
    _open_table(page, lab_server, "table_heart_challenge",
                '"heart_challenge", num_players=3, seed=1, delay=0')
    shown = _wait_text(page, "round 1 of 10")
    assert "match of 10 rounds" in shown
