"""A whole game of Comrade: trick play, the immediate loss, illegal actions, views, series, variants,
and property tests that random legal games conserve the cards and end by the rules."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from cardgames.cards import SUITS, Card
from cardgames.comrade import (PASS, BidCard, BidCardTakenError, BiddingLoss, BidTooLowError, CardNotInHandError,
                               ComradeGame, ComradeOptions, Deal, MustFollowSuitError, RANKING, Series, WrongPhaseError,
                               bid_cards, rank_for, trick_winner)
from cardgames.comrade.errors import ActionParseError
from cardgames.comrade.display import bid_cards_html, bidding_history_html, tricks_html, won_table_html
from cardgames.errors import GameOverError, IllegalActionError, NotYourTurnError, RuleConfigError

# N: SA H2 D5 | E: SK HA C2 | S: S2 HK D9 | W: S3 DA C5
MINI = "N:A.2.5. K.A..2 2.K.9. 3..A.5"
FULL = "N:KQT2.AT.J6542.85 A9.K8.AKQT.KQT72 J873.QJ9654.3.A4 654.732.987.J963"


def snapshot(g: ComradeGame):
    return (g.phase, g.actions, g.hands, g.bids, g.won, g.tricks, g.current_trick, g.running_total,
            g.current_player(), g.legal_actions(), g.result)


# -- trick play ---------------------------------------------------------------------------------

def test_trick_winner_is_the_highest_card_of_the_led_suit():
    plays = list(zip([0, 1, 2, 3], [Card.parse(c) for c in ["D5", "C2", "D9", "SA"]]))
    assert trick_winner(plays) == 2          # the ace of spades was not the led suit: it never wins


def test_dealer_leads_must_follow_and_counts_by_led_suit():
    g = ComradeGame(MINI, dealer=1)
    g.play(["H1", "S1", "pass", "D1"])        # E H1, S S1, W pass, N D1: total 3
    assert g.phase == "play" and g.current_player() == 1   # the dealer leads
    assert g.legal_actions() == [Card.parse(c) for c in ["SK", "HA", "C2"]]
    g.apply("HA")
    assert g.legal_actions() == [Card.parse("HK")]         # South must follow hearts
    with pytest.raises(MustFollowSuitError, match="must follow"):
        g.apply("S2")
    g.play(["HK", "S3", "H2"])                             # West is void: any card
    assert g.tricks[0].winner == 1 and g.won[1]["H"] == 1 and g.result is None
    g.play(["SK", "S2", "C5", "SA"])                       # E leads spades, N's ace wins
    assert g.tricks[1].winner == 0 and g.won[0]["S"] == 1 and g.result == "loss"
    assert g.loss_reason == "play lost: trick 2: seat 0 (N) won a trick led in spades, a suit they did not bid"


def test_win_after_the_last_trick_when_every_count_equals_its_bid():
    g = ComradeGame(MINI, dealer=0)
    g.play(["S1", "H1", "pass", "D1"])
    g.play(["SA", "SK", "S2", "S3"])          # N wins a spade-led trick
    assert g.result is None and g.phase == "play"
    g.play(["H2", "HA", "HK", "C5"])          # E wins a heart-led trick
    g.play(["C2", "D9", "DA", "D5"])          # E leads C2: S and W cannot follow; C2 wins the club trick
    assert g.result == "loss" and g.play_loss.seat == 1 and g.play_loss.suit == "C"


def test_immediate_loss_stops_the_game_with_cards_still_in_hand():
    g = ComradeGame(MINI, dealer=0)
    g.play(["H1", "pass", "pass", "S2"])      # N bids hearts, W bids 2 spades
    g.play(["SA", "SK", "S2", "S3"])          # N wins a spade trick it did not bid: lost at once
    assert g.phase == "over" and g.is_terminal() and g.result == "loss"
    assert all(len(h) == 2 for h in g.hands) and g.returns() == [-1.0] * 4
    with pytest.raises(GameOverError):
        g.apply("H2")


def test_more_tricks_than_bid_loses_at_that_trick():
    deal = Deal.from_pbn("N:AK... QJ... T9... 87...")
    g = ComradeGame(deal).play(["S1", "pass", "pass", "C1"])   # W C1 is never led: 1 + 1 = 2
    g.play(["SA", "SQ", "ST", "S8"])
    assert g.result is None
    g.play(["SK", "SJ", "S9", "S7"])
    assert g.result == "loss" and "won trick number 2 led in spades, but bid only 1" in g.loss_reason


def test_played_out_option_keeps_playing_and_remembers_the_moment():
    g = ComradeGame(MINI, dealer=0, options=ComradeOptions(stop_at_loss=False))
    g.play(["H1", "pass", "pass", "S2"])
    g.play(["SA", "SK", "S2", "S3"])
    assert g.result is None and g.phase == "play" and g.play_loss.trick == 1
    while not g.is_terminal():
        g.apply(g.legal_actions()[0])
    assert g.result == "loss" and len(g.tricks) == 3 and g.play_loss.trick == 1
    assert "LOST at trick 1" in won_table_html(g) and "LOST" not in won_table_html(g, upto=0)


# -- actions, errors and the state left unchanged ---------------------------------------------------

def test_parse_action_depends_on_the_phase():
    g = ComradeGame(MINI)
    assert g.parse_action("pass") == PASS and g.parse_action("h3") == BidCard("H", 3)
    assert g.parse_action("SA") == BidCard("S", 1)           # the ace is the bid card 1
    with pytest.raises(WrongPhaseError, match="playing card"):
        g.apply("SK")
    with pytest.raises(WrongPhaseError):
        g.apply(Card.parse("S2"))
    with pytest.raises(ActionParseError):
        g.apply("hello")
    g.play(["S1", "H1", "pass", "D1"])
    assert g.parse_action("H10") == Card("H", 10) and g.parse_action("SA") == Card("S", 14)
    with pytest.raises(WrongPhaseError, match="play a card"):
        g.apply("pass")
    with pytest.raises(WrongPhaseError):
        g.apply(BidCard("H", 3))


@pytest.mark.parametrize("setup, action, player, error", [
    ([], "H3", 1, NotYourTurnError),
    (["H3"], "H3", None, BidCardTakenError),
    (["H3", "pass", "pass", "pass"], "H2", None, BidTooLowError),
    (["H3", "S2", "pass", "pass"], "S2", None, BidCardTakenError),
    (["S1", "H1", "pass", "D1"], "SK", None, CardNotInHandError),
    (["S1", "H1", "pass", "D1", "SA"], "HA", None, MustFollowSuitError),
    (["S1", "H1", "pass", "D1", "SA"], "SA", None, CardNotInHandError),
    (["S1", "H1", "pass", "D1", "SA"], "SK", 2, NotYourTurnError),
])
def test_illegal_actions_raise_specific_errors_and_change_nothing(setup, action, player, error):
    g = ComradeGame(FULL if "H3" in setup else MINI).play(setup)
    before = snapshot(g)
    with pytest.raises(error) as info:
        g.apply(action, player=player)
    assert isinstance(info.value, IllegalActionError) and info.value.reason
    assert snapshot(g) == before
    assert g.explain_illegal(action) != "it is legal" or error is NotYourTurnError


def test_bad_setup():
    with pytest.raises(RuleConfigError):
        ComradeGame(MINI, dealer=4)
    with pytest.raises(RuleConfigError):
        ComradeGame(MINI).view(7)


# -- views, replay, clone ---------------------------------------------------------------------------

def test_view_shows_own_hand_bids_and_played_cards_only():
    g = ComradeGame(MINI).play(["S1", "H1", "pass", "D1", "SA"])
    v = g.view(1)
    assert v.hand == g.hands[1] and v.hand_sizes == (2, 3, 3, 3)
    assert v.bids == tuple(g.bids) and v.played_cards == (Card.parse("SA"),)
    assert v.legal_actions == (Card.parse("SK"),) and g.view(2).legal_actions == ()
    def cards_in(obj):
        if isinstance(obj, Card):
            yield obj
        elif isinstance(obj, (tuple, list)):
            for x in obj:
                yield from cards_in(x)
        elif hasattr(obj, "__dataclass_fields__"):
            for name in obj.__dataclass_fields__:
                yield from cards_in(getattr(obj, name))

    seen = set(cards_in(v))
    assert seen == set(g.hands[1]) | {Card.parse("SA")}   # own hand and the played card, nothing else
    assert "face down" in v._repr_html_()


def test_actions_replay_and_clone_is_independent():
    g = ComradeGame(Deal.random(11), dealer=3)
    rng = random.Random(0)
    while not g.is_terminal() and len(g.history) < 20:
        g.apply(rng.choice(g.legal_actions()))
    again = ComradeGame(Deal.random(11), dealer=3).play(g.actions)
    assert snapshot(again) == snapshot(g)
    if not g.is_terminal():
        c = g.clone()
        c.apply(c.legal_actions()[-1])
        assert snapshot(again) == snapshot(g) and len(c.history) == len(g.history) + 1


# -- cross-check the trick play against a plain brute force ----------------------------------------

def plain_plays(hands, leader):
    """Every legal sequence of tricks, with a plain must-follow rule (no engine code)."""
    if not hands[0]:
        yield []
        return
    n = len(hands)

    def rec(hands, trick, seat):
        if len(trick) == n:
            led = trick[0][1].suit
            winner = max((p for p in trick if p[1].suit == led), key=lambda p: p[1].rank)[0]
            for rest in plain_plays(hands, winner):
                yield [trick] + rest
            return
        hand = hands[seat]
        options = [c for c in hand if trick and c.suit == trick[0][1].suit] or list(hand) if trick else list(hand)
        for c in options:
            new = [list(h) for h in hands]
            new[seat].remove(c)
            yield from rec(new, trick + [(seat, c)], (seat + 1) % n)

    yield from rec([list(h) for h in hands], [], leader)


def plain_counts(tricks):
    counts = {}
    for t in tricks:
        led = t[0][1].suit
        w = max((p for p in t if p[1].suit == led), key=lambda p: p[1].rank)[0]
        counts[(w, led)] = counts.get((w, led), 0) + 1
    return counts


def one_lap_bidding(counts):
    """Bid exactly ``counts`` in the first lap, if each seat has one suit and the cards differ."""
    by_seat = {}
    for (w, s), k in counts.items():
        by_seat.setdefault(w, []).append(BidCard(s, k))
    cards = [c for v in by_seat.values() for c in v]
    if any(len(v) > 1 for v in by_seat.values()) or len(set(cards)) < len(cards):
        return None
    return [str(by_seat[s][0]) if s in by_seat else "pass" for s in range(4)]


def test_engine_agrees_with_brute_force_on_every_play_of_small_deals():
    wins = losses = 0
    for seed in range(6):
        deal = Deal.random(seed, hand_size=3)
        plays = list(itertools.islice(plain_plays(deal.hands, 0), 300))
        target_bid = None
        for tricks in plays:
            bids = one_lap_bidding(plain_counts(tricks))
            if bids is None:
                continue
            target_bid = target_bid or (bids, plain_counts(tricks))
            g = ComradeGame(deal, dealer=0)
            g.play(bids[: max(i for i, b in enumerate(bids) if b != "pass") + 1])
            assert g.phase == "play"
            g.play([str(c) for t in tricks for _, c in t])
            assert g.result == "win"
            wins += 1
        # with one fixed bid, every play: the engine's verdict and the moment of loss match a plain recount
        if target_bid is None:
            continue
        bids, wanted = target_bid
        for tricks in plays:
            g = ComradeGame(deal, dealer=0)
            g.play(bids[: max(i for i, b in enumerate(bids) if b != "pass") + 1])
            counts, first_bad = {}, None
            for i, t in enumerate(tricks, 1):
                c = plain_counts([t])
                (key, _), = c.items()
                counts[key] = counts.get(key, 0) + 1
                if first_bad is None and counts[key] > wanted.get(key, 0):
                    first_bad = i
            cards = [str(c) for t in tricks[: first_bad or len(tricks)] for _, c in t]
            g.play(cards)
            assert g.result == ("win" if first_bad is None else "loss")
            assert g.is_terminal() and len(g.tricks) == (first_bad or len(tricks))
            losses += first_bad is not None
    assert wins > 20 and losses > 100


# -- series and ranking ---------------------------------------------------------------------------

def test_ranking_table():
    assert [r.label for r in RANKING] == ["Excellent", "Good", "Average", "Bad", "Low"]
    assert [rank_for(w) for w in range(4, -1, -1)] == ["Excellent", "Good", "Average", "Bad", "Low"]
    with pytest.raises(RuleConfigError):
        rank_for(5)


def test_series_rotates_the_dealer_and_ranks_the_team():
    s = Series.random(4, first_dealer=1)
    assert [g.dealer for g in s.games] == [1, 2, 3, 0] and s.rank is None
    # game 1: all pass -> loss; game 2..4: overshoot -> loss, except we win game 3 on a 1-card mini deal
    s = Series(["N:A... K... Q... J..."] * 4)
    for i, g in enumerate(s.games):
        if i == 2:                      # dealer S passes, W passes, N takes S1; S leads SQ and N's ace wins
            g.play(["pass", "pass", "S1", "SQ", "SJ", "SA", "SK"])
        else:
            g.play(["pass"] * 4)
    assert s.results == ["loss", "loss", "win", "loss"] and s.wins == 1 and s.rank == "Bad"
    assert "Bad" in s._repr_html_() and s.current is None
    with pytest.raises(RuleConfigError):
        Series(["N:A... K... Q... J..."] * 3)


# -- the 3-player variant -------------------------------------------------------------------------

def test_three_player_game():
    g = ComradeGame(Deal.random(8, players=3), dealer=2)
    assert g.total == 12 and g.num_players == 3 and len(bid_cards(g.variant)) == 16
    assert g.current_player() == 2
    assert all(a == PASS or a.value <= 4 for a in g.legal_actions())
    g.play(["S4", "H4", "D4"])           # 12: done within the first lap
    assert g.phase == "play" and g.current_player() == 2
    while not g.is_terminal():
        g.apply(g.legal_actions()[0])
    assert g.result in ("win", "loss") and len(g.tricks) <= 12


# -- properties of random legal games ----------------------------------------------------------------

def random_game(seed: int, players: int, hand_size: int | None, careful: bool, stop: bool) -> ComradeGame:
    rng = random.Random(seed)
    deal = Deal.random(rng, players, hand_size)
    g = ComradeGame(deal, dealer=rng.randrange(players), options=ComradeOptions(stop_at_loss=stop))
    steps = 0
    while not g.is_terminal():
        legal = g.legal_actions()
        assert legal and g.current_player() is not None
        if g.phase == "bidding" and careful:
            seat = g.current_player()
            fitting = [a for a in legal if a != PASS and g.bidding.fits(a, seat)]
            action = rng.choice(fitting) if fitting and rng.random() < 0.8 else PASS
        else:
            action = rng.choice(legal)
        g.apply(str(action) if rng.random() < 0.5 else action)
        steps += 1
        # the cards are conserved at every step
        held = [c for h in g.hands for c in h]
        played = [c for t in g.tricks for c in t.cards] + [c for _, c in g.current_trick]
        assert len(held) + len(played) == players * deal.hand_size
        assert sorted(held + played, key=lambda c: c.sort_key) == sorted(
            [c for h in deal.hands for c in h], key=lambda c: c.sort_key)
        assert steps <= 3 * players + players * deal.hand_size
    return g


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.sampled_from([3, 4]), size=st.sampled_from([None, 2, 4, 6]),
       careful=st.booleans(), stop=st.booleans())
@example(seed=23204, players=3, size=None, careful=True, stop=False)    # lap 3: seat 1 holds ♣4, no card fits
def test_random_legal_games_conserve_cards_and_end_by_the_rules(seed, players, size, careful, stop):
    g = random_game(seed, players, size, careful, stop)
    target = g.total
    b = g.bidding
    assert g.result in ("win", "loss") and g.returns() == [1.0 if g.result == "win" else -1.0] * players
    if b.loss is not None:
        steps = b.history
        assert g.trickplay is None and g.result == "loss"
        if b.loss is BiddingLoss.OVERSHOOT:
            assert steps[-1].action != PASS and b.running_total > target
        elif b.loss is BiddingLoss.ALL_PASSED:
            assert all(s.action == PASS for s in steps[-players:]) and len(steps) >= players
        elif b.loss is BiddingLoss.LAPS_RUN_OUT:
            assert len(steps) == 3 * players and b.running_total < target
        else:   # the default reading: the player to act could take no card within the total
            assert b.loss is BiddingLoss.NOTHING_FITS and g.options.nothing_fits == "player_to_act"
            seat = (b.dealer + b.turns) % players
            assert b.running_total < target and not any(b.fits(c, seat) for c in b.middle)
        return
    # the bids add up to the number of tricks, each value within the variant, at most 3 suits each
    assert sum(v for bids in g.bids for v in bids.values()) == target
    assert all(len(bids) <= 3 and all(v in g.variant.bid_values for v in bids.values()) for bids in g.bids)
    # recount the tricks independently
    counts = [{s: 0 for s in SUITS} for _ in range(players)]
    first_bad = None
    for i, t in enumerate(g.tricks, 1):
        led = t.plays[0][1].suit
        w = max((p for p in t.plays if p[1].suit == led), key=lambda p: p[1].rank)[0]
        assert w == t.winner and t.plays[0][0] == (g.dealer if i == 1 else g.tricks[i - 2].winner)
        counts[w][led] += 1
        if first_bad is None and counts[w][led] > g.bids[w].get(led, 0):
            first_bad = i
    assert counts == g.won
    if first_bad is None:
        assert len(g.tricks) == g.deal.hand_size and g.result == "win"
        assert all(counts[p][s] == g.bids[p].get(s, 0) for p in range(players) for s in SUITS)
    else:
        assert g.result == "loss" and g.play_loss.trick == first_bad
        assert len(g.tricks) == (first_bad if stop else g.deal.hand_size)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**9), steps=st.integers(0, 30))
def test_apply_accepts_exactly_the_legal_actions(seed, steps):
    rng = random.Random(seed)
    g = ComradeGame(Deal.random(rng, hand_size=5), dealer=rng.randrange(4))
    for _ in range(steps):
        if g.is_terminal():
            break
        seat = g.current_player()
        fitting = [a for a in g.legal_actions() if a == PASS or not isinstance(a, BidCard) or g.bidding.fits(a, seat)]
        g.apply(rng.choice(fitting))
    if g.is_terminal():
        return
    legal = set(g.legal_actions())
    candidates = [PASS, *bid_cards()] + [Card(s, r) for s in SUITS for r in range(2, 15)]
    for a in candidates:
        before = snapshot(g)
        try:
            g.child(a)
            accepted = True
        except IllegalActionError:
            accepted = False
        assert accepted == (a in legal), a
        assert snapshot(g) == before


def test_html_views_render():
    g = ComradeGame(MINI).play(["S1", "H1", "pass", "D1", "SA", "SK", "S2", "S3"])
    for html in (bid_cards_html(g), bidding_history_html(g), tricks_html(g), won_table_html(g), g._repr_html_()):
        assert html.startswith("<") and "</table>" in html
    assert "1/1" in won_table_html(g)


def test_the_ace_is_high_in_play_by_default_and_low_with_the_option():
    """Rules page, Trick play: in play the ace is the highest card (a named option,
    ``ComradeOptions.ace_high``, default True); the bid cards count the ace as 1 either way."""
    from cardgames.comrade import ComradeOptions
    from cardgames.comrade.play import play_rank, trick_winner

    assert ComradeOptions().ace_high is True
    plays = [(0, Card.parse("SK")), (1, Card.parse("SA")), (2, Card.parse("S2")), (3, Card.parse("HA"))]
    assert trick_winner(plays) == 1 and trick_winner(plays, ace_high=False) == 0
    assert play_rank(Card.parse("DA"), ace_high=False) < play_rank(Card.parse("D2"), ace_high=False)
    assert BidCard.parse("HA").value == 1
    deal = "N:A... K... Q... J..."            # one card each, North deals and leads the ace
    high = ComradeGame(deal).play(["S1", "SA", "SK", "SQ", "SJ"])
    assert high.result == "win" and high.tricks[0].winner == 0
    low = ComradeGame(deal, options=ComradeOptions(ace_high=False)).play(["S1",
                                                                      "SA", "SK", "SQ", "SJ"])
    assert low.tricks[0].winner == 1 and low.result == "loss"
    assert "did not bid" in low.loss_reason


@pytest.mark.parametrize("players", [3, 4])
def test_every_bidding_views_lap_is_the_biddings_own(players):
    """``view.bidding_lap`` (what the players read) counts the laps (周) as the engine's bidding does."""
    rng = random.Random(players)
    laps = set()
    for seed in range(30):
        g = ComradeGame(Deal.random(seed, players=players), seed % players)
        while g.phase == "bidding":
            for seat in range(players):
                assert g.view(seat).bidding_lap == g.bidding.lap
            laps.add(g.bidding.lap)
            g.apply(rng.choice(g.legal_actions()))
    assert {1, 2} <= laps                              # random biddings reach the second lap
