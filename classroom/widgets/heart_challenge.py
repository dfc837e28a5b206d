"""ipywidgets views of Heart Challenge: the setup, a round stepped action by action, the special-card
scenarios, the scoring of a hand, and the odds of a challenge.

A thin layer: every picture is an HTML function of :mod:`cardgames.heart_challenge.display` (or a
matplotlib chart of :mod:`cardgames.heart_challenge.odds`), so the notebook shows the same content
statically beside each widget.
"""

from __future__ import annotations

from typing import Sequence

import ipywidgets as W

from cardgames.display import escape
from cardgames.errors import GameError
from cardgames.heart_challenge import BluffingPlayer, HeartChallengeGame, HeartChallengeOptions
from cardgames.heart_challenge.display import (legal_actions_html, log_html, scored_hand_html, setup_html, state_html)
from cardgames.heart_challenge.odds import success_chance
from cardgames.heart_challenge.scenarios import SCENARIOS, Scenario
from ..pictures import picture
from .common import InputsView, guarded, mark_demo

__all__ = ["setup_game", "SetupExplorer", "RoundStepper", "stepper_html", "ScenarioExplorer", "scenario_html",
           "HandScorer", "OddsExplorer", "plot_odds"]


#: The "view" dropdown's value for the teacher's view (everything shown).
EVERYTHING = -1


def setup_game(num_players: int, seed: int) -> HeartChallengeGame:
    """A freshly dealt game with the default (non-heart) markers shown, for the setup table."""
    return HeartChallengeGame(num_players, seed=seed, options=HeartChallengeOptions(choose_marker=False))


class SetupExplorer(InputsView):
    """Choose the number of players and a seed: who holds which number, the specials, the stock."""

    def __init__(self, num_players: int = 4, seed: int = 0):
        self.players = W.IntSlider(value=num_players, min=2, max=10, description="players")
        self.seed = W.IntText(value=seed, description="seed", layout=W.Layout(width="180px"))
        super().__init__([self.players, self.seed])

    def show(self) -> None:
        self.view.value = setup_html(setup_game(self.players.value, self.seed.value))


def stepper_html(game: HeartChallengeGame, seat: int | None, note: str = "") -> str:
    """The stepper's picture: the last action, the table as ``seat`` sees it, who acts next, the log."""
    head = f'<div style="font-weight:600">{note}</div>' if note else ""
    return head + state_html(game, seat) + f"<div>{legal_actions_html(game, seat)}</div>" + log_html(game.log, last=6)


