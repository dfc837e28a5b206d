"""The play search: can the tricks be played so that the count matrix is a legal final bid?

Everything here works on a small integer picture of a position, not on the engine's
objects, because the search visits many thousands of positions:

* ``seqs[s]`` — the owners of the cards of suit ``s`` still in play, **lowest rank
  first**.  Only the order of the ranks matters for who wins a trick, so two
  positions with the same owner sequences behave the same even with different
  cards (this *rank compression* is what makes the transposition table hit often).
* ``counts[p * 4 + s]`` — tricks led in suit ``s`` that player ``p`` has won so far.
* ``leader`` — who leads the next trick.

Ideas borrowed from bridge double-dummy solvers:

* **equivalent cards**: cards of one player that are adjacent among the cards of
  their suit still in play (at the start of the trick) are interchangeable, so only
  one of each run is tried;
* a **transposition table** at trick boundaries, keyed by (owner sequences, leader,
  counts); since all players cooperate the search is an OR-search, and a position
  stored there is one already proved to fail;
* **bounds**: each player can win at most as many tricks led in a suit as they hold
  cards of it; with the bid-card rules (values at most 6, three suits per player,
  different values within a suit) a small exact calculation per suit says which
  numbers of further tricks each suit can still absorb, and the search stops when
  the remaining tricks cannot be shared out legally;
* a **forced line**: when the leader holds, in every suit they still have, cards that
  beat every other card of the suit, they win every remaining trick and the counts
  at the end are known without search;
* **refutation rules** (``refute``): who can ever win a trick and which suits can still be
  led (:func:`_reach`), tricks a player who can never discard must win
  (:func:`_forced_wins`), a suit a player must win in because they cannot throw its top
  cards away in time (:func:`_discard_bound`), a transposition key that merges idle cards
  (:func:`_canonical_key`) and count matrices that differ only in a finished suit
  (:func:`_count_key`), and a **case split on the bid structure** (a player holding
  all four suits wins nothing in one of them; see :class:`PlaySearch`);
* with **fixed bids** each suit is led an exact number of more times, which makes the
  discard count sharper and adds a closure over who can ever lead (:func:`_need_refutes`,
  :func:`_leads_stall`); during the **bidding** the bid cards already taken bound the
  counts from below, the cards still free bound them from above, and each player's turns
  left bound how many piles they can still raise (``floor``, ``cap``, ``raises``);
* **move ordering**: tricks whose winner extends a suit they already won come first;
* **restarts**: dives with node budgets growing along the Luby sequence, ties broken by a
  seeded generator, keeping every proved failure (so the last dive is complete);
* an optional **endgame** mode (``endgame=k``, off by default: on random deals it cost more
  than it saved) that decides the last ``k`` tricks through the set of every achievable
  split of them, cached by cards and leader only.

The result of :meth:`PlaySearch.run` is a list of tricks, each a tuple of plays
``(player, suit, index)`` from the leader on, where ``index`` points into the
trick-start owner sequence of the suit (:func:`tricks_to_cards` turns it into cards).
"""

from __future__ import annotations

import random
import time
from itertools import product
from typing import Sequence

__all__ = ["PlaySearch", "SearchTimeout", "position_from_hands", "tricks_to_cards"]

NSUITS = 4
Play = tuple[int, int, int]      # (player, suit, index into the trick-start sequence)
Trick = tuple[Play, ...]


_NONZERO: list[int] = []


def _nonzero_table() -> list[int]:
    """``table[row]``: how many of the four 4-bit cells of a packed row are nonzero (built once)."""
    if not _NONZERO:
        _NONZERO.extend((a > 0) + (b > 0) + (c > 0) + (d > 0)
                        for d in range(16) for c in range(16) for b in range(16) for a in range(16))
    return _NONZERO


class _OutOfBudget(Exception):
    """One restart of the search used up its node budget."""


