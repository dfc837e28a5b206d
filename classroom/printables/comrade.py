"""Comrade printables: the 24 bid cards (場札), the class mini deals as hand-out sheets, and the
convention card the computer partners follow (one page).

The mini deals are the three of notebook 20 (section "Three mini deals for the class").  The
student sheets show the hands and empty record tables; the winning lines are printed only on the
separate teacher page.  The package stores no answer a student could import: each line is found by
the solver when the page is printed (:func:`winning_line`) and replayed through the rules engine
first (an illegal or losing line raises instead of being printed).
"""

from __future__ import annotations

from pathlib import Path

from cardgames.cards import SUIT_SYMBOLS, SUITS
from cardgames.comrade import ComradeGame, Deal
from cardgames.comrade.bidding import bid_cards
from cardgames.comrade.variant import SEAT_LETTERS
from .layout import CARD_MM, card_origin, grid_positions, new_page, pages_for, paragraph, pdf_document, wrap

__all__ = ["CLASS_DEALS", "winning_line", "BID_CARD_PAGES", "bid_card_text", "bid_cards_pdf",
           "mini_deals_pdf", "mini_deals_teacher_pdf", "replay", "convention_card_summary", "convention_card_pdf"]

#: The class mini deals of notebook 20 (PBN, North deals).
CLASS_DEALS: dict[str, str] = {
    "A": "N:.Q8.KQ. .T93.3. ..94.J7 A8.7.8.",
    "B": "N:T..K.AT .5.Q2.K 7.3.8.4 .Q9..82",
    "C": "N:J.A8.QJ. 4.5.A4.2 83.T.87. K.93.9.5",
}
#: Pages of the bid cards: 24 cards, 9 a page.
BID_CARD_PAGES = pages_for(24, 9)
_SUIT_EN = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_SUIT_JA = {"S": "スペード", "H": "ハート", "D": "ダイヤ", "C": "クラブ"}
_FULLWIDTH = str.maketrans("0123456789", "０１２３４５６７８９")
_SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}


def bid_card_text(suit: str, value: int) -> tuple[str, str]:
    """The English and Japanese meaning printed on a bid card.

    >>> bid_card_text("H", 2)
    ('win exactly 2 tricks led in hearts', 'ハートでリードされたトリックを２つ取る')
    >>> bid_card_text("S", 1)[0]
    'win exactly 1 trick led in spades'
    """
    trick = "trick" if value == 1 else "tricks"
    return (f"win exactly {value} {trick} led in {_SUIT_EN[suit]}",
            f"{_SUIT_JA[suit]}でリードされたトリックを{str(value).translate(_FULLWIDTH)}つ取る")


def _colour(suit: str) -> str:
    return "#c0392b" if suit in "HD" else "#1a1a1a"


def bid_cards_pdf(path: "str | Path") -> int:
    """Write the 24 bid cards (the 1-6 of each suit, the ace counting 1) to cut out."""
    from matplotlib.patches import FancyBboxPatch, Rectangle

    cards = bid_cards()
    w, h = CARD_MM
    with pdf_document(path, "Comrade bid cards (24)") as pages:
        axes = [new_page(pages, f"Comrade (カムレッド) bid cards 場札 — cut out (page {p + 1} of {BID_CARD_PAGES})",
                         "trick-taking classroom · rules: docs/rules/comrade.md · "
                         "take a card = bid; a higher card of your suit covers your old one")
                for p in range(BID_CARD_PAGES)]
        for card, (page, row, col) in zip(cards, grid_positions(len(cards))):
            ax = axes[page]
            x, y = card_origin(row, col)
            ax.add_patch(Rectangle((x, y), w, h, fill=False, lw=0.4, ec="0.6", ls=(0, (3, 3))))
            ax.add_patch(FancyBboxPatch((x + 1.5, y + 1.5), w - 3, h - 3, boxstyle="round,pad=0,rounding_size=3",
                                        fill=False, lw=0.8, ec="0.2"))
            symbol, colour = SUIT_SYMBOLS[card.suit], _colour(card.suit)
            corner = f"{card.value}{symbol}" if card.value > 1 else f"1 (A){symbol}"
            ax.text(x + 5, y + h - 5, corner, ha="left", va="top", fontsize=10, color=colour)
            ax.text(x + w / 2, y + h * 0.60, f"{symbol}{card.value}", ha="center", va="center",
                    fontsize=40, color=colour, weight="bold")
            english, japanese = bid_card_text(card.suit, card.value)
            for i, line in enumerate(wrap(english, 26)):
                ax.text(x + w / 2, y + 25 - 4.5 * i, line, ha="center", va="center", fontsize=8.5)
            ax.text(x + w / 2, y + 11, japanese, ha="center", va="center", fontsize=7.5)
    return BID_CARD_PAGES


