"""Reading the table: the three methods of sampling the hidden hands, against the truth.

Both methods of :func:`solvers.comrade_players.inference.sample_worlds` draw layouts of the hidden cards
from the uniform prior and weight them by the convention card's likelihood of the others' actions;
``importance`` keeps ``n`` weighted layouts, ``resample`` draws ``oversample × n`` and keeps ``n``
of them in proportion to their weights.  On late positions of seeded card games (trick 11: three
cards each, up to 1,680 layouts) every layout can be listed and its exact posterior probability
computed, so each method's error can be measured: the largest difference, over every hidden card and
seat, between the sampled and the exact chance that the seat holds the card.  For each method and
number of worlds the script prints the median error and the median time over the positions::

    python benchmarks/bench_comrade_inference.py --positions 8

The card is :class:`~solvers.comrade_players.inference.HeuristicCard` with ``epsilon=0.2`` (a soft card,
so the posterior is spread over many layouts and the comparison means something) on games of the
convention card played on (``stop_at_loss=False``).

``--accuracy`` asks what the search players need: with the real convention card and the few worlds
a decision can afford (6), how many of the hidden cards does a world place with the right seat?  On
seeded card games at the start of the play and after 3 and 6 tricks (the player to act; deals 0, 1,
...), for ``resample`` and ``mcmc`` (``thin`` 2, 4, 8 with the default burn-in, and thin 4 with a burn-in of 24
and of 120 swaps) and the prior (no seat trusted), the script prints
the mean share placed right, the distinct worlds among the 6, how many seats were not trusted, how well
the worlds explain the others' actions (each seat's likelihood against the true layout's, at most 1) and
the median time::

    python benchmarks/bench_comrade_inference.py --accuracy 30

``--play DEALS`` asks what it is worth at the table: on deals ``0 .. DEALS-1`` (``Deal.random(seed)``, dealer
``seed % 4``) the convention card bids; the deals whose final bids can be made (the position solver, all hands
visible, 20,000 positions) are then played from the first card by four
:class:`~solvers.comrade_players.cardsearch.CardSearchPlayer` (seeds ``10 × seed + seat``) drawing their worlds with
each method, and by four card players; it prints the wins and how the methods' wins overlap::

    python benchmarks/bench_comrade_inference.py --play 100
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardgames.comrade import ComradeGame, Deal  # noqa: E402
from cardgames.comrade.players import public_voids, unseen_cards  # noqa: E402
from cardgames.comrade.options import ComradeOptions  # noqa: E402
from solvers.comrade_players.convention import ConventionCard  # noqa: E402
from solvers.comrade_players.inference import Evidence, HeuristicCard, sample_worlds  # noqa: E402

RULES = ComradeOptions(stop_at_loss=False)


def positions(count: int, tricks: int = 10):
    card = ConventionCard(RULES)
    seed = 0
    while count:
        game = ComradeGame(Deal.random(seed), dealer=seed % 4, options=RULES)
        seed += 1
        while not game.is_terminal() and not (game.phase == "play" and len(game.tricks) == tricks):
            s = game.current_player()
            game.apply(card.choose(game.view(s), game.legal_actions()))
        if not game.is_terminal():
            count -= 1
            yield game.view(game.current_player())


def exact(view, card):
    """{(seat, card): exact posterior chance} by listing every layout."""
    others = [p for p in range(4) if p != view.seat]
    voids = public_voids(view)
    pool = unseen_cards(view)
    ev = Evidence(view, card, RULES)
    total, chance = 0.0, {}

    def rec(i, left, acc):
        nonlocal total
        if i == len(others):
            w = 1.0
            for p in others:
                w *= ev.seat_likelihood(p, acc[p])
            total += w
            for p in others:
                for c in acc[p]:
                    chance[(p, c)] = chance.get((p, c), 0.0) + w
            return
        p = others[i]
        for hand in itertools.combinations(left, view.hand_sizes[p]):
            if not any(c.suit in voids[p] for c in hand):
                rec(i + 1, [c for c in left if c not in hand], {**acc, p: list(hand)})

    rec(0, pool, {})
    return {(p, c): chance.get((p, c), 0.0) / total for p in others for c in pool}


def placed_right(worlds, hands) -> float:
    """The weighted share of the hidden cards that the worlds give to the seat that really holds them."""
    return (sum(worlds.holds(p, c) for p in worlds.seats for c in hands[p])
            / max(1, sum(len(hands[p]) for p in worlds.seats)))


def accuracy(deals: int, n: int = 6) -> None:
    card = ConventionCard()
    methods = [("prior", "resample", None, 0.999999, None), ("resample", "resample", None, None, None)] + [
        (f"mcmc thin {t}", "mcmc", t, None, None) for t in (2, 4, 8)] + [
        ("mcmc burn 24", "mcmc", 4, None, 24),
        ("mcmc burn 120", "mcmc", 4, None, 120)]   # the default: 120 before trick 3
    for tricks in (0, 3, 6):
        got = {m[0]: ([], [], [], [], []) for m in methods}
        for seed in range(deals):
            game = ComradeGame(Deal.random(seed), dealer=seed % 4)
            while not game.is_terminal() and not (game.phase == "play" and len(game.tricks) >= tricks
                                                   and not game.current_trick):
                s = game.current_player()
                game.apply(card.choose(game.view(s), game.legal_actions()))
            if game.is_terminal():
                continue
            seat = game.current_player()
            view, hands = game.view(seat), [set(h) for h in game.hands]
            ev = Evidence(view, card)          # only to score the worlds: each method builds its own
            truth = {p: ev.seat_likelihood(p, list(hands[p])) for p in ev.seats}
            for name, method, thin, floor, burn in methods:
                t = time.perf_counter()
                w = sample_worlds(view, card, n, random.Random(seed), method=method, oversample=3, thin=thin,
                                  burn=burn, **({"trust_floor": floor} if floor else {}))
                got[name][2].append(time.perf_counter() - t)
                got[name][0].append(placed_right(w, hands))
                got[name][1].append(w.distinct)
                got[name][3].append(len(w.untrusted))
                # how well a world explains each other seat's actions, against the true layout (at most 1)
                got[name][4].append(statistics.mean(min(1.0, ev.seat_likelihood(p, h[p]) / truth[p])
                                                    for h in w.hands for p in ev.seats if truth[p] > 0))
        for name, (acc, distinct, times, untrusted, explained) in got.items():
            print(f"trick {tricks}, {name:>13}: placed right {statistics.mean(acc):.3f}, distinct worlds "
                  f"{statistics.mean(distinct):.1f} of {n}, seats untrusted {sum(untrusted)} of {3 * len(acc)}, "
                  f"actions explained {statistics.mean(explained):.2f} of the truth, time median "
                  f"{statistics.median(times):.3f} s ({len(acc)} positions)")


def play(deals: int) -> None:
    from cardgames.players import play_out_seated
    from solvers.comrade_players.cardsearch import CardSearchPlayer
    from solvers.comrade_players.convention import ConventionPlayer
    from solvers.comrade.position import solve_position

    card = ConventionCard()
    won: dict = {"card": set(), "resample": set(), "mcmc": set()}
    makeable = []
    for seed in range(deals):
        start = ComradeGame(Deal.random(seed), dealer=seed % 4)
        while start.phase == "bidding":
            start.apply(card.choose(start.view(start.current_player()), start.legal_actions()))
        if start.is_terminal() or solve_position(start, None, node_limit=20_000).verdict != "win":
            continue
        makeable.append(seed)
        for name in won:
            game = start.clone()
            play_out_seated(game, [ConventionPlayer(card) if name == "card" else
                                   CardSearchPlayer(seed=seed * 10 + p, method=name) for p in range(4)])
            if game.result == "win":
                won[name].add(seed)
        print(f"\rdeal {seed}: " + ", ".join(f"{k} {len(v)}" for k, v in won.items()) + f" of {len(makeable)}",
              end="", file=sys.stderr)
    print(file=sys.stderr)
    print(f"{len(makeable)} of {deals} card biddings could be made; won from the first card: card {len(won['card'])}, "
          f"search with resample {len(won['resample'])}, search with mcmc {len(won['mcmc'])} (both "
          f"{len(won['resample'] & won['mcmc'])}, only mcmc {len(won['mcmc'] - won['resample'])}, only resample "
          f"{len(won['resample'] - won['mcmc'])})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=8)
    ap.add_argument("--worlds", type=int, nargs="+", default=[50, 200, 800])
    ap.add_argument("--accuracy", type=int, default=0, metavar="DEALS",
                    help="instead: the share of hidden cards placed right, on this many seeded card games")
    ap.add_argument("--play", type=int, default=0, metavar="DEALS",
                    help="instead: the search's wins with each method on the makeable card biddings of this many deals")
    args = ap.parse_args()
    if args.play:
        play(args.play)
        return
    if args.accuracy:
        accuracy(args.accuracy)
        return
    card = HeuristicCard(RULES, epsilon=0.2)
    views = list(positions(args.positions))
    truths = [exact(v, card) for v in views]
    for method in ("importance", "resample", "mcmc"):
        for n in args.worlds:
            errors, times = [], []
            for k, (v, truth) in enumerate(zip(views, truths)):
                t = time.perf_counter()
                # resample draws oversample x n layouts: give it n / 2 worlds from n proposals' worth x 2
                w = sample_worlds(v, card, n if method == "importance" else max(1, n // 2), random.Random(k),
                                  method=method, oversample=2, rules=RULES)
                times.append(time.perf_counter() - t)
                errors.append(max(abs(w.holds(p, c) - q) for (p, c), q in truth.items()))
            print(f"{method:>10}, {w.proposals:>4} prior draws: largest error median {statistics.median(errors):.3f} "
                  f"(worst {max(errors):.3f}), time median {statistics.median(times):.3f} s")


if __name__ == "__main__":
    main()
