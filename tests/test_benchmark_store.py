"""``benchmarks/stored.py``: a benchmark's result is written all or nothing (a failed write leaves the previous
file whole and no temporary file behind)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from stored import write_result  # noqa: E402


def test_a_result_is_written_as_indented_json_with_a_final_newline(tmp_path):
    path = tmp_path / "results" / "r.json"
    write_result(path, {"meta": {"command": "x"}, "summary": [{"what": "カムレッド"}]})
    text = path.read_text(encoding="utf-8")
    assert text.endswith("}\n") and '\n "meta"' in text and "カムレッド" in text
    assert json.loads(text)["summary"][0]["what"] == "カムレッド"


def test_a_failed_write_leaves_the_previous_result_whole(tmp_path, monkeypatch):
    path = tmp_path / "r.json"
    write_result(path, {"figure": 1})
    with pytest.raises(TypeError):
        write_result(path, {"figure": object()})         # not JSON: fails half-way through the text
    import os

    def full_disk(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError):
        write_result(path, {"figure": 2})
    assert json.loads(path.read_text()) == {"figure": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]


def test_the_provenance_names_the_machine_and_both_load_averages():
    from stored import load_averages, machine

    assert machine().count(",") == 2 and " cores, " in machine() and machine("gcc").endswith(", gcc")
    load = load_averages((1.234, 2.0, 3.0), (0.5, 0.25, 0.125), "; turns")
    assert load == {"before": [1.23, 2.0, 3.0], "after": [0.5, 0.25, 0.12],
                    "note": "load averages (1, 5, 15 min) of a shared 2-core machine; turns"}