class RoundStepper(W.VBox):
    """Play a seeded match one action at a time with the computer players (by default the bluffing
    players of the play table); look at it from any seat.

    The "next action" button is the notebook's demo control: each click applies one action and
    redraws the table (hidden cards are backs in a player's view)."""

    def __init__(self, num_players: int = 4, seed: int = 0, players: Sequence | None = None):
        self.num_players, self.seed = num_players, seed
        self.make_players = (lambda: list(players)) if players is not None else (
            lambda: [BluffingPlayer(seed=s) for s in range(num_players)])
        self.out = W.Output()
        self.step_button = W.Button(description="next action ▶", button_style="primary")
        # text, not the ⏩ glyph: the fonts JupyterLab bundles have no ⏩ and drew an empty box
        self.round_button = W.Button(description="finish the round ▶▶", layout=W.Layout(width="auto"))
        self.reset_button = W.Button(description="new match")
        # -1, not None, is "everything": a Dropdown whose value is None shows a blank
        self.seat = W.Dropdown(options=[("everything", EVERYTHING)] + [(f"seat {s}", s) for s in range(num_players)],
                               value=EVERYTHING, description="view")
        self.table = W.HTML()
        self.step_button.on_click(guarded(self.out)(lambda _: self.step()))
        self.round_button.on_click(guarded(self.out)(lambda _: self.finish_round()))
        self.reset_button.on_click(guarded(self.out)(lambda _: self.reset()))
        self.seat.observe(guarded(self.out)(lambda _: self.show()), names="value")
        mark_demo(self.step_button, self.table)
        super().__init__([W.HBox([self.step_button, self.round_button, self.reset_button, self.seat]),
                          self.table, self.out])
        self.reset()

    def reset(self) -> None:
        self.game = HeartChallengeGame(self.num_players, seed=self.seed)
        self.players = self.make_players()
        self.actions = 0
        self.last: tuple | None = None   # (action number, seat, action, new log lines)
        self.show()

    def step(self) -> None:
        g = self.game
        if g.is_terminal():
            self.last = ("over",)
        else:
            seat = g.current_player()
            action = self.players[seat].act(g.view(seat), tuple(g.legal_actions()))
            mark = len(g.log)
            g.apply(action, player=seat)
            self.actions += 1
            self.last = (self.actions, seat, action, [entry.text for entry in g.log[mark:]])
        self.show()

    def finish_round(self) -> None:
        start = self.game.round_no
        while not self.game.is_terminal() and self.game.round_no == start:
            self.step()

    def note(self, seat: "int | None") -> str:
        """The header line as ``seat`` may read it: the action itself for its own seat (and the
        teacher's view), else the public log lines, which never name a face-down card."""
        if self.last is None:
            return "a new match: nothing played yet"
        if self.last == ("over",):
            return "the match is over — press 'new match'"
        n, actor, action, public = self.last
        said = str(action) if seat is None or seat == actor else "; ".join(public) or action.kind
        return f"action {n}: seat {actor} — {said}"

    def show(self) -> None:
        seat = None if self.seat.value == EVERYTHING else self.seat.value
        self.table.value = stepper_html(self.game, seat, self.note(seat))


def scenario_html(scenario: Scenario, upto: int, seat: int | None = None) -> str:
    """A scenario after its first ``upto`` actions: title, the Japanese, the table, the actions so far."""
    steps = scenario.steps()
    upto = max(0, min(upto, len(scenario.actions)))
    action, game = steps[upto]
    done = ", ".join(f"<code>{a}</code>" if i < upto else f'<span style="color:#999">{a}</span>'
                     for i, a in enumerate(scenario.actions))
    start = len(steps[0][1].log)
    return (f"<div><b>{scenario.title}</b> — <span lang='ja'>{scenario.japanese}</span></div>"
            f"<div style='max-width:60em'>{scenario.explanation}</div>"
            f"<div>actions: {done}</div>" + state_html(game, seat) + log_html(game.log[start:], last=12))


class ScenarioExplorer(W.VBox):
    """Pick a special-card scenario and step through its actions."""

    def __init__(self, key: str = "J"):
        self.out = W.Output()
        self.choice = W.Dropdown(options=[(s.title, k) for k, s in SCENARIOS.items()], value=key,
                                 description="scenario", layout=W.Layout(width="460px"))
        self.upto = W.IntSlider(value=0, min=0, max=len(SCENARIOS[key].actions), description="actions")
        self.view = W.HTML()
        self.choice.observe(guarded(self.out)(lambda _: self._new()), names="value")
        self.upto.observe(guarded(self.out)(lambda _: self.show()), names="value")
        super().__init__([W.HBox([self.choice, self.upto]), self.view, self.out])
        self.show()

    def _new(self) -> None:
        self.upto.max = len(SCENARIOS[self.choice.value].actions)
        self.upto.value = self.upto.max
        self.show()

    def show(self) -> None:
        self.view.value = scenario_html(SCENARIOS[self.choice.value], self.upto.value)


class HandScorer(InputsView):
    """Type a hand (card codes) and a number: the points of each card and the total.

    A hand it cannot read (``H3 H3``: each card exists once; ``5``: no suit) shows one red line
    saying what is wrong *instead of* the table: never a traceback, never the old hand's table."""

    def __init__(self, hand: str = "H5 H7 QH SJ JK", number: int = 5):
        wide = {"description_width": "initial"}   # the whole label ("your number" was cut at the default width)
        self.hand = W.Text(value=hand, description="hand", style=wide)
        self.number = W.Dropdown(options=list(range(1, 11)), value=number, description="your number", style=wide,
                                 layout=W.Layout(width="auto"))
        super().__init__([self.hand, self.number])

    def show(self) -> None:
        if self.out.outputs:          # an old traceback (there should be none) goes too
            self.out.clear_output()
        try:
            html = scored_hand_html(self.hand.value, self.number.value)
        except GameError as err:   # the engine's one sentence, and nothing of the previous hand
            self.view.value = f"<span style='color:#c0392b'>{escape(err)}</span>"
            return
        self.view.value = html


