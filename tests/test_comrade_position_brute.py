"""solve_position against a plainly written brute force, from random mini-deal positions.

The brute force (:func:`oracles.comrade_brute.brute_force`) shares no code with the solver:

* during the play it tries every legal card, one at a time, to the end, and asks whether
  some play ends with every count equal to its bid;
* during the bidding it lists every final bid the rules engine's own :class:`Bidding`
  can still reach (trying every legal action, copying the engine state each time), lists
  every count matrix a complete play from the dealer's lead can produce, and asks
  whether the two lists meet.

Positions come from seeded random games on mini deals (2 to 4 cards a hand, 3 and 4
players, some drawn from few suits so that wins are rare), stopped after a random number
of actions: mid-bidding, at trick boundaries and in the middle of tricks.
"""

from __future__ import annotations

import random

import pytest

from cardgames.cards import SUITS
from cardgames.comrade import ComradeGame, Deal, variant_for
from cardgames.comrade.bidding import PASS
from oracles.comrade_brute import brute_force
from solvers import compiled
from solvers.comrade import analyse, solve_position


def few_suit_deal(rng, players, size):
    variant = variant_for(players)
    suits = "SH" if rng.random() < 0.5 else "SHD"
    deck = [c for c in variant.deck if c.suit in suits]
    rng.shuffle(deck)
    return Deal([deck[i * size:(i + 1) * size] for i in range(players)], variant)


