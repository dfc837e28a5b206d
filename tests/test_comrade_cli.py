"""The Comrade command line keeps its promises against hostile input.

Every bad input prints one line on stderr and exits 2 with no traceback; numbers are
read strictly; the options ``--version``, ``--time-limit none``.  Most tests call
:func:`solvers.comrade.cli.main` in this process (fast); the ones about the process
itself (pipes, signals, stdin) are in ``test_comrade_cli_process.py``.
"""

from __future__ import annotations

import json
from importlib.metadata import version

import pytest

from solvers.comrade import cli
from solvers.comrade.cli import CommandLineError, main, parse_time_limit, read_json_bids

MINI = "N:A.K.. K.A.. Q.Q.. J.J.."
ZERO_ROW = "[0,0,0,0]"


def run(capsys, *args):
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def assert_one_line_error(status, err, needle=""):
    assert status == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    assert needle.lower() in err.lower(), err


@pytest.mark.parametrize("deal", [
    "N:ẗ... K... Q... J...",        # 'ẗ'.upper() is two characters: the old message itself crashed
    "N:Aǰ.K.. Q... J... T...",
    "N:ǰ... K... Q... J...",
    "N:\udcff... K... Q... J...",  # a byte that was not UTF-8 in argv (surrogate escape)
])
def test_strange_characters_in_a_deal_are_one_line(capsys, deal):
    status, out, err = run(capsys, deal)
    assert_one_line_error(status, err)
    assert out == ""


@pytest.mark.parametrize("bids,needle", [
    (f"[[Infinity,0,0,0],[0,1,0,0],{ZERO_ROW},{ZERO_ROW}]", "Infinity"),
    (f"[[-Infinity,0,0,0],[0,1,0,0],{ZERO_ROW},{ZERO_ROW}]", "Infinity"),
    (f"[[NaN,0,0,0],[0,1,0,0],{ZERO_ROW},{ZERO_ROW}]", "NaN"),
    (f"[[1e999,0,0,0],[0,1,0,0],{ZERO_ROW},{ZERO_ROW}]", "1e999"),
    (f"[[1.9,0,0,0],[0,1,0,0],{ZERO_ROW},{ZERO_ROW}]", "1.9"),   # was solved as 1
    (f"[[1.0,0,0,0],[0,1,0,0],{ZERO_ROW},{ZERO_ROW}]", "1.0"),
    (f"[[1e0,0,0,0],[0,1,0,0],{ZERO_ROW},{ZERO_ROW}]", "1e0"),
    (f"[[true,0,0,0],[0,1,0,0],{ZERO_ROW},{ZERO_ROW}]", "true"),  # was solved as 1
    (f"[[1,0,0,0],[0,false,0,0],{ZERO_ROW},{ZERO_ROW}]", "false"),
    (f"[[null,0,0,0],[0,1,0,0],{ZERO_ROW},{ZERO_ROW}]", "null"),
    (f"[[\"1\",0,0,0],[0,1,0,0],{ZERO_ROW},{ZERO_ROW}]", "whole number"),
    (f"[[{'9' * 5000},0,0,0],[0,1,0,0],{ZERO_ROW},{ZERO_ROW}]", "too large"),
    ("[" * 50_000 + "]" * 50_000, "nested"),                     # was RecursionError
    ("[[[1]]]", "nested"),
    ("[{\"a\": 1}]", "list of rows"),
    ("[[1,0,0,0]", "not valid JSON"),
    ("[1,0,0,0]", "list of rows"),
    (f"[[7,0,0,0],[0,1,0,0],{ZERO_ROW},{ZERO_ROW}]", "illegal bids"),
])
def test_json_bids_only_whole_numbers(capsys, bids, needle):
    status, out, err = run(capsys, "--bids", bids, MINI)
    assert_one_line_error(status, err, needle)
    assert out == ""


