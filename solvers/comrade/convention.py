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

Every decision reads only a :class:`~cardgames.comrade.PlayerView`, and the card is
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
from functools import lru_cache
from operator import attrgetter
from typing import Hashable, Sequence

from cardgames.cards import SUIT_NAMES, SUITS, Card
from cardgames.comrade.bidding import PASS, BidCard, action_words
from cardgames.comrade.game import PlayerView
from cardgames.comrade.play import play_rank
from cardgames.comrade.players import pass_streak, require_view, unseen_cards
from cardgames.comrade.rules import DEFAULT_RULES, ComradeRules
from cardgames.comrade.variant import variant_for
from cardgames.errors import RuleConfigError

__all__ = ["Rule", "RULES", "ConventionCard", "ConventionPlayer", "EPSILON", "suit_strength"]

#: The probability :meth:`ConventionCard.policy` gives each legal action the card would not
#: choose (at most; less when there are many, so the card's choice keeps at least half).
EPSILON = 0.01
#: Rule B1 counts the top card, the second with two cards, the third with three ...: this many.
#: (Four, with one trick per card beyond five, won the most of the settings tried: see the lesson page
#: and docs/research/2026-12-07-comrade-study.md.)
TOPS = 4
#: ... and one trick for every card beyond this many.
LONG = 5
#: Rule P3 leads low to a partner only with at least this many higher cards of the suit still out.
LOW_GAP = 2
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
         "if you hold three, the fourth if you hold four, plus one for every card beyond five."),
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
         "the 13 tricks always get bid: in the suit with the most room (half its honour points, A 4 K 3 Q 2 "
         "J 1, plus its cards beyond three, minus what you bid there already)."),
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
         "Otherwise lead a low card (two or more higher ones still out) of a suit a partner still needs, so "
         "the partner can win it: the suit with the most tricks still to come, your lowest card of it."),
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


def suit_strength(hand, rules: ComradeRules = DEFAULT_RULES, players: int = 4) -> dict[str, int]:
    """Rule B1 for every suit of ``hand``: the sure tricks the card counts (the ace high unless
    ``rules.ace_high`` is off).

    >>> from cardgames.cards import parse_cards
    >>> suit_strength(parse_cards("SA SK S2 HK H3 DQ D9 D8 D7 D6 C2 C3 C4"))
    {'S': 2, 'H': 1, 'D': 1, 'C': 0}
    """
    tops = _tops(players, rules.ace_high)
    held: dict[str, list[int]] = {s: [] for s in SUITS}
    for c in hand:
        if c.suit in held:
            held[c.suit].append(play_rank(c, rules.ace_high))
    out = {}
    for s in SUITS:
        mine, n = held[s], len(held[s])
        out[s] = sum(1 for i, top in enumerate(tops) if n > i and top in mine) + max(0, n - LONG)
    return out


@lru_cache(maxsize=None)
def _order(players: int, ace_high: bool) -> tuple[int, ...]:
    """The ranks of a suit in the variant for ``players``, highest first (the same in every suit)."""
    return tuple(sorted({play_rank(Card(SUITS[0], r), ace_high) for r in variant_for(players).ranks}, reverse=True))


@lru_cache(maxsize=None)
def _tops(players: int, ace_high: bool) -> tuple[int, ...]:
    """The ranks rule B1 counts: the :data:`TOPS` highest of a suit."""
    return _order(players, ace_high)[:TOPS]


