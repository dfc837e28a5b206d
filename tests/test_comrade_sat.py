"""The SAT engine (solvers.comrade.sat) and the portfolio that runs it in turns with the search.

The formula is checked against the plainly written brute forces of the other test files
(which share no code with either engine): positions of mini deals during the play (fixed
bids, in the middle of tricks too, and with the ace played low), and fresh mini deals
with open bids, 3 and 4 players, including the hard families.  The portfolio is checked
with engines that only count their turns.
"""

from __future__ import annotations

import random
import subprocess
import sys

import pytest
from test_comrade_position_brute import POSITIONS, ace_low_positions, brute_force
from test_comrade_refutation import MINI
from test_comrade_solver_brute import CASES, brute_force_winnable

from cardgames.comrade import ComradeGame, Deal
from solvers.comrade import SolverOptions, solve, solve_position
from solvers.comrade.portfolio import SAT_SHARE, Engine, EngineError, alternate
from solvers.comrade.sat import PlayFormula, solve_play
from solvers.comrade.search import SearchTimeout

SAT = SolverOptions(engine="sat")


def along_winning_lines(count, seed):
    """Positions in the play of mini deals that can be won: the bidding of a winning certificate,
    then its cards, each followed with probability 0.8 (else a random legal card), stopped at a
    random point - so some are still winnable and some no longer."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        players = rng.choice((3, 4, 4))
        deal = Deal.random(rng.randrange(10 ** 9), players=players, hand_size=rng.choice((3, 4)))
        dealer = rng.randrange(players)
        r = solve(deal, dealer, time_limit=None)
        if r.verdict != "win":
            continue
        game = ComradeGame(deal, dealer).play(list(r.bidding))
        plan = [c for t in r.tricks for c in t]
        for i in range(rng.randrange(1, len(plan) - 1)):
            legal = [str(a) for a in game.legal_actions()]
            card = plan[i] if plan and plan[i] in legal and rng.random() < 0.8 else rng.choice(legal)
            if not plan or card != plan[i]:
                plan = []
            game.apply(card)
            if game.phase != "play":
                break
        if game.phase == "play":
            out.append(game)
    return out


PLAY = [g for g in POSITIONS if g.phase == "play"] + along_winning_lines(80, seed=7)


def test_the_formula_agrees_with_brute_force_on_positions():
    wins = losses = 0
    for game in PLAY:
        before = game.actions
        r = solve_position(game, time_limit=None, engine="sat")
        assert game.actions == before
        assert r.verdict == ("win" if brute_force(game) else "no_win"), game.actions
        assert r.engine == "sat" or not r.engine                   # "": the position decided itself
        if r.verdict == "win":
            wins += 1
            assert r.replay(game).result == "win"
        else:
            losses += 1
    assert wins >= 10 and losses >= 10, (wins, losses)


def test_the_positions_include_tricks_in_progress():
    assert sum(1 for g in PLAY if g.current_trick) >= 40


def test_the_formula_plays_the_ace_low_when_the_rules_say_so():
    wins, losses = ace_low_positions(40, seed=31)
    assert len(wins) >= 5 and len(losses) >= 5
    for game, winnable in [(g, True) for g in wins] + [(g, False) for g in losses]:
        r = solve_position(game, time_limit=None, engine="sat")
        assert (r.verdict == "win") == winnable, game.actions
        if winnable:
            assert r.replay(game).result == "win"


@pytest.mark.parametrize("deal,dealer", CASES[::2] + MINI, ids=lambda v: v.to_pbn() if hasattr(v, "to_pbn") else str(v))
def test_the_formula_agrees_with_brute_force_on_fresh_deals(deal, dealer):
    """Open bids: the counts must form a legal final bid (3 and 4 players, the hard families)."""
    r = solve(deal, dealer, time_limit=None, options=SAT)
    assert r.verdict == ("win" if brute_force_winnable(deal, dealer) else "no_win")
    if r.verdict == "win":
        assert r.engine == "sat"
        r.certificate.replay()


def test_the_formula_answers_for_fixed_bids():
    deal = "N:A.K.. K.A.. Q.Q.. J.J.."
    assert solve(deal, 0, bids="S1 / H1 / - / -", options=SAT).verdict == "win"
    assert solve(deal, 0, bids="H1 / S1 / - / -", options=SAT).verdict == "no_win"


def test_solve_play_checks_its_input():
    with pytest.raises(ValueError, match="same number of cards"):
        solve_play(((0, 1), (0,), (), ()), 0, 2, need=(0,) * 8)
    with pytest.raises(ValueError, match="not player 1's"):
        solve_play(((0, 1), (1, 0), (), ()), 0, 2, played=[(1, 0, 0)], need=(0,) * 8)
    assert solve_play(((), (), (), ()), 0, 2, need=(0,) * 8) == []
    assert solve_play(((0, 1), (1, 0), (), ()), 0, 2, need=(3, 0, 0, 0, 0, 0, 0, 0)) is None  # more than 2 tricks


def test_the_formula_goes_on_after_running_out_of_budget():
    deal = ComradeGame("N:AQJ.AKQ.AQT8.AKQ T82.JT8.KJ93.JT4 K75.765.7652.876 9643.9432.4.9532", 0).deal
    from solvers.comrade.position import _card_pairs
    from solvers.comrade.search import position_from_hands
    seqs, _ = position_from_hands([_card_pairs(h) for h in deal.hands])
    with PlayFormula(seqs, 0, 4) as f:
        with pytest.raises(SearchTimeout):
            f.run(conflict_limit=50)
        assert f.conflicts == 50
        with pytest.raises(SearchTimeout):
            f.run(conflict_limit=50)
        assert f.conflicts == 100
    assert f.clauses > 10000


# -- the portfolio ------------------------------------------------------------------------

class Counting:
    """An engine that answers after ``needs`` units of work, counting what it is given."""

    def __init__(self, needs, answer="done"):
        self.needs, self.answer, self.done, self.slices = needs, answer, 0, []

    def step(self, seconds, work):
        self.slices.append(work)
        if work is None or self.done + work >= self.needs:
            self.done = self.needs
            return self.answer
        self.done += work
        raise SearchTimeout

    def engine(self):
        return Engine(self.step, lambda: self.done)


def test_the_search_goes_first_alone():
    search, sat = Counting(10), Counting(1)
    assert alternate(search.engine(), sat.engine(), time_limit=None, node_limit=100, first=20) == ("search", "done")
    assert sat.slices == []


def test_then_the_engines_take_turns_with_doubling_slices():
    search, sat = Counting(10 ** 6), Counting(1000)
    assert alternate(search.engine(), sat.engine(), time_limit=None, node_limit=10 ** 6, first=10) == ("sat", "done")
    assert search.slices[:3] == [10, 10, 20]                # first alone, then one slice after each of sat's
    assert sat.slices[:3] == [10 * SAT_SHARE, 20 * SAT_SHARE, 40 * SAT_SHARE]   # SAT_SHARE times the search's
    assert SAT_SHARE > 1                                    # the formula gets the larger share


def test_a_work_limit_ends_in_a_timeout_and_is_kept_per_engine():
    search, sat = Counting(10 ** 6), Counting(10 ** 6)
    with pytest.raises(SearchTimeout):
        alternate(search.engine(), sat.engine(), time_limit=None, node_limit=500, first=10)
    assert search.done == 500 and sat.done == 500


def test_one_engine_only():
    search, sat = Counting(10 ** 6), Counting(5)
    assert alternate(search.engine(), sat.engine(), time_limit=None, node_limit=None, first=10,
                     engine="sat") == ("sat", "done")
    assert search.slices == []


def test_engine_names_are_checked():
    game = ComradeGame("N:A.K.. K.A.. Q.Q.. J.J..", dealer=0)
    with pytest.raises(EngineError, match="'cp'"):
        solve_position(game, engine="cp")
    with pytest.raises(EngineError, match="only"):          # open bids: the search's question
        solve_position(game, engine="sat")
    with pytest.raises(ValueError, match="'fast'"):
        SolverOptions(engine="fast")
    with pytest.raises(ValueError, match="search_first"):
        SolverOptions(search_first=0)


# -- positions the search alone could not settle ----------------------------------------------

# Two of the five positions of benchmarks/bench_comrade_position.py that the search left
# "unknown" at 10 s (12 and 11 tricks left; fixed bids): the portfolio settles them at once.
HARD_POSITIONS = [
    ("N:T7.AT764.AJ8.983 AJ83.J52.Q6.K764 KQ9642.9.K95.JT2 5.KQ83.T7432.AQ5",
     "H1 S4 S1 H2 D2 C1 C2 S7 SJ S9 S5 SA", "win"),
    ("N:T852.J76.AJ8.T43 AJ64.2.KQ9743.J8 KQ7.AQT.652.K752 93.K98543.T.AQ96",
     "H2 S1 S3 D1 D2 pass H1 C3 S2 S6 SQ S3 SK S9 ST S4 D5", "no_win"),
]


@pytest.mark.parametrize("pbn,actions,verdict", HARD_POSITIONS)
def test_the_portfolio_settles_what_the_search_alone_does_not(pbn, actions, verdict):
    game = ComradeGame(pbn, dealer=0).play(actions.split())
    alone = solve_position(game, time_limit=None, node_limit=3000, engine="search")
    assert alone.verdict == "unknown"
    r = solve_position(game, time_limit=None, node_limit=3000)
    assert (r.verdict, r.engine) == (verdict, "sat")
    assert r.nodes <= 3000
    if verdict == "win":
        assert r.replay(game).result == "win"


# -- the bidding of a certificate under the default "nothing fits" reading ---------------------

SHAPE = "N:K65.A876..KQ8654 QJT2..KQJT98763. .KJT95432..JT972 A98743.Q.A542.A3"
SHAPE_BIDS = ((2, 0, 0, 3), (1, 0, 2, 0), (0, 0, 0, 2), (0, 1, 1, 1))


def test_the_simple_bidding_order_can_fail_and_another_is_found():
    """The formula's first win on this deal (dealer S) ends with bids that the lap-by-lap order of
    direct_bidding cannot reach under the default rules: with 12 of 13 taken, South (club 2 on
    the pile) is to act and cannot take the club 1, West's last card.  Found by the SAT engine;
    the certificate's bidding is another order, and it replays."""
    from solvers.comrade.bids import direct_bidding
    from solvers.comrade.solver import _bidding_for

    game = ComradeGame(SHAPE, 2)
    with pytest.raises(ValueError):
        game.play(direct_bidding(SHAPE_BIDS, 2) + ["SK"])
    assert game.result == "loss"
    other = _bidding_for(Deal.from_pbn(SHAPE), 2, SHAPE_BIDS)
    assert other is not None and ComradeGame(SHAPE, 2).play(list(other)).phase == "play"
    r = solve(SHAPE, 2, options=SAT)
    assert r.verdict == "win"
    r.certificate.replay()


