"""Small HTML builders shared by the engines' rich displays (``_repr_html_``).

Plain functions returning HTML strings: no ipywidgets here, so the engines can
use them and a notebook can show the same table statically (``IPython.display.HTML``)
or inside a widget (``ipywidgets.HTML``).
"""

from __future__ import annotations

import html
from typing import Any, Iterable, Sequence

__all__ = ["html_table", "escape"]

_TABLE_STYLE = "border-collapse:collapse;margin:4px 0;font-size:0.95em"
_CELL_STYLE = "border:1px solid #bbb;padding:2px 8px;text-align:center"
_HIGHLIGHT = "background:#fff3b0"


def escape(value: Any) -> str:
    """HTML-escape ``str(value)``."""
    return html.escape(str(value))


def html_table(
    rows: Iterable[Sequence[Any]],
    header: Sequence[Any] | None = None,
    *,
    caption: str | None = None,
    highlight_rows: Iterable[int] = (),
    raw: bool = False,
    css_class: str = "cardgames-table",
) -> str:
    """An HTML table.  Cells are escaped unless ``raw=True`` (use that for cells
    that already hold HTML, such as :func:`cardgames.cards.cards_html`).

    >>> html_table([[1, 2]], header=["a", "b"]).count("<td")
    2
    """
    fmt = (lambda v: str(v)) if raw else escape
    marked = set(highlight_rows)
    out = [f'<table class="{css_class}" style="{_TABLE_STYLE}">']
    if caption:
        out.append(f'<caption style="caption-side:top;text-align:left;font-weight:600">{escape(caption)}</caption>')
    if header is not None:
        out.append("<tr>" + "".join(f'<th style="{_CELL_STYLE};background:#eee">{fmt(h)}</th>' for h in header) + "</tr>")
    for i, row in enumerate(rows):
        style = _CELL_STYLE + (";" + _HIGHLIGHT if i in marked else "")
        out.append("<tr>" + "".join(f'<td style="{style}">{fmt(c)}</td>' for c in row) + "</tr>")
    out.append("</table>")
    return "".join(out)
