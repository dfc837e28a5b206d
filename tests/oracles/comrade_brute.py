"""Comrade brute forces: the one place the tests write out the rules of play and of a legal final bid.

They share no code with ``solvers/``: every legal card is tried, every trick played out.
Three views of the same game, for three kinds of test:

* :func:`brute_force_winnable` — can a whole deal be won, bidding and play together?
  (``tests/test_comrade_solver_brute.py``, the refutation and SAT tests);
* :func:`brute_force` — can a position of a :class:`~cardgames.comrade.ComradeGame` still be
  won, mid-bidding or mid-trick?  (``tests/test_comrade_position_brute.py``);
* :func:`outcomes` and :func:`ever` — every result of every play on the search's own small
  picture of a position (owner sequences per suit, lowest card first; see
  ``solvers/comrade/search.py``), for the rules the search uses to cut
  (``tests/test_comrade_refutation.py``).

The rules, written once here: follow suit when you can (:func:`playable`); the highest card
of the led suit wins the trick; a final bid is legal when each player bids in at most 3
suits, each value is a bid card's value, and within a suit different players hold
different values (:func:`is_legal_final_bid`; digest, *The solver's question*).  That
every legal final bid can be reached by bidding is proved in ``solvers/comrade/bids.py``;
:func:`engine_can_reach` asks the rules engine's own :class:`Bidding` instead.
"""

from __future__ import annotations

import copy
from functools import lru_cache

from cardgames.cards import SUITS
from cardgames.comrade import ComradeGame, Deal, variant_for

__all__ = ["is_legal_final_bid", "legal_final", "playable", "brute_force_winnable", "play_outcomes",
           "engine_can_reach", "brute_force", "NS", "all_tricks", "after", "winner", "outcomes", "ever"]

NS = 4   # suits


# -- the rules ------------------------------------------------------------------------------

def is_legal_final_bid(flat, n, variant) -> bool:
    """Is the count matrix ``flat`` (cell ``p * 4 + s``) a legal final bid of ``n`` players?

    Digest, *The solver's question*: at most ``variant.max_suits`` (3) suits a player, values of
    bid cards, and within a suit different players' values differ (one bid card each)."""
    rows = [flat[p * NS:(p + 1) * NS] for p in range(n)]
    if any(sum(1 for v in row if v) > variant.max_suits for row in rows):
        return False
    if any(v and v not in variant.bid_values for row in rows for v in row):
        return False
    return all(len([r[s] for r in rows if r[s]]) == len({r[s] for r in rows if r[s]}) for s in range(NS))


_STANDARD = {n: variant_for(n) for n in (3, 4)}


def legal_final(counts, n) -> bool:
    """:func:`is_legal_final_bid` for the standard variant of ``n`` players (bid cards 1-6, 1-4 for 3)."""
    return is_legal_final_bid(counts, n, _STANDARD[n])


def playable(hand, led_suit):
    """The cards of ``hand`` one may play: the led suit's when one holds it, else any (``led_suit``
    None: the lead, any card).  ``hand`` holds anything with a ``.suit``."""
    if led_suit is None:
        return list(hand)
    return [c for c in hand if c.suit == led_suit] or list(hand)


# -- a whole deal ---------------------------------------------------------------------------

@lru_cache(maxsize=None)
def brute_force_winnable(deal: Deal, dealer: int) -> bool:
    """Try every legal play, card by card, until one ends with a legal count matrix.

    Positions (hands left, leader, counts so far) already seen to fail are remembered, and
    a play is abandoned once a count passes the largest bid card or a player has won in
    more suits than a player may bid (counts only grow, so it can never become legal).
    """
    n = deal.players
    variant = deal.variant
    top = max(variant.bid_values)
    failed = set()

    def hopeless(counts) -> bool:
        return any(v > top for v in counts) or any(
            sum(1 for v in counts[p * NS:(p + 1) * NS] if v) > variant.max_suits for p in range(n))

    def search(hands, leader, counts) -> bool:
        if not hands[0]:
            return is_legal_final_bid(counts, n, variant)
        key = (hands, leader, counts)
        if key in failed:
            return False
        for trick in tricks(hands, leader):
            led = trick[0][1].suit
            win = max((c.rank, p) for p, c in trick if c.suit == led)[1]
            cell = win * NS + SUITS.index(led)
            new_counts = counts[:cell] + (counts[cell] + 1,) + counts[cell + 1:]
            if hopeless(new_counts):
                continue
            rest = tuple(h - {c for p2, c in trick if p2 == p} for p, h in enumerate(hands))
            if search(rest, win, new_counts):
                return True
        failed.add(key)
        return False

    def tricks(hands, leader):
        """Every legal way to play one trick: (seat, card) from the leader on."""
        out = [[]]
        for k in range(n):
            p = (leader + k) % n
            out = [t + [(p, c)] for t in out for c in playable(hands[p], t[0][1].suit if t else None)]
        return out

    return search(tuple(frozenset(h) for h in deal.hands), dealer, (0,) * (NS * n))


# -- a position of the engine ---------------------------------------------------------------

