"""The convention card: public rules all four silent partners agree on *before* the game.

Comrade forbids talking during the game (相談は禁止).  Bridge players have the same
problem and an old answer: a **system card** (a convention card) agreed before play.  It
does not pass any secret during the game; it only says what each public action *means*, so
that a partner who sees "North took ♠3 in lap 1" can read "North has three sure spade
tricks".  This module is such a card for Comrade, written so a person can follow it at the
table and a program can follow it exactly.

* :data:`RULES` — the rules, each with an id (``"B1"`` … bidding, ``"P1"`` … play) and its
  literal meaning in one line.
* :class:`ConventionCard` — the card as a program: :meth:`~ConventionCard.choose` (the card's
  choice), :meth:`~ConventionCard.policy` (a probability for every legal action, for the
  inference that reads the partners' hands from their actions),
  :meth:`~ConventionCard.explain` (which rules made the choice, in words).  Keyword switches
  turn single rules off (``ConventionCard(B5=False)``), to measure what each rule is worth
  (``benchmarks/bench_comrade_card.py``).
* :class:`ConventionPlayer` — a seated player that follows the card from its own view only.

Every decision reads only a :class:`~cardgames.comrade.ComradeView`, and the card is
**suit-symmetric**: renaming the suits renames its choices (no suit is preferred except by
the hand; exact ties go to the suit order S H D C, which is part of the card).

    >>> from cardgames.comrade import ComradeGame, Deal
    >>> from cardgames.players import play_out_seated
    >>> game = ComradeGame(Deal.random(3), dealer=3)
    >>> card = ConventionCard()
    >>> view = game.view(3)
    >>> card.choose(view, game.legal_actions()) in game.legal_actions()
    True
    >>> round(sum(card.policy(view, game.legal_actions()).values()), 9)
    1.0
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache, partial
from operator import attrgetter
from typing import Callable, Hashable, Sequence

from cardgames.cards import SUIT_NAMES, SUITS, Card
from cardgames.comrade.bidding import PASS, BidCard, action_words
from cardgames.comrade.view import ComradeView
from cardgames.comrade.play import play_rank
from cardgames.comrade.players import pass_streak, require_view
from cardgames.comrade.options import DEFAULT_OPTIONS, ComradeOptions
from cardgames.comrade.variant import variant_for
from cardgames.errors import RuleConfigError

try:
    from mypy_extensions import mypyc_attr
except ImportError:     # no mypy here (an install without the test extra, the browser edition): nothing to tell
    def mypyc_attr(*attrs, **kwattrs):  # type: ignore[misc]
        """What mypyc (``make compiled``) reads of a class; without mypyc, the class itself."""
        return lambda cls: cls

__all__ = ["Rule", "RULES", "ConventionCard", "ConventionPlayer", "EPSILON", "suit_strength", "card_mask",
           "fill_room"]

#: The probability :meth:`ConventionCard.policy` gives each legal action the card would not
#: choose (at most; less when there are many, so the card's choice keeps at least half).
EPSILON = 0.01
#: Rule B1 counts the top card, the second with two cards, the third with three ...: this many.
#: (Five, with one trick per card beyond five, won the most of the settings tried with rule P3's lead to
#: the suit most pressed for cards: see docs/research/2026-12-08-comrade-card-leads.md.)
TOPS = 5
#: ... and one trick for every card beyond this many.
LONG = 5
#: Rule P3 leads low to a partner only with at least this many higher cards of the suit still out.
LOW_GAP = 1
#: Rule P6 throws first a card of a suit you do not need with fewer than this many higher cards out
#: (the highest card left, or the second highest): it would win a trick of its suit.
DANGER_GAP = 2
#: Rule B6's honour points: the top card of a suit counts 4, the next 3, then 2 and 1.
HONOURS = (4, 3, 2, 1)


@dataclass(frozen=True)
class Rule:
    """One rule of the card: ``id`` ("B1", "P3"), ``phase`` ("bidding" or "play"), a short
    ``name`` and its ``meaning``: what a partner may read from it, in one line."""

    id: str
    phase: str
    name: str
    meaning: str


RULES: tuple[Rule, ...] = (
    Rule("B1", "bidding", "strength",
         "A suit's strength is its sure tricks: the top card, the second card if you hold two, the third "
         "if you hold three, the fourth if you hold four, the fifth if you hold five, plus one for every card "
         "beyond five."),
    Rule("B2", "bidding", "first bid",
         "A first-lap bid of ♠3 says: spades are my strongest suit (or my suit with an ace, rule B8) and I "
         "expect three spade-led tricks."),
    Rule("B3", "bidding", "first-lap pass",
         "A pass in lap 1 says: no suit of mine has a sure trick."),
    Rule("B4", "bidding", "more suits",
         "In laps 2 and 3 you bid each further suit that has a sure trick (an ace is always bid)."),
    Rule("B5", "bidding", "never overshoot",
         "Never take a card that pushes the total past 13; take the nearest smaller value instead."),
    Rule("B6", "bidding", "fill the total",
         "In the last lap, or when a pass would lose the bidding, take your share of what is missing, so "
         "the 13 tricks always get bid: in the suit with the most strength you have not bid yet (rule B1), "
         "then the most room (half its honour points, A 4 K 3 Q 2 J 1, plus its cards beyond three, minus "
         "what you bid there already). On the bidding's last turn fill it exactly, past rule B7 if you must."),
    Rule("B7", "bidding", "no more than your cards",
         "Never bid more tricks in a suit than you hold cards of it (unless no other card fits): each trick you "
         "win in a suit takes one of your cards of that suit."),
    Rule("B8", "bidding", "bid your aces first",
         "A suit whose top card (the ace) you hold and have not bid yet comes before every other suit, from "
         "the first lap on: an ace you did not bid has to be thrown away before its suit is led, which seldom "
         "works. So a first-lap bid of ♠2 says: I hold the ♠A (or no ace at all, and spades are my strongest "
         "suit)."),
    Rule("P1", "play", "live suits only",
         "Lead only a suit someone still needs: a trick in a suit nobody needs loses the game."),
    Rule("P2", "play", "cash a master",
         "Leading, cash the highest card left of a suit you still need."),
    Rule("P3", "play", "lead low to a partner",
         "Otherwise lead your lowest card of a suit a partner still needs, so the partner can win it: the "
         "suit with the most tricks still to come for each of its cards still in the hands (a low card, with "
         "a higher one still out, first)."),
    Rule("P4", "play", "win what you need",
         "Following, if you need the led suit and can win, win: with the lowest winning card when you play "
         "last or it is the highest left, else with your highest; if you cannot win, play your lowest."),
    Rule("P5", "play", "duck what you don't need",
         "Following a suit you do not need, play your highest card that stays below the winning card."),
    Rule("P6", "play", "shed a danger",
         "With no card of the led suit, throw first a top card (at most one higher still out) of a suit you "
         "do not need; else a card you cannot use on the tricks still to be led in its suit; else the most "
         "dangerous card (the fewest higher ones out) of a suit you do not need."),
    Rule("P7", "play", "let a partner win",
         "Following a suit you need, do not overtake a partner who needs it too and is winning the trick "
         "(when you play last or the partner's card is the highest left): play low."),
)

_RULE_BY_ID = {r.id: r for r in RULES}


def suit_strength(hand, rules: ComradeOptions = DEFAULT_OPTIONS, players: int = 4) -> dict[str, int]:
    """Rule B1 for every suit of ``hand``: the sure tricks the card counts (the ace high unless
    ``rules.ace_high`` is off).

    >>> from cardgames.cards import parse_cards
    >>> suit_strength(parse_cards("SA SK S2 HK H3 DQ D9 D8 D7 D6 C2 C3 C4"))
    {'S': 2, 'H': 1, 'D': 1, 'C': 0}
    """
    ace_high = rules.ace_high
    tops = _tops(players, ace_high)
    # per suit the number of cards and the play ranks held as bits (the inference asks for many hands)
    count = {"S": 0, "H": 0, "D": 0, "C": 0}
    bits = {"S": 0, "H": 0, "D": 0, "C": 0}
    for c in hand:
        s = c.suit
        if s in count:
            count[s] += 1
            bits[s] |= 1 << (c.rank if ace_high else play_rank(c, False))
    out = {}
    for s in SUITS:
        n, held = count[s], bits[s]
        out[s] = sum(1 for i, top in enumerate(tops) if n > i and (held >> top) & 1) + (n - LONG if n > LONG else 0)
    return out


#: A card as a small integer: ``_CODE[card.suit] + card.rank`` (see ``ConventionCard._unseen_bits``).
_CODE = {s: 16 * i for i, s in enumerate(SUITS)}
#: A card as one bit, the bit of its small integer: ``_BIT[card.suit] << card.rank`` (see :func:`card_mask`).
_BIT = {s: 1 << code for s, code in _CODE.items()}


def card_mask(cards) -> int:
    """The set ``cards`` as one integer, a bit per card (bit ``16 * suit + rank``, suits in the order S H D C;
    Comrade has no joker): equal sets give equal integers, other sets other integers.

    The process-wide memos of the players (the card's probabilities per hand, the values of positions)
    are keyed by such integers instead of frozensets of cards: Python's cyclic garbage collector must
    walk every frozenset (and every tuple holding one) at each of its passes, for as long as the memo
    keeps it, but it never walks an integer or a tuple of integers.  Quicker to build than a
    frozenset, too (no card is hashed).

        >>> from cardgames.cards import parse_cards
        >>> card_mask(parse_cards("S2 HA")) == (1 << 2) | (1 << 30) == card_mask(parse_cards("HA S2"))
        True
    """
    bit = _BIT
    return sum([bit[c.suit] << c.rank for c in cards])


_RANKS_OF: dict[int, tuple[int, ...]] = {}


def _ranks_of(bits: int) -> tuple[int, ...]:
    """The ranks whose bits are set in ``bits``, lowest first (remembered: a few hundred sets at most).

    >>> _ranks_of((1 << 14) | (1 << 11))
    (11, 14)
    """
    got = _RANKS_OF.get(bits)
    if got is None:
        got = _RANKS_OF[bits] = tuple(r for r in range(bits.bit_length()) if (bits >> r) & 1)
    return got


@lru_cache(maxsize=None)
def _deck_bits(players: int, ace_high: bool) -> int:
    """The deck of the variant for ``players`` as one integer, a bit per card: bit ``16 * suit + play rank``
    (the ace at 14 or 1, see :func:`~cardgames.comrade.play.play_rank`), what ``ConventionCard._unseen_bits``
    reads."""
    return sum(1 << (_CODE[c.suit] + play_rank(c, ace_high)) for c in variant_for(players).deck)


#: Per suit (``_CODE``'s 0, 16, 32, 48) and play rank ``r`` (0..15): the bits of that suit's ranks above ``r``.
_ABOVE: dict[int, tuple[int, ...]] = {b: tuple((0xFFFF & ~((2 << r) - 1)) << b for r in range(16))
                                      for b in _CODE.values()}


@lru_cache(maxsize=None)
def _order(players: int, ace_high: bool) -> tuple[int, ...]:
    """The ranks of a suit in the variant for ``players``, highest first (the same in every suit)."""
    return tuple(sorted({play_rank(Card(SUITS[0], r), ace_high) for r in variant_for(players).ranks}, reverse=True))


def fill_room(hand, suit: str, bid: int, ace_high: bool = True, players: int = 4) -> float:
    """Rule B6's room in ``suit`` for ``hand``: half its honour points (the top card of the suit 4, the
    next 3, then 2 and 1), plus its cards beyond three, minus ``bid``, what the seat bid there already.

        >>> from cardgames.cards import parse_cards
        >>> fill_room(parse_cards("SA SQ S9 S8 S7 HK"), "S", 1)    # (4 + 2) / 2 + 2 - 1
        4.0
    """
    points = dict(zip(_order(players, ace_high), HONOURS))
    return _room([play_rank(c, ace_high) for c in hand if c.suit == suit], points, bid)


def _room(held: list[int], points: dict[int, int], bid: int) -> float:
    """Rule B6's room from the ranks ``held`` in a suit, the honour ``points`` of the ranks and the bid there."""
    return sum(points.get(r, 0) for r in held) / 2 + max(0, len(held) - 3) - bid


