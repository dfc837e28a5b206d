"""Hostile input to the command line, the batch reader and the Krypkille endgame API.

* ``comrade-solve --time-limit``: one check for a single deal and ``--batch`` alike, with a message
  stating the real bounds (the solvers' own: 10**9 seconds);
* a worker that dies: the message counts the answers printed, not the items passed through the pool;
* a batch file with CR-only line ends reads line by line (universal newlines), also from a stream
  that hands its bytes over one at a time;
* the endgame API checks each public argument at the entry and refuses it by name;
* property tests: anything goes into the batch reader, the deal, dealer, bid and time-limit notation
  of the command line, and the endgame API's arguments; only the family's errors (or one line and
  status 2) come out, each call within a time limit.
"""

from __future__ import annotations

import concurrent.futures as cf
import io
import json
import re
from concurrent.futures.process import BrokenProcessPool

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgames.comrade import Deal
from cardgames.errors import GameError, RuleConfigError
from cardgames.krypkille import Kind
from solvers.comrade import cli, solve
from solvers.comrade.batch import (MAX_LINE_BYTES, BatchLineError, WorkerDiedError, count_deal_lines, ordered_map,
                                   parse_batch_line, read_batch_lines, solve_many)
from solvers.comrade.bids import parse_bids
from solvers.krypkille_endgame import (Endgame, EndgameError, StrategyProfile, equilibrium, perfect_information,
                                       player_view, threshold_table)

MINI = "N:A.K.. K.A.. Q.Q.. J.J.."
MINI2 = "N:K.A.. A.K.. J.J.. Q.Q.."


def run(capsys, *args):
    status = cli.main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def one_line(status, err, code=2):
    assert status == code, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    return err.strip()


# -- --time-limit: one validator, the real bounds ------------------------------------------------------

@pytest.mark.parametrize("limit", ["1e308", "1000000001", "1e10", "9" * 400])
def test_a_time_limit_beyond_the_bound_is_one_line_for_a_deal_and_a_batch(capsys, tmp_path, limit):
    batch = tmp_path / "deals.txt"
    batch.write_text(f"{MINI}\n{MINI2} dealer=1\n")
    single = one_line(*run(capsys, "--time-limit", limit, MINI)[::2])
    status, out, err = run(capsys, "--json", "--batch", str(batch), "--processes", "1", "--time-limit", limit)
    assert one_line(status, err) == single and out == ""
    assert "at most 1000000000" in single and "above 0" in single, single


def test_the_bound_itself_is_accepted_everywhere(capsys, tmp_path):
    batch = tmp_path / "deals.txt"
    batch.write_text(f"{MINI}\n")
    status, out, err = run(capsys, "--json", "--batch", str(batch), "--processes", "1", "--time-limit", "1000000000")
    assert status == 0 and json.loads(out)["verdict"] == "win", err
    assert run(capsys, "--time-limit", "1e9", MINI)[0] == 0


def test_the_api_message_states_the_bounds():
    for limit in (1e308, 1_000_000_001, -1, float("nan")):
        with pytest.raises(RuleConfigError, match=r"from 0 to 1000000000 \(about 31 years\), or None"):
            solve(MINI, 0, None, limit)
        with pytest.raises(RuleConfigError, match="time limit"):   # before a pool starts: no worker sees it
            next(solve_many([MINI], executor=BreakingExecutor(0), time_limit=limit))


# -- a dead worker: the count is the answers printed ---------------------------------------------------

class BreakingExecutor(cf.Executor):
    """Runs the first ``good`` tasks here; every later one fails as if its worker process had died."""

    def __init__(self, good: int):
        self.good, self.submitted = good, 0

    def submit(self, fn, /, *args, **kwargs):
        future: cf.Future = cf.Future()
        self.submitted += 1
        if self.submitted <= self.good:
            future.set_result(fn(*args, **kwargs))
        else:
            future.set_exception(BrokenProcessPool("A process in the process pool was terminated abruptly"))
        return future


def test_ordered_map_counts_the_results_handed_on():
    got = []
    with pytest.raises(WorkerDiedError, match=r"stopped after 3 result\(s\)") as err:
        for value in ordered_map(abs, [-1, -2, -3, -4, -5], executor=BreakingExecutor(3)):
            got.append(value)
    assert got == [1, 2, 3] and err.value.results == 3


