"""The convention card: every rule on a hand-made position, the policy's promises, the switches,
the 3-player game, and a player that sees only its own view.

Hand-made positions are small deals (two or three cards each: the bids must then add up to the
hand size) or full 13-card hands written as PBN, seat 0 (North) first.
"""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

from cardgames.cards import Card, parse_cards
from cardgames.comrade import ComradeGame, ComradeOptions, Deal
from cardgames.comrade.bidding import PASS, BidCard
from cardgames.comrade.players import NotAViewError
from cardgames.errors import RuleConfigError
from cardgames.players import play_out_seated
from solvers.comrade_players.convention import (EPSILON, HONOURS, RULES, TOPS, ConventionCard, ConventionPlayer,
                                                 suit_strength)

CARD = ConventionCard()


def position(pbn: str, dealer: int, actions, card: ConventionCard = CARD):
    """The game after ``actions``; the seat to act; the card's choice and its reasons there."""
    game = ComradeGame(pbn, dealer)
    for a in actions:
        game.apply(a)
    seat = game.current_player()
    view = game.view(seat)
    return game, seat, card.choose(view, game.legal_actions()), card.explain(view, game.legal_actions())


def rule_ids(reasons) -> list[str]:
    return [r for r, _ in reasons]


def assert_plays(pbn: str, dealer: int, actions, seat: int, card: str, rule: str) -> None:
    """After ``actions`` it is ``seat``'s turn, and the convention card plays ``card`` by ``rule``
    (its first reason)."""
    _, at, choice, why = position(pbn, dealer, actions)
    assert (at, choice, rule_ids(why)[0]) == (seat, Card.parse(card), rule)


def deal_with_north(north: str, seed: int = 0) -> str:
    """A full deal: North holds ``north``, the other 39 cards go round at random (seeded)."""
    mine = parse_cards(north)
    rest = [c for c in Deal.random(0).variant.deck if c not in mine]
    random.Random(seed).shuffle(rest)
    return Deal([mine, rest[0:13], rest[13:26], rest[26:39]]).to_pbn()


# -- the card itself ----------------------------------------------------------------------------

def test_the_rules_have_unique_ids_phases_and_one_line_meanings():
    ids = [r.id for r in RULES]
    assert len(ids) == len(set(ids)) and 10 <= len(ids) <= 16
    assert {r.phase for r in RULES} == {"bidding", "play"}
    for r in RULES:
        assert r.id[0] == ("B" if r.phase == "bidding" else "P") and "\n" not in r.meaning and r.meaning


def test_every_printed_rule_has_a_method_named_by_it_whose_docstring_quotes_it():
    """A student who reads "rule B6" on the card finds ``rule_b6_fill_the_total``; no method names a rule the
    card does not print."""
    def method_name(r):
        return "rule_" + r.id.lower() + "_" + re.sub(r"[^a-z]+", "_", r.name.replace("'", "").lower()).strip("_")

    names = {method_name(r): r for r in RULES}
    assert "rule_b6_fill_the_total" in names and "rule_p5_duck_what_you_dont_need" in names
    assert {m for m in dir(ConventionCard) if m.startswith("rule_")} == set(names)
    # the docstrings of the source (a build of make compiled keeps no docstring of a method)
    source = ast.parse((Path(__file__).resolve().parents[1] / "solvers" / "comrade_players" / "convention.py")
                       .read_text())
    card = next(c for c in source.body if isinstance(c, ast.ClassDef) and c.name == "ConventionCard")
    docs = {f.name: ast.get_docstring(f) for f in card.body if isinstance(f, ast.FunctionDef)}
    for name, r in names.items():
        doc = docs[name]
        assert doc is not None and "\n" not in doc and doc.startswith(f'Rule {r.id}, "{r.name}": '), name


def test_an_unknown_switch_is_a_rule_config_error_naming_it():
    with pytest.raises(RuleConfigError, match="no rule 'B99'"):
        ConventionCard(B99=False)
    with pytest.raises(RuleConfigError, match="True or False"):
        ConventionCard(B2="off")
    assert issubclass(RuleConfigError, ValueError)


