"""The bluffing computer player: it sees only its seat, is seeded, bluffs, challenges on the odds and
uses its special cards; the naive policy; the play table's default."""

from __future__ import annotations

import copy
import random

import pytest

from cardgames.heart_challenge import (Action, BluffingPlayer, CautiousPlayer, HeartChallengeGame, NaivePlayer,
                                       StrategyParams)
from cardgames.heart_challenge.bluffing import TableReading, read_table
from cardgames.heart_challenge.setup import is_heart, special_kind
from cardgames.players import play_out


def alternate_world(game: HeartChallengeGame, seat: int, seed: int) -> HeartChallengeGame:
    """The same game with every card ``seat`` cannot see dealt again at random into the same places
    (other hands, the face-down cards of other piles, the stock)."""
    alt = copy.deepcopy(game)
    slots = []                                   # (list, index) of every hidden card
    for s in range(alt.num_players):
        if s == seat:
            continue
        slots += [(alt.hands[s], i) for i in range(len(alt.hands[s]))]
        slots += [(alt.piles[s], i) for i in range(alt.face_down(s))]
    slots += [(alt.stock, i) for i in range(len(alt.stock))]
    cards = [lst[i] for lst, i in slots]
    random.Random(seed).shuffle(cards)
    for (lst, i), c in zip(slots, cards):
        lst[i] = c
    return alt


def play_with_checks(num_players: int, seed: int, check_every: int = 4):
    """Play a match of bluffing players; now and then compare the action with the one a copy of the
    player takes in an alternate world with the same view.  Returns (game, how many checks differed
    in the hidden cards, how many were made)."""
    game = HeartChallengeGame(num_players, seed=seed)
    players = [BluffingPlayer(seed=10 * seed + s) for s in range(num_players)]
    step = checks = differed = 0
    while not game.is_terminal():
        seat = game.current_player()
        view = game.view(seat)
        action = players[seat].act(view, tuple(game.legal_actions()))
        if step % check_every == 0:
            alt = alternate_world(game, seat, seed=step)
            alt_view = alt.view(seat)
            assert alt_view == view, "the alternate world must look the same from this seat"
            differed += alt.hands != game.hands or alt.piles != game.piles
            twin = copy.deepcopy(players[seat])
            assert twin.act(alt_view, tuple(alt.legal_actions())) == action, (step, str(action))
            checks += 1
        game.apply(action, player=seat)
        step += 1
    return game, differed, checks


@pytest.mark.parametrize("num_players, seed", [(3, 1), (4, 2), (5, 3)])
def test_a_copy_in_another_world_with_the_same_view_acts_the_same(num_players, seed):
    game, differed, checks = play_with_checks(num_players, seed)
    assert game.is_terminal() and checks > 20
    assert differed > checks // 2, "the alternate worlds should really differ in what the seat cannot see"


def test_the_player_never_reads_the_game_itself():
    """``act`` gets the view only: a view whose hidden cards are all None is all it needs."""
    game = HeartChallengeGame(4, seed=9)
    p = BluffingPlayer(seed=3)
    for _ in range(60):
        seat = game.current_player()
        view = game.view(seat)
        assert all(c is None for s in range(4) if s != seat for c in view.hands[s])
        game.apply(p.act(view, view.legal_actions), player=seat)


def test_seeded_and_deterministic():
    a = play_out(HeartChallengeGame(4, seed=11), [BluffingPlayer(seed=s) for s in range(4)])
    b = play_out(HeartChallengeGame(4, seed=11), [BluffingPlayer(seed=s) for s in range(4)])
    c = play_out(HeartChallengeGame(4, seed=11), [BluffingPlayer(seed=s + 50) for s in range(4)])
    assert a.log == b.log and a.scores == b.scores
    assert a.log != c.log, "another seed of the players should change some decision (they mix)"


def _first_cards_and_bids(seeds, params=None):
    """Over several matches: (rounds where a bluffing seat held a rose and a heart and put a heart
    first, such rounds in all, challenges started on a pile with a heart and no J)."""
    heart_first = chances = bluff_bids = 0
    for seed in seeds:
        game = HeartChallengeGame(4, seed=seed)
        players = [BluffingPlayer(seed=s, params=params) for s in range(4)]
        while not game.is_terminal():
            seat = game.current_player()
            hand = list(game.hands[seat])
            action = players[seat].act(game.view(seat), tuple(game.legal_actions()))
            if game.phase == "first":
                has_rose = any(not is_heart(c) and special_kind(c) is None for c in hand)
                if has_rose and any(is_heart(c) for c in hand):
                    chances += 1
                    heart_first += is_heart(action.card)
            if action.kind == "challenge":
                pile = game.piles[seat]
                bluff_bids += any(is_heart(c) for c in pile) and not any(special_kind(c) == "J" for c in pile)
            game.apply(action, player=seat)
    return heart_first, chances, bluff_bids