def plot_odds(ax, unknown: int, hearts: int, own: int, facedown: int):
    """Chance of success against the number declared (own pile of ``own`` roses)."""
    ns = list(range(1, own + facedown + 1))
    ps = [float(success_chance(unknown, hearts, min(max(n - own, 0), facedown))) for n in ns]
    ax.plot(ns, ps, "o-", color="#c0392b")
    ax.set_xlabel("number declared")
    ax.set_ylabel("chance of success")
    ax.set_ylim(0, 1.05)
    ax.set_xticks(ns)
    ax.grid(alpha=.3)
    ax.set_title(f"own pile {own} roses; {unknown} unseen cards, {hearts} hearts; {facedown} face down elsewhere")
    return ns, ps


class OddsExplorer(W.VBox):
    """Sliders for what a player sees; the chart of the exact chance against the number declared.

    The sliders are bound to each other: "hearts in them" and "face down elsewhere" can never
    exceed "unseen cards" (their maximum follows it), so the chart always uses exactly the
    numbers the sliders show; the line under the sliders says which numbers those are."""

    def __init__(self, unknown: int = 24, hearts: int = 6, own: int = 1, facedown: int = 6):
        self.out = W.Output()
        self.chart = W.Output()
        wide = {"description_width": "initial"}   # the whole label, never "unseen ca…"
        self.unknown = W.IntSlider(value=unknown, min=1, max=40, description="unseen cards", style=wide)
        self.hearts = W.IntSlider(value=min(hearts, unknown), min=0, max=min(10, unknown),
                                  description="hearts in them", style=wide)
        self.own = W.IntSlider(value=own, min=1, max=5, description="own pile", style=wide)
        self.facedown = W.IntSlider(value=min(facedown, unknown), min=1, max=min(20, unknown),
                                    description="face down elsewhere", style=wide)
        self.used = W.HTML()
        g = guarded(self.out)
        self.unknown.observe(g(lambda _: self._bind()), names="value")
        for w in (self.hearts, self.own, self.facedown):
            w.observe(g(lambda _: self.show()), names="value")
        super().__init__([W.HBox([self.unknown, self.hearts]), W.HBox([self.own, self.facedown]), self.used,
                          self.chart, self.out])
        self.show()

    def _bind(self) -> None:
        """Follow "unseen cards": the other two sliders' maxima (their values clamp with them)."""
        self._binding = True
        try:
            self.hearts.max = min(10, self.unknown.value)
            self.facedown.max = min(20, self.unknown.value)
        finally:
            self._binding = False
        self.show()

    def numbers(self) -> tuple[int, int, int, int]:
        """(unseen, hearts, own pile, face down elsewhere): what the chart uses, as the sliders show."""
        return self.unknown.value, self.hearts.value, self.own.value, self.facedown.value

    def show(self) -> None:
        if getattr(self, "_binding", False):
            return
        unknown, hearts, own, facedown = self.numbers()
        self.used.value = (f"<span style='font-size:.9em'>the chart uses: {unknown} unseen cards, {hearts} hearts "
                           f"among them, own pile {own}, {facedown} face down elsewhere (hearts and face down "
                           f"never exceed the unseen cards)</span>")
        self.chart.clear_output(wait=True)
        with self.chart, picture("the chance of a challenge"):
            import matplotlib.pyplot as plt     # here, not at the top: the sliders work without it
            fig, ax = plt.subplots(figsize=(6, 3))
            plot_odds(ax, unknown, hearts, own, facedown)
            plt.show()
