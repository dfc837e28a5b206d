"""Each special card (J, Q, K, joker) in a staged scenario, their conditions and the one-use limit."""

from __future__ import annotations

import pytest

from cardgames.cards import JOKER, Card
from cardgames.heart_challenge import HeartChallengeGame, SpecialCardError
from cardgames.heart_challenge.scenarios import SCENARIOS


def C(code):
    return Card.parse(code)


def last(game):
    return game.history[-1]


def play_until(scenario_key, upto):
    """The scenario's game after its first ``upto`` actions."""
    sc = SCENARIOS[scenario_key]
    return sc.build().play(sc.actions[:upto])


@pytest.mark.parametrize("key", list(SCENARIOS))
def test_every_scenario_plays_and_conserves_cards(key):
    sc = SCENARIOS[key]
    game = sc.build()
    total = sum(game.cards_in_play().values())
    for action, state in sc.steps()[1:]:
        assert sum(state.cards_in_play().values()) == total, action


def test_j_from_hand_after_own_heart():
    game = play_until("J", 3)
    assert game.phase == "window" and game.window == "own_heart" and game.current_player() == 0
    assert [str(a) for a in game.legal_actions()] == ["use SJ", "decline"]
    game.apply("use SJ")
    assert C("SJ") in game.stock and game.phase == "flip" and 0 in game.used_special
    game = SCENARIOS["J"].run()
    assert last(game)["result"] == "success"
    # declining the J instead: the own heart fails the challenge
    game = play_until("J", 3).play(["decline"])
    assert last(game)["result"] == "failure"


def test_j_in_own_pile_is_used_automatically_and_goes_to_the_stock():
    game = play_until("J-pile", 3)
    assert game.phase == "flip" and C("SJ") in game.stock and C("SJ") not in game.piles[0]
    # acting from the pile is no use from hand: seat 0 keeps its one use
    assert game.count == 2 and 0 not in game.used_special


def test_j_in_own_pile_saves_even_after_a_q_from_hand():
    """A special acting from a pile does not use up the one use from hand.  Seat 0 played a Q
    from hand in the declaring; its own pile shows ♥A + J: the J saves it and the challenge goes on (here
    its own three cards already make the 3 declared: a success, where the old engine failed it)."""
    game = HeartChallengeGame.staged(["SQ DA CA", "D2 C2", "D3 C3"], piles=["SJ HA", "S2", "S3"], dealer=1)
    game.play(["challenge 2", "pass", "use SQ", "place DA", "place D2", "place D3", "raise 3", "pass"])
    assert game.challenger == 0 and game.result == "success" and game.phase == "take"
    assert any("uses SQ" in x for x in game.log) and any("saves seat 0" in x for x in game.log)
    assert C("SJ") in game.stock


def test_k_is_still_offered_after_a_pile_j_saved_the_challenger():
    """After the pile J saved seat 0, turning seat 1's heart offers seat 0 its K from hand."""
    game = HeartChallengeGame.staged(["SK DA CA", "D2 C2", "D3 C3"], piles=["SJ HA", "H2", "S3"])
    game.play(["challenge 3", "pass", "pass", "flip 1"])
    assert game.phase == "window" and game.current_player() == 0
    assert "use SK" in [str(a) for a in game.legal_actions()]
    game.apply("use SK")
    assert 0 in game.used_special

def test_j_cannot_be_used_without_an_own_heart():
    game = HeartChallengeGame.staged(["SJ DA CA", "D2 C2", "D3 C3"], piles=["SA", "S8 H2", "S3"])
    game.play(["challenge 3", "pass", "pass"])
    assert game.phase == "flip"
    with pytest.raises(SpecialCardError, match="only a joker"):
        game.apply("use SJ")
    game.apply("flip 1")            # H2: the heart window offers no J
    assert game.phase != "window" or "use SJ" not in [str(a) for a in game.legal_actions()]


def test_q_in_the_declaring_makes_everyone_with_cards_place_one():
    game = play_until("Q-declare", 2)
    assert game.phase == "q_place" and game.queue == [1, 2, 0]
    game.play(["place D2", "place D3", "place DA"])
    assert game.phase == "auction" and game.current_player() == 1 and game.placed_total() == 6
    legal = [str(a) for a in game.legal_actions()]
    assert "raise 6" in legal and not any(a.startswith("use") for a in legal)   # one use per round
    game = SCENARIOS["Q-declare"].run()
    assert last(game)["result"] == "success" and last(game)["target"] == 4


def test_k_makes_a_turned_heart_not_count():
    game = play_until("K", 4)
    assert game.window == "heart" and [str(a) for a in game.legal_actions()] == ["use SK", "decline"]
    game.apply("use SK")
    assert game.phase == "flip" and game.count == 1 and C("SK") in game.stock
    assert last(SCENARIOS["K"].run())["result"] == "success"


def test_k_does_not_apply_to_the_own_pile():
    game = HeartChallengeGame.staged(["SK DA CA", "D2 C2", "D3 C3"], piles=["HA", "S2", "S3"])
    game.play(["challenge 2", "pass", "pass"])
    assert last(game)["result"] == "failure"


