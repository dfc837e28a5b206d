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

import numpy
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
    ("10_krypkille_rules", "q2"): ([4, "4", 4.0, " 4 ", "４", "\u3000４\u3000"], [], [3, "fourth", "４．５"]),
    ("10_krypkille_rules", "q3"): ([[13, 0, 10, 6], (13, 0, 10, 6), ["13", "0", "10", "6"]], ["13 0 10 6"],
                                   [[13, 0, 10], [6, 10, 0, 13]]),
    ("10_krypkille_rules", "q4"): ([([0, 10, 0], "coward"), ([0, 10, 0], "Coward"), ((0, 10, 0), "臆病者"),
                                    [[0, 10, 0], " COWARD "]], [],
                                   [([0, 10, 0], "void"), ([0, 10, 0],), "coward"]),
    ("10_krypkille_rules", "q5"): (["12", 12, " 12"], [], ["Mask"]),
    ("10_krypkille_rules", "q6"): ([7, "7", 7.0, " 7 "], [], [6, 12, "many"]),
    ("11_krypkille_endgame", "q1"): ([None, "None", "nobody", "No one", "なし", "誰もいない"], [], [0, "seat 2"]),
    ("11_krypkille_endgame", "q2"): ([0.890, 0.8904, "0.89", "0,890", "89%", "０．８９", "８９％", "０，８９"], [],
                                    [0.75, "0.8.9", "nan", "1e999", float("nan")]),
    ("11_krypkille_endgame", "q3"): ([0.583, "0.583", 7 / 12, "7/12", "58.3%", "0,583", "０．５８３"], [],
                                     [0.5, 0.75, "half"]),
    ("11_krypkille_endgame", "q4"): (["4", 4, " 4 ", "four", "４"], [], ["Mask", 5]),
    ("11_krypkille_endgame", "q5"): ([3, "3", 3.0], [], [1, "third"]),
    ("20_comrade_rules", "q1"): ([8, "8", 8.0], [], [13, "eight!"]),
    ("20_comrade_rules", "q2"): (["overshoot", "OVERSHOOT", "Overshoot", " over-shoot ", "exceed 13", "over 13",
                                  "Exceeds 13!", "the total went over 13", "more than 13", "Over 13", "超過"], [],
                                 ["nothing fits", "too high"]),
    ("20_comrade_rules", "q3"): ([(2, "C"), [2, "C"], (2, "c"), (2, "♣"), (2, "clubs"), ("2", "Clubs"), ("S", "C"),
                                  ("South", "クラブ"), ("seat 2", "C"), ("Seat 2", "♣️"), ("南", "clubs"),
                                  ("２", "Ｃ")], [],
                                 [(0, "S"), (2, "spades"), (2,), (5, "C"), ("seat 5", "C")]),
    ("20_comrade_rules", "q4"): ([LINE_A, tuple(LINE_A), [a.lower() for a in LINE_A]], [", ".join(LINE_A)],
                                 [["D1", "H2", "pass", "pass", "H1", "HQ", "HT", "D9", "H7", "H8", "H9", "D4", "SA",
                                   "H3", "CJ", "S8", "DK", "D3", "C7", "D8", "DQ"],  # wins, but North does not take all
                                  LINE_A[:7], ["pass", "pass", "pass", "pass"], ["ZZ"], [5, "D2"]]),
    ("21_comrade_solver", "q1"): (["no_win", "no win", "No-Win", "NO_WIN", "負け", "なし", "勝てない", "loss", "no"],
                                  [],
                                  ["win", "maybe", "勝ち", "yes"]),
    ("21_comrade_solver", "q2"): (["win", "Win", " WIN ", "勝ち", "勝てる", "yes", "ｗｉｎ"], [],
                                  ["no_win", "yes please", "負け", "なし"]),
    ("21_comrade_solver", "q3"): (["N:AKQ.AKQJ.AKQ.AKQ JT98.T98.JT9.JT9 765.7654.876.876 432.32.5432.5432"], [],
                                  ["N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432",
                                   "N:AK... QJ... T9... 87...", "N:AX... K... Q... J..."]),
    ("22_comrade_silence", "q1"): ([[2, 1, 0, 2], (2, 1, 0, 2), ["2", "1", "0", "2"], [2.0, 1, 0, 2]], ["2 1 0 2"],
                                   [[2, 1, 0, 1], [2, 1, 0], [3, 1, 0, 2], ["two", 1, 0, 2]]),
    ("22_comrade_silence", "q2"): (["H1", "h1", "♥1", "1H", " HA "], [], ["S2", "C2", "pass", "ZZ", "H7"]),
    ("22_comrade_silence", "q3"): (["CA", "ca", "♣A", "A♣", " CA "], [], ["CK", "HA", "ZZ", "C1"]),
    ("22_comrade_silence", "q4"): (["W", "w", "West", " WEST ", 3, "3", "seat 3"], [], ["N", "E", "S", 0, 5, "nobody"]),
    ("22_comrade_silence", "q5"): ([["card", "search", "rules", "random"], ("card", "search", "rules", "random"),
                                    ["Card", "SEARCH", "Rules", " random "],
                                    ["card", "sampling", "heuristic", "random"]],
                                   [], [["random", "rules", "search", "card"], ["search", "card", "rules", "random"],
                                        ["card", "search", "rules"], ["card", "card", "rules", "random"],
                                        {"card", "search", "rules", "random"}, ["card", "search", "rules", "luck"]]),
    ("30_heart_challenge_rules", "q1"): ([40, "40", 40.0, "４０"], [], [36]),
    ("30_heart_challenge_rules", "q2"): ([4, "4"], [], [5]),
    ("30_heart_challenge_rules", "q3"): ([Fraction(21, 38), "21/38", Fraction(42, 76), "２１／３８"],
                                        [0.5526, "0.553", "０．５５３"],
                                        [0.5, Fraction(10 ** 5000, 3), float("inf")]),
    ("30_heart_challenge_rules", "q4"): ([1, "1", "seat 1", "Seat 1", "East", "e"], [], [0, "West", "seat 3"]),
    ("30_heart_challenge_rules", "q5"): ([["challenge 2", "pass", "use JK", "flip 1"],
                                          ("challenge 2", "pass", "use JK", "flip 1")],
                                         ["challenge 2, pass, use JK, flip 1"], [["challenge 2", "pass"]]),
}


