"""Student and teacher notebooks (otter-grader): in step with their sources, and every check speaks to a student.

Any notebook in ``notebooks/`` with a raw ``# ASSIGNMENT CONFIG`` cell is covered automatically:

* the committed ``student/`` and ``teacher/`` versions equal a fresh ``otter assign`` of the source;
* the student version carries no solution and no stored output;
* the student version runs without error and every ``grader.check`` says "not answered yet"; then,
  in the same kernel, the teacher's answers make every check say "correct" and a wrong answer makes
  it say "not quite".  The source itself runs top to bottom under nbval, so of the student version
  only what differs from the source runs here, with every cell that depends on it or that it
  depends on (:func:`notebook_cells.needed_cells`): not every cell of every notebook a second time.

The friendly messages of :mod:`classroom.grader` are tested without a kernel.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

import importlib.util

from classroom import grader as classroom
from classroom.grader import NotAnsweredYet, NotQuite, check

_spec = importlib.util.spec_from_file_location(
    "build_classroom", Path(__file__).resolve().parents[1] / "tools" / "build_classroom.py")
build_tool = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build_tool)

ROOT = Path(__file__).resolve().parents[1]
SOURCES = sorted((ROOT / "notebooks").glob("*.ipynb"))
WITH_QUESTIONS = [p for p in SOURCES if build_tool.has_questions(p)]
ids = [p.name for p in WITH_QUESTIONS]


def _load(path: Path) -> dict:
    return json.loads(Path(path).read_text(encoding="utf-8"))


def _src(cell) -> str:
    return "".join(cell["source"])


def _cells(path: Path) -> list[tuple[str, str]]:
    return [(c["cell_type"], _src(c)) for c in _load(path)["cells"]]


# --------------------------------------------------------------------------- the helper, no kernel

def test_check_says_correct_not_answered_and_not_quite_with_hint():
    assert check([13, 0, 10, 6], [13, 0, 10, 6]) == "correct"
    with pytest.raises(NotAnsweredYet, match="not answered yet"):
        check(..., 4)
    with pytest.raises(NotAnsweredYet):
        check(([0, ...], "coward"), ([0, 10, 0], "coward"))   # a half-filled answer is not an answer yet
    with pytest.raises(NotQuite, match=r"^not quite — hint: count from 1\. Try again\.$"):
        check(3, 4, hint="count from 1.")
    assert check(0.8904, 0.890, same=lambda a, b: abs(a - b) < 5e-4) == "correct"


def test_misspelt_card_gets_the_parsers_message_and_try_again():
    from cardgames.krypkille import parse_kind
    with pytest.raises(NotQuite) as exc:
        check("Cukoo", parse_kind("Cuckoo"), parse=parse_kind)
    message = str(exc.value)
    assert "Cukoo" in message and message.endswith("try again.")
    with pytest.raises(ValueError) as parser:
        parse_kind("Cukoo")
    assert str(parser.value) in message


def test_feedback_lines_never_show_a_traceback():
    class Result:   # the shape of otter's TestFile / TestCaseResult
        def __init__(self, message):
            self.passed_all = message is None
            self.test_case_results = [] if message is None else [type("R", (), {"passed": False, "message": message})]

    def line(message):
        return repr(classroom._feedback_from("q1", Result(message)))

    assert line(None) == "q1: correct ✔"
    otter_says = "❌ Test case failed\nError at line 3 in test q1:\n  check(...)\n"
    assert line(otter_says + "NotAnsweredYet: " + classroom.NOT_ANSWERED) == "q1: " + classroom.NOT_ANSWERED
    assert line(otter_says + "NotQuite: not quite — hint: h. Try again.") == "q1: not quite — hint: h. Try again."
    assert line(otter_says + "NameError: name 'answer_1' is not defined").startswith("q1: not answered yet")
    odd = line(otter_says + "TypeError: unsupported operand type(s) for -: 'str' and 'int'")
    assert odd.startswith("q1: not quite") and "Error at line" not in odd and "Traceback" not in odd


def test_source_notebook_grader_is_a_stand_in_that_imports_no_otter(tmp_path):
    nb = tmp_path / "x.ipynb"
    nb.write_text(json.dumps({"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    grader = classroom.Grader(str(nb))
    assert type(grader).__name__ == "_NoChecks"
    assert "student" in repr(grader.check("q1"))


def test_build_command_refuses_a_missing_notebook(capsys):
    assert build_tool.main(["notebooks/no_such.ipynb"]) == 2
    assert "no_such.ipynb" in capsys.readouterr().err


# --------------------------------------------------------------------------- the generated folders

SOLUTION_LINE = re.compile(r"#\s*(BEGIN |END )?SOLUTION\b")


def test_every_old_style_exercise_is_converted():
    """No check cell outside otter's format: an exercise left as `assert ...; print("correct!")` fails here."""
    for path in SOURCES:
        depth = 0
        for kind, src in _cells(path):
            if kind == "raw" and src.startswith("# BEGIN QUESTION"):
                depth += 1
            elif kind == "raw" and src.startswith("# END QUESTION"):
                depth -= 1
            elif kind == "code" and depth == 0:
                plain = [ln for ln in src.splitlines() if ln.rstrip().endswith("# SOLUTION")]
                assert not plain, f"{path.name}: answer lines outside a question (see classroom/grader.py): {plain}"
                assert 'print("correct' not in src and "check_answer(" not in src, \
                    f"{path.name}: an exercise check outside otter's format (see the recipe in classroom/grader.py)"