# -- bidding -------------------------------------------------------------------------------------

def test_B1_strength_counts_the_top_cards_held_with_length_and_the_long_cards():
    hand = parse_cards("SA SK S2 HK H3 DQ D9 D8 D7 D6 C2 C3 C4")
    assert suit_strength(hand) == {"S": 2, "H": 1, "D": 1, "C": 0}
    # the fourth card counts with four cards, the fifth with five; one trick for each card beyond five
    assert suit_strength(parse_cards("SJ S5 S4 S3"))["S"] == 1
    assert suit_strength(parse_cards("ST S5 S4 S3"))["S"] == 0
    assert suit_strength(parse_cards("ST S5 S4 S3 S2"))["S"] == 1
    assert suit_strength(parse_cards("S7 S6 S5 S4 S3 S2"))["S"] == 1
    # a singleton king is not a trick; a king with one more card is
    assert suit_strength(parse_cards("SK"))["S"] == 0 and suit_strength(parse_cards("SK S2"))["S"] == 1
    # with the ace low in play (ace_high=False) the king is the top card
    low = ComradeOptions(ace_high=False)
    assert suit_strength(parse_cards("SK"), low)["S"] == 1 and suit_strength(parse_cards("SA"), low)["S"] == 0


def test_B1_in_the_three_player_deck_the_king_is_the_top_card():
    assert suit_strength(parse_cards("SK"), players=3)["S"] == 1
    assert suit_strength(parse_cards("SK SQ SJ"), players=3)["S"] == 3


def test_B2_the_first_bid_is_the_strongest_suit_at_its_strength():
    pbn = deal_with_north("SA SK SQ S2 H5 H3 H2 D5 D3 D2 C5 C3 C2")
    _, seat, choice, why = position(pbn, 0, [])
    assert seat == 0 and choice == BidCard("S", 3) and rule_ids(why)[0] == "B2"


def test_B3_a_first_lap_pass_means_no_suit_has_a_sure_trick():
    pbn = deal_with_north("ST S9 S8 S7 HJ HT H9 DJ DT D9 CJ CT C9")
    _, _, choice, why = position(pbn, 0, [])
    assert choice == PASS and rule_ids(why) == ["B3"]
    # the same hand with an ace bids that suit
    _, _, choice, _ = position(deal_with_north("SA ST S9 S8 HJ HT H9 DJ DT D9 CJ CT C9"), 0, [])
    assert choice == BidCard("S", 1)


def test_B4_later_laps_bid_a_further_suit_with_a_sure_trick():
    pbn = deal_with_north("SA S4 S3 S2 HA H3 H2 D4 D3 D2 C4 C3 C2")
    game = ComradeGame(pbn, 0)
    n_first = CARD.choose(game.view(0), game.legal_actions())
    assert n_first == BidCard("S", 1)          # equal strength: the longer suit first
    _, seat, choice, why = position(pbn, 0, ["S1", "D2", "pass", "pass"])
    assert seat == 0 and choice == BidCard("H", 1) and rule_ids(why)[0] == "B4"
    off = ConventionCard(B4=False)
    assert position(pbn, 0, ["S1", "D2", "pass", "pass"], off)[2] == PASS


def test_B5_a_card_that_would_pass_13_is_replaced_by_the_nearest_smaller_value():
    pbn = deal_with_north("SA S4 S3 S2 HA HK HQ D4 D3 D2 C4 C3 C2")
    actions = ["S1", "D6", "C4", "pass"]      # total 11: two tricks left to bid
    game, seat, choice, why = position(pbn, 0, actions)
    assert seat == 0 and game.running_total == 11
    assert choice == BidCard("H", 2) and "B5" in rule_ids(why)
    # without B5 the card takes its hearts 3 and loses the bidding at once (overshoot)
    game, _, choice, _ = position(pbn, 0, actions, ConventionCard(B5=False))
    assert choice == BidCard("H", 3)
    game.apply(choice)
    assert game.bidding_loss is not None and game.bidding_loss.value == "overshoot"


