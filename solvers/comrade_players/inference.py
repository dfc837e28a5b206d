"""Reading the table: the hidden hands, weighted by how well the convention card explains what was seen.

A silent Comrade player sees its own hand and the public table.  Every bid, pass and card
the others made is *evidence*: if everybody follows a known convention card (the
blueprint, :class:`solvers.comrade_players.convention.ConventionCard`), a layout of the hidden
cards in which the card would have made those very actions is more likely than one in
which it would not.  That is Bayes' rule, the way bridge programs (GIB, BEN) and Skat
programs (Kermit, Rebstock et al. 2019) read the bidding:

    P(layout | what was seen)  ∝  P(layout) × Π over the others' actions  card.policy(their view)[action]

* **The prior** ``P(layout)`` is uniform over the layouts that fit the view: each other seat
  holds as many unseen cards as it has left, none of a suit it has shown it lacks (it did
  not follow), and in a mini deal the rest is out of play.  :func:`uniform_layout` draws
  from it exactly (suit by suit, each split of a suit in proportion to the number of
  layouts it leaves; no rejection).
* **The likelihood** of a layout is the product, over every public action of every
  *other* seat, of the probability the card gives that action from that seat's view in
  the layout.  It splits into one factor per seat (each seat's view differs from the
  others only by its own hand), so :class:`Evidence` computes and remembers it per seat
  and hand; and a card that says what its bidding reads of a hand
  (:meth:`~solvers.comrade_players.convention.ConventionCard.bidding_key`) has each bid scored once per
  such key, since hands that differ only in their low cards bid alike.
* :func:`sample_worlds` draws ``n`` worlds (layouts) with their weights: by importance
  sampling (``method="importance"``: ``n`` prior draws, each weighted by its likelihood)
  or by sampling-importance-resampling (``method="resample"``: ``oversample × n`` prior draws,
  then ``n`` drawn from them in proportion to their weights; equal weights after), or by a
  **Metropolis chain** (``method="mcmc"``): from the likeliest of ``oversample × n`` prior draws,
  swap one hidden card between two seats (or with the cards out of play) and keep the swap with
  probability ``min(1, L(new) / L(old))``; a world every ``thin`` swaps after a burn-in.  Prior
  draws rarely explain a whole bidding and a dozen cards, so resampling keeps repeating the one
  or two draws that explain most (about two distinct worlds in six, measured); the chain walks
  from there to layouts that explain more, and places about 0.49 of the hidden cards right at
  trick 6 where resampling places 0.40 and the prior 0.37 (``benchmarks/bench_comrade_inference.py``).
* **The trust floor.**  A seat whose actions the card explains badly in *every* world drawn
  (the geometric mean of its actions' probabilities below ``trust_floor`` even in its best
  world), say a student who ignores the card, is not trusted: its actions then count only
  through the hard facts (hand sizes, voids), not through the card.  If no seat can be
  trusted, the sample is plain (unweighted) sampling.  The result says so:
  :attr:`Worlds.untrusted`, :attr:`Worlds.fallback`.
* :func:`belief_summary` — per other seat and suit, the expected number of cards and the
  chance it holds each top card, as a table for people (``_repr_html_`` and text).

:class:`HeuristicCard` is a stand-in card (the heuristic player's order, softened into
probabilities): the inference works with any object that has ``choose``, ``policy`` and
``explain``.

    >>> from cardgames.comrade import ComradeGame, Deal
    >>> game = ComradeGame(Deal.random(3), dealer=0).play(["S2", "pass"])
    >>> worlds = sample_worlds(game.view(2), HeuristicCard(), 16, random.Random(1))
    >>> len(worlds), round(sum(worlds.weights), 6), worlds.fallback
    (16, 1.0, False)
"""

from __future__ import annotations

import html as _html
import math
import random
from dataclasses import dataclass, field
from functools import lru_cache
from operator import sub
from typing import Any, Hashable, Sequence

from cardgames.cards import SUIT_SYMBOLS, SUITS, Card, Hand
from cardgames.comrade import ComradeGame, ComradeView
from cardgames.comrade.play import TrickPlay, hand_order, legal_cards, play_rank
from cardgames.comrade.players import HeuristicPlayer, public_voids, require_view, unseen_cards
from cardgames.comrade.options import DEFAULT_OPTIONS, ComradeOptions

from .convention import card_mask
from .sampling import SampleError, deal_from_view, game_from_view

__all__ = ["Worlds", "Evidence", "BeliefSummary", "HeuristicCard", "sample_worlds", "belief_summary",
           "uniform_layout", "count_layouts", "TRUST_FLOOR", "METHODS"]

#: Default trust floor: a seat is trusted if, in its best world drawn, the card gives its actions a
#: geometric-mean probability of at least this.
TRUST_FLOOR = 0.15

METHODS = ("importance", "resample", "mcmc")