def test_bids_no_bidding_reaches(monkeypatch):
    """If no order reached a play's bids, the deal is asked again with the bidding in the search
    (and fixed bids no bidding reaches are a no-win); the path is forced here, as no such bids
    have been seen."""
    import solvers.comrade.solver as solver

    real = solver._bidding_for
    calls = []

    def first_fails(deal, dealer, final):
        calls.append(final)
        return None if len(calls) == 1 else real(deal, dealer, final)

    monkeypatch.setattr(solver, "_bidding_for", first_fails)
    r = solve("N:A.K.. K.A.. Q.Q.. J.J..", 0)
    assert r.verdict == "win" and len(calls) == 1
    r.certificate.replay()
    calls.clear()
    fixed = solve("N:A.K.. K.A.. Q.Q.. J.J..", 0, bids="S1 / H1 / - / -")
    assert fixed.verdict == "no_win" and "no legal bidding" in fixed.reason


def test_a_forced_count_past_the_largest_bid_card_is_a_no_win_for_the_formula():
    """North holds every spade and leads: the search's facts say North wins 13 spade tricks, more
    than any bid card; the formula must answer no_win (it once indexed past its counter)."""
    pbn = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    assert solve(pbn, 0, options=SAT).verdict == "no_win"
    assert solve(pbn, 0, options=SolverOptions(engine="search")).verdict == "no_win"
    run = subprocess.run([sys.executable, "-m", "solvers.comrade", "--engine", "sat", pbn],
                         capture_output=True, text=True)
    assert run.returncode == 0 and "NO WIN" in run.stdout, run.stderr and "Traceback" not in run.stderr


