"""The solver's verdict against a plainly written exhaustive search, on seeded mini deals.

The brute force (:func:`oracles.comrade_brute.brute_force_winnable`) shares no code with the
solver: it plays out every legal play (every card of every trick, follow suit when you can, no
equivalent-card tricks) and checks each count matrix won[player][led suit] a complete play can
produce against the digest's wording of a legal final bid.  (That every legal final bid can be
reached by bidding is proved in ``solvers/comrade/bids.py`` and checked on every win by
replaying the certificate through the rules engine.)
"""

from __future__ import annotations

import random

import pytest

from cardgames.comrade import Deal, variant_for
from oracles.comrade_brute import brute_force_winnable, is_legal_final_bid
from solvers.comrade import solve


def restricted_deal(seed: int, players: int, size: int, suits: str) -> Deal:
    """A mini deal drawn from the cards of a few suits only (many tricks per suit, so
    the distinct-values rule bites and some deals cannot be won)."""
    rng = random.Random(seed)
    variant = variant_for(players)
    deck = [c for c in variant.deck if c.suit in suits]
    rng.shuffle(deck)
    return Deal([deck[i * size:(i + 1) * size] for i in range(players)], variant)


def strong_deal(seed: int, players: int, size: int) -> Deal:
    """A mini deal where North draws mostly high cards (a player who cannot avoid
    winning tricks is what makes a deal unwinnable)."""
    rng = random.Random(seed)
    variant = variant_for(players)
    deck = list(variant.deck)
    rng.shuffle(deck)
    deck.sort(key=lambda c: -c.rank + rng.random() * 6)
    strong, rest = deck[:size], deck[size:]
    rng.shuffle(rest)
    return Deal([strong] + [rest[i * size:(i + 1) * size] for i in range(players - 1)], variant)


def mini_cases():
    cases = []
    rng = random.Random(2024)
    for seed in range(60):                     # plain random mini deals, 4 players
        size = 1 + seed % 5
        cases.append((Deal.random(seed, players=4, hand_size=size), rng.randrange(4)))
    for seed in range(25):                     # 3 players, up to 6 cards
        size = 1 + seed % 6
        cases.append((Deal.random(100 + seed, players=3, hand_size=size), rng.randrange(3)))
    for seed in range(30):                     # few suits: where no-win deals live
        players = 4 if seed % 3 else 3
        size = 3 + seed % 4 if players == 3 else 3 + seed % 3
        suits = "SH" if seed % 2 else "S"
        if len(suits) * len(variant_for(players).ranks) < players * size:
            suits = "SHD"
        cases.append((restricted_deal(500 + seed, players, size, suits), rng.randrange(players)))
    for seed in range(40):                     # a strong North: many no-win deals
        players = 3 if seed % 2 else 4
        cases.append((strong_deal(seed, players, 4 + seed % 3), seed % players))
    for seed in range(5):                      # a few 6-card, 4-player deals
        cases.append((Deal.random(900 + seed, players=4, hand_size=6), rng.randrange(4)))
    return cases


CASES = mini_cases()


def test_enough_cases_and_both_verdicts():
    assert len(CASES) >= 100
    verdicts = [brute_force_winnable(d, dealer) for d, dealer in CASES]
    assert verdicts.count(False) >= 8, "the comparison should include deals that cannot be won"
    assert any(d.players == 3 and not w for (d, _), w in zip(CASES, verdicts))


@pytest.mark.parametrize("deal,dealer", CASES, ids=[f"{d.to_pbn()}@{dl}" for d, dl in CASES])
def test_solver_matches_brute_force(deal, dealer):
    result = solve(deal, dealer, time_limit=None)
    expected = brute_force_winnable(deal, dealer)
    assert result.verdict == ("win" if expected else "no_win")
    if expected:  # the certificate was replayed by the engine; check it once more here
        assert result.certificate.replay().result == "win"
        assert is_legal_final_bid([v for row in result.bids for v in row], deal.players, deal.variant)


def test_brute_force_and_solver_see_a_simple_loss():
    # 3 players (bid cards 1-4): the dealer N holds the five top spades and leads; every
    # trick is a spade trick N wins, so N would need a bid of 5 in spades.
    deal = Deal.from_pbn("N:KQJT9... .KQJT9.. ..KQJT9.")
    assert not brute_force_winnable(deal, 0)
    assert solve(deal, 0).verdict == "no_win"
    # E and S dominate their suits the same way: no dealer can win this deal.
    for dealer in (1, 2):
        assert not brute_force_winnable(deal, dealer)
        assert solve(deal, dealer).verdict == "no_win"
