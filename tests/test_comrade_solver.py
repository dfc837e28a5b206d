"""The Comrade solver: certificates, hand-built no-win deals, fixed bids, bad input, CLI, batch."""

from __future__ import annotations

import itertools
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames.cards import Card
from cardgames.comrade import FOUR_PLAYERS, THREE_PLAYERS, ComradeGame, Deal, DealError
from cardgames.errors import RuleConfigError
from solvers.comrade import (BidsError, CertificateError, SolveResult, bid_problems, direct_bidding,
                             format_bids, is_legal_bid, parse_bids, solve, solve_many)
from solvers.comrade.bids import iter_legal_bids, some_legal_bid
from solvers.comrade.certificate import Certificate

ROOT = Path(__file__).resolve().parents[1]
CYCLE = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
# One player holds the ace, king and queen of every suit: whoever leads, that player wins
# the first trick and then every trick, in all four suits - more than three suits.
AKQ = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def replay(result: SolveResult) -> ComradeGame:
    """An independent replay of the JSON-level certificate through the engine."""
    game = ComradeGame(result.deal, dealer=result.dealer)
    for action in result.bidding:
        game.apply(action)
    for trick in result.tricks:
        for card in trick:
            game.apply(card)
    return game


# -- certificates -------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(12))
def test_random_full_deal_certificates_replay_as_wins(seed):
    players = 3 if seed % 4 == 3 else 4
    deal = Deal.random(seed, players=players)
    result = solve(deal, dealer=seed % players)
    assert result.verdict == "win"
    game = replay(result)
    assert game.result == "win"
    assert [[game.won[p].get(s, 0) for s in "SHDC"] for p in range(players)] == [list(r) for r in result.bids]
    assert len(result.tricks) == deal.total
    assert is_legal_bid(result.bids, deal.variant, deal.total)
    assert sum(1 for a in result.bidding if a != "pass") == sum(1 for r in result.bids for v in r if v)


def test_certificate_starts_with_the_dealer_lead_and_bidding():
    result = solve(CYCLE, dealer=2)
    assert result.tricks[0][0] in {str(c) for c in Deal.from_pbn(CYCLE).hands[2]}
    assert result.bidding == tuple(direct_bidding(result.bids, 2))


def test_a_wrong_certificate_is_refused():
    deal = Deal.from_pbn("N:A.K.. K.A.. Q.Q.. J.J..")
    bad = Certificate(deal, 0, ((2, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0)),
                      ("S2",), (("SA", "SK", "SQ", "SJ"), ("HK", "HA", "HQ", "HJ")))
    with pytest.raises(CertificateError, match="does not win"):
        bad.replay()


# -- no-win deals built by hand ------------------------------------------------------------

@pytest.mark.parametrize("dealer", range(4))
def test_ace_king_queen_of_every_suit_cannot_win(dealer):
    result = solve(AKQ, dealer=dealer)
    assert result.verdict == "no_win"
    assert result.bids is None and result.tricks is None
    assert "4 suits" in result.reason


@pytest.mark.parametrize("seed", range(4))
def test_more_top_card_hands_cannot_win(seed):
    """North: the A, K, Q of every suit and the jack of one; the rest dealt at random.
    (With a low 13th card North could lose the lead with it, and such deals can be won.)"""
    rng = random.Random(seed)
    jack = Card("SHDC"[seed], 11)
    deck = [c for c in FOUR_PLAYERS.deck if c.rank < 12 and c != jack]
    rng.shuffle(deck)
    north = [c for c in FOUR_PLAYERS.deck if c.rank >= 12] + [jack]
    deal = Deal([north, deck[:13], deck[13:26], deck[26:]])
    for dealer in range(4):
        assert solve(deal, dealer).verdict == "no_win"


def test_seven_top_spades_led_by_their_holder_cannot_win():
    # N holds the seven top spades and nothing else that can lose the lead...
    pbn = "N:AKQJT98.AKQ.AKQ. 765.JT98.JT98.AK 432.765.765.QJT9 .432.432.8765432"
    result = solve(pbn, dealer=0)
    assert result.verdict == "no_win"
    assert "more than the largest bid card" in result.reason