def _luby(i: int) -> int:
    """The Luby sequence 1 1 2 1 1 2 4 1 1 2 ... (restart budgets with good worst-case behaviour)."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while True:
        if i == (1 << k) - 1:
            return 1 << (k - 1)
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1


class SearchTimeout(Exception):
    """The time budget ran out before the search was decided."""


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


class PlaySearch:
    """Depth-first search over tricks for a play whose count matrix is a legal final bid.

    ``max_value`` and ``max_suits`` are the bid-card limits; ``target`` (flattened
    ``p * 4 + s``) fixes the bids, so the counts must reach exactly those numbers.
    ``refute`` switches on the refutation rules (:func:`_reach`, :func:`_forced_wins`,
    :func:`_canonical_key`) once the search has visited ``refute_after`` positions: they
    cost time at every position, and most won deals are won before that.

    ``zero`` lists cells (``p * 4 + s``) that must stay 0: player ``p`` may win no trick
    led in suit ``s``.  ``split_after`` (``None``: never; only with ``refute``) is the
    **case split on the bid structure**: a player bids in at most ``max_suits`` suits, so when they hold all four
    suits, some suit they hold is one in which they win nothing.  After that many
    positions without an answer the search picks such a player (the one with the most
    cards that top their suit, see :meth:`_split_player`) and decides one sub-search per
    suit, each with that player's cell of the suit in ``zero``; the deal is won exactly
    when one of them is.  In a sub-search the rules that read the bid limits
    (:meth:`_accepts`, the ``allowed`` closure of :func:`_reach`) see the zero cell from
    the first trick on, instead of only after the player has won in three suits (a
    sub-search does not split again: on the hard deals a second split cost more than it
    saved).  The split starts only after a restart of the search, so ``restart_base=None``
    never splits.  Proved failures of the whole problem are
    failures of every sub-problem (its wins are wins of the whole), so they are shared.
    """

    def __init__(self, players: int, max_value: int, max_suits: int,
                 target: Sequence[int] | None = None, time_limit: float | None = 10.0,
                 endgame: int = 0, restart_base: int | None = 1000, refute: bool = True,
                 refute_after: int = 500, split_after: int | None = 20000, zero: Sequence[int] = (),
                 accept=None, prune=None, node_limit: int | None = None,
                 floor: Sequence[int] | None = None, cap: Sequence[int] | None = None,
                 raises: Sequence[int] | None = None):
        self.n = players
        #: with ``floor``: at most ``raises[p]`` of player ``p``'s piles may end above their floor
        #: (one bid card a turn, so no more than the turns ``p`` has left)
        self.raises = None if raises is None else tuple(raises)
        #: optional bounds on the final counts with open bids (flattened ``p * 4 + s``): at least
        #: ``floor`` (bid cards already taken stay), at most ``cap`` (the largest bid card that
        #: can still end on that pile); the position solver sets them during the bidding
        if floor is not None or cap is not None:      # one without the other: the plain bound
            cells = players * NSUITS
            floor = (0,) * cells if floor is None else floor
            cap = (max_value,) * cells if cap is None else cap
        self.floor = None if floor is None else tuple(floor)
        self.cap = None if cap is None else tuple(cap)
        #: at most this many positions per :meth:`run` (``None``: no limit), then
        #: :class:`SearchTimeout` - a budget that, unlike ``time_limit``, gives the same
        #: answer on every machine
        self.node_limit = node_limit
        self._node_end = float("inf")
        self.split_after = split_after
        self._start = 0                # nodes visited before this (sub-)search began
        self.zero = frozenset(zero)
        self.refute = refute
        self.refute_after = refute_after
        #: optional ``accept(counts) -> bool``: a further test a final count matrix must pass
        #: (the position solver uses it for "reachable by the rest of the bidding")
        self.accept = accept
        #: optional ``prune(counts, hold, tricks_left) -> bool``: False when no final count matrix
        #: that ``accept`` takes can follow (a further bound; ``hold[p][s]`` cards held)
        self.prune = prune
        self.endgame = endgame
        self.restart_base = restart_base
        self._rng: random.Random | None = None
        self._budget_end = float("inf")
        self.max_value = max_value
        self.max_suits = max_suits
        self.target = None if target is None else tuple(target)
        self.time_limit = time_limit
        self.nodes = 0
        self.failed: set = set()
        self._suit_memo: dict = {}
        self._reach_memo: dict = {}    # (seqs, leader) -> _reach(...)
        self._deadline = float("inf")
        self._ends: dict = {}          # (seqs, leader) -> frozenset of packed increment matrices
        self._legal: dict = {}         # packed final matrix -> bool
        self._nonzero = _nonzero_table()

    # -- entry point -----------------------------------------------------------
    def run(self, seqs: tuple[tuple[int, ...], ...], leader: int,
            counts: Sequence[int] | None = None) -> list[Trick] | None:
        """A winning list of tricks, or ``None`` when there is none; :class:`SearchTimeout` when out of time.

        ``counts`` (flattened ``p * 4 + s``) are the tricks already won, for a position after
        some complete tricks; by default none.
        """
        self._deadline = float("inf") if self.time_limit is None else time.perf_counter() + self.time_limit
        self._node_end = float("inf") if self.node_limit is None else self.nodes + self.node_limit
        return self._run(seqs, leader, counts)

    def _run(self, seqs, leader, counts=None) -> list[Trick] | None:
        counts = (0,) * (self.n * NSUITS) if counts is None else tuple(counts)
        remaining = len(seqs[0]) + len(seqs[1]) + len(seqs[2]) + len(seqs[3])
        if remaining % self.n:
            raise ValueError("every player must hold the same number of cards")
        tricks = remaining // self.n
        if self.refute and self._refuted_at_root(seqs, leader, counts, tricks):
            return None
        # Restarts: a first dive with the plain move ordering, then dives with shuffled
        # ties and growing node budgets (the Luby schedule).  Positions proved to fail are
        # kept across restarts, so the last dive is an ordinary complete search.
        attempt = 0
        while True:
            budget = None if self.restart_base is None else self.restart_base * _luby(attempt + 1)
            self._rng = None if attempt == 0 else random.Random(attempt)
            self._budget_end = min(self._node_end, float("inf") if budget is None else self.nodes + budget)
            try:
                return self._search(seqs, leader, counts, tricks)
            except _OutOfBudget:
                if self.nodes >= self._node_end:
                    raise SearchTimeout from None
                attempt += 1
            if self.refute and self.split_after is not None and self.nodes - self._start > self.split_after:
                p = self._split_player(seqs)
                if p is not None:
                    return self._split(seqs, leader, p, counts)

    # -- the case split on the bid structure ----------------------------------------------
    def _split_player(self, seqs) -> int | None:
        """The player to split on: one who holds every suit (so must win nothing in one of
        them), has no zero cell yet, and holds the most cards that top their suit; ``None``
        when there is none (or the bids are fixed: the target already says which cells are 0)."""
        if self.target is not None or self.max_suits >= NSUITS:
            return None
        best = None
        for p in range(self.n):
            if any(p * NSUITS + s in self.zero for s in range(NSUITS)):
                continue
            if not all(p in seq for seq in seqs):
                continue
            tops = 0
            for seq in seqs:
                k = len(seq)
                while k and seq[k - 1] == p:
                    k -= 1
                tops += len(seq) - k
            if best is None or tops > best[0]:
                best = (tops, p)
        return None if best is None else best[1]

    def _split(self, seqs, leader, p, counts=None) -> list[Trick] | None:
        """One sub-search per suit ``s``, in which ``p`` wins no trick led in ``s``."""
        for s in range(NSUITS):
            sub = PlaySearch(self.n, self.max_value, self.max_suits, target=None, time_limit=None,
                             endgame=self.endgame, restart_base=self.restart_base, refute=self.refute,
                             refute_after=0, split_after=None,
                             zero=self.zero | {p * NSUITS + s}, accept=self.accept, prune=self.prune,
                             floor=self.floor, cap=self.cap, raises=self.raises)
            sub._deadline = self._deadline
            sub._node_end = self._node_end
            sub.failed = set(self.failed)
            sub.nodes = sub._start = self.nodes
            try:
                line = sub._run(seqs, leader, counts)
            finally:
                self.nodes = sub.nodes
            if line is not None:
                return line
        return None

    # -- the recursion ------------------------------------------------------------
    def _search(self, seqs, leader, counts, tricks_left) -> list[Trick] | None:
        self.nodes += 1
        if not self.nodes & 1023 and time.perf_counter() > self._deadline:
            raise SearchTimeout
        if self.nodes > self._budget_end:
            raise _OutOfBudget
        if tricks_left == 0:
            return [] if self._final_ok(counts) else None
        if tricks_left <= self.endgame:
            return self._endgame(seqs, leader, counts, tricks_left)
        n = self.n
        key = raw = (seqs, leader, counts)
        failed = self.failed
        if raw in failed:
            return None
        reach = None
        refute = self.refute and self.nodes > self.refute_after
        if refute:
            pos = (seqs, leader)
            got = self._reach_memo.get(pos)
            if got is None:
                ext = _extremes(seqs, n)
                got = self._reach_memo[pos] = (_close(ext, leader, n), ext)
            reach, ext = got
            ck = counts
            if reach[1] and self.target is None and self.accept is None and self.prune is None:
                ck = _count_key(counts, reach[1], n)
            key = _canonical_key(seqs, leader, ck, reach)
            if key is not raw:
                if key in failed:
                    failed.add(raw)
                    return None
        hold = [[seq.count(p) for seq in seqs] for p in range(n)]
        low = None
        legal = reach
        if refute:
            used = [sum(1 for v in counts[p * NSUITS:(p + 1) * NSUITS] if v) for p in range(n)]
            ok = self._accepts(counts, used)
            if not all(all(row) for row in ok):
                legal = _close(ext, leader, n, ok)
            low = _lower_bounds(seqs, hold, n, legal[0])
        if not self._feasible(counts, hold, tricks_left, legal, low):
            self._fail(key, raw)
            return None
        if refute and self._need_refuted(seqs, hold, counts, leader):
            self._fail(key, raw)
            return None
        if self.prune is not None and not self.prune(counts, hold, tricks_left):
            self.failed.add(key)
            return None
        forced = self._forced_line(seqs, leader, hold[leader])
        if forced is not None:
            final = list(counts)
            for s in range(NSUITS):
                final[leader * NSUITS + s] += hold[leader][s]
            if self._final_ok(final):
                return forced
            self._fail(key, raw)
            return None
        for s, winner, trick in self._ordered_tricks(seqs, leader, counts, reach):
            i = winner * NSUITS + s
            child_counts = counts[:i] + (counts[i] + 1,) + counts[i + 1:]
            child_seqs = _remove(seqs, trick)
            rest = self._search(child_seqs, winner, child_counts, tricks_left - 1)
            if rest is not None:
                return [trick] + rest
        self._fail(key, raw)
        return None

    def _refuted_at_root(self, seqs, leader, counts, tricks_left) -> bool:
        """The refutation rules once, at the start (cheap, and some deals end right there)."""
        n = self.n
        hold = [[seq.count(p) for seq in seqs] for p in range(n)]
        used = [sum(1 for v in counts[p * NSUITS:(p + 1) * NSUITS] if v) for p in range(n)]
        legal = _reach(seqs, leader, n, self._accepts(counts, used))
        low = _lower_bounds(seqs, hold, n, legal[0])
        return not self._feasible(counts, hold, tricks_left, legal, low) or \
            self._need_refuted(seqs, hold, counts, leader)

    def _need_refuted(self, seqs, hold, counts, leader) -> bool:
        """With fixed bids: :func:`_need_refutes` on the tricks each player still needs."""
        return self.target is not None and \
            _need_refutes(seqs, hold, [t - c for t, c in zip(self.target, counts)], leader, self.n)

    def _fail(self, key, raw) -> None:
        """Record a proved failure under the position's canonical key (and its plain one)."""
        self.failed.add(key)
        if key is not raw:
            self.failed.add(raw)

    # -- legality of counts ----------------------------------------------------------
    def _final_ok(self, counts) -> bool:
        if self.accept is not None and not self.accept(tuple(counts)):
            return False
        for i in self.zero:
            if counts[i]:
                return False
        if self.target is not None:
            return tuple(counts) == self.target
        n, mv = self.n, self.max_value
        for p in range(n):
            row = counts[p * NSUITS:(p + 1) * NSUITS]
            if sum(1 for v in row if v) > self.max_suits or max(row) > mv:
                return False
        for s in range(NSUITS):
            col = [counts[p * NSUITS + s] for p in range(n) if counts[p * NSUITS + s]]
            if len(col) != len(set(col)):
                return False
        return True

    def _accepts(self, counts, used) -> list[list[bool]]:
        """``ok[p][s]``: may player ``p`` win one more trick led in suit ``s`` now?"""
        n = self.n
        if self.target is not None:
            t = self.target
            ok = [[counts[p * NSUITS + s] < t[p * NSUITS + s] for s in range(NSUITS)] for p in range(n)]
        elif self.floor is None:
            mv, ms = self.max_value, self.max_suits
            ok = [[(c < mv) if c else (used[p] < ms)
                   for c in counts[p * NSUITS:(p + 1) * NSUITS]] for p in range(n)]
        else:
            ms, fl, cp, rs = self.max_suits, self.floor, self.cap, self.raises
            ok = []
            for p in range(n):
                b = p * NSUITS
                u = sum(1 for i in range(b, b + NSUITS) if counts[i] or fl[i])
                row = [counts[i] < cp[i] if (counts[i] or fl[i]) else (u < ms and cp[i] > 0)
                       for i in range(b, b + NSUITS)]
                if rs is not None and sum(1 for i in range(b, b + NSUITS) if counts[i] > fl[i]) >= rs[p]:
                    row = [row[i - b] and counts[i] != fl[i] for i in range(b, b + NSUITS)]
                ok.append(row)
        for i in self.zero:
            ok[i // NSUITS][i % NSUITS] = False
        return ok

    def _feasible(self, counts, hold, tricks_left, reach=None, low=None) -> bool:
        """Can the remaining tricks still be shared out so that the final counts are legal?

        A relaxation: each player wins at most as many tricks of a suit as they hold
        cards of it; the per-suit rules (values, distinct values) are handled exactly,
        the three-suit rule only for players who already have three suits.  With
        ``reach`` (see :func:`_reach`) a player who can never win a trick again wins
        none, a suit nobody who can lead holds is never led again, and a suit is led
        at most as many more times as the longest holding of it among the players who
        can lead (each trick led in a suit takes one card of it from every player who
        still has one, so after that many all of them are void in it).  With ``low``
        (see :func:`_forced_wins`) player ``p`` wins at least ``low[p][s]`` more tricks
        led in ``s``: a suit they are forced to win in counts against their three suits.
        """
        n = self.n
        if self.zero:
            hold = [[0 if p * NSUITS + s in self.zero else hold[p][s] for s in range(NSUITS)] for p in range(n)]
        if reach is not None:
            rmask, dead = reach[0], reach[1]
            hold = [[0 if (not (rmask >> p) & 1 or (dead >> s) & 1) else hold[p][s] for s in range(NSUITS)]
                    for p in range(n)]
            caps = [max(hold[p][s] for p in range(n)) for s in range(NSUITS)]
        else:
            caps = None
        if self.target is not None:
            t = self.target
            for p in range(n):
                for s in range(NSUITS):
                    need = t[p * NSUITS + s] - counts[p * NSUITS + s]
                    if need < 0 or need > hold[p][s]:
                        return False
            if caps is not None:
                for s in range(NSUITS):
                    if sum(t[p * NSUITS + s] - counts[p * NSUITS + s] for p in range(n)) > caps[s]:
                        return False
            if low is not None:
                for p, row in low:
                    for s in range(NSUITS):
                        if t[p * NSUITS + s] - counts[p * NSUITS + s] < row[s]:
                            return False
            return True
        mv, ms = self.max_value, self.max_suits
        fl = self.floor
        if fl is None:
            used = [sum(1 for v in counts[p * NSUITS:(p + 1) * NSUITS] if v) for p in range(n)]
            lbs = [(0,) * NSUITS] * n
        else:                          # a pile with a bid card on it is used, and must be reached
            used = [sum(1 for i in range(p * NSUITS, (p + 1) * NSUITS) if counts[i] or fl[i]) for p in range(n)]
            lbs = [tuple(max(0, fl[i] - counts[i]) for i in range(p * NSUITS, (p + 1) * NSUITS)) for p in range(n)]
            if any(used[p] > ms for p in range(n)):
                return False
            rs = self.raises
            raised = [sum(1 for i in range(p * NSUITS, (p + 1) * NSUITS) if counts[i] > fl[i]) for p in range(n)]
            if rs is not None and any(raised[p] > rs[p] for p in range(n)):
                return False
            full = [rs is not None and raised[p] >= rs[p] for p in range(n)]
        if low is not None:
            for p, row in low:
                prev = lbs[p]
                lbs[p] = row = tuple(max(a, b) for a, b in zip(row, prev)) if fl is not None else row
                fresh = sum(1 for s in range(NSUITS) if row[s] and not counts[p * NSUITS + s]
                            and not (fl is not None and fl[p * NSUITS + s]))
                if used[p] + fresh > ms:
                    return False
                used[p] += fresh       # forced suits are as good as used
        reach = 1                      # bit k set: k further tricks can be absorbed so far
        memo = self._suit_memo
        for s in range(NSUITS):
            cs = tuple(counts[p * NSUITS + s] for p in range(n))
            if fl is None:
                ubs = tuple(0 if (c == 0 and used[p] >= ms and not lbs[p][s]) else min(hold[p][s], mv - c)
                            for p, c in enumerate(cs))
            else:
                cp = self.cap
                ubs = tuple(0 if (c == 0 and used[p] >= ms and not lbs[p][s] and not fl[p * NSUITS + s])
                            else max(0, min(hold[p][s], (fl[p * NSUITS + s] if full[p] and c <= fl[p * NSUITS + s]
                                                         else cp[p * NSUITS + s]) - c))
                            for p, c in enumerate(cs))
            ls = tuple(lbs[p][s] for p in range(n))
            key = (cs, ubs, ls)
            mask = memo.get(key)
            if mask is None:
                mask = memo[key] = _suit_additions(cs, ubs, ls)
            if caps is not None:
                mask &= (2 << caps[s]) - 1
            if not mask:
                return False
            new = 0
            k = 0
            while mask:
                if mask & 1:
                    new |= reach << k
                mask >>= 1
                k += 1
            reach = new
        return bool((reach >> tricks_left) & 1)

    # -- a line without choices -------------------------------------------------------
    def _forced_line(self, seqs, leader, lead_hold) -> list[Trick] | None:
        """If the leader's cards top every suit they hold, the leader wins every trick left:
        return such a play (leader leads suit by suit, the others follow low or discard)."""
        for s in range(NSUITS):
            h = lead_hold[s]
            if h:
                seq = seqs[s]
                if seq[len(seq) - h:] != (leader,) * h:
                    return None
        if not any(lead_hold):
            return None
        tricks: list[Trick] = []
        n = self.n
        cur = seqs
        while any(cur):
            s = next(t for t in range(NSUITS) if leader in cur[t])
            seq = cur[s]
            plays = [(leader, s, len(seq) - 1)]
            for k in range(1, n):
                f = (leader + k) % n
                if f in seq:
                    plays.append((f, s, seq.index(f)))       # lowest card of the suit
                else:
                    t = next(t for t in range(NSUITS) if f in cur[t])
                    plays.append((f, t, cur[t].index(f)))
            trick = tuple(plays)
            tricks.append(trick)
            cur = _remove(cur, trick)
        return tricks

    # -- the endgame: every achievable distribution of the last tricks -----------------
    def _endgame(self, seqs, leader, counts, tricks_left) -> list[Trick] | None:
        """Decide a position near the end through the set of increment matrices its tricks can
        produce (cached by cards and leader only, so it is shared by every count matrix)."""
        packed = 0
        for i, c in enumerate(counts):
            packed |= c << (4 * i)
        legal = self._legal
        for inc in self._achievable(seqs, leader, tricks_left):
            m = packed + inc
            ok = legal.get(m)
            if ok is None:
                ok = legal[m] = self._final_ok([(m >> (4 * i)) & 15 for i in range(len(counts))])
            if ok:
                return self._line(seqs, leader, inc, tricks_left)
        return None

    def _achievable(self, seqs, leader, tricks_left) -> frozenset:
        """Packed matrices (4 bits per cell ``p * 4 + s``) of tricks won in the rest of the play."""
        key = (seqs, leader)
        got = self._ends.get(key)
        if got is not None:
            return got
        self.nodes += 1
        if not self.nodes & 1023 and time.perf_counter() > self._deadline:
            raise SearchTimeout
        if self.nodes > self._budget_end:
            raise _OutOfBudget
        if tricks_left == 0:
            result = frozenset((0,))
        else:
            limit = self.max_value
            target = self.target
            ms = self.max_suits
            nonzero = self._nonzero
            out: set = set()
            for s, winner, _trick, child in self._distinct_tricks(seqs, leader):
                cell = winner * NSUITS + s
                shift = 4 * cell
                cap = (limit if target is None else target[cell]) if cell not in self.zero else 0
                inc = 1 << shift
                row_shift = 16 * winner
                for a in self._achievable(child, winner, tricks_left - 1):
                    if (a >> shift) & 15 < cap:
                        b = a + inc
                        if nonzero[(b >> row_shift) & 0xFFFF] <= ms:
                            out.add(b)
            result = frozenset(out)
        self._ends[key] = result
        return result

    def _line(self, seqs, leader, inc, tricks_left) -> list[Trick]:
        """The tricks of a play from this position that wins exactly the increments ``inc``."""
        tricks: list[Trick] = []
        while tricks_left:
            for s, winner, trick, child in self._distinct_tricks(seqs, leader):
                one = 1 << (4 * (winner * NSUITS + s))
                if (inc >> (4 * (winner * NSUITS + s))) & 15 and \
                        inc - one in self._achievable(child, winner, tricks_left - 1):
                    tricks.append(trick)
                    seqs, leader, inc, tricks_left = child, winner, inc - one, tricks_left - 1
                    break
            else:  # pragma: no cover - the sets say a line exists
                raise AssertionError("endgame set without a line")
        return tricks

    def _distinct_tricks(self, seqs, leader):
        """Every trick up to equivalent cards, one per different (suit, winner, resulting position)."""
        seen = set()
        for s, winner, trick in self._all_tricks(seqs, leader):
            child = _remove(seqs, trick)
            k = (s, winner, child)
            if k not in seen:
                seen.add(k)
                yield s, winner, trick, child

    def _all_tricks(self, seqs, leader):
        n = self.n
        runs = _runs(seqs, n)
        order = [(leader + k) % n for k in range(1, n)]
        for s in range(NSUITS):
            lead_runs = runs[s][leader]
            if not lead_runs:
                continue
            for winner, trick in _suit_tricks(runs, s, leader, lead_runs, order):
                yield s, winner, trick

    # -- move generation ---------------------------------------------------------------
    def _ordered_tricks(self, seqs, leader, counts, reach=None):
        """Every distinct trick (up to equivalent cards) whose winner may take it, best first.

        With ``reach`` (:func:`_reach`) the cards that can never matter again are merged
        into one choice each (see :func:`_runs`)."""
        n = self.n
        runs = _runs(seqs, n) if reach is None else _runs(seqs, n, reach[0], reach[1])
        used = [sum(1 for v in counts[p * NSUITS:(p + 1) * NSUITS] if v) for p in range(n)]
        ok = self._accepts(counts, used)
        order = [(leader + k) % n for k in range(1, n)]
        scored = []
        for s in range(NSUITS):
            lead_runs = runs[s][leader]
            if not lead_runs:
                continue
            if not any(ok[p][s] for p in range(n)):
                continue
            col = [counts[p * NSUITS + s] for p in range(n)]
            for winner, trick in _suit_tricks(runs, s, leader, lead_runs, order,
                                              0 if reach is None else reach[1]):
                if not ok[winner][s]:
                    continue
                c = col[winner]
                score = 0
                if c:
                    score -= 4
                    if c + 1 in col:
                        score += 1
                else:
                    score += used[winner]
                scored.append((score, s, winner, trick))
        if self._rng is not None:
            rnd = self._rng.random
            scored.sort(key=lambda x: x[0] + 3 * rnd())
        else:
            scored.sort(key=lambda x: x[0])
        for _, s, winner, trick in scored:
            yield s, winner, trick


def _runs(seqs, n: int, rmask: int | None = None, dead: int = 0) -> list[list[list[int]]]:
    """``runs[suit][player]``: the positions of the top card of each run of equivalent
    cards (adjacent in the suit's remaining order, same owner) that ``player`` holds.

    With ``rmask`` (the players who can still win a trick, :func:`_reach`) every other
    player's cards of one suit count as a single run: they lie below all cards of the
    suit held by players who can lead it, so which of them is played never matters,
    only how many are left.  (A suit in ``dead`` is held by such players only.)"""
    runs = [[[] for _ in range(n)] for _ in range(NSUITS)]
    for s in range(NSUITS):
        seq = seqs[s]
        last = len(seq) - 1
        for i, o in enumerate(seq):
            if i == last or seq[i + 1] != o:
                runs[s][o].append(i)
    if rmask is not None:
        for p in range(n):
            if not (rmask >> p) & 1:
                for s in range(NSUITS):
                    r = runs[s][p]
                    if len(r) > 1:
                        runs[s][p] = r[:1]
    return runs


def _follow_options(runs, s: int, order, dead: int = 0) -> list[list[tuple[int, int, int]]]:
    """For each follower in ``order``, the card runs they may play to a trick led in suit ``s``:
    their runs of ``s`` (must follow), or any run of another suit when void in ``s``.
    Cards of the suits in the bit mask ``dead`` are never led again, so they are only
    discards and one of them stands for all."""
    options = []
    for f in order:
        r = runs[s][f]
        if r:
            options.append([(f, s, i) for i in r])
        else:
            opts = []
            discard = False
            for t in range(NSUITS):
                if t == s:
                    continue
                if (dead >> t) & 1:
                    if discard or not runs[t][f]:
                        continue
                    discard = True
                    opts.append((f, t, runs[t][f][0]))
                else:
                    opts.extend((f, t, i) for i in runs[t][f])
            options.append(opts)
    return options


def _suit_tricks(runs, s: int, leader: int, lead_runs, order, dead: int = 0):
    """Every trick (up to equivalent cards) that ``leader`` can lead in suit ``s``, as
    ``(winner, trick)``; a trick is the tuple of ``(player, suit, run position)`` in play order."""
    options = _follow_options(runs, s, order, dead)
    for i0 in lead_runs:
        lead = (leader, s, i0)
        for combo in product(*options):
            best, winner = i0, leader
            for f, t, i in combo:
                if t == s and i > best:
                    best, winner = i, f
            yield winner, (lead,) + combo


def _reach(seqs, leader: int, n: int, allowed=None) -> tuple[int, int]:
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

    >>> _reach(((0, 1), (), (2,), ()), 0, 3)       # N leads: E's spade beats N's, S is never reached
    (3, 14)
    """
    return _close(_extremes(seqs, n), leader, n, allowed)


def _extremes(seqs, n: int):
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


def _close(extremes, leader: int, n: int, allowed=None) -> tuple[int, int]:
    """The closure of :func:`_reach` from the suit extremes of :func:`_extremes`."""
    first, last = extremes
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


def _forced_wins(seqs, hold, n: int, rmask: int | None = None):
    """Tricks some players are sure to win: ``[(player, (s, h, d, c)), ...]`` or ``None``.

    A player who holds, in every suit, at least as many cards as each other player can
    never discard: each trick led in a suit takes one card of it from every holder,
    others may discard but the player may not (they are never void while a suit they
    lack is led), so they stay at least as long in every suit.  Every card of such a
    player is played to a trick of its own suit; a card above all other cards left in
    its suit (the player's top run of the suit) then wins that trick.  So the player
    wins at least as many more tricks led in each suit as that top run is long.

    With ``rmask`` (the players who may still win a trick in a winning continuation,
    :func:`_reach` with ``allowed``) only those players count: only they lead, so the
    player must hold at least as many cards as each of them, and a card above all their
    cards of the suit wins (a higher card of anyone else would win a trick its holder may
    not).  The claim is then about every winning continuation.

    >>> _forced_wins(((1, 0), (0, 1)), [[1, 1], [1, 1]], 2)   # 2 players, 2 suits (S, H)
    [(0, (1, 0, 0, 0)), (1, (0, 1, 0, 0))]
    """
    out = None
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


def _discard_bound(seqs, hold, n: int, rmask: int | None = None):
    """Suits some players must win at least one more trick in: ``[(player, row), ...]`` or ``None``
    (``row[s]`` is 1 for such a suit, else 0).

    Say player ``p`` wins no more trick led in suit ``s``.  Until the moment ``T`` when
    ``p``'s last card of ``s`` leaves the hand, ``p`` follows every trick led in ``s`` with
    a card of ``s`` and does not win it, so another player (one in ``rmask``: only they
    win, as in :func:`_forced_wins`) plays a higher card of ``s`` to that trick.  Distinct
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
    :func:`_reach` with ``allowed``: in every winning continuation).

    >>> _discard_bound(((1, 0), (1, 0), (), ()), [[1, 1, 0, 0], [1, 1, 0, 0]], 2)  # 2 players, S and H
    [(0, (1, 1, 0, 0))]
    """
    out = None
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
        row = None
        for s, seq in enumerate(seqs):
            if mine[s] <= total - spare[s]:
                continue                      # even with every card to throw there is room
            covers = [NCARDS if q != p and (rmask >> q) & 1 else 0 for q in range(n)]
            if mine[s] - _covered(seq, p, covers) > total - spare[s]:
                if row is None:
                    row = [0] * NSUITS
                row[s] = 1
        if row is not None:
            if out is None:
                out = []
            out.append((p, tuple(row)))
    return out


NCARDS = 52                      # more cover cards than any player can hold


def _covered(seq, p: int, covers, skip: int = 0) -> int:
    """How many of player ``p``'s cards in the owner sequence ``seq`` (lowest first) can each be
    matched to a different higher card of another player: the largest such matching, counted
    greedily from the top card down.  ``covers[q]`` is how many of ``q``'s cards (its highest
    ones) may serve; ``p``'s own top ``skip`` cards are left out (they are the winners).

    >>> _covered((0, 1, 0, 1, 0), 0, [0, 9])      # N: 1st, 3rd, 5th lowest; E above two of them
    2
    >>> _covered((0, 1, 0, 1, 0), 0, [0, 1])      # only E's top card may cover
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


