"""Every exercise's check judges the answer, not its spelling, and never shows a Python error.

One table, one row per question of every notebook: the right answer in each natural form (a list,
a tuple or a set where order does not matter, suit symbols and words, any capitalisation, the Japanese
term, a number typed as text) must be *correct*; a loose form ("0.5526" for an exact fraction, one
text for a list of actions) must say "right idea — write it as …"; wrong types (a number where a
list is asked, ``None``, an empty list, a dictionary...) must get one plain sentence and a "try again",
never an exception's text.

The checks are the notebooks' own test cells, run without a kernel: the cells that define the names a
check takes (and the cells those need) are executed once per notebook, so this file stays fast.
A question without a row here fails :func:`test_every_question_has_a_row`.
"""

from __future__ import annotations

import ast
import contextlib
import io
import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from classroom.grader import NotAnsweredYet, NotQuite

ROOT = Path(__file__).resolve().parents[1]

#: Mini deal A with North taking all four tricks (exercise 4 of notebook 20).
LINE_A = ["D2", "pass", "pass", "pass", "H2", "HQ", "HT", "D9", "H7", "H8", "H3", "D4", "SA", "DK", "D3", "CJ", "D8",
          "DQ", "H9", "C7", "S8"]
# (notebook, question): (right answers in natural forms, loose forms, extra wrong values)
RIGHT, LOOSE, WRONG = 0, 1, 2
FORMS: dict[tuple[str, str], tuple[list, list, list]] = {
    ("00_index", "q1"): ([{"S10", "♣Q", "K♦", "JK"}, ["JK", "K♦", "♣Q", "S10"], ("S10", "♣Q", "K♦", "JK"),
                          {"s10", "♣q", "k♦", "jk"}, {"S10", "♣Q", "K♦", "JK", "JK"}],
                         ["S10 ♣Q K♦ JK", "S10, ♣Q, K♦, JK"],
                         [{"S10", "JK"}, {"S10", "♣Q", "K♦", "JK", "HX"}]),
    ("10_krypkille_rules", "q1"): (["Cuckoo", "cuckoo", " CUCKOO "], [], ["Pig"]),
    ("10_krypkille_rules", "q2"): ([4, "4", 4.0, " 4 "], [], [3, "fourth"]),
    ("10_krypkille_rules", "q3"): ([[13, 0, 10, 6], (13, 0, 10, 6), ["13", "0", "10", "6"]], ["13 0 10 6"],
                                   [[13, 0, 10], [6, 10, 0, 13]]),
    ("10_krypkille_rules", "q4"): ([([0, 10, 0], "coward"), ([0, 10, 0], "Coward"), ((0, 10, 0), "臆病者"),
                                    [[0, 10, 0], " COWARD "]], [],
                                   [([0, 10, 0], "void"), ([0, 10, 0],), "coward"]),
    ("10_krypkille_rules", "q5"): (["12", 12, " 12"], [], ["Mask"]),
    ("10_krypkille_rules", "q6"): ([7, "7", 7.0, " 7 "], [], [6, 12, "many"]),
    ("11_krypkille_endgame", "q1"): ([None, "None", "nobody", "No one"], [], [0, "seat 2"]),
    ("11_krypkille_endgame", "q2"): ([0.890, 0.8904, "0.89", "0,890", "89%"], [], [0.75, "0.8.9"]),
    ("11_krypkille_endgame", "q3"): ([0.583, "0.583", 7 / 12, "7/12", "58.3%", "0,583"], [], [0.5, 0.75, "half"]),
    ("11_krypkille_endgame", "q4"): (["4", 4, " 4 ", "four"], [], ["Mask", 5]),
    ("11_krypkille_endgame", "q5"): ([3, "3", 3.0], [], [1, "third"]),
    ("20_comrade_rules", "q1"): ([8, "8", 8.0], [], [13, "eight!"]),
    ("20_comrade_rules", "q2"): (["overshoot", "OVERSHOOT", "Overshoot", " over-shoot ", "exceed 13", "over 13",
                                  "Exceeds 13!", "the total went over 13", "more than 13"], [],
                                 ["nothing fits", "too high"]),
    ("20_comrade_rules", "q3"): ([(2, "C"), [2, "C"], (2, "c"), (2, "♣"), (2, "clubs"), ("2", "Clubs"), ("S", "C"),
                                  ("South", "クラブ")], [], [(0, "S"), (2, "spades"), (2,), (5, "C")]),
    ("20_comrade_rules", "q4"): ([LINE_A, tuple(LINE_A), [a.lower() for a in LINE_A]], [", ".join(LINE_A)],
                                 [["D1", "H2", "pass", "pass", "H1", "HQ", "HT", "D9", "H7", "H8", "H9", "D4", "SA", "H3",
                                   "CJ", "S8", "DK", "D3", "C7", "D8", "DQ"],      # wins, but North does not take all
                                  LINE_A[:7], ["pass", "pass", "pass", "pass"], ["ZZ"], [5, "D2"]]),
    ("21_comrade_solver", "q1"): (["no_win", "no win", "No-Win", "NO_WIN"], [], ["win", "maybe"]),
    ("21_comrade_solver", "q2"): (["win", "Win", " WIN "], [], ["no_win", "yes please"]),
    ("21_comrade_solver", "q3"): (["N:AKQ.AKQJ.AKQ.AKQ JT98.T98.JT9.JT9 765.7654.876.876 432.32.5432.5432"], [],
                                  ["N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432",
                                   "N:AK... QJ... T9... 87...", "N:AX... K... Q... J..."]),
    ("22_comrade_silence", "q1"): ([[2, 1, 0, 2], (2, 1, 0, 2), ["2", "1", "0", "2"], [2.0, 1, 0, 2]], ["2 1 0 2"],
                                   [[2, 1, 0, 1], [2, 1, 0], [3, 1, 0, 2], ["two", 1, 0, 2]]),
    ("22_comrade_silence", "q2"): (["H1", "h1", "♥1", "1H", " HA "], [], ["S2", "C2", "pass", "ZZ", "H7"]),
    ("22_comrade_silence", "q3"): (["CA", "ca", "♣A", "A♣", " CA "], [], ["CK", "HA", "ZZ", "C1"]),
    ("22_comrade_silence", "q4"): (["W", "w", "West", " WEST ", 3, "3", "seat 3"], [], ["N", "E", "S", 0, 5, "nobody"]),
    ("22_comrade_silence", "q5"): ([["card", "search", "rules", "random"], ("card", "search", "rules", "random"),
                                    ["Card", "SEARCH", "Rules", " random "], ["card", "sampling", "heuristic", "random"]],
                                   [], [["random", "rules", "search", "card"], ["search", "card", "rules", "random"],
                                        ["card", "search", "rules"], ["card", "card", "rules", "random"],
                                        {"card", "search", "rules", "random"}, ["card", "search", "rules", "luck"]]),
    ("30_heart_challenge_rules", "q1"): ([40, "40", 40.0], [], [36]),
    ("30_heart_challenge_rules", "q2"): ([4, "4"], [], [5]),
    ("30_heart_challenge_rules", "q3"): ([Fraction(21, 38), "21/38", Fraction(42, 76)], [0.5526, "0.553"], [0.5]),
    ("30_heart_challenge_rules", "q4"): ([1, "1"], [], [0]),
    ("30_heart_challenge_rules", "q5"): ([["challenge 2", "pass", "use JK", "flip 1"],
                                          ("challenge 2", "pass", "use JK", "flip 1")],
                                         ["challenge 2, pass, use JK, flip 1"], [["challenge 2", "pass"]]),
}
#: Wrong types every check must refuse with a plain sentence (not "correct", unless a row says so).
JUNK = [5, 3.5, None, [], (), {"a": 1}, "", "zzz", [5], True, object()]
#: Junk that is in fact a right form of the answer to one question.
JUNK_RIGHT = {("11_krypkille_endgame", "q1"): [None]}

