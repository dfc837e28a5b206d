"""The integer picture of a Comrade position, which the search and the SAT formula work on.

* ``seqs[s]`` — the owners of the cards of suit ``s`` still in play, **lowest rank first**
  (:func:`position_from_hands`; the ranks themselves are kept aside, since only their order
  decides who wins a trick);
* a trick — a tuple of plays ``(player, suit, index)`` from the leader on, ``index`` pointing
  into the trick-start owner sequence of the suit (:func:`tricks_to_cards` turns tricks back
  into cards, :func:`remove_trick` takes a trick's cards out of the sequences).
"""

from __future__ import annotations

from operator import itemgetter
from typing import Final, Sequence

__all__ = ["NSUITS", "Play", "Trick", "position_from_hands", "tricks_to_cards", "remove_trick"]

NSUITS: Final = 4
Play = tuple[int, int, int]      # (player, suit, index into the trick-start sequence)
Trick = tuple[Play, ...]


def position_from_hands(hands: Sequence[Sequence[tuple[int, int]]]) -> tuple[tuple[tuple[int, ...], ...],
                                                                           list[list[int]]]:
    """``hands[p]`` lists ``(suit, rank)`` pairs; returns (owner sequences, ranks per suit), both lowest first."""
    per_suit: list[list[tuple[int, int]]] = [[] for _ in range(NSUITS)]
    for p, hand in enumerate(hands):
        for s, r in hand:
            per_suit[s].append((r, p))
    for cards in per_suit:
        cards.sort()
    seqs = tuple(tuple(p for _, p in cards) for cards in per_suit)
    ranks = [[r for r, _ in cards] for cards in per_suit]
    return seqs, ranks


def tricks_to_cards(tricks: Sequence[Trick], ranks: Sequence[Sequence[int]]) -> list[list[tuple[int, int, int]]]:
    """Replace the sequence indices of ``tricks`` by real cards: ``[(player, suit, rank), ...]`` per trick."""
    live = [list(r) for r in ranks]
    out = []
    for trick in tricks:
        cards = [(p, s, live[s][i]) for p, s, i in trick]
        for s in range(NSUITS):
            for i in sorted((i for _, t, i in trick if t == s), reverse=True):
                del live[s][i]
        out.append(cards)
    return out


_INDEX: Final = itemgetter(2)


def remove_trick(seqs: tuple[tuple[int, ...], ...], trick: Trick) -> tuple[tuple[int, ...], ...]:
    """The owner sequences with the cards of ``trick`` taken out (the search calls it once per move:
    the indices of a suit are deleted from the highest down, so the lower ones stay valid)."""
    out = list(seqs)
    if len(trick) == 4:
        # four players (the common case): suit by suit without a dict; the indices of one suit from the highest
        (_, s0, i0), (_, s1, i1), (_, s2, i2), (_, s3, i3) = trick
        if s0 == s1 == s2 == s3:            # everyone followed suit
            rest = list(seqs[s0])
            for i in sorted((i0, i1, i2, i3), reverse=True):
                del rest[i]
            out[s0] = tuple(rest)
            return tuple(out)
        # cards of several suits: one card out at a time, the highest index first (so, within a suit, the
        # lower indices stay valid)
        for _, s, i in sorted(trick, key=_INDEX, reverse=True):
            seq = out[s]
            out[s] = seq[:i] + seq[i + 1:]
        return tuple(out)
    by_suit: dict[int, list[int]] = {}
    for _, s, i in trick:
        got = by_suit.get(s)
        if got is None:
            by_suit[s] = [i]
        else:
            got.append(i)
    for s, idx in by_suit.items():
        seq = seqs[s]
        if len(idx) == 1:
            i = idx[0]
            out[s] = seq[:i] + seq[i + 1:]
        else:
            rest = list(seq)
            for i in sorted(idx, reverse=True):
                del rest[i]
            out[s] = tuple(rest)
    return tuple(out)