#: Swap moves per world of ``method="mcmc"``, see :func:`sample_worlds`.
MCMC_THIN = 4
#: Swap moves of ``method="mcmc"`` before the first world (the burn-in), from the bidding to the third
#: trick.  A bidding is explained by a few top cards in the right hands, which prior draws seldom have:
#: at the first card of 40 card biddings, 24 moves left the worlds explaining the others' bids about 0.5
#: as well as the true layout does (0.355 of the hidden cards placed right), 120 moves about 0.7 (0.396).
MCMC_BURN = 120
#: ... and from the third trick on, when the cards seen pin the layouts down: there 120 moves placed no
#: more cards right after 6 and 9 tricks than 24, at almost twice the time
#: (``benchmarks/bench_comrade_inference.py --accuracy``).
MCMC_LATE_BURN, LATE_TRICKS = 24, 3
#: The chain judges each seat's trust on its first this many worlds.
TRUST_WORLDS = 6
#: Probabilities the process-wide store of :func:`step_memo` holds at most (then it starts afresh):
#: a whole game of four search players scores some 20,000 (step, hand) pairs.
SHARED_LIMIT = 100_000


# -- the card's probabilities, remembered for the whole process -------------------------------------

_STEPS: dict = {}
_STORED = [0]


def step_memo(public: tuple) -> dict:
    """The dict that remembers the card's probability of one public action per key of the actor's hand.

    ``public`` names the step: the card (:func:`card_key`), the rules, the dealer, the number of players
    and the public actions up to the step's own action, which ends them.  The card's probability of that
    action is a function of this public history and the actor's hand alone, so every :class:`Evidence`
    reaching the step (the players of one table, each of their decisions, a later game with the same
    opening) scores a hand there once.  The store is
    emptied when it holds :data:`SHARED_LIMIT` probabilities; it only ever saves work.

        >>> step_memo(("card", "rules", 0, 4, ())) is step_memo(("card", "rules", 0, 4, ()))
        True
    """
    memo = _STEPS.get(public)
    if memo is None:
        if _STORED[0] >= SHARED_LIMIT:
            clear_step_memos()
        memo = _STEPS[public] = {}
    return memo


def clear_step_memos() -> None:
    """Forget every probability :func:`step_memo` remembers (to time the work it saves, say)."""
    _STEPS.clear()
    _STORED[0] = 0


def _remember(memo: dict, key, p: float) -> float:
    memo[key] = p
    _STORED[0] += 1
    return p


def _sorted_hand(cards) -> Hand:
    """``Hand(cards).sorted()`` for cards already checked: the same order (spades to clubs, high to
    low), with an integer sort key and without parsing each card again."""
    return tuple.__new__(Hand, sorted(cards, key=hand_order))


def seat_view(game: ComradeGame, seat: int, legal: Sequence[Hashable] | None = None) -> ComradeView:
    """``game.view(seat)``, built faster: only the seat's own hand is sorted (the engine's
    :meth:`~cardgames.comrade.ComradeGame.view` sorts all four), and in the play the finished bidding's
    part of the view is worked out once per bidding (:func:`_finished_bidding`; the views share it, and
    nobody changes a view).  ``legal``: ``game.legal_actions()`` when the caller has them (the view's legal
    actions when ``seat`` is to act).  A test checks it equals the engine's."""
    tp = game.trickplay
    if tp is None or game.phase != "play":
        return game.view(seat)
    to_act = tp.current_player()
    _, bids, middle, history = _finished_bidding(game.bidding)
    tricks, won = _trick_parts(tp)
    view = ComradeView.__new__(ComradeView)     # the dataclass's fields set directly (it has no checks)
    view.__dict__.update(
        seat=seat, phase="play", dealer=game.dealer, hand=tuple.__new__(Hand, sorted(tp.hands[seat], key=hand_order)),
        hand_sizes=tuple(len(h) for h in tp.hands), bids=bids, middle=middle, bidding_history=history,
        tricks=tricks, current_trick=tuple(tp.current), won=won,
        to_act=to_act, result=None, loss_reason=None,
        legal_actions=(tuple(tp.legal_actions()) if legal is None else tuple(legal)) if to_act == seat else ())
    return view


_PARTS: dict = {}


def _trick_parts(tp: TrickPlay) -> tuple:
    """``(tricks, won)`` of a view in the trick play ``tp``: the completed tricks and each seat's tricks won,
    remembered per trick play object and number of tricks (neither changes within a trick: the views of one
    trick share them, and the card reads them once per trick).  A copy (:func:`fast_clone`) starts afresh."""
    got = _PARTS.get(id(tp))
    n = len(tp.tricks)
    if got is None or got[0] is not tp or got[1] != n:
        if len(_PARTS) >= 256:
            _PARTS.clear()
        got = _PARTS[id(tp)] = (tp, n, tuple(tp.tricks), tuple(dict(w) for w in tp.won))
    return got[2], got[3]


_BIDDINGS: dict = {}


def _finished_bidding(bidding) -> tuple:
    """``(bidding, bids, middle, history)``: what a view in the play shows of the finished ``bidding``,
    remembered per bidding object (the play never changes it, and :func:`fast_clone` shares it)."""
    got = _BIDDINGS.get(id(bidding))
    if got is None or got[0] is not bidding:
        if len(_BIDDINGS) >= 256:
            _BIDDINGS.clear()
        got = _BIDDINGS[id(bidding)] = (bidding, tuple(bidding.bids), tuple(bidding.middle),
                                        tuple(bidding.history))
    return got


