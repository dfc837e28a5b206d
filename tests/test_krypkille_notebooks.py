"""Notebook 11 is a 45-minute core; its research material lives in the optional appendix, notebook 19, and it shows how level 2's advice changes with the belief model."""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _cells(name: str) -> list[dict]:
    return json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))["cells"]


def _text(name: str, kind: str | None = None) -> str:
    return "\n".join("".join(c["source"]) for c in _cells(name) if kind is None or c["cell_type"] == kind)


def test_notebook_11_is_lesson_sized_and_links_its_optional_appendix():
    prose = _text("11_krypkille_endgame.ipynb", "markdown")
    assert len(prose.split()) < 2400                      # it was 3,119 words with the research sections
    assert "(19_krypkille_appendix.ipynb)" in prose
    first = "".join(_cells("19_krypkille_appendix.ipynb")[0]["source"])
    assert "*This notebook is optional.*" in first and "(11_krypkille_endgame.ipynb)" in first


def test_the_research_sections_moved_to_the_appendix():
    core, appendix = _text("11_krypkille_endgame.ipynb", "code"), _text("19_krypkille_appendix.ipynb", "code")
    for topic in ("calibration_records", "plot_reliability", "itertools.permutations", "payoff_table",
                  "Fraction("):
        assert topic not in core and topic in appendix, topic
    assert "_iterate" not in core + appendix and "old sweep" not in _text("19_krypkille_appendix.ipynb")


def test_notebook_11_shows_the_advice_under_each_belief_model_as_checked_output():
    cells = [c for c in _cells("11_krypkille_endgame.ipynb") if c["cell_type"] == "code"
             and 'for beliefs in ("uniform", "play", "policy")' in "".join(c["source"])]
    assert len(cells) == 1 and "".join(cells[0]["source"]).startswith("# NBVAL_CHECK_OUTPUT")
    out = "".join("".join(o["text"]) for o in cells[0]["outputs"] if o.get("output_type") == "stream")
    advice = {line.split()[0]: line.split()[-1] for line in out.splitlines() if line.split()[0] in
              ("uniform", "play", "policy")}
    assert advice["uniform"] == "pass" and advice["policy"] == "declare"     # the model decides the advice
    assert "declaring would success" in out                                 # and the calibrated one is right here


def test_the_index_lists_the_appendix_as_optional():
    index = _text("00_index.ipynb", "markdown")
    line = next(l for l in index.splitlines() if "(19_krypkille_appendix.ipynb)" in l)
    assert "Optional" in line
    assert "(../docs/lessons/19_krypkille_appendix.md)" in index
