"""Every bidding rule of Comrade and the four ways to lose the bidding (rules digest, Bidding 1-6)."""

from __future__ import annotations

import copy
import random

import pytest

from cardgames.comrade import (PASS, BidCard, BidCardNotInGameError, BidCardTakenError, Bidding, BiddingLoss,
                               BidTooLowError, ComradeOptions, TooManySuitsError, bid_cards, variant_for)
from cardgames.comrade.errors import ActionParseError
from cardgames.errors import GameOverError, IllegalActionError, ParseError


def bidding(actions, dealer=0, players=4, **rules):
    b = Bidding(players, dealer, rules=ComradeOptions(**rules))
    for a in actions:
        b.apply(a)
    return b


def test_bid_cards_and_notation():
    cards = bid_cards()
    assert len(cards) == 24 and len(set(cards)) == 24
    assert {c.value for c in cards} == set(range(1, 7))
    assert len(bid_cards(variant_for(3))) == 16 and max(c.value for c in bid_cards(variant_for(3))) == 4
    assert BidCard.parse("h3") == BidCard("H", 3) == BidCard.parse("♥3") == BidCard.parse("3H")
    assert BidCard.parse("SA") == BidCard("S", 1) and str(BidCard("S", 1)) == "S1"
    for bad in ["H7", "H0", "X3", "HK", "", "pass!"]:
        with pytest.raises(ActionParseError) as info:
            BidCard.parse(bad)
        assert isinstance(info.value, ParseError) and isinstance(info.value, IllegalActionError)


def test_turns_start_with_the_dealer_and_go_clockwise():
    b = Bidding(4, dealer=2)
    seats = []
    for a in ["H1", "pass", "S2", "pass", "C1"]:
        seats.append(b.current_player())
        b.apply(a)
    assert seats == [2, 3, 0, 1, 2]
    assert [s.seat for s in b.history] == seats and [s.lap for s in b.history] == [1, 1, 1, 1, 2]


def test_any_card_may_be_taken_and_a_taken_card_is_gone_for_everyone():
    b = bidding(["S6"])
    assert b.running_total == 6 and b.bids[0] == {"S": 6}
    before = copy.deepcopy(b.__dict__)
    with pytest.raises(BidCardTakenError, match="already taken by seat 0"):
        b.apply("S6")
    assert b.__dict__ == before                        # nothing changed
    assert BidCard("S", 6) not in b.legal_actions() and PASS in b.legal_actions()


def test_the_bidding_stops_the_moment_the_total_is_reached_mid_lap():
    b = bidding(["S6", "H6", "C1"])
    assert b.is_complete and b.is_over and b.loss is None
    assert b.current_player() is None and b.legal_actions() == [] and b.lap == 1
    assert b.bids == [{"S": 6}, {"H": 6}, {"C": 1}, {}]        # West never bid: 0 tricks
    with pytest.raises(GameOverError):
        b.apply("pass")


def test_override_in_a_later_lap_needs_a_larger_value_and_counts_only_the_top_card():
    b = bidding(["H3", "S2", "pass", "pass"])
    assert b.lap == 2 and b.current_player() == 0
    with pytest.raises(BidTooLowError, match="larger value than 3"):
        b.apply("H2")
    with pytest.raises(BidCardTakenError, match=r"\(yourself\)"):
        b.apply("H3")
    assert BidCard("H", 2) not in b.legal_actions() and BidCard("H", 4) in b.legal_actions()
    b.apply("H5")
    assert b.bids[0] == {"H": 5} and b.running_total == 7 and b.piles[0]["H"] == [3, 5]
    assert b.history[-1].covered == 3
    # the covered card stays out of play
    with pytest.raises(BidCardTakenError):
        b.apply("H3")
    # a new suit has no value restriction and goes beside the others
    for _ in range(3):
        b.apply("pass")
    b.apply("D1")
    assert b.bids[0] == {"H": 5, "D": 1} and b.running_total == 8