def card_key(card) -> Hashable:
    """What tells one card's policy from another's: ``card.memo_key()`` when the card has it (equal
    keys, equal policies), else the card object itself."""
    key = getattr(card, "memo_key", None)
    return card if key is None else key()


# -- the stand-in card ------------------------------------------------------------------------------

class HeuristicCard:
    """A stand-in convention card: :class:`~cardgames.comrade.players.HeuristicPlayer`'s choice with
    most of the probability, every other legal action ``epsilon`` times as likely.

        >>> from cardgames.comrade import ComradeGame
        >>> g = ComradeGame("N:A.K.. K.A.. Q.Q.. J.J..", dealer=0)
        >>> p = HeuristicCard().policy(g.view(0), g.legal_actions())
        >>> max(p, key=p.get), round(sum(p.values()), 9)
        (BidCard('S1'), 1.0)
    """

    def __init__(self, rules: ComradeOptions = DEFAULT_OPTIONS, epsilon: float = 0.05):
        if not 0 < epsilon < 1:
            raise ValueError(f"epsilon must lie between 0 and 1, not {epsilon!r}")
        self.rules = rules
        self.epsilon = epsilon
        self._h = HeuristicPlayer(rules)

    def choose(self, view: ComradeView, legal_actions) -> Hashable:
        return self._h.act(view, legal_actions)

    def policy(self, view: ComradeView, legal_actions) -> dict:
        ranked = self._h.ranked(view, legal_actions)
        z = 1 + self.epsilon * (len(ranked) - 1)
        return {a: (1 if i == 0 else self.epsilon) / z for i, a in enumerate(ranked)}

    def explain(self, view: ComradeView, legal_actions) -> list[tuple[str, str]]:
        return [("H", "the plain rules of HeuristicPlayer")]

    def __repr__(self) -> str:
        return f"HeuristicCard(epsilon={self.epsilon})"


# -- the prior: uniform over the layouts that fit the view -----------------------------------------

def _bins_of(view: ComradeView):
    """(bins, rooms, accepts, pool): the other seats (and ``None`` = out of play when some cards are),
    how many unseen cards each holds, the suits each may hold (a string of suit letters, ``"SHC"``: a key
    of the process-wide caches below that the garbage collector never walks, as it would a frozenset),
    and the unseen cards."""
    n = len(view.hand_sizes)
    others = [p for p in range(n) if p != view.seat]
    voids = public_voids(view)
    pool = unseen_cards(view)
    out = len(pool) - sum(view.hand_sizes[p] for p in others)
    if out < 0:
        raise SampleError(f"the other seats hold {sum(view.hand_sizes) - len(view.hand)} cards but only "
                          f"{len(pool)} are unseen")
    bins = others + ([None] if out else [])
    rooms = tuple(view.hand_sizes[p] for p in others) + ((out,) if out else ())
    accepts = tuple("".join(s for s in SUITS if b is None or s not in voids[b]) for b in bins)
    return bins, rooms, accepts, pool


def _splits(k: int, rooms: tuple, allowed: tuple):
    """Every way to put ``k`` cards into the bins, at most ``rooms[i]`` in bin ``i`` and none where not allowed."""
    if len(rooms) == 1:
        if k <= rooms[0] and (k == 0 or allowed[0]):
            yield (k,)
        return
    if len(rooms) == 3:     # three bins (the common case): the recursion's order, as nested loops
        r1, r2 = rooms[1], rooms[2]
        ok1, ok2 = allowed[1], allowed[2]
        for x in range(min(k, rooms[0]) + 1 if allowed[0] else 1):
            k1 = k - x
            for y in range(min(k1, r1) + 1 if ok1 else 1):
                z = k1 - y
                if z <= r2 and (z == 0 or ok2):
                    yield (x, y, z)
        return
    top = min(k, rooms[0]) if allowed[0] else 0
    for x in range(top + 1):
        for rest in _splits(k - x, rooms[1:], allowed[1:]):
            yield (x,) + rest


@lru_cache(maxsize=256)
def _count_table(suit_counts: tuple, rooms: tuple, accepts: tuple):
    """``ways(i, rooms)``: layouts of suits ``i..`` into bins with ``rooms`` left (exact integers).

    The last suit has one split at most, the room left itself (every bin full): counted directly instead
    of trying every split of it, most of the work otherwise.  Likewise when every bin may hold every suit
    from ``i`` on: the cards left go into the bins in ``multinomial(cards left; room left)`` ways, and no
    split is tried."""
    allowed = [tuple(SUITS[i] in a for a in accepts) for i in range(4)]
    # free[i]: every bin accepts every suit from i on; cards[i]: the cards of suits i.. (to fill the room)
    free = [all(all(allowed[j]) for j in range(i, 4)) for i in range(4)]
    cards = [sum(suit_counts[i:]) for i in range(4)]

    memo: dict[tuple[int, tuple], int] = {}

    def ways(i: int, left: tuple) -> int:
        """Remembered per ``(i, left)`` in ``memo`` (a plain dict: mypyc compiles no decorated function
        that calls itself)."""
        total = memo.get((i, left))
        if total is not None:
            return total
        if i == 4:
            total = 1 if not any(left) else 0
        elif free[i]:
            total = _multinomial(cards[i], left) if sum(left) == cards[i] else 0
        elif i == 3:
            k = suit_counts[3]
            if sum(left) != k or any(x and not ok for x, ok in zip(left, allowed[3])):
                total = 0
            else:
                total = _multinomial(k, left)
        else:
            total = 0
            for split in _splits(suit_counts[i], left, allowed[i]):
                rest = tuple(map(sub, left, split))
                w = ways(i + 1, rest)
                if w:
                    total += _multinomial(suit_counts[i], split) * w
        memo[(i, left)] = total
        return total

    return ways, allowed


