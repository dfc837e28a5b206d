"""The price of silence: silent tables of every kind against perfect cooperation.

Rewrites the stored results whose figures notebook 22 shows (tests/test_notebooks_22_28.py keeps the
two in step). Each ``--kind KIND:N`` plays deals 0, 1, 2, ... (``Deal.random(seed, players)``,
dealer ``seed % players``) with a table of that kind (see :data:`solvers.studies.comrade_tables.KINDS` and
:data:`~solvers.studies.comrade_tables.MIXED`; ``perfect`` solves the deal with all hands visible, the upper
bound), up to ``N`` deals or until ``--minutes`` of wall time for that kind have passed, whichever
comes first: the kinds that are expensive store the deals that fit, always a prefix 0 .. n-1, and
the file records the honest ``n`` next to the ``N`` asked for. ``--merge`` keeps the records of the
kinds not run again from the existing file. One process unless ``--workers N`` (the machine is
shared); the games depend only on the seeds, never on the machine or the number of workers (node
budgets, no time limits). ``--resume`` also refuses games played with another search or inference (a
hash of ``cardsearch.py`` and ``inference.py``, stored per kind). A stored file that is not one
:func:`solvers.studies.comrade_tables.save` writes (not JSON, a wrong field, meta that the records do not
bear out ...) is refused with one line and status 2 before anything is played, and is never
rewritten; the study is written whole or not at all (a full disk leaves the stored files as they
were, and says so in one line, status 2).

The full-size command (1,000 deals per kind, 300 for 3 players), for a machine with
time to spare (about 15 s per deal for the search tables, four seats)::

    python benchmarks/bench_comrade_silence.py --kind perfect:1000 --kind random:1000 --kind heuristic:1000 \\
        --kind sampling:1000 --kind card:1000 --kind card+inference:1000 --kind card+inference+search:1000 \\
        --kind best:1000 --kind mixed:random:1000 --kind mixed:heuristic:1000 --kind mixed:card:1000 \\
        --minutes 0 --out benchmarks/results/comrade_silence.json

(``--minutes 0``: no time limit.)  ``--kind KIND:A-B`` plays the deals A .. B instead (both included),
e.g. the *held-out* deals (:data:`solvers.studies.comrade_tables.HELD_OUT`, 100000 .. 100999), which no
tuning ever looked at and which are played only for the figures to publish, into their own file (its
``meta["kinds"][kind]["first"]`` says where each kind's deals start, and a study of ranges carries its
top-level ``"summary"`` rows for ``docs/benchmarks.md``)::

    nice -n 19 python benchmarks/bench_comrade_silence.py --kind perfect:100000-100999 \
        --kind best:100000-100999 --minutes 0 --workers 2 --merge --out benchmarks/results/comrade_heldout.json

A long run stores the deals played so far every ``--save-every`` minutes (10 by default; 0: only at the
end); ``kill PID`` (SIGTERM) asks it to stop: it finishes the deals being played, stores everything and
says how to play on, with ``--merge --resume`` and the same ``--kind``.

The command actually used for each kind is stored in the file
(``meta["kinds"][kind]["command"]``).  The stored four-player study keeps its mixed tables in a part
file next to it, ``comrade_silence_mixed.json`` (``meta["parts"]``, see
:func:`solvers.studies.comrade_tables.save`), so that neither file passes 2 MiB; ``--merge`` keeps the split,
and every reader (``study.load``) sees one study.

``--fatal KIND:N`` (or ``KIND:A-B``) instead asks where the stored lost games of KIND among deals 0 .. N-1
(A .. B) went wrong:
lost in the bidding (the final bids could not be made by any play: the position solver, all hands
visible), or the first card after which no win was possible
(:func:`solvers.comrade_players.review.first_fatal_action`), and whether that card was the convention
card's own choice or a departure of the search.  For a search player's fatal card it
replays the player's decision (its generator draws one number per decision, so the decision is
reproduced exactly) and says whether a card that kept the deal winnable was among its candidates,
and how the candidates scored.  For a game lost in the bidding it finds the first bid after which no
final bids could be made, its lap, whether it was the card's own choice, and the bids of that seat
that would have saved the deal with the others bidding by the card (:func:`fatal_bid`)::

    python benchmarks/bench_comrade_silence.py --fatal best:200 --out benchmarks/results/comrade_silence.json

``--decisions K`` instead times K play and K bidding decisions of the strongest player
(:class:`~solvers.comrade_players.cardsearch.CardSearchPlayer`, its defaults) on positions of seeded card
games (each non-forced decision with probability 0.3) and prints the median, the 99th percentile
and the slowest, per phase and together (target: median <= 0.3 s, 99th percentile <= 2 s).
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import os
import platform
import random
import signal
import statistics
import sys
import time
from functools import partial
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardgames.comrade import ComradeGame, Deal  # noqa: E402
from solvers.comrade_players.cardsearch import CardSearchPlayer, candidates  # noqa: E402
from solvers.comrade_players.convention import ConventionCard  # noqa: E402
from solvers.comrade.position import solve_position  # noqa: E402
from solvers.comrade_players.review import first_fatal_action, replay_prefix  # noqa: E402
from solvers.studies.comrade_tables import (BEST, HELD_OUT, HELD_OUT_3P, KINDS, MAX_SEED, MIXED, MIXED_SEATS,  # noqa: E402
                                           VARIANT_KINDS, GameRecord, StudyFileError, code_hashes, deal_for_seed,
                                           kinds_text, load, paired, play_deal, run_tasks, save, summary)


def percentile(xs, q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def time_decisions(count: int, seed: int, players: int = 4) -> dict:
    """Time ``count`` play and ``count`` bidding decisions of the strongest player."""
    rng = random.Random(seed)
    card = ConventionCard()
    times: dict[str, list[float]] = {"play": [], "bidding": []}
    while min(map(len, times.values())) < count:
        game = ComradeGame(Deal.random(rng.randrange(10**9), players=players), dealer=rng.randrange(players))
        while not game.is_terminal():
            seat, legal = game.current_player(), game.legal_actions()
            if len(legal) > 1 and rng.random() < 0.3 and len(times[game.phase]) < count:
                p = CardSearchPlayer(seed=rng.randrange(1000))
                t = time.perf_counter()
                p.act(game.view(seat), legal)
                times[game.phase].append(time.perf_counter() - t)
            game.apply(card.choose(game.view(seat), legal))
    out = {}
    for name, ts in list(times.items()) + [("all", times["play"] + times["bidding"])]:
        out[name] = {"n": len(ts), "median": statistics.median(ts), "p99": percentile(ts, 0.99), "max": max(ts)}
        print(f"{name:>8}: {len(ts)} decisions, median {out[name]['median']:.3f} s, 99th percentile "
              f"{out[name]['p99']:.3f} s, slowest {out[name]['max']:.3f} s")
    return out


def after_bidding(record: GameRecord, players: int = 4) -> ComradeGame:
    """A stored game replayed to the end of its bidding (its first card not played yet), or to its end
    if it was lost in the bidding."""
    game = ComradeGame(*deal_for_seed(record.seed, players))
    for a in record.actions:
        if game.phase != "bidding":
            break
        game.apply(a)
    return game


def makeable_bids(path: Path, kind: str, players: int = 4) -> dict:
    """For the stored games of ``kind``: could their final bids be made by any play (the position solver,
    all hands visible, a node budget so the answer is the same on every machine), and how many of those
    the table won.  What limits a table: a game whose bids cannot be made is lost before the first card."""
    _, records = load(path)
    counts = {"games": 0, "bidding_lost": 0, "makeable": 0, "not_makeable": 0, "undecided": 0,
              "won_of_makeable": 0}
    for r in records:
        if r.kind != kind:
            continue
        counts["games"] += 1
        game = after_bidding(r, players)
        if game.phase == "bidding" or game.bidding_loss is not None:
            counts["bidding_lost"] += 1
            continue
        verdict = solve_position(game, None, check=False, node_limit=20_000).verdict
        key = {"win": "makeable", "no_win": "not_makeable"}.get(verdict, "undecided")
        counts[key] += 1
        counts["won_of_makeable"] += verdict == "win" and r.result == "win"
    print(f"{kind}: {counts['games']} games; final bids that could be made {counts['makeable']}, could not "
          f"{counts['not_makeable']}, undecided {counts['undecided']}, lost in the bidding {counts['bidding_lost']}; "
          f"won {counts['won_of_makeable']} of the {counts['makeable']} that could be made")
    return counts


#: The counts :func:`fatal_bid` adds to.
BID_COUNTS = ("bid_undecided", "bid_lap1", "bid_lap2", "bid_lap3", "bid_card", "bid_saving", "bid_saving_in_candidates")


def makeable(game: ComradeGame, time_limit: float) -> bool:
    """Whether ``game`` (a position, or a game over) can still be won by some play, all hands visible."""
    if game.is_terminal():
        return game.result == "win"
    return solve_position(game, time_limit).verdict == "win"


def fatal_bid(bids: ComradeGame, seed: int, time_limit: float, counts: dict, kind: str, players: int = 4) -> dict:
    """For a game whose final bids no play could make (``bids``: its bidding, replayed): the first bid after
    which no final bids could be made any more (:func:`~solvers.comrade_players.review.first_fatal_action` over the
    bidding), its lap, whether it was the convention card's own choice (``unknown``: a solver call ran out of
    ``time_limit`` seconds, and counted as lost, so the bid named is this one or a later one), and the *saving*
    bids of that seat: those after which the card's bidding (every seat following the card to the end of the
    bidding) gives final bids some play can make; are they among the search's candidates?  Adds to ``counts``
    (:data:`BID_COUNTS`)."""
    from solvers.studies.comrade_tables import make_table

    card = ConventionCard()
    fatal = first_fatal_action(bids, time_limit)
    if fatal is None or fatal.index is None:
        counts["bid_undecided"] += 1
        return {"seed": seed, "phase": "bidding", "index": None, "unknown": True}
    before = replay_prefix(bids, fatal.index)
    seat, legal = fatal.seat, tuple(before.legal_actions())
    view = before.view(seat)
    lap = before.bidding.lap
    own = str(card.choose(view, legal)) == fatal.action
    saving = []
    for a in legal:
        after = replay_prefix(bids, fatal.index)
        after.apply(a)
        while after.phase == "bidding" and not after.is_terminal():
            options = after.legal_actions()
            after.apply(options[0] if len(options) == 1 else card.choose(after.view(after.current_player()), options))
        if after.phase == "play" and makeable(after, time_limit):
            saving.append(str(a))
    k = getattr(make_table(kind, seed, players)[seat], "bid_candidates", 1)
    cands = [str(a) for a in candidates(view, legal, card, k, before.options.ace_high)]
    counts[f"bid_lap{lap}"] += 1
    counts["bid_undecided"] += fatal.unknown
    counts["bid_card"] += own
    counts["bid_saving"] += bool(saving)
    counts["bid_saving_in_candidates"] += any(a in cands for a in saving)
    return {"seed": seed, "phase": "bidding", "index": fatal.index, "lap": lap, "seat": seat, "action": fatal.action,
            "own": own, "saving": saving, "candidates": cands, "unknown": fatal.unknown}


def fatal_actions(path: Path, kind: str, n: int, players: int = 4, time_limit: float = 3.0, wide: int = 6,
                  first: int = 0) -> dict:
    """Where the stored lost games of ``kind`` among deals ``first .. n-1`` went wrong (see the module docstring).

    Returns the counts (``lost``, ``bidding``: lost in the bidding or with final bids that no play could make,
    ``play``: the first fatal action was a card, ``play_card``: fatal cards that were the card's own
    choice, ``saving_in_candidates``: of those, how often a card that kept the deal winnable was among the
    player's candidates, ``saving_scored_higher``: ... and scored above the card's choice (by less than the
    margin, or the search would have played it), ``saving_in_wide``: among ``wide`` candidates,
    ``play_departures``, ``undecided``: a solver call ran out of ``time_limit`` seconds) and one row per game."""
    from solvers.studies.comrade_tables import StudyError, make_table

    _, records = load(path)
    counts = dict.fromkeys(("lost", "undecided", "bidding", *BID_COUNTS, "play", "play_card", "saving_in_candidates",
                            "saving_scored_higher", "saving_in_wide", "play_departures"), 0)
    rows = []
    lost = (r for r in records if r.kind == kind and first <= r.seed < n and r.result != "win")
    for r in sorted(lost, key=lambda r: r.seed):
        counts["lost"] += 1
        deal, dealer = deal_for_seed(r.seed, players)
        game = ComradeGame(deal, dealer)
        for a in r.actions:
            game.apply(a)
        # the bidding first: could the final bids be made?  Then the first fatal card, searched from the
        # first card on (from the first bid on the solver is far slower)
        bids = after_bidding(r, players)
        if bids.phase != "play" or solve_position(bids, time_limit).verdict == "no_win":
            counts["bidding"] += 1
            rows.append(fatal_bid(bids, r.seed, time_limit, counts, kind, players))
            continue
        fatal = first_fatal_action(game, time_limit, start=len(bids.actions))
        if fatal is None or fatal.index is None or fatal.unknown:
            counts["undecided"] += 1
            rows.append({"seed": r.seed, "phase": "undecided"})
            continue
        lo, fatal_seat, trick = fatal.index, fatal.seat, fatal.trick    # the fatal card is game.actions[lo]
        # the seat's player, brought to the fatal decision by making its earlier decisions again
        player = make_table(kind, r.seed, players)[fatal_seat]
        replay = ComradeGame(deal, dealer)
        for i, a in enumerate(game.actions[:lo + 1]):
            seat = replay.current_player()
            if seat == fatal_seat:
                view, legal = replay.view(seat), tuple(replay.legal_actions())
                chosen = player.act(view, legal)
                if str(chosen) != str(a):
                    raise StudyError(f"deal {r.seed}: the stored {kind} game is not what the code plays now "
                                     f"(action {i + 1}: stored {a}, played {chosen})")
            if i < lo:
                replay.apply(a)
        card = getattr(player, "card", None)
        own = card is None or str(card.choose(view, legal)) == str(chosen)
        row = {"seed": r.seed, "phase": "play", "index": lo, "trick": trick, "action": str(chosen), "own": own}
        counts["play"] += 1
        if not own:
            counts["play_departures"] += 1
            row["scores"] = dict(player.last_scores)
        elif card is not None and hasattr(player, "last_scores"):
            counts["play_card"] += 1
            saving = set()
            for a in legal:
                after = replay_prefix(game, lo)
                after.apply(a)
                if after.result == "win" if after.is_terminal() else solve_position(after, time_limit).verdict == "win":
                    saving.add(str(a))
            cands = [str(a) for a in candidates(view, legal, card, player.candidates, player.rules.ace_high)]
            scores = player.last_scores
            found = [a for a in cands if a in saving]
            counts["saving_in_candidates"] += bool(found)
            counts["saving_scored_higher"] += any(scores.get(a, 0) > scores.get(str(chosen), 0) for a in found)
            counts["saving_in_wide"] += any(str(a) in saving for a in candidates(view, legal, card, wide,
                                                                               player.rules.ace_high))
            row.update(saving=sorted(saving), candidates=cands, scores=dict(scores))
        rows.append(row)
    c = counts
    print(f"{kind}, deals {first}-{n - 1}: {c['lost']} lost; in the bidding (the final bids could not be made by any "
          f"play) {c['bidding']}; the first fatal action in the play {c['play']} "
          f"({c['play_departures']} departures of the search); undecided {c['undecided']}")
    if c["bidding"]:
        print(f"  the first fatal bid in lap 1 / 2 / 3: {c['bid_lap1']} / {c['bid_lap2']} / {c['bid_lap3']} "
              f"({c['bid_card']} the card's own choice); another bid of that seat, the others bidding by the card, "
              f"would have left final bids some play can make {c['bid_saving']} times, among the search's "
              f"candidates {c['bid_saving_in_candidates']}; undecided {c['bid_undecided']}")
    if c["play_card"]:
        print(f"  fatal cards that were the card's choice: {c['play_card']}; a saving card among the candidates "
              f"{c['saving_in_candidates']} (scored above the card's choice {c['saving_scored_higher']}), "
              f"among {wide} candidates {c['saving_in_wide']}")
    for row in rows:
        if row["phase"] == "play" and not row["own"]:
            print(f"  deal {row['seed']}, trick {row['trick']}: the search played {row['action']}: "
                  + ", ".join(f"{a} {v:.2f}" for a, v in row["scores"].items()))
    return {"counts": counts, "rows": rows}


def compare(before_path: Path, after_path: Path) -> dict:
    """Each kind stored in both files, paired on the deals both played (:func:`~solvers.studies.comrade_tables.paired`):
    e.g. the stored study against the same file at an earlier commit, after a change of the search."""
    _, before = load(before_path)
    _, after = load(after_path)
    out = {}
    for kind in dict.fromkeys(r.kind for r in after):
        a = [r for r in before if r.kind == kind]
        b = [r for r in after if r.kind == kind]
        if not a:
            continue
        row = out[kind] = paired(a, b)
        print(f"{kind:>22}: {row['deals']} deals both played; won {row['wins_before']} before, {row['wins_after']} "
              f"after; only before {row['only_before']}, only after {row['only_after']} "
              f"(exact sign test p = {row['p']:.3g})")
    return out


def uses_card(kind: str) -> bool:
    """Whether tables of ``kind`` play by the convention card (so their games change with it)."""
    return kind not in ("perfect", "random", "heuristic", "sampling")


def uses_search(kind: str) -> bool:
    """Whether tables of ``kind`` play with the search or the inference (so their games change with them)."""
    return kind == "best" or kind.startswith(("mixed:", "bidding:", "search:")) or "inference" in kind


def parse_kind(text: str) -> tuple[str, int, int]:
    """``KIND:N`` (deals 0 .. N-1) or ``KIND:A-B`` (deals A .. B, both included) as ``(kind, first, stop)``,
    the deals ``range(first, stop)``; anything else raises ``argparse.ArgumentTypeError`` with one line.

    >>> parse_kind("card:1000"), parse_kind("best:100000-100999")
    (('card', 0, 1000), ('best', 100000, 101000))
    """
    kind, _, n = text.rpartition(":")
    first, dash, last = n.partition("-")
    if not kind or not first.isdigit() or (dash and not last.isdigit()) or not first.isascii() or not last.isascii():
        raise argparse.ArgumentTypeError(f"{text!r}: write KIND:N (deals 0 .. N-1, e.g. card:1000) or KIND:A-B "
                                         f"(deals A .. B, e.g. best:100000-100999)")
    if kind not in KINDS + MIXED + VARIANT_KINDS + ("perfect",):
        raise argparse.ArgumentTypeError(f"{text!r}: unknown kind {kind!r} (kinds: perfect, {kinds_text(kind)})")
    start, stop = (int(first), int(last) + 1) if dash else (0, int(first))
    if dash and stop <= start:
        raise argparse.ArgumentTypeError(f"{text!r}: the range {first}-{last} is empty: write the first deal, then "
                                         f"the last, e.g. {kind}:{last}-{first}")
    if stop > MAX_SEED:
        raise argparse.ArgumentTypeError(f"{text!r}: deal numbers go up to {MAX_SEED - 1}")
    return kind, start, stop


def deals_text(first: int, stop: int) -> str:
    """How the deals ``range(first, stop)`` are written on the command line: ``"1000"`` or ``"100000-100999"``."""
    return str(stop) if first == 0 else f"{first}-{stop - 1}"


def deals_label(first: int, stop: int, players: int = 4) -> str:
    """``"held-out deals 100000–100999"`` for the held-out deals of the player count
    (:data:`~solvers.studies.comrade_tables.HELD_OUT`, ``HELD_OUT_3P``), else ``"deals A–B"``."""
    held_out = HELD_OUT_3P if players == 3 else HELD_OUT
    return ("held-out " if range(first, stop) == held_out else "") + f"deals {first}–{stop - 1}"


#: Names of the kinds of table in the summary rows of a study of a range of deals (``{n}``: players).
SUMMARY_NAMES = {
    "perfect": "perfect cooperation (all hands visible): deals that can be won",
    BEST: "the strongest table, {n} × card + inference + search (`CardSearchPlayer`)",
    "best": "the strongest table, {n} × card + inference + search (`CardSearchPlayer`)",
}


def summary_rows(meta: dict, records: list[GameRecord]) -> list[dict]:
    """The figures of a study of ranges of deals (each kind's ``meta["kinds"][kind]["first"]``), one row per
    kind: ``{"what", "figure", "interval", "kind"}``; the deals played of those asked, the wins, the bidding
    losses and the 95 % Wilson interval.  Written as the file's top-level ``"summary"``, so
    ``tools/benchmarks_page.py`` shows it next to the figures of the tuning range."""
    players = meta.get("players", 4)
    rows = []
    for row in summary(records):
        kind = row["kind"]
        how = meta["kinds"][kind]
        if "same_as" in how:
            continue
        first, asked = how.get("first", 0), how.get("asked", row["games"])
        played = f"{row['games']} of the {asked} played" if row["games"] < asked else f"all {asked} played"
        if kind.startswith("mixed:"):
            other = kind.split(":", 1)[1]
            name = f"{players - 1} strongest players and one {MIXED_SEATS.get(other, other)} seat"
        else:
            name = SUMMARY_NAMES.get(kind, "{n} × " + kind).format(n=players)
        rate = f"{100 * row['rate']:.1f} %"
        figure = (f"{row['wins']}/{row['games']} winnable ({rate})" if kind == "perfect"
                  else f"{row['wins']}/{row['games']} won ({rate}); {row['bidding_losses']} lost in the bidding")
        rows.append({"what": f"Comrade silent table, {players} players, {deals_label(first, first + asked, players)} "
                             f"({played}): {name}", "kind": kind, "figure": figure,
                     "interval": f"{100 * row['low']:.1f}–{100 * row['high']:.1f} %"})
    return rows


class OneLineParser(argparse.ArgumentParser):
    """An argument parser that says a bad argument in one line (``bench_comrade_silence.py: ...``, status 2),
    without the usage block (``--help`` shows it)."""

    def error(self, message: str):
        print(f"bench_comrade_silence.py: {' '.join(message.split())} (see --help)", file=sys.stderr)
        raise SystemExit(2)


class WriteError(Exception):
    """The study could not be written (a full disk, a size limit): ``save`` left the stored files as they were."""


def main() -> None:
    """The command line (module docstring).  A stored study that cannot be read or breaks the schema
    (:class:`~solvers.studies.comrade_tables.StudyFileError`: nothing is played and nothing is written), or a
    study that cannot be written (the files stay as they were), ends it with one line and status 2."""
    try:
        _main()
    except (StudyFileError, WriteError) as e:
        print(f"bench_comrade_silence.py: {' '.join(str(e).split())}", file=sys.stderr)
        raise SystemExit(2) from None


def _main() -> None:
    ap = OneLineParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kind", type=parse_kind, action="append", default=[],
                    help="KIND:N (deals 0 .. N-1) or KIND:A-B (deals A .. B, e.g. the held-out deals "
                         "best:100000-100999), a kind of table and the deals it should play (repeatable)")
    ap.add_argument("--players", type=int, default=4, choices=(3, 4))
    ap.add_argument("--minutes", type=float, default=15.0,
                    help="wall-time budget per kind in minutes (0: none); the deals that fit are stored")
    ap.add_argument("--samples", type=int, default=10, help="hidden deals per decision of the old sampling table")
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--merge", action="store_true", help="keep the other kinds' records of the existing --out file")
    ap.add_argument("--resume", action="store_true",
                    help="with --merge: keep the stored deals 0 .. m-1 of each kind given and play on from deal m "
                         "(refused if they were played with another convention card)")
    ap.add_argument("--bids", metavar="KIND", default=None,
                    help="only report, for the stored games of KIND in --out, how many final bids any play could "
                         "have made (all hands visible) and how many of those the table won")
    ap.add_argument("--compare", metavar="BEFORE", type=Path, default=None,
                    help="only report: each kind of --out against the same kind stored in BEFORE (e.g. the file at "
                         "an earlier commit, `git show REV:benchmarks/results/comrade_silence.json > before.json`, "
                         "and its part comrade_silence_mixed.json into the same folder), paired on the same deals")
    ap.add_argument("--fatal", metavar="KIND:N", type=parse_kind, default=None,
                    help="only report, for the stored lost games of KIND among deals 0 .. N-1 of --out, the first "
                         "action after which no win was possible, and for a search player whether it had a saving "
                         "card among its candidates")
    ap.add_argument("--save-every", type=float, default=10.0, metavar="MINUTES",
                    help="with --out: also store the deals played so far every MINUTES minutes (0: only at the "
                         "end), so a run stopped with `kill PID` (it finishes the deals being played and stores "
                         "them) or lost keeps them; play on with --merge --resume")
    ap.add_argument("--workers", type=int, default=1,
                    help="play this many deals at once, in worker processes (the games do not change: each "
                         "depends only on its seed)")
    ap.add_argument("--decisions", type=int, default=0,
                    help="only time this many play and this many bidding decisions of the strongest player")
    args = ap.parse_args()
    if args.decisions:
        time_decisions(args.decisions, 12, args.players)
        return
    if args.compare:
        if not (args.out and args.out.exists() and args.compare.exists()):
            print("bench_comrade_silence.py: --compare BEFORE reads two stored studies: give an existing BEFORE and "
                  "--out FILE", file=sys.stderr)
            raise SystemExit(2)
        compare(args.compare, args.out)
        return
    if args.fatal:
        if not (args.out and args.out.exists()):
            print("bench_comrade_silence.py: --fatal reads the stored games: give --out FILE", file=sys.stderr)
            raise SystemExit(2)
        kind, first, stop = args.fatal
        fatal_actions(args.out, kind, stop, players=args.players, first=first)
        return
    if args.bids:
        if not (args.out and args.out.exists()):
            print("bench_comrade_silence.py: --bids reads the stored games: give --out FILE", file=sys.stderr)
            raise SystemExit(2)
        makeable_bids(args.out, args.bids, args.players)
        return
    if not args.kind:
        print("bench_comrade_silence.py: give at least one --kind KIND:N (or --decisions K)", file=sys.stderr)
        raise SystemExit(2)
    if args.workers < 1:
        print(f"bench_comrade_silence.py: --workers must be at least 1, not {args.workers}", file=sys.stderr)
        raise SystemExit(2)
    if args.resume and not (args.merge and args.out):
        print("bench_comrade_silence.py: --resume needs --merge and --out (the file to play on from)", file=sys.stderr)
        raise SystemExit(2)
    meta: dict = {"kinds": {}, "players": args.players}
    records: list[GameRecord] = []
    old: list[GameRecord] = []
    old_meta: dict = {}
    if args.merge and args.out and args.out.exists():
        old_meta, old = load(args.out)
        rerun = {k for k, _, _ in args.kind}
        records = [r for r in old if r.kind not in rerun]
        meta["kinds"] = {k: v for k, v in old_meta.get("kinds", {}).items() if k not in rerun}
        if "parts" in old_meta:                          # the file's split into parts (study.save) stays
            meta["parts"] = old_meta["parts"]
        if "kinds" not in old_meta:                      # a file of the first study: one command for all kinds
            for k in {r.kind for r in records}:
                meta["kinds"][k] = {"command": old_meta.get("command"), "deals": sum(r.kind == k for r in records)}
    # which convention card played (it changes while it is designed), per kind; and which search and
    # inference played with it (they change too), for the kinds that use them
    card_sha1, search_sha1 = (code_hashes()[k] for k in ("card_sha1", "search_sha1"))
    stop_asked = install_stop()
    for kind, first, n in args.kind:
        start = time.perf_counter()
        got = []
        before = old_meta.get("kinds", {}).get(kind, {}) if args.resume else {}
        if args.resume:
            got = sorted((r for r in old if r.kind == kind), key=lambda r: r.seed)
            if got and before.get("first", 0) != first:
                print(f"bench_comrade_silence.py: --resume: the stored {kind} games start at deal "
                      f"{before.get('first', 0)}, not {first}: resume with the range they were played on",
                      file=sys.stderr)
                raise SystemExit(2)
            if [r.seed for r in got] != list(range(first, first + len(got))):
                print(f"bench_comrade_silence.py: --resume: the stored {kind} games are not the deals "
                      f"{first} .. {first}+n-1", file=sys.stderr)
                raise SystemExit(2)
            if got and uses_card(kind) and before.get("card_sha1") != card_sha1:
                print(f"bench_comrade_silence.py: --resume: the stored {kind} games were played with convention "
                      f"card {before.get('card_sha1')}, this one is {card_sha1}: play them again without --resume",
                      file=sys.stderr)
                raise SystemExit(2)
            if got and uses_search(kind) and before.get("search_sha1") != search_sha1:
                print(f"bench_comrade_silence.py: --resume: the stored {kind} games were played with search "
                      f"{before.get('search_sha1')}, this one is {search_sha1}: play them again without --resume",
                      file=sys.stderr)
                raise SystemExit(2)
        same = [r for r in records if r.kind == BEST and first <= r.seed < n] if kind == "best" else []
        if same:        # "best" is the table BEST: its games, not played twice (play_deal(seed, "best") gives them)
            got = [GameRecord(r.seed, "best", r.result, r.reason, r.actions, r.seconds) for r in same]
            records += got
            meta["kinds"]["best"] = dict(meta["kinds"].get(BEST, {}), same_as=BEST, deals=len(got))
            print(f"best: the {len(got)} games of {BEST}", file=sys.stderr)
            continue

        def entry(wall: float) -> dict:
            command = (f"python benchmarks/bench_comrade_silence.py --players {args.players} "
                       f"--kind {kind}:{deals_text(first, n)} --minutes {args.minutes:g} --samples {args.samples}"
                       + (f" --workers {args.workers}" if args.workers > 1 else "")
                       + (f" --merge --out {args.out.as_posix()}" if args.out else ""))
            if before:              # --resume: the earlier runs' commands and wall time stay on record
                command = (before["command"] + " ; then " if before.get("command") else "") + command + " --resume"
                wall += before.get("wall_seconds", 0)
            how = {"command": command, "asked": n - first, "deals": len(got), "wall_seconds": round(wall),
                   "load_average": round(os.getloadavg()[0], 1), "workers": args.workers,
                   "date": time.strftime("%Y-%m-%d"),
                   "machine": f"{os.cpu_count()} cores, {platform.system()} {platform.machine()}"}
            if first:
                how["first"] = first
            if uses_card(kind):
                how["card_sha1"] = card_sha1
            if uses_search(kind):
                how["search_sha1"] = search_sha1
            return how

        pool = cf.ProcessPoolExecutor(args.workers) if args.workers > 1 else "inline"
        stored = time.perf_counter()
        try:
            seed = first + len(got)
            while (seed < n and not stop_asked()
                   and not (args.minutes and time.perf_counter() - start > 60 * args.minutes)):
                batch = [(s,) for s in range(seed, min(n, seed + 2 * args.workers))]
                got += run_tasks(partial(play_deal, kind=kind, samples=args.samples, players=args.players), batch,
                                 executor=pool)
                seed += len(batch)
                print(f"\r{kind}: {len(got)}/{n - first}", end="", file=sys.stderr)
                if args.out and args.save_every and time.perf_counter() - stored > 60 * args.save_every \
                        and seed < n:         # the deals so far, stored: a run stopped later keeps them
                    meta["kinds"][kind] = entry(time.perf_counter() - start)
                    write(args.out, records + got, meta, args.players, args.samples)
                    stored = time.perf_counter()
        finally:
            if pool != "inline":
                pool.shutdown()
        wall = time.perf_counter() - start
        print(file=sys.stderr)
        records += got
        meta["kinds"][kind] = entry(wall)
        row = summary(got)[0] if got else {"wins": 0, "games": 0, "rate": 0.0, "low": 0.0, "high": 1.0,
                                          "bidding_losses": 0}
        print(f"{kind:>24}: {row['wins']:>4}/{row['games']:<4} = {row['rate']:.3f} "
              f"(95% {row['low']:.3f}-{row['high']:.3f}); bidding losses {row['bidding_losses']}, "
              f"{wall:.0f} s")
        if stop_asked():
            print(f"stopped: {len(got)} of the deals {first} .. {n - 1} of {kind} are done" +
                  (f"; play on with --merge --resume --out {args.out.as_posix()}" if args.out else ""),
                  file=sys.stderr)
            break
    if args.out:
        write(args.out, records, meta, args.players, args.samples)
        print(f"wrote {args.out}")


def install_stop() -> Callable[[], bool]:
    """Make ``SIGTERM`` (``kill PID``) a request to stop: the deals being played are finished, everything
    played is stored, and the run ends normally (so a long run can be stopped and resumed with ``--resume``).
    Returns a function that says whether a stop was asked for."""
    asked = []

    def handler(signum, frame):
        asked.append(signum)
        print(f"\nbench_comrade_silence.py: asked to stop (signal {signum}): finishing the deals being played, "
              f"then storing", file=sys.stderr)

    try:
        signal.signal(signal.SIGTERM, handler)
    except ValueError:  # pragma: no cover - not the main thread (a test calling main() from a thread)
        pass
    return lambda: bool(asked)


def repeats_as_stored(kinds: dict, records: list[GameRecord]) -> dict:
    """``meta["kinds"]`` with each kind that only repeats another (``same_as``, as ``"best"`` repeats
    :data:`BEST`) made to say what the file holds: the provenance of the kind it repeats, and as many deals
    as are stored of it in its range.  While that kind is played again, a store of the deals so far
    (``--save-every``) holds fewer of them than the repeat claimed, and the study would not load.

        >>> kinds = {BEST: {"deals": 2, "card_sha1": "new"}, "best": {"same_as": BEST, "deals": 5, "card_sha1": "old"}}
        >>> games = [GameRecord(s, BEST, "win", "", ("S1",), 1.0) for s in (0, 1)]
        >>> repeats_as_stored(kinds, games)["best"]
        {'deals': 2, 'card_sha1': 'new', 'same_as': 'card+inference+search'}
    """
    out = dict(kinds)
    for kind, how in kinds.items():
        source = how.get("same_as") if isinstance(how, dict) else None
        if source and isinstance(kinds.get(source), dict):
            first = how.get("first", 0)
            have = sum(1 for r in records if r.kind == source and first <= r.seed < first + how["deals"])
            out[kind] = dict(kinds[source], same_as=source, deals=have)
            if "first" in how:
                out[kind]["first"] = first
    return out


def write(path: Path, records: list[GameRecord], meta: dict, players: int, samples: int | None = None) -> None:
    """Store the study (``save``): records in deal order; a study of ranges of deals (every kind with
    ``first``, e.g. the held-out deals) with its :func:`summary_rows`.  A write that fails leaves the stored
    files as they were (:class:`WriteError`)."""
    meta = dict(meta)
    meta["python"] = platform.python_version()
    if samples is not None:
        meta["samples"] = samples
    meta["kinds"] = repeats_as_stored(meta.get("kinds", {}), records)
    order = {k: i for i, k in enumerate(["perfect", *KINDS, *MIXED, *VARIANT_KINDS])}
    records = sorted(records, key=lambda r: (r.seed, order.get(r.kind, 99)))
    kinds = meta.get("kinds", {})
    ranged = bool(kinds) and all("first" in how for how in kinds.values())
    try:
        save(records, path, meta, summary_rows(meta, records) if ranged else None)
    except OSError as e:
        raise WriteError(f"could not write {path} ({(e.strerror or type(e).__name__).lower()}): "
                         f"the stored study is left as it was, and the games of this run are not "
                         f"stored") from None


if __name__ == "__main__":
    main()