@lru_cache(maxsize=None)
def _tops(players: int, ace_high: bool) -> tuple[int, ...]:
    """The ranks rule B1 counts: the :data:`TOPS` highest of a suit."""
    return _order(players, ace_high)[:TOPS]


class _Table:
    """What the bidding rules read of the public table at one turn, the same whatever the hand: the room
    left under the total, the laps and turns, my bids, the cards I may take, what the middle offers the
    next player (see :class:`_Bidding`) and the cards rule B5 leaves (``b5``, worked out on first use).
    The inference asks the card about many hands at the same turn: :meth:`ConventionCard.bidding_table`
    works this out once for all of them."""

    __slots__ = ("n", "variant", "total", "room", "mine", "lap", "max_laps", "turns_left", "cards",
                 "top_value", "order", "points", "raises", "b5")

    def __init__(self, view: ComradeView, legal, rules: ComradeOptions):
        self.n = n = len(view.hand_sizes)
        self.variant = variant = variant_for(n)
        self.total = len(view.hand)                      # nothing is played during the bidding
        running = sum(sum(b.values()) for b in view.bids)
        self.room = self.total - running
        self.mine = view.bids[view.seat]
        turn = len(view.bidding_history)
        self.lap = view.bidding_lap
        self.max_laps = rules.max_laps or variant.max_laps
        self.turns_left = self.max_laps * n - turn       # including this one
        self.cards = [a for a in legal if isinstance(a, BidCard)]
        self.top_value = max(variant.bid_values)
        self.order = _order(n, rules.ace_high)
        self.points = dict(zip(self.order, HONOURS))
        # what each card of the middle would add to the next player's bids (if it may take it at all)
        bids_next = view.bids[(view.seat + 1) % n]
        raises = []
        for d in set(view.middle):
            top = bids_next.get(d.suit)
            if top is not None:
                if d.value > top:
                    raises.append((d.value - top, d))
            elif len(bids_next) < variant.max_suits:
                raises.append((d.value, d))
        raises.sort(key=lambda x: x[0])
        self.raises = raises
        self.b5: list[BidCard] | None = None


