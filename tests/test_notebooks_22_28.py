"""Notebook 22 (the silent partners) is a lesson and notebook 28 (the solver appendix) teacher reading, not research
logs: no developer trace in their text, code or stored outputs; the figures notebook 22 shows are the stored study's;
its pictures degrade to one line; its static game is not the live table's deal; and its checks judge the answer."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from test_grader_forms import QUESTIONS, _runner, _verdict

ROOT = Path(__file__).resolve().parents[1]
NB22 = "22_comrade_silence.ipynb"
NB28 = "28_comrade_solver_appendix.ipynb"


def _cells(folder: str, name: str) -> list[dict]:
    return json.loads((ROOT / folder / name).read_text(encoding="utf-8"))["cells"]


def _src(cell: dict) -> str:
    return "".join(cell["source"])


def _shown(cell: dict) -> str:
    """The text a reader sees of a cell's stored outputs (printed text, plain and HTML results)."""
    out = []
    for o in cell.get("outputs", []):
        out.append("".join(o.get("text", "")))
        for kind in ("text/plain", "text/html", "text/markdown"):
            out.append("".join(o.get("data", {}).get(kind, "")))
    return "\n".join(out)


#: What a student or a teacher reading these two notebooks must never meet.
TRACES = {
    "a benchmark path or script": re.compile(r"benchmarks?/|bench_\w+|results/|\.json\b"),
    "a test path": re.compile(r"\btests?/|\btest_\w+\.py"),
    "a source path": re.compile(r"\b(solvers|cardgames|classroom|tools)/\w"),
    "a command-line option": re.compile(r"(?<![\w!<-])--[a-z]"),
    "a hash": re.compile(r"\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{10,40}\b|sha1"),
    "an issue": re.compile(r"\bissues?\b", re.I),
    "the README's benchmarks": re.compile(r"README"),
    "the coach switch": re.compile(r"coach|CARDGAMES_TEACHER", re.I),
    "a player's or the rules' repr": re.compile(
        r"CardSearchPlayer\(|ConventionPlayer\(\w*=|ComradeOptions\(|rollouts\b"),
    "the grader's machinery": re.compile(r"otter|Exercise checks", re.I),
}


@pytest.mark.parametrize("folder", ["notebooks", "student", "teacher"])
@pytest.mark.parametrize("name", [NB22, NB28])
def test_no_developer_trace_in_text_code_or_outputs(folder, name):
    found = []
    for i, cell in enumerate(_cells(folder, name)):
        if cell["cell_type"] == "raw":
            continue          # otter's markers: neither version keeps them
        for where, text in (("text", _src(cell)), ("output", _shown(cell))):
            for what, pattern in TRACES.items():
                m = pattern.search(text)
                if m:
                    found.append(f"cell {i} {where}: {what}: {text[max(0, m.start() - 50):m.end() + 50]!r}")
    assert not found, f"{folder}/{name}:\n" + "\n".join(found)


def test_the_traces_are_found_where_they_are():
    """The patterns above find what they are meant to find (planted examples from the old notebooks)."""
    planted = ["loaded from `benchmarks/results/comrade_silence.json`", "The test `tests/test_comrade_inference.py`",
               "(in `solvers/comrade/search.py`)", "--minutes 60 --resume", "search `295b5b6ba5ba`",
               "(`card_sha1`, `search_sha1`)", "The issue's target", "6–7 s in the README's benchmark",
               "`coach=True`", "CardSearchPlayer(samples=12, seed=170) — 12 rollouts",
               "# Exercise checks (otter-grader): `grader.check(\"q1\")`"]
    for text in planted:
        assert any(p.search(text) for p in TRACES.values()), text
    for fine in ["♠A K 2 is worth 2", "84,478,098,072,866,400 ways", "<!-- a comment -->", "#1f5aa6",
                 "belief_summary(view_4, card, n=200, seed=0)"]:
        assert not any(p.search(fine) for p in TRACES.values()), fine


def test_28_says_at_the_top_that_it_is_background_reading_for_teachers():
    top = _src(_cells("notebooks", NB28)[0])
    assert "background reading for teachers" in top and "*This notebook is optional.*" in top
    assert "(21_comrade_solver.ipynb)" in top


# --------------------------------------------------------------------------- notebook 22's figures

#: The notebook's plain names of the study's tables, and the kinds the stored study calls them.
KINDS = {"perfect cooperation (every hand visible)": "perfect",
         "four partners who follow the card": "card",
         "... and read the table through it": "card+inference",
         "... and search on top of the card (the strongest)": "best",
         "three strongest partners and one seat that follows the card without searching": "mixed:card",
         "three strongest partners and one seat that searches but ignores the card": "mixed:sampling",
         "three strongest partners and one seat with sensible rules of its own": "mixed:heuristic",
         "three strongest partners and one seat that plays at random": "mixed:random"}


