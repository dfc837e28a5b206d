"""Comrade players who see only their own seat: a random one and one that follows plain rules.

Comrade forbids talking (相談は禁止): each player knows their own hand and the public
table, nothing else.  The players here implement the seated protocol of
:mod:`cardgames.players`, ``act(view, legal_actions)``, and are handed only
``ComradeGame.view(seat)`` (a :class:`~cardgames.comrade.ComradeView`) by
:func:`~cardgames.players.play_out_seated`.  They refuse anything else: given the game
itself they raise :class:`NotAViewError`, so a bot cannot peek even by mistake.

* :class:`RandomPlayer` — a legal action at random (seeded);
* :class:`HeuristicPlayer` — plain rules: bid where one holds top cards, play to make
  one's own bids and to avoid winning a trick too many.

The sampling player, which calls the solver, lives in :mod:`solvers.comrade_players.sampling`.

    >>> from cardgames.comrade import ComradeGame
    >>> from cardgames.players import play_out_seated
    >>> game = ComradeGame(Deal.random(5), dealer=0)
    >>> play_out_seated(game, [HeuristicPlayer() for _ in range(4)]).result
    'loss'
    >>> HeuristicPlayer().act(game, game.legal_actions())
    Traceback (most recent call last):
    ...
    cardgames.comrade.errors.NotAViewError: a seated player decides from ComradeGame.view(seat) only, not from a ComradeGame: that would show it every hand
"""  # noqa: E501 (doctest output)

from __future__ import annotations

from typing import Hashable, Sequence

from ..cards import SUITS, Card
from ..players import RandomPlayer as _SeatedRandom
from .bidding import PASS, BidCard
from .deal import Deal  # noqa: F401 (the doctests deal with it)
from .errors import NotAViewError
from .options import DEFAULT_OPTIONS, ComradeOptions
from .variant import variant_for
from .view import ComradeView

__all__ = ["NotAViewError", "require_view", "RandomPlayer", "HeuristicPlayer", "public_voids",
           "unseen_cards", "pass_streak"]


def require_view(view) -> ComradeView:
    """``view`` itself if it is a :class:`ComradeView`; :class:`NotAViewError` otherwise."""
    if not isinstance(view, ComradeView):
        raise NotAViewError(f"a seated player decides from ComradeGame.view(seat) only, not from a "
                            f"{type(view).__name__}: that would show it every hand")
    return view


# -- what a view tells -----------------------------------------------------------------------

def public_voids(view: ComradeView) -> list[set[str]]:
    """``voids[seat]``: the suits that seat has shown it no longer holds (it did not follow to them)."""
    voids: list[set[str]] = [set() for _ in view.hand_sizes]
    tricks = [t.plays for t in view.tricks] + ([view.current_trick] if view.current_trick else [])
    for plays in tricks:
        led = plays[0][1].suit
        for seat, card in plays[1:]:
            if card.suit != led:
                voids[seat].add(led)
    return voids


def unseen_cards(view: ComradeView) -> list[Card]:
    """The cards of the variant's deck that ``view.seat`` has not seen: neither in its hand nor played.
    (In a mini deal some of these are out of play; the view does not say which.)"""
    seen = set(view.hand)
    for t in view.tricks:
        seen.update(c for _, c in t.plays)
    seen.update(c for _, c in view.current_trick)
    return [c for c in variant_for(len(view.hand_sizes)).deck if c not in seen]


def pass_streak(view: ComradeView) -> int:
    """How many passes in a row end the bidding history so far."""
    k = 0
    for step in reversed(view.bidding_history):
        if step.action != PASS:
            break
        k += 1
    return k


class RandomPlayer(_SeatedRandom):
    """A legal action uniformly at random, from its own seeded generator (see :mod:`cardgames.players`);
    it too accepts only a view."""

    def act(self, view, legal_actions: Sequence[Hashable]) -> Hashable:
        require_view(view)
        return super().act(view, legal_actions)


