"""Heart Challenge engine: setup, placing, the declaring, flipping, success and failure, views, errors."""

from __future__ import annotations

import copy
from pathlib import Path
from collections import Counter

import pytest

from cardgames.cards import Card, parse_cards
from cardgames.errors import GameOverError, NotYourTurnError, ParseError, RuleConfigError
from cardgames.heart_challenge import (Action, CardNotHeldError, DeclaringError, HeartChallengeGame,
                                       HeartChallengeIllegalAction, HeartChallengeOptions, SpecialCardError,
                                       WrongMomentError, number_of)
from cardgames.heart_challenge.scoring import hand_points
from cardgames.heart_challenge.setup import number_cards


def snapshot(game):
    state = {k: v for k, v in vars(game).items() if k != "rng"}
    return copy.deepcopy(state), game.rng.getstate()


def codes(cards):
    return sorted(c.code for c in cards)


def last(game):
    """The record of the round that just ended."""
    return game.history[-1]


def three(**kw):
    """A standard staged position: seat 0 deals, first cards down."""
    kw.setdefault("stock", "S4 H4 S5 H5")
    hands = kw.pop("hands", ["DA CA S9", "D2 C2 S8", "D3 C3 S7"])
    piles = kw.pop("piles", ["SA", "S2", "S3"])
    return HeartChallengeGame.staged(hands, piles=piles, **kw)


# -- setup ---------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [1, 11, 0, "4", 2.5])
def test_player_count_outside_2_to_10_is_refused(n):
    with pytest.raises(RuleConfigError, match="2 to 10 players"):
        HeartChallengeGame(n)


def test_two_specials_each_needs_at_most_7_players():
    HeartChallengeGame(7, seed=1, options=HeartChallengeOptions(specials_per_player=2))
    with pytest.raises(RuleConfigError, match="only 14"):
        HeartChallengeGame(8, options=HeartChallengeOptions(specials_per_player=2))


@pytest.mark.parametrize("n", range(2, 11))
def test_setup_deals_numbers_specials_and_stock(n):
    game = HeartChallengeGame(n, seed=n)
    assert len(set(game.numbers)) == n and set(game.numbers) <= set(range(1, 11))
    assert game.dealer == game.numbers.index(min(game.numbers))
    for s in range(n):
        assert codes(c for c in game.hands[s] if number_of(c) is not None) == codes(number_cards(game.numbers[s]))
        assert len(game.dealt_specials[s]) == 1
    unused = [x for x in range(1, 11) if x not in game.numbers]
    expected_stock = [c for x in unused for c in number_cards(x, "SH")]
    assert sum(1 for c in game.stock if number_of(c) is not None) == 2 * len(unused)
    assert codes(c for c in game.stock if number_of(c) is not None) == codes(expected_stock)
    assert len(game.stock) == 2 * len(unused) + 14 - n
    assert codes(game.out_of_game) == codes(c for x in unused for c in number_cards(x, "DC"))
    assert sum(game.cards_in_play().values()) + len(game.out_of_game) == 54


def test_same_seed_same_game():
    a, b = HeartChallengeGame(5, seed=3), HeartChallengeGame(5, seed=3)
    assert a.hands == b.hands and a.stock == b.stock


def test_markers_are_chosen_then_out_of_play():
    game = HeartChallengeGame(3, seed=4)
    assert game.phase == "marker"
    seat = game.current_player()
    assert seat == game.dealer
    assert {a.card for a in game.legal_actions()} == set(number_cards(game.numbers[seat]))
    heart = number_cards(game.numbers[seat], "H")[0]
    game.apply(Action.marker(heart))
    assert game.markers[seat] == heart and heart not in game.hands[seat] and heart in game.out_of_game
    while game.phase == "marker":
        game.apply(game.legal_actions()[0])
    assert game.phase == "first" and all(len(h) == 4 for h in game.hands)
    assert sum(game.cards_in_play().values()) == 54 - len(game.out_of_game) == 34 + 3


def test_default_marker_option_shows_a_non_heart():
    game = HeartChallengeGame(4, seed=1, options=HeartChallengeOptions(choose_marker=False))
    assert game.phase == "first"
    assert all(m.suit != "H" and number_of(m) == x for m, x in zip(game.markers, game.numbers))


# -- placing and the declaring ---------------------------------------------------------------
def test_everyone_places_a_first_card_from_the_dealer():
    game = HeartChallengeGame.staged(["DA CA", "D2 C2", "D3 C3"], dealer=1)
    assert [game.current_player()] == [1]
    assert all(a.kind == "place" for a in game.legal_actions())
    game.play(["place D2", "place C3", "place DA"])
    assert game.phase == "turn" and game.current_player() == 1
    assert [len(p) for p in game.piles] == [1, 1, 1]


