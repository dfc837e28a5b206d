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

* :func:`as_number` — ``0.89``, ``"0.89"``, ``"0,89"``, ``"89%"``, ``"21/38"``, ``"０．８９"``;
* :func:`as_fraction` — ``Fraction(21, 38)`` or ``"21/38"``; a decimal is *right idea* only;
* :func:`as_int` — ``4``, ``4.0``, ``"4"``;
* :func:`as_suit` — ``"C"``, ``"c"``, ``"♣"``, ``"clubs"``, ``"Club"``, ``"クラブ"``;
* :func:`as_card`, :func:`as_cards` — ``"SA"``, ``"♠A"``, a ``Card``; a list, or one string ``"SA S2"``;
* :func:`as_name` — a word from a fixed vocabulary, any capitalisation, the Japanese term too
  (``"臆病者"`` is ``"coward"``, ``"負け"`` and ``"なし"`` are ``"no_win"``); an ``Enum`` member or its name;
* :func:`as_seat` — ``2``, ``"seat 2"``, ``"South"``, ``"s"``, ``"南"``; ``as_seat(players=3)`` for a
  3-player game (there is no West);
* :func:`as_actions` — a list of actions; one string ``"D2, pass"`` is *right idea* only;
* ``as_set(item)``, ``as_seq(item)``, ``as_tuple(a, b, ...)`` — a collection whose order does not
  (set) or does (seq, tuple) matter, each element through its own normaliser.

Every text is read in its NFKC form first, so full-width digits and letters typed with a Japanese input
method count as the ordinary ones (``"４"`` is ``"4"``, ``"０．８９"`` is ``"0.89"``).

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

Whatever the answer is
======================

A check answers every answer in words, within a second.  It first reads the answer plainly
(:func:`_plain`): built-in values by their exact kind (a subclass through its base kind's own methods, so a
list whose ``__iter__`` never ends is read as the items it holds), numpy's numbers and arrays as Python
values (``numpy.bool_(True)`` is ``True``), this package's cards, deals and enums as they are, and anything
else as a stand-in that equals only itself (an object whose ``==`` always says yes is never right).  An
answer bigger than :data:`MAX_ITEMS` items, deeper than :data:`MAX_DEPTH`, with a text longer than
:data:`MAX_TEXT` or a number longer than :data:`MAX_DIGITS` digits, or one that contains itself, gets one
sentence saying so.  No code of the answer's own runs inside a check, any error inside the check becomes a
plain sentence, and Python's own wording ("cannot convert float NaN to integer", "Exceeds the limit (4300
digits)...") never reaches the student: a check's own step may explain a refusal with a ``ValueError`` of
its own sentence, or one of the engines' errors.

>>> check(float("nan"), 4)
Traceback (most recent call last):
...
classroom.grader.NotQuite: the answer should be a whole number, written in digits, not the special value nan (not a number) — try again.

If the cell that sets the answer stopped with an error (a ``SyntaxError`` from a missing quote, a
``NameError`` from a word without quotes), the answer's name still holds its older value.  The checks
know, because IPython tells this module after every cell (:func:`watch_cells`, called on import and by
:func:`Grader`), and they say so (:class:`AnswerCellFailed`, a kind of "not answered yet") instead of
judging the older value::

    q1: not checked yet — the cell that sets answer_1 stopped with an error when you last ran it: Python
    could not read it (look for a missing quote, bracket or comma). So answer_1 still holds an older
    value (or none). Fix that cell, run it, then run this check again.
"""  # noqa: E501 (doctest output lines)

from __future__ import annotations

import ast
import itertools
import json
import math
import re
import sys
import unicodedata
from decimal import Decimal
from enum import Enum
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

__all__ = ["NotAnsweredYet", "AnswerCellFailed", "NotQuite", "AnswerFormError", "Loose", "check", "Feedback", "Grader",
           "normaliser_for", "as_number", "as_int", "as_fraction", "as_text", "as_name", "as_suit", "as_seat",
           "as_card", "as_cards", "as_actions", "as_deal", "as_set", "as_seq", "as_tuple", "as_optional",
           "describe"]

NOT_ANSWERED = "not answered yet — replace the ... with your answer, run the cell, then run this check again."
CORRECT = "correct"
#: What a check says when an answer cannot be used at all and the check names no form.
DOES_NOT_FIT = "this answer does not fit the question ({}): read again what it asks you to write"


class NotAnsweredYet(AssertionError):
    """The answer is still otter's blank ``...``."""


class AnswerCellFailed(NotAnsweredYet):
    """The cell that sets the answer stopped with an error the last time it ran, so the answer's name
    still holds an older value (or none): the check says so instead of judging that older value."""


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
    """Is otter's blank ``...`` anywhere in the answer? (The answer has been made plain, so this is
    bounded: see :func:`_plain`.)"""
    if value is Ellipsis:
        return True
    if isinstance(value, (list, tuple, set, frozenset)):
        return any(_contains_blank(v) for v in value)
    if isinstance(value, dict):
        return any(_contains_blank(v) for v in value.values())
    return False


# --------------------------------------------------------------------------- whatever the answer is

#: Bounds on what a check reads.  The largest real answer is a 13-card Comrade line of about 60 actions;
#: the bounds are far above every real answer and far below what would take a check a second.
MAX_ITEMS = 1000      # items in all, counting those inside inner lists
MAX_DEPTH = 12        # lists inside lists
MAX_TEXT = 2000       # characters in one text
MAX_DIGITS = 60       # digits of a whole number, or of a fraction's top or bottom


class _TooBig(AnswerFormError):
    """An answer far outside every question's bounds; the message is one plain sentence."""


class _Foreign:
    """Stands in for an answer (or a part of one) of a kind no check reads: an object of the student's
    own class, a function, a generator...  It equals only itself, so an object whose ``==`` always
    says yes is never judged right, and none of its own code (``__eq__``, ``__iter__``, ``__str__``)
    ever runs inside a check.

    >>> class Always:
    ...     def __eq__(self, other): return True
    >>> _plain(Always()) == "Cuckoo", describe(_plain(Always()))
    (False, 'an Always')
    """

    __slots__ = ("kind",)

    def __init__(self, kind: str):
        self.kind = kind

    def __repr__(self) -> str:      # as a parser quotes it: "..., not an Always"
        return describe(self)


