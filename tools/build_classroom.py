"""Build the student and teacher notebooks from ``notebooks/`` with otter-grader (``make student``).

    python tools/build_classroom.py [--student DIR] [--teacher DIR] [NOTEBOOK ...]

How an exercise is written is the recipe in :mod:`classroom.grader`; this is only the build step,
which needs otter-grader (the ``lab`` extra) and is never imported by the package itself.
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Iterable

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "notebooks"
STUDENT = ROOT / "student"
TEACHER = ROOT / "teacher"


def has_questions(nb_path: Path) -> bool:
    """Whether a notebook is in otter assign's format (it has a raw ``# ASSIGNMENT CONFIG`` cell)."""
    nb = json.loads(Path(nb_path).read_text(encoding="utf-8"))
    return any(c["cell_type"] == "raw" and "".join(c["source"]).lstrip().startswith("# ASSIGNMENT CONFIG")
               for c in nb["cells"])


def _stable_ids(generated: Path, dest: Path) -> None:
    """Copy an otter output, giving the cells otter adds (the check cells) ids derived from their text.

    otter assign draws new random ids for them on every run; stable ids keep a rebuild from
    changing files whose source did not change.
    """
    import hashlib

    import nbformat
    nb = nbformat.read(generated, 4)
    seen: dict[str, int] = {}
    for cell in nb.cells:
        if "grader.check(" in cell.source and cell.source.startswith("grader.check("):
            n = seen[cell.source] = seen.get(cell.source, 0) + 1
            cell["id"] = hashlib.sha1(f"{dest.name}:{cell.source}:{n}".encode()).hexdigest()[:8]
    with open(dest, "w", encoding="utf-8") as f:
        f.write(nbformat.writes(nb) + "\n")


def build(sources: Iterable[Path] | None = None, student: Path = STUDENT, teacher: Path = TEACHER,
          quiet: bool = True) -> list[Path]:
    """Write the student and teacher version of each source notebook; return the written paths.

    A notebook with otter questions goes through ``otter assign`` (no PDFs, no container, no test run:
    the test suite runs the checks). A notebook without questions is copied as it is to both folders,
    so each folder is a complete course whose notebooks link to each other.
    """
    sources = sorted(Path(p) for p in (sources if sources is not None else SOURCES.glob("*.ipynb")))
    student, teacher = Path(student), Path(teacher)
    student.mkdir(parents=True, exist_ok=True)
    teacher.mkdir(parents=True, exist_ok=True)
    written = []
    for src in sources:
        if not has_questions(src):
            for folder in (student, teacher):
                shutil.copyfile(src, folder / src.name)
                written.append(folder / src.name)
            continue
        from otter.assign import main as otter_assign
        with tempfile.TemporaryDirectory() as tmp:
            if quiet:
                import logging
                logging.getLogger("otter").setLevel(logging.WARNING)
            otter_assign(str(src), tmp, no_pdfs=True, no_run_tests=True)
            _stable_ids(Path(tmp) / "student" / src.name, student / src.name)
            _stable_ids(Path(tmp) / "autograder" / src.name, teacher / src.name)
        written += [student / src.name, teacher / src.name]
    return written


def main(argv: list[str] | None = None) -> int:
    """``python tools/build_classroom.py [--student DIR] [--teacher DIR] [NOTEBOOK ...]``."""
    import argparse
    b = argparse.ArgumentParser(prog="python tools/build_classroom.py",
                                description="Write student/ and teacher/ from notebooks/ with otter-grader.")
    b.add_argument("notebooks", nargs="*", type=Path, help="source notebooks (default: notebooks/*.ipynb)")
    b.add_argument("--student", type=Path, default=STUDENT)
    b.add_argument("--teacher", type=Path, default=TEACHER)
    args = b.parse_args(argv)
    for path in args.notebooks:
        if not path.is_file():
            print(f"error: no notebook {path}", file=sys.stderr)
            return 2
    written = build(args.notebooks or None, args.student, args.teacher)
    print(f"wrote {len(written)} notebooks to {args.student} and {args.teacher}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