class AlwaysEqual:
    """An answer whose ``==`` always says yes."""

    def __eq__(self, other):
        return True

    __hash__ = object.__hash__


class StripRaises(str):
    """A text whose own methods raise."""

    def strip(self, *args):
        raise RuntimeError("strip")

    def __str__(self):
        raise RuntimeError("str")

    def __eq__(self, other):
        raise RuntimeError("eq")

    __hash__ = str.__hash__


class Endless(list):
    """A list whose ``__iter__`` never ends and whose ``__len__`` lies."""

    def __iter__(self):
        while True:
            yield 1

    def __len__(self):
        return 4


class RaisingRepr:
    def __repr__(self):
        raise RuntimeError("repr")

    __str__ = __repr__


def _nested(depth: int) -> list:
    outer = inner = []
    for _ in range(depth):
        inner.append([])
        inner = inner[0]
    return outer


def _self_list() -> list:
    loop: list = [1]
    loop.append(loop)
    return loop


#: Wrong types every check must refuse with a plain sentence (not "correct", unless a row says so),
#: and hostile answers that once broke a check (a RecursionError, a hang, Python's own words, "correct").
JUNK = [5, 3.5, None, [], (), {"a": 1}, "", "zzz", [5], True, object(),
        _self_list(), _nested(1000), Fraction(10 ** 5000, 3), 10 ** 5000, float("nan"), float("inf"), "9" * 5000,
        AlwaysEqual(), StripRaises("zzz"), Endless([1, 2]), RaisingRepr(), numpy.bool_(True), numpy.float64("nan")]
#: Junk that is in fact a right form of the answer to one question.
JUNK_RIGHT = {("11_krypkille_endgame", "q1"): [None]}

