"""Lessons 20, 21 and 29 as a class meets them: the student versions give nothing away and show no
developer output, the checks judge what the exercise asks, and the lesson plans' timings name only
what the notebooks hold.

* no student-visible text names or offers the play table's coach switch;
* no developer output: a computer player's or a rules object's repr, otter's name, an exception's class
  name, a command line, a path into the repository;
* the static game under the live table of lesson 20 is another deal (no spoiler under a table);
* lesson 20 carries the convention card box, rule for rule as the card's code states it;
* the teacher's answers (the winning lines, "answer in words") are teacher-only;
* 20 q2 takes the loss rule in a student's words; 21 q3 refuses a mini deal where 13 cards are asked.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from test_grader_forms import _namespace

ROOT = Path(__file__).resolve().parents[1]
LESSONS = ("20_comrade_rules", "21_comrade_solver", "29_comrade_appendix")


def _cells(folder: str, name: str) -> list[dict]:
    return json.loads((ROOT / folder / f"{name}.ipynb").read_text(encoding="utf-8"))["cells"]


def _src(cell: dict) -> str:
    return "".join(cell["source"])


def _outputs(cell: dict) -> str:
    """What an output shows: its text, or its HTML (a page shows the HTML, never the plain-text fallback)."""
    parts = []
    for out in cell.get("outputs", []):
        parts.append("".join(out.get("text", "")))
        data = out.get("data", {})
        parts.append("".join(data.get("text/html", "") or data.get("text/plain", "")))
    return "\n".join(parts)


def _student_visible(name: str, kinds=("prose", "code", "output")) -> list[tuple[str, str]]:
    """(where, text) of what a student reads: the student version's prose and code, and the outputs those
    cells had in the source run (the book and the JupyterLite edition show them)."""
    student = _cells("student", name)
    kept = {_src(c) for c in student}
    seen = []
    for i, c in enumerate(student):
        kind = "prose" if c["cell_type"] == "markdown" else "code"
        if kind in kinds:
            seen.append((f"student cell {i} ({kind})", _src(c)))
    if "output" in kinds:
        seen += [(f"output of source cell {i}", _outputs(c)) for i, c in enumerate(_cells("notebooks", name))
                 if _src(c) in kept and "teacher-only" not in c.get("metadata", {}).get("tags", [])]
    return seen


COACH = re.compile(r"coach\s*=\s*True|CARDGAMES_TEACHER|tick\W+\**coach|coach \(teacher\)", re.I)
#: In anything a student reads: otter's name, a command line, a path into the repository, an issue.
DEVELOPER = re.compile(r"otter|python -m |docs/\w+/\w+\.md|\btests/|benchmarks/|\bissue\s*#?\d+", re.I)
#: In an output (code may name ``ComradeOptions`` as it builds one; an output must not print a raw repr).
REPRS = re.compile(r"\b(CardSearchPlayer|ConventionPlayer|HeuristicPlayer|ComradeOptions|ComradeView)\(|"
                   r"\bseed=\d+\)\s+—|\b[A-Z]\w+(Error|Exception):")


@pytest.mark.parametrize("name", LESSONS)
def test_no_student_visible_text_names_the_coach_switch(name):
    found = [f"{where}: {m.group(0)!r}" for where, text in _student_visible(name) for m in [COACH.search(text)] if m]
    assert not found, found


@pytest.mark.parametrize("name", LESSONS)
def test_no_developer_output_in_front_of_a_student(name):
    found = [f"{where}: {text[max(0, m.start() - 60):m.end() + 60]!r}"
             for where, text in _student_visible(name) for m in [DEVELOPER.search(text)] if m]
    found += [f"{where}: {text[max(0, m.start() - 60):m.end() + 60]!r}"
              for where, text in _student_visible(name, ("output",)) for m in [REPRS.search(text)] if m]
    assert not found, found


def test_the_static_game_under_the_live_table_is_another_deal():
    cells = _cells("notebooks", "20_comrade_rules")
    live = next(_src(c) for c in cells if re.search(r"^table = PlayTable\(", _src(c), re.M))
    static = next(_src(c) for c in cells if "first_choice_game(" in _src(c) and "table_game(" in _src(c))
    live_seed = int(re.search(r"seed=(\d+)", live).group(1))
    static_seed = int(re.search(r"seed=(\d+)", static).group(1))
    # "new deal" moves the live table on by one seed: a class pressing it 50 times still meets no spoiler
    assert not live_seed <= static_seed <= live_seed + 50, (live_seed, static_seed)
    from cardgames.comrade import Deal
    assert Deal.random(static_seed, hand_size=4) != Deal.random(live_seed, hand_size=4)


def test_lesson_20_carries_the_convention_card_rule_for_rule():
    from solvers.comrade_players.convention import RULES
    cells = _cells("notebooks", "20_comrade_rules")
    box = next(c for c in cells if "convention_card_html(" in _src(c))
    shown = html.unescape(_outputs(box))
    for rule in RULES:
        assert rule.id in shown and rule.meaning in shown, rule.id
    assert "North takes ♣3" in shown
    assert box in [c for c in cells if c["cell_type"] == "code"]
    student = "\n".join(_src(c) for c in _cells("student", "20_comrade_rules"))
    assert "convention_card_html(" in student


def test_the_teachers_answers_are_teacher_only():
    source20 = _cells("notebooks", "20_comrade_rules")
    lines = [c for c in source20 if "WINNING_LINES" in _src(c)]
    assert lines and all("teacher-only" in c["metadata"].get("tags", []) for c in lines)
    for name, secret in (("20_comrade_rules", "WINNING_LINES"), ("21_comrade_solver", "Answer in words")):
        student = "\n".join(_src(c) for c in _cells("student", name))
        teacher = "\n".join(_src(c) for c in _cells("teacher", name))
        assert secret not in student and secret in teacher, (name, secret)
    source21 = _cells("notebooks", "21_comrade_solver")
    words = [c for c in source21 if "Answer in words" in _src(c)]
    assert len(words) == 2 and all("teacher-only" in c["metadata"].get("tags", []) for c in words)


def _test(name: str, question: str):
    """The notebook's own check function for ``question`` and a namespace to call it in."""
    path = ROOT / "notebooks" / f"{name}.ipynb"
    code = next(_src(c) for c in _cells("notebooks", name) if _src(c).startswith(f"def test_{question}("))
    params = re.match(rf"def test_{question}\(([^)]*)\)", code).group(1).replace(" ", "").split(",")
    ns = _namespace(path, set(params[1:]))
    exec(compile(code.split(f"\ntest_{question}(")[0], str(path), "exec"), ns)
    return ns[f"test_{question}"], [ns[p] for p in params[1:]]


