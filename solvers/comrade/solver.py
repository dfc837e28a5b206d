"""``solve(deal, dealer)``: does a Comrade deal have any winning bidding and play?

The question (rules digest, *The solver's question*): with **all hands visible** and
everyone cooperating perfectly, is there a legal final bid reachable by a legal bidding
from the dealer, and a legal play of all tricks from the dealer's lead, whose counts
(tricks won per player and led suit) equal that bid?  Real players see only their own
hand and may not talk, so a ``"win"`` here is an upper bound: the deal *could* be won.

The solver rests on one observation, proved in :mod:`solvers.comrade.bids`: *every*
legal final bid can be reached by bidding from any dealer (under the literal reading of
the "nothing fits" loss).  So the deal is winnable exactly when some play's count matrix
is itself a legal final bid, and the solver is a search over plays
(:mod:`solvers.comrade.search`, :mod:`solvers.comrade.sat`, run by turns by
:func:`~solvers.comrade.portfolio.decide_play`, the core :func:`solve_position` shares).  With ``bids`` given, the
counts must equal those bids.  Under the default reading of "nothing fits" (only the
player to act counts) the simple bidding order can fail; every certificate's bidding is
therefore checked, another order is searched for when it fails, and in the (so far never
seen) case that no order reaches the bids, the deal is solved again with the bidding's
rules in the search (:func:`~solvers.comrade.position.solve_position` on the fresh game).

    >>> r = solve("N:A.K.. K.A.. Q.Q.. J.J..", dealer=0)
    >>> r.verdict, r.bids, r.bidding
    ('win', ((1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0)), ('S1', 'H1'))
    >>> r.tricks
    (('SA', 'SK', 'SQ', 'SJ'), ('HK', 'HA', 'HQ', 'HJ'))
    >>> solve("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432").verdict
    'no_win'
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any, Sequence

from cardgames.cards import SUIT_NAMES, SUITS, Card
from cardgames.comrade import Deal
from cardgames.display import escape
from cardgames.errors import RuleConfigError, shown

from .bids import BidMatrix, direct_bidding, format_bids, parse_bids, some_legal_bid
from .certificate import Certificate
from .portfolio import check_engine, check_time_limit, decide_play
from .search import PlaySearch, SearchOptions, SearchTimeout

__all__ = ["solve", "SolveResult", "SolverOptions", "VERDICTS"]

#: The three possible answers.
VERDICTS = ("win", "no_win", "unknown")


@dataclass(frozen=True)
class SolverOptions:
    """Knobs of the search (none changes the answer, only how fast it comes).

    * ``restart_base`` — node budget unit of the restarts (Luby schedule); ``None``
      searches once, with no restarts;
    * ``check_certificate`` — replay every win through :class:`~cardgames.comrade.ComradeGame`
      before returning it (the default; switch off only to time the search alone);
    * ``refute`` — the refutation rules of :mod:`solvers.comrade.bounds` (who can still win
      a trick, suits never led again, tricks a player who cannot discard is forced to win,
      and the transposition key that merges cards which can no longer matter).  On by
      default; off, the search is the plain one (same verdicts, far slower to prove some
      deals lost);
    * ``refute_after`` — the rules are checked once at the start, then at every position
      after this many positions (most won deals are won sooner, and the rules cost time at
      every position);
    * ``engine`` — ``"auto"`` (the default): the search alone for ``search_first`` positions,
      then the search and the SAT formula of :mod:`solvers.comrade.sat` by turns
      (:mod:`solvers.comrade.portfolio`); ``"search"`` or ``"sat"``: only that one;
    * ``search_first`` — the search's first slice, in positions (a tenth of a second or so: most
      deals are settled sooner, and the formula costs more to write than they need).
    """

    restart_base: int | None = 1000
    check_certificate: bool = True
    refute: bool = True
    refute_after: int = 500
    engine: str = "auto"
    search_first: int = 5000

    def __post_init__(self):
        check_engine(self.engine)
        if isinstance(self.search_first, bool) or not isinstance(self.search_first, int) or self.search_first < 1:
            raise RuleConfigError("search_first must be a whole number of positions >= 1, "
                                  f"not {shown(self.search_first)}")


DEFAULT_OPTIONS = SolverOptions()


@dataclass
class SolveResult:
    """The answer for one deal.

    ``verdict`` is ``"win"``, ``"no_win"`` (proved: by exhaustive search, or by the SAT solver finding
    the formula of :mod:`solvers.comrade.sat` unsatisfiable; ``engine`` says which) or ``"unknown"``
    (the time budget ran out: never a guess).  For a win, ``bids``, ``bidding`` and
    ``tricks`` form the :attr:`certificate`.  ``fixed_bids`` are the bids the question
    was asked for (``None``: any legal bid).  ``reason`` explains a ``no_win`` in plain
    words when a simple reason exists.
    """

    deal: Deal
    dealer: int
    verdict: str
    bids: BidMatrix | None = None
    bidding: tuple[str, ...] | None = None
    tricks: tuple[tuple[str, ...], ...] | None = None
    nodes: int = 0
    seconds: float = 0.0
    fixed_bids: BidMatrix | None = None
    reason: str | None = None
    certificate: Certificate | None = field(default=None, repr=False)
    #: which engine decided: ``"search"`` or ``"sat"`` (``""``: the deal's shape alone)
    engine: str = ""

    @property
    def is_win(self) -> bool:
        return self.verdict == "win"

    # -- machine-readable --------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The JSON fields of the command line: deal, dealer, verdict, bids, bidding, tricks, nodes, seconds,
        engine (``"search"``, ``"sat"``, or ``""`` when the deal's shape alone decided), then
        ``fixed_bids`` and ``reason`` when there are any."""
        out: dict[str, Any] = {
            "deal": self.deal.to_pbn(),
            "dealer": self.dealer,
            "verdict": self.verdict,
            "bids": None if self.bids is None else [list(r) for r in self.bids],
            "bidding": None if self.bidding is None else list(self.bidding),
            "tricks": None if self.tricks is None else [list(t) for t in self.tricks],
            "nodes": self.nodes,
            "seconds": round(self.seconds, 4),
            "engine": self.engine,
        }
        if self.fixed_bids is not None:
            out["fixed_bids"] = [list(r) for r in self.fixed_bids]
        if self.reason:
            out["reason"] = self.reason
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    # -- readable ------------------------------------------------------------------------
    def report(self, timing: bool = True) -> str:
        """A plain-text report: verdict, bid table, bidding and tricks."""
        letters = self.deal.variant.seat_letters
        lines = [f"Deal    {self.deal.to_pbn()}", f"Dealer  {self.dealer} ({letters[self.dealer]})"]
        if self.fixed_bids is not None:
            lines.append(f"Bids    fixed: {format_bids(self.fixed_bids)}")
        words = {"win": "WIN - perfect cooperation can win this deal",
                 "no_win": "NO WIN - no bidding and play wins this deal (proved by exhaustive search or SAT)",
                 "unknown": "UNKNOWN - the time budget ran out before the engines finished"}
        lines.append(f"Verdict {words[self.verdict]}")
        if self.reason:
            lines.append(f"Why     {self.reason}")
        if timing:
            lines.append(f"Search  {self.nodes} positions, {self.seconds:.3f} s")
        if self.verdict == "win":
            lines.append("")
            lines.append("Final bids (tricks to win, by led suit)")
            lines.append("seat    " + "  ".join(f"{s:>2}" for s in SUITS))
            for p, row in enumerate(self.bids):
                lines.append(f"{p} ({letters[p]})   " + "  ".join(f"{v:>2}" if v else " ." for v in row))
            lines.append("")
            lines.append("Bidding from the dealer: " + " ".join(
                f"{letters[(self.dealer + i) % self.deal.players]}:{a}" for i, a in enumerate(self.bidding)))
            lines.append("")
            lines.append("Tricks (leader first)")
            leader = self.dealer
            for k, trick in enumerate(self.tricks, 1):
                seats = [(leader + i) % self.deal.players for i in range(len(trick))]
                winner = _winner(trick, seats)
                lines.append(f"{k:>2}. {letters[leader]} leads: " + " ".join(trick)
                             + f"  -> {letters[winner]} wins ({SUIT_NAMES[trick[0][0]]} led)")
                leader = winner
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.report(timing=False)

    def verdict_html(self) -> str:
        """One coloured line: the verdict in words (and the reason for a no-win)."""
        colour = {"win": "#1e7b34", "no_win": "#b03a2e", "unknown": "#8a6d00"}[self.verdict]
        text = {"win": "Win: perfect cooperation with all hands visible can win this deal",
                "no_win": "No win: no bidding and play wins this deal "
                          "(proved by exhaustive search or by the SAT solver)",
                "unknown": "Unknown: the time budget ran out (no guess is made)"}[self.verdict]
        if self.fixed_bids is not None:
            text += f" — with the fixed bids {format_bids(self.fixed_bids)}"
        extra = f"<br><span style='color:#333'>Why: {escape(self.reason)}</span>" if self.reason else ""
        return (f"<div class='comrade-verdict' style='font-weight:600;color:{colour};margin:4px 0'>"
                f"{escape(text)}{extra}</div>")

    def _repr_html_(self) -> str:
        out = self.verdict_html()
        if self.certificate is not None:
            out += self.certificate._repr_html_()
        return out


