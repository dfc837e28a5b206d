"""Whatever a student gives a check, it answers in words, within a second.

A property test (hypothesis) feeds every kind of check hostile answers: nested lists, tuples, sets and
dictionaries of any values, huge and special numbers (``10**5000``, ``nan``, a fraction of 5,000 digits),
texts of any Unicode (surrogates, control characters, full-width and right-to-left), and objects that
fight back (``==`` always true, an endless ``__iter__``, ``strip()`` or ``__repr__`` that raise, a list that
contains itself, a list 1,000 deep, numpy values).  For each, the check

* returns ``'correct'`` or raises only the grader's own :class:`NotQuite` / :class:`NotAnsweredYet`;
* says one line with no Python wording in it (no "Traceback", "Error", "int_max_str_digits"...);
* uses at most one second of processor time (``signal.setitimer(ITIMER_PROF)``: a loaded machine does
  not make it fail, a check that hangs does).

The checks are :func:`classroom.grader.check` with each normaliser, the notebooks' own test cells (as
``tests/test_grader_forms.py`` runs them), and the two ``grader.check("q1")`` of a student version:
otter's, and the one without otter used in JupyterLite.
"""

from __future__ import annotations

import math
import re
import signal
from decimal import Decimal
from fractions import Fraction

import numpy
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from classroom.grader import (NotAnsweredYet, NotQuite, as_actions, as_cards, as_deal, as_fraction, as_int,
                              as_name, as_number, as_optional, as_seat, as_seq, as_set, as_suit, as_text,
                              as_tuple, check)
from test_grader_forms import QUESTIONS, ROOT, AlwaysEqual, Endless, RaisingRepr, StripRaises, _nested, _runner

BUDGET = 1.0   # seconds of processor time a check may use

#: Python's (and numpy's) own wording, which must never reach a student.
PYTHON_WORDING = re.compile(r"Traceback|Error|Exception|int_max_str_digits|[Ee]xceeds the limit|sys\.set|"
                            r"invalid literal|could not convert|cannot convert|object at 0x|<class|<object|"
                            r"NoneType|__\w+__|recursion depth|line \d+, in")

pytestmark = pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="needs setitimer (POSIX)")


class OverBudget(BaseException):
    """Raised by the timer inside a check that used more than its second (a ``BaseException``, so no
    ``except Exception`` in the check can swallow it)."""


def _on_timer(signum, frame):
    raise OverBudget()


def within_budget(call):
    """``call()``, stopped with :class:`OverBudget` after :data:`BUDGET` seconds of processor time."""
    previous = signal.signal(signal.SIGPROF, _on_timer)
    signal.setitimer(signal.ITIMER_PROF, BUDGET)
    try:
        return call()
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def judged(call) -> str:
    """What a check says, asserting the three promises: only the grader's exceptions, words, in time."""
    try:
        said = within_budget(call)
    except OverBudget:
        raise AssertionError("the check used more than a second") from None
    except (NotQuite, NotAnsweredYet) as exc:
        said = str(exc)
    said = str(said)
    assert "\n" not in said, said
    outside_quotes = re.sub(r"“[^”]*”", "“…”", said)       # the student's own text is quoted as written
    assert not PYTHON_WORDING.search(outside_quotes), f"Python wording: {said}"
    said.encode("utf-8")                                     # shows in a page (no lone surrogate)
    return said


# --------------------------------------------------------------------------- hostile answers

class SelfEnum:
    pass


def _self_list():
    loop: list = []
    loop.append(loop)
    return loop


def _self_dict():
    loop: dict = {}
    loop["me"] = loop
    return loop


class RaisingInt(int):
    def __eq__(self, other):
        raise RuntimeError("eq")

    def __int__(self):
        raise RuntimeError("int")

    def __index__(self):
        raise RuntimeError("index")

    def __repr__(self):
        raise RuntimeError("repr")

    __str__ = __repr__
    __hash__ = int.__hash__


class LyingFloat(float):
    def __float__(self):
        return 0.89

    def __eq__(self, other):
        return True

    __hash__ = float.__hash__


class RaisingDict(dict):
    def items(self):
        raise RuntimeError("items")

    def __iter__(self):
        while True:
            yield "x"


class Metaclass(type):
    def __eq__(cls, other):
        return True

    __hash__ = type.__hash__

    def __getattribute__(cls, name):
        if name in ("__name__", "__module__", "__qualname__"):
            raise RuntimeError(name)
        return type.__getattribute__(cls, name)


def sneaky_class():
    """A class whose metaclass hides its name and says it equals everything (made when a test asks: at
    module level, ``pytest --doctest-modules`` would trip over it while looking for doctests)."""
    return Metaclass("Sneaky", (), {"__doc__": "a class that hides its name"})


class PretendsToBeAList:
    @property
    def __class__(self):
        return list

    def __iter__(self):
        while True:
            yield 1


def _endless_generator():
    import itertools
    return (n for n in itertools.count())