# -- symmetry breaking: the clauses that order equivalent cards remove no outcome ----------

def _separated_pairs(seqs):
    """How many pairs of one player's cards of a suit have only other players' cards between
    them: cards that become interchangeable during the play, where ordering clauses that are
    too eager would cut real plays (such a rule, tried, failed this test on 16 of 30 positions)."""
    count = 0
    for seq in seqs:
        last = {}
        for j, o in enumerate(seq):
            if o in last and j > last[o] + 1:
                count += 1
            last[o] = j
    return count


def _symmetry_positions():
    from test_comrade_refutation import random_position
    rng = random.Random(2024)
    out = []
    while len(out) < 30:
        n = rng.choice((3, 4))
        seqs = random_position(rng, n, rng.choice((2, 3, 4)), suits=rng.choice((1, 2, 3, 4)))
        if _separated_pairs(seqs):
            out.append((seqs, rng.randrange(n), n))
    return out


@pytest.mark.parametrize("k", range(30))
def test_every_outcome_of_a_position_stays_possible_in_the_formula(k):
    """Every count matrix some complete play produces (the brute force of
    ``test_comrade_refutation``) is still a model of the formula with exactly those counts, so
    the symmetry breaking removes no outcome; and a matrix no play produces is not a model."""
    from test_comrade_refutation import outcomes
    seqs, leader, n = _symmetry_positions()[k]
    reachable = outcomes(seqs, leader, n)
    for need in sorted(reachable):
        assert solve_play(seqs, leader, n, need=need) is not None, (seqs, leader, need)
    rng = random.Random(k)
    cells = n * 4
    tricks = sum(map(len, seqs)) // n
    tried = 0
    for _ in range(40):
        need = [0] * cells
        for _ in range(tricks):
            need[rng.randrange(cells)] += 1
        if tuple(need) not in reachable:
            assert solve_play(seqs, leader, n, need=need) is None, (seqs, leader, need)
            tried += 1
    assert tried or len(reachable) > 1


