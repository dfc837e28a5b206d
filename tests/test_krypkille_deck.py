"""The Kille deck: kinds, names in three languages, card input, penalty tables."""

from __future__ import annotations

import pickle
from collections import Counter

import pytest

from cardgames.errors import CardParseError, RuleConfigError
from cardgames.krypkille import (ALTERNATIVE_PENALTIES, DECK, DEFAULT_PENALTIES, PENALTY_TABLES, Kind, PenaltyTable,
                                 parse_kind, parse_kinds, penalty_table)


def test_deck_has_21_kinds_twice():
    assert len(Kind) == 21 and len(DECK) == 42
    assert Counter(DECK) == {k: 2 for k in Kind}


def test_rank_order_strongest_first_matches_the_digest():
    order = ["Harlequin", "Cuckoo", "Hussar", "Pig", "Cavalier", "Inn"] + [str(n) for n in range(12, 0, -1)] \
        + ["Wreath", "Flowerpot", "Mask"]
    assert [k.english for k in sorted(Kind, reverse=True)] == order
    assert [int(k) for k in sorted(Kind, reverse=True)] == list(range(21, 0, -1))


def test_numerals_are_value_minus_three():
    for n in range(1, 13):
        kind = parse_kind(n)
        assert kind.numeral == n and kind.value == n + 3 and kind.label == str(n)
    assert Kind.PIG.numeral is None and Kind.MASK.numeral is None


@pytest.mark.parametrize("kind, swedish, japanese", [
    (Kind.HARLEQUIN, "Harlekin (Kille)", "道化師"), (Kind.CUCKOO, "Kuku (Gök)", "カッコー"),
    (Kind.HUSSAR, "Husar", "騎兵"), (Kind.PIG, "Husu (Svin)", "ブタ"), (Kind.CAVALIER, "Kavall", "騎馬"),
    (Kind.INN, "Värdshus", "宿"), (Kind.WREATH, "Kransen", "花輪"), (Kind.FLOWERPOT, "Blompottan", "植木鉢"),
    (Kind.MASK, "Blaren", "顔"),
])
def test_picture_names_in_three_languages_parse_back(kind, swedish, japanese):
    assert kind.swedish == swedish and kind.japanese == japanese
    for name in (kind.english, kind.english.upper(), f"  {kind.english.lower()} ", swedish, japanese):
        assert parse_kind(name) is kind


@pytest.mark.parametrize("alias, kind", [("kille", Kind.HARLEQUIN), ("gok", Kind.CUCKOO), ("Gök", Kind.CUCKOO),
                                         ("svin", Kind.PIG), ("vardshus", Kind.INN), ("１２", Kind.TWELVE),
                                         ("07", Kind.SEVEN), ("seven", Kind.SEVEN)])
def test_aliases(alias, kind):
    assert parse_kind(alias) is kind


@pytest.mark.parametrize("token", ["joker", "", "13", 0, 13, -1, "SA", None, 7.0, True, "pig pig"])
def test_unknown_cards_raise_naming_the_token(token):
    with pytest.raises(CardParseError) as info:
        parse_kind(token)
    assert repr(token) in str(info.value) and info.value.token == token


def test_parse_kinds_reads_text_and_iterables():
    assert parse_kinds("7, pig  Harlequin") == [Kind.SEVEN, Kind.PIG, Kind.HARLEQUIN]
    assert parse_kinds([1, "mask", Kind.INN]) == [Kind.ONE, Kind.MASK, Kind.INN]
    assert parse_kinds("") == []


def test_kind_formats_as_its_label():
    assert f"{Kind.SEVEN}" == "7" and str(Kind.CUCKOO) == "Cuckoo" and f"{Kind.PIG:>5}" == "  Pig"


def test_penalty_tables():
    for kind in Kind:
        expected = kind.numeral if kind.numeral else {Kind.INN: 13, Kind.CAVALIER: 14, Kind.PIG: 15,
                                                      Kind.HUSSAR: 16, Kind.CUCKOO: 17}.get(kind, 0)
        if kind is Kind.HARLEQUIN:
            assert DEFAULT_PENALTIES[kind] == 50 and ALTERNATIVE_PENALTIES[kind] == 18
        else:
            assert DEFAULT_PENALTIES[kind] == ALTERNATIVE_PENALTIES[kind] == expected
    assert DEFAULT_PENALTIES.penalty("harlequin") == 50 and DEFAULT_PENALTIES.name == "default"
    assert PENALTY_TABLES == {"default": DEFAULT_PENALTIES, "alternative": ALTERNATIVE_PENALTIES}


def test_penalty_table_lookup_and_errors():
    assert penalty_table("Alternative") is ALTERNATIVE_PENALTIES
    assert penalty_table(DEFAULT_PENALTIES) is DEFAULT_PENALTIES
    with pytest.raises(RuleConfigError, match="'house'"):
        penalty_table("house")
    with pytest.raises(RuleConfigError, match="no penalty for"):
        PenaltyTable("partial", {Kind.MASK: 0})


def test_penalty_tables_are_frozen_and_picklable():
    with pytest.raises(TypeError):
        DEFAULT_PENALTIES.values[Kind.HARLEQUIN] = 1
    with pytest.raises(AttributeError):
        DEFAULT_PENALTIES.name = "x"
    assert pickle.loads(pickle.dumps(DEFAULT_PENALTIES)) == DEFAULT_PENALTIES
    assert DEFAULT_PENALTIES[Kind.HARLEQUIN] == 50
    custom = PenaltyTable("house", {k: 1 for k in Kind})
    assert custom["pig"] == 1 and hash(custom) == hash(PenaltyTable("house", {k: 1 for k in Kind}))