def test_passing_keeps_bids_and_does_not_stop_later_bidding():
    b = bidding(["pass", "S3", "pass", "pass", "H4"])
    assert b.bids[0] == {"H": 4} and b.bids[1] == {"S": 3} and b.running_total == 7
    b.apply("pass")  # East passes: keeps S3
    assert b.bids[1] == {"S": 3}


def test_loss_all_players_pass_in_a_row():
    b = bidding(["pass"] * 4)
    assert b.loss is BiddingLoss.ALL_PASSED and b.is_over and not b.is_complete
    assert "all 4 players passed in a row" in b.loss_reason


def test_passes_not_in_a_row_are_fine_but_a_row_across_laps_loses():
    b = bidding(["pass", "pass", "pass", "S1", "pass", "pass", "pass"])
    assert not b.is_over and b.lap == 2
    b.apply("pass")                       # S1's owner passes too: four in a row across the laps
    assert b.loss is BiddingLoss.ALL_PASSED


def test_loss_three_laps_without_reaching_the_total():
    b = bidding(["S1", "H1", "D1", "C1", "S2", "H2", "D2", "C2", "S3", "pass", "pass"])
    assert not b.is_over and b.running_total == 9 and b.lap == 3
    b.apply("C3")
    assert b.loss is BiddingLoss.LAPS_RUN_OUT and b.running_total == 10
    assert "3 laps" in b.loss_reason


def test_loss_overshoot_is_a_legal_take_that_loses():
    b = bidding(["S6", "H6"])
    assert BidCard("C", 2) in b.legal_actions()     # taking it is allowed...
    b.apply("C2")                                   # ...and loses at once
    assert b.loss is BiddingLoss.OVERSHOOT and b.running_total == 14
    assert "more than 13" in b.loss_reason


def test_overshoot_by_an_override_counts_the_raise():
    b = bidding(["S6", "H5", "pass", "pass", "pass", "H6"])  # H5 -> H6 raises by 1: 6 + 6 = 12
    assert not b.is_over and b.running_total == 12
    b = bidding(["S6", "H5", "C1", "pass", "pass", "H6"])   # 6 + 5 + 1 = 12, then H5 -> H6 makes 13
    assert b.is_complete and b.bids[1] == {"H": 6}
    b = bidding(["S6", "H4", "C2", "pass", "pass", "H6"])   # 6 + 4 + 2 = 12, H4 -> H6 raises by 2: 14
    assert b.loss is BiddingLoss.OVERSHOOT and b.running_total == 14


def _random_biddings(players, rules, rng, n):
    losses = []
    for _ in range(n):
        b = Bidding(players, rules=rules)
        while not b.is_over:
            acts = [a for a in b.legal_actions() if a == PASS or b.fits(a, b.current_player())]
            b.apply(PASS if rng.random() < 0.2 else rng.choice(acts))
        losses.append(b.loss)
    return losses


def test_nothing_fits_cannot_happen_when_anyone_counts():
    """With the "anyone" reading ("could be taken by anyone") the fourth loss rule never fires in the
    4- or 3-player game: the holder of the highest card of a suit can always raise it by one unless it is
    the top value, and four top values exceed the total.  Check on many random biddings.  (This is why
    that reading is only an option.)"""
    rng = random.Random(3)
    for players in (4, 3):
        losses = _random_biddings(players, ComradeOptions(nothing_fits="anyone"), rng, 1000)
        assert BiddingLoss.NOTHING_FITS not in losses


def test_nothing_fits_does_fire_under_the_default_reading():
    rng = random.Random(3)
    losses = _random_biddings(4, ComradeOptions(), rng, 1000)
    assert ComradeOptions().nothing_fits == "player_to_act"
    assert BiddingLoss.NOTHING_FITS in losses


def test_loss_nothing_fits_when_the_player_to_act_cannot_take_a_card():
    # lap 3, total 12: West, to act, holds nothing and every 1 is gone, so nothing West may take fits --
    # although North could still raise clubs 1 to clubs 2.  The default reading loses the bidding here.
    actions = ["C1", "pass", "S6", "pass", "S1", "pass", "D1", "pass", "H2", "pass", "H1"]
    b = bidding(actions)
    assert b.loss is BiddingLoss.NOTHING_FITS and b.running_total == 12
    assert b.loss_reason == ("the player to act could take no bid card left in the middle without the bids "
                             "exceeding 13")
    assert bidding(actions, nothing_fits="turns_left").loss is BiddingLoss.NOTHING_FITS
    anyone = bidding(actions, nothing_fits="anyone")      # North could raise clubs: play on
    assert not anyone.is_over and anyone.current_player() == 3


