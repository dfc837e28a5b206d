"""``make site``: the course as two static web sites in ``build/site/``, for any web server (no Python on it).

    python tools/build_site.py                    # both: build/site/student/ and build/site/teacher/
    python tools/build_site.py --edition student  # one of them
    python tools/build_site.py --no-book          # only the JupyterLite editions
    python tools/build_site.py --no-lite          # only the books

Two sites (see docs/publishing.md for where each goes):

* ``build/site/student/`` -- **for the students** (a public web server): the lessons as they are in
  ``student/`` (no teacher-only cell, every answer blank), the rules pages and the printables page
  without the answer sheets.  No lesson plan, no answer, no coach (the JupyterLite edition's Python
  says ``CARDGAMES_TEACHER=0``).  The build scans it for teacher-only material
  (``tools/teacher_leaks.py``) and warns about each piece it finds; the site tests fail on it.
* ``build/site/teacher/`` -- **for the teacher** (host it privately): the teacher versions (answers,
  winning lines, teacher cells), the lesson plans (``docs/lessons/``), every page of ``docs/``, every
  printable; its JupyterLite edition offers the play tables' coach (``CARDGAMES_TEACHER=1``).

Each site has two parts:

* **The book** (``index.html``): Jupyter Book 1 (Sphinx and myst-nb) renders the lessons with their
  stored outputs (the student's lessons take each output from the teacher version's same cell, so the
  pictures drawn on the build machine are there), the docs pages and a printables page with the PDFs;
  Sphinx's own search index makes it searchable.  Every lesson page starts with a link "Run this
  lesson in your browser" into the site's JupyterLite edition.  Widgets are not drawn in the book (they
  need a kernel): each widget already has a static rendering next to it, which is kept.
* **The JupyterLite edition** (``lite/``): JupyterLab and a Python kernel (Pyodide, Python compiled to
  WebAssembly) running in the browser, with the edition's notebooks.  The Pyodide core comes from the
  npm package ``pyodide`` (``package.json``, ``package-lock.json``); this project's wheel and every
  pure-Python wheel the kernel or the lessons import are self-hosted next to it (downloaded from PyPI
  once, into ``build/site-cache/``); python-sat is its Pyodide wheel from PyPI.  Only numpy and
  matplotlib (and what they need) stay on Pyodide's CDN: a lesson that draws (:func:`drawing_cells`
  says which cells) gets a first cell that fetches them when there is a network and otherwise says in
  one line that the pictures will be missing; each picture cell then prints one line
  (:func:`classroom.pictures.picture`) and the rest of the lesson runs.

The wheels, the Pyodide runtime and the printables are made once and shared by the two sites.
Nothing is downloaded from anywhere but PyPI (``pip download``) and npm (``npm ci``), and only at
build time.  The source notebooks and docs are read, never changed: every change (the run link, the
blanked answers, the CDN cell) is made on copies under ``build/site-work/``; hidden files and folders
(``.ipynb_checkpoints/`` beside a page opened in JupyterLab) are never part of a site.

Bad input (a missing npm, a Pyodide version that is not the kernel's) raises :class:`SiteBuildError`
with one line saying what to do; on the command line that line is printed and the exit status is 2.
"""

from __future__ import annotations

import argparse
import ast
import base64
import copy
import csv
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import tomllib
import zipfile
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

sys.path.insert(0, str(Path(__file__).resolve().parent))
import teacher_leaks  # noqa: E402  (tools/teacher_leaks.py: what the student site must not carry)
from build_classroom import NBVAL_MARKER  # noqa: E402  (the marker lines make student drops)

ROOT = Path(__file__).resolve().parents[1]
SITE_CONFIG = ROOT / "site"                 # the book's _config.yml and its own pages (checked in)
BUILD = ROOT / "build"
OUT = BUILD / "site"
WORK = BUILD / "site-work"                  # staging, made afresh on every build
CACHE = BUILD / "site-cache"                # wheels and sdists from PyPI, kept between builds
NODE_PYODIDE = ROOT / "node_modules" / "pyodide"
NODE_MATHJAX = ROOT / "node_modules" / "mathjax" / "es5"
#: The part of MathJax the book serves itself: the TeX-to-HTML component, its fonts and the TeX
#: extensions it loads on demand (``\binom`` and friends).
MATHJAX_FILES = ("tex-chtml.js", "output/chtml/fonts/woff-v2", "input/tex/extensions")
NOTEBOOKS, STUDENT, TEACHER = ROOT / "notebooks", ROOT / "student", ROOT / "teacher"
DOCS = ROOT / "docs"

#: The Pyodide core files the kernel loads (the npm package also has source maps and consoles).
PYODIDE_CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide.js")
#: What the Pyodide kernel installs when it starts (jupyterlite-pyodide-kernel's worker) or needs
#: for its package manager; their wheels are self-hosted at the versions Pyodide's lock names.
KERNEL_PACKAGES = ("micropip", "packaging", "ipython", "jedi", "comm", "traitlets")
#: This project's runtime packages in the browser, at the versions pinned in constraints.txt.
#: numpy and matplotlib are left out on purpose: they come from Pyodide's CDN when a lesson draws.
BROWSER_DEPENDENCIES = ("networkx", "tqdm", "python-constraint2", "python-sat", "ipywidgets")
#: ipywidgets' own dependencies (the same pins).
WIDGET_DEPENDENCIES = ("comm",)
#: Required by ipywidgets' metadata but never imported by Python: they carry the widgets' JavaScript
#: for Notebook 6 and JupyterLab, which the JupyterLite app already has (its @jupyter-widgets extension).
#: Not shipped (2.9 MB saved); Pyodide loads packages by the lock's ``depends``, which leaves them out.
NOT_SHIPPED = ("jupyterlab-widgets", "widgetsnbextension")
#: The packages that stay on Pyodide's CDN: a cell that imports one of them, directly or through
#: this project's modules, needs the internet in the JupyterLite edition.
CDN_IMPORTS = ("numpy", "matplotlib")
#: What importing each of them imports besides (so a cell importing matplotlib loads numpy too).
CDN_DEPENDS = {"matplotlib": ("numpy",)}