class HeuristicPlayer:
    """Plain rules, no search (deterministic).

    *Bidding.*  For each suit, a guess of the tricks the hand can win in it: the ace, the
    king with one more card, the queen with two more, and one per card beyond four.  On its
    turn the player takes the bid card of its best suit whose guess is not bid yet, if that
    card is in the middle and fits under the total; otherwise it passes - unless passing
    would lose the bidding (everyone else passed, or the last turn), in which case it takes
    the card that fits best.

    *Play.*  Following suit: win the trick with the lowest card that beats the table if it
    still needs a trick of the led suit, otherwise play the highest card that stays below
    (duck).  Void: throw the highest card of a suit it bid nothing in.  Leading: cash a
    top card of a suit it still needs; else lead low in a suit someone else still needs;
    else its lowest card.

    :meth:`ranked` lists all legal actions best first (the sampling player breaks ties with it).
    """

    def __init__(self, rules: ComradeOptions = DEFAULT_OPTIONS):
        self.rules = rules

    def act(self, view, legal_actions: Sequence[Hashable]) -> Hashable:
        return self.ranked(view, legal_actions)[0]

    def __repr__(self) -> str:
        return "HeuristicPlayer()"

    # -- ordering of all actions -------------------------------------------------------
    def ranked(self, view, legal_actions: Sequence[Hashable]) -> list[Hashable]:
        """Every legal action, the one this player would choose first."""
        view = require_view(view)
        legal = list(legal_actions)
        if not legal:
            raise ValueError("no legal action to choose from")
        if view.phase == "bidding":
            first = self._bid(view, legal)
        else:
            first = self._card(view, legal)
        return [first] + [a for a in legal if a != first]

    # -- bidding -----------------------------------------------------------------------
    @staticmethod
    def estimates(hand) -> dict[str, int]:
        """Tricks the hand might win in each suit it leads or follows (the rule in the class docstring)."""
        out = {}
        for s in SUITS:
            ranks = sorted((c.rank for c in hand if c.suit == s), reverse=True)
            n = len(ranks)
            est = 0
            if 14 in ranks:
                est += 1
            if 13 in ranks and n >= 2:
                est += 1
            if 12 in ranks and n >= 3:
                est += 1
            est += max(0, n - 4)
            if est:
                out[s] = est
        return out

    def _bid(self, view: ComradeView, legal) -> Hashable:
        n = len(view.hand_sizes)
        variant = variant_for(n)
        total = len(view.hand)          # nothing is played during the bidding
        running = sum(sum(b.values()) for b in view.bids)
        room = total - running
        mine = view.bids[view.seat]
        cards = [a for a in legal if isinstance(a, BidCard)]

        def inc(card: BidCard) -> int:
            return card.value - mine.get(card.suit, 0)

        fitting = [c for c in cards if inc(c) <= room]
        est = self.estimates(view.hand)
        wants = sorted(((v, s) for s, v in est.items() if v > mine.get(s, 0)), reverse=True)
        for v, s in wants:
            value = min(v, max(variant.bid_values))
            for c in fitting:
                if c.suit == s and c.value == value:
                    return c
        max_turns = (self.rules.max_laps or variant.max_laps) * n
        last_turn = len(view.bidding_history) == max_turns - 1
        forced = pass_streak(view) >= (self.rules.passes_to_lose or n) - 1 or last_turn
        if forced and fitting:
            exact = [c for c in fitting if inc(c) == room]
            pool = exact or fitting
            # the suit the hand is strongest in, then the smallest raise
            return max(pool, key=lambda c: (est.get(c.suit, 0), sum(1 for d in view.hand if d.suit == c.suit),
                                            -inc(c)))
        return PASS

    # -- play --------------------------------------------------------------------------
    def _card(self, view: ComradeView, legal) -> Card:
        seat = view.seat
        need = {s: view.bids[seat].get(s, 0) - view.won[seat].get(s, 0) for s in SUITS}
        unseen = set(unseen_cards(view))
        if view.current_trick:
            led = view.current_trick[0][1].suit
            best = max(c.rank for _, c in view.current_trick if c.suit == led)
            follow = [c for c in legal if c.suit == led]
            if follow:
                beat = [c for c in follow if c.rank > best]
                below = [c for c in follow if c.rank < best]
                if need[led] > 0 and beat:
                    return min(beat, key=lambda c: c.rank)
                if below:
                    return max(below, key=lambda c: c.rank)
                return min(follow, key=lambda c: c.rank)
            # void in the led suit: throw the highest card of a suit bid nothing in
            free = [c for c in legal if need[c.suit] <= 0]
            pool = free or legal
            return max(pool, key=lambda c: (c.rank, -SUITS.index(c.suit)))
        # leading
        for s in sorted(SUITS, key=lambda s: -need[s]):
            if need[s] <= 0:
                break
            mine = [c for c in legal if c.suit == s]
            if mine:
                top = max(mine, key=lambda c: c.rank)
                if all(u.rank < top.rank for u in unseen if u.suit == s):
                    return top
        others = [s for s in SUITS if any(view.bids[p].get(s, 0) - view.won[p].get(s, 0) > 0
                                          for p in range(len(view.hand_sizes)) if p != seat)]
        low = [c for c in legal if c.suit in others]
        if low:
            return min(low, key=lambda c: (c.rank, SUITS.index(c.suit)))
        return min(legal, key=lambda c: (c.rank, SUITS.index(c.suit)))