def test_nothing_fits_counts_an_override_by_its_raise():
    # total 12 and North to act: every new suit's card would pass 13 (the 1s are gone or, S1, below its
    # own spades), but covering its S5 with S6 raises the total by only 1: it fits, the bidding goes on
    b = bidding(["S5", "H1", "C1", "D1", "pass", "H5", "pass", "pass"])
    assert b.running_total == 12 and b.current_player() == 0 and not b.is_over
    assert b.fits(BidCard("S", 6), 0) and not any(b.fits(c, 0) for c in b.middle if c.suit != "S")


def test_bad_rule_options_are_refused():
    from cardgames.errors import RuleConfigError
    with pytest.raises(RuleConfigError, match="nothing_fits"):
        ComradeOptions(nothing_fits="nobody")
    with pytest.raises(RuleConfigError, match="ace_high"):
        ComradeOptions(ace_high="yes")


def test_legal_actions_exclude_lower_values_of_held_suits_and_missing_cards():
    b = bidding(["H4", "pass", "pass", "pass"])
    legal = b.legal_actions()
    assert legal[0] == PASS
    assert {c for c in legal if c != PASS} == {c for c in bid_cards() if c.suit != "H"} | {
        BidCard("H", 5), BidCard("H", 6)}


def test_three_player_variant_bidding():
    b = Bidding(3, dealer=1)
    assert b.total == 12 and len(b.middle) == 16
    with pytest.raises(BidCardNotInGameError, match="1-4"):
        b.apply("H5")
    for a in ["S3", "H3", "D3"]:
        b.apply(a)
    assert not b.is_over and b.lap == 2 and b.current_player() == 1
    for _ in range(3):
        b.apply("pass")
    assert b.loss is BiddingLoss.ALL_PASSED and "all 3 players" in b.loss_reason


def test_a_player_holds_at_most_three_suits():
    b = bidding(["S1"] + ["pass"] * 3 + ["H1"] + ["pass"] * 3 + ["D1", "pass", "pass"],
                max_laps=4, passes_to_lose=99)
    b.apply("pass")
    assert b.lap == 4 and b.current_player() == 0
    with pytest.raises(TooManySuitsError):
        b.apply("C1")
    b.apply("S2")       # raising a held suit is still fine
    assert b.bids[0] == {"S": 2, "H": 1, "D": 1}


def test_coinciding_loss_rules_are_reported_in_the_digests_order():
    # lap 3 is four passes: "all passed in a row" (listed first) and "3 laps ended" at the same turn
    b = bidding(["S1", "H1", "D1", "C1", "S2", "H2", "D2", "C2"] + ["pass"] * 4)
    assert b.loss is BiddingLoss.ALL_PASSED and b.lap == 3
    # the last turn of lap 3 overshoots: the take that exceeds the total is what loses
    b = bidding(["S1", "H1", "D1", "C1", "S2", "H2", "D2", "C2", "pass", "pass", "pass", "S6"])
    assert b.loss is BiddingLoss.OVERSHOOT and b.running_total == 14


@pytest.mark.parametrize("dealer", ["x", 1.5, True, -1, 4, None])
def test_a_dealer_that_is_not_a_seat_is_refused(dealer):
    from cardgames.comrade import ComradeGame, Deal, Series
    from cardgames.errors import RuleConfigError

    with pytest.raises(RuleConfigError, match="dealer"):
        Bidding(4, dealer=dealer)
    with pytest.raises(RuleConfigError, match="dealer"):
        ComradeGame(Deal.random(1), dealer=dealer)
    with pytest.raises(RuleConfigError, match="dealer"):
        Series.random(1, first_dealer=dealer)
