"""The browser checks can fail: broken twins of a healthy widget notebook are caught.

Each notebook here is written by the test into the server's ``selftest/``
folder (never into ``notebooks/``) and run through the same
:func:`run_notebook_and_check` as the real notebooks.
"""

from __future__ import annotations

import nbformat
import pytest

from lab_driver import WIDGET_MIME, run_notebook_and_check

pytestmark = [pytest.mark.browser, pytest.mark.slow]

IMPORTS = """\
import ipywidgets as W
from IPython.display import display
from classroom.widgets.common import guarded, mark_demo"""

BUTTON_DEMO = """\
out = W.Output()
result = W.HTML("<b>count: 0</b>")
button = W.Button(description="Step")
clicks = [0]

@guarded(out)
def on_click(_):
    {body}

button.on_click(on_click)
mark_demo(button, result)
display(W.VBox([button, result, out]))"""

HEALTHY_BODY = """clicks[0] += 1
    result.value = f"<b>count: {clicks[0]}</b>\""""

BROKEN_BODY = """raise ValueError("deliberately broken callback")"""

DROPDOWN_DEMO = """\
out = W.Output()
table = W.Dropdown(options=["standard", "harsh", "mild"], value="standard", description="Table")
result = W.HTML("<i>standard</i>")

@guarded(out)
def on_change(change):
    result.value = f"<i>{change['new']}</i>"

table.observe(on_change, names="value")
mark_demo(table, result)
display(W.VBox([table, result, out]))"""

RAISING_CELL = """\
def deal(n):
    raise RuntimeError(f"no deal for {n}")

deal(3)"""

TEXT_FALLBACK = """\
# What a person sees when the widget extension is missing: the widget's text repr.
display({"text/plain": "VBox(children=(Button(description='Step', style=ButtonStyle()),))"}, raw=True)"""


def _notebook(*sources: str, stored_widget_in_cell: int | None = None):
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_markdown_cell("# self-test")]
    nb.cells += [nbformat.v4.new_code_cell(src) for src in sources]
    if stored_widget_in_cell is not None:
        cell = nb.cells[1 + stored_widget_in_cell]
        cell.outputs = [
            nbformat.v4.new_output(
                "display_data",
                data={WIDGET_MIME: {"version_major": 2, "version_minor": 0, "model_id": "0" * 32},
                      "text/plain": "VBox()"},
            )
        ]
    return nb


CUT_LABEL = """\
display(W.VBox([W.IntSlider(description="unseen cards in the stock and the hands"),
                W.IntSlider(description="unseen cards", style={"description_width": "initial"})]))"""

CASES = {
    "healthy_button": _notebook(IMPORTS, BUTTON_DEMO.format(body=HEALTHY_BODY)),
    "healthy_dropdown": _notebook(IMPORTS, DROPDOWN_DEMO),
    # (with a cut-off label too: one notebook run checks both, to keep the suite short)
    "broken_callback": _notebook(IMPORTS, BUTTON_DEMO.format(body=BROKEN_BODY), CUT_LABEL),
    "broken_cell": _notebook(IMPORTS, RAISING_CELL, BUTTON_DEMO.format(body=HEALTHY_BODY)),
    "text_fallback": _notebook(IMPORTS, TEXT_FALLBACK, stored_widget_in_cell=1),
}


def _run(case: str, lab_page, lab_server, screenshot_dir):
    path = lab_server.root / "selftest" / f"{case}.ipynb"
    nbformat.write(CASES[case], path)
    report = run_notebook_and_check(
        lab_page, lab_server, f"selftest/{case}.ipynb", notebook_file=path,
        screenshot=screenshot_dir / "selftest" / f"{case}.png", workspace=f"selftest-{case}",
    )
    print(report.describe())  # shown with -s: what the checks say about this case
    return report


@pytest.mark.parametrize("case", ["healthy_button", "healthy_dropdown"])
def test_healthy_widget_notebook_passes(case, lab_page, lab_server, screenshot_dir):
    report = _run(case, lab_page, lab_server, screenshot_dir)
    assert report.ok, report.describe()
    assert report.widget_views >= 1, report.describe()
    assert report.interaction.startswith(("clicked", "chose")), report.describe()


def test_exception_in_a_widget_callback_fails(lab_page, lab_server, screenshot_dir):
    report = _run("broken_callback", lab_page, lab_server, screenshot_dir)
    assert not report.ok, report.describe()
    text = "\n".join(report.problems)
    assert "after the demo interaction" in text
    assert "deliberately broken callback" in text or "ValueError" in text, report.describe()
    assert "did not change" in text, report.describe()
    cut = [p for p in report.problems if p.startswith("label cut off")]   # only the long label, not the short one
    assert len(cut) == 1 and "unseen cards in the" in cut[0], report.describe()


def test_cell_that_raises_fails(lab_page, lab_server, screenshot_dir):
    report = _run("broken_cell", lab_page, lab_server, screenshot_dir)
    assert not report.ok, report.describe()
    text = "\n".join(report.problems)
    assert "RuntimeError" in text and "no deal for 3" in text, report.describe()
    assert "never ran" in text, report.describe()  # run-all stops at the error


def test_widget_shown_as_text_fails(lab_page, lab_server, screenshot_dir):
    report = _run("text_fallback", lab_page, lab_server, screenshot_dir)
    assert not report.ok, report.describe()
    text = "\n".join(report.problems)
    assert "text fallback of a widget" in text, report.describe()
    assert "this run displayed 0" in text, report.describe()

