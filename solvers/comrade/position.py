"""Solve from any position: can a win still be reached from *this* point of a game?

:func:`~solvers.comrade.solve` answers for a fresh deal.  :func:`solve_position` takes a
:class:`~cardgames.comrade.ComradeGame` at any point, during the bidding or the play, and
asks the same question for the rest of the game, with all hands visible and everyone
cooperating perfectly:

* **during the play** the final bids are fixed, and so are the tricks and cards already
  played: is there a way to play the remaining cards so that every count ends equal to
  its bid?
* **during the bidding** the bid cards already taken stay taken and the rest of the
  bidding is open: is there a legal continuation of the bidding and a play of all the
  tricks that wins?

The answer is ``"win"`` with a certificate (the remaining actions, as strings, replayed
through the rules engine before they are returned), ``"no_win"`` (exhaustive search) or
``"unknown"`` (out of time; never a guess).  :func:`analyse` does it for **each legal
action** of the player to act, a table like a bridge double-dummy analysis.

    >>> from cardgames.comrade import ComradeGame
    >>> g = ComradeGame("N:A.K.. K.A.. Q.Q.. J.J..", dealer=0)
    >>> r = solve_position(g)
    >>> r.verdict, r.certificate
    ('win', ('S1', 'H1', 'SA', 'SK', 'SQ', 'SJ', 'HK', 'HA', 'HQ', 'HJ'))
    >>> g.play(["S1", "H1", "SA"])
    ComradeGame('N:A.K.. K.A.. Q.Q.. J.J..', dealer=0)
    >>> [(a.action, a.verdict) for a in analyse(g)]    # East must play the spade king
    [('SK', 'win')]
    >>> g = ComradeGame("N:A.K.. K.A.. Q.Q.. J.J..", dealer=0).play(["H1"])
    >>> [(a.action, a.verdict) for a in analyse(g)][:3]
    [('pass', 'no_win'), ('S1', 'no_win'), ('S2', 'no_win')]

How it works: the position is turned into the integer picture of
:mod:`solvers.comrade.picture` (owner sequences per suit, counts so far, leader) and
handed to :func:`~solvers.comrade.portfolio.decide_play`, the core that
:func:`~solvers.comrade.solve` uses too: the search
(:class:`~solvers.comrade.search.PlaySearch`) and the SAT formula by turns.  A trick in
progress is first completed in every distinct way (equivalent cards tried once).  During the bidding the
search runs with open bids and one more test on every final count matrix: the rest of
the bidding must be able to reach it from the bids already taken
(:class:`BiddingReach`, a small search that mirrors the rules of
:mod:`cardgames.comrade.bidding`, including the rule options).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Sequence

from cardgames.cards import SUITS, Card
from cardgames.comrade import ComradeGame
from cardgames.comrade.bidding import PASS
from cardgames.comrade.play import play_rank
from cardgames.display import escape, html_table
from cardgames.errors import RuleConfigError, shown

from .certificate import CertificateError
from .picture import NSUITS, position_from_hands, tricks_to_cards
from .portfolio import EngineError, check_engine, check_time_limit, decide_play
from .search import OpenBids, PlaySearch, SearchTimeout

#: Positions the search gets alone, in the play, before the SAT formula is written: most
#: positions are settled sooner (median 4 ms), and writing and solving the formula takes 10-30 ms.
SEARCH_FIRST = 500

__all__ = ["solve_position", "analyse", "PositionResult", "ActionAnalysis", "Analysis", "BiddingReach",
           "PositionError"]


class PositionError(CertificateError):
    """A position's certificate the rules engine rejects: a bug in the solver, never bad input."""