@lru_cache(maxsize=4096)
def _suit_options(suit_counts: tuple, rooms: tuple, accepts: tuple, i: int, left: tuple):
    """The splits of suit ``i`` into the bins with ``left`` room, each with the room left after it,
    their numbers of layouts, and the sum of those (for :func:`uniform_layout`'s draw)."""
    ways, allowed = _count_table(suit_counts, rooms, accepts)
    options, weights = [], []
    for split in _splits(suit_counts[i], left, allowed[i]):
        rest = tuple(map(sub, left, split))
        w = ways(i + 1, rest)
        if w:
            options.append((split, rest))
            weights.append(_multinomial(suit_counts[i], split) * w)
    return tuple(options), tuple(weights), sum(weights)


def _multinomial(k: int, split: tuple) -> int:
    out = math.factorial(k)
    for x in split:
        out //= math.factorial(x)
    return out


def _key(view: ComradeView):
    bins, rooms, accepts, pool = _bins_of(view)
    by_suit = {s: sorted((c for c in pool if c.suit == s), key=lambda c: c.rank) for s in SUITS}
    counts = tuple(len(by_suit[s]) for s in SUITS)
    return bins, rooms, accepts, by_suit, counts


def count_layouts(view: ComradeView) -> int:
    """How many layouts of the unseen cards fit ``view`` (hand sizes and shown voids): the prior's support.

        >>> from cardgames.comrade import ComradeGame
        >>> # 50 unseen cards: C(50,2) C(48,2) C(46,2) layouts
        >>> count_layouts(ComradeGame("N:AK... QJ... T9... 87...", dealer=0).view(0))
        1430163000
    """
    view = require_view(view)
    bins, rooms, accepts, by_suit, counts = _key(view)
    ways, _ = _count_table(counts, rooms, accepts)
    return ways(0, rooms)


def uniform_layout(view: ComradeView, rng: random.Random) -> list[list[Card]]:
    """One layout drawn **uniformly** from all that fit ``view``: ``hidden[seat]`` for every seat
    (the player's own hand at ``view.seat``).  Raises :class:`~solvers.comrade_players.sampling.SampleError`
    when none fits."""
    view = require_view(view)
    return _uniform_layout(view, _key(view), rng)


def _uniform_layout(view: ComradeView, key: tuple, rng: random.Random) -> list[list[Card]]:
    """:func:`uniform_layout` with ``key = _key(view)`` worked out once for many draws."""
    bins, rooms, accepts, by_suit, counts = key
    ways, allowed = _count_table(counts, rooms, accepts)
    if ways(0, rooms) == 0:
        raise SampleError("no deal fits the hand sizes and the suits the others have shown they lack")
    hidden: dict = {b: [] for b in bins}
    left = rooms
    for i, s in enumerate(SUITS):
        options, weights, total = _suit_options(counts, rooms, accepts, i, left)
        # an exact draw proportional to big integers
        r = rng.randrange(total)
        for (split, rest), w in zip(options, weights):
            if r < w:
                break
            r -= w
        cards = list(by_suit[s])
        rng.shuffle(cards)
        pos = 0
        for b, x in zip(bins, split):
            hidden[b].extend(cards[pos:pos + x])
            pos += x
        left = rest
    return [list(view.hand) if p == view.seat else hidden[p] for p in range(len(view.hand_sizes))]


# -- the likelihood ---------------------------------------------------------------------------------

@dataclass
class _Step:
    seat: int
    action: Hashable
    template: ComradeView          # the actor's view with some layout's hand: only the hand is replaced
    later: tuple                  # the cards the actor plays from this step on (this one included)
    led: str | None               # the suit led to the trick in progress (play), None otherwise
    legal: tuple | None           # the legal actions, when they do not depend on the hand (bidding)
    index: int = -1               # the step's place among all public actions (bids, passes and cards)
    memo: dict = field(default_factory=dict)   # the action's probability per key of the hand (see Evidence)
    table: Any = None             # the card's reading of the public table (bidding), see Evidence
    fields: dict = field(init=False, repr=False)     # the template's fields, for view_with

    def __post_init__(self):
        self.fields = dict(self.template.__dict__)

    def view_with(self, hand: Hand, legal: tuple) -> ComradeView:
        """``dataclasses.replace(self.template, hand=hand, legal_actions=legal)``, quicker (no field
        introspection): the actor's view at this step if it held ``hand``."""
        view = ComradeView.__new__(ComradeView)        # the dataclass's fields set directly: it has no checks
        d = view.__dict__
        d.update(self.fields)
        d["hand"] = hand
        d["legal_actions"] = legal
        return view


