"""make site (tools/build_site.py), built once for this file, served on 127.0.0.1 and opened in headless Chromium.

One file, so that pytest-xdist's ``--dist loadfile`` (make test) builds the sites once.

Two sites (build/site/student/, build/site/teacher/).  The student site gives nothing away: the scanner
(``tools/teacher_leaks.py``, its planted-leak tests in ``test_student_edition.py``) finds no answer,
winning line, teacher-only cell, lesson plan, answer sheet or coach in it, while it finds them in the
teacher site; its JupyterLite edition's Python says ``CARDGAMES_TEACHER=0`` and its play table shows no
coach box.

The books: every page builds, no internal link is broken, every lesson links to its site's
JupyterLite edition, the search finds a word, and opening any page asks nothing of any host but 127.0.0.1.

The JupyterLite edition (build/site/lite/) works in headless Chromium with no server but a static one:

* A lesson that needs no CDN package runs top to bottom in the browser's Python (Pyodide): no error
  output, every widget drawn, its demo interaction answers (the same checks as the JupyterLab suite,
  ``tests/browser/lab_driver.py``), and not one request leaves 127.0.0.1.
* An exercise answered with the teacher's answer says "correct" (the grader without otter-grader).
* A whole Comrade game at the play table, played by clicking: no card hidden from the seat is drawn
  or named on the page (``tests/browser/hidden_cards.py``), as in the JupyterLab suite.
* The lessons that draw (numpy, matplotlib from Pyodide's CDN) are built and listed, each with a first
  cell that fetches them when it can, and the test says which of their cells draw.
"""

from __future__ import annotations

import functools
import html.parser
import json
import posixpath
import re
import time
import urllib.parse
from pathlib import Path

import pytest

from conftest import build_site
from test_student_edition import _known_check
import teacher_leaks
from lab_driver import RUN_TIMEOUT, _wait_idle, play_by_clicking, run_notebook_and_check