class ConventionCard:
    """The public, suit-symmetric rules; every decision reads only a :class:`PlayerView`.

    ``switches``: rule ids set to ``False`` turn those rules off (``ConventionCard(B6=False)``)
    so a study can measure what each is worth; an unknown id raises :class:`RuleConfigError`.
    Switching off a rule that defines something replaces it by the plainest alternative: without
    B1 a suit's strength is 1 for its top card and nothing else; without B3 a first-lap player with
    no sure trick bids 1 in its longest suit.  Any other rule switched off is simply skipped, and the
    next rule (or the lowest card / a pass) decides.
    """

    def __init__(self, rules: ComradeRules = DEFAULT_RULES, **switches: bool):
        for key, value in switches.items():
            if key not in _RULE_BY_ID:
                raise RuleConfigError(f"no rule {key!r} on the convention card (rules: "
                                      f"{', '.join(_RULE_BY_ID)})")
            if not isinstance(value, bool):
                raise RuleConfigError(f"switch {key} must be True or False, not {value!r}")
        self.rules = rules
        self.on = {r.id: switches.get(r.id, True) for r in RULES}
        self._unseen_of: tuple = (None, [])     # (the last view asked about, its unseen cards)
        if rules.ace_high:                      # play_rank is the rank itself: read it directly (it is called most)
            self._rank = attrgetter("rank")

    def __repr__(self) -> str:
        off = [k for k, v in self.on.items() if not v]
        return "ConventionCard(" + ", ".join(f"{k}=False" for k in off) + ")"

    # -- the interface --------------------------------------------------------------------
    def choose(self, view: PlayerView, legal_actions: Sequence[Hashable]) -> Hashable:
        """The card's own choice (deterministic)."""
        return self._decide(view, legal_actions)[0]

    def explain(self, view: PlayerView, legal_actions: Sequence[Hashable]) -> list[tuple[str, str]]:
        """(rule id, plain-English reason) for the card's choice, most important first."""
        return self._decide(view, legal_actions)[1]

    def policy(self, view: PlayerView, legal_actions: Sequence[Hashable]) -> dict[Hashable, float]:
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

    # -- shared reading of the view --------------------------------------------------------
    def _decide(self, view, legal_actions):
        view = require_view(view)
        legal = list(legal_actions)
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0], [("-", "it is the only legal action")]
        if view.phase == "bidding":
            return self._bid(view, legal)
        return self._play(view, legal)

    def _rank(self, card: Card) -> int:
        """``play_rank(card, self.rules.ace_high)``; ``__init__`` puts a plain read of ``card.rank`` in its place when the ace is high."""
        return play_rank(card, self.rules.ace_high)

    def _unseen(self, view: PlayerView) -> list[Card]:
        """``unseen_cards(view)``, remembered for the last view (a decision and its policy read it three times)."""
        if self._unseen_of[0] is not view:
            self._unseen_of = (view, unseen_cards(view))
        return self._unseen_of[1]

    def bidding_key(self, hand: Sequence[Card], players: int = 4) -> tuple:
        """What the card's bidding reads of ``hand``: per suit, the number of cards and which of the
        suit's top ranks it holds (rule B1 counts the top :data:`TOPS`, rule B6 the honours).  In the
        same bidding position, two hands with the same key get the same choice and the same
        :meth:`policy` (a test checks it on random hands), so the inference scores a bidding once
        per key instead of once per hand."""
        tops = _order(players, self.rules.ace_high)[:max(TOPS, len(HONOURS))]
        count = {s: 0 for s in SUITS}
        high: dict[str, list[int]] = {s: [] for s in SUITS}
        for c in hand:
            if c.suit in count:
                count[c.suit] += 1
                r = self._rank(c)
                if r in tops:
                    high[c.suit].append(r)
        return tuple((count[s], tuple(sorted(high[s]))) for s in SUITS)

    def play_key(self, hand: Sequence[Card], led: str | None) -> frozenset:
        """What the card's play reads of ``hand`` when ``led`` is the suit led to the trick in progress
        (``None``: the player leads): following suit, only the cards of the led suit (every rule that
        follows, P4, P5 and P7, and the cards the policy cannot tell apart look at that suit alone);
        leading or discarding, the whole hand.  In the same position two hands with the same key get the
        same choice and the same :meth:`policy` (a test checks it on random hands), so the inference
        scores such an action once per key instead of once per hand.

        >>> from cardgames.cards import parse_cards
        >>> sorted(map(str, ConventionCard().play_key(parse_cards("SA S3 HK"), "S")))
        ['S3', 'SA']
        """
        if led is not None:
            follow = frozenset(c for c in hand if c.suit == led)
            if follow:
                return follow
        return frozenset(hand)

    def _equivalents(self, view: PlayerView, legal, choice) -> set:
        if not isinstance(choice, Card):
            return {choice}
        unseen = {self._rank(c) for c in self._unseen(view) if c.suit == choice.suit}
        table = {self._rank(c) for _, c in view.current_trick if c.suit == choice.suit}
        r0 = self._rank(choice)
        out = {choice}
        for c in legal:
            if c.suit == choice.suit and c != choice:
                lo, hi = sorted((r0, self._rank(c)))
                if not any(lo < u < hi for u in unseen | table):
                    out.add(c)
        return out

    # -- bidding -----------------------------------------------------------------------------
    def _bid(self, view: PlayerView, legal):
        n = len(view.hand_sizes)
        variant = variant_for(n)
        total = len(view.hand)                      # nothing is played during the bidding
        running = sum(sum(b.values()) for b in view.bids)
        room = total - running
        mine = view.bids[view.seat]
        turn = len(view.bidding_history)
        lap = turn // n + 1
        max_laps = self.rules.max_laps or variant.max_laps
        turns_left = max_laps * n - turn            # including this one
        cards = [a for a in legal if isinstance(a, BidCard)]
        strength = suit_strength(view.hand, self.rules, n) if self.on["B1"] else \
            {s: int(any(self._rank(c) == max(map(self._rank, (Card(s, r) for r in variant.ranks)))
                        for c in view.hand if c.suit == s)) for s in SUITS}
        length = {s: sum(1 for c in view.hand if c.suit == s) for s in SUITS}
        top_value = max(variant.bid_values)
        order = _order(n, self.rules.ace_high)
        points = dict(zip(order, HONOURS))

        def fill_room(suit: str) -> float:
            """Rule B6: half the suit's honour points plus its cards beyond three, minus my bid in it."""
            held = [self._rank(c) for c in view.hand if c.suit == suit]
            return sum(points.get(r, 0) for r in held) / 2 + max(0, length[suit] - 3) - mine.get(suit, 0)

        def inc(c: BidCard) -> int:
            return c.value - mine.get(c.suit, 0)

        nxt = (view.seat + 1) % n
        middle = set(view.middle)

        # what each card of the middle would add to the next player's bids (if it may take it at all)
        bids_next = view.bids[nxt]
        raises = []
        for d in middle:
            top = bids_next.get(d.suit)
            if top is not None:
                if d.value > top:
                    raises.append((d.value - top, d))
            elif len(bids_next) < variant.max_suits:
                raises.append((d.value, d))
        raises.sort(key=lambda x: x[0])

        def next_fits(taken: BidCard | None) -> bool:
            """After my action, can the next player take a card without passing the total?"""
            left = room - (inc(taken) if taken is not None else 0)
            if left <= 0 or turns_left <= 1:
                return True
            for more, d in raises:
                if more > left:
                    return False
                if d != taken:
                    return True
            return False

        if self.on["B5"]:
            fitting = [c for c in cards if inc(c) <= room and next_fits(c)]
            if self.on["B7"]:       # no more tricks in a suit than cards of it, unless nothing else fits
                fitting = [c for c in fitting if c.value <= length[c.suit]] or fitting
            if not next_fits(None):
                exact = [c for c in fitting if inc(c) == room]
                if exact:
                    best = max(exact, key=lambda c: (c.suit in mine, length[c.suit] + strength[c.suit],
                                                      -SUITS.index(c.suit)))
                    return best, [("B5", f"the next player could take nothing without passing {total}: "
                                         f"I fill the total with {action_words(best)}")]
        else:
            fitting = cards

        def take_near(suit: str, want: int, why: list):
            """The card of ``suit`` raising the bid to ``want``, else the nearest smaller value, else None."""
            options = [c for c in fitting if c.suit == suit]
            if not options:
                return None
            want = min(want, top_value)
            exact = [c for c in options if c.value == want]
            if exact:
                return exact[0]
            lower = [c for c in options if c.value < want]
            if lower:
                why.append(("B5", f"the {action_words(BidCard(suit, want))} is gone or does not fit: the "
                                  f"nearest smaller value"))
                return max(lower, key=lambda c: c.value)
            return None

        # B6: the total must be reached
        passes_to_lose = self.rules.passes_to_lose or n
        must = pass_streak(view) >= passes_to_lose - 1 or turns_left == 1
        if self.on["B6"] and room > 0 and (lap == max_laps or must):
            # my share of what is missing, among the turns left (or all of it if I must)
            share = room if must else math.ceil(room / turns_left)
            pool = [c for c in fitting if inc(c) == share] or \
                   ([c for c in fitting if inc(c) <= share] if not must else []) or fitting
            if not must:
                pool = [c for c in pool if inc(c) <= share] or pool
            if pool:
                def key(c):
                    return (fill_room(c.suit), c.suit in mine, -abs(inc(c) - share), -SUITS.index(c.suit))
                best = max(pool, key=key)
                why = [("B6", f"{room} trick(s) are still unbid with {turns_left} turn(s) left: "
                              f"{'I must fill it' if must else 'my share is ' + str(share)}; "
                              f"{SUIT_NAMES[best.suit]} has the most room to raise")]
                return best, why

        # B2 / B4: bid strong suits not yet bid
        # B8: a suit whose top card I hold and have not bid comes first
        top_rank = order[0]
        ace = {s: self.on["B8"] and s not in mine and any(self._rank(c) == top_rank for c in view.hand if c.suit == s)
               for s in SUITS}
        wants = sorted(((ace[s], strength[s], length[s], -SUITS.index(s), s) for s in SUITS
                        if strength[s] > mine.get(s, 0)), reverse=True)
        plain = max(wants, key=lambda w: w[1:4])[4] if wants else None    # the choice without B8
        if lap == 1 and self.on["B2"] or lap > 1 and self.on["B4"]:
            for _, st, _, _, s in wants:
                if lap == 1 and s in mine:
                    continue
                why: list = []
                c = take_near(s, st, why)
                if c is not None and c.value > mine.get(s, 0):
                    rule = "B2" if lap == 1 else "B4"
                    first = [("B8", f"I hold the top {SUIT_NAMES[s][:-1]} and have not bid {SUIT_NAMES[s]} yet: "
                                    f"that suit comes first")] if ace[s] and s != plain else []
                    return c, first + [(rule, f"{SUIT_NAMES[s]} has strength {st} (rule B1): "
                                              f"{action_words(c)}")] + why
                if lap == 1:
                    break
        if lap == 1 and self.on["B3"]:
            return PASS, [("B3", "no suit of mine has a sure trick" if not wants else
                                 "my strongest suit cannot be bid now")]
        if lap == 1 and not self.on["B3"]:          # (measured only) without B3: bid 1 in the longest suit
            ones = [c for c in fitting if c.value == 1 and c.suit not in mine]
            if ones:
                return max(ones, key=lambda c: (length[c.suit], -SUITS.index(c.suit))), [("-", "my longest suit")]
        return PASS, [("-", "nothing the card asks me to bid")]

    # -- play ----------------------------------------------------------------------------------
    def _play(self, view: PlayerView, legal):
        seat = view.seat
        n = len(view.hand_sizes)
        need = [{s: view.bids[p].get(s, 0) - view.won[p].get(s, 0) for s in SUITS} for p in range(n)]
        rank = self._rank
        unseen = self._unseen(view)

        def master(c: Card) -> bool:
            return all(rank(u) < rank(c) for u in unseen if u.suit == c.suit)

        if view.current_trick:
            return self._follow(view, legal, need, master)
        mine = need[seat]
        live = {s for s in SUITS if any(need[p][s] > 0 for p in range(n))}
        pool = [c for c in legal if c.suit in live] if self.on["P1"] else legal
        if not pool:
            pool = legal
        why: list = []
        if pool is not legal and len(pool) < len(legal):
            why.append(("P1", "I lead only suits someone still needs"))
        if self.on["P2"]:
            cash = [c for c in pool if mine[c.suit] > 0 and master(c)]
            if cash:
                best = max(cash, key=lambda c: (mine[c.suit], rank(c), -SUITS.index(c.suit)))
                return best, [("P2", f"I need {mine[best.suit]} more {SUIT_NAMES[best.suit]} trick(s) and "
                                     f"{best} is the highest {SUIT_NAMES[best.suit][:-1]} left")] + why
        def above(c: Card) -> int:
            """Unseen cards of c's suit higher than c."""
            return sum(1 for u in unseen if u.suit == c.suit and rank(u) > rank(c))

        def lowest_per_suit(cards):
            out = {}
            for c in cards:
                if c.suit not in out or rank(c) < rank(out[c.suit]):
                    out[c.suit] = c
            return list(out.values())

        partner_suits = {s for s in SUITS if any(need[p][s] > 0 for p in range(n) if p != seat)}
        partner = lowest_per_suit([c for c in pool if c.suit in partner_suits])
        left = {s: sum(max(0, need[p][s]) for p in range(n)) for s in SUITS}

        def p3_key(c: Card):
            """Rule P3's order: the suit with the most tricks still to come, then the lowest card."""
            return (left[c.suit], -rank(c), above(c), -SUITS.index(c.suit))

        if self.on["P3"]:
            safe = [c for c in partner if above(c) >= LOW_GAP]
            if safe:
                best = max(safe, key=p3_key)
                who = [p for p in range(n) if p != seat and need[p][best.suit] > 0]
                return best, [("P3", f"seat {who[0]} still needs a {SUIT_NAMES[best.suit][:-1]} trick: I lead "
                                     f"low, {best}, with {above(best)} higher {SUIT_NAMES[best.suit]} out")] + why
        if self.on["P3"] and partner:
            best = max(partner, key=p3_key)
            who = [p for p in range(n) if p != seat and need[p][best.suit] > 0]
            return best, [("P3", f"seat {who[0]} still needs a {SUIT_NAMES[best.suit][:-1]} trick: I lead "
                                 f"my lowest, {best}")] + why
        best = min(pool, key=lambda c: (rank(c), SUITS.index(c.suit)))
        return best, why + [("-", f"my lowest card, {best}")]

    def _follow(self, view, legal, need, master):
        seat = view.seat
        n = len(view.hand_sizes)
        rank = self._rank
        led = view.current_trick[0][1].suit
        best_card = max((c for _, c in view.current_trick if c.suit == led), key=rank)
        follow = [c for c in legal if c.suit == led]
        last = len(view.current_trick) == n - 1
        if follow:
            beat = [c for c in follow if rank(c) > rank(best_card)]
            below = [c for c in follow if rank(c) < rank(best_card)]
            winner = max(view.current_trick, key=lambda pc: rank(pc[1]) if pc[1].suit == led else -1)[0]
            if self.on["P7"] and need[seat][led] > 0 and need[winner][led] > 0 and (last or master(best_card)):
                c = min(follow, key=rank)
                return c, [("P7", f"seat {winner} needs this {SUIT_NAMES[led][:-1]} trick and is winning it: "
                                  f"I do not overtake, {c}")]
            if need[seat][led] > 0 and beat and self.on["P4"]:
                sure = [c for c in beat if master(c)]
                if last or sure:
                    c = min(beat if last else sure, key=rank)
                    return c, [("P4", f"I need a {SUIT_NAMES[led][:-1]} trick and {c} wins it")]
                c = max(beat, key=rank)
                return c, [("P4", f"I need a {SUIT_NAMES[led][:-1]} trick: my highest, {c}, has the best chance")]
            if need[seat][led] > 0 and self.on["P4"]:
                c = min(follow, key=rank)
                return c, [("P4", f"I need a {SUIT_NAMES[led][:-1]} trick but cannot win this one: I keep my "
                                  f"high cards and play {c}")]
            if below and self.on["P5"]:
                c = max(below, key=rank)
                return c, [("P5", f"I do not need {SUIT_NAMES[led]}: {c} stays below {best_card}")]
            c = min(follow, key=rank)
            return c, [("-", f"my lowest {SUIT_NAMES[led][:-1]}, {c}")]
        return self._discard(view, legal, need)

    def _unusable(self, view: PlayerView, need) -> list[Card]:
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

    def _discard(self, view: PlayerView, legal, need):
        """Rule P6: no card of the led suit (see :data:`RULES`)."""
        rank = self._rank
        led = SUIT_NAMES[view.current_trick[0][1].suit]
        unseen = self._unseen(view)
        mine = need[view.seat]

        def higher_out(c: Card) -> int:
            return sum(1 for u in unseen if u.suit == c.suit and rank(u) > rank(c))

        def danger(c: Card):
            return (-higher_out(c), rank(c), -SUITS.index(c.suit))

        if self.on["P6"]:
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
        c = min(legal, key=lambda c: (rank(c), SUITS.index(c.suit)))
        return c, [("-", f"I have no {led}: I throw my lowest card, {c}")]


class ConventionPlayer:
    """A computer partner that follows the convention card, deciding from its own seat's view only.

    >>> from cardgames.comrade import ComradeGame, Deal
    >>> game = ComradeGame(Deal.random(1), dealer=1)
    >>> ConventionPlayer().act(game, game.legal_actions())
    Traceback (most recent call last):
    ...
    cardgames.comrade.players.NotAViewError: a seated player decides from ComradeGame.view(seat) only, not from a ComradeGame: that would show it every hand
    """

    def __init__(self, card: ConventionCard | None = None):
        self.card = card or ConventionCard()

    def act(self, view, legal_actions: Sequence[Hashable]) -> Hashable:
        return self.card.choose(require_view(view), legal_actions)

    def explain(self, view, legal_actions) -> list[tuple[str, str]]:
        return self.card.explain(require_view(view), legal_actions)

    def __repr__(self) -> str:
        return f"ConventionPlayer({self.card!r})"
