"""Reading the table: the uniform prior, the card's likelihood, the sampler against exact posteriors,
the trust floor, the belief summary, and the players built on them."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from cardgames.comrade import ComradeGame, Deal
from cardgames.comrade.players import NotAViewError, RandomPlayer, public_voids, unseen_cards
from cardgames.comrade.options import ComradeOptions
from solvers.comrade_players.cardsearch import (CardSearchPlayer, InferenceSamplingPlayer, candidates, fast_clone,
                                                seat_view)
from solvers.comrade_players.convention import ConventionCard, ConventionPlayer
from solvers.comrade_players.inference import (Evidence, HeuristicCard, belief_summary, count_layouts, sample_worlds,
                                       uniform_layout)
from solvers.comrade_players.sampling import SampleError

PLAY_ON = ComradeOptions(stop_at_loss=False)      # the card loses most deals; play them out to reach late positions


def card_game(seed: int, tricks: int, extra: int = 0, players=None, rules=PLAY_ON) -> ComradeGame:
    """The first deal from ``seed`` on whose bidding four card players (or ``players``) complete, after
    ``tricks`` tricks and ``extra`` cards of the next."""
    players = players or [ConventionPlayer(ConventionCard(rules)) for _ in range(4)]
    for s in range(seed, seed + 50):
        game = ComradeGame(Deal.random(s), dealer=s % 4, options=rules)
        while not game.is_terminal() and not (game.phase == "play" and len(game.tricks) == tricks
                                               and len(game.current_trick) == extra):
            seat = game.current_player()
            game.apply(players[seat].act(game.view(seat), game.legal_actions()))
        if not game.is_terminal():
            return game
    raise AssertionError("no deal reached the position")


def layouts_brute(view):
    """Every layout of the unseen cards that fits the view, written plainly: each seat's cards in turn."""
    others = [p for p in range(4) if p != view.seat]
    voids = public_voids(view)
    pool = unseen_cards(view)
    out = []

    def rec(i, left, acc):
        if i == len(others):
            if not left:
                out.append(dict(acc))
            return
        p = others[i]
        for hand in itertools.combinations(left, view.hand_sizes[p]):
            if any(c.suit in voids[p] for c in hand):
                continue
            acc[p] = frozenset(hand)
            rec(i + 1, [c for c in left if c not in hand], acc)

    rec(0, pool, {})
    return out


def likelihood_by_replay(game, view, layout, card):
    """The card's probability of every action of the other seats, replaying the whole game in ``layout``."""
    played = {p: [c for t in view.tricks for s, c in t.plays if s == p] + [c for s, c in view.current_trick if s == p]
              for p in range(4)}
    hands = [list(view.hand) + played[view.seat] if p == view.seat else list(layout[p]) + played[p]
             for p in range(4)]
    g = ComradeGame(Deal(hands), game.dealer, game.options)
    like = 1.0
    for seat, action in game.history:
        if seat != view.seat:
            legal = g.legal_actions()
            if action not in legal:
                return 0.0
            like *= card.policy(g.view(seat), legal)[action]
        g.apply(action)
    return like


@pytest.fixture(scope="module")
def late():
    """Trick 12 of deal 5 with four card players: 2 cards each, 6 unseen for the viewer."""
    game = card_game(5, 11)
    assert len(game.tricks) == 11 and not game.current_trick
    return game


def test_the_prior_is_uniform_over_the_layouts_that_fit(late):
    game = card_game(2, 10, 3)                     # trick 11, three cards played to it: voids may show
    view = game.view(game.current_player())
    every = layouts_brute(view)
    assert count_layouts(view) == len(every)
    rng = random.Random(7)
    draws = 4000
    seen = Counter(tuple(frozenset(h[p]) for p in range(4) if p != view.seat)
                   for h in (uniform_layout(view, rng) for _ in range(draws)))
    keys = {tuple(lay[p] for p in range(4) if p != view.seat) for lay in every}
    assert set(seen) <= keys
    expected = draws / len(keys)
    # every layout about equally often: each count within 5 standard deviations of the uniform mean
    assert all(abs(seen[k] - expected) < 5 * expected ** 0.5 + 2 for k in keys)


def test_no_layout_fits_a_contradiction(late):
    view = late.view(late.current_player())
    sizes = tuple(h + (1 if p != view.seat else 0) for p, h in enumerate(view.hand_sizes))
    with pytest.raises(SampleError, match="only 6 are unseen"):
        uniform_layout(view.__class__(**{**view.__dict__, "hand_sizes": sizes}), random.Random(0))


