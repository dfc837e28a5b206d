"""The study runner: seeded, the same on every executor, and a dead worker ends the run with an error."""

from __future__ import annotations

import concurrent.futures as cf
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from solvers.studies.comrade_tables import (BEST, GameRecord, StudyError, code_hashes, code_text, load, paired,
                                   run_study, run_tasks, save, summary, wilson_interval)


def strip(records):
    """Everything but the timings."""
    return [(r.seed, r.kind, r.result, r.reason, r.actions) for r in records]


@pytest.fixture(scope="module")
def inline():
    return run_study(range(3), kinds=("random", "heuristic"), executor="inline")


def test_records_come_in_seed_then_kind_order(inline):
    assert [(r.seed, r.kind) for r in inline] == [(s, k) for s in range(3) for k in ("perfect", "random", "heuristic")]
    assert all(r.result in ("win", "loss") for r in inline if r.kind != "perfect")
    assert all(r.result in ("win", "no_win", "unknown") for r in inline if r.kind == "perfect")


def test_a_study_is_seeded(inline):
    again = run_study(range(3), kinds=("random", "heuristic"), executor="inline")
    assert strip(again) == strip(inline)
    other = run_study(range(3, 6), kinds=("random",), perfect=False, executor="inline")
    assert [r.actions for r in other] != [r.actions for r in inline if r.kind == "random"]


def test_a_process_pool_gives_the_same_records(inline):
    with cf.ProcessPoolExecutor(max_workers=2) as pool:
        assert strip(run_study(range(3), kinds=("random", "heuristic"), executor=pool)) == strip(inline)


def test_a_dask_cluster_gives_the_same_records(inline):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        records = run_study(range(3), kinds=("random", "heuristic"), executor=client.get_executor(),
                            stall_timeout=60)
    assert strip(records) == strip(inline)


def die(code):
    os._exit(code)


def test_a_dying_worker_ends_the_run_with_a_clear_error():
    start = time.perf_counter()
    with cf.ProcessPoolExecutor(max_workers=1) as pool:
        with pytest.raises(StudyError, match="worker process died"):
            run_tasks(die, [(3,)], executor=pool, stall_timeout=30)
    assert time.perf_counter() - start < 20


def test_a_stalled_executor_ends_the_run_with_a_clear_error():
    with cf.ThreadPoolExecutor(max_workers=1) as pool:
        with pytest.raises(StudyError, match="no task finished within 0.2 s"):
            run_tasks(time.sleep, [(1.0,)], executor=pool, stall_timeout=0.2)


def test_unknown_kinds_are_refused():
    with pytest.raises(ValueError, match="unknown kind of player 'psychic'"):
        run_study([0], kinds=("psychic",), executor="inline")


def test_summary_and_intervals(tmp_path, inline):
    rows = {r["kind"]: r for r in summary(inline)}
    assert rows["perfect"]["games"] == 3 and rows["random"]["wins"] == 0
    lo, hi = wilson_interval(50, 100)
    assert lo < 0.5 < hi and abs((lo + hi) / 2 - 0.5) < 1e-9
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == 1.0
    path = tmp_path / "study.json"
    save(inline, path, {"command": "x"})
    meta, back = load(path)
    assert meta == {"command": "x"} and strip(back) == strip(inline)
    assert isinstance(back[0], GameRecord)


def test_a_kind_that_repeats_another_is_stored_once_and_loaded_whole(tmp_path):
    """``"best"`` repeats the strongest table's games: save leaves them out, load gives them back in
    place (right after the game they repeat, for the first ``deals`` seeds); older files that stored
    them, with actions as a list, read the same."""
    import json

    recs = [GameRecord(s, k, "win" if s else "loss", None if s else "play lost: x", ("S1", "pass", "SA"), 0.5)
            for s in range(3) for k in ("card", BEST, "best")]
    meta = {"kinds": {"card": {"deals": 3}, BEST: {"deals": 3}, "best": {"same_as": BEST, "deals": 3}}}
    path = tmp_path / "study.json"
    save(recs, path, meta)
    stored = json.loads(path.read_text())["records"]
    assert [d["kind"] for d in stored] == ["card", BEST] * 3 and stored[0]["actions"] == "S1 pass SA"
    assert load(path) == (meta, recs)
    path.write_text(json.dumps({"meta": meta, "records": [dict(r.to_dict()) for r in recs]}))
    assert load(path) == (meta, recs)