# -- fixed bids ------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(6))
def test_fixed_bids_agree_with_free_mode(seed):
    deal = Deal.random(40 + seed, hand_size=6)
    free = solve(deal, dealer=seed % 4)
    assert free.verdict == "win"
    fixed = solve(deal, dealer=seed % 4, bids=free.bids)
    assert fixed.verdict == "win" and fixed.bids == free.bids
    assert replay(fixed).result == "win"


def test_fixed_bids_exhaustive_on_a_mini_deal():
    """Free mode wins iff some legal bid wins in fixed mode (all bids enumerated by the CSP)."""
    deal = Deal.random(5, players=3, hand_size=3)
    winners = [b for b in iter_legal_bids(THREE_PLAYERS, 3) if solve(deal, 1, bids=b).verdict == "win"]
    assert (solve(deal, 1).verdict == "win") == bool(winners)
    for b in winners[:5]:
        assert replay(solve(deal, 1, bids=b)).result == "win"


def test_fixed_bids_impossible_by_holding():
    result = solve(CYCLE, 0, bids="C6 S1 / H6 / - / -")
    assert result.verdict == "no_win"
    assert "holds only" in result.reason


def test_fixed_bids_no_win_on_the_akq_deal():
    assert solve(AKQ, 0, bids=[[4, 3, 3, 3][:3] + [0], [3, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]).verdict == "no_win"


# -- bids and the constraint problem ---------------------------------------------------------

def plain_legal(matrix, variant, total):
    if sum(map(sum, matrix)) != total:
        return False
    for row in matrix:
        if sum(1 for v in row if v) > variant.max_suits or any(v and v not in variant.bid_values for v in row):
            return False
    return all(len(c) == len(set(c)) for c in ([r[s] for r in matrix if r[s]] for s in range(4)))


def test_csp_enumerates_exactly_the_legal_bids():
    for variant, total in ((THREE_PLAYERS, 4), (FOUR_PLAYERS, 3)):
        n = variant.players
        expected = set()
        for tricks in itertools.combinations_with_replacement(range(4 * n), total):  # who wins which
            m = [tricks.count(i) for i in range(4 * n)]
            matrix = tuple(tuple(m[p * 4:(p + 1) * 4]) for p in range(n))
            if plain_legal(matrix, variant, total):
                expected.add(matrix)
        got = list(iter_legal_bids(variant, total))
        assert len(got) == len(set(got)) and set(got) == expected


def test_csp_respects_upper_bounds():
    upper = [[6, 6, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
    assert some_legal_bid(FOUR_PLAYERS, 12, upper) == ((6, 6, 0, 0), (0,) * 4, (0,) * 4, (0,) * 4)
    assert some_legal_bid(FOUR_PLAYERS, 13, upper) is None


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.sampled_from([0, 0, 0, 1, 2, 3, 4, 5, 6]), min_size=4, max_size=4),
                min_size=4, max_size=4),
       st.integers(0, 3))
def test_direct_bidding_reaches_every_legal_bid(rows, dealer):
    """The claim behind the solver: every legal final bid is reached by direct bidding,
    checked against the engine's bidding rules."""
    total = sum(map(sum, rows))
    matrix = tuple(tuple(r) for r in rows)
    if total == 0 or not plain_legal(matrix, FOUR_PLAYERS, total):
        return
    assert is_legal_bid(matrix, FOUR_PLAYERS, total)
    hand_size = min(total, 13)
    if total > 13:
        return
    deal = Deal.random(total, hand_size=hand_size)
    game = ComradeGame(deal, dealer=dealer)
    for action in direct_bidding(matrix, dealer):
        game.apply(action)
    assert game.phase == "play"
    assert [[b.get(s, 0) for s in "SHDC"] for b in game.bids] == [list(r) for r in matrix]