RUN_LINK_CLASS = "cg-run-in-browser"


class SiteBuildError(ValueError):
    """The site cannot be built as asked; the message says why and what to do."""


class MissingTool(SiteBuildError):
    """A program the build needs (npm) is not installed."""


_STARTED = time.monotonic()


def log(message: str) -> None:
    """One line of progress, with the seconds since the build started (where the time goes)."""
    print(f"site: [{time.monotonic() - _STARTED:4.0f} s] {message}", flush=True)


def run(command: list, **kwargs) -> subprocess.CompletedProcess:
    try:
        return subprocess.run([str(c) for c in command], check=True, **kwargs)
    except FileNotFoundError as exc:
        raise SiteBuildError(f"{command[0]} not found: {exc}") from exc
    except subprocess.CalledProcessError as exc:
        out = (exc.stdout or b"") + (exc.stderr or b"") if isinstance(exc.stdout, bytes) else ""
        tail = out.decode(errors="replace")[-3000:] if out else ""
        raise SiteBuildError(f"{' '.join(map(str, command[:4]))} ... failed (exit {exc.returncode})\n{tail}") from exc


# --------------------------------------------------------------------------- pins and versions


def pins() -> dict[str, str]:
    """``{canonical name: version}`` of constraints.txt."""
    out = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        text = line.split("#", 1)[0].strip()
        if text:
            req = Requirement(text)
            out[canonicalize_name(req.name)] = next(iter(req.specifier)).version
    return out


def kernel_constants():
    from jupyterlite_pyodide_kernel import constants

    return constants


def npm_packages() -> None:
    """The npm packages of package.json (``npm ci`` when node_modules/ lacks one)."""
    wanted = json.loads((ROOT / "package.json").read_text())["dependencies"]
    missing = [n for n, v in wanted.items()
               if not (ROOT / "node_modules" / n / "package.json").is_file()
               or json.loads((ROOT / "node_modules" / n / "package.json").read_text())["version"] != v]
    if missing:
        if shutil.which("npm") is None:
            raise MissingTool("npm not found: the Pyodide core comes from the npm package 'pyodide' "
                                 "(apt-get install npm, then make site)")
        log(f"npm ci ({', '.join(missing)}: pinned in package-lock.json)")
        run(["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund"], cwd=ROOT,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def pyodide_core() -> Path:
    """The npm package ``pyodide``, checked against the version the kernel expects."""
    npm_packages()
    version = json.loads((NODE_PYODIDE / "package.json").read_text())["version"]
    wanted = kernel_constants().PYODIDE_VERSION
    if version != wanted:
        raise SiteBuildError(f"node_modules/pyodide is {version}, jupyterlite-pyodide-kernel expects {wanted}: "
                             f"set \"pyodide\": \"{wanted}\" in package.json and run npm install")
    return NODE_PYODIDE


# --------------------------------------------------------------------------- wheels


def _wheel_name(path: Path) -> tuple[str, str]:
    name, version = path.name.split("-")[:2]
    return canonicalize_name(name), version


def _cached(name: str, version: str, suffix: str) -> Path | None:
    for path in CACHE.glob(f"*{suffix}"):
        if path.name.endswith(suffix) and "-" in path.name:
            stem = path.name[: -len(suffix)] if suffix.startswith(".tar") else path.name
            n, v = stem.split("-")[:2]
            if canonicalize_name(n) == canonicalize_name(name) and v == version:
                return path
    return None


def pip_download_all(specs: list[tuple[str, str]], *, platform: str | None = None) -> dict[str, Path]:
    """The wheels of ``[(name, version), ...]`` for Python 3 in the browser, by canonical name: those not
    in build/site-cache yet come from PyPI in one ``pip download`` (a pip process takes a second to start,
    and a fresh clone needs about twenty wheels)."""
    CACHE.mkdir(parents=True, exist_ok=True)
    found = {canonicalize_name(n): _cached(n, v, ".whl") for n, v in specs}
    missing = [(n, v) for n, v in specs if found[canonicalize_name(n)] is None]
    if missing:
        command = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
                   "--python-version", kernel_constants().PYODIDE_PYTHON_VERSION, "-d", CACHE,
                   *(f"{n}=={v}" for n, v in missing)]
        if platform:
            command[4:4] = ["--platform", platform, "--implementation", "cp"]
        log("pip download " + ", ".join(f"{n}=={v}" for n, v in missing) + (f" ({platform})" if platform else ""))
        run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        for n, v in missing:
            found[canonicalize_name(n)] = _cached(n, v, ".whl")
            if found[canonicalize_name(n)] is None:
                raise SiteBuildError(f"pip download {n}=={v} wrote no wheel into {CACHE}")
    return found