PYTHON_TEXT = re.compile(r"Error|Exception|Traceback|object is not|'int'|'str'|<class|<object|NoneType|"
                         r"line \d|\bobject at\b|"
                         r"int_max_str_digits|[Ee]xceeds the limit|cannot convert|could not convert|invalid literal|"
                         r"recursion|\b1 are\b|\b1 parts\b")


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
        code = "\n".join(ln for ln in src.splitlines() if not ln.lstrip().startswith(("%", "!")))
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
        lines = [ln for ln in src.splitlines() if ln.rstrip().endswith("# SOLUTION")]
        if lines and any(re.match(rf"\s*{answer_name}\s*=", ln) for ln in lines):
            exec("\n".join(ln.strip() for ln in lines), ns)
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


# --------------------------------------------------------------------------- the grader's own rows

def _said(answer, expected, **options) -> str:
    """What :func:`classroom.grader.check` says: 'correct' or the message of its friendly refusal;
    any other exception fails the test."""
    from classroom.grader import check
    try:
        return check(answer, expected, **options)
    except (NotQuite, NotAnsweredYet) as exc:
        return str(exc)


def _kind(message: str) -> str:
    """The kind of a check's message: correct, loose ("right idea"), wrong ("not quite"), blank
    ("not answered yet"), cell ("not checked yet": the answer cell failed) or form (any other plain
    sentence: what the answer should be)."""
    for start, kind in (("correct", "correct"), ("right idea", "loose"), ("not quite", "wrong"),
                        ("not answered yet", "blank"), ("not checked yet", "cell")):
        if message.startswith(start):
            return kind
    return "form"


