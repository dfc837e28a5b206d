"""The sampling player's shortcuts are exact: it chooses what the full table of counts chooses.

:meth:`SamplingPlayer.act` skips work (equivalent cards evaluated once, successive
elimination, a first look at the sample's own position); :meth:`SamplingPlayer.scores` is
the plain computation of every action in every sample.  Here they are compared on seeded
positions of mini deals (small, so a node budget decides most searches and the counts vary).
"""

from __future__ import annotations

import random
from itertools import product

import pytest

from cardgames.cards import Card
from cardgames.comrade import ComradeGame, ComradeOptions, Deal
from cardgames.comrade.players import HeuristicPlayer
from cardgames.players import play_out_seated
from solvers.comrade.position import solve_position
from solvers.comrade_players.sampling import (SamplingPlayer, choose, equivalent_cards,
                                      still_possible)


def positions(count: int, seed: int = 3):
    """Seeded (view, legal actions) pairs: a prefix of a winning line of a mini deal, sometimes
    with a wrong turn, so that positions with wins, with losses and with both come up."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        game = ComradeGame(Deal.random(rng.randrange(10**6), hand_size=rng.choice([4, 5, 6])), dealer=rng.randrange(4))
        plan = solve_position(game, time_limit=None, node_limit=20000)
        if plan.verdict != "win":
            continue
        cut = rng.randrange(len(plan.certificate))
        for a in plan.certificate[:cut]:
            game.apply(a)
        if rng.random() < 0.3 and len(game.legal_actions()) > 1:
            game.apply(rng.choice(game.legal_actions()))
        if not game.is_terminal() and len(game.legal_actions()) > 1:
            out.append((game.view(game.current_player()), game.legal_actions()))
    return out


POSITIONS = positions(40)


def make(seed):
    return SamplingPlayer(samples=6, seed=seed, node_limit=300, bid_node_limit=300)


@pytest.fixture(scope="module")
def full_counts():
    return [make(i).scores(view, legal) for i, (view, legal) in enumerate(POSITIONS)]


def test_act_chooses_exactly_what_the_full_counts_choose(full_counts):
    saved = varied = 0
    for i, (view, legal) in enumerate(POSITIONS):
        full = full_counts[i]
        fast = make(i)
        pick = fast.act(view, legal)
        assert pick == choose(HeuristicPlayer().ranked(view, legal), full), (i, full, fast.last_bounds)
        for a, (low, high) in fast.last_bounds.items():
            assert low <= full[a] <= high, (i, a)
            assert (a in fast.last_final) == (low == high)
            if a in fast.last_final:
                assert fast.last_scores[a] == full[a]
        saved += fast.last_calls < len(legal) * 6
        varied += len(set(full.values())) > 1
    assert saved >= 10 and varied >= 5       # the shortcuts were really taken, on interesting positions


def brute_force_possible(low, high, rank):
    """Every action chosen in some completion of the counts (each count anywhere in low..high)."""
    out = set()
    for final in product(*[range(lo, hi + 1) for lo, hi in zip(low, high)]):
        out.add(min(range(len(final)), key=lambda i: (-final[i], rank[i])))
    return sorted(out)


def test_elimination_keeps_exactly_the_actions_that_can_still_be_chosen():
    rng = random.Random(0)
    for _ in range(400):
        k, n = rng.randint(1, 4), rng.randint(1, 4)
        low = [rng.randint(0, n) for _ in range(k)]
        high = [lo + rng.randint(0, n - lo) for lo in low]
        rank = rng.sample(range(k), k)
        assert still_possible(low, high, rank) == brute_force_possible(low, high, rank), (low, high, rank)


def test_equivalent_cards_get_the_same_count_in_the_full_table(full_counts):
    checked = 0
    for i, (view, legal) in enumerate(POSITIONS):
        if view.phase != "play":
            continue
        full = full_counts[i]
        for group in equivalent_cards(view, legal):
            assert len({full[str(c)] for c in group}) == 1, (i, group, full)
            checked += len(group) > 1
    assert checked >= 3


def test_which_cards_are_equivalent():
    """Cards are equivalent when nothing unseen, and nothing in the trick in progress, lies between."""
    c = Card.parse
    g = ComradeGame("N:AQJ.2.. K.349.. 5.56T.. 6.78J..", dealer=1, options=ComradeOptions(stop_at_loss=False))
    g.play(["S1", "H1", "D1", "C1"])
    # East's king is unseen by North: it separates the ace from the queen
    assert equivalent_cards(g.view(0), g.view(0).hand) == [[c("SA")], [c("SQ"), c("SJ")], [c("H2")]]
    g.play(["SK", "S5", "S6"])
    # the king is in the trick in progress: the ace beats it, the queen does not
    assert equivalent_cards(g.view(0), g.legal_actions()) == [[c("SA")], [c("SQ"), c("SJ")]]
    g.play(["SJ", "H3", "H5", "H7", "H2"])
    # the king has gone in a completed trick: now the ace and the queen are interchangeable
    assert equivalent_cards(g.view(0), g.view(0).hand) == [[c("SA"), c("SQ")]]
    # with the ace low (a rule option) the ace sits below the deuce instead
    low = ComradeGame("N:A2.3.. K.45.. Q.67.. J.89..", dealer=0, options=ComradeOptions(ace_high=False)).view(0)
    assert equivalent_cards(low, low.hand, ace_high=False) == [[c("SA"), c("S2")], [c("H3")]]
    assert equivalent_cards(low, low.hand) == [[c("SA")], [c("S2")], [c("H3")]]


def test_node_budgets_make_the_choices_the_same_on_every_run():
    def run():
        out = []
        for i, (v, legal) in enumerate(POSITIONS[:8]):
            p = make(i)
            out.append((p.act(v, legal), p.last_scores, p.last_bounds))
        return out

    assert run() == run()
    deal = Deal.random(8, hand_size=3)
    games = [play_out_seated(ComradeGame(deal, dealer=2), [make(s) for s in range(4)]) for _ in range(2)]
    assert games[0].actions == games[1].actions


def test_an_early_stop_leaves_the_next_decision_unchanged():
    (v1, l1), (v2, l2) = POSITIONS[0], POSITIONS[1]
    a, b = make(5), make(5)
    a.act(v1, l1)                         # may stop early
    b.scores(v1, l1)                      # never does
    assert a.scores(v2, l2) == b.scores(v2, l2)


def test_bad_budgets_are_refused():
    with pytest.raises(ValueError, match="node_limit must be a positive"):
        SamplingPlayer(node_limit=0)
    with pytest.raises(ValueError, match="bid_samples must be at least 1"):
        SamplingPlayer(bid_samples=0)

