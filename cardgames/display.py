"""Small HTML builders shared by the engines' rich displays (``_repr_html_``).

Plain functions returning HTML strings: no ipywidgets here, so the engines can
use them and a notebook can show the same table statically (``IPython.display.HTML``)
or inside a widget (``ipywidgets.HTML``).
"""

from __future__ import annotations

import html
from typing import Any, Iterable, Sequence

__all__ = ["html_table", "escape", "cards_html"]

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
    that already hold HTML, such as :func:`cards_html`).

    >>> html_table([[1, 2]], header=["a", "b"]).count("<td")
    2
    """
    fmt = (lambda v: str(v)) if raw else escape
    marked = set(highlight_rows)
    out = [f'<table class="{css_class}" style="{_TABLE_STYLE}">']
    if caption:
        out.append(f'<caption style="caption-side:top;text-align:left;font-weight:600">{escape(caption)}</caption>')
    if header is not None:
        cells = "".join(f'<th style="{_CELL_STYLE};background:#eee">{fmt(h)}</th>' for h in header)
        out.append(f"<tr>{cells}</tr>")
    for i, row in enumerate(rows):
        style = _CELL_STYLE + (";" + _HIGHLIGHT if i in marked else "")
        out.append("<tr>" + "".join(f'<td style="{style}">{fmt(c)}</td>' for c in row) + "</tr>")
    out.append("</table>")
    return "".join(out)


_RED = "#c0392b"
_BLACK = "#1a1a1a"


def cards_html(cards: Iterable[Any], *, back: bool = False) -> str:
    """Cards (:class:`cardgames.cards.Card`) as an HTML fragment: suit symbols in red or black,
    hidden cards as backs.  (This module imports no engine: it reads the cards' ``name``,
    ``symbol`` and ``is_red``.)

    >>> from cardgames.cards import parse_cards
    >>> "♥A" in cards_html(parse_cards("HA")), "♥" in cards_html(parse_cards("HA"), back=True)
    (True, False)
    """
    parts = []
    for card in cards:
        if back:
            parts.append('<span title="face down" style="color:#2c5aa0">🂠</span>')
            continue
        colour = _RED if card.is_red else _BLACK
        parts.append(
            f'<span title="{html.escape(card.name)}" style="color:{colour};font-weight:600">'
            f"{html.escape(card.symbol)}</span>"
        )
    return '<span class="cardgames-hand" style="font-family:monospace;font-size:1.1em">' + " ".join(parts) + "</span>"
