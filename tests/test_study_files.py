"""Study files (``solvers.studies.comrade_tables.save`` / ``load``) against hostile content and a full disk.

``load`` checks the whole file and refuses anything ``save`` does not write with ``StudyFileError`` (a
``ValueError`` of the package's family) naming the file and the fault; ``bench_comrade_silence.py
--merge --resume`` says it in one line with status 2 and never rewrites the file; ``save`` replaces a
file whole or not at all, so a size limit (a full disk) leaves the previous study loadable.  A property
test feeds ``load`` arbitrary bytes, arbitrary JSON and single-field mutations of a real study.
"""

from __future__ import annotations

import copy
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgames.errors import GameError
from solvers.studies.comrade_tables import BEST, GameRecord, StudyFileError, load, save

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "benchmarks" / "bench_comrade_silence.py"


def records(deals: int = 3, kinds=("perfect", "random", "heuristic")) -> list[GameRecord]:
    out = []
    for s in range(deals):
        for k in kinds:
            result = "win" if k == "perfect" else ("win" if s == 1 else "loss")
            out.append(GameRecord(s, k, result, None if result == "win" else "play lost: trick 3",
                                  ("S1", "pass", "H2", "SA"), 0.25 + s))
    return out


def valid_study() -> tuple[dict, list[GameRecord]]:
    meta = {"kinds": {k: {"command": f"python bench --kind {k}:3", "asked": 3, "deals": 3, "wall_seconds": 1,
                          "load_average": 0.5, "workers": 1} for k in ("perfect", "random", "heuristic")},
            "players": 4, "python": "3.11.7", "samples": 10}
    return meta, records()


