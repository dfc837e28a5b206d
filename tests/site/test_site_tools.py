"""The pieces of ``make site`` that need no build and no browser, each checked against a plain oracle.

* Which cells load numpy/matplotlib (:func:`build_site.cdn_cells`, a static reading of the imports) is
  compared with what really happens: each cell's imports run in a fresh CPython, and ``sys.modules``
  says whether numpy or matplotlib came along.
* The pure wheel built from python-constraint2's sdist installs and solves a problem.
* The grader without otter-grader (JupyterLite) gives exactly the lines otter's ``Notebook`` gives.
* Running in the browser (``sys.platform == "emscripten"``) means no process pool for the solvers.
* The run-time configuration points at the site itself (no CDN for the Pyodide core).
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from conftest import build_site

ROOT = Path(__file__).resolve().parents[2]
STUDENT = ROOT / "student"


# --------------------------------------------------------------------------- the CDN analysis


def _cell_import_lines(source: str) -> list[str]:
    text = "\n".join(line for line in source.splitlines() if not line.lstrip().startswith(("%", "!")))
    tree = ast.parse(text)
    return [ast.unparse(n) for n in ast.walk(tree)
            if isinstance(n, (ast.Import, ast.ImportFrom)) and not getattr(n, "level", 0)]


_SEEN: dict[tuple, set] = {}


def _really_loads(import_lines: list[str]) -> set[str]:
    key = tuple(import_lines)
    if key not in _SEEN:  # the same imports in another cell or notebook: the same answer
        _SEEN[key] = _run_imports(import_lines)
    return _SEEN[key]


def _run_imports(import_lines: list[str]) -> set[str]:
    """Run the import statements in a fresh interpreter; which CDN packages ended up in sys.modules."""
    report = "\nimport sys, json\nprint(json.dumps(sorted(m for m in %r if m in sys.modules)))" % (
        list(build_site.CDN_IMPORTS),)
    code = "\n".join(import_lines) + report
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120,
                         env={"PYTHONPATH": str(ROOT), "MPLBACKEND": "Agg", "PATH": "/usr/bin:/bin"})
    assert out.returncode == 0, out.stderr[-2000:]
    return set(json.loads(out.stdout.strip().splitlines()[-1]))


def test_the_cdn_analysis_agrees_with_real_imports_on_every_student_notebook():
    checked = 0
    for nb_path in sorted(STUDENT.glob("*.ipynb")):
        nb = json.loads(nb_path.read_text(encoding="utf-8"))
        said = {c["cell"]: set(c["loads"]) for c in build_site.cdn_cells(nb_path)}
        lines: list[str] = []
        for index, cell in enumerate(nb["cells"]):
            if cell["cell_type"] != "code":
                continue
            mine = _cell_import_lines("".join(cell["source"]))
            if not mine:
                continue
            # each cell in a fresh interpreter: what this cell alone imports
            assert _really_loads(mine) == said.get(index, set()), f"{nb_path.name} cell {index + 1}"
            lines += mine
            checked += 1
    assert checked >= 8


def test_the_cdn_analysis_follows_module_level_imports_only(tmp_path, monkeypatch):
    pkg = tmp_path / "toy"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "draws.py").write_text("import matplotlib.pyplot as plt\n")
    (pkg / "lazy.py").write_text("def f():\n    import numpy\n")
    (pkg / "typed.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import numpy\n")
    (pkg / "via.py").write_text("from . import draws\n")
    monkeypatch.setattr(build_site, "ROOT", tmp_path)
    assert "matplotlib" in build_site.cell_imports("from toy.via import x")
    assert "matplotlib" in build_site.cell_imports("import toy.draws")
    assert not build_site.cell_imports("from toy import lazy, typed") & {"numpy", "matplotlib"}
    assert "numpy" in build_site.cell_imports("def g():\n    import numpy\n")  # a cell's own import counts
    assert build_site.cell_imports("%matplotlib inline\nimport json") == {"json"}


# --------------------------------------------------------------------------- wheels


def test_the_pure_python_constraint2_wheel_installs_and_solves(tmp_path):
    pinned = build_site.pins()["python-constraint2"]
    try:
        wheel = build_site.pure_wheel_from_sdist("python-constraint2", pinned, "constraint")
    except build_site.SiteBuildError as exc:
        pytest.skip(f"no sdist of python-constraint2 in build/site-cache and PyPI unreachable: {exc}")
    assert wheel.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        assert not [n for n in names if n.endswith((".so", ".c", ".pyd"))], "compiled code in a pure wheel"
        record = zf.read(next(n for n in names if n.endswith("RECORD"))).decode()
        assert all(n in record for n in names)
    with zipfile.ZipFile(wheel) as zf:
        zf.extractall(tmp_path / "site")
    code = ("import constraint, sys; p = constraint.Problem(); p.addVariables('ab', [1, 2, 3]); "
            "p.addConstraint(lambda a, b: a + b == 4, 'ab'); print(sorted((s['a'], s['b']) for s in p.getSolutions()));"
            "print(constraint.__file__)")
    setup = f"import sys; sys.path.insert(0, {str(tmp_path / 'site')!r}); "
    out = subprocess.run([sys.executable, "-S", "-c", setup + code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    solutions, where = out.stdout.strip().splitlines()
    assert solutions == "[(1, 3), (2, 2), (3, 1)]" and where.startswith(str(tmp_path))


def test_lock_entries_name_the_real_file_and_digest(tmp_path):
    import hashlib

    wheel = tmp_path / "toy_pkg-1.2-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as zf:
        zf.writestr("toy_pkg/__init__.py", "")
        zf.writestr("toy_mod.py", "")
        zf.writestr("toy_pkg-1.2.dist-info/METADATA", "Name: toy-pkg\nVersion: 1.2\nRequires-Dist: six\n"
                    "Requires-Dist: numpy; extra == 'fast'\nRequires-Dist: pywin32; sys_platform == 'win32'\n")
    entry = build_site.lock_entry(wheel, build_site._requires(wheel))
    assert entry["name"] == "toy-pkg" and entry["version"] == "1.2" and entry["file_name"] == wheel.name
    assert entry["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()
    assert entry["imports"] == ["toy_mod", "toy_pkg"] and entry["depends"] == ["six"]


# --------------------------------------------------------------------------- links of the book


def test_links_without_a_page_in_the_book_are_unlinked_or_sent_to_the_lite_edition(tmp_path):
    book = tmp_path / "book"
    (book / "notebooks").mkdir(parents=True)
    (book / "docs" / "rules").mkdir(parents=True)
    (book / "docs" / "rules" / "comrade.md").write_text("# Comrade\n")
    page = book / "notebooks" / "00_index.ipynb"
    text = ("[rules](../docs/rules/comrade.md) [student](../student/) [teacher](../teacher/) "
            "[web](https://example.org/x) [here](#top) ![pic](nothing.png)")
    fixed, dropped = build_site.fix_links(text, page, book)
    assert "[rules](../docs/rules/comrade.md)" in fixed
    assert '<a href="../lite/lab/index.html">student</a>' in fixed
    assert "[teacher]" not in fixed and " teacher " in fixed and dropped == ["../teacher/"]
    assert "[web](https://example.org/x)" in fixed and "[here](#top)" in fixed and "![pic](nothing.png)" in fixed


# --------------------------------------------------------------------------- the grader without otter

TESTS = {
    "q1": ("from otter.test_files import test_case\n\nOK_FORMAT = False\nname = 'q1'\npoints = None\n\n"
           "@test_case(points=None, hidden=False)\ndef test_q1(answer_1):\n    from classroom.grader import check\n"
           "    check(answer_1, 12, hint='count the cards.')\n"),
    "q2": ("from otter.test_files import test_case\n\nOK_FORMAT = False\nname = 'q2'\npoints = None\n\n"
           "@test_case(points=None, hidden=False)\ndef test_q2(answer_2):\n    assert answer_2 - 1 == 4\n"),
}


def _notebook(tmp_path: Path) -> Path:
    nb = tmp_path / "lesson.ipynb"
    nb.write_text(json.dumps({"cells": [], "metadata": {"otter": {"OK_FORMAT": False, "tests": TESTS}},
                              "nbformat": 4, "nbformat_minor": 5}))
    return nb


ENVIRONMENTS = {
    "correct": {"answer_1": 12, "answer_2": 5},
    "blank": {"answer_1": ..., "answer_2": ...},
    "wrong": {"answer_1": 11, "answer_2": 4},
    "odd type": {"answer_1": "12", "answer_2": "five"},
    "not run": {},
}


@pytest.mark.parametrize("case", list(ENVIRONMENTS))
def test_the_grader_without_otter_says_what_otter_says(case, tmp_path, monkeypatch):
    pytest.importorskip("otter", reason="the comparison needs otter-grader (the `lab` extra)")
    from classroom import grader

    nb = _notebook(tmp_path)
    monkeypatch.chdir(tmp_path)
    with_otter = grader.Grader(nb.name)
    assert type(with_otter).__name__ == "_FriendlyNotebook"
    env = ENVIRONMENTS[case]
    expected = {q: repr(with_otter.check(q, dict(env))) for q in TESTS}
    monkeypatch.setitem(sys.modules, "otter", None)  # as in Pyodide: `import otter` raises ImportError
    without = grader.Grader(nb.name)
    assert type(without).__name__ == "_StoredChecks"
    for question in TESTS:
        feedback = without.check(question, dict(env))
        got = repr(feedback)
        assert "Traceback" not in got and "Error at line" not in got
        if case == "not run":
            # the answer cell never ran: otter calls the check with a missing name (and so says "not
            # quite"); without otter the student is told to run the cells first, as _feedback_from
            # does for otter's NameError
            assert got == (f"{question}: not answered yet — "
                           "run the cells above (and your answer cell) first, then this check.")
        else:
            assert got == expected[question], f"{case} {question}"


def test_the_grader_without_otter_skips_hidden_cases_and_names_a_missing_question(tmp_path, monkeypatch):
    from classroom import grader

    tests = {"q1": TESTS["q1"].replace("hidden=False", "hidden=True")}
    checks = grader._StoredChecks("lesson.ipynb", tests)
    assert checks.check("q1", {"answer_1": 3}).passed  # the only case is hidden: nothing fails
    with pytest.raises(ValueError, match="q9"):
        checks.check("q9", {})
    real = sorted(STUDENT.glob("*.ipynb"))
    monkeypatch.setitem(sys.modules, "otter", None)
    graded = 0
    for nb in real:
        tests = grader._tests_in(nb)
        if not tests:
            continue
        g = grader.Grader(str(nb))
        for question in tests:  # nothing answered yet: every stored check says so, in plain words
            line = repr(g.check(question, {}))
            assert line.startswith(f"{question}: not answered yet"), line
            graded += 1
    assert graded >= 8


# --------------------------------------------------------------------------- the solvers in the browser


def test_in_the_browser_the_solvers_use_no_process_pool(monkeypatch):
    import concurrent.futures as cf

    from solvers.comrade import batch
    from solvers.studies import comrade_tables as study

    def no_pool(*args, **kwargs):
        raise AssertionError("a process pool was started")

    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(cf, "ProcessPoolExecutor", no_pool)
    assert batch.default_processes() == 1
    assert list(batch.ordered_map(abs, [-3, 2, -1])) == [3, 2, 1]
    assert study.run_tasks(pow, [(2, 3), (3, 2)]) == [8, 9]


# --------------------------------------------------------------------------- the configuration


def test_the_pyodide_core_is_the_version_the_kernel_expects():
    lock = json.loads((ROOT / "package-lock.json").read_text())
    pinned = lock["packages"]["node_modules/pyodide"]["version"]
    assert pinned == build_site.kernel_constants().PYODIDE_VERSION
    assert json.loads((ROOT / "package.json").read_text())["dependencies"]["pyodide"] == pinned
    assert lock["packages"]["node_modules/pyodide"]["integrity"].startswith("sha512-")  # npm ci checks it


def test_a_wrong_pyodide_version_is_refused_with_what_to_do(tmp_path, monkeypatch):
    fake = tmp_path / "node_modules" / "pyodide"
    fake.mkdir(parents=True)
    (fake / "package.json").write_text(json.dumps({"version": "0.0.1"}))
    monkeypatch.setattr(build_site, "NODE_PYODIDE", fake)
    monkeypatch.setattr(build_site, "npm_packages", lambda: None)
    with pytest.raises(build_site.SiteBuildError, match=r"0\.0\.1.*expects .*package\.json"):
        build_site.pyodide_core()


def test_the_command_line_says_one_line_and_exits_2_on_a_build_error(monkeypatch, capsys):
    def fail(*args, **kwargs):
        raise build_site.MissingTool("npm not found: install it")

    monkeypatch.setattr(build_site, "build", fail)
    assert build_site.main([]) == 2
    err = capsys.readouterr().err
    assert err.strip() == "site: error: npm not found: install it"
