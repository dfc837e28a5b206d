"""Static HTML for Krypkille: the deck table, hands, tricks, the public record, scores.

Plain functions returning HTML strings (no ipywidgets), used by the engine's
``_repr_html_``, by the notebook widgets and by the notebook's static renderings.

    >>> "道化師" in deck_table_html()
    True
    >>> score_table_html(["Pig", "1", "9"], declarer=1).count("<tr>")
    4
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from ..display import escape, html_table
from .deck import DECK, Kind, PenaltyTable, parse_kinds, penalty_table
from .rules import explain_follow, lowest_holders, round_outcome, score_round

if TYPE_CHECKING:   # for annotations only: never imported at run time (tests/test_layout.py)
    from .engine import KrypkilleGame
    from .view import KrypkilleView
    from .match import KrypkilleMatch

# engine.py and view.py import this module inside their _repr_html_, so the imports run one way: the
# functions below never need the game or view classes at run time (tests/test_layout.py).

__all__ = [
    "kind_html",
    "kinds_html",
    "deck_table_html",
    "hands_html",
    "trick_table_html",
    "play_log_html",
    "record_html",
    "declarations_html",
    "score_table_html",
    "outcome_sentence",
    "round_html",
    "view_html",
    "match_html",
    "round_stages",
]

_GROUP_COLOURS = {"high": "#8e2c1a", "numeral": "#1a1a1a", "low": "#1d6b3a"}


def _group(kind: Kind) -> str:
    if kind.numeral is not None:
        return "numeral"
    return "high" if kind > Kind.TWELVE else "low"


def kind_html(kind: Kind, *, mark: bool = False) -> str:
    """One card as a small framed label (pictures above 12 in red, below 1 in green)."""
    colour = _GROUP_COLOURS[_group(kind)]
    background = "#fff3b0" if mark else "#fff"
    return (f'<span class="kille-card" title="{escape(kind.swedish)} / {escape(kind.japanese)}" '
            f'style="display:inline-block;min-width:2.2em;padding:0 4px;margin:1px;border:1px solid #999;'
            f'border-radius:4px;background:{background};color:{colour};font-weight:600;text-align:center">'
            f"{escape(kind.label)}</span>")


def kinds_html(kinds: Sequence[Kind], *, hidden: bool = False) -> str:
    """Several cards in a row (``hidden`` shows only backs)."""
    if hidden:
        return "".join('<span style="display:inline-block;width:1.6em;margin:1px;border:1px solid #999;'
                       'border-radius:4px;background:#5b7fa6">&nbsp;</span>' for _ in kinds)
    return "".join(kind_html(k) for k in kinds) or "<i>none</i>"


def deck_table_html(penalties: "PenaltyTable | str" = "default") -> str:
    """The 21 kinds, strongest first: rank, names in three languages, copies and penalty."""
    table = penalty_table(penalties)
    rows = []
    for kind in sorted(Kind, reverse=True):
        rows.append([int(kind), kind_html(kind), escape(kind.swedish), escape(kind.japanese),
                     DECK.count(kind), table[kind]])
    return html_table(rows, ["rank", "English", "Swedish", "Japanese", "copies", f"penalty ({table.name})"],
                      caption=f"The Kille deck: 21 kinds x 2 = 42 cards, penalty table '{table.name}'", raw=True)


def hands_html(rnd: "KrypkilleGame", *, reveal: bool = True, seat: int | None = None) -> str:
    """Every hand (and discards) of a round; with ``reveal=False`` only ``seat``'s cards show."""
    rows = []
    for s in range(rnd.num_players):
        show = reveal or s == seat
        role = []
        if s == rnd.dealer:
            role.append("dealer")
        if s == rnd.current_player():
            role.append("to act")
        rows.append([f"seat {s}", ", ".join(role), kinds_html(rnd.hands[s], hidden=not show),
                     kinds_html(rnd.discards[s], hidden=not show) if rnd.discards[s] else ""])
    current = rnd.current_player()
    marked = [current] if current is not None else []
    return html_table(rows, ["seat", "", "hand (weakest first)", "discarded (private)"],
                      caption="Hands", highlight_rows=marked, raw=True)