def test_B6_a_player_whose_pass_would_lose_the_bidding_fills_the_total():
    pbn = deal_with_north("ST S9 S8 S7 HJ HT H9 DJ DT D9 CJ CT C9")
    actions = ["pass", "pass", "pass"]         # East dealt; three passes in a row
    _, seat, choice, why = position(pbn, 1, actions)
    assert seat == 0 and choice != PASS and rule_ids(why)[0] == "B6"
    assert choice.suit == "S" and choice.value <= 4    # the longest suit, no more tricks than cards (B7)
    assert position(pbn, 1, actions, ConventionCard(B6=False))[2] == PASS


def test_B6_fills_the_suit_with_the_most_room_not_merely_the_longest():
    # five small spades (room 0 + 2 beyond three) against the ace and king of hearts (room 7 / 2)
    pbn = deal_with_north("S6 S5 S4 S3 S2 HA HK D5 D4 D3 D2 C3 C2")
    _, seat, choice, why = position(pbn, 1, ["pass", "pass", "pass"])
    assert seat == 0 and rule_ids(why)[0] == "B6" and choice.suit == "H"


def test_B6_in_the_last_lap_each_player_takes_a_share_of_what_is_missing():
    pbn = deal_with_north("SA S4 S3 S2 HA H3 H2 D4 D3 D2 C4 C3 C2")
    actions = ["S1", "D2", "C2", "pass", "H1", "D3", "pass", "pass"]   # lap 3, total 7: 6 missing
    game, seat, choice, why = position(pbn, 0, actions)
    assert seat == 0 and game.running_total == 7 and rule_ids(why)[0] == "B6"
    raised = choice.value - game.bids[0].get(choice.suit, 0)
    assert raised == 2                         # ceil(6 / 4 turns left)


def test_B7_never_bids_more_tricks_in_a_suit_than_cards_of_it():
    # three passes: North must fill all 13; hearts have the most room (A K) but only two cards
    pbn = deal_with_north("S6 S5 S4 S3 S2 HA HK D5 D4 D3 D2 C3 C2")
    _, seat, choice, why = position(pbn, 1, ["pass", "pass", "pass"])
    assert seat == 0 and choice == BidCard("H", 2) and rule_ids(why)[0] == "B6"
    # without B7 the fill takes the largest heart card, six tricks with two hearts: unmakeable
    _, _, choice, _ = position(pbn, 1, ["pass", "pass", "pass"], ConventionCard(B7=False))
    assert choice.suit == "H" and choice.value > 2


def test_B8_a_suit_with_an_unbid_ace_comes_first_in_lap_1():
    # spades are the strongest suit (K, Q and J with length: 3), but the ace of hearts has to be bid
    pbn = deal_with_north("SK SQ SJ S2 HA H2 D5 D4 D3 C5 C4 C3 C2")
    _, seat, choice, why = position(pbn, 0, [])
    assert seat == 0 and choice == BidCard("H", 1) and rule_ids(why)[:2] == ["B8", "B2"]
    assert position(pbn, 0, [], ConventionCard(B8=False))[2] == BidCard("S", 3)


def test_B8_in_lap_2_the_unbid_ace_before_a_stronger_suit():
    pbn = deal_with_north("SK SQ SJ ST S9 S8 HA H2 DA D3 C4 C3 C2")
    # spades are strongest (K Q J T, each with length, and the sixth card: 5), but both aces come first
    _, _, first, why = position(pbn, 0, [])
    assert first == BidCard("H", 1) and rule_ids(why)[:2] == ["B8", "B2"]
    _, seat, choice, why = position(pbn, 0, ["H1", "C2", "pass", "pass"])
    assert seat == 0 and choice == BidCard("D", 1) and rule_ids(why)[:2] == ["B8", "B4"]
    _, _, choice, _ = position(pbn, 0, ["H1", "C2", "pass", "pass"], ConventionCard(B8=False))
    assert choice == BidCard("S", 5)


