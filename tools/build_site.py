"""``make site``: the course as static files in ``build/site/``, for any web server (no Python on it).

    python tools/build_site.py            # build build/site/ (the book, and the JupyterLite edition in lite/)
    python tools/build_site.py --no-book  # only the JupyterLite edition
    python tools/build_site.py --no-lite  # only the book

Two parts, one site:

* **The book** (``build/site/index.html``): Jupyter Book 1 (Sphinx and myst-nb) renders the lessons
  with their stored outputs, the rules pages (``docs/rules/``), the teachers' lesson pages
  (``docs/lessons/``) and a printables page with the PDFs; Sphinx's own search index makes it
  searchable.  The lessons come from ``teacher/`` (the generated versions: stored outputs, no otter
  markup), with each exercise's answer cell taken from ``student/`` (so the book does not give the
  answers away) and the answer checks' outputs removed.  Every lesson page starts with a link "Run
  this lesson in your browser" into the JupyterLite edition.  Widgets are not drawn in the book (they
  need a kernel): each widget already has a static rendering next to it, which is kept.
* **The JupyterLite edition** (``build/site/lite/``): JupyterLab and a Python kernel (Pyodide,
  Python compiled to WebAssembly) running in the browser, with the *student* notebooks.  The Pyodide
  core comes from the npm package ``pyodide`` (``package.json``, ``package-lock.json``); this
  project's wheel and every pure-Python wheel the kernel or the lessons import are self-hosted next
  to it (downloaded from PyPI once, into ``build/site-cache/``); python-sat is its Pyodide wheel
  from PyPI.  Only numpy and matplotlib (and what they need) stay on Pyodide's CDN: the lessons that
  draw load them from there (:func:`cdn_cells` says which cells), so those need an internet
  connection; every other lesson runs with none.

Nothing is downloaded from anywhere but PyPI (``pip download``) and npm (``npm ci``), and only at
build time.  The source notebooks and docs are read, never changed: every change (the run link, the
blanked answers, the CDN note) is made on copies under ``build/site-work/``.

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


def pip_download(name: str, version: str, *, platform: str | None = None) -> Path:
    """The wheel of ``name==version`` for Python 3 in the browser, from PyPI (cached in build/site-cache)."""
    CACHE.mkdir(parents=True, exist_ok=True)
    hit = _cached(name, version, ".whl")
    if hit:
        return hit
    command = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
               "--python-version", kernel_constants().PYODIDE_PYTHON_VERSION, "-d", CACHE, f"{name}=={version}"]
    if platform:
        command[4:4] = ["--platform", platform, "--implementation", "cp"]
    log(f"pip download {name}=={version}" + (f" ({platform})" if platform else ""))
    run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    hit = _cached(name, version, ".whl")
    if not hit:
        raise SiteBuildError(f"pip download {name}=={version} wrote no wheel into {CACHE}")
    return hit


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

    def ours(name: str, version: str, *, binary: bool = False) -> Path:
        if binary:
            return pip_download(name, version, platform=f"pyemscripten_{abi}_wasm32")
        if name == "python-constraint2":
            return pure_wheel_from_sdist(name, version, "constraint")
        return pip_download(name, version)

    # 1. this project's browser dependencies and ipywidgets' own, at the pins of constraints.txt
    for name in (*BROWSER_DEPENDENCIES, *WIDGET_DEPENDENCIES):
        cname = canonicalize_name(name)
        in_lock = packages.get(key.get(cname, ""), {})
        binary = in_lock.get("file_name", "").endswith("_wasm32.whl") or cname == "python-sat"
        wheels[cname] = ours(name, pinned[cname], binary=binary)
    # 2. the kernel's packages and everything they need, at Pyodide's versions (pure wheels only)
    todo = [canonicalize_name(n) for n in KERNEL_PACKAGES]
    for wheel in list(wheels.values()):
        todo += _requires(wheel)
    while todo:
        cname = todo.pop()
        if cname in wheels or cname in CDN_IMPORTS or cname in NOT_SHIPPED:
            continue
        entry = packages.get(key.get(cname, ""))
        if entry is None:
            if cname not in pinned:
                raise SiteBuildError(f"{cname} is needed in the browser but neither Pyodide nor constraints.txt "
                                     f"has a version of it")
            wheels[cname] = ours(cname, pinned[cname])
        elif entry["package_type"] != "package":
            continue  # a part of the standard library Pyodide ships separately: leave it where it is
        elif entry["file_name"].endswith("-none-any.whl"):
            wheels[cname] = ours(entry["name"], entry["version"])
        else:
            raise SiteBuildError(f"{cname} is needed in the browser but is a compiled Pyodide package on the CDN")
        todo += _requires(wheels[cname])
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


# --------------------------------------------------------------------------- the JupyterLite edition


def _note_cell(kind: str, text: str, cell_id: str) -> dict:
    cell = {"cell_type": kind, "id": cell_id, "metadata": {}, "source": text}
    if kind == "code":
        cell.update(outputs=[], execution_count=None)
    return cell


def lite_notebook(src: Path, dest: Path, needs: list[dict]) -> None:
    """The student notebook for the browser: as it is, plus, when it draws, a first cell loading
    numpy and matplotlib (Pyodide loads a package when a cell itself imports it, not when a module
    of this project does)."""
    nb = json.loads(src.read_text(encoding="utf-8"))
    if needs:
        loads = sorted({name for n in needs for name in n["loads"]})
        cells = ", ".join(str(n["cell"] + 3) for n in needs)  # 1-based, after the two cells added here
        note = (f"**In the browser edition:** this lesson draws pictures with {' and '.join(loads)}, which the "
                f"browser fetches from Pyodide's CDN (an internet connection is needed, once; cells {cells} use "
                f"them). Run the next cell first.")
        nb["cells"][0:0] = [
            _note_cell("markdown", note, "site-cdn-note"),
            _note_cell("code", f"import {', '.join(loads)}  # fetched from Pyodide's CDN", "site-cdn-import"),
        ]
    dest.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def build_lite(out: Path, own: Path) -> dict:
    """Build ``out`` (build/site/lite); return the CDN report ``{notebook: cdn_cells(...)}``."""
    core = pyodide_core()
    lite_dir = WORK / "lite"
    shutil.rmtree(lite_dir, ignore_errors=True)
    static = lite_dir / "static" / "pyodide"
    static.mkdir(parents=True)
    for name in PYODIDE_CORE:
        shutil.copy2(core / name, static / name)
    lock, wheels = self_hosted_wheels(own)
    for wheel in wheels:
        shutil.copy2(wheel, static / wheel.name)
    (static / "pyodide-lock.json").write_text(json.dumps(lock, sort_keys=True))
    files = lite_dir / "files"
    files.mkdir()
    report = {}
    for nb in sorted(STUDENT.glob("*.ipynb")):
        report[nb.name] = cdn_cells(nb)
        lite_notebook(nb, files / nb.name, report[nb.name])
    overrides = ROOT / "lab-settings" / "overrides.json"
    if overrides.is_file():
        shutil.copy2(overrides, lite_dir / "overrides.json")
    plugin = kernel_constants().PYODIDE_KERNEL_PLUGIN_ID
    config = {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appName": "Trick-taking classroom",
        "exposeAppInBrowser": True,   # window.jupyterapp, for the browser tests (tests/site/)
        "litePluginSettings": {plugin: {
            "pyodideUrl": "./static/pyodide/pyodide.mjs",
            "disablePyPIFallback": True,
        }},
    }}
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(config, indent=2))
    shutil.rmtree(out, ignore_errors=True)
    log("jupyter lite build")
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


def book_notebook(name: str, dest: Path, needs: list[dict]) -> None:
    """A lesson page: teacher/NAME (stored outputs, no otter markup) with the student's blank answers."""
    teacher = json.loads((TEACHER / name).read_text(encoding="utf-8"))
    student_path = STUDENT / name
    student = json.loads(student_path.read_text(encoding="utf-8")) if student_path.is_file() else {"cells": []}
    by_id = {c.get("id"): c for c in student["cells"]}
    cells = []
    for cell in teacher["cells"]:
        twin = by_id.get(cell.get("id"))
        if twin is not None and twin["source"] != cell["source"]:
            cell = copy.deepcopy(twin)
            if cell["cell_type"] == "code":
                cell["outputs"], cell["execution_count"] = [], None
        if cell["cell_type"] == "code" and "grader.check(" in "".join(cell["source"]):
            cell["outputs"] = []
        cells.append(cell)
    teacher["cells"] = cells
    teacher["metadata"].pop("otter", None)
    _strip_widgets(teacher)
    if name != "00_index.ipynb":
        extra = " It draws with numpy and matplotlib, which the browser fetches once from Pyodide's CDN." if needs else ""
        link = (f'<p class="{RUN_LINK_CLASS}"><a href="../lite/lab/index.html?path={name}">'
                f"&#9654; Run this lesson in your browser</a> (JupyterLite: Python runs inside the web page, "
                f"nothing to install; your changes stay in this browser).{extra}</p>")
        cells.insert(1 if cells and cells[0]["cell_type"] == "markdown" else 0,
                     {"cell_type": "markdown", "id": "site-run-link", "metadata": {}, "source": link})
    dest.write_text(json.dumps(teacher, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


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


def printables_page(book: Path) -> None:
    """The printables page and its PDFs (``python -m ... printables``; matplotlib, on the build machine)."""
    folder = book / "printables"
    folder.mkdir()
    module = "classroom.printables" if (ROOT / "classroom" / "printables").is_dir() else "cardgames.printables"
    log(f"python -m {module} (the PDFs)")
    run([sys.executable, "-m", module, folder], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        env={**os.environ, "PYTHONPATH": str(ROOT), "MPLBACKEND": "Agg"})
    page = (SITE_CONFIG / "printables.md").read_text(encoding="utf-8")
    missing = [m for m in re.findall(r"\(printables/([^)]+\.pdf)\)", page) if not (folder / m).is_file()]
    if missing:
        raise SiteBuildError(f"site/printables.md links PDFs the printables did not write: {missing}")
    (book / "printables.md").write_text(page, encoding="utf-8")


def build_book(out: Path, cdn: dict) -> list[str]:
    """Stage and build the book into ``out``; return the links that were unlinked (no page for them)."""
    book = WORK / "book"
    shutil.rmtree(book, ignore_errors=True)
    (book / "notebooks").mkdir(parents=True)
    lessons = sorted(p.name for p in TEACHER.glob("*.ipynb"))
    for name in lessons:
        book_notebook(name, book / "notebooks" / name, cdn.get(name, []))
    shutil.copytree(DOCS, book / "docs", ignore=shutil.ignore_patterns("*.ipynb", "__pycache__"))
    printables_page(book)
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
    shutil.copy2(SITE_CONFIG / "_config.yml", book / "_config.yml")
    npm_packages()
    for item in MATHJAX_FILES:  # _config.yml: mathjax_path points here
        src, dest = NODE_MATHJAX / item, book / "_static" / "mathjax" / item
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copytree(src, dest) if src.is_dir() else shutil.copy2(src, dest)
    def stems(folder: Path, pattern: str) -> list[str]:
        return sorted(p.relative_to(book).with_suffix("").as_posix() for p in folder.glob(pattern))

    docs = book / "docs"
    rules, pages = stems(docs / "rules", "*.md"), stems(docs / "lessons", "*.md")
    other = [p for p in stems(docs, "**/*.md") if p not in rules and p not in pages and p != "docs/README"]
    toc = {"format": "jb-book", "root": "notebooks/00_index", "parts": [
        {"caption": "Lessons", "chapters": [{"file": f"notebooks/{Path(n).stem}"} for n in lessons if n != "00_index.ipynb"]},
        {"caption": "The rules", "chapters": [{"file": r} for r in rules]},
        {"caption": "For teachers", "chapters": [*({"file": p} for p in pages), {"file": "printables"}]},
        {"caption": "About the course", "chapters": [{"file": "docs/README"}, *({"file": p} for p in other)]},
    ]}
    (book / "_toc.yml").write_text(json.dumps(toc, indent=1))  # JSON is YAML
    log("jupyter-book build (Sphinx; the stored outputs, nothing executed)")
    jb = Path(sys.executable).with_name("jupyter-book")
    result = subprocess.run([jb if jb.exists() else "jupyter-book", "build", book, "--path-output", WORK / "book-out",
                             "--warningiserror", "--keep-going", "-q"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    (WORK / "book-build.log").write_text(result.stdout)
    if result.returncode:
        raise SiteBuildError(f"jupyter-book build failed (the whole log: {WORK / 'book-build.log'}):\n"
                             f"{result.stdout[-4000:]}")
    html = WORK / "book-out" / "_build" / "html"
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


def build(out: Path = OUT, *, book: bool = True, lite: bool = True, work: Path | None = None) -> dict:
    """Build the site into ``out``; ``work`` is the staging folder (default build/site-work).
    Returns the summary written to ``out/site-build.json`` (seconds, megabytes, the CDN lessons)."""
    global WORK, _STARTED
    started = _STARTED = time.monotonic()
    out = Path(out).resolve()
    if work is not None:
        WORK = Path(work).resolve()
    shutil.rmtree(WORK, ignore_errors=True)
    WORK.mkdir(parents=True)
    out.mkdir(parents=True, exist_ok=True)
    if book:  # the book's files go; the JupyterLite edition (lite/) goes only when it is rebuilt
        for item in out.iterdir():
            if item.name != "lite":
                shutil.rmtree(item) if item.is_dir() else item.unlink()
    cdn = {}
    if lite:
        own = own_wheel(WORK / "own")
        cdn = build_lite(out / "lite", own)
    else:
        cdn = {nb.name: cdn_cells(nb) for nb in sorted(STUDENT.glob("*.ipynb"))}
    dropped = build_book(out, cdn) if book else []
    for item in dropped:
        log(f"unlinked (no page in the book): {item}")
    seconds = time.monotonic() - started
    summary = {"seconds": round(seconds, 1), "megabytes": round(du(out) / 1e6, 1),
               "cdn_lessons": {k: [c["cell"] for c in v] for k, v in cdn.items() if v}}
    (out / "site-build.json").write_text(json.dumps(summary, indent=1) + "\n")
    log(f"built {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out} in {seconds:.0f} s, "
        f"{summary['megabytes']} MB; lessons that load numpy/matplotlib from Pyodide's CDN: "
        f"{', '.join(summary['cdn_lessons']) or 'none'}")
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/build_site.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help="output folder (default build/site)")
    parser.add_argument("--no-book", action="store_true", help="skip the book")
    parser.add_argument("--no-lite", action="store_true", help="skip the JupyterLite edition")
    args = parser.parse_args(argv)
    try:
        build(args.out, book=not args.no_book, lite=not args.no_lite)
    except SiteBuildError as exc:
        print(f"site: error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
