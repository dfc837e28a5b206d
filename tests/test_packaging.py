"""What a user installs: the sdist and wheel built from a clean copy, their metadata, and an
install of the engines and the command line without JupyterLab.

The builds run offline (``python -m build --no-isolation`` with the pinned setuptools of
the test environment), on the files git knows about, so nothing local leaks in.
"""

from __future__ import annotations

import email
import os
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
NOTEBOOK_STACK = {"jupyterlab", "notebook", "ipywidgets", "ipykernel", "ipython", "jupyter-server"}


def _git_files() -> list[str]:
    try:
        out = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                             capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("needs a git checkout to make a clean copy")
    return [n for n in out.decode().split("\0") if n and (ROOT / n).is_file()]


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, Path, list[str]]:
    """(sdist, wheel built from that sdist, the package files git knows)."""
    pytest.importorskip("build", reason="pip install -e '.[test]' installs build")
    src = tmp_path_factory.mktemp("clean")
    names = _git_files()
    for name in names:
        (src / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, src / name)
    dist = tmp_path_factory.mktemp("dist")
    run = lambda *args, cwd: subprocess.run([sys.executable, "-m", "build", "--no-isolation", *args],  # noqa: E731
                                            cwd=cwd, capture_output=True, text=True, timeout=300)
    out = run("--sdist", "-o", str(dist), ".", cwd=src)
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    (sdist,) = dist.glob("*.tar.gz")
    unpacked = tmp_path_factory.mktemp("unpacked")
    with tarfile.open(sdist) as tar:
        tar.extractall(unpacked, filter="data")
    (top,) = unpacked.iterdir()
    out = run("--wheel", "-o", str(dist), ".", cwd=top)  # the wheel is built from the sdist alone
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    (wheel,) = dist.glob("*.whl")
    package = [n for n in names if n.split("/")[0] in ("cardgames", "solvers", "classroom")]
    return sdist, wheel, package


def _metadata(wheel: Path) -> email.message.Message:
    with zipfile.ZipFile(wheel) as z:
        (name,) = [n for n in z.namelist() if n.endswith(".dist-info/METADATA")]
        return email.message_from_bytes(z.read(name))


def test_sdist_holds_the_package_and_leaves_the_tests_out(built):
    sdist, _wheel, package = built
    with tarfile.open(sdist) as tar:
        names = {"/".join(n.split("/")[1:]) for n in tar.getnames()}
    assert not any(n.startswith("tests/") for n in names), "tests need the repository: keep them out"
    assert {"LICENSE", "README.md", "pyproject.toml",
            "cardgames/py.typed", "solvers/py.typed", "classroom/py.typed"} <= names
    assert set(package) <= names


def test_wheel_holds_every_module_and_the_typing_marker(built):
    _sdist, wheel, package = built
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
    assert set(package) <= names
    assert {"cardgames/py.typed", "solvers/py.typed", "classroom/py.typed"} <= names
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    with zipfile.ZipFile(wheel) as z:
        (entry,) = [n for n in names if n.endswith("entry_points.txt")]
        assert "comrade-solve = solvers.comrade.cli:run" in z.read(entry).decode()


def test_metadata_license_urls_classifiers(built):
    meta = _metadata(built[1])
    assert meta["License-Expression"] == "MIT"
    assert meta.get_all("License-File") == ["LICENSE"]
    assert meta["License"] is None  # the deprecated table form is gone
    urls = dict(u.split(", ", 1) for u in meta.get_all("Project-URL"))
    assert {"Homepage", "Source", "Issues"} <= set(urls)
    assert all(u.startswith("https://") for u in urls.values())
    classifiers = meta.get_all("Classifier")
    assert "Typing :: Typed" in classifiers and "Programming Language :: Python :: 3.11" in classifiers
    assert not [c for c in classifiers if c.startswith("License ::")]  # PEP 639: the expression says it
    assert "MIT" in (ROOT / "LICENSE").read_text().splitlines()[0]


def test_the_engines_and_the_command_line_need_no_jupyterlab(built):
    meta = _metadata(built[1])
    core = [Requirement(r) for r in meta.get_all("Requires-Dist")]
    core = [r for r in core if r.marker is None or "extra" not in str(r.marker)]
    assert core and not {r.name.lower() for r in core} & NOTEBOOK_STACK, core
    lab = [Requirement(r).name for r in meta.get_all("Requires-Dist") if 'extra == "lab"' in r]
    assert {"jupyterlab", "ipywidgets"} <= set(lab)
    assert set(meta.get_all("Provides-Extra")) >= {"lab", "dask", "test"}


BLOCK_NOTEBOOK_STACK = """
import importlib.abc, sys
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in {'jupyterlab', 'notebook', 'ipywidgets', 'ipykernel', 'IPython',
                                  'jupyter_server', 'dask', 'distributed'}:
            raise ImportError(f'{name} is not installed (blocked by the test)')
sys.meta_path.insert(0, Block())
import cardgames.comrade, cardgames.krypkille, cardgames.heart_challenge, solvers.comrade
import solvers.krypkille_endgame
from solvers.comrade.cli import main
sys.exit(main(['--json', 'N:A.K.. K.A.. Q.Q.. J.J..']))
"""


def test_engines_and_command_line_import_without_the_notebook_stack():
    out = subprocess.run([sys.executable, "-c", BLOCK_NOTEBOOK_STACK], cwd=ROOT, capture_output=True, text=True,
                         timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert out.returncode == 0, out.stderr
    assert '"verdict":"win"' in out.stdout


def test_console_script_is_installed_and_reports_the_version():
    script = Path(sys.executable).with_name("comrade-solve")
    if not script.exists():
        pytest.skip("the package is not installed in this environment (pip install -e .)")
    out = subprocess.run([str(script), "--version"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stdout.strip() == f"comrade-solve {PROJECT['version']}"