def test_B6_on_the_last_turn_fills_the_total_exactly_even_with_more_than_the_cards_held():
    # Seeded deal 250: two tricks are unbid and East has the bidding's last turn. Every card that adds two within
    # East's cards (rule B7) is gone, so the card takes one beyond them: anything else loses the bidding at once
    game, seat, choice, why = position(Deal.random(250).to_pbn(), 2, ["D2", "D1", "S2", "H2", "pass", "H1", "pass",
                                                                      "C2", "pass", "S1", "pass"])
    assert seat == 1 and game.bidding.running_total == 11
    assert choice.value - game.bidding.bids[1].get(choice.suit, 0) == 2 and rule_ids(why) == ["B6", "B7"]
    game.apply(choice)
    assert game.bidding_loss is None and game.phase == "play"


def test_the_card_never_loses_the_bidding_on_200_seeded_deals_and_would_without_B5():
    def bidding_losses(card):
        return sum(play_out_seated(ComradeGame(Deal.random(s), s % 4),
                                   [ConventionPlayer(card) for _ in range(4)]).bidding_loss is not None
                   for s in range(200))
    assert bidding_losses(CARD) == 0
    assert bidding_losses(ConventionCard(B5=False)) > 0


# -- play ----------------------------------------------------------------------------------------

def test_P1_a_lead_is_never_in_a_suit_nobody_needs():
    pbn = "N:2.A3.. A.K4.. K.Q5.. Q.J6.."     # North bids hearts 3: spades are dead
    card = ConventionCard(P2=False)
    _, _, choice, why = position(pbn, 0, ["H3"], card)
    assert choice == Card.parse("H3") and rule_ids(why)[0] == "P1"
    _, _, choice, _ = position(pbn, 0, ["H3"], ConventionCard(P1=False, P2=False))
    assert choice == Card.parse("S2")          # without P1: the lowest card, a dead spade


def test_P2_cash_the_highest_card_left_of_a_suit_you_need():
    _, _, choice, why = position("N:A2... K3... Q4... J5...", 0, ["S2"])
    assert choice == Card.parse("SA") and rule_ids(why)[0] == "P2"


def test_P3_lead_low_to_a_partner_who_needs_the_suit():
    assert_plays("N:2.2.. AK... 3.3.. 4.4..", 0, ["pass", "S2"], seat=0, card="S2", rule="P3")


def test_P3_leads_the_partner_suit_with_the_most_tricks_still_to_come():
    # East needs one spade, South two hearts: North, who needs nothing, leads a heart although more
    # spades than hearts are out above its two
    pbn = "N:2.2..32 AKQ...4 .AK.2.5 43..A.6"
    assert_plays(pbn, 0, ["pass", "S1", "H2", "D1"], seat=0, card="H2", rule="P3")


def test_P4_playing_last_wins_with_the_lowest_winning_card_and_keeps_the_top():
    # West needs both spade tricks; the first is won by the nine, and the ace stays for the second
    pbn = "N:2.2.. 3.3.. 4.4.. A9..."
    assert_plays(pbn, 0, ["pass", "pass", "pass", "S2", "S2", "S3", "S4"], seat=3, card="S9", rule="P4")


def test_P4_win_what_you_need_with_the_top_card():
    assert_plays("N:2.2.. A5... 3.4.. K.5..", 0, ["pass", "S1", "pass", "H1", "S2"], seat=1, card="SA", rule="P4")


def test_P4_a_needer_who_cannot_win_keeps_its_high_cards():
    pbn = "N:3.2.2. A.3.3. K5.4.. 642..."     # East, who bid nothing, wins the spade with the ace
    assert_plays(pbn, 0, ["S1", "pass", "S2", "S3", "SA"], seat=2, card="S5", rule="P4")


