"""The student edition gives nothing away, and the pieces of ``make site`` that decide it (no build, no browser).

* The scanner (``tools/teacher_leaks.py``) finds each kind of teacher-only material planted in a small
  fake site -- an answer, winning lines, a teacher-only cell, a lesson plan, an answer sheet, the coach --
  and nothing in the same site without the plant; on the real sources it finds the teacher versions'
  answers and nothing in the student versions (but for the mentions listed in ``KNOWN``).
* The student book's lessons are the student versions (no teacher-only cell, no answer), with the teacher
  version's outputs where the cell is the same.
* The play table's coach is never offered in a student version: not in a folder of another name, not
  in JupyterLite (``sys.platform == "emscripten"``, no environment variable set by anyone).
* Hidden files (``.ipynb_checkpoints/`` written by JupyterLab beside a page it opened) are never staged
  and never in the table of contents.
* The printables page: the convention card on both sites, the answer sheet on the teacher's only.
* A lesson that draws through ``classroom.pictures.picture`` gets the loader cell, which says one line
  when numpy and matplotlib cannot be fetched.
"""

from __future__ import annotations

import ast
import asyncio
import contextlib
import io
import json
import re
import sys
from pathlib import Path

import pytest

from conftest import build_site

import teacher_leaks  # tools/, on the path through build_site

ROOT = Path(__file__).resolve().parents[2]
STUDENT, TEACHER = ROOT / "student", ROOT / "teacher"

#: Teacher-only mentions still in a student notebook whose text another engineer owns, as
#: ``(lesson, kind)`` (a lesson's notebook and its page in the book).  Strict: an entry must go once its
#: notebook is fixed (the test says which).
KNOWN: set[tuple[str, str]] = set()


# --------------------------------------------------------------------------- a small fake course