def trick_table_html(rnd: "KrypkilleGame") -> str:
    """One row per trick: each seat's card in that trick (lead marked L, winner highlighted)."""
    header = ["trick"] + [f"seat {s}" for s in range(rnd.num_players)] + ["winner"]
    rows = []
    tricks = list(rnd.tricks) + ([rnd.current_trick] if rnd.current_trick else [])
    for i, trick in enumerate(tricks):
        cells = [""] * rnd.num_players
        done = i < len(rnd.tricks)
        winner = rnd.trick_winners[i] if done else None
        for j, (seat, kind) in enumerate(trick):
            tag = " <small>L</small>" if j == 0 else f" <small>{j + 1}.</small>"
            cells[seat] = kind_html(kind, mark=seat == winner) + tag
        rows.append([str(i + 1)] + cells + [f"seat {winner}" if done else "<i>in progress</i>"])
    if not rows:
        rows.append(["-"] + [""] * rnd.num_players + ["<i>no card played yet</i>"])
    return html_table(rows, header, caption="Tricks (L = lead, n. = n-th card played; winner highlighted)",
                      raw=True)


def play_log_html(rnd: "KrypkilleGame") -> str:
    """Every card played, in order, with whether it was a free lead or forced, and why."""
    rows = [[r.trick, f"seat {r.seat}", kind_html(r.kind), "lead" if r.lead else "forced", escape(r.reason)]
            for r in rnd.play_log]
    if not rows:
        rows = [["-", "", "", "", "<i>no card played yet</i>"]]
    return html_table(rows, ["trick", "seat", "card", "choice", "why"],
                      caption="Every card played: leads are free, follows are forced", raw=True)


def record_html(played: Sequence[Kind]) -> str:
    """The public record as a count per kind: how many of the two copies are already played."""
    counts = {k: 0 for k in Kind}
    for k in played:
        counts[k] += 1
    cells = []
    for k in sorted(Kind, reverse=True):
        dots = "●" * counts[k] + "○" * (2 - counts[k])
        cells.append(f"{kind_html(k)}<br><span style='letter-spacing:2px'>{dots}</span>")
    rows = [cells[:11], cells[11:] + [""]]
    return html_table(rows, caption=f"Public record: {len(played)} card(s) played (● played, ○ not seen)",
                      raw=True)


def declarations_html(rnd: "KrypkilleGame") -> str:
    """The declaring order and what each player said so far."""
    try:
        order = rnd.declaring_order()
    except Exception:
        return "<p><i>The declaring order is known once the fourth trick is won.</i></p>"
    said = dict(rnd.declarations)
    rows = []
    for s in order:
        rows.append([f"seat {s}", said.get(s, "not asked" if rnd.phase == "over" else "")])
    current = rnd.current_player()
    marked = [order.index(current)] if current in order and rnd.phase == "declare" else []
    return html_table(rows, ["seat (in declaring order)", "says"], caption="Declarations",
                      highlight_rows=marked, raw=True)


_OUTCOME_TEXT = {
    "success": "Success: the declarer alone holds the lowest card and scores 0; everyone else pays their card.",
    "failure": "Failure: the declarer pays their card + 10; the holder(s) of the lowest card score 0; "
               "the others pay their card.",
    "coward": "Everyone passed and one player alone holds the lowest card: the coward (臆病者) pays 10.",
    "void": "Everyone passed and two players share the lowest card: the round is void (無効), nobody scores.",
}


def outcome_sentence(outcome) -> str:
    """A sentence explaining one of the four scoring cases."""
    return _OUTCOME_TEXT[str(outcome)]


def score_table_html(final_cards: Sequence, declarer: int | None,
                     penalties: "PenaltyTable | str" = "default") -> str:
    """Final cards, who declared, who holds the lowest card, and the score of each seat."""
    cards = parse_kinds(final_cards)
    table = penalty_table(penalties)
    outcome = round_outcome(cards, declarer)
    scores = score_round(cards, declarer, table)
    low = set(lowest_holders(cards))
    rows = [[f"seat {s}", kind_html(k), table[k], "yes" if s in low else "", "declared" if s == declarer else "",
             f"<b>{sc}</b>"] for s, (k, sc) in enumerate(zip(cards, scores))]
    who = "nobody declared" if declarer is None else f"seat {declarer} declared"
    return html_table(rows, ["seat", "final card", "card penalty", "lowest?", "", "score"],
                      caption=f"{outcome.value.upper()} ({who}). {outcome_sentence(outcome)}",
                      highlight_rows=sorted(low), raw=True)


