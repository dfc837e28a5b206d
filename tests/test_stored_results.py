"""The stored results (``benchmarks/results/*.json``): each file agrees with itself and carries its provenance,
the generated ``docs/benchmarks.md`` is what they hold, and the documentation shows what they hold.

None of these tests asks whether today's code would play the stored games again: ``make check-results``
says which results older code made, and ``docs/benchmarks.md`` marks them.  (Where a stored table was made by
today's code, ``tests/test_comrade_study.py`` replays a few of its games.)"""

from __future__ import annotations

import functools
import importlib.util
import json
import re
import shutil
import sys
from collections import Counter
from pathlib import Path

import pytest

from solvers.studies.comrade_tables import BEST, HELD_OUT, HELD_OUT_3P, code_hashes, load, summary, wilson_interval

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"


def load_script(folder: str, name: str):
    """``folder/name.py`` as a module (the tools and benchmarks are scripts, not a package)."""
    path = ROOT / folder / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(name, module)
    spec.loader.exec_module(module)
    return module


check_results = load_script("tools", "check_results")
page = load_script("tools", "benchmarks_page")
ENTRIES = check_results.all_entries()


def test_the_results_folder_holds_what_the_tools_read():
    names = {p.name for p in RESULTS.glob("*.json")}
    assert {"comrade_silence.json", "comrade_silence_3p.json", "comrade_table.json", "comrade_card.json",
            "krypkille_calibration.json", "comrade_heldout.json"} <= names
    assert len(ENTRIES) >= 29


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: f"{e.file}:{e.name}")
def test_every_stored_result_carries_its_provenance(entry):
    """Command, date, machine, load (``None`` where it was never recorded) and code hashes this tool can check:
    a key of ``CODE`` in tools/check_results.py, or ``code_hash`` with ``code_hash_of`` saying which files."""
    prov = entry.provenance
    assert isinstance(prov.get("command"), str) and prov["command"].startswith("python benchmarks/bench_")
    assert re.match(r"\d{4}-\d\d-\d\d", str(prov.get("date"))), prov.get("date")
    assert isinstance(prov.get("machine"), str) and "cores" in prov["machine"]
    assert "load_average" in prov or "load" in prov
    today = check_results.current_hashes()
    for key, value in entry.hashes.items():
        assert check_results.today_hash(entry, key, today) is not None, (key, value)
        assert re.fullmatch(r"[0-9a-f]{8,64}", value), (key, value)
    no_code = entry.file.startswith(("comrade_silence", "comrade_heldout")) and \
        entry.name in ("perfect", "random", "heuristic", "sampling")
    assert entry.hashes or no_code, f"{entry.file} {entry.name}: no code hash (which code made it?)"


def test_each_result_names_the_code_it_depends_on():
    """A table that plays the convention card stores the card's hash, one that uses the search or the inference
    the search's (the bench's own rule); the card's file the card's, the calibration the beliefs'."""
    bench = load_script("benchmarks", "bench_comrade_silence")
    for entry in ENTRIES:
        keys = set(entry.hashes)
        if entry.file.startswith(("comrade_silence", "comrade_heldout")):
            assert ("card_sha1" in keys) == bench.uses_card(entry.name), entry
            assert ("search_sha1" in keys) == bench.uses_search(entry.name), entry
        elif entry.file == "comrade_table.json":
            assert keys == {"card_sha1", "search_sha1"}
        elif entry.file == "comrade_card.json":
            assert keys == {"card_sha1"}
        elif entry.file == "krypkille_calibration.json":
            assert keys == {"beliefs_sha1"}


def test_the_tool_hashes_the_code_as_the_benchmarks_do():
    today = check_results.current_hashes()
    assert {k: today[k] for k in ("card_sha1", "search_sha1")} == code_hashes()
    assert load_script("benchmarks", "bench_krypkille_calibration").beliefs_sha1() == today["beliefs_sha1"]


