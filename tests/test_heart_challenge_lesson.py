"""Lesson 30: the lesson plan's timings hold what the notebook holds, and the notebook's student text
keeps the teacher's switches, the live table's deal and developer output out of sight."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "lessons" / "30_heart_challenge_rules.md"
NOTEBOOK = ROOT / "notebooks" / "30_heart_challenge_rules.ipynb"


def _plan(minutes: int) -> str:
    timings = PAGE.read_text(encoding="utf-8").split("## Timings\n", 1)[1].split("\n## ", 1)[0]
    return timings.split(f"### {minutes}-minute lesson", 1)[1].split("###", 1)[0]


def _cells() -> list[dict]:
    return json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]


def _sections() -> set[str]:
    """The numbered sections of the notebook ("## 3 · ..." -> "3")."""
    heads = [line for c in _cells() if c["cell_type"] == "markdown" for line in "".join(c["source"]).splitlines()
             if line.startswith("## ")]
    return {m.group(1) for h in heads if (m := re.match(r"## (\d+) ·", h))}


def test_both_plans_hold_the_table_and_the_exercises():
    for minutes in (45, 90):
        plan = _plan(minutes)
        assert "play a match yourself" in plan.lower(), f"the {minutes}-minute plan drops the play table"
        rows = [r for r in plan.splitlines() if r.startswith("| ") and "| 9 |" in r]
        assert rows and "xercise" in rows[0], f"the {minutes}-minute plan drops the exercises"


def _covered(plan: str) -> set[str]:
    covered = set()
    for cell in re.findall(r"\| ([\d–]+) \|\s*$", plan, re.M):
        a, _, b = cell.partition("–")
        covered |= {str(k) for k in range(int(a), int(b or a) + 1)}
    return covered


def test_the_90_minute_plan_covers_every_section_of_the_notebook():
    assert _sections() <= _covered(_plan(90)), sorted(_sections() - _covered(_plan(90)))


def test_the_45_minute_plan_names_the_sections_it_leaves_out():
    left = sorted(_sections() - _covered(_plan(45)), key=int)
    assert left, "the 45-minute plan covers everything: then it needs no note"
    named = "Sections " + ", ".join(left[:-1]) + " and " + left[-1] if len(left) > 1 else f"Section {left[0]}"
    assert f"{named} and exercises" in _plan(45) or f"{named} " in _plan(45), named


def test_student_text_never_names_the_coach_switch():
    for cell in _cells():
        if "teacher-only" in cell.get("metadata", {}).get("tags", []):
            continue
        text = "".join(cell["source"])
        assert "coach" not in text.lower() and "CARDGAMES_TEACHER" not in text, text[:200]
    page = PAGE.read_text(encoding="utf-8")
    assert "coach=True" in page and "CARDGAMES_TEACHER=1" in page


def test_the_static_review_deals_another_seed_than_the_live_table():
    sources = ["".join(c["source"]) for c in _cells() if c["cell_type"] == "code"]
    live = [s for s in sources if "PlayTable(" in s]
    static = [s for s in sources if "table_game(" in s]
    assert len(live) == 1 and len(static) == 1
    seed = lambda s: re.search(r"seed=(\d+)", s).group(1)  # noqa: E731
    assert seed(live[0]) != seed(static[0])


def test_no_matplotlib_outside_a_picture_and_no_raw_options_printout():
    for cell in _cells():
        if cell["cell_type"] != "code":
            continue
        text = "".join(cell["source"])
        if "matplotlib" in text:
            assert "with picture(" in text and text.index("with picture(") < text.index("matplotlib"), text
        for out in cell.get("outputs", []):
            assert "HeartChallengeOptions(" not in "".join(out.get("text", "")), "a raw dataclass printout"


def test_the_card_notation_is_the_packages():
    from cardgames.cards import CardParseError, parse_cards
    text = "\n".join("".join(c["source"]) for c in _cells() if c["cell_type"] == "markdown")
    assert "another way to write the ace" not in text
    assert "`HA`" in text
    # every card code the text offers as an example reads with the package's parser
    for code in ("H5", "HT", "H10", "QH", "HQ", "JK", "HA"):
        assert f"`{code}`" in text
        parse_cards(code)
    try:
        parse_cards("H1")
    except CardParseError:
        pass
    else:  # pragma: no cover - the notebook says there is no rank 1
        raise AssertionError("the package reads H1; the notebook says it does not")
