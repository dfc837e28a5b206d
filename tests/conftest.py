"""Test tiers: ``make test-fast`` (the engines, in under a minute) and ``make test`` (everything).

A test file is in the **fast tier** when it tests the engine layer alone: everything it imports
from this repository is ``cardgames`` (directly, or through a test module or ``tests/oracles``
module it imports), it imports some of it, and it starts no process or kernel
(``subprocess``, ``nbclient``, ...).  So a new engine test lands in the fast tier, and a new
solver, classroom or repository test (packaging, README, Binder) lands outside it, with no list
to edit.  A module can say otherwise with ``pytestmark = pytest.mark.fast`` (in) or a ``slow``
mark (out: slow tests are never in the fast tier, also one by one).  The engines' doctests
(``--doctest-modules cardgames``) are fast too; notebooks and the browser suite are not.

``pytest --tier fast`` runs the fast tier: the other test files are not even imported.  Every
item of the fast tier carries the ``fast`` mark, so ``-m "not fast"`` selects the rest.

**Workers** (``make test``: pytest-xdist, one more than the machine's cores, ``--dist loadfile``).
A file is one unit of work, except that test files sharing a helper in ``tests/`` (a test module another imports, an
``oracles`` module) form one unit, so their pools of cases and the brute force's memo are built
once, not once per worker; and the browser suite (``tests/browser/``) is one unit, so one worker
starts JupyterLab and Chromium once for all of it.  The units that take minutes (notebooks, files with ``slow`` tests,
the browser suite) are handed out first and the many quick files fill in after them, so that
no worker idles at the end while another runs a long notebook.
"""

from __future__ import annotations

import ast
import functools
import os
from pathlib import Path

import pytest

# The tests check the Python sources of the play search and the players, the reference: a compiled build
# (make compiled) is compared with them by benchmarks/bench_comrade_compiled.py.  CARDGAMES_PURE_PYTHON=0 runs the
# tests on the build (without --doctest-modules: the compiled modules are not the files pytest collects).
os.environ.setdefault("CARDGAMES_PURE_PYTHON", "1")

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
#: The engine layer; the layers above it, and what starts another process, keep a file out.
ENGINE = {"cardgames"}
ABOVE = {"solvers", "classroom", "tools"}
PROCESSES = {"subprocess", "multiprocessing", "concurrent", "nbclient", "nbformat", "nbval", "playwright",
             "jupyter_client", "dask", "distributed"}


def pytest_addoption(parser):
    parser.addoption("--tier", choices=("fast", "all"), default="all",
                     help="fast: only the fast tier (engines, parsers, contract, golden playthroughs, "
                          "engine doctests); all (default): every test")


@functools.lru_cache(maxsize=None)
def _imports(path: Path) -> frozenset[str]:
    """Top-level names a module imports anywhere (function-level imports too), following the
    test modules and ``oracles`` modules it imports from ``tests/``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    top = {n.split(".")[0] for n in names}
    for name in names:       # helpers in tests/: test_x.py beside this file, oracles/x.py below it
        helper = TESTS.joinpath(*name.split(".")).with_suffix(".py")
        if helper.is_file() and helper != path:
            top |= _imports(helper)
    return frozenset(top)


@functools.lru_cache(maxsize=None)
def _declared(path: Path) -> str | None:
    """``"fast"`` or ``"slow"`` when the module's own ``pytestmark`` names one of them."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "pytestmark" for t in node.targets):
            text = ast.unparse(node.value)
            for mark in ("fast", "slow"):
                if f"mark.{mark}" in text:
                    return mark
    return None


def is_fast_file(path: Path) -> bool:
    """Is the test file ``path`` in the fast tier (see the module docstring)?"""
    declared = _declared(path)
    if declared:
        return declared == "fast"
    used = _imports(path)
    return bool(used & ENGINE) and not used & (ABOVE | PROCESSES)


def _is_test_file(path: Path) -> bool:
    return path.suffix == ".py" and path.name.startswith("test_") and TESTS in path.parents


