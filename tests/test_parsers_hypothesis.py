"""Bad input never crashes: every parser and every engine's ``apply`` raise only the documented errors.

The parsers read ASCII letters and
digits, the suit symbols ♠♥♦♣ and the documented aliases, and nothing that merely looks like them;
for *any* text and *any* type they either return a value or raise a :class:`ParseError` (or, for
an action, an :class:`IllegalActionError`) subclass; an engine's ``apply`` that raises leaves the
state exactly as it was (compared by pickling it before and after).

The properties run 200 examples each (``deadline=None``: the first examples also import and warm
up the engines); the whole module takes a few seconds.
"""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgames.cards import Card, Hand, parse_cards
from cardgames.comrade import BidCard, ComradeGame, Deal, DealError, parse_bid_action
from cardgames.comrade.errors import ActionParseError
from cardgames.errors import CardParseError, IllegalActionError, ParseError
from cardgames.heart_challenge import Action, HeartChallengeGame
from cardgames.krypkille import KrypkilleMatch, KrypkilleGame, parse_kind, parse_kinds

FAST = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Characters that look like card notation but are not it: the long s, ligatures, other digits,
# superscripts, full-width letters, a Kelvin sign, dotted/dotless i, invisible spaces.
LOOKALIKES = "ſﬅﬀﬆ٣٧³¹²①ⅦＳＨ１０\u212aΑАİıẗǰ𐩀\u00a0\u200b\ufeff"
NOTATION = "SHDCAKQJTshdcakqjt0123456789 .:,♠♥♦♣NESWpasPASjokerJOKER"
texts = st.one_of(
    st.text(max_size=12),
    st.text(alphabet=NOTATION + LOOKALIKES, max_size=12),
    st.text(alphabet=NOTATION, max_size=8),
)
junk = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True, allow_infinity=True),
    st.binary(max_size=6), st.lists(st.one_of(st.text(max_size=3), st.integers()), max_size=3),
    st.tuples(st.integers(), st.text(max_size=2)), st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
    st.frozensets(st.integers(), max_size=2), st.just(object()), st.just(Ellipsis), st.complex_numbers(),
)
anything = st.one_of(texts, junk)


def _letters_only(text: str, extra: str = "") -> bool:
    """True when every character is an ASCII letter or digit, a suit symbol, a space or one of ``extra``."""
    return all((c.isascii() and c.isalnum()) or c in "♠♥♦♣" or c.isspace() or c in extra for c in text)


# -- the look-alikes the issue names, each refused -----------------------------------------------
@pytest.mark.parametrize("token", ["ſA", "ﬅ", "H٣", "Sǰ", "ẗ", "Ｓ２", "S\u200b2"])
def test_card_look_alikes_are_refused(token):
    with pytest.raises(CardParseError) as err:
        Card.parse(token)
    assert err.value.token == token


@pytest.mark.parametrize("token", ["٧", "𐩀", "ſeven", "\u212aille"])
def test_krypkille_look_alikes_are_refused(token):
    with pytest.raises(CardParseError) as err:
        parse_kind(token)
    assert err.value.token == token


@pytest.mark.parametrize("token", ["H³", "ſ3", "H٣", "\u212a"])
def test_bid_card_look_alikes_are_refused(token):
    with pytest.raises(ActionParseError):
        BidCard.parse(token)


@pytest.mark.parametrize("text", ["challenge ³", "challenge ٣", "flip １", "take ²", "\u212aeep joker"])
def test_heart_challenge_look_alikes_are_refused(text):
    with pytest.raises(ParseError):
        Action.parse(text)


def test_pbn_look_alikes_are_refused():
    with pytest.raises(DealError, match="ASCII"):
        Deal.from_pbn("ſ:A... K... Q... J...")
    with pytest.raises(DealError, match="ASCII"):
        Deal.from_pbn("N:A... K... Q... ﬅ...")


def test_wrong_types_raise_parse_errors():
    with pytest.raises(CardParseError):
        parse_cards(None)
    with pytest.raises(CardParseError):
        parse_kinds(0.0)
    with pytest.raises(CardParseError):
        Hand(5)
    with pytest.raises(CardParseError):
        Card("S", 14.0)
    with pytest.raises(ActionParseError):
        BidCard("SH", 3)
    with pytest.raises(DealError, match="5"):
        Deal.from_pbn("N:A... K... Q... J... T...")
    with pytest.raises(DealError):
        Deal(None)


def test_a_malformed_hand_built_action_is_refused_when_built():
    with pytest.raises(ParseError, match="needs a Card"):
        Action("place")
    with pytest.raises(ParseError, match="whole number"):
        Action("flip", n="1")
    with pytest.raises(ParseError, match="unknown action kind"):
        Action("fly", n=1)
    assert repr(Action("flip", n=1)) == "Action('flip 1')"