def study_dict() -> dict:
    """A valid study as the JSON object save writes."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "study.json"
        save(valid_study()[1], path, valid_study()[0])
        return json.loads(path.read_text(encoding="utf-8"))


BASE = study_dict()


def mutated(change) -> dict:
    data = copy.deepcopy(BASE)
    change(data)
    return data


def _set(path, value):
    def change(data):
        node = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
    return change


# -- every malformed file is a StudyFileError naming the file ---------------------------------------------

RAW = {
    "empty": b"",
    "blanks": b"  \n\t\n",
    "not JSON": b"{\"meta\": ",
    "invalid UTF-8": b"{\"meta\": {}, \"records\": [\xff]}",
    "Latin-1": "{\"meta\": {\"python\": \"caf\u00e9\"}, \"records\": []}".encode("latin-1"),
    "deep nesting": b"[" * 100_000 + b"]" * 100_000,
    "deep nesting in a record": b"{\"meta\": {}, \"records\": [" + b"[" * 50_000 + b"]" * 50_000 + b"]}",
    "a 5000-digit number": b"{\"meta\": {}, \"records\": [" + b"7" * 5000 + b"]}",
    "NaN": b"{\"meta\": {\"samples\": NaN}, \"records\": []}",
    "Infinity seconds": b"{\"meta\": {}, \"records\": [{\"seed\": 0, \"kind\": \"random\", \"result\": \"loss\", "
                        b"\"reason\": null, \"actions\": \"\", \"seconds\": Infinity}]}",
    "null": b"null",
    "a list": b"[]",
    "a string": b"\"study\"",
    "no records": b"{\"meta\": {}}",
    "NUL bytes": b"\x00" * 100,
}

MUTATIONS = {
    "seed 'zero'": _set(("records", 0, "seed"), "zero"),
    "seed null": _set(("records", 0, "seed"), None),
    "seed 0.5": _set(("records", 0, "seed"), 0.5),
    "seed 10**400": _set(("records", 0, "seed"), 10 ** 400),
    "seed -1": _set(("records", 0, "seed"), -1),
    "seed true": _set(("records", 0, "seed"), True),
    "result 42": _set(("records", 0, "result"), 42),
    "result 'draw'": _set(("records", 1, "result"), "draw"),
    "a table's result 'no_win'": _set(("records", 1, "result"), "no_win"),
    "records {}": _set(("records",), {}),
    "records 5": _set(("records",), 5),
    "a record that is a list": _set(("records", 0), [0, "random"]),
    "a record without a kind": lambda d: d["records"][0].pop("kind"),
    "kind 'psychic'": _set(("records", 0, "kind"), "psychic"),
    "kind 3": _set(("records", 0, "kind"), 3),
    "reason 3": _set(("records", 0, "reason"), 3),
    "actions 5": _set(("records", 0, "actions"), 5),
    "actions [1]": _set(("records", 0, "actions"), [1]),
    "seconds 'x'": _set(("records", 0, "seconds"), "x"),
    "seconds -1": _set(("records", 0, "seconds"), -1),
    "a deal stored twice": lambda d: d["records"].append(dict(d["records"][1])),
    "meta []": _set(("meta",), []),
    "meta kinds []": _set(("meta", "kinds"), []),
    "a kinds entry that is not an object": _set(("meta", "kinds", "random"), 3),
    "a kinds entry without deals": lambda d: d["meta"]["kinds"]["random"].pop("deals"),
    "deals '3'": _set(("meta", "kinds", "random", "deals"), "3"),
    "deals -3": _set(("meta", "kinds", "random", "deals"), -3),
    "meta claims more deals than stored": _set(("meta", "kinds", "random", "deals"), 4),
    "meta claims deals of a kind not stored": _set(("meta", "kinds", "card"), {"deals": 3}),
    "records of one kind replaced by another": lambda d: [r.update(kind="random", seed=10 + i)
                                                          for i, r in enumerate(d["records"])
                                                          if r["kind"] == "heuristic"],
    "same_as naming a kind not stored": _set(("meta", "kinds", "best"), {"deals": 3, "same_as": BEST}),
    "same_as naming itself": _set(("meta", "kinds", "best"), {"deals": 3, "same_as": "best"}),
    "same_as claiming more deals than its source": _set(("meta", "kinds", "best"),
                                                        {"deals": 5, "same_as": "random"}),
    "wall_seconds 'long'": _set(("meta", "kinds", "random", "wall_seconds"), "long"),
    "command 7": _set(("meta", "kinds", "random", "command"), 7),
    "players 5": _set(("meta", "players"), 5),
    "samples 'ten'": _set(("meta", "samples"), "ten"),
    "unknown kind in meta": _set(("meta", "kinds", "psychic"), {"deals": 0}),
    "parts that are a list": _set(("meta", "parts"), ["mixed.json"]),
    "a part outside the folder": _set(("meta", "parts"), {"../mixed.json": ["mixed:"]}),
    "a part that is missing": _set(("meta", "parts"), {"mixed.json": ["mixed:"]}),
    "a part named with a NUL byte": _set(("meta", "parts"), {"mi\x00xed.json": ["mixed:"]}),
}


def _write(folder: Path, content) -> Path:
    path = folder / "study.json"
    path.write_bytes(content if isinstance(content, bytes) else json.dumps(content).encode())
    return path


def _refused(path: Path) -> StudyFileError:
    before = path.read_bytes() if path.is_file() else None
    with pytest.raises(StudyFileError) as err:
        load(path)
    assert isinstance(err.value, ValueError) and isinstance(err.value, GameError)
    message = str(err.value)
    assert message.startswith(f"{path}: ") and "\n" not in message and len(message) < 400, message
    if before is not None:
        assert path.read_bytes() == before
    return err.value


def test_the_valid_study_loads():
    with tempfile.TemporaryDirectory() as folder:
        meta, recs = valid_study()
        path = _write(Path(folder), BASE)
        assert load(path) == (meta, recs)


@pytest.mark.parametrize("name", RAW)
def test_a_file_that_is_not_a_study_is_refused_by_name(tmp_path, name):
    _refused(_write(tmp_path, RAW[name]))


@pytest.mark.parametrize("name", MUTATIONS)
def test_content_that_save_does_not_write_is_refused(tmp_path, name):
    data = mutated(MUTATIONS[name])
    _refused(_write(tmp_path, data))


def test_a_folder_and_a_missing_file_are_refused(tmp_path):
    (tmp_path / "study.json").mkdir()
    assert "folder" in str(_refused(tmp_path / "study.json"))
    assert "no such file" in str(_refused(tmp_path / "other.json"))


def test_an_unreadable_file_is_refused(tmp_path):
    if os.geteuid() == 0:
        pytest.skip("root reads any file")
    path = _write(tmp_path, BASE)
    path.chmod(0)
    try:
        _refused(path)
    finally:
        path.chmod(0o644)


def test_the_messages_say_what_is_wrong(tmp_path):
    cases = {"empty": (RAW["empty"], "empty"), "utf8": (RAW["invalid UTF-8"], "not UTF-8 text (byte 0xff"),
             "zero": (mutated(MUTATIONS["seed 'zero'"]), "seed must be a deal number 0..999999999, not 'zero'"),
             "42": (mutated(MUTATIONS["result 42"]), "not 42"),
             "claims": (mutated(MUTATIONS["meta claims more deals than stored"]),
                        "meta says 4 random deal(s) are stored, but the file holds 3"),
             "same_as": (mutated(MUTATIONS["same_as naming a kind not stored"]),
                         "repeats 'card+inference+search', which is not a kind stored"),
             "deep": (RAW["deep nesting"], "nests lists or objects too deeply")}
    for name, (content, needle) in cases.items():
        assert needle in str(_refused(_write(tmp_path, content))), name


def test_parts_must_hold_their_kinds_and_name_their_study(tmp_path):
    meta, recs = valid_study()
    recs += [GameRecord(s, "mixed:card", "loss", "x", ("S1",), 0.1) for s in range(3)]
    meta = dict(meta, kinds=dict(meta["kinds"], **{"mixed:card": {"deals": 3}}), parts={"mixed.json": ["mixed:"]})
    path = tmp_path / "study.json"
    save(recs, path, meta)
    main, part = json.loads(path.read_text()), json.loads((tmp_path / "mixed.json").read_text())
    cases = {"stored in the study itself": (dict(main, records=main["records"] + part["records"][:1]), part),
             "holds a random game": (main, dict(part, records=part["records"] + main["records"][1:2])),
             "says it belongs to 'other.json'": (main, dict(part, part_of="other.json")),
             "must be a JSON object": (main, part["records"])}
    for needle, (study, its_part) in cases.items():
        path.write_text(json.dumps(study))
        (tmp_path / "mixed.json").write_text(json.dumps(its_part))
        assert needle in str(_refused(path)), needle


def test_save_refuses_what_load_would_refuse_and_writes_nothing(tmp_path):
    meta, recs = valid_study()
    path = tmp_path / "study.json"
    for bad_meta in (dict(meta, kinds=dict(meta["kinds"], random={"deals": 5})), dict(meta, players="four")):
        with pytest.raises(StudyFileError):
            save(recs, path, bad_meta)
    with pytest.raises(StudyFileError, match="seed"):
        save([GameRecord(-1, "random", "loss", None, (), 0.0)], path)
    assert not path.exists() and list(tmp_path.iterdir()) == []


# -- the command line: one line, status 2, the file untouched ------------------------------------------

def load_bench():
    spec = importlib.util.spec_from_file_location("bench_comrade_silence_hostile", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def bench():
    return load_bench()


@pytest.mark.parametrize("name", ["empty", "invalid UTF-8", "deep nesting", "seed 'zero'", "seed null", "seed 0.5",
                                  "seed 10**400", "result 42", "records {}", "a kinds entry that is not an object",
                                  "same_as naming a kind not stored", "meta claims deals of a kind not stored",
                                  "records of one kind replaced by another", "a part that is missing"])
def test_resume_refuses_a_malformed_study_in_one_line_and_leaves_it(tmp_path, capsys, monkeypatch, bench, name):
    content = RAW[name] if name in RAW else mutated(MUTATIONS[name])
    path = _write(tmp_path, content)
    before = path.read_bytes()
    monkeypatch.setattr("sys.argv", ["bench_comrade_silence.py", "--kind", "random:4", "--merge", "--resume",
                                     "--out", str(path)])
    with pytest.raises(SystemExit) as stop:
        bench.main()
    err = capsys.readouterr().err.strip()
    assert stop.value.code == 2
    assert err.startswith("bench_comrade_silence.py: ") and len(err.splitlines()) == 1 and str(path) in err, err
    assert path.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["study.json"]


def test_resume_still_plays_on_from_a_valid_study(tmp_path, capsys, monkeypatch, bench):
    path = _write(tmp_path, BASE)
    monkeypatch.setattr("sys.argv", ["bench_comrade_silence.py", "--kind", "random:5", "--merge", "--resume",
                                     "--out", str(path), "--minutes", "0"])
    bench.main()
    meta, recs = load(path)
    assert sorted(r.seed for r in recs if r.kind == "random") == list(range(5))
    assert meta["kinds"]["random"]["deals"] == 5 and meta["kinds"]["heuristic"] == BASE["meta"]["kinds"]["heuristic"]
    assert meta["kinds"]["random"]["command"].startswith("python bench --kind random:3 ; then ")


def test_a_store_of_the_deals_so_far_while_the_repeated_kind_is_played_again_loads(tmp_path, bench):
    """While the table that "best" repeats is played again, a store of the deals so far (``--save-every``)
    holds fewer of its games than "best" claimed: the store says what it holds, with today's provenance,
    and loads (it used to be refused, and the run stopped: 10 minutes of play lost)."""
    path = tmp_path / "study.json"
    old = [GameRecord(s, bench.BEST, "win", "", ("S1",), 1.0) for s in range(5)]
    meta = {"kinds": {bench.BEST: {"deals": 5, "card_sha1": "old"},
                      "best": {"same_as": bench.BEST, "deals": 5, "card_sha1": "old"}}}
    bench.write(path, old, meta, players=4)
    assert sum(r.kind == "best" for r in load(path)[1]) == 5
    so_far = [GameRecord(s, bench.BEST, "loss", "play lost", ("S2",), 1.0) for s in range(3)]
    meta["kinds"][bench.BEST] = {"deals": 3, "card_sha1": "new"}
    bench.write(path, so_far, meta, players=4)
    stored, recs = load(path)
    assert stored["kinds"]["best"] == {"deals": 3, "card_sha1": "new", "same_as": bench.BEST}
    assert [(r.seed, r.result) for r in recs if r.kind == "best"] == [(0, "loss"), (1, "loss"), (2, "loss")]


# -- a full disk: the previous file stays whole --------------------------------------------------------

LIMITED = textwrap.dedent("""
    import json, resource, signal, sys
    from solvers.studies.comrade_tables import GameRecord, save
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)      # a write past the limit fails with EFBIG
    path, limit, parts = sys.argv[1], int(sys.argv[2]), json.loads(sys.argv[3])
    recs = [GameRecord(s, "random", "loss", "x", ("S1",), 0.1) for s in range(3)]
    recs += [GameRecord(s, "mixed:random", "loss", "play lost: trick 3", ("S1", "pass") * 40, 1.5)
             for s in range(200)]     # with a part: the study itself is written, its part is not
    meta = {"kinds": {"random": {"deals": 3}, "mixed:random": {"deals": 200}}, "parts": parts}
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    try:
        save(recs, path, meta)
    except OSError as e:
        print("OSError", e.errno)
        sys.exit(3)