def test_the_fast_likelihood_is_the_plain_replay(late):
    card = ConventionCard(PLAY_ON)
    view = late.view(late.current_player())
    ev = Evidence(view, card, PLAY_ON)
    for lay in layouts_brute(view)[:20]:
        fast = 1.0
        for p in ev.seats:
            fast *= ev.seat_likelihood(p, sorted(lay[p], key=lambda c: c.sort_key))
        assert fast == pytest.approx(likelihood_by_replay(late, view, lay, card), rel=1e-9, abs=1e-300)


def test_every_card_played_from_two_or_more_cards_is_evidence(late):
    """A card's legal ones depend on the hand: where the replay's layout leaves a seat one card of the led suit,
    another layout may leave it several, so every card another seat played from a hand of two or more is a
    step of the evidence (once, a seat with one legal card in the replay's layout was skipped in all)."""
    view = late.view(late.current_player())
    ev = Evidence(view, ConventionCard(PLAY_ON), PLAY_ON)
    steps = Counter(st.seat for p in ev.seats for st in ev.steps[p] if st.legal is None)
    # 11 tricks played, each seat held 13, 12, ..., 3 cards then: every card counts
    assert steps == Counter({p: len(view.tricks) for p in range(4) if p != view.seat})


@pytest.mark.parametrize("method", ["importance", "resample", "mcmc"])
def test_the_sampler_matches_the_exact_posterior(late, method):
    """P(seat holds card) from 1,500 worlds against the exact posterior by enumeration (tolerance 0.06).

    The exact posterior weighs every seat's actions, so the sampler does too (``trust_floor=0``): with the
    default floor the chain may doubt a seat on its first worlds and then drop its actions, a different
    (and tested, below) rule."""
    card = HeuristicCard(PLAY_ON, epsilon=0.2)        # a soft card: the posterior is spread, not one layout
    view = late.view(late.current_player())
    every = layouts_brute(view)
    likes = [likelihood_by_replay(late, view, lay, card) for lay in every]
    z = sum(likes)
    assert z > 0 and len(set(likes)) > 1               # the evidence separates the layouts
    exact = {(p, c): sum(like for lay, like in zip(every, likes) if c in lay[p]) / z
             for p in range(4) if p != view.seat for c in unseen_cards(view)}
    worlds = sample_worlds(view, card, 1500, random.Random(3), 0.0, method=method, oversample=2, rules=PLAY_ON)
    for (p, c), q in exact.items():
        assert worlds.holds(p, c) == pytest.approx(q, abs=0.06), (p, c)
    # and the evidence moved the beliefs away from the prior somewhere
    prior = {k: sum(1 for lay in every if k[1] in lay[k[0]]) / len(every) for k in exact}
    assert max(abs(exact[k] - prior[k]) for k in exact) > 0.1


def test_the_chain_keeps_hand_sizes_and_reaches_the_cards_out_of_play():
    """A mini deal (3 cards each, 40 out of play) at the start of the play: with no evidence trusted,
    the chain's worlds follow the prior: every hand has its size, and each unseen card sits with a
    given seat about hand size / unseen cards of the time, the cards out of play included."""
    game = ComradeGame(Deal.random(8, hand_size=3), dealer=0, options=PLAY_ON)
    players = [ConventionPlayer(ConventionCard(PLAY_ON)) for _ in range(4)]
    while game.phase == "bidding":
        seat = game.current_player()
        game.apply(players[seat].act(game.view(seat), game.legal_actions()))
    view = game.view(game.current_player())
    unseen = unseen_cards(view)
    worlds = sample_worlds(view, HeuristicCard(PLAY_ON), 3000, random.Random(5), trust_floor=0.999999,
                           method="mcmc", rules=PLAY_ON)
    assert worlds.fallback and len(worlds) == 3000 and worlds.distinct > 1000
    for hands in worlds.hands:
        for p in worlds.seats:
            assert len(hands[p]) == view.hand_sizes[p] and set(hands[p]) <= set(unseen)
    for p in worlds.seats:
        held = Counter(c for hands in worlds.hands for c in hands[p])
        expected = 3000 * view.hand_sizes[p] / len(unseen)
        assert set(held) == set(unseen)                          # out-of-play cards too
        assert all(0.5 * expected < held[c] < 1.5 * expected for c in unseen), p