pytestmark = [pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
STUDENT, TEACHER = ROOT / "student", ROOT / "teacher"
LESSONS = sorted(p.name for p in TEACHER.glob("*.ipynb"))
EDITIONS = build_site.EDITIONS
RULES = sorted(p.stem for p in (ROOT / "docs" / "rules").glob("*.md"))
LESSON_PAGES = sorted(p.stem for p in (ROOT / "docs" / "lessons").glob("*.md"))
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
    report = _load(folder / "student" / "lite" / "cdn-lessons.json")
    assert report[LESSON] == [], f"{LESSON} would load {report[LESSON]} from the CDN: pick another lesson here"
    assert (folder / "student" / "lite" / "files" / LESSON).is_file()


def _student_with_teacher_outputs(name: str, dest: Path) -> Path:
    """The student notebook (as the JupyterLite edition has it) carrying the teacher version's stored
    outputs, matched by cell id: how many widgets each of *its* cells must show."""
    student, teacher = _load(STUDENT / name), _load(TEACHER / name)
    outputs = {c.get("id"): c.get("outputs", []) for c in teacher["cells"] if c["cell_type"] == "code"}
    for cell in student["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"] = outputs.get(cell.get("id"), [])
    dest.write_text(json.dumps(student), encoding="utf-8")
    return dest


@pytest.fixture(scope="module")
def lesson(site, site_browser, site_server, tmp_path_factory):
    """Lesson 20 opened in the JupyterLite edition and run top to bottom, once: ``(page, report)``.
    The tests below go on in the same page and kernel (Pyodide takes a while to start)."""
    from conftest import recorded_page

    context, page = recorded_page(site_browser)
    started = time.monotonic()
    notebook = _student_with_teacher_outputs(LESSON, tmp_path_factory.mktemp("lesson") / LESSON)
    report = run_notebook_and_check(page, _LiteServer(site_server), LESSON, notebook_file=notebook,
                                    screenshot=ROOT / "build" / "screenshots" / f"lite_{Path(LESSON).stem}.png")
    print(report.describe(), f"\n{LESSON} in JupyterLite: {time.monotonic() - started:.1f}s")
    yield page, report
    context.close()


@pytest.mark.browser
def test_a_lesson_runs_top_to_bottom_in_the_browser_with_no_request_outside(lesson):
    page, report = lesson
    assert report.ok, report.describe()
    assert report.code_cells > 10 and report.widget_views > 0, report.describe()
    assert not page.requests.outside, f"requests outside 127.0.0.1: {page.requests.outside[:10]}"
    wheels = [u for u in page.requests.all if u.endswith(".whl")]
    assert any("trick_taking_classroom" in u for u in wheels), "this project's wheel was not loaded from the site"
    assert any("python_sat" in u for u in wheels), "python-sat was not loaded from the site"
    assert not any(re.search(r"/(numpy|matplotlib)-", u) for u in wheels), "lesson 20 should need neither"


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

_JS_CELL_TEXT = ("(i) => window.jupyterapp.shell.currentWidget.content.widgets[i].node"
                 ".querySelector('.jp-Cell-outputWrapper')?.innerText || ''")


@pytest.mark.browser
def test_an_exercise_answered_in_the_browser_says_correct(lesson):
    page, report = lesson
    assert report.ok, "the lesson did not run: " + report.describe()
    cell_id, answer, question = _answer(LESSON)
    first = page.evaluate(_JS_SET_AND_RUN, [cell_id, "answer_total = ..."])
    assert "error" not in first, first
    _wait_idle(page, RUN_TIMEOUT, want_all_run=False)
    blank = page.evaluate(_JS_CELL_TEXT, first["check"])
    assert f"{question}: not answered yet" in blank, f"the blank answer gave {blank!r}"
    page.evaluate(_JS_SET_AND_RUN, [cell_id, answer])
    _wait_idle(page, RUN_TIMEOUT, want_all_run=False)
    text = ""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and "correct" not in text:
        page.wait_for_timeout(300)
        text = page.evaluate(_JS_CELL_TEXT, first["check"])
    print(f"{answer!r} -> {text!r}")
    assert re.search(rf"{question}: correct", text), f"after answering {answer!r} the check says {text!r}"
    assert "Traceback" not in text and "otter" not in text.lower()


# ----------------------------------------------------------------------------- a game at the play table

SEAT, TABLE_ARGS = 2, dict(seed=17, hand_size=4)   # the deal of lesson 20's own table, bots without pauses

_JS_ADD_CELL = r"""
async (source) => {
  const app = window.jupyterapp;
  const panel = app.shell.currentWidget;
  panel.content.activeCellIndex = panel.content.widgets.length - 1;
  await app.commands.execute('notebook:insert-cell-below');
  const cell = panel.content.activeCell;
  cell.model.sharedModel.setSource(source);
  cell.node.classList.add('site-test-table');
  await app.commands.execute('notebook:run-cell');
  return panel.content.widgets.length - 1;
}
"""


@pytest.mark.browser
def test_a_whole_comrade_game_by_clicking_in_the_browser_never_shows_a_hidden_card(lesson):
    from classroom.table import PlayTable

    page, report = lesson
    assert report.ok, "the lesson did not run: " + report.describe()
    twin = PlayTable("comrade", seat=SEAT, delay=0, **TABLE_ARGS)
    args = ", ".join(f"{k}={v!r}" for k, v in TABLE_ARGS.items())
    code = f"from classroom.table import PlayTable\nPlayTable('comrade', seat={SEAT}, delay=0, {args})"
    page.evaluate(_JS_ADD_CELL, code)
    _wait_idle(page, RUN_TIMEOUT, want_all_run=False)

    table = page.locator(".site-test-table .cg-play-table").first
    table.wait_for()
    assert "coach" not in table.inner_text().lower(), "the student site's play table offers the coach"
    played = play_by_clicking(page, twin, SEAT, scope=".site-test-table", max_clicks=40)
    assert not page.requests.outside, f"requests outside 127.0.0.1: {page.requests.outside[:10]}"
    page.locator(".site-test-table .cg-play-table").first.screenshot(
        path=str(ROOT / "build" / "screenshots" / "lite_play_table_comrade.png"))
    print(f"comrade in JupyterLite: {played.clicks} clicks")


# ----------------------------------------------------------------------------- the package in Pyodide


#: What only the class server needs (a web server and its SQLite file): it never runs in the browser.
SERVER_ONLY = {"starlette", "uvicorn", "sqlite3"}


def _browser_modules() -> list[str]:
    """Every module of the three packages that imports neither numpy nor matplotlib (by the build's
    own analysis), and so must import in the browser with no CDN."""
    out = []
    for top in ("cardgames", "solvers", "classroom"):
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT).with_suffix("")
            parts = list(rel.parts[:-1]) if rel.name == "__init__" else list(rel.parts)
            if "__main__" in parts:
                continue
            module = ".".join(parts)
            imports = build_site.module_imports(module)
            if not imports & set(build_site.CDN_IMPORTS) and not imports & SERVER_ONLY:
                out.append(module)
    return out