def test_P5_duck_a_suit_you_do_not_need_with_the_highest_card_below():
    assert_plays("N:K2... A3... Q4... J5...", 1, ["S2", "SA"], seat=2, card="SQ", rule="P5")


def test_P6_void_throw_the_most_dangerous_card_of_a_suit_you_do_not_need():
    assert_plays("N:K2... A3... Q4... .A5..", 1, ["S2", "SA", "SQ"], seat=3, card="HA", rule="P6")
    # the most dangerous is the one with the fewest higher cards out, not the highest rank: after the
    # first trick West's queen of hearts is the top heart left, while its king of clubs is not
    pbn = "N:AK.A.. 4.K.2. 5.3.3. .Q2..K"
    actions = ["H1", "pass", "pass", "pass", "S2", "HA", "HK", "H3", "H2", "SA", "S4", "S5"]
    assert_plays(pbn, 0, actions, seat=3, card="HQ", rule="P6")


def test_P6_void_throw_a_card_that_no_trick_still_to_come_can_use():
    # West needs one diamond trick: one diamond trick is still to come, so it keeps the queen for it,
    # and its four and two can only ever be thrown; its five of clubs can follow South's club trick
    pbn = "N:6.AK5.. 72.3..K 3.4..A2 ..Q42.5"
    assert_plays(pbn, 0, ["H2", "pass", "C1", "D1", "HA", "H3", "H4"], seat=3, card="D4", rule="P6")


def test_P7_do_not_overtake_a_partner_who_needs_the_trick():
    actions = ["pass", "pass", "S1", "S2", "S4", "S3", "SK"]
    pbn = "N:4.2.2. 3.3.3. K5.4.. A62..."
    assert_plays(pbn, 0, actions, seat=3, card="S2", rule="P7")
    assert position(pbn, 0, actions, ConventionCard(P7=False))[2] == Card.parse("SA")


# -- the policy ------------------------------------------------------------------------------------

def _positions(players: int = 4, deals: int = 6):
    for seed in range(deals):
        game = ComradeGame(Deal.random(seed, players=players), seed % players)
        while not game.is_terminal():
            seat, legal = game.current_player(), game.legal_actions()
            yield game.view(seat), legal
            game.apply(CARD.choose(game.view(seat), legal))


@pytest.mark.parametrize("players", [4, 3])
def test_policy_sums_to_one_gives_every_legal_action_mass_and_peaks_at_the_choice(players):
    count = 0
    for view, legal in _positions(players):
        pol = CARD.policy(view, legal)
        assert set(pol) == set(legal)
        assert abs(sum(pol.values()) - 1) < 1e-9
        assert min(pol.values()) > 0
        choice = CARD.choose(view, legal)
        assert pol[choice] == max(pol.values())
        others = [p for a, p in pol.items() if p < pol[choice]]
        assert all(p <= EPSILON for p in others)
        count += 1
    assert count > 100


def test_policy_shares_mass_between_cards_the_card_cannot_tell_apart():
    game = ComradeGame("N:QJ... AK... 32... 54...", 1).play(["S2", "SA"])    # East bids 2 spades, leads
    view, legal = game.view(2), game.legal_actions()
    # South holds the 3 and the 2 of spades, no unseen spade between them: the card cannot tell them apart
    assert CARD.policy(view, legal) == {Card.parse("S3"): 0.5, Card.parse("S2"): 0.5}
    game.apply("S3")
    game.apply(CARD.choose(game.view(3), game.legal_actions()))
    # North's queen and jack: the king is in East's hand, unseen by North, but not between them
    pol = CARD.policy(game.view(0), game.legal_actions())
    assert pol[Card.parse("SQ")] == pol[Card.parse("SJ")] == 0.5
    # and cards with an unseen card between them are told apart
    game = ComradeGame("N:Q2... AK... 43... 65...", 1).play(["S2", "SA", "S4", "S6"])
    pol = CARD.policy(game.view(0), game.legal_actions())
    assert sorted(pol.values()) == [EPSILON, 1 - EPSILON]


