"""How well do the belief models predict real rounds?  A calibration study.

For every seat of every round dealt and played by the engine (heuristic
players, :meth:`Endgame.deal <solvers.krypkille_endgame.Endgame.deal>`), at the
moment the declarations start, each belief model
(:data:`MODELS`: level 2's ``"uniform"`` and ``"play"``, and ``"policy"``
from :mod:`solvers.krypkille_endgame.policy`, which knows how the heuristic
players choose) predicts the chance that the
seat's own final card is the **unique lowest** (the event that decides a
declaration), from what that seat knows: the public cards, its own card and
its own discards (earlier passes are not used, so that both models answer the
same question for every seat).  The predicted event is exactly the one
recorded as ``observed``: the seat's final card is below every other final
card.  Grouping the predictions in bins and comparing each bin's mean
prediction with how often the event really happened gives a **reliability
chart**: a well-calibrated model lies on the diagonal.

>>> recs = calibration_records(3, range(20), samples=200)
>>> len(recs), sorted(recs[0])
(60, ['observed', 'play', 'players', 'policy', 'policy_se', 'seat', 'seed', 'uniform'])
>>> rows = reliability(recs, "play", bins=5)
>>> sum(r["count"] for r in rows)
60
"""

from __future__ import annotations

from typing import Iterable, Sequence

from cardgames.display import html_table
from cardgames.errors import shown

from .beliefs import BELIEFS, allowed_finals, unique_lowest_probability
from .combinatorics import ALL
from .common import EndgameError, unseen_pool
from .endgame import Endgame
from .policy import policy_unique_lowest

__all__ = ["MODELS", "POLICY_SAMPLES", "MAX_BIN_SE", "enough", "calibration_records", "reliability", "reliability_html",
           "plot_reliability", "MIN_BIN_COUNT", "LEGEND_FONTSIZE"]

#: A bin is judged ("enough rounds") when its observed frequency is precise enough for a 0.05 gap to
#: mean something: a binomial standard error of at most :data:`MAX_BIN_SE` at the bin's mean prediction
#: p, i.e. at least p (1 - p) / 0.025² seats (400 at p = 0.5, 204 at p = 0.15), and never fewer than
#: MIN_BIN_COUNT.  Then a perfectly calibrated model misses the 0.05 band in a bin only by a
#: two-standard-error accident (about 1 bin in 20).
MIN_BIN_COUNT = 100
MAX_BIN_SE = 0.025


def enough(count: int, predicted: float) -> bool:
    """Does a bin of ``count`` seats with mean prediction ``predicted`` have enough rounds to be judged?

    >>> enough(399, 0.5), enough(400, 0.5), enough(210, 0.15), enough(99, 0.01)
    (False, True, True, False)
    """
    return count >= MIN_BIN_COUNT and predicted * (1 - predicted) / count <= MAX_BIN_SE ** 2 + 1e-12

#: The models compared: level 2's two (:data:`~solvers.krypkille_endgame.beliefs.BELIEFS`) and the policy
#: model (:mod:`~solvers.krypkille_endgame.policy`), which also reads the heuristic players' free choices.
MODELS = {**BELIEFS, "policy": "the others' final cards as the posterior given every public action (discard counts, "
                               "leads, follows) of the known heuristic players, by seeded importance sampling"}

#: Weighted samples per prediction of the policy model.
POLICY_SAMPLES = 400


def check_model(model: str) -> str:
    if model not in MODELS:
        raise EndgameError(f"unknown belief model {shown(model)}: choose one of {', '.join(MODELS)}")
    return model


def _predictions(end: Endgame, seat: int, samples: int, seed: int) -> dict:
    card = end.final_cards[seat]
    pool = unseen_pool(end.played, [card], end.discards[seat])
    pool = {k: c for k, c in pool.items() if c > 0}
    others = [s for s in range(end.num_players) if s != seat]
    allowed = allowed_finals(end.tricks, end.num_players)
    lowest = min(end.final_cards)
    return {"uniform": unique_lowest_probability(pool, card, [ALL] * len(others)),
            "play": unique_lowest_probability(pool, card, [allowed[s] for s in others]),
            **({"policy": (est := policy_unique_lowest(end, seat, samples, seed)).p, "policy_se": est.se}
               if samples else {}),
            "observed": int(card == lowest and end.final_cards.count(card) == 1)}


