"""The Kille deck to cut out, and the table for playing Krypkille with an ordinary deck.

:func:`kille_deck_pdf` draws the 42 cards (nine to an A4 page, poker size 63 × 88 mm): each card
shows its name in English, Swedish and Japanese, its rank (21 = strongest), its penalty in the
default table and in the alternative one, and the ordinary cards that stand for it.
:func:`ordinary_deck_pdf` prints the mapping of :mod:`classroom.printables.ordinary` as one page.
"""

from __future__ import annotations

from pathlib import Path

from cardgames.krypkille.deck import ALTERNATIVE_PENALTIES, DECK, DEFAULT_PENALTIES, Kind
from .layout import CARD_MM, card_origin, grid_positions, new_page, pages_for, paragraph, pdf_document
from .ordinary import ORDINARY, left_out, mapping_rows, ordinary_cards

__all__ = ["KILLE_PAGES", "kille_deck_pdf", "ordinary_deck_pdf", "card_lines"]

#: Pages of the cut-out deck: 42 cards, 9 a page.
KILLE_PAGES = pages_for(len(DECK), 9)

_FOOTER = "trick-taking classroom · rules: docs/rules/krypkille.md · cut along the lines"


def card_lines(kind: Kind) -> dict[str, str]:
    """The texts printed on a card of ``kind``.

    >>> card_lines(Kind.PIG)["names"], card_lines(Kind.PIG)["penalty"]
    ('Husu (Svin) · ブタ', 'penalty 15')
    >>> card_lines(Kind.HARLEQUIN)["penalty"], card_lines(Kind.SEVEN)["names"]
    ('penalty 50 (alt. 18)', '7 · 数字札 7')
    """
    default, alternative = DEFAULT_PENALTIES[kind], ALTERNATIVE_PENALTIES[kind]
    penalty = f"penalty {default}" + (f" (alt. {alternative})" if alternative != default else "")
    if kind.is_numeral:
        names = f"{kind.numeral} · 数字札 {kind.numeral}"
    else:
        names = f"{kind.swedish} · {kind.japanese}"
    ordinary = " ".join(c.symbol for c in ordinary_cards(kind))
    return {"title": kind.english, "names": names, "penalty": penalty, "rank": f"rank {kind.value} of 21",
            "ordinary": f"ordinary deck: {ordinary}"}


def _draw_card(ax, x: float, y: float, kind: Kind) -> None:
    from matplotlib.patches import FancyBboxPatch

    w, h = CARD_MM
    ax.add_patch(FancyBboxPatch((x + 1.5, y + 1.5), w - 3, h - 3, boxstyle="round,pad=0,rounding_size=3",
                                fill=False, lw=0.8, ec="0.2"))
    text = card_lines(kind)
    picture = not kind.is_numeral
    colour = "#8e1b1b" if picture else "#1a1a1a"
    ax.text(x + 5, y + h - 5, str(kind.value), ha="left", va="top", fontsize=9, color="0.3")
    ax.text(x + w - 5, y + h - 5, text["rank"], ha="right", va="top", fontsize=6, color="0.4")
    ax.text(x + w / 2, y + h * 0.62, text["title"], ha="center", va="center",
            fontsize=15 if picture else 34, weight="bold", color=colour)
    if picture:
        ax.text(x + w / 2, y + h * 0.46, kind.japanese, ha="center", va="center", fontsize=17, color=colour)
        ax.text(x + w / 2, y + h * 0.34, kind.swedish, ha="center", va="center", fontsize=9, style="italic")
    else:
        ax.text(x + w / 2, y + h * 0.40, f"数字札 {kind.numeral}", ha="center", va="center", fontsize=10)
    ax.text(x + w / 2, y + 15, text["penalty"], ha="center", va="center", fontsize=9, weight="bold")
    ax.text(x + w / 2, y + 8, text["ordinary"], ha="center", va="center", fontsize=6.5, color="0.35")
    # cut marks: the card's full outline, dashed
    ax.add_patch(__import__("matplotlib.patches", fromlist=["Rectangle"]).Rectangle(
        (x, y), w, h, fill=False, lw=0.4, ec="0.6", ls=(0, (3, 3))))


def kille_deck_pdf(path: "str | Path") -> int:
    """Write the 42-card cut-out deck to ``path``; return the number of pages."""
    cards = sorted(DECK, reverse=True)               # strongest first, the two copies side by side
    places = grid_positions(len(cards))
    with pdf_document(path, "Kille deck (42 cards) for Krypkille") as pages:
        axes = []
        for page in range(KILLE_PAGES):
            axes.append(new_page(pages, f"Kille deck for Krypkille — cut out (page {page + 1} of {KILLE_PAGES})",
                                 _FOOTER))
        for kind, (page, row, col) in zip(cards, places):
            _draw_card(axes[page], *card_origin(row, col), kind)
    return KILLE_PAGES


def ordinary_deck_pdf(path: "str | Path") -> int:
    """Write the one-page table for playing Krypkille with an ordinary 52-card deck."""
    with pdf_document(path, "Krypkille with an ordinary deck") as pages:
        ax = new_page(pages, "Krypkille with an ordinary 52-card deck",
                      "trick-taking classroom · rules: docs/rules/krypkille.md · "
                      "mapping: classroom/printables/ordinary.py")
        intro = ("This mapping is faithful: Krypkille ignores suits and needs 21 kinds in a fixed order, each in "
                 "exactly two copies. Each rank of one colour (♠♣ black, ♥♦ red) comes in exactly two cards, so "
                 "21 rank-colour pairs play the 21 kinds; two cards are the same kind when rank and colour agree.")
        y = paragraph(ax, intro, 270, 105, fontsize=8.5, leading=4.6)
        y -= 3
        cols = [(15, "rank"), (30, "kind (English)"), (62, "Swedish"), (96, "Japanese"), (120, "ordinary cards"),
                (168, "penalty"), (186, "alt.")]
        for x, head in cols:
            ax.text(x, y, head, fontsize=8.5, weight="bold", va="top")
        y -= 6
        for i, (kind, cards) in enumerate(mapping_rows()):
            if i % 2 == 0:
                ax.add_patch(__import__("matplotlib.patches", fromlist=["Rectangle"]).Rectangle(
                    (13, y - 4.6), 184, 6.2, color="0.93", lw=0))
            rank, colour = ORDINARY[kind]
            values = [str(kind.value), kind.english, kind.swedish if not kind.is_numeral else "–",
                      kind.japanese if not kind.is_numeral else "–", cards,
                      str(DEFAULT_PENALTIES[kind]), str(ALTERNATIVE_PENALTIES[kind])]
            for (x, _), value in zip(cols, values):
                ax.text(x, y, value, fontsize=8.5, va="top",
                        color="#b03030" if (colour == "red" and x == 120) else "black")
            y -= 6.2
        y -= 4
        box = " ".join(c.symbol for c in left_out())
        notes = (f"Leave in the box (10 cards): {box}.\n"
                 "Strongest first: red K (Harlequin) … red 8 (Inn), then black Q = 12 down to black A = 1, "
                 "then red 3 (Wreath), red 2 (Flowerpot), red A (Mask).\n"
                 "Forced follows, ties (the later of two equal cards wins), the shared lowest card and the "
                 "penalties work exactly as with Kille cards.")
        y = paragraph(ax, notes, y, 105, fontsize=8.5, leading=4.6)
    return 1