@pytest.mark.parametrize("name", ["comrade_silence.json", "comrade_silence_3p.json"])
def test_a_stored_study_agrees_with_itself(name):
    """Each kind's stored count is its records' count, on deals 0..n-1; every record is a whole result with a
    reason exactly when it is a loss; the repeated kind ``best`` is the strongest table's games."""
    meta, records = load(RESULTS / name)
    by_kind: dict[str, list] = {}
    for r in records:
        by_kind.setdefault(r.kind, []).append(r)
    assert set(by_kind) == set(meta["kinds"])
    for kind, recs in by_kind.items():
        assert meta["kinds"][kind]["deals"] == len(recs), kind
        assert sorted(r.seed for r in recs) == list(range(len(recs))), kind
        for r in recs:
            if kind == "perfect":
                assert r.result in ("win", "no_win", "unknown")
            else:
                assert r.result in ("win", "loss") and (r.reason is None) == (r.result == "win"), (kind, r.seed)
                assert r.result == "win" or r.reason.split()[0] in ("bidding", "play"), (kind, r.seed)
    assert [(r.seed, r.result, r.actions) for r in by_kind["best"]] == \
        [(r.seed, r.result, r.actions) for r in by_kind[BEST]][:len(by_kind["best"])]
    assert meta["players"] == (3 if "3p" in name else 4)


@pytest.mark.parametrize("name, players, held_out", [("comrade_heldout.json", 4, HELD_OUT),
                                                    ("comrade_heldout_3p.json", 3, HELD_OUT_3P)])