def _winner(trick: Sequence[str], seats: Sequence[int]) -> int:
    cards = [Card.parse(c) for c in trick]
    led = cards[0].suit
    best = max((c.rank, seat) for c, seat in zip(cards, seats) if c.suit == led)
    return best[1]


def _seat(deal: Deal, dealer: "int | str") -> int:
    letters = deal.variant.seat_letters
    if isinstance(dealer, str):
        text = dealer.strip().upper()
        if text in letters and len(text) == 1:
            return letters.index(text)
        if text.isdigit():
            dealer = int(text)
        else:
            raise RuleConfigError(f"unknown dealer {shown(dealer)}: give a seat number 0..{deal.players - 1} "
                                  f"or a letter {', '.join(letters)}")
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < deal.players:
        raise RuleConfigError(f"dealer must be a seat 0..{deal.players - 1}, not {shown(dealer)}")
    return dealer


def holdings(deal: Deal) -> list[list[int]]:
    """``holdings(deal)[p][s]``: how many cards of suit ``s`` (S, H, D, C) seat ``p`` holds."""
    return [[sum(1 for c in h if c.suit == s) for s in SUITS] for h in deal.hands]


def solve(deal: "Deal | str", dealer: "int | str" = 0, bids: "BidMatrix | str | None" = None,
          time_limit: float | None = 10.0, options: SolverOptions = DEFAULT_OPTIONS) -> SolveResult:
    """Decide whether ``deal`` can be won from ``dealer`` (see the module docstring).

    ``deal`` is a :class:`~cardgames.comrade.Deal` or a PBN string (bad ones raise
    :class:`~cardgames.comrade.DealError`); ``bids`` fixes the final bids (a matrix or
    the notation of :func:`~solvers.comrade.bids.parse_bids`; illegal ones raise
    :class:`~solvers.comrade.bids.BidsError`); ``time_limit`` in seconds (``None``: no limit).
    """
    start = time.perf_counter()
    time_limit = check_time_limit(time_limit)
    deal = Deal.from_pbn(deal) if not isinstance(deal, Deal) else deal
    dealer = _seat(deal, dealer)
    variant = deal.variant
    total = deal.total
    fixed = None if bids is None else parse_bids(bids, variant, total)
    hold = holdings(deal)

    def result(verdict: str, **kw) -> SolveResult:
        return SolveResult(deal, dealer, verdict, seconds=time.perf_counter() - start, fixed_bids=fixed, **kw)

    # 1. Quick refutations from the deal's shape alone.
    if fixed is not None:
        for p, row in enumerate(fixed):
            for s, v in enumerate(row):
                if v > hold[p][s]:
                    return result("no_win", reason=(
                        f"seat {variant.seat_letters[p]} must win {v} tricks led in {SUIT_NAMES[SUITS[s]]} but "
                        f"holds only {hold[p][s]} {SUIT_NAMES[SUITS[s]]}: the winner of such a trick plays one"))
    elif some_legal_bid(variant, total, upper=hold) is None:
        return result("no_win", reason=(
            "no legal final bid fits the cards at all: each player can win at most as many tricks "
            "led in a suit as they hold cards of that suit"))

    # 2. The play: the search, and the SAT formula in turns with it (solvers.comrade.portfolio).
    hands = [[(SUITS.index(c.suit), c.rank) for c in h] for h in deal.hands]
    target = None if fixed is None else [v for row in fixed for v in row]
    search = PlaySearch(deal.players, max(variant.bid_values), variant.max_suits, target=target,
                        time_limit=time_limit, options=SearchOptions(restart_base=options.restart_base,
                                                                     refute=options.refute,
                                                                     refute_after=options.refute_after))
    try:
        engine, played = decide_play(search, hands, dealer, deal.players, target=target,
                                     max_value=max(variant.bid_values), max_suits=variant.max_suits,
                                     time_limit=time_limit, node_limit=None, first=options.search_first,
                                     engine=options.engine)
    except SearchTimeout:
        return result("unknown", nodes=search.nodes)
    if played is None:
        return result("no_win", nodes=search.nodes, engine=engine, reason=explain_no_win(deal, dealer, fixed))

    # 3. The certificate, checked by the rules engine.
    tricks = tuple(tuple(Card(SUITS[s], r).code for _, s, r in trick) for trick in played)
    counts = [[0] * len(SUITS) for _ in range(deal.players)]
    leader = dealer
    for trick in played:
        led = trick[0][1]
        winner = max((r, p) for p, s, r in trick if s == led)[1]
        assert trick[0][0] == leader
        counts[winner][led] += 1
        leader = winner
    final = tuple(tuple(r) for r in counts)
    bidding = _bidding_for(deal, dealer, final)
    if bidding is None:
        # The default "nothing fits" reading (the player to act) can refuse every bidding that
        # ends with these bids (see _bidding_for); then ask the question with the bidding in it.
        if fixed is not None:
            return result("no_win", nodes=search.nodes, engine=engine, reason=(
                "no legal bidding from this dealer ends with these bids: at some turn the player to act "
                "could take no bid card without the total passing 13 (the 'nothing fits' loss)"))
        left = None if time_limit is None else max(time_limit - (time.perf_counter() - start), 1e-3)
        return _with_the_bidding(deal, dealer, left, search.nodes, result)
    cert = Certificate(deal, dealer, final, bidding, tricks)
    if options.check_certificate:
        cert.replay()
    return result("win", bids=final, bidding=bidding, tricks=tricks, nodes=search.nodes, certificate=cert,
                  engine=engine)


