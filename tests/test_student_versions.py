"""The student versions are lessons for a class, not developer notebooks.

* no nbval marker, private import, issue number, changelog sentence, teacher link or empty code cell;
* the student index links only to student lessons, the teacher's to both folders;
* the play table's coach is off and hidden in a student version unless ``CARDGAMES_TEACHER=1``;
* the defects a teacher hit in notebooks 20 and 29 stay fixed.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from test_grader_forms import _namespace

ROOT = Path(__file__).resolve().parents[1]
STUDENT = sorted((ROOT / "student").glob("*.ipynb"))
#: Traces still in a source another engineer owns (their prose and code): strict, so the mark must go once fixed.
KNOWN: dict[str, str] = {}


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _src(cell: dict) -> str:
    return "".join(cell["source"])


TRACES = {
    "an nbval marker": re.compile(r"NBVAL_"),
    "a private import": re.compile(r"^\s*(from\s+\S+\s+import\s+[^\n]*\b_[A-Za-z]\w*|import\s+\S*\._\w+)", re.M),
    "an issue number": re.compile(r"\bissues?\s*#?\d+|\(#\d+\)|\bPR\s*#?\d+", re.I),
    "a changelog sentence": re.compile(r"\bthe old (sweep|search|solver|version|code)\b"
                                       r"|\bbefore the [\w ]+ were added\b"
                                       r"|\bused to (say|give|print|show)\b", re.I),
    "a link to the teacher version": re.compile(r"\]\((\.\./)?teacher/|\bteacher/\S*\.ipynb"),
    "a private name in the prose": re.compile(r"`_[a-z]\w*`"),
}


@pytest.mark.parametrize("path", [pytest.param(p, marks=pytest.mark.xfail(strict=True, reason=KNOWN[p.name]))
                                  if p.name in KNOWN else p for p in STUDENT], ids=[p.name for p in STUDENT])
def test_student_version_carries_no_developer_trace(path):
    found = []
    for i, cell in enumerate(_cells(path)):
        text = _src(cell)
        for what, pattern in TRACES.items():
            m = pattern.search(text)
            if m:
                found.append(f"cell {i}: {what}: {text[max(0, m.start() - 40):m.end() + 40]!r}")
        if cell["cell_type"] == "code" and not text.strip():
            found.append(f"cell {i}: an empty code cell")
        if "execution" in cell.get("metadata", {}):
            found.append(f"cell {i}: the source run's timings")
    if "widgets" in json.loads(path.read_text(encoding="utf-8"))["metadata"]:
        found.append("the source run's widget state")
    assert not found, f"student/{path.name}:\n" + "\n".join(found)


def _links(path: Path) -> list[str]:
    return [m.group(1) for c in _cells(path) if c["cell_type"] == "markdown"
            for m in re.finditer(r"\]\(([^)\s]+)\)", _src(c))]


def test_student_index_links_only_to_student_lessons_and_the_teachers_to_both():
    student_links = _links(ROOT / "student" / "00_index.ipynb")
    lessons = [ln for ln in student_links if ln.endswith(".ipynb")]
    assert lessons and all("/" not in ln for ln in lessons), lessons          # the notebooks beside it: student/
    assert all((ROOT / "student" / ln).is_file() for ln in lessons)
    assert not [ln for ln in student_links
                if "teacher" in ln or "notebooks/" in ln or "docs/lessons" in ln], student_links
    teacher_links = _links(ROOT / "teacher" / "00_index.ipynb")
    assert "../student/" in teacher_links and "../teacher/" in teacher_links
    assert any("docs/lessons" in ln for ln in teacher_links)


def test_build_strips_markers_and_teacher_cells_only_from_the_student_version():
    import importlib.util

    import nbformat
    spec = importlib.util.spec_from_file_location("build_classroom", ROOT / "tools" / "build_classroom.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_code_cell("# NBVAL_CHECK_OUTPUT\nprint(1)"),
        nbformat.v4.new_code_cell("# NBVAL_IGNORE_OUTPUT\n"),
        nbformat.v4.new_markdown_cell("answers", metadata={"tags": ["teacher-only"]}),
        nbformat.v4.new_code_cell("import this_and_that", metadata={"tags": ["hide-input"]}),
    ])
    tool.for_students(nb)
    assert [c.source for c in nb.cells] == ["print(1)", "import this_and_that"]
    assert nb.cells[1].metadata["jupyter"]["source_hidden"] is True
    assert "jupyter" not in nb.cells[0].metadata


def test_plumbing_cells_are_collapsed_not_removed():
    import importlib.util
    spec = importlib.util.spec_from_file_location("build_classroom", ROOT / "tools" / "build_classroom.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    imports = "import random\nfrom cardgames.comrade import (Deal,\n    ComradeGame)\nfrom classroom import grader\n"
    plot = ("fig, ax = plt.subplots()\nax.bar(x, y)\n"
            "ax.set_xlabel('a')\nax.set_ylabel('b')\nax.set_title('t')\nplt.show()\n")
    assert tool.is_plumbing(imports) and tool.is_plumbing(plot)
    for lesson in ("import random\nrng = random.Random(1)\nprint(rng.random())\nprint(2)",
                   "from x import y\n\nPlayTable('comrade', seed=1)",
                   "fig, ax = plt.subplots()\nax.bar(x, y)\nplt.show()"):       # code to read, or short
        assert not tool.is_plumbing(lesson), lesson
    collapsed = {name: sum(bool(c.get("metadata", {}).get("jupyter", {}).get("source_hidden")) for c in _cells(p))
                 for name, p in ((p.name, p) for p in STUDENT)}
    assert collapsed["20_comrade_rules.ipynb"] >= 1 and collapsed["22_comrade_silence.ipynb"] >= 2, collapsed


# --------------------------------------------------------------------------- the coach

@pytest.fixture
def in_student_folder(tmp_path, monkeypatch):
    folder = tmp_path / "student"
    folder.mkdir()
    monkeypatch.chdir(folder)        # a kernel starts in its notebook's folder
    monkeypatch.delenv("CARDGAMES_TEACHER", raising=False)
    return folder


def _coach_shown(table) -> bool:
    return table.coach_box.layout.display != "none" and not table.coach_box.disabled


def test_coach_is_off_and_hidden_in_a_student_version(in_student_folder):
    from classroom.table import PlayTable
    table = PlayTable("comrade", seat=0, delay=0, coach=True, seed=5, hand_size=3)
    assert not table.coach_box.value and not _coach_shown(table)
    assert table.coach_html.value == ""


def test_the_teacher_enables_the_coach_with_a_setting(in_student_folder, monkeypatch):
    from classroom.table import PlayTable, teacher_mode
    monkeypatch.setenv("CARDGAMES_TEACHER", "1")
    assert teacher_mode()
    table = PlayTable("comrade", seat=0, delay=0, coach=True, seed=5, hand_size=3)
    assert table.coach_box.value and _coach_shown(table)
    assert "perfect cooperation" in table.coach_html.value
    monkeypatch.setenv("CARDGAMES_TEACHER", "0")
    monkeypatch.chdir(ROOT)
    assert not teacher_mode() and not _coach_shown(PlayTable("comrade", seat=0, delay=0, seed=5, hand_size=3))


def test_outside_a_student_version_the_coach_switch_is_offered(monkeypatch):
    from classroom.table import PlayTable
    monkeypatch.delenv("CARDGAMES_TEACHER", raising=False)
    monkeypatch.chdir(ROOT)
    table = PlayTable("comrade", seat=0, delay=0, seed=5, hand_size=3)
    assert _coach_shown(table) and not table.coach_box.value


def test_lesson_pages_document_the_teacher_setting():
    pages = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "docs" / "lessons").glob("*.md"))
    assert "CARDGAMES_TEACHER=1" in pages


# --------------------------------------------------------------------------- defects of notebooks 20 and 29

def test_notebook_20_student_version_promises_nothing_it_blanks():
    text = "\n".join(_src(c) for c in _cells(ROOT / "student" / "20_comrade_rules.ipynb"))
    for stale in ("stored below", "stored one in the teacher version", "WINNING_LINES", "won as stored"):
        assert stale not in text, stale


def test_notebook_20_says_in_plain_words_who_the_partners_are():
    """The text says what the table seats (partners that keep to the convention card, the box below the
    table) in plain words, and prints no computer player's repr (``CardSearchPlayer(samples=12, ...)``)."""
    from classroom.table import PlayTable
    from solvers.comrade_players.cardsearch import CardSearchPlayer
    cells = _cells(ROOT / "notebooks" / "20_comrade_rules.ipynb")
    start = next(i for i, c in enumerate(cells) if _src(c).startswith("## Play a round yourself"))
    end = next(i for i, c in enumerate(cells) if i > start and _src(c).startswith("## "))
    prose = "\n".join(_src(c) for c in cells[start:end] if c["cell_type"] == "markdown").lower()
    for claim in ("random", "rule-based", "heuristic", "simple"):
        assert claim not in prose, f"the text misdescribes the players ({claim!r})"
    assert "convention card" in prose
    table = PlayTable("comrade", seed=17, hand_size=4, seat=2, delay=0)
    for seat, player in table.players.items():
        if seat != 2:       # what the prose says is what the table seats: partners that keep to the card
            assert isinstance(player, CardSearchPlayer) and "convention card" in (type(player).__doc__ or "")
    stored = "\n".join(json.dumps(c.get("outputs", [])) for c in cells[start:end])
    assert "CardSearchPlayer(" not in stored and "samples=" not in stored


