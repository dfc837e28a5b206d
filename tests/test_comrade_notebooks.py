"""Notebook 20 is a lesson-sized core; its side topics live in the appendix, notebook 29, and
both say the corrected rules: "nothing fits" reads the player to act, the ace is high in play."""

from __future__ import annotations

import json
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def _cells(name):
    return json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]


def _text(name, kind=None):
    return "\n".join("".join(c["source"]) for c in _cells(name) if kind is None or c["cell_type"] == kind)


def test_notebook_20_is_lesson_sized_and_links_its_appendix():
    # What a student reads: the student version, less otter's grader cell and its grader.check cells
    student = json.loads((NOTEBOOKS.parent / "student" / "20_comrade_rules.ipynb").read_text(encoding="utf-8"))
    lesson = [c for c in student["cells"] if "grader" not in "".join(c["source"])]
    assert len(lesson) <= 55
    assert "(29_comrade_appendix.ipynb)" in _text("20_comrade_rules.ipynb", "markdown")
    assert "(20_comrade_rules.ipynb)" in _text("29_comrade_appendix.ipynb", "markdown")


def test_the_side_topics_moved_to_the_appendix():
    core, appendix = _text("20_comrade_rules.ipynb", "code"), _text("29_comrade_appendix.ipynb", "code")
    for topic in ("random_bidding", "Series(", "variant_for(5)"):
        assert topic not in core and topic in appendix, topic


def test_the_notebooks_say_the_corrected_rules():
    core = _text("20_comrade_rules.ipynb")
    assert "ace_high" in core and "In play the ace is high" in core
    assert "player to act" in core and "fit_check_everyone" not in core
    appendix = _text("29_comrade_appendix.ipynb")
    assert 'nothing_fits="anyone"' in appendix or "nothing_fits=reading" in appendix
    assert "can never fire" in appendix
