"""Which cards a seat must not see, computed from the engine's state (not from any view), and a
checker for rendered HTML or page text.  Shared by the play-table unit tests and the browser tests.

Every game says it itself (:meth:`GameState.hidden_cards <cardgames.game.GameState.hidden_cards>` and
``visible_cards``), so a new game is checked with no edit here.  A card's identity is the ``data-card``
attribute the play table gives every face-up card: ``Card.code`` (Comrade, Heart Challenge, Tiny Trick)
or ``Kind.name`` (Krypkille, two copies of each).
"""

from __future__ import annotations

import html as _html
import re
from collections import Counter

CARD_RE = re.compile(r'class="cg-card" data-card="([^"]+)"')


def hidden_from(state, seat: int) -> Counter:
    """Every card instance ``seat`` may not see now, by identity (the engine says: ``state.hidden_cards``)."""
    return state.hidden_cards(seat)


def visible_to(state, seat: int) -> Counter:
    """Every card instance ``seat`` may see now (so may be drawn face up), by identity."""
    return state.visible_cards(seat)


def _symbols(state) -> dict[str, str]:
    """identity -> the text a card is written as, for games whose cards are unique."""
    from cardgames.cards import Card
    from cardgames.errors import CardParseError

    codes = set(hidden_from(state, 0)) | set(visible_to(state, 0)) | set(hidden_from(state, 1))
    out = {}
    for c in codes:
        try:
            card = Card.parse(c)
        except CardParseError:   # not a playing card of the standard deck (e.g. a Kille kind, two copies each)
            return {}
        if not card.is_joker:
            out[c] = card.symbol
    return out


def ever_visible(start, actions, seat: int) -> set:
    """Identities ``seat`` could see at some moment of the game so far: replay ``actions``
    (``(seat, action)`` pairs) on ``start`` (a fresh state).  A card shown once (a special card
    used, a card turned up) may go back into the stock but stays named in the public log."""
    state = start.clone()
    seen = set(visible_to(state, seat))
    for who, action in actions:
        state.apply(action, player=who)
        seen |= set(visible_to(state, seat)) | set(state.once_shown_cards())
    return seen


def leaks(state, seat: int, rendered_html: str | None = None, text: str | None = None,
          seen: "set | None" = None) -> list[str]:
    """What the rendering shows of the cards ``seat`` may not see (empty list: nothing).

    * face-up card elements: for each identity, no more than the copies ``seat`` may see now;
    * the text (unique cards only): no symbol or code of a hidden card ``seat`` has never seen
      (``seen``: :func:`ever_visible`).
    """
    problems = []
    seen = seen or set()
    hidden, visible = hidden_from(state, seat), visible_to(state, seat)
    if rendered_html is not None:
        drawn = Counter(CARD_RE.findall(rendered_html))
        for cid, count in drawn.items():
            if count > visible[cid]:
                problems.append(f"{cid} drawn face up {count} time(s), seat {seat} may see {visible[cid]}")
        if text is None:
            text = _html.unescape(re.sub(r"<[^>]+>", " ", rendered_html))
    if text is not None:
        symbols = _symbols(state)
        for cid in hidden:
            if visible[cid] or cid in seen or cid not in symbols:
                continue
            if symbols[cid] in text:
                problems.append(f"hidden card {symbols[cid]} appears in the text")
            if re.search(rf"(?<![A-Za-z0-9]){re.escape(cid)}(?![A-Za-z0-9])", text):
                problems.append(f"hidden card code {cid} appears in the text")
    return problems
