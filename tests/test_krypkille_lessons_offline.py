"""The Krypkille lessons run in the browser edition with no network: no matplotlib, no numpy.

JupyterLite fetches matplotlib and numpy from the internet; offline, a lesson that imports them at
the top stopped at cell 1 with ``ModuleNotFoundError``.  Here every code cell of lessons 10, 11 and 19
runs in order in a fresh IPython shell in another process in which both packages cannot be imported
(a ``sys.meta_path`` finder refuses them, as the offline browser does).  Every cell must run; each
picture cell (``with picture(...)``) must print its one plain line instead of the picture.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LESSONS = ["10_krypkille_rules", "11_krypkille_endgame", "19_krypkille_appendix"]
MISSING_LINE = "needs the drawing library matplotlib, which could not be loaded here"

RUNNER = textwrap.dedent('''
    import importlib.abc, json, sys

    class Offline(importlib.abc.MetaPathFinder):
        """What the browser edition without a network can import: no matplotlib, no numpy."""
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in ("matplotlib", "numpy", "matplotlib_inline"):
                raise ModuleNotFoundError(f"No module named {name!r}", name=name)
            return None

    sys.meta_path.insert(0, Offline())
    for name in [m for m in sys.modules if m.split(".")[0] in ("matplotlib", "numpy")]:
        del sys.modules[name]

    from IPython.core.interactiveshell import InteractiveShell
    from IPython.utils.capture import capture_output

    shell = InteractiveShell.instance()
    results = []
    for i, source in json.load(sys.stdin):
        with capture_output() as out:
            result = shell.run_cell(source, store_history=False)
        error = result.error_before_exec or result.error_in_exec
        results.append([i, out.stdout, None if error is None else f"{type(error).__name__}: {error}"])
        if error is not None:
            break
    print(json.dumps(results))
''')


def _code_cells(name: str) -> list[tuple[int, str]]:
    cells = json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text(encoding="utf-8"))["cells"]
    return [(i, "".join(c["source"])) for i, c in enumerate(cells) if c["cell_type"] == "code"]


def run_offline(name: str) -> list[list]:
    """Run every code cell of notebook ``name`` with matplotlib and numpy unimportable."""
    proc = subprocess.run([sys.executable, "-c", RUNNER], input=json.dumps(_code_cells(name)),
                          capture_output=True, text=True, cwd=ROOT / "notebooks", timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("name", LESSONS)
def test_every_cell_runs_without_matplotlib_and_numpy(name):
    cells = dict(_code_cells(name))
    results = run_offline(name)
    failed = [(i, err) for i, _, err in results if err]
    assert not failed, f"cell {failed[0][0]} stops the lesson offline: {failed[0][1]}"
    assert [i for i, _, _ in results] == list(cells)                 # every cell ran
    pictures = [i for i, src in cells.items() if "with picture(" in src]
    assert pictures, "the lesson draws no picture?"
    for i, out, _ in results:
        if i in pictures:
            assert out.count(MISSING_LINE) >= 1, (i, out[-500:])     # one plain line in its place
            assert "Traceback" not in out


def test_the_blocker_really_blocks():
    """The check can fail: a cell that imports matplotlib at the top stops the run."""
    proc = subprocess.run([sys.executable, "-c", RUNNER], input=json.dumps([[0, "import matplotlib.pyplot as plt"],
                                                                            [1, "print('never')"]]),
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    results = json.loads(proc.stdout.strip().splitlines()[-1])
    assert [(i, err) for i, _, err in results] == [(0, "ModuleNotFoundError: No module named 'matplotlib'")]


def test_the_krypkille_modules_import_without_matplotlib_and_numpy():
    """The solver, its explorer widget and the play table import offline; numpy and matplotlib are loaded
    only inside the functions that draw or sample."""
    folder = ROOT / "solvers" / "krypkille_endgame"
    modules = sorted(f"solvers.krypkille_endgame.{p.stem}" for p in folder.glob("*.py") if p.stem != "__init__")
    modules += ["solvers.krypkille_endgame", "classroom.widgets.krypkille", "classroom.widgets.krypkille_endgame",
                "classroom.tables.krypkille", "classroom.table"]
    source = "\n".join(f"import {m}" for m in modules) + (
        "\nfrom classroom.widgets.krypkille_endgame import EndgameExplorer\n"
        "ex = EndgameExplorer(num_players=3, seed=1)\n"
        "assert ex.beliefs.value.startswith('play-aware')      # the policy-aware model needs numpy\n"
        "print(ex.level1_html.value)\n")
    proc = subprocess.run([sys.executable, "-c", RUNNER], input=json.dumps([[0, source]]),
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    [[_, out, error]] = json.loads(proc.stdout.strip().splitlines()[-1])
    assert error is None, error
    assert MISSING_LINE in out                       # the explorer's tree: one plain line instead