class Evidence:
    """The public actions of the other seats, ready to be scored against any layout.

    ``Evidence(view, card)`` replays the public history once (in any layout that fits) and keeps,
    for each action of another seat, that seat's view then; a layout's likelihood for seat ``p``
    is the product of ``card.policy(view with p's hand in that layout)[action]`` over p's actions
    (:meth:`seat_likelihood`, remembered per seat and hand).  Actions with one legal choice carry
    no information: a bid with one legal action and a seat's last card are skipped; a card that was the
    only legal one in some layouts (one card of the led suit) scores 1 in those, its probability in others.
    """

    def __init__(self, view: ComradeView, card, rules: ComradeOptions = DEFAULT_OPTIONS,
                 rng: random.Random | None = None, memo: dict | None = None):
        self.view = require_view(view)
        # each action's probability per hand held then, one dict per step: by default the step's dict of
        # the process-wide store (:func:`step_memo`), which every player, decision and game reaching the
        # same public history shares; with ``memo`` (a dict) the steps' dicts are kept in it instead
        self.memo = memo
        self.card = card
        self.rules = rules
        n = len(view.hand_sizes)
        self.seats = [p for p in range(n) if p != view.seat]
        self.steps: dict[int, list[_Step]] = {p: [] for p in self.seats}
        self.cache: dict = {}
        self.policy_calls = 0
        # a card that says what its bidding reads of a hand (ConventionCard.bidding_key) has each
        # bidding scored once per (seat, step, key) instead of once per hand
        self.bidding_key = getattr(card, "bidding_key", None)
        # ... and one that says what its play reads of a hand (ConventionCard.play_key), each card
        # played once per such key
        self.play_key = getattr(card, "play_key", None)
        # a card that gives one action's probability alone (ConventionCard.probability), from what it reads
        # of the public table at a turn of the bidding worked out once (ConventionCard.bidding_table)
        self.probability = getattr(card, "probability", None)
        bidding_table = getattr(card, "bidding_table", None) if self.probability is not None else None
        self.players = n
        self.bid_cache: dict = {}
        if not view.bidding_history:
            return
        layout = uniform_layout(view, rng or random.Random(0))
        plays = [pc for t in view.tricks for pc in t.plays] + list(view.current_trick)
        # the deal of game_from_view(view, layout); the replay below checks every action as game_from_view would
        replay = ComradeGame(deal_from_view(view, layout), view.dealer, rules)
        actions = [(s.seat, s.action) for s in view.bidding_history] + plays
        words = [str(a) for _, a in actions]
        which = card_key(card)
        for k, (seat, action) in enumerate(actions):
            if seat != view.seat:
                legal = replay.legal_actions()
                tp = replay.trickplay if replay.phase == "play" else None      # None: a bid
                # a bid's legal actions are public; a card's depend on the hand: the replay's layout may leave
                # the seat one card of the led suit where another layout leaves it several, so every card
                # played from a hand of two or more is a step (seat_likelihood finds it forced per hand)
                if (len(tp.hands[seat]) if tp is not None else len(legal)) > 1:
                    later = tuple(c for s2, c in actions[k:] if s2 == seat and isinstance(c, Card))
                    led = tp.led_suit if tp is not None else None
                    # the step's probability is a function of the public history up to the action
                    # (the action included: the memo holds the probability of that action) and the hand
                    public = (which, rules, view.dealer, n, tuple(words[:k + 1]))
                    memo = step_memo(public) if self.memo is None else self.memo.setdefault(public, {})
                    template = seat_view(replay, seat, legal)      # the engine's view, built quicker
                    bidding = tp is None
                    table = bidding_table(template, legal) if bidding and bidding_table is not None else None
                    self.steps[seat].append(_Step(seat, action, template, later, led,
                                                  tuple(legal) if bidding else None, k, memo, table))
            replay.apply(action)

    def seat_likelihood(self, seat: int, hidden: Sequence[Card], floor: float = 0.0) -> float:
        """Probability that the card makes every non-forced public action of ``seat`` when it holds
        ``hidden`` now (0 when an action would have been illegal).

        ``floor``: the caller only needs to know whether the probability reaches ``floor``; once
        the running product falls below it (it can only fall) the product so far is returned, a
        number below ``floor`` (and not remembered)."""
        key = (seat, card_mask(hidden))
        got = self.cache.get(key)
        if got is not None:
            return got
        like = 1.0
        later = bkey = shand = None
        for st in self.steps[seat]:
            if like < floor:
                return like
            if st.later != later:       # the seat's hand then (the same at every bid: nothing is played)
                later, bkey, shand = st.later, None, None
                cards = list(hidden) + list(later)
            memo = st.memo
            if st.legal is not None and self.bidding_key is not None:     # a bid: once per key
                if bkey is None:
                    bkey = self.bidding_key(cards, self.players)
                p = memo.get(bkey)
                if p is None:
                    if shand is None:   # one hand object for the seat's bids: the card reads it once
                        shand = _sorted_hand(cards)
                    v = st.view_with(shand, st.legal)
                    self.policy_calls += 1
                    p = _remember(memo, bkey, self._probability(v, st))
                like *= p
                if like == 0.0:
                    break
                continue
            mkey = card_mask(cards) if self.play_key is None else self.play_key(cards, st.led)
            p = memo.get(mkey)
            if p is None:
                hand = _sorted_hand(cards)
                if st.legal is not None:
                    legal = list(st.legal)
                    p = None
                else:
                    legal = legal_cards(hand, st.led)   # in the hand's order: the engine's (sort_key's) order
                    p = 0.0 if st.action not in legal else 1.0 if len(legal) == 1 else None
                if p is None:
                    v = st.view_with(hand, tuple(legal))
                    self.policy_calls += 1
                    p = self._probability(v, st)
                _remember(memo, mkey, p)
            like *= p      # an illegal action gives 0, a forced one 1 (no information)
            if like == 0.0:
                break
        self.cache[key] = like
        return like

    def _probability(self, view: ComradeView, st: _Step) -> float:
        """The card's probability of the step's action from ``view`` (the step's view with a layout's hand)."""
        if self.probability is not None:
            return self.probability(view, view.legal_actions, st.action, st.table)
        return self.card.policy(view, list(view.legal_actions)).get(st.action, 0.0)

    def actions_of(self, seat: int) -> int:
        """The number of informative (non-forced) actions of ``seat`` so far."""
        return len(self.steps[seat])


