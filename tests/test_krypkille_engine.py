"""The round and match engine: phases, orders, options, illegal actions, views, matches."""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from cardgames.errors import (CardParseError, GameError, GameOverError, IllegalActionError, NotYourTurnError,
                              ParseError, RuleConfigError)
from cardgames.krypkille import (DECK, CardNotInHandError, Discard, ForcedCardError, HeuristicPlayer, Kind,
                                 KrypkilleMatch, KrypkilleOptions, KrypkilleGame, Outcome, Play, RandomPlayer,
                                 TooManyDiscardsError, WrongPhaseError, parse_kinds, play_match, play_round,
                                 score_round)

K = Kind


def kinds(text):
    return parse_kinds(text)


def all_cards(r: KrypkilleGame) -> Counter:
    c = Counter(r.stock)
    for seat in range(r.num_players):
        c += Counter(r.hands[seat]) + Counter(r.discards[seat])
    return c + Counter(r.played_cards())


def keep_all(r):
    while r.phase == "discard":
        r.apply("keep all")


# -- setup ---------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_deal_gives_five_each_and_keeps_the_deck(n):
    r = KrypkilleGame(num_players=n, dealer=n - 1, seed=3)
    assert [len(h) for h in r.hands] == [5] * n and len(r.stock) == 42 - 5 * n
    assert all_cards(r) == Counter(DECK)
    assert r.phase == "discard" and r.current_player() == 0  # left of the dealer (seat n-1)


@pytest.mark.parametrize("n", [0, 1, 6, 2.0, True, "4"])
def test_player_count_refused(n):
    with pytest.raises(RuleConfigError, match="2 to 5 players"):
        KrypkilleGame(num_players=n)


def test_bad_dealer_and_options_refused():
    with pytest.raises(RuleConfigError):
        KrypkilleGame(num_players=3, dealer=3)
    with pytest.raises(RuleConfigError, match="first_leader"):
        KrypkilleOptions(first_leader="youngest")
    with pytest.raises(RuleConfigError, match="declaring_starts"):
        KrypkilleOptions(declaring_starts="dealer")
    with pytest.raises(RuleConfigError, match="unknown penalty table"):
        KrypkilleGame(options={"penalties": "house"})
    with pytest.raises(RuleConfigError, match="unknown Krypkille option"):
        KrypkilleGame(options={"trumps": True})


def test_same_seed_same_deal_and_different_seeds_differ():
    a, b, c = KrypkilleGame(seed=5), KrypkilleGame(seed=5), KrypkilleGame(seed=6)
    assert a.hands == b.hands and a.stock == b.stock
    assert (a.hands, a.stock) != (c.hands, c.stock)


def test_from_hands_checks_the_deal():
    with pytest.raises(RuleConfigError, match="5 cards"):
        KrypkilleGame.from_hands(["1 2 3 4", "5 6 7 8 9"])
    with pytest.raises(RuleConfigError, match="only 2 copies"):
        KrypkilleGame.from_hands(["1 1 1 2 3", "5 6 7 8 9"])
    with pytest.raises(CardParseError):
        KrypkilleGame.from_hands(["1 2 3 4 joker", "5 6 7 8 9"])


# -- discards and refill ---------------------------------------------------------------------
def test_discards_are_in_order_from_the_dealers_left_and_refill_in_the_same_order():
    r = KrypkilleGame.from_hands(["1 2 3 4 5", "6 7 8 9 10", "11 12 Inn Pig Mask"],
                                  stock="Harlequin Cuckoo Hussar Cavalier Wreath Flowerpot 1 2", dealer=0)
    assert r.discard_order() == [1, 2, 0]
    r.apply("discard 6 7", player=1)
    r.apply(Discard((K.MASK,)), player=2)
    assert r.phase == "discard" and r.hands[1] == kinds("8 9 10")  # no refill before everyone discarded
    r.apply(["1", "2", "3"], player=0)
    assert r.phase == "play"
    assert r.hands[1] == sorted(kinds("8 9 10 Harlequin Cuckoo"))
    assert r.hands[2] == sorted(kinds("11 12 Inn Pig Hussar"))
    assert r.hands[0] == sorted(kinds("4 5 Cavalier Wreath Flowerpot"))
    assert r.stock == kinds("1 2")
    assert r.discards == [kinds("1 2 3"), kinds("6 7"), [K.MASK]]


def test_discard_actions_list_every_distinct_choice_of_zero_to_three():
    r = KrypkilleGame.from_hands(["6 7 8 9 10", "1 1 2 3 4"])  # seat 1 (left of the dealer) discards first
    acts = r.legal_actions()
    assert len(acts) == len(set(acts)) and Discard(()) in acts
    assert max(len(a.kinds) for a in acts) == 3
    # distinct sub-multisets of {1,1,2,3,4} of size <= 3: 1 + 4 + (6 + 1) + (4 + 3) = 19
    assert len(acts) == 19


