"""The JupyterLite edition (build/site/lite/) works in headless Chromium with no server but a static one.

* A lesson that needs no CDN package runs top to bottom in the browser's Python (Pyodide): no error
  output, every widget drawn, its demo interaction answers (the same checks as the JupyterLab suite,
  ``tests/browser/lab_driver.py``), and not one request leaves 127.0.0.1.
* An exercise answered with the teacher's answer says "correct" (the grader without otter-grader).
* A whole Comrade game at the play table, played by clicking: no card hidden from the seat is drawn
  or named on the page (``tests/browser/hidden_cards.py``), as in the JupyterLab suite.
* The lessons that draw (numpy, matplotlib from Pyodide's CDN) are built and listed, and the test
  says which of their cells would load from the CDN.
"""

from __future__ import annotations

import json
import re
import time
from collections import Counter
from pathlib import Path

import nbformat
import pytest

from hidden_cards import CARD_RE, ever_visible, leaks
from lab_driver import LAB_LOAD_TIMEOUT, RUN_TIMEOUT, _JS_PANEL, _run_all, _wait_idle, run_notebook_and_check

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
STUDENT, TEACHER = ROOT / "student", ROOT / "teacher"
#: The lesson run top to bottom in the browser: one that needs no CDN package.
LESSON = "20_comrade_rules.ipynb"
#: Pyodide starts in the browser (WebAssembly, the standard library, the kernel's wheels): slower than a kernel.
KERNEL_START_TIMEOUT = 180


class _LiteServer:
    """The piece of ``LabServer`` that ``run_notebook_and_check`` uses: where a notebook opens."""

    def __init__(self, server):
        self.server = server

    def notebook_url(self, relpath: str, workspace: str) -> str:
        return self.server.lite_url(relpath)


def _load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_the_lesson_needs_no_cdn_package(site):
    folder, summary = site
    report = _load(folder / "lite" / "cdn-lessons.json")
    assert report[LESSON] == [], f"{LESSON} would load {report[LESSON]} from the CDN: pick another lesson here"
    assert (folder / "lite" / "files" / LESSON).is_file()


def test_a_lesson_runs_top_to_bottom_in_the_browser_with_no_request_outside(site, site_page, site_server):
    folder, _ = site
    started = time.monotonic()
    report = run_notebook_and_check(site_page, _LiteServer(site_server), LESSON,
                                    notebook_file=TEACHER / LESSON,
                                    screenshot=ROOT / "build" / "screenshots" / f"lite_{Path(LESSON).stem}.png")
    print(report.describe(), f"\n{LESSON} in JupyterLite: {time.monotonic() - started:.1f}s")
    assert report.ok, report.describe()
    assert report.code_cells > 10 and report.widget_views > 0, report.describe()
    assert not site_page.requests.outside, f"requests outside 127.0.0.1: {site_page.requests.outside[:10]}"
    wheels = [u for u in site_page.requests.all if u.endswith(".whl")]
    assert any("trick_taking_classroom" in u for u in wheels), "this project's wheel was not loaded from the site"
    assert any("python_sat" in u for u in wheels), "python-sat was not loaded from the site"


def _answer(name: str) -> tuple[str, str, str]:
    """(id of the first answer cell, the teacher's answer, its question) of a lesson."""
    student = {c["id"]: c for c in _load(STUDENT / name)["cells"]}
    for cell in _load(TEACHER / name)["cells"]:
        src = "".join(cell["source"])
        twin = student.get(cell["id"])
        if twin and "".join(twin["source"]) != src and re.match(r"answer_\w+ = ", src):
            return cell["id"], re.sub(r"\s*# SOLUTION\b.*", "", src), "q1"
    raise AssertionError(f"{name} has no answer cell")