def test_turn_place_or_challenge_up_to_the_cards_placed():
    game = three()
    legal = [str(a) for a in game.legal_actions()]
    assert "place S9" in legal and "challenge 3" in legal and "challenge 4" not in legal
    with pytest.raises(DeclaringError, match="from 1 to 3"):
        game.apply("challenge 4")
    game.apply("place S9")
    assert game.current_player() == 1 and game.placed_total() == 4


def test_a_player_without_cards_must_challenge():
    game = three(hands=["", "D2", "D3"])
    assert {a.kind for a in game.legal_actions()} == {"challenge"}


def test_auction_raise_pass_final_and_highest_challenges():
    game = three(hands=["DA CA S9", "D2 C2 S8", "D3 C3 S7"], piles=["SA S6", "S2", "S3 ST"])
    game.play(["challenge 2", "raise 3", "pass"])
    assert game.phase == "auction" and game.current_player() == 0
    game.apply("raise 4")
    # seat 2 passed: pass is final, so seat 1 is asked next and its pass ends the declaring
    assert game.current_player() == 1
    game.apply("pass")
    assert game.challenger == 0 and game.target == 4


def test_pass_is_not_final_option():
    opts = HeartChallengeOptions(pass_is_final=False)
    game = three(piles=["SA S6", "S2", "S3 ST"], options=opts)
    game.play(["challenge 2", "pass", "raise 3", "raise 4"])
    assert game.current_player() == 1   # seat 1 had passed but may bid again after a raise
    game.play(["pass", "pass"])
    assert game.challenger == 0 and game.target == 4


def test_raise_must_be_higher_and_at_most_the_cards_placed():
    game = three()
    game.apply("challenge 2")
    with pytest.raises(DeclaringError, match="from 3 to 3"):
        game.apply("raise 2")
    assert [str(a) for a in game.legal_actions()] == ["raise 3", "pass"]


# -- flipping --------------------------------------------------------------------------------
def test_own_pile_is_turned_first_and_counts():
    game = three(piles=["SA S9", "S2", "S3"], hands=["DA CA", "D2 C2 S8", "D3 C3 S7"])
    game.play(["challenge 2", "pass", "pass"])
    assert game.face_up[0] == 2 and game.count == 2
    assert game.result == "success" and game.phase == "take"


def test_an_own_heart_fails_and_the_random_card_goes_to_the_stock():
    game = three(piles=["HA", "S2", "S3"])
    stock_before = len(game.stock)
    game.play(["challenge 2", "pass", "pass"])
    assert last(game)["result"] == "failure"
    assert len(game.stock) == stock_before + 1          # one of DA CA S9 went to the stock
    assert len(last(game)["hands"][0]) == 3              # 3 - 1 + the pile's HA


def test_own_heart_option_off_gives_nothing():
    game = three(piles=["HA", "S2", "S3"], options=HeartChallengeOptions(own_heart_to_stock=False))
    before = len(game.stock)
    game.play(["challenge 2", "pass", "pass"])
    assert last(game)["result"] == "failure" and len(game.stock) == before and len(last(game)["hands"][0]) == 4


def test_flip_choice_top_card_and_failure_gives_a_random_card_to_the_placer():
    game = three(hands=["DA CA S9", "D2 C2", "D3 C3 S7"], piles=["SA", "S8 H2", "S3"])
    game.play(["challenge 3", "pass", "pass"])
    assert game.phase == "flip"
    assert {str(a) for a in game.legal_actions()} == {"flip 1", "flip 2"}
    with pytest.raises(HeartChallengeIllegalAction, match="own pile"):
        game.apply("flip 0")
    hand0 = list(game.hands[0])
    game.apply("flip 1")                                  # top of seat 1's pile is H2
    end = last(game)
    assert end["result"] == "failure"
    given = [c for c in hand0 if c not in end["hands"][0]]
    assert len(given) == 1 and given[0] in end["hands"][1]
    assert len(end["hands"][1]) == 2 + 2 + 1


def test_failure_with_two_cards_or_fewer_makes_the_placer_draw():
    game = three(hands=["DA", "D2 C2 S8", "D3 C3 S7"], piles=["SA S9", "H2", "S3"], stock="S5")
    game.play(["challenge 3", "pass", "pass", "flip 1"])
    assert last(game)["result"] == "failure"
    assert Card.parse("S5") in last(game)["hands"][1]
    # seat 0 started with 1 card in hand, nobody raised, it failed: it is out and its cards go to the stock
    assert not game.active[0] and codes(game.stock) == codes(parse_cards("DA S9 SA"))


