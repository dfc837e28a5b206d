"""The shared card vocabulary: codes, forgiving input, exact errors, display."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from cardgames.cards import JOKER, Card, Hand, cards_html, parse_cards, shuffled, standard_deck
from cardgames.errors import CardParseError, ParseError

DECK = standard_deck(jokers=2)


@pytest.mark.parametrize(
    "text, code",
    [("SA", "SA"), ("sa", "SA"), ("HT", "HT"), ("H10", "HT"), ("10h", "HT"), ("♥10", "HT"),
     ("A♠", "SA"), ("D2", "D2"), ("♣9", "C9"), ("c9", "C9"), ("JK", "JK"), ("joker", "JK"), (" SK ", "SK")],
)
def test_parse_accepts_codes_symbols_and_ten(text, code):
    assert Card.parse(text).code == code


@pytest.mark.parametrize(
    "token, fragment",
    [("SX", "unknown rank 'X'"), ("S1", "unknown rank '1'"), ("ZZ", "no suit"), ("S", "too short"),
     ("", "too short"), ("S11", "unknown rank '11'")],
)
def test_bad_cards_raise_a_parse_error_naming_the_token(token, fragment):
    with pytest.raises(CardParseError) as err:
        Card.parse(token)
    assert fragment in str(err.value)
    assert err.value.token == token
    assert isinstance(err.value, ValueError) and isinstance(err.value, ParseError)


def test_non_string_input_is_refused_clearly():
    with pytest.raises(CardParseError, match="must be a string"):
        Card.parse(12)


def test_direct_construction_is_checked():
    with pytest.raises(CardParseError):
        Card("X", 14)
    with pytest.raises(CardParseError):
        Card("S", 1)
    with pytest.raises(CardParseError):
        Card("J", 3)


def test_standard_deck_has_52_distinct_cards_and_the_jokers():
    assert len(standard_deck()) == 52
    assert len(set(standard_deck())) == 52
    assert DECK.count(JOKER) == 2


@given(st.sampled_from(DECK))
def test_code_and_symbol_round_trip(card):
    assert Card.parse(card.code) == card
    assert Card.parse(card.symbol) == card
    assert Card.parse(card.code.lower()) == card


@given(st.lists(st.sampled_from(DECK), max_size=20))
def test_hand_round_trips_through_its_string(cards):
    hand = Hand(cards)
    assert parse_cards(str(hand)) == hand


def test_hand_sorting_is_suit_then_high_to_low():
    assert str(parse_cards("C2 SA H3 SK JK HA").sorted()) == "SA SK HA H3 C2 JK"


def test_parse_cards_names_the_bad_token_within_a_list():
    with pytest.raises(CardParseError) as err:
        parse_cards("SA, HK, QQ, D2")
    assert err.value.token == "QQ"


def test_html_shows_red_and_black_suits():
    out = cards_html(parse_cards("SA HA"))
    assert "♠A" in out and "♥A" in out
    assert out.count("#c0392b") == 1  # only the heart is red
    assert "🂠" in cards_html(parse_cards("SA"), back=True) and "♠" not in cards_html(parse_cards("SA"), back=True)
    assert Card.parse("D5")._repr_html_().count("♦5") == 1


def test_shuffle_is_seeded():
    assert shuffled(DECK, 7) == shuffled(DECK, 7)
    assert shuffled(DECK, 7) != shuffled(DECK, 8)
    assert sorted(shuffled(DECK, 7), key=lambda c: c.sort_key) == sorted(DECK, key=lambda c: c.sort_key)
