"""Game-independent players and the one driver that plays a state to the end.

Every player, in every game, follows one protocol: ``act(view, legal_actions) -> action``.  It never
receives the state, only what its seat may see: :func:`play_out` asks ``player.act(view,
legal_actions)`` with ``view = state.view(seat)`` (own hand, public cards and public actions) and
the seat's legal actions, so a bot cannot peek at a hidden card even by accident.  The play table,
the studies and the tests all use this protocol; game-specific players live beside each game.

:class:`BasePlayer` adds the old call ``choose(state)``, a thin adapter that hands the player the
current seat's view and nothing else.
"""

from __future__ import annotations

import random
from typing import Any, Hashable, Protocol, Sequence

from .errors import GameOverError
from .game import GameState

__all__ = ["Player", "SeatedPlayer", "BasePlayer", "RandomPlayer", "play_out", "play_out_seated"]


class Player(Protocol):
    """Decides from its seat's view only: ``act(view, legal_actions) -> action``."""

    def act(self, view: Any, legal_actions: Sequence[Hashable]) -> Hashable: ...


#: The protocol's earlier name (every player is seated now).
SeatedPlayer = Player


class BasePlayer:
    """A player's shared part: ``choose(state)``, the old call, answered from the current seat's view only."""

    def act(self, view: Any, legal_actions: Sequence[Hashable]) -> Hashable:
        raise NotImplementedError

    def choose(self, state: GameState) -> Hashable:
        """The action for ``state``'s current player, decided from ``state.view(seat)`` alone."""
        seat = state.current_player()
        if seat is None:
            raise GameOverError(None, "the game is over: nobody is to act")
        return self.act(state.view(seat), tuple(state.legal_actions()))


class RandomPlayer(BasePlayer):
    """Picks uniformly among the legal actions, from its own seeded generator.

    >>> RandomPlayer(seed=3).act(None, ["a", "b", "c"])
    'a'
    """

    def __init__(self, seed: int | None = 0):
        self.seed = seed
        self.rng = random.Random(seed)

    def act(self, view: Any, legal_actions: Sequence[Hashable]) -> Hashable:
        """A random legal action (the view is not needed)."""
        return self.rng.choice(list(legal_actions))

    def __repr__(self) -> str:
        return f"RandomPlayer(seed={self.seed})"


def play_out(state: GameState, players: Sequence[Player], max_actions: int = 100_000) -> GameState:
    """Let ``players[seat]`` act for each seat until the state is terminal; returns the state.
    Each player sees only ``state.view(seat)`` and its legal actions.

    >>> from cardgames.comrade import ComradeGame
    >>> game = ComradeGame("N:A.K.. K.A.. Q.Q.. J.J..", dealer=0)
    >>> play_out(game, [RandomPlayer(seed=s) for s in range(4)]).is_terminal()
    True
    """
    for _ in range(max_actions):
        if state.is_terminal():
            return state
        seat = state.current_player()
        assert seat is not None   # a state that is not terminal has a player to act (the contract)
        action = players[seat].act(state.view(seat), tuple(state.legal_actions()))
        state.apply(action, player=seat)
    raise RuntimeError(f"the game did not end within {max_actions} actions")


#: The driver's earlier name (every player is seated now).
play_out_seated = play_out
