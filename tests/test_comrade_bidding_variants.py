"""The opt-in variants of the strongest player's bidding decision: off by default, what they change, seated.

``CardSearchSettings.fill_candidates`` (more candidate bids in the last laps, the other suits' fills among them)
and ``bid_doubt`` / ``bid_doubt_margin`` (a smaller margin against a card's bid that looks unmakeable), the study
kinds ``bidding:NAME`` that play them (and ``search:NAME``, among them ``play_doubt``, the same doubt for a card in
the play), and the benchmark that pairs them with the stored strongest table.
"""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

from cardgames.cards import SUITS
from cardgames.comrade import ComradeGame, Deal
from cardgames.comrade.bidding import BidCard
from cardgames.errors import PlayerOptionError
from solvers.comrade_players.cardsearch import CardSearchPlayer, CardSearchSettings, _fills, candidates, fill_room
from solvers.comrade_players.convention import ConventionCard, _Bidding
from solvers.studies.comrade_tables import (VARIANT_KINDS, VARIANTS, GameRecord, deal_for_seed, load,
                                            make_table, save)

CARD = ConventionCard()


def card_bidding_views(seed: int, dealer: int):
    """Every bidding decision of deal ``seed`` with four card players: ``(lap, view, legal)``."""
    game = ComradeGame(Deal.random(seed), dealer=dealer)
    out = []
    while game.phase == "bidding" and not game.is_terminal():
        seat = game.current_player()
        view, legal = game.view(seat), game.legal_actions()
        out.append((game.bidding.lap, view, legal, game))
        game = game.clone()
        game.apply(CARD.choose(view, legal))
    return out


def lap3_bid(seed: int = 1, dealer: int = 1):
    """The first lap-3 decision of deal ``seed`` at which the card takes a bid card (its fill, rule B6)."""
    for lap, view, legal, game in card_bidding_views(seed, dealer):
        if lap == 3 and isinstance(CARD.choose(view, legal), BidCard):
            return view, legal, game
    raise AssertionError(f"deal {seed}: the card takes no bid card in lap 3")


def test_the_variants_are_off_by_default_and_checked():
    s = CardSearchSettings()
    assert (s.fill_candidates, s.bid_doubt) == (None, None)
    with pytest.raises(PlayerOptionError, match="fill_candidates"):
        CardSearchSettings(fill_candidates=0)
    with pytest.raises(PlayerOptionError, match="bid_doubt is a share"):
        CardSearchSettings(bid_doubt=1.5)
    with pytest.raises(PlayerOptionError, match="bid_doubt_margin"):
        CardSearchSettings(bid_doubt=0.5, bid_doubt_margin=-0.1)


def test_the_default_player_tries_the_same_candidates_with_the_same_margins():
    """Off, the variants change nothing: the same width (no fills) and the margins of the budget, in every lap."""
    p = CardSearchPlayer()
    for lap, view, legal, _ in card_bidding_views(1, 1):
        margin = p.budget(view)[1]
        assert p.width(view) == (3, False)
        assert [p.doubtful(view, score, margin) for score in (0.0, 0.3, 0.9)] == [margin] * 3


def test_fill_candidates_widen_only_the_late_bids_and_doubt_only_lowers_the_margin_for_doubtful_bids():
    p = CardSearchPlayer(fill_candidates=6, bid_doubt=0.5, bid_doubt_margin=0.05)
    laps = set()
    for lap, view, legal, _ in card_bidding_views(1, 1):
        laps.add(lap)
        margin = p.budget(view)[1]
        assert p.width(view) == ((6, True) if lap >= 3 else (3, False))
        assert p.doubtful(view, 0.49, margin) == min(margin, 0.05)
        assert p.doubtful(view, 0.5, margin) == margin == p.doubtful(view, 0.8, margin)
    assert laps == {1, 2, 3}
    assert CardSearchPlayer(fill_candidates=6, late_lap=None).width(lap3_bid()[0]) == (3, False)
    late = CardSearchPlayer(bid_doubt=0.5, bid_doubt_margin=0.05, bid_doubt_lap=3)
    for lap, view, legal, _ in card_bidding_views(1, 1):
        margin = late.budget(view)[1]
        assert late.doubtful(view, 0.1, margin) == (0.05 if lap >= 3 else margin)


