"""What the convention card is worth, rule by rule.

Rewrites the stored results (the command actually used is stored in the file, ``meta["command"]``):

    .venv/bin/python benchmarks/bench_comrade_card.py --deals 400 --diagnose 60 \\
        --out benchmarks/results/comrade_card.json

Deals 0, 1, 2, ... (``Deal.random(seed)``, dealer ``seed % 4``, as the study plays them).  Every
deal is played by a table of four :class:`~solvers.comrade_players.convention.ConventionPlayer` (each seat
sees only its own view), once with the whole card and once with each rule switched off
(``ConventionCard(**{rule: False})``).  For each table: wins with the 95 % Wilson interval, and the
losses split into bidding and play.  Deterministic: the card has no randomness, so the same
command prints the same table on every machine.

``--winnable K`` solves the card's final bids of the first K deals with all hands visible: could any
play have made them?  ``--diagnose K`` asks the position solver (all hands visible) *why* the whole
card lost the first K lost deals: the first action after which no win was possible any more (a
binary search over the game's actions; "no win" never comes back once it is reached), whose it was
and which rule of the card chose it.  ``--timing M`` times ``ConventionCard.policy`` on M positions
of card games (the inference calls it for every public action of every sampled world).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardgames.comrade import ComradeGame, Deal  # noqa: E402
from cardgames.players import play_out_seated  # noqa: E402
from solvers.comrade_players.convention import RULES, ConventionCard, ConventionPlayer  # noqa: E402
from solvers.comrade.position import solve_position  # noqa: E402
from solvers.comrade_players.review import first_fatal_action, replay_prefix  # noqa: E402
from solvers.studies.comrade_tables import code_hashes, wilson_interval  # noqa: E402


def play(seed: int, card: ConventionCard, players: int = 4) -> ComradeGame:
    """Deal ``seed`` played by four (or three) players who follow ``card``."""
    game = ComradeGame(Deal.random(seed, players=players), seed % players)
    return play_out_seated(game, [ConventionPlayer(card) for _ in range(players)])


def table_row(name: str, games: list[ComradeGame]) -> dict:
    wins = sum(g.result == "win" for g in games)
    bidding = sum(g.bidding_loss is not None for g in games)
    lo, hi = wilson_interval(wins, len(games))
    return {"table": name, "games": len(games), "wins": wins, "rate": wins / len(games), "low": lo, "high": hi,
            "bidding_losses": bidding, "play_losses": len(games) - wins - bidding,
            "mean_tricks": statistics.fmean(len(g.tricks) for g in games)}


def first_fatal(seed: int, card: ConventionCard, time_limit: float = 5.0) -> dict:
    """The first action of the card's game on deal ``seed`` after which no win is possible, and the
    rule of the card that chose it (:func:`solvers.comrade_players.review.first_fatal_action`)."""
    game = play(seed, card)
    fatal = first_fatal_action(game, time_limit=time_limit)
    out = {"seed": seed, "verdict_at_start": fatal.verdict_at_start, "unknown": fatal.unknown}
    if fatal.index is None:
        return out
    before = replay_prefix(game, fatal.index)
    reasons = card.explain(before.view(fatal.seat), before.legal_actions())
    out.update(index=fatal.index, action=fatal.action, seat=fatal.seat, phase=fatal.phase, trick=fatal.trick,
               rule=reasons[0][0], reason=reasons[0][1], loss=game.loss_reason)
    return out


def winnable_after_bidding(seeds, card: ConventionCard, time_limit: float = 5.0) -> dict:
    """Could the card's final bids be made at all?  The position solver (all hands visible) at the
    first card of the play, for each deal of ``seeds``; and how many of the makeable ones the card won."""
    counts = Counter()
    for seed in seeds:
        game = play(seed, card)
        if game.bidding_loss is not None:
            counts["bidding lost"] += 1
            continue
        start = replay_prefix(game, len(game.bidding_history))
        verdict = solve_position(start, time_limit=time_limit).verdict
        counts[verdict] += 1
        counts[f"{verdict}, card table {game.result}"] += 1
    return dict(counts)


def time_policy(count: int, card: ConventionCard) -> dict:
    """Median and 99th percentile, in microseconds, of ``card.policy`` on positions of card games."""
    times = {"bidding": [], "play": []}
    seed = 0
    while min(len(t) for t in times.values()) < count:
        game = ComradeGame(Deal.random(10_000 + seed), seed % 4)
        seed += 1
        while not game.is_terminal():
            seat, legal = game.current_player(), game.legal_actions()
            view = game.view(seat)
            t = time.perf_counter()
            card.policy(view, legal)
            times[game.phase].append(time.perf_counter() - t)
            game.apply(card.choose(view, legal))
    out = {}
    for phase, ts in times.items():
        ts = sorted(ts)
        out[phase] = {"positions": len(ts), "median_us": round(statistics.median(ts) * 1e6, 1),
                      "p99_us": round(ts[int(0.99 * (len(ts) - 1))] * 1e6, 1)}
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=200, help="deals 0..N-1 (default 200)")
    ap.add_argument("--diagnose", type=int, default=0, help="explain the first K lost deals with the solver")
    ap.add_argument("--winnable", type=int, default=0,
                    help="for the first K deals, solve the card's final bids with all hands visible")
    ap.add_argument("--timing", type=int, default=0, help="time policy() on this many positions per phase")
    ap.add_argument("--three", type=int, default=0, help="also play this many 3-player deals with the whole card")
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args(argv)
    if args.deals < 1:
        print("bench_comrade_card: --deals must be at least 1", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    seeds = range(args.deals)
    rows = [table_row("whole card", [play(s, ConventionCard()) for s in seeds])]
    for rule in RULES:
        card = ConventionCard(**{rule.id: False})
        rows.append(table_row(f"without {rule.id}", [play(s, card) for s in seeds]))
    if args.three:
        rows.append(table_row("whole card, 3 players", [play(s, ConventionCard(), 3) for s in range(args.three)]))
    whole = rows[0]["wins"]
    print(f"{'table':<22} {'wins':>9} {'rate':>6}  {'95% interval':<13} {'bid losses':>10} {'play losses':>11} "
          f"{'tricks':>6}  worth")
    for r in rows:
        worth = "" if r["table"] == "whole card" or "3 players" in r["table"] else f"{whole - r['wins']:+d} wins"
        print(f"{r['table']:<22} {r['wins']:>4}/{r['games']:<4} {r['rate']:>6.3f}  {r['low']:.3f}-{r['high']:.3f}  "
              f"{r['bidding_losses']:>10} {r['play_losses']:>11} {r['mean_tricks']:>6.2f}  {worth}")
    diagnoses = []
    if args.diagnose:
        card = ConventionCard()
        lost = [s for s in seeds if play(s, card).result != "win"][:args.diagnose]
        diagnoses = [first_fatal(s, card) for s in lost]
        found = [d for d in diagnoses if "rule" in d]
        by = Counter((d["phase"], d["rule"]) for d in found)
        print(f"\nfirst fatal action in {len(lost)} lost deals: {len(found)} found, "
              f"{sum(d['verdict_at_start'] != 'win' for d in diagnoses)} deals not winnable at all, "
              f"{sum(d['unknown'] for d in diagnoses)} with a position out of time")
        for (phase, rule), k in by.most_common():
            print(f"  {phase:<8} {rule:<3} {k}")
    winnable = {}
    if args.winnable:
        winnable = winnable_after_bidding(range(args.winnable), ConventionCard())
        made = winnable.get("win", 0)
        print(f"\nthe card's final bids, solved with all hands visible ({args.winnable} deals): {made} could be made "
              f"({winnable.get('win, card table win', 0)} of them the card table won), "
              f"{winnable.get('no_win', 0)} could not, {winnable.get('unknown', 0)} out of time")
    timing = {}
    if args.timing:
        timing = time_policy(args.timing, ConventionCard())
        for phase, t in timing.items():
            print(f"policy() in the {phase}: median {t['median_us']} us, 99th percentile {t['p99_us']} us "
                  f"({t['positions']} positions)")
    wall = time.perf_counter() - t0
    print(f"wall {wall:.0f} s")
    if args.out:
        command = f"python benchmarks/bench_comrade_card.py --deals {args.deals}" + \
                  (f" --diagnose {args.diagnose}" if args.diagnose else "") + \
                  (f" --winnable {args.winnable}" if args.winnable else "") + \
                  (f" --timing {args.timing}" if args.timing else "") + \
                  (f" --three {args.three}" if args.three else "") + f" --out {args.out.as_posix()}"
        machine = f"{os.cpu_count()} cores, {platform.system()} {platform.machine()}"
        data = {"meta": {"command": command, "date": time.strftime("%Y-%m-%d"), "machine": machine,
                         "load_average": round(os.getloadavg()[0], 1), "card_sha1": code_hashes()["card_sha1"],
                         "deals": args.deals, "wall_seconds": round(wall), "python": platform.python_version()},
                "tables": rows, "diagnoses": diagnoses, "winnable_after_bidding": winnable, "policy_timing": timing,
                "rules": [{"id": r.id, "phase": r.phase, "name": r.name, "meaning": r.meaning} for r in RULES]}
        args.out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
        print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
