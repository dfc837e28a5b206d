"""Which play search and which players' card and inference run (:mod:`solvers.compiled`): the Python sources
unless a matching compiled build is present and not switched off.  No compiler needed: a fake extension module
(a file that is no shared library) stands for a compiled one, which Python would try to load before the ``.py``
file of the same name.

That the compiled build gives the same verdicts, node counts and actions is measured by
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

from solvers import compiled

ROOT = Path(__file__).resolve().parents[1]
EXT = importlib.machinery.EXTENSION_SUFFIXES[0]


def fake_build(tmp_path: Path, name: str, modules=("alpha", "beta")) -> Path:
    """A package ``name`` whose modules (dotted names inside it: ``"sub.gamma"`` is in its subpackage ``sub``)
    each have a source and a fake extension module, and a stamp."""
    pkg = tmp_path / name
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    for m in modules:
        source = compiled.source_of(pkg, m)
        source.parent.mkdir(parents=True, exist_ok=True)
        (source.parent / "__init__.py").touch()
        source.write_text(f"WHERE = 'source of {m}'\n")
        compiled.source_of(pkg, m, EXT).write_bytes(b"not a shared library")
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


def test_one_build_covers_modules_of_several_subpackages(tmp_path, monkeypatch):
    """The players' modules and the search's live in two subpackages: one stamp covers both, and a source edited
    in either sends every module of the build to its source (the build is one group: all or none)."""
    mods = ("one.alpha", "two.beta")
    pkg = fake_build(tmp_path, "fakepkg_two", mods)
    assert compiled.source_of(pkg, "two.beta", EXT) == pkg / "two" / f"beta{EXT}"
    assert compiled.built(pkg, mods) == list(mods) and compiled.use_compiled(pkg, mods, environ={})
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    for name in [m for m in sys.modules if m.startswith("fakepkg_two")]:
        monkeypatch.delitem(sys.modules, name)
    importlib.invalidate_caches()
    (pkg / "two" / "beta.py").write_text("WHERE = 'edited since the build'\n")
    assert not compiled.use_compiled(pkg, mods, environ={})
    assert compiled.install("fakepkg_two", pkg, mods, environ={}) is False
    assert importlib.import_module("fakepkg_two.one.alpha").WHERE == "source of one.alpha"   # its own source unchanged
    assert importlib.import_module("fakepkg_two.two.beta").WHERE == "edited since the build"


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


def test_this_process_runs_the_modules_the_selection_chose():
    from solvers.comrade import search
    from solvers.comrade_players import convention, inference
    assert compiled.ACTIVE == (compiled.backend() == "compiled")
    for module in (search, convention, inference):
        assert str(module.__file__).endswith(".py") == (not compiled.ACTIVE)
    if not (Path(compiled.HERE) / compiled.STAMP).exists():
        assert compiled.backend() == "python"            # a fresh clone (or make compiled CLEAN=1)


def test_the_environment_variable_forces_the_python_sources_in_the_package():
    """Also when a player module is the first one imported: :mod:`solvers` decides before any subpackage."""
    code = ("from solvers.comrade_players import convention; from solvers import compiled; "
            "from solvers.comrade import search; print(compiled.backend(), convention.__file__, search.__file__)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True,
                         env={**os.environ, compiled.PURE_ENV: "1"}).stdout.split()
    assert out[0] == "python"
    assert out[1].endswith(os.path.join("solvers", "comrade_players", "convention.py"))
    assert out[2].endswith(os.path.join("solvers", "comrade", "search.py"))


def test_the_build_lists_modules_that_exist_in_the_solvers_layer():
    """Every module of the build is a source in :mod:`solvers` (no engine's: the selection lives in this layer)."""
    assert compiled.HERE == ROOT / "solvers"
    for m in compiled.MODULES:
        assert compiled.source_of(compiled.HERE, m).is_file(), m