def test_json_bids_that_are_whole_numbers_are_solved(capsys):
    status, out, err = run(capsys, "--json", "--bids", f"[[1,0,0,0],[0,1,0,0],{ZERO_ROW},{ZERO_ROW}]", MINI)
    assert status == 0, err
    data = json.loads(out)
    assert data["fixed_bids"] == [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
    assert data["verdict"] == "win"


def test_read_json_bids_directly():
    assert read_json_bids(" [[0, 2], [1]] ") == [[0, 2], [1]]
    with pytest.raises(CommandLineError, match="not a whole number"):
        read_json_bids("[[0.5]]")
    with pytest.raises(CommandLineError, match="nested"):
        read_json_bids("[[[0]]]")
    # brackets inside a JSON string do not count as nesting (then the string is refused as a count)
    with pytest.raises(CommandLineError, match="whole number"):
        read_json_bids('[["[[[[\\"", 1]]')


@pytest.mark.parametrize("limit", ["nan", "NaN", "inf", "-inf", "Infinity", "1e999", "0", "0.0", "-1", "-0.5",
                                   "", " ", "abc", "0x10", "1_0", "٣", "１", "1e-400"])
def test_time_limit_must_be_finite_and_positive(capsys, limit):
    status, out, err = run(capsys, f"--time-limit={limit}", MINI)
    assert_one_line_error(status, err, "time limit")
    assert out == ""


@pytest.mark.parametrize("limit,expected", [("none", None), ("None", None), ("NONE", None), ("2", 2.0),
                                            ("0.25", 0.25), ("1e1", 10.0), ("5.", 5.0)])
def test_time_limit_accepts_positive_numbers_and_none(limit, expected):
    assert parse_time_limit(limit) == expected


def test_time_limit_none_solves(capsys):
    status, out, err = run(capsys, "--json", "--time-limit", "none", MINI)
    assert status == 0, err
    assert json.loads(out)["verdict"] == "win"


@pytest.mark.parametrize("dealer", ["٣", "³", "Ｎ", "9", "-1", "NE", "", "1.0"])
def test_strange_dealers_are_one_line(capsys, dealer):
    status, out, err = run(capsys, "--dealer", dealer, MINI)
    assert_one_line_error(status, err, "dealer")


@pytest.mark.parametrize("args,needle", [
    (("--processes", "0", "--batch", "-"), "processes"),
    (("--processes", "٢", "--batch", "-"), "processes"),
    (("--no-such-option", MINI), "unrecognized"),
    (("--progress", "sometimes", MINI), "progress"),
    (("--batch", "/nonexistent/deals.txt"), "cannot read"),
    (("--batch", "-", MINI), "give no DEAL"),
    (("--scheduler", "tcp://127.0.0.1:1", MINI), "single deal"),
])
def test_usage_errors_are_one_line(capsys, args, needle):
    status, out, err = run(capsys, *args)
    assert_one_line_error(status, err, needle)


def test_version(capsys):
    status, out, err = run(capsys, "--version")
    assert status == 0
    assert out.strip() == f"comrade-solve {version('trick-taking-classroom')}"


def test_console_script_is_declared():
    import tomllib
    from pathlib import Path

    project = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text())["project"]
    assert project["scripts"]["comrade-solve"] == "solvers.comrade.cli:run"
    assert callable(cli.run)


# -- any text at all: one line and status 2, or an answer -------------------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_PBNISH = st.text(alphabet=st.sampled_from("NESW:.AKQJT98765432 ♠♥♦♣ſﬅ٣³ẗǰ\x00\ufeff\udcff-/[]"), max_size=40)
_ANY = st.text(max_size=30)


@pytest.mark.parametrize("token", ["-\x1e", "-x\u2028y", "--z\x85", "-\x1c"])
def test_an_unknown_option_with_a_line_separator_is_still_one_line(capsys, token):
    assert main([token, "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1 and "unrecognized arguments" in err


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(deal=st.one_of(_PBNISH, _ANY), dealer=st.one_of(st.just("0"), _ANY), bids=st.one_of(st.none(), _ANY, _PBNISH),
       limit=st.one_of(st.just("1"), _ANY))
def test_any_input_gives_an_answer_or_one_line(capsys, deal, dealer, bids, limit):
    args = [deal, f"--dealer={dealer}", f"--time-limit={limit}", "--json"]
    args += [] if bids is None else [f"--bids={bids}"]
    status = main(args)
    out, err = capsys.readouterr()
    assert status in (0, 2), err
    if status == 0:
        assert json.loads(out)["verdict"] in ("win", "no_win", "unknown") and err == ""
    else:
        assert out == "" and len(err.strip().splitlines()) == 1 and "Traceback" not in err


@pytest.mark.parametrize("deal", ["-\udcff", "N:\udcff..."])
def test_an_undecodable_argument_still_gives_one_line(capsys, deal):
    # Python turns an undecodable command-line byte into a lone surrogate; the error line must
    # still be writable (as a backslash escape), not a UnicodeEncodeError.
    assert main([deal, "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1 and "\\udcff" in err