def test_the_documented_forms_still_read():
    assert Card.parse("♥10").code == "HT" and Card.parse("🃏").is_joker and Card.parse(" joker ").is_joker
    assert str(BidCard.parse("♥3")) == "H3" and str(BidCard.parse("ha")) == "H1"
    assert parse_bid_action(" PASS ") == "pass"
    assert parse_kind("１２") == parse_kind("12")      # full-width digits, documented in parse_kind
    assert parse_kind("Värdshus") == parse_kind("vardshus") == parse_kind("宿")
    assert str(Action.parse("TAKE Stock")) == "take stock"


# -- properties: any text, any type -----------------------------------------------------------------
@FAST
@given(anything)
def test_card_parse_returns_a_card_or_a_card_parse_error(x):
    try:
        card = Card.parse(x)
    except CardParseError:
        return
    assert isinstance(card, Card) and Card.parse(card.code) == card
    assert isinstance(x, str) and (_letters_only(x) or x.strip() == "🃏")


@FAST
@given(st.one_of(anything, st.lists(texts, max_size=4)))
def test_parse_cards_returns_a_hand_or_a_card_parse_error(x):
    try:
        hand = parse_cards(x)
    except CardParseError:
        return
    assert isinstance(hand, Hand) and parse_cards(str(hand)) == hand


@FAST
@given(anything)
def test_bid_cards_and_bid_actions(x):
    try:
        action = parse_bid_action(x)
    except ActionParseError:
        return
    assert action == "pass" or (isinstance(action, BidCard) and BidCard.parse(str(action)) == action)
    assert isinstance(x, str) and _letters_only(x)


@FAST
@given(st.one_of(anything, st.lists(st.text(alphabet="AKQJT98765432.", max_size=4), min_size=0, max_size=6)
                 .map(" ".join)))
def test_pbn_returns_a_deal_or_a_deal_error(x):
    try:
        deal = Deal.from_pbn(x)
    except DealError:
        return
    assert Deal.from_pbn(deal.to_pbn()) == deal
    assert isinstance(x, str) and _letters_only(x, ".:[]\"")


@FAST
@given(st.one_of(junk, st.lists(st.one_of(texts, junk), max_size=5)))
def test_deal_from_hands_returns_a_deal_or_a_deal_error(x):
    try:
        Deal(x)
    except DealError:
        pass


@FAST
@given(anything)
def test_krypkille_names(x):
    try:
        kinds = parse_kinds(x)
    except CardParseError:
        return
    assert all(parse_kind(k.label) == k for k in kinds)
    if isinstance(x, str):
        assert not any(c in LOOKALIKES.replace("\u00a0", "").replace("\ufeff", "").replace("\u200b", "")
                       and c not in "１０" for c in x)


@FAST
@given(anything)
def test_heart_challenge_action_text(x):
    try:
        action = Action.parse(x)
    except ParseError:
        return
    assert Action.parse(str(action)) == action
    assert isinstance(x, str) and _letters_only(x, "🃏")


@FAST
@given(st.one_of(st.sampled_from(["place", "flip", "take", "pass", "give", "challenge"]), anything),
       st.one_of(st.none(), st.sampled_from([Card.parse("H5"), Card.parse("JK")]), anything),
       st.one_of(st.none(), st.integers(-3, 12), anything))
def test_heart_challenge_hand_built_actions(kind, card, n):
    try:
        action = Action(kind, card, n)
    except ParseError:
        return
    assert Action.parse(str(action)) == action or (action.n is not None and action.n < 0)
    repr(action)


# -- every engine's apply: the documented exception, and the state unchanged -------------------------
def _states():
    """A few states of each engine in different phases (seeded random playouts)."""
    out = []
    for seed in range(3):
        rng = random.Random(seed)
        for game in (ComradeGame(Deal.random(seed, hand_size=3 + seed)), KrypkilleGame(3 + seed, seed=seed),
                     KrypkilleMatch(3, seed=seed), HeartChallengeGame(3 + seed, seed=seed)):
            out.append(game.clone())
            for step in range(40):
                if game.is_terminal():
                    break
                game.apply(rng.choice(game.legal_actions()))
                if step in (3, 11, 39):
                    out.append(game.clone())
    return out


STATES = _states()


def _legal_text(state, rng_index):
    legal = state.legal_actions()
    return str(legal[rng_index % len(legal)]) if legal else "pass"


