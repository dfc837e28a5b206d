"""The play search's quick forms of its rules give exactly the answers of the plain rules.

The search (``solvers/comrade/search.py``) reads each position through the facts of each suit's owner
sequence (:func:`~solvers.comrade.search._suit_facts`, remembered per sequence) and bit masks; the plain
rules of ``solvers/comrade/bounds.py`` and ``keys.py`` are checked against a brute force in
``tests/test_comrade_refutation.py``.  Here every quick form is compared with its plain rule on seeded
random positions (three and four players, up to seven cards each, random leaders, counts, targets,
zero cells and allowed winners), so a quick form that answered differently, and so could change the
search's verdicts or node counts, fails.
"""

from __future__ import annotations

import random

import pytest

from solvers.comrade.bounds import close_reach, extremes, lower_bounds, need_refutes
from solvers.comrade.keys import canonical_key
from solvers.comrade.picture import NSUITS
from solvers.comrade.search import (PlaySearch, _canonical, _close, _fact_tables, _lower, _need_refutes,
                                    _need_table, _suit_facts)

CASES = 400


def random_seqs(rng: random.Random, n: int, size: int) -> tuple:
    """Owner sequences (lowest first) of ``size`` random cards per player out of a 4 x 13 deck."""
    cards = rng.sample([(s, r) for s in range(NSUITS) for r in range(13)], n * size)
    per: list[list] = [[] for _ in range(NSUITS)]
    for i, (s, r) in enumerate(cards):
        per[s].append((r, i // size))
    return tuple(tuple(p for _, p in sorted(x)) for x in per)


def cases():
    rng = random.Random(2026)
    for k in range(CASES):
        n = rng.choice((3, 4))
        size = rng.randint(1, 7)
        seqs = random_seqs(rng, n, size)
        leader = rng.randrange(n)
        need = [rng.choice((0, 0, 0, 1, 1, 2, 3)) for _ in range(n * NSUITS)]
        counts = tuple(rng.choice((0, 0, 1, 2)) for _ in range(n * NSUITS))
        zero = frozenset(rng.sample(range(n * NSUITS), rng.choice((0, 0, 1, 2))))
        yield pytest.param(k, n, seqs, leader, need, counts, zero, id=f"case{k:03d}-{n}p-{size}")


def quick(seqs, n):
    facts = [_suit_facts(seq, s, n) for s, seq in enumerate(seqs)]
    hold = list(zip(*(f[0] for f in facts)))
    return facts, hold


@pytest.mark.parametrize("k, n, seqs, leader, need, counts, zero", list(cases()))
def test_the_quick_rules_answer_as_the_plain_ones(k, n, seqs, leader, need, counts, zero):
    rng = random.Random(k)
    facts, hold = quick(seqs, n)
    assert [list(row) for row in hold] == [[seq.count(p) for seq in seqs] for p in range(n)]
    ext = extremes(seqs, n)
    assert [list(f[1]) for f in facts] == ext[0] and [list(f[2]) for f in facts] == ext[1]

    # who can still win a trick, everyone allowed and some not
    reach = _close(facts, leader, n, None)
    assert reach == close_reach(ext, leader, n)
    ok = [[rng.random() < 0.6 for _ in range(NSUITS)] for _ in range(n)]
    allowed = [sum(1 << p for p in range(n) if ok[p][s]) for s in range(NSUITS)]
    legal = _close(facts, leader, n, allowed)
    assert legal == close_reach(ext, leader, n, ok)

    # the transposition key and the lower bounds
    assert _canonical(seqs, facts, leader, counts, reach, n) == canonical_key(seqs, leader, counts, reach)
    for rmask in {reach[0], legal[0], (1 << n) - 1}:
        assert _lower(facts, hold, n, rmask) == lower_bounds(seqs, hold, n, rmask)

    # the fixed-bid refutation (the search asks it with no negative need)
    table = _need_table(tuple(need), n)
    assert _need_refutes(facts, hold, tuple(need), leader, n, table) == need_refutes(seqs, hold, need, leader, n)

    # feasibility with fixed bids, against the plain test, with counts past a bid and cells that must stay 0
    target = [c + v for c, v in zip(counts, need)]
    if rng.random() < 0.3:
        target[rng.randrange(len(target))] = 0
    search = PlaySearch(n, 6, 3, target=target, time_limit=None, zero=zero)
    got = search._of_counts(counts)
    tricks_left = sum(map(len, seqs)) // n
    for r, low in ((None, None), (reach, lower_bounds(seqs, hold, n, reach[0])), (legal, None)):
        assert search._feasible_target(got[2], got[4], hold, r, low) == \
            search._feasible(counts, hold, tricks_left, r, low)


def test_the_facts_are_shared_per_suit_and_player_count():
    """One table per suit and number of players: a sequence of a suit is worked out once."""
    tables = _fact_tables(4)
    assert len(tables) == NSUITS and _fact_tables(4) is tables and _fact_tables(3) is not tables