def _bidding_for(deal: Deal, dealer: int, final: BidMatrix) -> tuple[str, ...] | None:
    """A legal bidding from ``dealer`` (default rules) that ends with the final bids ``final``, or
    ``None`` when there is none.

    :func:`~solvers.comrade.bids.direct_bidding` first (each player takes their bid cards lap by
    lap).  It can fail under the default reading of the "nothing fits" loss, which looks only at
    the player to act: with one trick missing from the total, a player whose club pile already
    shows a 2 cannot take the club 1 that is someone else's last bid card, and the bidding is
    lost on their turn.  Then the bidding search of the position solver
    (:class:`~solvers.comrade.position.BiddingReach`) looks for another order, or proves there is none.
    """
    from cardgames.comrade import ComradeGame

    from .position import BiddingReach

    bidding = tuple(direct_bidding(final, dealer))
    game = ComradeGame(deal, dealer)
    try:
        for action in bidding:
            game.apply(action)
    except ValueError:
        pass
    if game.phase == "play":            # every take went through: the bids are exactly ``final``
        return bidding
    return BiddingReach(ComradeGame(deal, dealer)).actions([v for row in final for v in row])


def _with_the_bidding(deal: Deal, dealer: int, time_limit: float | None, nodes: int, result) -> SolveResult:
    """The deal's question with the bidding's own rules in the search (the position solver on the
    fresh game): for the rare deal whose first winning play ends with bids no bidding reaches."""
    from cardgames.comrade import ComradeGame

    from .position import solve_position

    r = solve_position(ComradeGame(deal, dealer), time_limit=time_limit)
    if r.verdict != "win":
        return result(r.verdict, nodes=nodes + r.nodes, engine=r.engine)
    cards = deal.players * len(deal.hands[0])
    bidding, plays = r.certificate[:len(r.certificate) - cards], r.certificate[len(r.certificate) - cards:]
    tricks = tuple(tuple(plays[i:i + deal.players]) for i in range(0, cards, deal.players))
    cert = Certificate(deal, dealer, r.bids, bidding, tricks)
    cert.replay()
    return result("win", bids=r.bids, bidding=bidding, tricks=tricks, nodes=nodes + r.nodes, certificate=cert,
                  engine=r.engine)