def test_a_study_split_into_parts_is_saved_apart_and_loaded_whole(tmp_path, capsys, monkeypatch):
    """``meta["parts"]`` puts the games of some kinds into a file next to the study (the stored four-player
    study keeps its mixed tables so, to keep each file under 2 MiB); load reads one study, in deal order.
    A part that is missing or named outside the folder is refused by name, and on the command line with
    one line and status 2."""
    import json

    from solvers.studies.comrade_tables import StudyFileError

    recs = [GameRecord(s, k, "win", None, ("S1", "pass"), 0.5) for s in range(3)
            for k in ("card", BEST, "best", "mixed:random", "mixed:card")]
    meta = {"parts": {"mixed.json": ["mixed:"]},
            "kinds": {"card": {"deals": 3}, BEST: {"deals": 3}, "best": {"same_as": BEST, "deals": 3}}}
    path = tmp_path / "study.json"
    save(recs, path, meta)
    main = json.loads(path.read_text())["records"]
    part = json.loads((tmp_path / "mixed.json").read_text())
    assert [d["kind"] for d in main] == ["card", BEST] * 3
    assert part["part_of"] == "study.json"
    assert [d["kind"] for d in part["records"]] == ["mixed:random", "mixed:card"] * 3
    assert load(path) == (meta, recs)
    (tmp_path / "mixed.json").unlink()
    with pytest.raises(StudyFileError, match="mixed.json is missing") as bad:
        load(path)
    assert isinstance(bad.value, ValueError) and bad.value.token == "mixed.json"
    for parts in ({"../mixed.json": ["mixed:"]}, {"other.json": ["mixed:"]}, {"mixed.json": "mixed:"}, ["mixed.json"]):
        with pytest.raises(StudyFileError, match="part"):
            save(recs, tmp_path / "other.json", dict(meta, parts=parts))
    assert not (tmp_path / "other.json").exists()
    monkeypatch.setattr("sys.argv", ["bench_comrade_silence.py", "--bids", "best", "--out", str(path)])
    with pytest.raises(SystemExit) as stop:
        load_bench().main()
    err = capsys.readouterr().err.strip()
    assert stop.value.code == 2 and "mixed.json is missing" in err and "\n" not in err


def test_sampling_tables_have_node_budgets_so_their_games_are_the_same_in_any_process():
    """With node budgets (no time limit) a sampling table's game depends only on the seed, not on the
    machine or the process it runs in (here: another interpreter, with another string-hash seed)."""
    kw = dict(kinds=("sampling",), perfect=False, samples=2, node_limit=100, bid_node_limit=100)
    here = run_study([3], executor="inline", **kw)
    code = ("from solvers.studies.comrade_tables import run_study; "
            f"print(list(run_study([3], executor='inline', **{kw!r})[0].actions))")
    env = dict(os.environ, PYTHONHASHSEED=str(os.getpid() % 1000 + 1))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True,
                         cwd=Path(__file__).resolve().parents[1])
    assert out.stdout.strip() == repr(list(here[0].actions)) and len(here[0].actions) > 13


def first_moves(kind, seed, moves, players=4):
    """The first ``moves`` actions of deal ``seed`` with a table of ``kind`` (cheap for the search tables)."""
    from cardgames.comrade import ComradeGame
    from solvers.studies.comrade_tables import deal_for_seed, make_table

    deal, dealer = deal_for_seed(seed, players)
    game = ComradeGame(deal, dealer)
    table = make_table(kind, seed, players)
    while len(game.history) < moves and not game.is_terminal():
        seat = game.current_player()
        game.apply(table[seat].act(game.view(seat), game.legal_actions()))
    return game.actions


def test_the_card_kinds_are_seeded():
    from solvers.studies.comrade_tables import play_deal

    assert play_deal(2, "card").actions == play_deal(2, "card").actions
    best = first_moves("best", 1, 6)
    assert best == first_moves("best", 1, 6) and len(best) == 6
    assert best == first_moves("card+inference+search", 1, 6)   # (best, checked seeded: not played a third time)