def pytest_ignore_collect(collection_path: Path, config):
    """Under ``--tier fast`` the files outside the tier are not collected (nor imported).

    A ``conftest.py`` is never collected as a module of doctests (``--doctest-modules tests``
    would import this one and ``tests/browser/conftest.py`` under the same name, and fail)."""
    path = Path(collection_path)
    if path.name == "conftest.py":
        return True
    if config.getoption("tier") != "fast":
        return None
    if path.is_dir():
        return True if path.name == "browser" and path.parent == TESTS else None
    if path.suffix == ".ipynb":
        return True
    if _is_test_file(path) and not is_fast_file(path):
        return True
    return None


def _item_is_fast(item) -> bool:
    if item.get_closest_marker("slow"):
        return False
    path = Path(str(item.path)).resolve()
    if path.suffix != ".py":                 # a notebook cell (nbval)
        return False
    if type(item).__name__ == "DoctestItem":
        return ROOT / "cardgames" in path.parents
    return _is_test_file(path) and is_fast_file(path)


def pytest_collection_modifyitems(config, items):
    fast, rest = [], []
    for item in items:
        if _item_is_fast(item):
            item.add_marker(pytest.mark.fast)
            fast.append(item)
        else:
            rest.append(item)
    if config.getoption("tier") == "fast" and rest:
        config.hook.pytest_deselected(items=rest)
        items[:] = fast


# -- scheduling on the workers ---------------------------------------------------------------------

def _helpers(path: Path) -> frozenset[str]:
    """The helper modules of ``tests/`` that the test file ``path`` imports (by module name)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    return frozenset(n for n in names if TESTS.joinpath(*n.split(".")).with_suffix(".py").is_file())


@functools.lru_cache(maxsize=None)
def _units() -> dict[str, str]:
    """Test file (relative to the root) -> the unit of work it belongs to: files linked by a shared
    helper (``test_a`` imports ``test_b``, or both import ``oracles.x``) share one unit."""
    files = sorted(TESTS.glob("test_*.py"))
    parent = {f"tests/{f.name}": f"tests/{f.name}" for f in files}

    def find(x):
        while parent[x] != x:
            x = parent[x]
        return x

    owner: dict[str, str] = {}
    for f in files:
        me = f"tests/{f.name}"
        for helper in _helpers(f):
            helper_file = "tests/" + helper.replace(".", "/") + ".py"
            others = ([helper_file] if helper_file in parent else []) + ([owner[helper]] if helper in owner else [])
            for other in others:
                a, b = find(me), find(other)
                if a != b:
                    parent[max(a, b)] = min(a, b)
            owner.setdefault(helper, me)
    return {f: find(f) for f in parent}


@functools.lru_cache(maxsize=None)
def _is_long(scope: str) -> bool:
    """A unit that takes minutes: a notebook, the browser suite, a file with ``slow`` tests."""
    if scope.endswith(".ipynb") or scope.startswith("tests/browser/"):
        return True
    path = ROOT / scope
    return path.suffix == ".py" and path.is_file() and "mark.slow" in path.read_text(encoding="utf-8")


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class Units(LoadFileScheduling):
        """``--dist loadfile`` with shared-helper files as one unit and the long units first."""

        def _split_scope(self, nodeid: str) -> str:
            scope = super()._split_scope(nodeid)
            if scope.startswith("tests/browser/"):   # one JupyterLab server, Chromium and page for all of it
                return "tests/browser"
            return _units().get(scope, scope)

        def _assign_work_unit(self, node) -> None:
            if not getattr(self, "_ranked", False):     # once, before the first unit is handed out
                self._ranked = True
                units = list(self.workqueue.items())
                long_units = [(u, w) for u, w in units if any(_is_long(n.split("::", 1)[0]) for n in w)]
                rest = sorted((x for x in units if x not in long_units), key=lambda x: -len(x[1]))
                self.workqueue.clear()
                self.workqueue.update(long_units + rest)
            super()._assign_work_unit(node)

    return Units(config, log)


@pytest.fixture(scope="session")
def playwright_driver():
    """One Playwright driver per test process, shared by the browser and the site suites: two sync
    drivers cannot run in one process (the second finds the first one's event loop running)."""
    sync_api = pytest.importorskip("playwright.sync_api",
                                   reason="browser tests need Playwright: pip install -e '.[test]'")
    pw = sync_api.sync_playwright().start()
    yield pw
    pw.stop()