def _need_refutes(seqs, hold, need, leader: int, n: int) -> bool:
    """True when **no** play from here wins exactly ``need[p * 4 + s]`` more tricks led in ``s``
    for every player ``p`` (the fixed-bids question); ``False`` says nothing.

    With the remaining wins fixed, suit ``t`` is led exactly ``L_t = sum over p of need[p][t]``
    more times (a trick led in ``t`` is won in ``t``).  Two proofs:

    * **discards** (:func:`_discard_bound` with exact numbers): player ``p`` plays a card of ``s``
      to at most ``L_s`` tricks led in ``s``; of those plays ``need[p][s]`` win and each other one
      loses to a higher card of ``s`` that *wins* its trick, i.e. one of the ``need[q][s]`` winning
      cards of another player ``q`` (at best ``q``'s top ``need[q][s]`` cards; distinct tricks,
      distinct cards).  Taking ``p``'s own top ``need[p][s]`` cards as the winners leaves the
      most to be covered (a lower card is covered by whatever covers a higher one), so at most
      ``min(L_s, need[p][s] + m)`` of ``p``'s cards of ``s`` are played to ``s`` leads, ``m`` the
      greedy matching from the top; the others must be discarded before ``p`` is void in ``s``,
      on tricks led in suits ``p`` is already void in, which the argument of
      :func:`_discard_bound` bounds by ``sum over t of max(0, L_t - hold[p][t])`` for the suits
      ``t`` that ``p`` runs out of before ``s``.  When ``p`` must discard from several suits, one
      of them is the first ``p`` runs out of, and the later ones give it no room: the suits are
      taken in an order in which each fits (greedily: taking a suit only adds room).  A player
      who must discard *every* card of ``s`` they hold may not play one to a lead of ``s``, so
      ``s`` cannot be led while they hold it (see :func:`_leads_stall`);
    * **leads**: player ``q`` leads at most ``wins + 1`` more tricks if on lead now, else at most
      ``wins`` (only the winner of a trick leads the next), each with a card of the suit led, so
      for every set ``S`` of suits ``sum of L_t over S <= sum over q of min(leads(q), cards of S
      held by q)`` (Hall's condition for sharing the leads out).

    >>> # N holds the spade ace and a low heart, E a low spade and the heart ace; N must win the
    >>> # heart trick and E the spade trick: N can neither win with the ace nor throw it away.
    >>> _need_refutes(((1, 0), (0, 1), (), ()), [[1, 1, 0, 0], [1, 1, 0, 0]], (0, 1, 0, 0, 1, 0, 0, 0), 0, 2)
    True
    >>> _need_refutes(((1, 0), (0, 1), (), ()), [[1, 1, 0, 0], [1, 1, 0, 0]], (1, 0, 0, 0, 0, 1, 0, 0), 0, 2)
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
            a = h - min(L[s], k + _covered(seqs[s], p, covers, skip=k))
            if a > 0:
                must[s] = a
                if a == h:
                    blocked |= 1 << s
                    blockers.append((p, s))
        if must:
            # The suits p must discard from, in the order p runs out of them: the first one's
            # cards go on leads of suits p is void in before it, which are not the later ones.
            room = sum(spare) - sum(spare[s] for s in must)
            while must:
                s = next((s for s, a in must.items() if a <= room), None)
                if s is None:
                    return True
                del must[s]
                room += spare[s]
    if blocked and _leads_stall(hold, need, L, leader, n, blockers):
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


def _leads_stall(hold, need, L, leader: int, n: int, blockers) -> bool:
    """True when some suit that must still be led (``L[t] > 0``) can never be led.

    ``blockers`` lists ``(p, s)``: player ``p`` may play none of their cards of ``s`` to a lead
    of ``s`` (every one must be discarded), so ``s`` can be led only once ``p`` has run out of
    it, by discards on leads of other suits that ``p`` is void in.  A closure over what can
    ever happen, in order: the suits that can be led (``U``) start with those the leader holds
    and nobody blocks; a suit joins ``U`` when somebody who can ever lead holds it and each of
    its blockers can discard on some other suit of ``U`` (one that is led more often than the
    blocker holds it, so the blocker can run out of it before its last lead); a player can ever lead when they are the leader or must win a trick in a suit of
    ``U``.  Every step only adds what a real play might do, so a suit left out is never led.

    Four tricks left; East must win a diamond, South two spades and a diamond; North holds the
    top diamond and may win nothing, so must throw it away, which only a spade lead allows
    (North has no spade).  Only South holds spades, and South gets the lead only by winning a
    diamond; East, on lead, holds only diamonds and a club nobody may win.  So no diamond, and
    no spade, can ever be led:

    >>> hold = [[0, 2, 1, 1], [0, 0, 3, 1], [2, 0, 1, 1], [0, 0, 0, 4]]
    >>> need = (0, 0, 0, 0,  0, 0, 1, 0,  2, 0, 1, 0,  0, 0, 0, 0)
    >>> _leads_stall(hold, need, [2, 0, 2, 0], 1, 4, [(0, 2)])        # East leads
    True
    >>> _leads_stall(hold, need, [2, 0, 2, 0], 2, 4, [(0, 2)])        # South leads spades first
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


