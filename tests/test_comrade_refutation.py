"""The refutation rules of the Comrade search, each against a plainly written brute force.

The brute force (:func:`oracles.comrade_brute.outcomes` and :func:`~oracles.comrade_brute.ever`)
plays out every legal trick card by card on the search's own small picture of a position
(owner sequences per suit, lowest card first; see ``solvers/comrade/picture.py``) and shares
no code with the search or its rules (``solvers/comrade/bounds.py``, ``keys.py``).  Each rule is a claim
about *every* play from a position; the tests check the claim on seeded mini positions:

* :func:`reach` — every player who ever wins a trick is in ``rmask``; no suit of ``dead``
  is ever led;
* :func:`forced_wins` — a player who can never discard wins at least the promised tricks;
* :func:`canonical_key` — positions with the same key have the same achievable counts;
* the solver on mini deals of the hard families agrees with the exhaustive search of
  ``tests/test_comrade_solver_brute.py``, with the rules on from the first position and off.

A case's id names the position, so a failure says which one: ``random017-4p-lead2-S0120.H31.D.C``
is the 18th random position, 4 players, seat 2 to lead, spades owned (lowest first) by seats
0, 1, 2, 0, hearts by 3 then 1, no diamond or club left.  The families are ``random``,
``balanced`` (every player the same number of each suit), ``pairs`` (two pairs on disjoint
suits) and ``foursuit`` (someone holds all four suits); ``split-`` marks a position of the
case-split pool.
"""

from __future__ import annotations

import random

import pytest

from cardgames.cards import SUITS, Card
from cardgames.comrade import Deal, variant_for
from solvers.comrade import SolverOptions, solve
from solvers.studies.hard_deals import QUOTED_HARD_DEALS, split_deal, three_balanced_deal, tops_deal
from solvers.comrade.bounds import forced_wins, reach
from solvers.comrade.keys import canonical_key

from oracles.comrade_brute import NS, after, brute_force_winnable, ever, legal_final, outcomes, winner


# -- seeded mini positions, each with an id that names it ------------------------------

