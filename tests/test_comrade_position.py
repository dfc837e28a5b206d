"""solve_position and analyse on full 13-card deals: certificates continue from the position, phases, input."""

from __future__ import annotations

import random

import pytest

from cardgames.comrade import ComradeGame, ComradeOptions, Deal
from cardgames.errors import RuleConfigError
from solvers.comrade import analyse, solve, solve_position
from solvers.comrade.position import BiddingReach, PositionError, PositionResult


def certified_game(seed):
    deal = Deal.random(seed)
    r = solve(deal, seed % 4)
    assert r.verdict == "win"
    return deal, seed % 4, list(r.bidding), [c for t in r.tricks for c in t]


@pytest.mark.parametrize("seed", range(4))
def test_mid_play_certificates_continue_from_the_position(seed):
    deal, dealer, bidding, cards = certified_game(seed)
    rng = random.Random(seed)
    for k in (0, 1, 6, 25, 51):                  # trick boundaries and the middle of tricks
        game = ComradeGame(deal, dealer).play(bidding + cards[:k])
        r = solve_position(game)
        assert r.verdict == "win" and r.phase == "play"
        assert len(r.certificate) == 52 - k
        assert r.replay(game).result == "win" and game.actions == bidding + cards[:k]
    # a random card may throw the win away; then no certificate
    game = ComradeGame(deal, dealer).play(bidding)
    for _ in range(8):
        if game.phase != "play":
            break
        game.apply(rng.choice(game.legal_actions()))
    r = solve_position(game)
    assert r.verdict in ("win", "no_win")
    assert (r.certificate is None) == (r.verdict == "no_win")


def test_a_fresh_deal_agrees_with_solve_and_the_bidding_is_continued():
    deal, dealer, bidding, _ = certified_game(11)
    game = ComradeGame(deal, dealer)
    r = solve_position(game)
    assert r.verdict == "win" and r.phase == "bidding"
    end = r.replay(game)
    assert end.result == "win"
    mid = ComradeGame(deal, dealer).play(bidding[:2])
    r = solve_position(mid)
    assert r.verdict == "win" and r.replay(mid).result == "win"
    # the bids already taken stay: the certificate's final bids are at least those
    for p, bids in enumerate(mid.bids):
        for s, v in bids.items():
            assert r.bids[p]["SHDC".index(s)] >= v


def test_finished_games_and_lost_ones():
    g = ComradeGame("N:A.K.. K.A.. Q.Q.. J.J..", dealer=0).play(["S1", "H1", "SA", "SK", "SQ", "SJ",
                                                                  "HK", "HA", "HQ", "HJ"])
    r = solve_position(g)
    assert (r.verdict, r.certificate) == ("win", ())
    over = ComradeGame("N:A.K.. K.A.. Q.Q.. J.J..", dealer=0).play(["S1", "S2"])    # the bids pass 2
    assert over.phase == "over"
    r = solve_position(over)
    assert r.verdict == "no_win" and "bidding lost" in r.reason
    with pytest.raises(PositionError):
        r.replay(over)
    # played on after a loss (a rule option): still no win
    played_out = ComradeGame("N:A.K.. K.A.. Q.Q.. J.J..", dealer=0, options=ComradeOptions(stop_at_loss=False))
    played_out.play(["H1", "S1", "SA", "SK", "SQ", "SJ"])          # North wins a spade trick, bid only hearts
    assert played_out.phase == "play" and played_out.play_loss is not None
    assert solve_position(played_out).verdict == "no_win"


def test_bad_input_is_refused():
    with pytest.raises(TypeError, match="needs a ComradeGame, not str"):
        solve_position("N:A.K.. K.A.. Q.Q.. J.J..")
    with pytest.raises(TypeError, match="needs a ComradeGame"):
        analyse(Deal.random(1))


def test_analyse_table_and_html():
    deal, dealer, bidding, cards = certified_game(3)
    game = ComradeGame(deal, dealer).play(bidding + cards[:5])
    table = analyse(game)
    assert [r.action for r in table] == [str(a) for a in game.legal_actions()]
    assert cards[5] in table.winning or table.winning
    html = table._repr_html_()
    assert "<table" in html and all(r.action in html for r in table)
    assert isinstance(table[0].result, PositionResult)


