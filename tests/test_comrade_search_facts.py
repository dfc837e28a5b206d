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
from itertools import product
from operator import itemgetter

import pytest

from solvers.comrade.bounds import close_reach, extremes, leads_stall, lower_bounds, need_refutes
from solvers.comrade.keys import canonical_key
from solvers.comrade.picture import NSUITS
from solvers.comrade.search import (PlaySearch, _canonical, _close, _fact_tables, _lower, _need_refutes,
                                    _need_table, _stall, _suit_facts)

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


def plain_suit_facts(seq, s, n):
    """:func:`_suit_facts` transcribed plainly: one pass up the sequence, the holders above each card."""
    hold = [0] * n
    first = [-1] * n
    last = [-1] * n
    runs: list[list] = [[] for _ in range(n)]
    top = len(seq) - 1
    for i, o in enumerate(seq):
        hold[o] += 1
        if first[o] < 0:
            first[o] = i
        last[o] = i
        if i == top or seq[i + 1] != o:
            runs[o].append((o, s, i))
    above = [0] * len(seq)
    acc = 0
    for i in range(top, -1, -1):
        above[i] = acc
        acc |= 1 << seq[i]
    beat = tuple(above[first[p]] if first[p] >= 0 else 0 for p in range(n))
    plays = tuple(tuple(r) for r in runs)
    return (tuple(hold), tuple(first), tuple(last), beat, acc, plays, tuple(r[:1] for r in plays), {}, seq)


def plain_ordered_tricks(n, facts, leader, counts, reach, used, allowed):
    """The move generation of :meth:`PlaySearch._ordered_tricks` transcribed plainly (every follower's
    choices by ``product``, each trick's winner and score worked out from the counts), without restarts."""
    rmask, dead = ((1 << n) - 1, 0) if reach is None else reach
    order = [(leader + k) % n for k in range(1, n)]
    scored = []
    for s in range(NSUITS):
        fs = facts[s]
        if not fs[5][leader] or not allowed[s]:
            continue
        options = []
        for f in order:
            r = fs[5][f] if (rmask >> f) & 1 else fs[6][f]
            if r:
                options.append(r)
                continue
            opts: list = []
            discard = False
            for t in range(NSUITS):
                if t == s:
                    continue
                r = facts[t][5][f] if (rmask >> f) & 1 else facts[t][6][f]
                if (dead >> t) & 1:
                    if discard or not r:
                        continue
                    discard = True
                    opts.append(r[0])
                else:
                    opts.extend(r)
            options.append(opts)
        col = [counts[p * NSUITS + s] for p in range(n)]
        for lead in fs[5][leader]:
            for combo in product(*options):
                best, winner = lead[2], leader
                for f, t, i in combo:
                    if t == s and i > best:
                        best, winner = i, f
                if not (allowed[s] >> winner) & 1:
                    continue
                c = col[winner]
                score = (-3 if c + 1 in col else -4) if c else used[winner]
                scored.append((score, s, winner, (lead,) + combo))
    scored.sort(key=itemgetter(0))
    return scored


def quick(seqs, n):
    facts = [_suit_facts(seq, s, n) for s, seq in enumerate(seqs)]
    hold = list(zip(*(f[0] for f in facts)))
    return facts, hold


@pytest.mark.parametrize("k, n, seqs, leader, need, counts, zero", list(cases()))
def test_the_quick_rules_answer_as_the_plain_ones(k, n, seqs, leader, need, counts, zero):
    rng = random.Random(k)
    facts, hold = quick(seqs, n)
    assert facts == [plain_suit_facts(seq, s, n) for s, seq in enumerate(seqs)]
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

    # who can ever lead, with players who must throw every card of a suit away (blockers)
    L = [sum(need[p * NSUITS + s] for p in range(n)) for s in range(NSUITS)]
    cells = [(p, s) for p in range(n) for s in range(NSUITS) if hold[p][s]]
    blockers = sorted(rng.sample(cells, min(len(cells), rng.choice((1, 1, 2, 3)))))
    assert _stall(facts, hold, tuple(need), L, leader, n, blockers) == \
        leads_stall(hold, need, L, leader, n, blockers)

    # the tricks tried, in their order, against the plain generation (everyone may win, or only some)
    search = PlaySearch(n, 6, 3, target=[c + v for c, v in zip(counts, need)], time_limit=None)
    got = search._of_counts(counts)
    for r in (None, reach, legal):
        assert search._ordered_tricks(facts, leader, got[5], r) == \
            plain_ordered_tricks(n, facts, leader, counts, r, got[0], got[1])
    plain = PlaySearch(n, 6, 3, time_limit=None, zero=zero)
    got = plain._of_counts(counts)
    assert plain._ordered_tricks(facts, leader, got[5], reach) == \
        plain_ordered_tricks(n, facts, leader, counts, reach, got[0], got[1])

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