@pytest.mark.parametrize("good,bad_lines", [(4, 0), (2, 3), (0, 1)])
def test_a_dead_worker_message_counts_the_answers_printed(capsys, tmp_path, monkeypatch, good, bad_lines):
    lines = [f"{MINI} dealer={i % 4}" for i in range(10)]
    for i in range(bad_lines):
        lines.insert(1 + 2 * i, "N:this is no deal")
    batch = tmp_path / "deals.txt"
    batch.write_text("\n".join(lines) + "\n")
    monkeypatch.setattr(cli, "_executor", lambda args, stack: BreakingExecutor(good))
    status, out, err = run(capsys, "--json", "--batch", str(batch), "--scheduler", "tcp://nowhere:1")
    message = one_line(status, err, code=1)
    printed = out.splitlines()
    count = int(re.search(r"stopped after (\d+) answer\(s\) printed", message).group(1))
    assert count == len(printed) and sum("verdict" in line for line in printed) == good, (message, printed)


# -- CR-only line ends ---------------------------------------------------------------------------------

class Trickle(io.RawIOBase):
    """A binary stream that hands over its bytes ``size`` at a time (a slow pipe)."""

    def __init__(self, data: bytes, size: int = 1):
        self.data, self.size = data, size

    def readable(self):
        return True

    def readinto(self, buffer):
        piece, self.data = self.data[:min(self.size, len(buffer))], self.data[min(self.size, len(buffer)):]
        buffer[:len(piece)] = piece
        return len(piece)


def test_a_batch_with_cr_line_ends_is_solved_line_by_line(capsys, tmp_path):
    batch = tmp_path / "mac.txt"
    batch.write_bytes(f"{MINI} dealer=0\r# a comment\r{MINI2} dealer=1\r".encode())
    status, out, err = run(capsys, "--json", "--batch", str(batch), "--processes", "1")
    answers = [json.loads(line) for line in out.splitlines()]
    assert status == 0, err
    pbn = [Deal.from_pbn(d).to_pbn() for d in (MINI, MINI2)]
    assert [(a["line"], a["deal"], a["dealer"]) for a in answers] == [(1, pbn[0], 0), (3, pbn[1], 1)]


@pytest.mark.parametrize("size", [1, 2, 3, 7, 1 << 16])
def test_every_line_end_splits_alike_however_the_bytes_arrive(size):
    data = b"one\rtwo\r\nthree\n\nfour\r\rfive"
    lines = [x.text for x in read_batch_lines(io.BufferedReader(Trickle(data, size), buffer_size=max(size, 8)))]
    assert [t.rstrip("\r\n") for t in lines] == ["one", "two", "three", "", "four", "", "five"]
    assert count_deal_lines(io.BytesIO(data)) == 5


def test_a_long_line_ended_by_cr_is_refused_alone():
    data = b"x" * (MAX_LINE_BYTES + 10) + b"\r" + MINI.encode() + b"\r"
    lines = list(read_batch_lines(io.BytesIO(data)))
    assert [n for n, _, _ in lines] == [1, 2]
    assert lines[0].text is None and "longer than" in str(lines[0].error)
    assert lines[1].text == MINI + "\r"


# -- the Krypkille endgame API: each argument checked at the entry --------------------------------------

@pytest.mark.parametrize("call,name", [
    (lambda: equilibrium(3, allowed=5), "allowed"),
    (lambda: equilibrium(3, allowed=["pig", 7, None]), "allowed"),
    (lambda: equilibrium(3, allowed=[1 << 30, 2, 2]), "allowed"),
    (lambda: player_view(3, 1, "1", first=1, others="never", beliefs="play", tricks=" "), "tricks"),
    (lambda: player_view(3, 1, "1", first=1, others="never", beliefs="play", tricks=[1]), "tricks"),
    (lambda: player_view(3, 1, "1", first=1, others="never", beliefs="play", tricks=[[1]]), "tricks"),
    (lambda: player_view(3, 1, "1", first=1, others="never", beliefs="play", tricks=[[(0,)]]), "tricks"),
    (lambda: player_view(3, 1, "1", first=1, others="never", beliefs="play", tricks=[[("0", "1")]]), "tricks"),
    (lambda: player_view(3, 1, "1", first=1, others="never", beliefs="play", tricks=[[(0, None)]]), "tricks"),
    (lambda: player_view(3, 1, "1", first=1, others="never", beliefs="play", tricks={"a": 1}), "tricks"),
    (lambda: player_view(3, 1, "1", first=1, others="never", beliefs="policy", tricks=[[(0, "1")]],
                         discard_counts=3), "discard_counts"),
    (lambda: player_view(3, 1, "1", others="never", samples="many"), "samples"),
    (lambda: player_view(3, 1, "1", others="never", seed=[1]), "seed"),
    (lambda: player_view(3, 1, "1", first=1, others="never", beliefs="policy", tricks=[[(0, "1")]],
                         discard_counts=(0, 0, 0), players="xyz"), "players"),
    (lambda: Endgame.from_cards("1 2 3", discards=3), "discards"),
    (lambda: Endgame(("1", "2", "3"), tricks=" "), "tricks"),
    (lambda: Endgame.deal(3, seed="x"), "seed"),
    (lambda: Endgame.deal(3, players=(1, 2, 3)), "players"),
    (lambda: StrategyProfile(3), "declare_sets"),
    (lambda: StrategyProfile(({"1"}, set()), mixed=({"1": "half"}, {})), "mixed"),
    (lambda: StrategyProfile(({"1"}, set()), mixed="x"), "mixed"),
    (lambda: threshold_table(players=3), "players"),
    (lambda: threshold_table(players=(2,), tables=None), "tables"),
], ids=lambda v: v if isinstance(v, str) else "")
def test_a_malformed_endgame_argument_is_refused_by_name(call, name):
    with pytest.raises(EndgameError) as err:
        call()
    assert isinstance(err.value, ValueError) and str(err.value).startswith(name), str(err.value)


