"""Bounds and refutation rules of the play search: facts every winning play must obey.

The play search (:mod:`solvers.comrade.search`) and the SAT formula
(:mod:`solvers.comrade.sat`) read these on the integer picture of a position
(:mod:`solvers.comrade.picture`: owner sequences per suit, lowest first).  Each function
proves something about *every* play (or every winning play) from the position, so a search
may cut a branch on it without losing a win:

* :func:`reach` (:func:`extremes`, :func:`close_reach`) — who can still win a trick, and which
  suits can still be led;
* :func:`forced_wins`, :func:`discard_bound` (with :func:`covered`), merged by
  :func:`lower_bounds` — tricks a player must still win in a suit;
* :func:`need_refutes`, :func:`leads_stall` — with fixed bids: the tricks each player still
  needs cannot all be won;
* :func:`suit_additions` — how many more tricks one suit can absorb under the bid-card rules.

``tests/test_comrade_refutation.py`` checks each against a brute force over every play of
small positions.
"""

from __future__ import annotations

from itertools import product
from typing import Final

from .picture import NSUITS

__all__ = ["reach", "extremes", "close_reach", "forced_wins", "discard_bound", "covered", "NCARDS",
           "need_refutes", "discards_block", "leads_stall", "lower_bounds", "merge_low", "suit_additions"]


def reach(seqs, leader: int, n: int, allowed=None) -> tuple[int, int]:
    """Who can still win a trick, and which suits can still be led: ``(rmask, dead)``.

    A player can win a trick led by ``L`` in suit ``s`` only with a card of ``s`` above
    the card ``L`` leads, so above ``L``'s lowest card of ``s``; cards only leave the
    hands, so if no card of ``p`` beats ``L``'s lowest now, none ever will.  Closing
    ``{leader}`` under this gives bit mask ``rmask``: every player who will ever win a
    trick, and so lead, is in it (an over-approximation, never too small).  ``dead``
    holds a bit per suit that no player of ``rmask`` has: such a suit is never led again.

    With ``allowed[p][s]`` (may ``p`` still win a trick led in ``s`` without breaking the
    bid rules?) only allowed wins count: the masks then describe every *winning*
    continuation (a play where a player wins a trick they may not is lost anyway).

    >>> reach(((0, 1), (), (2,), ()), 0, 3)       # N leads: E's spade beats N's, S is never reached
    (3, 14)
    """
    return close_reach(extremes(seqs, n), leader, n, allowed)


def extremes(seqs, n: int):
    """``(first, last)``: ``first[s][p]`` / ``last[s][p]`` is the position of ``p``'s lowest /
    highest card in the owner sequence of suit ``s`` (``-1`` when void)."""
    first = []
    last = []
    for seq in seqs:
        f = [-1] * n
        la = [-1] * n
        if seq:
            rev = seq[::-1]
            top = len(seq) - 1
            for o in set(seq):
                f[o] = seq.index(o)
                la[o] = top - rev.index(o)
        first.append(f)
        last.append(la)
    return first, last


def close_reach(ext, leader: int, n: int, allowed=None) -> tuple[int, int]:
    """The closure of :func:`reach` from the suit extremes ``ext`` of :func:`extremes`."""
    first, last = ext
    full = (1 << n) - 1
    rmask = 1 << leader
    todo = [leader]
    while todo and rmask != full:
        lead = todo.pop()
        for s in range(NSUITS):
            lo = first[s][lead]
            if lo < 0:
                continue
            hi = last[s]
            for p in range(n):
                if hi[p] > lo and not (rmask >> p) & 1 and (allowed is None or allowed[p][s]):
                    rmask |= 1 << p
                    todo.append(p)
    dead = 0
    for s in range(NSUITS):
        fs = first[s]
        if all(fs[p] < 0 for p in range(n) if (rmask >> p) & 1):
            dead |= 1 << s
    return rmask, dead