def test_bid_problems_name_each_rule():
    assert bid_problems(((7, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0)), FOUR_PLAYERS, 7)[0].startswith(
        "seat 0 (N) bids 7 in S")
    four_suits = ((1, 1, 1, 1), (9, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0))
    assert any("4 suits" in p for p in bid_problems(four_suits, FOUR_PLAYERS, 13))
    assert any("only one bid card S2" in p for p in bid_problems(((2,), (2,)), FOUR_PLAYERS, 4)) is False
    clash = ((2, 0, 0, 0), (2, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0))
    assert any("only one bid card S2" in p for p in bid_problems(clash, FOUR_PLAYERS, 4))


def test_parse_and_format_bids_round_trip():
    text = "S6 / H3 / D2 / S1 C1"
    matrix = parse_bids(text, FOUR_PLAYERS, 13)
    assert format_bids(matrix) == text
    assert parse_bids(json.dumps([list(r) for r in matrix]), FOUR_PLAYERS, 13) == matrix


# -- bad input ------------------------------------------------------------------------------

@pytest.mark.parametrize("bids,match", [
    ("S6 / H3 / D2", "name 3 seat"),
    ("S6 / H3 / D2 / S1 C9", "bid card 'C9'"),
    ("S6 / H3 / D2 / S2 C1", "add up to 14"),
    ("S3 / S3 / D6 / H1", "only one bid card S3"),
    ("[[1,2]", "not valid JSON"),
    ("S1 S2 / H3 / D2 / C6 C1", "two bid cards of suit S"),
])
def test_bad_bids_raise_bids_error(bids, match):
    with pytest.raises(BidsError, match=match):
        solve(CYCLE, 0, bids=bids)


def test_bad_deal_and_dealer():
    with pytest.raises(DealError):
        solve("N:AKQ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
    with pytest.raises(RuleConfigError, match="dealer"):
        solve(CYCLE, dealer=4)
    with pytest.raises(RuleConfigError, match="dealer"):
        solve(CYCLE, dealer="X")
    assert solve(CYCLE, dealer="S").dealer == 2


def test_unknown_only_when_the_budget_runs_out():
    result = solve(Deal.random(1001), dealer=0, time_limit=0.0)
    assert result.verdict in ("unknown", "win")  # a 0 s budget may still finish the first dive
    if result.verdict == "unknown":
        assert result.bids is None and result.tricks is None


# -- JSON, report, batch, command line --------------------------------------------------------

def test_json_fields():
    data = json.loads(solve(CYCLE, 1).to_json())
    assert list(data)[:8] == ["deal", "dealer", "verdict", "bids", "bidding", "tricks", "nodes", "seconds"]
    assert data["deal"] == CYCLE and data["dealer"] == 1 and data["verdict"] == "win"
    assert len(data["bids"]) == 4 and all(len(r) == 4 for r in data["bids"])
    assert sum(map(sum, data["bids"])) == 13 and len(data["tricks"]) == 13


def test_report_and_html():
    result = solve(CYCLE, 0)
    text = result.report()
    assert "Verdict WIN" in text and "Final bids" in text and "13. " in text
    html = result._repr_html_()
    assert "comrade-verdict" in html and "<table" in html


def test_solve_many_keeps_input_order():
    jobs = [(Deal.random(s, hand_size=5), s % 4) for s in range(6)] + [(AKQ, 1)]
    serial = [r.to_dict()["verdict"] for r in solve_many(jobs, processes=1)]
    pooled = list(solve_many(jobs, processes=2))
    assert [r.verdict for r in pooled] == serial and serial[-1] == "no_win"
    assert [r.deal.to_pbn() for r in pooled] == [Deal.from_pbn(j[0]).to_pbn() if isinstance(j[0], str)
                                                else j[0].to_pbn() for j in jobs]
    assert pooled[0].certificate.replay().result == "win"


def run_cli(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "solvers.comrade", *args], capture_output=True, text=True,
                          cwd=ROOT, input=stdin, timeout=120)


