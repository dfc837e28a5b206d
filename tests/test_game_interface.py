"""The shared GameState contract, checked on a toy game (take 1 or 2 stones; taking the last wins)."""

from __future__ import annotations

import pytest

from cardgames.errors import GameOverError, IllegalActionError, NotYourTurnError
from cardgames.game import GameState
from cardgames.players import RandomPlayer, play_out


class Nim(GameState):
    num_players = 2

    def __init__(self, stones: int = 5):
        self.stones = stones
        self.to_move = 0
        self.winner = None

    def current_player(self):
        return None if self.is_terminal() else self.to_move

    def legal_actions(self):
        return [n for n in (1, 2) if n <= self.stones] if not self.is_terminal() else []

    def is_terminal(self):
        return self.stones == 0

    def returns(self):
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0 if p == self.winner else -1.0 for p in (0, 1)]

    def parse_action(self, action):
        return int(action)

    def view(self, seat):
        return {"seat": seat, "stones": self.stones}   # nothing is hidden in Nim

    def _apply(self, action):
        self.stones -= action
        if self.stones == 0:
            self.winner = self.to_move
        self.to_move = 1 - self.to_move


def test_apply_accepts_parsed_text_and_checks_the_player():
    game = Nim(5)
    game.apply("2", player=0)
    assert game.stones == 3 and game.current_player() == 1
    with pytest.raises(NotYourTurnError):
        game.apply(1, player=0)
    assert game.stones == 3 and game.current_player() == 1


def test_illegal_action_changes_nothing_and_says_what_is_legal():
    game = Nim(1)
    before = vars(game).copy()
    with pytest.raises(IllegalActionError, match=r"legal actions \(1\)"):
        game.apply(2)
    assert vars(game) == before


def test_terminal_state_refuses_actions():
    game = Nim(1).play([1])
    assert game.is_terminal() and game.returns() == [1.0, -1.0]
    with pytest.raises(GameOverError):
        game.apply(1)


def test_child_and_clone_leave_the_original_alone():
    game = Nim(4)
    kid = game.child(2)
    assert (game.stones, kid.stones) == (4, 2)


def test_play_out_is_deterministic_for_a_seed():
    a = play_out(Nim(20), [RandomPlayer(1), RandomPlayer(2)])
    b = play_out(Nim(20), [RandomPlayer(1), RandomPlayer(2)])
    assert a.is_terminal() and a.winner == b.winner
