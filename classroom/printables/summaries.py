"""One-page rules summaries, one per game, for the classroom wall or the card table.

The full rules, with the Japanese sentence behind every decision, are the project's rules pages
``docs/rules/<game>.md``; these pages are their short form.  Each summary is a list of
(heading, lines) sections; :func:`summary_pdf` lays one out on an A4 page in the largest type that
fits (:func:`fit`: 16 pt down to 9 pt; readable across a table), the sections spread to the bottom.

    >>> sorted(SUMMARIES)
    ['comrade', 'heart_challenge', 'krypkille']
    >>> SUMMARIES["krypkille"].title
    'Krypkille — rules on one page'
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from .layout import new_page, pdf_document

__all__ = ["Summary", "SUMMARIES", "summary_pdf", "summary_page", "layout", "fit", "Placed", "SIZES"]


@dataclass(frozen=True)
class Summary:
    """A one-page summary: title, source line, and (heading, lines) sections."""

    title: str
    source: str
    sections: tuple[tuple[str, tuple[str, ...]], ...]
    rules_page: str


KRYPKILLE = Summary(
    "Krypkille — rules on one page",
    "Source: the thread 「Krypkilleルール」 by django（中村俊也）; "
    "our choices are options, see docs/rules/krypkille.md",
    (
        ("The deck (42 cards, no suits)", (
            "21 kinds, two of each. Strongest first: Harlequin 道化師, Cuckoo カッコー, Hussar 騎兵, Pig ブタ, "
            "Cavalier 騎馬, Inn 宿, 12 … 1, Wreath 花輪, Flowerpot 植木鉢, Mask 顔.",
            "No Kille deck? Use an ordinary deck: black A-Q = 1-12, red A/2/3 = Mask/Flowerpot/Wreath, "
            "red 8-K = Inn … Harlequin (table: krypkille_ordinary_deck.pdf).",
        )),
        ("Deal and swap (2-5 players)", (
            "The dealer deals 5 cards to each player. Each player may put away 0-3 cards face down; "
            "the dealer refills every hand to 5.",
        )),
        ("Four tricks: only the lead is free", (
            "The dealer leads any card. Then clockwise every follow is FORCED:",
            "• if you hold a card equal to or stronger than the strongest card so far, play the weakest such card;",
            "• otherwise play your weakest card.",
            "The strongest card wins the trick; of two equal cards the later one wins. The winner leads next. "
            "Played cards stay face up.",
        )),
        ("Declare (宣言) or pass (パス)", (
            "After four tricks everyone holds one card. Starting with the winner of the fourth trick, each "
            "player declares (shows the card) or passes. The first declaration ends it.",
        )),
        ("Scoring (penalty points — low is good)", (
            "low = the weakest final card on the table (one or two players hold it).",
            "• Success: the declarer alone holds low → declarer 0, everyone else the penalty of their card.",
            "• Failure: declarer's card is not low, or someone else has the same low card → declarer penalty + 10, "
            "holders of low 0, the rest their penalty.",
            "• Everyone passed, one player holds low → that coward (臆病者) scores 10, all others 0.",
            "• Everyone passed, two players hold low → void (無効), nobody scores.",
            "Penalties: numerals their number; Inn 13, Cavalier 14, Pig 15, Hussar 16, Cuckoo 17, "
            "Harlequin 50 (or 18); Wreath, Flowerpot, Mask 0.",
        )),
        ("A match", (
            "Each player deals once (or play until someone reaches an agreed total). Lowest total wins.",
        )),
    ),
    "docs/rules/krypkille.md",
)

COMRADE = Summary(
    "Comrade (カムレッド) — rules on one page",
    "Source: 「カムレッド（Comrade）」 by ドミッチ (2016), the Japanese trick-taking wiki; see docs/rules/comrade.md",
    (
        ("A team game (4 players; 3 with the 5-K only)", (
            "Everyone wins together if every player wins EXACTLY the tricks they bid; otherwise everyone loses.",
            "No talking about the game at all (相談禁止): each player sees only their own hand and the table.",
        )),
        ("Cards", (
            "Deal all 52 cards, 13 each. The 1-6 of each suit from a second deck (ace = 1) lie face up "
            "in the middle: the 24 bid cards (場札).",
        )),
        ("Bidding (ビッドラウンド)", (
            "From the dealer (親), clockwise: take one bid card, or pass. 'Hearts 2' = I win exactly 2 tricks "
            "LED in hearts. No card taken = I win no trick at all.",
            "Stop as soon as the bids add up to exactly 13. At most 3 laps.",
            "A suit you already hold can only be raised: the higher card covers the old one. "
            "A pass keeps your bids.",
        )),
        ("The bidding is lost when", (
            "• all players pass in a row; • 3 laps end below 13; • a take goes over 13;",
            "• the player to act cannot take any card without going over 13 (our reading).",
        )),
        ("Play (トリックラウンド)", (
            "The dealer leads. Must follow suit, no trumps; the ace is high. The highest card of the led suit "
            "wins; the winner leads next. A trick counts for the suit that was LED.",
            "Lost at once when someone wins a trick of a suit they did not bid, or more tricks than bid.",
        )),
        ("A series", (
            "Four games, each player deals once. 4 wins Excellent · 3 Good · 2 Average · 1 Bad · 0 Low.",
        )),
    ),
    "docs/rules/comrade.md",
)

HEART_CHALLENGE = Summary(
    "Heart Challenge — rules on one page",
    "Source: an untitled Japanese house-rule page (2013) adapting Skull & Roses (髑髏と薔薇); "
    "see docs/rules/heart_challenge.md",
    (
        ("Idea", (
            "Skull & Roses with playing cards and two jokers: hearts are skulls, every other card a rose.",
        )),
        ("Setup (2-10 players)", (
            "Each player draws a number 1-10, takes its four cards and shows one as a marker (out of play). "
            "Lowest number deals first (親).",
            "Deal one of the J, Q, K and jokers to each player; the rest, plus the ♠ and ♥ of unused numbers, "
            "make the stock. Your own heart (自分のハート) is the heart of your number.",
        )),
        ("A round", (
            "Everyone places a card face down. From the dealer: place another card, or challenge by naming "
            "a number. Others raise or pass (a pass is final); the highest number challenges.",
            "The challenger turns all of their own pile first, then top cards of other piles one at a time. "
            "Reach the number without a heart: success. A heart: failure.",
            "Success: take a random card from the stock or from a player holding 3 or more. "
            "Failure: give a random card to whoever placed the heart.",
            "Piles go back to hand; hand limit 5. The challenger deals next.",
        )),
        ("Special cards (one use from hand per round; cards acting from a pile do not count)", (
            "J: the own pile shows a heart → go on anyway.  Q: in the declaring, everyone places one more "
            "card; or cancel a K.  K: a turned heart does not count.",
            "Joker: one more card is turned, whatever the number — a heart is a success, anything else a failure.",
        )),
        ("Out of the game", (
            "Hand empty, or failing your own challenge with 2 cards or fewer that nobody raised.",
        )),
        ("Scoring, after each of 10 rounds", (
            "own heart +1, someone else's heart +3, Q♥ +5, other Q +2, J −1, K −2, joker −3, others 0. "
            "Highest total wins.",
        )),
    ),
    "docs/rules/heart_challenge.md",
)

#: The summaries by game.
SUMMARIES: dict[str, Summary] = {"krypkille": KRYPKILLE, "comrade": COMRADE, "heart_challenge": HEART_CHALLENGE}


#: The page's text block (mm): left edge, right edge, top of the source line, lowest line allowed
#: (above the footer).
LEFT, RIGHT, TOP, BOTTOM = 15.0, 195.0, 280.0, 14.0
#: Body type sizes tried (points), largest first: the largest whose page still fits is used.
SIZES = tuple(x / 4 for x in range(64, 35, -1))       # 16 pt down to 9 pt
_PT = 25.4 / 72                                       # one point in millimetres


@dataclass(frozen=True)
class Placed:
    """One line of a laid-out summary: position (mm), text, type size (points), bold or not."""

    x: float
    y: float
    text: str
    size: float
    bold: bool = False
    color: str = "black"
    section: int = 0          # 0: the source line; 1, 2 ...: the sections


def _wrap_measured(text: str, width_mm: float, size: float, measure) -> list[str]:
    """Greedy word wrap by the measured width of the text (Japanese is wider than Latin)."""
    lines, line = [], ""
    for word in text.split(" "):
        trial = f"{line} {word}" if line else word
        if line and measure(trial, size) > width_mm:
            lines.append(line)
            line = word
        else:
            line = trial
    return lines + [line]


def layout(summary: Summary, size: float, measure) -> tuple[list[Placed], float]:
    """The summary's lines at body size ``size`` (points) and the lowest baseline reached (mm).

    ``measure(text, size, bold)`` is the width in millimetres.  Headings are 1.2 times the body,
    the source line 0.8 times; leading is 1.3 times the type size."""
    placed: list[Placed] = []
    y = TOP
    small = 0.8 * size
    for line in _wrap_measured(summary.source, RIGHT - LEFT, small, measure):
        placed.append(Placed(LEFT, y, line, small, color="0.3"))
        y -= 1.3 * small * _PT
    for number, (heading, lines) in enumerate(summary.sections, 1):
        y -= 0.6 * size * _PT
        head = 1.2 * size
        for i, line in enumerate(_wrap_measured(heading, RIGHT - LEFT, head, lambda t, z: measure(t, z, True))):
            placed.append(Placed(LEFT, y, line, head, bold=True, section=number))
            y -= 1.3 * head * _PT
        y -= 0.05 * head * _PT
        for text in lines:
            indent = 5.0 if text.startswith("•") else 0.0
            hang = 3.5 if indent else 0.0           # a bullet's further lines start under its text
            for i, line in enumerate(_wrap_measured(text, RIGHT - LEFT - 2 - indent - hang, size, measure)):
                placed.append(Placed(LEFT + 2 + indent + (hang if i else 0), y, line, size,
                                     section=number))
                y -= 1.3 * size * _PT
    return placed, y


def fit(summary: Summary, measure) -> tuple[float, list[Placed]]:
    """The largest body size of :data:`SIZES` at which the summary fits the page, and its lines;
    the space left over is shared out between the sections, so the page is used to the bottom."""
    for size in SIZES:
        placed, bottom = layout(summary, size, measure)
        if bottom >= BOTTOM:
            break
    else:
        raise AssertionError(f"the summary {summary.title!r} does not fit on one page even at {SIZES[-1]} pt")
    spare, gaps = bottom - BOTTOM, len(summary.sections)
    return size, [replace(p, y=p.y - spare * p.section / gaps) for p in placed]


#: The type size the measurer reads widths at; every other size is scaled from it.
_REFERENCE_PT = 100.0


def _measurer(fig):
    """``measure(text, size)`` in millimetres, by the figure's own renderer and fonts.

    A line's width is the sum of its words' widths and the spaces between them, each word read
    once at :data:`_REFERENCE_PT` and scaled to ``size``: the PDF draws its text from the font's
    outlines, so widths there are exactly proportional to the size.  The greedy wrap tries every
    line at every size of :data:`SIZES`; measuring each word once instead of each trial line
    makes the printables several times faster (most of their time was text measurement)."""
    from functools import lru_cache

    from matplotlib.font_manager import FontProperties

    renderer = fig.canvas.get_renderer()
    props = {bold: FontProperties(size=_REFERENCE_PT, weight="bold" if bold else "normal") for bold in (False, True)}

    @lru_cache(maxsize=None)
    def reference(text: str, bold: bool) -> float:
        w, _, _ = renderer.get_text_width_height_descent(text, props[bold], ismath=False)
        return w / fig.dpi * 25.4

    def measure(text: str, size: float, bold: bool = False) -> float:
        words = text.split(" ")
        space = reference("a a", bold) - 2 * reference("a", bold)     # a lone space measures nothing
        width = sum(reference(w, bold) for w in words if w) + (len(words) - 1) * space
        return width * size / _REFERENCE_PT

    return measure


def summary_pdf(game: str, path: "str | Path") -> int:
    """Write the one-page summary of ``game`` (a key of :data:`SUMMARIES`) in the largest type that
    fits the A4 page (:func:`fit`); return 1."""
    summary = SUMMARIES[game]
    return summary_page(summary, path,
                        f"trick-taking classroom · the full rules with the Japanese source: {summary.rules_page}")


def summary_page(summary: Summary, path: "str | Path", footer: str) -> int:
    """Lay out any :class:`Summary` on one A4 page in the largest type that fits (``footer`` at the
    foot of the page); return 1."""
    with pdf_document(path, summary.title) as pages:
        ax = new_page(pages, None, footer)
        ax.text(105, 292, summary.title, ha="center", va="top", fontsize=20, weight="bold")
        _, placed = fit(summary, _measurer(ax.figure))
        for p in placed:
            ax.text(p.x, p.y, p.text, fontsize=p.size, va="top", color=p.color, weight="bold" if p.bold else "normal")
    return 1
