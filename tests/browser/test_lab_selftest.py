"""The browser checks can fail: broken twins of a healthy widget notebook are caught.

Each notebook here is written by the test into the server's ``selftest/``
folder (never into ``notebooks/``) and run through the same
:func:`run_notebook_and_check` as the real notebooks.
"""

from __future__ import annotations

import nbformat
import pytest

from lab_driver import WIDGET_MIME, cells_the_widgets_need, run_notebook_and_check

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

def _stored(nb, outputs: dict[int, list] | None = None):
    """``nb`` as a committed notebook is: every code cell with a stored run (an execution count) and the
    stored ``outputs`` given by code-cell index; a cell showing a widget stores a widget view."""
    code = [c for c in nb.cells if c.cell_type == "code"]
    for i, cell in enumerate(code, start=1):
        cell.execution_count = i
    for i, outs in (outputs or {}).items():
        code[i].outputs = outs
    return nb


def _widget_view():
    return nbformat.v4.new_output(
        "display_data",
        data={WIDGET_MIME: {"version_major": 2, "version_minor": 0, "model_id": "0" * 32}, "text/plain": "VBox()"})


#: A cell no widget needs: were it run again, it would raise (its stored output is the run nbval checked).
NOT_NEEDED = """raise RuntimeError("this cell must not run again: no widget needs it")"""
#: A cell the widget reads a name from, and the widget itself.
NEEDED = """start = 0"""
BUTTON_FROM_START = BUTTON_DEMO.format(body=HEALTHY_BODY).replace("clicks = [0]", "clicks = [start]")
BROKEN_WIDGET = BUTTON_FROM_START.replace('W.Button(description="Step")', 'W.Button(description=no_such_label)')
RAISING_DEPENDENCY = """start = int("no number")"""
STORED_RESULT = nbformat.v4.new_output("stream", name="stdout", text="the stored result\n")
STORED_ERROR = nbformat.v4.new_output("error", ename="KeyError", evalue="'stored error'", traceback=[])


def _partial(*sources: str, not_needed_output=STORED_RESULT):
    return _stored(_notebook(IMPORTS, NOT_NEEDED, *sources),
                   {1: [not_needed_output], len(sources) + 1: [_widget_view()]})


CASES = {
    "healthy_button": _notebook(IMPORTS, BUTTON_DEMO.format(body=HEALTHY_BODY)),
    "healthy_dropdown": _notebook(IMPORTS, DROPDOWN_DEMO),
    # (with a cut-off label too: one notebook run checks both, to keep the suite short)
    "broken_callback": _notebook(IMPORTS, BUTTON_DEMO.format(body=BROKEN_BODY), CUT_LABEL),
    "broken_cell": _notebook(IMPORTS, RAISING_CELL, BUTTON_DEMO.format(body=HEALTHY_BODY)),
    "text_fallback": _notebook(IMPORTS, TEXT_FALLBACK, stored_widget_in_cell=1),
    # a working widget whose demo is not marked: its interaction would go untested
    "no_demo": _notebook(IMPORTS, BUTTON_DEMO.format(body=HEALTHY_BODY).replace("mark_demo(button, result)\n", "")),
    # Committed notebooks run only the cells their widgets need (run="widgets", test_notebooks_in_lab.py):
    "partial_healthy": _partial(NEEDED, BUTTON_FROM_START),
    "partial_broken_widget": _partial(NEEDED, BROKEN_WIDGET),
    "partial_raising_dependency": _partial(RAISING_DEPENDENCY, BUTTON_FROM_START, not_needed_output=STORED_ERROR),
}


def _run(case: str, lab_page, lab_server, screenshot_dir):
    """Run the case as the committed notebooks are run (``run="widgets"``): a case without a stored
    run (the first six) has every cell run, as with Run All."""
    path = lab_server.root / "selftest" / f"{case}.ipynb"
    nbformat.write(CASES[case], path)
    report = run_notebook_and_check(
        lab_page, lab_server, f"selftest/{case}.ipynb", notebook_file=path,
        screenshot=screenshot_dir / "selftest" / f"{case}.png", workspace=f"selftest-{case}", run="widgets",
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


def test_widgets_with_no_demo_interaction_fail(lab_page, lab_server, screenshot_dir):
    report = _run("no_demo", lab_page, lab_server, screenshot_dir)
    assert "mark_demo(" not in CASES["no_demo"].cells[2].source, "the case must not mark a demo"
    assert not report.ok, report.describe()
    assert report.widget_views >= 1, report.describe()     # the widget itself works: only the mark is missing
    assert report.problems == [f"the notebook shows {report.widget_views} widget(s) but none is marked with "
                               "mark_demo(): its interaction is not tested"], report.describe()


def test_a_stored_notebook_runs_only_the_cells_its_widget_needs(tmp_path):
    """No browser: which cells a run of each case executes (code-cell indices)."""
    def chosen(case) -> list[int]:
        path = tmp_path / "case.ipynb"
        nbformat.write(CASES[case] if isinstance(case, str) else case, path)
        return cells_the_widgets_need(path)

    for case in ("partial_healthy", "partial_broken_widget", "partial_raising_dependency"):
        assert chosen(case) == [0, 2, 3], case      # not cell 1: no widget reads what it binds
    assert chosen("healthy_button") == [0, 1]       # no stored run: every cell runs
    assert chosen("broken_cell") == [0, 1, 2]
    # What a cell needs: the cells binding a name it reads (also inside a function it calls, also one
    # bound later than the function), and the cells changing such a name in place; not a name that is
    # only a comprehension's loop variable, nor a cell that only rebinds a name before the reader binds it.
    needs = _stored(_notebook(
        "from helpers import show\nk = 99",
        "items = []",
        "def listed():\n    return items + extra",
        "items.append(1)",
        "extra = [2]",
        "squares = [k * k for k in range(3)]",
        "k = 'unused'\nextra_copy = list(extra)",
        "items = items\nshow(listed())",
    ), {7: [_widget_view()]})
    assert chosen(needs) == [0, 1, 2, 3, 4, 7]


def test_partial_run_of_a_healthy_notebook_passes_and_reruns_nothing_else(lab_page, lab_server, screenshot_dir):
    report = _run("partial_healthy", lab_page, lab_server, screenshot_dir)
    assert report.ok, report.describe()                       # the cell that would raise was not run again
    assert "the 3 of 4 code cells" in report.run_via, report.describe()
    assert report.widget_views >= 1 and report.interaction.startswith("clicked"), report.describe()


def test_partial_run_fails_on_a_broken_widget(lab_page, lab_server, screenshot_dir):
    report = _run("partial_broken_widget", lab_page, lab_server, screenshot_dir)
    assert not report.ok, report.describe()
    text = "\n".join(report.problems)
    assert "NameError" in text and "no_such_label" in text, report.describe()
    assert "this run displayed 0" in text, report.describe()


def test_partial_run_fails_on_a_raising_dependency_and_a_stored_error(lab_page, lab_server, screenshot_dir):
    report = _run("partial_raising_dependency", lab_page, lab_server, screenshot_dir)
    assert not report.ok, report.describe()
    text = "\n".join(report.problems)
    assert "ValueError" in text and "no number" in text, report.describe()      # the needed cell, run now
    assert "never ran" in text, report.describe()                               # so the widget cell did not run
    assert "raised KeyError" in text and "stored error" in text, report.describe()  # the stored, not re-run one