def winning_line(name: str) -> list[str]:
    """A winning line for mini deal ``name`` (the bids, then every card in playing order), found by the
    solver of notebook 21 with North dealing: the answer exists only when it is asked for."""
    from solvers.comrade import solve
    result = solve(CLASS_DEALS[name], dealer=0)
    if result.verdict != "win":
        raise AssertionError(f"mini deal {name} cannot be won ({result.verdict}): choose another class deal")
    return list(result.bidding) + [card for trick in result.tricks for card in trick]


def replay(name: str, line: "list[str] | None" = None) -> ComradeGame:
    """Mini deal ``name`` played along ``line`` (default: :func:`winning_line`) by the engine; raises if
    the line is illegal (the engine's error) or does not win."""
    game = ComradeGame(Deal.from_pbn(CLASS_DEALS[name]), dealer=0)
    game.play(winning_line(name) if line is None else line)
    if game.result != "win":
        raise AssertionError(f"the line of mini deal {name} does not win: {game.loss_reason}")
    return game


def _hand_lines(hand) -> list[str]:
    lines = []
    for suit in SUITS:
        ranks = " ".join(c.rank_letter.replace("T", "10") for c in sorted(hand, key=lambda c: -c.rank)
                         if c.suit == suit)
        lines.append(f"{SUIT_SYMBOLS[suit]} {ranks or '—'}")
    return lines


def _draw_hand(ax, x: float, y: float, seat: int, hand) -> None:
    letter = SEAT_LETTERS[seat]
    ax.text(x, y, f"{_SEAT_NAMES[letter]} ({letter})" + ("  · deals 親" if seat == 0 else ""),
            fontsize=10, weight="bold", va="top")
    for i, line in enumerate(_hand_lines(hand)):
        ax.text(x, y - 6 - 5.2 * i, line, fontsize=11, va="top", color=_colour(SUITS[i]))


def mini_deals_pdf(path: "str | Path") -> int:
    """Write one hand-out sheet per class mini deal (no answers); return the page count."""
    from matplotlib.patches import Rectangle

    with pdf_document(path, "Comrade class mini deals (student sheets)") as pages:
        for name, pbn in CLASS_DEALS.items():
            deal = Deal.from_pbn(pbn)
            n = deal.hand_size
            ax = new_page(pages, f"Comrade (カムレッド) — class mini deal {name}",
                          "trick-taking classroom · rules: docs/rules/comrade.md · answers: teacher page")
            intro = (f"{n} cards each; North deals and leads the first trick. Bid with the bid cards until the "
                     f"bids add up to exactly {n} (not 13): a card 'suit s, value v' means win exactly v tricks "
                     "led in s. No talking about the game (相談禁止)! Must follow suit, no trumps, the ace is high. "
                     "The team loses at once when anyone wins a trick they did not bid.")
            y = paragraph(ax, intro, 276, 100, fontsize=9, leading=4.8)
            cx, top = 105, 245
            _draw_hand(ax, cx - 14, top, 0, deal.hands[0])
            _draw_hand(ax, cx + 40, top - 30, 1, deal.hands[1])
            _draw_hand(ax, cx - 14, top - 60, 2, deal.hands[2])
            _draw_hand(ax, cx - 85, top - 30, 3, deal.hands[3])
            ax.add_patch(Rectangle((cx - 20, top - 52), 40, 22, fill=False, ec="0.5", lw=0.6))
            ax.text(cx, top - 41, f"mini deal {name}", ha="center", va="center", fontsize=9, color="0.4")
            # bidding record
            y = 150
            ax.text(15, y, "Bidding (write the card taken, or 'pass')", fontsize=10, weight="bold", va="top")
            y -= 7
            heads = ["lap", "North", "East", "South", "West"]
            for j, head in enumerate(heads):
                ax.text(18 + j * 36, y, head, fontsize=9, va="top", weight="bold")
            for lap in range(3):
                yy = y - 6 - 8 * lap
                ax.text(18, yy - 1, str(lap + 1), fontsize=9, va="top")
                for j in range(4):
                    ax.add_patch(Rectangle((16 + (j + 1) * 36, yy - 6), 30, 7, fill=False, ec="0.55", lw=0.5))
            # trick record
            y = 104
            ax.text(15, y, "Tricks (write each card; circle the winner)", fontsize=10, weight="bold", va="top")
            y -= 7
            heads = ["trick", "leader", "North", "East", "South", "West", "led suit"]
            for j, head in enumerate(heads):
                ax.text(18 + j * 26, y, head, fontsize=9, va="top", weight="bold")
            for t in range(n):
                yy = y - 6 - 8 * t
                ax.text(18, yy - 1, str(t + 1), fontsize=9, va="top")
                for j in range(1, 7):
                    ax.add_patch(Rectangle((16 + j * 26, yy - 6), 22, 7, fill=False, ec="0.55", lw=0.5))
            ax.text(15, 22, "Result:   win   /   lost   — because …", fontsize=10, va="top")
    return len(CLASS_DEALS)


