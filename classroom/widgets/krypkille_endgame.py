"""ipywidgets explorer for :mod:`solvers.krypkille_endgame` (a thin layer: all numbers and
tables come from the solver's plain functions, so the notebook can show them statically too).

matplotlib and numpy are imported only where a drawing is made or the policy-aware beliefs are
computed, so the explorer also works in the browser edition with no network: a missing drawing
becomes one plain line (:func:`classroom.pictures.missing_picture_line`), and without numpy the
beliefs start at play-aware, whose sums are exact and pure Python.

    >>> ex = EndgameExplorer(num_players=3, seed=1)
    >>> "(Harlequin 50)" in ex.expected_html.value
    True
    >>> ex.table.value = "alternative"
    >>> "(Harlequin 18)" in ex.expected_html.value
    True
"""

from __future__ import annotations

import functools
import io
from typing import Callable

import ipywidgets as W
from IPython.display import display

from cardgames.display import escape
from cardgames.errors import GameError
from cardgames.krypkille import Kind, PENALTY_TABLES
from classroom.pictures import PICTURE_PACKAGES, missing_picture_line
from .common import guarded, mark_demo
from solvers.krypkille_endgame import Endgame, draw_tree, plot_thresholds, threshold_table_html

__all__ = ["EndgameExplorer", "MODELS", "SOURCES", "BELIEF_LABELS", "TAB_TITLES", "ENGINE", "BY_HAND", "png"]

ENGINE, BY_HAND = "engine deal", "set by hand"
#: The two ways to make an endgame (short labels: a ToggleButtons button is about 150px wide).
SOURCES = {ENGINE: "deal a round with the engine and play the four forced tricks",
           BY_HAND: "type the final cards and the public cards yourself"}
#: Tab titles short enough for a tab at JupyterLab's default width (about 144px).
TAB_TITLES = ("1 all cards seen", "2 one player", "3 everyone")
#: Belief models of level 2 (:mod:`solvers.krypkille_endgame.beliefs`); the policy model is the default for
#: an engine deal (its players are the engine's reference players), uniform for an endgame set by hand.
BELIEF_LABELS = {"policy-aware (the engine's players: reads discards, leads, follows)": "policy",
                 "play-aware (reads the forced follows)": "play", "uniform (ignores the play)": "uniform"}
POLICY, UNIFORM = list(BELIEF_LABELS)[0], list(BELIEF_LABELS)[2]

#: Choices for "how the others decide" (level 2): label -> ``others`` argument of :func:`player_view`.
MODELS = {"level-3 equilibrium (default)": "equilibrium", "nobody else declares": "never"}
MODELS.update({f"threshold: declare with {k.label} or weaker": k for k in (Kind.WREATH, Kind.ONE, Kind.THREE,
                                                                              Kind.FIVE)})


