"""A third belief model: what the heuristic players' *policy* reveals, by seeded sampling.

The ``"play"`` model (:mod:`~solvers.krypkille_endgame.beliefs`) reads only the
forced follows.  When the other players are known to be the engine's
:class:`~cardgames.krypkille.players.HeuristicPlayer` (they are, in every round
made by :meth:`Endgame.deal <solvers.krypkille_endgame.Endgame.deal>`), their
*free* choices say more, because that player is deterministic:

* **lead** — it leads its strongest card, so its final card is *at most* every
  card it led;
* **discard** — it throws the middle cards (below the ``shield``, default the
  10), weakest first, up to three, and keeps its lowest card when that is low
  (at most ``keep_low``, the 2).  The number of cards it drew is public, and
  its hand after the refill is exactly its four played cards plus its final
  card.  So for each candidate final card ``f`` and each way of splitting that
  hand into *kept* cards and *drawn* ones, the discarded cards must be the
  lowest middle cards of the original hand — which pins them to an interval of
  kinds (:func:`discard_interval`) — and how many unseen physical cards fit is
  a binomial coefficient;
* **follow** — forced, as in the ``"play"`` model.

Bayes with a uniform shuffle: every arrangement of the unseen cards (the
others' final cards, their discards, the rest of the stock) is equally likely
before the play, and the deterministic players turn the public record into a
0/1 likelihood.  So the posterior is uniform over the arrangements that
reproduce the record.  Per player the count factorises exactly; what couples
the players is only that no physical card can be in two places.  The model
therefore samples the players one after another, each from its exact local
weights given the cards the earlier ones took, and weights each sample by
the product of the local totals (sequential importance sampling): the
weighted samples are exact for the posterior, and the answer carries its
standard error.  (Plain rejection of samples that use a card twice is
exact too but hopeless with 4-5 players: almost every sample collides.)

>>> from solvers.krypkille_endgame import Endgame
>>> end = Endgame.deal(3, seed=2)
>>> est = policy_unique_lowest(end, 0, samples=400, seed=1)
>>> est.attempts, 0.0 <= est.p <= 1.0, est.se < 0.03
(400, True, True)
>>> est == policy_unique_lowest(end, 0, samples=400, seed=1)     # seeded: the same numbers again
True
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from fractions import Fraction
from math import comb
from typing import Sequence

from cardgames.krypkille import Kind, parse_kind
from cardgames.krypkille.options import HAND_SIZE, MAX_DISCARDS

from .beliefs import allowed_finals
from .common import EndgameError, unseen_pool

__all__ = ["PolicyEstimate", "PublicRecord", "discard_interval", "policy_options", "policy_weights",
           "policy_masks", "policy_sample", "PolicySample", "policy_unique_lowest",
           "check_policy_players"]


@dataclass(frozen=True)
class PolicyEstimate:
    """The policy model's chance ``p`` that the viewer's card is the unique lowest, its standard error
    ``se``, from ``attempts`` weighted samples worth ``accepted`` unweighted ones (the effective sample size)."""

    p: float
    se: float
    accepted: int
    attempts: int


def discard_interval(kept: Sequence[int], d: int, keep_low: int = int(Kind.TWO),
                     shield: int = int(Kind.TEN)) -> tuple[int, int] | None:
    """The heuristic player kept ``kept`` (kind values) and discarded ``d`` cards: then the discarded cards
    are exactly the ``d``-card multisets of kinds in ``lo..hi`` (returned), or no hand fits (``None``).

    >>> v = lambda *labels: [int(parse_kind(x)) for x in labels]
    >>> discard_interval(v("Mask", "10", "12"), 2) == (int(Kind.MASK), int(Kind.NINE))   # threw two of Mask..9
    True
    >>> discard_interval(v("10", "12", "7"), 2) is None    # a kept 7 would have been thrown before the shields
    True
    >>> discard_interval(v("10", "12"), 3) == (int(Kind.THREE), int(Kind.NINE))   # a low one would be kept
    True
    """
    low = sorted(k for k in kept if k < shield)
    if low and low[0] <= keep_low:
        lo, mid = low[0], low[1:]       # the kept low card is the hand's lowest: nothing discarded below it
    else:
        lo, mid = keep_low + 1, low     # a discarded card at most keep_low would have been the kept lowest
    if d == 0:
        return None if mid else (lo, lo - 1)
    if d < MAX_DISCARDS:
        if mid:
            return None                 # fewer than three middle cards: all of them were thrown
        hi = shield - 1
    else:
        hi = min([shield - 1] + mid)    # the three weakest middle cards were thrown
    return (lo, hi) if lo <= hi else None


def _played(end, seat: int) -> tuple[list[int], int]:
    """The cards ``seat`` played (kind values) and the weakest card it led (22 if it never led)."""
    cards, lead_cap = [], 22
    for trick in end.tricks:
        for i, (s, k) in enumerate(trick):
            if s == seat:
                cards.append(int(k))
                if i == 0:
                    lead_cap = min(lead_cap, int(k))
    return cards, lead_cap


def policy_options(end, seat: int, pool: dict, follow_mask: int, keep_low: int = int(Kind.TWO),
                   shield: int = int(Kind.TEN)) -> list[tuple]:
    """Seat ``seat``'s local posterior: ``(final kind, lo, hi, twins, weight)`` per final card and kept/drawn
    split: the discards are ``d`` cards of kinds ``lo..hi``; ``twins`` (two kinds, 0 = none) are kinds it
    kept once whose other copy is unseen; ``weight`` = arrangements of the final card and the discards
    among the pool's physical cards (:func:`local_weight`), relative to the others.  (A final card of a kind
    the player also played: then both copies are in its hand and either could be the one played — one
    arrangement where a final card of another kind leaves two, so it counts 1/2.)"""
    played, lead_cap = _played(end, seat)
    d = len(end.discards[seat])
    if len(played) + 1 != HAND_SIZE:
        raise EndgameError(f"seat {seat} played {len(played)} cards: the policy model needs the four tricks")
    counts = [0] * 23
    for k, c in pool.items():
        counts[int(k)] = c
    prefix = [0] * 23
    for v in range(1, 23):
        prefix[v] = prefix[v - 1] + counts[v - 1]      # prefix[v] = cards of kinds < v

    def in_range(lo: int, hi: int) -> int:
        return prefix[hi + 1] - prefix[lo] if hi >= lo else 0

    out = []
    for f in range(1, 22):
        if not counts[f] or not follow_mask >> f & 1 or f > lead_cap:
            continue
        hand = played + [f]
        for drawn in combinations(range(HAND_SIZE), d):
            kept = [hand[i] for i in range(HAND_SIZE) if i not in drawn]
            iv = discard_interval(kept, d, keep_low, shield)
            if iv is None:
                continue
            lo, hi = iv
            n = in_range(lo, hi) - (1 if lo <= f <= hi else 0)
            twins = tuple(sorted(k for k in set(kept) if lo <= k <= hi and kept.count(k) == 1
                                 and counts[k] - (k == f) > 0))
            w = counts[f] * local_weight(n, len(twins), d) / (2 if played.count(f) == 1 else 1)
            if w:
                out.append((f, lo, hi, twins + (0,) * (2 - len(twins)), w))
    return out


@dataclass(frozen=True)
class PublicRecord:
    """What everyone saw of a round: the four tricks (``(seat, kind)`` in play order) and how many cards
    each seat drew (= discarded).  It is what :func:`policy_options` reads of an endgame, for a caller
    that has only a seat's view (the play table's coach) rather than a whole :class:`Endgame`."""

    tricks: tuple
    discard_counts: tuple[int, ...]

    @property
    def discards(self) -> tuple[tuple[None, ...], ...]:
        return tuple((None,) * d for d in self.discard_counts)


def policy_weights(record, seat: int, pool: dict, follow_mask: int, keep_low: int = int(Kind.TWO),
                   shield: int = int(Kind.TEN)) -> list[float]:
    """Seat ``seat``'s local posterior as one weight per kind value (index 0..22) **per physical card**:
    the :func:`policy_options` weights of each final kind added up and divided by the pool's copies of
    that kind, so that level 2 (which counts physical cards itself) can multiply them in.  ``record`` is
    an :class:`Endgame` or a :class:`PublicRecord`.  Normalised to a largest weight of 1.

    The weights are exact for this seat alone; level 2 multiplies them across the other seats, which
    counts each seat's discards among the unseen cards as if the others had not drawn theirs from the
    same cards (with two players there is one other seat, and the product is the exact posterior).

    >>> from solvers.krypkille_endgame import Endgame
    >>> from solvers.krypkille_endgame.beliefs import allowed_finals
    >>> end = Endgame.deal(2, seed=10)
    >>> pool = {k: c for k, c in unseen_pool(end.played, [end.final_cards[0]], end.discards[0]).items() if c}
    >>> w = policy_weights(end, 1, pool, allowed_finals(end.tricks, 2)[1])
    >>> max(w), w[int(end.final_cards[1])] > 0
    (1.0, True)
    """
    weights = [0.0] * 23
    for f, _, _, _, w in policy_options(record, seat, pool, follow_mask, keep_low, shield):
        weights[f] += float(w)
    counts = {int(k): c for k, c in pool.items()}
    weights = [w / counts[v] if w else 0.0 for v, w in enumerate(weights)]
    top = max(weights)
    if not top:
        raise EndgameError(f"no hand of seat {seat} explains its discards, leads and follows under the policy "
                           "(are the others the engine's heuristic players?)")
    return [w / top for w in weights]


def policy_masks(record, num_players: int | None = None, played=None, players=None) -> tuple[int, ...]:
    """Per seat, the final cards (bit mask) that the public record allows under the policy: the cards for
    which some hand explains the seat's discard count, leads and follows, any unplayed card being possibly
    anywhere.  A seat whose record no hand explains (a person, not a heuristic player) keeps the mask of
    its forced follows.  ``record`` is an :class:`Endgame` (then the other arguments default to its own)
    or a :class:`PublicRecord` with ``num_players`` and ``played``.

    >>> from solvers.krypkille_endgame import Endgame
    >>> end = Endgame.deal(3, seed=2)
    >>> all(m >> int(k) & 1 for m, k in zip(policy_masks(end), end.final_cards))   # the truth is allowed
    True
    """
    n = record.num_players if num_players is None else num_players
    played = record.played if played is None else played
    keep_low, shield = _check_players(players)
    follows = allowed_finals(record.tricks, n)
    public = {k: c for k, c in unseen_pool(played).items() if c > 0}
    masks = []
    for seat in range(n):
        try:
            weights = policy_weights(record, seat, public, follows[seat], keep_low, shield)
        except EndgameError:
            masks.append(follows[seat])
            continue
        masks.append(sum(1 << v for v, w in enumerate(weights) if w))
    return tuple(masks)


def local_weight(n: int, twins: int, d: int) -> Fraction:
    """Arrangements of ``d`` discards among the ``n`` unseen cards of the interval, of which ``twins`` are
    the other copy of a kind the player kept once: a hand holding both copies, one kept and one thrown, is
    *one* arrangement, reached twice when the kept and the thrown copy are told apart, so it counts 1/2.

    >>> local_weight(9, 0, 3), local_weight(9, 1, 3)      # C(9,3); C(8,3) + C(8,2)/2
    (Fraction(84, 1), Fraction(70, 1))
    """
    w = Fraction(0)
    for t in range(min(twins, d) + 1):
        w += Fraction(comb(twins, t) * comb(n - twins, d - t), 2 ** t)
    return w


def _merged(opts) -> list[tuple[int, ...]]:
    """(final kind, lo, hi, twin kind, twin kind, how many kept/drawn splits give them) from
    :func:`policy_options`' rows."""
    mult: dict = {}
    for f, lo, hi, twins, _ in opts:
        key = (f, lo, hi) + tuple(twins)
        mult[key] = mult.get(key, 0) + 1
    return [key + (m,) for key, m in sorted(mult.items())]