_KIND_WORDS = {"function": "function", "builtin_function_or_method": "function", "method": "function",
               "type": "class (a kind of value, not a value)", "module": "module", "generator": "generator",
               "range": "range", "map": "map", "filter": "filter", "zip": "zip", "bytes": "bytes value",
               "bytearray": "bytes value", "complex": "complex number", "NoneType": "None"}


def _type_name(cls: type) -> str:
    """A class's own name, read without running any of its code (a metaclass cannot change it)."""
    try:
        name = type.__dict__["__name__"].__get__(cls)
        module = type.__dict__["__module__"].__get__(cls)
    except Exception:  # noqa: BLE001 - an unreadable class is simply "an object"
        return "object"
    if not isinstance(name, str) or not name.isidentifier() or len(name) > 40:
        return "object"
    return name if isinstance(module, str) else "object"


def _is_ours(cls: type) -> bool:
    """Is ``cls`` a class of this package (a card, a deal, an enum of the engines), found under its own
    name in its own module?  Only those are compared with ``==`` as they are."""
    try:
        module = type.__dict__["__module__"].__get__(cls)
        qualname = type.__dict__["__qualname__"].__get__(cls)
    except Exception:  # noqa: BLE001
        return False
    if not isinstance(module, str) or module.split(".")[0] not in ("cardgames", "solvers", "classroom"):
        return False
    found: Any = sys.modules.get(module)
    for part in str(qualname).split("."):
        found = getattr(found, part, None) if found is not None else None
    return found is cls and cls is not _Foreign


def _is_kind(value: Any, *kinds: type) -> bool:
    """Is ``value`` exactly one of ``kinds``, or a value of this package built on one (a ``Hand`` is a
    tuple of cards)?  A plain answer has exact kinds only (see :func:`_plain`)."""
    return type(value) in kinds or (_is_ours(type(value)) and isinstance(value, kinds))


