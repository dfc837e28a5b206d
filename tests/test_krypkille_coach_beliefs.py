"""The play table's Krypkille coach reads the calibrated "policy" beliefs when the other seats are the
engine's reference players, and says which beliefs it used."""

from __future__ import annotations

import re

from cardgames.krypkille import KrypkilleGame
from cardgames.krypkille.engine import Discard
from cardgames.krypkille.players import HeuristicPlayer
from classroom.coach import krypkille_advice
from solvers.krypkille_endgame import Endgame


def _to_declare(num_players: int, seed: int, players) -> KrypkilleGame:
    rnd = KrypkilleGame(num_players, seed=seed)
    while rnd.phase != "declare":
        seat = rnd.current_player()
        rnd.apply(players[seat].act(rnd.view(seat), tuple(rnd.legal_actions())), player=seat)
    return rnd


def _numbers(text: str) -> tuple[float, float]:
    declare, pass_ = re.findall(r"<b>(?:declare|pass)</b>: ([0-9.]+)", text)
    return float(declare), float(pass_)


def test_the_view_tells_every_seats_discard_count():
    rnd = _to_declare(4, 7, [HeuristicPlayer(seed=s) for s in range(4)])
    assert rnd.view(0).discard_counts == tuple(len(d) for d in rnd.discards)


def test_the_coach_uses_the_policy_beliefs_against_the_reference_players():
    rnd = _to_declare(4, 7, [HeuristicPlayer(seed=s) for s in range(4)])
    seat = rnd.current_player()
    advice = krypkille_advice(rnd.view(seat))
    assert "beliefs: policy;" in advice
    # the same numbers as level 2 under "policy" on the same round (the endgame explorer's answer)
    v = Endgame.from_round(rnd).view(seat, beliefs="policy")
    assert _numbers(advice) == (round(v.declare.viewer_expected, 2), round(v.pass_.viewer_expected, 2))
    other = krypkille_advice(rnd.view(seat), beliefs="uniform")
    assert "beliefs: uniform;" in other and _numbers(other) != _numbers(advice)


class KeepsEverything(HeuristicPlayer):
    """Never discards and leads its weakest card: no reference player plays like that."""

    def act(self, view, legal_actions):
        if view.phase == "discard":
            return Discard(())
        if view.phase == "play" and not view.current_trick:
            return min(legal_actions, key=lambda a: a.kind)
        return super().act(view, legal_actions)


def test_the_coach_falls_back_to_the_forced_follows_when_a_seat_is_no_reference_player():
    players = [HeuristicPlayer(seed=s) for s in range(4)]
    players[2] = KeepsEverything(seed=2)
    for seed in range(12):
        rnd = _to_declare(4, seed, players)
        seat = rnd.current_player()
        if seat == 2:
            continue
        advice = krypkille_advice(rnd.view(seat))
        if "beliefs: play" in advice:
            assert "did not play like the engine&#x27;s players" in advice
            return
    raise AssertionError("no round in which the odd player's record gave itself away")


def test_a_set_up_declaration_without_tricks_uses_uniform_beliefs():
    r = KrypkilleGame.for_declaration(["Mask", "Pig", "9"])
    assert "beliefs: uniform" in krypkille_advice(r.view(0))
