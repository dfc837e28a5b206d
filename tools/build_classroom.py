"""Build the student and teacher notebooks from ``notebooks/`` with otter-grader (``make student``).

    python tools/build_classroom.py [--student DIR] [--teacher DIR] [NOTEBOOK ...]

How an exercise is written is the recipe in :mod:`classroom.grader`; this is only the build step,
which needs otter-grader (the ``lab`` extra) and is never imported by the package itself.
"""

from __future__ import annotations

import json
import re
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


#: A code line that only the test suite reads (nbval's markers): dropped from the student version.
NBVAL_MARKER = re.compile(r"^[ \t]*# ?NBVAL_[A-Z_]+[ \t]*(\n|$)", re.M)
#: Cell tags the build honours (documented in the recipe of :mod:`classroom.grader`).
TEACHER_ONLY = "teacher-only"      # the cell is left out of the student version
COLLAPSED = "hide-input"           # the student version shows the cell's code collapsed (JupyterLab honours it)


_PLOT_LINE = re.compile(r"^\s*(plt\.|fig\b|ax\d*\b|axes\b|ax\d*\.|for ax\b"
                        r"|\w+\.set_(x|y)?(label|title|ticks|ticklabels|lim)\b)")
_IMPORT_LINE = re.compile(r"^\s*(import |from \S+ import |\)|[\w, ]+\)?$)")


def is_plumbing(source: str) -> bool:
    """Whether a code cell is plumbing a student need not read: only imports (at least 4 lines), or a
    plotting cell (at least 6 lines, most of them matplotlib calls). Such cells are collapsed, not removed."""
    lines = [ln for ln in source.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    if (len(lines) >= 4 and all(_IMPORT_LINE.match(ln) for ln in lines)
            and any(ln.lstrip().startswith(("import ", "from ")) for ln in lines)):
        return True
    plotting = sum(1 for ln in lines if _PLOT_LINE.match(ln))
    return len(lines) >= 6 and plotting >= 0.6 * len(lines)


def for_students(nb) -> None:
    """Take the developer traces out of a student notebook (in place).

    Mechanical only: nbval's ``# NBVAL_...`` marker lines go; cells tagged ``teacher-only`` go; a code
    cell left empty (all its lines were the teacher's) goes; a cell tagged ``hide-input``, and a cell of
    plumbing (:func:`is_plumbing`: only imports, or mostly matplotlib calls), is shown with its code collapsed
    (``metadata.jupyter.source_hidden``), so a student reads its output and can open it. The source run's
    timings and widget state go too.
    What a student reads in the prose is fixed in the sources instead.
    """
    kept = []
    nb.metadata.pop("widgets", None)            # the source run's widget state: no use without its outputs
    for cell in nb.cells:
        cell.get("metadata", {}).pop("execution", None)   # the source run's timings
        tags = cell.get("metadata", {}).get("tags", [])
        if TEACHER_ONLY in tags:
            continue
        if cell.cell_type == "code":
            cell.source = NBVAL_MARKER.sub("", cell.source)
            if not cell.source.strip():
                continue
            if COLLAPSED in tags or is_plumbing(cell.source):
                cell.metadata.setdefault("jupyter", {})["source_hidden"] = True
        kept.append(cell)
    nb.cells = kept


def _write(nb, dest: Path) -> None:
    import nbformat
    with open(dest, "w", encoding="utf-8") as f:
        f.write(nbformat.writes(nb) + "\n")


def _stable_ids(generated: Path, dest: Path, students: bool = False) -> None:
    """Copy an otter output, giving the cells otter adds (the check cells) ids derived from their text.

    otter assign draws new random ids for them on every run; stable ids keep a rebuild from
    changing files whose source did not change. ``students``: also :func:`for_students`.
    """
    import hashlib

    import nbformat
    nb = nbformat.read(generated, 4)
    seen: dict[str, int] = {}
    for cell in nb.cells:
        if "grader.check(" in cell.source and cell.source.startswith("grader.check("):
            n = seen[cell.source] = seen.get(cell.source, 0) + 1
            cell["id"] = hashlib.sha1(f"{dest.name}:{cell.source}:{n}".encode()).hexdigest()[:8]
    if students:
        for_students(nb)
    _write(nb, dest)


def _plain_copy(src: Path, student: Path, teacher: Path) -> None:
    """A notebook without questions: the teacher gets it as it is, the student without traces or outputs."""
    import nbformat
    shutil.copyfile(src, teacher / src.name)
    nb = nbformat.read(src, 4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    for_students(nb)
    _write(nb, student / src.name)


def build(sources: Iterable[Path] | None = None, student: Path = STUDENT, teacher: Path = TEACHER,
          quiet: bool = True) -> list[Path]:
    """Write the student and teacher version of each source notebook; return the written paths.

    A notebook with otter questions goes through ``otter assign`` (no PDFs, no container, no test run:
    the test suite runs the checks). A notebook without questions is copied as it is to the teacher's
    folder and without outputs to the student's, so each folder is a complete course whose notebooks
    link to each other. Every student version then loses its developer traces (:func:`for_students`).
    """
    sources = sorted(Path(p) for p in (sources if sources is not None else SOURCES.glob("*.ipynb")))
    student, teacher = Path(student), Path(teacher)
    student.mkdir(parents=True, exist_ok=True)
    teacher.mkdir(parents=True, exist_ok=True)
    written = []
    for src in sources:
        if not has_questions(src):
            _plain_copy(src, student, teacher)
            written += [student / src.name, teacher / src.name]
            continue
        from otter.assign import main as otter_assign
        with tempfile.TemporaryDirectory() as tmp:
            if quiet:
                import logging
                logging.getLogger("otter").setLevel(logging.WARNING)
            otter_assign(str(src), tmp, no_pdfs=True, no_run_tests=True)
            _stable_ids(Path(tmp) / "student" / src.name, student / src.name, students=True)
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
