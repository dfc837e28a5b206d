"""Compile the Comrade play search and the silent players' card, inference and search with mypyc:
``make compiled`` (optional; ``--clean`` removes the build).

The modules :data:`solvers.compiled.MODULES` (the search and what it calls at every position, the convention
card, the inference and the search player) are compiled from their Python sources, unchanged, into extension
modules beside them in ``solvers/comrade/`` and ``solvers/comrade_players/`` (ignored by git), as one group
whose shared library is ``solvers/_mypyc...so``, and the stamp ``solvers/_compiled.json`` records the sources'
SHA-1 last, so a half-finished build is never used.  :mod:`solvers.compiled` picks them when the stamp matches
the sources and ``CARDGAMES_PURE_PYTHON`` is not set; the Python sources otherwise.  Needs mypy (the ``test``
extra), a C compiler and Python's headers (Debian: ``python3-dev``); takes about 40 s of CPU on a 2-core
machine.

    .venv/bin/python tools/build_compiled.py            # build
    .venv/bin/python tools/build_compiled.py --clean    # back to the Python sources only
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "solvers"
BUILD = ROOT / "build" / "mypyc"


def _compiled_module():
    """:mod:`solvers.compiled` loaded alone (importing the package would make it decide)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("_compiled_select", PACKAGE / "compiled.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def artefacts() -> list[Path]:
    """The files a build leaves in the package and its subpackages: extension modules and the stamp (or its
    temporary file)."""
    return sorted(p for p in PACKAGE.rglob("*") if p.is_file() and "__pycache__" not in p.parts
                  and (p.suffix in (".so", ".pyd") or p.name in ("_compiled.json", "_compiled.json.tmp")))


def clean() -> None:
    for p in artefacts():
        p.unlink()
        print(f"removed {p.relative_to(ROOT)}")


def build() -> None:
    sel = _compiled_module()
    try:
        from mypyc.build import mypycify
        from setuptools import setup
    except ImportError as e:
        sys.exit(f"make compiled needs mypy and setuptools (pip install -e '.[test]'): {e}")
    clean()
    hashes = sel.source_hashes(PACKAGE, sel.MODULES)
    paths = [sel.source_of(PACKAGE, m).relative_to(ROOT).as_posix() for m in sel.MODULES]
    os.chdir(ROOT)
    # mypyc type-checks the compiled modules (an error stops it); it follows their imports without
    # reporting those modules' own errors.
    flags = ["--follow-imports=silent", "--disable-error-code=annotation-unchecked",
             f"--cache-dir={BUILD / 'mypy_cache'}"]
    try:
        setup(name="cardgames-compiled", script_args=["build_ext", "--inplace", "--build-temp", str(BUILD)],
              ext_modules=mypycify(flags + paths, opt_level="3", group_name="solvers._mypyc",
                                   target_dir=str(BUILD / "c")))
    except SystemExit as e:
        if e.code not in (None, 0):
            sys.exit(f"the compiled modules were not built (mypyc or the C compiler failed: {e.code})")
    if sel.source_hashes(PACKAGE, sel.MODULES) != hashes:
        sys.exit("a source changed during the build: run make compiled again")
    stamp = {"sources": hashes, "python": sys.version.split()[0], "machine": platform.machine(),
             "built": datetime.now(timezone.utc).isoformat(timespec="seconds")}
    tmp = PACKAGE / (sel.STAMP + ".tmp")
    with open(tmp, "w") as f:
        json.dump(stamp, f, indent=1)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, PACKAGE / sel.STAMP)
    print("compiled:", ", ".join(p.relative_to(PACKAGE).as_posix() for p in artefacts()))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clean", action="store_true", help="remove the compiled modules and the stamp")
    args = ap.parse_args(argv)
    clean() if args.clean else build()


if __name__ == "__main__":
    main()
