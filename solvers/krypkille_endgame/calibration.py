"""How well do the belief models predict real rounds?  A calibration study.

For every seat of every round dealt and played by the engine (heuristic
players, :meth:`Endgame.deal <solvers.krypkille_endgame.Endgame.deal>`), at the
moment the declarations start, each belief model
(:mod:`solvers.krypkille_endgame.beliefs`) predicts the chance that the
seat's own final card is the **unique lowest** (the event that decides a
declaration), from what that seat knows: the public cards, its own card and
its own discards (earlier passes are not used, so that both models answer the
same question for every seat).  Grouping the predictions in bins and comparing
each bin's mean prediction with how often the event really happened gives a
**reliability chart**: a well-calibrated model lies on the diagonal.

>>> recs = calibration_records(3, range(20))
>>> len(recs), sorted(recs[0])
(60, ['observed', 'play', 'players', 'seat', 'seed', 'uniform'])
>>> rows = reliability(recs, "play", bins=5)
>>> sum(r["count"] for r in rows)
60
"""

from __future__ import annotations

from typing import Iterable, Sequence

from cardgames.display import html_table

from .beliefs import BELIEFS, allowed_finals, check_beliefs, unique_lowest_probability
from .combinatorics import ALL
from .common import unseen_pool
from .endgame import Endgame

__all__ = ["calibration_records", "reliability", "reliability_html", "plot_reliability", "MIN_BIN_COUNT"]

#: A bin needs at least this many predictions to be judged (its observed frequency is then within
#: about ±0.05 of the truth at 1 standard error or better).
MIN_BIN_COUNT = 100


def _predictions(end: Endgame, seat: int) -> dict:
    card = end.final_cards[seat]
    pool = unseen_pool(end.played, [card], end.discards[seat])
    pool = {k: c for k, c in pool.items() if c > 0}
    others = [s for s in range(end.num_players) if s != seat]
    allowed = allowed_finals(end.tricks, end.num_players)
    lowest = min(end.final_cards)
    return {"uniform": unique_lowest_probability(pool, card, [ALL] * len(others)),
            "play": unique_lowest_probability(pool, card, [allowed[s] for s in others]),
            "observed": int(card == lowest and end.final_cards.count(card) == 1)}


def calibration_records(num_players: int, seeds: Iterable[int]) -> list[dict]:
    """One record per seat and seeded round: both models' predictions and what happened (0 or 1)."""
    out = []
    for seed in seeds:
        end = Endgame.deal(num_players, seed=seed)
        for seat in range(num_players):
            out.append({"players": num_players, "seed": seed, "seat": seat, **_predictions(end, seat)})
    return out


def reliability(records: Sequence[dict], model: str, bins: int = 10) -> list[dict]:
    """Per bin of predicted probability (equal widths): count, mean prediction, observed frequency."""
    check_beliefs(model)
    groups: list[list[dict]] = [[] for _ in range(bins)]
    for r in records:
        groups[min(int(r[model] * bins), bins - 1)].append(r)
    rows = []
    for b, g in enumerate(groups):
        if not g:
            continue
        pred = sum(r[model] for r in g) / len(g)
        obs = sum(r["observed"] for r in g) / len(g)
        rows.append({"bin": (b / bins, (b + 1) / bins), "count": len(g), "predicted": pred, "observed": obs,
                     "gap": obs - pred, "judged": len(g) >= MIN_BIN_COUNT})
    return rows


def reliability_html(records: Sequence[dict], bins: int = 10, caption: str = "") -> str:
    """Both models side by side, one row per bin."""
    by = {m: {r["bin"]: r for r in reliability(records, m, bins)} for m in BELIEFS}
    rows = []
    for m in BELIEFS:
        for b, r in sorted(by[m].items()):
            rows.append([m, f"{b[0]:.1f}–{b[1]:.1f}", r["count"], f"{r['predicted']:.3f}", f"{r['observed']:.3f}",
                         f"{r['gap']:+.3f}" + ("" if r["judged"] else " (few)")])
    return html_table(rows, ["model", "predicted", "seats", "mean predicted", "observed", "observed − predicted"],
                      caption=caption or "Chance of holding the unique lowest card: predicted vs observed")


def plot_reliability(records_by_players: dict, ax=None, bins: int = 10, title: str = "",
                     min_count: int = MIN_BIN_COUNT):
    """The reliability chart: one line per model and player count; the diagonal is perfect calibration.
    ``records_by_players`` maps a player count to its records (or to stored :func:`reliability` rows,
    a dict ``{model: rows}``); bins with fewer than ``min_count`` seats are left out."""
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(5.2, 5.0))
    ax.plot([0, 1], [0, 1], color="#888", lw=1, label="perfect calibration")
    styles = {"uniform": "--", "play": "-"}
    for idx, (n, recs) in enumerate(sorted(records_by_players.items())):
        color = f"C{idx}"
        for m in BELIEFS:
            rows = recs[m] if isinstance(recs, dict) else reliability(recs, m, bins)
            rows = [r for r in rows if r["count"] >= min_count]
            ax.plot([r["predicted"] for r in rows], [r["observed"] for r in rows], styles[m],
                    marker="o" if m == "play" else "x", ms=4, color=color,
                    label=f"{n} players, {m} model ({'solid' if m == 'play' else 'dashed'})")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_xlabel("predicted chance of the unique lowest card")
    ax.set_ylabel("observed frequency")
    ax.set_title(title or f"Reliability (bins with at least {min_count} seats)", fontsize=9)
    ax.legend(fontsize=6.5, loc="upper left")
    ax.grid(alpha=0.3)
    return ax