def test_cli_json_single_deal():
    out = run_cli("--json", "--dealer", "2", CYCLE)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["verdict"] == "win" and data["dealer"] == 2
    assert replay(solve(CYCLE, 2)).result == "win"


def test_cli_readable_report_and_fixed_bids():
    out = run_cli("N:A.K.. K.A.. Q.Q.. J.J..", "--bids", "S1 / H1 / - / -")
    assert out.returncode == 0
    assert "Verdict WIN" in out.stdout and "Bidding from the dealer: N:S1 E:H1" in out.stdout


def test_cli_batch(tmp_path):
    lines = [CYCLE + " dealer=3", "", "# a comment", AKQ, "N:A.K.. K.A.. Q.Q.. J.J.. dealer=E"]
    path = tmp_path / "deals.txt"
    path.write_text("\n".join(lines) + "\n")
    out = run_cli("--json", "--batch", str(path), "--processes", "2")
    assert out.returncode == 0, out.stderr
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert [(r["dealer"], r["verdict"]) for r in rows] == [(3, "win"), (0, "no_win"), (1, "win")]


@pytest.mark.parametrize("args,needle", [
    (("N:AKQ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",), "same size"),
    (("--bids", "S7 / - / - / -", CYCLE), "bid card 'S7'"),
    (("--dealer", "9", CYCLE), "dealer"),
    ((), "give a deal"),
])
def test_cli_errors_are_one_line_with_status_2(args, needle):
    out = run_cli(*args)
    assert out.returncode == 2
    assert needle in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr


def test_cli_batch_bad_line(tmp_path):
    path = tmp_path / "deals.txt"
    path.write_text(CYCLE + "\nN:AA... K... Q... J...\n")
    out = run_cli("--json", "--batch", str(path))
    # the bad line gets an error object in its place, the good one is still solved
    assert out.returncode == 2 and "line 2" in out.stderr
    good, bad = (json.loads(line) for line in out.stdout.splitlines())
    assert good["verdict"] == "win" and bad["line"] == 2 and "error" in bad


# -- the package's rooms ----------------------------------------------------------------

def test_the_package_exports_every_public_entry_point():
    import solvers.comrade as comrade
    assert {"solve", "solve_position", "analyse", "solve_many"} <= set(comrade.__all__)
    assert all(hasattr(comrade, name) for name in comrade.__all__)


def test_no_module_of_the_solver_imports_another_modules_private_names():
    """Whatever the engines' modules of ``solvers/comrade`` use from one another has a public name."""
    import ast
    root = Path(__file__).resolve().parents[1] / "solvers" / "comrade"
    private = []
    engines = ("search", "bounds", "keys", "picture", "sat", "portfolio", "position", "solver")
    for path in [root / f"{name}.py" for name in engines]:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").startswith("solvers")):
                private += [f"{path.name}: {a.name}" for a in node.names if a.name.startswith("_")]
    assert not private, private
    assert (root / "bounds.py").exists() and (root / "keys.py").exists()


def test_the_search_takes_its_options_as_one_value():
    """``PlaySearch`` groups how it searches (:class:`SearchOptions`) and what the rest of the
    bidding allows (:class:`OpenBids`); an old keyword is refused, not silently ignored."""
    from solvers.comrade.search import OpenBids, PlaySearch, SearchOptions
    s = PlaySearch(4, 6, 3, options=SearchOptions(refute=False, restart_base=None))
    assert (s.refute, s.restart_base, s.split_after) == (False, None, 20000)
    with pytest.raises(TypeError):
        PlaySearch(4, 6, 3, refute=False)
    with pytest.raises(TypeError):
        PlaySearch(4, 6, 3, endgame=2)
    b = PlaySearch(2, 6, 3, bidding=OpenBids(floor=[1, 0, 0, 0, 0, 0, 0, 0]))
    assert b.cap == (6,) * 8                       # a floor alone: the plain cap
