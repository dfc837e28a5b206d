"""Find teacher-only material in what students get: a built student site, or the ``student/`` notebooks.

    python tools/teacher_leaks.py build/site/student student   # one line per leak; exit status 1 if any

What counts as teacher-only is read from the sources, so a new exercise or a new teacher cell is covered
without editing this file:

* **answers** -- in ``notebooks/``, every line marked ``# SOLUTION``, every line between ``# BEGIN SOLUTION``
  and ``# END SOLUTION`` inside a cell, and every cell between otter's raw ``# BEGIN SOLUTION`` and
  ``# END SOLUTION`` cells (the written "Answer in words" too);
* **teacher-only cells** -- the cells tagged ``teacher-only`` (``WINNING_LINES``, the winning lines of the
  class mini deals, is one of them, and is reported as **winning lines**);
* **lesson plans** -- ``docs/lessons/*.md`` (all but the pages listed in :data:`PUBLIC_LESSON_PAGES`): a
  page built from one, or one of their sentences;
* **answer sheets** -- the printables listed in :data:`TEACHER_PRINTABLES` (a file or a link to one);
* **the coach** -- the text ``coach=True``, ``CARDGAMES_TEACHER`` or the control "coach (teacher)".

The text of a page or notebook is compared after tags are removed and white space is collapsed, so
``answer_total = 8`` is found in a highlighted code block of the book as well as in a notebook's JSON.
A fingerprint that also occurs in the student-visible part of the sources (what ``make student`` keeps)
is dropped, so a sentence the student version rightly shares with the teacher's never counts as a leak.

>>> fp = Fingerprints(answers={"answer_total = 8"}, teacher_cells=set(), winning_lines={"WINNING_LINES"},
...                   lesson_plans=set(), plan_pages=set())
>>> [leak.kind for leak in scan_text("x = 1\\nanswer_total  =  8  # SOLUTION", "a.ipynb cell 3", fp)]
['answer']
>>> scan_text("answer_total = ...", "a.ipynb cell 3", fp)
[]
"""

from __future__ import annotations

import argparse
import html
import html.parser
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS, DOCS = ROOT / "notebooks", ROOT / "docs"

#: The printables that carry answers: on the teacher site only.
TEACHER_PRINTABLES = ("comrade_mini_deals_teacher.pdf",)
#: Pages of docs/lessons/ that are not lesson plans (no answers in them).
PUBLIC_LESSON_PAGES = ("comrade_convention_card",)
#: Text that names or offers the play table's coach (teacher-only: never in a student's material).
COACH_MARKS = ("coach=True", "CARDGAMES_TEACHER", "coach (teacher)")
#: The tag of a cell ``make student`` leaves out of the student version.
TEACHER_ONLY_TAG = "teacher-only"

#: Shortest fingerprint of each kind (characters, after white space is collapsed): shorter lines of a
#: teacher cell or a lesson plan ("```", "## Plan") say nothing teacher-only.
MIN_ANSWER, MIN_CELL_LINE, MIN_PLAN_LINE = 6, 20, 40
#: The files whose text is read (the JupyterLite app's JavaScript bundles and the wheels are not
#: students' reading; the wheels carry this project's code, coach included, by design).
TEXT_SUFFIXES = (".html", ".ipynb", ".md", ".txt", ".py")
TEXT_NAMES = ("searchindex.js",)


@dataclass(frozen=True)
class Leak:
    """One piece of teacher-only material found: its kind, where (a path, a cell) and the text found."""

    kind: str
    where: str
    what: str

    def __str__(self) -> str:
        return f"{self.where}: {self.kind}: {self.what[:100]}"


@dataclass
class Fingerprints:
    """The teacher-only text to look for (whitespace-collapsed strings) and the plan pages' stems."""

    answers: set[str] = field(default_factory=set)
    teacher_cells: set[str] = field(default_factory=set)
    winning_lines: set[str] = field(default_factory=set)
    lesson_plans: set[str] = field(default_factory=set)
    plan_pages: set[str] = field(default_factory=set)
    coach: tuple[str, ...] = COACH_MARKS
    answer_sheets: tuple[str, ...] = TEACHER_PRINTABLES

    def kinds(self):
        yield "answer", self.answers
        yield "winning lines", self.winning_lines
        yield "teacher-only cell", self.teacher_cells
        yield "lesson plan", self.lesson_plans
        yield "coach", set(self.coach)
        yield "answer sheet", set(self.answer_sheets)


