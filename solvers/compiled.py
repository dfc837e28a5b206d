"""Which code runs the play search and the silent players: the Python sources, or the same sources compiled
with mypyc.

The play search (:mod:`~solvers.comrade.search` and the modules it calls at every position:
:mod:`~solvers.comrade.picture`, :mod:`~solvers.comrade.bounds`, :mod:`~solvers.comrade.keys`) and the
silent players' convention card, inference and rollout search (:mod:`~solvers.comrade_players.convention`,
:mod:`~solvers.comrade_players.inference`, :mod:`~solvers.comrade_players.cardsearch`: the card's choices,
the likelihoods of the worlds drawn, the rollouts) are plain Python, and that is what runs by default, in the
tests and in the browser edition (Pyodide).
``make compiled`` (``tools/build_compiled.py``) compiles *the same files* with mypyc, which ships with
mypy, into extension modules beside them (``search.cpython-311-x86_64-linux-gnu.so`` ...): the same
positions in the same order, the same probabilities, so the same verdicts and actions, in less time
(``benchmarks/bench_comrade_compiled.py`` checks both on recorded solver calls and on whole games).

Python imports an extension module in preference to a ``.py`` file of the same name, so this module,
imported first by :mod:`solvers` (before any of its subpackages), decides once per process for all of
:data:`MODULES` together (they are one build); where extension modules are present, it puts a finder in
front of the import system that sends those imports to their ``.py`` sources unless all of these hold:

* the build's stamp (``solvers/_compiled.json``, written last by ``make compiled``) records the SHA-1 of
  each source, and every source still has it: a compiled module older than its source is never used;
* the environment variable ``CARDGAMES_PURE_PYTHON`` is unset, empty or ``0`` (set it to ``1`` to force
  the Python sources, e.g. to compare the two).

>>> use_compiled(environ={PURE_ENV: "1"})
False
>>> backend() in ("python", "compiled")
True
>>> source_of(HERE, "comrade.search").relative_to(HERE).as_posix()
'comrade/search.py'
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from pathlib import Path
from typing import Mapping, Sequence

#: The modules ``make compiled`` compiles, named inside :mod:`solvers`: the search and what it calls at every
#: position, the convention card, the inference (the likelihoods of the worlds the players draw) and the search
#: player (its rollouts).
MODULES = ("comrade.picture", "comrade.keys", "comrade.bounds", "comrade.search",
           "comrade_players.convention", "comrade_players.inference", "comrade_players.cardsearch")
#: Set to ``1`` to run the Python sources even when compiled modules are present.
PURE_ENV = "CARDGAMES_PURE_PYTHON"
#: The build's stamp, in the package's folder: ``{"sources": {module: sha1 of its .py}, ...}``.
STAMP = "_compiled.json"
HERE = Path(__file__).resolve().parent


def source_of(directory: Path, module: str, suffix: str = ".py") -> Path:
    """The file of ``module`` (a dotted name inside the package in ``directory``) ending in ``suffix``."""
    *folders, name = module.split(".")
    return directory.joinpath(*folders, name + suffix)


def source_hashes(directory: Path = HERE, modules: Sequence[str] = MODULES) -> dict[str, str]:
    """The SHA-1 of each module's ``.py`` source under ``directory`` (what the stamp records)."""
    return {m: hashlib.sha1(source_of(directory, m).read_bytes()).hexdigest() for m in modules}


def forced_pure(environ: Mapping[str, str] = os.environ) -> bool:
    """Does the environment ask for the Python sources (``CARDGAMES_PURE_PYTHON`` set, not ``0``)?"""
    return environ.get(PURE_ENV, "").strip() not in ("", "0")


def use_compiled(directory: Path = HERE, modules: Sequence[str] = MODULES,
                 environ: Mapping[str, str] = os.environ) -> bool:
    """May the compiled modules in ``directory`` run: not forced pure, a stamp, each source unchanged
    since the build and each module's extension file present for this interpreter?"""
    if forced_pure(environ):
        return False
    try:
        stamp = json.loads((directory / STAMP).read_text())
        if stamp.get("sources") != source_hashes(directory, modules):
            return False
    except (OSError, ValueError, AttributeError):
        return False
    return len(built(directory, modules)) == len(modules)


def built(directory: Path = HERE, modules: Sequence[str] = MODULES) -> list[str]:
    """The modules of ``modules`` that have an extension module for this interpreter in ``directory``."""
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    return [m for m in modules if any(source_of(directory, m, x).exists() for x in suffixes)]


class PureFinder(importlib.abc.MetaPathFinder):
    """Sends the import of ``package.<module>`` for each of ``modules`` to its ``.py`` source under
    ``directory`` (``comrade.search``: ``directory/comrade/search.py``), passing over an extension module of
    the same name."""

    def __init__(self, package: str, directory: Path, modules: Sequence[str]):
        self.names = {f"{package}.{m}": source_of(directory, m) for m in modules}

    def find_spec(self, fullname, path=None, target=None):
        source = self.names.get(fullname)
        if source is None:
            return None
        return importlib.util.spec_from_file_location(fullname, source)


def install(package: str = __package__ or "solvers", directory: Path = HERE,
            modules: Sequence[str] = MODULES, environ: Mapping[str, str] = os.environ) -> bool:
    """Decide for this process (see the module docstring); True when the compiled modules will run.
    Otherwise, when some extension module is there all the same (a stale or partial build, or the
    Python sources forced), a :class:`PureFinder` goes first in ``sys.meta_path`` (once); with none
    (a fresh clone, the browser edition) Python finds the sources by itself and no finder is added."""
    if use_compiled(directory, modules, environ):
        return True
    first = f"{package}.{modules[0]}"
    if built(directory, modules) and not any(isinstance(f, PureFinder) and first in f.names for f in sys.meta_path):
        sys.meta_path.insert(0, PureFinder(package, directory, modules))
    return False


def backend() -> str:
    """``"compiled"`` when this process runs (or would import) the compiled modules, else ``"python"``."""
    spec = importlib.util.find_spec(f"{__package__ or 'solvers'}.comrade.search")   # imports no module of MODULES
    return "python" if spec is None or str(spec.origin).endswith(".py") else "compiled"


ACTIVE = install()