def play_outcomes(hands, leader, current, counts, n, bids=None, ace_high=True):
    """Every final count matrix (a flat tuple ``p * 4 + s``) of a complete legal play.

    ``hands``: tuple of frozensets of cards; ``current``: tuple of (seat, card) in the trick so far.
    With ``bids``, plays are abandoned once a count passes its bid (counts only grow).
    ``ace_high=False``: the ace is the lowest card of its suit in play (``ComradeOptions``).
    """
    def rank(card):
        return 1 if card.rank == 14 and not ace_high else card.rank

    @lru_cache(maxsize=None)
    def rec(hands, leader, current, counts):
        if bids is not None and any(c > b for c, b in zip(counts, bids)):
            return frozenset()
        if not any(hands) and not current:
            return frozenset([counts])
        if len(current) == n:
            led = current[0][1].suit
            win = max((rank(c), p) for p, c in current if c.suit == led)[1]
            cell = win * NS + SUITS.index(led)
            return rec(hands, win, (), counts[:cell] + (counts[cell] + 1,) + counts[cell + 1:])
        p = leader if not current else (current[-1][0] + 1) % n
        hand = hands[p]
        out = set()
        for c in playable(hand, current[0][1].suit if current else None):
            rest = hands[:p] + (hand - {c},) + hands[p + 1:]
            out |= rec(rest, leader, current + ((p, c),), counts)
        return frozenset(out)

    return rec(hands, leader, current, counts)


def copy_bidding(b):
    """A copy of an engine :class:`Bidding` (its mutable parts copied; a fast deepcopy)."""
    c = copy.copy(b)
    c.piles = [{s: list(v) for s, v in pile.items()} for pile in b.piles]
    c.taken = dict(b.taken)
    c.history = list(b.history)
    return c


def engine_can_reach(bidding, want):
    """Can the engine's bidding, from its present state, end with exactly the final bids ``want``
    (flat tuple)?  Tries every legal action, copying the engine each time; a state whose top cards
    exceed ``want`` somewhere is abandoned (top cards only ever rise)."""
    seen = set()

    def rec(b):
        key = (b.turns, b.pass_streak, repr(b.piles), tuple(sorted(map(str, b.taken))))
        if key in seen:
            return False
        seen.add(key)
        for a in b.legal_actions():
            c = copy_bidding(b)
            c.apply(a)
            tops = tuple(c.bids[p].get(s, 0) for p in range(c.players) for s in SUITS)
            if any(t > w for t, w in zip(tops, want)):
                continue
            if c.is_complete:
                if tops == want:
                    return True
            elif not c.is_over and rec(c):
                return True
        return False

    return rec(bidding)


def brute_force(game: ComradeGame) -> bool:
    """Can ``game`` (any phase) still end in a win?  In the play: does some play make every count
    equal its bid?  In the bidding: does some legal final bid the engine's bidding can still reach
    meet some count matrix a complete play can produce?"""
    n = game.num_players
    if game.phase == "over":
        return game.result == "win"
    if game.phase == "play":
        bids = tuple(game.bids[p].get(s, 0) for p in range(n) for s in SUITS)
        counts = tuple(game.won[p][s] for p in range(n) for s in SUITS)
        hands = tuple(frozenset(h) for h in game.hands)
        current = tuple(game.current_trick)
        leader = current[0][0] if current else game.current_player()
        return bids in play_outcomes(hands, leader, current, counts, n, bids, game.options.ace_high)
    plays = play_outcomes(tuple(frozenset(h) for h in game.deal.hands), game.dealer, (), (0,) * (NS * n), n,
                          ace_high=game.options.ace_high)
    variant = game.variant
    legal = [m for m in plays if is_legal_final_bid(m, n, variant)]
    return any(engine_can_reach(game.bidding, m) for m in legal)


# -- the search's picture: owner sequences per suit ----------------------------------------

def all_tricks(seqs, leader, n):
    """Every legal trick, card by card: a list of ((player, suit, index), ...) in play order.

    ``seqs[s]`` lists the owner of each card of suit ``s`` that is left, lowest card first."""
    def cards_of(p):
        return [(s, i) for s in range(NS) for i, o in enumerate(seqs[s]) if o == p]

    tricks = []
    for s0, i0 in cards_of(leader):
        partial = [[(leader, s0, i0)]]
        for k in range(1, n):
            f = (leader + k) % n
            mine = cards_of(f)
            follow = [c for c in mine if c[0] == s0] or mine     # the rule of playable(), on (suit, index)
            partial = [t + [(f, s, i)] for t in partial for s, i in follow]
        tricks.extend(partial)
    return tricks


def after(seqs, trick):
    """The owner sequences once the cards of ``trick`` are gone."""
    gone = {(s, i) for _, s, i in trick}
    return tuple(tuple(o for i, o in enumerate(seqs[s]) if (s, i) not in gone) for s in range(NS))


def winner(trick):
    """The player of the highest card of the led suit."""
    led = trick[0][1]
    return max((i, p) for p, s, i in trick if s == led)[1]


@lru_cache(maxsize=None)
def outcomes(seqs, leader, n):
    """Every increment matrix (tuple, cell p * 4 + s) a complete play from here produces."""
    if not any(seqs):
        return frozenset([(0,) * (n * NS)])
    out = set()
    for trick in all_tricks(seqs, leader, n):
        w = winner(trick)
        cell = w * NS + trick[0][1]
        for rest in outcomes(after(seqs, trick), w, n):
            out.add(rest[:cell] + (rest[cell] + 1,) + rest[cell + 1:])
    return frozenset(out)


@lru_cache(maxsize=None)
def ever(seqs, leader, n):
    """(players who win some trick, suits led in some trick) over every play from here."""
    if not any(seqs):
        return frozenset(), frozenset()
    winners, led = set(), set()
    for trick in all_tricks(seqs, leader, n):
        w = winner(trick)
        winners.add(w)
        led.add(trick[0][1])
        a, b = ever(after(seqs, trick), w, n)
        winners |= a
        led |= b
    return frozenset(winners), frozenset(led)
