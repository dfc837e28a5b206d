"""Variants of the strongest table's bidding against the stored strongest table, paired, on tuning deals.

A variant (:data:`solvers.studies.comrade_tables.BIDDING_VARIANTS`, the study kind ``bidding:NAME``) is four
:class:`~solvers.comrade_players.cardsearch.CardSearchPlayer` with the same seeds as the strongest table
(``best``) and an opt-in setting that changes only bidding decisions.  This script plays a variant on a range of
tuning deals and pairs it, deal by deal, with the ``best`` games stored in ``--stored``
(``benchmarks/results/comrade_silence.json``, deals 0-999; with ``--players 3`` the three-player table of
``comrade_silence_3p.json``, deals 0-299)::

    nice -n 19 python benchmarks/bench_comrade_bidding.py --kind bidding:fills:0-199 --out /tmp/fills.json

Each deal: the variant's four players bid.  If their bidding is the stored ``best`` game's bidding, action for
action, the rest of the game is the stored game's and is copied, not played: every decision of a player draws one
number from its generator whatever it decides, and the variant's settings change nothing in the play, so after the
same bidding the same players play the same cards.  ``--verify K`` (default 2) plays the first K such deals out all
the same and stops (status 2) if one differs from the stored game.  A deal whose bidding differs is played out.
For those deals the position solver (all hands visible, a node budget of 20,000 positions, the same on every
machine, as ``bench_comrade_silence.py --bids``) says whether each of the two final biddings could be made by any
play.  Printed: the wins and the makeable final biddings, paired (exact sign test), with a 95 % interval of the
difference.

Only tuning deals: a range that touches the held-out deals
(:data:`~solvers.studies.comrade_tables.HELD_OUT`) is refused.  ``--out`` stores the variant's games (a study file,
:func:`~solvers.studies.comrade_tables.save`; the command, the code hashes, how many deals were copied, and each
differing deal's two verdicts in ``meta["kinds"][kind]``); with an existing ``--out`` the run plays on after the
deals stored there.  Keep such files out of ``benchmarks/results/``: they are tuning comparisons, not figures to
publish.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardgames.comrade import ComradeGame  # noqa: E402
from cardgames.errors import GameError  # noqa: E402
from solvers.comrade.position import solve_position  # noqa: E402
from solvers.studies.comrade_tables import (BIDDING_KINDS, HELD_OUT, GameRecord, StudyFileError,  # noqa: E402
                                            code_hashes, deal_for_seed, load, make_table, paired, save,
                                            wilson_interval)

#: The stored strongest tables the variants are paired with, by number of players (their tuning deals).
STORED = {4: "benchmarks/results/comrade_silence.json", 3: "benchmarks/results/comrade_silence_3p.json"}

#: The solver's node budget for "could these final bids be made" (as ``bench_comrade_silence.py --bids``).
NODE_LIMIT = 20_000


def split(seed: int, actions, players: int = 4) -> int:
    """How many of a stored game's ``actions`` are its bidding (replayed on deal ``seed``; on another deal the
    count stops at the first action that is illegal there)."""
    game = ComradeGame(*deal_for_seed(seed, players))
    n = 0
    for a in actions:
        if game.phase != "bidding" or game.is_terminal():
            break
        try:
            game.apply(a)
        except GameError:
            break
        n += 1
    return n


def verdict(seed: int, bidding, players: int = 4) -> str:
    """Could the final bids of ``bidding`` on deal ``seed`` be made by any play: ``"win"``, ``"no_win"`` (also a
    bidding lost), or ``"unknown"`` (the node budget ran out)."""
    game = ComradeGame(*deal_for_seed(seed, players))
    for a in bidding:
        game.apply(a)
    if game.is_terminal():
        return "win" if game.result == "win" else "no_win"
    return solve_position(game, None, check=False, node_limit=NODE_LIMIT).verdict


def play_variant(seed: int, kind: str, stored: GameRecord, verify: bool, players: int = 4) -> tuple[GameRecord, bool]:
    """Deal ``seed`` with a table of ``kind`` (``players`` seats): ``(its game, whether the stored game was
    copied)``."""
    start = time.perf_counter()
    deal, dealer = deal_for_seed(seed, players)
    game = ComradeGame(deal, dealer)
    table = make_table(kind, seed, players)
    while game.phase == "bidding" and not game.is_terminal():
        seat = game.current_player()
        game.apply(table[seat].act(game.view(seat), game.legal_actions()))
    mine = tuple(map(str, game.actions))
    same = mine == tuple(stored.actions[:len(mine)]) and split(seed, stored.actions, players) == len(mine)
    if same and not verify:
        return GameRecord(seed, kind, stored.result, stored.reason, stored.actions,
                          time.perf_counter() - start), True
    while not game.is_terminal():
        seat = game.current_player()
        game.apply(table[seat].act(game.view(seat), game.legal_actions()))
    record = GameRecord(seed, kind, game.result, game.loss_reason, tuple(map(str, game.actions)),
                        time.perf_counter() - start)
    if same and (record.actions, record.result) != (tuple(stored.actions), stored.result):
        raise VerifyError(f"deal {seed}: the same bidding as the stored best game, but another game after it: "
                          f"the copy would be wrong (was best's code changed since it was stored?)")
    return record, False


class VerifyError(Exception):
    """A deal played out with the same bidding as the stored game ended differently."""


def paired_interval(only_before: int, only_after: int, deals: int) -> tuple[float, float]:
    """A 95 % interval of the paired difference of two win rates (after minus before) on ``deals`` deals: the
    Wilson interval of the share of the disagreeing deals won by "after", scaled to the whole range (conditional
    on how many deals disagree).

    >>> [round(x, 3) for x in paired_interval(10, 20, 100)]
    [-0.007, 0.185]
    """
    m = only_before + only_after
    if m == 0 or deals == 0:
        return (0.0, 0.0)
    lo, hi = wilson_interval(only_after, m)
    return (m / deals * (2 * lo - 1), m / deals * (2 * hi - 1))


def report(kind: str, before: list[GameRecord], after: list[GameRecord], verdicts: dict) -> dict:
    """Print and return the paired comparison: wins, and final biddings some play could make."""
    wins = paired(before, after)
    lo, hi = paired_interval(wins["only_before"], wins["only_after"], wins["deals"])
    print(f"{kind} against best, deals {min(r.seed for r in after)}-{max(r.seed for r in after)}: "
          f"{wins['deals']} deals; won {wins['wins_before']} (best) and {wins['wins_after']} ({kind}); only best "
          f"{wins['only_before']}, only {kind} {wins['only_after']} (exact sign test p = {wins['p']:.3g}); "
          f"difference {100 * (wins['wins_after'] - wins['wins_before']) / wins['deals']:+.1f} points "
          f"(95 % {100 * lo:+.1f} to {100 * hi:+.1f})")
    # the final biddings: the same bidding, the same verdict; the differing ones were solved
    mk_before = [GameRecord(s, "b", "win" if v[0] == "win" else "loss", None, (), 0.0) for s, v in verdicts.items()]
    mk_after = [GameRecord(s, "a", "win" if v[1] == "win" else "loss", None, (), 0.0) for s, v in verdicts.items()]
    makes = paired(mk_before, mk_after)
    mlo, mhi = paired_interval(makes["only_before"], makes["only_after"], wins["deals"])
    unknown = sum("unknown" in v for v in verdicts.values())
    print(f"  final biddings: {len(verdicts)} differ from best's; of those, makeable with best's bidding "
          f"{makes['wins_before']}, with {kind}'s {makes['wins_after']} (only best {makes['only_before']}, only "
          f"{kind} {makes['only_after']}, p = {makes['p']:.3g}; {unknown} undecided); difference in makeable "
          f"final biddings {100 * (makes['wins_after'] - makes['wins_before']) / wins['deals']:+.1f} points of "
          f"all deals (95 % {100 * mlo:+.1f} to {100 * mhi:+.1f})")
    return {"wins": wins, "wins_interval": (lo, hi), "makeable": makes, "makeable_interval": (mlo, mhi)}


def parse_range(text: str) -> tuple[str, int, int]:
    """``bidding:NAME:A-B`` as ``(kind, A, B + 1)``; refuses an unknown kind and held-out deals."""
    kind, _, deals = text.rpartition(":")
    first, dash, last = deals.partition("-")
    if kind not in BIDDING_KINDS:
        raise argparse.ArgumentTypeError(f"{text!r}: unknown variant {kind!r} (variants: {', '.join(BIDDING_KINDS)})")
    if not (first.isdigit() and first.isascii() and dash and last.isdigit() and last.isascii()) \
            or int(last) < int(first):
        raise argparse.ArgumentTypeError(f"{text!r}: write KIND:A-B, the tuning deals A .. B (e.g. "
                                         f"bidding:fills:0-199)")
    start, stop = int(first), int(last) + 1
    if start < HELD_OUT.stop and stop > HELD_OUT.start:
        raise argparse.ArgumentTypeError(f"{text!r}: deals {HELD_OUT.start}-{HELD_OUT.stop - 1} are held out: "
                                         f"variants are compared on tuning deals only")
    return kind, start, stop


class OneLineParser(argparse.ArgumentParser):
    """Bad arguments in one line, status 2."""

    def error(self, message: str):
        print(f"bench_comrade_bidding.py: {' '.join(message.split())} (see --help)", file=sys.stderr)
        raise SystemExit(2)


def main(argv=None) -> None:
    ap = OneLineParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kind", type=parse_range, required=True, help="bidding:NAME:A-B, the variant and the deals")
    ap.add_argument("--players", type=int, choices=(3, 4), default=4, help="the game's seats (default 4)")
    ap.add_argument("--stored", type=Path, default=None,
                    help="the stored study holding the best games of those deals")
    ap.add_argument("--out", type=Path, default=None, help="store the variant's games here (a study file)")
    ap.add_argument("--verify", type=int, default=2, help="play out this many deals with best's bidding and check")
    args = ap.parse_args(argv)
    kind, first, stop = args.kind
    players = args.players
    if args.stored is None:
        args.stored = Path(STORED[players])
    try:
        _, records = load(args.stored)
        best = {r.seed: r for r in records if r.kind == "best" and first <= r.seed < stop}
        missing = [s for s in range(first, stop) if s not in best]
        if missing:
            print(f"bench_comrade_bidding.py: {args.stored} holds no best game of deal {missing[0]}", file=sys.stderr)
            raise SystemExit(2)
        got: list[GameRecord] = []
        how: dict = {}
        if args.out and args.out.exists():
            meta, old = load(args.out)
            how = meta.get("kinds", {}).get(kind, {})
            got = sorted((r for r in old if r.kind == kind), key=lambda r: r.seed)
            if how and (how.get("first") != first or how.get("search_sha1") != code_hashes()["search_sha1"]):
                print(f"bench_comrade_bidding.py: {args.out} holds {kind} games of another range or search: "
                      f"choose another --out", file=sys.stderr)
                raise SystemExit(2)
    except StudyFileError as e:
        print(f"bench_comrade_bidding.py: {' '.join(str(e).split())}", file=sys.stderr)
        raise SystemExit(2) from None
    verdicts = {int(k): tuple(v) for k, v in how.get("differ", {}).items()}
    copied = how.get("copied", 0)
    verified = how.get("verified", 0)
    wall = how.get("wall_seconds", 0)
    start = time.perf_counter()
    hashes = code_hashes()
    command = (f"python benchmarks/bench_comrade_bidding.py --kind {kind}:{first}-{stop - 1} --players {players} "
               f"--stored {args.stored}")

    def store() -> None:
        entry = {"command": command, "asked": stop - first, "deals": len(got), "first": first,
                 "wall_seconds": round(wall + time.perf_counter() - start),
                 "load_average": round(os.getloadavg()[0], 1), "workers": 1, "date": time.strftime("%Y-%m-%d"),
                 "machine": f"{os.cpu_count()} cores, {platform.system()} {platform.machine()}",
                 "copied": copied, "verified": verified, "differ": {str(s): list(v) for s, v in verdicts.items()},
                 **hashes}
        save(got, args.out, {"kinds": {kind: entry}, "players": players})

    for seed in range(first + len(got), stop):
        try:
            record, copy = play_variant(seed, kind, best[seed], verified < args.verify, players)
        except VerifyError as e:
            print(f"bench_comrade_bidding.py: {e}", file=sys.stderr)
            raise SystemExit(2) from None
        n, n_best = split(seed, record.actions, players), split(seed, best[seed].actions, players)
        if record.actions[:n] == best[seed].actions[:n] and n_best == n:
            if copy:
                copied += 1
            else:
                verified += 1
        else:
            verdicts[seed] = (verdict(seed, best[seed].actions[:n_best], players),
                              verdict(seed, record.actions[:n], players))
        got.append(record)
        print(f"\r{kind}: {len(got)}/{stop - first} ({len(verdicts)} with another bidding)", end="", file=sys.stderr)
        if args.out and (len(got) % 5 == 0 or seed == stop - 1):
            store()
    print(file=sys.stderr)
    report(kind, [best[r.seed] for r in got], got, verdicts)
    print(f"  {copied} deals copied from best (the same bidding), {verified} played out and checked equal")


if __name__ == "__main__":
    main()
