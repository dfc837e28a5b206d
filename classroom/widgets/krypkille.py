"""ipywidgets views of Krypkille for the notebooks (a thin layer over :mod:`cardgames.krypkille.display`).

* :class:`DeckTableView` — the deck table, switchable between the two penalty tables.
* :class:`RoundStepper` — a dealt round stepped through card by card or trick by trick.
* :class:`ScoreCaseView` — pick final cards and a declarer, see the score table.

Every callback runs through :func:`~classroom.widgets.common.guarded`, and the
stepper's "Next trick" button and its HTML view carry the demo classes
(:func:`~classroom.widgets.common.mark_demo`).
"""

from __future__ import annotations

import ipywidgets as W

from cardgames.display import escape
from cardgames.errors import GameError, RuleConfigError
from cardgames.krypkille.deck import PENALTY_TABLES, parse_kinds
from cardgames.krypkille.display import deck_table_html, round_html, round_stages, score_table_html
from cardgames.krypkille.engine import KrypkilleGame
from cardgames.krypkille.options import MAX_PLAYERS, MIN_PLAYERS
from .common import guarded, mark_demo

__all__ = ["DeckTableView", "RoundStepper", "ScoreCaseView", "SCORE_CASES", "NOBODY", "OWN_CASE"]


class DeckTableView(W.VBox):
    """The 21 kinds with their names and the penalty of the chosen table."""

    def __init__(self, penalties: str = "default"):
        self.out = W.Output()
        self.choice = W.ToggleButtons(options=list(PENALTY_TABLES), value=penalties, description="penalties")
        self.html = W.HTML(deck_table_html(penalties))
        self.choice.observe(guarded(self.out)(self._changed), names="value")
        super().__init__([self.choice, self.html, self.out])

    def _changed(self, change) -> None:
        self.html.value = deck_table_html(change["new"])


class RoundStepper(W.VBox):
    """Step through a finished round: deal, refill, every card (with why it was forced), the end.

    ``rnd`` is a round already played to the end (e.g. by
    :func:`~cardgames.krypkille.players.play_round`); the stepper replays it.
    """

    def __init__(self, rnd: KrypkilleGame, demo: bool = True):
        if not rnd.is_terminal():
            raise GameError("the stepper shows a finished round: play it to the end first")
        self.stages = round_stages(rnd)
        self.out = W.Output()
        self.back = W.Button(description="◀ Back", tooltip="one card back")
        self.next_card = W.Button(description="Next card ▶", tooltip="one card forward")
        self.next_trick = W.Button(description="Next trick ▶▶", button_style="primary",
                                   tooltip="to the end of the next trick")
        self.slider = W.IntSlider(value=0, min=0, max=len(self.stages) - 1, description="step",
                                  continuous_update=False)
        self.title = W.HTML()
        self.html = W.HTML()
        g = guarded(self.out)
        self.back.on_click(g(lambda _: self.go(self.slider.value - 1)))
        self.next_card.on_click(g(lambda _: self.go(self.slider.value + 1)))
        self.next_trick.on_click(g(lambda _: self.go(self.next_trick_index())))
        self.slider.observe(g(lambda change: self._show(change["new"])), names="value")
        if demo:
            mark_demo(self.next_trick, self.html)
        self._show(0)
        super().__init__([W.HBox([self.back, self.next_card, self.next_trick, self.slider]), self.title,
                          self.html, self.out])

    def next_trick_index(self) -> int:
        """The next stage that ends a phase or a trick (refill, each trick, the end); wraps to the deal."""
        here = self.slider.value
        if here == len(self.stages) - 1:
            return 0
        for i in range(here + 1, len(self.stages)):
            title = self.stages[i][0]
            if title.endswith("complete") or title in ("discarded and refilled", "round over"):
                return i
        return len(self.stages) - 1

    def go(self, index: int) -> None:
        self.slider.value = max(0, min(index, len(self.stages) - 1))

    def _show(self, index: int) -> None:
        title, state = self.stages[index]
        self.title.value = f"<b>Step {index} of {len(self.stages) - 1}: {title}</b>"
        self.html.value = round_html(state)


#: One example per scoring case: (final cards, declarer), 4 players.
SCORE_CASES: dict[str, tuple[str, int | None]] = {
    "success": ("Pig 1 Harlequin 9", 1),
    "failure (declarer not lowest)": ("Pig 1 Harlequin 9", 3),
    "failure (lowest card shared)": ("Pig 1 1 9", 1),
    "coward (臆病者)": ("Pig 1 Harlequin 9", None),
    "void (無効)": ("Pig 1 1 9", None),
}


