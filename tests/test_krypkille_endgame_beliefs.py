"""The play-aware belief model: what the forced follows reveal, level 2 against simulation for both
belief models, and the calibration study."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from cardgames.krypkille import Kind, forced_follow, score_round
from solvers.krypkille_endgame import Endgame, player_view
from solvers.krypkille_endgame.beliefs import allowed_finals
from solvers.krypkille_endgame.calibration import MIN_BIN_COUNT, calibration_records, reliability
from solvers.krypkille_endgame.combinatorics import mask_kinds
from solvers.krypkille_endgame.common import unseen_pool

ROOT = Path(__file__).resolve().parents[1]


def brute_allowed(end: Endgame, seat: int) -> set:
    """The final cards f for which the engine's own forced_follow reproduces every follow of ``seat``:
    the hand at each trick is f plus the cards the seat played from that trick on."""
    plays = [(t, i, k) for t, trick in enumerate(end.tricks) for i, (s, k) in enumerate(trick) if s == seat]
    ok = set()
    for f in Kind:
        good = True
        for t, i, k in plays:
            if i == 0:
                continue   # a lead is free
            hand = [f] + [kk for tt, _, kk in plays if tt >= t]
            if forced_follow(hand, [c for _, c in end.tricks[t][:i]]) != k:
                good = False
                break
        if good:
            ok.add(f)
    return ok


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_allowed_finals_match_the_engines_forced_follow(n):
    for seed in range(25):
        end = Endgame.deal(n, seed=seed)
        allowed = allowed_finals(end.tricks, n)
        for seat in range(n):
            assert set(mask_kinds(allowed[seat])) == brute_allowed(end, seat), (seed, seat)
            assert end.final_cards[seat] in mask_kinds(allowed[seat])


def simulate_view(end: Endgame, seat: int, profile, beliefs: str, samples: int, seed: int):
    """Monte Carlo of level 2: draw the others' cards (rejecting draws that contradict the follows for
    "play"), weigh by the earlier positions passing, play the later positions' mixed choices, score."""
    rng = random.Random(seed)
    n, order = end.num_players, end.order
    position = order.index(seat)
    card = end.final_cards[seat]
    pool = sorted(unseen_pool(end.played, [card], end.discards[seat]).elements())
    allowed = allowed_finals(end.tricks, n) if beliefs == "play" else None
    others = [s for s in order if s != seat]
    totals = {"declare": [], "pass": []}
    while len(totals["pass"]) < samples:
        draw = rng.sample(pool, len(others))
        final = list(end.final_cards)
        for s, k in zip(others, draw):
            final[s] = k
        if allowed and any(not allowed[s] >> int(final[s]) & 1 for s in others):
            continue
        if any(rng.random() < profile.declare_prob(j, final[order[j]]) for j in range(position)):
            continue   # an earlier position declared: the viewer is not asked
        totals["declare"].append(score_round(final, seat)[seat])
        declarer = None
        for j in range(position + 1, n):
            if rng.random() < profile.declare_prob(j, final[order[j]]):
                declarer = order[j]
                break
        totals["pass"].append(score_round(final, declarer)[seat])
    return totals


@pytest.mark.parametrize("beliefs", ["uniform", "play"])
@pytest.mark.parametrize("n,seed", [(3, 2), (4, 7)])
def test_level_two_matches_simulation(beliefs, n, seed):
    end = Endgame.deal(n, seed=seed)
    seat = end.order[-1]     # asked last: every earlier pass counts as evidence
    v = end.view(seat, beliefs=beliefs)
    sim = simulate_view(end, seat, v.profile, beliefs, samples=6000, seed=seed)
    for action, summary in (("declare", v.declare), ("pass", v.pass_)):
        xs = sim[action]
        mean = sum(xs) / len(xs)
        sd = (sum((x - mean) ** 2 for x in xs) / (len(xs) - 1)) ** 0.5
        assert abs(summary.viewer_expected - mean) <= 4 * sd / len(xs) ** 0.5 + 1e-9, (action, mean)


def test_the_two_models_differ_where_the_follows_say_something():
    end = Endgame.deal(4, seed=7)
    seat = end.order[-1]
    u, p = end.view(seat, beliefs="uniform"), end.view(seat, beliefs="play")
    assert u.declare.outcome_prob != p.declare.outcome_prob
    assert "forced follow" in p.model and "ignored" in u.model


def test_unknown_belief_model_is_refused():
    end = Endgame.deal(3, seed=1)
    with pytest.raises(ValueError, match="unknown belief model 'psychic'"):
        end.view(0, beliefs="psychic")


def test_calibration_records_against_the_deal():
    recs = calibration_records(3, range(30))
    assert len(recs) == 90
    hits = Counter((r["seed"], r["observed"]) for r in recs)
    # at most one seat per round holds the unique lowest card
    assert all(hits[(s, 1)] <= 1 for s in range(30))
    for r in recs:
        assert 0.0 <= r["play"] <= 1.0 and 0.0 <= r["uniform"] <= 1.0
        if r["observed"]:
            assert r["play"] > 0   # the play-aware model never rules out what happened
    rows = reliability(recs, "uniform", bins=4)
    assert sum(r["count"] for r in rows) == 90


def test_stored_calibration_study_is_complete_and_the_uniform_model_is_off():
    data = json.loads((ROOT / "benchmarks" / "results" / "krypkille_calibration.json").read_text())
    assert data["rounds_per_player_count"] >= 1500 and set(data["players"]) == {"2", "3", "4", "5"}
    four = {r["bin"][0]: r for r in data["players"]["4"]["uniform"]}
    assert four[0.1]["observed"] - four[0.1]["predicted"] > 0.15     # the 0.14 -> 0.37
    for n, models in data["players"].items():
        for m, rows in models.items():
            assert sum(r["count"] for r in rows) == int(n) * data["rounds_per_player_count"]
            assert all(r["judged"] == (r["count"] >= MIN_BIN_COUNT) for r in rows)