def test_a_mixed_table_has_one_odd_seat():
    from solvers.comrade_players.cardsearch import CardSearchPlayer
    from solvers.studies.comrade_tables import make_table

    for seed in (0, 5, 9):
        table = make_table("mixed:random", seed)
        odd = [p for p, pl in enumerate(table) if not isinstance(pl, CardSearchPlayer)]
        assert odd == [(seed // 4) % 4] and type(table[odd[0]]).__name__ == "RandomPlayer"
    with pytest.raises(ValueError, match="unknown mixed table 'mixed:best'"):
        make_table("mixed:best", 0)


def test_the_three_player_game_is_played_too():
    from solvers.studies.comrade_tables import play_deal

    rec = play_deal(4, "card", players=3)
    assert rec.result in ("win", "loss") and len(rec.actions) > 0
    assert play_deal(4, "card", players=3).actions == rec.actions != play_deal(4, "card").actions


def test_the_paired_sign_test_matches_counting_every_sequence_of_signs():
    """``paired``'s p-value against brute force: every one of the 2**n ways the n disagreements could
    have fallen, each equally likely under "neither table is better", counted as at least as lopsided."""
    import itertools

    for only_a, only_b in ((0, 0), (3, 0), (2, 5), (6, 6), (1, 9), (11, 4)):
        results_a = ["win"] * only_a + ["loss"] * only_b + ["win", "loss"]       # two deals they agree on
        results_b = ["loss"] * only_a + ["win"] * only_b + ["win", "loss"]
        a = [GameRecord(s, "a", r, None, (), 0.0) for s, r in enumerate(results_a)]
        b = [GameRecord(s, "b", r, None, (), 0.0) for s, r in enumerate(results_b)]
        b += [GameRecord(99, "b", "win", None, (), 0.0)]
        got = paired(a, b)
        n, k = only_a + only_b, min(only_a, only_b)
        extreme = sum(min(sum(signs), n - sum(signs)) <= k for signs in itertools.product((0, 1), repeat=n))
        assert (got["deals"], got["only_before"], got["only_after"]) == (n + 2, only_a, only_b)
        assert (got["wins_before"], got["wins_after"]) == (only_a + 1, only_b + 1)
        assert got["p"] == pytest.approx(min(1.0, extreme / 2 ** n))


def load_bench(name: str = "bench_comrade_silence"):
    """``benchmarks/NAME.py`` as a module (the benchmarks are scripts, not a package)."""
    import importlib.util

    root = Path(__file__).resolve().parents[1]
    spec = importlib.util.spec_from_file_location(name, root / "benchmarks" / f"{name}.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    return bench


def test_the_bench_compares_two_stored_studies_table_by_table(tmp_path, capsys, monkeypatch):
    """``bench_comrade_silence.py --compare BEFORE --out FILE`` pairs each kind of FILE with the same kind of
    BEFORE (kinds only one file has are left out), and refuses a missing file with one line and status 2."""
    bench = load_bench()
    before = [GameRecord(s, "card", r, None, (), 0.0) for s, r in enumerate(["win", "loss", "loss"])]
    after = [GameRecord(s, "card", r, None, (), 0.0) for s, r in enumerate(["loss", "win", "win"])]
    after += [GameRecord(0, "random", "loss", None, (), 0.0)]
    save(before, tmp_path / "before.json", {"kinds": {}})
    save(after, tmp_path / "after.json", {"kinds": {}})
    got = bench.compare(tmp_path / "before.json", tmp_path / "after.json")
    assert set(got) == {"card"}
    assert (got["card"]["only_before"], got["card"]["only_after"], got["card"]["wins_after"]) == (1, 2, 2)
    capsys.readouterr()
    monkeypatch.setattr("sys.argv", ["bench_comrade_silence.py", "--compare", str(tmp_path / "missing.json"),
                                     "--out", str(tmp_path / "after.json")])
    with pytest.raises(SystemExit) as stop:
        bench.main()
    assert stop.value.code == 2
    err = capsys.readouterr().err.strip()
    assert "--compare" in err and "\n" not in err


@pytest.mark.slow
def test_the_bench_finds_where_the_strongest_tables_lost_games_went_wrong(tmp_path, capsys):
    """``--fatal best:N`` on three of the strongest table's stored lost games (deals 1, 5 and 16) and a won
    one (deal 0).  Deal 1's final bids could not be made; in deal 5 the card's own ♦2 lost it, and no card
    that kept it winnable was among the search's three candidates, but one was among six; in deal 16 the
    search left the card (♠2 instead of the card's ♦8) and lost the deal.  Each saving card really keeps
    the deal winnable, and the fatal card does not.  (Which action is the card's own and which are the
    search's candidates is today's card and search: run only while the stored games are today's code's.)"""
    skip_unless_made_by_todays_code("comrade_silence.json", "best")
    from solvers.comrade.position import solve_position
    from solvers.comrade_players.review import replay_prefix
    from solvers.studies.comrade_tables import deal_for_seed
    from cardgames.comrade import ComradeGame

    bench = load_bench()
    root = Path(__file__).resolve().parents[1]
    _, records = load(root / "benchmarks" / "results" / "comrade_silence.json")
    save([r for r in records if r.kind == "best" and r.seed in (0, 1, 5, 16)], tmp_path / "s.json", {"kinds": {}})
    got = bench.fatal_actions(tmp_path / "s.json", "best", 17)
    c = got["counts"]
    assert (c["lost"], c["bidding"], c["play"], c["play_departures"], c["play_card"]) == (3, 1, 2, 1, 1)
    assert (c["saving_in_candidates"], c["saving_in_wide"], c["undecided"]) == (0, 1, 0)
    rows = {row["seed"]: row for row in got["rows"]}
    assert rows[1]["phase"] == "bidding" and rows[16]["own"] is False and rows[16]["action"] == "S2"
    # deal 1: the card's own ♥5 in lap 3 made the final bids unmakeable, and no other bid of that seat helped
    assert (rows[1]["lap"], rows[1]["action"], rows[1]["own"], rows[1]["saving"]) == (3, "H5", True, [])
    assert (c["bid_lap3"], c["bid_card"], c["bid_saving"]) == (1, 1, 0)
    five = rows[5]
    assert five["action"] not in five["saving"] and not set(five["candidates"]) & set(five["saving"])
    record = next(r for r in records if r.kind == "best" and r.seed == 5)
    game = ComradeGame(*deal_for_seed(5))
    for a in record.actions:
        game.apply(a)
    index = five["index"]
    assert str(game.actions[index]) == five["action"]
    for code in five["saving"] + [five["action"]]:
        after = replay_prefix(game, index)
        after.apply(next(a for a in after.legal_actions() if str(a) == code))
        assert (solve_position(after, 10).verdict == "win") == (code in five["saving"]), code
    assert "deal 16, trick 2: the search played S2" in capsys.readouterr().out


@pytest.mark.slow
def test_the_bench_finds_the_first_fatal_bid_and_the_bids_that_would_have_saved_the_deal():
    """Deal 12 of the strongest table: its final bids could not be made.  The first bid after which no final
    bids could be made is found by the solver (before it they could); a pass there instead (the others bidding
    by the card) would have left final bids that some play makes, and the pass was among the search's
    candidates.  (Run only while the stored games are today's code's: the candidates are today's search's.)"""
    skip_unless_made_by_todays_code("comrade_silence.json", "best")
    from solvers.comrade_players.convention import ConventionCard
    from solvers.comrade.position import solve_position
    from solvers.comrade_players.review import replay_prefix

    bench = load_bench()
    root = Path(__file__).resolve().parents[1]
    _, records = load(root / "benchmarks" / "results" / "comrade_silence.json")
    record = next(r for r in records if r.kind == "best" and r.seed == 12)
    bids = bench.after_bidding(record)
    counts = dict.fromkeys(bench.BID_COUNTS, 0)
    row = bench.fatal_bid(bids, 12, 10.0, counts, "best")   # 10 s a call: the verdicts, not the load, decide
    i = row["index"]
    assert solve_position(replay_prefix(bids, i), 10).verdict == "win"
    assert solve_position(bids, 10).verdict == "no_win"          # the final bids: no play makes them
    assert row["action"] == str(bids.actions[i]) and "pass" in row["saving"] and "pass" in row["candidates"]
    assert row["action"] not in row["saving"] and counts["bid_saving_in_candidates"] == 1
    card = ConventionCard()
    saved = replay_prefix(bids, i)
    saved.apply("pass")
    while saved.phase == "bidding":
        saved.apply(card.choose(saved.view(saved.current_player()), saved.legal_actions()))
    assert solve_position(saved, 10).verdict == "win"


def test_losses_are_split_into_bidding_and_play():
    rows = summary([GameRecord(0, "k", "loss", "bidding lost: x", (), 0.0),
                    GameRecord(1, "k", "loss", "play lost: y", (), 0.0),
                    GameRecord(2, "k", "win", None, (), 0.0),
                    GameRecord(3, "k", "loss", "play lost: z", (), 0.0)])
    assert (rows[0]["wins"], rows[0]["bidding_losses"], rows[0]["play_losses"]) == (1, 1, 2)
    assert rows[0]["bidding_low"] < 0.25 < rows[0]["bidding_high"]


def made_by_todays_code(name: str, kind: str = "") -> bool:
    """Whether the stored result ``kind`` of ``benchmarks/results/NAME`` was made by today's code (its stored
    code hashes are today's, ``tools/check_results.py``).  The replay tests below run only then: a result made
    by older code is marked as such in docs/benchmarks.md, and replaying it is a deliberate step."""
    import importlib.util

    root = Path(__file__).resolve().parents[1]
    tool = sys.modules.get("check_results")
    if tool is None:
        spec = importlib.util.spec_from_file_location("check_results", root / "tools" / "check_results.py")
        tool = sys.modules["check_results"] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(tool)
    entry = next(e for e in tool.entries(root / "benchmarks" / "results" / name) if e.name == kind)
    return not tool.older(entry, tool.current_hashes())


def skip_unless_made_by_todays_code(name: str, kind: str = "") -> None:
    if not made_by_todays_code(name, kind):
        pytest.skip(f"{name} {kind}: made by older code (make check-results); replay it to check it again")


@pytest.mark.parametrize("players, name", [(4, "comrade_silence.json"), (3, "comrade_silence_3p.json")])
def test_a_stored_table_made_by_todays_code_replays_the_same(players, name):
    """The stored code hashes are honest: where they say a stored table was made by today's code, replaying a
    few of its card games and the start of its strongest table's games gives the same actions.  (A table made
    by older code is skipped: it holds the older code's figures, and docs/benchmarks.md says so.)"""
    from solvers.studies.comrade_tables import play_deal

    _, records = load(Path(__file__).resolve().parents[1] / "benchmarks" / "results" / name)
    stored = {(r.kind, r.seed): r for r in records}
    replayed = 0
    if made_by_todays_code(name, "card"):
        for seed in (0, 1, 2, 7):
            assert list(play_deal(seed, "card", players=players).actions) == list(stored["card", seed].actions), seed
        replayed += 1
    if made_by_todays_code(name, "best"):
        # 19 and 77: deals whose stored games an earlier state of the code had played
        for seed in (0, 3, 19, 77) if players == 4 else (0, 3):
            moves = 3 * players + 2
            assert list(first_moves("best", seed, moves, players)) == list(stored["best", seed].actions[:moves]), seed
        replayed += 1
    if not replayed:
        pytest.skip(f"{name}: its card and strongest tables were made by older code (make check-results)")


def test_the_code_hash_ignores_docstrings_and_comments_but_nothing_else():
    source = ('X = 1  # the start\n\n\n'
              'def f(a):\n    """What f does.\n\n    More."""\n    # why\n    return a + X  # sum\n')
    mended = 'X = 1\n\ndef f(a):\n    """What f does, said better."""\n    return a + X\n'
    assert code_text(source) == code_text(mended) == "X = 1\ndef f(a):\n    return a + X\n"
    assert code_text(source) != code_text(source.replace("a + X", "a - X"))
    assert code_text('s = "# not a comment"\n') == 's = "# not a comment"\n'     # a string keeps its '#'
    assert set(code_hashes()) == {"card_sha1", "search_sha1"}


def test_the_stored_play_table_made_by_todays_code_replays_the_same():
    """``benchmarks/results/comrade_table.json``: where its card-partners table was made by today's code (the
    stored hashes), replaying the first deals gives the stored games.  (Its figures' consistency is checked by
    tests/test_stored_results.py whatever code made it.)"""
    import json

    skip_unless_made_by_todays_code("comrade_table.json", "card")
    root = Path(__file__).resolve().parents[1]
    bench = load_bench("bench_comrade_table")
    stored = json.loads((root / "benchmarks" / "results" / "comrade_table.json").read_text())["tables"]
    for game in stored["card"]["games"][:3]:
        again = bench.play(game["seed"], "card")
        assert (again["result"], again["tricks"], again["student"]) == \
            (game["result"], game["tricks"], game["student"]), game["seed"]
