"""The Krypkille discard: the button says what a click will do, and a chosen card is plainly marked.

A teacher chose two cards and the button still said "none chosen: keep all"; the chosen cards showed
only as a faint grey.  The same clicks in a real JupyterLab: ``tests/browser/test_krypkille_discard_in_lab.py``.
"""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from cardgames.krypkille import Kind  # noqa: E402
from classroom.table import CONFIRM_CLASS, PICK_CLASS, PlayTable  # noqa: E402


def _confirm(t: PlayTable):
    [button] = [w for w in t._walk(t.controls) if CONFIRM_CLASS in w._dom_classes]
    return button


def _toggles(t: PlayTable) -> dict:
    return {w.description: w for w in t._walk(t.controls) if PICK_CLASS in w._dom_classes}


def test_the_discard_button_names_the_chosen_cards_at_every_click():
    t = PlayTable("krypkille", num_players=4, seed=5, seat=0, delay=0)
    assert _confirm(t).description == "discard the chosen cards (none chosen: keep all)"
    t.press("Flowerpot")
    assert _confirm(t).description == "discard the chosen cards: Flowerpot"
    t.press("6")
    assert _confirm(t).description == "discard the chosen cards: Flowerpot, 6"
    assert "none chosen" not in _confirm(t).description
    t.press("Flowerpot")                                   # unchosen again
    assert _confirm(t).description == "discard the chosen cards: 6"
    t.press("6")
    assert _confirm(t).description == "discard the chosen cards (none chosen: keep all)"


def test_the_button_does_what_it_says():
    t = PlayTable("krypkille", num_players=4, seed=5, seat=0, delay=0)
    t.press("Flowerpot")
    t.press("6")
    t.press(_confirm(t).description)
    assert sorted(t.state.discards[0]) == [Kind.FLOWERPOT, Kind.SIX]


def test_a_chosen_card_is_marked_in_a_strong_colour_and_with_a_tick():
    t = PlayTable("krypkille", num_players=4, seed=5, seat=0, delay=0)
    t.press("Flowerpot")
    toggles = _toggles(t)
    assert toggles["Flowerpot"].button_style == "warning" and toggles["Flowerpot"].icon == "check"
    assert all(w.button_style == "" and w.icon == "" for label, w in toggles.items() if label != "Flowerpot")
    t.press("Flowerpot")
    assert toggles["Flowerpot"].button_style == "" and toggles["Flowerpot"].icon == ""


def test_too_many_chosen_cards_are_said_before_the_engine_refuses_them():
    from classroom.tables.krypkille import discard_label
    assert discard_label([Kind.ONE] * 4) == "discard the chosen cards: 4 chosen, but at most 3 may go"
    t = PlayTable("krypkille", num_players=4, seed=5, seat=0, delay=0)
    labels = list(_toggles(t))[:4]
    for label in labels:
        t.press(label)
    assert "4 chosen, but at most 3" in _confirm(t).description
    before = t.state.clone()
    t.press(_confirm(t).description)
    assert t.state.discards == before.discards and t.state.phase == "discard"   # refused, nothing changed