def _mutations(state_index: int):
    """Near misses of a legal action's notation: a character changed, case, spaces, look-alikes."""
    return st.tuples(st.integers(0, 50), st.integers(0, 20), st.sampled_from(NOTATION + LOOKALIKES)).map(
        lambda t: _mutate(_legal_text(STATES[state_index], t[0]), t[1], t[2]))


def _mutate(text: str, where: int, char: str) -> str:
    i = where % (len(text) + 1)
    return text[:i] + char + text[i + 1:]


actions = st.one_of(
    anything,
    st.sampled_from([Card.parse("SA"), Card.parse("JK"), BidCard.parse("H3"), Action.parse("pass"),
                     Action.parse("flip 1"), Action.parse("place H2"), Action.parse("take stock")]),
    st.integers(0, len(STATES) - 1).flatmap(_mutations),
)


@FAST
@given(st.integers(0, len(STATES) - 1), actions, st.one_of(st.none(), st.none(), anything))
def test_apply_raises_only_documented_errors_and_changes_nothing(index, action, player):
    state = STATES[index].clone()
    before = pickle.dumps(state)
    legal = state.legal_actions()
    try:
        parsed = state.parse_action(action)
    except (ParseError, IllegalActionError):
        parsed = None
    try:
        state.apply(action, player) if player is not None else state.apply(action)
    except (ParseError, IllegalActionError):
        assert pickle.dumps(state) == before, f"{action!r} was refused but changed the state"
        return
    # it was accepted: then it was a legal action, written in a form the engine reads, by the seat to act
    assert parsed in legal


# -- the Python API as strict as the command line ------------------------------
# Each case below escaped on the API before (OverflowError, RecursionError, Python's bare
# "Exceeds the limit (4300 digits)" ValueError, a megabyte-long message) or was silently accepted.
from cardgames.comrade import FOUR_PLAYERS, ComradeOptions  # noqa: E402
from cardgames.errors import GameError, RuleConfigError, shown  # noqa: E402
from cardgames.heart_challenge.scoring import parse_hand  # noqa: E402
from cardgames.krypkille import KrypkilleOptions  # noqa: E402
from solvers.comrade import BidsError, parse_bids, solve  # noqa: E402
from solvers.comrade.bids import check_bids, read_json_bids  # noqa: E402

ZERO = "[0,0,0,0]"
DIGITS = "9" * 5000
HUGE = 10 ** 5000                      # repr() of it raises ValueError on Python >= 3.11
LONG = "x" * 1_000_000


def _deep(levels: int = 100_000) -> list:
    outer = inner = []
    for _ in range(levels):
        inner.append([])
        inner = inner[0]
    return outer


DEEP = _deep()
MESSAGE_LIMIT = 400                    # a refusal names the token; it does not copy a megabyte of it


def _refused(error_class, call, *args):
    with pytest.raises(error_class) as err:
        call(*args)
    assert isinstance(err.value, GameError)
    assert len(str(err.value)) < MESSAGE_LIMIT, str(err.value)[:200]
    return err.value


@pytest.mark.parametrize("text, needle", [
    (f"[{ZERO},[0,Infinity,0,0],{ZERO},{ZERO}]", "Infinity"),      # was OverflowError
    (f"[{ZERO},[0,-Infinity,0,0],{ZERO},{ZERO}]", "Infinity"),
    (f"[{ZERO},[0,NaN,0,0],{ZERO},{ZERO}]", "NaN"),
    (f"[[1.5,0,0,0],{ZERO},{ZERO},{ZERO}]", "1.5"),                 # was read as 1
    (f"[[13.0,0,0,0],{ZERO},{ZERO},{ZERO}]", "13.0"),
    (f"[[1e1,0,0,0],{ZERO},{ZERO},{ZERO}]", "1e1"),
    (f"[[true,0,0,0],{ZERO},{ZERO},{ZERO}]", "true"),
    (f"[[{DIGITS},0,0,0],{ZERO},{ZERO},{ZERO}]", "too large"),     # was the bare 4300-digit ValueError
    ("[" * 4_000 + "]" * 4_000, "nested"),                         # was RecursionError
    ("[" * 100_000 + "]" * 100_000, "too long"),
    ("[[[6]]]", "nested"),
])
def test_json_bids_are_read_strictly_by_the_api(text, needle):
    err = _refused(BidsError, parse_bids, text, FOUR_PLAYERS, 13)
    assert needle in str(err)