def test_every_source_has_both_versions_and_no_extras():
    names = {p.name for p in SOURCES}
    for folder in (build_tool.STUDENT, build_tool.TEACHER):
        assert {p.name for p in folder.glob("*.ipynb")} == names, f"run `make student` to rebuild {folder.name}/"


@pytest.fixture(scope="module")
def fresh_build(tmp_path_factory):
    out = tmp_path_factory.mktemp("classroom")
    build_tool.build(SOURCES, out / "student", out / "teacher")
    return out


@pytest.mark.parametrize("version", ["student", "teacher"])
def test_committed_versions_equal_a_fresh_build(fresh_build, version):
    for src in SOURCES:
        committed = ROOT / version / src.name
        assert _cells(committed) == _cells(fresh_build / version / src.name), \
            f"{version}/{src.name} is out of step with notebooks/{src.name}: run `make student`"
        fresh = fresh_build / version / src.name
        assert _load(committed)["metadata"].get("otter") == _load(fresh)["metadata"].get("otter")
        if version == "teacher":   # the teacher reads the outputs of the source's own run
            outputs = [c.get("outputs") for c in _load(committed)["cells"] if c["cell_type"] == "code"]
            assert outputs == [c.get("outputs") for c in _load(fresh)["cells"] if c["cell_type"] == "code"], \
                f"teacher/{src.name}: outputs out of step, run `make student`"


@pytest.mark.parametrize("path", WITH_QUESTIONS, ids=ids)
def test_student_version_has_blanks_no_solutions_no_outputs(path):
    student, teacher = ROOT / "student" / path.name, ROOT / "teacher" / path.name
    cells = _load(student)["cells"]
    assert not any(c.get("outputs") for c in cells if c["cell_type"] == "code")
    for c in cells:
        assert not SOLUTION_LINE.search(_src(c)), f"a solution marker left in student/{path.name}: {_src(c)!r}"
        assert c["cell_type"] != "raw" or "BEGIN" not in _src(c)
    answers = [c for c in cells if c["cell_type"] == "code"
               and "otter_assign_solution_cell" in c["metadata"].get("tags", [])]
    checks = [c for c in cells if _src(c).startswith("grader.check(")]
    questions = [c for c in _load(path)["cells"] if c["cell_type"] == "raw" and _src(c).startswith("# BEGIN QUESTION")]
    assert len(answers) == len(checks) == len(questions)   # an appendix may hide lines without asking
    assert all("..." in _src(c) for c in answers)
    # the teacher version holds the solutions the student's blanks replace
    t_answers = [c for c in _load(teacher)["cells"] if _src(c) and "# SOLUTION" in _src(c)
                 and "otter_assign_solution_cell" in c["metadata"].get("tags", [])]
    assert len(t_answers) == len(answers)


