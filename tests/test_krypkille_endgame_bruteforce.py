"""The fast solvers against plainly written brute force over explicit physical card assignments."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from cardgames.krypkille import DECK, DEFAULT_PENALTIES, Kind, round_outcome, score_round
from solvers.krypkille_endgame import StrategyProfile, count_assignments, equilibrium, player_view
from solvers.krypkille_endgame.combinatorics import kinds_mask, weighted_assignments
from solvers.krypkille_endgame.common import declaring_order


def physical_pool(*seen):
    left = Counter(DECK)
    for group in seen:
        left -= Counter(group)
    return sorted(left.elements())


def brute_view(n, seat, card, first, played, discards, profile, penalties=DEFAULT_PENALTIES):
    """Every assignment of distinct physical unseen cards to the others, one by one."""
    card = _k(card)
    order = declaring_order(n, first)
    position = order.index(seat)
    others = [s for s in order if s != seat]
    pool = physical_pool(played, [card], discards)
    total = 0.0
    exp = {"declare": [0.0] * n, "pass": [0.0] * n}
    outcomes = {"declare": Counter(), "pass": Counter()}
    for combo in itertools.permutations(pool, len(others)):
        final = [None] * n
        final[seat] = card
        for s, k in zip(others, combo):
            final[s] = k
        w = 1.0
        for j in range(position):
            w *= 1 - profile.declare_prob(j, final[order[j]])
        if w == 0:
            continue
        total += w
        for s, x in enumerate(score_round(final, seat, penalties)):
            exp["declare"][s] += w * x
        outcomes["declare"][round_outcome(final, seat).value] += w
        reach = w
        for j in range(position + 1, n + 1):
            if j == n:
                d, pw = None, reach
            else:
                p = profile.declare_prob(j, final[order[j]])
                d, pw = order[j], reach * p
                reach *= 1 - p
            if pw:
                for s, x in enumerate(score_round(final, d, penalties)):
                    exp["pass"][s] += pw * x
                outcomes["pass"][round_outcome(final, d).value] += pw
            if j == n or not reach:
                break
    return ({a: [x / total for x in e] for a, e in exp.items()},
            {a: {o: c / total for o, c in oc.items()} for a, oc in outcomes.items()})


PLAYED_3 = "Mask 2 2 3 4 5 5 6 7 7 8 9 9 10 Inn Inn Pig Pig Cuckoo Cuckoo Harlequin Hussar Hussar 12"


def _assert_view_matches_brute_force(n, seat, card, first, played, discards, others):
    """``player_view``'s expected penalties and outcome chances for both actions equal brute force's."""
    v = player_view(n, seat, card, first, played, discards, others=others)
    exp, outcomes = brute_view(n, seat, card, first, list(map(_k, played.split())), list(map(_k, discards)),
                               v.profile)
    for a, summary in (("declare", v.declare), ("pass", v.pass_)):
        assert summary.expected == pytest.approx(exp[a])
        for o, p in summary.outcome_prob.items():
            assert p == pytest.approx(outcomes[a].get(o, 0.0))


@pytest.mark.parametrize("seat,card,first",
                         [(0, "Mask", 0), (1, "1", 0), (2, "6", 0), (0, "11", 1), (2, "Cavalier", 2)])
@pytest.mark.parametrize("others", ["equilibrium", "never", "4",
                                    StrategyProfile(({"Mask"}, {"Mask", "1"}, set()), mixed=({}, {}, {"3": 0.5}))])
def test_view_matches_brute_force_three_players(seat, card, first, others):
    discards = ["12"] if card != "12" else []
    _assert_view_matches_brute_force(3, seat, card, first, PLAYED_3, discards, others)


def test_view_matches_brute_force_four_players():
    played = "Mask Mask 2 3 4 4 5 6 7 8 9 9 10 10 Inn Inn Pig Pig Cuckoo Cuckoo Hussar Hussar 12 12"
    for seat, card in ((3, "1"), (1, "Flowerpot"), (2, "8")):
        v = player_view(4, seat, card, first=2, played=played, discards=["6"])
        exp, outcomes = brute_view(4, seat, card, 2, list(map(_k, played.split())), [Kind.SIX], v.profile)
        assert v.declare.expected == pytest.approx(exp["declare"])
        assert v.pass_.expected == pytest.approx(exp["pass"])
        assert {o: p for o, p in v.pass_.outcome_prob.items() if p} == pytest.approx(outcomes["pass"])


@pytest.mark.parametrize("seat,card,first", [(2, "1", 0), (0, "Wreath", 1), (4, "6", 4)])
def test_view_matches_brute_force_five_players(seat, card, first):
    # Four other players (every branch of the tree, mixed choices included); a small pool keeps brute force quick.
    played = "Mask 2 2 3 3 4 4 5 7 7 8 8 9 9 10 10 11 Inn Inn Pig Pig Cuckoo Cuckoo Hussar Hussar 12 Harlequin"
    discards = ["12", "Flowerpot"]
    mixed = StrategyProfile(tuple({"Mask", "Wreath"} for _ in range(5)),
                            mixed=tuple({"1": 0.3 + 0.1 * i, "5": 0.5} for i in range(5)))
    for others in ("equilibrium", mixed):
        _assert_view_matches_brute_force(5, seat, card, first, played, discards, others)


def _k(token):
    from cardgames.krypkille import parse_kind
    return parse_kind(token)


@pytest.mark.parametrize("n,public", [(3, PLAYED_3), (3, PLAYED_3.replace("Mask ", "")), (2, PLAYED_3)])
def test_equilibrium_values_and_stability_by_brute_force(n, public):
    pub = [_k(t) for t in public.split()]
    eq = equilibrium(n, pub)
    assert eq.converged
    for (i, card), pv in eq.values.items():
        exp, _ = brute_view(n, i, card, 0, pub, [], eq.profile)
        if pv.reachable:
            assert float(pv.expected_declare) == pytest.approx(exp["declare"][i])
            assert float(pv.expected_pass) == pytest.approx(exp["pass"][i])
            d, p = exp["declare"][i], exp["pass"][i]
            q = eq.profile.declare_prob(i, card)
            assert q * d + (1 - q) * p <= min(d, p) + 1e-7   # no gain from changing this choice


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.sampled_from(list(Kind)), st.integers(0, 2), min_size=1, max_size=8),
       st.lists(st.sets(st.sampled_from(list(Kind))), min_size=0, max_size=4))
def test_count_assignments_by_brute_force(pool, sets):
    physical = [k for k, c in pool.items() for _ in range(c)]
    expected = sum(1 for combo in itertools.permutations(range(len(physical)), len(sets))
                   if all(physical[i] in s for i, s in zip(combo, sets)))
    assert count_assignments(pool, [kinds_mask(s) for s in sets]) == expected
    weights = [[1.0 if k in s else 0.0 for k in range(22)] for s in sets]
    assert weighted_assignments(pool, weights) == pytest.approx(expected)
