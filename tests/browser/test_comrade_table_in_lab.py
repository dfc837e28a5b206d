"""The Comrade play table in a real JupyterLab: the hand size is chosen by a click, a lost game names
the first action after which no win was possible, and nothing on the table is developer output.

The fast twins of these tests, on the widgets' Python side, are in ``tests/test_comrade_table.py``.
"""

from __future__ import annotations

import re

import pytest

from test_table_defects_in_lab import _click, _open_table, _output_text, _wait_text

pytestmark = [pytest.mark.browser, pytest.mark.slow]

REPRS = re.compile(r"\b(CardSearchPlayer|ComradeOptions|ComradeGame|Deal)\(|\brollouts?\b|\bseed=\d")


def _own_cards(page) -> int:
    """Face-up cards on the table before any card is played: the person's own hand."""
    return page.locator(".cg-play-table .cg-card").count()


def test_comrade_hand_size_and_loss_cause_in_lab(lab_page, lab_server):
    page = lab_page
    _open_table(page, lab_server, "comrade_table",
                '"comrade", seed=17, hand_size=4, seat=2, delay=0')
    _wait_text(page, "take a bid card")
    assert _own_cards(page) == 4
    _click(page, "13 (full deal)", ".cg-setting button")
    shown = _wait_text(page, r"take a bid card[\s\S]*Comrade deal \(13 cards each\)", timeout=120)
    assert _own_cards(page) == 13
    _click(page, "4 (mini deal)", ".cg-setting button")
    _wait_text(page, r"take a bid card[\s\S]*Comrade deal \(4 cards each\)", timeout=60)
    assert _own_cards(page) == 4
    for _ in range(40):            # the first button each time, as tests/test_comrade_table.py's autoplay
        if "The game is over" in _output_text(page):
            break
        _click(page, "", ".cg-act")
    shown = _wait_text(page, "The game is over", timeout=60)
    assert "the deal was lost at action 14, when seat 0 (N) played ♠2 in trick 2" in shown, shown[-1500:]
    assert "after it no win was possible any more" in shown
    assert not REPRS.search(shown), REPRS.search(shown)