_PYODIDE_CHECK = """
import importlib, json, sys, traceback
failed = {}
for name in %s:
    try:
        importlib.import_module(name)
    except Exception:
        failed[name] = traceback.format_exc(limit=3)
from cardgames.comrade import Deal
from solvers.comrade import solve_many
from solvers.studies.comrade_tables import run_tasks
deals = [Deal.from_pbn("N:.Q8.KQ. .T93.3. ..94.J7 A8.7.8."), Deal.from_pbn("N:T..K.AT .5.Q2.K 7.3.8.4 .Q9..82")]
verdicts = [r.verdict for r in solve_many(deals)]          # the default: no process pool in the browser
squares = run_tasks(pow, [(2, 3), (3, 2)])                  # the study's default executor, likewise
print("SITE-CHECK " + json.dumps({"platform": sys.platform, "failed": failed, "verdicts": verdicts,
                                  "tasks": squares, "numpy": "numpy" in sys.modules,
                                  "matplotlib": "matplotlib" in sys.modules}))
"""


@pytest.mark.browser
def test_the_package_imports_and_solves_inline_in_pyodide_without_the_cdn(lesson):
    from cardgames.comrade import Deal
    from solvers.comrade import solve_many

    page, report = lesson
    assert report.ok, "the lesson did not run: " + report.describe()
    modules = _browser_modules()
    assert len(modules) > 30 and "solvers.comrade.batch" in modules and "classroom.grader" in modules
    index = page.evaluate(_JS_ADD_CELL, _PYODIDE_CHECK % json.dumps(modules))
    _wait_idle(page, RUN_TIMEOUT, want_all_run=False)
    text = ""
    deadline = time.monotonic() + 60
    found = None
    while time.monotonic() < deadline and found is None:
        page.wait_for_timeout(300)
        text = page.evaluate(_JS_CELL_TEXT, index)
        found = re.search(r"^SITE-CHECK (\{.*\})$", text, re.M)
        if re.search(r"Traceback|Error", text):
            break
    assert found, f"the check cell printed {text[-3000:]}"
    got = json.loads(found.group(1))
    assert got["platform"] == "emscripten"
    assert not got["failed"], "modules that do not import in Pyodide:\n" + "\n".join(
        f"{k}: {v}" for k, v in got["failed"].items())
    deals = [Deal.from_pbn("N:.Q8.KQ. .T93.3. ..94.J7 A8.7.8."), Deal.from_pbn("N:T..K.AT .5.Q2.K 7.3.8.4 .Q9..82")]
    assert got["verdicts"] == [r.verdict for r in solve_many(deals, processes=1)]
    assert got["tasks"] == [8, 9]
    assert not got["numpy"] and not got["matplotlib"], "a module without numpy/matplotlib imports loaded them"


def _run_cell_and_read(page, source: str, done, timeout: float = 60) -> str:
    """Add a cell at the end of the open notebook, run it, and return its output once ``done(text)``."""
    index = page.evaluate(_JS_ADD_CELL, source)
    _wait_idle(page, RUN_TIMEOUT, want_all_run=False)
    text = ""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        text = page.evaluate(_JS_CELL_TEXT, index)
        if done(text):
            break
        page.wait_for_timeout(300)
    return text


@pytest.mark.browser
def test_without_a_network_a_lesson_that_draws_says_one_line_per_picture(lesson):
    """The page's requests outside 127.0.0.1 are refused, as with no network: the loader cell of a lesson
    that draws and each ``with picture(...)`` cell print one plain line, no traceback."""
    from classroom.pictures import missing_picture_line

    page, report = lesson
    assert report.ok, "the lesson did not run: " + report.describe()
    loader = build_site.CDN_LOADER.format(names=["matplotlib", "numpy"])
    text = _run_cell_and_read(page, loader, lambda t: "internet" in t or "Error" in t)
    assert text.strip() == "No connection to the internet: the pictures of this lesson will be missing. " \
                           "Everything else works.", text
    drawing = ('import importlib\nfrom classroom.pictures import picture\n'
               'with picture("the game tree"):\n    importlib.import_module("matplotlib.pyplot")\nprint("after")')
    text = _run_cell_and_read(page, drawing, lambda t: "after" in t or "Error" in t)
    assert text.strip().splitlines() == [missing_picture_line("the game tree"), "after"], text