# -- the sample -------------------------------------------------------------------------------------

@dataclass
class Worlds:
    """Hidden layouts with their weights (summing to 1).

    * ``hands[i]`` — world ``i``: the cards each seat holds now (the viewer's own hand included);
    * ``weights[i]`` — its weight; :attr:`effective_size` — ``1 / Σ w²``, how many equally
      weighted worlds the sample is worth;
    * ``untrusted`` — seats whose actions the card could not explain (see the trust floor in the
      module docstring): their actions were not used to weight the worlds;
    * ``fallback`` — ``True`` when no seat with actions could be trusted: plain, unweighted sampling;
    * ``method``, ``proposals`` — how the sample was drawn and how many prior draws it took.
    """

    view: ComradeView
    hands: list
    weights: list
    untrusted: frozenset = frozenset()
    fallback: bool = False
    method: str = "importance"
    proposals: int = 0
    policy_calls: int = 0
    seats: tuple = field(default_factory=tuple)

    def __len__(self) -> int:
        return len(self.hands)

    @property
    def distinct(self) -> int:
        """How many different layouts the worlds hold (resampling repeats the likely ones)."""
        return len({tuple(frozenset(h[p]) for p in self.seats) for h in self.hands})

    @property
    def effective_size(self) -> float:
        s = sum(w * w for w in self.weights)
        return 1 / s if s else 0.0

    def game(self, i: int, rules: ComradeOptions = DEFAULT_OPTIONS) -> ComradeGame:
        """The game at the view's position in world ``i`` (every public action replayed)."""
        return game_from_view(self.view, self.hands[i], rules)

    def holds(self, seat: int, card: Card) -> float:
        """The weighted chance that ``seat`` holds ``card``."""
        return sum(w for h, w in zip(self.hands, self.weights) if card in h[seat])