def test_five_players_refill_always_fits():
    r = KrypkilleGame(num_players=5, seed=1)
    while r.phase == "discard":
        r.apply(r.legal_actions()[-1])  # three cards each
    assert [len(h) for h in r.hands] == [5] * 5 and len(r.stock) == 42 - 40


# -- play ------------------------------------------------------------------------------------
def test_first_leader_option():
    assert KrypkilleGame(num_players=4, dealer=2, seed=1).first_leader() == 2
    r = KrypkilleGame(num_players=4, dealer=2, seed=1, options=KrypkilleOptions(first_leader="left_of_dealer"))
    keep_all(r)
    assert r.current_player() == 3


def test_a_trick_leads_free_and_follows_forced():
    r = KrypkilleGame.from_hands(["1 5 9 Pig Mask", "2 6 10 Inn Wreath", "3 7 11 12 Flowerpot"], phase="play")
    assert r.current_player() == 0 and len(r.legal_actions()) == 5
    r.apply("9")
    assert r.legal_actions() == [Play(K.TEN)]            # seat 1 holds 10 >= 9
    r.apply(Play(K.TEN))
    assert r.forced_card() is K.ELEVEN and r.legal_actions() == [Play(K.ELEVEN)]
    r.apply(K.ELEVEN)
    assert r.tricks == [[(0, K.NINE), (1, K.TEN), (2, K.ELEVEN)]] and r.trick_winners == [2]
    assert r.current_player() == 2                        # the winner leads
    r.apply("Flowerpot")
    assert r.legal_actions() == [Play(K.ONE)]             # seat 0 holds Mask 1 5 Pig: the 1 outranks the Flowerpot


def test_forced_follow_in_engine_uses_the_rule_function():
    r = KrypkilleGame.from_hands(["1 5 9 Pig Mask", "2 6 10 Inn Wreath", "3 7 11 12 Flowerpot"], phase="play")
    r.play(["9", "10", "11", "Flowerpot"])
    assert r.legal_actions() == [Play(K.ONE)]
    r.apply("1")
    assert r.legal_actions() == [Play(K.TWO)]
    r.apply("2")
    assert r.tricks[1] == [(2, K.FLOWERPOT), (0, K.ONE), (1, K.TWO)] and r.trick_winners[1] == 1


def test_equal_cards_later_wins_in_the_engine():
    r = KrypkilleGame.from_hands(["Pig 1 2 3 4", "Pig 5 6 7 8", "Mask 9 10 11 12"], phase="play")
    r.play(["Pig", "Pig", "Mask"])
    assert r.trick_winners == [1] and r.current_player() == 1


def test_four_tricks_then_declarations_from_the_last_trick_winner():
    r = KrypkilleGame.from_hands(["1 5 9 Pig Mask", "2 6 10 Inn Wreath", "3 7 11 12 Flowerpot"], phase="play")
    while r.phase == "play":
        r.apply(r.legal_actions()[0])
    assert len(r.tricks) == 4 and [len(h) for h in r.hands] == [1, 1, 1]
    assert r.declaring_order()[0] == r.trick_winners[-1] == r.current_player()


def test_declaring_starts_option_first_leader():
    opts = KrypkilleOptions(declaring_starts="first_leader")
    r = KrypkilleGame.from_hands(["1 5 9 Pig Mask", "2 6 10 Inn Wreath", "3 7 11 12 Flowerpot"], dealer=1,
                                  phase="play", options=opts)
    assert r.declaring_order() == [1, 2, 0]  # known from the start with this option
    while r.phase == "play":
        r.apply(r.legal_actions()[-1])
    assert r.current_player() == 1


def test_declaring_order_unknown_before_the_fourth_trick():
    with pytest.raises(GameError):
        KrypkilleGame(seed=1).declaring_order()
    with pytest.raises(GameError):
        KrypkilleGame(seed=1).final_cards()


# -- declarations and scoring ------------------------------------------------------------------
@pytest.mark.parametrize("cards, actions, declarer, outcome", [
    ("Pig 1 9", ["pass", "declare"], 1, Outcome.SUCCESS),
    ("Pig 1 9", ["declare"], 0, Outcome.FAILURE),
    ("Pig 1 1", ["pass", "declare"], 1, Outcome.FAILURE),
    ("Pig 1 9", ["pass", "pass", "pass"], None, Outcome.COWARD),
    ("Pig 1 1", ["pass", "pass", "pass"], None, Outcome.VOID),
])
def test_declaration_phase_and_the_four_cases(cards, actions, declarer, outcome):
    r = KrypkilleGame.for_declaration(cards, first_declarer=0)
    r.play(actions)
    assert r.is_terminal() and r.declarer == declarer and r.outcome is outcome
    assert r.scores == score_round(cards, declarer)
    assert r.returns() == [-float(s) for s in r.scores]
    assert r.declarations == [(s, a) for s, a in zip(r.declaring_order(), actions)]