def _teacher_lines(name: str) -> list[str]:
    game = replay(name)
    lines = [f"Mini deal {name}:  {CLASS_DEALS[name]}",
             "Bidding, North first:  " + "  ".join(f"{SEAT_LETTERS[s.seat]} {s.action}" for s in game.bidding_history),
             "Final bids:  " + ";  ".join(
                 f"{_SEAT_NAMES[SEAT_LETTERS[s]]} " + (", ".join(f"{SUIT_SYMBOLS[k]}{v}" for k, v in b.items())
                                                     or "no trick")
                 for s, b in enumerate(game.bids))]
    for i, trick in enumerate(game.tricks, 1):
        lines.append(f"  trick {i}: {trick}")
    lines.append(f"Result: {game.result} — every player won exactly the bid.")
    return lines


def mini_deals_teacher_pdf(path: "str | Path") -> int:
    """Write the teacher page: a winning line for each class mini deal, replayed by the engine."""
    with pdf_document(path, "Comrade class mini deals (teacher page)") as pages:
        ax = new_page(pages, "Comrade class mini deals — teacher page (answers)",
                      "trick-taking classroom · each line is replayed through cardgames.comrade before printing")
        y = 274
        note = ("One winning line per deal, found by the solver (there may be others: exercise 4 of notebook 20 asks "
                "for the one in which North takes every trick of mini deal A). "
                "Suits are written S H D C; T is the ten.")
        y = paragraph(ax, note, y, 100, fontsize=9, leading=5)
        for name in CLASS_DEALS:
            y -= 5
            for k, line in enumerate(_teacher_lines(name)):
                for part in wrap(line, 100):
                    ax.text(15 if not part.startswith("  ") else 19, y, part.strip(), fontsize=9, va="top",
                            weight="bold" if k == 0 else "normal")
                    y -= 5
    return 1


def convention_card_summary():
    """The convention card (:data:`solvers.comrade_players.convention.RULES`) as a one-page :class:`Summary`."""
    from solvers.comrade_players.convention import RULES

    from .summaries import Summary

    def lines(phase):
        return tuple(f"{r.id} {r.name}: {r.meaning}" for r in RULES if r.phase == phase)

    return Summary(
        "Comrade (カムレッド) — the convention card",
        "How the computer partners bid and play. Agreed by everyone BEFORE the game, like a bridge system "
        "card: it says what a public action means, so no one talks during the game (相談禁止 is kept). "
        "A table may also play without it.",
        (
            ("Bidding (ビッドラウンド)", lines("bidding")),
            ("Play (トリックラウンド)", lines("play")),
            ("Reading your partners", (
                "A bid of ♠v in lap 1 says: I hold the ♠A (or no ace, and spades are my strongest suit), with about v "
                "sure tricks (B1, B2, B8).",
                "A pass in lap 1 says: no suit of mine has a sure trick (B3). A raise in lap 3 fills the 13 (B6).",
                "Whoever throws a high card of a suit is done with that suit (P6).",
            )),
        ),
        "docs/lessons/comrade_convention_card.md",
    )


def convention_card_pdf(path: "str | Path") -> int:
    """The convention card on one A4 page; return 1."""
    from .summaries import summary_page

    summary = convention_card_summary()
    return summary_page(summary, path, "trick-taking classroom · each rule's example and measured worth: "
                                       + summary.rules_page)