@pytest.mark.parametrize("matrix, needle", [
    ([[1.5, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]], "1.5"),     # was read as 1
    ([[13.0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]], "13.0"),
    ([[0, 0, 0, 0], [0, float("inf"), 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]], "inf"),  # was OverflowError
    ([[0, 0, 0, 0], [0, float("nan"), 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]], "nan"),
    ([[True, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]], "True"),
    ([["6", 0, 0, 0], [0, "3", 0, 0], [0, 0, "2", 0], ["1", 0, 0, "1"]], "'6'"),  # was read as 6, 3, 2, 1
    ([[HUGE, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]], "digits"),
    ([[None, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]], "None"),
    (DEEP, "whole number"), ([[DEEP]], "whole number"), (None, "None"), (b"S6 / H3 / D2 / S1 C1", "b'S6"),
    (["S6", "H3", "D2", "S1"], "rows"), (6, "rows"),
])
def test_python_bid_matrices_are_whole_numbers(matrix, needle):
    err = _refused(BidsError, parse_bids, matrix, FOUR_PLAYERS, 13)
    assert needle in str(err)


def test_solve_refuses_fractional_bids_before_solving():
    deal = "N:A.K.. K.A.. Q.Q.. J.J.."
    with pytest.raises(BidsError, match="1.5"):
        solve(deal, 0, [[1.5, 0, 0, 0], [0, 1, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])
    assert solve(deal, 0, [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]).verdict == "win"


def test_whole_numbers_of_other_types_still_read():
    numpy = pytest.importorskip("numpy")
    rows = numpy.array([[6, 0, 0, 0], [0, 3, 0, 0], [0, 0, 2, 0], [1, 0, 0, 1]])
    assert check_bids(rows, FOUR_PLAYERS, 13) == ((6, 0, 0, 0), (0, 3, 0, 0), (0, 0, 2, 0), (1, 0, 0, 1))
    assert read_json_bids(" [[0, 2], [1]] ") == [[0, 2], [1]]    # the shape is checked later, by check_bids


def test_a_5000_digit_kille_numeral_is_a_parse_error_naming_the_token():
    err = _refused(CardParseError, parse_kind, DIGITS)        # was "Exceeds the limit (4300 digits)"
    assert err.token == DIGITS and "(5000 characters): numerals run from 1 to 12" in str(err)
    _refused(CardParseError, parse_kinds, f"7 pig {DIGITS}")
    _refused(CardParseError, parse_kind, HUGE)


def test_krypkille_apply_with_a_5000_digit_action_changes_nothing():
    game = KrypkilleGame(4, seed=3)
    before = pickle.dumps(game)
    _refused(ParseError, game.apply, DIGITS)
    _refused(ParseError, game.apply, HUGE)
    assert pickle.dumps(game) == before


HOSTILE = [HUGE, LONG, DIGITS, "S" + DIGITS, DEEP, [HUGE], "[" * 100_000, float("nan"), float("inf"), 1.5,
           True, None, b"SA", 1j]
PARSERS = {
    "Card.parse": (CardParseError, Card.parse),
    "parse_cards": (CardParseError, parse_cards),
    "Hand": (CardParseError, Hand),
    "Deal.from_pbn": (DealError, Deal.from_pbn),
    "Deal": (DealError, Deal),
    "BidCard.parse": (ActionParseError, BidCard.parse),
    "parse_bid_action": (ActionParseError, parse_bid_action),
    "heart challenge Action.parse": (ParseError, Action.parse),
    "heart challenge Action(flip, n)": (ParseError, lambda x: Action("flip", n=x)),
    "heart challenge parse_hand": (CardParseError, parse_hand),
    "parse_kind": (CardParseError, parse_kind),
    "parse_kinds": (CardParseError, parse_kinds),
    "KrypkilleOptions": (RuleConfigError, lambda x: KrypkilleOptions(first_leader=x)),
    "KrypkilleOptions.coerce": (RuleConfigError, KrypkilleOptions.coerce),
    "ComradeOptions": (RuleConfigError, lambda x: ComradeOptions(nothing_fits=x)),
    "parse_bids": (BidsError, lambda x: parse_bids(x, FOUR_PLAYERS, 13)),
}


@pytest.mark.parametrize("name", PARSERS)
@pytest.mark.parametrize("index", range(len(HOSTILE)))
def test_hostile_shapes_get_a_short_documented_error(name, index):
    value = HOSTILE[index]
    if name == "KrypkilleOptions.coerce" and value is None:
        pytest.skip("None means the default options")
    error_class, parse = PARSERS[name]
    _refused(error_class, parse, value)


def test_a_flip_count_too_large_for_the_notation_is_refused_when_built():
    with pytest.raises(ParseError, match="too large"):
        Action("flip", n=10 ** 30)
    assert Action("flip", n=9999).n == 9999


def test_shown_is_short_and_never_fails():
    class Broken:
        def __repr__(self):
            raise RuntimeError("no repr")

    assert shown("SA") == repr("SA") and shown(12) == "12" and shown([1, 2]) == "[1, 2]"
    assert "5001 digits" in shown(HUGE) and "1000000 characters" in shown(LONG)
    assert all(len(shown(v)) < 200 for v in HOSTILE)
    assert shown(Broken()).startswith("<Broken")


# -- the same shapes as hypothesis strategies ---------------------------------------------------------
hostile = st.one_of(
    st.integers(min_value=4301, max_value=4400).map(lambda n: 10 ** n),
    st.integers(4301, 4400).map(lambda n: -(10 ** n)),
    st.integers(min_value=5, max_value=6000).map(lambda n: "9" * n),
    st.integers(min_value=5, max_value=6000).map(lambda n: "[" * n + "]" * n),
    st.integers(min_value=1, max_value=3000).map(_deep),
    st.floats(allow_nan=True, allow_infinity=True), st.booleans(), st.none(), st.binary(max_size=20),
    st.text(min_size=200, max_size=400),
)


@FAST
@given(st.one_of(hostile, st.lists(hostile, min_size=1, max_size=3)))
def test_every_parser_refuses_hostile_shapes_with_a_documented_error(x):
    for name, (error_class, parse) in PARSERS.items():
        if name == "KrypkilleOptions.coerce" and x is None:
            continue
        try:
            parse(x)
        except error_class as e:
            assert len(str(e)) < MESSAGE_LIMIT, (name, str(e)[:200])
        else:
            pytest.fail(f"{name} accepted {shown(x)}")


json_cells = st.one_of(
    st.integers(-3, 8).map(str), st.sampled_from(["NaN", "Infinity", "-Infinity", "true", "false", "null", "1.0",
                                                  "1e0", "0.5", '"1"', "[]", "{}", "9" * 5000]),
    st.floats(allow_nan=False, allow_infinity=False).map(repr))


@FAST
@given(st.lists(st.lists(json_cells, min_size=0, max_size=5), min_size=0, max_size=5))
def test_json_bids_are_whole_numbers_or_a_bids_error(rows):
    text = "[" + ",".join("[" + ",".join(row) + "]" for row in rows) + "]"
    try:
        matrix = parse_bids(text, FOUR_PLAYERS, 13)
    except BidsError as e:
        assert len(str(e)) < MESSAGE_LIMIT
        return
    assert all(type(v) is int for row in matrix for v in row)
    assert all(cell.lstrip("-").isdigit() for row in rows for cell in row)


@FAST
@given(st.lists(st.lists(st.one_of(st.integers(0, 6), st.floats(), st.booleans(), st.text(max_size=2)),
                         min_size=4, max_size=4), min_size=4, max_size=4))
def test_python_bids_are_whole_numbers_or_a_bids_error(rows):
    try:
        matrix = parse_bids(rows, FOUR_PLAYERS, 13)
    except BidsError:
        return
    assert all(type(v) is int and not isinstance(v, bool) for row in rows for v in row)
    assert matrix == tuple(tuple(row) for row in rows)


@pytest.mark.parametrize("limit", [float("nan"), float("inf"), -1, -0.5, "1", True, HUGE, [1]],
                         ids=lambda v: shown(v)[:20])
def test_the_solvers_time_limit_is_checked_by_the_api(limit):
    from cardgames.comrade import ComradeGame
    from solvers.comrade import solve_position

    err = _refused(RuleConfigError, solve, "N:A.K.. K.A.. Q.Q.. J.J..", 0, None, limit)
    assert "time limit" in str(err)
    _refused(RuleConfigError, solve_position, ComradeGame("N:A.K.. K.A.. Q.Q.. J.J..", dealer=0), limit)


def test_an_unknown_engine_is_a_rule_config_error():
    from solvers.comrade.solver import SolverOptions

    _refused(RuleConfigError, lambda: SolverOptions(engine="quantum"))
    _refused(RuleConfigError, lambda: SolverOptions(engine=[1]))


@pytest.mark.parametrize("field, value", [("choose_marker", float("nan")), ("pass_is_final", "yes"),
                                          ("score_after_each_round", None), ("rounds", True),
                                          ("specials_per_player", True), ("hand_limit", 5.0)],
                         ids=lambda v: shown(v)[:20])
def test_heart_challenge_yes_no_options_are_bools_and_counts_whole_numbers(field, value):
    from cardgames.heart_challenge.options import HeartChallengeOptions

    err = _refused(RuleConfigError, lambda: HeartChallengeOptions(**{field: value}))
    assert field in str(err)