def test_worlds_are_seeded():
    game = card_game(3, 2, 1)
    view = game.view(game.current_player())
    a = sample_worlds(view, ConventionCard(PLAY_ON), 8, random.Random(5), rules=PLAY_ON)
    b = sample_worlds(view, ConventionCard(PLAY_ON), 8, random.Random(5), rules=PLAY_ON)
    c = sample_worlds(view, ConventionCard(PLAY_ON), 8, random.Random(6), rules=PLAY_ON)
    assert a.hands == b.hands and a.weights == b.weights and a.hands != c.hands
    assert sum(a.weights) == pytest.approx(1.0)


def test_a_seat_that_ignores_the_card_is_not_trusted():
    """Three card players and one random player (seat 2): after four tricks, seat 0 reads the card
    players' actions but not the random player's (default trust floor)."""
    card = ConventionCard(PLAY_ON)
    table = [ConventionPlayer(card), ConventionPlayer(card), RandomPlayer(seed=1), ConventionPlayer(card)]
    game = ComradeGame(Deal.random(0), dealer=0, options=PLAY_ON)   # (seed 0's random bids lose the bidding)
    while len(game.tricks) < 4:
        seat = game.current_player()
        game.apply(table[seat].act(game.view(seat), game.legal_actions()))
    # 48 draws: enough for the card players' actions to be explained by some drawn layout
    worlds = sample_worlds(game.view(0), card, 48, random.Random(1), rules=PLAY_ON)
    assert worlds.untrusted == {2} and not worlds.fallback


def _bidding_done(seed: int, table) -> ComradeGame:
    game = ComradeGame(Deal.random(seed), dealer=seed % 4)
    while game.phase == "bidding" and not game.is_terminal():
        seat = game.current_player()
        game.apply(table[seat].act(game.view(seat), game.legal_actions()))
    return game


def test_the_chain_trusts_card_players_at_the_end_of_the_bidding_and_reads_their_bids():
    """A bid is explained by a few top cards in one hand, which prior draws seldom hold: judged on
    the prior draws (as importance sampling must), most card players looked untrusted; the chain
    judges them on its own worlds, which explain their bids much better than the prior draws do."""
    card = ConventionCard()
    doubted = {"importance": 0, "mcmc": 0}
    chain, prior = [], []
    for seed in range(12):
        game = _bidding_done(seed, [ConventionPlayer(card)] * 4)
        if game.is_terminal():
            continue
        view = game.view(game.current_player())
        ev = Evidence(view, card)
        for method in doubted:
            w = sample_worlds(view, card, 6, random.Random(seed), method=method, oversample=3, evidence=ev)
            doubted[method] += len(w.untrusted)
            (chain if method == "mcmc" else prior).extend(
                ev.seat_likelihood(p, h[p]) / ev.seat_likelihood(p, game.trickplay.hands[p])
                for h in w.hands for p in ev.seats)
    assert doubted["mcmc"] * 2 < doubted["importance"], doubted
    assert sum(min(1, x) for x in chain) / len(chain) > 2 * sum(min(1, x) for x in prior) / len(prior)


def test_the_chain_still_doubts_a_seat_that_bids_at_random():
    card = ConventionCard()
    found = 0
    for seed in range(12):
        table = [ConventionPlayer(card), ConventionPlayer(card), RandomPlayer(seed=seed), ConventionPlayer(card)]
        game = _bidding_done(seed, table)
        if game.is_terminal() or not [a for a in game.view(0).bidding_history if a.seat == 2][1:]:
            continue
        view = game.view(0 if game.current_player() != 0 else 1)
        w = sample_worlds(view, card, 6, random.Random(seed), method="mcmc", oversample=3)
        found += 1
        assert 2 in w.untrusted, (seed, w.untrusted)
    assert found >= 2


def test_nobody_trusted_means_plain_sampling():
    game = card_game(3, 2, 1)
    view = game.view(game.current_player())
    worlds = sample_worlds(view, ConventionCard(PLAY_ON), 16, random.Random(1), trust_floor=0.99, rules=PLAY_ON)
    assert worlds.fallback and worlds.weights == [1 / 16] * 16 and len(worlds.untrusted) == 3


