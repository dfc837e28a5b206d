"""pyproject.toml, constraints.txt and binder/requirements.txt agree, and this environment
runs the pinned versions (``make test`` installs with ``-c constraints.txt``).

To add a dependency: one line in pyproject.toml, then ``make pins``; these tests fail until then.
"""

from __future__ import annotations

import importlib.util
import sys
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("pins", ROOT / "tools" / "pins.py")
pins = importlib.util.module_from_spec(spec)
sys.modules["pins"] = pins
spec.loader.exec_module(pins)


def test_the_three_files_agree():
    assert pins.problems() == []


def test_constraints_pin_every_package_exactly_once():
    pinned = pins.read_pins(pins.CONSTRAINTS)
    assert len(pinned) > 50  # the whole environment, not only the direct dependencies
    for key in ("jupyterlab", "ipywidgets", "dask", "distributed", "tqdm", "pytest", "tornado", "numpy"):
        assert key in pinned, key


def test_binder_pins_the_runtime_and_lab_dependencies_at_the_constraint_versions():
    pinned = pins.read_pins(pins.CONSTRAINTS)
    binder = pins.read_pins(pins.BINDER)
    expected = {canonicalize_name(Requirement(r).name) for r in pins.project()["dependencies"]}
    expected |= {canonicalize_name(Requirement(r).name) for r in pins.project()["optional-dependencies"]["lab"]}
    assert set(binder) == expected
    for key, (_name, v) in binder.items():
        assert pinned[key][1] == v, key


def test_this_environment_runs_the_pinned_versions():
    pinned = pins.read_pins(pins.CONSTRAINTS)
    checked = 0
    for req in pins.requirements(pins.TEST_EXTRAS):
        key = canonicalize_name(req.name)
        try:
            installed = Version(version(req.name))
        except PackageNotFoundError:
            pytest.fail(f"{req.name} is not installed: make test installs .[{','.join(pins.TEST_EXTRAS)}]")
        assert installed == pinned[key][1], f"{req.name} {installed} installed, {pinned[key][1]} pinned"
        checked += 1
    assert checked >= 10


def _with(tmp_path, monkeypatch, pyproject: str | None = None, constraints: str | None = None,
          binder: str | None = None) -> list[str]:
    for attr, text in (("PYPROJECT", pyproject), ("CONSTRAINTS", constraints), ("BINDER", binder)):
        path = tmp_path / attr
        path.write_text(getattr(pins, attr).read_text() if text is None else text)
        monkeypatch.setattr(pins, attr, path)
    return pins.problems()


def test_a_new_dependency_without_make_pins_is_caught(tmp_path, monkeypatch):
    text = pins.PYPROJECT.read_text().replace('"tqdm>=4.60",', '"tqdm>=4.60",\n    "cowsay>=6.0",')
    assert "cowsay" in text and "cowsay" not in pins.CONSTRAINTS.read_text()
    found = _with(tmp_path, monkeypatch, pyproject=text)
    assert any("cowsay" in p and "not pinned" in p for p in found), found


def test_a_pin_outside_the_bounds_is_caught(tmp_path, monkeypatch):
    text = pins.CONSTRAINTS.read_text()
    old = next(line for line in text.splitlines() if line.lower().startswith("ipywidgets=="))
    found = _with(tmp_path, monkeypatch, constraints=text.replace(old, "ipywidgets==7.8.5"))
    assert any("ipywidgets==7.8.5" in p for p in found), found


def test_binder_out_of_step_is_caught(tmp_path, monkeypatch):
    text = pins.BINDER.read_text()
    old = next(line for line in text.splitlines() if line.startswith("networkx=="))
    found = _with(tmp_path, monkeypatch, binder=text.replace(old, "networkx==3.0"))
    assert any("binder/requirements.txt" in p for p in found), found


def test_unpinned_lines_are_refused(tmp_path, monkeypatch):
    found = _with(tmp_path, monkeypatch, constraints=pins.CONSTRAINTS.read_text() + "tornado>=6\n")
    assert found and "single '=='" in found[0]