def pure_wheel_from_sdist(name: str, version: str, package: str) -> Path:
    """A pure-Python wheel built from the sdist's ``.py`` files (python-constraint2 publishes no pure
    wheel; its sdist compiles the same modules with Cython when it can, and runs them as Python when not)."""
    CACHE.mkdir(parents=True, exist_ok=True)
    dist = canonicalize_name(name).replace("-", "_")
    wheel = CACHE / f"{dist}-{version}-py3-none-any.whl"
    if wheel.is_file():
        return wheel
    sdist = _cached(name, version, ".tar.gz")
    if sdist is None:
        log(f"pip download {name}=={version} (sdist; pip prepares its metadata once, which takes a while)")
        run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", f"--no-binary={name}",
             "-d", CACHE, f"{name}=={version}"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        sdist = _cached(name, version, ".tar.gz")
        if sdist is None:
            raise SiteBuildError(f"pip download {name}=={version} wrote no sdist into {CACHE}")
    files: dict[str, bytes] = {}
    metadata = None
    with tarfile.open(sdist) as tar:
        for member in tar.getmembers():
            parts = member.name.split("/")
            if len(parts) == 2 and parts[1] == "PKG-INFO":
                metadata = tar.extractfile(member).read()
            elif len(parts) >= 3 and parts[1] == package and parts[-1].endswith(".py") and member.isfile():
                files["/".join(parts[1:])] = tar.extractfile(member).read()
    if metadata is None or f"{package}/__init__.py" not in files:
        raise SiteBuildError(f"{sdist.name}: no PKG-INFO or no {package}/__init__.py")
    info = f"{dist}-{version}.dist-info"
    files[f"{info}/METADATA"] = metadata
    files[f"{info}/WHEEL"] = (b"Wheel-Version: 1.0\nGenerator: trick-taking-classroom tools/build_site.py\n"
                              b"Root-Is-Purelib: true\nTag: py3-none-any\n")
    files[f"{info}/top_level.txt"] = f"{package}\n".encode()
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    for path, data in sorted(files.items()):
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        writer.writerow([path, f"sha256={digest}", len(data)])
    writer.writerow([f"{info}/RECORD", "", ""])
    files[f"{info}/RECORD"] = record.getvalue().encode()
    tmp = wheel.with_suffix(".tmp")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as zf:
        for path, data in files.items():
            zi = zipfile.ZipInfo(path, date_time=(2020, 1, 1, 0, 0, 0))
            zi.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(zi, data)
    tmp.replace(wheel)
    return wheel