def test_well_formed_arguments_still_work():
    tricks = [[(0, "Pig"), (1, "Harlequin"), (2, "3")]]
    assert Endgame(("1", "2", "9"), tricks=tricks).tricks[0][1] == (1, Kind.HARLEQUIN)
    assert perfect_information("1 2 9").declarer is not None or perfect_information("1 2 9").outcome
    v = player_view(3, 2, "4", first=0, others="never", beliefs="play", tricks=tricks)
    assert v.best in ("declare", "pass")
    assert equilibrium(2, allowed=[{"1", "2", "3"}, (1 << 22) - 2]).regret <= 1e-9
    assert StrategyProfile(({"1"}, set()), mixed=({"2": 0.5}, {})).declare_prob(0, "2") == 0.5


# -- anything goes in: only the family's errors come out ---------------------------------------------------

QUICK = settings(max_examples=80, deadline=3000, suppress_health_check=[HealthCheck.too_slow])
SOME = settings(max_examples=30, deadline=5000, suppress_health_check=[HealthCheck.too_slow])

NOTATION = "SHDCAKQJTshdcakqjt0123456789 .:,#=/-[]NESWdealerpas\r\n\t"
texts = st.one_of(st.text(max_size=40), st.text(alphabet=NOTATION, max_size=60))
junk = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.binary(max_size=4), st.text(max_size=4),
                 st.lists(st.one_of(st.integers(), st.text(max_size=3)), max_size=3), st.just(object()),
                 st.dictionaries(st.text(max_size=2), st.integers(), max_size=2), st.integers(min_value=10 ** 30))
pairs = st.tuples(st.one_of(st.integers(-1, 5), junk), st.one_of(st.sampled_from(["1", "Pig", "Mask", "12"]), junk))
tricks = st.one_of(junk, st.lists(st.one_of(junk, st.lists(st.one_of(pairs, junk), max_size=4)), max_size=4))


@QUICK
@given(st.binary(max_size=300), st.integers(1, 64))
def test_any_batch_file_is_read_line_by_line_with_line_errors_only(data, size):
    lines = list(read_batch_lines(io.BufferedReader(Trickle(data, size), buffer_size=64)))
    assert [x.number for x in lines] == list(range(1, len(lines) + 1))
    assert len(lines) == len(re.findall(rb"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z", data))
    for x in lines:
        assert (x.text is None) != (x.error is None)
        if x.error is not None:
            assert isinstance(x.error, BatchLineError)
            continue
        try:
            parse_batch_line(x.text, "0")
        except GameError:
            pass


@QUICK
@given(texts, st.sampled_from(["0", "3", "N", "w", "x", "٣", ""]))
def test_any_batch_line_is_a_deal_or_a_family_error(text, dealer):
    try:
        job = parse_batch_line(text, dealer)
    except GameError:
        return
    assert job is None or (isinstance(job[0], Deal) and 0 <= job[1] < job[0].players)


@QUICK
@given(texts)
def test_any_bid_text_is_bids_or_a_family_error(text):
    from cardgames.comrade.variant import variant_for

    for players in (3, 4):
        variant = variant_for(players)
        try:
            parse_bids(text, variant, 2)
        except GameError:
            pass