def check_policy_players(players) -> tuple[int, int]:
    """``(keep_low, shield)`` of the heuristic players the policy model knows (``None``: the engine's
    defaults); :class:`EndgameError` for players it does not know."""
    return _check_players(players)


def _check_players(players) -> tuple[int, int]:
    if players is None:
        return int(Kind.TWO), int(Kind.TEN)
    params = {(int(p.keep_low), int(p.shield), p.lead) for p in players}
    if len(params) != 1 or next(iter(params))[2] != "high":
        raise EndgameError("the policy model knows heuristic players that all lead high with one keep_low and shield")
    keep_low, shield, _ = params.pop()
    return keep_low, shield


def policy_unique_lowest(end, seat: int, samples: int = 400, seed: int = 0, players=None) -> PolicyEstimate:
    """Chance that ``seat``'s final card is the unique lowest, the others being heuristic players
    (``players``: their :class:`~cardgames.krypkille.players.HeuristicPlayer` objects, default the engine's
    defaults), from ``samples`` weighted posterior draws (:func:`policy_sample`); seeded by ``seed``.

    The standard error is the usual one of a self-normalised importance-sampling estimate; ``accepted``
    is the effective sample size.
    """
    import numpy as np

    card = end.final_cards[seat]
    draw = policy_sample(end, seat, card, end.discards[seat], samples, seed, players)
    others = [s for s in range(end.num_players) if s != seat]
    event = np.all(draw.finals[:, others] > int(card), axis=1)
    wts = draw.weights
    p = float((wts * event).sum())
    se = float(np.sqrt((wts ** 2 * (event - p) ** 2).sum()))
    return PolicyEstimate(round(p, 12), round(se, 12), draw.ess, samples)