def random_positions(count, seed):
    """Seeded random positions: a random deal, a random bidding that avoids overshooting, then
    a random number of actions; about a quarter stopped in the bidding."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        players = 4 if rng.random() < 0.7 else 3
        stop_in_bidding = rng.random() < 0.27
        size = rng.choice((2, 2, 3) if stop_in_bidding else (2, 3, 4))
        deal = few_suit_deal(rng, players, size) if rng.random() < 0.4 else \
            Deal.random(rng.randrange(10**9), players=players, hand_size=size)
        game = ComradeGame(deal, dealer=rng.randrange(players))
        steps = rng.randrange(0, 4) if stop_in_bidding else rng.randrange(0, players * size)
        while game.phase == "bidding" and not (stop_in_bidding and steps == 0):
            b = game.bidding
            fits = [a for a in game.legal_actions() if a == PASS or b.fits(a, b.current_player())]
            game.apply(rng.choice(fits))
            steps -= 1 if stop_in_bidding else 0
        if game.phase == "over":
            continue
        if game.phase == "play":
            for _ in range(steps):
                if game.phase != "play":
                    break
                game.apply(rng.choice(game.legal_actions()))
        if game.phase == "over":
            continue
        out.append(game)
    return out


POSITIONS = random_positions(320, seed=12)


def test_the_positions_cover_what_the_issue_asks():
    phases = [g.phase for g in POSITIONS]
    assert len(POSITIONS) >= 300
    assert phases.count("bidding") >= 60 and phases.count("play") >= 150
    assert sum(1 for g in POSITIONS if g.current_trick) >= 60        # in the middle of a trick


@pytest.mark.parametrize("chunk", range(8))
def test_solve_position_agrees_with_brute_force(chunk):
    wins = no_wins = 0
    for game in POSITIONS[chunk::8]:
        before = game.actions
        r = solve_position(game, time_limit=None)
        assert game.actions == before                         # the position is not touched
        expected = brute_force(game)
        assert r.verdict == ("win" if expected else "no_win"), (game, game.actions)
        if r.verdict == "win":
            wins += 1
            end = r.replay(game)
            assert end.result == "win"
        else:
            no_wins += 1
            assert r.certificate is None
    assert wins and no_wins


def test_both_verdicts_appear_in_both_phases():
    seen = set()
    for game in POSITIONS[:160]:
        seen.add((game.phase, solve_position(game, time_limit=None).verdict))
    assert seen == {("bidding", "win"), ("bidding", "no_win"), ("play", "win"), ("play", "no_win")}


def test_analyse_agrees_with_brute_force_action_by_action():
    for game in POSITIONS[:30]:
        table = analyse(game, time_limit=None)
        assert [r.action for r in table] == [str(a) for a in game.legal_actions()]
        for row in table:
            child = game.clone()
            child.apply(row.action)
            assert row.verdict == ("win" if brute_force(child) else "no_win"), (game.actions, row.action)
        # a win is possible now exactly when some action keeps one
        assert bool(table.winning) == (solve_position(game).verdict == "win")


def _four_suit_bidding_positions(count: int, seed: int) -> list[ComradeGame]:
    """Mini deals of 4 cards in which North holds all four suits (so the case split applies),
    a few bidding actions in."""
    rng, ranks, out = random.Random(seed), "AKQJT98765432", []
    while len(out) < count:
        cards = [s + r for s in SUITS for r in ranks]
        rng.shuffle(cards)
        north = [s + rng.choice(ranks) for s in SUITS]
        rest = [c for c in cards if c not in north]
        hands = [north, rest[0:4], rest[4:8], rest[8:12]]
        pbn = " ".join(".".join("".join(c[1] for c in sorted(h, key=lambda c: ranks.index(c[1])) if c[0] == s)
                                for s in SUITS) for h in hands)
        game = ComradeGame("N:" + pbn, dealer=rng.randrange(4))
        for _ in range(rng.randrange(4)):
            game.apply(rng.choice(game.legal_actions()))
            if game.phase != "bidding":
                break
        if game.phase == "bidding" and not game.is_terminal():
            out.append(game)
    return out


@pytest.mark.skipif(compiled.backend() == "compiled",
                    reason="patches the search's methods, which the compiled search (make compiled) does not allow")
def test_the_case_split_keeps_position_verdicts_exact(monkeypatch):
    """The search's case split on the bid structure (one sub-search per suit a player wins
    nothing in) must carry the position solver's own conditions (the rest of the bidding, tricks
    already won) into every sub-search: force a split at every restart and compare again."""
    from solvers.comrade import search

    init, split, splits = search.PlaySearch.__init__, search.PlaySearch._split, []

    def eager(self, *args, **kwargs):
        init(self, *args, **kwargs)
        if self.split_after is not None:
            self.split_after, self.restart_base = 0, 1

    def counted(self, *args, **kwargs):
        splits.append(1)
        return split(self, *args, **kwargs)

    monkeypatch.setattr(search.PlaySearch, "__init__", eager)
    monkeypatch.setattr(search.PlaySearch, "_split", counted)
    verdicts = set()
    for game in _four_suit_bidding_positions(30, seed=3) + POSITIONS[::6]:
        r = solve_position(game, time_limit=None, engine="search")
        verdicts.add(r.verdict)
        assert r.verdict == ("win" if brute_force(game) else "no_win"), (game, game.actions)
        if r.verdict == "win":
            assert r.replay(game).result == "win"
    assert len(splits) >= 10 and verdicts == {"win", "no_win"}


# -- the ace played low (ComradeOptions(ace_high=False)) ------------------------------------

def ace_low_positions(count, seed):
    """Mini-deal positions with an ace under ace_high=False, small enough for the brute force,
    sorted by its answer: ``(winnable, lost)``.  Winnable ones are found by following (mostly) a
    winning line the solver proposes; the brute force alone judges them."""
    from cardgames.comrade import ComradeOptions
    rng = random.Random(seed)
    found = {True: [], False: []}
    for game in random_positions(8 * count, seed):
        if all(len(v) >= count // 2 for v in found.values()):
            break
        if not any(c.rank == 14 for h in game.deal.hands for c in h):
            continue
        low = ComradeGame(game.deal, game.dealer, options=ComradeOptions(ace_high=False))
        plan = list(solve_position(low, time_limit=None, check=False).certificate or ())
        if not plan:                                   # no line to follow: replay the random bidding
            for step in game.bidding.history:
                low.apply(step.action)
        while low.phase == "bidding" and plan:
            low.apply(plan.pop(0))
        while low.phase == "play" and (sum(map(len, low.hands)) > 9 or rng.random() < 0.3):
            legal = low.legal_actions()
            follow = plan and plan[0] in map(str, legal) and rng.random() < 0.9
            low.apply(plan[0] if follow else rng.choice(legal))
            plan = plan[1:] if follow else []
        if low.phase == "play":
            bucket = found[brute_force(low)]
            if len(bucket) < count // 2:
                bucket.append(low)
    return found[True], found[False]


def test_solve_position_plays_the_ace_low_when_the_rules_say_so():
    """Positions of mini deals with an ace, under ace_high=False: the solver's verdict is the
    brute force's answer, and a win's certificate replays (the ace ranked below the two)."""
    wins, losses = ace_low_positions(40, seed=31)
    assert len(wins) >= 5 and len(losses) >= 5, (len(wins), len(losses))
    for game, winnable in [(g, True) for g in wins] + [(g, False) for g in losses]:
        r = solve_position(game, time_limit=None)
        assert (r.verdict == "win") == winnable, game.actions
        if r.verdict == "win":
            assert r.replay(game).result == "win"
