"""Property tests: random legal play from random seeds, for every player count and option."""

from __future__ import annotations

import copy
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames.errors import IllegalActionError
from cardgames.krypkille import (DECK, Kind, KrypkilleOptions, KrypkilleGame, Outcome, Play, forced_follow,
                                 score_round, trick_winner)

options = st.builds(KrypkilleOptions, first_leader=st.sampled_from(["dealer", "left_of_dealer"]),
                    declaring_starts=st.sampled_from(["last_trick_winner", "first_leader"]),
                    penalties=st.sampled_from(["default", "alternative"]))


def everything(r: KrypkilleGame) -> Counter:
    c = Counter(r.stock) + Counter(r.played_cards())
    for seat in range(r.num_players):
        c += Counter(r.hands[seat]) + Counter(r.discards[seat])
    return c


def random_round(n, dealer, seed, opts, choice_seed):
    rng = random.Random(choice_seed)
    r = KrypkilleGame(num_players=n, dealer=dealer % n, seed=seed, options=opts)
    steps = []
    while not r.is_terminal():
        assert everything(r) == Counter(DECK)
        seat = r.current_player()
        if r.phase == "play" and r.current_trick:
            trick = [k for _, k in r.current_trick]
            assert r.legal_actions() == [Play(forced_follow(r.hands[seat], trick))]
        action = rng.choice(r.legal_actions())
        steps.append((r.phase, seat, action))
        r.apply(action, player=seat)
    return r, steps


@settings(max_examples=60, deadline=None)
@given(n=st.integers(2, 5), dealer=st.integers(0, 4), seed=st.integers(0, 2**32 - 1), opts=options,
       choice_seed=st.integers(0, 10**6))
def test_random_legal_play_conserves_cards_and_scores_by_the_rules(n, dealer, seed, opts, choice_seed):
    r, steps = random_round(n, dealer, seed, opts, choice_seed)
    # 42 cards, always
    assert everything(r) == Counter(DECK)
    # each seat discarded once, in order from the dealer's left
    discarders = [seat for phase, seat, _ in steps if phase == "discard"]
    assert discarders == [(dealer % n + 1 + i) % n for i in range(n)]
    # four tricks, one card from each seat in each, one card left per seat
    assert len(r.tricks) == 4
    for trick in r.tricks:
        assert sorted(seat for seat, _ in trick) == list(range(n))
    assert [len(h) for h in r.hands] == [1] * n
    assert len(r.played_cards()) == 4 * n
    # the first trick is led by the option's first leader, the others by the previous winner
    assert r.tricks[0][0][0] == (dealer % n if opts.first_leader == "dealer" else (dealer % n + 1) % n)
    for i, trick in enumerate(r.tricks):
        winner = trick[trick_winner([k for _, k in trick])][0]
        assert r.trick_winners[i] == winner
        if i:
            assert trick[0][0] == r.trick_winners[i - 1]
    # declarations: in order, stop at the first "declare"
    said = [a for _, a in r.declarations]
    assert said.count("declare") <= 1 and ("declare" not in said or said[-1] == "declare")
    assert [s for s, _ in r.declarations] == r.declaring_order()[:len(said)]
    start = r.trick_winners[-1] if opts.declaring_starts == "last_trick_winner" else r.tricks[0][0][0]
    assert r.declaring_order()[0] == start
    # scoring by the rules
    final = r.final_cards()
    assert r.scores == score_round(final, r.declarer, opts.penalties)
    low = min(final)
    holders = [s for s, k in enumerate(final) if k == low]
    if r.declarer is None:
        assert r.outcome is (Outcome.COWARD if len(holders) == 1 else Outcome.VOID)
        assert sum(r.scores) == (10 if len(holders) == 1 else 0)
    elif holders == [r.declarer]:
        assert r.outcome is Outcome.SUCCESS and r.scores[r.declarer] == 0
    else:
        assert r.outcome is Outcome.FAILURE
        assert r.scores[r.declarer] == opts.penalties[final[r.declarer]] + 10
        assert all(r.scores[s] == 0 for s in holders if s != r.declarer)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), choice_seed=st.integers(0, 10**6), n=st.integers(2, 5),
       bad=st.sampled_from(list(Kind)))
def test_illegal_actions_never_change_the_state(seed, choice_seed, n, bad):
    rng = random.Random(choice_seed)
    r = KrypkilleGame(num_players=n, seed=seed)
    while not r.is_terminal():
        legal = r.legal_actions()
        for attempt in (bad, [bad] * 4, "declare", "pass", "keep all", Play(bad)):
            try:
                parsed = r.parse_action(attempt)
            except ValueError:
                continue
            if parsed in legal:
                continue
            before = copy.deepcopy(r.snapshot())
            try:
                r.apply(attempt)
            except IllegalActionError:
                pass
            else:
                raise AssertionError(f"{attempt!r} was accepted but is not legal")
            assert r.snapshot() == before
        wrong_seat = (r.current_player() + 1) % n
        before = copy.deepcopy(r.snapshot())
        try:
            r.apply(legal[0], player=wrong_seat)
        except IllegalActionError:
            pass
        assert r.snapshot() == before
        r.apply(rng.choice(legal))
