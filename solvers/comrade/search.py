"""The play search: can the tricks be played so that the count matrix is a legal final bid?

Everything here works on a small integer picture of a position
(:mod:`solvers.comrade.picture`), not on the engine's objects, because the search visits
many thousands of positions:

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
* **refutation rules** (``refute``, in :mod:`solvers.comrade.bounds` and
  :mod:`solvers.comrade.keys`): who can ever win a trick and which suits can still be
  led (:func:`~solvers.comrade.bounds.reach`), tricks a player who can never discard must win
  (:func:`~solvers.comrade.bounds.forced_wins`), a suit a player must win in because they cannot throw its top
  cards away in time (:func:`~solvers.comrade.bounds.discard_bound`), a transposition key that merges idle cards
  (:func:`~solvers.comrade.keys.canonical_key`) and count matrices that differ only in a finished suit
  (:func:`~solvers.comrade.keys.count_key`), and a **case split on the bid structure** (a player holding
  all four suits wins nothing in one of them; see :class:`PlaySearch`);
* with **fixed bids** each suit is led an exact number of more times, which makes the
  discard count sharper and adds a closure over who can ever lead (:func:`~solvers.comrade.bounds.need_refutes`,
  :func:`~solvers.comrade.bounds.leads_stall`); during the **bidding** the bid cards already taken bound the
  counts from below, the cards still free bound them from above, and each player's turns
  left bound how many piles they can still raise (``floor``, ``cap``, ``raises``);
* **move ordering**: tricks whose winner extends a suit they already won come first;
* **restarts**: dives with node budgets growing along the Luby sequence, ties broken by a
  seeded generator, keeping every proved failure (so the last dive is complete);
* **suit facts**: what the rules read of one suit's owner sequence (cards held, lowest and highest
  positions, who can beat whom, the runs of equivalent cards) is worked out once per sequence and
  shared by every search of the process (:func:`_suit_facts`: a trick changes one or two suits, so
  most of a position's suits were met before); the rules read them with bit masks and give the
  answers of :mod:`solvers.comrade.bounds` and :mod:`solvers.comrade.keys` (a test compares them).

The result of :meth:`PlaySearch.run` is a list of tricks, each a tuple of plays
``(player, suit, index)`` from the leader on, where ``index`` points into the
trick-start owner sequence of the suit (:func:`~solvers.comrade.picture.tricks_to_cards` turns it into cards).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from itertools import product
from operator import itemgetter
from typing import Callable, Final, Iterable, Sequence

from cardgames.errors import CardgamesError

from .bounds import (close_reach, covered, extremes, lower_bounds, merge_low,
                     need_refutes, suit_additions)
from .keys import count_key
from .picture import NSUITS, Trick, position_from_hands, remove_trick, tricks_to_cards

__all__ = ["PlaySearch", "SearchOptions", "OpenBids", "DEFAULT_SEARCH", "SearchTimeout",
           "position_from_hands", "tricks_to_cards", "NSUITS"]


@dataclass(frozen=True)
class SearchOptions:
    """How :class:`PlaySearch` goes about its work (no option changes an answer, only how fast it comes).

    * ``restart_base`` — node budget unit of the restarts (Luby schedule); ``None`` searches
      once, with no restarts (and so never splits);
    * ``refute`` — the refutation rules (:mod:`solvers.comrade.bounds`, :mod:`solvers.comrade.keys`);
    * ``refute_after`` — the rules are checked once at the start, then at every position after
      this many positions;
    * ``split_after`` — positions before the case split on the bid structure (``None``: never).
    """

    restart_base: int | None = 1000
    refute: bool = True
    refute_after: int = 500
    split_after: int | None = 20000


#: The default options.
DEFAULT_SEARCH = SearchOptions()


@dataclass(frozen=True)
class OpenBids:
    """What the rest of the bidding allows, for a search with open bids during the bidding
    (the position solver, :class:`~solvers.comrade.position.BiddingReach`, fills it in).

    * ``accept(counts) -> bool`` — a further test a final count matrix must pass ("reachable by
      the rest of the bidding");
    * ``prune(counts, hold, tricks_left) -> bool`` — False when no final count matrix that
      ``accept`` takes can follow (``hold[p][s]`` cards held);
    * ``floor`` / ``cap`` (flattened ``p * 4 + s``) — each final count is at least ``floor`` (bid
      cards already taken stay) and at most ``cap`` (the largest bid card that can still end on
      that pile); one without the other is the plain bound;
    * ``raises[p]`` — with ``floor``: at most this many of player ``p``'s piles may end above their
      floor (one bid card a turn, so no more than the turns ``p`` has left).
    """

    accept: Callable[[tuple], bool] | None = None
    prune: Callable[..., bool] | None = None
    floor: Sequence[int] | None = None
    cap: Sequence[int] | None = None
    raises: Sequence[int] | None = None


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


class SearchTimeout(CardgamesError):
    """The time budget ran out before the search was decided."""


class PlaySearch:
    """Depth-first search over tricks for a play whose count matrix is a legal final bid.

    ``max_value`` and ``max_suits`` are the bid-card limits; ``target`` (flattened
    ``p * 4 + s``) fixes the bids, so the counts must reach exactly those numbers;
    ``bidding`` (:class:`OpenBids`) adds what the rest of the bidding allows, with open bids.
    ``time_limit`` (seconds) and ``node_limit`` (positions) bound each :meth:`run`.
    ``options`` (:class:`SearchOptions`): ``refute`` switches on the refutation rules
    (:func:`~solvers.comrade.bounds.reach`, :func:`~solvers.comrade.bounds.forced_wins`,
    :func:`~solvers.comrade.keys.canonical_key`) once the search has visited ``refute_after``
    positions: they cost time at every position, and most won deals are won before that.

    ``zero`` lists cells (``p * 4 + s``) that must stay 0: player ``p`` may win no trick
    led in suit ``s``.  ``split_after`` (``None``: never; only with ``refute``) is the
    **case split on the bid structure**: a player bids in at most ``max_suits`` suits, so when they hold all four
    suits, some suit they hold is one in which they win nothing.  After that many
    positions without an answer the search picks such a player (the one with the most
    cards that top their suit, see :meth:`_split_player`) and decides one sub-search per
    suit, each with that player's cell of the suit in ``zero``; the deal is won exactly
    when one of them is.  In a sub-search the rules that read the bid limits
    (:meth:`_accepts`, the ``allowed`` closure of :func:`~solvers.comrade.bounds.reach`) see the zero cell from
    the first trick on, instead of only after the player has won in three suits (a
    sub-search does not split again: on the hard deals a second split cost more than it
    saved).  The split starts only after a restart of the search, so ``restart_base=None``
    never splits.  Proved failures of the whole problem are
    failures of every sub-problem (its wins are wins of the whole), so they are shared.
    """

    def __init__(self, players: int, max_value: int, max_suits: int,
                 target: Sequence[int] | None = None, time_limit: float | None = 10.0, *,
                 node_limit: int | None = None, options: SearchOptions = DEFAULT_SEARCH,
                 bidding: OpenBids | None = None, zero: Iterable[int] = ()):
        self.n = players
        self.max_value = max_value
        self.max_suits = max_suits
        self.target = None if target is None else tuple(target)
        self.time_limit = time_limit
        #: at most this many positions per :meth:`run` (``None``: no limit), then
        #: :class:`SearchTimeout` - a budget that, unlike ``time_limit``, gives the same
        #: answer on every machine
        self.node_limit = node_limit
        self.options = options
        # the options as attributes: read at every position
        self.restart_base = options.restart_base
        self.refute = options.refute
        self.refute_after = options.refute_after
        self.split_after = options.split_after
        self.bidding = bidding
        b = bidding or OpenBids()
        self.accept, self.prune = b.accept, b.prune
        self.raises = None if b.raises is None else tuple(b.raises)
        floor, cap = b.floor, b.cap
        if floor is not None or cap is not None:      # one without the other: the plain bound
            cells = players * NSUITS
            floor = (0,) * cells if floor is None else floor
            cap = (max_value,) * cells if cap is None else cap
        self.floor = None if floor is None else tuple(floor)
        self.cap = None if cap is None else tuple(cap)
        self.zero = frozenset(zero)
        self._node_end = float("inf")
        self._start = 0                # nodes visited before this (sub-)search began
        self._rng: random.Random | None = None
        self._budget_end = float("inf")
        self.nodes = 0
        self.failed: set = set()
        self._suit_memo: dict = {}
        self._fact_tables = _fact_tables(players)
        self._count_memo: dict = {}    # counts -> _of_counts(counts)
        self._deadline = float("inf")

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
        best: tuple[int, int] | None = None
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
            options = SearchOptions(restart_base=self.restart_base, refute=self.refute, refute_after=0,
                                    split_after=None)
            sub = PlaySearch(self.n, self.max_value, self.max_suits, target=None, time_limit=None,
                             options=options, bidding=self.bidding, zero=self.zero | {p * NSUITS + s})
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
    def _search(self, seqs: tuple[tuple[int, ...], ...], leader: int, counts: tuple[int, ...],
                tricks_left: int) -> list[Trick] | None:
        nodes = self.nodes + 1
        self.nodes = nodes
        if not nodes & 1023 and time.perf_counter() > self._deadline:
            raise SearchTimeout
        if nodes > self._budget_end:
            raise _OutOfBudget
        if tricks_left == 0:
            return [] if self.final_ok(counts) else None
        raw = (seqs, leader, counts)
        failed = self.failed
        if raw in failed:
            return None
        n = self.n
        key: tuple = raw
        # the suits' facts (_facts_of, its common case inline)
        tables = self._fact_tables
        f0 = tables[0].get(seqs[0])
        f1 = tables[1].get(seqs[1])
        f2 = tables[2].get(seqs[2])
        f3 = tables[3].get(seqs[3])
        if f0 is None or f1 is None or f2 is None or f3 is None:
            facts = self._facts_of(seqs)
        else:
            facts = [f0, f1, f2, f3]
        reach: tuple[int, int] | None = None
        refute = self.refute and nodes > self.refute_after
        if refute:
            reach = _close(facts, leader, n, None)
            if reach[1] or reach[0] != (1 << n) - 1:     # else _canonical's key is the plain one: raw
                ck = counts
                if reach[1] and self.target is None and self.accept is None and self.prune is None:
                    ck = count_key(counts, reach[1], n)
                key = _canonical(seqs, facts, leader, ck, reach, n)
                if key in failed:
                    failed.add(raw)
                    return None
        hold: list[tuple[int, int, int, int]] = list(zip(facts[0][0], facts[1][0], facts[2][0], facts[3][0]))
        got = self._count_memo.get(counts)
        if got is None:
            got = self._count_memo[counts] = self._of_counts(counts)
        allowed: list[int] = got[1]
        need: tuple[int, ...] | None = got[2]
        low: list | None = None
        legal = reach
        if reach is not None:          # the refutation rules are on
            legal = reach if got[3] else _close(facts, leader, n, allowed)
        if need is not None:
            # _feasible_target with the forced wins (_lower) read last, and worked out only when the rest passes
            if not self._feasible_target(need, got[4], hold, legal, None):
                failed.add(key)
                if key is not raw:
                    failed.add(raw)
                return None
            if legal is not None:
                low = _lower(facts, hold, n, legal[0])
                if low is not None and not _low_fits(need, low):
                    failed.add(key)
                    if key is not raw:
                        failed.add(raw)
                    return None
            if refute and _need_refutes(facts, hold, need, leader, n, got[4]):
                failed.add(key)
                if key is not raw:
                    failed.add(raw)
                return None
        elif not self._feasible(counts, hold, tricks_left, legal,
                                None if legal is None else _lower(facts, hold, n, legal[0])):
            failed.add(key)
            if key is not raw:
                failed.add(raw)
            return None
        if self.prune is not None and not self.prune(counts, hold, tricks_left):
            self.failed.add(key)
            return None
        if _leader_tops(facts, leader, seqs):
            # the leader wins every trick left: the line itself is worked out only when it wins
            final = list(counts)
            for s in range(NSUITS):
                final[leader * NSUITS + s] += hold[leader][s]
            if self.final_ok(final):
                return self._forced_line(seqs, leader, hold[leader])
            failed.add(key)
            if key is not raw:
                failed.add(raw)
            return None
        kids = got[6]
        for _, s, winner, trick in self._ordered_tricks(facts, leader, got[5], reach):
            i = winner * NSUITS + s
            child_counts = kids[i]
            if child_counts is None:
                child_counts = kids[i] = counts[:i] + (counts[i] + 1,) + counts[i + 1:]
            child_seqs = remove_trick(seqs, trick)
            rest = self._search(child_seqs, winner, child_counts, tricks_left - 1)
            if rest is not None:
                return [trick] + rest
        failed.add(key)
        if key is not raw:
            failed.add(raw)
        return None

    def _facts_of(self, seqs: tuple[tuple[int, ...], ...]) -> list[tuple]:
        """:func:`_suit_facts` of each suit, from the process-wide table (worked out on a miss)."""
        tables = self._fact_tables
        out: list = [tables[0].get(seqs[0]), tables[1].get(seqs[1]), tables[2].get(seqs[2]), tables[3].get(seqs[3])]
        if out[0] is None or out[1] is None or out[2] is None or out[3] is None:    # a miss: worked out
            n = self.n
            for s in range(NSUITS):
                if out[s] is None:
                    seq = seqs[s]
                    table = tables[s]
                    if len(table) >= FACTS_LIMIT:
                        table.clear()
                    out[s] = table[seq] = _suit_facts(seq, s, n)
        return out

    def _refuted_at_root(self, seqs, leader, counts, tricks_left) -> bool:
        """The refutation rules once, at the start (cheap, and some deals end right there)."""
        n = self.n
        hold = [[seq.count(p) for seq in seqs] for p in range(n)]
        used = [sum(1 for v in counts[p * NSUITS:(p + 1) * NSUITS] if v) for p in range(n)]
        legal = close_reach(extremes(seqs, n), leader, n, self._accepts(counts, used))
        low = lower_bounds(seqs, hold, n, legal[0])
        return not self._feasible(counts, hold, tricks_left, legal, low) or \
            self._need_refuted(seqs, hold, counts, leader)

    def _need_refuted(self, seqs, hold, counts, leader) -> bool:
        """With fixed bids: :func:`~solvers.comrade.bounds.need_refutes` on the tricks each player still needs."""
        return self.target is not None and \
            need_refutes(seqs, hold, [t - c for t, c in zip(self.target, counts)], leader, self.n)

    def _fail(self, key, raw) -> None:
        """Record a proved failure under the position's canonical key (and its plain one)."""
        self.failed.add(key)
        if key is not raw:
            self.failed.add(raw)

    # -- legality of counts ----------------------------------------------------------
    def final_ok(self, counts) -> bool:
        """Is ``counts`` (flattened ``p * 4 + s``) a final count matrix that wins this question?"""
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
        elif self.floor is None or self.cap is None:      # (set together, see __init__)
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

    def _of_counts(self, counts) -> tuple:
        """What a position's count matrix alone decides: ``(used, allowed, need, every, table, scores, kids)``
        — each player's suits won so far, :meth:`_allowed`, with fixed bids the tricks still needed per cell
        (the target less the counts; else ``None``), whether everyone may win in every suit, with fixed bids
        :func:`_need_table`, ``scores[s][w]`` the move ordering's score of a trick led in ``s`` and won by
        ``w`` (``None``: ``w`` may not win it; see :meth:`_ordered_tricks`), and ``kids[p * 4 + s]`` the count
        matrix after ``p`` wins a trick led in ``s`` (filled in when first needed)."""
        n = self.n
        used = [(counts[b] != 0) + (counts[b + 1] != 0) + (counts[b + 2] != 0) + (counts[b + 3] != 0)
                for b in range(0, n * NSUITS, NSUITS)]
        allowed = self._allowed(counts, used)
        need = None if self.target is None else tuple(t - c for t, c in zip(self.target, counts))
        full = (1 << n) - 1
        scores = []
        for s in range(NSUITS):
            okm = allowed[s]
            col = counts[s::NSUITS]
            score_of: list[int | None] = [None] * n
            for w in range(n):
                if (okm >> w) & 1:
                    c = col[w]
                    if c:
                        score_of[w] = -3 if c + 1 in col else -4
                    else:
                        score_of[w] = used[w]
            scores.append(score_of)
        kids: list[tuple[int, ...] | None] = [None] * (n * NSUITS)
        return (used, allowed, need, all(m == full for m in allowed),
                None if need is None else _need_table(need, n, self.zero), scores, kids)

    def _allowed(self, counts, used) -> list[int]:
        """:meth:`_accepts` as bit masks per suit: bit ``p`` of ``allowed[s]`` set when player ``p``
        may win one more trick led in suit ``s`` now."""
        n = self.n
        out = [0, 0, 0, 0]
        if self.target is not None:
            t = self.target
            for p in range(n):
                b = p * NSUITS
                bit = 1 << p
                for s in range(NSUITS):
                    if counts[b + s] < t[b + s]:
                        out[s] |= bit
            for i in self.zero:
                out[i % NSUITS] &= ~(1 << (i // NSUITS))
            return out
        ok = self._accepts(counts, used)
        for p in range(n):
            row = ok[p]
            for s in range(NSUITS):
                if row[s]:
                    out[s] |= 1 << p
        return out

    def _feasible_target(self, need: tuple[int, ...], table: tuple, hold: list[tuple[int, int, int, int]],
                         reach: tuple[int, int] | None = None, low: list | None = None) -> bool:
        """:meth:`_feasible` with fixed bids, from ``need`` (flattened ``p * 4 + s``: the tricks each
        player still needs in each suit, the target less the counts) and its :func:`_need_table`."""
        L, pos, spoilt = table[0], table[4], table[5]
        if spoilt:
            return False
        if reach is None:
            for p, s, v in pos:
                if v > hold[p][s]:
                    return False
            return True
        rmask, dead = reach
        for p, s, v in pos:
            if v > hold[p][s] or not (rmask >> p) & 1 or (dead >> s) & 1:
                return False
        zero = self.zero
        for s in range(NSUITS):
            if L[s]:           # led that many more times: someone who can win it holds as many cards
                cap = 0
                for p, row in enumerate(hold):
                    if (rmask >> p) & 1 and row[s] > cap and not (zero and p * NSUITS + s in zero):
                        cap = row[s]
                if L[s] > cap:
                    return False
        if low is not None:
            for p, row in low:
                b = p * NSUITS
                for s in range(NSUITS):
                    if need[b + s] < row[s]:
                        return False
        return True

    def _feasible(self, counts, hold, tricks_left, reach=None, low=None) -> bool:
        """Can the remaining tricks still be shared out so that the final counts are legal?

        A relaxation: each player wins at most as many tricks of a suit as they hold
        cards of it; the per-suit rules (values, distinct values) are handled exactly,
        the three-suit rule only for players who already have three suits.  With
        ``reach`` (see :func:`~solvers.comrade.bounds.reach`) a player who can never win a trick again wins
        none, a suit nobody who can lead holds is never led again, and a suit is led
        at most as many more times as the longest holding of it among the players who
        can lead (each trick led in a suit takes one card of it from every player who
        still has one, so after that many all of them are void in it).  With ``low``
        (see :func:`~solvers.comrade.bounds.forced_wins`) player ``p`` wins at least ``low[p][s]`` more tricks
        led in ``s``: a suit they are forced to win in counts against their three suits.
        """
        n = self.n
        if self.zero:
            hold = [[0 if p * NSUITS + s in self.zero else hold[p][s] for s in range(NSUITS)] for p in range(n)]
        if reach is not None:
            rmask, dead = reach[0], reach[1]
            hold = [[0 if (not (rmask >> p) & 1 or (dead >> s) & 1) else hold[p][s] for s in range(NSUITS)]
                    for p in range(n)]
            caps: list[int] | None = [max(hold[p][s] for p in range(n)) for s in range(NSUITS)]
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
                assert cp is not None          # floor and cap are set together (__init__)
                ubs = tuple(0 if (c == 0 and used[p] >= ms and not lbs[p][s] and not fl[p * NSUITS + s])
                            else max(0, min(hold[p][s], (fl[p * NSUITS + s] if full[p] and c <= fl[p * NSUITS + s]
                                                         else cp[p * NSUITS + s]) - c))
                            for p, c in enumerate(cs))
            ls = tuple(lbs[p][s] for p in range(n))
            key = (cs, ubs, ls)
            mask = memo.get(key)
            if mask is None:
                mask = memo[key] = suit_additions(cs, ubs, ls)
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
            cur = remove_trick(cur, trick)
        return tricks


    # -- move generation ---------------------------------------------------------------
    def _ordered_tricks(self, facts: list[tuple], leader: int, scores: list[list[int | None]],
                        reach: tuple[int, int] | None) -> list[tuple]:
        """Every distinct trick (up to equivalent cards) whose winner may take it, best first, as
        ``(score, s, winner, trick)``.

        ``facts`` are the suits' :func:`_suit_facts` and ``scores[s][w]`` (:meth:`_of_counts`) the score
        of a trick led in ``s`` won by ``w``: ``None`` when ``w`` may not win it (:meth:`_allowed`), else -4
        when ``w`` has won tricks led in ``s`` and no other player has one more, -3 when one has, and the
        number of suits ``w`` has won in when ``w`` has won none in ``s`` (a new pile last).  With ``reach``
        (:func:`~solvers.comrade.bounds.reach`) the cards that can never matter again are merged into one
        choice each: a player who can never win a trick has one run per suit (their cards of a suit lie
        below those of everyone who can lead it, so which is played never matters), and a suit nobody
        who can lead holds is only ever a discard, one card of it standing for all."""
        n = self.n
        if reach is None:
            rmask, dead = (1 << n) - 1, 0
        else:
            rmask, dead = reach
        order = _ORDERS[n][leader]
        scored: list[tuple] = []
        add = scored.append
        void_opts: list[list | None] = [None] * n
        for s in range(NSUITS):
            fs = facts[s]
            lead_plays = fs[5][leader]
            if not lead_plays:
                continue
            score_of = scores[s]
            if score_of.count(None) == n:          # nobody may win a trick led in s
                continue
            # each follower's choices, and whether they follow suit (only then can they win the trick)
            options = []
            follows = []
            for f in order:
                r = fs[5][f] if (rmask >> f) & 1 else fs[6][f]
                if r:
                    options.append(r)
                    follows.append(True)
                    continue
                follows.append(False)
                # f is void in s, so f's discards are the same whichever suit is led: worked out once
                opts = void_opts[f]
                if opts is None:
                    opts = []
                    discard = False
                    for t in range(NSUITS):
                        ft = facts[t]
                        r = ft[5][f] if (rmask >> f) & 1 else ft[6][f]
                        if (dead >> t) & 1:
                            if discard or not r:
                                continue
                            discard = True
                            opts.append(r[0])
                        else:
                            opts.extend(r)
                    void_opts[f] = opts
                options.append(opts)
            i: int
            if n == 4:
                # three followers: nested loops in the order of ``product``, the best card so far carried along
                f1, f2, f3 = order
                o1, o2, o3 = options
                g1, g2, g3 = follows
                sc3 = score_of[f3]
                for lead in lead_plays:
                    i0: int = lead[2]
                    for a in o1:
                        if g1 and a[2] > i0:
                            b1, w1 = a[2], f1
                        else:
                            b1, w1 = i0, leader
                        for b in o2:
                            if g2 and b[2] > b1:
                                b2, w2 = b[2], f2
                            else:
                                b2, w2 = b1, w1
                            sc2 = score_of[w2]
                            if not g3:           # the last follower discards: w2 wins whatever they play
                                if sc2 is not None:
                                    for c3 in o3:
                                        add((sc2, s, w2, (lead, a, b, c3)))
                                continue
                            for c3 in o3:
                                if c3[2] > b2:
                                    if sc3 is not None:
                                        add((sc3, s, f3, (lead, a, b, c3)))
                                elif sc2 is not None:
                                    add((sc2, s, w2, (lead, a, b, c3)))
                continue
            for lead in lead_plays:
                i0 = lead[2]
                for combo in product(*options):
                    best, winner = i0, leader
                    for f, t, i in combo:
                        if t == s and i > best:
                            best, winner = i, f
                    sc = score_of[winner]
                    if sc is not None:
                        add((sc, s, winner, (lead,) + combo))
        if self._rng is not None:
            rnd = self._rng.random
            scored.sort(key=lambda x: x[0] + 3 * rnd())
        else:
            scored.sort(key=itemgetter(0))
        return scored


#: ``_ORDERS[n][leader]``: the players after ``leader`` in turn.
_ORDERS: Final = {n: tuple(tuple((leader + k) % n for k in range(1, n)) for leader in range(n)) for n in range(2, 9)}

#: Entries of each table of :func:`_suit_facts` (one per suit and number of players, shared by the
#: searches of the process) before it is emptied and starts afresh.
FACTS_LIMIT: Final = 4_000
_FACT_TABLES: Final[dict] = {}


def _suit_facts(seq: tuple[int, ...], s: int, n: int) -> tuple:
    """What the search reads of one suit's owner sequence ``seq`` (lowest first), each per player ``p``:

    ``(hold, first, last, beat, holders, plays, plays_one, more, seq)`` — how many cards of the suit ``p`` holds,
    the positions of ``p``'s lowest and highest card (``-1``: void), the players holding a card above
    ``p``'s lowest (a bit mask, 0 when void: who can win a trick ``p`` leads in the suit), the bit mask
    of every holder of the suit, the plays ``(p, s, i)`` of the top card ``i`` of each run of ``p``'s
    equivalent cards (adjacent in the suit, same owner) and those plays cut to the lowest run (for a
    player who can never win a trick, whose cards of the suit are all alike); ``more`` remembers what
    :func:`_lower` and :meth:`PlaySearch._need_refutes` work out from the sequence and one more key.

    >>> f = _suit_facts((0, 1, 1, 0), 2, 2)       # diamonds: N, E, E, N from the lowest
    >>> f[0], f[1], f[2], f[3], f[4]
    ((2, 2), (0, 1), (3, 2), (3, 3), 3)
    >>> f[5], f[6]
    ((((0, 2, 0), (0, 2, 3)), ((1, 2, 2),)), (((0, 2, 0),), ((1, 2, 2),)))
    """
    hold = [0] * n
    first = [-1] * n
    last = [-1] * n
    runs: list[list] = [[] for _ in range(n)]
    beat = [0] * n
    acc = 0
    if seq:
        # the runs of equal owners, from the top card down; beat[o] is set again at each lower run of o
        top = len(seq) - 1
        o = seq[top]
        end = top                        # the top index of the current run
        for i in range(top - 1, -1, -1):
            q = seq[i]
            if q != o:
                runs[o].append((o, s, end))
                hold[o] += end - i
                if last[o] < 0:
                    last[o] = end
                first[o] = i + 1
                beat[o] = acc | (1 << o) if end > i + 1 else acc
                acc |= 1 << o
                o = q
                end = i
        runs[o].append((o, s, end))
        hold[o] += end + 1
        if last[o] < 0:
            last[o] = end
        first[o] = 0
        beat[o] = acc | (1 << o) if end > 0 else acc
        acc |= 1 << o
        for r in runs:
            r.reverse()
    plays = tuple([tuple(r) for r in runs])
    return (tuple(hold), tuple(first), tuple(last), tuple(beat), acc, plays, tuple([r[:1] for r in plays]), {}, seq)


def _fact_tables(n: int) -> list[dict]:
    """The four tables (one per suit) of :func:`_suit_facts` for ``n`` players."""
    got = _FACT_TABLES.get(n)
    if got is None:
        got = _FACT_TABLES[n] = [{} for _ in range(NSUITS)]
    return got


def _close(facts: list[tuple], leader: int, n: int, allowed: list[int] | None) -> tuple[int, int]:
    """:func:`~solvers.comrade.bounds.close_reach` from the suits' :func:`_suit_facts`, with ``allowed``
    as bit masks per suit (:meth:`PlaySearch._allowed`; ``None``: everyone)."""
    f0, f1, f2, f3 = facts
    b0, b1, b2, b3 = f0[3], f1[3], f2[3], f3[3]
    full = (1 << n) - 1
    rmask = 1 << leader
    todo = [leader]
    # who may win a trick from each player (in a suit they are allowed to win); the closure is the same whatever
    # the order the players are taken in
    if allowed is None:
        beaten = [b0[q] | b1[q] | b2[q] | b3[q] for q in range(n)]
    else:
        a0, a1, a2, a3 = allowed
        beaten = [(b0[q] & a0) | (b1[q] & a1) | (b2[q] & a2) | (b3[q] & a3) for q in range(n)]
    while todo and rmask != full:
        add: int = beaten[todo.pop()] & ~rmask
        if add:
            rmask |= add
            while add:
                bit = add & -add
                todo.append(bit.bit_length() - 1)
                add ^= bit
    dead = 0
    if not f0[4] & rmask:
        dead = 1
    if not f1[4] & rmask:
        dead |= 2
    if not f2[4] & rmask:
        dead |= 4
    if not f3[4] & rmask:
        dead |= 8
    return rmask, dead


def _canonical(seqs: tuple[tuple[int, ...], ...], facts: list[tuple], leader: int, counts: tuple[int, ...],
               reach: tuple[int, int], n: int) -> tuple:
    """:func:`~solvers.comrade.keys.canonical_key` from the suits' :func:`_suit_facts`."""
    rmask, dead = reach
    if dead == 0 and rmask == (1 << n) - 1:
        return (seqs, leader, counts)
    out: list[tuple[int, ...]] = []
    spare = [0] * n
    for s in range(NSUITS):
        seq = seqs[s]
        fs = facts[s]
        if (dead >> s) & 1:
            for p, h in enumerate(fs[0]):
                spare[p] += h
            out.append(())
            continue
        first = fs[1]
        k = min(first[p] for p in range(n) if (rmask >> p) & 1 and first[p] >= 0)
        out.append(tuple(sorted(seq[:k])) + seq[k:] if k > 1 else seq)
    return (tuple(out), leader, counts, rmask, tuple(spare))


def _leader_tops(facts, leader: int, seqs) -> bool:
    """Does the leader hold a card, and in every suit they hold only cards above everyone else's
    (the case of :meth:`PlaySearch._forced_line`)?"""
    some = False
    for s in range(NSUITS):
        fs = facts[s]
        h = fs[0][leader]
        if h:
            if fs[1][leader] != len(seqs[s]) - h:
                return False
            some = True
    return some


def _mask_facts(fs: tuple, seq: tuple[int, ...], rmask: int, n: int) -> tuple:
    """For one suit (facts ``fs``, owner sequence ``seq``) and the players ``rmask`` who can still win a
    trick: ``(top, cover)`` per player ``p`` — the length of ``p``'s top run counting only cards of
    ``rmask`` as breaking it (as :func:`~solvers.comrade.bounds.forced_wins` reads it), and
    :func:`~solvers.comrade.bounds.covered` of ``p``'s cards by the higher cards of the others in
    ``rmask`` (as :func:`~solvers.comrade.bounds.discard_bound` reads it)."""
    more = fs[7]
    got = more.get(rmask)
    if got is None:
        top = []
        cover = []
        for p in range(n):
            run = 0
            for o in reversed(seq):
                if o == p:
                    run += 1
                elif (rmask >> o) & 1:
                    break
            top.append(run)
            free = matched = 0
            for o in reversed(seq):
                if o == p:
                    if free:
                        free -= 1
                        matched += 1
                elif (rmask >> o) & 1:
                    free += 1
            cover.append(matched)
        got = more[rmask] = (tuple(top), tuple(cover))
    return got


def _low_fits(need: tuple[int, ...], low: list) -> bool:
    """The last test of :meth:`PlaySearch._feasible_target`: every player still needs at least the tricks
    ``low`` (:func:`_lower`) says they are forced to win in each suit."""
    for p, row in low:
        b = p * NSUITS
        for s in range(NSUITS):
            if need[b + s] < row[s]:
                return False
    return True


def _lower(facts: list[tuple], hold: list[tuple[int, int, int, int]], n: int, rmask: int):
    """:func:`~solvers.comrade.bounds.lower_bounds` from the suits' :func:`_suit_facts`: the same list."""
    x0 = x1 = x2 = x3 = 0
    for q in range(n):
        if (rmask >> q) & 1:
            h0, h1, h2, h3 = hold[q]
            if h0 > x0:
                x0 = h0
            if h1 > x1:
                x1 = h1
            if h2 > x2:
                x2 = h2
            if h3 > x3:
                x3 = h3
    longest = (x0, x1, x2, x3)
    per: list = [None, None, None, None]        # _mask_facts of a suit, worked out when first read
    forced: list | None = None
    for p in range(n):
        mine = hold[p]
        if mine[0] >= longest[0] and mine[1] >= longest[1] and mine[2] >= longest[2] and mine[3] >= longest[3]:
            for s in range(NSUITS):
                if per[s] is None:
                    per[s] = _mask_facts(facts[s], facts[s][8], rmask, n)
            row = (per[0][0][p], per[1][0][p], per[2][0][p], per[3][0][p])
            if row[0] or row[1] or row[2] or row[3]:
                if forced is None:
                    forced = []
                forced.append((p, row))
    discards: list | None = None
    for p in range(n):
        mine = hold[p]
        m0, m1, m2, m3 = mine
        spare = (x0 - m0 if x0 > m0 else 0, x1 - m1 if x1 > m1 else 0, x2 - m2 if x2 > m2 else 0,
                 x3 - m3 if x3 > m3 else 0)
        total = spare[0] + spare[1] + spare[2] + spare[3]
        mark: list[int] | None = None
        for s in range(NSUITS):
            room = total - spare[s]
            if mine[s] <= room:
                continue
            got = per[s]
            if got is None:
                got = per[s] = _mask_facts(facts[s], facts[s][8], rmask, n)
            if mine[s] - got[1][p] > room:
                if mark is None:
                    mark = [0, 0, 0, 0]
                mark[s] = 1
        if mark is not None:
            if discards is None:
                discards = []
            discards.append((p, tuple(mark)))
    return merge_low(forced, discards)


#: For each nonempty set of suits ``m`` (a bit mask): its lowest suit and the rest of the set.
_LOW: Final = tuple((m & -m).bit_length() - 1 for m in range(16))
_REST: Final = tuple(m ^ (m & -m) for m in range(16))


def _need_table(need, n: int, zero=frozenset()) -> tuple:
    """What the fixed-bid tests read of the tricks still needed ``need`` alone: ``(L, cols, demand, leads,
    pos, spoilt)`` — how many more times each suit is led, each suit's column of ``need``, the subset sums
    of ``L`` over the sets of suits, the tricks each player still wins, the cells still needed as
    ``(player, suit, tricks)``, and whether the counts are past a bid or a cell of ``zero`` (that must
    stay 0) is still needed (no play wins then)."""
    L = [0, 0, 0, 0]
    for i, v in enumerate(need):
        L[i % NSUITS] += v
    cols = tuple(tuple(need[s::NSUITS]) for s in range(NSUITS))
    demand = [0] * 16
    for m in range(1, 16):
        demand[m] = demand[_REST[m]] + L[_LOW[m]]
    leads = [sum(need[p * NSUITS:(p + 1) * NSUITS]) for p in range(n)]
    pos = tuple((i // NSUITS, i % NSUITS, v) for i, v in enumerate(need) if v > 0)
    spoilt = any(v < 0 for v in need) or any(need[i] > 0 for i in zero)
    return L, cols, demand, leads, pos, spoilt


_HELD: Final[dict] = {}


def _held(row) -> list[int]:
    """The subset sums of one player's cards per suit ``row`` over the sets of suits (remembered)."""
    got = _HELD.get(row)
    if got is None:
        if len(_HELD) >= FACTS_LIMIT:
            _HELD.clear()
        got = [0] * 16
        for m in range(1, 16):
            got[m] = got[_REST[m]] + row[_LOW[m]]
        got = _HELD[row] = got
    return got


def _need_refutes(facts: list[tuple], hold: list[tuple[int, int, int, int]], need: tuple[int, ...], leader: int,
                  n: int, table: tuple) -> bool:
    """:func:`~solvers.comrade.bounds.need_refutes` from the suits' :func:`_suit_facts` and
    :func:`_need_table` (``table``): the same answer."""
    L, cols, demand, leads0 = table[:4]
    l0, l1, l2, l3 = L
    blocked = 0
    blockers: list[tuple[int, int]] = []
    for p in range(n):
        mine = hold[p]
        base = p * NSUITS
        must: list[tuple[int, int]] | None = None      # (suit, cards of it p must discard), by suit
        for s in range(NSUITS):
            h = mine[s]
            k = need[base + s]
            if h <= k:
                continue
            fs = facts[s]
            col = cols[s]
            more = fs[7]
            ck = (p, col)
            cov = more.get(ck)
            if cov is None:
                cov = more[ck] = covered(fs[8], p, col, skip=k)
            ls = L[s]
            a = h - (ls if ls < k + cov else k + cov)
            if a > 0:
                if must is None:
                    must = []
                must.append((s, a))
                if a == h:
                    blocked |= 1 << s
                    blockers.append((p, s))
        if must is not None:
            # discards_block(must, spare), with must as a list in suit order
            m0, m1, m2, m3 = mine
            spare = (l0 - m0 if l0 > m0 else 0, l1 - m1 if l1 > m1 else 0, l2 - m2 if l2 > m2 else 0,
                     l3 - m3 if l3 > m3 else 0)
            room = spare[0] + spare[1] + spare[2] + spare[3]
            for s, a in must:
                room -= spare[s]
            while must:
                for j in range(len(must)):       # the first suit whose cards fit now
                    s, a = must[j]
                    if a <= room:
                        break
                else:
                    return True
                del must[j]
                room += spare[s]
    if blocked and _stall(facts, hold, need, L, leader, n, blockers):
        return True
    supply = _ZEROS16
    for q in range(n):
        cap = leads0[q] + (q == leader)
        if not cap:
            continue
        supply = [a + (c if c < cap else cap) for a, c in zip(supply, _held(hold[q]))]
    for d, c in zip(demand, supply):
        if d > c:
            return True
    return False


_ZEROS16: Final = [0] * 16


def _stall(facts: list[tuple], hold: list[tuple[int, int, int, int]], need: tuple[int, ...], L, leader: int,
           n: int, blockers: list[tuple[int, int]]) -> bool:
    """:func:`~solvers.comrade.bounds.leads_stall` with bit masks (the holders of a suit from the suits'
    :func:`_suit_facts`): the same answer.  The sets it grows only grow, so the order they are grown in does
    not change where they end."""
    blk: list[list[int]] = [[], [], [], []]      # per suit: for each blocker, the suits it may discard on
    for p, t in blockers:
        row = hold[p]
        m = 0
        for u in range(NSUITS):
            if u != t and L[u] > row[u]:
                m |= 1 << u
        blk[t].append(m)
    needm = []                                    # per player: the suits they must still win in
    for q in range(n):
        b = q * NSUITS
        needm.append((need[b] != 0) | (need[b + 1] != 0) << 1 | (need[b + 2] != 0) << 2 | (need[b + 3] != 0) << 3)
    lead = 1 << leader
    U = 0
    while True:
        grew = False
        for t in range(NSUITS):
            if (U >> t) & 1 or not L[t]:
                continue
            if not facts[t][4] & lead:
                continue
            ok = True
            for m in blk[t]:
                if not m & U:
                    ok = False
                    break
            if ok:
                U |= 1 << t
                grew = True
        for q in range(n):
            if not (lead >> q) & 1 and needm[q] & U:
                lead |= 1 << q
                grew = True
        if not grew:
            break
    for t in range(NSUITS):
        if L[t] and not (U >> t) & 1:
            return True
    return False