def explain_no_win(deal: Deal, dealer: int, fixed: BidMatrix | None = None) -> str | None:
    """A short reason why a deal cannot be won, when one is simple to say (else ``None``).

    The simple case: a player whose every card beats every other card of its suit and who
    holds all four suits wins the first trick whoever leads, then leads and wins every
    trick, in all four suits - but a player may bid in at most three.
    """
    letters = deal.variant.seat_letters
    for p, hand in enumerate(deal.hands):
        suits = {c.suit for c in hand}
        tops = all(c.rank > max((d.rank for q, h in enumerate(deal.hands) if q != p for d in h
                                 if d.suit == c.suit), default=0) for c in hand)
        if tops and len(suits) > deal.variant.max_suits:
            return (f"every card of seat {letters[p]} is higher than all other cards of its suit and "
                    f"{letters[p]} holds all {len(suits)} suits: {letters[p]} wins the first trick whoever "
                    f"leads, then leads and wins every trick, so wins tricks led in {len(suits)} suits, "
                    f"but a player may bid in at most {deal.variant.max_suits}")
        if tops and (p == dealer or len(suits) == 4):
            per = [sum(1 for c in hand if c.suit == s) for s in SUITS]
            worst = max(per)
            if worst > max(deal.variant.bid_values):
                s = SUITS[per.index(worst)]
                return (f"seat {letters[p]} wins every trick (their cards beat all others of each suit) "
                        f"and would win {worst} tricks led in {SUIT_NAMES[s]}, more than the largest bid "
                        f"card ({max(deal.variant.bid_values)})")
    return None