def _count(n: int, word: str) -> str:
    """``_count(1, "part")`` is ``'1 part'``, ``_count(3, "part")`` is ``'3 parts'``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _digits(n: int) -> int:
    """How many digits ``n`` has, without writing them (Python refuses to write more than 4,300)."""
    bits = abs(n).bit_length()
    return len(str(abs(n))) if bits <= 200 else int(bits * math.log10(2)) + 1


_SURROGATE = re.compile("[\ud800-\udfff]")
#: Characters never shown in a message: lone surrogates (no page can show them) and control characters.
_UNSHOWABLE = re.compile("[\ud800-\udfff\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _plain_text(text: str) -> str:
    """A text as the checks read it: full-width letters and digits as ordinary ones (``"０．８９"`` is
    ``"0.89"``, NFKC), no emoji variation selectors (``"♣️"`` is ``"♣"``)."""
    if len(text) > MAX_TEXT:
        raise _TooBig(f"the answer holds a text of {len(text)} characters, far longer than any answer here")
    text = _SURROGATE.sub("\ufffd", unicodedata.normalize("NFKC", text)).replace("\ufe0f", "").replace("\ufe0e", "")
    if len(text) > MAX_TEXT:
        raise _TooBig(f"the answer holds a text of {len(text)} characters, far longer than any answer here")
    return text


def _plain_int(n: int) -> int:
    if abs(n).bit_length() > MAX_DIGITS * 3.33:
        raise _TooBig(f"the answer holds a number of {_digits(n)} digits, far larger than any answer here")
    return n


def _plain(value: Any) -> Any:
    """The answer as plain Python values the checks can compare safely, whatever the student wrote.

    Only built-in kinds are read, each by its exact type (``bool``, ``int``, ``float``, ``Fraction``,
    ``str``, ``list``, ``tuple``, ``set``, ``dict``; a subclass is read as its base kind, through the base
    kind's own methods), numpy's numbers and arrays as the Python values they hold
    (``numpy.bool_(True)`` is ``True``), and this package's own values (a ``Card``, a ``Deal``, an engine's
    enum) as they are.  Anything else becomes a :class:`_Foreign` that equals only itself.  An answer
    larger than :data:`MAX_ITEMS` items, deeper than :data:`MAX_DEPTH`, with a text longer than
    :data:`MAX_TEXT` or a number of more than :data:`MAX_DIGITS` digits, or one that contains itself,
    raises :class:`_TooBig` with a plain sentence.

    >>> _plain(["４", ("S", 2.5)])
    ['4', ('S', 2.5)]
    >>> loop = []; loop.append(loop)
    >>> _plain(loop)
    Traceback (most recent call last):
    ...
    classroom.grader._TooBig: the answer is a list that contains itself, so it never ends
    """
    budget = [MAX_ITEMS]
    return _plain_in(value, 0, set(), budget)


def _plain_in(value: Any, depth: int, path: set, budget: list) -> Any:
    cls = type(value)
    if value is None or value is Ellipsis or cls is bool or cls is float or cls is complex or cls is _Foreign:
        return value
    if cls is int:
        return _plain_int(value)
    if cls is str:
        return _plain_text(value)
    if cls is Fraction:
        _plain_int(value.numerator), _plain_int(value.denominator)
        return value
    numpy = sys.modules.get("numpy")
    if numpy is not None and issubclass(cls, (numpy.generic, numpy.ndarray)) and \
            getattr(numpy, _type_name(cls), None) is cls:
        return _plain_numpy(value, numpy, depth, path, budget)
    if cls is Decimal:
        if not value.is_finite() or abs(value.adjusted()) > MAX_DIGITS:
            return _Foreign("Decimal")
        return float(value)
    if _is_ours(cls):
        return value
    # the kind is read from the real class (issubclass), never from what the object says it is
    if issubclass(cls, Enum):              # an enum of the student's own, or of another library
        return _Foreign(_type_name(cls))
    if issubclass(cls, (list, tuple, set, frozenset, dict)):
        return _plain_collection(value, cls, depth, path, budget)
    if issubclass(cls, int):
        return _plain_int(int.__int__(value))
    if issubclass(cls, float):
        return float.__float__(value)
    if issubclass(cls, str):
        return _plain_text(str.__str__(value))
    return _Foreign(_type_name(cls))


def _plain_numpy(value: Any, numpy: Any, depth: int, path: set, budget: list) -> Any:
    if isinstance(value, numpy.ndarray):
        if value.size > budget[0] or value.ndim > MAX_DEPTH - depth:
            raise _TooBig(f"the answer has more than {MAX_ITEMS} items, far more than any question here asks for")
        return _plain_in(value.tolist(), depth, path, budget)
    if isinstance(value, numpy.bool_):
        return bool(value)
    if isinstance(value, numpy.integer):
        return _plain_int(int(value))
    if isinstance(value, numpy.floating):
        return float(value)
    if isinstance(value, numpy.str_):
        return _plain_text(str(value))
    return _Foreign(_type_name(type(value)))


def _plain_collection(value: Any, cls: type, depth: int, path: set, budget: list) -> Any:
    """A list, tuple, set or dictionary (or a subclass: read through the base kind's own methods, so
    its ``__iter__`` or ``__len__`` never runs) with each item made plain."""
    base = next(k for k in (list, tuple, frozenset, set, dict) if issubclass(cls, k))
    if id(value) in path:
        raise _TooBig(f"the answer is {'a list' if base is list else 'a collection'} "
                      "that contains itself, so it never ends")
    if depth >= MAX_DEPTH:
        raise _TooBig(f"the answer has lists inside lists more than {MAX_DEPTH} deep, "
                      "far deeper than any answer here")
    size = base.__len__(value)
    if size > budget[0]:
        raise _TooBig(f"the answer has more than {MAX_ITEMS} items, far more than any question here asks for")
    budget[0] -= size
    items: Iterable = dict.items(value) if base is dict else base.__iter__(value)
    path.add(id(value))
    try:
        if base is dict:
            return {_plain_in(k, depth + 1, path, budget): _plain_in(v, depth + 1, path, budget)
                    for k, v in itertools.islice(items, size)}
        parts = [_plain_in(v, depth + 1, path, budget) for v in itertools.islice(items, size)]
    finally:
        path.discard(id(value))
    if base is list:
        return parts
    if base is tuple:
        return tuple(parts)
    return frozenset(parts) if base is frozenset else set(parts)


# --------------------------------------------------------------------------- plain descriptions

def _quote(text: str) -> str:
    """Text in double quotes, shortened, only printable characters; never a quote that breaks the
    sentence."""
    text = " ".join(text.split()) if type(text) is str else "…"
    text = "".join(c if c.isprintable() and c not in "“”" else "?" for c in text[:80])
    if len(text) > 40:
        text = text[:37] + "..."
    return "“" + text + "”"


def _number_words(value: Any) -> str:
    if type(value) is float and math.isnan(value):
        return "the special value nan (not a number)"
    if type(value) is float and math.isinf(value):
        return f"{'minus ' if value < 0 else ''}infinity (no number at all)"
    if isinstance(value, Fraction):
        if max(_digits(value.numerator), _digits(value.denominator)) > MAX_DIGITS:
            return f"a fraction with {max(_digits(value.numerator), _digits(value.denominator))} digits"
        return f"the number {value}"
    if isinstance(value, int) and _digits(value) > MAX_DIGITS:
        return f"a number of {_digits(value)} digits"
    return f"the number {value}"


def describe(value: Any) -> str:
    """What the student wrote, in a few plain words (never a Python error, whatever ``value`` is).

    >>> describe(5), describe("SA S2"), describe([]), describe(None)
    ('the number 5', 'the text “SA S2”', 'an empty list', 'None (nothing)')
    >>> describe(float("nan")), describe(10 ** 5000), describe([1])
    ('the special value nan (not a number)', 'a number of 5001 digits', 'a list of 1 item')
    """
    try:
        return _describe(value)
    except Exception:  # noqa: BLE001 - a value that cannot even be described is still answered in words
        return "an answer of an unusual kind"


def _describe(value: Any) -> str:
    cls = type(value)
    if value is None:
        return "None (nothing)"
    if cls is _Foreign:
        kind = _KIND_WORDS.get(value.kind, value.kind)
        return f"{'an' if kind[:1].lower() in 'aeiou' else 'a'} {kind}"
    if cls is bool:
        return f"the yes/no value {value}"
    if cls in (int, float, Fraction):
        return _number_words(value)
    if cls is complex:
        return "a complex number"
    if cls is str:
        return f"the text {_quote(value)}" if value.strip() else "an empty text"
    if isinstance(value, Enum) and _is_ours(cls):
        return f"{_type_name(cls)}.{value.name}"
    for kind, name in ((list, "list"), (tuple, "tuple"), ((set, frozenset), "set"), (dict, "dictionary")):
        if cls in (kind if isinstance(kind, tuple) else (kind,)):
            n = len(value)
            return f"an empty {name}" if n == 0 else f"a {name} of {_count(n, 'item')}"
    if not _is_ours(cls):   # a value never made plain (a normaliser called directly): read it plainly first
        return _describe(_plain(value))
    name = _type_name(cls)
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def _fail(want: str, value: Any) -> AnswerFormError:
    return AnswerFormError(f"the answer should be {want}, not {describe(value)}")


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float, Fraction)) and not isinstance(value, bool)


# --------------------------------------------------------------------------- messages a student may see

#: Wording of Python's own errors (and of numpy's): a message with any of it never reaches a student.
_PYTHON_WORDING = re.compile(
    r"Error|Exception|Traceback|invalid literal|could not convert|cannot convert|convert .* to|[Ee]xceeds the limit|"
    r"int_max_str_digits|\bsys\.|math domain|values to unpack|arg is an empty|not in list|substring not found|"
    r"truth value|broadcast|\bargument|positional|keyword|\bexpected\b.*\bgot\b|\b0x[0-9a-f]|<[\w.]+ object|"
    r"NoneType|\w\(\)|\bdtype\b|base 10|not iterable|not subscriptable|not callable|unhashable|"
    r"unsupported operand|has no attribute|object is not|recursion|division by zero|overflow|\bdigits\) for\b")


def _grammar(text: str) -> str:
    """Small repairs of messages written for many items when there is one ("but 1 are written")."""
    return re.sub(r"(?<![\d.,])\b1 are\b", "1 is", text)


def _student_text(exc: BaseException) -> str:
    """The message of a parser's error if it is written for a student (the package's own errors, an
    :class:`AnswerFormError`, or a plain ``ValueError`` a check raised with a sentence); ``""`` for
    Python's own wording ("invalid literal for int()", "cannot convert float NaN to integer",
    "Exceeds the limit (4300 digits)...") and for any other kind of error."""
    from cardgames.errors import GameError
    if not isinstance(exc, (AnswerFormError, GameError)) and type(exc) is not ValueError:
        return ""
    text = _grammar(_message(exc).strip())
    if not text or _PYTHON_WORDING.search(text) or " at 0x" in text:
        return ""
    return text if len(text) <= 300 else text[:297] + "..."


# --------------------------------------------------------------------------- the normalisers

#: The Japanese (and a few other) names the notebooks teach, each beside the English word it means.
TAUGHT_NAMES: dict[str, str] = {
    "臆病者": "coward", "無効": "void", "成功": "success", "失敗": "failure",
    "勝ち": "win", "勝てる": "win", "負け": "loss", "勝てない": "no win", "勝ちなし": "no win",
    "no win": "no win", "nowin": "no win", "cannot win": "no win",
    "can't win": "no win", "cant win": "no win", "not winnable": "no win",
    "nobody": "none", "no one": "none", "noone": "none",
    "なし": "none", "無し": "none", "誰も": "none", "誰もいない": "none", "いない": "none", "該当なし": "none",
    "はい": "yes", "いいえ": "no",
}

#: Words that mean a vocabulary's word when the vocabulary does not list them itself: ``"loss"``,
#: ``"負け"``, ``"なし"`` or ``"no"`` answer "can the team win?" as ``"no_win"`` does (see :func:`as_name`).
NEAR_NAMES: dict[str, tuple[str, ...]] = {
    "no win": ("loss", "lose", "lost", "none", "no", "impossible"),
    "win": ("won", "yes", "can win", "winnable"),
    "loss": ("no win", "lose", "lost"),
    "overshoot": ("over 13", "exceed 13", "exceeds 13", "exceeded 13", "more than 13", "over the total",
                  "exceed", "exceeded", "over", "超過", "オーバー"),
}


def _reads_plain(normaliser: Callable[..., Any]) -> Callable[..., Any]:
    """A normaliser that first reads its value plainly (:func:`_plain`), so it never runs the answer's own
    code, even when it is called directly rather than through :func:`check`."""
    import functools

    @functools.wraps(normaliser)
    def normalise(value: Any, *args: Any, **kwargs: Any) -> Any:
        return normaliser(_plain(value), *args, **kwargs)
    return normalise


_MINUS = str.maketrans({"\u2212": "-", "\u2012": "-", "\u2013": "-", "\u2010": "-", "\u2011": "-"})


@_reads_plain
def as_number(value: Any, *, want: str = "a number, such as 0.75") -> Any:
    """A number from a number or a text: ``0.89``, ``"0.89"``, ``"0,89"``, ``"89%"``, ``"21/38"``, written
    in full-width digits too (``"０．８９"``).  A text that is not a finite number is refused.

    >>> as_number("0.89"), as_number("89%"), as_number("21/38"), as_number(4), as_number("０．８９")
    (0.89, 0.89, Fraction(21, 38), 4, 0.89)
    """
    if _is_number(value):
        return value
    if type(value) is str and len(value) <= 2 * MAX_DIGITS:
        text = value.strip().replace(" ", "").translate(_MINUS)
        try:
            if text.endswith("%"):
                number: Any = float(text[:-1].replace(",", ".")) / 100
            elif "/" in text:
                top, bottom = text.split("/")
                number = Fraction(int(top), int(bottom))
            elif re.fullmatch(r"[+-]?\d+", text):
                number = int(text)
            else:
                number = float(text.replace(",", "."))
            if not isinstance(number, float) or math.isfinite(number):
                return number
        except (ValueError, ZeroDivisionError):
            pass
    raise _fail(want, value)


@_reads_plain
def as_int(value: Any) -> int:
    """A whole number: ``4``, ``4.0`` or ``"4"`` (``"４"`` too).

    >>> as_int("４"), as_int(4.0)
    (4, 4)
    """
    want = "a whole number, written in digits"
    number = as_number(value, want=want)
    if isinstance(number, float) and not math.isfinite(number):
        raise _fail(want, number)
    if number != int(number):
        raise AnswerFormError(f"the answer should be {want}, not {describe(number)}")
    return int(number)


@_reads_plain
def as_fraction(value: Any) -> "Fraction | Loose":
    """An exact fraction: ``Fraction(21, 38)``, ``"21/38"`` or a whole number; a decimal such as
    ``0.553`` is read loosely (right idea, but write the exact fraction)."""
    number = as_number(value, want="an exact fraction, such as Fraction(1, 3)")
    if isinstance(number, float):
        if not math.isfinite(number):
            raise _fail("an exact fraction, such as Fraction(1, 3)", number)
        return Loose(number, "an exact fraction, such as Fraction(1, 3), not a decimal")
    return Fraction(number)


@_reads_plain
def as_text(value: Any) -> str:
    """A word or a short phrase, compared without capitals, extra spaces, ``_`` or ``-``; a name the
    notebooks teach in Japanese means its English word (``"臆病者"`` is ``"coward"``, ``"なし"`` is
    ``"none"``).

    >>> as_text(" No_Win "), as_text("臆病者"), as_text("なし")
    ('no win', 'coward', 'none')
    """
    if isinstance(value, Enum):
        value = value.value if isinstance(value.value, str) else value.name
    if type(value) is not str:
        raise _fail("a word in quotes, such as \"win\"", value)
    text = " ".join(value.replace("_", " ").replace("-", " ").split()).casefold()
    return TAUGHT_NAMES.get(text, TAUGHT_NAMES.get(value.strip(), text))


def as_name(vocabulary: "type[Enum] | Mapping[Any, Iterable[str]] | Iterable[str]",
            *, what: str = "") -> Callable[[Any], Any]:
    """A normaliser for one name out of a fixed vocabulary: an ``Enum`` (its members, their names and
    values), a mapping ``{canonical: [other ways to write it]}``, or a list of words. Any capitalisation;
    the Japanese terms of :data:`TAUGHT_NAMES` too, and the near names of :data:`NEAR_NAMES` for a word
    the vocabulary does not list itself (``"負け"`` is ``"no_win"`` where the words are win and no_win).

    >>> from cardgames.comrade import BiddingLoss
    >>> as_name(BiddingLoss)("overshoot"), as_name(BiddingLoss)(BiddingLoss.OVERSHOOT)
    (<BiddingLoss.OVERSHOOT: 'overshoot'>, <BiddingLoss.OVERSHOOT: 'overshoot'>)
    >>> as_name(["success", "failure", "coward", "void"])("臆病者")
    'coward'
    >>> [as_name(["win", "no_win"])(w) for w in ("勝ち", "負け", "なし", "No")]
    ['win', 'no_win', 'no_win', 'no_win']
    """
    aliases: dict[str, Any] = {}
    if isinstance(vocabulary, type) and issubclass(vocabulary, Enum):
        canon: list[Any] = list(vocabulary)
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
    for word, near in NEAR_NAMES.items():       # a near name, unless the vocabulary has it itself
        if word in aliases:
            for other in near:
                aliases.setdefault(other, aliases[word])
                aliases.setdefault(other.replace(" ", ""), aliases[word])

    @_reads_plain
    def normalise(value: Any) -> Any:
        if isinstance(value, Enum) and any(value is c for c in canon):
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


@_reads_plain
def as_suit(value: Any) -> str:
    """A suit letter from ``"C"``, ``"c"``, ``"♣"``, ``"clubs"``, ``"Club"`` or ``"クラブ"``.

    >>> [as_suit(s) for s in ("c", "♣", "Clubs", "クラブ")]
    ['C', 'C', 'C', 'C']
    """
    if type(value) is str and value.strip().casefold() in _SUIT_OF:
        return _SUIT_OF[value.strip().casefold()]
    raise _fail('a suit: a letter S, H, D or C, a symbol such as ♣, or a word such as "clubs"', value)


_SEATS = {"n": 0, "north": 0, "北": 0, "e": 1, "east": 1, "東": 1, "s": 2, "south": 2, "南": 2,
          "w": 3, "west": 3, "西": 3}
_COMPASS = ("North", "East", "South", "West")
_NO_VALUE = object()


def as_seat(value: Any = _NO_VALUE, players: int = 4) -> Any:
    """A seat number from ``2``, ``"2"``, ``"seat 2"``, ``"Seat 2"``, ``"S"``, ``"south"`` or ``"南"``
    (N = 0, E = 1, S = 2, W = 3), only among the game's ``players`` seats.  ``as_seat(players=3)``, without
    a value, is the normaliser of a 3-player game's seat (for ``check(..., parse=as_seat(players=3))``).

    >>> as_seat("South"), as_seat("seat 1"), as_seat(players=3)("East")
    (2, 1, 1)
    >>> as_seat("West", players=3)
    Traceback (most recent call last):
    ...
    classroom.grader.AnswerFormError: the answer should be a seat: a number 0-2 (N = 0, E = 1, S = 2) or a letter N, E, S; there is no seat 3 (West) in a game of 3 players
    """  # noqa: E501 (doctest output line)
    if value is _NO_VALUE:
        def normalise(answer: Any) -> int:
            return as_seat(answer, players)
        normalise.__doc__ = f"a seat of a game of {players} players"
        return normalise
    value = _plain(value)
    shown = min(players, 4)
    want = (f"a seat: a number 0-{players - 1} ("
            + ", ".join(f"{_COMPASS[i][0]} = {i}" for i in range(shown)) + ") or a letter "
            + ", ".join(_COMPASS[i][0] for i in range(shown)))
    if type(value) is str:
        text = " ".join(value.split()).casefold()
        for prefix in ("seat", "player", "席"):
            text = text.removeprefix(prefix).strip().lstrip("#").strip()
        if text in _SEATS:
            value = _SEATS[text]
        elif text:
            value = text
    try:
        seat = as_int(value)
    except AnswerFormError:
        raise _fail(want, value) from None
    if not 0 <= seat < players:
        name = f" ({_COMPASS[seat]})" if 0 <= seat < 4 else ""
        raise AnswerFormError(f"the answer should be {want}; there is no seat {seat}{name} "
                              f"in a game of {players} players")
    return seat


def _parsed(value: Any, cls: type, form: str, parse: Callable[[str], Any]) -> Any:
    """``value`` itself when it is a ``cls`` already, else ``parse`` of its text (the parser names what is
    wrong); anything but a text is refused in the words of ``form``."""
    if type(value) is cls:
        return value
    if type(value) is not str:
        raise _fail(form, value)
    return parse(value.strip())


@_reads_plain
def as_card(value: Any):
    """A card of the ordinary deck from ``"SA"``, ``"♠A"``, ``"a♠"`` or a ``Card`` (the parser names a typo)."""
    from cardgames.cards import Card
    return _parsed(value, Card, 'a card code in quotes, such as "SA"', Card.parse)


def _split(text: str) -> list[str]:
    """One text cut into items: at commas when there are any, otherwise at spaces."""
    parts = text.split(",") if "," in text else text.split()
    return [p.strip().strip("'\"[](){}") for p in parts if p.strip().strip("'\"[](){}")]


@_reads_plain
def as_cards(value: Any) -> tuple:
    """Cards in order, from a list, a tuple, a hand, or one text such as ``"SA S2"``."""
    if type(value) is str:
        value = _split(value)
    if _is_ours(type(value)) and isinstance(value, Iterable):    # a hand of the engines
        value = list(itertools.islice(value, MAX_ITEMS))
    if not _is_kind(value, list, tuple):
        raise _fail('a list of cards, such as ["SA", "S2"]', value)
    return tuple(as_card(v) for v in value)


@_reads_plain
def as_actions(value: Any) -> "tuple[str, ...] | Loose":
    """A list of actions (strings). One text such as ``"D2, pass"`` is read loosely, cut at the commas
    (or at the spaces when there are none), and an empty list is refused: a line needs its first action."""
    form = 'a list of strings, one per action, such as ["pass", "pass"]'
    if type(value) is str:
        return Loose(tuple(_split(value)), form)
    if not _is_kind(value, list, tuple):
        raise _fail(form, value)
    if not value:
        raise AnswerFormError(f"the answer should be {form}; an empty list has not started yet")
    bad = next((a for a in value if type(a) is not str and not (_is_ours(type(a)) and type(a).__name__ == "Card")),
               None)
    if bad is not None:
        raise AnswerFormError(f"the answer should be {form}; {describe(bad)} in it is not an action in quotes")
    return tuple(str(a).strip() for a in value)


@_reads_plain
def as_deal(value: Any):
    """A Comrade deal from a PBN text (the parser names what is wrong) or a ``Deal``."""
    from cardgames.comrade import Deal
    return _parsed(value, Deal, 'a deal written in PBN, a text such as "N:AK... QJ... T9... 87..."', Deal.from_pbn)


def as_optional(item: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``None`` (also written ``"None"``, ``"nobody"``, ``"no one"``, ``"なし"``), or what ``item`` reads."""
    @_reads_plain
    def normalise(value: Any) -> Any:
        if value is None or (type(value) is str and as_text(value) in ("none", "-")):
            return None
        return item(value)
    return normalise


