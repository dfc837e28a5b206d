"""Exact counting of card assignments, the engine of levels 2 and 3.

The question asked again and again is: *the other players' final cards are
distinct physical cards drawn from the unseen pool; in how many ways can
position j get a card from the set A_j, for every j at once?*  Divided by the
number of all ways, ``U (U-1) ... (U-m+1)`` for a pool of ``U`` cards and ``m``
players, that is the probability of the event.

Counting such *injective* assignments is inclusion–exclusion over the ways the
players could collide on one physical card (the Möbius function of the lattice
of set partitions)::

    #assignments = Σ over set partitions π of the players of
                   Π over blocks B of π of (-1)^(|B|-1) (|B|-1)! · |∩_{j∈B} A_j|

where ``|S|`` counts physical cards (a kind with two unseen copies counts twice).
For at most four other players there are at most 15 partitions, so each event
costs a few dozen integer operations — that is what makes level 3 fast.

>>> from cardgames.krypkille import Kind
>>> pool = {Kind.MASK: 2, Kind.PIG: 1}            # three physical cards
>>> count_assignments(pool, [kinds_mask([Kind.MASK]), kinds_mask([Kind.MASK])])   # both get a Mask: 2 ways
2
>>> count_assignments(pool, [ALL, ALL])            # 3 * 2 ordered pairs
6
"""

from __future__ import annotations

from functools import lru_cache
from math import factorial
from typing import Iterable, Mapping, Sequence

from cardgames.krypkille import Kind

__all__ = ["ALL", "kinds_mask", "mask_kinds", "above", "at_least", "count_assignments", "weighted_assignments",
           "falling", "pool_masks"]

#: Bit ``k`` stands for the kind whose value is ``k`` (Mask = bit 1 ... Harlequin = bit 21).
ALL = sum(1 << k for k in Kind)


def kinds_mask(kinds: Iterable[Kind]) -> int:
    """Bit mask of a set of kinds."""
    m = 0
    for k in kinds:
        m |= 1 << int(k)
    return m


def mask_kinds(mask: int) -> list[Kind]:
    return [k for k in Kind if mask >> int(k) & 1]


def above(kind: Kind) -> int:
    """Mask of the kinds strictly stronger than ``kind``."""
    return ALL & ~((1 << (int(kind) + 1)) - 1)


def at_least(kind: Kind) -> int:
    """Mask of ``kind`` and every stronger kind."""
    return ALL & ~((1 << int(kind)) - 1)


def falling(n: int, k: int) -> int:
    """n (n-1) ... (n-k+1): ordered draws of k distinct cards out of n."""
    out = 1
    for i in range(k):
        out *= n - i
    return out


def _set_partitions(items: tuple[int, ...]) -> list[list[tuple[int, ...]]]:
    if not items:
        return [[]]
    first, rest = items[0], items[1:]
    out = []
    for part in _set_partitions(rest):
        out.append([(first,)] + part)
        for i in range(len(part)):
            out.append(part[:i] + [(first,) + part[i]] + part[i + 1:])
    return out


@lru_cache(maxsize=None)
def _partition_terms(m: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """(Möbius coefficient, block bit masks) for every set partition of m players."""
    terms = []
    for part in _set_partitions(tuple(range(m))):
        coef = 1
        blocks = []
        for block in part:
            coef *= (-1) ** (len(block) - 1) * factorial(len(block) - 1)
            blocks.append(sum(1 << j for j in block))
        terms.append((coef, tuple(blocks)))
    return tuple(terms)


def pool_masks(pool: Mapping[Kind, int]) -> tuple[int, int]:
    """(kinds with at least one unseen copy, kinds with two) as bit masks."""
    one = kinds_mask(k for k, n in pool.items() if n >= 1)
    two = kinds_mask(k for k, n in pool.items() if n >= 2)
    return one, two


@lru_cache(maxsize=200_000)
def _count(one: int, two: int, masks: tuple[int, ...]) -> int:
    m = len(masks)
    inter = [ALL] * (1 << m)
    size = [0] * (1 << m)
    for s in range(1, 1 << m):
        low = (s & -s).bit_length() - 1
        inter[s] = inter[s & (s - 1)] & masks[low]
        size[s] = (inter[s] & one).bit_count() + (inter[s] & two).bit_count()
    return _partition_sum(size, m)


def _partition_sum(size: Sequence[float], m: int):
    """The inclusion–exclusion total over set partitions of the m players: each partition's
    coefficient times the product of its blocks' ``size`` (ints stay exact ints)."""
    total = 0
    for coef, blocks in _partition_terms(m):
        prod = coef
        for b in blocks:
            prod *= size[b]
            if not prod:
                break
        total += prod
    return total


def count_assignments(pool: "Mapping[Kind, int] | tuple[int, int]", masks: Sequence[int]) -> int:
    """Number of ways to give player j a distinct physical card from the pool whose kind is in ``masks[j]``.

    ``pool`` maps kinds to unseen copies (0-2), or is the pair from :func:`pool_masks`.
    """
    one, two = pool if isinstance(pool, tuple) else pool_masks(pool)
    return _count(one, two, tuple(masks))


def weighted_assignments(pool: "Mapping[Kind, int]", weights: Sequence[Sequence[float]]) -> float:
    """Like :func:`count_assignments`, but player j's card of kind k counts with weight ``weights[j][k]``.

    Sums, over all injective assignments of physical cards, the product of the
    players' weights; with 0/1 weights it is the count.  Used for *mixed*
    strategies, where a player declares with a card only with some probability.
    (Same inclusion–exclusion: a block of players sharing one physical card of
    kind k contributes ``c_k · Π_{j∈B} weights[j][k]``.)

    >>> pool = {Kind.MASK: 2, Kind.PIG: 1}
    >>> w = [0.0] * 22; w[int(Kind.MASK)] = 0.5
    >>> weighted_assignments(pool, [w, [1.0] * 22])    # 2*2 ordered pairs start with a Mask, weight 0.5
    2.0
    """
    counts = [0] * 22
    for k, n in pool.items():
        counts[int(k)] = n
    kinds = [k for k in range(22) if counts[k]]
    m = len(weights)
    prods = [None] * (1 << m)
    size = [0.0] * (1 << m)
    prods[0] = [1.0] * 22
    for s in range(1, 1 << m):
        low = (s & -s).bit_length() - 1
        prev = prods[s & (s - 1)]
        w = weights[low]
        cur = [0.0] * 22
        tot = 0.0
        for k in kinds:
            cur[k] = prev[k] * w[k]
            tot += counts[k] * cur[k]
        prods[s] = cur
        size[s] = tot
    return float(_partition_sum(size, m))
