"""ipywidgets views of Comrade: a bidding walkthrough, a trick-by-trick stepper and a small table
to play on.  A thin layer: every picture is an HTML function of :mod:`cardgames.comrade.display`,
so a notebook can show the same content statically."""

from __future__ import annotations

from typing import Sequence

import ipywidgets as W

from cardgames.comrade import ComradeGame, ComradeOptions, Deal
from cardgames.comrade.display import (bid_cards_html, bidding_history_html, bids_html, tricks_html,
                            won_table_html)
from .common import Stepper, guarded, mark_demo

__all__ = ["bidding_step_html", "trick_step_html", "convention_card_html", "BiddingWalkthrough", "TrickStepper",
           "ComradeTable"]

#: How to read the partners' public actions through the card, in a student's words (rules named).
READING_THE_CARD = (
    "North takes ♣3 in lap 1: North holds the ♣A (or no ace at all, and clubs are its strongest suit) and "
    "expects about three tricks led in clubs (B1, B2, B8).",
    "A pass in lap 1: no suit of that player has a sure trick (B3).",
    "A bid in lap 2 or 3: one more suit with a sure trick (B4); a raise in the last lap fills the total (B6).",
    "A partner who leads a low card of a suit you bid is giving you the trick (P3); "
    "one who throws a high card of a suit is done with that suit (P6).",
)


def _replay(deal: Deal, dealer: int, actions: Sequence[str], rules: ComradeOptions | None = None) -> ComradeGame:
    return ComradeGame(deal, dealer=dealer, options=rules).play(list(actions))


def bidding_step_html(game: ComradeGame) -> str:
    """The bid-card table, the bids and the history side by side (the walkthrough's picture)."""
    head = (f"<div><b>Lap {game.bidding.lap}</b>, total of top cards <b>{game.running_total}</b>"
            f" / {game.total}" + (f", seat {game.current_player()} to act" if game.phase == "bidding" else "")
            + "</div>")
    return (head + '<div style="display:flex;gap:16px;flex-wrap:wrap;align-items:flex-start">'
            + bid_cards_html(game) + bids_html(game) + bidding_history_html(game) + "</div>")


def trick_step_html(game: ComradeGame, upto: int) -> str:
    """Tricks won per (seat, led suit) against the bids after ``upto`` tricks, and the tricks so far."""
    return ('<div style="display:flex;gap:16px;flex-wrap:wrap;align-items:flex-start">'
            + won_table_html(game, upto) + tricks_html(game, upto, caption=f"Tricks 1-{upto}" if upto else "Tricks")
            + "</div>")


def convention_card_html(open_rules: bool = False) -> str:
    """The convention card the computer partners bid and play by, as a box for a lesson: how to read a
    partner's bid or card (:data:`READING_THE_CARD`), then every rule of the card exactly as
    :data:`solvers.comrade_players.convention.RULES` states it (the card's one source), folded away unless
    ``open_rules``.

    >>> html = convention_card_html()
    >>> "North takes ♣3" in html and "B8" in html and "P7" in html
    True
    """
    from cardgames.display import escape, html_table
    from solvers.comrade_players.convention import RULES

    readings = "".join(f"<li>{escape(line)}</li>" for line in READING_THE_CARD)
    tables = "".join(
        html_table([[r.id, escape(r.name), escape(r.meaning)] for r in RULES if r.phase == phase],
                   ["rule", "name", "what it means"], raw=True, caption=caption)
        for phase, caption in (("bidding", "Bidding (ビッドラウンド)"), ("play", "Play (トリックラウンド)")))
    return ('<div style="border:2px solid #2c7be5;border-radius:6px;padding:6px 12px;max-width:60em">'
            "<b>The convention card</b>: what the computer partners' bids and cards mean. It is agreed "
            "before the game and known to everyone, so nobody talks during the game (相談は禁止 is kept)."
            f"<ul>{readings}</ul>"
            f"<details{' open' if open_rules else ''}><summary>all {len(RULES)} rules of the card</summary>"
            f"{tables}</details></div>")