def test_bad_arguments_are_refused(late):
    view = late.view(late.current_player())
    with pytest.raises(ValueError, match="unknown sampling method 'gibbs'"):
        sample_worlds(view, HeuristicCard(), 4, random.Random(0), method="gibbs")
    with pytest.raises(ValueError, match="thin must be a number of swap moves"):
        sample_worlds(view, HeuristicCard(), 4, random.Random(0), method="mcmc", thin=0)
    for bad in (-1, True, 2.5):
        with pytest.raises(ValueError, match="burn must be a number of swap moves"):
            sample_worlds(view, HeuristicCard(), 4, random.Random(0), method="mcmc", burn=bad)
    with pytest.raises(ValueError, match="n must be at least 1"):
        sample_worlds(view, HeuristicCard(), 0, random.Random(0))
    with pytest.raises(NotAViewError):
        sample_worlds(late, HeuristicCard(), 4, random.Random(0))


def test_belief_summary_counts_and_forms(late):
    view = late.view(late.current_player())
    b = belief_summary(view, ConventionCard(PLAY_ON), n=40, seed=2, rules=PLAY_ON)
    for p in b.seats:
        assert sum(b.expected[p].values()) == pytest.approx(view.hand_sizes[p])
    for s in "SHDC":     # each unseen top card is somewhere: the chances over the seats add up to 1
        for c, _ in b.tops[b.seats[0]][s]:
            assert sum(q for p in b.seats for cc, q in b.tops[p][s] if cc == c) == pytest.approx(1.0)
    assert "believes" in str(b) and "<table>" in b._repr_html_()


def test_the_fast_view_and_clone_are_the_engines():
    for seed in range(3):
        game = card_game(seed, 4, 2)
        for seat in range(4):
            assert seat_view(game, seat) == game.view(seat)
        a, b = fast_clone(game), game.clone()
        for _ in range(8):
            seat = a.current_player()
            act = ConventionCard(PLAY_ON).choose(a.view(seat), a.legal_actions())
            a.apply(act)
            b.apply(act)
        assert a.actions == b.actions and a.won == b.won and game.actions != a.actions
        assert len(game.tricks) == 4


def test_card_search_player_is_seated_seeded_and_follows_the_card_without_a_reason():
    game = card_game(4, 1, 1)
    seat = game.current_player()
    view, legal = game.view(seat), game.legal_actions()
    with pytest.raises(NotAViewError):
        CardSearchPlayer(samples=2).act(game, legal)
    one = CardSearchPlayer(samples=3, seed=1, rules=PLAY_ON, card=ConventionCard(PLAY_ON))
    two = CardSearchPlayer(samples=3, seed=1, rules=PLAY_ON, card=ConventionCard(PLAY_ON))
    assert one.act(view, legal) == two.act(view, legal) and one.last_scores == two.last_scores
    only_card = CardSearchPlayer(samples=3, candidates=1, seed=1, rules=PLAY_ON, card=ConventionCard(PLAY_ON))
    assert only_card.act(view, legal) == ConventionCard(PLAY_ON).choose(view, legal)
    cands = candidates(view, legal, ConventionCard(PLAY_ON), 3)
    assert cands[0] == ConventionCard(PLAY_ON).choose(view, legal) and len(set(cands)) == len(cands)
    with pytest.raises(ValueError, match="margin"):
        CardSearchPlayer(margin=2)


def test_card_search_draws_its_own_number_of_worlds_in_each_phase():
    game = ComradeGame(Deal.random(1), dealer=1)
    p = CardSearchPlayer(samples=5, bid_samples=2, seed=3)
    while game.phase == "bidding":
        view, legal = game.view(game.current_player()), game.legal_actions()
        action = p.act(view, legal)
        if p.last_worlds is not None:
            assert len(p.last_worlds.weights) == 2
            break
        game.apply(action)
    assert p.last_worlds is not None, "no bidding decision was searched"
    game = card_game(4, 1, 1)
    p = CardSearchPlayer(samples=5, bid_samples=2, seed=3, rules=PLAY_ON, card=ConventionCard(PLAY_ON))
    while not game.is_terminal() and p.last_worlds is None:
        view, legal = game.view(game.current_player()), game.legal_actions()
        game.apply(p.act(view, legal))
    assert p.last_worlds is not None and len(p.last_worlds.weights) == 5


