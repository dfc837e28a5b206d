"""Transposition keys of the play search: positions that have the same futures.

The search (:mod:`solvers.comrade.search`) stores every position it proves lost; a key that
merges positions which cannot differ in any winning play lets one proof serve many.  Both
keys read the masks of :func:`solvers.comrade.bounds.reach`:

* :func:`canonical_key` — the cards that can never matter again (below every card of the
  players who can lead their suit, or in a suit never led again) merged;
* :func:`count_key` — count matrices that differ only in a finished suit merged (a nogood
  over count matrices).
"""

from __future__ import annotations

from .picture import NSUITS

__all__ = ["canonical_key", "count_key"]


def count_key(counts: tuple[int, ...], dead: int, n: int) -> tuple:
    """The count matrix as a transposition key sees it: a **nogood over count matrices**.

    In a suit of ``dead`` (never led again, :func:`~solvers.comrade.bounds.reach`) nobody wins
    another trick, so its column is final.  If its nonzero values are all different, only *which* of
    them are nonzero still matters (for the three-suit rule and the cells that must stay 0): the
    column passes the distinct-values rule and every value is within the largest bid card.  Such a
    column is stored as flags (-1: nonzero, a value no real count has), so a failure proved with one
    set of values there is a failure for every other set with the same flags (e.g. spades won 3, 1,
    2 or 1, 2, 3 by the same three players once spades are gone).  Not used when the bids are fixed
    or a further ``accept`` test reads the exact values.

    >>> count_key((3, 0, 0, 0,  1, 0, 0, 0,  2, 1, 0, 0), 1, 3)   # spades dead: 3, 1, 2 -> flags
    (-1, 0, 0, 0, -1, 0, 0, 0, -1, 1, 0, 0)
    >>> count_key((2, 0, 0, 0,  2, 0, 0, 0,  0, 1, 0, 0), 1, 3)   # 2 and 2: lost, kept as it is
    (2, 0, 0, 0, 2, 0, 0, 0, 0, 1, 0, 0)
    """
    out = list(counts)
    for s in range(NSUITS):
        if not (dead >> s) & 1:
            continue
        col = [counts[p * NSUITS + s] for p in range(n) if counts[p * NSUITS + s]]
        if len(col) == len(set(col)):
            for p in range(n):
                if out[p * NSUITS + s]:
                    out[p * NSUITS + s] = -1       # a flag, never equal to a real count
    return tuple(out)


def canonical_key(seqs, leader: int, counts, reach) -> tuple:
    """The transposition key of a position, with the cards that can never matter merged.

    With ``(rmask, dead) = reach``: in a suit that can still be led, the cards of players
    outside ``rmask`` all lie below the cards of the players who can lead it, never win,
    and only their number per player matters (they are sorted); a card of a ``dead`` suit
    is only ever a discard, so only how many such cards each player holds matters.  Two
    positions with the same key have the same futures (same tricks won by the same
    players in the same suits), so one failure proves the other.
    """
    rmask, dead = reach
    if dead == 0 and rmask == (1 << len(counts) // NSUITS) - 1:
        return (seqs, leader, counts)
    n = len(counts) // NSUITS
    out = []
    spare = [0] * n
    for s in range(NSUITS):
        seq = seqs[s]
        if (dead >> s) & 1:
            for o in seq:
                spare[o] += 1
            out.append(())
            continue
        k = 0
        while k < len(seq) and not (rmask >> seq[k]) & 1:
            k += 1
        out.append(tuple(sorted(seq[:k])) + seq[k:] if k > 1 else seq)
    return (tuple(out), leader, counts, rmask, tuple(spare))