@dataclass
class PositionResult:
    """The answer for one position.

    ``verdict`` is ``"win"``, ``"no_win"`` or ``"unknown"``.  For a win, ``certificate``
    is the tuple of the remaining actions (bid actions and cards, as strings) from this
    position to the end of a won game, and ``bids`` the final bids it reaches
    (``bids[seat][suit]``, suits S, H, D, C).  ``phase`` is the phase of the position.
    """

    verdict: str
    phase: str
    certificate: tuple[str, ...] | None = None
    bids: tuple[tuple[int, ...], ...] | None = None
    nodes: int = 0
    seconds: float = 0.0
    reason: str | None = None
    #: which engine decided: ``"search"`` or ``"sat"`` (``""``: the position decided itself)
    engine: str = ""

    @property
    def is_win(self) -> bool:
        return self.verdict == "win"

    def replay(self, game: ComradeGame) -> ComradeGame:
        """A copy of ``game`` with the certificate played on it (the won game)."""
        if self.certificate is None:
            raise PositionError(f"a {shown(self.verdict)} answer has no certificate to replay")
        return _replay(game, self.certificate)

    def _repr_html_(self) -> str:
        colour = {"win": "#1e7b34", "no_win": "#b03a2e", "unknown": "#8a6d00"}[self.verdict]
        text = {"win": "Win still possible (all hands visible, perfect cooperation)",
                "no_win": "No win possible any more (proved by exhaustive search or by the SAT solver)",
                "unknown": "Unknown: the time budget ran out (no guess is made)"}[self.verdict]
        out = f"<div style='font-weight:600;color:{colour}'>{escape(text)}</div>"
        if self.reason:
            out += f"<div>Why: {escape(self.reason)}</div>"
        if self.certificate:
            out += f"<div style='font-family:monospace'>{escape(' '.join(self.certificate))}</div>"
        return out


# -- the bidding: which final bids can the rest of it reach? ---------------------------------