def _rows():
    from cardgames.cards import Card, Hand
    from cardgames.comrade import Deal
    from classroom.grader import as_deal, as_name, as_optional, as_seat, as_suit, as_tuple
    win_or_not, win_or_loss = as_name(["win", "no_win"]), as_name(["win", "loss"])
    trick = as_tuple(as_seat, as_suit, what='a pair (seat, led suit), such as (1, "H")')
    akq = "N:AKQ.AKQJ.AKQ.AKQ JT98.T98.JT9.JT9 765.7654.876.876 432.32.5432.5432"
    P = pytest.param
    return [
        # full-width digits, dot, minus, per cent and slash (NFKC), and emoji suits
        P("４", 4, {}, "correct", "", id="full-width 4"),
        P("０．８９", 0.89, {}, "correct", "", id="full-width 0.89"),
        P("８９％", 0.89, {}, "correct", "", id="full-width 89%"),
        P("－３", -3, {}, "correct", "", id="full-width minus"),
        P("−3", -3, {}, "correct", "", id="minus sign"),
        P("２１／３８", Fraction(21, 38), {}, "correct", "", id="full-width fraction"),
        P("０．５５３", Fraction(21, 38), {}, "loose", "exact fraction", id="full-width decimal for a fraction"),
        P("ＣＵＣＫＯＯ", "Cuckoo", {}, "correct", "", id="full-width word"),
        P("Ｓ１０", Card.parse("S10"), {}, "correct", "", id="full-width card"),
        P("♣️", "C", {"parse": as_suit}, "correct", "", id="emoji club"),
        P("４．５", 4, {}, "form", "whole number", id="full-width 4.5 is no whole number"),
        # the Japanese (and near) words of a vocabulary
        P("勝ち", "win", {"parse": win_or_not}, "correct", "", id="勝ち is win"),
        P("負け", "no_win", {"parse": win_or_not}, "correct", "", id="負け is no_win"),
        P("なし", "no_win", {"parse": win_or_not}, "correct", "", id="なし is no_win"),
        P("勝てない", "no_win", {"parse": win_or_not}, "correct", "", id="勝てない is no_win"),
        P("No", "no_win", {"parse": win_or_not}, "correct", "", id="no is no_win"),
        P("勝ち", "no_win", {"parse": win_or_not}, "wrong", "", id="勝ち is not no_win"),
        P("負け", "loss", {"parse": win_or_loss}, "correct", "", id="負け is loss"),
        P("no win", "loss", {"parse": win_or_loss}, "correct", "", id="no win is loss"),
        P("なし", None, {}, "correct", "", id="なし is None"),
        P("誰もいない", None, {}, "correct", "", id="誰もいない is None"),
        P("なし", None, {"parse": as_optional(as_seat)}, "correct", "", id="なし is no seat"),
        P("maybe", "no_win", {"parse": win_or_not}, "form", 'one of "win", "no_win"', id="maybe is no word"),
        # seats: numbers, compass names, "seat N", any capitalisation, only the game's seats
        P("South", 2, {"parse": as_seat}, "correct", "", id="South"),
        P("seat 1", 1, {"parse": as_seat(players=3)}, "correct", "", id="seat 1 of 3"),
        P("East", 1, {"parse": as_seat(players=3)}, "correct", "", id="East of 3"),
        P("SEAT 2", 2, {"parse": as_seat(players=3)}, "correct", "", id="SEAT 2 of 3"),
        P("ｓｅａｔ　２", 2, {"parse": as_seat(players=3)}, "correct", "", id="full-width seat 2"),
        P("南", 2, {"parse": as_seat}, "correct", "", id="南 is South"),
        P("west", 3, {"parse": as_seat}, "correct", "", id="west of 4"),
        P("East", 2, {"parse": as_seat(players=3)}, "wrong", "", id="East is not seat 2"),
        P("West", 0, {"parse": as_seat(players=3)}, "form", "no seat 3 (West) in a game of 3 players",
          id="no West among 3"),
        P("seat 5", 0, {"parse": as_seat}, "form", "no seat 5 in a game of 4 players", id="no seat 5"),
        # grammar of the counts
        P("N:AKQ.AKQJ.AKQ.AKQ", Deal.from_pbn(akq), {"parse": as_deal}, "form", "but 1 is written",
          id="1 hand written"),
        P((1, "C", 3), (1, "C"), {"parse": trick}, "form", "yours has 3 parts instead of 2", id="3 parts for 2"),
        P((1,), (1, "C"), {"parse": trick}, "form", "yours has 1 part instead of 2", id="1 part for 2"),
        P([5], [13, 0, 10, 6], {}, "form", "a list of 4 whole numbers; yours has 1 part instead of 4", id="1 of 4"),
        # blanks
        P(..., 4, {}, "blank", "", id="blank"),
        P([0, ...], [0, 4], {}, "blank", "", id="half blank"),
        # hostile answers: words, never an exception, a hang or a "correct"
        P(_self_list(), [13, 0, 10, 6], {}, "form", "contains itself", id="self-referencing list"),
        P(_nested(1000), [13, 0, 10, 6], {}, "form", "deep", id="1000-deep list"),
        P(_nested(1000), None, {}, "form", "deep", id="1000-deep list for None"),
        P(Fraction(10 ** 5000, 3), Fraction(21, 38), {}, "form", "5001 digits", id="huge fraction"),
        P(Fraction(10 ** 5000, 3), 4, {}, "form", "5001 digits", id="huge fraction for a whole number"),
        P(10 ** 5000, 4, {}, "form", "5001 digits", id="huge whole number"),
        P("9" * 5000, 4, {}, "form", "5000 characters", id="huge text"),
        P(float("nan"), 4, {}, "form", "nan (not a number)", id="nan for a whole number"),
        P(float("inf"), 4, {}, "form", "infinity", id="inf for a whole number"),
        P(float("nan"), 0.89, {}, "wrong", "", id="nan for a decimal"),
        P("nan", 0.89, {}, "form", "a number, such as 0.75", id="the text nan"),
        P("1e999", 0.89, {}, "form", "a number, such as 0.75", id="the text 1e999"),
        P(StripRaises("Cuckoo"), "Cuckoo", {}, "correct", "", id="text whose strip raises, read as its text"),
        P(StripRaises("Pig"), "Cuckoo", {}, "wrong", "", id="text whose strip raises, wrong"),
        P(Endless([13, 0, 10, 6]), [13, 0, 10, 6], {}, "correct", "", id="endless __iter__, read as its items"),
        P(Endless([5]), [13, 0, 10, 6], {}, "form", "1 part instead of 4", id="endless __iter__, wrong"),
        P(AlwaysEqual(), None, {}, "wrong", "", id="always-equal for None"),
        P(AlwaysEqual(), "win", {"parse": win_or_not}, "form", "not an AlwaysEqual", id="always-equal for a word"),
        P(AlwaysEqual(), 4, {}, "form", "not an AlwaysEqual", id="always-equal for a number"),
        P(AlwaysEqual(), "win", {"same": lambda a, b: a == b}, "form", "not an AlwaysEqual",
          id="always-equal, own same"),
        P(RaisingRepr(), 4, {}, "form", "not a RaisingRepr", id="raising repr"),
        P(numpy.bool_(True), True, {}, "correct", "", id="numpy True like True"),
        P(True, True, {}, "correct", "", id="True"),
        P(numpy.bool_(False), True, {}, "wrong", "", id="numpy False"),
        P(numpy.bool_(True), 4, {}, "form", "the yes/no value True", id="numpy True for a number, like True"),
        P(numpy.int64(4), 4, {}, "correct", "", id="numpy 4"),
        P(numpy.float64(0.89), 0.89, {}, "correct", "", id="numpy 0.89"),
        P(numpy.array([13, 0, 10, 6]), [13, 0, 10, 6], {}, "correct", "", id="numpy array"),
        P(Hand((Card.parse("SA"), Card.parse("S2"))), [Card.parse("SA"), Card.parse("S2")], {}, "correct", "",
          id="a hand of the engines is a list of cards"),
        # a check's own steps that fail in Python's words: the words stay hidden
        P("x", 4, {"parse": int}, "form", "does not fit", id="invalid literal hidden"),
        P(float("nan"), 4, {"parse": int}, "form", "does not fit", id="cannot convert NaN hidden"),
        P("9", 4, {"parse": lambda a: int(a * 5000)}, "form", "does not fit", id="digit limit hidden"),
        P("9", 4, {"parse": lambda a: (_ for _ in ()).throw(RecursionError("deep"))}, "form", "does not fit",
          id="recursion in a step hidden"),
        P("pass", "win", {"parse": lambda a: (_ for _ in ()).throw(ValueError("the line needs 21 actions"))}, "form",
          "the line needs 21 actions", id="a check's own sentence shown"),
    ]