def _section(title: str, body: str) -> str:
    return f'<div style="margin:4px 0"><div style="font-weight:600">{escape(title)}</div>{body}</div>'


def round_html(rnd: "KrypkilleGame", *, reveal: bool = True) -> str:
    """The whole round (teacher's view: every hand shown)."""
    head = (f"<p><b>Krypkille</b>, {rnd.num_players} players, dealer seat {rnd.dealer}, "
            f"phase <b>{escape(rnd.phase)}</b>")
    if rnd.phase == "play" and rnd.current_trick:
        forced, why = explain_follow(rnd.hands[rnd.current_player()], [k for _, k in rnd.current_trick])
        head += f"; seat {rnd.current_player()} must play {escape(forced)} ({escape(why)})"
    elif rnd.current_player() is not None:
        head += f"; seat {rnd.current_player()} to act"
    head += "</p>"
    parts = [head, hands_html(rnd, reveal=reveal), trick_table_html(rnd)]
    if rnd.play_log:
        parts.append(play_log_html(rnd))
        parts.append(record_html(rnd.played_cards()))
    if rnd.phase in ("declare", "over"):
        parts.append(declarations_html(rnd))
    if rnd.phase == "over":
        parts.append(score_table_html(rnd.final_cards(), rnd.declarer, rnd.options.penalties))
    return '<div class="krypkille-round">' + "".join(parts) + "</div>"


def view_html(view: "KrypkilleView") -> str:
    """What one seat sees."""
    parts = [f"<p><b>Seat {view.seat}'s view</b> ({view.num_players} players, phase {escape(view.phase)})</p>",
             _section("hand", kinds_html(view.hand)),
             _section("own discards", kinds_html(view.discards)),
             record_html(view.played)]
    if view.shown:
        parts.append(_section("cards shown", ", ".join(f"seat {s}: {kind_html(k)}"
                                                       for s, k in sorted(view.shown.items()))))
    return "".join(parts)


def match_html(match: "KrypkilleMatch") -> str:
    """Round-by-round scores and running totals of a match."""
    header = ["round", "dealer", "outcome", "declarer"] + [f"seat {s}" for s in range(match.num_players)]
    rows = []
    running = [0] * match.num_players
    for r in match.results:
        running = [a + b for a, b in zip(running, r.scores)]
        rows.append([r.number, f"seat {r.dealer}", r.outcome.value, "-" if r.declarer is None else f"seat {r.declarer}"]
                    + [f"{sc} ({tot})" if s in r.seats else "out"
                       for s, (sc, tot) in enumerate(zip(r.scores, running))])
    caption = "Match: score this round (running total)"
    if match.eliminated:
        caption += f"; eliminated: {', '.join(f'seat {s}' for s in match.eliminated)}"
    return html_table(rows, header, caption=caption)


def round_stages(rnd: "KrypkilleGame") -> list[tuple[str, "KrypkilleGame"]]:
    """Replay a round from its deal and return ``(title, state)`` after the deal, after
    the refill, after every card played, and at the end (for steppers and lessons).

    >>> from cardgames.krypkille import HeuristicPlayer, play_round
    >>> stages = round_stages(play_round([HeuristicPlayer(seed=s) for s in range(3)], seed=1))
    >>> [t for t, _ in stages][:3], stages[-1][0]
    (['dealt', 'discarded and refilled', 'trick 1, card 1'], 'round over')
    """
    state = rnd.restart()
    stages = [("dealt", state.clone())]
    for action in rnd.history:
        phase = state.phase
        state.apply(action)
        if phase == "discard" and state.phase == "play":
            stages.append(("discarded and refilled", state.clone()))
        elif phase == "play":
            trick = len(state.tricks) if not state.current_trick else len(state.tricks) + 1
            card = len(state.current_trick) or state.num_players
            title = f"trick {trick}, card {card}"
            if card == state.num_players:
                title = f"trick {trick} complete"
            stages.append((title, state.clone()))
        elif state.phase == "over":
            stages.append(("round over", state.clone()))
    return stages
