"""Page helpers shared by the printables: A4 pages measured in millimetres, card grids, PDF files.

Every page is a matplotlib figure of A4 size with one invisible axes spanning it, whose data
coordinates are millimetres from the bottom-left corner, so a card of 63 × 88 mm is drawn as a
63 × 88 rectangle.  Text is embedded as TrueType (``pdf.fonttype = 42``), so it can be searched and
copied in the PDF, and the files carry no creation date, so the same input gives the same bytes.

    >>> grid_positions(10, cols=3, rows=3)[:2], len(grid_positions(10, cols=3, rows=3))
    ([(0, 0, 0), (0, 0, 1)], 10)
    >>> pages_for(42, 9), pages_for(24, 9)
    (5, 3)
"""

from __future__ import annotations

import textwrap
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

__all__ = ["A4_MM", "CARD_MM", "pages_for", "grid_positions", "card_origin", "pdf_document",
           "new_page", "wrap", "paragraph"]

#: A4 portrait, millimetres.
A4_MM = (210.0, 297.0)
#: Poker-size playing card, millimetres.
CARD_MM = (63.0, 88.0)
_INCH = 25.4


def pages_for(items: int, per_page: int) -> int:
    """How many pages ``items`` cards need at ``per_page`` a page."""
    return -(-items // per_page)


def grid_positions(items: int, cols: int = 3, rows: int = 3) -> list[tuple[int, int, int]]:
    """(page, row, column) of each item, filling rows left to right, pages in turn."""
    per_page = cols * rows
    return [(i // per_page, (i % per_page) // cols, i % cols) for i in range(items)]


def card_origin(row: int, col: int, cols: int = 3, rows: int = 3,
                card: tuple[float, float] = CARD_MM) -> tuple[float, float]:
    """Bottom-left corner (mm) of the card at ``row``, ``col`` of a grid centred on the page."""
    w, h = card
    left = (A4_MM[0] - cols * w) / 2
    top = (A4_MM[1] + rows * h) / 2 - 4          # a little room below for the footer
    return left + col * w, top - (row + 1) * h


def wrap(text: str, width: int) -> list[str]:
    """Lines of at most ``width`` characters (a blank line stays a blank line)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        lines.extend(textwrap.wrap(paragraph, width) or [""])
    return lines


def paragraph(ax, text: str, y: float, width: int, fontsize: float, leading: float, x: float = 15) -> float:
    """Draw ``text`` wrapped at ``width`` characters, its first line's top at ``y`` mm, each next line
    ``leading`` mm lower; return the ``y`` below the last line (where the next text goes)."""
    for line in wrap(text, width):
        ax.text(x, y, line, fontsize=fontsize, va="top")
        y -= leading
    return y


@contextmanager
def pdf_document(path: "str | Path", title: str) -> Iterator[list]:
    """Collect pages (figures) in a list; on exit, write them to ``path`` as one PDF.

    The fonts are set for the whole document: DejaVu Sans with a Japanese font as fallback
    (:func:`~classroom.printables.fonts.font_families`), which raises
    :class:`~classroom.printables.fonts.NoJapaneseFontError` before anything is written.
    """
    import matplotlib

    from .fonts import font_families

    families = font_families()
    pages: list = []
    with matplotlib.rc_context({"pdf.fonttype": 42, "font.family": families, "axes.unicode_minus": False}):
        yield pages
        from matplotlib.backends.backend_pdf import PdfPages
        import matplotlib.pyplot as plt

        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        metadata = {"Title": title, "Author": "trick-taking classroom", "Creator": "classroom.printables",
                    "Producer": None, "CreationDate": None}
        try:
            with PdfPages(path, metadata=metadata) as pdf:
                for fig in pages:
                    pdf.savefig(fig)
        finally:
            for fig in pages:
                plt.close(fig)


def new_page(pages: list, title: str | None = None, footer: str | None = None):
    """A new A4 page appended to ``pages``; returns its millimetre axes."""
    import matplotlib.pyplot as plt

    fig = plt.figure(figsize=(A4_MM[0] / _INCH, A4_MM[1] / _INCH))
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, A4_MM[0])
    ax.set_ylim(0, A4_MM[1])
    ax.axis("off")
    if title:
        ax.text(A4_MM[0] / 2, A4_MM[1] - 12, title, ha="center", va="top", fontsize=15, weight="bold")
    if footer:
        ax.text(A4_MM[0] / 2, 7, footer, ha="center", va="bottom", fontsize=7, color="0.35")
    pages.append(fig)
    return ax
