"""The match: hand limit, leaving the game, scoring, 10 rounds; properties of random legal play."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from cardgames.cards import JOKER, Card
from cardgames.players import play_out
from cardgames.heart_challenge import (CautiousPlayer, HeartChallengeGame, HeartChallengeOptions, RandomPlayer,
                                       SCORING_ROWS, card_points, hand_points)
from cardgames.heart_challenge.scenarios import SCENARIOS


def last(game):
    return game.history[-1]


# -- scoring -----------------------------------------------------------------------------------
@pytest.mark.parametrize("code, number, points", [
    ("H5", 5, 1), ("H7", 5, 3), ("HA", 1, 1), ("HA", 2, 3), ("QH", 5, 5), ("QS", 5, 2), ("QC", 1, 2),
    ("JD", 5, -1), ("JH", 5, -1), ("KS", 3, -2), ("KH", 3, -2), ("JK", 4, -3), ("S5", 5, 0), ("D9", 1, 0),
])
def test_scoring_table(code, number, points):
    assert card_points(Card.parse(code), number) == points


def test_scoring_rows_match_card_points():
    examples = {"own heart (the heart of your number)": ("H5", 5), "someone else's heart": ("H6", 5),
                "Q♥": ("QH", 5), "any other Q": ("QD", 5), "J": ("JC", 5), "K": ("KD", 5), "joker": ("JK", 5),
                "anything else": ("S5", 5)}
    for what, pts, ja in SCORING_ROWS:
        code, number = examples[what]
        assert card_points(Card.parse(code), number) == pts, what
        assert ja


def test_each_round_scores_the_hands_of_players_still_in():
    game = SCENARIOS["joker-played"].run()
    end = last(game)
    assert end["points"] == [hand_points(h, n) for h, n in zip(end["hands"], game.numbers)]
    assert game.scores == end["points"] and game.returns() == [float(x) for x in end["points"]]


def test_score_only_at_the_end_option():
    opts = HeartChallengeOptions(score_after_each_round=False, rounds=3)
    game = play_out(HeartChallengeGame(3, seed=1, options=opts), [CautiousPlayer(i) for i in range(3)])
    assert game.round_points[0] == [None] * 3 and game.round_points[1] == [None] * 3
    assert game.scores == [p or 0 for p in game.round_points[-1]]


# -- hand limit --------------------------------------------------------------------------------
def test_hand_limit_returns_cards_of_ones_choice():
    sc = SCENARIOS["limit"]
    game = sc.build().play(sc.actions[:4])
    assert game.phase == "limit" and game.current_player() == 0 and len(game.hands[0]) == 7
    assert all(a.kind == "return" for a in game.legal_actions())
    game.play(["return S9", "return S8"])
    assert len(last(game)["hands"][0]) == 5 and Card.parse("S9") in game.stock


def test_a_gifted_joker_over_the_limit_sends_back_a_random_non_joker():
    game = HeartChallengeGame.staged(["DA CA S9 S6", "D2 C2", "D3 C3"], piles=["SA", "S2 JK", "S3"])
    game.play(["challenge 2", "pass", "pass", "flip 1", "flip 2", "give joker"])
    end = last(game)
    assert JOKER in end["hands"][0] and len(end["hands"][0]) == 5


def test_limit_option():
    game = HeartChallengeGame.staged(["DA CA S9", "D2 C2", "D3 C3"], piles=["SA", "S2", "S3"],
                                     stock="S4", options=HeartChallengeOptions(hand_limit=3))
    game.play(["challenge 1", "pass", "pass", "take stock"])
    assert game.phase == "limit" and len(game.hands[0]) == 5


# -- leaving the game --------------------------------------------------------------------------
def test_leaving_after_an_unraised_failed_challenge_with_two_cards_or_fewer():
    game = SCENARIOS["leave"].run()
    assert not game.active[0] and not game.hands[0] and last(game)["points"][0] is None
    assert game.dealer == 1        # the challenger is out: the next seat deals
    assert 0 not in game.seats_from(1)
    assert sum(game.cards_in_play().values()) == 2 + 3 + 3 + 6   # seat 0's cards went to the stock


def test_a_raised_challenge_does_not_eliminate():
    game = HeartChallengeGame.staged(["DA", "D2 C2", "D3 C3"], piles=["SA", "H2", "S3 S7"], dealer=2)
    game.play(["challenge 1", "raise 2", "pass", "pass", "flip 1"])
    assert last(game)["challenger"] == 0 and last(game)["result"] == "failure" and game.active[0]


def test_a_player_with_no_card_left_is_out_and_the_match_ends_below_two():
    # seat 1 holds only its pile's heart; seat 0's joker takes it: seat 1 has nothing left
    game = HeartChallengeGame.staged(["JK DA CA", "", "D3 C3"], piles=["SA", "H2", "S3"])
    game.play(["challenge 2", "pass", "pass", "use JK", "flip 1"])
    assert not game.active[1] and game.active[0] and game.active[2]
    game = HeartChallengeGame.staged(["JK DA CA", ""], piles=["SA", "H2"])
    game.play(["challenge 2", "pass", "use JK", "flip 1"])
    assert game.is_terminal() and game.current_player() is None and game.legal_actions() == []


def test_a_match_is_ten_rounds():
    game = play_out(HeartChallengeGame(4, seed=3), [CautiousPlayer(i) for i in range(4)])
    assert game.is_terminal() and game.round_no == 10 and len(game.history) == 10
    assert game.scores == [sum(p[s] or 0 for p in game.round_points) for s in range(4)]
    assert game.winners() == [s for s in range(4) if game.scores[s] == max(game.scores)]


# -- properties of random legal play -------------------------------------------------------------
@settings(max_examples=25, deadline=None)
@given(n=st.integers(2, 10), seed=st.integers(0, 10_000), cautious=st.booleans(),
       specials=st.sampled_from([1, 2]), final=st.booleans())
def test_random_play_conserves_cards_and_respects_the_hand_limit(n, seed, cautious, specials, final):
    if n * specials > 14:
        specials = 1
    opts = HeartChallengeOptions(specials_per_player=specials, pass_is_final=final, rounds=4)
    game = HeartChallengeGame(n, seed=seed, options=opts)
    players = [CautiousPlayer(seed + i) if cautious and i % 2 else RandomPlayer(seed + i) for i in range(n)]
    rounds_seen = 0
    for _ in range(20_000):
        if game.is_terminal():
            break
        seat = game.current_player()
        assert game.legal_actions(), game.phase
        game.apply(players[seat].act(game.view(seat), tuple(game.legal_actions())), player=seat)
        if game.phase != "marker":
            assert sum(game.cards_in_play().values()) == 54 - len(game.out_of_game)
        while rounds_seen < len(game.history):
            rec = game.history[rounds_seen]
            for s in range(n):
                if rec["active"][s]:
                    assert 1 <= len(rec["hands"][s]) <= opts.hand_limit
            rounds_seen += 1
    assert game.is_terminal()
    assert len(game.out_of_game) == n + 2 * (10 - n)     # the markers and the unused ♦ ♣


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), n=st.integers(2, 6))
def test_same_seed_same_match(seed, n):
    a = play_out(HeartChallengeGame(n, seed=seed), [RandomPlayer(seed + i) for i in range(n)])
    b = play_out(HeartChallengeGame(n, seed=seed), [RandomPlayer(seed + i) for i in range(n)])
    assert a.log == b.log and a.scores == b.scores


def test_clone_is_independent():
    game = HeartChallengeGame(3, seed=5)
    copy = game.clone()
    copy.apply(copy.legal_actions()[0])
    assert game.phase == "marker" and game.markers == [None] * 3
    assert copy.legal_actions() != game.legal_actions() or copy.current_player() != game.current_player()


def test_a_joker_taken_from_the_stock_over_the_limit_sends_back_a_random_non_joker():
    # the digest: "a joker gained beyond 5: a random non-joker goes back" -- any joker received, not only a
    # gifted one; the player must not be able to return the joker itself by choice
    game = HeartChallengeGame.staged(["DA CA S9 S6", "D2 C2", "D3 C3"], piles=["SA", "S2", "S3"], stock="JK")
    game.play(["challenge 1", "pass", "pass", "take stock"])
    assert game.phase != "limit"
    end = last(game)
    assert JOKER in end["hands"][0] and len(end["hands"][0]) == 5
    assert len(game.stock) == 1 and not game.stock[0].is_joker


def test_a_joker_drawn_by_the_hearts_owner_over_the_limit_sends_back_a_random_non_joker():
    game = HeartChallengeGame.staged(["DA", "D2 C2 S8 S6", "D3 C3"], piles=["SA S9", "H2", "S3"], stock="JK",
                                     dealer=2)
    game.play(["challenge 1", "raise 3", "pass", "pass", "flip 1"])   # seat 0 holds 1 card: seat 1 draws
    assert last(game)["result"] == "failure" and game.phase != "limit"
    assert JOKER in last(game)["hands"][1] and len(last(game)["hands"][1]) == 5


def test_over_the_limit_without_a_gained_joker_the_choice_is_free():
    game = HeartChallengeGame.staged(["JK DA CA S9", "D2 C2", "D3 C3"], piles=["SA", "S2", "S3"], stock="S4")
    game.play(["challenge 1", "pass", "pass", "take stock"])
    assert game.phase == "limit" and "return JK" in [str(a) for a in game.legal_actions()]