def test_it_bluffs_sometimes_but_not_always():
    heart_first, chances, bluff_bids = _first_cards_and_bids(range(6))
    assert chances > 50
    assert 0.1 * chances < heart_first < 0.6 * chances, (heart_first, chances)   # traps: some rounds, not all
    assert bluff_bids > 0                                     # a challenge started on its own heart


def test_no_bluffing_when_told_not_to():
    params = StrategyParams(trap_rate=0.0, bluff_bid_rate=0.0)
    heart_first, chances, bluff_bids = _first_cards_and_bids(range(3), params)
    assert chances > 20 and heart_first == 0 and bluff_bids == 0


# -- challenging and raising on the odds --------------------------------------------------------------
def test_raises_when_no_heart_is_left_to_find_and_passes_into_hearts():
    own_heart = HeartChallengeGame.staged(["DA CA", "D2 S8", "D3 C3"], piles=["SA", "H2 C2", "S3"],
                                          stock="S4 S5 S6")
    own_heart.apply("challenge 1")
    assert own_heart.current_player() == 1
    # seat 1's own pile holds its heart: raising would fail at once, so it passes
    assert BluffingPlayer(seed=0).act(own_heart.view(1), own_heart.legal_actions()) == Action("pass")
    clean = HeartChallengeGame.staged(["DA CA", "D2 H2", "D3 C3"], piles=["SA", "C2", "S3"], stock="S4 S5 S6")
    clean.apply("challenge 1")
    # no heart anywhere seat 1 cannot see: a raise is certain to succeed
    assert BluffingPlayer(seed=0).act(clean.view(1), clean.legal_actions()) == Action.raise_to(2)
    risky = HeartChallengeGame.staged(["DA", "D2 C2", "D3"], piles=["CA", "S2", "H3 C3"],
                                      stock="H4 S4 H7 H8 H9 H5 H6")
    risky.apply("challenge 3")
    # raising to 4 means turning seat 0's card and both of seat 2's, most unseen cards hearts: pass
    assert BluffingPlayer(seed=0).act(risky.view(1), risky.legal_actions()) == Action("pass")


def test_the_log_teaches_it_who_places_hearts():
    game = HeartChallengeGame.staged(["DA CA", "D2 C2", "D3 C3"], piles=["SA", "H2", "S3"])
    game.play(["challenge 2", "raise 3"])
    assert read_table(game.view(2)).bid_now == frozenset({0, 1})
    game.play(["pass", "pass"])      # seat 1 turns up its own pile: its heart; the next round starts
    reading = read_table(game.view(2))
    assert game.round_no == 2 and reading.bid_now == frozenset()
    assert reading.shown[1] == 1 and reading.shown_hearts[1] == 1 and reading.shown[0] == 0
    p = BluffingPlayer()
    unknown = p._unknown_cards(game.view(2))
    bluffer = TableReading(turned=(0, 4, 0), turned_hearts=(0, 3, 0), shown=(0, 0, 0), shown_hearts=(0, 0, 0),
                           bid_now=frozenset())
    view = game.view(2)
    assert p._pile_heart_chance(view, bluffer, 1, unknown) > p._pile_heart_chance(view, bluffer, 0, unknown)


# -- special cards ---------------------------------------------------------------------------------
def test_uses_a_j_to_save_its_own_heart():
    game = HeartChallengeGame.staged(["SJ DA CA", "D2 C2", "D3 C3"], piles=["HA", "S2", "S3"])
    game.play(["challenge 2", "pass", "pass"])
    assert game.phase == "window" and game.window == "own_heart"
    assert BluffingPlayer().act(game.view(0), game.legal_actions()) == Action.parse("use SJ")


def test_uses_a_k_on_a_heart_turned_from_another_pile():
    game = HeartChallengeGame.staged(["SK DA CA", "D2 C2", "D3 C3"], piles=["SA", "H2", "S3"])
    game.play(["challenge 2", "pass", "pass", "flip 1"])
    assert game.phase == "window" and game.window == "heart"
    assert BluffingPlayer().act(game.view(0), game.legal_actions()) == Action.parse("use SK")