def own_wheel(dest: Path) -> Path:
    """This project's wheel, built offline from a clean copy of the sources (never a stale build/lib)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = project["tool"]["setuptools"]["packages"]["find"]["include"]
    src = WORK / "own-src"
    shutil.rmtree(src, ignore_errors=True)
    src.mkdir(parents=True)
    for name in ("pyproject.toml", "README.md", "LICENSE", "MANIFEST.in"):
        if (ROOT / name).is_file():
            shutil.copy2(ROOT / name, src / name)
    tops = {p.split("*")[0].split(".")[0] for p in patterns}
    for top in sorted(tops):
        if (ROOT / top / "__init__.py").is_file():
            shutil.copytree(ROOT / top, src / top, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    dest.mkdir(parents=True, exist_ok=True)
    log("pip wheel . (this project, offline)")
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "--no-index",
         "-w", dest, src], stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=src)
    wheels = sorted(dest.glob(f"{canonicalize_name(project['project']['name']).replace('-', '_')}-*.whl"))
    if not wheels:
        raise SiteBuildError("pip wheel wrote no wheel of this project")
    return wheels[-1]


def _wheel_imports(path: Path) -> list[str]:
    """The top-level import names of a wheel (its top_level.txt, or the folders and modules of RECORD)."""
    with zipfile.ZipFile(path) as zf:
        names = zf.namelist()
        top = [n for n in names if n.endswith(".dist-info/top_level.txt")]
        if top:
            found = [line.strip() for line in zf.read(top[0]).decode().splitlines() if line.strip()]
            if found:
                return sorted(set(found))
    out = set()
    for n in names:
        first = n.split("/")[0]
        if first.endswith((".dist-info", ".data")):
            continue
        if "/" in n:
            out.add(first)
        elif n.endswith(".py"):
            out.add(n[:-3])
    return sorted(x for x in out if x.isidentifier())


def _requires(path: Path) -> list[str]:
    """The unconditional ``Requires-Dist`` names of a wheel (no extras, markers true here)."""
    with zipfile.ZipFile(path) as zf:
        meta = next(n for n in zf.namelist() if n.endswith(".dist-info/METADATA"))
        text = zf.read(meta).decode(errors="replace")
    out = []
    for line in text.splitlines():
        if line.startswith("Requires-Dist:"):
            req = Requirement(line.split(":", 1)[1].strip())
            if req.marker is None or req.marker.evaluate({"extra": "", "python_version": "3.14",
                                                          "sys_platform": "emscripten",
                                                          "platform_system": "Emscripten"}):
                out.append(canonicalize_name(req.name))
    return out


# --------------------------------------------------------------------------- the lock file


def lock_entry(wheel: Path, depends: list[str]) -> dict:
    name, version = _wheel_name(wheel)
    return {
        "name": name, "version": version, "file_name": wheel.name, "install_dir": "site",
        "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(), "package_type": "package",
        "imports": _wheel_imports(wheel), "depends": sorted(set(depends)), "unvendored_tests": False,
    }


def self_hosted_wheels(own: Path) -> tuple[dict, list[Path]]:
    """Pyodide's lock rewritten for this site, and the wheels it names that the site serves itself.

    Every package of Pyodide's lock points at Pyodide's CDN (an absolute URL), except those this site
    serves: the kernel's packages (their pure wheels at Pyodide's versions, from PyPI), this project
    and its browser dependencies (at the constraints.txt pins; python-sat as its Pyodide wheel).
    The official ``--pyodide-lock`` tooling rejects the current lock format, hence this small rewrite.
    """
    consts = kernel_constants()
    lock = json.loads((NODE_PYODIDE / "pyodide-lock.json").read_text())
    packages = lock["packages"]
    key = {canonicalize_name(k): k for k in packages}
    for entry in packages.values():
        if "://" not in entry["file_name"]:
            entry["file_name"] = f"{consts.PYODIDE_CDN_URL}/{entry['file_name']}"
    pinned = pins()
    abi = lock["info"]["abi_version"]
    wheels: dict[str, Path] = {}

    # 1. this project's browser dependencies and ipywidgets' own, at the pins of constraints.txt
    pure, binary = [], []
    for name in (*BROWSER_DEPENDENCIES, *WIDGET_DEPENDENCIES):
        cname = canonicalize_name(name)
        in_lock = packages.get(key.get(cname, ""), {})
        if in_lock.get("file_name", "").endswith("_wasm32.whl") or cname == "python-sat":
            binary.append((name, pinned[cname]))
        elif cname == "python-constraint2":
            wheels[cname] = pure_wheel_from_sdist(name, pinned[cname], "constraint")
        else:
            pure.append((name, pinned[cname]))
    wheels.update(pip_download_all(binary, platform=f"pyemscripten_{abi}_wasm32"))
    wheels.update(pip_download_all(pure))
    # 2. the kernel's packages and everything they need, at Pyodide's versions (pure wheels only), a
    #    generation of requirements at a time (one download each)
    todo = [canonicalize_name(n) for n in KERNEL_PACKAGES]
    for wheel in list(wheels.values()):
        todo += _requires(wheel)
    while todo:
        wave: dict[str, tuple[str, str]] = {}
        for cname in todo:
            if cname in wheels or cname in wave or cname in CDN_IMPORTS or cname in NOT_SHIPPED:
                continue
            entry = packages.get(key.get(cname, ""))
            if entry is None:
                if cname not in pinned:
                    raise SiteBuildError(f"{cname} is needed in the browser but neither Pyodide nor "
                                         f"constraints.txt has a version of it")
                wave[cname] = (cname, pinned[cname])
            elif entry["package_type"] != "package":
                continue  # a part of the standard library Pyodide ships separately: leave it where it is
            elif entry["file_name"].endswith("-none-any.whl"):
                wave[cname] = (entry["name"], entry["version"])
            else:
                raise SiteBuildError(f"{cname} is needed in the browser but is a compiled Pyodide package on the CDN")
        got = pip_download_all(sorted(wave.values()))
        wheels.update((cname, got[canonicalize_name(name)]) for cname, (name, _) in sorted(wave.items()))
        todo = [dep for cname in sorted(wave) for dep in _requires(wheels[cname])]
    # 3. the lock entries: what each wheel really requires (PyPI metadata, not Pyodide's build recipe:
    #    Pyodide's networkx, for one, drags numpy and matplotlib along)
    for cname, wheel in wheels.items():
        packages.pop(key.get(cname, cname), None)
        packages[cname] = lock_entry(wheel, [d for d in _requires(wheel) if d not in (*CDN_IMPORTS, *NOT_SHIPPED)])
    own_name = _wheel_name(own)[0]
    packages[own_name] = lock_entry(own, [canonicalize_name(n) for n in BROWSER_DEPENDENCIES])
    return lock, [*wheels.values(), own]


# --------------------------------------------------------------------------- which cells need the CDN


def _module_path(module: str) -> Path | None:
    base = ROOT.joinpath(*module.split("."))
    if (base / "__init__.py").is_file():
        return base / "__init__.py"
    if base.with_suffix(".py").is_file():
        return base.with_suffix(".py")
    return None


def _imports_of(tree: ast.AST, module: str = "", is_package: bool = False, *, top_level_only: bool) -> set[str]:
    """Absolute names a piece of code imports when it runs (module level only, unless asked otherwise;
    ``if TYPE_CHECKING:`` blocks never run)."""
    out: set[str] = set()

    def visit(nodes):
        for node in nodes:
            if isinstance(node, ast.Import):
                out.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    parts = module.split(".")
                    base = parts if is_package else parts[:-1]
                    base = base[: len(base) - (node.level - 1)]
                    stem = ".".join(base + ([node.module] if node.module else []))
                else:
                    stem = node.module or ""
                out.add(stem)
                out.update(f"{stem}.{a.name}" for a in node.names)  # a submodule, when it is one
            elif isinstance(node, ast.If):
                test = ast.unparse(node.test)
                if "TYPE_CHECKING" not in test:
                    visit(node.body)
                visit(node.orelse)
            elif isinstance(node, (ast.Try, ast.With)) or (hasattr(ast, "TryStar") and isinstance(node, ast.TryStar)):
                visit(node.body)
                for h in getattr(node, "handlers", []):
                    visit(h.body)
                visit(getattr(node, "orelse", []))
                visit(getattr(node, "finalbody", []))
            elif not top_level_only and hasattr(node, "body"):
                visit(node.body)
    visit(tree.body if hasattr(tree, "body") else [tree])
    return {name for name in out if name}


def module_imports(module: str, _memo: dict | None = None) -> set[str]:
    """Every module importing ``module`` loads, transitively (this project's modules followed through
    their module-level imports; other packages named by their top-level name)."""
    memo = {} if _memo is None else _memo
    if module in memo:
        return memo[module]
    memo[module] = set()
    found = {module.split(".")[0]}
    parts = module.split(".")
    for i in range(1, len(parts)):  # importing a.b.c runs a/__init__ and a/b/__init__ first
        found |= module_imports(".".join(parts[:i]), memo) if _module_path(".".join(parts[:i])) else set()
    path = _module_path(module)
    if path is not None:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for name in _imports_of(tree, module, path.name == "__init__.py", top_level_only=True):
            if _module_path(name) is not None:
                found |= {name} | module_imports(name, memo)
            else:
                found.add(name.split(".")[0])
    memo[module] = found
    return found


def cell_imports(source: str) -> set[str]:
    """Every module running this notebook cell imports (IPython magics and shell lines skipped)."""
    text = "\n".join(line for line in source.splitlines() if not line.lstrip().startswith(("%", "!")))
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return set()
    memo: dict = {}
    out: set[str] = set()
    for name in _imports_of(tree, top_level_only=False):
        out |= module_imports(name, memo) if _module_path(name) is not None else {name.split(".")[0]}
    return out


def cdn_cells(nb_path: Path) -> list[dict]:
    """The code cells of a notebook that load a CDN package (numpy, matplotlib) in the JupyterLite
    edition: ``[{"cell": index, "id": cell id, "loads": [...]}]``."""
    nb = json.loads(Path(nb_path).read_text(encoding="utf-8"))
    out = []
    for index, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "code":
            continue
        found = cell_imports("".join(cell["source"])) & set(CDN_IMPORTS)
        loads = sorted(found.union(*(CDN_DEPENDS.get(name, ()) for name in found)))
        if loads:
            out.append({"cell": index, "id": cell.get("id"), "loads": loads})
    return out


def _calls_picture(source: str) -> bool:
    """Whether a cell draws through :func:`classroom.pictures.picture` (``with picture("..."):``)."""
    text = "\n".join(line for line in source.splitlines() if not line.lstrip().startswith(("%", "!")))
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return False
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if name == "picture":
                return True
    return False


def drawing_cells(nb_path: Path) -> list[dict]:
    """The cells that draw in the JupyterLite edition: those :func:`cdn_cells` finds (they import numpy or
    matplotlib when they run), and those that draw inside ``with picture(...):`` (the drawing code imports
    matplotlib inside a function, which the import analysis does not follow; with no network the cell
    prints one line instead of its picture)."""
    found = {entry["cell"]: entry for entry in cdn_cells(nb_path)}
    nb = json.loads(Path(nb_path).read_text(encoding="utf-8"))
    for index, cell in enumerate(nb["cells"]):
        if cell["cell_type"] == "code" and index not in found and _calls_picture("".join(cell["source"])):
            found[index] = {"cell": index, "id": cell.get("id"), "loads": sorted(CDN_IMPORTS)}
    return [found[i] for i in sorted(found)]


# --------------------------------------------------------------------------- the two editions

#: The two sites ``make site`` builds: ``build/site/student/`` (publish it: the student versions only,
#: no teacher cell, answer, lesson plan or answer sheet) and ``build/site/teacher/`` (everything: keep it private).
EDITIONS = ("student", "teacher")
#: The printables that carry answers (:mod:`classroom.printables`): on the teacher site only.
TEACHER_PRINTABLES = teacher_leaks.TEACHER_PRINTABLES
#: Pages of ``docs/`` the student site carries (the rules); the teacher site carries every page of docs/.
STUDENT_DOCS = ("rules/*.md",)
#: In site/printables.md, lines between these two markers are for the teacher site only.
TEACHER_BLOCK = ("<!-- teacher only -->", "<!-- /teacher only -->")


def _check_edition(edition: str) -> None:
    if edition not in EDITIONS:
        raise SiteBuildError(f"no edition {edition!r}: the site has {' and '.join(EDITIONS)}")


def notebooks_of(edition: str) -> Path:
    """The folder of notebooks an edition carries: ``student/`` for the students, ``teacher/`` for the teacher."""
    _check_edition(edition)
    return STUDENT if edition == "student" else TEACHER


# --------------------------------------------------------------------------- the JupyterLite edition


def _note_cell(kind: str, text: str, cell_id: str) -> dict:
    cell = {"cell_type": kind, "id": cell_id, "metadata": {}, "source": text}
    if kind == "code":
        cell.update(outputs=[], execution_count=None)
    return cell


#: The first code cell of a lesson that draws, in the browser: it fetches numpy and matplotlib from
#: Pyodide's CDN when there is a network (``loadPackage``: the kernel only fetches for imports written in
#: a cell, not for those inside this project's drawing functions) and says in one line when there is none.
CDN_LOADER = '''\
# The drawing libraries come from the internet (Pyodide's CDN) the first time.
import importlib
try:
    import pyodide_js
    await pyodide_js.loadPackage({names!r})
    for name in {names!r}:
        importlib.import_module(name)
except Exception:
    print("No connection to the internet: the pictures of this lesson will be missing. Everything else works.")
'''


def lite_notebook(src: Path, dest: Path, needs: list[dict]) -> None:
    """A notebook for the browser: as it is, plus, when it draws, a first cell that loads numpy and
    matplotlib if it can (Pyodide loads a package when a cell itself imports it, not when a module of
    this project does) and otherwise says that only the pictures are missing (each picture cell then
    prints one line, :func:`classroom.pictures.picture`)."""
    nb = json.loads(src.read_text(encoding="utf-8"))
    if needs:
        loads = sorted({name for n in needs for name in n["loads"]})
        cells = ", ".join(str(n["cell"] + 3) for n in needs)  # 1-based, after the two cells added here
        note = (f"**In the browser edition:** this lesson draws pictures with {' and '.join(loads)}, which the "
                f"browser fetches from the internet (Pyodide's CDN) once; cells {cells} draw. Run the next cell "
                f"first. With no internet connection the pictures are missing and everything else works.")
        nb["cells"][0:0] = [
            _note_cell("markdown", note, "site-cdn-note"),
            _note_cell("code", CDN_LOADER.format(names=loads), "site-cdn-import"),
        ]
    dest.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def lite_runtime(own: Path) -> Path:
    """The Pyodide core and the self-hosted wheels with their lock, staged once for both editions."""
    core = pyodide_core()
    static = WORK / "lite-static" / "pyodide"
    shutil.rmtree(static.parent, ignore_errors=True)
    static.mkdir(parents=True)
    for name in PYODIDE_CORE:
        shutil.copy2(core / name, static / name)
    lock, wheels = self_hosted_wheels(own)
    for wheel in wheels:
        shutil.copy2(wheel, static / wheel.name)
    (static / "pyodide-lock.json").write_text(json.dumps(lock, sort_keys=True))
    return static


def _link_tree(src: Path, dest: Path) -> None:
    """``dest`` a copy of ``src`` made of hard links where the file system allows (no second 30 MB copy)."""
    def link(a, b):
        try:
            os.link(a, b)
        except OSError:
            shutil.copy2(a, b)
    shutil.copytree(src, dest, copy_function=link)


def lite_config(edition: str) -> dict:
    """``jupyter-lite.json`` of an edition.  The teacher's sets ``CARDGAMES_TEACHER=1`` in the browser's
    Python (the play table's coach, :func:`classroom.table.teacher_mode`); the student's sets it to 0."""
    plugin = kernel_constants().PYODIDE_KERNEL_PLUGIN_ID
    teacher = "1" if edition == "teacher" else "0"
    return {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appName": "Trick-taking classroom" + (" (teacher)" if edition == "teacher" else ""),
        "exposeAppInBrowser": True,   # window.jupyterapp, for the browser tests (tests/site/)
        "litePluginSettings": {plugin: {
            "pyodideUrl": "./static/pyodide/pyodide.mjs",
            "disablePyPIFallback": True,
            "loadPyodideOptions": {"env": {"CARDGAMES_TEACHER": teacher}},
        }},
    }}


def build_lite(out: Path, edition: str, static: Path) -> dict:
    """Build ``out`` (build/site/EDITION/lite) from the staged runtime; return the drawing report
    ``{notebook: drawing_cells(...)}``."""
    lite_dir = WORK / f"lite-{edition}"
    shutil.rmtree(lite_dir, ignore_errors=True)
    lite_dir.mkdir(parents=True)
    _link_tree(static, lite_dir / "static" / "pyodide")
    files = lite_dir / "files"
    files.mkdir()
    report = {}
    for nb in sorted(notebooks_of(edition).glob("*.ipynb")):
        report[nb.name] = drawing_cells(nb)
        lite_notebook(nb, files / nb.name, report[nb.name])
    overrides = ROOT / "lab-settings" / "overrides.json"
    if overrides.is_file():
        shutil.copy2(overrides, lite_dir / "overrides.json")
    plugin = kernel_constants().PYODIDE_KERNEL_PLUGIN_ID
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(lite_config(edition), indent=2))
    shutil.rmtree(out, ignore_errors=True)
    log(f"jupyter lite build ({edition})")
    env = {**os.environ, "JUPYTERLITE_NO_LIBARCHIVE": "1"}
    env.pop("JUPYTERLITE_PYODIDE_URL", None)
    run([sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", lite_dir, "--output-dir", out,
         "--apps", "lab", "--no-sourcemaps", "--no-unused-shared-packages"],
        cwd=lite_dir, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    settings = json.loads((out / "jupyter-lite.json").read_text())
    got = settings["jupyter-config-data"]["litePluginSettings"][plugin]["pyodideUrl"]
    if not got.startswith("./") or not (out / got).is_file():
        raise SiteBuildError(f"the JupyterLite edition would load Pyodide from {got}, not from the site")
    (out / "cdn-lessons.json").write_text(json.dumps(report, indent=1) + "\n")
    return report


# --------------------------------------------------------------------------- the book


def _strip_widgets(nb: dict) -> None:
    """No live widgets in the book (they need a kernel, and their JavaScript would come from a CDN)."""
    nb["metadata"].pop("widgets", None)
    for cell in nb["cells"]:
        kept = []
        for out in cell.get("outputs", []):
            data = out.get("data")
            if data is not None:
                data.pop("application/vnd.jupyter.widget-view+json", None)
                if not data:
                    continue
            kept.append(out)
        if "outputs" in cell:
            cell["outputs"] = kept


def _load(path: Path) -> dict:
    return json.loads(Path(path).read_text(encoding="utf-8"))


def student_lesson(name: str) -> dict:
    """A lesson as the student site shows it: the cells of ``student/NAME`` (no teacher-only cell, the
    answers blank), each code cell with the output stored in ``teacher/NAME`` when the two cells are the
    same but for nbval's marker lines (so the pictures and tables are there), none otherwise (an answer
    cell) and none under an answer check."""
    student = _load(STUDENT / name)
    teacher = _load(TEACHER / name) if (TEACHER / name).is_file() else {"cells": []}
    twins = {c.get("id"): c for c in teacher["cells"]}
    cells = []
    for cell in student["cells"]:
        cell = copy.deepcopy(cell)
        if cell["cell_type"] == "code":
            twin = twins.get(cell.get("id"))
            source = "".join(cell["source"])
            same = twin is not None and NBVAL_MARKER.sub("", "".join(twin["source"])) == source
            if same and "grader.check(" not in source:
                cell["outputs"] = copy.deepcopy(twin.get("outputs", []))
                cell["execution_count"] = twin.get("execution_count")
            else:
                cell["outputs"], cell["execution_count"] = [], None
        cells.append(cell)
    student["cells"] = cells
    return student


def teacher_lesson(name: str) -> dict:
    """A lesson as the teacher site shows it: ``teacher/NAME`` (the answers, the teacher's cells, the outputs)."""
    return _load(TEACHER / name)


def book_notebook(name: str, dest: Path, needs: list[dict], edition: str = "student") -> None:
    """A lesson page of an edition, with the run link into the edition's JupyterLite."""
    nb = student_lesson(name) if edition == "student" else teacher_lesson(name)
    nb["metadata"].pop("otter", None)   # the checks' tests (their expected values) are no page's business
    _strip_widgets(nb)
    cells = nb["cells"]
    if name != "00_index.ipynb":
        extra = (" It draws pictures with numpy and matplotlib, which the browser fetches once from the internet "
                 "(without a connection only the pictures are missing).") if needs else ""
        link = (f'<p class="{RUN_LINK_CLASS}"><a href="../lite/lab/index.html?path={name}">'
                f"&#9654; Run this lesson in your browser</a> (JupyterLite: Python runs inside the web page, "
                f"nothing to install; your changes stay in this browser).{extra}</p>")
        cells.insert(1 if cells and cells[0]["cell_type"] == "markdown" else 0,
                     {"cell_type": "markdown", "id": "site-run-link", "metadata": {}, "source": link})
    dest.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


_LINK = re.compile(r"(!?)\[([^\]]*)\]\(([^)\s]+)\)")


def fix_links(text: str, page: Path, book: Path) -> tuple[str, list[str]]:
    """Relative links that have no page in the book: the student/ folder goes to the JupyterLite
    edition (a plain HTML link, so Sphinx leaves it alone), anything else is kept as plain text.
    Returns the text and what was unlinked."""
    dropped = []

    def repl(m):
        bang, label, target = m.groups()
        if bang or re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
            return m.group(0)
        path = target.split("#", 1)[0]
        resolved = (page.parent / path).resolve()
        if path and resolved.exists() and book.resolve() in resolved.parents:
            return m.group(0)
        if path.rstrip("/").endswith("student"):
            up = os.path.relpath(book, page.parent).replace(os.sep, "/")
            return f'<a href="{up}/lite/lab/index.html">{label}</a>'
        dropped.append(target)
        return label

    return _LINK.sub(repl, text), dropped


def _hidden(path: Path, top: Path) -> bool:
    return any(part.startswith(".") for part in path.relative_to(top).parts)


def stage_docs(book: Path, edition: str, docs: Path | None = None) -> list[str]:
    """Copy the pages of ``docs/`` an edition carries into ``book/docs`` (never a hidden file or folder:
    JupyterLab writes ``.ipynb_checkpoints/`` beside a page it opened); return their book paths."""
    _check_edition(edition)
    docs = DOCS if docs is None else Path(docs)
    patterns = STUDENT_DOCS if edition == "student" else ("**/*.md",)
    pages = sorted({p for pattern in patterns for p in docs.glob(pattern) if p.is_file() and not _hidden(p, docs)})
    staged = []
    for page in pages:
        dest = book / "docs" / page.relative_to(docs)
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(page, dest)
        staged.append(dest.relative_to(book).as_posix())
    if edition == "teacher":   # the pictures a page may show, next to it (no hidden folder either)
        for item in docs.rglob("*"):
            if item.is_file() and item.suffix not in (".md", ".ipynb", ".pyc") and not _hidden(item, docs):
                dest = book / "docs" / item.relative_to(docs)
                dest.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(item, dest)
    return staged


def printables_markdown(edition: str, page: str | None = None) -> str:
    """site/printables.md for an edition: the student's without the answer sheets (their rows) and
    without the lines between the teacher-only markers; the teacher's with all of it."""
    _check_edition(edition)
    text = (SITE_CONFIG / "printables.md").read_text(encoding="utf-8") if page is None else page
    out, in_block = [], False
    for line in text.splitlines():
        stripped = line.strip()
        if stripped == TEACHER_BLOCK[0]:
            in_block = True
            continue
        if stripped == TEACHER_BLOCK[1]:
            in_block = False
            continue
        if edition == "student" and (in_block or any(f"printables/{name})" in line for name in TEACHER_PRINTABLES)):
            continue
        out.append(line)
    return "\n".join(out) + "\n"


def make_printables(folder: Path) -> Path:
    """Every printable PDF (``python -m classroom.printables``; matplotlib, on the build machine), once."""
    folder.mkdir(parents=True, exist_ok=True)
    module = "classroom.printables" if (ROOT / "classroom" / "printables").is_dir() else "cardgames.printables"
    log(f"python -m {module} (the PDFs)")
    run([sys.executable, "-m", module, folder], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        env={**os.environ, "PYTHONPATH": str(ROOT), "MPLBACKEND": "Agg"})
    return folder


def printables_page(book: Path, edition: str, pdfs: Path) -> None:
    """The printables page of an edition and the PDFs it links (the student's: no answer sheet)."""
    page = printables_markdown(edition)
    linked = re.findall(r"\(printables/([^)]+\.pdf)\)", page)
    missing = [m for m in linked if not (pdfs / m).is_file()]
    if missing:
        raise SiteBuildError(f"site/printables.md links PDFs the printables did not write: {missing}")
    folder = book / "printables"
    folder.mkdir()
    for pdf in sorted(pdfs.glob("*.pdf")):
        if edition == "teacher" or pdf.name not in TEACHER_PRINTABLES:
            shutil.copy2(pdf, folder / pdf.name)
    (book / "printables.md").write_text(page, encoding="utf-8")


def book_toc(book: Path, lessons: list[str], edition: str) -> dict:
    """The table of contents (``_toc.yml``) of an edition's book, from the pages staged in ``book``."""
    def stems(folder: Path, pattern: str) -> list[str]:
        return sorted(p.relative_to(book).with_suffix("").as_posix() for p in folder.glob(pattern)
                      if not _hidden(p, book))

    docs = book / "docs"
    rules = stems(docs / "rules", "*.md")
    chapters = [{"file": f"notebooks/{Path(n).stem}"} for n in lessons if n != "00_index.ipynb"]
    if edition == "student":
        return {"format": "jb-book", "root": "notebooks/00_index", "parts": [
            {"caption": "Lessons", "chapters": chapters},
            {"caption": "The rules", "chapters": [{"file": r} for r in rules]},
            {"caption": "Paper", "chapters": [{"file": "printables"}]},
        ]}
    pages = stems(docs / "lessons", "*.md")
    other = [p for p in stems(docs, "**/*.md") if p not in rules and p not in pages and p != "docs/README"]
    return {"format": "jb-book", "root": "notebooks/00_index", "parts": [
        {"caption": "Lessons", "chapters": chapters},
        {"caption": "The rules", "chapters": [{"file": r} for r in rules]},
        {"caption": "For teachers", "chapters": [*({"file": p} for p in pages), {"file": "printables"}]},
        {"caption": "About the course",
         "chapters": [*([{"file": "docs/README"}] if (docs / "README.md").is_file() else []),
                      *({"file": p} for p in other)]},
    ]}


def book_config(edition: str) -> str:
    """site/_config.yml for an edition (the teacher's book says so in its title)."""
    text = (SITE_CONFIG / "_config.yml").read_text(encoding="utf-8")
    if edition == "teacher":
        text = re.sub(r"(?m)^title: (.*)$", r"title: \1 (teacher edition)", text, count=1)
    return text


def build_book(out: Path, cdn: dict, edition: str = "student", pdfs: Path | None = None) -> list[str]:
    """Stage and build an edition's book into ``out``; return the links that were unlinked (no page for them)."""
    book = WORK / f"book-{edition}"
    shutil.rmtree(book, ignore_errors=True)
    (book / "notebooks").mkdir(parents=True)
    lessons = sorted(p.name for p in notebooks_of(edition).glob("*.ipynb"))
    for name in lessons:
        book_notebook(name, book / "notebooks" / name, cdn.get(name, []), edition)
    stage_docs(book, edition)
    printables_page(book, edition, pdfs if pdfs is not None else make_printables(WORK / "printables"))
    dropped = []
    for page in sorted((book / "docs").rglob("*.md")):
        text, lost = fix_links(page.read_text(encoding="utf-8"), page, book)
        page.write_text(text, encoding="utf-8")
        dropped += [f"{page.relative_to(book)}: {t}" for t in lost]
    for page in sorted((book / "notebooks").glob("*.ipynb")):
        nb = json.loads(page.read_text(encoding="utf-8"))
        for cell in nb["cells"]:
            if cell["cell_type"] == "markdown":
                text, lost = fix_links("".join(cell["source"]), page, book)
                cell["source"] = text
                dropped += [f"{page.relative_to(book)}: {t}" for t in lost]
        page.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    (book / "_config.yml").write_text(book_config(edition), encoding="utf-8")
    npm_packages()
    for item in MATHJAX_FILES:  # _config.yml: mathjax_path points here
        src, dest = NODE_MATHJAX / item, book / "_static" / "mathjax" / item
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copytree(src, dest) if src.is_dir() else shutil.copy2(src, dest)
    (book / "_toc.yml").write_text(json.dumps(book_toc(book, lessons, edition), indent=1))  # JSON is YAML
    log(f"jupyter-book build ({edition}; Sphinx, the stored outputs, nothing executed)")
    jb = Path(sys.executable).with_name("jupyter-book")
    result = subprocess.run([jb if jb.exists() else "jupyter-book", "build", book,
                             "--path-output", WORK / f"book-out-{edition}", "--warningiserror", "--keep-going", "-q"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    (WORK / f"book-build-{edition}.log").write_text(result.stdout)
    if result.returncode:
        raise SiteBuildError(f"jupyter-book build ({edition}) failed (the whole log: "
                             f"{WORK / f'book-build-{edition}.log'}):\n{result.stdout[-4000:]}")
    html = WORK / f"book-out-{edition}" / "_build" / "html"
    for item in html.iterdir():
        target = out / item.name
        if item.is_dir():
            shutil.copytree(item, target, dirs_exist_ok=True)
        else:
            shutil.copy2(item, target)
    return dropped


# --------------------------------------------------------------------------- main


def du(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def build(out: Path = OUT, *, book: bool = True, lite: bool = True, work: Path | None = None,
          editions: tuple[str, ...] = EDITIONS) -> dict:
    """Build the sites into ``out/student`` and ``out/teacher`` (``editions``); ``work`` is the staging
    folder (default build/site-work).  The wheels, the Pyodide runtime and the printables are made once
    for both.  Returns the summary written to ``out/site-build.json`` (seconds, and per edition its
    megabytes and the lessons that draw); each edition has its own ``site-build.json`` too."""
    global WORK, _STARTED
    started = _STARTED = time.monotonic()
    for edition in editions:
        _check_edition(edition)
    out = Path(out).resolve()
    if work is not None:
        WORK = Path(work).resolve()
    shutil.rmtree(WORK, ignore_errors=True)
    WORK.mkdir(parents=True)
    out.mkdir(parents=True, exist_ok=True)
    if book and lite and tuple(editions) == EDITIONS:  # the one-site layout of earlier builds goes
        for item in out.iterdir():
            if item.name not in EDITIONS:
                shutil.rmtree(item) if item.is_dir() else item.unlink()
    static = lite_runtime(own_wheel(WORK / "own")) if lite else None
    pdfs = make_printables(WORK / "printables") if book else None
    summary = {"editions": {}}
    for edition in editions:
        target = out / edition
        target.mkdir(exist_ok=True)
        if book:  # the book's files go; the JupyterLite edition (lite/) goes only when it is rebuilt
            for item in target.iterdir():
                if item.name != "lite":
                    shutil.rmtree(item) if item.is_dir() else item.unlink()
        if lite:
            cdn = build_lite(target / "lite", edition, static)
        else:
            cdn = {nb.name: drawing_cells(nb) for nb in sorted(notebooks_of(edition).glob("*.ipynb"))}
        dropped = build_book(target, cdn, edition, pdfs) if book else []
        for item in dropped:
            log(f"{edition}: unlinked (no page in the book): {item}")
        part = {"megabytes": round(du(target) / 1e6, 1),
                "cdn_lessons": {k: [c["cell"] for c in v] for k, v in cdn.items() if v}}
        (target / "site-build.json").write_text(json.dumps(part, indent=1) + "\n")
        summary["editions"][edition] = part
    seconds = time.monotonic() - started
    summary["seconds"] = round(seconds, 1)
    (out / "site-build.json").write_text(json.dumps(summary, indent=1) + "\n")
    where = out.relative_to(ROOT) if out.is_relative_to(ROOT) else out
    log(f"built {where} in {seconds:.0f} s: " + "; ".join(
        f"{e}/ {p['megabytes']} MB" for e, p in summary["editions"].items())
        + f"; lessons that draw (numpy/matplotlib from Pyodide's CDN when online): "
        f"{', '.join(next(iter(summary['editions'].values()))['cdn_lessons']) or 'none'}")
    if "student" in editions:  # the site tests fail on any of these; the build says them at once
        for leak in teacher_leaks.scan(out / "student"):
            log(f"WARNING: teacher-only material in the student site (do not publish it): {leak}")
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/build_site.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help="output folder (default build/site)")
    parser.add_argument("--edition", choices=EDITIONS, action="append",
                        help="build only this edition (student or teacher; default: both)")
    parser.add_argument("--no-book", action="store_true", help="skip the book")
    parser.add_argument("--no-lite", action="store_true", help="skip the JupyterLite edition")
    args = parser.parse_args(argv)
    try:
        build(args.out, book=not args.no_book, lite=not args.no_lite, editions=tuple(args.edition or EDITIONS))
    except SiteBuildError as exc:
        print(f"site: error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