def forced_wins(seqs, hold, n: int, rmask: int | None = None):
    """Tricks some players are sure to win: ``[(player, (s, h, d, c)), ...]`` or ``None``.

    A player who holds, in every suit, at least as many cards as each other player can
    never discard: each trick led in a suit takes one card of it from every holder,
    others may discard but the player may not (they are never void while a suit they
    lack is led), so they stay at least as long in every suit.  Every card of such a
    player is played to a trick of its own suit; a card above all other cards left in
    its suit (the player's top run of the suit) then wins that trick.  So the player
    wins at least as many more tricks led in each suit as that top run is long.

    With ``rmask`` (the players who may still win a trick in a winning continuation,
    :func:`reach` with ``allowed``) only those players count: only they lead, so the
    player must hold at least as many cards as each of them, and a card above all their
    cards of the suit wins (a higher card of anyone else would win a trick its holder may
    not).  The claim is then about every winning continuation.

    >>> forced_wins(((1, 0), (0, 1)), [[1, 1], [1, 1]], 2)   # 2 players, 2 suits (S, H)
    [(0, (1, 0, 0, 0)), (1, (0, 1, 0, 0))]
    """
    out: list | None = None
    leaders = [q for q in range(n) if rmask is None or (rmask >> q) & 1]
    for p in range(n):
        mine = hold[p]
        if any(a > b for q in leaders if q != p for a, b in zip(hold[q], mine)):
            continue
        row = []
        for seq in seqs:
            k = len(seq)
            run = 0
            while k:
                o = seq[k - 1]
                if o == p:
                    run += 1
                elif rmask is None or (rmask >> o) & 1:
                    break
                k -= 1
            row.append(run)
        if not any(row):
            continue
        if out is None:
            out = []
        out.append((p, tuple(row) + (0,) * (NSUITS - len(row))))
    return out


def discard_bound(seqs, hold, n: int, rmask: int | None = None):
    """Suits some players must win at least one more trick in: ``[(player, row), ...]`` or ``None``
    (``row[s]`` is 1 for such a suit, else 0).

    Say player ``p`` wins no more trick led in suit ``s``.  Until the moment ``T`` when
    ``p``'s last card of ``s`` leaves the hand, ``p`` follows every trick led in ``s`` with
    a card of ``s`` and does not win it, so another player (one in ``rmask``: only they
    win, as in :func:`forced_wins`) plays a higher card of ``s`` to that trick.  Distinct
    tricks take distinct such cards, so at most ``m`` of ``p``'s cards of ``s`` are played
    to tricks led in ``s``, where ``m`` is the largest matching of ``p``'s cards to higher
    cards of the others (counted greedily from the top card down); the other
    ``a = h_s - m`` (at least every card above all the others' cards) must be
    *discarded* before ``T``, on tricks led in other suits in which ``p`` is void.  Count
    ``p``'s discards up to ``T``.  Only leaders lead, and each trick
    led in ``t`` takes a card of ``t`` from every holder, so ``t`` is led at most
    ``M_t`` times (the longest holding of ``t`` among the players in ``rmask``).  ``p``
    discards on a ``t`` lead only when void in ``t``, after following ``t`` with all of
    its ``h_t`` cards but those it discarded (``d_t``), so it discards on at most
    ``max(0, M_t - h_t) + d_t`` tricks led in ``t``.  Up to ``T`` every discard is on a
    lead of some ``t != s``, and the discards are the ``a`` top cards of ``s`` and the
    ``d_t`` cards of the other suits: ``a + sum(d_t) <= sum(max(0, M_t - h_t) + d_t)``,
    that is ``a <= sum over t != s of max(0, M_t - h_t)``.  When that fails, ``p`` wins
    at least one more trick led in ``s`` in every play (with ``rmask`` from
    :func:`reach` with ``allowed``: in every winning continuation).

    >>> discard_bound(((1, 0), (1, 0), (), ()), [[1, 1, 0, 0], [1, 1, 0, 0]], 2)  # 2 players, S and H
    [(0, (1, 1, 0, 0))]
    """
    out: list | None = None
    if rmask is None:
        rmask = (1 << n) - 1
    longest = [0] * NSUITS
    for q in range(n):
        if (rmask >> q) & 1:
            for t, h in enumerate(hold[q]):
                if h > longest[t]:
                    longest[t] = h
    for p in range(n):
        mine = hold[p]
        spare = [a - b if a > b else 0 for a, b in zip(longest, mine)]
        total = sum(spare)
        row: list[int] | None = None
        for s, seq in enumerate(seqs):
            if mine[s] <= total - spare[s]:
                continue                      # even with every card to throw there is room
            covers = [NCARDS if q != p and (rmask >> q) & 1 else 0 for q in range(n)]
            if mine[s] - covered(seq, p, covers) > total - spare[s]:
                if row is None:
                    row = [0] * NSUITS
                row[s] = 1
        if row is not None:
            if out is None:
                out = []
            out.append((p, tuple(row)))
    return out


