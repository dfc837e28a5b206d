"""One-page rules summaries, one per game, for the classroom wall or the card table.

The full rules, with the Japanese sentence behind every decision, are the project's rules pages
``docs/rules/<game>.md``; these pages are their short form.  Each summary is a list of
(heading, lines) sections; :func:`summary_pdf` lays one out on an A4 page.

    >>> sorted(SUMMARIES)
    ['comrade', 'heart_challenge', 'krypkille']
    >>> SUMMARIES["krypkille"].title
    'Krypkille — rules on one page'
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .layout import new_page, pdf_document, wrap

__all__ = ["Summary", "SUMMARIES", "summary_pdf"]


@dataclass(frozen=True)
class Summary:
    """A one-page summary: title, source line, and (heading, lines) sections."""

    title: str
    source: str
    sections: tuple[tuple[str, tuple[str, ...]], ...]
    rules_page: str


KRYPKILLE = Summary(
    "Krypkille — rules on one page",
    "Source: the thread 「Krypkilleルール」 by django（中村俊也）; our choices are options, see docs/rules/krypkille.md",
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


def summary_pdf(game: str, path: "str | Path") -> int:
    """Write the one-page summary of ``game`` (a key of :data:`SUMMARIES`); return 1."""
    summary = SUMMARIES[game]
    with pdf_document(path, summary.title) as pages:
        ax = new_page(pages, summary.title,
                      f"trick-taking classroom · the full rules with the Japanese source: {summary.rules_page}")
        y = 276
        for line in wrap(summary.source, 110):
            ax.text(15, y, line, fontsize=8, va="top", color="0.3")
            y -= 4.2
        for heading, lines in summary.sections:
            y -= 4
            ax.text(15, y, heading, fontsize=11, weight="bold", va="top")
            y -= 6.5
            for text in lines:
                indent = 4 if text.startswith("•") else 0
                for i, line in enumerate(wrap(text, 98 - indent)):
                    ax.text(17 + indent + (3 if i and indent else 0), y, line, fontsize=9.5, va="top")
                    y -= 5
        if y < 15:
            raise AssertionError(f"the {game} summary does not fit on one page")
    return 1
