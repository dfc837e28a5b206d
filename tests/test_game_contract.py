"""Every registered game honours the shared GameState contract (cardgames/game.py).

The same checks drive every game of :mod:`cardgames.registry` (its seeded ``examples``) with seeded
random players, so a new game is covered by its registry entry alone:
legal actions exist exactly until the end, each action's text notation reads
back as the same action, every listed action is accepted, and an action that is
not legal raises an IllegalActionError and leaves the state byte-for-byte as it was.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter

import pytest

from cardgames import registry
from cardgames.errors import IllegalActionError, NotYourTurnError, SeatError

GAMES = registry.names()


def assert_survives_pickling(error: Exception) -> None:
    """An error raised in a worker process reaches the caller as itself (a study's --workers)."""
    back = pickle.loads(pickle.dumps(error))
    assert type(back) is type(error) and str(back) == str(error)
    assert vars(back) == vars(error)


def test_every_kind_of_error_survives_pickling():
    from cardgames.comrade import ActionParseError, ComradeGame, Deal, parse_bid_action
    from cardgames.errors import PlayerOptionError
    errors = [PlayerOptionError("samples must be at least 1", "samples")]
    for bad in (lambda: parse_bid_action("X9"), lambda: ComradeGame(Deal.random(0), 0).apply("S9"),
                lambda: Deal.from_pbn("N:AKQ")):
        with pytest.raises(ValueError) as caught:
            bad()
        errors.append(caught.value)
    assert any(isinstance(e, ActionParseError) for e in errors)
    for e in errors:
        assert_survives_pickling(e)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", range(5))
def test_random_play_honours_the_contract(name, seed):
    state = registry.get(name).examples(seed)
    rng = random.Random(seed)
    seen: list = []
    steps = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal, "a state that is not terminal must offer an action"
        assert state.current_player() is not None
        for action in legal:
            assert state.parse_action(str(action)) == action, f"{action!s} does not read back"
        seen.extend(legal[:3])
        stranger = next((a for a in reversed(seen) if a not in legal), None)
        if stranger is not None:
            before = pickle.dumps(state)
            with pytest.raises(IllegalActionError) as refused:
                state.apply(stranger)
            assert pickle.dumps(state) == before, f"refusing {stranger!s} changed the state"
            assert_survives_pickling(refused.value)
        view = state.view(state.current_player())
        assert view.current_player == state.current_player() and view.seat == state.current_player()
        assert isinstance(view, registry.get(name).view_type)
        own = Counter(getattr(c, "code", None) or c.name for c in view.hand)
        assert not own - state.visible_cards(view.seat), "a seat must see its own hand"
        other = (state.current_player() + 1) % state.num_players
        before = pickle.dumps(state)
        with pytest.raises(NotYourTurnError):
            state.apply(legal[0], player=other)
        assert pickle.dumps(state) == before
        state.apply(rng.choice(legal), player=state.current_player())
        steps += 1
        assert steps < 5000, "the game should end"
    assert state.legal_actions() == []
    assert state.current_player() is None
    assert len(state.returns()) == state.num_players


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_and_actions_give_the_same_game(name):
    def run(seed):
        state = registry.get(name).examples(seed)
        rng = random.Random(99)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        return pickle.dumps(state)

    assert run(5) == run(5)


@pytest.mark.parametrize("name", GAMES)
def test_every_view_has_the_shared_names_and_a_bad_seat_is_one_error(name):
    """Whose turn, phase, own hand and legal actions have the same names in every game's view."""
    state = registry.get(name).examples(0)
    for seat in range(state.num_players):
        view = state.view(seat)
        for attr in ("seat", "num_players", "phase", "current_player", "hand", "legal_actions"):
            assert hasattr(view, attr), f"{type(view).__name__} has no {attr}"
        assert bool(view.legal_actions) == (seat == state.current_player())
    for bad in (-1, state.num_players, "0", 1.0, True):
        with pytest.raises(SeatError):
            state.view(bad)


@pytest.mark.parametrize("name", GAMES)
def test_the_reference_player_plays_a_whole_game_from_its_view(name):
    from cardgames.players import play_out
    entry = registry.get(name)
    state = entry.examples(1)
    players = [entry.reference_player(s) for s in range(state.num_players)]
    assert play_out(state, players).is_terminal()


@pytest.mark.parametrize("name", GAMES)
def test_new_game_and_registry_entry(name):
    entry = registry.get(name)
    assert entry.new_game(seed=3).legal_actions()
    assert min(entry.player_counts) >= 2
    from pathlib import Path
    assert (Path(__file__).resolve().parents[1] / entry.rules_page).is_file()


def test_an_unknown_game_is_named():
    with pytest.raises(registry.UnknownGameError, match="'chess'"):
        registry.get("chess")
    assert registry.get("Heart Challenge").name == "heart_challenge"
