"""Binder builds what we test: repo2docker's generated build, checked without Docker.

``jupyter-repo2docker --no-build --debug`` prints the Dockerfile that
mybinder.org would build, without contacting a container engine.  It runs on a
clean copy of the repository (the files git knows about), so a local ``.venv``
or ``build/`` cannot change what it detects.  Also checks that the README's
Binder link opens the index notebook in JupyterLab.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import urllib.parse
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _git_files(root: Path) -> list[str]:
    out = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=root, capture_output=True, check=True,
    ).stdout
    return [name for name in out.decode().split("\0") if name]


def _clean_copy(dest: Path) -> Path:
    try:
        names = _git_files(ROOT)
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("needs a git checkout (git ls-files) to make a clean copy of the repository")
    for name in names:
        src = ROOT / name
        if src.is_file():  # deleted-but-tracked files are skipped
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / name)  # keeps postBuild's executable bit
    return dest


def _unescape(text: str) -> str:
    """repo2docker escapes build-script file names ('-2e' is '.', '-2d' is '-')."""
    return re.sub(r"-([0-9a-f]{2})", lambda m: chr(int(m.group(1), 16)), text)


@pytest.fixture(scope="module")
def repo2docker_build(tmp_path_factory) -> tuple[str, str]:
    """(Dockerfile, log) that repo2docker generates for a clean copy of the repository."""
    pytest.importorskip("repo2docker", reason="pip install -e '.[test]' installs jupyter-repo2docker")
    repo = _clean_copy(tmp_path_factory.mktemp("binder-repo"))
    workdir = tmp_path_factory.mktemp("r2d-cwd")  # no stray repo2docker_config.py is picked up
    env = {"PATH": "/usr/bin:/bin", "HOME": str(workdir),
           # prove that no container engine is contacted
           "DOCKER_HOST": "unix:///nonexistent/docker.sock"}
    proc = subprocess.run(
        [sys.executable, "-m", "repo2docker", "--no-build", "--debug", str(repo)],
        cwd=workdir, env=env, capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 0, f"repo2docker failed:\n{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}"
    assert "FROM " in proc.stdout, f"no Dockerfile in repo2docker's output:\n{proc.stderr[-2000:]}"
    return proc.stdout, proc.stderr


def _runtime_version() -> str:
    text = (ROOT / "binder" / "runtime.txt").read_text().strip()
    match = re.fullmatch(r"python-(\d+\.\d+)(\.\d+)?", text)
    assert match, f"binder/runtime.txt should read like 'python-3.11', not {text!r}"
    return match.group(1)


@pytest.mark.slow
def test_binder_installs_the_pinned_requirements(repo2docker_build):
    dockerfile, _log = repo2docker_build
    assert re.search(r"^COPY .*src/binder/requirements\.txt ", dockerfile, re.M), dockerfile
    assert re.search(r'^RUN .*pip install .*-r "?binder/requirements\.txt"?', dockerfile, re.M), dockerfile
    # binder/ wins: nothing at the top level is installed as requirements instead
    assert not re.search(r'-r "?requirements\.txt"?', dockerfile)


@pytest.mark.slow
def test_binder_uses_the_runtime_txt_python(repo2docker_build):
    dockerfile, log = repo2docker_build
    version = _runtime_version()
    assert version == "3.11", "the Binder image runs the Python the project is tested with (3.11)"
    assert f"python={version}" in log, log
    # the conda environment lock file baked into the image is the one for that Python
    locks = re.findall(r"environment\.py-(\d+\.\d+)-linux-64\.lock", _unescape(dockerfile))
    assert locks == [version], f"environment lock files in the Dockerfile: {locks}"


@pytest.mark.slow
def test_binder_runs_postbuild(repo2docker_build):
    dockerfile, _log = repo2docker_build
    assert re.search(r"^RUN \./binder/postBuild$", dockerfile, re.M), dockerfile
    # postBuild runs after the repository is copied in, so `pip install .` sees the package
    copy_all = dockerfile.index("COPY --chown=0:0 src/ ")
    assert dockerfile.index("RUN ./binder/postBuild") > copy_all
    assert "pip install --no-deps ." in (ROOT / "binder" / "postBuild").read_text()


def test_readme_binder_link_opens_the_student_index_in_jupyterlab():
    readme = (ROOT / "README.md").read_text()
    links = re.findall(r"https://mybinder\.org/v2/gh/[^\s)\]\"'>]+", readme)
    assert links, "README.md has no mybinder.org link"
    for link in links:
        query = urllib.parse.parse_qs(urllib.parse.urlsplit(link).query)
        assert query.get("urlpath") == ["lab/tree/student/00_index.ipynb"], link
    assert (ROOT / "student" / "00_index.ipynb").is_file()


def test_binder_switches_off_the_news_popup_like_make_lab():
    post = (ROOT / "binder" / "postBuild").read_text()
    assert "lab-settings/overrides.json" in post and "lab/settings/overrides.json" in post
    assert "--LabApp.app_settings_dir=$(CURDIR)/lab-settings" in (ROOT / "Makefile").read_text()