@SOME
@given(st.sampled_from(["--time-limit", "--dealer", "--bids", "deal"]), texts)
def test_the_command_line_answers_or_refuses_in_one_line(option, text):
    import contextlib

    args = ["--json", MINI if option != "deal" else text]
    if option != "deal":
        args = [f"{option}={text}"] + args
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(args)
    if status == 0:
        assert json.loads(out.getvalue())["verdict"] in ("win", "no_win", "unknown")
    else:
        assert status == 2 and len(err.getvalue().strip().splitlines()) == 1, err.getvalue()
        assert "Traceback" not in err.getvalue() and out.getvalue() == ""


def valid_tricks(n: int):
    play = st.tuples(st.integers(0, n - 1), st.sampled_from(["1", "Pig", "12", "Mask", "5", "Harlequin"]))
    return st.lists(st.lists(play, max_size=n, unique_by=lambda p: p[0]), max_size=4)


@SOME
@given(st.data())
def test_any_player_view_arguments_give_a_view_or_a_family_error(data):
    """Well-formed arguments, then (mostly) one of them replaced by anything."""
    n = data.draw(st.integers(2, 4), label="players")
    args = {"num_players": n, "seat": data.draw(st.integers(0, n - 1)),
            "card": data.draw(st.sampled_from(["1", "Pig", "9", "Mask", "Harlequin"])),
            "first": data.draw(st.integers(0, n - 1)), "played": data.draw(st.sampled_from(["", "Mask 2", "Pig 3"])),
            "discards": data.draw(st.sampled_from([(), ["7"], "Cuckoo 12"])),
            "others": data.draw(st.sampled_from(["never", "5", "Mask", None])),
            "beliefs": data.draw(st.sampled_from(["uniform", "play"])), "tricks": data.draw(valid_tricks(n)),
            "discard_counts": None, "samples": data.draw(st.integers(1, 3000)), "seed": data.draw(st.integers(0, 99))}
    bad = data.draw(st.sampled_from([None, *args, "tricks", "tricks"]), label="replaced")
    if bad is not None:
        args[bad] = data.draw(tricks if bad == "tricks" else st.one_of(junk, texts), label=bad)
        args["beliefs"] = "play" if bad == "tricks" else args["beliefs"]
    try:
        v = player_view(**args)
    except GameError:
        return
    assert v.best in ("declare", "pass") and abs(sum(v.declare.outcome_prob.values()) - 1) < 1e-9


@SOME
@given(st.data())
def test_any_equilibrium_arguments_give_an_equilibrium_or_a_family_error(data):
    n = data.draw(st.sampled_from([2, 3]), label="players")
    masks = st.one_of(st.integers(0, (1 << 22) - 1).map(lambda m: m & ~1),
                      st.sets(st.sampled_from(["1", "2", "5", "Pig", "Harlequin", "Mask"]), max_size=4))
    # (three players with a restricted prior is a search of seconds: well-formed, so not this test's matter)
    allowed = st.lists(masks, min_size=n, max_size=n) if n == 2 else st.nothing()
    args = {"num_players": n, "public": data.draw(st.sampled_from(["", "Mask", "1 2 3", "Pig Pig"])),
            "penalties": data.draw(st.sampled_from(["default", "alternative"])),
            "allowed": data.draw(st.one_of(st.none(), allowed))}
    bad = data.draw(st.sampled_from([None, *args]), label="replaced")
    if bad is not None:
        wrong_length = st.lists(masks, max_size=4).filter(lambda a: len(a) != n)
        args[bad] = data.draw(st.one_of(junk, texts, wrong_length if n == 3 else st.lists(masks, max_size=4)),
                              label=bad)
    try:
        eq = equilibrium(**args)
    except GameError:
        return
    assert eq.regret <= 1e-9


@SOME
@given(st.one_of(st.sampled_from(["1 2 3", "Pig Mask"]), junk, st.lists(st.sampled_from(["1", "Pig"]), max_size=6)),
       st.one_of(st.integers(0, 3), junk), st.one_of(st.just(()), junk, st.lists(st.lists(st.sampled_from(
           ["1", "2", "x"]), max_size=2), max_size=3)), tricks)
def test_any_endgame_arguments_give_an_endgame_or_a_family_error(cards, first, discards, tricks_):
    try:
        end = Endgame.from_cards(cards, first, (), discards)
        Endgame(end.final_cards, end.first, end.played, end.discards, tricks=tricks_).allowed()
    except GameError:
        return