def _study_cell() -> dict:
    cells = [c for c in _cells("notebooks", NB22) if _src(c).lstrip().startswith("# The stored study")]
    assert len(cells) == 1
    ns: dict = {}
    exec(_src(cells[0]), ns)
    return ns


def test_22_figures_are_the_stored_study_and_shown_as_stored():
    """The copy of the study the lesson shows (so that it runs without the study's files) is the stored study,
    table by table, and the stored outputs print each figure."""
    from solvers.studies.comrade_tables import load, summary

    _, records = load(ROOT / "benchmarks" / "results" / "comrade_silence.json")
    stored = {row["kind"]: (row["wins"], row["games"]) for row in summary(records)}
    study = _study_cell()["STUDY"]
    assert set(study) == set(KINDS)
    for who, kind in KINDS.items():
        assert study[who] == stored[kind], (who, kind, "play the study again? then update notebook 22's STUDY cell")
    shown = "\n".join(_shown(c) for c in _cells("notebooks", NB22))
    for who, (won, played) in study.items():
        assert f"{who}: {won} of {played:,} deals won" in shown, who
    assert "508 of 1,000 deals won, about half" in shown


def test_22_says_shares_in_plain_words():
    in_words = _study_cell()["in_words"]
    assert in_words(508, 1000) == "about half" and in_words(238, 1000) == "about one in four"
    assert in_words(457, 1000) == "a little under half" and in_words(8, 1000) == "almost none"
    assert in_words(1000, 1000) == "all of them" and in_words(66, 100) == "about two in three"
    assert in_words(120, 1000) == "a little over one in ten"


# --------------------------------------------------------------------------- pictures and tables

@pytest.mark.parametrize("name", [NB22, NB28])
def test_pictures_are_drawn_inside_picture_and_import_matplotlib_only_there(name):
    pictures = 0
    for cell in _cells("notebooks", name):
        if cell["cell_type"] != "code":
            continue
        src = _src(cell)
        imports = [line for line in src.splitlines() if re.match(r"\s*(import|from)\s+(matplotlib|numpy)\b", line)]
        if "plt." in src or imports:
            assert "with picture(" in src, src[:200]
            block = src.split("with picture(", 1)[1]
            assert all(line.startswith("    ") and line in block for line in imports), imports
            assert "plt." not in src.split("with picture(", 1)[0]
            assert any("image/png" in o.get("data", {}) for o in cell.get("outputs", [])), "no stored picture"
            pictures += 1
    assert pictures == 1


def test_22_static_game_is_not_the_live_tables_deal():
    """The finished game printed beside the play table is another deal than the live table's, and than the next
    deals its "new deal" button gives (seed + 1, + 2, ...)."""
    from cardgames.comrade import Deal

    code = "\n".join(_src(c) for c in _cells("notebooks", NB22) if c["cell_type"] == "code")
    live = re.findall(r'PlayTable\("comrade", seed=(\d+), hand_size=(\d+)', code)
    static = re.findall(r'table_game\("comrade", seed=(\d+), hand_size=(\d+)', code)
    assert len(live) == len(static) == 1
    (live_seed, live_size), (static_seed, static_size) = [(int(a), int(b)) for a, b in live + static]
    static_deal = Deal.random(static_seed, hand_size=static_size)
    for seed in range(live_seed, live_seed + 100):
        assert Deal.random(seed, hand_size=live_size).hands != static_deal.hands, seed


# --------------------------------------------------------------------------- notebook 22's checks

Q22 = [row for row in QUESTIONS if row[0] == NB22.removesuffix(".ipynb")]


def test_22_has_three_to_five_exercises_in_order():
    assert [q for _, q, _, _ in Q22] == [f"q{i}" for i in range(1, len(Q22) + 1)] and 3 <= len(Q22) <= 5


@pytest.mark.parametrize("stem,q,src,params", Q22, ids=[q for _, q, _, _ in Q22])
def test_22_checks_judge_the_answer_and_hints_do_not_compute_it(stem, q, src, params):
    class AlwaysEqual:
        def __eq__(self, other):
            return True

        __hash__ = object.__hash__

    class Text(str):
        def __eq__(self, other):
            return True

        __hash__ = str.__hash__

    _, run, _ = _runner(stem, q, src, params)
    for trick in (AlwaysEqual(), Text("zzz"), [AlwaysEqual()] * 4):
        assert _verdict(run, trick) != "correct", f"{q} accepted {type(trick).__name__}"
    assert "same=" not in src, "a check's own comparison may accept anything: use the grader's normalisers"
    hints = " ".join(re.findall(r'hint=((?:\s*"[^"]*")+)', src))
    assert hints, f"{q} gives no hint"
    assert not re.search(r"\w\(|`|\.\w+\(|seat \{|\{", hints), f"{q}'s hint spells out code: {hints}"