def test_first_declaration_ends_the_phase_at_once():
    r = KrypkilleGame.for_declaration("Pig 1 9 3", first_declarer=2)
    r.apply("pass", player=2)
    r.apply("declare", player=3)
    assert r.phase == "over" and r.declarations == [(2, "pass"), (3, "declare")]
    with pytest.raises(GameOverError):
        r.apply("pass")


def test_returns_are_zero_before_the_end():
    assert KrypkilleGame(seed=2).returns() == [0.0] * 4


# -- illegal actions leave the state unchanged -----------------------------------------------
def _check_refused(r, action, error, player=None, match=None):
    before = copy.deepcopy(r.snapshot())
    with pytest.raises(error, match=match):
        r.apply(action, player=player)
    assert r.snapshot() == before


def test_illegal_discards():
    r = KrypkilleGame.from_hands(["6 7 8 9 10", "1 1 2 3 4"])
    _check_refused(r, "discard 1 2 3 4", TooManyDiscardsError, match="at most 3 cards, not 4")
    _check_refused(r, "discard Pig", CardNotInHandError, match="Pig is not in seat 1's hand")
    _check_refused(r, "discard 2 2", CardNotInHandError, match="holds only 1 2")
    _check_refused(r, "discard 1 1 2 3", TooManyDiscardsError)
    _check_refused(r, "keep all", NotYourTurnError, player=0)
    _check_refused(r, "declare", WrongPhaseError, match="discard phase")
    _check_refused(r, "discard joker", CardParseError)
    r.apply("discard 1 1")
    _check_refused(r, "discard 1", CardNotInHandError, player=0)


def test_illegal_plays():
    r = KrypkilleGame.from_hands(["1 5 9 Pig Mask", "2 6 10 Inn Wreath", "3 7 11 12 Flowerpot"], phase="play")
    _check_refused(r, "Harlequin", CardNotInHandError, match="Harlequin is not in seat 0's hand")
    _check_refused(r, "pass", WrongPhaseError)
    _check_refused(r, "9", NotYourTurnError, player=1)
    r.apply("9")
    _check_refused(r, "Inn", ForcedCardError, match="must play the forced card 10")
    _check_refused(r, "2", ForcedCardError, match="lowest card in hand equal to or stronger than 9")
    _check_refused(r, "keep all", WrongPhaseError)
    _check_refused(r, "play 9 10", ParseError)


def test_illegal_declarations():
    r = KrypkilleGame.for_declaration("Pig 1 9", first_declarer=1)
    _check_refused(r, "declare", NotYourTurnError, player=0, match="seat 1's turn")
    _check_refused(r, "9", WrongPhaseError, match="declare' or 'pass")
    _check_refused(r, "shout", CardParseError)
    r.apply("pass", player=1)
    _check_refused(r, "declare", NotYourTurnError, player=1)


def test_every_refusal_is_an_illegal_action_error_and_a_value_error():
    for err in (CardNotInHandError, ForcedCardError, TooManyDiscardsError, WrongPhaseError):
        assert issubclass(err, IllegalActionError) and issubclass(err, ValueError)


# -- views ------------------------------------------------------------------------------------
def test_view_hides_other_hands_and_discards():
    r = KrypkilleGame(num_players=3, seed=4)
    r.apply(r.legal_actions()[-1])  # seat 1 discards three
    v0, v1 = r.view(0), r.view(1)
    assert v1.discards == tuple(r.discards[1]) and len(v1.discards) == 3 and v0.discards == ()
    assert v0.hand == tuple(r.hands[0]) and v0.hand_sizes == (5, 2, 5)
    assert v0.legal_actions == () and r.view(2).legal_actions  # seat 2 is to discard
    assert len(v1.unseen_cards()) == 42 - 2 - 3
    with pytest.raises(GameError):
        r.view(3)


def test_view_in_the_declaration_phase_counts_unseen_cards():
    r = play_round([HeuristicPlayer(seed=s) for s in range(4)], seed=9)
    fresh = KrypkilleGame(num_players=4, seed=9)
    assert fresh.hands == r.restart().hands
    # replay to the declaration phase
    for action in r.history:
        if fresh.phase == "declare":
            break
        fresh.apply(action)
    v = fresh.view(2)
    assert fresh.phase == "declare" and len(v.played) == 16
    assert len(v.unseen_cards()) == 42 - 16 - 1 - len(v.discards)


# -- whole rounds and matches ---------------------------------------------------------------
def test_restart_replays_the_same_round():
    r = play_round([RandomPlayer(seed=s) for s in range(3)], seed=12)
    again = r.restart().play(r.history)
    assert again.snapshot() | {"rng": None} == r.snapshot() | {"rng": None}


