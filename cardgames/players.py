"""Game-independent players and a driver that plays a state to the end.

A *player* is any object with ``choose(state) -> action``; it is only asked when
it is its seat's turn.  Game-specific heuristics live beside each game.
"""

from __future__ import annotations

import random
from typing import Hashable, Protocol, Sequence

from .game import GameState

__all__ = ["Player", "RandomPlayer", "play_out"]


class Player(Protocol):
    def choose(self, state: GameState) -> Hashable: ...


class RandomPlayer:
    """Picks uniformly among the legal actions, from its own seeded generator.

    >>> RandomPlayer(seed=3).choose  # doctest: +ELLIPSIS
    <bound method RandomPlayer.choose of RandomPlayer(seed=3)>
    """

    def __init__(self, seed: int | None = 0):
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, state: GameState) -> Hashable:
        return self.rng.choice(state.legal_actions())

    def __repr__(self) -> str:
        return f"RandomPlayer(seed={self.seed})"


def play_out(state: GameState, players: Sequence[Player], max_actions: int = 100_000) -> GameState:
    """Let ``players[seat]`` choose for each seat until the state is terminal; returns the state."""
    for _ in range(max_actions):
        if state.is_terminal():
            return state
        seat = state.current_player()
        state.apply(players[seat].choose(state), player=seat)
    raise RuntimeError(f"the game did not end within {max_actions} actions")