def _nb(cells: list[dict]) -> dict:
    return {"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}


def _md(text: str, **meta) -> dict:
    return {"cell_type": "markdown", "id": f"m{abs(hash(text)) % 10**8}", "metadata": meta, "source": text}


def _code(text: str, outputs=(), **meta) -> dict:
    return {"cell_type": "code", "id": f"c{abs(hash(text)) % 10**8}", "metadata": meta, "source": text,
            "outputs": list(outputs), "execution_count": None}


def _raw(text: str) -> dict:
    return {"cell_type": "raw", "id": f"r{abs(hash(text)) % 10**8}", "metadata": {}, "source": text}


SOURCE = _nb([
    _md("# Lesson 20\n\nCount the tricks a bid card promises."),
    _md("**For the teacher**: a winning line of each class mini deal, replayed by the engine.",
        tags=["teacher-only"]),
    _code('WINNING_LINES = {\n    "A": ["D1", "H2", "pass", "pass", "H1", "S3", "C4"],\n}', tags=["teacher-only"]),
    _md("Ask the class which seat would lead the third trick, and why the dealer wins it.",
        tags=["teacher-only"]),
    _raw("# BEGIN QUESTION\nname: q1"),
    _md("**Exercise 1.** How many tricks can North take? Write `answer_total`."),
    _raw("# BEGIN SOLUTION"),
    _code("answer_total = 8  # SOLUTION"),
    _md("*Answer in words.* North cashes the three aces and then leads the long diamonds to the end."),
    _raw("# END SOLUTION"),
    _raw("# END QUESTION"),
    _code("def helper():\n    # BEGIN SOLUTION\n    return sorted_bids_for_north(deal)\n    # END SOLUTION\n"),
    _code("answer_total"),
])

PLAN = """# Lesson 20: the rules of Comrade (lesson plan)

**Discussion.** Why can the dealer never win the third trick of deal B? (Answer: the dealer has no spade left.)
Timing: 10 minutes for the rules, 25 for the table, 10 for the exercises and the wrap-up.
"""

CARD = "# The convention card\n\nHow the computer partners bid and play, the thirteen public rules they follow.\n"


@pytest.fixture
def course(tmp_path):
    """``(fingerprints, clean site folder)`` of a fake course: the sources and a student site without leaks."""
    notebooks, docs = tmp_path / "notebooks", tmp_path / "docs"
    notebooks.mkdir()
    (docs / "lessons").mkdir(parents=True)
    (notebooks / "20_lesson.ipynb").write_text(json.dumps(SOURCE))
    (docs / "lessons" / "20_lesson.md").write_text(PLAN)
    (docs / "lessons" / "comrade_convention_card.md").write_text(CARD)
    fp = teacher_leaks.fingerprints(notebooks, docs)
    site = tmp_path / "site"
    (site / "notebooks").mkdir(parents=True)
    (site / "printables").mkdir()
    (site / "lite" / "files").mkdir(parents=True)
    (site / "notebooks" / "20_lesson.html").write_text(
        "<html><body><h1>Lesson 20</h1><p>Count the tricks a bid card promises.</p>"
        "<p><strong>Exercise 1.</strong> How many tricks can North take? Write <code>answer_total</code>.</p>"
        '<div class="highlight"><pre><span class="n">answer_total</span> <span class="o">=</span> '
        '<span class="o">...</span></pre></div></body></html>')
    (site / "printables.html").write_text('<a href="printables/comrade_mini_deals.pdf">Comrade mini deals</a>')
    (site / "printables" / "comrade_mini_deals.pdf").write_bytes(b"%PDF-1.4")
    student_nb = _nb([_md("# Lesson 20\n\nCount the tricks a bid card promises."), _code("answer_total = ...")])
    (site / "lite" / "files" / "20_lesson.ipynb").write_text(json.dumps(student_nb))
    return fp, site


def test_the_fingerprints_are_read_from_the_sources(course):
    fp, _ = course
    assert "answer_total = 8" in fp.answers
    assert any(s.startswith("Answer in words. North cashes") for s in fp.answers)
    assert "return sorted_bids_for_north(deal)" in fp.answers            # a block inside a cell
    assert "WINNING_LINES" in fp.winning_lines and any('"A": ["D1"' in s for s in fp.winning_lines)
    assert any(s.startswith("Ask the class which seat") for s in fp.teacher_cells)
    assert fp.plan_pages == {"20_lesson"} and any("dealer has no spade left" in s for s in fp.lesson_plans)
    # what the student version rightly shares with the sources never counts
    assert not any("Count the tricks a bid card promises" in s for _, strings in fp.kinds() for s in strings)


def test_a_clean_student_site_has_no_leak(course):
    fp, site = course
    assert teacher_leaks.scan(site, fp) == []


def _plant_html(site: Path, body: str, name: str = "notebooks/21_other.html") -> None:
    (site / name).write_text(f"<html><body>{body}</body></html>")


def _plant_cell(site: Path, cell: dict) -> None:
    path = site / "lite" / "files" / "20_lesson.ipynb"
    nb = json.loads(path.read_text())
    nb["cells"].append(cell)
    path.write_text(json.dumps(nb))


PLANTS = {
    "answer in a highlighted code block": ("answer", lambda s: _plant_html(
        s, '<pre><span class="n">answer_total</span>  <span class="o">=</span>\n<span class="mi">8</span></pre>')),
    "answer in words in a notebook": ("answer", lambda s: _plant_cell(
        s, _md("*Answer in words.* North cashes the three aces and then leads the long diamonds to the end."))),
    "winning lines": ("winning lines", lambda s: _plant_cell(
        s, _code('WINNING_LINES = {\n    "A": ["D1", "H2", "pass", "pass", "H1", "S3", "C4"],\n}'))),
    "a teacher-only cell's text": ("teacher-only cell", lambda s: _plant_html(
        s, "<p>Ask the class which seat would lead the third trick, and why the dealer wins it.</p>")),
    "a lesson plan's page": ("lesson plan", lambda s: (s / "docs" / "lessons").mkdir(parents=True) or
                             (s / "docs" / "lessons" / "20_lesson.html").write_text("<p>plan</p>")),
    "a lesson plan's sentence": ("lesson plan", lambda s: _plant_html(
        s, "<p><strong>Discussion.</strong> Why can the dealer never win the third trick of deal B? "
           "(Answer: the dealer has no spade left.)</p>")),
    "the answer sheet": ("answer sheet", lambda s: (s / "printables" / "comrade_mini_deals_teacher.pdf")
                         .write_bytes(b"%PDF-1.4")),
    "a link to the answer sheet": ("answer sheet", lambda s: _plant_html(
        s, '<a href="printables/comrade_mini_deals_teacher.pdf">teacher page</a>', "printables.html")),
    "coach=True in a lesson's text": ("coach", lambda s: _plant_cell(s, _md("Try `PlayTable(coach=True)`."))),
    "the teacher setting": ("coach", lambda s: _plant_html(s, "<p>start with CARDGAMES_TEACHER=1</p>")),
    "the coach box in a stored output": ("coach", lambda s: _plant_cell(s, _code("PlayTable()", outputs=[
        {"output_type": "execute_result", "execution_count": 1, "metadata": {},
         "data": {"text/plain": "PlayTable(children=(Checkbox(value=False, description='coach (teacher)'),))"}}]))),
}


@pytest.mark.parametrize("plant", list(PLANTS))
def test_each_kind_of_planted_leak_is_found(course, plant):
    fp, site = course
    kind, put = PLANTS[plant]
    put(site)
    leaks = teacher_leaks.scan(site, fp)
    assert leaks, f"{plant}: not found"
    assert {leak.kind for leak in leaks} == {kind}, [str(leak) for leak in leaks]


def test_the_command_line_lists_the_leaks_and_exits_1(course, monkeypatch, capsys):
    fp, site = course
    monkeypatch.setattr(teacher_leaks, "fingerprints", lambda: fp)
    assert teacher_leaks.main([str(site)]) == 0
    PLANTS["winning lines"][1](site)
    assert teacher_leaks.main([str(site)]) == 1
    out = capsys.readouterr().out.strip().splitlines()
    assert out and all("winning lines" in line for line in out)
    assert teacher_leaks.main([str(site / "no-such-folder")]) == 2


# --------------------------------------------------------------------------- the real sources


def test_the_scanner_finds_the_teacher_versions_answers():
    """The teacher versions carry every kind the scanner knows from the notebooks: it can fail on real text."""
    leaks = teacher_leaks.scan(TEACHER)
    kinds = {leak.kind for leak in leaks}
    assert {"answer", "winning lines", "teacher-only cell"} <= kinds, kinds
    assert any("answer_total = 8" in leak.what for leak in leaks)
    answered = {leak.where.split()[0] for leak in leaks if leak.kind == "answer"}
    assert len(answered) >= 6, answered   # every notebook with exercises


def _lesson(leak) -> tuple[str, str]:
    """``(lesson, kind)`` of a leak: ``lite/files/20_comrade_rules.ipynb cell 38`` -> ``20_comrade_rules``."""
    return Path(leak.where.split(" ")[0]).stem, leak.kind


def _known_check(leaks: list, where: str) -> None:
    found = {_lesson(leak) for leak in leaks}
    new = sorted(str(leak) for leak in leaks if _lesson(leak) not in KNOWN)
    assert not new, f"teacher-only material in {where}:\n" + "\n".join(new)
    gone = KNOWN - found
    assert not gone, f"fixed in {where}, remove from KNOWN in {__file__}: {sorted(gone)}"


def test_the_student_notebooks_give_nothing_away():
    _known_check(teacher_leaks.scan(STUDENT), "student/")


def test_the_student_books_lessons_give_nothing_away(tmp_path):
    """Each lesson page of the student book, as staged for Jupyter Book (cells and stored outputs)."""
    staged = tmp_path / "notebooks"
    staged.mkdir()
    for path in sorted(STUDENT.glob("*.ipynb")):
        build_site.book_notebook(path.name, staged / path.name, [], "student")
    _known_check(teacher_leaks.scan(tmp_path), "the student book")
    teacher = tmp_path / "teacher"
    teacher.mkdir()
    build_site.book_notebook("20_comrade_rules.ipynb", teacher / "20.ipynb", [], "teacher")
    assert any(leak.kind == "winning lines" for leak in teacher_leaks.scan(teacher)), "the teacher's page lost them"


def test_the_student_lesson_is_the_student_version_with_the_teachers_outputs():
    name = "20_comrade_rules.ipynb"
    page = build_site.student_lesson(name)
    student = json.loads((STUDENT / name).read_text(encoding="utf-8"))
    teacher = {c["id"]: c for c in json.loads((TEACHER / name).read_text(encoding="utf-8"))["cells"]}
    assert [c["id"] for c in page["cells"]] == [c["id"] for c in student["cells"]]
    assert [c["source"] for c in page["cells"]] == [c["source"] for c in student["cells"]]
    shown = 0
    for cell in page["cells"]:
        if cell["cell_type"] != "code":
            continue
        twin = teacher.get(cell["id"])
        twin_source = "".join(twin["source"]).replace("# NBVAL_CHECK_OUTPUT\n", "") if twin else None
        if twin_source == "".join(cell["source"]) and "grader.check(" not in twin_source:
            assert cell["outputs"] == twin["outputs"]
            shown += bool(cell["outputs"])
        else:
            assert cell["outputs"] == []
    marked = sum("# NBVAL_CHECK_OUTPUT" in "".join(c["source"]) and bool(c.get("outputs")) for c in teacher.values())
    assert shown >= 5 and shown >= marked, (shown, marked)   # the teaching outputs nbval checks are there
    text = json.dumps(build_site.student_lesson("21_comrade_solver.ipynb"))
    assert "Answer in words" not in text and "WINNING_LINES" not in json.dumps(page)


# --------------------------------------------------------------------------- the coach stays with the teacher


def _coach_offered(table) -> bool:
    return table.coach_box.layout.display != "none" and not table.coach_box.disabled


@pytest.fixture
def no_setting(monkeypatch):
    monkeypatch.delenv("CARDGAMES_TEACHER", raising=False)


@pytest.mark.parametrize("folder", ["drive", "pyodide", "student", "teacher", "notebooks"])
def test_in_jupyterlite_no_folder_offers_the_coach(folder, tmp_path, monkeypatch, no_setting):
    """Python in the browser: whatever the folder, the coach needs the site's own setting."""
    from classroom.table import PlayTable, teacher_mode

    (tmp_path / folder).mkdir()
    monkeypatch.chdir(tmp_path / folder)
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert not teacher_mode()
    table = PlayTable("comrade", seat=0, delay=0, coach=True, seed=5, hand_size=3)
    assert not _coach_offered(table) and not table.coach_box.value and table.coach_html.value == ""


@pytest.mark.parametrize("folder", ["my_lessons", "Downloads", "student-copy"])
def test_a_student_copy_under_another_name_offers_no_coach(folder, tmp_path, monkeypatch, no_setting):
    from classroom.table import PlayTable, teacher_mode

    (tmp_path / folder).mkdir()
    monkeypatch.chdir(tmp_path / folder)
    assert not teacher_mode()
    assert not _coach_offered(PlayTable("comrade", seat=0, delay=0, coach=True, seed=5, hand_size=3))


def test_the_teacher_keeps_the_coach(tmp_path, monkeypatch, no_setting):
    from classroom.table import PlayTable, teacher_mode

    for folder in ("teacher", "notebooks"):
        (tmp_path / folder).mkdir()
        monkeypatch.chdir(tmp_path / folder)
        assert teacher_mode(), folder
    monkeypatch.chdir(tmp_path)            # a checkout: both folders side by side
    assert teacher_mode()
    monkeypatch.chdir(ROOT)
    table = PlayTable("comrade", seat=0, delay=0, coach=True, seed=5, hand_size=3)
    assert _coach_offered(table) and table.coach_box.value


@pytest.mark.parametrize("edition, offered", [("student", False), ("teacher", True)])
def test_each_sites_browser_python_says_whether_the_coach_is_there(edition, offered, tmp_path, monkeypatch):
    """The JupyterLite configuration sets the variable in Pyodide's environment (``loadPyodideOptions.env``)."""
    from classroom.table import TEACHER_ENV, teacher_mode

    config = build_site.lite_config(edition)["jupyter-config-data"]["litePluginSettings"]
    (settings,) = config.values()
    env = settings["loadPyodideOptions"]["env"]
    assert set(env) == {TEACHER_ENV}
    (tmp_path / "drive").mkdir()
    monkeypatch.chdir(tmp_path / "drive")
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setenv(TEACHER_ENV, env[TEACHER_ENV])
    assert teacher_mode() is offered


# --------------------------------------------------------------------------- hidden files, docs, printables


@pytest.fixture
def docs_with_checkpoints(tmp_path):
    docs = tmp_path / "docs"
    for rel, text in {"README.md": "# Docs\n", "adding_a_game.md": "# Adding\n", "rules/comrade.md": "# Comrade\n",
                      "rules/krypkille.md": "# Krypkille\n", "lessons/20_comrade_rules.md": "# Plan 20\n",
                      "rules/.ipynb_checkpoints/comrade-checkpoint.md": "# Comrade (checkpoint)\n",
                      ".ipynb_checkpoints/README-checkpoint.md": "# Docs (checkpoint)\n",
                      "lessons/.notes.md": "# hidden\n", "rules/.ipynb_checkpoints/x-checkpoint.ipynb": "{}"}.items():
        (docs / rel).parent.mkdir(parents=True, exist_ok=True)
        (docs / rel).write_text(text)
    return docs


@pytest.mark.parametrize("edition", ["student", "teacher"])
def test_hidden_files_are_never_staged_nor_in_the_table_of_contents(edition, docs_with_checkpoints, tmp_path):
    book = tmp_path / f"book-{edition}"
    (book / "notebooks").mkdir(parents=True)
    staged = build_site.stage_docs(book, edition, docs_with_checkpoints)
    assert not [p for p in book.rglob("*") if any(part.startswith(".") for part in p.relative_to(book).parts)]
    toc = build_site.book_toc(book, ["00_index.ipynb", "20_comrade_rules.ipynb"], edition)
    files = [ch["file"] for part in toc["parts"] for ch in part["chapters"]]
    assert not [f for f in files if "/." in f or "checkpoint" in f], files
    for f in files:   # every chapter is a page that exists (Sphinx: no "nonexisting document")
        if f.startswith("docs/"):
            assert (book / f"{f}.md").is_file(), f
    if edition == "student":
        assert staged == ["docs/rules/comrade.md", "docs/rules/krypkille.md"]
        assert not any(f.startswith("docs/lessons") or f == "docs/README" for f in files)
    else:
        assert "docs/lessons/20_comrade_rules" in files and "docs/README" in files and "docs/adding_a_game" in files


def test_the_printables_page_has_the_convention_card_and_the_answer_sheet_for_the_teacher_only():
    from classroom.printables import PRINTABLES

    pages = {e: build_site.printables_markdown(e) for e in build_site.EDITIONS}
    for edition, page in pages.items():
        assert "(printables/comrade_convention_card.pdf)" in page, edition
        assert "<!--" not in page
    assert "(printables/comrade_mini_deals_teacher.pdf)" in pages["teacher"]
    assert "comrade_mini_deals_teacher" not in pages["student"] and "make printables" not in pages["student"]
    linked = {e: set(re.findall(r"\(printables/([^)]+\.pdf)\)", p)) for e, p in pages.items()}
    assert linked["teacher"] == set(PRINTABLES)
    assert linked["student"] == set(PRINTABLES) - set(build_site.TEACHER_PRINTABLES)


def test_the_student_printables_folder_gets_no_answer_sheet(tmp_path, monkeypatch):
    from classroom.printables import PRINTABLES

    pdfs = tmp_path / "pdfs"
    pdfs.mkdir()
    for name in PRINTABLES:
        (pdfs / name).write_bytes(b"%PDF-1.4")
    for edition in build_site.EDITIONS:
        book = tmp_path / edition
        book.mkdir()
        build_site.printables_page(book, edition, pdfs)
        got = {p.name for p in (book / "printables").iterdir()}
        expected = set(PRINTABLES) - (set(build_site.TEACHER_PRINTABLES) if edition == "student" else set())
        assert got == expected, edition
        sheets = teacher_leaks.scan(book, teacher_leaks.Fingerprints())   # the answer sheet and its link
        assert (sheets == []) is (edition == "student"), [str(leak) for leak in sheets]


# --------------------------------------------------------------------------- pictures without a network


def test_a_lesson_that_draws_through_picture_gets_the_loader_cell(tmp_path, capsys):
    nb = _nb([_md("# Drawing"), _code("from classroom.pictures import picture\nimport classroom"),
              _code('with picture("the game tree"):\n    draw_the_tree()'), _code("print(1)")])
    src, dest = tmp_path / "lesson.ipynb", tmp_path / "lite.ipynb"
    src.write_text(json.dumps(nb))
    needs = build_site.drawing_cells(src)
    assert [n["cell"] for n in needs] == [2] and needs[0]["loads"] == ["matplotlib", "numpy"]
    build_site.lite_notebook(src, dest, needs)
    cells = json.loads(dest.read_text())["cells"]
    assert cells[0]["id"] == "site-cdn-note" and "cells 5 draw" in cells[0]["source"]
    loader = cells[1]["source"]
    assert "import numpy" not in loader and "import matplotlib" not in loader   # the kernel fetches nothing by itself
    # no pyodide_js here (as in a browser that cannot reach the CDN): one plain line, no traceback
    code = compile(loader, "<loader>", "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        result = eval(code, {})
        if asyncio.iscoroutine(result):   # driven by hand: a test process may already run an event loop
            with pytest.raises(StopIteration):
                result.send(None)         # nothing to wait for: the first step runs the cell to its end
    assert out.getvalue().strip().splitlines() == [
        "No connection to the internet: the pictures of this lesson will be missing. Everything else works."]


# --------------------------------------------------------------------------- publishing


def test_github_pages_publishes_the_student_site_only():
    workflow = (ROOT / ".github" / "workflows" / "pages.yml").read_text(encoding="utf-8")
    paths = re.findall(r"^\s*path:\s*(\S+)\s*$", workflow, re.M)
    assert paths == ["build/site/student"], paths
    page = (ROOT / "docs" / "publishing.md").read_text(encoding="utf-8")
    for folder in ("build/site/student/", "build/site/teacher/"):
        assert folder in page
    assert "public" in page and "private" in page
