"""Which stored results in ``benchmarks/results/`` were made by older code (``make check-results``).

Every stored result carries its provenance: the command that made it, the date, the machine, the load
average (``None`` where it was not recorded) and the hashes of the code it depends on (``card_sha1``,
``search_sha1``, ...; see :data:`CODE`).  A hash is the first 12 hex digits of the SHA-1 of the code
without its docstrings, comments and blank lines (:func:`solvers.studies.comrade_tables.code_text`), so mending a
docstring leaves a result current and any other change of that code does not.

This tool compares each stored hash with today's and lists the results made by older code.  It does not
replay anything: replaying a study is a deliberate step, done with the command stored beside it when a
figure is to be quoted (``docs/contributing.md``).  ``docs/benchmarks.md`` marks the same rows.

    python tools/check_results.py            # one line per stored result, exit status 0
    python tools/check_results.py --strict   # exit status 1 when a result was made by older code
    python tools/check_results.py --rehash card_sha1 --old 37946bae5bed --because "what was replayed"

``--rehash`` is for a change that provably leaves the play as it was (dead code removed, a rename): it writes
today's hash over ``--old`` in every entry that stores it, and appends ``--because`` (what was replayed to
show the games are the same) to the entry's ``rehashed`` note.  The records are not touched.

A result file is one of three shapes, and :func:`entries` reads each: a study (``meta["kinds"]``, one entry
per kind of table: ``comrade_silence.json``, ``comrade_silence_3p.json``, and ``comrade_heldout.json``, the
strongest table on the held-out deals 100000-100999, whose command plays on from the deals stored, and
``comrade_heldout_3p.json``, three players on 100000-100299), a file
of tables (``tables``, one entry per table, each with its ``command``), or any other file with one ``meta``
dict for the whole file.  A part of a study (``part_of``) has no entry of its own.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from solvers.studies.comrade_tables import code_text  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results"

#: What each stored hash names: the files whose code it hashes (paths from the repository's root).
CODE: dict[str, tuple[str, ...]] = {
    "card_sha1": ("solvers/comrade_players/convention.py",),
    "search_sha1": ("solvers/comrade_players/cardsearch.py", "solvers/comrade_players/inference.py"),
    "beliefs_sha1": ("solvers/krypkille_endgame/calibration.py", "solvers/krypkille_endgame/beliefs.py",
                     "solvers/krypkille_endgame/policy.py"),
}

#: The provenance every entry carries besides its code hashes (the load as ``load_average``, or ``load``).
PROVENANCE = ("command", "date", "machine", "load_average")

#: A file may also store ``code_hash`` with ``code_hash_of`` saying how it was made, in this form:
#: ``"sha256 of cardgames/heart_challenge/{bluffing,players,odds}.py (first 16 hex)"`` (the files' bytes).
RAW_HASH = re.compile(r"(sha1|sha256) of (\S+) \(first (\d+) hex\)")


@dataclass(frozen=True)
class Entry:
    """One stored result: its file, its name in the file (a kind of table, a table, or ``""`` for the
    whole file) and its provenance dict."""

    file: str
    name: str
    provenance: dict

    @property
    def hashes(self) -> dict[str, str]:
        return {k: v for k, v in self.provenance.items() if k.endswith("_sha1") or k == "code_hash"}


def raw_hash(spec: str, root: Path = ROOT) -> str | None:
    """Today's hash as ``spec`` (a ``code_hash_of`` text, :data:`RAW_HASH`) describes it; ``None`` when the
    text is not in that form or names a file that is gone.

    >>> raw_hash("sha256 of tools/{check_results}.py (first 8 hex)") == raw_hash(
    ...     "sha256 of tools/check_results.py (first 8 hex)")
    True
    """
    match = RAW_HASH.fullmatch(str(spec).strip())
    if not match:
        return None
    algorithm, pattern, digits = match.group(1), match.group(2), int(match.group(3))
    braces = re.search(r"\{([^{}]*)\}", pattern)
    paths = ([pattern[:braces.start()] + part + pattern[braces.end():] for part in braces.group(1).split(",")]
             if braces else [pattern])
    digest = hashlib.new(algorithm)
    for path in paths:
        if not (root / path).is_file():
            return None
        digest.update((root / path).read_bytes())
    return digest.hexdigest()[:digits]


def today_hash(entry: Entry, key: str, today: dict[str, str]) -> str | None:
    """Today's value of ``entry``'s stored hash ``key``; ``None`` when this tool cannot tell which code it names."""
    if key == "code_hash":
        return raw_hash(entry.provenance.get("code_hash_of", ""))
    return today.get(key)


def code_hash(key: str, root: Path = ROOT) -> str:
    """Today's hash for ``key`` (a key of :data:`CODE`).

    >>> len(code_hash("card_sha1")) == 12 and code_hash("card_sha1") != code_hash("search_sha1")
    True
    """
    text = "".join(code_text((root / name).read_text(encoding="utf-8")) for name in CODE[key])
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:12]


def current_hashes(root: Path = ROOT) -> dict[str, str]:
    """Today's hash of every key of :data:`CODE`."""
    return {key: code_hash(key, root) for key in CODE}