class _Bidding:
    """What the bidding rules read of one view, worked out once per decision: the public table
    (:class:`_Table`: the room left under the total, the laps and turns, my bids, the cards I may take),
    the lengths of my suits and, filled in by the rules themselves, ``strength`` (rule B1) and ``fitting``
    (the cards rules B5 and B7 leave)."""

    __slots__ = ("view", "n", "variant", "total", "room", "mine", "lap", "max_laps", "turns_left", "cards",
                 "length", "top_value", "order", "points", "raises", "rank", "strength", "fitting", "table", "hand")
    strength: dict[str, int]
    fitting: list[BidCard]

    def __init__(self, view: ComradeView, legal, rules: ComradeOptions, rank, table: _Table | None = None,
                 hand: _HandFacts | None = None):
        self.view = view
        self.rank = rank
        self.table = t = _Table(view, legal, rules) if table is None else table
        self.n, self.variant, self.total, self.room, self.mine = t.n, t.variant, t.total, t.room, t.mine
        self.lap, self.max_laps, self.turns_left, self.cards = t.lap, t.max_laps, t.turns_left, t.cards
        self.top_value, self.order, self.points, self.raises = t.top_value, t.order, t.points, t.raises
        self.hand = h = _HandFacts(view.hand, rules, self.n, rank) if hand is None else hand
        self.length = h.length

    def inc(self, c: BidCard) -> int:
        """How much taking ``c`` adds to my bids."""
        return c.value - self.mine.get(c.suit, 0)

    def next_fits(self, taken: BidCard | None) -> bool:
        """After my action, can the next player take a card without passing the total?"""
        left = self.room - (self.inc(taken) if taken is not None else 0)
        if left <= 0 or self.turns_left <= 1:
            return True
        for more, d in self.raises:
            if more > left:
                return False
            if d != taken:
                return True
        return False

    def fill_room(self, suit: str) -> float:
        """Rule B6 (:func:`fill_room`) with this decision's ranks and honour points."""
        return _room(self.hand.ranks[suit], self.points, self.mine.get(suit, 0))


class _HandFacts:
    """What the bidding rules read of a hand alone, whatever the table: rule B1's strength of each suit
    (:func:`suit_strength`), the number of cards of each suit, the suits whose top card it holds (rule B8) and
    its play ranks per suit, in the hand's order (rule B6's room).  A seat bids several times with one hand (and
    the inference asks about one hand at each of a seat's bids): ``ConventionCard._hand_facts`` remembers them
    per hand object.  Read, never changed, by the rules."""

    __slots__ = ("strength", "length", "aces", "ranks")

    def __init__(self, hand, rules: ComradeOptions, n: int, rank):
        self.strength = suit_strength(hand, rules, n)
        length = {"S": 0, "H": 0, "D": 0, "C": 0}
        ranks: dict[str, list[int]] = {"S": [], "H": [], "D": [], "C": []}
        top_rank = _order(n, rules.ace_high)[0]
        aces = set()
        for c in hand:
            s = c.suit
            if s in length:
                length[s] += 1
                r = rank(c)
                ranks[s].append(r)
                if r == top_rank:
                    aces.add(s)
        self.length = length
        self.ranks = ranks
        self.aces = aces


class _Trick:
    """What the following rules (P4, P5, P7) read of the trick in progress: my seat, the led suit, my cards of
    it, the card winning so far and its seat, and whether I play last."""

    __slots__ = ("seat", "led", "follow", "best_card", "last", "winner")

    def __init__(self, view: ComradeView, led: str, follow: list, rank):
        self.seat = view.seat
        self.led = led
        self.follow = follow
        self.best_card = max((c for _, c in view.current_trick if c.suit == led), key=rank)
        self.last = len(view.current_trick) == len(view.hand_sizes) - 1
        self.winner = max(view.current_trick, key=lambda pc: rank(pc[1]) if pc[1].suit == led else -1)[0]


