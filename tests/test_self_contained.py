"""The repository stands alone: no file points at the team's brief outside it or at an absolute path; and
no file is too large for it."""

from __future__ import annotations

import re
from pathlib import Path

from repo_files import git_files

ROOT = Path(__file__).resolve().parents[1]
# Built from parts, so this file does not match itself.
OUTSIDE = re.compile("|".join([r"\bshared/" + "rules", r"\bshared/" + "seeds", "/" + "work/", r"\.\./" + "shared"]))
TEXT = (".py", ".md", ".ipynb", ".toml", ".txt", ".cfg", ".json", ".yml", ".yaml", ".in", "Makefile", "postBuild")


def _tracked() -> list[Path]:
    return [ROOT / p for p in git_files() if p.endswith(TEXT)]


def test_no_file_points_outside_the_repository():
    bad = []
    for path in _tracked():
        if not path.is_file() or path == Path(__file__).resolve():   # this file names the patterns
            continue
        for no, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            if OUTSIDE.search(line):
                bad.append(f"{path.relative_to(ROOT)}:{no}: {line.strip()[:100]}")
    assert not bad, "\n".join(bad)


def test_the_check_would_catch_a_pointer():
    assert OUTSIDE.search("see " + "/" + "work/" + "shared" + "/rules/comrade.md")
    assert OUTSIDE.search("``shared/" + "seeds/002``")


#: The largest file the repository keeps (a stored study grows with its deals: split it into parts,
#: ``solvers.studies.comrade_tables.save``, rather than let one file pass this).
MAX_BYTES = 2 * 1024 * 1024


def test_no_tracked_file_is_larger_than_two_mebibytes():
    sizes = {p: (ROOT / p).stat().st_size for p in git_files() if (ROOT / p).is_file()}
    assert len(sizes) > 100, "git ls-files found too few files to be this repository"
    big = {p: n for p, n in sizes.items() if n > MAX_BYTES}
    assert not big, f"files over {MAX_BYTES} bytes: {big}"
