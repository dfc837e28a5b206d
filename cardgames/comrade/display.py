"""Static HTML views of a Comrade game (plain functions: the notebook shows them as they are,
and the widgets in :mod:`classroom.widgets.comrade` reuse them)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from ..cards import SUIT_SYMBOLS, SUITS, cards_html
from ..display import escape, html_table
from .bidding import PASS, Bidding, bid_cards
from .play import PlayLoss, Trick

if TYPE_CHECKING:   # for annotations only: never imported at run time (tests/test_layout.py)
    from .deal import Deal
    from .engine import ComradeGame
    from .view import ComradeView
    from .series import Series

# engine.py and view.py import this module inside their _repr_html_, so the imports run one way: the
# functions below never need the game or view classes at run time (tests/test_layout.py).

__all__ = [
    "suit_html", "bid_cards_html", "bidding_history_html", "bids_html", "won_table_html", "tricks_html",
    "counts_after", "loss_in", "game_html", "view_html", "deal_html", "hands_html", "ranking_html",
    "series_html",
]

_CELL = "border:1px solid #bbb;padding:2px 8px;text-align:center"
_HEAD = _CELL + ";background:#eee"
_LOSS = "background:#f8c4c4;font-weight:700"
_GOOD = "background:#d5f0d5"
_NEW = "background:#fff3b0"
_TABLE = '<table class="cardgames-table" style="border-collapse:collapse;margin:4px 0;font-size:0.95em">'


def suit_html(suit: str) -> str:
    colour = "#c0392b" if suit in "HD" else "#1a1a1a"
    return f'<span style="color:{colour}">{SUIT_SYMBOLS[suit]}</span>'


def _caption(text: str) -> str:
    return f'<caption style="caption-side:top;text-align:left;font-weight:600">{escape(text)}</caption>'


def _bidding(obj) -> Bidding:
    return obj if isinstance(obj, Bidding) else obj.bidding


def bid_cards_html(game_or_bidding, *, caption: str | None = None) -> str:
    """The bid cards (場札) as a table, one row per suit and one column per value: an empty
    cell is still in the middle, a letter is the seat that took it (crossed out when covered
    by a larger card of the same suit); the latest take is highlighted."""
    b = _bidding(game_or_bidding)
    letters = b.variant.seat_letters
    last = b.history[-1].action if b.history and b.history[-1].action != PASS else None
    top = {(s, v) for seat_bids in b.bids for s, v in seat_bids.items()}
    out = [_TABLE, _caption(caption or f"Bid cards: {len(b.middle)} left in the middle, "
                                       f"total of top cards {b.running_total}/{b.total}")]
    out.append("<tr>" + f'<th style="{_HEAD}">suit</th>' +
               "".join(f'<th style="{_HEAD}">{v}</th>' for v in b.variant.bid_values) + "</tr>")
    for s in SUITS:
        row = [f'<th style="{_HEAD}">{suit_html(s)}</th>']
        for v in b.variant.bid_values:
            card = next(c for c in bid_cards(b.variant) if c.suit == s and c.value == v)
            if card not in b.taken:
                row.append(f'<td style="{_CELL};color:#888" title="in the middle">{suit_html(s)}{v}</td>')
                continue
            who = letters[b.taken[card]]
            style = _CELL + (";" + _NEW if card == last else "")
            if (s, v) in top:
                row.append(f'<td style="{style};font-weight:700" title="taken by {who}">{who}</td>')
            else:
                row.append(f'<td style="{style};color:#999" title="taken by {who}, covered"><s>{who}</s></td>')
        out.append("<tr>" + "".join(row) + "</tr>")
    out.append("</table>")
    return "".join(out)


def bidding_history_html(game_or_bidding, *, caption: str = "Bidding, turn by turn") -> str:
    """Every turn of the bidding: lap, seat, action (``over H3`` for an override) and the running total."""
    b = _bidding(game_or_bidding)
    letters = b.variant.seat_letters
    rows = []
    for step in b.history:
        if step.action == PASS:
            what = "pass"
        else:
            what = f"{suit_html(step.action.suit)}{step.action.value}"
            if step.covered is not None:
                what += f" on top of {suit_html(step.action.suit)}{step.covered}"
        rows.append([step.lap, f"{step.seat} ({letters[step.seat]})", what, step.total])
    marked = []
    if b.loss is not None and rows:
        rows.append(["", "", f"<b>lost</b>: {escape(b.loss_reason)}", ""])
        marked.append(len(rows) - 1)
    elif b.is_complete:
        rows.append(["", "", f"total {b.total} reached: the trick play begins", ""])
    return html_table(rows, ["lap", "seat", "action", "total"], caption=caption, raw=True,
                      highlight_rows=marked)


def bids_html(game_or_bidding, *, caption: str = "Bids (top cards)") -> str:
    """Each seat's bid per suit (a blank is 0), and the seat's total."""
    b = _bidding(game_or_bidding)
    letters = b.variant.seat_letters
    rows = []
    for seat, bids in enumerate(b.bids):
        rows.append([f"{seat} ({letters[seat]})"] + [bids.get(s, "") for s in SUITS] + [sum(bids.values())])
    rows.append(["all"] + [sum(bb.get(s, 0) for bb in b.bids) for s in SUITS] + [b.running_total])
    return html_table(rows, ["seat"] + [suit_html(s) for s in SUITS] + ["total"], caption=caption, raw=True)


def counts_after(tricks: Sequence[Trick], players: int, n: int | None = None) -> list[dict[str, int]]:
    """Tricks won per (seat, led suit) after the first ``n`` tricks (all by default)."""
    counts = [{s: 0 for s in SUITS} for _ in range(players)]
    for t in tricks[: len(tricks) if n is None else n]:
        counts[t.winner][t.led_suit] += 1
    return counts


def loss_in(tricks: Sequence[Trick], bids: Sequence[dict[str, int]]) -> PlayLoss | None:
    """The first trick that falls outside a bid (the moment the game is lost), or ``None``."""
    counts = [{s: 0 for s in SUITS} for _ in bids]
    for i, t in enumerate(tricks, 1):
        w, s = t.winner, t.led_suit
        counts[w][s] += 1
        if counts[w][s] > bids[w].get(s, 0):
            return PlayLoss(i, w, s, bids[w].get(s, 0), counts[w][s])
    return None


def won_table_html(game: "ComradeGame", upto: int | None = None, *, caption: str | None = None) -> str:
    """Tricks won per (seat, led suit) against the bids, as ``won/bid``, after ``upto`` tricks.

    Green: count equals the bid; red: the cell where the game is lost (more than bid, or
    a suit not bid).  The caption says whether the game is lost at that point.
    """
    tricks = game.tricks
    n = len(tricks) if upto is None else min(upto, len(tricks))
    counts = counts_after(tricks, game.num_players, n)
    loss = loss_in(tricks[:n], game.bids)
    letters = game.variant.seat_letters
    if caption is None:
        caption = f"Tricks won per (seat, led suit) after {n} trick(s), as won/bid"
        if loss is not None:
            caption += f" - LOST at trick {loss.trick}"
    out = [_TABLE, _caption(caption), "<tr>" + f'<th style="{_HEAD}">seat</th>' +
           "".join(f'<th style="{_HEAD}">{suit_html(s)} led</th>' for s in SUITS) + "</tr>"]
    for seat in range(game.num_players):
        row = [f'<th style="{_HEAD}">{seat} ({letters[seat]})</th>']
        for s in SUITS:
            won, bid = counts[seat][s], game.bids[seat].get(s, 0)
            style = _CELL
            if loss is not None and loss.seat == seat and loss.suit == s:
                style += ";" + _LOSS
            elif won > bid:
                style += ";" + _LOSS
            elif won == bid and bid > 0:
                style += ";" + _GOOD
            text = f"{won}/{bid}" if (bid or won) else "·"
            row.append(f'<td style="{style}">{text}</td>')
        out.append("<tr>" + "".join(row) + "</tr>")
    out.append("</table>")
    if loss is not None:
        out.append(f'<div class="comrade-loss" style="color:#a00">{escape(loss.explain(letters))}</div>')
    return "".join(out)


def tricks_html(game: "ComradeGame", upto: int | None = None, *, caption: str = "Tricks") -> str:
    """The tricks played, one row each: the card of every seat (the leader's underlined), the led
    suit and the winner.  The trick that loses the game is highlighted."""
    tricks = game.tricks
    n = len(tricks) if upto is None else min(upto, len(tricks))
    letters = game.variant.seat_letters
    loss = loss_in(tricks[:n], game.bids)
    rows = []
    for i, t in enumerate(tricks[:n], 1):
        cells: list[str] = [str(i)]
        for seat in range(game.num_players):
            c = t.card_of(seat)
            h = cards_html([c])
            cells.append(f"<u>{h}</u>" if seat == t.leader else h)
        cells += [suit_html(t.led_suit), f"{t.winner} ({letters[t.winner]})"]
        rows.append(cells)
    header = ["#"] + [f"{s} ({letters[s]})" for s in range(game.num_players)] + ["led", "winner"]
    marked = [loss.trick - 1] if loss is not None else []
    return html_table(rows, header, caption=caption, raw=True, highlight_rows=marked)


def game_html(game: "ComradeGame") -> str:
    """A summary: phase, the hands (the cards each seat still holds), the bid cards, the bids and the
    trick table."""
    parts = [f"<div><b>Comrade</b> - dealer {game.dealer} ({game.variant.seat_letters[game.dealer]}), "
             f"phase: {game.phase}"]
    if game.result:
        parts.append(f", result: <b>{game.result}</b>")
        if game.loss_reason:
            parts.append(f" ({escape(game.loss_reason)})")
    parts.append("</div>")
    parts.append(hands_html(game))
    parts.append('<div style="display:flex;gap:16px;flex-wrap:wrap">')
    parts.append(bid_cards_html(game))
    parts.append(bids_html(game))
    if game.trickplay is not None:
        parts.append(won_table_html(game))
    parts.append("</div>")
    return "".join(parts)


def view_html(view: "ComradeView") -> str:
    """One player's view: own hand face up, the other hands face down, bids and played cards."""
    letters = "NESW"
    rows = []
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            cards = cards_html(view.hand)
        else:
            cards = cards_html([None] * size, back=True) if size else "-"  # type: ignore[list-item]
        bids = ", ".join(f"{SUIT_SYMBOLS[s]}{v}" for s, v in view.bids[seat].items()) or "no trick"
        rows.append([f"{seat} ({letters[seat]})" + (" - you" if seat == view.seat else ""), cards, bids])
    table = html_table(rows, ["seat", "hand", "bid"], caption=f"What seat {view.seat} may see", raw=True)
    played = cards_html(view.played_cards) if view.played_cards else "none yet"
    return table + f"<div>Cards played: {played}</div>"


def hands_html(game: "ComradeGame", *, hidden: Sequence[int] = ()) -> str:
    """The cards each seat still holds (after trick 1 a played card is gone), one column per suit;
    ``hidden`` seats show card backs."""
    rows = _suit_rows(game.hands, game.variant.seat_letters, range(game.num_players), set(hidden))
    return html_table(rows, ["seat"] + [SUIT_SYMBOLS[s] for s in SUITS], caption="Hands (cards still held)",
                      raw=True)


def _suit_rows(hands, letters, seats, hidden) -> list[list[str]]:
    """One row per seat in ``seats``: the seat and its cards suit by suit (backs for ``hidden``)."""
    rows = []
    for seat in seats:
        cells = [f"{seat} ({letters[seat]})"]
        for s in SUITS:
            cards = [c for c in hands[seat] if c.suit == s]
            cells.append(cards_html(cards, back=seat in hidden) if cards else "—")
        rows.append(cells)
    return rows


def deal_html(deal: "Deal", seats: Sequence[int] | None = None, *, hidden: Sequence[int] = ()) -> str:
    """The deal as a table, one row per seat and one column per suit; ``hidden`` seats show card backs."""
    rows = _suit_rows(deal.hands, deal.variant.seat_letters, range(deal.players) if seats is None else seats,
                      set(hidden))
    header = ["seat"] + [SUIT_SYMBOLS[s] for s in SUITS]
    caption = f"{deal.variant.name}: {deal.hand_size} card(s) each" + (
        f", {len(deal.out_of_play)} out of play" if deal.is_mini else "")
    return html_table(rows, header, caption=caption, raw=True)


def ranking_html(ranking: Sequence, wins: int | None = None) -> str:
    """The ranking table of a series (``ranking``: the :data:`~cardgames.comrade.series.RANKING` rows),
    with the row for ``wins`` highlighted."""
    rows = [[f"{r.wins} - {4 - r.wins}", r.label, r.comment] for r in ranking]
    marked = [i for i, r in enumerate(ranking) if r.wins == wins]
    return html_table(rows, ["won - lost", "rank", "meaning"], caption="Series ranking", highlight_rows=marked)


def series_html(series: "Series", ranking: Sequence) -> str:
    """The games of a series (dealer, result, why) and the ranking table."""
    letters = series.games[0].variant.seat_letters
    rows = [[i + 1, f"{g.dealer} ({letters[g.dealer]})", g.result or "-", escape(g.loss_reason or "")]
            for i, g in enumerate(series.games)]
    table = html_table(rows, ["game", "dealer", "result", "why"], caption="Series", raw=True)
    return table + ranking_html(ranking, series.wins if series.is_over else None)