@dataclass(frozen=True)
class PolicySample:
    """Weighted draws from the policy model's posterior: ``finals[i, s]`` is seat ``s``'s final card
    (kind value) in draw ``i`` (the viewer's own card in its column), ``weights`` sum to 1 (0 for a draw
    that died), ``ess`` is the effective sample size."""

    finals: object
    weights: object
    ess: int


def policy_sample(record, seat: int, card, discards=(), samples: int = 400, seed: int = 0, players=None,
                  played=None) -> PolicySample:
    """``samples`` weighted draws of the other seats' final cards given what ``seat`` knows (its ``card``
    and its own ``discards``) and the public record (an :class:`Endgame`, or a :class:`PublicRecord`
    with ``played``, the cards of the tricks), the others being heuristic players.

    Sequential importance sampling: the other players are drawn one after another, each from its exact
    local posterior *given the cards the earlier ones took* (final card, then the discards, a
    hypergeometric draw from the pool's cards in the discard interval); a sample's weight is the product
    of those local totals, which makes the weighted samples exact for the joint posterior.

    >>> from solvers.krypkille_endgame import Endgame
    >>> end = Endgame.deal(3, seed=2)
    >>> draw = policy_sample(end, 0, end.final_cards[0], end.discards[0], samples=200, seed=1)
    >>> draw.finals.shape, round(float(draw.weights.sum()), 9), set(draw.finals[:, 0]) == {int(end.final_cards[0])}
    ((200, 3), 1.0, True)
    """
    import numpy as np

    keep_low, shield = _check_players(players)
    card = parse_kind(card)
    n = len(record.discards)
    played = record.played if played is None else played
    pool = {k: c for k, c in unseen_pool(played, [card], discards).items() if c > 0}
    follow = allowed_finals(record.tricks, n)
    others = [s for s in range(n) if s != seat]
    tables = []
    for s in others:
        opts = policy_options(record, s, pool, follow[s], keep_low, shield)
        if not opts:
            raise EndgameError(f"no hand of seat {s} explains its discards, leads and follows under the policy")
        rows = np.array(_merged(opts), dtype=np.int64)
        played_s = _played(record, s)[0]
        half = np.array([0.5 if played_s.count(f) == 1 else 1.0 for f in rows[:, 0]])   # see policy_options
        tables.append((rows, half, len(record.discards[s])))
    rng = np.random.default_rng(seed)
    S = samples
    counts = np.zeros((S, 23), dtype=np.int64)
    for k, c in pool.items():
        counts[:, int(k)] = c
    binom = np.array([[comb(n_, d) for d in range(MAX_DISCARDS + 1)] for n_ in range(43)], dtype=np.float64)
    logw = np.zeros(S)
    alive = np.ones(S, dtype=bool)
    finals = np.zeros((S, n), dtype=np.int64)
    finals[:, seat] = int(card)
    idx = np.arange(S)
    kinds = np.arange(23)
    for s, (rows, half, d) in zip(others, tables):
        f, lo, hi, tw1, tw2, mult = (rows[:, i] for i in range(6))
        prefix = np.concatenate([np.zeros((S, 1), dtype=np.int64), np.cumsum(counts, axis=1)], axis=1)
        inside = (lo <= f) & (f <= hi)
        n_in = np.where(hi >= lo, prefix[:, np.clip(hi + 1, 0, 23)] - prefix[:, lo], 0) - inside
        n_in = np.clip(n_in, 0, 42)
        # proposal: the final card, then d of the other n interval cards; a thrown twin of a card kept
        # once is one arrangement reached twice (local_weight): the sample's weight is halved
        w = mult * half * counts[:, f] * binom[n_in, d]               # S x rows
        z = w.sum(axis=1)
        alive &= z > 0
        logw += np.log(np.where(z > 0, z, 1.0))
        cum = np.cumsum(w, axis=1)
        u = rng.random(S) * np.where(z > 0, z, 1.0)
        choice = np.minimum((cum <= u[:, None]).sum(axis=1), len(rows) - 1)
        fk, low, high, t1, t2 = f[choice], lo[choice], hi[choice], tw1[choice], tw2[choice]
        counts[idx, fk] -= np.where(alive, 1, 0)
        finals[:, s] = fk
        band = (kinds[None, :] >= low[:, None]) & (kinds[None, :] <= high[:, None])
        halvings = np.zeros(S)
        for _ in range(d):
            avail = np.where(band, counts, 0)
            tot = avail.sum(axis=1)
            alive &= tot > 0
            u = rng.random(S) * np.maximum(tot, 1)
            pick = np.minimum((np.cumsum(avail, axis=1) <= u[:, None]).sum(axis=1), 22)
            counts[idx, pick] -= np.where(alive & (tot > 0), 1, 0)
            halvings += ((pick == t1) & (t1 > 0)) | ((pick == t2) & (t2 > 0))
        logw -= halvings * np.log(2.0)
        counts = np.maximum(counts, 0)
    if not alive.any():
        raise EndgameError("no arrangement of the unseen cards explains the public record under the policy")
    logw = np.where(alive, logw, -np.inf)
    wts = np.exp(logw - logw.max())
    wts /= wts.sum()
    ess = float(1.0 / (wts ** 2).sum())
    return PolicySample(finals, wts, int(ess))
