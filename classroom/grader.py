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
    q1: right idea — write it as an exact fraction, such as Fraction(1, 3), not a decimal.
    q1: the answer should be a list of 4 whole numbers, not the number 5 — try again.
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

   Name the normaliser the answer needs (``parse=as_suit``, ``parse=[as_actions, replay]``, see below)
   unless the type of ``expected`` already picks the right one, and add the question's row to
   ``tests/test_grader_forms.py``: its natural forms, loose forms and wrong values (the test fails
   for a question without a row).

3. The notebook's old check cell (``assert ...; print("correct!")``) goes: the test cell replaces it.
   Run ``make student``; ``tests/test_classroom.py`` then checks the new question automatically
   (it finds every notebook that has an ``# ASSIGNMENT CONFIG`` cell).

Lines of an ordinary (non-exercise) code cell that only the teacher may see end in
``# SOLUTION NO PROMPT`` (dropped from the student version) or sit in a ``# BEGIN SOLUTION NO PROMPT`` /
``# END SOLUTION`` block; a replacement for the student goes between ``\"\"\" # BEGIN PROMPT`` and
``\"\"\"; # END PROMPT`` lines (a string in the source, code in the student version).

A whole cell only the teacher may see (a winning line, a link to the teacher's folder) carries the cell tag
``teacher-only``: the student version leaves it out. A long import or plotting cell a student need not read
carries the tag ``hide-input``: the student version shows it collapsed (JupyterLab's "source hidden"). The
build also drops nbval's ``# NBVAL_...`` lines and any code cell left empty from the student version
(``tools/build_classroom.py``, ``for_students``); ``tests/test_student_versions.py`` checks the result.

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

Answers in their natural forms (the normalisers)
================================================

:func:`check` judges the answer, not its spelling. Before comparing, it turns the answer into one
canonical value with a **normaliser**: a small function that accepts every natural way of writing
that kind of answer and, for anything else, raises :class:`AnswerFormError` with one plain sentence.

* :func:`as_number` — ``0.89``, ``"0.89"``, ``"0,89"``, ``"89%"``, ``"21/38"``;
* :func:`as_fraction` — ``Fraction(21, 38)`` or ``"21/38"``; a decimal is *right idea* only;
* :func:`as_int` — ``4``, ``4.0``, ``"4"``;
* :func:`as_suit` — ``"C"``, ``"c"``, ``"♣"``, ``"clubs"``, ``"Club"``, ``"クラブ"``;
* :func:`as_card`, :func:`as_cards` — ``"SA"``, ``"♠A"``, a ``Card``; a list, or one string ``"SA S2"``;
* :func:`as_name` — a word from a fixed vocabulary, any capitalisation, the Japanese term too
  (``"臆病者"`` is ``"coward"``); an ``Enum`` member or its name;
* :func:`as_actions` — a list of actions; one string ``"D2, pass"`` is *right idea* only;
* ``as_set(item)``, ``as_seq(item)``, ``as_tuple(a, b, ...)`` — a collection whose order does not
  (set) or does (seq, tuple) matter, each element through its own normaliser.

A check names its normaliser with ``parse=`` (a list of steps runs them in turn); without one,
:func:`normaliser_for` picks it from the type of ``expected`` (a set, a number, a string, an enum, a
card...). When a normaliser can read the answer only loosely (a decimal for an exact fraction, one
string for a list), a right value gets "right idea — write it as …" instead of "correct".

>>> check("Clubs", "C", parse=as_suit)
'correct'
>>> check(("2", "♣"), (2, "C"))
'correct'
>>> check("0.89", 0.8904)
'correct'
>>> check(5, {"S10", "JK"})
Traceback (most recent call last):
...
classroom.grader.NotQuite: the answer should be a set (written {...}) of strings in quotes, not the number 5 — try again.
"""

from __future__ import annotations

import json
import re
import sys
from enum import Enum
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

__all__ = ["NotAnsweredYet", "NotQuite", "AnswerFormError", "Loose", "check", "Feedback", "Grader",
           "normaliser_for", "as_number", "as_int", "as_fraction", "as_text", "as_name", "as_suit", "as_seat",
           "as_card", "as_cards", "as_actions", "as_deal", "as_set", "as_seq", "as_tuple", "as_optional",
           "describe"]

NOT_ANSWERED = "not answered yet — replace the ... with your answer, run the cell, then run this check again."
CORRECT = "correct"
#: What a check says when an answer cannot be used at all and the check names no form.
DOES_NOT_FIT = "this answer does not fit the question ({}): read again what it asks you to write"


class NotAnsweredYet(AssertionError):
    """The answer is still otter's blank ``...``."""


class NotQuite(AssertionError):
    """The answer was given but is not right; the message is written for the student."""


class AnswerFormError(ValueError):
    """A normaliser cannot read the answer; the message is one plain sentence for the student."""


class Loose:
    """What a normaliser returns for an answer read only loosely: ``value`` may be right, but the
    answer should be written as ``form`` (``check`` then says "right idea — write it as …")."""

    __slots__ = ("value", "form")

    def __init__(self, value: Any, form: str):
        self.value, self.form = value, form

    def __repr__(self) -> str:
        return f"Loose({self.value!r}, form={self.form!r})"


def _contains_blank(value: Any) -> bool:
    if value is Ellipsis:
        return True
    if isinstance(value, (list, tuple, set, frozenset)):
        return any(_contains_blank(v) for v in value)
    if isinstance(value, dict):
        return any(_contains_blank(v) for v in value.values())
    return False


# --------------------------------------------------------------------------- plain descriptions

def _quote(text: str) -> str:
    """Text in double quotes, shortened; never a quote that breaks the sentence."""
    text = " ".join(str(text).split())
    if len(text) > 40:
        text = text[:37] + "..."
    return "“" + text + "”"


def describe(value: Any) -> str:
    """What the student wrote, in a few plain words (never a Python error).

    >>> describe(5), describe("SA S2"), describe([]), describe(None)
    ('the number 5', 'the text “SA S2”', 'an empty list', 'None (nothing)')
    """
    if value is None:
        return "None (nothing)"
    if isinstance(value, bool):
        return f"the yes/no value {value}"
    if isinstance(value, (int, float, Fraction)):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text {_quote(value)}" if value.strip() else "an empty text"
    if isinstance(value, Enum):
        return f"{type(value).__name__}.{value.name}"
    for kind, name in ((list, "list"), (tuple, "tuple"), ((set, frozenset), "set"), (dict, "dictionary")):
        if isinstance(value, kind):
            n = len(value)
            return f"an empty {name}" if n == 0 else f"a {name} of {n} item{'s' if n != 1 else ''}"
    name = type(value).__name__
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def _fail(want: str, value: Any) -> AnswerFormError:
    return AnswerFormError(f"the answer should be {want}, not {describe(value)}")


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float, Fraction)) and not isinstance(value, bool)


# --------------------------------------------------------------------------- the normalisers

#: The Japanese (and a few other) names the notebooks teach, each beside the English word it means.
TAUGHT_NAMES: dict[str, str] = {
    "臆病者": "coward", "無効": "void", "成功": "success", "失敗": "failure",
    "勝ち": "win", "負け": "loss", "no win": "no win", "nowin": "no win", "cannot win": "no win",
    "can't win": "no win", "cant win": "no win", "not winnable": "no win",
    "nobody": "none", "no one": "none", "noone": "none",
}


def as_number(value: Any, *, want: str = "a number, such as 0.75") -> Any:
    """A number from a number or a text: ``0.89``, ``"0.89"``, ``"0,89"``, ``"89%"``, ``"21/38"``.

    >>> as_number("0.89"), as_number("89%"), as_number("21/38"), as_number(4)
    (0.89, 0.89, Fraction(21, 38), 4)
    """
    if _is_number(value):
        return value
    if isinstance(value, str):
        text = value.strip().replace(" ", "").replace("\u2212", "-")
        try:
            if text.endswith("%"):
                return float(text[:-1].replace(",", ".")) / 100
            if "/" in text:
                top, bottom = text.split("/")
                return Fraction(int(top), int(bottom))
            number = float(text.replace(",", "."))
            return int(number) if re.fullmatch(r"[+-]?\d+", text) else number
        except (ValueError, ZeroDivisionError):
            pass
    elif hasattr(value, "__float__") and not isinstance(value, (bool, Enum)):   # numpy numbers
        return float(value)
    raise _fail(want, value)


def as_int(value: Any) -> int:
    """A whole number: ``4``, ``4.0`` or ``"4"``."""
    number = as_number(value, want="a whole number, written in digits")
    if number != int(number):
        raise AnswerFormError(f"the answer should be a whole number, written in digits, not {number}")
    return int(number)


def as_fraction(value: Any) -> "Fraction | Loose":
    """An exact fraction: ``Fraction(21, 38)``, ``"21/38"`` or a whole number; a decimal such as
    ``0.553`` is read loosely (right idea, but write the exact fraction)."""
    number = as_number(value, want="an exact fraction, such as Fraction(1, 3)")
    if isinstance(number, float):
        return Loose(number, "an exact fraction, such as Fraction(1, 3), not a decimal")
    return Fraction(number)


def as_text(value: Any) -> str:
    """A word or a short phrase, compared without capitals, extra spaces, ``_`` or ``-``; a name the
    notebooks teach in Japanese means its English word (``"臆病者"`` is ``"coward"``).

    >>> as_text(" No_Win "), as_text("臆病者")
    ('no win', 'coward')
    """
    if isinstance(value, Enum):
        value = value.value if isinstance(value.value, str) else value.name
    if not isinstance(value, str):
        raise _fail("a word in quotes, such as \"win\"", value)
    text = " ".join(value.replace("_", " ").replace("-", " ").split()).casefold()
    return TAUGHT_NAMES.get(text, TAUGHT_NAMES.get(value.strip(), text))


def as_name(vocabulary: "type[Enum] | Mapping[Any, Iterable[str]] | Iterable[str]",
            *, what: str = "") -> Callable[[Any], Any]:
    """A normaliser for one name out of a fixed vocabulary: an ``Enum`` (its members, their names and
    values), a mapping ``{canonical: [other ways to write it]}``, or a list of words. Any capitalisation;
    the Japanese terms of :data:`TAUGHT_NAMES` too.

    >>> from cardgames.comrade import BiddingLoss
    >>> as_name(BiddingLoss)("overshoot"), as_name(BiddingLoss)(BiddingLoss.OVERSHOOT)
    (<BiddingLoss.OVERSHOOT: 'overshoot'>, <BiddingLoss.OVERSHOOT: 'overshoot'>)
    >>> as_name(["success", "failure", "coward", "void"])("臆病者")
    'coward'
    """
    aliases: dict[str, Any] = {}
    if isinstance(vocabulary, type) and issubclass(vocabulary, Enum):
        canon = list(vocabulary)
        for m in vocabulary:
            for word in (m.name, m.value) if isinstance(m.value, str) else (m.name,):
                aliases[as_text(word)] = aliases[as_text(word).replace(" ", "")] = m
        shown = what or "one of " + ", ".join(f"{vocabulary.__name__}.{m.name}" for m in vocabulary)
    else:
        items = vocabulary.items() if isinstance(vocabulary, Mapping) else ((w, ()) for w in vocabulary)
        canon = []
        for key, others in items:
            canon.append(key)
            for word in (key, *others):
                aliases[as_text(word)] = aliases[as_text(word).replace(" ", "")] = key
        shown = what or "one of " + ", ".join(f'"{w}"' for w in canon)

    def normalise(value: Any) -> Any:
        if isinstance(value, Enum) and value in canon:
            return value
        try:
            key = as_text(value)
        except AnswerFormError:
            raise _fail(shown, value) from None
        for k in (key, key.replace(" ", "")):
            if k in aliases:
                return aliases[k]
        raise AnswerFormError(f"the answer should be {shown}, not {describe(value)}")

    normalise.__doc__ = f"one name: {shown}"
    return normalise


_SUIT_WORDS = {
    "S": ("s", "♠", "♤", "spade", "spades", "スペード"),
    "H": ("h", "♥", "♡", "heart", "hearts", "ハート"),
    "D": ("d", "♦", "♢", "diamond", "diamonds", "ダイヤ", "ダイヤモンド"),
    "C": ("c", "♣", "♧", "club", "clubs", "クラブ"),
}
_SUIT_OF = {w.casefold(): s for s, words in _SUIT_WORDS.items() for w in words}


def as_suit(value: Any) -> str:
    """A suit letter from ``"C"``, ``"c"``, ``"♣"``, ``"clubs"``, ``"Club"`` or ``"クラブ"``.

    >>> [as_suit(s) for s in ("c", "♣", "Clubs", "クラブ")]
    ['C', 'C', 'C', 'C']
    """
    if isinstance(value, str) and value.strip().casefold() in _SUIT_OF:
        return _SUIT_OF[value.strip().casefold()]
    raise _fail('a suit: a letter S, H, D or C, a symbol such as ♣, or a word such as "clubs"', value)


_SEATS = {"n": 0, "north": 0, "e": 1, "east": 1, "s": 2, "south": 2, "w": 3, "west": 3}


def as_seat(value: Any, players: int = 4) -> int:
    """A seat number from ``2``, ``"2"``, ``"seat 2"``, ``"S"`` or ``"South"`` (N = 0, E = 1, S = 2, W = 3)."""
    want = f"a seat: a number 0-{players - 1} (N = 0, E = 1, S = 2, W = 3) or a letter N, E, S, W"
    if isinstance(value, str):
        text = value.strip().casefold().removeprefix("seat").strip()
        if text in _SEATS:
            return _SEATS[text]
        value = text if text else value
    try:
        seat = as_int(value)
    except AnswerFormError:
        raise _fail(want, value) from None
    if not 0 <= seat < players:
        raise AnswerFormError(f"the answer should be {want}; there is no seat {seat}")
    return seat


def as_card(value: Any):
    """A card of the ordinary deck from ``"SA"``, ``"♠A"``, ``"a♠"`` or a ``Card`` (the parser names a typo)."""
    from cardgames.cards import Card
    if isinstance(value, Card):
        return value
    if not isinstance(value, str):
        raise _fail('a card code in quotes, such as "SA"', value)
    return Card.parse(value.strip())


def _split(text: str) -> list[str]:
    """One text cut into items: at commas when there are any, otherwise at spaces."""
    parts = text.split(",") if "," in text else text.split()
    return [p.strip().strip("'\"[](){}") for p in parts if p.strip().strip("'\"[](){}")]


def as_cards(value: Any) -> tuple:
    """Cards in order, from a list, a tuple, a hand, or one text such as ``"SA S2"``."""
    if isinstance(value, str):
        value = _split(value)
    if not isinstance(value, Iterable) or isinstance(value, (set, frozenset, dict)):
        raise _fail('a list of cards, such as ["SA", "S2"]', value)
    return tuple(as_card(v) for v in value)


def as_actions(value: Any) -> "tuple[str, ...] | Loose":
    """A list of actions (strings). One text such as ``"D2, pass"`` is read loosely, cut at the commas
    (or at the spaces when there are none), and an empty list is refused: a line needs its first action."""
    form = 'a list of strings, one per action, such as ["pass", "pass"]'
    if isinstance(value, str):
        return Loose(tuple(_split(value)), form)
    if not isinstance(value, (list, tuple)):
        raise _fail(form, value)
    if not value:
        raise AnswerFormError(f"the answer should be {form}; an empty list has not started yet")
    if not all(isinstance(a, str) or type(a).__name__ == "Card" for a in value):
        bad = next(a for a in value if not isinstance(a, str))
        raise AnswerFormError(f"the answer should be {form}; {describe(bad)} in it is not an action in quotes")
    return tuple(str(a).strip() for a in value)


def as_deal(value: Any):
    """A Comrade deal from a PBN text (the parser names what is wrong) or a ``Deal``."""
    from cardgames.comrade import Deal
    if isinstance(value, Deal):
        return value
    if not isinstance(value, str):
        raise _fail('a deal written in PBN, a text such as "N:AK... QJ... T9... 87..."', value)
    return Deal.from_pbn(value.strip())


def as_optional(item: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``None`` (also written ``"None"``, ``"nobody"``, ``"no one"``), or what ``item`` reads."""
    def normalise(value: Any) -> Any:
        if value is None or (isinstance(value, str) and as_text(value) in ("none", "-")):
            return None
        return item(value)
    return normalise


def as_set(item: Callable[[Any], Any] | None = None, *, what: str = "strings in quotes") -> Callable[[Any], Any]:
    """A normaliser for a collection whose order does not matter: a set, a list or a tuple, each element
    through ``item``; one text such as ``"S10 JK"`` is read loosely (right idea, write a set)."""
    item = item or (lambda v: v)
    form = f"a set (written {{...}}) of {what}"

    def normalise(value: Any) -> Any:
        if isinstance(value, str):
            return Loose(frozenset(item(v) for v in _split(value)), form + ', such as {"a", "b"}')
        if not isinstance(value, (list, tuple, set, frozenset)):
            raise _fail(form, value)
        return frozenset(item(v) for v in value)
    return normalise


def as_seq(item: Callable[[Any], Any] | None = None, *, what: str = "items") -> Callable[[Any], Any]:
    """A normaliser for a collection in order: a list or a tuple, each element through ``item``."""
    item = item or (lambda v: v)
    form = f"a list of {what}, in order"

    def normalise(value: Any) -> Any:
        if isinstance(value, (set, frozenset)):
            raise AnswerFormError(f"the answer should be {form}: a set has no order, write a list [...]")
        if isinstance(value, str) or not isinstance(value, (list, tuple)):
            raise _fail(form, value)
        return tuple(item(v) for v in value)
    return normalise


def as_tuple(*items: Callable[[Any], Any], what: str = "") -> Callable[[Any], Any]:
    """A normaliser for a fixed number of parts, each through its own normaliser (a list or a tuple)."""
    form = what or ("a pair (written (…, …))" if len(items) == 2 else f"{len(items)} values in brackets")

    def normalise(value: Any) -> Any:
        if isinstance(value, str) and len(_split(value)) == len(items) > 1:    # "13 0 10 6"
            return Loose(normalise(_split(value)), form)
        if isinstance(value, str) or not isinstance(value, (list, tuple)):
            raise _fail(form, value)
        if len(value) != len(items):
            raise AnswerFormError(f"the answer should be {form}: {len(items)} parts, but it has {len(value)}")
        return tuple(f(v) for f, v in zip(items, value))
    return normalise


def _kind_of(expected: Any) -> str:
    """A plain name for the kind of value ``expected`` is (for the messages of the default normaliser)."""
    from cardgames.cards import Card
    if isinstance(expected, bool):
        return "True or False"
    if isinstance(expected, int):
        return "a whole number"
    if _is_number(expected):
        return "a number"
    if isinstance(expected, Enum):
        return f"one of {type(expected).__name__}'s names, such as {type(expected).__name__}.{next(iter(type(expected))).name}"
    if isinstance(expected, str):
        return "a suit" if expected in _SUIT_WORDS else "a word in quotes"
    if isinstance(expected, Card):
        return 'a card code, such as "SA"'
    if isinstance(expected, list):
        kinds = {_kind_of(e) for e in expected}
        if len(kinds) == 1 and kinds.pop() == "a whole number":
            return f"a list of {len(expected)} whole number{'s' if len(expected) != 1 else ''}"
        return f"a list of {len(expected)} item{'s' if len(expected) != 1 else ''}"
    if isinstance(expected, tuple):
        parts = ", then ".join(_kind_of(e) for e in expected)
        return f"a pair (written (…, …)): {parts}" if len(expected) == 2 else f"{len(expected)} values: {parts}"
    return describe(expected)


def _as_bool(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and as_text(value) in ("true", "yes", "false", "no"):
        return as_text(value) in ("true", "yes")
    raise _fail("True or False", value)


def normaliser_for(expected: Any) -> Callable[[Any], Any]:
    """The default normaliser of a check, chosen from the type of ``expected``: a set or a list
    element by element, numbers (from text too), an enum by its names, a suit by letter, symbol or word,
    a word without capitals (and in Japanese), a card, ``None`` as "nobody"."""
    from cardgames.cards import Card
    if expected is None:
        def number_or_text(value: Any) -> Any:
            if isinstance(value, str):
                try:
                    return as_number(value)
                except AnswerFormError:
                    return as_text(value)
            return value
        return as_optional(number_or_text)
    if isinstance(expected, bool):
        return _as_bool
    if isinstance(expected, Enum):
        return as_name(type(expected))
    if isinstance(expected, int):
        return as_int
    if isinstance(expected, Fraction):
        return as_fraction
    if _is_number(expected):
        return as_number
    if isinstance(expected, str):
        if expected in _SUIT_WORDS:
            return as_suit
        return as_text
    if isinstance(expected, Card):
        return as_card
    if isinstance(expected, (set, frozenset)):
        sample = next(iter(expected), None)
        return as_set(normaliser_for(sample) if sample is not None else None,
                      what="strings in quotes" if isinstance(sample, str) or sample is None else "items")
    if isinstance(expected, (list, tuple)):
        return as_tuple(*(normaliser_for(e) for e in expected), what=_kind_of(expected))
    return lambda value: value


def _same(a: Any, b: Any) -> bool:
    """Equality, with a tolerance of 5e-4 between numbers when one of them is a decimal."""
    if _is_number(a) and _is_number(b) and (isinstance(a, float) or isinstance(b, float)):
        return abs(a - b) <= 5e-4
    if isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b):
        return all(_same(x, y) for x, y in zip(a, b))
    return a == b


def _run(answer: Any, steps: Sequence[Callable[[Any], Any]]) -> tuple[Any, "str | None"]:
    """The answer through each step; returns the value and the form it should be written in if it
    was read loosely (``None`` when it was written well)."""
    value, loose = answer, None
    for step in steps:
        value = step(value)
        if isinstance(value, Loose):
            loose, value = value.form, value.value
    return value, loose


def _message(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else ""


_UNREAD = object()


def check(answer: Any, expected: Any, *, hint: str = "",
          parse: "Callable[[Any], Any] | Sequence[Callable[[Any], Any]] | None" = None,
          same: Callable[[Any, Any], bool] | None = None, form: str = "") -> str:
    """Compare a student's ``answer`` with ``expected``; return ``'correct'`` or raise a friendly error.

    ``parse`` is a normaliser (or a list of steps run in turn) that turns the answer into the compared
    value, e.g. ``as_suit`` or ``[as_actions, replay]``; without it, :func:`normaliser_for` picks one from
    ``expected`` and reads ``expected`` through it too. A step that cannot read the answer gives its own
    plain sentence (an :class:`AnswerFormError`, or a parser's ``ValueError`` such as a misspelt card) and
    a "try again"; any other error gives a plain sentence naming ``form`` (what to write), never the
    error's text. ``same(answer, expected)`` replaces ``==`` (by default numbers agree to 5e-4).

    >>> check(0.890, 0.8904, same=lambda a, b: abs(a - b) < 5e-4)
    'correct'
    >>> from cardgames.cards import Card
    >>> check("SX", Card.parse("S10"), parse=Card.parse)
    Traceback (most recent call last):
    ...
    classroom.grader.NotQuite: unknown rank 'X' in card 'SX' (ranks: A K Q J T 9 8 7 6 5 4 3 2, or 10) — try again.
    >>> check(0.5526, Fraction(21, 38))
    Traceback (most recent call last):
    ...
    classroom.grader.NotQuite: right idea — write it as an exact fraction, such as Fraction(1, 3), not a decimal.
    """
    if _contains_blank(answer):
        raise NotAnsweredYet(NOT_ANSWERED)
    raw_expected = expected
    if parse is None:
        steps: list = [normaliser_for(expected)]
        try:
            expected, _ = _run(expected, steps)
        except Exception:   # an expected value the default cannot read is compared as it is
            pass
    else:
        steps = list(parse) if isinstance(parse, (list, tuple)) else [parse]
        try:    # the expected value written the same way (a set of codes read without capitals...)
            read_expected: Any = _run(expected, steps)[0]
        except Exception:
            read_expected = _UNREAD
    wrong = f"not quite — hint: {hint} Try again." if hint else "not quite — try again."
    judge = same or _same

    def verdict(value: Any) -> bool:
        # the read answer against the read expected value; with a check's own ``same``, also the
        # answer as written against the expected value as given (that ``same`` may expect those)
        pairs = [(value, expected)] + ([(answer, raw_expected), (value, raw_expected)]
                                       if same is not None and parse is None else [])
        if parse is not None and read_expected is not _UNREAD and same is None:
            pairs.append((value, read_expected))
        for mine, truth in pairs:
            try:
                if judge(mine, truth):
                    return True
            except Exception:
                pass
        return False

    if same is not None and parse is None:   # a check's own comparison may take the answer as written
        try:
            if same(answer, raw_expected):
                return CORRECT
        except Exception:
            pass
    try:
        value, loose = _run(answer, steps)
    except AnswerFormError as exc:
        raise NotQuite(f"{_message(exc)} — try again.") from None
    except Exception as exc:
        # one text where a list was meant (a line of actions read letter by letter): read it as a list,
        # cut at commas or spaces, or as a list of that one text
        text = answer.strip() if isinstance(answer, str) else ""
        by_letter = len(text) > 1 and f"'{text[0]}'" in _message(exc) and f"'{text}'" not in _message(exc)
        tries = ([_split(answer)] if text and len(_split(answer)) > 1 else []) + ([[text]] if by_letter else [])
        last_error = ""
        for attempt in tries:
            try:
                value, _ = _run(attempt, steps)
            except Exception as again:  # noqa: BLE001 - the next reading, or the plain message below
                last_error = _message(again) if isinstance(again, ValueError) else ""
                continue
            if verdict(value):
                raise NotQuite("right idea — write it as a list of strings in quotes, one per item, "
                               'such as ["pass", "pass"].') from None
            raise NotQuite("write the answer as a list of strings in quotes, one per item, not one text; "
                           + wrong[0].lower() + wrong[1:]) from None
        if by_letter and last_error and " at 0x" not in last_error:
            raise NotQuite(f"{last_error} (write the answer as a list of strings in quotes, "
                           'such as ["pass", "pass"]) — try again.') from None
        if isinstance(exc, ValueError) and _message(exc) and " at 0x" not in _message(exc):
            raise NotQuite(f"{_message(exc)} — try again.") from None
        sentence = f"the answer should be {form}, not {describe(answer)}" if form else \
            DOES_NOT_FIT.format(describe(answer))
        raise NotQuite(f"{sentence} — try again.") from None
    ok = verdict(value)
    if ok and loose:
        raise NotQuite(f"right idea — write it as {loose}.")
    if not ok:
        raise NotQuite(wrong)
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
    last = text.strip().splitlines()[-1] if text.strip() else ""
    if "NameError" in last:
        return Feedback(question, "not answered",
                        "not answered yet — run the cells above (and your answer cell) first, then this check.",
                        result)
    # another error inside the check: a plain sentence, never the error's own text
    return Feedback(question, "not quite", "not quite — " + DOES_NOT_FIT.format("the check could not use it")
                    + ". Try again.", result)


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
            except Exception:  # noqa: BLE001 - a wrong answer of any kind is a "not quite", in plain words
                return Feedback(question, "not quite", "not quite — " + DOES_NOT_FIT.format("the check could not use it")
                                + ". Try again.")
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