_JS_SET_AND_RUN = r"""
async ([cellId, source]) => {
  const app = window.jupyterapp;
  const panel = app.shell.currentWidget;
  const cells = panel.content.widgets;
  const index = cells.findIndex(c => c.model.id === cellId);
  if (index < 0) return {error: 'no cell ' + cellId};
  cells[index].model.sharedModel.setSource(source);
  let check = index + 1;
  while (check < cells.length && !cells[check].model.sharedModel.getSource().includes('grader.check(')) check++;
  panel.content.activeCellIndex = index;
  await app.commands.execute('notebook:run-cell');
  panel.content.activeCellIndex = check;
  await app.commands.execute('notebook:run-cell');
  return {index, check};
}
"""

_JS_CELL_TEXT = "(i) => window.jupyterapp.shell.currentWidget.content.widgets[i].node.querySelector('.jp-Cell-outputWrapper')?.innerText || ''"


def test_an_exercise_answered_in_the_browser_says_correct(site, site_page, site_server):
    cell_id, answer, question = _answer(LESSON)
    page = site_page
    page.goto(site_server.lite_url(LESSON), timeout=LAB_LOAD_TIMEOUT * 1000)
    page.wait_for_function(_JS_PANEL, timeout=LAB_LOAD_TIMEOUT * 1000)
    _wait_idle(page, KERNEL_START_TIMEOUT, want_all_run=False)
    _run_all(page)
    state = _wait_idle(page, RUN_TIMEOUT, want_all_run=True)
    assert not state.get("timed_out") and not state.get("errors"), state
    where = page.evaluate(_JS_SET_AND_RUN, [cell_id, answer])
    assert "error" not in where, where
    _wait_idle(page, RUN_TIMEOUT, want_all_run=False)
    text = ""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and "correct" not in text:
        page.wait_for_timeout(300)
        text = page.evaluate(_JS_CELL_TEXT, where["check"])
    print(f"{answer!r} -> {text!r}")
    assert re.search(rf"{question}: correct", text), f"after answering {answer!r} the check says {text!r}"
    assert "Traceback" not in text and "otter" not in text.lower()


# ----------------------------------------------------------------------------- a game at the play table

SEAT, TABLE_ARGS = 2, dict(seed=21, hand_size=3)   # bidding, then three tricks (a win); as the lab suite

_JS_TABLE = """() => {
  const t = document.querySelector('.cg-play-table');
  if (!t) return null;
  const panel = window.jupyterapp.shell.currentWidget;
  const q = (sel) => Array.from(t.querySelectorAll(sel)).map(b => b.innerText.trim());
  return {html: t.innerHTML, page: panel.node.innerText, acts: q('.cg-act'),
          review: (t.querySelector('.cg-review') || {innerHTML: ''}).innerHTML};
}"""

_JS_SAVE = """async ([path, nb]) => {
  await window.jupyterapp.serviceManager.contents.save(path, {type: 'notebook', format: 'json', content: nb});
  return true;
}"""


def _table(page, timeout: float = 30) -> dict:
    deadline = time.monotonic() + timeout
    got = None
    while time.monotonic() < deadline:
        got = page.evaluate(_JS_TABLE)
        if got and (got["acts"] or got["review"]):
            return got
        page.wait_for_timeout(200)
    raise AssertionError(f"the play table shows no action and no review: {got and got['page'][-500:]}")