def test_notebook_29_series_is_won_three_times_in_the_student_version():
    """Defect 3: the student version played nothing (its lines were blanked) and printed [None, None, None, 'loss']."""
    ns = _namespace(ROOT / "student" / "29_comrade_appendix.ipynb", {"series"})
    assert ns["series"].results == ["win", "win", "win", "loss"] and ns["series"].rank == "Good"
    text = "\n".join(_src(c) for c in _cells(ROOT / "student" / "29_comrade_appendix.ipynb"))
    assert "stored" not in text and "WINNING_LINES" not in text


def test_notebook_21_is_a_core_lesson_with_an_optional_appendix():
    """Lessons that fit a period: 21 keeps a 45-minute core; clause learning and SAT live in appendix 28."""
    core = _cells(ROOT / "notebooks" / "21_comrade_solver.ipynb")
    prose = "\n".join(_src(c) for c in core if c["cell_type"] == "markdown")
    assert len(prose.split()) < 2000, f"notebook 21 has {len(prose.split())} words of prose: too long for a period"
    for research in ("clause learning", "CaDiCaL", "## 9.", "can_take_lead", "_reach"):
        assert research not in prose, research
    assert "(28_comrade_solver_appendix.ipynb)" in prose
    appendix = _cells(ROOT / "notebooks" / "28_comrade_solver_appendix.ipynb")
    assert "*This notebook is optional.*" in _src(appendix[0]) and "(21_comrade_solver.ipynb)" in _src(appendix[0])
    assert "clause learning" in "\n".join(_src(c) for c in appendix)
    index = "\n".join(_src(c) for c in _cells(ROOT / "student" / "00_index.ipynb"))
    assert "(28_comrade_solver_appendix.ipynb)" in index and "Optional" in index


def test_exercises_1_and_2_of_notebook_21_ask_for_a_prediction():
    prompts = [_src(c) for c in _cells(ROOT / "notebooks" / "21_comrade_solver.ipynb")
               if c["cell_type"] == "markdown" and _src(c).startswith(("**Exercise 1.", "**Exercise 2."))]
    assert len(prompts) == 2 and all("before" in p.lower() and "predict" in p.lower() for p in prompts)
    from solvers.comrade import solve    # the two deals really differ in verdict: a prediction has to think
    assert solve("N:A.A.A.A K.K.K.K Q.Q.Q.Q J.J.J.J", 0).verdict == "no_win"
    assert solve("N:A.A.A.K K.K.K.A Q.Q.Q.Q J.J.J.J", 0).verdict == "win"