# -- the tricks led in each suit: at most led_caps(), and the players' counts added up ----------

def _capped_positions(count=30, seed=2025):
    """Mini positions where some complete play leads a suit exactly as often as
    :func:`~solvers.comrade.sat.led_caps` allows, so a cap one too small would cut a real play;
    with every outcome of the brute force."""
    from test_comrade_refutation import outcomes, random_position

    from solvers.comrade.bounds import reach
    from solvers.comrade.sat import led_caps
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        n = rng.choice((3, 4))
        seqs = random_position(rng, n, rng.choice((2, 3, 4)), suits=rng.choice((1, 2, 3, 4)))
        leader = rng.randrange(n)
        caps = led_caps(seqs, n, reach(seqs, leader, n)[0])
        reachable = outcomes(seqs, leader, n)
        tight = {s for o in reachable for s in range(4) if 0 < sum(o[p * 4 + s] for p in range(n)) == caps[s]}
        if tight:
            out.append((seqs, leader, n, reachable, tight))
    return out


CAPPED = _capped_positions()


def formula_disagreements(positions, rng_seed=0):
    """The positions (by index) where the formula and the brute force disagree: with fixed bids,
    every count matrix some play produces must be a model and 20 random others must not; with
    open bids, the formula must be satisfiable exactly when some play's counts are a legal final bid."""
    from oracles.comrade_brute import legal_final
    bad = []
    for k, (seqs, leader, n, reachable, _) in enumerate(positions):
        rng = random.Random(rng_seed + k)
        mv = 4 if n == 3 else 6
        ok = all(solve_play(seqs, leader, n, need=need, max_value=mv) is not None for need in reachable)
        tricks = sum(map(len, seqs)) // n
        for _ in range(20):
            need = [0] * (n * 4)
            for _ in range(tricks):
                need[rng.randrange(n * 4)] += 1
            if tuple(need) not in reachable and solve_play(seqs, leader, n, need=need, max_value=mv) is not None:
                ok = False
        winnable = any(legal_final(o, n) for o in reachable)
        if (solve_play(seqs, leader, n, max_value=mv) is not None) != winnable:
            ok = False
        if not ok:
            bad.append(k)
    return bad