# ----------------------------------------------------------------------------- the lessons that draw


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_lessons_that_draw_are_built_listed_and_say_which_cells_use_the_cdn(site, edition):
    folder, summary = site
    lite = folder / edition / "lite"
    report = _load(lite / "cdn-lessons.json")
    source = STUDENT if edition == "student" else TEACHER
    assert set(report) == {p.name for p in source.glob("*.ipynb")}, \
        f"every {edition} notebook is in its JupyterLite edition"
    drawing = {name: cells for name, cells in report.items() if cells}
    assert drawing, "no lesson loads numpy or matplotlib: the CDN report cannot be right"
    lines = []
    for name, cells in sorted(drawing.items()):
        lite_nb = _load(lite / "files" / name)
        assert lite_nb["cells"][1]["id"] == "site-cdn-import", f"{name}: no first cell loading the CDN packages"
        assert "loadPackage" in lite_nb["cells"][1]["source"] and "No connection" in lite_nb["cells"][1]["source"]
        assert "Pyodide's CDN" in lite_nb["cells"][0]["source"]
        for entry in cells:
            lines.append(f"{name} cell {entry['cell'] + 1} ({entry['id']}): draws with {', '.join(entry['loads'])}")
    print("\n".join(lines))
    lock = _load(lite / "static" / "pyodide" / "pyodide-lock.json")["packages"]
    for pkg in ("numpy", "matplotlib"):
        assert lock[pkg]["file_name"].startswith("https://"), f"{pkg} should come from Pyodide's CDN"
    for pkg in ("trick-taking-classroom", "python-sat", "networkx", "ipywidgets", "python-constraint2", "ipython"):
        name = lock[pkg]["file_name"]
        assert "://" not in name and (lite / "static" / "pyodide" / name).is_file(), f"{pkg} is not self-hosted"


# ----------------------------------------------------------------------------- the student site gives nothing away


def test_the_student_site_gives_nothing_away_and_the_teacher_site_has_it_all(site):
    folder, _ = site
    _known_check(teacher_leaks.scan(folder / "student"), "the student site")
    found = {leak.kind for leak in teacher_leaks.scan(folder / "teacher")}
    assert {"answer", "winning lines", "teacher-only cell", "lesson plan", "answer sheet"} <= found, found


@pytest.mark.parametrize("edition, setting", [("student", "0"), ("teacher", "1")])
def test_each_jupyterlite_edition_says_whether_the_coach_is_there(site, edition, setting):
    folder, _ = site
    config = _load(folder / edition / "lite" / "jupyter-lite.json")["jupyter-config-data"]["litePluginSettings"]
    (settings,) = [v for v in config.values() if "pyodideUrl" in v]
    assert settings["loadPyodideOptions"]["env"] == {"CARDGAMES_TEACHER": setting}
    files = sorted(p.name for p in (folder / edition / "lite" / "files").glob("*.ipynb"))
    assert files == sorted(p.name for p in (STUDENT if edition == "student" else TEACHER).glob("*.ipynb"))


# ----------------------------------------------------------------------------- the book


class _Tags(html.parser.HTMLParser):
    """Every start tag of a page with its attributes, in order, and the code of its inline scripts."""

    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.inline: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data):
        if self.lasttag == "script" and self.tags and self.tags[-1][0] == "script" \
                and not self.tags[-1][1].get("src") and data.strip():
            self.inline.append(data.strip())


@functools.lru_cache(maxsize=None)
def _parsed(page: Path) -> _Tags:
    parser = _Tags()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser


def _tags(page: Path) -> list[tuple[str, dict]]:
    return _parsed(page).tags


def _inline_scripts(page: Path) -> frozenset:
    """The code of the page's inline scripts, but for the line that names the page itself."""
    return frozenset(code for code in _parsed(page).inline if not code.startswith("DOCUMENTATION_OPTIONS.pagename"))


def _links(page: Path) -> list[str]:
    """Every href and src of the page (links one follows and resources it loads)."""
    return [value for _, attrs in _tags(page) for key, value in attrs.items() if key in ("href", "src") and value]


def _resources(page: Path, media: bool = True) -> frozenset:
    """What the page loads by itself: scripts, style sheets, frames and (``media``) images and sounds,
    not the links one follows."""
    urls = set()
    for tag, attrs in _tags(page):
        if tag in ("script", "iframe") + (("img", "audio", "video", "source") if media else ()) and attrs.get("src"):
            urls.add(attrs["src"])
        if tag == "link" and attrs.get("href") and "stylesheet" in (attrs.get("rel") or "") + (attrs.get("as") or ""):
            urls.add(attrs["href"])
    return frozenset(u.split("?")[0].lstrip("./") for u in urls)