class ConventionCard:
    """The public, suit-symmetric rules; every decision reads only a :class:`ComradeView`.

    ``switches``: rule ids set to ``False`` turn those rules off (``ConventionCard(B6=False)``)
    so a study can measure what each is worth; an unknown id raises :class:`RuleConfigError`.
    Switching off a rule that defines something replaces it by the plainest alternative: without
    B1 a suit's strength is 1 for its top card and nothing else; without B3 a first-lap player with
    no sure trick bids 1 in its longest suit.  Any other rule switched off is simply skipped, and the
    next rule (or the lowest card / a pass) decides.
    """

    def __init__(self, rules: ComradeOptions = DEFAULT_OPTIONS, **switches: object):
        for key, value in switches.items():
            if key not in _RULE_BY_ID:
                raise RuleConfigError(f"no rule {key!r} on the convention card (rules: "
                                      f"{', '.join(_RULE_BY_ID)})")
            if not isinstance(value, bool):
                raise RuleConfigError(f"switch {key} must be True or False, not {value!r}")
        self.rules = rules
        self.on = {r.id: switches.get(r.id, True) for r in RULES}
        self._bits_of: tuple = (None, 0)        # (the last view asked about, its unseen cards as bits)
        self._ace_high = rules.ace_high
        self._needs: dict[int, tuple] = {}      # id(view.won) -> (view.bids, view.won, the needs)
        self._hands: dict[int, tuple] = {}      # id(hand) -> (hand, players, _HandFacts)
        self._key_tops: dict[int, frozenset] = {}   # players -> the top ranks bidding_key reads
        self._played: dict[int, tuple] = {}     # id(view.tricks) -> (view.tricks, their cards as bits)
        #: ``play_rank(card, rules.ace_high)``: with the ace high that is the rank itself, read directly (it is
        #: called most)
        self._rank: Callable[[Card], int] = attrgetter("rank") if rules.ace_high else partial(play_rank, ace_high=False)

    def __repr__(self) -> str:
        off = [k for k, v in self.on.items() if not v]
        return "ConventionCard(" + ", ".join(f"{k}=False" for k in off) + ")"

    # -- the interface --------------------------------------------------------------------
    def choose(self, view: ComradeView, legal_actions: Sequence[Hashable]) -> Hashable:
        """The card's own choice (deterministic)."""
        return self._decide(view, legal_actions)[0]

    def explain(self, view: ComradeView, legal_actions: Sequence[Hashable]) -> list[tuple[str, str]]:
        """(rule id, plain-English reason) for the card's choice, most important first."""
        return self._decide(view, legal_actions)[1]

    def policy(self, view: ComradeView, legal_actions: Sequence[Hashable]) -> dict[Hashable, float]:
        """The probability of each legal action under the card.

        The card's choice and the actions the card cannot tell from it (in the play: cards of
        the same suit with no unseen card between them, which win and lose the same tricks)
        share the mass equally; every other legal action gets ``EPSILON`` (less when there are
        more than ``0.5 / EPSILON`` of them, so the choice keeps at least half).  It sums to 1.
        """
        legal = list(legal_actions)
        choice, _ = self._decide(view, legal)
        same = self._equivalents(view, legal, choice)
        others = len(legal) - len(same)
        eps = min(EPSILON, 0.5 / others) if others else 0.0
        top = (1.0 - eps * others) / len(same)
        return {a: (top if a in same else eps) for a in legal}

    def probability(self, view: ComradeView, legal_actions: Sequence[Hashable], action: Hashable,
                    table: _Table | None = None) -> float:
        """``policy(view, legal_actions).get(action, 0.0)``, the same number, without the whole table of
        probabilities: what the inference asks of every action it reads.  ``table`` (the bidding only):
        :meth:`bidding_table` of a view of the same turn, worked out once for many hands.

            >>> from cardgames.comrade import ComradeGame
            >>> g = ComradeGame("N:A.K.. K.A.. Q.Q.. J.J..", dealer=0)
            >>> card, v, legal = ConventionCard(), g.view(0), g.legal_actions()
            >>> all(card.probability(v, legal, a) == p for a, p in card.policy(v, legal).items())
            True
        """
        legal = list(legal_actions)
        choice, _ = self._decide(view, legal, table)
        same = self._equivalents(view, legal, choice)
        if action not in same and action not in legal:
            return 0.0
        others = len(legal) - len(same)
        eps = min(EPSILON, 0.5 / others) if others else 0.0
        return (1.0 - eps * others) / len(same) if action in same else eps

    def bidding_table(self, view: ComradeView, legal_actions: Sequence[Hashable]) -> _Table:
        """What the bidding rules read of the public table at ``view``'s turn, the same for every hand the
        seat may hold there (for :meth:`probability`)."""
        return _Table(require_view(view), list(legal_actions), self.rules)

    # -- shared reading of the view --------------------------------------------------------
    def _decide(self, view, legal_actions, table: _Table | None = None):
        view = require_view(view)
        legal = list(legal_actions)
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0], [("-", "it is the only legal action")]
        if view.phase == "bidding":
            return self._bid(view, legal, table)
        return self._play(view, legal)

    def memo_key(self) -> tuple:
        """What decides the card's choices besides the view: its class, the game's rules and the rules
        of the card switched on.  Two cards with the same key choose alike, so the inference shares what
        one card's policy said with the other (each search player holds its own card).

            >>> ConventionCard().memo_key() == ConventionCard().memo_key() != ConventionCard(P3=False).memo_key()
            True
        """
        return type(self), self.rules, tuple(self.on.items())

    def _hand_facts(self, hand, n: int) -> _HandFacts:
        """:class:`_HandFacts` of ``hand`` (with ``n`` players), remembered per hand object (the last 64)."""
        memo = self._hands
        got = memo.get(id(hand))
        if got is not None and got[0] is hand and got[1] == n:
            return got[2]
        facts = _HandFacts(hand, self.rules, n, self._rank)
        if len(memo) >= 64:
            memo.clear()
        memo[id(hand)] = (hand, n, facts)       # holding the hand: its id stays its own meanwhile
        return facts

    def _need(self, view: ComradeView) -> list[dict[str, int]]:
        """The tricks each seat still needs per suit (its bid less its tricks won; read, never changed, by the
        play rules), remembered for the last 256 pairs of bids and tricks won asked about: the inference's
        views of one step, which differ only in the hand, share them."""
        bids, won = view.bids, view.won
        memo = self._needs
        got = memo.get(id(won))
        if got is not None and got[0] is bids and got[1] is won:
            return got[2]
        need = [{s: bids[p].get(s, 0) - won[p].get(s, 0) for s in SUITS} for p in range(len(view.hand_sizes))]
        if len(memo) >= 256:
            memo.clear()
        memo[id(won)] = (bids, won, need)       # holding both: their ids stay theirs while remembered
        return need

    def _unseen_bits(self, view: ComradeView) -> int:
        """The cards of ``unseen_cards(view)`` as one integer, a bit per card at ``16 * suit + play rank``
        (:func:`_deck_bits`), remembered for the last view: the unseen cards above a card, or between two, are
        then a mask and a bit count away (:meth:`_higher_out`, :meth:`_equivalents`)."""
        if self._bits_of[0] is view:
            return self._bits_of[1]
        code = _CODE
        rank = self._rank
        # the cards of the completed tricks, per tricks object: the inference's views of one step, which differ
        # only in the hand, share it, and so do the rollouts' views of one trick (seat_view)
        tricks = view.tricks
        memo = self._played
        got = memo.get(id(tricks))
        if got is not None and got[0] is tricks:
            played = got[1]
        else:
            played = 0
            for t in tricks:
                for _, c in t.plays:
                    played |= 1 << (code[c.suit] + rank(c))
            if len(memo) >= 256:
                memo.clear()
            memo[id(tricks)] = (tricks, played)     # holding the tricks: their id stays theirs meanwhile
        seen = played
        for _, c in view.current_trick:
            seen |= 1 << (code[c.suit] + rank(c))
        for c in view.hand:
            seen |= 1 << (code[c.suit] + rank(c))
        bits = _deck_bits(len(view.hand_sizes), self._ace_high) & ~seen
        self._bits_of = (view, bits)
        return bits

    def _higher_out(self, view: ComradeView, card: Card) -> int:
        """How many unseen cards of ``card``'s suit rank above it (rules P2, P3, P4, P6, P7): the unseen cards'
        bits (:meth:`_unseen_bits`, worked out once per view) above the card's in its suit, counted."""
        return (self._unseen_bits(view) & _ABOVE[_CODE[card.suit]][self._rank(card)]).bit_count()

    def bidding_key(self, hand: Sequence[Card], players: int = 4) -> tuple:
        """What the card's bidding reads of ``hand``: per suit, the number of cards and which of the
        suit's top ranks it holds (rule B1 counts the top :data:`TOPS`, rule B6 the honours).  In the
        same bidding position, two hands with the same key get the same choice and the same
        :meth:`policy` (a test checks it on random hands), so the inference scores a bidding once
        per key instead of once per hand."""
        tops = self._key_tops.get(players)
        if tops is None:
            tops = self._key_tops[players] = frozenset(_order(players, self.rules.ace_high)[:max(TOPS, len(HONOURS))])
        rank = self._rank
        count = {"S": 0, "H": 0, "D": 0, "C": 0}
        high = {"S": 0, "H": 0, "D": 0, "C": 0}      # the top ranks held, as bits
        for c in hand:
            s = c.suit
            if s in count:
                count[s] += 1
                r = rank(c)
                if r in tops:
                    high[s] |= 1 << r
        return ((count["S"], _ranks_of(high["S"])), (count["H"], _ranks_of(high["H"])),
                (count["D"], _ranks_of(high["D"])), (count["C"], _ranks_of(high["C"])))

    def play_key(self, hand: Sequence[Card], led: str | None) -> int:
        """What the card's play reads of ``hand`` when ``led`` is the suit led to the trick in progress
        (``None``: the player leads): following suit, only the cards of the led suit (every rule that
        follows, P4, P5 and P7, and the cards the policy cannot tell apart look at that suit alone);
        leading or discarding, the whole hand; either set as :func:`card_mask`'s integer (an integer is
        never walked by the garbage collector in the inference's process-wide memo).  In the same position
        two hands with the same key get the same choice and the same :meth:`policy` (a test checks it on
        random hands), so the inference scores such an action once per key instead of once per hand.

        >>> from cardgames.cards import parse_cards
        >>> ConventionCard().play_key(parse_cards("SA S3 HK"), "S") == card_mask(parse_cards("S3 SA"))
        True
        """
        if led is not None:
            follow = card_mask([c for c in hand if c.suit == led])
            if follow:
                return follow
        return card_mask(hand)

    def _equivalents(self, view: ComradeView, legal, choice) -> set:
        if not isinstance(choice, Card):
            return {choice}
        # the unseen cards and the cards of the trick in progress, as bits (16 * suit + play rank)
        rank = self._rank
        suit = choice.suit
        base = _CODE[suit]
        between = self._unseen_bits(view)
        for _, c in view.current_trick:
            if c.suit == suit:
                between |= 1 << (base + rank(c))
        above = _ABOVE[base]
        r0 = rank(choice)
        out = {choice}
        for c in legal:
            if c.suit == suit and c != choice:
                r = rank(c)
                lo, hi = (r0, r) if r0 < r else (r, r0)
                if not between & above[lo] & ~above[hi - 1]:       # nothing strictly between lo and hi
                    out.add(c)
        return out

    # -- bidding -----------------------------------------------------------------------------
    def _bid(self, view: ComradeView, legal, table: _Table | None = None):
        """The bidding, one rule after the other in the card's order: B5 (fill exactly when the next player
        could not bid), B6, then B2 in the first lap or B4 later (B8 puts the aces first), then B3.  B1 says
        what a suit is worth and B7 which cards are fit to take; the first rule that chooses decides."""
        b = _Bidding(view, legal, self.rules, self._rank, table, self._hand_facts(view.hand, len(view.hand_sizes)))
        b.strength = self.rule_b1_strength(b) if self.on["B1"] else self._top_card_only(b)
        if self.on["B5"]:
            if b.table.b5 is None:          # rule B5 reads only the public table
                b.table.b5 = self.rule_b5_never_overshoot(b)
            b.fitting = b.table.b5
            if self.on["B7"]:
                b.fitting = self.rule_b7_no_more_than_your_cards(b)
            answer = self._b5_fill_exactly(b)
            if answer is not None:
                return answer
        else:
            b.fitting = b.cards
        if self.on["B6"]:
            answer = self.rule_b6_fill_the_total(b)
            if answer is not None:
                return answer
        ace = self.rule_b8_bid_your_aces_first(b) if self.on["B8"] else {s: False for s in SUITS}
        wants = sorted(((ace[s], b.strength[s], b.length[s], -SUITS.index(s), s) for s in SUITS
                        if b.strength[s] > b.mine.get(s, 0)), reverse=True)
        if b.lap == 1 and self.on["B2"]:
            answer = self.rule_b2_first_bid(b, ace, wants)
        elif b.lap > 1 and self.on["B4"]:
            answer = self.rule_b4_more_suits(b, ace, wants)
        else:
            answer = None
        if answer is not None:
            return answer
        if b.lap == 1 and self.on["B3"]:
            return self.rule_b3_first_lap_pass(b, wants)
        if b.lap == 1 and not self.on["B3"]:          # (measured only) without B3: bid 1 in the longest suit
            ones = [c for c in b.fitting if c.value == 1 and c.suit not in b.mine]
            if ones:
                return max(ones, key=lambda c: (b.length[c.suit], -SUITS.index(c.suit))), [("-", "my longest suit")]
        return PASS, [("-", "nothing the card asks me to bid")]

    def rule_b1_strength(self, b: _Bidding) -> dict[str, int]:
        """Rule B1, "strength": a suit's strength is its sure tricks (the top card, the second if you hold two ...)."""
        return b.hand.strength

    def _top_card_only(self, b: _Bidding) -> dict[str, int]:
        """Without rule B1: a suit's strength is 1 if the hand holds its top card, else 0."""
        view, variant = b.view, b.variant
        return {s: int(any(self._rank(c) == max(map(self._rank, (Card(s, r) for r in variant.ranks)))
                           for c in view.hand if c.suit == s)) for s in SUITS}

    def rule_b2_first_bid(self, b: _Bidding, ace: dict, wants: list):
        """Rule B2, "first bid": a first-lap bid of ♠3 says spades are my strongest suit, with three sure tricks."""
        return self._bid_strong_suit(b, ace, wants, "B2")

    def rule_b3_first_lap_pass(self, b: _Bidding, wants: list):
        """Rule B3, "first-lap pass": a pass in lap 1 says no suit of mine has a sure trick."""
        return PASS, [("B3", "no suit of mine has a sure trick" if not wants else
                             "my strongest suit cannot be bid now")]

    def rule_b4_more_suits(self, b: _Bidding, ace: dict, wants: list):
        """Rule B4, "more suits": in laps 2 and 3 you bid each further suit that has a sure trick."""
        return self._bid_strong_suit(b, ace, wants, "B4")

    def _bid_strong_suit(self, b: _Bidding, ace: dict, wants: list, rule: str):
        """Rules B2 and B4: bid the strongest suit not yet bid (its strength, rule B1), the aces first (rule B8);
        in the first lap only the strongest suit, and only if it is not bid yet."""
        lap, mine = b.lap, b.mine
        plain = max(wants, key=lambda w: w[1:4])[4] if wants else None    # the choice without B8
        for _, st, _, _, s in wants:
            if lap == 1 and s in mine:
                continue
            why: list = []
            c = self._take_near(b, s, st, why)
            if c is not None and c.value > mine.get(s, 0):
                first = [("B8", f"I hold the top {SUIT_NAMES[s][:-1]} and have not bid {SUIT_NAMES[s]} yet: "
                                f"that suit comes first")] if ace[s] and s != plain else []
                return c, first + [(rule, f"{SUIT_NAMES[s]} has strength {st} (rule B1): "
                                          f"{action_words(c)}")] + why
            if lap == 1:
                break
        return None

    def rule_b5_never_overshoot(self, b: _Bidding) -> list[BidCard]:
        """Rule B5, "never overshoot": never take a card that pushes the total past 13 (the cards that fit)."""
        return [c for c in b.cards if b.inc(c) <= b.room and b.next_fits(c)]

    def _b5_fill_exactly(self, b: _Bidding):
        """Rule B5 when the next player could take no card without passing the total: fill it now, exactly."""
        if b.next_fits(None):
            return None
        exact = [c for c in b.fitting if b.inc(c) == b.room]
        if not exact:
            return None
        mine, length, strength = b.mine, b.length, b.strength
        best = max(exact, key=lambda c: (c.suit in mine, length[c.suit] + strength[c.suit], -SUITS.index(c.suit)))
        return best, [("B5", f"the next player could take nothing without passing {b.total}: "
                             f"I fill the total with {action_words(best)}")]

    def _take_near(self, b: _Bidding, suit: str, want: int, why: list):
        """Rule B5's second half: the card of ``suit`` raising the bid to ``want``, else the nearest smaller
        value (saying so in ``why``), else None."""
        options = [c for c in b.fitting if c.suit == suit]
        if not options:
            return None
        want = min(want, b.top_value)
        exact = [c for c in options if c.value == want]
        if exact:
            return exact[0]
        lower = [c for c in options if c.value < want]
        if lower:
            why.append(("B5", f"the {action_words(BidCard(suit, want))} is gone or does not fit: the "
                              f"nearest smaller value"))
            return max(lower, key=lambda c: c.value)
        return None

    def rule_b6_fill_the_total(self, b: _Bidding):
        """Rule B6, "fill the total": in the last lap, or when a pass would lose the bidding, take your share."""
        room, turns_left = b.room, b.turns_left
        passes_to_lose = self.rules.passes_to_lose or b.n
        must = pass_streak(b.view) >= passes_to_lose - 1 or turns_left == 1
        if not (room > 0 and (b.lap == b.max_laps or must)):
            return None
        # my share of what is missing, among the turns left (or all of it if I must)
        share = room if must else math.ceil(room / turns_left)
        fitting, inc = b.fitting, b.inc
        pool = [c for c in fitting if inc(c) == share] or \
               ([c for c in fitting if inc(c) <= share] if not must else []) or \
               (self._last_turn_fill(b) if turns_left == 1 else []) or fitting
        if not must:
            pool = [c for c in pool if inc(c) <= share] or pool
        if not pool:
            return None

        def key(c):
            """Rule B6's order: the most strength not bid yet, the most room, a suit I bid, the nearest share."""
            return (b.strength[c.suit] - b.mine.get(c.suit, 0), b.fill_room(c.suit), c.suit in b.mine,
                    -abs(inc(c) - share), -SUITS.index(c.suit))
        best = max(pool, key=key)
        why = [("B6", f"{room} trick(s) are still unbid with {turns_left} turn(s) left: "
                      f"{'I must fill it' if must else 'my share is ' + str(share)}; "
                      f"{SUIT_NAMES[best.suit]} has the most strength I have not bid, then the most room")]
        if best.value > b.length[best.suit] and best not in fitting:
            why.append(("B7", f"no card within my {SUIT_NAMES[best.suit]} fills the total: I bid more than I hold"))
        return best, why

    def _last_turn_fill(self, b: _Bidding) -> list[BidCard]:
        """Rule B6 on the bidding's last turn, when no card that rule B7 allows fills the total exactly: the cards
        that do (B7's "unless no other card fits"), since any other action loses the bidding at once."""
        cards = b.table.b5 if b.table.b5 is not None else b.cards
        return [c for c in cards if b.inc(c) == b.room]

    def rule_b7_no_more_than_your_cards(self, b: _Bidding) -> list[BidCard]:
        """Rule B7, "no more than your cards": never bid more tricks in a suit than you hold cards of it."""
        return [c for c in b.fitting if c.value <= b.length[c.suit]] or b.fitting

    def rule_b8_bid_your_aces_first(self, b: _Bidding) -> dict[str, bool]:
        """Rule B8, "bid your aces first": a suit whose ace you hold and have not bid yet comes first."""
        aces = b.hand.aces
        return {s: s not in b.mine and s in aces for s in SUITS}

    # -- play ----------------------------------------------------------------------------------
    def _play(self, view: ComradeView, legal):
        """The play, one rule after the other in the card's order.  Leading: P1 (which suits), P2, P3, else the
        lowest card.  Following: P7, P4, P5, else the lowest card of the suit; with none of it, P6."""
        seat = view.seat
        need = self._need(view)
        rank = self._rank

        unseen = self._unseen_bits(view)

        def master(c: Card) -> bool:
            """No unseen card of c's suit ranks above c (:meth:`_higher_out` is 0)."""
            return not unseen & _ABOVE[_CODE[c.suit]][rank(c)]

        if view.current_trick:
            return self._follow(view, legal, need, master)
        pool, why = self.rule_p1_live_suits_only(legal, need) if self.on["P1"] else (legal, [])
        if self.on["P2"]:
            answer = self.rule_p2_cash_a_master(pool, need[seat], master)
            if answer is not None:
                return answer[0], answer[1] + why
        if self.on["P3"]:
            answer = self.rule_p3_lead_low_to_a_partner(view, pool, need)
            if answer is not None:
                return answer[0], answer[1] + why
        best = min(pool, key=lambda c: (rank(c), SUITS.index(c.suit)))
        return best, why + [("-", f"my lowest card, {best}")]

    def rule_p1_live_suits_only(self, legal, need):
        """Rule P1, "live suits only": lead only a suit someone still needs (the cards to lead, and why)."""
        live = {s for s in SUITS if any(needs[s] > 0 for needs in need)}
        pool = [c for c in legal if c.suit in live] or legal
        why: list = []
        if pool is not legal and len(pool) < len(legal):
            why.append(("P1", "I lead only suits someone still needs"))
        return pool, why

    def rule_p2_cash_a_master(self, pool, mine, master):
        """Rule P2, "cash a master": leading, cash the highest card left of a suit you still need."""
        rank = self._rank
        cash = [c for c in pool if mine[c.suit] > 0 and master(c)]
        if not cash:
            return None
        best = max(cash, key=lambda c: (mine[c.suit], rank(c), -SUITS.index(c.suit)))
        return best, [("P2", f"I need {mine[best.suit]} more {SUIT_NAMES[best.suit]} trick(s) and "
                             f"{best} is the highest {SUIT_NAMES[best.suit][:-1]} left")]

    def rule_p3_lead_low_to_a_partner(self, view: ComradeView, pool, need):
        """Rule P3, "lead low to a partner": otherwise lead a low card of a suit a partner still needs."""
        seat = view.seat
        n = len(view.hand_sizes)
        rank = self._rank

        unseen = self._unseen_bits(view)

        def above(c: Card) -> int:
            """Unseen cards of c's suit higher than c (:meth:`_higher_out`)."""
            return (unseen & _ABOVE[_CODE[c.suit]][rank(c)]).bit_count()

        partner_suits = {s for s in SUITS if any(need[p][s] > 0 for p in range(n) if p != seat)}
        lowest: dict[str, Card] = {}                # my lowest card of each such suit
        for c in pool:
            if c.suit in partner_suits and (c.suit not in lowest or rank(c) < rank(lowest[c.suit])):
                lowest[c.suit] = c
        partner = list(lowest.values())
        if not partner:
            return None
        left = {s: sum(max(0, need[p][s]) for p in range(n)) for s in SUITS}
        held = {s: (unseen >> _CODE[s] & 0xFFFF).bit_count() for s in SUITS}   # in the other hands ...
        for c in view.hand:
            held[c.suit] += 1                                                    # ... and in mine

        def p3_key(c: Card):
            """Rule P3's order: the suit with the most tricks still to come for each of its cards still in the
            hands (the suit whose tricks are most pressed for cards), then the lowest card."""
            return (left[c.suit] / held[c.suit], -rank(c), -SUITS.index(c.suit))

        safe = [c for c in partner if above(c) >= LOW_GAP]
        if safe:
            best = max(safe, key=p3_key)
            who = [p for p in range(n) if p != seat and need[p][best.suit] > 0]
            return best, [("P3", f"seat {who[0]} still needs a {SUIT_NAMES[best.suit][:-1]} trick: I lead "
                                 f"low, {best}, with {above(best)} higher {SUIT_NAMES[best.suit]} out")]
        best = max(partner, key=p3_key)
        who = [p for p in range(n) if p != seat and need[p][best.suit] > 0]
        return best, [("P3", f"seat {who[0]} still needs a {SUIT_NAMES[best.suit][:-1]} trick: I lead "
                             f"my lowest, {best}")]

    def _follow(self, view, legal, need, master):
        """Following: rules P7, P4 and P5 in that order, else my lowest card of the led suit; with none, P6."""
        rank = self._rank
        led = view.current_trick[0][1].suit
        follow = [c for c in legal if c.suit == led]
        if not follow:
            return self._discard(view, legal, need)
        trick = _Trick(view, led, follow, rank)
        if self.on["P7"]:
            answer = self.rule_p7_let_a_partner_win(trick, need, master)
            if answer is not None:
                return answer
        if self.on["P4"]:
            answer = self.rule_p4_win_what_you_need(trick, need, master)
            if answer is not None:
                return answer
        if self.on["P5"]:
            answer = self.rule_p5_duck_what_you_dont_need(trick)
            if answer is not None:
                return answer
        c = min(follow, key=rank)
        return c, [("-", f"my lowest {SUIT_NAMES[led][:-1]}, {c}")]

    def rule_p4_win_what_you_need(self, trick: _Trick, need, master):
        """Rule P4, "win what you need": following, if you need the led suit and can win, win; else play low."""
        rank, led = self._rank, trick.led
        if need[trick.seat][led] <= 0:
            return None
        beat = [c for c in trick.follow if rank(c) > rank(trick.best_card)]
        if beat:
            sure = [c for c in beat if master(c)]
            if trick.last or sure:
                c = min(beat if trick.last else sure, key=rank)
                return c, [("P4", f"I need a {SUIT_NAMES[led][:-1]} trick and {c} wins it")]
            c = max(beat, key=rank)
            return c, [("P4", f"I need a {SUIT_NAMES[led][:-1]} trick: my highest, {c}, has the best chance")]
        c = min(trick.follow, key=rank)
        return c, [("P4", f"I need a {SUIT_NAMES[led][:-1]} trick but cannot win this one: I keep my "
                          f"high cards and play {c}")]

    def rule_p5_duck_what_you_dont_need(self, trick: _Trick):
        """Rule P5, "duck what you don't need": play your highest card that stays below the winning card."""
        rank = self._rank
        below = [c for c in trick.follow if rank(c) < rank(trick.best_card)]
        if not below:
            return None
        c = max(below, key=rank)
        return c, [("P5", f"I do not need {SUIT_NAMES[trick.led]}: {c} stays below {trick.best_card}")]

    def _unusable(self, view: ComradeView, need) -> list[Card]:
        """Rule P6: my cards that cannot be played on the tricks still to be led in their suit.

        A suit with ``k`` tricks still to come (the partners' and my needs in it) takes at most ``k``
        of my cards: my highest for the tricks I need, my lowest to follow under the others.  The
        cards between are left over: they can only be thrown when I have no card of a led suit."""
        n = len(view.hand_sizes)
        out = []
        for s in SUITS:
            k = sum(max(0, need[p][s]) for p in range(n))
            mine = sorted((c for c in view.hand if c.suit == s), key=self._rank)
            if len(mine) <= k:
                continue
            want = min(max(0, need[view.seat][s]), k)
            keep = set(mine[:k - want]) | set(mine[len(mine) - want:])
            out += [c for c in mine if c not in keep]
        return out

    def _discard(self, view: ComradeView, legal, need):
        """With no card of the led suit: rule P6, else my lowest card."""
        if self.on["P6"]:
            answer = self.rule_p6_shed_a_danger(view, legal, need)
            if answer is not None:
                return answer
        rank = self._rank
        led = SUIT_NAMES[view.current_trick[0][1].suit]
        c = min(legal, key=lambda c: (rank(c), SUITS.index(c.suit)))
        return c, [("-", f"I have no {led}: I throw my lowest card, {c}")]

    def rule_p6_shed_a_danger(self, view: ComradeView, legal, need):
        """Rule P6, "shed a danger": with no card of the led suit, throw first a top card of a suit you do not need."""
        rank = self._rank
        led = SUIT_NAMES[view.current_trick[0][1].suit]
        mine = need[view.seat]

        unseen = self._unseen_bits(view)

        def higher_out(c: Card) -> int:
            """:meth:`_higher_out`, from the view's unseen cards read once."""
            return (unseen & _ABOVE[_CODE[c.suit]][rank(c)]).bit_count()

        def danger(c: Card):
            return (-higher_out(c), rank(c), -SUITS.index(c.suit))

        tops = [c for c in legal if mine[c.suit] <= 0 and higher_out(c) < DANGER_GAP]
        if tops:
            c = max(tops, key=danger)
            return c, [("P6", f"I have no {led}: I throw {c}, a top card of a suit I do not need "
                              f"({higher_out(c)} higher out): it would win a trick")]
        spare = [c for c in self._unusable(view, need) if c in legal]
        if spare:
            c = max(spare, key=danger)
            return c, [("P6", f"I have no {led}: I throw {c}, a card I cannot use on the "
                              f"{SUIT_NAMES[c.suit]} tricks still to come")]
        free = [c for c in legal if mine[c.suit] <= 0]
        if free:
            c = max(free, key=danger)
            return c, [("P6", f"I have no {led}: I throw {c}, the most dangerous card of a suit I do "
                              f"not need")]
        return None

    def rule_p7_let_a_partner_win(self, trick: _Trick, need, master):
        """Rule P7, "let a partner win": do not overtake a partner who needs the led suit and is winning it."""
        led, winner = trick.led, trick.winner
        if not (need[trick.seat][led] > 0 and need[winner][led] > 0 and (trick.last or master(trick.best_card))):
            return None
        c = min(trick.follow, key=self._rank)
        return c, [("P7", f"seat {winner} needs this {SUIT_NAMES[led][:-1]} trick and is winning it: "
                          f"I do not overtake, {c}")]


@mypyc_attr(allow_interpreted_subclasses=True)      # compiled (make compiled), still a class to build on
class ConventionPlayer:
    """A computer partner that follows the convention card, deciding from its own seat's view only.

    >>> from cardgames.comrade import ComradeGame, Deal
    >>> game = ComradeGame(Deal.random(1), dealer=1)
    >>> ConventionPlayer().act(game, game.legal_actions())
    Traceback (most recent call last):
    ...
    cardgames.comrade.errors.NotAViewError: a seated player decides from ComradeGame.view(seat) only, not from a ComradeGame: that would show it every hand
    """  # noqa: E501 (doctest output)

    def __init__(self, card: ConventionCard | None = None):
        self.card = card or ConventionCard()

    def act(self, view, legal_actions: Sequence[Hashable]) -> Hashable:
        return self.card.choose(require_view(view), legal_actions)

    def explain(self, view, legal_actions) -> list[tuple[str, str]]:
        return self.card.explain(require_view(view), legal_actions)

    def __repr__(self) -> str:
        return f"ConventionPlayer({self.card!r})"