def entries(path: Path) -> list[Entry]:
    """The stored results of one file, each with its provenance (see the module docstring)."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    name = Path(path).name
    if "part_of" in data:
        return []
    meta = data.get("meta", {})
    if "kinds" in meta:
        return [Entry(name, kind, dict(meta["kinds"][entry["same_as"]], **entry) if "same_as" in entry else entry)
                for kind, entry in meta["kinds"].items()]
    if isinstance(data.get("tables"), dict) and all("command" in t for t in data["tables"].values()):
        return [Entry(name, table, entry) for table, entry in data["tables"].items()]
    return [Entry(name, "", meta)]


def all_entries(results: Path = RESULTS) -> list[Entry]:
    return [e for path in sorted(results.glob("*.json")) for e in entries(path)]


def older(entry: Entry, today: dict[str, str]) -> list[str]:
    """What of ``entry``'s code has changed since it was made: ``["card 37946bae5bed, today bc2ead4046db"]``;
    an empty list when it was made by today's code.  A hash key this tool does not know is reported too."""
    out = []
    for key, stored in sorted(entry.hashes.items()):
        now = today_hash(entry, key, today)
        if now is None:
            out.append(f"{key} {stored}: unknown code (add it to CODE in tools/check_results.py, or say "
                       f"code_hash_of)")
        elif stored != now:
            out.append(f"{key.removesuffix('_sha1')} {stored}, today {now}")
    return out


def rehash(key: str, old: str, because: str, results: Path = RESULTS) -> list[str]:
    """Write today's ``key`` hash over ``old`` in every stored entry (see the module docstring); the entries
    rewritten, as ``"file name"``."""
    from datetime import date

    from solvers.studies.comrade_tables import load, save

    new = code_hash(key)
    note = f"{date.today().isoformat()}: {key.removesuffix('_sha1')} {old} -> {new}, {because}"
    done = []

    def mend(name: str, entry: dict, label: str) -> None:
        if entry.get(key) == old and "same_as" not in entry:
            entry[key] = new
            entry["rehashed"] = f"{entry['rehashed']}; {note}" if entry.get("rehashed") else note
            done.append(f"{name} {label}".strip())

    for path in sorted(results.glob("*.json")):
        text = path.read_text(encoding="utf-8")
        data = json.loads(text)
        if "part_of" in data:
            continue
        meta = data.get("meta", {})
        if "kinds" in meta:
            meta, records = load(path)
            before = len(done)
            for kind, entry in meta["kinds"].items():
                mend(path.name, entry, kind)
            for entry in meta["kinds"].values():             # a kind that repeats another keeps its copy
                if "same_as" in entry and entry.get(key) == old:
                    entry[key], entry["rehashed"] = new, meta["kinds"][entry["same_as"]]["rehashed"]
            if len(done) > before:
                save(records, path, meta, data.get("summary"))      # a study's summary rows stay
            continue
        before = len(done)
        if isinstance(data.get("tables"), dict) and all("command" in t for t in data["tables"].values()):
            for table, entry in data["tables"].items():
                mend(path.name, entry, table)
        else:
            mend(path.name, meta, "")
        if len(done) > before:
            path.write_text(json.dumps(data, indent=1, ensure_ascii="\\u" in text) + "\n", encoding="utf-8")
    return done


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--strict", action="store_true", help="exit with status 1 when a result was made by older code")
    ap.add_argument("--rehash", metavar="KEY", choices=sorted(CODE),
                    help="write today's hash of KEY over --old (a change that leaves the play as it was)")
    ap.add_argument("--old", metavar="HASH", help="the stored hash --rehash replaces")
    ap.add_argument("--because", metavar="TEXT", help="what was replayed to show the play is the same")
    args = ap.parse_args(argv)
    if args.rehash:
        if not (args.old and args.because):
            ap.error("--rehash needs --old HASH and --because TEXT")
        for label in rehash(args.rehash, args.old, args.because):
            print(f"rehashed    {label}")
        return 0
    today = current_hashes()
    stale = 0
    for entry in all_entries():
        label = f"{entry.file}" + (f" {entry.name}" if entry.name else "")
        changed = older(entry, today)
        if changed:
            stale += 1
            print(f"older code  {label}: {'; '.join(changed)}")
            print(f"            replay: {entry.provenance.get('command')}")
        elif entry.hashes:
            print(f"current     {label}")
        else:
            print(f"untracked   {label} (depends on no hashed code)")
    print(f"{stale} stored result(s) made by older code" if stale else "every stored result was made by today's code")
    return 1 if stale and args.strict else 0


if __name__ == "__main__":
    raise SystemExit(main())