def card_play_views(seed: int, dealer: int, n: int = 8):
    """The first ``n`` play decisions of deal ``seed`` with four card players: ``(view, legal)``."""
    game = ComradeGame(Deal.random(seed), dealer=dealer)
    out = []
    while not game.is_terminal() and len(out) < n:
        seat = game.current_player()
        view, legal = game.view(seat), game.legal_actions()
        if game.phase == "play":
            out.append((view, legal))
        game.apply(CARD.choose(view, legal))
    return out


def test_play_doubt_lowers_the_margin_only_for_a_doubtful_card_in_the_play():
    """``play_doubt``: in the play, a card of the card's that scores below it is left by ``play_doubt_margin``;
    the bidding's margins stay as they were, and a player without it keeps the play margin everywhere."""
    with pytest.raises(PlayerOptionError, match="play_doubt is a share"):
        CardSearchSettings(play_doubt=-0.5)
    with pytest.raises(PlayerOptionError, match="play_doubt_margin"):
        CardSearchSettings(play_doubt=0.5, play_doubt_margin=2)
    doubting, plain = CardSearchPlayer(play_doubt=0.5, play_doubt_margin=0.05), CardSearchPlayer()
    plays = card_play_views(2, 2)
    assert plays
    for view, _ in plays:
        margin = doubting.budget(view)[1]
        assert margin == plain.margin == 0.15
        assert doubting.doubtful(view, 0.49, margin) == 0.05
        assert doubting.doubtful(view, 0.5, margin) == margin == plain.doubtful(view, 0.1, margin)
    for _, view, _, _ in card_bidding_views(1, 1):
        margin = doubting.budget(view)[1]
        assert doubting.doubtful(view, 0.1, margin) == margin


def test_fill_room_is_the_cards_rule_b6():
    """:func:`fill_room` against the card's own B6 room on random hands and bids, every suit."""
    rng = random.Random(5)
    checked = 0
    for seed in range(40):
        for lap, view, legal, _ in card_bidding_views(seed, seed % 4):
            if rng.random() < 0.5:
                continue
            b = _Bidding(view, legal, CARD.rules, CARD._rank)
            for s in SUITS:
                assert fill_room(view.hand, s, view.bids[view.seat].get(s, 0)) == b.fill_room(s)
                checked += 1
    assert checked > 200


def test_the_fill_candidates_add_as_much_to_the_total_in_other_suits():
    """With ``fills``, after the card's bid and the usual alternatives, the bids of the other suits that raise the
    seat's total by as much (then one less), the suits with the most room first; all legal, none twice, and
    without ``fills`` the list is the usual one."""
    found = 0
    for seed in range(12):
        for lap, view, legal, _ in card_bidding_views(seed, seed % 4):
            choice = CARD.choose(view, legal)
            if lap < 3 or not isinstance(choice, BidCard):
                continue
            plain = candidates(view, legal, CARD, 3)
            assert candidates(view, legal, CARD, 3, fills=False) == plain
            wide = candidates(view, legal, CARD, 12, fills=True)
            assert wide[0] == plain[0] == choice
            assert len(set(map(str, wide))) == len(wide) and all(a in legal for a in wide)
            mine = view.bids[view.seat]
            more = choice.value - mine.get(choice.suit, 0)
            fills = _fills(view, legal, choice, True)
            raises = [a.value - mine.get(a.suit, 0) for a in fills]
            assert all(a in legal and a.suit != choice.suit for a in fills)
            assert raises == sorted(raises, reverse=True) and set(raises) <= {more, more - 1}
            for step in (more, more - 1):
                block = [a for a, r in zip(fills, raises) if r == step]
                rooms = [fill_room(view.hand, a.suit, mine.get(a.suit, 0)) for a in block]
                assert rooms == sorted(rooms, reverse=True)
                possible = {BidCard(s, mine.get(s, 0) + step) for s in SUITS if s != choice.suit and step >= 1
                            and mine.get(s, 0) + step <= 6 and BidCard(s, mine.get(s, 0) + step) in legal}
                assert set(block) == possible
            assert set(fills) <= set(wide)          # twelve are room enough for every fill
            found += bool(fills)
    assert found >= 5