@pytest.mark.parametrize("answer", ["exceed 13", "over 13", "Over 13!", "it exceeds 13", "the total went over 13",
                                    "overshoot", "more than 13", "OVERSHOOT"])
def test_20_q2_takes_the_rule_in_a_students_words(answer):
    check, args = _test("20_comrade_rules", "q2")
    check(answer, *args)


@pytest.mark.parametrize("answer", ["all passed", "nothing fits", "three laps", "13", "over 12 or under 14 maybe"])
def test_20_q2_refuses_the_other_rules_and_its_hint_lists_no_choices(answer):
    from classroom.grader import NotQuite
    check, args = _test("20_comrade_rules", "q2")
    with pytest.raises(NotQuite) as refused:
        check(answer, *args)
    said = str(refused.value).lower()
    assert "traceback" not in said
    named = [w for w in ("all_passed", "laps_run_out", "overshoot", "nothing_fits", "nothing fits", "exceed")
             if w in said]
    assert not named, f"the feedback gives the choices away: {named}"


def test_21_q3_refuses_a_mini_deal_where_13_cards_are_asked():
    from classroom.grader import NotQuite
    check, args = _test("21_comrade_solver", "q3")
    for mini in ("N:A.A.A.A K.K.K.K Q.Q.Q.Q J.J.J.J",      # exercise 1's deal: cannot be won, but 4 cards
                 "N:AK.AK.AK.AK QJ.QJ.QJ.QJ T9.T9.T9.T9 87.87.87.87"):
        with pytest.raises(NotQuite, match="13"):
            check(mini, *args)
    check("N:AKQ.AKQJ.AKQ.AKQ JT98.T98.JT9.JT9 765.7654.876.876 432.32.5432.5432", *args)


# -- the lesson plans' timings name only what the notebooks hold ------------------------------------------
def _headings(name: str) -> set[str]:
    """The section numbers or letters of a notebook ("1", "2" ... or "A", "B" ...)."""
    text = "\n".join(_src(c) for c in _cells("notebooks", name) if c["cell_type"] == "markdown")
    return set(re.findall(r"^## (\w+)\.", text, re.M)) | (
        {"play a round"} if re.search(r"^## Play a round", text, re.M) else set())


def _plan_rows(name: str, minutes: int) -> list[tuple[str, str]]:
    text = (ROOT / "docs" / "lessons" / f"{name}.md").read_text(encoding="utf-8")
    block = text.split(f"### {minutes}-minute lesson", 1)[1].split("###", 1)[0].split("**Split point:**")[0]
    return [(what, where) for what, where in re.findall(r"^\| \d+–\d+ \| (.+?) \| (.*?) \|$", block, re.M)]


@pytest.mark.parametrize("name", LESSONS)
@pytest.mark.parametrize("minutes", [45, 90])
def test_each_plan_names_only_sections_the_notebook_has_and_covers_its_exercises(name, minutes):
    have = _headings(name)
    rows = _plan_rows(name, minutes)
    named = set()
    for _, where in rows:
        if "play a round" in where:
            named.add("play a round")
        for a, b in re.findall(r"\b(\d+|[A-Z])(?:–(\d+|[A-Z]))?\b", where):
            if b and a.isdigit():
                named |= {str(k) for k in range(int(a), int(b) + 1)}
            elif b:
                named |= {chr(k) for k in range(ord(a), ord(b) + 1)}
            else:
                named.add(a)
    assert named <= have, (named - have, have)
    exercises = [c for c in _cells("notebooks", name) if re.match(r"\*\*Exercise \d", _src(c))]
    plan = " ".join(what for what, _ in rows).lower()
    if exercises:
        assert "exercise" in plan, f"the {minutes}-minute plan of {name} drops the exercises"
    if any("PlayTable(" in _src(c) for c in _cells("notebooks", name)):
        assert "play table" in plan, f"the {minutes}-minute plan of {name} drops the play table"