def test_the_held_out_study_agrees_with_itself_and_is_shown_as_held_out(name, players, held_out):
    """``comrade_heldout.json`` (``comrade_heldout_3p.json``: three players): each kind's games are the first
    deals of the held-out range (``HELD_OUT``, ``HELD_OUT_3P``; a run stopped early stores a prefix), its
    summary rows are what its records count (recounted here), labelled held-out; ``tools/check_results.py``
    lists each kind with its code hashes and the command to play on."""
    path = RESULTS / name
    meta, records = load(path)
    assert meta["players"] == players and set(meta["kinds"]) >= {"best", "perfect"}
    span = f"{held_out[0]}-{held_out[-1]}"
    for kind, how in meta["kinds"].items():
        recs = [r for r in records if r.kind == kind]
        assert how["first"] == held_out[0] and how["asked"] == len(held_out), kind
        assert [r.seed for r in recs] == list(held_out)[:len(recs)] and how["deals"] == len(recs) > 0, kind
        assert f"--kind {kind}:{span}" in how["command"] and how["workers"] >= 1, kind
        assert f"--players {players}" in how["command"], kind
    rows = {r["kind"]: r for r in json.loads(path.read_text(encoding="utf-8"))["summary"]}
    assert set(rows) == set(meta["kinds"])
    for kind, row in rows.items():
        recs = [r for r in records if r.kind == kind]
        wins = sum(r.result == "win" for r in recs)
        lo, hi = wilson_interval(wins, len(recs))
        assert row["figure"].startswith(f"{wins}/{len(recs)} "), row
        assert row["interval"] == f"{100 * lo:.1f}–{100 * hi:.1f} %"
        assert f"{players} players, held-out deals {span.replace('-', '–')}" in row["what"]
        n = len(held_out)
        played = f"all {n} played" if len(recs) == n else f"{len(recs)} of the {n} played"
        assert played in row["what"], row
    best = summary([r for r in records if r.kind == "best"])[0]
    assert f"; {best['bidding_losses']} lost in the bidding" in rows["best"]["figure"]
    listed = {e.name: e for e in ENTRIES if e.file == name}
    assert set(listed) == set(meta["kinds"])
    assert set(listed["best"].hashes) == {"card_sha1", "search_sha1"}
    text = (ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8")
    shown = [line for line in text.splitlines() if f"{players} players, held-out deals" in line]
    assert len(shown) == len(rows) and all(r["figure"] in "".join(shown) for r in rows.values())


def test_the_stored_play_table_agrees_with_itself():
    data = json.loads((RESULTS / "comrade_table.json").read_text())
    for partners, entry in data["tables"].items():
        games, row = entry["games"], entry["summary"]
        wins = sum(g["result"] == "win" for g in games)
        assert (row["partners"], row["games"], row["wins"]) == (partners, len(games), wins)
        assert row["bidding_losses"] == sum(g["bidding_loss"] is not None for g in games)
        assert (row["low"], row["high"]) == pytest.approx(wilson_interval(wins, len(games)))
        assert row["rate"] == pytest.approx(wins / len(games))
        assert [g["seed"] for g in games] == list(range(len(games)))


def test_the_stored_card_tables_agree_with_themselves():
    data = json.loads((RESULTS / "comrade_card.json").read_text())
    command = data["meta"]["command"]
    asked = {k: int(v) for k, v in re.findall(r"--(\w+) (\d+)", command)}
    for t in data["tables"]:
        assert t["wins"] + t["bidding_losses"] + t["play_losses"] == t["games"], t["table"]
        assert t["rate"] == pytest.approx(t["wins"] / t["games"])
        assert (t["low"], t["high"]) == pytest.approx(wilson_interval(t["wins"], t["games"]))
        assert t["games"] == (asked["three"] if "3 players" in t["table"] else asked["deals"]), t["table"]
    rules = [r["id"] for r in data["rules"]]
    assert {t["table"] for t in data["tables"]} >= {f"without {r}" for r in rules}
    assert len(data["diagnoses"]) == asked["diagnose"]
    assert all(d["phase"] in ("bidding", "play") and (d["rule"] in rules or d["rule"] in (None, "-"))
               for d in data["diagnoses"])
    won = data["winnable_after_bidding"]
    assert won["win"] + won["no_win"] == asked["winnable"]
    assert won["win"] == won["win, card table loss"] + won["win, card table win"]
    assert won["no_win"] == won["no_win, card table loss"]          # a bid no play makes is never won


# -- the generated page ----------------------------------------------------------------------------------


def test_docs_benchmarks_md_is_a_fresh_generation():
    """``docs/benchmarks.md`` is written by ``make benchmarks-page``: typed by hand, or left behind after a
    results file or the code changed, it differs from a fresh generation."""
    fresh = page.render(page.rows())
    assert (ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8") == fresh, \
        "docs/benchmarks.md is not what the stored results say: run make benchmarks-page"


def test_the_page_shows_what_the_records_hold():
    """Spot checks against the records themselves, counted here (not by the page's extractors)."""
    text = (ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8")
    _, records = load(RESULTS / "comrade_silence.json")
    best = [r for r in records if r.kind == BEST]
    wins = sum(r.result == "win" for r in best)
    lo, hi = wilson_interval(wins, len(best))
    row = next(line for line in text.splitlines() if "4 players: the strongest table" in line)
    assert f"{wins}/{len(best)} won" in row and f"{100 * lo:.1f}–{100 * hi:.1f} %" in row
    table = json.loads((RESULTS / "comrade_table.json").read_text())["tables"]["search"]["games"]
    row = next(line for line in text.splitlines() if "three search partners" in line)
    assert f"{sum(g['result'] == 'win' for g in table)}/{len(table)} won" in row


def fake_results(tmp_path: Path, card_sha1: str) -> Path:
    folder = tmp_path / "results"
    folder.mkdir()
    shutil.copy(RESULTS / "comrade_card.json", folder)
    data = json.loads((folder / "comrade_card.json").read_text())
    data["meta"]["card_sha1"] = card_sha1
    (folder / "comrade_card.json").write_text(json.dumps(data))
    (folder / "new_figure.json").write_text(json.dumps({
        "meta": {"command": "python benchmarks/bench_new.py --seed 1", "date": "2026-12-07", "machine": "2 cores",
                 "load_average": 1.0},
        "summary": [{"what": "a new figure", "figure": "7/10 won", "interval": "39.7–89.2 %"}]}))
    return folder


def test_a_result_made_by_older_code_is_named_and_marked(tmp_path, capsys, monkeypatch):
    today = check_results.current_hashes()
    folder = fake_results(tmp_path, "0123456789ab")
    (entry,) = check_results.entries(folder / "comrade_card.json")
    assert check_results.older(entry, today) == [f"card 0123456789ab, today {today['card_sha1']}"]
    found = page.rows(folder)
    card_rows = [r for r in found if r["file"] == "comrade_card.json"]
    assert card_rows and all(r["older"] for r in card_rows)
    assert "**made by older code** (card 0123456789ab" in page.render(found)
    monkeypatch.setattr(check_results, "RESULTS", folder)
    monkeypatch.setattr(check_results, "all_entries", lambda results=folder: [
        e for p in sorted(folder.glob("*.json")) for e in check_results.entries(p)])
    assert check_results.main([]) == 0 and check_results.main(["--strict"]) == 1
    out = capsys.readouterr().out
    assert "older code  comrade_card.json: card 0123456789ab" in out and "replay: python benchmarks/" in out


def test_a_result_made_by_todays_code_is_current_and_a_summary_file_needs_no_extractor(tmp_path):
    folder = fake_results(tmp_path, check_results.current_hashes()["card_sha1"])
    found = page.rows(folder)
    assert all(r["older"] == [] for r in found if r["file"] == "comrade_card.json")
    new = [r for r in found if r["file"] == "new_figure.json"]
    assert new == [{"file": "new_figure.json", "what": "a new figure",
                    "command": "python benchmarks/bench_new.py --seed 1",
                    "figure": "7/10 won", "interval": "39.7–89.2 %", "date": "2026-12-07", "older": None}]
    assert "| a new figure (2026-12-07) | `python benchmarks/bench_new.py --seed 1` | 7/10 won | 39.7–89.2 % |" \
        in page.render(found)


def test_rehash_rewrites_only_the_named_hash_and_says_why(tmp_path, monkeypatch):
    folder = fake_results(tmp_path, "0123456789ab")
    before = json.loads((folder / "comrade_card.json").read_text())
    done = check_results.rehash("card_sha1", "0123456789ab", "nothing changed", folder)
    after = json.loads((folder / "comrade_card.json").read_text())
    assert done == ["comrade_card.json"]
    assert after["meta"]["card_sha1"] == check_results.current_hashes()["card_sha1"]
    note = "card 0123456789ab -> " + after["meta"]["card_sha1"] + ", nothing changed"
    assert after["meta"]["rehashed"].endswith(note)
    assert {k: v for k, v in after.items() if k != "meta"} == {k: v for k, v in before.items() if k != "meta"}
    assert check_results.rehash("card_sha1", "0123456789ab", "again", folder) == []


# -- the documentation shows what the files hold ------------------------------------------------------------


@functools.lru_cache(maxsize=None)
def figures_of_the_page() -> frozenset[str]:
    """Every ``W/G`` count of the page's figures, and the same as ``W of G`` (also with a thousands comma)."""
    out = set()
    for r in page.rows():
        for w, g in re.findall(r"\b(\d+)/(\d+)\b", r["figure"]):
            out |= {f"{w}/{g}", f"{w} of {g}", f"{w} of {int(g):,}"}
    return frozenset(out)


@pytest.mark.parametrize("doc", ["README.md", "docs/README.md", "docs/contributing.md", "docs/command_line.md"])
def test_the_front_pages_do_not_type_the_stored_figures(doc):
    """The README and the docs' front pages point to docs/benchmarks.md instead of typing its figures, so a
    figure cannot be quoted twice and drift.  (Lesson pages quote what a teacher needs; the test below checks
    that what they quote is what the files hold; the dated research notes record what was measured that day.)"""
    text = (ROOT / doc).read_text(encoding="utf-8")
    typed = sorted(f for f in figures_of_the_page() if re.search(rf"(?<![\d.,/]){re.escape(f)}(?![\d/])", text))
    assert not typed, f"{doc} types figures of docs/benchmarks.md: {typed}"


def test_the_convention_card_page_quotes_the_stored_card_figures():
    """The teacher's convention-card page quotes why card tables lose, the rules' count and the card's speed:
    the same as ``comrade_card.json`` and the code (once 19 and 41 were quoted where the file said 18 and 42)."""
    from solvers.comrade_players.convention import RULES

    text = re.sub(r"\s+", " ", (ROOT / "docs" / "lessons" / "comrade_convention_card.md").read_text(encoding="utf-8"))
    data = json.loads((RESULTS / "comrade_card.json").read_text())
    diagnoses = data["diagnoses"]
    for phase in ("bidding", "play"):
        mine = [d for d in diagnoses if d["phase"] == phase]
        rules = Counter("a pass" if d["rule"] in (None, "-") else d["rule"] for d in mine)
        quoted = f"in the {phase} {len(mine)} times (" + ", ".join(f"{r} {n}" for r, n in rules.most_common()) + ")"
        assert quoted in text, quoted
    assert f"in {sum(d['unknown'] for d in diagnoses)} of the {len(diagnoses)} searches" in text
    timing = data["policy_timing"]
    assert f"a median of {timing['play']['median_us']:.0f} µs per position in the play " \
           f"({timing['bidding']['median_us']:.0f} µs in the bidding)" in text
    counts = {int(n) for n in re.findall(r"\b(\d+) (?:public )?rules\b", text)}
    front = (ROOT / "docs" / "README.md").read_text(encoding="utf-8")
    counts |= {int(n) for n in re.findall(r"\b(\d+) (?:public )?rules\b", front)}
    assert counts == {len(RULES)}, counts


def test_rehash_keeps_a_studys_summary_rows(tmp_path):
    """Rehashing the held-out study (a study with ``summary`` rows) rewrites its hash and keeps its rows and records."""
    folder = tmp_path / "results"
    folder.mkdir()
    shutil.copy(RESULTS / "comrade_heldout.json", folder)
    data = json.loads((folder / "comrade_heldout.json").read_text())
    data["meta"]["kinds"]["best"]["search_sha1"] = "0123456789ab"
    (folder / "comrade_heldout.json").write_text(json.dumps(data))
    assert check_results.rehash("search_sha1", "0123456789ab", "same games", folder) == ["comrade_heldout.json best"]
    after = json.loads((folder / "comrade_heldout.json").read_text())
    assert after["summary"] == data["summary"] and after["records"] == data["records"]
    assert after["meta"]["kinds"]["best"]["search_sha1"] == check_results.current_hashes()["search_sha1"]


def test_a_raw_code_hash_is_checked_as_its_code_hash_of_says(tmp_path):
    """The shape a benchmark may use instead of a key of CODE: ``code_hash`` and ``code_hash_of``."""
    import hashlib

    today = check_results.current_hashes()
    of = "sha256 of tools/{check_results,benchmarks_page}.py (first 16 hex)"
    digest = hashlib.sha256((ROOT / "tools" / "check_results.py").read_bytes()
                            + (ROOT / "tools" / "benchmarks_page.py").read_bytes()).hexdigest()[:16]
    for stored, older in ((digest, []), ("0" * 16, [f"code_hash {'0' * 16}, today {digest}"])):
        path = tmp_path / "x.json"
        path.write_text(json.dumps({"meta": {"command": "python benchmarks/bench_x.py", "code_hash": stored,
                                             "code_hash_of": of}, "summary": []}))
        (entry,) = check_results.entries(path)
        assert check_results.older(entry, today) == older
    (entry,) = check_results.entries(path)
    unknown = check_results.Entry("x.json", "", {"code_hash": "ab", "code_hash_of": "the players"})
    assert "unknown code" in check_results.older(unknown, today)[0]