def test_a_doubtful_card_bid_is_left_by_the_smaller_margin():
    """The acceptance rule as :meth:`CardSearchPlayer.act` applies it: the card's bid is kept unless another
    candidate scores at least the margin more, and the margin is ``bid_doubt_margin`` when the card's bid scores
    below ``bid_doubt``.  With ``bid_doubt=1`` and a margin of 0 every bid is doubtful: the best score wins."""
    view, legal, _ = lap3_bid()
    for options in ({}, {"bid_doubt": 1.0, "bid_doubt_margin": 0.0}, {"bid_doubt": 0.5, "bid_doubt_margin": 0.05}):
        for seed in range(3):
            p = CardSearchPlayer(late_bid_samples=4, seed=seed, fill_candidates=5, **options)
            action = p.act(view, legal)
            choice = CARD.choose(view, legal)
            scores = p.last_scores
            margin = p.doubtful(view, scores[str(choice)], p.budget(view)[1])
            if options.get("bid_doubt") == 1.0:
                assert margin == 0.0
                assert scores[str(action)] == max(scores.values())
            if action != choice:
                assert scores[str(action)] >= scores[str(choice)] + margin - 1e-9
            else:
                assert all(v < scores[str(choice)] + margin for k, v in scores.items() if k != str(choice))


def swapped(game: ComradeGame, seats: tuple[int, int]) -> ComradeGame:
    """The same game with the hands of two other seats exchanged, the same actions replayed."""
    hands = list(game.deal.hands)
    a, b = seats
    hands[a], hands[b] = hands[b], hands[a]
    other = ComradeGame(Deal(hands, game.deal.variant), dealer=game.dealer)
    for action in game.actions:
        other.apply(action)
    return other


@pytest.mark.parametrize("kind", VARIANT_KINDS)
def test_a_variant_player_acts_the_same_in_an_alternate_world_with_the_same_view(kind):
    """A copy of the variant's player handed the same view from another world (two other seats' hands swapped)
    takes the same action: it reads nothing but its seat's view."""
    view, legal, game = lap3_bid()
    seat = view.seat
    others = [p for p in range(4) if p != seat]
    alternate = swapped(game, (others[0], others[2]))
    assert alternate.view(seat) == view and alternate.hands != game.hands
    one, two = make_table(kind, 1)[seat], make_table(kind, 1)[seat]
    assert one.act(view, legal) == two.act(alternate.view(seat), alternate.legal_actions())
    assert one.last_scores == two.last_scores


def test_a_variant_kind_is_the_strongest_table_with_its_options():
    for kind in VARIANT_KINDS:
        for seed in (0, 7):
            table, best = make_table(kind, seed), make_table("best", seed)
            assert [p.seed for p in table] == [p.seed for p in best]
            for p in table:
                for option, value in VARIANTS[kind].items():
                    assert getattr(p.settings, option) == value
    with pytest.raises(ValueError, match=r"unknown kind of player 'bidding:nothing': .* \(NAME: fills, doubt, "):
        make_table("bidding:nothing", 0)


def test_a_study_of_a_variant_kind_is_saved_and_loaded(tmp_path):
    path = tmp_path / "variant.json"
    save([GameRecord(3, "bidding:fills", "win", None, ("S1", "pass"), 1.0)], path,
         {"kinds": {"bidding:fills": {"deals": 1, "first": 3, "differ": {"3": ["no_win", "win"]}}}})
    meta, records = load(path)
    assert records[0].kind == "bidding:fills" and meta["kinds"]["bidding:fills"]["differ"] == {"3": ["no_win", "win"]}


