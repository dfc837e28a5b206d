"""Write ``docs/benchmarks.md``, the one table of measured figures, from ``benchmarks/results/*.json``.

    python tools/benchmarks_page.py           # rewrite docs/benchmarks.md   (make benchmarks-page)
    python tools/benchmarks_page.py --check   # exit status 1 when docs/benchmarks.md is not what it writes

Each row: what was measured, the command that made it, the figure, its 95 % interval and whether the code
that made it is today's (``tools/check_results.py`` compares the stored code hashes).  No figure is typed by
hand: a results file says it, and ``tests/test_stored_results.py`` fails while the page and a fresh
generation differ.

A results file gives its rows in one of two ways:

* a top-level ``"summary"`` list of rows ``{"what": str, "figure": str, "interval": str}`` with the command
  in ``meta["command"]`` (the shape every new results file uses);
* an extractor here, :data:`EXTRACTORS`, for the files stored before that shape: it derives the rows from
  the file's own records, so the page shows what the records hold.

A part of a study (``part_of``) is read with the study it belongs to.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from check_results import RESULTS, Entry, current_hashes, entries, older  # noqa: E402

PAGE = ROOT / "docs" / "benchmarks.md"

#: Names of the study's kinds of table, for people (``{n}``: the number of players).
KIND_NAMES = {
    "perfect": "perfect cooperation (all hands visible): deals that can be won",
    "random": "{n} random players",
    "heuristic": "{n} heuristic players",
    "sampling": "{n} sampling players (perfect-information sampling, 10 worlds)",
    "card": "{n} convention-card players",
    "card+inference": "{n} card players that read the table (card + inference)",
    "card+inference+search": "the strongest table, {n} × card + inference + search (`CardSearchPlayer`)",
}


def pct(x: float) -> str:
    """``0.508`` as ``"50.8 %"``."""
    return f"{100 * x:.1f} %"


def interval(low: float, high: float) -> str:
    return f"{100 * low:.1f}–{100 * high:.1f} %"


def wins_figure(wins: int, games: int, bidding: int | None = None) -> str:
    text = f"{wins}/{games} won ({pct(wins / games)})"
    return text if bidding is None else f"{text}; {bidding} lost in the bidding"


#: What a row of the four-player study of deals 0-999 says about its deals: the card and the search were tuned
#: on some of them, so its figures may flatter the tuned tables; ``comrade_heldout.json`` holds the figures of
#: the held-out deals (:data:`solvers.studies.comrade_tables.HELD_OUT`), which no tuning looked at.
TUNED = ", which include the tuning deals 0–399"


def study_rows(path: Path) -> list[dict]:
    """One row per kind of table of a silence study (``solvers.studies.comrade_tables``), counted from its records,
    with the deals it played (the four-player study's include the deals the players were tuned on)."""
    from solvers.studies.comrade_tables import MIXED_SEATS, load, summary

    meta, records = load(path)
    players = meta.get("players", 4)
    rows = []
    for row in summary(records):
        kind = row["kind"]
        entry = meta["kinds"].get(kind, {})
        if "same_as" in entry:          # "best" repeats the strongest table's games
            continue
        if kind.startswith("mixed:"):
            other = kind.split(":", 1)[1]
            name = f"{players - 1} strongest players and one {MIXED_SEATS.get(other, other)} seat"
        else:
            name = KIND_NAMES.get(kind, kind).format(n=players)
        figure = (f"{row['wins']}/{row['games']} winnable ({pct(row['rate'])})" if kind == "perfect"
                  else wins_figure(row["wins"], row["games"], row["bidding_losses"]))
        rows.append({"what": f"Comrade silent table, {players} players: {name}; deals 0–{row['games'] - 1}"
                             + (TUNED if players == 4 else ""), "kind": kind,
                     "figure": figure, "interval": interval(row["low"], row["high"])})
    return rows


def table_rows(path: Path) -> list[dict]:
    """``comrade_table.json``: a stand-in student at the play table, per kind of partners, from its games."""
    from solvers.studies.comrade_tables import wilson_interval

    data = json.loads(path.read_text(encoding="utf-8"))
    rows = []
    for partners, entry in data["tables"].items():
        games = entry["games"]
        wins = sum(g["result"] == "win" for g in games)
        bidding = sum(g["bidding_loss"] is not None for g in games)
        lo, hi = wilson_interval(wins, len(games))
        rows.append({"what": f"Play table: a student who never makes a fatal move, with three {partners} partners",
                     "kind": partners, "figure": wins_figure(wins, len(games), bidding), "interval": interval(lo, hi)})
    return rows


def card_rows(path: Path) -> list[dict]:
    """``comrade_card.json``: the convention card's tables, each rule's worth, why its tables lose, its speed."""
    data = json.loads(path.read_text(encoding="utf-8"))
    tables = {t["table"]: t for t in data["tables"]}
    whole = tables["whole card"]
    rows = []
    for name, label in (("whole card", "4 players"), ("whole card, 3 players", "3 players")):
        t = tables.get(name)
        if t:
            rows.append({"what": f"Convention card alone, {label}, deals 0–{t['games'] - 1}",
                         "figure": wins_figure(t["wins"], t["games"], t["bidding_losses"]),
                         "interval": interval(t["low"], t["high"])})
    worth = [f"{name.removeprefix('without ')} {whole['wins'] - t['wins']:+d}" for name, t in tables.items()
             if name.startswith("without ")]
    rows.append({"what": f"What each rule is worth: wins of the whole card minus wins without it "
                         f"(deals 0–{whole['games'] - 1})", "figure": ", ".join(worth), "interval": "—"})
    rows.append({"what": f"Why card tables lose: the first action after which no win was possible "
                         f"(first {len(data['diagnoses'])} lost deals)",
                 "figure": why_card_tables_lose(data["diagnoses"]), "interval": "—"})
    won = data["winnable_after_bidding"]
    rows.append({"what": f"The card's final bids that some play makes (all hands visible, first "
                         f"{won['win'] + won['no_win']} deals)",
                 "figure": f"{won['win']} of {won['win'] + won['no_win']}", "interval": "—"})
    timing = data["policy_timing"]
    rows.append({"what": "`ConventionCard.policy`, time per position (median; 99th percentile)",
                 "figure": "; ".join(f"{phase} {t['median_us']:.0f} µs ({t['p99_us']:.0f} µs)"
                                     for phase, t in sorted(timing.items(), key=lambda kv: kv[0] != "play")),
                 "interval": "—"})
    return rows


def why_card_tables_lose(diagnoses: list[dict]) -> str:
    """``"bidding 18 (B6 15, B2 1, B4 1, a pass 1), play 42 (P3 17, ...); 6 undecided"`` from the diagnoses."""
    parts = []
    for phase in ("bidding", "play"):
        mine = [d for d in diagnoses if d["phase"] == phase]
        rules = Counter("a pass" if d["rule"] in (None, "-") else d["rule"] for d in mine)
        parts.append(f"{phase} {len(mine)} (" + ", ".join(f"{r} {n}" for r, n in rules.most_common()) + ")")
    undecided = sum(1 for d in diagnoses if d["unknown"])
    return ", ".join(parts) + f"; {undecided} of the searches met a position undecided in time"


def calibration_rows(path: Path) -> list[dict]:
    """``krypkille_calibration.json``: each belief model's largest gap from the diagonal, per player count."""
    data = json.loads(path.read_text(encoding="utf-8"))
    rows = []
    counts = sorted(data["players"], key=int)
    for model in ("policy", "play", "uniform"):
        gaps = [max(abs(r["gap"]) for r in data["players"][n][model] if r["judged"]) for n in counts]
        rows.append({"what": f"Krypkille endgame beliefs, `{model}` model: largest calibration gap over the judged "
                             f"bins, {'/'.join(counts)} players ({data['rounds_per_player_count']} rounds each)",
                     "figure": " / ".join(f"{g:.3f}" for g in gaps), "interval": "—"})
    return rows


#: Results files stored before the ``summary`` shape, and how their rows are read.
EXTRACTORS: dict[str, Callable[[Path], list[dict]]] = {
    "comrade_silence.json": study_rows,
    "comrade_silence_3p.json": study_rows,
    "comrade_table.json": table_rows,
    "comrade_card.json": card_rows,
    "krypkille_calibration.json": calibration_rows,
}


def rows(results: Path = RESULTS) -> list[dict]:
    """Every row of the page: ``what``, ``command``, ``figure``, ``interval``, ``file`` and ``older`` (what
    code changed since, empty when it was made by today's code; ``None`` when it depends on no hashed code)."""
    today = current_hashes()
    out = []
    for path in sorted(results.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if "part_of" in data:
            continue
        by_name: dict[str, Entry] = {e.name: e for e in entries(path)}
        if isinstance(data.get("summary"), list):
            found = [dict(r) for r in data["summary"]]
        elif path.name in EXTRACTORS:
            found = EXTRACTORS[path.name](path)
        else:
            raise SystemExit(f"benchmarks_page.py: {path.name} has no \"summary\" rows and no extractor")
        for row in found:
            entry = by_name.get(row.pop("kind", ""), by_name.get(""))
            prov = entry.provenance if entry else {}
            changed = older(entry, today) if entry else []
            out.append({"file": path.name, "what": row["what"], "command": prov.get("command", ""),
                        "figure": row["figure"], "interval": row["interval"],
                        "date": str(prov.get("date", ""))[:10], "older": changed if entry and entry.hashes else None})
    return out


def cell(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def render(found: list[dict]) -> str:
    lines = [
        "# Benchmarks",
        "",
        "<!-- Generated by tools/benchmarks_page.py from benchmarks/results/*.json (make benchmarks-page):",
        "     do not edit by hand. -->",
        "",
        "Every figure below is read from a stored result in `benchmarks/results/`, which also keeps how it was",
        "made (the command, the date, the machine, the load and the hashes of the code it ran). The last column",
        "says whether that code is today's: *made by older code* means the code changed since, and the figure",
        "holds for the older code until the command is run again (`make check-results` lists them; replaying is",
        "a deliberate step: see \"Stored results\" in [contributing](contributing.md)). Intervals are 95 % Wilson",
        "score intervals. How the figures were reached, and what was tried and not adopted: the dated notes in",
        "`docs/research/`, e.g. [the Comrade study](research/2026-12-07-comrade-study.md).",
        "",
        "| what | command | figure | 95 % interval | made by current code? |",
        "|---|---|---|---|---|",
    ]
    for r in found:
        current = ("— (no hashed code)" if r["older"] is None
                   else "yes" if not r["older"] else "**made by older code** (" + "; ".join(r["older"]) + ")")
        command = f"`{r['command']}`" if r["command"] else "—"
        lines.append(f"| {cell(r['what'])} ({r['date']}) | {cell(command)} | {cell(r['figure'])} | "
                     f"{cell(r['interval'] or '—')} | {cell(current)} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="only say whether docs/benchmarks.md is up to date")
    args = ap.parse_args(argv)
    found = rows()
    text = render(found)
    if args.check:
        if PAGE.read_text(encoding="utf-8") != text:
            print("docs/benchmarks.md differs from the stored results: run make benchmarks-page", file=sys.stderr)
            return 1
        print("docs/benchmarks.md is up to date")
        return 0
    PAGE.write_text(text, encoding="utf-8")
    print(f"wrote {PAGE.relative_to(ROOT)} ({len(found)} rows)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