def test_k_ignores_heart_and_empty_piles_mean_success():
    game = HeartChallengeGame.staged(["SK DA CA S9", "D2 C2"], piles=["SA", "H2"], stock="S4 H4")
    game.play(["challenge 2", "pass", "flip 1", "use SK"])
    assert game.phase == "take" and game.result == "success" and game.count == 1   # nothing left to turn


def test_success_takes_from_the_stock_or_an_unprotected_hand():
    game = three(hands=["DA CA S9", "D2 C2 S8", "D3 C3"], piles=["SA", "S2", "S3"])
    game.play(["challenge 1", "pass", "pass"])
    assert game.phase == "take"
    assert {str(a) for a in game.legal_actions()} == {"take stock", "take 1"}
    with pytest.raises(HeartChallengeIllegalAction, match="2 or fewer are protected"):
        game.apply("take 2")
    game.apply("take 1")
    assert len(last(game)["hands"][1]) == 2 + 1  # gave one, got its pile back
    assert len(last(game)["hands"][0]) == 3 + 1 + 1


def test_challenger_deals_next_round_or_option_passes_the_deal():
    game = three(piles=["SA", "S2", "S3"], dealer=0)
    game.play(["place S9", "challenge 2", "raise 3", "pass", "pass", "flip 0", "flip 1"])
    game.apply(game.legal_actions()[0])  # take
    assert last(game)["challenger"] == 2 and game.round_no == 2 and game.dealer == 2
    game = three(piles=["SA", "S2", "S3"], dealer=0, options=HeartChallengeOptions(challenger_deals_next=False))
    game.play(["place S9", "challenge 2", "raise 3", "pass", "pass", "flip 0", "flip 1"])
    game.apply(game.legal_actions()[0])
    assert game.round_no == 2 and game.dealer == 1
    game = three(piles=["SA", "S2", "S3"], dealer=1, options=HeartChallengeOptions(challenger_deals_next=False))
    game.play(["challenge 1", "pass", "pass"])
    game.apply(game.legal_actions()[0])
    assert game.dealer == 2


# -- errors and views ---------------------------------------------------------------------
@pytest.mark.parametrize("action, error, text", [
    ("place HK", CardNotHeldError, "does not hold HK"),
    ("flip 1", WrongMomentError, "may only place / challenge"),
    ("challenge 9", DeclaringError, "from 1 to 3"),
    ("use SQ", WrongMomentError, "may only place / challenge"),
    ("return DA", WrongMomentError, "may only place / challenge"),
])
def test_illegal_actions_raise_specific_errors_and_change_nothing(action, error, text):
    game = three()
    before = snapshot(game)
    with pytest.raises(error, match=text):
        game.apply(action)
    assert snapshot(game) == before


def test_special_card_out_of_its_moment():
    game = three(hands=["SK DA CA", "D2 C2 S8", "D3 C3 S7"])
    game.apply("challenge 2")
    before = snapshot(game)
    with pytest.raises(CardNotHeldError):
        game.apply("use SK")      # it is seat 1's auction turn, and seat 1 has no SK
    game.play(["pass", "pass"])
    assert game.phase == "flip"
    with pytest.raises(SpecialCardError, match="only a joker"):
        game.apply("use SK")
    assert before[0]["hands"] == snapshot(game)[0]["hands"]


def test_not_your_turn_and_game_over_and_bad_notation():
    game = three()
    with pytest.raises(NotYourTurnError):
        game.apply("place D2", player=1)
    with pytest.raises(ParseError, match="unknown action"):
        game.apply("jump")
    with pytest.raises(ParseError, match="bad card"):
        game.apply("place X9")
    game.phase = "over"
    with pytest.raises(GameOverError):
        game.apply("pass")


def test_view_hides_face_down_cards_and_other_hands():
    game = three(piles=["SA", "S6 H2", "S3"])
    v = game.view(1)
    assert v.hands[1] == tuple(game.hands[1]) and v.hands[0] == (None, None, None)
    assert v.piles[1] == ((Card.parse("S6"), False), (Card.parse("H2"), False))
    assert v.piles[0] == ((None, False),)
    game.play(["challenge 3", "pass", "pass"])      # seat 0's own pile is turned up
    assert game.view(1).piles[0] == ((Card.parse("SA"), True),)
    html = game.view(2)._repr_html_()
    assert "🂠" in html and "seat 2" in html
    with pytest.raises(RuleConfigError):
        game.view(7)


def test_action_notation_round_trips():
    game = HeartChallengeGame(4, seed=9)
    for _ in range(40):
        for a in game.legal_actions():
            assert Action.parse(str(a)) == a
        game.apply(game.legal_actions()[-1])


