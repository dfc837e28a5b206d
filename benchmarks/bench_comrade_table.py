r"""Can a student win at the play table?  A stand-in student who sees every hand, with the table's partners.

The question the reviews asked: with the partners the Comrade play table seats, can a student win at all?
A **stand-in student** answers it from above: it sees all four hands (no real student does) and never makes
a fatal move — at each of its decisions it takes the convention card's choice if perfect cooperation could
still win after it (the position solver, all hands visible), else the first other legal action after which
a win is still possible (in the card's order of preference), else the card's choice.  So its table loses only
through the **partners**: their bids and cards, made from their own views, leave no win.  The partners see
only their own seats, as at the table.

    .venv/bin/python benchmarks/bench_comrade_table.py --deals 200 --out benchmarks/results/comrade_table.json
    .venv/bin/python benchmarks/bench_comrade_table.py --deals 200 --partners heuristic \
        --out benchmarks/results/comrade_table.json
    .venv/bin/python benchmarks/bench_comrade_table.py --deals 60 --partners search \
        --out benchmarks/results/comrade_table.json

(each run replaces its own kind of partners in the file and keeps the others; each entry stores the hashes of
the convention card and the search that played it; ``make check-results`` says when they are not today's, and
the generated ``docs/benchmarks.md`` marks such rows until the entry is played again)

Deals 0, 1, 2, ... (``Deal.random(seed)``, dealer ``seed % 4``, as the silence study plays them); the student
sits at seat ``(seed // 4) % 4`` (the odd seat of the study's mixed tables).  ``--partners`` chooses the three
partners: ``card`` (:class:`~solvers.comrade_players.convention.ConventionPlayer`), ``search``
(:class:`~solvers.comrade_players.cardsearch.CardSearchPlayer`, the study's strongest and the table's default)
or ``heuristic`` (:class:`~cardgames.comrade.players.HeuristicPlayer`, the table's partners before the
convention card).  The solver runs with a node budget, not a time limit, so the games are the same on every
machine; a position it cannot settle within the budget counts as "no win possible" for the student (it then
looks further).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardgames.comrade import ComradeGame, Deal  # noqa: E402
from cardgames.comrade.players import HeuristicPlayer  # noqa: E402
from solvers.comrade_players.cardsearch import CardSearchPlayer  # noqa: E402
from solvers.comrade_players.convention import ConventionCard, ConventionPlayer  # noqa: E402
from solvers.comrade.position import solve_position  # noqa: E402
from solvers.studies.comrade_tables import code_hashes, wilson_interval  # noqa: E402

#: Positions per solver call of the stand-in student.
NODE_LIMIT = 20_000


def winnable(game: ComradeGame, action) -> bool:
    """Could perfect cooperation still win after ``action``?"""
    after = game.clone()
    after.apply(action)
    if after.is_terminal():
        return after.result == "win"
    return solve_position(after, None, check=False, node_limit=NODE_LIMIT).verdict == "win"


def student_action(game: ComradeGame, card: ConventionCard):
    """The stand-in student's action: it sees ``game`` whole (see the module docstring)."""
    seat = game.current_player()
    legal = game.legal_actions()
    if len(legal) == 1:
        return legal[0]
    view = game.view(seat)
    choice = card.choose(view, legal)
    if winnable(game, choice):
        return choice
    policy = card.policy(view, legal)
    for action in sorted(legal, key=lambda a: -policy[a]):
        if action != choice and winnable(game, action):
            return action
    return choice


def partners(kind: str, seed: int, seats: int = 4) -> list:
    if kind == "card":
        return [ConventionPlayer() for _ in range(seats)]
    if kind == "heuristic":
        return [HeuristicPlayer() for _ in range(seats)]
    return [CardSearchPlayer(seed=seed * 10 + p) for p in range(seats)]


def play(seed: int, kind: str) -> dict:
    """Deal ``seed`` with the stand-in student at its seat and three partners of ``kind``."""
    deal = Deal.random(seed)
    game = ComradeGame(deal, seed % 4)
    student = (seed // 4) % 4
    table = partners(kind, seed)
    card = ConventionCard()
    start = time.perf_counter()
    while not game.is_terminal():
        seat = game.current_player()
        if seat == student:
            game.apply(student_action(game, card))
        else:
            game.apply(table[seat].act(game.view(seat), game.legal_actions()))
    return {"seed": seed, "student": student, "result": game.result,
            "bidding_loss": None if game.bidding_loss is None else str(game.bidding_loss),
            "tricks": len(game.tricks), "seconds": round(time.perf_counter() - start, 2)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=60)
    ap.add_argument("--partners", choices=("card", "search", "heuristic"), default="card")
    ap.add_argument("--out", type=Path, default=None)
    try:
        args = ap.parse_args(argv)
    except SystemExit as e:
        return 2 if e.code else 0
    if args.deals < 1:
        print("bench_comrade_table.py: --deals must be at least 1", file=sys.stderr)
        return 2
    games = []
    for seed in range(args.deals):
        games.append(play(seed, args.partners))
        print(f"\r{len(games)}/{args.deals}", end="", file=sys.stderr)
    print(file=sys.stderr)
    wins = sum(g["result"] == "win" for g in games)
    lo, hi = wilson_interval(wins, len(games))
    row = {"partners": args.partners, "games": len(games), "wins": wins, "rate": wins / len(games), "low": lo,
           "high": hi, "bidding_losses": sum(g["bidding_loss"] is not None for g in games)}
    print(f"stand-in student + three {args.partners} partners: {wins}/{len(games)} = {row['rate']:.3f} "
          f"(95% {lo:.3f}-{hi:.3f}); bidding losses {row['bidding_losses']}")
    if args.out:
        # one file for every kind of partners: a run replaces its own kind's entry and keeps the others
        stored = json.loads(args.out.read_text()) if args.out.exists() else {}
        tables = stored.get("tables", {})
        machine = f"{os.cpu_count()} cores, {platform.system()} {platform.machine()}"
        tables[args.partners] = {"command": "python benchmarks/bench_comrade_table.py " + " ".join(
            argv if argv is not None else sys.argv[1:]), "date": time.strftime("%Y-%m-%d"), "machine": machine,
            "load_average": round(os.getloadavg()[0], 1), **code_hashes(), "summary": row, "games": games}
        out = {"meta": {"python": platform.python_version(), "node_limit": NODE_LIMIT}, "tables": tables}
        args.out.write_text(json.dumps(out, indent=1) + "\n")
        print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
