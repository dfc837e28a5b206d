"""Game-independent players and a driver that plays a state to the end.

A *player* is any object with ``choose(state) -> action``; it is only asked when
it is its seat's turn.  Game-specific heuristics live beside each game.

A *seated player* is fairer: it never receives the state, only what its seat may
see.  :func:`play_out_seated` asks ``player.act(view, legal_actions)`` with
``view = state.view(seat)`` (own hand, public cards and public actions) and the
seat's legal actions, so a seated bot cannot peek at a hidden card even by
accident.  The play table and the hidden-information studies use this protocol.
"""

from __future__ import annotations

import random
from typing import Any, Hashable, Protocol, Sequence

from .game import GameState

__all__ = ["Player", "SeatedPlayer", "RandomPlayer", "play_out", "play_out_seated"]


class Player(Protocol):
    def choose(self, state: GameState) -> Hashable: ...


class SeatedPlayer(Protocol):
    """Decides from its seat's view only: ``act(view, legal_actions) -> action``."""

    def act(self, view: Any, legal_actions: Sequence[Hashable]) -> Hashable: ...


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

    def act(self, view: Any, legal_actions: Sequence[Hashable]) -> Hashable:
        """The seated form: a random legal action (the view is not needed)."""
        return self.rng.choice(list(legal_actions))

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


def play_out_seated(state: GameState, players: Sequence[SeatedPlayer], max_actions: int = 100_000) -> GameState:
    """Like :func:`play_out`, but each player sees only ``state.view(seat)`` and its legal actions.

    >>> from cardgames.comrade import ComradeGame
    >>> game = ComradeGame("N:A.K.. K.A.. Q.Q.. J.J..", dealer=0)
    >>> play_out_seated(game, [RandomPlayer(seed=s) for s in range(4)]).is_terminal()
    True
    """
    for _ in range(max_actions):
        if state.is_terminal():
            return state
        seat = state.current_player()
        action = players[seat].act(state.view(seat), tuple(state.legal_actions()))
        state.apply(action, player=seat)
    raise RuntimeError(f"the game did not end within {max_actions} actions")