def _lower_bounds(seqs, hold, n: int, rmask: int):
    """Tricks players must still win: :func:`_forced_wins` and :func:`_discard_bound`, cell by cell."""
    return _merge_low(_forced_wins(seqs, hold, n, rmask), _discard_bound(seqs, hold, n, rmask))


def _merge_low(a, b):
    """The cell-wise larger of two lists of lower bounds (as :func:`_forced_wins` gives them)."""
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


def _count_key(counts, dead: int, n: int) -> tuple:
    """The count matrix as a transposition key sees it: a **nogood over count matrices**.

    In a suit of ``dead`` (never led again, :func:`_reach`) nobody wins another trick, so
    its column is final.  If its nonzero values are all different, only *which* of them are
    nonzero still matters (for the three-suit rule and the cells that must stay 0): the column
    passes the distinct-values rule and every value is within the largest bid card.  Such a
    column is stored as flags (-1: nonzero, a value no real count has), so a failure proved with one set of values there is a
    failure for every other set with the same flags (e.g. spades won 3, 1, 2 or 1, 2, 3 by
    the same three players once spades are gone).  Not used when the bids are fixed or a
    further ``accept`` test reads the exact values.

    >>> _count_key((3, 0, 0, 0,  1, 0, 0, 0,  2, 1, 0, 0), 1, 3)   # spades dead: 3, 1, 2 -> flags
    (-1, 0, 0, 0, -1, 0, 0, 0, -1, 1, 0, 0)
    >>> _count_key((2, 0, 0, 0,  2, 0, 0, 0,  0, 1, 0, 0), 1, 3)   # 2 and 2: lost, kept as it is
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


def _canonical_key(seqs, leader: int, counts, reach) -> tuple:
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


def _remove(seqs, trick):
    """The owner sequences with the cards of ``trick`` taken out."""
    out = list(seqs)
    by_suit: dict[int, list[int]] = {}
    for _, s, i in trick:
        by_suit.setdefault(s, []).append(i)
    for s, idx in by_suit.items():
        seq = seqs[s]
        if len(idx) == 1:
            i = idx[0]
            out[s] = seq[:i] + seq[i + 1:]
        else:
            drop = set(idx)
            out[s] = tuple(o for j, o in enumerate(seq) if j not in drop)
    return tuple(out)


def _suit_additions(cs: tuple[int, ...], ubs: tuple[int, ...], lbs: tuple[int, ...] | None = None) -> int:
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