def _student_enum():
    from enum import Enum

    class Verdict(Enum):
        WIN = "win"

        def __eq__(self, other):
            return True

        __hash__ = Enum.__hash__

    return Verdict.WIN


#: Answers no check may judge right: objects of the student's own, or too big, deep or odd to read.
NEVER_RIGHT = [
    AlwaysEqual, RaisingRepr, _self_list, _self_dict, lambda: _nested(1000), lambda: tuple(_nested(1000)),
    lambda: Fraction(10 ** 5000, 3), lambda: 10 ** 5000, lambda: -(10 ** 5000), lambda: "9" * 5000,
    lambda: "1" * 4301, lambda: float("nan"), lambda: float("inf"), lambda: -float("inf"),
    lambda: Decimal("sNaN"), lambda: Decimal("1e999999"), lambda: complex(1, 2),
    lambda: numpy.float64("nan"), lambda: numpy.array([AlwaysEqual()], dtype=object), lambda: numpy.zeros(10 ** 5),
    lambda: numpy.zeros((1,) * 30), lambda: RaisingDict(a=1), sneaky_class, lambda: sneaky_class()(),
    PretendsToBeAList, _endless_generator, lambda: math, lambda: print, lambda: b"\xff\xfe", lambda: ...,
    _student_enum, lambda: [..., 1], lambda: {"S10", ...}, lambda: range(10 ** 9), lambda: object(),
    lambda: [AlwaysEqual()] * 4, lambda: ([0, 10, 0], AlwaysEqual()), lambda: [[[]]] * 999,
    lambda: "N:" + "A" * 1999, lambda: "\ud800\udfff", lambda: "\u202eCuckoo", lambda: "\x00\x1b[31m",
]
#: Hostile on the outside, a plain value inside: read as that value (and right when it is right).
READ_AS_VALUES = [
    lambda: StripRaises("Cuckoo"), lambda: Endless([13, 0, 10, 6]), lambda: RaisingInt(4), lambda: LyingFloat(0.5),
    lambda: Decimal("0.89"), lambda: numpy.bool_(True), lambda: numpy.bool_(False), lambda: numpy.int64(4),
    lambda: numpy.array([13, 0, 10, 6]),
]
HOSTILE_BUILDERS = NEVER_RIGHT + READ_AS_VALUES

ODD_TEXTS = ["０．８９", "４", "ＣＵＣＫＯＯ", "seat 1", "Ｗｅｓｔ", "勝ち", "負け", "なし", "𝟒", "٤", "①", "ſ", "½",
             "nan", "inf", "-0", "1/0", "0/0", "1e999", "21/38/2", "%", "89%%", "0,8,9", "♣️", "ﷺ" * 300,
             "\u0301" * 50, "NaN%", "9" * 130, "1" + "0" * 119 + "/3", " ", "\t\n", "None", "...", "[5]", "{}"]

texts = st.one_of(st.text(alphabet=st.characters(exclude_categories=()), max_size=30), st.sampled_from(ODD_TEXTS))
hashables = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.fractions(), texts)
leaves = st.one_of(hashables, st.integers(min_value=10 ** 60, max_value=10 ** 6000),
                   st.sampled_from(HOSTILE_BUILDERS).map(lambda build: build()))
answers = st.recursive(
    leaves,
    lambda inner: st.one_of(st.lists(inner, max_size=6), st.lists(inner, max_size=4).map(tuple),
                            st.frozensets(hashables, max_size=4), st.sets(hashables, max_size=4),
                            st.dictionaries(texts, inner, max_size=3)),
    max_leaves=25,
)

HOSTILE = settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))


# --------------------------------------------------------------------------- the checks

def _checks():
    from cardgames.cards import Card
    from cardgames.comrade import BiddingLoss, Deal
    akq = Deal.from_pbn("N:AKQ.AKQJ.AKQ.AKQ JT98.T98.JT9.JT9 765.7654.876.876 432.32.5432.5432")
    return [
        (4, {}), (0.89, {}), (Fraction(21, 38), {}), ("Cuckoo", {}), ("C", {}), (None, {}), (True, {}),
        (BiddingLoss.OVERSHOOT, {}), ({"S10", "JK"}, {}), ([13, 0, 10, 6], {}), (([0, 10, 0], "coward"), {}),
        (Card.parse("SA"), {}), ((2, "C"), {"parse": as_tuple(as_seat, as_suit, what="a pair (seat, led suit)")}),
        (1, {"parse": as_seat(players=3)}), (None, {"parse": as_optional(as_seat)}), (0.89, {"parse": as_number}),
        (4, {"parse": as_int}), (Fraction(1, 3), {"parse": as_fraction}), ("win", {"parse": as_text}),
        ("no_win", {"parse": as_name(["win", "no_win"])}), (BiddingLoss.OVERSHOOT, {"parse": as_name(BiddingLoss)}),
        (("pass", "pass"), {"parse": as_actions}), ((Card.parse("SA"),), {"parse": as_cards}),
        (frozenset({"a"}), {"parse": as_set(as_text)}), ((1, 2), {"parse": as_seq(as_int)}),
        (akq, {"parse": as_deal}), (akq, {"parse": Deal.from_pbn, "same": lambda mine, truth: mine != truth}),
        (Card.parse("SA"), {"parse": Card.parse}), (4, {"parse": int}), (4, {"parse": lambda a: int(str(a))}),
        (0.89, {"same": lambda a, b: abs(a - b) < 5e-4}), (True, {"parse": lambda a: a == [1, 2, 3]}),
        ("win", {"parse": [as_actions, lambda line: "win" if len(line) > 3 else "loss"]}),
    ]


