"""Comrade deals in PBN: round trips, seats, mini deals, the 3-player variant and bad input."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames.cards import Card, parse_cards
from cardgames.comrade import FOUR_PLAYERS, THREE_PLAYERS, Deal, DealError, variant_for
from cardgames.errors import ParseError, RuleConfigError

FULL = "N:KQT2.AT.J6542.85 A9.K8.AKQT.KQT72 J873.QJ9654.3.A4 654.732.987.J963"


def test_full_deal_round_trip_and_seats():
    d = Deal.from_pbn(FULL)
    assert d.to_pbn() == FULL
    assert d.players == 4 and d.hand_size == 13 and d.total == 13 and d.variant is FOUR_PLAYERS
    assert str(d.hands[0]) == "SK SQ ST S2 HA HT DJ D6 D5 D4 D2 C8 C5"
    assert d.seat_of("SA") == 1 and d.seat_of("C3") == 3
    assert not d.is_mini and len(d.out_of_play) == 0
    assert sorted((c for h in d.hands for c in h), key=lambda c: c.sort_key) == list(FOUR_PLAYERS.deck)


def test_first_seat_letter_rotates_the_hands():
    d = Deal.from_pbn(FULL)
    east_first = d.to_pbn("E")
    assert east_first.startswith("E:A9.K8.AKQT.KQT72 ")
    assert Deal.from_pbn(east_first) == d
    assert Deal.from_pbn(d.to_pbn("W")) == d and Deal.from_pbn(d.to_pbn("S")) == d


def test_ten_lower_case_and_missing_prefix_are_accepted():
    text = FULL.replace("T", "10").lower()
    assert Deal.from_pbn(text) == Deal.from_pbn(FULL)
    assert Deal.from_pbn(FULL[2:]) == Deal.from_pbn(FULL)          # no "N:" means N
    assert Deal.parse(f'[Deal "{FULL}"]') == Deal.from_pbn(FULL)     # a PBN tag line


def test_mini_deal_has_out_of_play_cards_and_total_equal_to_hand_size():
    d = Deal.from_pbn("N:AK... Q.3.. J..A. 2...K")
    assert d.hand_size == 2 and d.total == 2 and d.is_mini
    assert len(d.out_of_play) == 52 - 8 and d.seat_of("S3") is None
    assert d.to_pbn() == "N:AK... Q.3.. J..A. 2...K"


def test_deal_from_list_of_hands_and_immutability():
    d = Deal(["SA HK", "SK HQ", parse_cards("SQ HJ"), [Card.parse("SJ"), Card.parse("HT")]])
    assert d.to_pbn() == "N:A.K.. K.Q.. Q.J.. J.T.."
    with pytest.raises(AttributeError):
        d.players = 3
    assert hash(d) == hash(Deal.from_pbn(d.to_pbn()))
    assert pickle.loads(pickle.dumps(d)) == d


def test_random_deals_are_seeded_and_complete():
    assert Deal.random(5) == Deal.random(5) and Deal.random(5) != Deal.random(6)
    d = Deal.random(5)
    assert len({c for h in d.hands for c in h}) == 52
    mini = Deal.random(5, hand_size=4)
    assert mini.hand_size == 4 and len(mini.out_of_play) == 36
    with pytest.raises(DealError, match="hand_size"):
        Deal.random(1, hand_size=14)


def test_three_player_deals_use_five_to_king():
    d = Deal.random(2, players=3)
    assert d.players == 3 and d.hand_size == 12 and d.variant is THREE_PLAYERS
    assert {c.rank for h in d.hands for c in h} == set(range(5, 14))
    assert Deal.from_pbn(d.to_pbn()) == d and d.to_pbn().count(" ") == 2
    assert Deal.from_pbn(d.to_pbn("S")) == d
    with pytest.raises(DealError, match="seat W does not exist"):
        Deal.from_pbn("W:K... Q... J...")


@pytest.mark.parametrize("text, pattern, token", [
    ("N:A... A... Q... J...", r"card SA is dealt twice \(to N and to E\)", "SA"),
    ("N:AA... K... Q... J...", r"card SA is dealt twice \(both times to N\)", "SA"),
    ("N:AK... Q... J... T...", r"same size.*N 2, E 1, S 1, W 1", (2, 1, 1, 1)),
    ("N:AX... K... Q... J...", r"unknown rank 'X'", "X"),
    ("N:A... K... Q...", None, None),  # 3 hands of ranks outside 5-K: the 3-player check
    ("N:A...", r"4 hands .* but 1 is written", 1),
    ("N:A... K...", r"4 hands .* but 2 are written", 2),
    ("N:A... K... Q... J... T... 9...", r"but 6 are written", 6),
    ("N:A.. K... Q... J...", r"has 3 suit\(s\)", "A.."),
    ("X:A... K... Q... J...", r"unknown first seat 'X'", "X"),
    ("N:... ... ... ...", r"empty", 0),
])
def test_bad_deals_name_the_problem(text, pattern, token):
    with pytest.raises(DealError) as info:
        Deal.from_pbn(text)
    if pattern:
        assert info.match(pattern)
        assert info.value.token == token
    assert isinstance(info.value, ParseError)


def test_card_outside_the_three_player_ranks_is_refused():
    with pytest.raises(DealError, match=r"card SA .* not used in Comrade, 3 players \(ranks 5-K only\)"):
        Deal.from_pbn("N:A... K... Q...")
    with pytest.raises(DealError, match="card S4"):
        Deal(["S4", "S5", "S6"])


def test_five_players_are_refused_because_the_rules_are_incomplete():
    # a PBN deal with 5 hands is a bad deal (DealError, a ParseError), saying why
    with pytest.raises(DealError, match="5 are written.*incomplete.*jokers"):
        Deal.from_pbn("N:A... K... Q... J... T...")
    with pytest.raises(DealError, match="not 5.*incomplete"):
        Deal(["SA", "SK", "SQ", "SJ", "ST"])
    with pytest.raises(RuleConfigError, match="incomplete"):
        variant_for(5)
    with pytest.raises(RuleConfigError, match="3 or 4 players"):
        variant_for(2)
    with pytest.raises(RuleConfigError, match="incomplete"):
        Deal.random(1, players=5)


def test_joker_is_refused():
    with pytest.raises(DealError, match="joker"):
        Deal(["JK", "SA", "SK", "SQ"])


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), size=st.integers(1, 13), first=st.sampled_from("NESW"))
def test_pbn_round_trip_property(seed, size, first):
    d = Deal.random(seed, hand_size=size)
    assert Deal.from_pbn(d.to_pbn(first)) == d
    assert Deal.from_pbn(d.to_pbn()).to_pbn() == d.to_pbn()


def test_html_shows_every_seat():
    html = Deal.from_pbn(FULL)._repr_html_()
    assert all(f"({s})" in html for s in "NESW") and "♠" in html