def sample_worlds(view: ComradeView, card, n: int, rng: random.Random, trust_floor: float = TRUST_FLOOR, *,
                  method: str = "importance", oversample: int = 4, rules: ComradeOptions = DEFAULT_OPTIONS,
                  evidence: Evidence | None = None, thin: Any = None, burn: Any = None,
                  memo: dict | None = None) -> Worlds:
    """``n`` hidden layouts for ``view``, weighted by how well ``card`` explains the others' actions.

    See the module docstring for the prior, the likelihood, the three methods and the trust floor
    (``thin``: swaps per world of ``"mcmc"``, default :data:`MCMC_THIN`; ``burn``: swaps before
    the first world, default :data:`MCMC_BURN`, or :data:`MCMC_LATE_BURN` from trick
    :data:`LATE_TRICKS` on).  With ``"mcmc"`` a seat's trust is judged on the chain's worlds, not
    on the prior draws: a bid is explained by a few top cards in one hand, which prior draws
    seldom put there, so judged on them most seats that follow the card perfectly looked
    untrusted.
    ``rng`` is the caller's seeded generator; the same generator state gives the same worlds.
    """
    view = require_view(view)
    if n < 1:
        raise ValueError(f"n must be at least 1 world, not {n!r}")
    if thin is not None and (isinstance(thin, bool) or not isinstance(thin, int) or thin < 1):
        raise ValueError(f"thin must be a number of swap moves, at least 1, not {thin!r}")
    if burn is not None and (isinstance(burn, bool) or not isinstance(burn, int) or burn < 0):
        raise ValueError(f"burn must be a number of swap moves, 0 or more, not {burn!r}")
    if method not in METHODS:
        raise ValueError(f"unknown sampling method {method!r}: choose one of {', '.join(METHODS)}")
    if oversample < 1:
        raise ValueError(f"oversample must be at least 1, not {oversample!r}")
    if not 0 <= trust_floor < 1:
        raise ValueError(f"trust_floor must lie in [0, 1), not {trust_floor!r}")
    ev = evidence or Evidence(view, card, rules, rng, memo=memo)
    draws = n * (oversample if method in ("resample", "mcmc") else 1)
    layout_key = _key(view)
    layouts = [_uniform_layout(view, layout_key, rng) for _ in range(draws)]
    seats = [p for p in ev.seats if ev.actions_of(p)]

    def below_floor(p, likes) -> bool:
        best = max(likes)
        return best <= 0 or best ** (1 / ev.actions_of(p)) < trust_floor

    if method == "mcmc":
        # the chain judges trust on its own worlds (below) and starts from the likeliest prior draw
        # (the first of the likeliest): only that draw is needed, so a draw is scored only as far as
        # needed to see that it is not likelier than the best so far
        untrusted, trusted = set(), list(seats)
        best, top = -1.0, 0
        for i, h in enumerate(layouts):
            w = 1.0
            for p in trusted:
                bar = best / w * (1 - 1e-9) if best > 0 and w > 0 else 0.0
                w *= ev.seat_likelihood(p, h[p], floor=bar)
                if bar and w / (1 - 1e-9) < best:
                    w = -1.0
                    break
            if w > best:
                best, top = w, i
        if best <= 0:       # the trusted seats' products underflow together: trust nobody
            untrusted, trusted, top = set(seats), [], 0
        thin = thin if thin is not None else MCMC_THIN
        burn = burn if burn is not None else MCMC_BURN if len(view.tricks) < LATE_TRICKS else MCMC_LATE_BURN
        start = layouts[top]
        first = min(n, TRUST_WORLDS)    # trust is judged on the first worlds of the chain
        hands = _metropolis(view, ev, start, trusted, first, rng, thin, burn)
        doubted = {p for p in trusted if below_floor(p, [ev.seat_likelihood(p, h[p]) for h in hands])}
        if doubted:         # even the chain cannot explain these seats: read them by the hard facts only
            untrusted |= doubted
            trusted = [p for p in trusted if p not in doubted]
            hands = _metropolis(view, ev, hands[-1], trusted, n, rng, thin, burn)
        elif n > first:
            hands += _metropolis(view, ev, hands[-1], trusted, n - first, rng, thin, 0)
        weights = [1 / n] * n
    else:
        per_seat = {p: [ev.seat_likelihood(p, h[p]) for h in layouts] for p in seats}
        untrusted = {p for p in seats if below_floor(p, per_seat[p])}
        trusted = [p for p in seats if p not in untrusted]
        raw = []
        for i in range(draws):
            w = 1.0
            for p in trusted:
                w *= per_seat[p][i]
            raw.append(w)
        total = sum(raw)
        if total <= 0:          # the trusted seats' products underflow together: trust nobody
            untrusted, trusted, raw, total = set(seats), [], [1.0] * draws, float(draws)
    if method == "resample":
        idx = rng.choices(range(draws), weights=raw, k=n)
        hands = [layouts[i] for i in idx]
        weights = [1 / n] * n
    elif method == "importance":
        hands = layouts
        weights = [w / total for w in raw]
    fallback = bool(seats) and not trusted
    return Worlds(view, hands, weights, frozenset(untrusted), fallback, method, draws, ev.policy_calls,
                  tuple(ev.seats))


def _metropolis(view: ComradeView, ev: "Evidence", start: list, trusted: Sequence[int], n: int,
                rng: random.Random, thin: int, burn: int) -> list:
    """``n`` layouts from a Metropolis chain over the layouts that fit ``view``, started at ``start``.

    A move swaps one hidden card of one bin (another seat, or the cards out of play) with one of
    another bin, when each seat may hold the suit it receives (no shown void).  The move is
    symmetric and keeps every hand size, so the uniform prior cancels and the move is accepted with
    probability ``min(1, L(new) / L(old))``, ``L`` the product of the trusted seats' likelihoods; a
    proposal is scored only as far as needed to reject it (``Evidence.seat_likelihood``'s ``floor``).
    After a burn-in of ``burn`` moves a layout is kept every ``thin`` moves."""
    bins, _, accepts, pool = _bins_of(view)
    ok = dict(zip(bins, accepts))
    hidden = {b: list(start[b]) if b is not None else [] for b in bins}
    if None in hidden:       # the cards out of play: the unseen cards no seat holds
        held = {c for b in bins if b is not None for c in hidden[b]}
        hidden[None] = [c for c in pool if c not in held]
    trusting = set(trusted)
    like = {b: (ev.seat_likelihood(b, hidden[b]) if b in trusting else 1.0) for b in bins}
    movable = [b for b in bins if hidden[b]]
    out = []
    for step in range(burn + thin * n):
        if len(movable) >= 2:
            a, b = rng.sample(movable, 2)
            i, j = rng.randrange(len(hidden[a])), rng.randrange(len(hidden[b]))
            x, y = hidden[a][i], hidden[b][j]
            if x.suit in ok[b] and y.suit in ok[a]:
                new_a = hidden[a][:i] + [y] + hidden[a][i + 1:]
                new_b = hidden[b][:j] + [x] + hidden[b][j + 1:]
                bar = rng.random() * like[a] * like[b]
                la = ev.seat_likelihood(a, new_a, floor=bar) if a in trusting else 1.0
                lb = (ev.seat_likelihood(b, new_b, floor=bar / la) if b in trusting else 1.0) if la > 0 else 0.0
                if la * lb > bar or like[a] * like[b] == 0:
                    hidden[a], hidden[b], like[a], like[b] = new_a, new_b, la, lb
        if step >= burn and (step - burn) % thin == thin - 1:
            out.append([list(view.hand) if p == view.seat else list(hidden[p]) for p in range(len(view.hand_sizes))])
    return out