def _pages(folder: Path) -> list[Path]:
    """The books' pages (not the JupyterLite apps, not the theme's templates under _static/)."""
    return sorted(p for p in folder.rglob("*.html") if not {"lite", "_static"} & set(p.relative_to(folder).parts))


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_lesson_rules_page_teachers_page_and_the_printables_are_built(site, edition):
    from classroom.printables import PRINTABLES

    folder = site[0] / edition
    lessons = sorted(p.name for p in (STUDENT if edition == "student" else TEACHER).glob("*.ipynb"))
    for name in lessons:
        assert (folder / "notebooks" / name).with_suffix(".html").is_file(), f"no page for lesson {name}"
    for stem in RULES:
        assert (folder / "docs" / "rules" / f"{stem}.html").is_file(), f"no page for docs/rules/{stem}.md"
    for stem in LESSON_PAGES:
        assert (folder / "docs" / "lessons" / f"{stem}.html").is_file() is (edition == "teacher"), \
            f"docs/lessons/{stem}.md on the {edition} site"
    for md in (ROOT / "docs").rglob("*.md"):  # every other page of docs/ too, on the teacher's site
        rel = md.relative_to(ROOT).with_suffix(".html")
        if edition == "teacher" or md.parent.name == "rules":
            assert (folder / rel).is_file(), f"no page for {md.relative_to(ROOT)}"
    if edition == "student":
        assert not (folder / "docs" / "lessons").exists() and not (folder / "docs" / "README.html").exists()
    printables = (folder / "printables.html").read_text(encoding="utf-8")
    pdfs = [link for link in _links(folder / "printables.html") if link.endswith(".pdf")]
    expected = set(PRINTABLES) - (set(build_site.TEACHER_PRINTABLES) if edition == "student" else set())
    assert {Path(urllib.parse.unquote(link)).name for link in pdfs} == expected
    assert "comrade_convention_card.pdf" in expected
    for link in pdfs:
        assert (folder / urllib.parse.unquote(link)).is_file(), link
        assert (folder / urllib.parse.unquote(link)).read_bytes()[:5] == b"%PDF-"
    assert {p.name for p in folder.rglob("*.pdf")} == expected   # no PDF but those the page links
    assert "Kille deck" in printables
    assert (folder / "index.html").is_file() and (folder / "searchindex.js").is_file()
    # the fixture built from a docs/ with rules/.ipynb_checkpoints/ in it (JupyterLab writes one): ignored
    assert not [p for p in (folder / "docs").rglob("*") if "checkpoint" in p.name or p.name.startswith(".")]


def test_no_internal_link_is_broken(site):
    folder, _ = site
    broken = []
    checked = 0
    for page in _pages(folder):
        for link in _links(page):
            parts = urllib.parse.urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith(("#", "mailto:", "javascript:")):
                continue
            path = urllib.parse.unquote(parts.path)
            if not path:
                continue
            target = Path(posixpath.normpath(posixpath.join(page.parent.as_posix(), path)))
            if path.endswith("/"):
                target = target / "index.html"
            checked += 1
            if not target.exists():
                broken.append(f"{page.relative_to(folder)} -> {link}")
    assert checked > 100, f"only {checked} internal links found: the parser cannot be right"
    assert not broken, "broken internal links:\n" + "\n".join(broken[:30])


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_lesson_page_links_to_its_jupyterlite_edition(site, edition):
    folder = site[0] / edition
    for name in LESSONS:
        if name == "00_index.ipynb":
            continue
        page = (folder / "notebooks" / name).with_suffix(".html")
        text = page.read_text(encoding="utf-8")
        assert "Run this lesson in your browser" in text, f"{page.name}: no run link"
        run = [link for link in _links(page) if "lite/lab/index.html?path=" in link]
        assert run, f"{page.name}: the run link does not go to the JupyterLite edition"
        target = urllib.parse.parse_qs(urllib.parse.urlsplit(run[0]).query)["path"][0]
        assert target == name and (folder / "lite" / "files" / target).is_file(), run[0]


