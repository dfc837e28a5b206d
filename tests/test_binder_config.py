"""binder/ must agree with pyproject.toml, or Binder builds a different package than we test."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]
BINDER = ROOT / "binder"


def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())


def _pinned() -> dict[str, Version]:
    pins = {}
    for line in (BINDER / "requirements.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        req = Requirement(line)
        (spec,) = req.specifier  # exactly one '==' pin per line
        assert spec.operator == "==", f"{line!r} is not pinned with =="
        pins[canonicalize_name(req.name)] = Version(spec.version)
    return pins


def test_runtime_python_satisfies_requires_python():
    text = (BINDER / "runtime.txt").read_text().strip()
    match = re.fullmatch(r"python-(\d+\.\d+)(\.\d+)?", text)
    assert match, f"runtime.txt should read like 'python-3.11', not {text!r}"
    requires = _pyproject()["project"]["requires-python"]
    from packaging.specifiers import SpecifierSet

    assert Version(match.group(1)) in SpecifierSet(requires)


def _binder_dependencies() -> list[str]:
    """What Binder needs: the runtime dependencies and the `lab` extra (JupyterLab, widgets)."""
    project = _pyproject()["project"]
    return project["dependencies"] + project["optional-dependencies"]["lab"]


def test_every_runtime_dependency_is_pinned_within_its_bounds():
    pins = _pinned()
    for dep in _binder_dependencies():
        req = Requirement(dep)
        name = canonicalize_name(req.name)
        assert name in pins, f"{req.name} is a runtime dependency but not in binder/requirements.txt"
        assert pins[name] in req.specifier, f"binder pins {req.name}=={pins[name]}, outside {req.specifier}"


def test_widgets_stack_is_modern():
    # ipywidgets < 8 or jupyterlab < 4 render widgets as "Error displaying widget" on Binder.
    pins = _pinned()
    assert pins["ipywidgets"] >= Version("8")
    assert pins["jupyterlab"] >= Version("4")


def test_only_the_maintained_constraint_package():
    pins = _pinned()
    names = {canonicalize_name(Requirement(d).name) for d in _binder_dependencies()}
    assert "python-constraint2" in pins and "python-constraint2" in names
    assert "python-constraint" not in pins and "python-constraint" not in names


def test_postbuild_installs_the_package():
    script = BINDER / "postBuild"
    text = script.read_text()
    assert text.startswith("#!/bin/bash")
    assert re.search(r"^set -e$", text, re.M)
    assert re.search(r"pip install --no-deps \.\s*$", text, re.M)
    assert script.stat().st_mode & 0o111, "postBuild must be executable"
