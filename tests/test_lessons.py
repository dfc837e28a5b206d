"""Teacher material: every lesson page has the required sections, the index links every page, each
notebook ends with the lesson page's "what to take away" box, and notebook 30's formula also reads as
plain text where no maths renderer runs (offline nbconvert HTML)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "docs" / "lessons"
NOTEBOOKS = ROOT / "notebooks"
#: Lesson pages that must exist (one per lesson notebook; 22 and 29 are written on other branches).
REQUIRED = ["10_krypkille_rules", "11_krypkille_endgame", "19_krypkille_appendix", "20_comrade_rules",
            "21_comrade_solver", "22_comrade_silence", "23_comrade_class_games", "28_comrade_solver_appendix",
            "29_comrade_appendix", "30_heart_challenge_rules"]
#: Notebooks whose last cells carry the take-away box.
WITH_BOX = ["10_krypkille_rules", "11_krypkille_endgame", "19_krypkille_appendix", "20_comrade_rules",
            "21_comrade_solver", "22_comrade_silence", "23_comrade_class_games",
            "28_comrade_solver_appendix", "29_comrade_appendix",
            "30_heart_challenge_rules"]
SECTIONS = ["## Learning goals", "## Python a student needs", "## Timings", "### 45-minute lesson",
            "### 90-minute lesson", "## Discussion questions", "## What to take away"]
PAGES = sorted(LESSONS.glob("[0-9][0-9]_*.md"))


def _cells(name: str) -> list[dict]:
    return json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))["cells"]


def _section(text: str, heading: str) -> str:
    after = text.split(heading + "\n", 1)[1]
    return re.split(r"\n## ", after, maxsplit=1)[0]


def take_away_box(text: str) -> str:
    """The blockquote under "## What to take away"."""
    lines = _section(text, "## What to take away").strip().splitlines()
    box = []
    for line in lines:
        if line.startswith(">"):
            box.append(line)
        elif box:
            break
    return "\n".join(box)


def test_every_lesson_page_exists():
    assert sorted(p.stem for p in PAGES) == sorted(REQUIRED)


@pytest.mark.parametrize("page", PAGES, ids=[p.stem for p in PAGES])
def test_lesson_page_has_the_required_sections(page):
    text = page.read_text(encoding="utf-8")
    positions = [text.find(s + "\n") for s in SECTIONS]
    assert -1 not in positions, [s for s, p in zip(SECTIONS, positions) if p == -1]
    assert positions == sorted(positions), "sections out of order"
    assert f"({'../../notebooks/' + page.stem}.ipynb)" in text, "the page links its notebook"
    assert len(re.findall(r"^\* ", _section(text, "## Learning goals"), re.M)) >= 3
    python = _section(text, "## Python a student needs")
    assert re.search(r"\*\*(None|Reading|Writing small code|None to reading|Reading to writing small code)\.\*\*",
                     python), python
    timings = _section(text, "## Timings")
    for minutes in ("45", "90"):
        block = timings.split(f"### {minutes}-minute lesson", 1)[1].split("###", 1)[0]
        ends = [int(m) for m in re.findall(r"^\| \d+–(\d+) \|", block, re.M)]
        assert ends and ends[-1] == int(minutes), (minutes, ends)         # the plan fills the lesson exactly
        assert ends == sorted(ends)
    assert "*split point*" in timings and "**Split point:**" in timings
    questions = re.findall(r"^\d+\. \*\*.+?\*\*\s+\*Answer:\*", _section(text, "## Discussion questions"),
                           re.M | re.S)
    assert len(questions) >= 4
    box = take_away_box(text)
    assert box.startswith("> **What to take away**") and box.count("> * ") >= 3


def test_index_links_every_lesson_page_and_only_existing_ones():
    text = "".join("".join(c["source"]) for c in _cells("00_index") if c["cell_type"] == "markdown")
    linked = set(re.findall(r"\]\(\.\./docs/lessons/([^)#]+\.md)\)", text))
    existing = {p.name for p in PAGES}
    lessons = {name for name in linked if re.match(r"\d\d_", name)}
    assert lessons == existing, (sorted(existing - lessons), sorted(lessons - existing))
    assert all((LESSONS / name).is_file() for name in linked - lessons), sorted(linked - lessons)
    for rules in ("krypkille", "comrade", "heart_challenge"):
        assert f"](../docs/rules/{rules}.md)" in text and (ROOT / "docs" / "rules" / f"{rules}.md").is_file()


@pytest.mark.parametrize("name", WITH_BOX)
def test_notebook_carries_the_take_away_box_of_its_lesson_page(name):
    box = take_away_box((LESSONS / f"{name}.md").read_text(encoding="utf-8"))
    boxes = [c for c in _cells(name)
             if c["cell_type"] == "markdown" and "**What to take away**" in "".join(c["source"])]
    assert len(boxes) == 1, "exactly one take-away cell"
    assert "".join(boxes[0]["source"]).strip() == box


def test_notebook_30_formula_has_a_plain_rendering():
    from nbconvert.filters.markdown_mistune import markdown2html_mistune

    cells = [c for c in _cells("30_heart_challenge_rules")
             if c["cell_type"] == "markdown" and "P(\\text{success})" in "".join(c["source"])]
    assert len(cells) == 1
    source = "".join(cells[0]["source"])
    plain = "P(success) = C(U−H, k) / C(U, k)"
    assert plain in source and "(U−H)/U × (U−H−1)/(U−1) × … × (U−H−k+1)/(U−k+1)" in source
    html = markdown2html_mistune(source)
    pre = re.findall(r"<pre>(.*?)</pre>", html, re.S)
    assert any(plain in re.sub(r"<[^>]+>", "", block) for block in pre), "the plain formula is not a text block"
    assert "$" not in "".join(pre)


def test_plain_formula_agrees_with_the_exact_chance():
    from fractions import Fraction
    from math import comb, prod

    for U, H, k in [(20, 5, 3), (9, 2, 4), (6, 0, 6), (7, 7, 1)]:
        plain = prod((Fraction(U - H - i, U - i) for i in range(k)), start=Fraction(1))
        assert plain == Fraction(comb(U - H, k), comb(U, k))