def test_the_book_keeps_the_exercises_for_the_reader(site):
    """The student's lessons are the student versions (blank answers) with the stored outputs; the teacher's
    have the answers."""
    folder, _ = site
    page = (folder / "student" / "notebooks" / "20_comrade_rules.html").read_text(encoding="utf-8")
    rules_page = (folder / "student" / "notebooks" / "10_krypkille_rules.html").read_text()
    answer = "answer_total</span> <span class=\"o\">=</span> <span class=\"mi\">8"
    assert "answer_total" in page and "<img" in rules_page
    assert "# SOLUTION" not in page and answer not in page
    assert "BEGIN QUESTION" not in page and "ASSIGNMENT CONFIG" not in page and "WINNING_LINES" not in page
    teacher = (folder / "teacher" / "notebooks" / "20_comrade_rules.html").read_text(encoding="utf-8")
    assert answer in teacher and "WINNING_LINES" in teacher


def test_no_page_loads_a_resource_from_outside_the_site(site):
    folder, _ = site
    outside = {f"{p.relative_to(folder).as_posix()}: {u}" for p in _pages(folder) for u in _resources(p)
               if "://" in u or u.startswith("//")}
    assert not outside, "pages that load from outside the site:\n" + "\n".join(sorted(outside)[:20])


def _what_runs(page: Path) -> tuple[frozenset, frozenset]:
    """What a page can fetch with: the scripts, frames and style sheets it loads, and its inline code
    (an image or a sound fetches nothing more; the static test above checks every one is the site's)."""
    return _resources(page, media=False), _inline_scripts(page)


def _pages_to_open(folder: Path) -> list[Path]:
    """One page for each different set of resources and inline code (the book keeps no widget state, so
    a page fetches only through these; an output that adds a script makes its page one of a kind)."""
    chosen, seen = [], set()
    for page in _pages(folder):
        key = _what_runs(page)
        if key not in seen:
            chosen.append(page)
            seen.add(key)
    return chosen


@pytest.mark.browser
def test_no_page_asks_for_anything_outside_127_0_0_1(site, site_page, site_server):
    folder, _ = site
    page = site_page
    opened = []
    for html_page in _pages_to_open(folder):
        rel = html_page.relative_to(folder).as_posix()
        response = page.goto(f"{site_server.base_url}/{rel}", wait_until="networkidle")
        assert response is not None and response.ok, f"{rel}: {response and response.status}"
        opened.append(rel)
    print(f"opened {len(opened)} of {len(_pages(folder))} pages: {', '.join(opened)}")
    assert any(p.startswith(f"{e}/notebooks/") for p in opened for e in EDITIONS) and len(opened) < len(_pages(folder))
    stateful = [p.name for p in _pages(folder)
                if "application/vnd.jupyter.widget-state" in p.read_text(encoding="utf-8")]
    assert not stateful, f"pages that keep widget state (their widgets could fetch code: open them all): {stateful}"
    assert {_what_runs(folder / p) for p in opened} == {_what_runs(p) for p in _pages(folder)}
    outside = sorted(set(page.requests.outside))
    assert not outside, "requests outside 127.0.0.1:\n" + "\n".join(outside[:20])


@pytest.mark.browser
def test_the_search_finds_a_word_of_the_rules(site, site_page, site_server):
    page = site_page
    page.goto(f"{site_server.base_url}/student/search.html?q=Krypkille", wait_until="networkidle")
    page.wait_for_selector("#search-results li", timeout=30_000)
    hits = page.locator("#search-results li a").all_inner_texts()
    assert hits, "the search found nothing for Krypkille"
    assert not page.requests.outside


def test_the_build_summary_reports_size_time_and_the_cdn_lessons(site):
    folder, summary = site
    assert set(summary["editions"]) == set(EDITIONS)
    for edition, part in summary["editions"].items():
        assert part["megabytes"] <= 60, f"the {edition} site is {part['megabytes']} MB (at most 60)"
        report = json.loads((folder / edition / "lite" / "cdn-lessons.json").read_text())
        assert part["cdn_lessons"] == {k: [c["cell"] for c in v] for k, v in report.items() if v}
        assert json.loads((folder / edition / "site-build.json").read_text()) == part
    sizes = ", ".join(f"{e} {p['megabytes']} MB" for e, p in summary["editions"].items())
    print(f"site: {sizes}, built in {summary['seconds']} s (this session: "
          f"{summary.get('test_build_seconds', 0):.0f} s with the fixture); "
          f"lessons that draw: {', '.join(summary['editions']['student']['cdn_lessons'])}")