# -- a summary for people ---------------------------------------------------------------------------

@dataclass
class BeliefSummary:
    """What ``view.seat`` believes about the other hands: per seat and suit the expected number of
    cards (``expected[seat][suit]``) and the chance of holding each of the suit's top unseen cards
    (``tops[seat][suit] = [(card, chance), ...]``), from ``worlds``."""

    view: ComradeView
    worlds: Worlds
    expected: dict
    tops: dict

    @property
    def seats(self) -> list[int]:
        return list(self.expected)

    def chance(self, seat: int, card: "Card | str") -> float:
        """The chance that ``seat`` holds ``card`` (``"SA"`` or a :class:`~cardgames.cards.Card`), any card."""
        return self.worlds.holds(seat, Card.parse(card))

    def lines(self) -> list[str]:
        letters = "NESW"[:len(self.view.hand_sizes)]
        out = [f"What seat {letters[self.view.seat]} believes ({self._size()}"
               + (", plain sampling: the card explained nobody's actions" if self.worlds.fallback else "")
               + (f"; not trusted: {', '.join(letters[p] for p in sorted(self.worlds.untrusted))}"
                  if self.worlds.untrusted and not self.worlds.fallback else "") + ")"]
        for p in self.seats:
            parts = []
            for s in SUITS:
                tops = " ".join(f"{c.rank_letter}{round(100 * q)}%" for c, q in self.tops[p][s])
                parts.append(f"{SUIT_SYMBOLS[s]} {self.expected[p][s]:.1f}" + (f" ({tops})" if tops else ""))
            out.append(f"  {letters[p]}: " + "   ".join(parts))
        return out

    def _size(self) -> str:
        w = self.worlds
        if w.method == "resample":
            return f"{len(w)} worlds, {w.distinct} different layouts"
        return f"{len(w)} worlds, worth {w.effective_size:.1f} equally weighted ones"

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def _repr_html_(self) -> str:
        letters = "NESW"[:len(self.view.hand_sizes)]
        head = "".join(f"<th>{SUIT_SYMBOLS[s]}</th>" for s in SUITS)
        rows = []
        for p in self.seats:
            cells = []
            for s in SUITS:
                tops = "<br>".join(f"{_html.escape(c.rank_letter)}: {round(100 * q)} %" for c, q in self.tops[p][s])
                cells.append(f"<td style='text-align:center'><b>{self.expected[p][s]:.1f}</b>"
                             f"<br><small>{tops}</small></td>")
            rows.append(f"<tr><th>{letters[p]}</th>{''.join(cells)}</tr>")
        note = "plain sampling (the card explained nobody's actions)" if self.worlds.fallback else self._size()
        return (f"<table><caption>What {letters[self.view.seat]} believes: expected cards per suit, "
                f"and the chance of each top card ({_html.escape(note)})</caption>"
                f"<tr><th>seat</th>{head}</tr>{''.join(rows)}</table>")


def belief_summary(view: ComradeView, card, n: int = 200, seed: int = 0, top: int = 3,
                   trust_floor: float = TRUST_FLOOR, rules: ComradeOptions = DEFAULT_OPTIONS,
                   worlds: Worlds | None = None) -> BeliefSummary:
    """Per other seat and suit: expected cards, and the chance of holding each of the ``top`` highest
    unseen cards of the suit (from ``n`` worlds of :func:`sample_worlds`, or from ``worlds``).

        >>> from cardgames.comrade import ComradeGame, Deal
        >>> game = ComradeGame(Deal.random(3), dealer=0).play(["S2"])
        >>> b = belief_summary(game.view(1), HeuristicCard(), n=50, seed=1)
        >>> round(sum(b.expected[0].values()), 6)     # North holds 13 cards in every world
        13.0
    """
    view = require_view(view)
    if worlds is None:
        worlds = sample_worlds(view, card, n, random.Random(seed), trust_floor, method="resample", rules=rules)
    unseen = unseen_cards(view)
    others = [p for p in range(len(view.hand_sizes)) if p != view.seat]
    expected = {p: {s: sum(w * sum(1 for c in h[p] if c.suit == s) for h, w in zip(worlds.hands, worlds.weights))
                    for s in SUITS} for p in others}
    tops: dict = {}
    for p in others:
        tops[p] = {}
        for s in SUITS:
            high = sorted((c for c in unseen if c.suit == s), key=lambda c: -play_rank(c, rules.ace_high))[:top]
            tops[p][s] = [(c, worlds.holds(p, c)) for c in high]
    return BeliefSummary(view, worlds, expected, tops)