def _answer_names(source: str) -> list[str]:
    return [m.group(1) for m in re.finditer(r"^\s*([A-Za-z_]\w*)\s*=.*#\s*SOLUTION\s*$", source, re.M)]


def _unmarked(source: str) -> str:
    """A cell's source as the student version has it: no nbval marker lines."""
    return "\n".join(line for line in source.splitlines() if not re.match(r"\s*#\s*NBVAL_", line)).strip()


def _keep_what_the_student_version_changes(nb, name: str, n_student: int) -> int:
    """Drop from ``nb`` (the student version, then the teacher's answers) the code cells whose run
    nbval has already made; return how many of the remaining cells are the student version's.

    nbval runs the source top to bottom (``make test``).  A code cell of the student version with
    the source's text, reading nothing the student version changes, computes what it computed
    there.  What is run here (:func:`notebook_cells.needed_cells`): the cells that differ from the
    source (the blanks, the checks, the teacher's answers below), the cells that read a name the
    student version no longer binds (a teacher-only cell left out), every later cell reading what a
    run cell binds or changes, and every cell those read from (a check reads what its otter test
    takes, e.g. ``test_q1(answer_1, forced_follow)``)."""
    import nbformat

    from notebook_cells import cell_names, needed_cells

    source = [c for c in nbformat.read(ROOT / "notebooks" / name, 4).cells if c.cell_type == "code"]
    by_id = {c.get("id"): _unmarked(c.source) for c in source}
    code = [c for c in nb.cells if c.cell_type == "code"]
    ids = {c.get("id") for c in code}
    sources = [c.source for c in code]
    try:
        gone = set().union(*(b | ch for c in source if c.get("id") not in ids for b, _, ch in [cell_names(c.source)]))
        names = [cell_names(src) for src in sources]
    except SyntaxError:
        return n_student
    seeds = {i for i, c in enumerate(code) if by_id.get(c.get("id")) != _unmarked(c.source)
             or names[i][1] & gone}
    takes = {}
    for q, test in nb.metadata.get("otter", {}).get("tests", {}).items():
        m = re.search(rf"def test_{q}\(([^)]*)\)", test)
        takes[q] = {p.strip() for p in m.group(1).split(",") if p.strip()} if m else set()
    reads = {i: set().union(*(takes.get(q, set()) for q in re.findall(r'grader\.check\("(\w+)"\)', src)))
             for i, src in enumerate(sources)}
    keep = {id(code[i]) for i in needed_cells(sources, seeds, forward=True, reads=reads)}
    student_cells = nb.cells[:n_student]
    nb.cells = [c for c in nb.cells if c.cell_type != "code" or id(c) in keep]
    return sum(1 for c in student_cells if c.cell_type != "code" or id(c) in keep)