""")


@pytest.mark.skipif(sys.platform == "win32", reason="RLIMIT_FSIZE is POSIX")
@pytest.mark.parametrize("parts", [{}, {"mixed.json": ["mixed:"]}], ids=["one file", "with a part"])
def test_a_write_that_hits_a_size_limit_leaves_the_previous_study_whole(tmp_path, parts):
    meta, recs = valid_study()
    recs += [GameRecord(s, "mixed:random", "loss", "x", ("S1",), 0.1) for s in range(3)]
    meta = dict(meta, kinds=dict(meta["kinds"], **{"mixed:random": {"deals": 3}}), parts=parts)
    path = tmp_path / "study.json"
    save(recs, path, meta)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    limit = 8192
    assert all(len(b) < limit for b in before.values())
    run = subprocess.run([sys.executable, "-B", "-c", LIMITED, str(path), str(limit), json.dumps(parts)],
                         cwd=ROOT, capture_output=True, timeout=120)
    assert run.returncode == 3 and b"OSError" in run.stdout, run.stderr.decode()
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before   # no temporary file left either
    assert load(path) == (meta, sorted(recs, key=lambda r: r.seed) if parts else recs)


@pytest.mark.skipif(sys.platform == "win32", reason="RLIMIT_FSIZE is POSIX")
def test_the_bench_says_a_failed_write_in_one_line_and_keeps_the_study(tmp_path):
    import resource

    path = _write(tmp_path, BASE)
    before = path.read_bytes()
    limit = 4096
    assert len(before) < limit

    def limited():
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    run = subprocess.run([sys.executable, "-B", str(BENCH), "--kind", "random:40", "--merge", "--resume",
                          "--minutes", "0", "--out", str(path)], cwd=ROOT, capture_output=True, timeout=300,
                         preexec_fn=limited, env=dict(os.environ, PYTHONDONTWRITEBYTECODE="1"))
    err = run.stderr.decode()
    assert run.returncode == 2, err
    lines = [line for line in err.splitlines() if "bench_comrade_silence.py:" in line]
    assert len(lines) == 1 and "could not write" in lines[0] and "left as it was" in lines[0], err
    assert "Traceback" not in err
    assert path.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["study.json"]


# -- anything goes in: only StudyFileError comes out, and the file is left as it was ----------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=20)
FIELDS = [("records", 0, "seed"), ("records", 0, "kind"), ("records", 0, "result"), ("records", 0, "reason"),
          ("records", 0, "actions"), ("records", 0, "seconds"), ("records", 2), ("records",), ("meta",),
          ("meta", "kinds"), ("meta", "kinds", "random"), ("meta", "kinds", "random", "deals"),
          ("meta", "kinds", "random", "same_as"), ("meta", "kinds", "best"), ("meta", "parts"), ("meta", "players")]
QUICK = settings(max_examples=60, deadline=2000, suppress_health_check=[HealthCheck.too_slow])


def _load_or_refuse(content) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = _write(Path(folder), content)
        before = path.read_bytes()
        try:
            meta, recs = load(path)
        except StudyFileError as e:
            assert str(e).startswith(f"{path}: ")
        else:
            assert isinstance(meta, dict) and all(isinstance(r, GameRecord) for r in recs)
        assert path.read_bytes() == before and [p.name for p in Path(folder).iterdir()] == ["study.json"]


@QUICK
@given(st.binary(max_size=200))
def test_any_bytes_load_or_are_refused(data):
    _load_or_refuse(data)


@QUICK
@given(json_values)
def test_any_json_loads_or_is_refused(value):
    _load_or_refuse(value)


@QUICK
@given(st.sampled_from(FIELDS), json_values)
def test_a_study_with_any_field_changed_loads_or_is_refused(field, value):
    _load_or_refuse(mutated(_set(field, value)))


# -- a study of a range of deals (the held-out deals): first, and the summary rows -------------------------


def ranged_study() -> tuple[dict, list[GameRecord], list[dict]]:
    """A study of deals 100000 .. 100002 (``meta["kinds"][kind]["first"]``) with its top-level summary rows."""
    meta = {"kinds": {k: {"command": f"python bench --kind {k}:100000-100002", "asked": 3, "deals": 3,
                          "first": 100_000} for k in ("perfect", "random")}, "players": 4}
    recs = [GameRecord(r.seed + 100_000, r.kind, r.result, r.reason, r.actions, r.seconds)
            for r in records(kinds=("perfect", "random"))]
    rows = [{"what": "random table, deals 100000–100002", "figure": "1/3 won", "interval": "6.1–79.2 %",
             "kind": "random"}]
    return meta, recs, rows


def ranged_dict() -> dict:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "study.json"
        meta, recs, rows = ranged_study()
        save(recs, path, meta, summary=rows)
        return json.loads(path.read_text(encoding="utf-8"))


RANGED = ranged_dict()

RANGE_MUTATIONS = {
    "first -1": _set(("meta", "kinds", "random", "first"), -1),
    "first '100000'": _set(("meta", "kinds", "random", "first"), "100000"),
    "first 10**9": _set(("meta", "kinds", "random", "first"), 10 ** 9),
    "first true": _set(("meta", "kinds", "random", "first"), True),
    "a range past the last deal number": lambda d: d["meta"]["kinds"]["random"].update(first=10 ** 9 - 2),
    "a record before the range": lambda d: d["meta"]["kinds"]["random"].update(first=100_001),
    "a record after the range": _set(("records", 5, "seed"), 100_007),
    "summary {}": _set(("summary",), {}),
    "summary row a text": _set(("summary", 0), "50 %"),
    "summary row without figure": lambda d: d["summary"][0].pop("figure"),
    "summary row with an unknown field": lambda d: d["summary"][0].update(note="x"),
    "summary figure 3": _set(("summary", 0, "figure"), 3),
    "summary interval blank": _set(("summary", 0, "interval"), " "),
    "summary row of a kind not played": _set(("summary", 0, "kind"), "card"),
}


def test_a_study_of_a_range_of_deals_loads_with_its_summary(tmp_path):
    meta, recs, rows = ranged_study()
    path = tmp_path / "study.json"
    save(recs, path, meta, summary=rows)
    got_meta, got = load(path)
    assert got == recs and got_meta == meta
    assert json.loads(path.read_text())["summary"] == rows
    assert list(json.loads(path.read_text())) == ["meta", "summary", "records"]


@pytest.mark.parametrize("name", sorted(RANGE_MUTATIONS))
def test_a_range_study_that_save_does_not_write_is_refused(tmp_path, name):
    data = copy.deepcopy(RANGED)
    RANGE_MUTATIONS[name](data)
    _refused(_write(tmp_path, data))


def test_save_refuses_a_bad_summary_and_writes_nothing(tmp_path):
    meta, recs, rows = ranged_study()
    path = tmp_path / "study.json"
    with pytest.raises(StudyFileError, match=r"study\.json: summary row 1 must be an object"):
        save(recs, path, meta, summary=[{"what": "x"}])
    with pytest.raises(StudyFileError, match=r"study\.json: meta says the random games are deals 100001 \.\. 100003, "
                                             r"but the file holds deal 100000"):
        save(recs, path, dict(meta, kinds=dict(meta["kinds"], random=dict(meta["kinds"]["random"], first=100_001))))
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("arg, says", [
    ("best:5-3", "'best:5-3': the range 5-3 is empty"),
    ("best:5-", "write KIND:N (deals 0 .. N-1"),
    ("best:-5", "write KIND:N (deals 0 .. N-1"),
    ("best:1-2-3", "write KIND:N (deals 0 .. N-1"),
    ("best:100000-1000000000", "deal numbers go up to 999999999"),
    ("psychic:1-2", "unknown kind 'psychic'"),
    ("best:\u0661-\u0662", "write KIND:N (deals 0 .. N-1"),
])
def test_a_bad_range_of_deals_is_refused_in_one_line(tmp_path, capsys, monkeypatch, bench, arg, says):
    monkeypatch.setattr("sys.argv", ["bench_comrade_silence.py", "--kind", arg, "--out", str(tmp_path / "s.json")])
    with pytest.raises(SystemExit) as stop:
        bench.main()
    err = capsys.readouterr().err.strip()
    assert stop.value.code == 2 and len(err.splitlines()) == 1, err
    assert err.startswith("bench_comrade_silence.py: argument --kind: ") and says in err, err
    assert list(tmp_path.iterdir()) == []


def test_the_old_and_the_new_form_of_kind_name_their_deals(bench):
    assert bench.parse_kind("card:1000") == ("card", 0, 1000)
    assert bench.parse_kind("mixed:card:20") == ("mixed:card", 0, 20)
    assert bench.parse_kind("best:100000-100999") == ("best", 100_000, 101_000)
    assert bench.parse_kind("random:7-7") == ("random", 7, 8)
    assert bench.deals_label(100_000, 101_000) == "held-out deals 100000–100999"
    assert bench.deals_label(100_000, 100_010) == "deals 100000–100009"
    assert bench.deals_label(100_000, 100_300, players=3) == "held-out deals 100000–100299"
    assert bench.deals_label(100_000, 101_000, players=3) == "deals 100000–100999"


def run_bench(monkeypatch, bench, *args):
    monkeypatch.setattr("sys.argv", ["bench_comrade_silence.py", *map(str, args)])
    bench.main()


def test_a_range_is_played_stored_with_its_summary_and_resumed(tmp_path, capsys, monkeypatch, bench):
    """``--kind random:100000-100005`` plays those deals; a resume plays on from the deals stored; the
    summary rows count what the records hold; a resume on another range is refused in one line."""
    path = tmp_path / "held.json"
    run_bench(monkeypatch, bench, "--kind", "random:100000-100002", "--kind", "heuristic:100000-100001",
              "--minutes", "0", "--out", path)
    meta, recs = load(path)
    assert sorted(r.seed for r in recs if r.kind == "random") == [100_000, 100_001, 100_002]
    assert meta["kinds"]["random"]["first"] == 100_000 and meta["kinds"]["random"]["asked"] == 3
    run_bench(monkeypatch, bench, "--kind", "random:100000-100005", "--minutes", "0", "--merge", "--resume",
              "--out", path)
    meta, recs = load(path)
    random_games = [r for r in recs if r.kind == "random"]
    assert [r.seed for r in random_games] == list(range(100_000, 100_006))
    assert meta["kinds"]["random"]["command"].count("--kind random:100000-1000") == 2
    from solvers.studies.comrade_tables import play_deal

    again = play_deal(100_004, "random")      # the resumed deal is the one its number names
    assert (random_games[4].result, random_games[4].actions) == (again.result, again.actions)
    rows = json.loads(path.read_text())["summary"]
    wins = sum(r.result == "win" for r in random_games)
    row = next(r for r in rows if r["kind"] == "random")
    assert row["what"].startswith("Comrade silent table, 4 players, deals 100000–100005 (all 6 played)")
    assert row["figure"].startswith(f"{wins}/6 won")
    capsys.readouterr()
    before = path.read_bytes()
    with pytest.raises(SystemExit) as stop:
        run_bench(monkeypatch, bench, "--kind", "random:200000-200005", "--merge", "--resume", "--out", path)
    err = capsys.readouterr().err.strip()
    assert stop.value.code == 2 and len(err.splitlines()) == 1 and "start at deal 100000, not 200000" in err, err
    assert path.read_bytes() == before


def test_a_study_of_deals_from_zero_gets_no_summary_and_no_first(tmp_path, monkeypatch, bench):
    path = tmp_path / "s.json"
    run_bench(monkeypatch, bench, "--kind", "random:3", "--minutes", "0", "--out", path)
    data = json.loads(path.read_text())
    assert "summary" not in data and "first" not in data["meta"]["kinds"]["random"]


def test_a_stopped_run_stores_the_deals_played_and_says_how_to_play_on(tmp_path, capsys, monkeypatch, bench):
    """``kill PID`` (SIGTERM) during a run: the deals being played are finished and stored, the run ends
    normally and says how to resume; with ``--save-every`` the deals so far are stored during the run."""
    import signal

    path = tmp_path / "held.json"
    real = bench.run_tasks
    calls = []

    def run_then_stop(*args, **kwargs):
        out = real(*args, **kwargs)
        calls.append(len(out))
        if len(calls) == 2:
            os.kill(os.getpid(), signal.SIGTERM)
        return out

    monkeypatch.setattr(bench, "run_tasks", run_then_stop)
    old = signal.getsignal(signal.SIGTERM)
    try:
        run_bench(monkeypatch, bench, "--kind", "random:100000-100099", "--kind", "heuristic:100000-100009",
                  "--minutes", "0", "--out", path)
    finally:
        signal.signal(signal.SIGTERM, old)
    meta, recs = load(path)
    assert [r.seed for r in recs] == [100_000, 100_001, 100_002, 100_003]      # two batches of two
    assert meta["kinds"]["random"]["deals"] == 4 and "heuristic" not in meta["kinds"]
    assert "random:100000-100099" in meta["kinds"]["random"]["command"]
    err = capsys.readouterr().err
    assert ("stopped: 4 of the deals 100000 .. 100099 of random are done; "
            f"play on with --merge --resume --out {path}") in err
    assert json.loads(path.read_text())["summary"][0]["what"].startswith(
        "Comrade silent table, 4 players, deals 100000–100099 (4 of the 100 played)")


def test_a_run_stores_its_deals_as_it_goes(tmp_path, monkeypatch, bench):
    """With ``--save-every`` the study is stored between batches: a run that dies keeps what it played."""
    path = tmp_path / "held.json"
    real = bench.run_tasks
    calls = []

    def run_then_die(*args, **kwargs):
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(bench, "run_tasks", run_then_die)
    with pytest.raises(KeyboardInterrupt):
        run_bench(monkeypatch, bench, "--kind", "random:100000-100099", "--minutes", "0", "--save-every", "0.000001",
                  "--out", path)
    meta, recs = load(path)
    assert [r.seed for r in recs] == [100_000, 100_001, 100_002, 100_003]
    assert meta["kinds"]["random"]["deals"] == 4 and meta["kinds"]["random"]["asked"] == 100