def as_set(item: Callable[[Any], Any] | None = None, *, what: str = "strings in quotes") -> Callable[[Any], Any]:
    """A normaliser for a collection whose order does not matter: a set, a list or a tuple, each element
    through ``item``; one text such as ``"S10 JK"`` is read loosely (right idea, write a set)."""
    item = item or (lambda v: v)
    form = f"a set (written {{...}}) of {what}"

    @_reads_plain
    def normalise(value: Any) -> Any:
        if type(value) is str:
            return Loose(frozenset(item(v) for v in _split(value)), form + ', such as {"a", "b"}')
        if not _is_kind(value, list, tuple, set, frozenset):
            raise _fail(form, value)
        return frozenset(item(v) for v in value)
    return normalise


def as_seq(item: Callable[[Any], Any] | None = None, *, what: str = "items") -> Callable[[Any], Any]:
    """A normaliser for a collection in order: a list or a tuple, each element through ``item``."""
    item = item or (lambda v: v)
    form = f"a list of {what}, in order"

    @_reads_plain
    def normalise(value: Any) -> Any:
        if _is_kind(value, set, frozenset):
            raise AnswerFormError(f"the answer should be {form}: a set has no order, write a list [...]")
        if not _is_kind(value, list, tuple):
            raise _fail(form, value)
        return tuple(item(v) for v in value)
    return normalise