def test_the_led_suit_clauses_keep_every_play_of_positions_where_the_cap_is_tight():
    assert len(CAPPED) == 30 and sum(len(t) for *_, t in CAPPED) >= 30
    assert formula_disagreements(CAPPED) == []


def test_a_cap_one_too_small_is_caught(monkeypatch):
    """The check above can fail: plant an unsound cap (one less on every suit that has cards)."""
    import solvers.comrade.sat as sat
    real = sat.led_caps
    monkeypatch.setattr(sat, "led_caps", lambda seqs, n, leaders: [max(c - 1, 0) for c in real(seqs, n, leaders)])
    assert len(formula_disagreements(CAPPED)) >= 10


def test_a_wrong_sum_of_the_counts_is_caught(monkeypatch):
    """And an unsound link: the counts of a suit added up as one more than they are."""
    import solvers.comrade.sat as sat
    real = sat._Formula.add

    def one_more(self, a, b):
        c = real(self, a, b)
        if len(a) > 1:                       # the real sums (not the first, from an empty total)
            self.clauses.append([c[1]])      # "at least 1" even when both are 0
        return c
    monkeypatch.setattr(sat._Formula, "add", one_more)
    assert formula_disagreements(CAPPED)


def test_a_wrong_number_of_tricks_in_all_suits_is_caught(monkeypatch):
    """And an unsound total: the tricks led in all suits added up to one less than there are (the
    only call of ``equals`` with open bids; with fixed bids it fixes each suit's total)."""
    import solvers.comrade.sat as sat
    real = sat._Formula.equals
    monkeypatch.setattr(sat._Formula, "equals", lambda self, u, value: real(self, u, value - 1))
    assert formula_disagreements(CAPPED)


def test_the_unary_adder_adds_every_pair_of_values():
    """``_Formula.add`` against plain addition: each value of ``a`` and ``b`` (with some entries
    known false) forces exactly ``c = a + b``."""
    from pysat.solvers import Solver

    import solvers.comrade.sat as sat
    for A, B, false_from in ((0, 3, None), (2, 3, None), (3, 3, 2), (4, 1, 3)):
        f = sat._Formula()
        a = [0] + [f.new() for _ in range(A)]
        b = [0] + [f.new() for _ in range(B)]
        if false_from is not None:                  # a cannot reach false_from: its literal is 0
            a = a[:false_from] + [0] * (len(a) - false_from)
        c = f.add(a, b)
        assert len(c) == A + B + 1
        with Solver(name="cadical153", bootstrap_with=f.clauses) as s:
            for va in range(A + 1 if false_from is None else false_from):
                for vb in range(B + 1):
                    fix = [(lit if j <= va else -lit) for j, lit in enumerate(a) if j and lit] + \
                          [(lit if j <= vb else -lit) for j, lit in enumerate(b) if j and lit]
                    assert s.solve(assumptions=fix), (A, B, va, vb)
                    model = set(s.get_model())
                    assert [j for j in range(1, A + B + 1) if c[j] in model] == list(range(1, va + vb + 1)), \
                        (A, B, va, vb)
                    total = va + vb                 # and no other value is possible
                    assert total == A + B or not s.solve(assumptions=fix + [c[total + 1]]), (A, B, va, vb)
                    assert total == 0 or not s.solve(assumptions=fix + [-c[total]]), (A, B, va, vb)
