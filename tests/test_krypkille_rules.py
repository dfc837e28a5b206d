"""The pure rule functions: forced follows, trick winners and the four scoring cases."""

from __future__ import annotations

import itertools

import pytest

from cardgames.errors import GameError
from cardgames.krypkille import (ALTERNATIVE_PENALTIES, DEFAULT_PENALTIES, Kind, Outcome, explain_follow,
                                 forced_follow, lowest_holders, parse_kinds, round_outcome, score_round,
                                 trick_winner)


# -- forced follows ------------------------------------------------------------------------
@pytest.mark.parametrize("hand, trick, forced", [
    ("2 9 Pig", "7", "9"),                   # the lowest card at least as strong as the top
    ("2 7 9", "7", "7"),                     # an equal card counts as "equal to or stronger"
    ("2 7 7 9", "7", "7"),                   # duplicates in hand
    ("2 5", "7", "2"),                       # nothing high enough: the lowest card
    ("Mask 9 Inn", "3 Inn", "Inn"),          # the strongest card so far, not the lead, sets the bar
    ("Mask 9 Cavalier", "Inn 3", "Cavalier"),
    ("Mask 9 12", "Inn 3", "Mask"),          # a lower later card does not lower the bar
    ("Harlequin", "Harlequin", "Harlequin"),
    ("Flowerpot Wreath", "Mask", "Flowerpot"),
    ("Harlequin 1", "Harlequin Cuckoo", "Harlequin"),
    ("Cuckoo 1", "Harlequin", "1"),
])
def test_forced_follow(hand, trick, forced):
    assert forced_follow(hand, trick) == parse_kinds(forced)[0]


def test_forced_follow_matches_a_plain_reading_of_the_rule_on_many_cases():
    kinds = list(Kind)
    for hand in itertools.combinations(kinds[::2], 3):
        for top in kinds[::3]:
            trick = [Kind.MASK, top]
            at_least = [c for c in hand if c >= top]
            expected = min(at_least) if at_least else min(hand)
            assert forced_follow(hand, trick) == expected


def test_explain_follow_says_why():
    assert "lowest card in hand equal to or stronger than Inn" in explain_follow("9 Pig", "Inn")[1]
    card, why = explain_follow("2 9", "Pig")
    assert card is Kind.TWO and why.startswith("no card in hand")


def test_forced_follow_needs_a_lead_and_a_hand():
    with pytest.raises(GameError, match="leader may play any card"):
        forced_follow("2 9", [])
    with pytest.raises(GameError, match="empty hand"):
        forced_follow([], "7")


# -- trick winners -------------------------------------------------------------------------
@pytest.mark.parametrize("trick, winner", [
    ("7 9 3", 1), ("Harlequin 9 3", 0), ("Pig 9 Pig", 2), ("Pig Pig 3 2", 1), ("3 Pig 9 Pig 1", 3),
    ("Mask", 0), ("Mask Mask", 1), ("1 Mask Flowerpot", 0),
])
def test_trick_winner_strongest_and_later_of_equals(trick, winner):
    assert trick_winner(trick) == winner


def test_trick_winner_of_nothing():
    with pytest.raises(GameError):
        trick_winner([])


# -- scoring -------------------------------------------------------------------------------
def test_success_declarer_alone_lowest():
    cards = ["Pig", "1", "Harlequin", "9"]
    assert round_outcome(cards, 1) is Outcome.SUCCESS
    assert score_round(cards, 1) == [15, 0, 50, 9]
    assert score_round(cards, 1, ALTERNATIVE_PENALTIES) == [15, 0, 18, 9]
    assert score_round(cards, 1, "alternative") == [15, 0, 18, 9]


def test_failure_declarer_not_lowest():
    cards = ["Pig", "1", "Harlequin", "9"]
    assert round_outcome(cards, 3) is Outcome.FAILURE
    assert score_round(cards, 3) == [15, 0, 50, 19]          # declarer 9 + 10, the low card scores 0
    assert score_round(cards, 2) == [15, 0, 60, 9]
    assert score_round(cards, 2, "alternative") == [15, 0, 28, 9]


def test_failure_lowest_card_shared_with_the_declarer():
    cards = ["Pig", "1", "1", "9"]
    assert round_outcome(cards, 1) is Outcome.FAILURE
    assert score_round(cards, 1) == [15, 11, 0, 9]


def test_failure_two_others_share_the_lowest_card_both_score_zero():
    cards = ["Pig", "1", "1", "9"]
    assert score_round(cards, 0) == [25, 0, 0, 9]
    assert score_round(cards, 3) == [15, 0, 0, 19]


def test_failure_with_a_zero_penalty_card_costs_just_ten():
    assert score_round(["Wreath", "Mask", "Mask"], 0) == [10, 0, 0]
    assert score_round(["Mask", "Mask", "Wreath"], 0) == [10, 0, 0]


def test_success_with_zero_penalty_cards_around():
    assert score_round(["Wreath", "Mask", "Flowerpot"], 1) == [0, 0, 0]


def test_coward_everyone_passed_one_lowest():
    cards = ["Pig", "1", "Harlequin", "9"]
    assert round_outcome(cards, None) is Outcome.COWARD
    assert score_round(cards, None) == [0, 10, 0, 0]
    assert score_round(["Mask", "Harlequin"], None) == [10, 0]


def test_void_everyone_passed_two_share_the_lowest():
    cards = ["Pig", "1", "1", "Harlequin", "9"]
    assert round_outcome(cards, None) is Outcome.VOID
    assert score_round(cards, None) == [0, 0, 0, 0, 0]
    assert score_round(["Harlequin", "Harlequin"], None) == [0, 0]


def test_two_players_same_card_declared_fails():
    assert score_round(["Harlequin", "Harlequin"], 0, "default") == [60, 0]


def test_lowest_holders():
    assert lowest_holders(["9", "Mask", "Pig", "Mask"]) == [1, 3]
    assert lowest_holders(["9"]) == [0]


@pytest.mark.parametrize("cards, declarer", [(["Pig", "1"], 2), (["Pig", "1"], -1), (["Pig", "1"], True),
                                             (["Pig", "1"], "0"), ([], None), (["1", "1", "1"], None)])
def test_bad_scoring_input(cards, declarer):
    with pytest.raises(GameError):
        score_round(cards, declarer)


def _digest_score(cards, declarer, table):
    """The digest's scoring text, written out independently of the library."""
    values = [int(c) for c in cards]
    low = min(values)
    holders = [s for s, v in enumerate(values) if v == low]
    if declarer is None:
        if len(holders) == 2:
            return [0] * len(cards)
        return [10 if s == holders[0] else 0 for s in range(len(cards))]
    if holders == [declarer]:
        return [0 if s == declarer else table[c] for s, c in enumerate(cards)]
    out = []
    for s, c in enumerate(cards):
        if s == declarer:
            out.append(table[c] + 10)
        elif s in holders:
            out.append(0)
        else:
            out.append(table[c])
    return out


def test_score_round_against_the_digest_on_every_three_player_deal_of_some_kinds():
    kinds = [Kind.MASK, Kind.ONE, Kind.SEVEN, Kind.HARLEQUIN]
    pool = [k for k in kinds for _ in range(2)]
    seen = set()
    for cards in itertools.permutations(pool, 3):
        if cards in seen:
            continue
        seen.add(cards)
        for declarer in (None, 0, 1, 2):
            for table in (DEFAULT_PENALTIES, ALTERNATIVE_PENALTIES):
                assert score_round(cards, declarer, table) == _digest_score(cards, declarer, table)
    assert len(seen) > 40