def normalize(text: str) -> str:
    """White space collapsed to single spaces, ends stripped."""
    return re.sub(r"\s+", " ", text).strip()


def _src(cell: dict) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


_SOLUTION_MARK = re.compile(r"\s*#\s*SOLUTION\b.*$")
_MD_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")


def _plain_markdown(line: str) -> str:
    """A markdown line as its rendered text reads: links by their label, no emphasis or code marks."""
    text = _MD_LINK.sub(r"\1", line)
    text = re.sub(r"^\s*(#+|[*+-]|\d+\.|>)\s+", "", text)
    return normalize(text.replace("**", "").replace("__", "").replace("`", "").replace("*", ""))


def _cell_lines(cell: dict) -> list[str]:
    if cell.get("cell_type") == "markdown":
        return [_plain_markdown(line) for line in _src(cell).splitlines()]
    return [normalize(line) for line in _src(cell).splitlines()]


def notebook_material(nb: dict) -> tuple[set[str], set[str], set[str], list[str]]:
    """``(answers, teacher-cell lines, winning lines, student-visible lines)`` of one source notebook."""
    answers, teacher, winning, visible = set(), set(), set(), []
    in_block = False
    for cell in nb.get("cells", []):
        src = _src(cell)
        if cell.get("cell_type") == "raw":
            mark = normalize(src)
            if mark.startswith("# BEGIN SOLUTION"):
                in_block = True
            elif mark.startswith("# END SOLUTION"):
                in_block = False
            continue
        if TEACHER_ONLY_TAG in cell.get("metadata", {}).get("tags", []):
            lines = [line for line in _cell_lines(cell) if len(line) >= MIN_CELL_LINE]
            if "WINNING_LINES" in src:
                winning.add("WINNING_LINES")
                winning.update(lines)
            else:
                teacher.update(lines)
            continue
        if in_block and cell.get("cell_type") == "markdown":
            answers.update(line for line in _cell_lines(cell) if len(line) >= MIN_CELL_LINE)
            continue
        inner = False
        for raw in src.splitlines():
            stripped = raw.strip()
            if cell.get("cell_type") == "code" and stripped.startswith("# BEGIN SOLUTION"):
                inner = True
            elif cell.get("cell_type") == "code" and stripped.startswith("# END SOLUTION"):
                inner = False
            elif cell.get("cell_type") == "code" and (_SOLUTION_MARK.search(raw) or inner):
                line = normalize(_SOLUTION_MARK.sub("", raw))
                if len(line) >= MIN_ANSWER:
                    answers.add(line)
            else:
                visible.append(_plain_markdown(raw) if cell.get("cell_type") == "markdown" else normalize(raw))
    return answers, teacher, winning, visible


def fingerprints(notebooks: Path = NOTEBOOKS, docs: Path = DOCS) -> Fingerprints:
    """What is teacher-only, read from the source notebooks and the lesson plans."""
    fp = Fingerprints()
    visible: list[str] = []
    for path in sorted(Path(notebooks).glob("*.ipynb")):
        answers, teacher, winning, seen = notebook_material(json.loads(path.read_text(encoding="utf-8")))
        fp.answers |= answers
        fp.teacher_cells |= teacher
        fp.winning_lines |= winning
        visible += seen
    lessons = Path(docs) / "lessons"
    for page in sorted(lessons.glob("*.md")) if lessons.is_dir() else ():
        if page.stem in PUBLIC_LESSON_PAGES:
            continue
        fp.plan_pages.add(page.stem)
        fp.lesson_plans |= {line for line in map(_plain_markdown, page.read_text(encoding="utf-8").splitlines())
                            if len(line) >= MIN_PLAN_LINE}
    shared = normalize(" ".join(visible))   # a phrase the student text wraps over two lines counts too
    for kind in ("answers", "teacher_cells", "winning_lines", "lesson_plans"):
        setattr(fp, kind, {s for s in getattr(fp, kind) if s not in shared})
    return fp