def test_q_cancels_a_k():
    game = play_until("Q-cancel", 5)
    assert game.window == "k_cancel" and game.current_player() == 2
    assert [str(a) for a in game.legal_actions()] == ["use SQ", "decline"]
    game.apply("use SQ")
    end = last(game)
    assert end["result"] == "failure"
    # seat 0 held 2 cards after the K: seat 1 drew from the stock instead of receiving a card
    assert len(end["hands"][1]) == 2 + 1 + 1 and len(end["hands"][0]) == 3
    # declining the Q lets the K stand
    game = play_until("Q-cancel", 5).play(["decline"])
    assert game.phase == "flip"


def test_joker_played_by_another_decides_with_one_card():
    game = play_until("joker-played", 3)
    assert game.window == "preflip" and game.current_player() == 2
    game.apply("use JK")
    assert game.phase == "joker_pick" and game.current_player() == 0 and game.table_jokers == [2]
    game.apply("flip 2")       # seat 2's heart
    end = last(game)
    assert end["result"] == "success"
    assert C("H3") in end["hands"][0]                 # the only heart or Q of seat 2
    assert JOKER in end["hands"][2]                   # the joker goes back to who played it


def test_joker_turned_from_a_pile_and_given_to_the_challenger():
    game = play_until("joker-turned", 4)
    assert game.phase == "joker_pick"
    game.apply("flip 2")
    assert game.phase == "joker_gift" and game.current_player() == 1
    game.apply("give joker")
    end = last(game)
    assert end["result"] == "failure" and JOKER in end["hands"][0] and JOKER not in end["hands"][1]
    game = play_until("joker-turned", 5).play(["keep joker"])
    assert JOKER in last(game)["hands"][1]


def test_two_jokers_go_to_the_stock():
    game = SCENARIOS["two-jokers"].run()
    end = last(game)
    assert end["result"] == "failure"
    assert all(JOKER not in h for h in end["hands"]) and game.stock.count(JOKER) == 2


def test_joker_with_no_pile_card_left_turns_the_stock():
    game = HeartChallengeGame.staged(["DA CA S9", "JK D2 C2"], piles=["SA", "H2"], stock="H7")
    game.play(["challenge 2", "pass", "decline", "flip 1"])   # seat 1 keeps its joker before the flip
    assert game.window == "heart" and game.current_player() == 1
    game.apply("use JK")     # no face-down pile card is left: the stock's top card (H7) is turned
    end = last(game)
    assert end["result"] == "success" and C("H7") in end["hands"][0] and JOKER in end["hands"][1]


def test_one_use_per_round():
    game = HeartChallengeGame.staged(["SK JK DA CA", "D2 C2", "D3 C3"], piles=["SA", "H2", "S3"])
    game.play(["challenge 2", "pass", "pass", "flip 1", "use SK"])
    assert game.phase == "flip"
    assert "use JK" not in [str(a) for a in game.legal_actions()]
    with pytest.raises(SpecialCardError, match="one special card per player per round"):
        game.apply("use JK")


def test_a_small_hand_may_use_a_special_and_draws_two():
    game = play_until("redraw", 1)
    stock = list(game.stock)
    game.apply("use SQ")
    assert C("SQ") not in game.hands[1] and len(game.hands[1]) == 1 + 2
    assert all(c in stock for c in game.hands[1] if c != C("C2"))   # drawn from the stock, not the Q


def test_small_hand_redraw_shortfall_comes_from_the_challenger():
    game = HeartChallengeGame.staged(["DA CA S9 S6", "JK C2", "D3 C3"], piles=["SA", "S2 S8", "S3"],
                                     stock="S5")
    game.play(["challenge 3", "pass", "pass"])
    assert game.window == "preflip" and game.current_player() == 1
    game.apply("use JK")
    # seat 1 held 2: drew S5 from the stock and one random card from seat 0 (who held 4)
    assert len(game.hands[1]) == 1 + 2 and C("S5") in game.hands[1] and len(game.hands[0]) == 3


def test_a_used_special_card_stays_known_as_shown_to_everyone():
    """A special card used is named in the public log, then shuffled into the stock: the engine counts it
    among the cards once shown to everyone, which the hidden-card checks accept in a seat's text."""
    import re

    from cardgames.heart_challenge import BluffingPlayer, HeartChallengeGame

    found = 0
    for seed in range(40):
        game = HeartChallengeGame(3, seed=seed)
        players = [BluffingPlayer(seed=s) for s in range(3)]
        while not game.is_terminal() and not found:
            seat = game.current_player()
            game.apply(players[seat].act(game.view(seat), tuple(game.legal_actions())), player=seat)
            used = [m.group(1) for e in game.log for m in [re.search(r"uses (\S+)$", e.text)] if m]
            if used:
                assert set(used) <= set(game.once_shown_cards())
                found += 1
        if found:
            break
    assert found, "no special card was used in 40 matches"
