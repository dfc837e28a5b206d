"""The exercise checks of the classroom edition: friendly messages, never a traceback.

Each lesson notebook in ``notebooks/`` is the single source (otter calls it the *master*). From it,
`otter assign <https://otter-grader.readthedocs.io/>`_ generates

* a **student** version (``student/``): answers blanked to ``...``, no solutions, no stored outputs,
  every exercise followed by a ``grader.check("q1")`` cell;
* a **teacher** version (``teacher/``): the solutions, the stored outputs and the same check cells.

Build both with ``python tools/build_classroom.py`` (``make student``). The folders sit beside
``notebooks/``, so relative links such as ``../docs/rules/comrade.md`` work from all three.

What a student sees from ``grader.check("q1")``::

    q1: not answered yet — replace the ... with your answer, run the cell, then run this check again.
    q1: not quite — hint: the highest card wins the trick. Try again.
    q1: correct ✔

A check never ends in a traceback: :func:`check` raises :class:`NotAnsweredYet` or :class:`NotQuite`
(both ``AssertionError``, so otter counts them as failed tests), and :class:`Grader` shows only their
message. A misspelt card gets the parser's own message and a "try again".

Recipe: converting an exercise (CONTRIBUTING)
=============================================

An exercise in a lesson notebook is written for otter assign's notebook format (v1), in cells of its
own; raw cells hold otter's markers, so the lesson reads normally and nbval runs it as it is:

1. Once per notebook, just before the exercises, two cells (copy them from notebook 10):

   * a **raw** cell ``# ASSIGNMENT CONFIG`` with the block of YAML below;
   * a code cell ``from classroom.grader import Grader`` / ``grader = Grader("NN_name.ipynb")``.
     In the source notebook it is a silent stand-in (no otter import); in the generated versions it
     is otter's ``Notebook`` with the friendly messages.

   .. code-block:: yaml

       # ASSIGNMENT CONFIG
       init_cell: false            # our own Grader cell instead of otter's
       export_cell: false          # no Gradescope submission zip
       check_all_cell: false
       run_tests: false            # the test suite runs them (tests/test_classroom.py)
       generate: false
       tests:
         ok_format: false          # exception-based tests: a function and its call
       strip_solutions_from_all_cells: true   # "# SOLUTION" lines are stripped in every cell

2. Per exercise, in this order:

   * raw ``# BEGIN QUESTION`` with a line ``name: q1`` (q1, q2, ... in the notebook's order);
   * the markdown prompt of the exercise;
   * raw ``# BEGIN SOLUTION``; the answer cell, every answer line ending in ``# SOLUTION``
     (``answer_1 = "Cuckoo"  # SOLUTION`` becomes ``answer_1 = ...``); raw ``# END SOLUTION``;
   * raw ``# BEGIN TESTS``; one code cell holding one function and its call::

         def test_q1(answer_1, forced_follow, parse_kind):
             from classroom.grader import check
             check(answer_1, forced_follow("2 7 Inn Cuckoo", "Pig 9"), parse=parse_kind,
                   hint="the follower must beat the highest card so far if they can.")

         test_q1(answer_1, forced_follow, parse_kind)

     The function's parameters are looked up by name in the student's notebook (otter's rule), so
     pass the answer and every notebook helper the check uses; import :func:`check` inside it.
     Then raw ``# END TESTS`` and raw ``# END QUESTION``.

3. The notebook's old check cell (``assert ...; print("correct!")``) goes: the test cell replaces it.
   Run ``make student``; ``tests/test_classroom.py`` then checks the new question automatically
   (it finds every notebook that has an ``# ASSIGNMENT CONFIG`` cell).

Lines of an ordinary (non-exercise) code cell that only the teacher may see end in
``# SOLUTION NO PROMPT`` (dropped from the student version) or sit in a ``# BEGIN SOLUTION NO PROMPT`` /
``# END SOLUTION`` block; a replacement for the student goes between ``\"\"\" # BEGIN PROMPT`` and
``\"\"\"; # END PROMPT`` lines (a string in the source, code in the student version).

Examples:

>>> check("Cuckoo", "Cuckoo")
'correct'
>>> check(..., 3)
Traceback (most recent call last):
...
classroom.grader.NotAnsweredYet: not answered yet — replace the ... with your answer, run the cell, then run this check again.
>>> check(4, 3, hint="count from 1.")
Traceback (most recent call last):
...
classroom.grader.NotQuite: not quite — hint: count from 1. Try again.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Callable

__all__ = ["NotAnsweredYet", "NotQuite", "check", "Feedback", "Grader"]

NOT_ANSWERED = "not answered yet — replace the ... with your answer, run the cell, then run this check again."
CORRECT = "correct"



class NotAnsweredYet(AssertionError):
    """The answer is still otter's blank ``...``."""