def test_analyse_can_stop_after_enough_winners_or_its_budget():
    game = ComradeGame("N:A.K.. K.A.. Q.Q.. J.J..", dealer=0)          # the bidding: many bids keep a win
    full = analyse(game, time_limit=None)
    assert full.complete and len(full.winning) >= 2
    first = analyse(game, time_limit=None, enough=1)
    assert not first.complete and len(first.winning) == 1
    assert [(r.action, r.verdict) for r in first] == [(r.action, r.verdict) for r in full][:len(first)]
    assert first[-1].verdict == "win"                                  # it stopped at the first winner
    assert analyse(game, time_limit=None, enough=len(full)).complete   # never more than there are
    at_once = analyse(game, time_limit=None, budget=0)
    assert len(at_once) == 1 and not at_once.complete                  # one action, then the budget is spent
    for bad in (0, -1, True, 1.5, "2"):
        with pytest.raises(RuleConfigError, match="enough must be a number of actions"):
            analyse(game, enough=bad)
    with pytest.raises(RuleConfigError, match="time limit nan"):
        analyse(game, budget=float("nan"))


def test_bidding_reach_respects_the_laps():
    g = ComradeGame(Deal.random(2), dealer=0).play(["pass"] * 3 + ["S1"] + ["pass"] * 3)
    reach = BiddingReach(g)             # West to act; North and East have one turn left each
    north_three_suits = [1, 2, 3, 0] + [0] * 4 + [0] * 4 + [1, 0, 0, 6]
    assert reach.actions(north_three_suits) is None
    # three passes in a row so far: West may not pass (a fourth loses), so West must raise its spades
    assert reach.actions([0, 0, 0, 6] + [0, 6, 0, 0] + [0] * 4 + [1, 0, 0, 0]) is None
    assert reach.actions([0, 0, 0, 6] + [0, 5, 0, 0] + [0] * 4 + [2, 0, 0, 0]) == ("S2", "C6", "H5")
    assert ComradeGame(Deal.random(2), dealer=0).play(g.actions + ["S2", "C6", "H5"]).phase == "play"


def test_a_node_limit_gives_the_same_answer_every_time():
    """A node budget (unlike a time limit) is machine-independent: a seeded study relies on it."""
    deal, dealer, bidding, cards = certified_game(3)
    game = ComradeGame(deal, dealer).play(bidding + cards[:5])
    tiny = [solve_position(game, time_limit=None, node_limit=3, engine="search") for _ in range(2)]
    assert [r.verdict for r in tiny] == ["unknown", "unknown"]
    assert tiny[0].nodes == tiny[1].nodes <= 4
    full = solve_position(game, time_limit=None, node_limit=10**6, engine="search")
    assert full.verdict == "win" and full.nodes <= 10**6
    rows = analyse(game, time_limit=None, node_limit=3, engine="search")
    assert {r.verdict for r in rows} <= {"unknown", "no_win"}
    assert [r.verdict for r in analyse(game, time_limit=None, node_limit=10**6, engine="search")].count("win") >= 1
    mid_bidding = ComradeGame(deal, dealer).play(bidding[:1])
    assert solve_position(mid_bidding, time_limit=None, node_limit=3, engine="search").verdict == "unknown"


def test_fixed_bids_rules_agree_with_the_plain_search_on_full_deals(monkeypatch):
    """Late positions of 13-card games, off the winning line: the refutation rules (fixed-bids
    discards, blocked suits, who can lead) never change a verdict of the plain search."""
    import solvers.comrade.position as position
    from solvers.comrade.search import PlaySearch, SearchOptions

    def Plain(*a, **k) -> PlaySearch:      # a factory, not a subclass: the compiled search has native classes
        k["options"] = SearchOptions(refute=False)
        return PlaySearch(*a, **k)

    rng = random.Random(21)
    seen = set()
    checked = 0
    while checked < 16:
        deal, dealer, bidding, cards = certified_game(rng.randrange(10**6))
        game = ComradeGame(deal, dealer).play(bidding)
        for i in range(rng.randrange(28, 40)):
            if game.phase != "play":
                break
            legal = [str(a) for a in game.legal_actions()]
            game.apply(cards[i] if cards[i] in legal and rng.random() < 0.93 else rng.choice(legal))
            if game.actions[-1] != cards[i]:
                cards = [None] * 52
        if game.phase != "play":
            continue
        eager = position.solve_position(game, time_limit=None, engine="search")
        with monkeypatch.context() as m:
            m.setattr(position, "PlaySearch", Plain)
            plain = position.solve_position(game, time_limit=None, engine="search")
        assert eager.verdict == plain.verdict, game.actions
        seen.add(eager.verdict)
        checked += 1
    assert seen == {"win", "no_win"}