def scan_text(text: str, where: str, fp: Fingerprints) -> list[Leak]:
    """Every fingerprint found in ``text`` (white space collapsed first)."""
    flat = normalize(text)
    return [Leak(kind, where, s) for kind, strings in fp.kinds() for s in sorted(strings) if s and s in flat]


class _Text(html.parser.HTMLParser):
    """The text of an HTML page (what a reader sees, and the attributes a link carries), no scripts or styles."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self._skip += 1
        for key, value in attrs:
            if key in ("href", "src", "title", "value", "alt") and value:
                self.parts.append(f" {value} ")

    def handle_endtag(self, tag):
        if tag in ("script", "style") and self._skip:
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip:
            self.parts.append(data)


def html_text(page: str) -> str:
    """The visible text of an HTML page (tags gone, entities decoded), with link targets."""
    parser = _Text()
    parser.feed(page)
    parser.close()
    return html.unescape("".join(parser.parts))


def _output_text(output: dict) -> str:
    parts = [output.get("text", "")] if "text" in output else []
    data = output.get("data", {})
    for mime, value in data.items():
        value = "".join(value) if isinstance(value, list) else value
        if not isinstance(value, str):
            continue
        if mime == "text/html":
            parts.append(html_text(value))
        elif mime.startswith("text/"):
            parts.append(value)
    return "\n".join("".join(p) if isinstance(p, list) else p for p in parts)


def scan_notebook(path: Path, rel: str, fp: Fingerprints) -> list[Leak]:
    """Every cell (source and outputs) of a notebook."""
    try:
        nb = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError):
        return scan_text(path.read_text(encoding="utf-8", errors="replace"), rel, fp)
    leaks = []
    for index, cell in enumerate(nb.get("cells", [])):
        text = _src(cell) + "\n" + "\n".join(_output_text(o) for o in cell.get("outputs", []))
        if cell.get("cell_type") == "markdown":   # as it reads rendered, too (no emphasis or link marks)
            text += "\n" + "\n".join(_cell_lines(cell))
        leaks += scan_text(text, f"{rel} cell {index + 1}", fp)
    return leaks


def scan(tree: Path, fp: Fingerprints | None = None) -> list[Leak]:
    """Every leak in a folder (a built student site, ``student/``): the text of its pages and notebooks,
    and files that are teacher-only by their name (a lesson plan's page, an answer sheet)."""
    fp = fingerprints() if fp is None else fp
    tree = Path(tree)
    leaks: list[Leak] = []
    for path in sorted(p for p in tree.rglob("*") if p.is_file()):
        rel = path.relative_to(tree).as_posix()
        if ".ipynb_checkpoints" in path.parts:
            continue
        if path.name in fp.answer_sheets:
            leaks.append(Leak("answer sheet", rel, path.name))
        if path.parent.name == "lessons" and path.stem in fp.plan_pages:
            leaks.append(Leak("lesson plan", rel, path.stem))
        if path.suffix == ".ipynb":
            leaks += scan_notebook(path, rel, fp)
        elif path.suffix == ".html":
            leaks += scan_text(html_text(path.read_text(encoding="utf-8", errors="replace")), rel, fp)
        elif path.suffix in TEXT_SUFFIXES or path.name in TEXT_NAMES:
            leaks += scan_text(path.read_text(encoding="utf-8", errors="replace"), rel, fp)
    return leaks


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/teacher_leaks.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+", type=Path, help="a built student site, the student/ folder ...")
    args = parser.parse_args(argv)
    fp = fingerprints()
    found = 0
    for folder in args.folders:
        if not folder.is_dir():
            print(f"teacher_leaks: no folder {folder}", file=sys.stderr)
            return 2
        for leak in scan(folder, fp):
            print(f"{folder}/{leak}")
            found += 1
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