@pytest.mark.parametrize("answer,expected,options,kind,words", _rows())
def test_grader_row(answer, expected, options, kind, words):
    said = _said(answer, expected, **options)
    assert _kind(said) == kind, f"{kind} expected, got: {said}"
    assert words in said, said
    if kind != "correct":
        assert "\n" not in said and not PYTHON_TEXT.search(said), f"Python text: {said}"
        assert said.count("“") == said.count("”"), f"broken quote: {said}"


# --------------------------------------------------------------------------- the answer cell failed

@pytest.fixture
def cells():
    """The grader's record of failed cells, empty before and after the test."""
    from classroom import grader
    grader._STALE.clear()
    yield grader.note_cell
    grader._STALE.clear()


def _compile_error(source: str) -> SyntaxError:
    try:
        compile(source, "<cell>", "exec")
    except SyntaxError as exc:
        return exc
    raise AssertionError(f"{source!r} compiles")


def _run_error(source: str) -> BaseException:
    try:
        exec(compile(source, "<cell>", "exec"), {})
    except Exception as exc:  # noqa: BLE001
        return exc
    raise AssertionError(f"{source!r} runs")


def test_q1(answer_1):   # the shape of a notebook's test cell: the parameter is the notebook's name
    from classroom.grader import check
    return check(answer_1, "Cuckoo")


test_q1.__test__ = False   # not a pytest test


@pytest.mark.parametrize("cell,why", [
    ('answer_1 = "Cukoo', "could not read it"),
    ("answer_1 = Cuckoo", "a name Python does not know"),
    ("answer_1 = 'Cuckoo'.upper(1)", "says where"),
    ('x = 1\nanswer_1 = "Cuckoo" +', "could not read it"),
])
def test_an_answer_cell_that_failed_is_named_not_its_older_value_judged(cells, cell, why):
    from classroom.grader import AnswerCellFailed
    cells("answer_1 = 42", None)
    assert "the number 42" in _said_by(test_q1, 42)     # the older value, judged while its cell ran well
    error = _compile_error(cell) if why == "could not read it" else _run_error(cell)
    cells(cell, error)
    with pytest.raises(AnswerCellFailed) as refused:
        test_q1(42)
    message = str(refused.value)
    assert message.startswith("not checked yet — the cell that sets answer_1 stopped with an error")
    assert why in message and "42" not in message and not PYTHON_TEXT.search(message), message
    cells('answer_1 = "Cuckoo"', None)                   # fixed and run again: judged again
    assert test_q1("Cuckoo") == "correct"