PYTHON_TEXT = re.compile(r"Error|Traceback|object is not|'int'|'str'|<class|<object|NoneType|line \d|\bobject at\b")


def _code_cells(path: Path) -> list[str]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]


def _defined_and_used(code: str) -> tuple[set, set]:
    tree = ast.parse(code)
    defined, used = set(), set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            defined.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            defined |= {(a.asname or a.name).split(".")[0] for a in node.names}
        else:
            defined |= {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        used |= {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    return defined, used - defined


def _namespace(path: Path, needed: set) -> dict:
    """Run only the cells that define ``needed`` (and, transitively, what those cells use)."""
    cells = []
    for src in _code_cells(path):
        if src.lstrip().startswith("def test_q"):
            continue
        code = "\n".join(l for l in src.splitlines() if not l.lstrip().startswith(("%", "!")))
        cells.append((code, *_defined_and_used(code)))
    chosen, need = [], set(needed)
    for code, defined, used in reversed(cells):
        if defined & need:
            chosen.append(code)
            need = (need - defined) | used
    ns: dict = {"__name__": "__notebook__"}
    for code in reversed(chosen):
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(code, str(path), "exec"), ns)
    return ns


def _questions() -> list[tuple[str, str, str, list[str]]]:
    out = []
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        for src in _code_cells(path):
            m = re.match(r"def test_(q\d+)\(([^)]*)\)", src)
            if m:
                params = [p.strip() for p in m.group(2).split(",")]
                out.append((path.stem, m.group(1), src, params))
    return out


QUESTIONS = _questions()
_cache: dict = {}


def _runner(stem: str, q: str, src: str, params: list[str]):
    """A function answer -> 'correct' (or a raised NotQuite/NotAnsweredYet), the notebook's own check."""
    key = (stem, q)
    if key not in _cache:
        ns = _namespace(ROOT / "notebooks" / f"{stem}.ipynb", set(params[1:]))
        tree = ast.parse(src)
        defs = ast.Module(body=[n for n in tree.body if isinstance(n, ast.FunctionDef)], type_ignores=[])
        exec(compile(defs, f"{stem}:{q}", "exec"), ns)
        fn = ns[f"test_{q}"]
        helpers = [ns[p] for p in params[1:]]
        _cache[key] = (ns, lambda answer: fn(answer, *helpers), params[0])
    return _cache[key]


def _verdict(run, answer) -> str:
    """'correct', or the message of the friendly refusal; any other exception fails the test."""
    try:
        result = run(answer)
    except (NotQuite, NotAnsweredYet) as exc:
        return str(exc)
    assert result is None or result == "correct"
    return "correct"


def _assert_plain(message: str, answer) -> None:
    assert message != "correct", f"{answer!r} was accepted"
    assert "\n" not in message, message
    assert not PYTHON_TEXT.search(message), f"{answer!r} got Python text: {message}"
    assert message.count("“") == message.count("”") and message.count('"') % 2 == 0, f"broken quote: {message}"
    assert "try again" in message.lower(), message


def test_every_question_has_a_row():
    assert {(stem, q) for stem, q, _, _ in QUESTIONS} == set(FORMS), \
        "add a row to FORMS for every new question (and drop the rows of removed ones)"


def _teacher_answer(stem: str, q: str, ns: dict, answer_name: str):
    """The teacher's own answer, computed by its solution cell in the notebook's namespace."""
    for src in _code_cells(ROOT / "notebooks" / f"{stem}.ipynb"):
        lines = [l for l in src.splitlines() if l.rstrip().endswith("# SOLUTION")]
        if lines and any(re.match(rf"\s*{answer_name}\s*=", l) for l in lines):
            exec("\n".join(l.strip() for l in lines), ns)
            return ns[answer_name]
    raise AssertionError(f"no solution line for {answer_name} in {stem}")


@pytest.mark.parametrize("stem,q,src,params", QUESTIONS, ids=[f"{s}-{q}" for s, q, _, _ in QUESTIONS])
def test_check_accepts_natural_forms_and_refuses_wrong_types_plainly(stem, q, src, params):
    ns, run, answer_name = _runner(stem, q, src, params)
    right, loose, wrong = FORMS[(stem, q)]
    teacher = _teacher_answer(stem, q, ns, answer_name)
    assert _verdict(run, teacher) == "correct", f"the teacher's answer {teacher!r} is refused"
    for answer in right:
        assert _verdict(run, answer) == "correct", f"{answer!r} (a right answer) got: {_verdict(run, answer)}"
    for answer in loose:
        said = _verdict(run, answer)
        assert said.startswith("right idea — write it as "), f"{answer!r} got: {said}"
        _assert_plain(said.replace("right idea", "right idea, try again"), answer)
    for answer in wrong + [j for j in JUNK if not any(j is r for r in JUNK_RIGHT.get((stem, q), []))]:
        _assert_plain(_verdict(run, answer), answer)


def test_a_blank_still_says_not_answered_yet():
    stem, q, src, params = next(row for row in QUESTIONS if row[0] == "10_krypkille_rules")
    _, run, _ = _runner(stem, q, src, params)
    with pytest.raises(NotAnsweredYet):
        run(...)


def test_a_text_read_letter_by_letter_is_answered_about_the_whole_text():
    """One word where a list of actions is asked: the check must not speak of its first letter."""
    stem, q, src, params = next(row for row in QUESTIONS if row[:2] == ("30_heart_challenge_rules", "q5"))
    _, run, _ = _runner(stem, q, src, params)
    for word in ("pass", "zzz"):
        said = _verdict(run, word)
        assert "list of strings" in said and f"'{word[0]}'" not in said, said
    assert _verdict(run, "challenge 2, pass, use JK, flip 1").startswith("right idea — write it as a list")