def calibration_records(num_players: int, seeds: Iterable[int], samples: int = POLICY_SAMPLES) -> list[dict]:
    """One record per seat and seeded round: each model's prediction and what happened (0 or 1).
    The policy model uses ``samples`` weighted samples (seeded by round and seat; 0 leaves it out)."""
    out = []
    for seed in seeds:
        end = Endgame.deal(num_players, seed=seed)
        for seat in range(num_players):
            out.append({"players": num_players, "seed": seed, "seat": seat,
                        **_predictions(end, seat, samples, 1000 * seed + seat)})
    return out


def reliability(records: Sequence[dict], model: str, bins: int = 10) -> list[dict]:
    """Per bin of predicted probability (equal widths): count, mean prediction, observed frequency."""
    check_model(model)
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
                     "gap": obs - pred, "judged": enough(len(g), pred)})
    return rows


def reliability_html(records: Sequence[dict], bins: int = 10, caption: str = "") -> str:
    """The models side by side, one row per bin."""
    models = [m for m in MODELS if m in records[0]]
    by = {m: {r["bin"]: r for r in reliability(records, m, bins)} for m in models}
    rows = []
    for m in models:
        for b, r in sorted(by[m].items()):
            rows.append([m, f"{b[0]:.1f}–{b[1]:.1f}", r["count"], f"{r['predicted']:.3f}", f"{r['observed']:.3f}",
                         f"{r['gap']:+.3f}" + ("" if r["judged"] else " (few)")])
    return html_table(rows, ["model", "predicted", "seats", "mean predicted", "observed", "observed − predicted"],
                      caption=caption or "Chance of holding the unique lowest card: predicted vs observed")


#: The legend's type size: readable when the chart is projected in a classroom.
LEGEND_FONTSIZE = 12


def plot_reliability(records_by_players: dict, ax=None, bins: int = 10, title: str = "",
                     min_count: int | None = None, models: Sequence[str] = tuple(MODELS)):
    """The reliability chart: one line per model and player count; the diagonal is perfect calibration.
    ``records_by_players`` maps a player count to its records (or to stored :func:`reliability` rows,
    a dict ``{model: rows}``); only judged bins (:func:`enough`) are drawn, or with ``min_count`` the bins
    with at least that many seats.

    Two legends, in large type and **below** the chart (outside the data): the colours are the player
    counts, the line styles the models.
    """
    import matplotlib.pyplot as plt
    from matplotlib.lines import Line2D

    if ax is None:
        _, ax = plt.subplots(figsize=(6.0, 6.4))
    ax.plot([0, 1], [0, 1], color="#888", lw=1.2)
    styles = {"uniform": ("--", "x"), "play": (":", "s"), "policy": ("-", "o")}
    names = {"--": "dashed", ":": "dotted", "-": "solid"}
    counts, used = [], []
    for idx, (n, recs) in enumerate(sorted(records_by_players.items())):
        color = f"C{idx}"
        counts.append((n, color))
        for m in models:
            if (m not in recs) if isinstance(recs, dict) else (m not in recs[0]):
                continue
            rows = recs[m] if isinstance(recs, dict) else reliability(recs, m, bins)
            rows = [r for r in rows if (r["judged"] if min_count is None else r["count"] >= min_count)]
            line, marker = styles[m]
            ax.plot([r["predicted"] for r in rows], [r["observed"] for r in rows], line,
                    marker=marker, ms=6, lw=2, color=color)
            if m not in used:
                used.append(m)
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_xlabel("predicted chance of the unique lowest card", fontsize=11)
    ax.set_ylabel("observed frequency", fontsize=11)
    ax.set_title(title or ("Reliability (bins with enough seats: standard error at most "
                           f"{MAX_BIN_SE})" if min_count is None else
                           f"Reliability (bins with at least {min_count} seats)"), fontsize=11)
    model_handles = [Line2D([], [], color="black", ls=styles[m][0], marker=styles[m][1], lw=2, ms=6,
                            label=f"{m} ({names[styles[m][0]]})") for m in used]
    model_handles.append(Line2D([], [], color="#888", lw=1.2, label="perfect calibration"))
    count_handles = [Line2D([], [], color=c, lw=4, label=f"{n} players") for n, c in counts]
    first = ax.legend(handles=count_handles, fontsize=LEGEND_FONTSIZE, loc="upper center",
                      bbox_to_anchor=(0.5, -0.11), ncol=2, frameon=False, columnspacing=1.2,
                      handlelength=1.5)
    ax.add_artist(first)
    ax.legend(handles=model_handles, fontsize=LEGEND_FONTSIZE, loc="upper center",
              bbox_to_anchor=(0.5, -0.11 - 0.07 * ((len(count_handles) + 1) // 2) - 0.02), ncol=1,
              frameon=False, handlelength=3)
    ax.grid(alpha=0.3)
    return ax