CHECKS = _checks()


@HOSTILE
@given(answer=answers, which=st.integers(min_value=0, max_value=len(CHECKS) - 1))
def test_every_check_answers_any_answer_in_words_in_time(answer, which):
    expected, options = CHECKS[which]
    said = judged(lambda: check(answer, expected, **options))
    assert said == "correct" or "try again" in said.lower() or said.startswith(("not answered yet", "right idea")), said


@pytest.mark.parametrize("build", HOSTILE_BUILDERS, ids=range(len(HOSTILE_BUILDERS)))
def test_each_hostile_answer_against_each_check(build):
    """Every hostile answer against every kind of check (no sampling: each is tried)."""
    for expected, options in CHECKS:
        said = judged(lambda: check(build(), expected, **options))
        assert said != "correct" or build in READ_AS_VALUES, (expected, said)


#: The notebooks' own checks, warmed up (their notebook cells run once, as in test_grader_forms).
NOTEBOOK_CHECKS = [q for q in QUESTIONS]


@pytest.fixture(scope="module")
def notebook_runs():
    runs = []
    for stem, q, src, params in NOTEBOOK_CHECKS:
        _, run, _ = _runner(stem, q, src, params)
        try:
            run("zzz")
        except (NotQuite, NotAnsweredYet):
            pass
        runs.append(((stem, q), run))
    return runs


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(answer=answers, which=st.integers(min_value=0, max_value=len(NOTEBOOK_CHECKS) - 1))
def test_every_notebook_check_answers_any_answer_in_words_in_time(notebook_runs, answer, which):
    (stem, q), run = notebook_runs[which]
    said = judged(lambda: run(answer) or "correct")
    assert said != "correct" or not isinstance(answer, (AlwaysEqual, type(_student_enum()))), (stem, q, said)


@pytest.mark.parametrize("build", HOSTILE_BUILDERS, ids=range(len(HOSTILE_BUILDERS)))
def test_each_hostile_answer_against_each_notebook_check(notebook_runs, build):
    for (stem, q), run in notebook_runs:
        said = judged(lambda: run(build()) or "correct")
        assert said != "correct" or build in READ_AS_VALUES, (stem, q, said)


@pytest.fixture(scope="module")
def student_graders():
    """The two ``grader`` objects of a student version: otter's, and the one without otter."""
    import os
    from pathlib import Path

    from classroom.grader import Grader, _StoredChecks, _tests_in
    here = os.getcwd()
    os.chdir(ROOT / "student")        # otter finds a notebook's checks beside it
    try:
        otter_grader = Grader("00_index.ipynb")
        stored = _StoredChecks("00_index.ipynb", _tests_in(Path("00_index.ipynb")))
        assert type(otter_grader).__name__ == "_FriendlyNotebook"
        otter_grader.check("q1", global_env={"my_answer": {"S10"}})    # warm up
        yield otter_grader, stored
    finally:
        os.chdir(here)


@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
@given(answer=answers)
def test_both_student_graders_show_only_words(student_graders, answer):
    for grader in student_graders:
        feedback = within_budget(lambda: grader.check("q1", global_env={"my_answer": answer}))
        line = repr(feedback)
        assert line.startswith("q1: ") and "\n" not in line, line
        assert not PYTHON_WORDING.search(re.sub(r"“[^”]*”", "“…”", line)), f"Python wording: {line}"
        assert feedback.status in ("correct", "not quite", "not answered"), line


@pytest.mark.parametrize("build", HOSTILE_BUILDERS, ids=range(len(HOSTILE_BUILDERS)))
def test_each_hostile_answer_in_both_student_graders(student_graders, build):
    for grader in student_graders:
        feedback = within_budget(lambda: grader.check("q1", global_env={"my_answer": build()}))
        line = repr(feedback)
        assert not PYTHON_WORDING.search(re.sub(r"“[^”]*”", "“…”", line)) and "\n" not in line, line
        assert feedback.status != "correct" or build in READ_AS_VALUES, line


def test_the_budget_can_fail():
    """The timer stops a check that hangs (the test of the time limit can fail)."""
    def hangs():
        while True:
            pass
    with pytest.raises(AssertionError, match="more than a second"):
        judged(hangs)


def test_the_wording_check_can_fail():
    with pytest.raises(AssertionError, match="Python wording"):
        judged(lambda: "cannot convert float NaN to integer — try again.")
