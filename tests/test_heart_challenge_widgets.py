"""The Heart Challenge widgets redraw when used (what the browser tests click)."""

from __future__ import annotations

from classroom.widgets.common import DEMO_ACTION_CLASS, DEMO_RESULT_CLASS
from classroom.widgets.heart_challenge import (HandScorer, OddsExplorer, RoundStepper, ScenarioExplorer,
                                               SetupExplorer)


def test_stepper_demo_button_changes_the_table_every_click():
    w = RoundStepper(num_players=4, seed=1)
    assert DEMO_ACTION_CLASS in w.step_button._dom_classes and DEMO_RESULT_CLASS in w.table._dom_classes
    seen = [w.table.value]
    for _ in range(60):
        w.step_button.click()
        assert w.table.value != seen[-1]
        seen.append(w.table.value)
    assert not w.out.outputs
    w.seat.value = 2
    assert "🂠" in w.table.value
    w.round_button.click()
    assert w.game.round_no >= 2 and not w.out.outputs


def test_other_widgets_redraw():
    s = SetupExplorer(4, seed=0)
    before = s.view.value
    s.players.value = 7
    assert s.view.value != before and "seat 6" not in before
    sc = ScenarioExplorer("K")
    before = sc.view.value
    sc.upto.value = 4
    assert sc.view.value != before
    sc.choice.value = "two-jokers"
    assert "two jokers" in sc.view.value
    h = HandScorer()
    assert "-1" in h.view.value
    h.hand.value = "nonsense"
    assert "nonsense" in h.view.value and not h.out.outputs
    o = OddsExplorer()
    o.hearts.value = 3
    assert not o.out.outputs


def test_a_seat_view_does_not_name_the_actors_cards():
    from cardgames.heart_challenge import HeartChallengeGame
    from cardgames.heart_challenge.display import legal_actions_html

    game = HeartChallengeGame(4, seed=3)
    while game.phase != "turn":
        game.apply(game.legal_actions()[0])
    actor = game.current_player()
    placeable = [str(a.card) for a in game.legal_actions() if a.kind == "place"]
    assert placeable
    teacher = legal_actions_html(game)
    own = legal_actions_html(game, actor)
    other = legal_actions_html(game, (actor + 1) % 4)
    for code in placeable:
        assert f"place {code}" in teacher and f"place {code}" in own
        assert code not in other
    assert f"place a hidden card ({len(placeable)} choice" in other
    assert "challenge 1" in other  # the kinds of move stay public


def test_odds_explorer_works_without_matplotlib(monkeypatch, capsys):
    """In the browser edition with no network matplotlib is missing: the sliders still work and the chart
    says in one line why it is missing, instead of a ModuleNotFoundError."""
    import builtins
    real = builtins.__import__

    def no_drawing(name, *args, **kwargs):
        if name.split(".")[0] in ("matplotlib", "numpy"):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_drawing)
    o = OddsExplorer(unknown=20, hearts=5)
    o.hearts.value = 6
    assert o.numbers()[1] == 6
    assert "needs the drawing library matplotlib" in capsys.readouterr().out