def test_match_rotates_the_dealer_and_keeps_totals():
    m = play_match([HeuristicPlayer(seed=s) for s in range(4)], seed=3, rounds=6)
    assert [res.dealer for res in m.results] == [0, 1, 2, 3, 0, 1]
    assert m.totals == [sum(res.scores[s] for res in m.results) for s in range(4)]
    assert m.returns() == [-float(t) for t in m.totals] and m.is_terminal()
    assert set(m.winners()) <= set(range(4))
    assert "seat 3" in m._repr_html_()


def test_default_match_each_player_deals_once():
    m = play_match([RandomPlayer(seed=s) for s in range(3)], seed=1)
    assert len(m.results) == 3


def test_match_with_elimination_plays_until_one_remains():
    m = play_match([HeuristicPlayer(seed=s) for s in range(4)], seed=5, elimination_total=40)
    assert len(m.active) == 1 or (len(m.active) == 0 and m.eliminated)
    for s in m.eliminated:
        assert m.totals[s] >= 40
    # eliminated players sit out: after a player is out, later rounds have fewer seats
    out_round = {}
    running = [0] * 4
    for res in m.results:
        for s in range(4):
            if s in out_round:
                assert s not in res.seats and res.scores[s] == 0
        running = [a + b for a, b in zip(running, res.scores)]
        for s in range(4):
            if running[s] >= 40 and s not in out_round:
                out_round[s] = res.number
    assert set(out_round) == set(m.eliminated)


def test_match_refuses_bad_settings_and_illegal_actions():
    with pytest.raises(RuleConfigError):
        KrypkilleMatch(num_players=6)
    with pytest.raises(RuleConfigError):
        KrypkilleMatch(rounds=0)
    m = KrypkilleMatch(num_players=3, seed=2)
    before = copy.deepcopy(m.round.snapshot())
    with pytest.raises(TooManyDiscardsError):
        m.apply(Discard(tuple(m.round.hands[1][:4])))
    with pytest.raises(NotYourTurnError):
        m.apply("keep all", player=0)
    assert m.round.snapshot() == before


def test_heuristic_beats_random_on_average():
    totals = [0, 0, 0, 0]
    for i in range(150):
        players = [HeuristicPlayer(seed=i)] + [RandomPlayer(seed=10 * i + s) for s in range(1, 4)]
        r = play_round(players, dealer=i % 4, seed=i)
        totals = [t + s for t, s in zip(totals, r.scores)]
    assert totals[0] < min(totals[1:])


def test_html_renderings_do_not_fail_in_any_phase():
    r = KrypkilleGame(num_players=3, seed=8)
    players = [HeuristicPlayer(seed=s) for s in range(3)]
    while not r.is_terminal():
        html = r._repr_html_() + r.view(0)._repr_html_()
        assert "Krypkille" in html
        seat = r.current_player()
        r.apply(players[seat].act(r.view(seat), tuple(r.legal_actions())))
    assert r.outcome.value.upper() in r._repr_html_()
    assert repr(r).startswith("KrypkilleGame(")


def test_with_elimination_the_deal_passes_to_the_next_player_still_at_the_table():
    m = play_match([HeuristicPlayer(seed=s) for s in range(5)], seed=4, elimination_total=30)
    out: set = set()
    running = [0] * 5
    previous = None
    for res in m.results:
        assert res.dealer not in out and set(res.seats) == set(range(5)) - out
        if previous is not None:
            expected = next((previous + k) % 5 for k in range(1, 6) if (previous + k) % 5 not in out)
            assert res.dealer == expected
        previous = res.dealer
        running = [a + b for a, b in zip(running, res.scores)]
        out |= {s for s in range(5) if running[s] >= 30}
    assert out == set(m.eliminated) and len(out) >= 2   # the check above did see players leave


@pytest.mark.parametrize("kwargs", [
    {"first_dealer": "x"}, {"first_dealer": True}, {"first_dealer": 3}, {"rounds": True},
    {"elimination_total": True}, {"rounds": 2.5},
])
def test_match_settings_of_the_wrong_type_are_refused(kwargs):
    with pytest.raises(RuleConfigError):
        KrypkilleMatch(num_players=3, **kwargs)


@pytest.mark.parametrize("tricks", [
    [[(0, "3"), (5, "4")]],            # seat 5 is not at a 2-player table
    [[(0, "3")]],                      # a trick needs one card from each seat
    [[(0, "3"), (0, "4")]],            # seat 0 twice
])
def test_declaration_puzzle_refuses_impossible_tricks(tricks):
    with pytest.raises(RuleConfigError, match="trick"):
        KrypkilleGame.for_declaration(["Pig", "1"], tricks=tricks)
