"""The notebooks as stored in git: executed, error-free, linked from the index, checked by nbval.

nbval proves the notebooks *run*; these tests prove that what a student reads on
GitHub (the stored outputs) is a complete, top-to-bottom run.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
ALL = sorted(NOTEBOOKS.glob("*.ipynb"))
ids = [p.name for p in ALL]


def _load(path: Path) -> dict:
    return json.loads(path.read_text())


def test_notebooks_are_numbered_by_game():
    assert ALL, "no notebooks found"
    for path in ALL:
        assert re.fullmatch(r"\d\d_[a-z0-9_]+\.ipynb", path.name), path.name
        assert path.name[0] in "0123", f"{path.name}: 0x index, 1x Krypkille, 2x Comrade, 3x Heart Challenge"


@pytest.mark.parametrize("path", ALL, ids=ids)
def test_stored_run_is_complete_and_in_order(path):
    nb = _load(path)
    counts = [c.get("execution_count") for c in nb["cells"] if c["cell_type"] == "code" and c["source"]]
    assert counts and None not in counts, "every code cell must be executed before committing"
    assert counts == sorted(counts) and counts[0] == 1, "cells must be run top to bottom from a fresh kernel"
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            assert out["output_type"] != "error", f"stored error output in {path.name}"
            assert out.get("name") != "stderr" or "Traceback" not in "".join(out.get("text", "")), path.name


@pytest.mark.parametrize("path", ALL, ids=ids)
def test_python3_kernel_and_checked_outputs(path):
    nb = _load(path)
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
    sources = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    assert any(s.startswith("# NBVAL_CHECK_OUTPUT") for s in sources), "mark at least one teaching output for nbval"


def test_index_links_every_notebook_and_only_existing_ones():
    index = NOTEBOOKS / "00_index.ipynb"
    text = "".join("".join(c["source"]) for c in _load(index)["cells"] if c["cell_type"] == "markdown")
    linked = set(re.findall(r"\]\(([^)#]+\.ipynb)\)", text))
    existing = {p.name for p in ALL} - {index.name}
    assert linked <= existing | {index.name}, f"links to missing notebooks: {sorted(linked - existing)}"
    assert existing <= linked, f"notebooks not linked from the index: {sorted(existing - linked)}"