def _said_by(fn, answer) -> str:
    try:
        return fn(answer)
    except (NotQuite, NotAnsweredYet) as exc:
        return str(exc)


def test_names_set_before_the_failing_line_are_fresh(cells):
    cells("answer_1 = 'Cuckoo'\nanswer_2 = undefined_name\nanswer_3 = 3", _run_error("x = 1\nundefined_name"))
    from classroom import grader
    assert set(grader._STALE) == {"answer_2", "answer_3"}
    assert test_q1("Cuckoo") == "correct"


def _shell_session(notebook: str, cells: list[str]) -> list[str]:
    """Run ``cells`` in a fresh IPython shell (a subprocess) in ``student/``; the lines each printed."""
    import subprocess
    import sys
    script = (
        "import json, sys\n"
        "from IPython.core.interactiveshell import InteractiveShell\n"
        "shell = InteractiveShell.instance()\n"
        "out = []\n"
        "for cell in json.loads(sys.stdin.read()):\n"
        "    import io, contextlib\n"
        "    buffer = io.StringIO()\n"
        "    with contextlib.redirect_stdout(buffer), contextlib.redirect_stderr(io.StringIO()):\n"
        "        shell.run_cell(cell, store_history=True)\n"
        "    out.append(buffer.getvalue().strip())\n"
        "sys.__stdout__.write(json.dumps(out))\n")
    done = subprocess.run([sys.executable, "-c", script], input=json.dumps(cells), capture_output=True, text=True,
                          cwd=ROOT / "student", timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_in_a_notebook_a_failed_answer_cell_is_named_by_both_graders():
    """In a kernel, the student version's ``grader.check`` (otter's, and the one without otter used in
    JupyterLite) says that the answer cell failed, instead of judging the value from before."""
    said = _shell_session("00_index.ipynb", [
        "from classroom.grader import Grader, _StoredChecks, _tests_in\n"
        "from pathlib import Path\n"
        "grader = Grader('00_index.ipynb')\n"
        "stored = _StoredChecks('00_index.ipynb', _tests_in(Path('00_index.ipynb')))",
        'my_answer = {"S10"}',
        "print(grader.check('q1')); print(stored.check('q1'))",
        'my_answer = {"S10", "♣Q}',                             # a SyntaxError
        "print(grader.check('q1')); print(stored.check('q1'))",
        'my_answer = {S10, "♣Q"}',                              # a NameError
        "print(grader.check('q1')); print(stored.check('q1'))",
        'my_answer = {"S10", "♣Q", "K♦", "JK"}',
        "print(grader.check('q1')); print(stored.check('q1'))",
        "del my_answer",
        'my_answer = {"S10", "♣Q", "K♦", JK}',                  # never set: a NameError in its only cell
        "print(grader.check('q1')); print(stored.check('q1'))",
    ])
    before, syntax, name, fixed, never = (said[i].splitlines() for i in (2, 4, 6, 8, 11))
    assert all(line.startswith("q1: not quite") for line in before), before
    for lines, why in ((syntax, "could not read it"), (name, "a name Python does not know"),
                       (never, "a name Python does not know")):
        assert len(lines) == 2, lines
        for line in lines:
            assert line.startswith("q1: not checked yet — the cell that sets my_answer stopped with an error"), line
            assert why in line and not PYTHON_TEXT.search(line), line
    assert fixed == ["q1: correct ✔", "q1: correct ✔"], fixed


def test_otter_feedback_names_a_failed_answer_cell():
    from classroom.grader import _feedback_from

    class Result:   # the shape of otter's TestFile / TestCaseResult
        passed_all = False
        test_case_results = [type("R", (), {"passed": False, "message": "Traceback (most recent call last):\n ...\n"
                                            "classroom.grader.AnswerCellFailed: not checked yet — the cell that "
                                            "sets answer_1 stopped with an error"})]

    feedback = _feedback_from("q1", Result())
    assert feedback.status == "not answered" and repr(feedback).startswith("q1: not checked yet"), feedback