def load_bench():
    root = Path(__file__).resolve().parents[1]
    spec = importlib.util.spec_from_file_location("bench_comrade_bidding", root / "benchmarks" /
                                                  "bench_comrade_bidding.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    return bench


def test_the_bench_refuses_held_out_deals_and_unknown_variants(capsys):
    bench = load_bench()
    assert bench.parse_range("bidding:fills:0-199") == ("bidding:fills", 0, 200)
    for bad in ("bidding:fills:99990-100010", "bidding:doubt:100500-100600", "best:0-9", "bidding:fills:9-3",
                "bidding:fills:200"):
        with pytest.raises(SystemExit) as stop:
            bench.main(["--kind", bad])
        assert stop.value.code == 2
        err = capsys.readouterr().err.strip()
        assert "\n" not in err and ("held out" in err or "unknown variant" in err or "A-B" in err), err


def test_the_paired_interval_is_centred_on_the_difference_and_covers_zero_only_when_it_should():
    bench = load_bench()
    lo, hi = bench.paired_interval(10, 30, 200)
    assert lo < 20 / 200 - 0 < hi and lo > 0
    lo, hi = bench.paired_interval(15, 17, 200)
    assert lo < 0 < hi
    lo, hi = bench.paired_interval(30, 10, 200)
    assert hi < 0
    assert bench.paired_interval(0, 0, 50) == (0.0, 0.0)


def test_the_bench_splits_a_stored_game_at_the_end_of_its_bidding():
    bench = load_bench()
    game = ComradeGame(*deal_for_seed(1))
    n = 0
    while game.phase == "bidding":
        game.apply(CARD.choose(game.view(game.current_player()), game.legal_actions()))
        n += 1
    for _ in range(3):
        game.apply(CARD.choose(game.view(game.current_player()), game.legal_actions()))
    actions = list(map(str, game.actions))
    assert bench.split(1, actions) == n and bench.split(1, actions[:n - 1]) == n - 1
    assert bench.verdict(1, actions[:n]) in ("win", "no_win", "unknown")


def test_the_bench_replays_three_player_games_on_three_player_deals():
    bench = load_bench()
    game = ComradeGame(*deal_for_seed(6, 3))
    while game.phase == "bidding":
        game.apply(CARD.choose(game.view(game.current_player()), game.legal_actions()))
    n = len(game.actions)
    game.apply(CARD.choose(game.view(game.current_player()), game.legal_actions()))
    actions = list(map(str, game.actions))
    assert bench.split(6, actions, players=3) == n
    assert bench.verdict(6, actions[:n], players=3) in ("win", "no_win", "unknown")
    assert bench.split(6, actions) != n         # replayed on the four-player deal 6 it is another game
    assert bench.STORED[3].endswith("comrade_silence_3p.json")


def test_the_rule_for_an_undecided_verdict_is_checked_and_the_bidding_follows_the_play_by_default():
    s = CardSearchSettings()
    assert (s.unknown, s.bid_unknown) == ("rollout", None)
    with pytest.raises(PlayerOptionError, match="^unknown must be one of rollout, win, not 'maybe'"):
        CardSearchSettings(unknown="maybe")
    with pytest.raises(PlayerOptionError, match="^bid_unknown must be one of"):
        CardSearchSettings(bid_unknown=0.5)
    assert CardSearchPlayer(unknown="win").bid_unknown == "win"
    assert CardSearchPlayer(unknown="win", bid_unknown="rollout").bid_unknown == "rollout"


def test_an_undecided_verdict_scores_the_rollout_alone_or_as_a_win():
    p = CardSearchPlayer()
    assert p._leaf("unknown", 1.0) == 1.0 and p._leaf("unknown", 0.0) == 0.0
    assert p._leaf("unknown", 0.0, unknown_wins=True) == p._leaf("win", 0.0) == 0.5
    assert p._leaf("no_win", 1.0, unknown_wins=True) == 0.0


def test_each_rule_keeps_its_own_memo_of_position_values():
    """Values scored under one rule must never be read by a player of the other: the default player's memo is
    the one it always had, and a variant's bidding (or play) values go to a memo of their own."""
    default, bids, both = CardSearchPlayer(), CardSearchPlayer(bid_unknown="win"), CardSearchPlayer(unknown="win")
    assert default._bid_judge.values is default._play_judge.values
    assert bids._play_judge.values is default._play_judge.values
    assert bids._bid_judge.values is not default._play_judge.values
    assert both._play_judge.values is both._bid_judge.values is bids._bid_judge.values


def test_counting_undecided_positions_as_wins_raises_the_scores_of_the_same_worlds():
    """With a budget of one position the solver decides almost nothing: each world a candidate bid leaves is
    scored by the card's rollout alone, or as a win plus half the rollout; the worlds are the same (the rule is
    not read when drawing them), so every candidate scores at least as much, and some more."""
    view, legal, _ = lap3_bid()
    cands = candidates(view, legal, CARD, 3)
    low = CardSearchPlayer(node_limit=1, seed=4).scores(view, cands, random.Random(9))
    high = CardSearchPlayer(node_limit=1, seed=4, bid_unknown="win").scores(view, cands, random.Random(9))
    assert low.keys() == high.keys()
    assert all(high[a] >= low[a] for a in low) and any(high[a] > low[a] for a in low)


def test_the_bidding_may_give_the_solver_a_budget_of_its_own(monkeypatch):
    import solvers.comrade_players.cardsearch as cardsearch

    with pytest.raises(PlayerOptionError, match="^bid_node_limit must be a number of positions, at least 1, not 0"):
        CardSearchSettings(bid_node_limit=0)
    with pytest.raises(PlayerOptionError, match="^node_limit must be"):
        CardSearchSettings(node_limit="many")
    default, small = CardSearchPlayer(), CardSearchPlayer(bid_node_limit=7)
    assert default.bid_node_limit == default.node_limit == small.node_limit == 1000
    assert small._play_judge.verdicts is default._play_judge.verdicts
    assert small._bid_judge.verdicts is not default._play_judge.verdicts
    asked = []
    real = cardsearch.solve_position

    def spy(game, time_limit, **kw):
        asked.append((game.phase, kw["node_limit"]))
        return real(game, time_limit, **kw)

    monkeypatch.setattr(cardsearch, "solve_position", spy)
    view, legal, _ = lap3_bid()
    CardSearchPlayer(bid_node_limit=7, seed=2).act(view, legal)
    assert asked and {limit for _, limit in asked} == {7}


def test_the_bidding_may_score_a_decided_win_by_its_own_leaf_rule():
    with pytest.raises(PlayerOptionError, match="^bid_leaf must be 'solver' or 'mixed', not 'half'"):
        CardSearchSettings(bid_leaf="half")
    default, solver = CardSearchPlayer(), CardSearchPlayer(bid_leaf="solver")
    assert (default.bid_leaf, solver.bid_leaf, solver.leaf) == ("mixed", "solver", "mixed")
    assert solver._play_judge.values is default._play_judge.values
    assert solver._bid_judge.values is not default._bid_judge.values
    assert solver._leaf("win", 0.0, leaf="solver") == 1.0 and solver._leaf("win", 0.0) == 0.5
    view, legal, _ = lap3_bid()
    cands = candidates(view, legal, CARD, 3)
    mixed = CardSearchPlayer(seed=4).scores(view, cands, random.Random(9))
    whole = CardSearchPlayer(seed=4, bid_leaf="solver").scores(view, cands, random.Random(9))
    # a decided win counts 1, not a half plus half the rollout: never less, and more where the rollout lost
    assert all(whole[a] >= mixed[a] for a in mixed) and any(whole[a] > mixed[a] for a in mixed)
