"""Seeded families of Comrade deals that are hard to prove lost.

A random deal is almost always won, and the solver finds the win at once.  The deals
below are built so that many of them cannot be won, and proving it takes an argument:

* :func:`split_deal` — two pairs of players on disjoint suits (one pair holds only spades
  and clubs, the other only hearts and diamonds): the pair without the dealer can never
  win a trick, so its hands are idle, but a plain search tries every way to discard them;
* :func:`tops_deal` — one player holds the top cards of every suit, with a few swapped
  away to the others: the all-tops deal is refuted at once, a few swaps make the proof deep;
* :func:`shape_deal` — extreme shapes: each suit goes mostly to one player (long suits, voids);
* :func:`three_balanced_deal` — 3 players with balanced hands (three cards of every suit
  each) and one player holding every king, like the quoted 3-player deal.

:data:`QUOTED_HARD_DEALS` are the four deals first quoted as hard to prove lost, with their dealers.
:func:`hard_jobs` lists the benchmark's ``(deal, dealer, family)`` triples.

    >>> d = tops_deal(1, swaps=2)
    >>> d.players, d.hand_size
    (4, 13)
    >>> len(hard_jobs()) >= 100
    True
"""

from __future__ import annotations

import random

from cardgames.cards import SUITS, Card
from cardgames.comrade import Deal, variant_for

__all__ = ["QUOTED_HARD_DEALS", "split_deal", "tops_deal", "shape_deal", "three_balanced_deal", "hard_jobs"]

#: The four deals first quoted as hard: (PBN, dealer, what it shows).
QUOTED_HARD_DEALS = (
    ("N:KQJT8752...KT732 A9643...AQJ98654 .5.AKQJT9765432. .AKQJT9876432.8.", 2, "split pairs"),
    ("N:AQJ.AKQ.AQT8.AKQ T82.JT8.KJ93.JT4 K75.765.7652.876 9643.9432.4.9532", 0, "tops with swaps"),
    ("N:AK8.AKQ8.AKQ.KQ5 QJT9.T9.JT9.AJT9 765.765.8764.876 432.J432.532.432", 2, "tops with swaps"),
    ("N:986.QT5.Q95.QT9 KQ5.K97.K76.K86 JT7.J86.JT8.J75", 1, "3 players"),
)


def _deal(hands) -> Deal:
    return Deal([sorted(h, key=lambda c: (SUITS.index(c.suit), -c.rank)) for h in hands],
                variant_for(len(hands)))


def split_deal(seed: int, long: int | None = None) -> Deal:
    """North and East share the spades and clubs, South and West the hearts and diamonds.

    In each pair one player receives ``long`` cards of one of the pair's suits (random
    from 7 to 12 when ``None``) and the partner most of the other, so the suits are long and
    the pair holding the lead keeps it (like the first deal of :data:`QUOTED_HARD_DEALS`)."""
    rng = random.Random(seed)
    hands = []
    for pair in ("SC", "HD"):
        k = rng.randint(7, 12) if long is None else long
        a, b = pair if rng.random() < 0.5 else pair[::-1]
        first = [Card(a, r) for r in range(2, 15)]
        second = [Card(b, r) for r in range(2, 15)]
        rng.shuffle(first)
        rng.shuffle(second)
        one = first[:k] + second[:13 - k]
        two = first[k:] + second[13 - k:]
        hands.append((one, two) if rng.random() < 0.5 else (two, one))
    (n, e), (s, w) = hands
    return _deal([n, e, s, w])


def tops_deal(seed: int, swaps: int = 2, strong: int = 0) -> Deal:
    """Seat ``strong`` holds the ace, king and queen of every suit and one more top card
    (13 cards); then ``swaps`` of its cards, chosen at random, change places with random
    cards of the other seats (whose hands are otherwise random)."""
    rng = random.Random(seed)
    deck = [Card(s, r) for s in SUITS for r in range(2, 15)]
    tops = [c for c in deck if c.rank >= 12]
    jack = Card(rng.choice(SUITS), 11)
    mine = tops + [jack]
    rest = [c for c in deck if c not in mine]
    rng.shuffle(rest)
    others = [rest[0:13], rest[13:26], rest[26:39]]
    for _ in range(swaps):
        i = rng.randrange(13)
        k = rng.randrange(3)
        j = rng.randrange(13)
        mine[i], others[k][j] = others[k][j], mine[i]
    hands = others[:]
    hands.insert(strong, mine)
    return _deal(hands)


def shape_deal(seed: int, bias: float = 0.8) -> Deal:
    """Each suit has a favourite seat that receives each of its cards with probability
    ``bias`` while it has room; the rest is dealt at random (long suits and voids)."""
    rng = random.Random(seed)
    fav = [rng.randrange(4) for _ in SUITS]
    hands = [[] for _ in range(4)]
    leftover = []
    cards = [Card(s, r) for s in SUITS for r in range(2, 15)]
    rng.shuffle(cards)
    for c in cards:
        f = fav[SUITS.index(c.suit)]
        if rng.random() < bias and len(hands[f]) < 13:
            hands[f].append(c)
        else:
            leftover.append(c)
    for c in leftover:
        room = [p for p in range(4) if len(hands[p]) < 13]
        hands[rng.choice(room)].append(c)
    return _deal(hands)


def three_balanced_deal(seed: int) -> Deal:
    """3 players, each with three cards of every suit (ranks 5-K); one seat gets every
    king, the other ranks of each suit are split at random."""
    rng = random.Random(seed)
    king_seat = rng.randrange(3)
    hands = [[] for _ in range(3)]
    for s in SUITS:
        ranks = list(range(5, 13))
        rng.shuffle(ranks)
        hands[king_seat].append(Card(s, 13))
        hands[king_seat] += [Card(s, r) for r in ranks[:2]]
        others = [p for p in range(3) if p != king_seat]
        hands[others[0]] += [Card(s, r) for r in ranks[2:5]]
        hands[others[1]] += [Card(s, r) for r in ranks[5:8]]
    return _deal(hands)


def hard_jobs(seed: int = 15) -> list[tuple[Deal, int, str]]:
    """The hard-deal benchmark: ``(deal, dealer, family)`` for the 4 quoted deals and 100 seeded ones."""
    rng = random.Random(seed)
    jobs = [(Deal.from_pbn(pbn), dealer, "quoted") for pbn, dealer, _ in QUOTED_HARD_DEALS]
    for i in range(25):
        jobs.append((split_deal(rng.randrange(10**9)), rng.randrange(4), "split"))
    for i in range(35):
        jobs.append((tops_deal(rng.randrange(10**9), swaps=1 + i % 4, strong=rng.randrange(4)),
                     rng.randrange(4), "tops"))
    for i in range(20):
        jobs.append((shape_deal(rng.randrange(10**9)), rng.randrange(4), "shape"))
    for i in range(20):
        jobs.append((three_balanced_deal(rng.randrange(10**9)), rng.randrange(3), "three"))
    return jobs
