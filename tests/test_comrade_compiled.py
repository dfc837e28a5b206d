"""Which play search runs (:mod:`solvers.comrade.compiled`): the Python sources unless a matching compiled build
is present and not switched off.  No compiler needed: a fake extension module (a file that is no shared library)
stands for a compiled one, which Python would try to load before the ``.py`` file of the same name.

That the compiled build gives the same verdicts and node counts is measured by
``benchmarks/bench_comrade_compiled.py`` (it needs ``make compiled``)."""

from __future__ import annotations

import importlib
import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from solvers.comrade import compiled

ROOT = Path(__file__).resolve().parents[1]
EXT = importlib.machinery.EXTENSION_SUFFIXES[0]


def fake_build(tmp_path: Path, name: str, modules=("alpha", "beta")) -> Path:
    """A package ``name`` whose modules each have a source and a fake extension module, and a stamp."""
    pkg = tmp_path / name
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    for m in modules:
        (pkg / f"{m}.py").write_text(f"WHERE = 'source of {m}'\n")
        (pkg / f"{m}{EXT}").write_bytes(b"not a shared library")
    (pkg / compiled.STAMP).write_text(json.dumps({"sources": compiled.source_hashes(pkg, modules)}))
    return pkg


@pytest.mark.parametrize("value, pure", [(None, False), ("", False), ("0", False), ("1", True), ("yes", True)])
def test_the_environment_forces_the_python_sources(value, pure):
    env = {} if value is None else {compiled.PURE_ENV: value}
    assert compiled.forced_pure(env) is pure


def test_a_build_runs_only_when_its_stamp_matches_the_sources(tmp_path):
    mods = ("alpha", "beta")
    pkg = fake_build(tmp_path, "built", mods)
    assert compiled.use_compiled(pkg, mods, environ={})
    assert not compiled.use_compiled(pkg, mods, environ={compiled.PURE_ENV: "1"})
    (pkg / "beta.py").write_text("WHERE = 'edited since the build'\n")        # a source newer than its build
    assert not compiled.use_compiled(pkg, mods, environ={})
    pkg = fake_build(tmp_path, "half", mods)
    (pkg / f"beta{EXT}").unlink()                                              # a module not built
    assert not compiled.use_compiled(pkg, mods, environ={})
    pkg = fake_build(tmp_path, "unstamped", mods)
    (pkg / compiled.STAMP).unlink()                                            # a build that did not finish
    assert not compiled.use_compiled(pkg, mods, environ={})
    (pkg / compiled.STAMP).write_text("{not json")
    assert not compiled.use_compiled(pkg, mods, environ={})
    assert not compiled.use_compiled(tmp_path / "nothing", mods, environ={})   # a fresh clone: no build


def test_the_finder_loads_the_source_in_place_of_an_extension_module(tmp_path, monkeypatch):
    pkg = fake_build(tmp_path, "fakepkg_compiled", ("alpha", "beta"))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    for name in [m for m in sys.modules if m.startswith("fakepkg_compiled")]:
        monkeypatch.delitem(sys.modules, name)
    importlib.invalidate_caches()
    with pytest.raises(ImportError):                     # left alone, Python picks the extension module
        importlib.import_module("fakepkg_compiled.alpha")
    (pkg / "beta.py").write_text("WHERE = 'edited since the build'\n")
    assert compiled.install("fakepkg_compiled", pkg, ("alpha", "beta"), environ={}) is False
    assert compiled.install("fakepkg_compiled", pkg, ("alpha", "beta"), environ={}) is False
    assert sum(isinstance(f, compiled.PureFinder) and "fakepkg_compiled.alpha" in f.names
               for f in sys.meta_path) == 1
    assert importlib.import_module("fakepkg_compiled.alpha").WHERE == "source of alpha"
    assert importlib.import_module("fakepkg_compiled.beta").WHERE == "edited since the build"


def test_without_any_extension_module_no_finder_is_added(tmp_path, monkeypatch):
    """A fresh clone or the browser edition: nothing to pass over, so every import goes its usual way."""
    pkg = fake_build(tmp_path, "plain_sources", ("alpha", "beta"))
    for m in ("alpha", "beta"):
        (pkg / f"{m}{EXT}").unlink()
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    before = list(sys.meta_path)
    assert compiled.built(pkg, ("alpha", "beta")) == []
    assert compiled.install("plain_sources", pkg, ("alpha", "beta"), environ={}) is False
    assert sys.meta_path == before
    (pkg / f"beta{EXT}").write_bytes(b"not a shared library")          # one stale extension module: passed over
    assert compiled.built(pkg, ("alpha", "beta")) == ["beta"]
    assert compiled.install("plain_sources", pkg, ("alpha", "beta"), environ={}) is False
    assert isinstance(sys.meta_path[0], compiled.PureFinder)


def test_this_process_runs_the_search_the_selection_chose():
    from solvers.comrade import search
    assert compiled.ACTIVE == (compiled.backend() == "compiled")
    assert str(search.__file__).endswith(".py") == (not compiled.ACTIVE)
    if not (Path(compiled.HERE) / compiled.STAMP).exists():
        assert compiled.backend() == "python"            # a fresh clone (or make compiled CLEAN=1)


def test_the_environment_variable_forces_the_python_search_in_the_package():
    code = "from solvers.comrade import compiled, search; print(compiled.backend(), search.__file__)"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True,
                         env={**os.environ, compiled.PURE_ENV: "1"}).stdout.split()
    assert out[0] == "python" and out[1].endswith(os.path.join("solvers", "comrade", "search.py"))