def test_the_card_is_deterministic():
    a = [CARD.choose(v, legal) for v, legal in _positions(4, 3)]
    b = [ConventionCard().choose(v, legal) for v, legal in _positions(4, 3)]
    assert a == b


def test_explain_names_rules_of_the_card():
    ids = {r.id for r in RULES} | {"-"}
    for view, legal in _positions(4, 2):
        reasons = CARD.explain(view, legal)
        assert reasons and all(r in ids and isinstance(text, str) and text for r, text in reasons)


def test_explanations_name_bid_cards_in_words_never_as_a_playing_card():
    # "bid ♠3" reads as the playing card ♠3, which the coach must not name on a person's turn
    import re
    from cardgames.comrade import action_words
    bid_turns = 0
    for view, legal in _positions(4, 12):
        if view.phase != "bidding":
            continue
        bid_turns += 1
        reasons = CARD.explain(view, legal)
        text = " ".join(t for _, t in reasons)
        assert not re.search(r"[♠♥♦♣](10|[2-9JQKA])", text), text
        choice = CARD.choose(view, legal)
        if isinstance(choice, BidCard) and any(r in ("B2", "B4", "B5") for r in rule_ids(reasons)):
            assert action_words(choice) in text or "nearest smaller" in text, text
    assert bid_turns > 20


# -- the player -------------------------------------------------------------------------------------

def test_the_player_refuses_the_game_and_anything_but_a_view():
    game = ComradeGame(Deal.random(1), 1)
    with pytest.raises(NotAViewError, match="not from a ComradeGame"):
        ConventionPlayer().act(game, game.legal_actions())
    with pytest.raises(NotAViewError):
        CARD.policy(game, game.legal_actions())


@pytest.mark.parametrize("players", [4, 3])
def test_a_table_of_card_players_finishes_every_game(players):
    for seed in range(20):
        game = ComradeGame(Deal.random(seed, players=players), seed % players)
        play_out_seated(game, [ConventionPlayer() for _ in range(players)])
        assert game.is_terminal() and game.result in ("win", "loss")


@pytest.mark.parametrize("players", [4, 3])
def test_hands_with_the_same_bidding_key_get_the_same_bidding(players):
    """``bidding_key`` (what the inference memoises the bidding on) holds everything the bidding reads:
    replacing a hand's low cards by other low cards of the same suits changes neither the choice nor the
    policy; a top card traded for a low one changes the key."""
    rng = random.Random(players)
    views = [(v, legal) for v, legal in _positions(players, 8) if v.phase == "bidding" and len(legal) > 1]
    assert len(views) > 40
    ranks = sorted({c.rank for c in Deal.random(0, players=players).variant.deck}, reverse=True)
    read = max(TOPS, len(HONOURS))                  # the top ranks rules B1 and B6 look at
    tops, low = ranks[:read], ranks[read:]
    changed = swaps = 0
    for view, legal in views:
        hand = list(view.hand)
        twin = []
        for s in "SHDC":
            mine = [c for c in hand if c.suit == s]
            keep = [c for c in mine if c.rank in tops]
            twin += keep + [Card(s, r) for r in rng.sample(low, len(mine) - len(keep))]
        other = view.__class__(**{**view.__dict__, "hand": type(view.hand)(twin).sorted()})
        assert CARD.bidding_key(other.hand, players) == CARD.bidding_key(view.hand, players)
        assert CARD.choose(other, legal) == CARD.choose(view, legal)
        assert CARD.policy(other, legal) == CARD.policy(view, legal)
        changed += set(twin) != set(hand)
        for top in (c for c in hand if c.rank in tops):
            spare = [Card(top.suit, r) for r in low if Card(top.suit, r) not in hand]
            if spare:
                traded = [c for c in hand if c != top] + spare[:1]
                assert CARD.bidding_key(traded, players) != CARD.bidding_key(hand, players)
                swaps += 1
    assert swaps > 40
    assert changed > len(views) // 2        # the twins really hold other cards