def test_late_bids_get_their_own_worlds_and_margin():
    """From lap ``late_lap`` of the bidding on, a decision draws ``late_bid_samples`` worlds and leaves the card
    only by ``late_bid_margin``; before it ``bid_samples`` and ``bid_margin``; ``late_lap=None`` switches it off."""
    game = ComradeGame(Deal.random(1), dealer=1)
    card = ConventionCard()
    laps = {}
    while game.phase == "bidding":
        seat = game.current_player()
        view = game.view(seat)
        laps.setdefault(game.bidding.lap, (view, game.legal_actions()))
        game.apply(card.choose(view, game.legal_actions()))
    assert set(laps) == {1, 2, 3}, "deal 1's card bidding runs into lap 3"
    p = CardSearchPlayer(bid_samples=2, bid_margin=0.25, late_lap=3, late_bid_samples=5, late_bid_margin=0.1, seed=3)
    assert [p.budget(laps[lap][0]) for lap in (1, 2, 3)] == [(2, 0.25), (2, 0.25), (5, 0.1)]
    assert CardSearchPlayer(bid_samples=2, late_lap=2, late_bid_samples=5).budget(laps[2][0])[0] == 5
    assert CardSearchPlayer(bid_samples=2, late_lap=None).budget(laps[3][0]) == (2, 0.25)
    p.act(*laps[3])
    assert len(p.last_worlds.weights) == 5 and ("10%" in p.last_reason or "search:" in p.last_reason)


def test_card_search_deviates_only_by_the_margin():
    game = card_game(6, 3, 2)
    seat = game.current_player()
    view, legal = game.view(seat), game.legal_actions()
    p = CardSearchPlayer(samples=4, seed=2, rules=PLAY_ON, card=ConventionCard(PLAY_ON))
    choice = p.act(view, legal)
    card_choice = ConventionCard(PLAY_ON).choose(view, legal)
    s = p.last_scores
    if choice != card_choice:
        assert s[str(choice)] >= s[str(card_choice)] + p.margin
    else:
        assert all(v < s[str(card_choice)] + p.margin for v in s.values())


def test_inference_sampling_player_bids_by_the_card():
    game = ComradeGame(Deal.random(1), dealer=1)
    p = InferenceSamplingPlayer(samples=2, seed=0)
    assert p.act(game.view(1), game.legal_actions()) == ConventionCard().choose(game.view(1), game.legal_actions())


def test_a_search_player_reports_a_departure_only_when_it_overrides_the_card():
    from cardgames.comrade import ComradeGame, Deal
    from solvers.comrade_players.cardsearch import CardSearchPlayer
    from solvers.comrade_players.convention import ConventionCard

    card = ConventionCard()
    seen = {True: 0, False: 0}
    for seed in range(6):
        if seen[True] and seen[False]:
            break
        game = ComradeGame(Deal.random(seed, hand_size=6), dealer=seed % 4)
        players = [CardSearchPlayer(samples=3, seed=seed * 10 + p) for p in range(4)]
        while not game.is_terminal():
            s = game.current_player()
            view, legal = game.view(s), game.legal_actions()
            a = players[s].act(view, legal)
            departed = a != card.choose(view, legal)
            assert (players[s].last_departure is not None) == departed
            seen[departed] += 1
            game.apply(a)
    assert seen[True] and seen[False]


def test_a_search_players_reasons_name_bid_cards_in_words():
    """A departure's reason is shown by the coach: a bid card written "D2" reads as the playing card ♦2
    (and names a card the person may not have seen), so reasons name bid cards as the buttons do."""
    import re

    from cardgames.comrade import BidCard, action_words
    from solvers.comrade_players.cardsearch import CardSearchPlayer

    class Prefers(CardSearchPlayer):
        """Scores the last candidate that is a bid card far above the card's choice, so the search departs."""

        def scores(self, view, cands, rng):
            last = max(i for i, a in enumerate(cands) if isinstance(a, BidCard))
            assert last > 0, "the card's own choice is the only bid card among the candidates"
            return {str(a): float(i == last) for i, a in enumerate(cands)}

    game = ComradeGame(Deal.random(4), dealer=0)
    player = Prefers(samples=1, seed=0)
    action = player.act(game.view(0), game.legal_actions())
    assert player.last_departure and isinstance(action, BidCard)
    assert action_words(action) in player.last_reason
    assert not re.search(r"(?<![A-Za-z0-9])[SHDC][1-6](?![A-Za-z0-9])", player.last_reason), player.last_reason