def _run_student_version(name: str, workdir: str) -> list[str]:
    """Run student/<name> top to bottom, then the teacher's answers and a wrong one; return what went wrong."""
    import nbformat
    from nbclient import NotebookClient

    workdir = Path(workdir) / "student"    # a copy one level below the repository's other folders,
    workdir.mkdir()                          # so "../benchmarks/..." and "../docs/..." resolve as in student/
    for folder in ("benchmarks", "docs", "notebooks"):
        (workdir.parent / folder).symlink_to(ROOT / folder)
    for nb_file in (ROOT / "student").glob("*.ipynb"):
        shutil.copy(nb_file, workdir)      # run in a copy: otter writes a .OTTER_LOG beside the notebook
    nb = nbformat.read(workdir / name, 4)
    teacher = nbformat.read(ROOT / "teacher" / name, 4)
    solutions = [c.source for c in teacher.cells if c.cell_type == "code"
                 and "otter_assign_solution_cell" in c.metadata.get("tags", [])]
    questions = [re.match(r'grader\.check\("(\w+)"\)', c.source).group(1)
                 for c in nb.cells if c.source.startswith("grader.check(")]
    if len(solutions) != len(questions):
        return [f"{len(questions)} check cells but {len(solutions)} teacher answers"]
    n_student = len(nb.cells)
    for q, sol in zip(questions, solutions):     # then the teacher's answers, and a wrong one
        nb.cells.append(nbformat.v4.new_code_cell(sol + f'\ngrader.check("{q}")'))
        wrong = "\n".join(f"{var} = -12345" for var in _answer_names(sol))
        nb.cells.append(nbformat.v4.new_code_cell(wrong + f'\ngrader.check("{q}")'))
    n_student = _keep_what_the_student_version_changes(nb, name, n_student)
    problems = []
    if not any(c.cell_type == "code" for c in nb.cells):
        return problems             # the student version's code is the source's: nothing differs to run
    try:
        NotebookClient(nb, timeout=300, kernel_name="python3",
                       resources={"metadata": {"path": str(workdir)}}).execute()
    except Exception as exc:    # CellExecutionError names the cell and the error
        return [f"student/{name} does not run: {exc}"[:2000]]

    def said(cell) -> str:
        return "".join(o.get("data", {}).get("text/plain", "") + o.get("text", "") for o in cell.get("outputs", []))

    for cell in nb.cells[:n_student]:
        if cell.source.startswith("grader.check("):
            text = said(cell)
            if "not answered yet" not in text or "Traceback" in text or "Error" in text:
                problems.append(f"{cell.source} on a fresh student notebook says {text!r}")
    extra = nb.cells[n_student:]
    for q, right, wrong in zip(questions, extra[::2], extra[1::2]):
        if said(right) != f"{q}: correct ✔":
            problems.append(f"{q} with the teacher's answer says {said(right)!r}")
        if not (said(wrong).startswith(f"{q}: ") and "try again" in said(wrong).lower()) \
                or "Error at line" in said(wrong) or "Traceback" in said(wrong):
            problems.append(f"{q} with a wrong answer says {said(wrong)!r}")
    return problems


@pytest.fixture(scope="module")
def student_runs(tmp_path_factory):
    """Each student version runs once; two kernels at a time (the rest of the suite is single-process)."""
    from concurrent.futures import ProcessPoolExecutor
    dirs = {p.name: str(tmp_path_factory.mktemp(p.stem)) for p in WITH_QUESTIONS}
    with ProcessPoolExecutor(max_workers=2) as pool:
        futures = {name: pool.submit(_run_student_version, name, d) for name, d in dirs.items()}
        return {name: f.result() for name, f in futures.items()}


@pytest.mark.slow
@pytest.mark.parametrize("path", WITH_QUESTIONS, ids=ids)
def test_student_version_runs_and_every_check_speaks_to_a_student(path, student_runs):
    """Fresh: every check says "not answered yet"; the teacher's answers: "correct"; a wrong one: "try again"."""
    assert student_runs[path.name] == []

def test_student_comrade_notebook_shows_no_winning_line_of_the_mini_deals():
    name = "20_comrade_rules.ipynb"
    cells = _load(ROOT / "notebooks" / name)["cells"]
    block = next(_src(c) for c in cells if "WINNING_LINES = {" in _src(c))
    assert "teacher-only" in next(c for c in cells if "WINNING_LINES = {" in _src(c))["metadata"]["tags"]
    lines = re.findall(r'"([ABC])": \[([^\]]+)\]', block, re.S)
    assert {deal for deal, _ in lines} == {"A", "B", "C"}
    student = "\n".join(src for _, src in _cells(ROOT / "student" / name))
    teacher = "\n".join(src for _, src in _cells(ROOT / "teacher" / name))
    for deal, cards in lines:
        first_cards = cards.split(",")[5:8]          # a few cards from the play, after the bids
        assert ",".join(first_cards) in teacher
        assert ",".join(first_cards) not in student, f"a winning line of mini deal {deal} in student/{name}"
    assert "WINNING_LINES" not in student