def random_position(rng, n, size, suits=NS, balanced=False):
    """Owner sequences of a mini position: ``size`` cards per player over ``suits`` suits."""
    if balanced:                              # every player the same number of each suit
        per = [size // suits + (1 if s < size % suits else 0) for s in range(suits)]
        seqs = []
        for s in range(NS):
            owners = [p for p in range(n) for _ in range(per[s])] if s < suits else []
            rng.shuffle(owners)
            seqs.append(tuple(owners))
        return tuple(seqs)
    cards = [(s, r) for s in range(suits) for r in range(n * size)]
    rng.shuffle(cards)
    seqs = [[] for _ in range(NS)]
    for p in range(n):
        for s, r in cards[p * size:(p + 1) * size]:
            seqs[s].append((r, p))
    return tuple(tuple(p for _, p in sorted(x)) for x in seqs)


def position_id(family, index, position):
    """``family``, index, players, leader and the owners of each suit's cards, lowest first."""
    seqs, leader, n = position
    return f"{family}{index:03d}-{n}p-lead{leader}-" + ".".join(
        SUITS[s] + "".join(map(str, seqs[s])) for s in range(NS))


POSITIONS = []
_rng = random.Random(15)
for _k in range(120):
    _n = 3 if _k % 3 == 0 else 4
    _size = 1 + _k % (4 if _n == 3 else 3)
    POSITIONS.append((random_position(_rng, _n, _size, suits=1 + _k % 4), _rng.randrange(_n), _n))
for _k in range(40):                          # balanced hands: the forced-wins rule fires
    _n = 3 if _k % 2 else 4
    _size = 2 + _k % 3
    POSITIONS.append((random_position(_rng, _n, _size, suits=1 + _k % 3, balanced=True), _rng.randrange(_n), _n))
for _k in range(40):                          # two pairs on disjoint suits: dead suits appear
    _seqs = [[], [], [], []]
    _cards = [(s, r) for s in (0, 3) for r in range(4)]
    _rng.shuffle(_cards)
    _other = [(s, r) for s in (1, 2) for r in range(4)]
    _rng.shuffle(_other)
    _size = 1 + _k % 3
    for _p, _pile in ((0, _cards[:_size]), (1, _cards[_size:2 * _size]),
                      (2, _other[:_size]), (3, _other[_size:2 * _size])):
        for _s, _r in _pile:
            _seqs[_s].append((_r, _p))
    POSITIONS.append((tuple(tuple(p for _, p in sorted(x)) for x in _seqs), _rng.randrange(4), 4))
POSITION_IDS = [position_id(family, k, POSITIONS[start + k])
                for family, start, count in (("random", 0, 120), ("balanced", 120, 40), ("pairs", 160, 40))
                for k in range(count)]
assert len(POSITION_IDS) == len(POSITIONS)


def test_the_positions_exercise_every_rule():
    dead = sum(1 for seqs, leader, n in POSITIONS if reach(seqs, leader, n)[1] & ~sum(
        1 << s for s in range(NS) if not seqs[s]))
    idle = sum(1 for seqs, leader, n in POSITIONS if reach(seqs, leader, n)[0] != (1 << n) - 1)
    forced = sum(1 for seqs, leader, n in POSITIONS
                 if forced_wins(seqs, [[seq.count(p) for seq in seqs] for p in range(n)], n))
    assert dead >= 10 and idle >= 20 and forced >= 20


@pytest.mark.parametrize("k", range(len(POSITIONS)), ids=POSITION_IDS)
def test_reach_never_misses_a_winner_or_a_led_suit(k):
    seqs, leader, n = POSITIONS[k]
    rmask, dead = reach(seqs, leader, n)
    winners, led = ever(seqs, leader, n)
    assert all((rmask >> p) & 1 for p in winners)
    assert (rmask >> leader) & 1
    assert not any((dead >> s) & 1 for s in led)


@pytest.mark.parametrize("k", range(len(POSITIONS)), ids=POSITION_IDS)
def test_forced_wins_hold_in_every_play(k):
    seqs, leader, n = POSITIONS[k]
    low = forced_wins(seqs, [[seq.count(p) for seq in seqs] for p in range(n)], n) or []
    for inc in outcomes(seqs, leader, n):
        for p, row in low:
            assert all(inc[p * NS + s] >= row[s] for s in range(NS)), (seqs, leader, p, row, inc)


def variants(seqs, leader, n, rng):
    """Positions that the canonical key merges with ``seqs``: shuffle the cards of players
    who can never win inside each suit, and move dead-suit cards between dead suits."""
    rmask, dead = reach(seqs, leader, n)
    out = []
    for _ in range(3):
        new = []
        spare = []
        for s in range(NS):
            seq = list(seqs[s])
            if (dead >> s) & 1:
                spare.extend(seq)
                new.append(None)
                continue
            k = 0
            while k < len(seq) and not (rmask >> seq[k]) & 1:
                k += 1
            head = seq[:k]
            rng.shuffle(head)
            new.append(tuple(head + seq[k:]))
        slots = [s for s in range(NS) if new[s] is None]
        if slots:
            rng.shuffle(spare)
            cut = sorted(rng.randint(0, len(spare)) for _ in slots[:-1])
            parts = [spare[a:b] for a, b in zip([0] + cut, cut + [len(spare)])]
            for s, part in zip(slots, parts):
                new[s] = tuple(part)
        out.append(tuple(new))
    return out


@pytest.mark.parametrize("k", range(len(POSITIONS)), ids=POSITION_IDS)
def test_canonical_key_merges_only_equivalent_positions(k):
    seqs, leader, n = POSITIONS[k]
    counts = (0,) * (n * NS)
    key = canonical_key(seqs, leader, counts, reach(seqs, leader, n))
    for other in variants(seqs, leader, n, random.Random(k)):
        # the variant must be a position of the same size whose key is the same
        if canonical_key(other, leader, counts, reach(other, leader, n)) == key:
            assert outcomes(other, leader, n) == outcomes(seqs, leader, n)


def test_canonical_keys_of_the_pool_never_merge_different_positions():
    seen, seen_outcomes = {}, {}
    merged = 0
    for seqs, leader, n in POSITIONS:
        counts = (0,) * (n * NS)
        for pos in [seqs] + variants(seqs, leader, n, random.Random(len(seqs[0]))):
            key = canonical_key(pos, leader, counts, reach(pos, leader, n))
            got = outcomes(pos, leader, n)
            if key in seen:
                merged += seen[key] != pos
                assert seen_outcomes[key] == got
            else:
                seen[key] = pos
                seen_outcomes[key] = got
    assert merged >= 10, "the pool should contain positions the key merges"


# -- the whole solver on mini deals of the hard families --------------------------------

def mini_split(seed):
    """Two pairs on disjoint suits (N, E: spades and clubs; S, W: hearts and diamonds)."""
    rng = random.Random(seed)
    size = 2 + seed % 2
    hands = []
    for pair in ("SC", "HD"):
        cards = [Card(s, r) for s in pair for r in range(14 - size, 15)]
        rng.shuffle(cards)
        hands.append((cards[:size], cards[size:2 * size]))
    (n, e), (s, w) = hands
    return Deal([n, e, s, w])


def mini_balanced(seed):
    """3 players, one card of each of ``k`` suits; one seat holds every top card."""
    rng = random.Random(seed)
    k = 2 + seed % 3
    top = rng.randrange(3)
    hands = [[], [], []]
    for s in SUITS[:k]:
        ranks = rng.sample(range(5, 13), 2)
        hands[top].append(Card(s, 13))
        others = [p for p in range(3) if p != top]
        hands[others[0]].append(Card(s, ranks[0]))
        hands[others[1]].append(Card(s, ranks[1]))
    return Deal(hands, variant_for(3))


def mini_balanced_two(seed):
    """4 players, two cards of each of two suits (balanced: nobody ever discards)."""
    rng = random.Random(seed)
    hands = [[], [], [], []]
    for s in "SH":
        ranks = list(range(7, 15))
        rng.shuffle(ranks)
        for p in range(4):
            hands[p] += [Card(s, r) for r in ranks[2 * p:2 * p + 2]]
    return Deal(hands)


def mini_tops(seed):
    """North holds the top cards of three suits, then one card swapped with another seat."""
    rng = random.Random(seed)
    size = 3
    deck = [Card(s, r) for s in "SHD" for r in range(15 - size, 15)]
    tops = sorted(deck, key=lambda c: -c.rank)[:size]
    rest = [c for c in deck if c not in tops]
    rest += [Card("C", r) for r in range(2, 2 + 4 * size - len(deck))]
    rng.shuffle(rest)
    others = [rest[i * size:(i + 1) * size] for i in range(3)]
    i, k, j = rng.randrange(size), rng.randrange(3), rng.randrange(size)
    tops[i], others[k][j] = others[k][j], tops[i]
    return Deal([tops] + others)


MINI = ([(mini_split(s), s % 4) for s in range(14)] + [(mini_balanced(s), s % 3) for s in range(9)]
        + [(mini_balanced_two(s), s % 4) for s in range(6)] + [(mini_tops(s), s % 4) for s in range(10)])


def test_mini_families_include_lost_deals():
    assert sum(not brute_force_winnable(d, dealer) for d, dealer in MINI) >= 8


@pytest.mark.parametrize("deal,dealer", MINI, ids=[f"{d.to_pbn()}@{x}" for d, x in MINI])
def test_solver_with_and_without_refutation_matches_brute_force(deal, dealer):
    expected = "win" if brute_force_winnable(deal, dealer) else "no_win"
    eager = SolverOptions(refute_after=0, engine="search")   # the rules from the first position on
    assert solve(deal, dealer, time_limit=None, options=eager).verdict == expected
    without = SolverOptions(refute=False, engine="search")
    assert solve(deal, dealer, time_limit=None, options=without).verdict == expected


# -- the quoted hard deals --------------------------------------------------------------

@pytest.mark.parametrize("pbn,dealer,what", [d for d in QUOTED_HARD_DEALS if d[2] in ("split pairs", "3 players")])
def test_the_quoted_hard_deals_are_proved_lost_quickly(pbn, dealer, what):
    result = solve(pbn, dealer, time_limit=60)
    assert result.verdict == "no_win"
    # the rules run at every position after SolverOptions.refute_after (500) positions and then
    # settle it within the first dive of the search (1000 positions); the plain search does not
    assert result.nodes < 2000
    eager = solve(pbn, dealer, time_limit=60, options=SolverOptions(refute_after=0, engine="search"))
    assert eager.verdict == "no_win" and eager.nodes < 500


def test_family_generators_are_seeded_and_legal():
    assert split_deal(3).to_pbn() == split_deal(3).to_pbn() != split_deal(4).to_pbn()
    assert tops_deal(3, swaps=2).to_pbn() == tops_deal(3, swaps=2).to_pbn()
    d = three_balanced_deal(5)
    assert d.players == 3 and all(sum(1 for c in h if c.suit == s) == 3 for h in d.hands for s in SUITS)


# -- the same rules restricted to winning continuations (bids already partly used) ------

def allowed_matrix(counts, n):
    """May ``p`` win one more trick led in ``s`` (as the search's ``_accepts``, written again)?"""
    top = 4 if n == 3 else 6
    out = []
    for p in range(n):
        row = counts[p * NS:(p + 1) * NS]
        used = sum(1 for v in row if v)
        out.append([row[s] < top if row[s] else used < 3 for s in range(NS)])
    return out


def random_counts(rng, n):
    """Tricks already won: some players with three suits used, some cells at the top value."""
    counts = [0] * (n * NS)
    for p in range(n):
        kind = rng.randrange(3)
        if kind == 1:                              # three suits used
            for s in rng.sample(range(NS), 3):
                counts[p * NS + s] = rng.randint(1, 2)
        elif kind == 2:                            # one suit at the largest value
            counts[p * NS + rng.randrange(NS)] = 4 if n == 3 else 6
    return tuple(counts)


@pytest.mark.parametrize("k", range(len(POSITIONS)), ids=POSITION_IDS)
def test_rules_with_allowed_wins_hold_in_every_winning_continuation(k):
    seqs, leader, n = POSITIONS[k]
    rng = random.Random(1000 + k)
    for _ in range(3):
        counts = random_counts(rng, n)
        rmask, dead = reach(seqs, leader, n, allowed_matrix(counts, n))
        hold = [[seq.count(p) for seq in seqs] for p in range(n)]
        low = forced_wins(seqs, hold, n, rmask) or []
        # a suit is led at most as often as the longest holding of it among possible leaders
        caps = [max(hold[p][s] if (rmask >> p) & 1 else 0 for p in range(n)) for s in range(NS)]
        for inc in outcomes(seqs, leader, n):
            final = tuple(c + i for c, i in zip(counts, inc))
            if not legal_final(final, n):
                continue
            for p in range(n):
                for s in range(NS):
                    if inc[p * NS + s]:
                        assert (rmask >> p) & 1 and not (dead >> s) & 1
            assert all(sum(inc[p * NS + s] for p in range(n)) <= caps[s] for s in range(NS))
            for p, row in low:
                assert all(inc[p * NS + s] >= row[s] for s in range(NS))


@pytest.mark.parametrize("deal,dealer", MINI[::3], ids=[f"{d.to_pbn()}@{x}" for d, x in MINI[::3]])
def test_fixed_bids_with_and_without_refutation_agree(deal, dealer):
    """With the bids fixed the rules read the bids instead of the bid-card limits; every
    fixed bid that fits the cards gets the same verdict with the rules on and off, and
    the deal is won exactly when one of them is."""
    from solvers.comrade import holdings
    from solvers.comrade.bids import iter_legal_bids
    eager, plain = SolverOptions(refute_after=0, engine="search"), SolverOptions(refute=False, engine="search")
    won = False
    for bids in iter_legal_bids(deal.variant, deal.total, upper=holdings(deal)):
        a = solve(deal, dealer, bids=bids, time_limit=None, options=eager).verdict
        assert a == solve(deal, dealer, bids=bids, time_limit=None, options=plain).verdict
        won |= a == "win"
    assert won == brute_force_winnable(deal, dealer)


# -- the case split on the bid structure: a player wins nothing in one of the suits -----

def _search_verdict(seqs, leader, n, time_limit=None, zero=(), **kw):
    from solvers.comrade.search import PlaySearch, SearchOptions
    s = PlaySearch(n, 4 if n == 3 else 6, 3, time_limit=time_limit, zero=zero, options=SearchOptions(**kw))
    return s.run(seqs, leader), s


def _equal_hands(seqs, n):
    return len({sum(seq.count(p) for seq in seqs) for p in range(n)}) == 1 and any(seqs)


def _four_suit_positions(count, seed=150):
    """Mini positions (4 cards each) in which some player holds all four suits, often the
    top cards too (the split needs such a player; the tops make the zero cell bite)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        n = 3 if len(out) % 2 else 4
        seqs = random_position(rng, n, 4, suits=NS)
        if not any(all(p in seq for seq in seqs) for p in range(n)):
            continue
        out.append((seqs, rng.randrange(n), n))
    return out


SPLIT_POSITIONS = ([(seqs, leader, n) for seqs, leader, n in POSITIONS if _equal_hands(seqs, n)]
                   + _four_suit_positions(16))
SPLIT_IDS = ["split-" + i for i, (seqs, _, n) in zip(POSITION_IDS, POSITIONS) if _equal_hands(seqs, n)] \
    + [position_id("split-foursuit", k, p) for k, p in enumerate(SPLIT_POSITIONS[-16:])]
assert len(SPLIT_IDS) == len(SPLIT_POSITIONS)


@pytest.mark.parametrize("k", range(0, len(SPLIT_POSITIONS), 2), ids=SPLIT_IDS[::2])
def test_zero_cells_match_brute_force(k):
    """With a cell in ``zero`` the search wins exactly when some complete play gives a
    legal final bid in which that cell is 0 (the rules on from the first position)."""
    seqs, leader, n = SPLIT_POSITIONS[k]
    rng = random.Random(k)
    for _ in range(2):
        cell = rng.randrange(n * NS)
        expected = any(legal_final(inc, n) and not inc[cell] for inc in outcomes(seqs, leader, n))
        line, _ = _search_verdict(seqs, leader, n, zero=[cell], refute_after=0, split_after=None)
        assert (line is not None) == expected, (seqs, leader, cell)
        if line is not None:                       # the line found really leaves the cell at 0
            counts = [0] * (n * NS)
            pos, who = seqs, leader
            for trick in line:
                assert trick[0][0] == who, "each trick is led by the winner of the one before"
                w = winner(trick)
                counts[w * NS + trick[0][1]] += 1
                pos, who = after(pos, trick), w
            assert not counts[cell] and legal_final(counts, n)


@pytest.mark.parametrize("k", range(len(SPLIT_POSITIONS)), ids=SPLIT_IDS)
def test_case_split_matches_brute_force(k):
    """Split at once (budget 1 node per dive, split after 0): the verdict is the brute force's."""
    seqs, leader, n = SPLIT_POSITIONS[k]
    expected = any(legal_final(inc, n) for inc in outcomes(seqs, leader, n))
    line, s = _search_verdict(seqs, leader, n, refute_after=0, split_after=0, restart_base=1)
    assert (line is not None) == expected, (seqs, leader)


def test_case_split_happens_on_the_split_positions():
    """The pool holds positions where some player has all four suits, so the split runs."""
    from solvers.comrade.search import PlaySearch
    splits = 0
    for seqs, leader, n in SPLIT_POSITIONS:
        s = PlaySearch(n, 4 if n == 3 else 6, 3)
        splits += s._split_player(seqs) is not None
    assert splits >= 10


@pytest.mark.parametrize("deal,dealer", MINI, ids=[f"{d.to_pbn()}@{x}" for d, x in MINI])
def test_case_split_on_mini_deals_matches_brute_force(deal, dealer):
    from solvers.comrade.search import position_from_hands
    hands = [[(SUITS.index(c.suit), c.rank) for c in h] for h in deal.hands]
    seqs, _ = position_from_hands(hands)
    line, _ = _search_verdict(seqs, dealer, deal.players, refute_after=0, split_after=0, restart_base=1)
    assert (line is not None) == brute_force_winnable(deal, dealer)


def test_case_split_tries_every_suit():
    """N holds SA HA DA C2 (the others K, Q, J and the high clubs): every suit is led
    once, N wins the spade, heart and diamond tricks, so only the sub-search "N wins no
    club trick", the last of the four, holds the win."""
    deal = Deal.from_pbn("N:A.A.A.2 K.K.K.A Q.Q.Q.K J.J.J.Q")
    from solvers.comrade.search import position_from_hands
    hands = [[(SUITS.index(c.suit), c.rank) for c in h] for h in deal.hands]
    seqs, _ = position_from_hands(hands)
    line, s = _search_verdict(seqs, 0, 4, refute_after=0, split_after=0, restart_base=1)
    assert s._split_player(seqs) == 0
    assert line is not None and brute_force_winnable(deal, 0)
    for suit in range(3):
        assert _search_verdict(seqs, 0, 4, zero=[suit], split_after=None)[0] is None


# -- a player who cannot discard all their top cards of a suit in time wins in it -------

def test_discard_bound_fires_in_the_pool():
    from solvers.comrade.bounds import discard_bound
    fired = sum(1 for seqs, leader, n in POSITIONS + SPLIT_POSITIONS
                if discard_bound(seqs, [[seq.count(p) for seq in seqs] for p in range(n)], n))
    new = sum(1 for seqs, leader, n in POSITIONS + SPLIT_POSITIONS
              if (discard_bound(seqs, [[seq.count(p) for seq in seqs] for p in range(n)], n) or [])
              != [(p, tuple(min(1, v) for v in row)) for p, row in
                  forced_wins(seqs, [[seq.count(p) for seq in seqs] for p in range(n)], n) or []])
    assert fired >= 20 and new >= 5, (fired, new)


@pytest.mark.parametrize("k", range(len(POSITIONS + SPLIT_POSITIONS)), ids=POSITION_IDS + SPLIT_IDS)
def test_discard_bound_holds_in_every_play(k):
    """Every complete play wins at least one trick of the suit for the player named."""
    from solvers.comrade.bounds import discard_bound
    seqs, leader, n = (POSITIONS + SPLIT_POSITIONS)[k]
    low = discard_bound(seqs, [[seq.count(p) for seq in seqs] for p in range(n)], n) or []
    for inc in outcomes(seqs, leader, n):
        for p, row in low:
            assert all(inc[p * NS + s] >= row[s] for s in range(NS)), (seqs, leader, p, row, inc)


@pytest.mark.parametrize("k", range(len(POSITIONS + SPLIT_POSITIONS)), ids=POSITION_IDS + SPLIT_IDS)
def test_discard_bound_with_allowed_wins_holds_in_every_winning_continuation(k):
    from solvers.comrade.bounds import discard_bound
    seqs, leader, n = (POSITIONS + SPLIT_POSITIONS)[k]
    rng = random.Random(2000 + k)
    hold = [[seq.count(p) for seq in seqs] for p in range(n)]
    for _ in range(3):
        counts = random_counts(rng, n)
        rmask, _ = reach(seqs, leader, n, allowed_matrix(counts, n))
        low = discard_bound(seqs, hold, n, rmask) or []
        for inc in outcomes(seqs, leader, n):
            if legal_final(tuple(c + i for c, i in zip(counts, inc)), n):
                for p, row in low:
                    assert all(inc[p * NS + s] >= row[s] for s in range(NS))


def _quoted_position(index):
    from solvers.comrade.search import position_from_hands
    pbn, dealer, _ = QUOTED_HARD_DEALS[index]
    deal = Deal.from_pbn(pbn)
    hands = [[(SUITS.index(c.suit), c.rank) for c in h] for h in deal.hands]
    return position_from_hands(hands)[0], dealer


def test_the_quoted_tops_deals_force_north_into_suits_at_the_root():
    """Worked out by hand (notebook 21, section 9): in the first tops deal North holds
    A K Q of hearts and of clubs, West is the only player with a fourth spade, heart or
    club and nobody has a fifth diamond, so North can discard at most twice before running
    out of hearts (on the fourth spade and the fourth club) and must win a heart trick;
    the same for clubs.  In the second, North's A K Q of diamonds need three discards
    but only a fourth spade and a fourth club can be led to a void North."""
    from solvers.comrade.bounds import discard_bound
    seqs, _ = _quoted_position(1)
    hold = [[seq.count(p) for seq in seqs] for p in range(4)]
    assert dict(discard_bound(seqs, hold, 4))[0] == (0, 1, 0, 1)
    seqs, dealer = _quoted_position(2)
    hold = [[seq.count(p) for seq in seqs] for p in range(4)]
    assert dict(discard_bound(seqs, hold, 4))[0][2] == 1
    # so the sub-search "North wins no diamond trick" ends at the root
    line, s = _search_verdict(seqs, dealer, 4, zero=[2], split_after=None, time_limit=30)
    assert line is None and s.nodes == 0


# -- the fixed-bids proofs: exact numbers of leads per suit -----------------------------

def _need_vectors(seqs, leader, n, rng, count=12):
    """Every achievable increment matrix, and random ones with the same total (mostly not achievable)."""
    got = sorted(outcomes(seqs, leader, n))
    total = sum(got[0])
    fake = set()
    for _ in range(count):
        cells = [0] * (n * NS)
        for _ in range(total):
            cells[rng.randrange(n * NS)] += 1
        fake.add(tuple(cells))
    return got, sorted(fake)


@pytest.mark.parametrize("k", range(len(POSITIONS + SPLIT_POSITIONS)), ids=POSITION_IDS + SPLIT_IDS)
def test_need_refutes_never_refutes_an_achievable_distribution(k):
    from solvers.comrade.bounds import need_refutes
    seqs, leader, n = (POSITIONS + SPLIT_POSITIONS)[k]
    hold = [[seq.count(p) for seq in seqs] for p in range(n)]
    got, _ = _need_vectors(seqs, leader, n, random.Random(k))
    for inc in got:
        assert not need_refutes(seqs, hold, inc, leader, n), (seqs, leader, inc)


def test_need_refutes_fires_on_unachievable_distributions():
    """Not a weak rule: it proves a good share of the impossible fixed bids of the pool."""
    from solvers.comrade.bounds import need_refutes
    impossible = proved = 0
    for k, (seqs, leader, n) in enumerate(POSITIONS + SPLIT_POSITIONS):
        hold = [[seq.count(p) for seq in seqs] for p in range(n)]
        got, fake = _need_vectors(seqs, leader, n, random.Random(k))
        for inc in set(fake) - set(got):
            if all(inc[p * NS + s] <= hold[p][s] for p in range(n) for s in range(NS)):
                impossible += 1
                proved += need_refutes(seqs, hold, inc, leader, n)
    # the discard and lead counts alone prove about half; the blocked suits and the closure
    # of who can ever lead (_leads_stall) bring it to about four in five
    assert impossible >= 100 and proved >= 2 * impossible // 3, (proved, impossible)


def _dead_column_variants(counts, dead, n, rng, top):
    """``counts`` with the nonzero cells of each dead column given other different values."""
    out = list(counts)
    for s in range(NS):
        if (dead >> s) & 1:
            cells = [p for p in range(n) if counts[p * NS + s]]
            for p, v in zip(cells, rng.sample(range(1, top + 1), len(cells))):
                out[p * NS + s] = v
    return tuple(out)


@pytest.mark.parametrize("k", range(len(POSITIONS)), ids=POSITION_IDS)
def test_count_key_merges_only_count_matrices_with_the_same_fate(k):
    """Count matrices with the same count_key are won or lost together from the position
    (checked on every complete play); with a dead suit the key merges different matrices."""
    from solvers.comrade.keys import count_key
    seqs, leader, n = POSITIONS[k]
    _, dead = reach(seqs, leader, n)
    rng = random.Random(3000 + k)
    plays = outcomes(seqs, leader, n)
    top = 4 if n == 3 else 6
    by_key: dict = {}
    for _ in range(8):
        base = [0] * (n * NS)
        for p in range(n):
            for s in rng.sample(range(NS), rng.randint(0, 3)):
                base[p * NS + s] = rng.randint(1, top - 1)
        for counts in {tuple(base)} | {_dead_column_variants(base, dead, n, rng, top) for _ in range(4)}:
            won = any(legal_final(tuple(c + i for c, i in zip(counts, inc)), n) for inc in plays)
            by_key.setdefault(count_key(counts, dead, n), {}).setdefault(won, set()).add(counts)
    assert all(len(fates) == 1 for fates in by_key.values()), by_key
    if dead:
        assert any(len(m) > 1 for fates in by_key.values() for m in fates.values())