def as_tuple(*items: Callable[[Any], Any], what: str = "") -> Callable[[Any], Any]:
    """A normaliser for a fixed number of parts, each through its own normaliser (a list or a tuple).

    >>> as_tuple(as_int, as_suit, what="a pair (seat, led suit)")([2, "C", "x"])
    Traceback (most recent call last):
    ...
    classroom.grader.AnswerFormError: the answer should be a pair (seat, led suit); yours has 3 parts instead of 2
    """
    form = what or ("a pair (written (…, …))" if len(items) == 2 else f"{len(items)} values in brackets")

    @_reads_plain
    def normalise(value: Any) -> Any:
        if type(value) is str and len(_split(value)) == len(items) > 1:    # "13 0 10 6"
            return Loose(normalise(_split(value)), form)
        if not _is_kind(value, list, tuple):
            raise _fail(form, value)
        if len(value) != len(items):
            raise AnswerFormError(f"the answer should be {form}; yours has {_count(len(value), 'part')} "
                                  f"instead of {len(items)}")
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
        kind = type(expected).__name__
        return f"one of {kind}'s names, such as {kind}.{next(iter(type(expected))).name}"
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


@_reads_plain
def _as_bool(value: Any) -> bool:
    if type(value) is bool:
        return value
    if type(value) is str and as_text(value) in ("true", "yes", "false", "no"):
        return as_text(value) in ("true", "yes")
    raise _fail("True or False", value)