class NotQuite(AssertionError):
    """The answer was given but is not right; the message is written for the student."""


def _contains_blank(value: Any) -> bool:
    if value is Ellipsis:
        return True
    if isinstance(value, (list, tuple, set, frozenset)):
        return any(_contains_blank(v) for v in value)
    if isinstance(value, dict):
        return any(_contains_blank(v) for v in value.values())
    return False


def check(answer: Any, expected: Any, *, hint: str = "", parse: Callable[[Any], Any] | None = None,
          same: Callable[[Any, Any], bool] | None = None) -> str:
    """Compare a student's ``answer`` with ``expected``; return ``'correct'`` or raise a friendly error.

    ``parse`` turns the answer into the compared value first (e.g. ``parse_kind`` for a card name);
    if it raises ``ValueError`` the student gets the parser's message and a "try again".
    ``same(answer, expected)`` replaces ``==`` (e.g. a tolerance for decimals).

    >>> check(0.890, 0.8904, same=lambda a, b: abs(a - b) < 5e-4)
    'correct'
    >>> from cardgames.cards import Card
    >>> check("SX", Card.parse("S10"), parse=Card.parse)
    Traceback (most recent call last):
    ...
    classroom.grader.NotQuite: unknown rank 'X' in card 'SX' (ranks: A K Q J T 9 8 7 6 5 4 3 2, or 10) — try again.
    """
    if _contains_blank(answer):
        raise NotAnsweredYet(NOT_ANSWERED)
    if parse is not None:
        try:
            answer = parse(answer)
        except ValueError as exc:
            raise NotQuite(f"{exc} — try again.") from None
    ok = same(answer, expected) if same is not None else answer == expected
    if not ok:
        raise NotQuite(f"not quite — hint: {hint} Try again." if hint else "not quite — try again.")
    return CORRECT


class Feedback:
    """What ``grader.check("q1")`` shows: one line per question, written for the student.

    >>> Feedback("q1", "correct", "correct")
    q1: correct ✔
    """

    def __init__(self, question: str, status: str, message: str, result: Any = None):
        self.question, self.status, self.message = question, status, message
        self.result = result   # otter's TestFile, for grading tools

    @property
    def passed(self) -> bool:
        return self.status == "correct"

    def __repr__(self) -> str:
        return f"{self.question}: {self.message}" + (" ✔" if self.passed else "")

    def _repr_html_(self) -> str:
        from html import escape
        colour = {"correct": "#1a7f37", "not answered": "#57606a"}.get(self.status, "#9a6700")
        return (f"<p style='color:{colour}'><b>{escape(self.question)}</b>: {escape(self.message)}"
                + (" ✔" if self.passed else "") + "</p>")


def _feedback_from(question: str, result: Any) -> Feedback:
    """Turn otter's test result into one friendly line (never a traceback)."""
    if result.passed_all:
        return Feedback(question, "correct", CORRECT, result)
    text = "\n".join(r.message or "" for r in result.test_case_results if not r.passed)
    for cls, status in ((NotAnsweredYet, "not answered"), (NotQuite, "not quite")):
        marker = f"{cls.__name__}: "
        if marker in text:
            return Feedback(question, status, text.split(marker, 1)[1].strip(), result)
    last = text.strip().splitlines()[-1] if text.strip() else "the check failed"
    if "NameError" in last:
        return Feedback(question, "not answered",
                        "not answered yet — run the cells above (and your answer cell) first, then this check.",
                        result)
    return Feedback(question, "not quite", f"not quite — your answer gave {last}. Try again.", result)