NCARDS: Final = 52                    # more cover cards than any player can hold


def covered(seq, p: int, covers, skip: int = 0) -> int:
    """How many of player ``p``'s cards in the owner sequence ``seq`` (lowest first) can each be
    matched to a different higher card of another player: the largest such matching, counted
    greedily from the top card down.  ``covers[q]`` is how many of ``q``'s cards (its highest
    ones) may serve; ``p``'s own top ``skip`` cards are left out (they are the winners).

    >>> covered((0, 1, 0, 1, 0), 0, [0, 9])      # N: 1st, 3rd, 5th lowest; E above two of them
    2
    >>> covered((0, 1, 0, 1, 0), 0, [0, 1])      # only E's top card may cover
    1
    """
    left = list(covers)
    free = matched = 0
    for o in reversed(seq):
        if o == p:
            if skip:
                skip -= 1
            elif free:
                free -= 1
                matched += 1
        elif left[o]:
            left[o] -= 1
            free += 1
    return matched


def need_refutes(seqs, hold, need, leader: int, n: int) -> bool:
    """True when **no** play from here wins exactly ``need[p * 4 + s]`` more tricks led in ``s``
    for every player ``p`` (the fixed-bids question); ``False`` says nothing.

    With the remaining wins fixed, suit ``t`` is led exactly ``L_t = sum over p of need[p][t]``
    more times (a trick led in ``t`` is won in ``t``).  Two proofs:

    * **discards** (:func:`discard_bound` with exact numbers): player ``p`` plays a card of ``s``
      to at most ``L_s`` tricks led in ``s``; of those plays ``need[p][s]`` win and each other one
      loses to a higher card of ``s`` that *wins* its trick, i.e. one of the ``need[q][s]`` winning
      cards of another player ``q`` (at best ``q``'s top ``need[q][s]`` cards; distinct tricks,
      distinct cards).  Taking ``p``'s own top ``need[p][s]`` cards as the winners leaves the
      most to be covered (a lower card is covered by whatever covers a higher one), so at most
      ``min(L_s, need[p][s] + m)`` of ``p``'s cards of ``s`` are played to ``s`` leads, ``m`` the
      greedy matching from the top; the others must be discarded before ``p`` is void in ``s``,
      on tricks led in suits ``p`` is already void in, which the argument of
      :func:`discard_bound` bounds by ``sum over t of max(0, L_t - hold[p][t])`` for the suits
      ``t`` that ``p`` runs out of before ``s``.  When ``p`` must discard from several suits, one
      of them is the first ``p`` runs out of, and the later ones give it no room: the suits are
      taken in an order in which each fits (greedily: taking a suit only adds room).  A player
      who must discard *every* card of ``s`` they hold may not play one to a lead of ``s``, so
      ``s`` cannot be led while they hold it (see :func:`leads_stall`);
    * **leads**: player ``q`` leads at most ``wins + 1`` more tricks if on lead now, else at most
      ``wins`` (only the winner of a trick leads the next), each with a card of the suit led, so
      for every set ``S`` of suits ``sum of L_t over S <= sum over q of min(leads(q), cards of S
      held by q)`` (Hall's condition for sharing the leads out).

    >>> # N holds the spade ace and a low heart, E a low spade and the heart ace; N must win the
    >>> # heart trick and E the spade trick: N can neither win with the ace nor throw it away.
    >>> need_refutes(((1, 0), (0, 1), (), ()), [[1, 1, 0, 0], [1, 1, 0, 0]], (0, 1, 0, 0, 1, 0, 0, 0), 0, 2)
    True
    >>> need_refutes(((1, 0), (0, 1), (), ()), [[1, 1, 0, 0], [1, 1, 0, 0]], (1, 0, 0, 0, 0, 1, 0, 0), 0, 2)
    False
    """
    L = [0] * NSUITS
    for i, v in enumerate(need):
        L[i % NSUITS] += v
    blocked = 0                               # suits some holder may not play to a lead of them
    blockers = []                             # (player, suit) of those holders
    for p in range(n):
        mine = hold[p]
        spare = [L[t] - mine[t] if L[t] > mine[t] else 0 for t in range(NSUITS)]
        base = p * NSUITS
        must = {}                             # suit -> cards of it p must discard
        for s in range(NSUITS):
            h = mine[s]
            k = need[base + s]
            if h <= k:
                continue
            covers = [need[q * NSUITS + s] if q != p else 0 for q in range(n)]
            a = h - min(L[s], k + covered(seqs[s], p, covers, skip=k))
            if a > 0:
                must[s] = a
                if a == h:
                    blocked |= 1 << s
                    blockers.append((p, s))
        if must and discards_block(must, spare):
            return True
    if blocked and leads_stall(hold, need, L, leader, n, blockers):
        return True
    leads = [0] * n
    for i, v in enumerate(need):
        leads[i // NSUITS] += v
    leads[leader] += 1
    # subset sums over the 15 sets of suits, built one suit at a time (mask -> mask | bit)
    demand = [0] * 16
    for m in range(1, 16):
        low = m & -m
        demand[m] = demand[m ^ low] + L[low.bit_length() - 1]
    supply = [0] * 16
    for q in range(n):
        cap = leads[q]
        if not cap:
            continue
        row = hold[q]
        held = [0] * 16
        for m in range(1, 16):
            low = m & -m
            c = held[m] = held[m ^ low] + row[low.bit_length() - 1]
            supply[m] += c if c < cap else cap
    for m in range(1, 16):
        if demand[m] > supply[m]:
            return True
    return False


def discards_block(must: dict[int, int], spare: list[int]) -> bool:
    """True when a player cannot make the discards it must: ``must`` maps a suit to the cards of it the
    player must discard (it empties ``must``), ``spare[t]`` the leads of suit ``t`` the player cannot
    follow.  The suits go in the order the player runs out of them: the first one's cards go on leads
    of the suits the player is void in before it, which are not the later ones.

    >>> discards_block({0: 2}, [0, 1, 1, 0]), discards_block({0: 3}, [0, 1, 1, 0])
    (False, True)
    """
    room = sum(spare)
    for s in must:
        room -= spare[s]
    while must:
        for s, a in must.items():       # the first suit (in ``must``'s order) whose cards fit now
            if a <= room:
                break
        else:
            return True
        del must[s]
        room += spare[s]
    return False


def leads_stall(hold, need, L, leader: int, n: int, blockers) -> bool:
    """True when some suit that must still be led (``L[t] > 0``) can never be led.

    ``blockers`` lists ``(p, s)``: player ``p`` may play none of their cards of ``s`` to a lead
    of ``s`` (every one must be discarded), so ``s`` can be led only once ``p`` has run out of
    it, by discards on leads of other suits that ``p`` is void in.  A closure over what can ever
    happen, in order: the suits that can be led (``U``) start with those the leader holds and
    nobody blocks; a suit joins ``U`` when somebody who can ever lead holds it and each of its
    blockers can discard on some other suit of ``U`` (one that is led more often than the
    blocker holds it, so the blocker can run out of it before its last lead); a player can ever
    lead when they are the leader or must win a trick in a suit of ``U``.  Every step only adds
    what a real play might do, so a suit left out is never led.

    Four tricks left; East must win a diamond, South two spades and a diamond; North holds the
    top diamond and may win nothing, so must throw it away, which only a spade lead allows
    (North has no spade).  Only South holds spades, and South gets the lead only by winning a
    diamond; East, on lead, holds only diamonds and a club nobody may win.  So no diamond, and
    no spade, can ever be led:

    >>> hold = [[0, 2, 1, 1], [0, 0, 3, 1], [2, 0, 1, 1], [0, 0, 0, 4]]
    >>> need = (0, 0, 0, 0,  0, 0, 1, 0,  2, 0, 1, 0,  0, 0, 0, 0)
    >>> leads_stall(hold, need, [2, 0, 2, 0], 1, 4, [(0, 2)])        # East leads
    True
    >>> leads_stall(hold, need, [2, 0, 2, 0], 2, 4, [(0, 2)])        # South leads spades first
    False
    """
    lead = 1 << leader
    U = 0
    while True:
        grew = False
        for t in range(NSUITS):
            if (U >> t) & 1 or not L[t]:
                continue
            if not any((lead >> q) & 1 and hold[q][t] for q in range(n)):
                continue
            if all(any(u != t and (U >> u) & 1 and L[u] > hold[p][u] for u in range(NSUITS))
                   for p, s in blockers if s == t):
                U |= 1 << t
                grew = True
        for q in range(n):
            if not (lead >> q) & 1 and any(need[q * NSUITS + u] and (U >> u) & 1 for u in range(NSUITS)):
                lead |= 1 << q
                grew = True
        if not grew:
            break
    return any(L[t] and not (U >> t) & 1 for t in range(NSUITS))


def lower_bounds(seqs, hold, n: int, rmask: int):
    """Tricks players must still win: :func:`forced_wins` and :func:`discard_bound`, cell by cell."""
    return merge_low(forced_wins(seqs, hold, n, rmask), discard_bound(seqs, hold, n, rmask))


def merge_low(a, b):
    """The cell-wise larger of two lists of lower bounds (as :func:`forced_wins` gives them)."""
    if not b:
        return a
    if not a:
        return b
    rows = {p: list(row) for p, row in a}
    for p, row in b:
        cur = rows.setdefault(p, [0] * NSUITS)
        for s in range(NSUITS):
            if row[s] > cur[s]:
                cur[s] = row[s]
    return [(p, tuple(row)) for p, row in sorted(rows.items())]


def suit_additions(cs: tuple[int, ...], ubs: tuple[int, ...], lbs: tuple[int, ...] | None = None) -> int:
    """Bit mask of the numbers of further tricks one suit can absorb.

    Player ``p`` has ``cs[p]`` tricks of the suit and may win at most ``ubs[p]`` more
    (and must win at least ``lbs[p]`` more); a final value is 0 (only if ``cs[p]`` and
    ``lbs[p]`` are 0) or between ``cs[p] + lbs[p]`` and ``cs[p] + ubs[p]``, and the
    nonzero final values must be different (one bid card per value).
    ``ubs`` already respects the largest bid value.
    """
    choices = []
    for k, (c, u) in enumerate(zip(cs, ubs)):
        lb = 0 if lbs is None else lbs[k]
        lo = max(c + lb, 1)
        opts = list(range(lo, c + u + 1))
        if c == 0 and lb == 0:
            opts.append(0)
        choices.append(opts)
    base = sum(cs)
    mask = 0
    for finals in product(*choices):
        nz = [v for v in finals if v]
        if len(nz) == len(set(nz)):
            mask |= 1 << (sum(finals) - base)
    return mask