def normaliser_for(expected: Any) -> Callable[[Any], Any]:
    """The default normaliser of a check, chosen from the type of ``expected``: a set or a list
    element by element, numbers (from text too), an enum by its names, a suit by letter, symbol or word,
    a word without capitals (and in Japanese), a card, ``None`` as "nobody"."""
    from cardgames.cards import Card
    if expected is None:
        def number_or_text(value: Any) -> Any:
            if type(value) is str:
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
    if type(a) is _Foreign or type(b) is _Foreign:
        return a is b
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
    """The first line of an error's message, read without running the error's own code."""
    try:
        args = BaseException.__getattribute__(exc, "args")
        text = str.__str__(args[0]) if args and isinstance(args[0], str) else ""
    except Exception:  # noqa: BLE001
        return ""
    lines = text.strip().splitlines()
    return lines[0] if lines else ""


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

    Whatever the answer is, the check answers in words: it reads the answer plainly first
    (:func:`_plain`: built-in values only, bounded in size and depth, none of the answer's own code run),
    and any error inside becomes a plain sentence.  If the cell that sets the answer stopped with an
    error the last time it ran, the check says so (:class:`AnswerCellFailed`) instead of judging the
    value the name still holds from before.

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
    >>> check(float("nan"), 4)
    Traceback (most recent call last):
    ...
    classroom.grader.NotQuite: the answer should be a whole number, written in digits, not the special value nan (not a number) — try again.
    """  # noqa: E501 (doctest output line)
    stale = _stale_answer(answer, sys._getframe(1))
    if stale:
        raise AnswerCellFailed(stale)
    try:
        plain = _plain(answer)
    except AnswerFormError as exc:
        raise NotQuite(f"{_message(exc)} — try again.") from None
    except Exception:  # noqa: BLE001 - an answer that cannot even be read is answered in words
        raise NotQuite(DOES_NOT_FIT.format("an answer of an unusual kind") + " — try again.") from None
    if _contains_blank(plain):
        raise NotAnsweredYet(NOT_ANSWERED)
    try:
        return _judge(plain, expected, hint=hint, parse=parse, same=same, form=form)
    except (NotQuite, NotAnsweredYet) as exc:
        said = _message(exc)
        shown = _UNSHOWABLE.sub("?", said)
        if shown == said:
            raise
        raise type(exc)(shown) from None
    except Exception:  # noqa: BLE001 - RecursionError, MemoryError...: the answer, not the check, is at fault
        sentence = f"the answer should be {form}, not {describe(plain)}" if form else \
            DOES_NOT_FIT.format(describe(plain))
        raise NotQuite(f"{sentence} — try again.") from None


def _judge(answer: Any, expected: Any, *, hint: str, parse: Any, same: Any, form: str) -> str:
    """:func:`check` on an answer already read plainly."""
    raw_expected = expected
    if parse is None:
        steps: list = [normaliser_for(expected)]
        try:
            expected, _ = _run(expected, steps)
        except Exception:   # an expected value the default cannot read is compared as it is
            pass
    else:
        steps = list(parse) if isinstance(parse, (list, tuple)) else [parse]
        # the expected value written the same way (a set of codes read without capitals, a list read as
        # a tuple...).  A check's own step may be a test rather than a reading (``lambda a: a == [1, 2]``
        # turns the expected True into False, which a wrong answer reads as too): its reading counts only
        # if reading it again changes nothing and it is not a yes/no other than the expected one
        try:
            read_expected: Any = _run(expected, steps)[0]
        except Exception:  # noqa: BLE001 - compared as given
            read_expected = _UNREAD
        ours = all(str(getattr(step, "__module__", "")).split(".")[0] in ("classroom", "cardgames", "solvers")
                   for step in steps)
        if read_expected is not _UNREAD and not ours:
            try:
                if (type(read_expected) is bool and read_expected != expected) or \
                        not _same(_run(read_expected, steps)[0], read_expected):
                    read_expected = _UNREAD
            except Exception:  # noqa: BLE001 - a reading that cannot be read again is no reading
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
            except Exception:  # noqa: BLE001 - a comparison that fails is no match
                pass
        return False

    if same is not None and parse is None:   # a check's own comparison may take the answer as written
        try:
            if same(answer, raw_expected):
                return CORRECT
        except Exception:  # noqa: BLE001
            pass
    try:
        value, loose = _run(answer, steps)
    except AnswerFormError as exc:
        raise NotQuite(f"{_message(exc)} — try again.") from None
    except Exception as exc:
        # one text where a list was meant (a line of actions read letter by letter): read it as a list,
        # cut at commas or spaces, or as a list of that one text
        told = _student_text(exc)
        text = answer.strip() if type(answer) is str else ""
        by_letter = len(text) > 1 and f"'{text[0]}'" in told and f"'{text}'" not in told
        tries = ([_split(answer)] if text and len(_split(answer)) > 1 else []) + ([[text]] if by_letter else [])
        last_error = ""
        for attempt in tries:
            try:
                value, _ = _run(attempt, steps)
            except Exception as again:  # noqa: BLE001 - the next reading, or the plain message below
                last_error = _student_text(again)
                continue
            if verdict(value):
                raise NotQuite("right idea — write it as a list of strings in quotes, one per item, "
                               'such as ["pass", "pass"].') from None
            raise NotQuite("write the answer as a list of strings in quotes, one per item, not one text; "
                           + wrong[0].lower() + wrong[1:]) from None
        if by_letter and last_error:
            raise NotQuite(f"{last_error} (write the answer as a list of strings in quotes, "
                           'such as ["pass", "pass"]) — try again.') from None
        if told:
            raise NotQuite(f"{told} — try again.") from None
        sentence = f"the answer should be {form}, not {describe(answer)}" if form else \
            DOES_NOT_FIT.format(describe(answer))
        raise NotQuite(f"{sentence} — try again.") from None
    ok = verdict(value)
    if ok and loose:
        raise NotQuite(f"right idea — write it as {loose}.")
    if not ok:
        raise NotQuite(wrong)
    return CORRECT


# --------------------------------------------------------------------------- the answer cell ran?

#: Names the last run of a cell left unset: a name -> what stopped that cell ("syntax", "name", "other").
#: Kept up to date by :func:`_after_cell`, which IPython calls after every cell (see :func:`watch_cells`).
_STALE: dict[str, str] = {}

_WHY = {
    "syntax": "Python could not read it (look for a missing quote, bracket or comma)",
    "name": "it uses a name Python does not know (a word needs quotes, such as \"win\", "
            "or a cell above has not been run yet)",
    "other": "its message, in red under it, says where",
}


def cell_failed_message(name: str) -> str:
    """What a check says when the cell that sets ``name`` stopped with an error the last time it ran.

    >>> _STALE["answer_1"] = "syntax"
    >>> cell_failed_message("answer_1")  # doctest: +NORMALIZE_WHITESPACE
    'not checked yet — the cell that sets answer_1 stopped with an error when you last ran it: Python could
    not read it (look for a missing quote, bracket or comma). So answer_1 still holds an older value (or
    none). Fix that cell, run it, then run this check again.'
    >>> del _STALE["answer_1"]
    """
    why = _WHY.get(_STALE.get(name, "other"), _WHY["other"])
    return (f"not checked yet — the cell that sets {name} stopped with an error when you last ran it: {why}. "
            f"So {name} still holds an older value (or none). Fix that cell, run it, then run this check again.")


def _stale_answer(answer: Any, frame: Any) -> str:
    """The message for an answer held by a name whose cell last stopped with an error (``""`` if none).

    A check is called as ``check(answer_1, ...)`` inside a test function whose parameters are the
    notebook's names, so the caller's frame names the answer."""
    if not _STALE or frame is None:
        return ""
    try:
        for name, value in list(frame.f_locals.items()):
            if value is answer and name in _STALE:
                return cell_failed_message(name)
    except Exception:  # noqa: BLE001 - no frame to read: judge the answer as it is
        pass
    return ""


def _targets(node: ast.AST) -> set[str]:
    """The names a top-level statement sets."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {node.name}
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        return {(a.asname or a.name).split(".")[0] for a in node.names}
    if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.For, ast.With)):
        return {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    return set()


_ASSIGNED = re.compile(r"^\s*\(?\s*([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*)\s*,?\s*\)?\s*(?::[^=]*)?=(?!=)", re.M)


def _error_line(error: BaseException) -> "int | None":
    """The line of the cell where ``error`` stopped it (the first frame of the cell's own code)."""
    tb = getattr(error, "__traceback__", None)
    while tb is not None:
        if tb.tb_frame.f_code.co_name == "<module>":
            return tb.tb_lineno
        tb = tb.tb_next
    return None


def note_cell(source: str, error: "BaseException | None") -> None:
    """Record what a cell that just ran did to its names: those it set are fresh again; those it meant
    to set but did not (the cell stopped with ``error`` before or on their line) are stale.

    >>> note_cell('answer_1 = "Cukoo', SyntaxError("unterminated string literal"))
    >>> _STALE["answer_1"]
    'syntax'
    >>> note_cell('answer_1 = "Cuckoo"', None)
    >>> "answer_1" in _STALE
    False
    """
    kind = "syntax" if isinstance(error, SyntaxError) else "name" if isinstance(error, NameError) else "other"
    try:
        tree = ast.parse(source)
    except SyntaxError:
        if error is not None:    # not even Python: every name it seems to set is stale
            for match in _ASSIGNED.finditer(source):
                for name in match.group(1).split(","):
                    _STALE[name.strip()] = kind
        return
    line = _error_line(error) if error is not None else None
    for node in tree.body:
        ran = error is None or (line is not None and (node.end_lineno or node.lineno) < line)
        for name in _targets(node):
            if ran:
                _STALE.pop(name, None)
            else:
                _STALE[name] = kind


def _after_cell(result: Any) -> None:
    """IPython's ``post_run_cell`` event: :func:`note_cell` for the cell that has just run."""
    try:
        source = getattr(getattr(result, "info", None), "raw_cell", None) or ""
        error = getattr(result, "error_before_exec", None) or getattr(result, "error_in_exec", None)
        shell = sys.modules["IPython"].get_ipython()
        if shell is not None and not isinstance(error, SyntaxError):
            source = shell.transform_cell(source)     # %magics as the Python that ran
        note_cell(source, error)
    except Exception:  # noqa: BLE001 - never disturb the student's notebook
        pass


def watch_cells() -> bool:
    """Have IPython tell the checks which cells stopped with an error (once per kernel; ``False``
    outside IPython).  Called when this module is imported and by :func:`Grader`."""
    try:
        ipython = sys.modules.get("IPython")
        shell = ipython.get_ipython() if ipython is not None else None
        if shell is None:
            return False
        callbacks = shell.events.callbacks["post_run_cell"]
        for old in [c for c in callbacks if getattr(c, "__qualname__", "") == "_after_cell"
                    and getattr(c, "__module__", "") == __name__ and c is not _after_cell]:
            shell.events.unregister("post_run_cell", old)    # this module imported again
        if _after_cell not in callbacks:
            shell.events.register("post_run_cell", _after_cell)
        return True
    except Exception:  # noqa: BLE001 - a shell without events: the checks work, without this help
        return False


def _test_parameters(source: str) -> list[str]:
    """The parameters of the test functions in a stored check (the notebook names it reads)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    return [a.arg for node in ast.walk(tree) if isinstance(node, ast.FunctionDef) and node.name.startswith("test")
            for a in node.args.args]


def _stale_in(source: str) -> str:
    """The message for the first name a stored check reads whose cell last stopped with an error."""
    name = next((n for n in _test_parameters(source) if n in _STALE), None)
    return cell_failed_message(name) if name else ""


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


RUN_CELLS_FIRST = "not answered yet — run the cells above (and your answer cell) first, then this check."
#: What a check says when something other than the grader's own refusal stopped it.
CHECK_COULD_NOT_USE = "not quite — " + DOES_NOT_FIT.format("the check could not use it") + ". Try again."


def _one_line(text: str) -> str:
    """A grader's message as one plain line (the first line, at most 400 characters)."""
    lines = str(text).strip().splitlines()
    line = lines[0].strip() if lines else ""
    return line if len(line) <= 400 else line[:397] + "..."


def _feedback_from(question: str, result: Any) -> Feedback:
    """Turn otter's test result into one friendly line (never a traceback)."""
    try:
        if result.passed_all:
            return Feedback(question, "correct", CORRECT, result)
        text = "\n".join(str(r.message or "") for r in result.test_case_results if not r.passed)
    except Exception:  # noqa: BLE001 - a result of another shape: still one plain line
        return Feedback(question, "not quite", CHECK_COULD_NOT_USE, result)
    for cls, status in ((AnswerCellFailed, "not answered"), (NotAnsweredYet, "not answered"), (NotQuite, "not quite")):
        marker = f"{cls.__name__}: "
        if marker in text:
            return Feedback(question, status, _one_line(text.split(marker, 1)[1]), result)
    last = text.strip().splitlines()[-1] if text.strip() else ""
    if "NameError" in last:
        return Feedback(question, "not answered", RUN_CELLS_FIRST, result)
    # another error inside the check: a plain sentence, never the error's own text
    return Feedback(question, "not quite", CHECK_COULD_NOT_USE, result)


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
        stale = _stale_in(self.tests[question])
        if stale:
            return Feedback(question, "not answered", stale)
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
                return Feedback(question, "not answered", _one_line(_message(exc)))
            except NotQuite as exc:
                return Feedback(question, "not quite", _one_line(_message(exc)))
            except NameError:
                return Feedback(question, "not answered", RUN_CELLS_FIRST)
            except Exception:  # noqa: BLE001 - a wrong answer of any kind is a "not quite", in plain words
                return Feedback(question, "not quite", CHECK_COULD_NOT_USE)
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
    watch_cells()
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
            stale = _stale_in(tests.get(question, ""))
            if stale:
                return Feedback(question, "not answered", stale)
            return _feedback_from(question, super().check(question, global_env))

    return _FriendlyNotebook(nb_path)


watch_cells()