def test_a_whole_comrade_game_by_clicking_in_the_browser_never_shows_a_hidden_card(site, site_page, site_server):
    from classroom.table import PlayTable

    page = site_page
    twin = PlayTable("comrade", seat=SEAT, delay=0, **TABLE_ARGS)
    args = ", ".join(f"{k}={v!r}" for k, v in TABLE_ARGS.items())
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(f"from classroom.table import PlayTable\n"
                                          f"PlayTable('comrade', seat={SEAT}, delay=0, {args})")]
    page.goto(site_server.lite_url(LESSON), timeout=LAB_LOAD_TIMEOUT * 1000)  # any page of the app
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.serviceManager", timeout=LAB_LOAD_TIMEOUT * 1000)
    page.evaluate(_JS_SAVE, ["play_comrade.ipynb", json.loads(nbformat.writes(nb))])
    page.goto(site_server.lite_url("play_comrade.ipynb"), timeout=LAB_LOAD_TIMEOUT * 1000)
    page.wait_for_function(_JS_PANEL, timeout=LAB_LOAD_TIMEOUT * 1000)
    _wait_idle(page, KERNEL_START_TIMEOUT, want_all_run=False)
    _run_all(page)
    _wait_idle(page, RUN_TIMEOUT, want_all_run=True)

    def check(dom: dict, what: str) -> None:
        seen = ever_visible(twin.tg.new_state(), twin.actions, SEAT)
        problems = leaks(twin.state, SEAT, dom["html"], text=dom["page"], seen=seen)
        assert not problems, f"after {what}: {problems}"
        drawn, want = Counter(CARD_RE.findall(dom["html"])), Counter(CARD_RE.findall(twin.view_html.value))
        assert drawn == want, f"after {what}: the page and its twin differ ({drawn} vs {want})"

    dom = _table(page)
    check(dom, "the first draw")
    clicks = 0
    while not twin.state.is_terminal():
        assert clicks < 40, "the game did not end"
        before, label = dom["html"], dom["acts"][0]
        page.locator(".cg-play-table .cg-act", has_text=label).first.click(timeout=10_000)
        _wait_idle(page, 30, want_all_run=False)
        twin.press(label)
        clicks += 1
        want = Counter(CARD_RE.findall(twin.view_html.value))
        deadline = time.monotonic() + 20
        dom = page.evaluate(_JS_TABLE)
        while time.monotonic() < deadline and not (Counter(CARD_RE.findall(dom["html"])) >= want
                                                   and dom["html"] != before):
            page.wait_for_timeout(150)
            dom = page.evaluate(_JS_TABLE)
        if not twin.state.is_terminal():
            check(dom, f"clicking {label!r}")
            dom = _table(page)
    dom = _table(page)
    assert "The game is over" in dom["page"] and "Review: every hand revealed" in dom["page"]
    deal = twin.tg.new_state()
    for s in range(twin.num_players):
        for card in deal.hands[s]:
            assert f'data-card="{card.code}"' in dom["review"], f"the review does not show seat {s}'s {card.code}"
    assert not page.requests.outside, f"requests outside 127.0.0.1: {page.requests.outside[:10]}"
    print(f"comrade in JupyterLite: {clicks} clicks")


# ----------------------------------------------------------------------------- the lessons that draw


def test_the_lessons_that_draw_are_built_listed_and_say_which_cells_use_the_cdn(site):
    folder, summary = site
    report = _load(folder / "lite" / "cdn-lessons.json")
    assert set(report) == {p.name for p in STUDENT.glob("*.ipynb")}, "every student notebook is in the JupyterLite edition"
    drawing = {name: cells for name, cells in report.items() if cells}
    assert drawing, "no lesson loads numpy or matplotlib: the CDN report cannot be right"
    lines = []
    for name, cells in sorted(drawing.items()):
        lite_nb = _load(folder / "lite" / "files" / name)
        assert lite_nb["cells"][1]["source"].startswith("import "), f"{name}: no first cell loading the CDN packages"
        assert "Pyodide's CDN" in lite_nb["cells"][0]["source"]
        for entry in cells:
            lines.append(f"{name} cell {entry['cell'] + 1} ({entry['id']}): loads {', '.join(entry['loads'])} from the CDN")
    print("\n".join(lines))
    lock = _load(folder / "lite" / "static" / "pyodide" / "pyodide-lock.json")["packages"]
    for pkg in ("numpy", "matplotlib"):
        assert lock[pkg]["file_name"].startswith("https://"), f"{pkg} should come from Pyodide's CDN"
    for pkg in ("trick-taking-classroom", "python-sat", "networkx", "ipywidgets", "python-constraint2", "ipython"):
        name = lock[pkg]["file_name"]
        assert "://" not in name and (folder / "lite" / "static" / "pyodide" / name).is_file(), f"{pkg} is not self-hosted"
