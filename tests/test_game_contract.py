"""Every game honours the shared GameState contract (cardgames/game.py).

The same checks drive all three engines with seeded random players:
legal actions exist exactly until the end, each action's text notation reads
back as the same action, every listed action is accepted, and an action that is
not legal raises an IllegalActionError and leaves the state byte-for-byte as it was.
"""

from __future__ import annotations

import pickle
import random

import pytest

from cardgames.comrade import ComradeGame, Deal
from cardgames.errors import IllegalActionError, NotYourTurnError
from cardgames.heart_challenge import HeartChallengeGame
from cardgames.krypkille import KrypkilleMatch, KrypkilleRound

FACTORIES = {
    "krypkille-round": lambda seed: KrypkilleRound(num_players=2 + seed % 4, dealer=seed % 2, seed=seed),
    "krypkille-match": lambda seed: KrypkilleMatch(num_players=3, seed=seed, rounds=2),
    "comrade": lambda seed: ComradeGame(Deal.random(seed, hand_size=4 + seed % 4), dealer=seed % 4),
    "comrade-3p": lambda seed: ComradeGame(Deal.random(seed, players=3), dealer=seed % 3),
    "heart-challenge": lambda seed: HeartChallengeGame(num_players=2 + seed % 5, seed=seed),
}


@pytest.mark.parametrize("name", FACTORIES)
@pytest.mark.parametrize("seed", range(3))
def test_random_play_honours_the_contract(name, seed):
    state = FACTORIES[name](seed)
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
            with pytest.raises(IllegalActionError):
                state.apply(stranger)
            assert pickle.dumps(state) == before, f"refusing {stranger!s} changed the state"
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


@pytest.mark.parametrize("name", FACTORIES)
def test_same_seed_and_actions_give_the_same_game(name):
    def run(seed):
        state = FACTORIES[name](seed)
        rng = random.Random(99)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        return pickle.dumps(state)

    assert run(5) == run(5)
