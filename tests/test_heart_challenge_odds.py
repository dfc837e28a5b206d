"""Exact success chances against brute-force enumeration and against simulation."""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb

import pytest
from hypothesis import given, settings, strategies as st

from cardgames.cards import Card, parse_cards
from cardgames.errors import RuleConfigError
from cardgames.heart_challenge import HeartChallengeGame, chance_table, challenge_chance, success_chance
from cardgames.heart_challenge.odds import brute_force_chance, challenge_odds, simulate_chance


def test_closed_form_is_a_ratio_of_binomials():
    for unknown in range(0, 9):
        for hearts in range(unknown + 1):
            for k in range(unknown + 1):
                assert success_chance(unknown, hearts, k) == Fraction(comb(unknown - hearts, k), comb(unknown, k))


def test_bad_arguments():
    with pytest.raises(RuleConfigError):
        success_chance(3, 4, 1)
    with pytest.raises(RuleConfigError):
        success_chance(3, 1, 4)


SMALL = [
    # own pile, unknown cards, face-down heights of the other piles, n
    ("SA", "H2 S2 D2 H3", (1, 1), 2),
    ("SA", "H2 S2 D2 H3", (1, 1), 3),
    ("SA S9", "H2 S2 D2 H3 C3", (2, 1), 4),
    ("SA", "H2 S2 D2 H3 C3 S4", (2, 2), 4),
    ("HA", "S2 D2", (1,), 2),
    ("SA S9", "H2 H3", (1, 1), 2),
    ("SA", "S2 D2 C2", (1, 1), 3),
]


@pytest.mark.parametrize("own, unknown, heights, n", SMALL)
def test_formula_matches_brute_force_enumeration(own, unknown, heights, n):
    own_cards, unknown_cards = list(parse_cards(own)), list(parse_cards(unknown))
    hearts = sum(1 for c in unknown_cards if c.suit == "H")
    from cardgames.heart_challenge.odds import ChallengeOdds
    exact = ChallengeOdds(own_cards, len(unknown_cards), hearts, sum(heights)).chance(n)
    assert brute_force_chance(own_cards, unknown_cards, heights, n) == exact
    # the order in which piles are flipped does not matter
    assert brute_force_chance(own_cards, unknown_cards, heights, n,
                              choose_pile=lambda rem: next(i for i, h in enumerate(rem) if h)) == exact


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 3), st.integers(0, 3), st.lists(st.integers(0, 2), min_size=1, max_size=3),
       st.integers(0, 2), st.data())
def test_formula_matches_brute_force_random_small_cases(hearts, roses, heights, spare, data):
    unknown = [Card("H", 2 + i) for i in range(hearts)] + [Card("S", 2 + i) for i in range(roses)]
    slots = sum(heights)
    if slots > len(unknown):
        unknown += [Card("C", 2 + i) for i in range(slots - len(unknown))]
    unknown += [Card("D", 2 + i) for i in range(spare)]
    own = [Card("S", 14)]
    n = data.draw(st.integers(1, 1 + slots))
    from cardgames.heart_challenge.odds import ChallengeOdds
    exact = ChallengeOdds(own, len(unknown), hearts, slots).chance(n)
    assert brute_force_chance(own, unknown, heights, n) == exact


def staged_game():
    return HeartChallengeGame.staged(
        ["S9 SJ DA", "HT D2 C2", "D3 C3 H7", "H8 D4 C4"],
        piles=["SA S6", "H2 ST", "S8 H3", "S7 H4"], stock="S5 H5 DJ CQ SK DK",
        numbers=[1, 2, 3, 4], dealer=0)


def test_chance_from_a_view_counts_what_the_seat_sees():
    game = staged_game()
    odds = challenge_odds(game.view(0))
    # unseen: 9 cards in other hands, 6 face-down in other piles, 6 in the stock
    assert (odds.unknown, odds.facedown_others) == (21, 6)
    hearts_everywhere = sum(1 for c in game.cards_in_play().elements() if c.suit == "H" and c.rank <= 10)
    assert odds.hearts == hearts_everywhere                  # seat 0 sees no heart itself
    assert challenge_chance(game.view(0), 2) == 1            # its own pile holds two roses
    assert challenge_chance(game.view(0), 3) == Fraction(21 - odds.hearts, 21)
    assert challenge_chance(game.view(1), 1) == 0            # its own pile holds its heart
    table = chance_table(game.view(0))
    assert [n for n, _ in table] == list(range(1, 9))
    assert all(a >= b for (_, a), (_, b) in zip(table, table[1:]))   # more cards, less chance
    with pytest.raises(RuleConfigError):
        challenge_chance(game.referee_view(), 2)


@pytest.mark.parametrize("n", [3, 5, 8])
def test_exact_chance_agrees_with_simulation(n):
    game = staged_game()
    exact = float(challenge_chance(game.view(0), n))
    estimate = simulate_chance(game, 0, n, trials=6000, seed=n)
    assert abs(exact - estimate) < 0.03, (exact, estimate)


def test_exact_chance_agrees_with_simulation_in_a_dealt_game():
    game = HeartChallengeGame(5, seed=11)
    rng = random.Random(0)
    while game.phase in ("marker", "first") or (game.phase == "turn" and game.placed_total() < 8):
        legal = [a for a in game.legal_actions() if a.kind != "challenge"]
        game.apply(rng.choice(legal))
    seat = game.current_player()
    for n in (len(game.piles[seat]) + 1, len(game.piles[seat]) + 3):
        exact = float(challenge_chance(game.view(seat), n))
        assert abs(exact - simulate_chance(game, seat, n, trials=5000, seed=n)) < 0.03