def test_plays_a_joker_against_a_challenge_that_will_find_no_heart_and_gives_it_away():
    game = HeartChallengeGame.staged(["DA CA S9", "D2 C2 JK", "D3"], piles=["SA", "S2", "S3 C3"],
                                     stock="S4 S5 S6")
    game.play(["challenge 3", "pass", "pass"])
    assert game.phase == "window" and game.window == "preflip" and game.current_player() == 1
    # seat 1 sees no heart left unseen: the one more card cannot be a heart, so it plays the joker
    assert BluffingPlayer().act(game.view(1), game.legal_actions()) == Action.parse("use JK")
    game.apply("use JK")
    game.apply("flip 1")                     # the challenger turns seat 1's rose: no heart, a failure
    assert game.phase == "joker_gift"
    assert BluffingPlayer().act(game.view(1), game.legal_actions()) == Action("give")


def test_keeps_its_joker_when_the_challenger_would_find_a_heart():
    game = HeartChallengeGame.staged(["DA CA S9", "D2 C2 JK", "D3"], piles=["SA", "H2", "S3 H3"],
                                     stock="H4 H5 H6 S4")
    game.play(["challenge 3", "pass", "pass"])
    assert game.phase == "window" and game.current_player() == 1
    # its own pile's top card is its heart: the challenger could turn it and succeed
    assert BluffingPlayer().act(game.view(1), game.legal_actions()) == Action("decline")


def test_needing_a_heart_after_a_joker_it_turns_the_pile_that_showed_hearts():
    game = HeartChallengeGame.staged(["DA CA", "D2", "D3", "D4"], piles=["SA", "S2", "S3", "S4"])
    view = game.view(0)
    p = BluffingPlayer()
    reading = TableReading(turned=(0, 0, 6, 6), turned_hearts=(0, 0, 5, 0), shown=(0,) * 4,
                           shown_hearts=(0,) * 4, bid_now=frozenset())
    unknown = (10, 3)
    assert p._pile_heart_chance(view, reading, 2, unknown) > 0.5 > p._pile_heart_chance(view, reading, 3, unknown)


def test_over_the_limit_returns_its_worst_card():
    from cardgames.heart_challenge.scenarios import SCENARIOS
    sc = SCENARIOS["limit"]
    game = sc.build().play(sc.actions[:4])
    assert game.phase == "limit"
    action = BluffingPlayer().act(game.view(0), game.legal_actions())
    from cardgames.heart_challenge import card_points
    worst = min(card_points(c, game.numbers[0]) for c in game.hands[0])
    assert card_points(action.card, game.numbers[0]) == worst


# -- the naive policy and the table's default -----------------------------------------------------
def test_naive_policy_places_roses_and_challenges_on_the_smallest_number():
    game = HeartChallengeGame.staged(["HA DA S9", "D2 C2", "D3 C3"], piles=["", "", ""])
    assert NaivePlayer().act(game.view(0), game.legal_actions()) == Action.parse("place DA")
    game = HeartChallengeGame.staged(["HA DA S9", "D2 C2", "D3 C3"], piles=["SA", "S2", "S3"])
    assert NaivePlayer().act(game.view(0), game.legal_actions()) == Action.challenge(1)


def test_the_play_table_and_the_stepper_use_the_bluffing_players():
    from classroom.tables import table_game
    from classroom.widgets.heart_challenge import RoundStepper
    assert all(isinstance(p, BluffingPlayer) for p in table_game("heart_challenge", num_players=4).default_players())
    assert all(isinstance(p, BluffingPlayer) for p in RoundStepper(num_players=3, seed=1).make_players())
    assert not isinstance(CautiousPlayer(), BluffingPlayer)


def test_it_never_puts_itself_out_of_the_match():
    """Holding 2 cards or fewer, a challenge it starts that nobody raises and that fails puts a player out:
    the bluffing player then declares only its own (safe) pile, and traps only with cards to spare."""
    left = []
    for n, seed in [(3, 1), (3, 4), (4, 2), (4, 7), (5, 3), (5, 8)]:
        game = play_out(HeartChallengeGame(n, seed=seed), [BluffingPlayer(seed=s) for s in range(n)])
        left += [e for e in game.log if "nobody raised, and failed" in e.text]
    assert left == []


def test_with_two_cards_or_fewer_it_declares_only_its_own_pile():
    game = HeartChallengeGame.staged(["DA CA", "D2 C2 S8 JD", "D3 C3 S7 JC"], piles=["SA", "S2", "S3"],
                                     stock="S4 S5 S6")
    # seat 0 holds 2 cards; no heart is left unseen, so a larger number would look safe, yet it risks nothing
    assert BluffingPlayer(seed=0).act(game.view(0), game.legal_actions()).kind in ("challenge", "place")
    for seed in range(8):
        action = BluffingPlayer(seed=seed).act(game.view(0), game.legal_actions())
        assert action == Action.challenge(1), (seed, action)
