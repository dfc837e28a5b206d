"""Every notebook works in a real JupyterLab in headless Chromium.

For each ``notebooks/*.ipynb`` present when the tests are collected: open it in
JupyterLab with its stored outputs, run the cells its widgets need (the cells that
show a widget, and the cells those read from: :func:`lab_driver.cells_the_widgets_need`),
then check that no cell shows an error (stored or new), every widget renders, and
the notebook's demo interactions (each ``cg-demo-action`` changes the ``cg-demo-result``
views) work: a notebook that shows widgets and marks none fails.  A notebook with a
problem is photographed as ``build/screenshots/<notebook>.png`` (every notebook with
``TEST_SCREENSHOTS=all``).

Every cell is not run a second time: nbval (``make test``) has already run each
committed notebook top to bottom in a kernel, and ``tests/test_notebooks_stored.py``
checks that the stored outputs are such a run, error-free.  What only a browser can
check is what a person sees in JupyterLab, and that is checked here for every output.
``tests/test_lab_selftest.py`` proves that the partial run still fails on a broken
widget or a cell that raises.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from lab_driver import ALL_SCREENSHOTS, run_notebook_and_check

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK_FILES = sorted((ROOT / "notebooks").glob("*.ipynb"))

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.mark.parametrize("notebook", NOTEBOOK_FILES, ids=[p.stem for p in NOTEBOOK_FILES])
def test_notebook_runs_and_its_widgets_respond(notebook: Path, lab_page, lab_server, screenshot_dir):
    shot = screenshot_dir / f"{notebook.stem}.png"
    report = run_notebook_and_check(
        lab_page,
        lab_server,
        f"notebooks/{notebook.name}",
        notebook_file=lab_server.root / "notebooks" / notebook.name,
        screenshot=shot,
        run="widgets",
    )
    print(report.describe())
    assert report.ok, report.describe()
    assert report.code_cells > 0, f"{notebook.name} has no code cell the browser could see"
    if ALL_SCREENSHOTS:
        assert shot.exists(), f"no screenshot written for {notebook.name}"