def _tests_in(nb_path: Path) -> dict:
    try:
        nb = json.loads(Path(nb_path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return nb.get("metadata", {}).get("otter", {}).get("tests", {}) or {}


class _NoChecks:
    """The stand-in ``grader`` of a source notebook: its checks run as plain cells there."""

    def __init__(self, nb_path: str):
        self.nb_path = nb_path

    def check(self, question: str) -> Feedback:
        return Feedback(question, "not answered",
                        "checks run in the student and teacher versions (make student)")

    def __repr__(self) -> str:
        return f"<exercise checks of {self.nb_path}: in the student and teacher versions>"


class _StoredChecks:
    """``grader`` where otter-grader is not installed (the JupyterLite edition: Python in the browser).

    It runs the same stored checks (the notebook's ``metadata.otter.tests``, written by otter assign in
    otter's exception-based format: a ``@test_case`` function whose parameters are looked up by name in
    the student's notebook) and answers with the same :class:`Feedback` lines as otter's ``Notebook``.
    Hidden test cases are skipped, as ``otter.Notebook.check`` skips them.
    """

    def __init__(self, nb_path: str, tests: dict):
        self.nb_path, self.tests = nb_path, tests

    @staticmethod
    def _cases(source: str) -> list[tuple[Callable, dict]]:
        import ast

        tree = ast.parse(source)
        tree.body = [n for n in tree.body  # otter's own import: test_case is given below instead
                     if not (isinstance(n, ast.ImportFrom) and (n.module or "").split(".")[0] == "otter")]
        cases: list[tuple[Callable, dict]] = []

        def test_case(**options):
            def mark(fn):
                cases.append((fn, options))
                return fn
            return mark

        exec(compile(tree, "<stored check>", "exec"), {"test_case": test_case, "__name__": "stored_check"})
        return cases

    def check(self, question: str, global_env: dict | None = None) -> Feedback:
        import inspect

        if global_env is None:
            global_env = sys._getframe(1).f_globals
        if question not in self.tests:
            raise ValueError(f"no exercise {question!r} in {self.nb_path} (there are: {', '.join(self.tests)})")
        for fn, options in self._cases(self.tests[question]):
            if options.get("hidden"):
                continue
            names = list(inspect.signature(fn).parameters)
            missing = [n for n in names if n not in global_env]
            try:
                if missing:
                    raise NameError(f"name {missing[0]!r} is not defined")
                fn(*(global_env[n] for n in names))
            except NotAnsweredYet as exc:
                return Feedback(question, "not answered", str(exc))
            except NotQuite as exc:
                return Feedback(question, "not quite", str(exc))
            except NameError:
                return Feedback(question, "not answered",
                                "not answered yet — run the cells above (and your answer cell) first, then this check.")
            except Exception as exc:  # noqa: BLE001 - a wrong answer of any kind is a "not quite"
                gave = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
                return Feedback(question, "not quite", f"not quite — your answer gave {gave}. Try again.")
        return Feedback(question, "correct", CORRECT)

    def __repr__(self) -> str:
        return f"<exercise checks of {self.nb_path}: {', '.join(self.tests)} (without otter-grader)>"


def Grader(nb_path: str):
    """Otter's ``Notebook`` for ``nb_path``, whose ``check`` returns a :class:`Feedback` line.

    In a source notebook (no otter tests in its metadata) it is a stand-in that imports nothing, so the
    lesson runs as fast as before; otter-grader is imported only in the generated versions.  Where
    otter-grader is not installed (JupyterLite, Pyodide) the same stored checks run without it
    (:class:`_StoredChecks`), with the same messages.
    """
    tests = _tests_in(Path(nb_path))
    if not tests:
        return _NoChecks(nb_path)
    try:
        import otter
    except ImportError:
        return _StoredChecks(nb_path, tests)

    class _FriendlyNotebook(otter.Notebook):
        def check(self, question, global_env=None):
            if global_env is None:
                global_env = sys._getframe(1).f_globals
            return _feedback_from(question, super().check(question, global_env))

    return _FriendlyNotebook(nb_path)
