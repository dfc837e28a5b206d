"""Notebook 11 is a 45-minute lesson in plain words with the game-theory vocabulary in a marked optional part;
its research material lives in notebook 19, teacher reading, which names no benchmark path, command line,
hash, issue or test path; its checks judge the answer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

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


def test_notebook_11_shows_the_advice_under_each_belief_model_in_its_optional_part():
    cells = _cells("11_krypkille_endgame.ipynb")
    optional = next(i for i, c in enumerate(cells) if c["cell_type"] == "markdown"
                    and "## Optional: the words game theorists use" in "".join(c["source"]))
    found = [i for i, c in enumerate(cells) if c["cell_type"] == "code"
             and 'models = ["uniform", "play", "policy"]' in "".join(c["source"])]
    assert len(found) == 1 and found[0] > optional                            # not in the 45-minute core
    cell = cells[found[0]]
    assert "".join(cell["source"]).startswith("# NBVAL_CHECK_OUTPUT")
    out = "".join("".join(o["text"]) for o in cell["outputs"] if o.get("output_type") == "stream")
    advice = {line.split()[0]: line.split()[-1] for line in out.splitlines() if line.split()[0] in
              ("uniform", "play", "policy")}
    assert advice["uniform"] == "pass" and advice["policy"] == "declare"     # the model decides the advice
    assert "the round ends in success" in out and "would success" not in out


def test_the_core_of_notebook_11_uses_no_equilibrium_vocabulary():
    cells = _cells("11_krypkille_endgame.ipynb")
    heading = "## Optional: the words game theorists use"
    optional = next(i for i, c in enumerate(cells) if heading in "".join(c["source"]))
    core = "\n".join("".join(c["source"]) for c in cells[:optional] if c["cell_type"] == "markdown")
    core_out = "\n".join("".join(o.get("text", "")) for c in cells[:optional] if c["cell_type"] == "code"
                         for o in c.get("outputs", []))
    for jargon in ("Nash", "Bayesian", "equilibrium", "regret", "effective sample size", "backward induction",
                   "subgame", "0e+00", "mixed strategy"):
        assert jargon not in core and jargon not in core_out, jargon
    assert "What is the risk of declaring?" in core and "What would the others do?" in core
    assert len(core.split()) < 1800


def test_notebook_19_says_at_the_top_it_is_teacher_reading_and_names_no_research_plumbing():
    first = "".join(_cells("19_krypkille_appendix.ipynb")[0]["source"])
    assert "**It is reading for the teacher**" in first
    for name in ("10_krypkille_rules.ipynb", "11_krypkille_endgame.ipynb", "19_krypkille_appendix.ipynb"):
        text = json.dumps([{k: c[k] for k in ("source", "outputs") if k in c}
                           for c in _cells(name) if c["cell_type"] != "raw"])
        for banned in ("benchmarks/", "bench_", "python benchmarks", "tests/", "issue", "sha1", "8.88",
                       "--minutes", "--resume"):
            assert banned not in text, (name, banned)
    note = ROOT / "docs" / "research" / "2026-12-07-krypkille-endgame.md"
    assert "benchmarks/bench_krypkille_calibration.py" in note.read_text(encoding="utf-8")


class AlwaysEqual:
    """A hostile answer: equal to everything."""

    def __eq__(self, other):
        return True

    def __hash__(self):
        return 0


def test_notebook_11_checks_refuse_an_answer_equal_to_everything():
    from classroom.grader import NotQuite
    from cardgames.krypkille import Kind, score_round
    from solvers.krypkille_endgame import equilibrium, perfect_information, player_view
    helpers = dict(perfect_information=perfect_information, player_view=player_view, score_round=score_round,
                   equilibrium=equilibrium, Kind=Kind)
    tests = ["".join(c["source"]) for c in _cells("11_krypkille_endgame.ipynb")
             if c["cell_type"] == "code" and "".join(c["source"]).startswith("def test_q")]
    assert len(tests) == 5
    for source in tests:
        name = source.split("(")[0].removeprefix("def ")
        ns = dict(helpers)
        exec(source.rsplit("\n\n", 1)[0], ns)                 # the function, not its call
        params = source.split("(", 1)[1].split(")")[0].split(", ")
        with pytest.raises(NotQuite):
            ns[name](AlwaysEqual(), *[ns[p] for p in params[1:]])


def test_the_index_lists_the_appendix_as_optional():
    index = _text("00_index.ipynb", "markdown")
    line = next(ln for ln in index.splitlines() if "(19_krypkille_appendix.ipynb)" in ln)
    assert "Optional" in line
    assert "(../docs/lessons/19_krypkille_appendix.md)" in index