class BiddingReach:
    """Can the rest of the bidding of ``game`` end with exactly the final bids ``M``?

    A small depth-first search over the remaining turns that mirrors the rules of
    :class:`cardgames.comrade.bidding.Bidding` (laps, overrides, the four ways to lose,
    the rule options).  Only takes that lead towards ``M`` are tried: player ``p`` takes a
    card of suit ``s`` of value at most ``M[p][s]`` (the final one first; lower ones only
    matter under rule options that make passing risky), or passes.  Answers are cached by
    ``M``; :meth:`actions` gives the bidding that reaches it.
    """

    def __init__(self, game: ComradeGame):
        b = game.bidding
        self.n = b.players
        self.dealer = b.dealer
        self.total = b.total
        self.values = tuple(b.variant.bid_values)
        self.max_suits = b.variant.max_suits
        self.max_turns = b.max_laps * b.players
        self.passes_to_lose = b.passes_to_lose
        #: the "nothing fits" reading (``ComradeOptions.nothing_fits``): whose takes count
        self.reading = b.rules.nothing_fits
        self.turns = b.turns
        self.streak = b.pass_streak
        self.tops = tuple(tuple(b.piles[p][s][-1] if s in b.piles[p] else 0 for s in SUITS)
                          for p in range(self.n))
        self.taken = frozenset((SUITS.index(c.suit), c.value) for c in b.taken)
        self.running = b.running_total
        #: turns each player still has (at most one bid card each)
        self.turns_left = tuple(self._turns_left(q, self.turns) for q in range(self.n))
        self._cache: dict = {}

    def _turns_left(self, q: int, turns: int) -> int:
        return max(0, (self.max_turns - turns - (q - self.dealer - turns) % self.n + self.n - 1) // self.n)

    def __call__(self, counts: Sequence[int]) -> bool:
        return self.actions(counts) is not None

    def actions(self, counts: Sequence[int]) -> tuple[str, ...] | None:
        """The remaining bid actions that end with final bids ``counts`` (flattened ``p * 4 + s``),
        or ``None`` when no continuation of the bidding does."""
        key = tuple(counts)
        if key in self._cache:
            return self._cache[key]
        target = tuple(tuple(key[p * NSUITS:(p + 1) * NSUITS]) for p in range(self.n))
        out = None
        if self._possible(target):
            path: list[str] = []
            if self._dfs(target, self.turns, self.streak, self.tops, self.taken, self.running, path, set()):
                out = tuple(path)
        self._cache[key] = out
        return out

    def open_bids(self) -> OpenBids:
        """What the play search needs to know of the rest of the bidding (:class:`~solvers.comrade.search.OpenBids`)."""
        return OpenBids(accept=self, prune=self.prune, floor=[v for row in self.tops for v in row],
                        cap=[v for row in self._cap for v in row], raises=self.turns_left)

    def prune(self, counts, hold, tricks_left) -> bool:
        """A bound for the play search: can the counts still end as bids this bidding reaches?

        Each bid already taken must still be reachable (the player needs at most as many more
        tricks of that suit as cards of it in hand, and all those needs fit in the tricks left);
        a player whose bids fill the suits allowed wins nothing in another suit; and no count may
        pass the largest bid card its owner could still take in that suit.
        """
        need_total = 0
        cap = self._cap
        for p in range(self.n):
            row = self.tops[p]
            for s in range(NSUITS):
                c = counts[p * NSUITS + s]
                if c > cap[p][s]:
                    return False
                top = row[s]
                if top > c:
                    need = top - c
                    if need > hold[p][s]:
                        return False
                    need_total += need
        return need_total <= tricks_left

    @property
    def _cap(self):
        cap = self.__dict__.get("_cap_table")
        if cap is None:
            cap = []
            for p in range(self.n):
                row = self.tops[p]
                full = sum(1 for v in row if v) >= self.max_suits
                cap.append([0 if (full and not row[s]) else
                            max([row[s]] + [v for v in self.values if v > row[s] and (s, v) not in self.taken])
                            for s in range(NSUITS)])
            self.__dict__["_cap_table"] = cap
        return cap

    def _possible(self, target) -> bool:
        if sum(map(sum, target)) != self.total:
            return False
        for p in range(self.n):
            for s in range(NSUITS):
                top, want = self.tops[p][s], target[p][s]
                if want < top or (want > top and (s, want) in self.taken) or (want and want not in self.values):
                    return False
        return True

    def _fits_somewhere(self, turns, tops, taken, running) -> bool:
        if self.reading == "anyone":
            seats = range(self.n)
        elif self.reading == "player_to_act":     # the seat whose turn comes next
            seats = [(self.dealer + turns) % self.n]
        else:                                     # "turns_left": anyone with a turn still to come
            left = self.max_turns - turns
            seats = [(self.dealer + turns + i) % self.n for i in range(min(left, self.n))]
        room = self.total - running
        for p in seats:
            row = tops[p]
            used = sum(1 for v in row if v)
            for s in range(NSUITS):
                top = row[s]
                if not top and used >= self.max_suits:
                    continue
                for v in self.values:
                    if v > top and (s, v) not in taken and v - top <= room:
                        return True
        return False

    def _dfs(self, target, turns, streak, tops, taken, running, path, dead) -> bool:
        key = (turns, streak, tops, taken)
        if key in dead:
            return False
        for q in range(self.n):             # one take a turn: enough turns left for each player?
            needed = sum(1 for s in range(NSUITS) if target[q][s] > tops[q][s])
            if needed and needed > self._turns_left(q, turns):
                dead.add(key)
                return False
        p = (self.dealer + turns) % self.n
        row, want = tops[p], target[p]
        moves: list[tuple[int, int]] = []
        later: list[tuple[int, int]] = []
        for s in range(NSUITS):
            if want[s] > row[s]:
                if (s, want[s]) not in taken:
                    moves.append((s, want[s]))
                later.extend((s, v) for v in self.values if row[s] < v < want[s] and (s, v) not in taken)
        for move in moves + [None] + later:
            if move is None:
                ntops, ntaken, nrunning, nstreak, text = tops, taken, running, streak + 1, PASS
            else:
                s, v = move
                nrow = row[:s] + (v,) + row[s + 1:]
                ntops = tops[:p] + (nrow,) + tops[p + 1:]
                ntaken = taken | {move}
                nrunning = running + v - row[s]
                nstreak, text = 0, f"{SUITS[s]}{v}"
            nturns = turns + 1
            path.append(text)
            if nrunning == self.total:
                if ntops == target:
                    return True
            elif not (nrunning > self.total or nstreak >= self.passes_to_lose or nturns >= self.max_turns
                      or not self._fits_somewhere(nturns, ntops, ntaken, nrunning)):
                if self._dfs(target, nturns, nstreak, ntops, ntaken, nrunning, path, dead):
                    return True
            path.pop()
        dead.add(key)
        return False


# -- the play: the integer picture of a position -------------------------------------------

def _card_pairs(hand, ace_high: bool = True) -> list[tuple[int, int]]:
    """``(suit index, rank in play)`` per card: with ``ace_high=False`` (``ComradeOptions``) the ace
    ranks 1, below the two, which is all the search needs to know (it reads only the order)."""
    return [(SUITS.index(c.suit), play_rank(c, ace_high)) for c in hand]


def _code(suit: int, rank: int) -> str:
    return Card(SUITS[suit], 14 if rank == 1 else rank).code      # rank 1: the ace played low


def _replay(game: ComradeGame, actions: Sequence[str]) -> ComradeGame:
    g = game.clone()
    for a in actions:
        g.apply(a)
    return g


def _check(game: ComradeGame, actions: tuple[str, ...]) -> None:
    try:
        end = _replay(game, actions)
    except ValueError as e:
        raise PositionError(f"the certificate {' '.join(actions)} breaks a rule: {e}") from e
    if end.result != "win":
        raise PositionError(f"the certificate {' '.join(actions)} does not win: {end.loss_reason}")


def solve_position(game: ComradeGame, time_limit: float | None = 10.0, *, check: bool = True,
                   node_limit: int | None = None, engine: str = "auto",
                   _search: PlaySearch | None = None) -> PositionResult:
    """Can the rest of ``game`` still be won with all hands visible?  See the module docstring.

    ``time_limit`` in seconds (``None``: no limit); ``node_limit`` caps the positions searched
    and the conflicts of the SAT solver (``None``: no cap): unlike a time limit it gives the same
    ``"unknown"`` answers on every machine, which is what a seeded study needs.  ``check``
    replays a win's certificate through the rules engine before returning it (switch off only to
    time the engines alone).

    ``engine`` (see :mod:`solvers.comrade.portfolio`): ``"auto"`` lets the search and the SAT
    formula (:mod:`solvers.comrade.sat`) take turns during the play, the search alone first for
    :data:`SEARCH_FIRST` positions; ``"search"`` or ``"sat"`` runs only that one.  During the
    bidding the bids are still open and only the search answers (``"sat"`` raises
    :class:`~solvers.comrade.portfolio.EngineError`).
    """
    start = time.perf_counter()
    if not isinstance(game, ComradeGame):
        raise TypeError(f"solve_position needs a ComradeGame, not {type(game).__name__}")
    time_limit = check_time_limit(time_limit)
    phase = game.phase
    engine = check_engine(engine)

    def done(verdict, **kw) -> PositionResult:
        return PositionResult(verdict, phase, seconds=time.perf_counter() - start, **kw)

    if phase == "over":
        if game.result == "win":
            return done("win", certificate=(), bids=bid_matrix(game))
        return done("no_win", reason=game.loss_reason)
    if game.play_loss is not None:          # rules with stop_at_loss=False: played out, still lost
        return done("no_win", reason=game.loss_reason)

    n = game.num_players
    variant = game.variant
    if phase == "bidding":
        if engine == "sat":
            raise EngineError("the SAT engine answers positions in the play (fixed bids) only; during the "
                              "bidding use engine='search' or 'auto'")
        reach = BiddingReach(game)
        search = PlaySearch(n, max(variant.bid_values), variant.max_suits, target=None,
                            time_limit=time_limit, node_limit=node_limit, bidding=reach.open_bids())
        hands = [_card_pairs(h, game.options.ace_high) for h in game.deal.hands]
        seqs, ranks = position_from_hands(hands)
        try:
            line = search.run(seqs, game.dealer)
        except SearchTimeout:
            return done("unknown", nodes=search.nodes)
        if line is None:
            return done("no_win", nodes=search.nodes, engine="search")
        played = tricks_to_cards(line, ranks)
        counts = [0] * (n * NSUITS)
        for trick in played:
            led = trick[0][1]
            winner = max((r, p) for p, s, r in trick if s == led)[1]
            counts[winner * NSUITS + led] += 1
        bidding = reach.actions(counts)
        cert = bidding + tuple(_code(s, r) for trick in played for _, s, r in trick)
        if check:
            _check(game, cert)
        return done("win", certificate=cert, nodes=search.nodes, engine="search",
                    bids=tuple(tuple(counts[p * NSUITS:(p + 1) * NSUITS]) for p in range(n)))

    # The play: the final bids are fixed.  The search and the SAT formula take turns.
    bids = bid_matrix(game)
    target = [v for row in bids for v in row]
    won = game.won
    counts = [won[p][s] for p in range(n) for s in SUITS]
    search = _search or PlaySearch(n, max(variant.bid_values), variant.max_suits, target=target,
                                   time_limit=time_limit)
    ace_high = game.options.ace_high
    hands = [_card_pairs(h, ace_high) for h in game.hands]
    current = [(p, _card_pairs([c], ace_high)[0]) for p, c in game.current_trick]
    nodes0 = search.nodes
    try:
        used, tricks = decide_play(search, hands, current[0][0] if current else game.current_player(), n,
                                   counts=counts, current=current, target=target,
                                   max_value=max(variant.bid_values), max_suits=variant.max_suits,
                                   time_limit=time_limit, node_limit=node_limit, first=SEARCH_FIRST,
                                   engine=engine)
    except SearchTimeout:
        return done("unknown", bids=bids, nodes=search.nodes - nodes0)
    if tricks is None:
        return done("no_win", bids=bids, nodes=search.nodes - nodes0, engine=used)
    plays = [play for trick in tricks for play in trick][len(current):]     # the trick in progress: its rest
    cert = tuple(_code(s, r) for _, s, r in plays)
    if check:
        _check(game, cert)
    return done("win", certificate=cert, bids=bids, nodes=search.nodes - nodes0, engine=used)


def bid_matrix(game: ComradeGame) -> tuple[tuple[int, ...], ...]:
    """The game's bids as a matrix: one row per seat, the tricks bid per suit in the order of ``SUITS``."""
    return tuple(tuple(b.get(s, 0) for s in SUITS) for b in game.bids)


# -- analyse: every legal action --------------------------------------------------------------

@dataclass
class ActionAnalysis:
    """One row of :func:`analyse`: after ``action`` (a string), is a win still possible?"""

    action: str
    verdict: str
    result: PositionResult = field(repr=False)


class Analysis(list):
    """The rows of :func:`analyse`, one per legal action, in the engine's order of legal actions.

    ``complete`` is False when :func:`analyse` stopped early (``enough``): the rows then cover the
    first legal actions only."""

    def __init__(self, rows, seat: int | None = None, phase: str = "", complete: bool = True):
        super().__init__(rows)
        self.seat = seat
        self.phase = phase
        self.complete = complete

    @property
    def winning(self) -> list[str]:
        """The actions after which a win stays possible."""
        return [r.action for r in self if r.verdict == "win"]

    def _repr_html_(self) -> str:
        marks = {"win": "✔ win stays possible", "no_win": "✘ no win any more", "unknown": "? unknown (out of time)"}
        colours = {"win": "#1e7b34", "no_win": "#b03a2e", "unknown": "#8a6d00"}
        rows = []
        for r in self:
            rest = " ".join(r.result.certificate[:8]) + (" …" if r.result.certificate and
                                                         len(r.result.certificate) > 8 else "") \
                if r.result.certificate else ""
            rows.append([escape(r.action),
                         f"<span style='color:{colours[r.verdict]}'>{escape(marks[r.verdict])}</span>",
                         f"<code>{escape(rest)}</code>"])
        who = "" if self.seat is None else f" for seat {self.seat}"
        return html_table(rows, ["action", "after it (all hands visible)", "a winning continuation"],
                          caption=f"Every legal action{who}: can perfect cooperation still win?", raw=True)


def analyse(game: ComradeGame, time_limit: float | None = 2.0, *, node_limit: int | None = None,
            check: bool = True, engine: str = "auto", enough: int | None = None,
            budget: float | None = None) -> Analysis:
    """For each legal action of the player to act: is a win still possible after it?

    ``time_limit`` (seconds) and ``node_limit`` (positions) are the budget of each action's
    search, ``check`` and ``engine`` as for :func:`solve_position`.  During the play the
    actions share one search (and its table of positions proved to fail).  ``enough``: stop
    once that many actions keep a win possible (the coach lists a few; a 13-card bidding has
    dozens of legal bids, each a search); ``budget``: stop once the analysis has taken that many
    seconds in all (each action still gets its ``time_limit``).  The result's ``complete`` says
    whether every action was checked.
    """
    if not isinstance(game, ComradeGame):
        raise TypeError(f"analyse needs a ComradeGame, not {type(game).__name__}")
    if enough is not None and (isinstance(enough, bool) or not isinstance(enough, int) or enough < 1):
        raise RuleConfigError(f"enough must be a number of actions, at least 1, not {shown(enough)}")
    budget = check_time_limit(budget)
    started = time.perf_counter()
    check_engine(engine)
    rows = []
    shared = None
    if game.phase == "play":
        v = game.variant
        shared = PlaySearch(game.num_players, max(v.bid_values), v.max_suits,
                            target=[x for row in bid_matrix(game) for x in row], time_limit=time_limit)
    legal = game.legal_actions()
    wins = 0
    for action in legal:
        child = game.clone()
        child.apply(action)
        res = solve_position(child, time_limit=time_limit, node_limit=node_limit, check=check, engine=engine,
                             _search=shared)
        rows.append(ActionAnalysis(str(action), res.verdict, res))
        wins += res.verdict == "win"
        if len(rows) < len(legal) and (enough is not None and wins >= enough
                                       or budget is not None and time.perf_counter() - started >= budget):
            return Analysis(rows, game.current_player(), game.phase, complete=False)
    return Analysis(rows, game.current_player(), game.phase)