#: The declarer dropdown's value for "nobody declared": a Dropdown whose value is ``None`` shows a blank.
NOBODY = -1

#: The case dropdown's entry once the cards or the declarer differ from every example.
OWN_CASE = "your own cards"


class ScoreCaseView(W.VBox):
    """Pick one of the scoring cases, or type final cards (one per player, 2-5 players) and pick a
    declarer; see the scores.  Bad input shows the error *instead of* the table.

    The "case" dropdown always names what is shown: typing other cards (or choosing another
    declarer) switches it to "your own cards", or to the example the input now equals."""

    def __init__(self, penalties: str = "default"):
        self.out = W.Output()
        self._loading = False
        self.case = W.Dropdown(options=list(SCORE_CASES) + [OWN_CASE], description="case",
                               layout=W.Layout(width="auto"))
        self.cards = W.Text(description="final cards", placeholder="e.g. Pig 1 Harlequin 9",
                            style={"description_width": "initial"})
        self.declarer = W.Dropdown(description="declarer", layout=W.Layout(width="auto"))
        self.penalties = W.ToggleButtons(options=list(PENALTY_TABLES), value=penalties, description="penalties")
        self.html = W.HTML()
        self.message = W.HTML()
        g = guarded(self.out)
        self.case.observe(g(lambda change: None if self._loading else self.load(change["new"])), names="value")
        self.cards.observe(g(lambda _: self._cards_changed()), names="value")
        self.declarer.observe(g(lambda _: self.render()), names="value")
        self.penalties.observe(g(lambda _: self.render()), names="value")
        self.load(self.case.value)
        super().__init__([self.case, W.HBox([self.cards, self.declarer]), self.penalties, self.message,
                          self.html, self.out])

    def load(self, name: str) -> None:
        if name not in SCORE_CASES:        # "your own cards": keep what is typed
            return
        cards, declarer = SCORE_CASES[name]
        self._loading = True
        self.cards.value = cards
        self._set_seats(len(cards.split()), declarer)
        self._loading = False
        self.render()

    def _set_seats(self, n: int, declarer: int | None) -> None:
        n = max(MIN_PLAYERS, min(n, MAX_PLAYERS))
        options = [("nobody (all passed)", NOBODY)] + [(f"seat {s}", s) for s in range(n)]
        self.declarer.options = options
        self.declarer.value = declarer if declarer is not None and 0 <= declarer < n else NOBODY

    def declarer_seat(self) -> int | None:
        """The chosen declarer, ``None`` for nobody."""
        return None if self.declarer.value in (None, NOBODY) else self.declarer.value

    def _cards_changed(self) -> None:
        if getattr(self, "_loading", False):
            return
        n = len(self.cards.value.split())
        if max(MIN_PLAYERS, min(n, MAX_PLAYERS)) != len(self.declarer.options) - 1:
            self._set_seats(n, self.declarer_seat())
        self.render()

    def matching_case(self) -> str:
        """The example the typed cards and the declarer equal, else :data:`OWN_CASE`."""
        try:
            typed = parse_kinds(self.cards.value)
        except GameError:
            return OWN_CASE
        for name, (cards, declarer) in SCORE_CASES.items():
            if parse_kinds(cards) == typed and declarer == self.declarer_seat():
                return name
        return OWN_CASE

    def _follow_case(self) -> None:
        name = self.matching_case()
        if name != self.case.value:
            self._loading = True          # naming the case must not load it over the typed cards
            try:
                self.case.value = name
            finally:
                self._loading = False

    def render(self) -> None:
        if getattr(self, "_loading", False):
            return
        self._follow_case()
        try:
            cards = parse_kinds(self.cards.value)
            if not MIN_PLAYERS <= len(cards) <= MAX_PLAYERS:
                raise RuleConfigError(f"Krypkille is played by {MIN_PLAYERS} to {MAX_PLAYERS} players: give one "
                                      f"final card per player, not {len(cards)} cards")
            declarer = self.declarer_seat()
            if declarer is not None and declarer >= len(cards):
                raise RuleConfigError(f"seat {declarer} is not at a table of {len(cards)}")
            self.html.value = score_table_html(cards, declarer, self.penalties.value)
            self.message.value = ""
        except GameError as err:  # bad input is shown, not raised, and no stale table stays under it
            self.message.value = f'<span style="color:#b00">{escape(err)}</span>'
            self.html.value = ""
