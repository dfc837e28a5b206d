"""Printables: PDF pages for a class, drawn with matplotlib (``make printables``).

=================================  =====  ==================================================
file                               pages  what
=================================  =====  ==================================================
``kille_deck.pdf``                 5      the 42 Kille cards to cut out (English, Swedish, Japanese, penalty)
``krypkille_ordinary_deck.pdf``    1      playing Krypkille with an ordinary deck (a faithful mapping)
``comrade_bid_cards.pdf``          3      the 24 Comrade bid cards (場札) to cut out
``comrade_mini_deals.pdf``         3      the class mini deals of notebook 20, one hand-out sheet each
``comrade_mini_deals_teacher.pdf`` 1      their winning lines, replayed by the engine (teacher page)
``comrade_convention_card.pdf``    1      the convention card the computer partners follow
``rules_krypkille.pdf``            1      one-page rules summary
``rules_comrade.pdf``              1      one-page rules summary
``rules_heart_challenge.pdf``      1      one-page rules summary
=================================  =====  ==================================================

Run ``python -m classroom.printables OUTDIR`` (``make printables`` writes ``build/printables``).
The Japanese text needs a font with Japanese glyphs; see :mod:`classroom.printables.fonts`.  The rules
engines never import this package.

    >>> list(PRINTABLES)[:2]
    ['kille_deck.pdf', 'krypkille_ordinary_deck.pdf']
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Callable

from .fonts import NoJapaneseFontError

__all__ = ["PRINTABLES", "build", "build_all", "NoJapaneseFontError"]


def _builders() -> dict[str, Callable[[Path], int]]:
    from . import comrade, kille, summaries

    return {
        "kille_deck.pdf": kille.kille_deck_pdf,
        "krypkille_ordinary_deck.pdf": kille.ordinary_deck_pdf,
        "comrade_bid_cards.pdf": comrade.bid_cards_pdf,
        "comrade_mini_deals.pdf": comrade.mini_deals_pdf,
        "comrade_mini_deals_teacher.pdf": comrade.mini_deals_teacher_pdf,
        "comrade_convention_card.pdf": comrade.convention_card_pdf,
        "rules_krypkille.pdf": lambda p: summaries.summary_pdf("krypkille", p),
        "rules_comrade.pdf": lambda p: summaries.summary_pdf("comrade", p),
        "rules_heart_challenge.pdf": lambda p: summaries.summary_pdf("heart_challenge", p),
    }


#: The file names, in the order they are built.
PRINTABLES: tuple[str, ...] = (
    "kille_deck.pdf", "krypkille_ordinary_deck.pdf", "comrade_bid_cards.pdf", "comrade_mini_deals.pdf",
    "comrade_mini_deals_teacher.pdf", "comrade_convention_card.pdf", "rules_krypkille.pdf", "rules_comrade.pdf",
    "rules_heart_challenge.pdf",
)


def build(name: str, outdir: "str | Path") -> Path:
    """Write the printable ``name`` (one of :data:`PRINTABLES`) into ``outdir``; return its path."""
    builders = _builders()
    if name not in builders:
        raise KeyError(f"unknown printable {name!r} (known: {', '.join(PRINTABLES)})")
    path = Path(outdir) / name
    # IPA fonts have no bold face: matplotlib says so once per glyph run; the regular face is right.
    logging.getLogger("matplotlib.font_manager").setLevel(logging.ERROR)
    builders[name](path)
    return path


def build_all(outdir: "str | Path") -> list[Path]:
    """Write every printable into ``outdir`` (created if needed); return the paths.

    Raises :class:`NoJapaneseFontError` before writing anything when no Japanese font is available.
    """
    import matplotlib

    matplotlib.use("Agg")
    from .fonts import japanese_font

    japanese_font()
    Path(outdir).mkdir(parents=True, exist_ok=True)
    return [build(name, outdir) for name in PRINTABLES]