def png(fig) -> bytes:
    """A matplotlib figure as PNG bytes (drawn by Agg, never registered with pyplot)."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90, bbox_inches="tight")
    return buf.getvalue()


def numpy_available() -> bool:
    """Whether numpy can be imported here (the policy-aware beliefs need it; the others do not)."""
    try:
        import numpy  # noqa: F401
    except ModuleNotFoundError:
        return False
    return True


def drawing(draw: Callable, figsize: tuple[float, float], what: str) -> tuple[bytes, str]:
    """``(PNG bytes, "")`` of ``draw(ax)`` on a new figure, or ``(b"", one plain line)`` where
    matplotlib (or numpy) cannot be loaded.  Any other error propagates."""
    try:
        from matplotlib.figure import Figure
        fig = Figure(figsize=figsize)
        draw(fig.subplots())
        return png(fig), ""
    except ModuleNotFoundError as exc:
        if (exc.name or "").split(".")[0] not in PICTURE_PACKAGES:
            raise
        return b"", f"<p><i>{escape(missing_picture_line(what))}</i></p>"


@functools.lru_cache(maxsize=8)
def threshold_drawing(table: str) -> tuple[bytes, str]:
    """The level-3 thresholds of a penalty table, drawn once per table (they depend on nothing else),
    so a change of the viewer, the model or the beliefs does not draw them again."""
    return drawing(lambda ax: plot_thresholds(tables=(table,), ax=ax), (6.5, 3.6), "the thresholds")


class EndgameExplorer:
    """Pick the players, the penalty table, deal (engine) or set the final cards, choose whose
    view to take; see the perfect-information tree, the viewer's expected penalties and tree,
    and the level-3 threshold table.  ``.widget`` is the box to display."""

    def __init__(self, num_players: int = 4, seed: int = 0, penalties: str = "default"):
        self.out = W.Output()
        wide = {"description_width": "initial"}   # labels never cut off (ipywidgets' default is 80px)
        self.players = W.Dropdown(options=[2, 3, 4, 5], value=num_players, description="players", style=wide)
        self.table = W.Dropdown(options=list(PENALTY_TABLES), value=penalties, description="penalties",
                                style=wide)
        self.source = W.ToggleButtons(options=list(SOURCES), value=ENGINE, tooltips=list(SOURCES.values()),
                                      style={"button_width": "auto"})
        self.seed = W.BoundedIntText(value=seed, min=0, max=10**6, description="seed", style=wide)
        self.deal_button = W.Button(description="deal a new round", icon="refresh",
                                    layout=W.Layout(width="auto"))
        self.cards = W.Text(value="Pig 1 9 Mask", description="final cards", style=wide,
                            placeholder="one card per seat, e.g. Pig 1 9 Mask")
        self.first = W.BoundedIntText(value=0, min=0, max=3, description="asked first", style=wide)
        self.played = W.Text(value="Mask 2 2", description="public cards", placeholder="cards of the tricks",
                             style=wide)
        self.viewer = W.Dropdown(options=[0], value=0, description="view of seat", style=wide)
        self.model = W.Dropdown(options=list(MODELS), value=list(MODELS)[0], description="others", style=wide,
                                layout=W.Layout(width="420px"))
        # without numpy (the browser edition offline) the policy-aware model cannot be computed
        beliefs = list(BELIEF_LABELS) if numpy_available() else [b for b in BELIEF_LABELS if b != POLICY]
        self.beliefs = W.Dropdown(options=beliefs, value=beliefs[0],
                                  description="beliefs", style=wide, layout=W.Layout(width="480px"))
        self.endgame_html = W.HTML()
        self.level1_html = W.HTML()
        self.expected_html = W.HTML()
        self.level3_html = W.HTML()
        # the drawings are PNG images made without pyplot: no figure is left open or shown twice
        self.level1_fig = W.Image(format="png", layout=W.Layout(max_width="100%"))
        self.level2_fig = W.Image(format="png", layout=W.Layout(max_width="100%"))
        self.level3_fig = W.Image(format="png", layout=W.Layout(max_width="100%"))
        mark_demo(self.table, self.expected_html)
        self.endgame: Endgame | None = None
        #: The endgame whose tree the level-1 picture shows (drawn again only when the endgame changes).
        self._drawn_tree: Endgame | None = None
        #: The seed of the round the engine last dealt here (the seed box always shows it).
        self.dealt_seed: int | None = None

        @guarded(self.out)
        def on_change(_change=None):
            self.refresh()

        @guarded(self.out)
        def on_deal(_button):
            self.seed.value = self.seed.value + 1  # triggers refresh

        @guarded(self.out)
        def on_source(change):
            # an endgame set by hand has no tricks to read: the policy model needs them.  Changing
            # the beliefs refreshes the views; otherwise refresh here (one refresh a change, not two)
            if change["new"] == ENGINE and self.beliefs.value == UNIFORM:
                self.beliefs.value = self.beliefs.options[0]
            elif change["new"] != ENGINE and self.beliefs.value == POLICY:
                self.beliefs.value = UNIFORM
            else:
                self.refresh()

        self.source.observe(on_source, names="value")
        for w in (self.players, self.table, self.seed, self.first, self.viewer, self.model, self.beliefs):
            w.observe(on_change, names="value")
        for w in (self.cards, self.played):  # text fields: react on Enter / leaving the field
            w.continuous_update = False
            w.observe(on_change, names="value")
        self.deal_button.on_click(on_deal)

        self.hand_box = W.VBox([self.cards, self.first, self.played])
        self.engine_box = W.HBox([self.seed, self.deal_button])
        controls = W.VBox([W.HBox([self.players, self.table]), self.source, self.engine_box, self.hand_box,
                           W.HBox([self.viewer, self.model]), self.beliefs])
        self.tabs = tabs = W.Tab(children=[W.VBox([self.level1_html, self.level1_fig]),
                               W.VBox([self.expected_html, self.level2_fig]),
                               W.VBox([self.level3_html, self.level3_fig])])
        for i, title in enumerate(TAB_TITLES):
            tabs.set_title(i, title)
        self.widget = W.VBox([controls, self.endgame_html, tabs, self.out])
        self._busy = False
        self.refresh()

    # -- building the endgame from the controls -------------------------------------------
    def make_endgame(self) -> Endgame:
        if self.source.value == ENGINE:
            return Endgame.deal(self.players.value, seed=self.seed.value, penalties=self.table.value)
        return Endgame.from_cards(self.cards.value, first=self.first.value, played=self.played.value,
                                  penalties=self.table.value)

    def refresh(self) -> None:
        if self._busy:
            return
        self._busy = True
        try:
            self._bound_first()
            try:
                end = self.make_endgame()
            except GameError as err:  # bad text in the fields: say what, and show no analysis of another endgame
                self.endgame_html.value = f"<p style='color:#b00'>Cannot use this endgame: {escape(err)}</p>"
                self.clear_analysis()
                if self.source.value == ENGINE and self.dealt_seed is not None:
                    self.seed.value = self.dealt_seed     # the box shows the seed of the round last dealt
                return
            self.endgame = end
            if self.source.value == ENGINE:
                self.dealt_seed = self.seed.value
            by_hand = self.source.value != ENGINE
            # show only the fields the chosen source uses; by hand, the cards set the player count
            self.hand_box.layout.display = None if by_hand else "none"
            self.engine_box.layout.display = "none" if by_hand else None
            self.players.disabled = by_hand
            if self.players.value != end.num_players:
                self.players.value = end.num_players
            seats = list(range(end.num_players))
            if list(self.viewer.options) != seats:
                self.viewer.options = seats
                self.viewer.value = end.order[0]
            self.endgame_html.value = end.to_html()
            self.show_level1(end)
            self.show_level2(end)
            self.show_level3(end)
        finally:
            self._busy = False

    def _bound_first(self) -> None:
        """"asked first" is a seat of the endgame being typed: 0 .. (number of final cards - 1)."""
        if self.source.value == ENGINE:
            return
        n = len([t for t in self.cards.value.replace(",", " ").split() if t])
        self.first.max = max(n - 1, 0)

    def clear_analysis(self, note: str = "fix the endgame above to see its analysis") -> None:
        """No table or drawing of an endgame that is not the one the controls describe."""
        for html in (self.level1_html, self.expected_html, self.level3_html):
            html.value = f"<p><i>{escape(note)}</i></p>"
        for image in (self.level1_fig, self.level2_fig, self.level3_fig):
            image.value = b""
        self._drawn_tree = None

    def show_level1(self, end: Endgame) -> None:
        if end == self._drawn_tree:     # the viewer, the model or the beliefs changed: the same tree
            return
        sol = end.perfect()
        size = (1.7 * (end.num_players + 1), 1.3 * (end.num_players + 1))
        self.level1_fig.value, note = drawing(
            lambda ax: draw_tree(sol.tree, ax=ax, title="Everyone sees every card (level 1)"), size, "the game tree")
        self.level1_html.value = sol.to_html() + note
        self._drawn_tree = end

    def show_level2(self, end: Endgame) -> None:
        try:
            view = end.view(self.viewer.value, MODELS[self.model.value], BELIEF_LABELS[self.beliefs.value])
        except GameError as err:
            self.expected_html.value = (f"<p>Penalty table '{escape(end.penalties.name)}': "
                                        f"no level-2 answer: {escape(err)}</p>")
            self.level2_fig.value = b""
            return
        g = view.tree()
        title = f"Seat {view.seat}'s decision; chance over the unseen cards (level 2)"
        self.level2_fig.value, note = drawing(
            lambda ax: draw_tree(g, ax=ax, title=title),
            (max(6, 1.5 * (g.number_of_nodes() - 3)), 3.2), "the player's decision")
        self.expected_html.value = (f"<p>{escape(view.summary())}</p>" + view.expected_html()
                                    + view.branches_html() + note)

    def show_level3(self, end: Endgame) -> None:
        try:
            eq = end.equilibrium(BELIEF_LABELS[self.beliefs.value])
        except GameError as err:  # EquilibriumNotFoundError: say so, never show a non-equilibrium
            self.level3_html.value = f"<p style='color:#b00'>No level-3 answer: {escape(err)}</p>"
            self.level3_fig.value = b""
            return
        self.level3_fig.value, note = threshold_drawing(end.penalties.name)
        self.level3_html.value = (eq.to_html()
                                  + threshold_table_html(tables=(end.penalties.name,))
                                  + "<p>(second table: no public cards, i.e. before looking at any trick)</p>" + note)

    def _ipython_display_(self) -> None:
        display(self.widget)
