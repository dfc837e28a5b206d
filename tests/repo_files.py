"""The repository's tracked files (``git ls-files``), for the tests that search the whole repository.

    >>> any(p == "README.md" for p in git_files())
    True
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def git_files() -> list[str]:
    """Every tracked file, relative to the repository (the test skips outside a git checkout)."""
    try:
        out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    return out.splitlines()