@pytest.mark.parametrize("n", [2, 7])
def test_two_specials_each_are_dealt_and_the_rest_go_to_the_stock(n):
    game = HeartChallengeGame(n, seed=n, options=HeartChallengeOptions(specials_per_player=2))
    assert all(len(d) == 2 and all(c in h for c in d) for d, h in zip(game.dealt_specials, game.hands))
    unused = 10 - n
    assert len(game.stock) == 2 * unused + 14 - 2 * n


# The rule choices and readings quote the Japanese source; the project's rules page
# (docs/rules/heart_challenge.md) carries those source lines verbatim beside each decision.
RULES_PAGE = Path(__file__).resolve().parent.parent / "docs" / "rules" / "heart_challenge.md"


def test_rule_choices_are_the_options_and_quote_the_source():
    from dataclasses import fields
    from cardgames.heart_challenge import READINGS, RULE_CHOICES
    text = RULES_PAGE.read_text(encoding="utf-8")
    ours = [f.name for f in fields(HeartChallengeOptions) if f.name != "hand_limit"]   # 5 is the page's own
    assert [r.name for r in RULE_CHOICES] == ours
    for r in RULE_CHOICES + READINGS:
        assert r.japanese in text, r.name


# -- staged positions must be possible ----------------------------------------------------
@pytest.mark.parametrize("kw, fragment", [
    (dict(hands=["DA CA", "D2 C2"], piles=["SA", "H2"], markers=["SA", "S2"]),
     "SA is seat 0's face-up marker, so it cannot also be in seat 0's pile"),
    (dict(hands=["DA CA HA", "D2 C2"], piles=["SA", "H2"]), "all four cards of seat 0's number 1"),
    (dict(hands=["DA CA", "D2 C2"], piles=["SA", "H2"], stock="S5 H5 D5"),
     "the stock holds D5, but nobody has number 5"),
    (dict(hands=["DA C9", "D2 C2"], piles=["SA", "H2"]), "seat 0's hand holds C9, but nobody has number 9"),
    (dict(hands=["DA S7", "D2 C2"], piles=["SA", "S7"]),
     "S7 exists once, but it is in seat 0's hand and in seat 1's pile"),
    (dict(hands=["DA JK", "D2 JK"], piles=["SA", "H2"], stock="JK"), "the two jokers are in"),
    (dict(hands=["DA CA", "D2 C2"], piles=["SA", "H2"], markers=["HA", "S3"]), "not a card of its number 2"),
])
def test_staged_positions_refuse_impossible_cards(kw, fragment):
    from cardgames.heart_challenge import ImpossiblePositionError
    hands = kw.pop("hands")
    with pytest.raises(ImpossiblePositionError, match="impossible position") as err:
        HeartChallengeGame.staged(hands, **kw)
    assert fragment in str(err.value)
    assert isinstance(err.value, RuleConfigError)


def test_staged_markers_default_to_a_card_of_the_number_not_in_play():
    game = HeartChallengeGame.staged(["DA CA", "D2 C2"], piles=["SA", "H2"], stock="S5 H5 JK")
    assert [m.code for m in game.markers] == ["HA", "S2"]
    every = list(game.cards_in_play().elements()) + game.markers
    assert len(every) == len(set(every))


def test_every_scenario_is_a_possible_position():
    from cardgames.heart_challenge.scenarios import SCENARIOS
    for sc in SCENARIOS.values():
        game = sc.build()
        cards = list(game.cards_in_play().elements()) + [m for m in game.markers if m is not None]
        assert all(n == 1 for c, n in Counter(cards).items() if not c.is_joker), sc.key
        assert not set(game.markers) & set(game.cards_in_play()), sc.key
        unused = set(range(1, 11)) - set(game.numbers)
        assert not any(c.suit in "DC" and number_of(c) in unused for c in cards), sc.key


# -- the hand scorer reads the package's card codes and a card once -----------------------------
def test_hand_points_reads_the_card_codes_of_every_lesson_and_refuses_a_card_twice():
    from cardgames.cards import CardParseError, parse_cards
    from cardgames.heart_challenge import HandParseError, parse_hand
    assert [c.code for c in parse_hand("HA ♠A C10")] == ["HA", "SA", "CT"]
    assert hand_points("HA H2", number=1) == 1 + 3
    with pytest.raises(HandParseError, match="H5 is written 3 times"):
        hand_points("H5 H5 H5", number=5)
    with pytest.raises(HandParseError, match="only two jokers"):
        parse_hand("JK JK JK")
    assert hand_points("JK JK", number=1) == -6
    # the same notation as cardgames.cards (lesson 00): no rank 1, and the refusal says how to write the ace
    for code in ("H1", "1♠", "D1"):
        with pytest.raises(CardParseError):
            parse_cards(code)
        with pytest.raises(HandParseError, match="written A"):
            parse_hand(code)
    with pytest.raises(HandParseError, match="unknown rank '11'"):
        parse_hand("H11")
