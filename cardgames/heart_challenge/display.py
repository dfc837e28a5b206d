"""Static HTML for Heart Challenge: the table, the setup, scoring, rule choices, odds.

Plain functions returning HTML strings; the notebook widgets show the same HTML.

    >>> from cardgames.heart_challenge import HeartChallengeGame
    >>> g = HeartChallengeGame.staged(["HA SA", "S2 D2"], piles=["CA", "H2"])
    >>> "🂠" in state_html(g, seat=0) and "🂠" not in state_html(g)
    True
"""

from __future__ import annotations

from collections import Counter

from typing import TYPE_CHECKING, Iterable, Sequence

from ..cards import Card, cards_html
from ..display import escape, html_table
from .options import READINGS, RULE_CHOICES, HeartChallengeOptions, RuleChoice
from .scoring import SCORING_ROWS, hand_points

if TYPE_CHECKING:   # for annotations only: never imported at run time (tests/test_layout.py)
    from .engine import HeartChallengeGame
    from .view import HeartChallengeView
# engine.py and view.py import this module inside their _repr_html_, so the imports run one way: the
# functions below never need the game or view classes at run time (tests/test_layout.py).

__all__ = ["state_html", "view_html", "setup_html", "scoring_table_html", "rule_choices_html",
           "log_html", "chance_table_html", "legal_actions_html", "PHASE_TEXT"]

PHASE_TEXT = {
    "marker": "setup: choosing markers",
    "first": "everyone places a first card",
    "turn": "place a card or start a challenge",
    "auction": "the declaring (宣言)",
    "q_place": "a Q was played: everyone with cards places one more",
    "window": "special-card window",
    "flip": "the challenger flips",
    "joker_pick": "joker: the challenger picks the extra card",
    "take": "success: take a card",
    "joker_gift": "joker failure: give the joker?",
    "limit": "hand limit: return a card",
    "over": "the match is over",
}

_EMPTY = '<span style="color:#999">—</span>'


def _cards(cards: Iterable[Card | None]) -> str:
    """Known cards face, unknown ones as backs."""
    parts = [cards_html([None], back=True) if c is None else cards_html([c]) for c in cards]
    return " ".join(parts) if parts else _EMPTY


def _pile(entries: Sequence[tuple[Card | None, bool]]) -> str:
    """A pile bottom to top: face-up cards plain, face-down known ones faded and underlined, unknown backs."""
    parts = []
    for card, up in entries:
        if card is None:
            parts.append(cards_html([None], back=True))
        elif up:
            parts.append(f'<span style="outline:1px solid #c0392b;border-radius:2px">{cards_html([card])}</span>')
        else:
            parts.append(f'<span title="face down" style="opacity:.55;text-decoration:underline dotted">'
                         f'{cards_html([card])}</span>')
    return " ".join(parts) if parts else _EMPTY


def seat_status(view: "HeartChallengeView", s: int) -> list[str]:
    """The public facts about seat ``s`` in a few words: dealer, challenger and count, highest
    bidder, special used, out (shared by this table and the play table's)."""
    status = []
    if s == view.dealer:
        status.append("dealer 親")
    if s == view.challenger:
        status.append(f"challenger: {view.count}/{view.target}")
    elif view.phase == "auction" and s == view.high_bidder:
        status.append(f"highest: {view.high}")
    if s in view.used_special:
        status.append("special used")
    if not view.active[s]:
        status.append("out")
    return status


def view_html(view: "HeartChallengeView") -> str:
    """The table as ``view.seat`` sees it (``seat=None``: everything, face-down cards faded)."""
    who = "everything (teacher's view)" if view.seat is None else f"seat {view.seat}'s view"
    head = (f"Round {view.round_no} — {PHASE_TEXT.get(view.phase, view.phase)}"
            + (f" [{view.window}]" if view.window else "") + f" — {who}")
    rows, marked = [], []
    for s in range(view.num_players):
        status = seat_status(view, s)
        if s == view.to_act:
            status.append("to act")
            marked.append(s)
        marker = view.markers[s]
        rows.append([s, view.numbers[s], _cards([marker]) if marker else _EMPTY,
                     f"{_cards(view.hands[s])} ({len(view.hands[s])})", _pile(view.piles[s]),
                     view.scores[s], escape(", ".join(status))])
    table = html_table(rows, header=["seat", "number", "marker", "hand", "pile (bottom → top)", "score", ""],
                       caption=head, highlight_rows=marked, raw=True)
    foot = (f'<div style="font-size:.9em">stock: {view.stock_size} cards face down · hearts in play: '
            f'{view.hearts_in_play} · out of the game: {len(view.out_of_game)} cards</div>')
    return f'<div class="heart-challenge-table">{table}{foot}</div>'


