"""``python -m classroom.printables OUTDIR``: write every printable PDF into OUTDIR.

Errors (no Japanese font, an output folder that cannot be written) print one line on stderr and
exit with status 2.
"""

from __future__ import annotations

import argparse
import sys

from . import PRINTABLES, NoJapaneseFontError, build_all


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m classroom.printables",
                                     description="Write the classroom printables (PDF) into OUTDIR.")
    parser.add_argument("outdir", help="folder for the PDF files (created if needed), e.g. build/printables")
    args = parser.parse_args(argv)
    try:
        paths = build_all(args.outdir)
    except NoJapaneseFontError as err:
        print(f"printables: {err}", file=sys.stderr)
        return 2
    except OSError as err:
        print(f"printables: cannot write to {args.outdir!r}: {err.strerror or err}", file=sys.stderr)
        return 2
    for path in paths:
        print(path)
    assert len(paths) == len(PRINTABLES)
    return 0


if __name__ == "__main__":
    sys.exit(main())