class BiddingWalkthrough(Stepper):
    """Step through a bidding one action at a time: the bid cards fill in as they are taken."""

    def __init__(self, deal: Deal, dealer: int, actions: Sequence[str], rules: ComradeOptions | None = None):
        self.deal, self.dealer, self.actions, self.rules = deal, dealer, list(actions), rules
        self.view = W.HTML()
        super().__init__("next bid ▶", "120px", last=len(self.actions), view=self.view)

    def show(self, step: int) -> None:
        self.step = max(0, min(step, len(self.actions)))
        game = _replay(self.deal, self.dealer, self.actions[: self.step], self.rules)
        last = f"last: seat {game.bidding.history[-1].seat} {game.bidding.history[-1].action}" if self.step else "start"
        self.label.value = f"step {self.step}/{len(self.actions)} ({last})"
        self.view.value = bidding_step_html(game)


class TrickStepper(Stepper):
    """Trick by trick through a played game (build it with ``ComradeOptions(stop_at_loss=False)`` to
    see the rest of a lost hand); the cell where the game is lost turns red.

    The "next trick" button and the table are marked as the notebook's demo interaction.
    """

    def __init__(self, game: ComradeGame):
        self.game = game
        self.n = len(game.tricks)
        self.table = W.HTML()
        super().__init__("next trick ▶", "130px", last=self.n, view=self.table)
        mark_demo(self.next, self.table)

    def show(self, step: int) -> None:
        self.step = max(0, min(step, self.n))
        self.label.value = f"after trick {self.step} of {self.n}"
        self.table.value = trick_step_html(self.game, self.step)


class ComradeTable(W.VBox):
    """Play a deal by hand, every seat in turn: pick one of the legal actions and apply it (the
    engine checks it).  The table shows the **current** hands as the seat to act may see them
    (its own hand, the others as backs: the no-talking rule), or every hand with
    ``seat="all"`` (the teacher's view), or always one ``seat``.  At the end: the result, why,
    the bids against the tricks won, and every hand.  (To play one seat against computer
    players use :class:`classroom.table.PlayTable`.)"""

    def __init__(self, game: ComradeGame, seat: "int | str | None" = None):
        from classroom.tables import ComradeTableGame

        self.game = game
        self.seat = seat
        self._draw = ComradeTableGame(deal=game.deal, dealer=game.dealer, rules=game.options)
        self.out = W.Output()
        self.view = W.HTML()
        self.choice = W.Dropdown(description="action")
        self.apply_button = W.Button(description="apply", button_style="primary")
        self.message = W.HTML()
        self.apply_button.on_click(guarded(self.out)(self._on_apply))
        super().__init__([W.HBox([self.choice, self.apply_button]), self.message, self.view, self.out])
        self.refresh()

    def _on_apply(self, _button=None) -> None:
        if self.game.is_terminal() or self.choice.value is None:
            return
        self.game.apply(self.choice.value)
        self.refresh()

    def shown_seat(self) -> "int | None":
        """Whose view is drawn (``None``: every hand)."""
        if self.seat == "all" or self.game.is_terminal():
            return None
        return self.game.current_player() if self.seat is None else self.seat

    def refresh(self) -> None:
        g = self.game
        options = [str(a) for a in g.legal_actions()]
        self.choice.options = options
        self.choice.value = options[0] if options else None
        self.apply_button.disabled = not options
        seat = self.shown_seat()
        if g.is_terminal():
            self.message.value = self._draw.result_html(g)
        else:
            self.message.value = f"seat {g.current_player()} to act ({g.phase})"
        self.view.value = (self._draw.reveal_html(g) if seat is None
                           else f"<div><i>what seat {seat} may see</i></div>" + self._draw.view_html(g.view(seat)))