def state_html(game: "HeartChallengeGame", seat: int | None = None) -> str:
    """The table of ``game`` as ``seat`` sees it (``None``: everything, the referee's view)."""
    return view_html(game.referee_view() if seat is None else game.view(seat))


def setup_html(game: "HeartChallengeGame") -> str:
    """Who holds which number and which special card(s), the markers, the stock's contents at the deal."""
    rows = []
    for s in range(game.num_players):
        own = [c for c in game.hands[s] if c not in game.dealt_specials[s]]
        rows.append([s, game.numbers[s] + 0, _cards([game.markers[s]]) if game.markers[s] else "(to choose)",
                     _cards(sorted(own, key=lambda c: c.sort_key)), _cards(game.dealt_specials[s]),
                     "dealer 親" if s == game.dealer else ""])
    table = html_table(rows, header=["seat", "number", "marker", "number cards in hand", "special(s)", ""],
                       caption=f"Setup for {game.num_players} players (seed {game.seed})", raw=True)
    stock = sorted(game.initial_stock, key=lambda c: c.sort_key)
    out = sorted(game.out_of_game, key=lambda c: c.sort_key)
    return (f"{table}<div>stock ({len(stock)} cards, shown sorted; shuffled face down in play): "
            f"{_cards(stock)}</div><div>out of the game ({len(out)}): {_cards(out)}</div>")


def scoring_table_html() -> str:
    """The scoring table, with the Japanese of the source."""
    return html_table([[what, f"{pts:+d}" if pts else "0", ja] for what, pts, ja in SCORING_ROWS],
                      header=["card in hand", "points", "原文"], caption="Points after each round")


def scored_hand_html(cards: "Sequence[Card] | str", number: int) -> str:
    """A hand and its points for the player of ``number``; text is read by
    :func:`~cardgames.heart_challenge.scoring.parse_hand` (the package's card codes, the ace ``HA``; each card once)."""
    from .scoring import card_points, parse_hand
    cards = parse_hand(cards)
    rows = [[_cards([c]), f"{card_points(c, number):+d}"] for c in cards]
    rows.append(["total", f"{hand_points(cards, number):+d}"])
    return html_table(rows, header=["card", "points"], caption=f"hand of the player of number {number}", raw=True)


def rule_choices_html(choices: Sequence[RuleChoice] = RULE_CHOICES,
                      options: HeartChallengeOptions | None = None) -> str:
    """Our rule choices: option name, default value, the choice, the Japanese it settles, why."""
    opts = options or HeartChallengeOptions()
    rows = []
    for ch in choices:
        value = getattr(opts, ch.name, "—")
        rows.append([ch.name, value, ch.choice, ch.japanese, ch.why])
    return html_table(rows, header=["option", "value", "our choice", "原文 (the sentence it settles)", "why"],
                      caption="Our rule choices")


def readings_html() -> str:
    """The engine's further readings (not options)."""
    return html_table([[r.name, r.choice, r.japanese, r.why] for r in READINGS],
                      header=["reading", "what the engine does", "原文", "why"], caption="Further readings")


def log_html(lines: Sequence[str], last: int = 8) -> str:
    """The last events of the game log."""
    items = "".join(f"<li>{escape(x)}</li>" for x in lines[-last:])
    return f'<ol start="{max(len(lines) - last, 0) + 1}" style="font-size:.9em;margin:2px 0">{items}</ol>'


def legal_actions_html(game: "HeartChallengeGame", seat: int | None = None) -> str:
    """Who acts and what they may do, as ``seat`` may know it (``None``: the teacher sees all).

    Another seat sees the kinds of move open to the player to act, but not which
    cards of that player's hand they could place, use or return.
    """
    if game.is_terminal():
        return f"<b>match over</b> — totals {game.scores}, winner(s) {game.winners()}"
    actor = game.current_player()
    legal = game.legal_actions()
    if seat is None or seat == actor:
        acts = [str(a) for a in legal]
    else:
        acts, hidden = [], Counter(a.kind for a in legal if a.card is not None)
        for a in legal:
            if a.card is None:
                acts.append(str(a))
            elif a.kind in hidden:
                count = hidden.pop(a.kind)
                acts.append(f"{a.kind} a hidden card ({count} choice{'s' if count > 1 else ''})")
    return f"<b>seat {actor}</b> may: <code>{escape(', '.join(acts))}</code>"


def chance_table_html(view: "HeartChallengeView") -> str:
    """The viewing seat's exact chance of success for each number it could declare."""
    from .odds import challenge_odds, chance_table
    odds = challenge_odds(view)
    rows = [[n, str(p), f"{float(p):.1%}"] for n, p in chance_table(view)]
    return html_table(rows, header=["declare n", "exact chance", "≈"],
                      caption=(f"Seat {view.seat}: own pile {len(odds.own_pile)}, unseen cards {odds.unknown}, "
                               f"hearts among them {odds.hearts}"))
