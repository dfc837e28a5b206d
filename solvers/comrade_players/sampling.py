"""A silent player that samples the hidden hands and asks the solver (perfect-information Monte Carlo).

The method of bridge's GIB and Skat's Kermit: the player does not know the other hands,
so it *imagines* ``samples`` of them consistent with everything it has seen, solves each
imagined deal with all hands visible after each legal action (like
:func:`~solvers.comrade.position.analyse`, with :func:`~solvers.comrade.position.solve_position`)
and chooses the action that keeps a win in the most samples.

* A sample deals the cards the player has not seen to the other seats: each gets as many
  as it holds now, and no seat gets a suit it has shown it is void in (it did not follow).
  In a mini deal the unseen cards also include the cards out of play.  Samples are drawn
  from the player's own seeded generator.  The bids taken so far are *not* used to guess
  the hands (a fair, simple choice; GIB does draw such inferences).
* The bidding uses the same idea with the fixed-bids question: each sample is solved once
  from the present position (the bids taken stay, the rest is open); the final bids of its
  winning certificate are that sample's plan, and every legal action after which the rest
  of the bidding can still reach exactly those bids gets the sample's vote (from then on the
  question is the fixed-bids one).  Takes the player's own hand rules out are not counted.
* **Ties** (several actions keep a win in equally many samples) go to the action that
  :class:`~cardgames.comrade.players.HeuristicPlayer` ranks first among them.  So with no
  information in the samples the player plays like the heuristic one.
* **Budgets** are counted in positions searched (``node_limit``), not seconds, so a seeded
  player makes the same choices on every machine; a search out of budget says
  ``"unknown"``, counted as no win.
* **Exact shortcuts** (:class:`SamplingPlayer`): the solver first looks at the sample's own
  position (no win there: no action keeps one; a win: the first card of its certificate
  keeps it), equivalent cards (:func:`equivalent_cards`) are evaluated once, and actions
  that can no longer be chosen are eliminated sample by sample (:func:`still_possible`).
  The choice is exactly that of the full table :meth:`SamplingPlayer.scores`.

Why sampling is not perfect: in each sample it assumes that from then on *everyone knows
every card* - the partners will make the right guess in every sample.  A real silent
partner cannot; choosing the action that is best "on average over worlds in each of which
all is known" is the flaw called **strategy fusion**.

    >>> from cardgames.comrade import ComradeGame
    >>> game = ComradeGame("N:A.K.. K.A.. Q.Q.. J.J..", dealer=0).play(["S1", "H1"])
    >>> SamplingPlayer(samples=8, seed=1).act(game.view(0), game.legal_actions())
    Card('SA')
"""

from __future__ import annotations

import random
from typing import Hashable, Sequence

from cardgames.cards import SUITS, Card
from cardgames.comrade import BidCard, ComradeGame, Deal, ComradeView
from cardgames.comrade.play import play_rank
from cardgames.comrade.players import HeuristicPlayer, public_voids, require_view, unseen_cards
from cardgames.comrade.options import DEFAULT_OPTIONS, ComradeOptions
from cardgames.comrade.variant import variant_for
from cardgames.errors import GameError, PlayerOptionError, shown

from solvers.comrade.position import BiddingReach, bid_matrix, solve_position

__all__ = ["SamplingPlayer", "sample_hidden_hands", "game_from_view", "deal_from_view", "played_cards",
           "equivalent_cards", "choose", "still_possible",
           "SampleError",
           "PLAY_NODE_LIMIT", "BID_NODE_LIMIT"]


class SampleError(GameError):
    """No deal is consistent with the view (its hand sizes and shown voids contradict each other)."""


def sample_hidden_hands(view: ComradeView, rng: random.Random) -> list[list[Card]]:
    """One guess of the cards each other seat still holds, consistent with ``view``.

    The unseen cards are dealt one at a time, in a random order, each to a random seat
    that may hold it (not void in its suit, room left), weighted by the room left; a seat
    is never chosen if the cards still to deal could then no longer be placed (checked with
    Hall's condition, suit by suit).  In a mini deal a further "out of play" pile takes the
    cards nobody holds.  ``hidden[view.seat]`` is the player's own hand.
    """
    view = require_view(view)
    n = len(view.hand_sizes)
    others = [p for p in range(n) if p != view.seat]
    voids = public_voids(view)
    pool = unseen_cards(view)
    rng.shuffle(pool)
    room = {p: view.hand_sizes[p] for p in others}
    bins = list(others) + [None]                                  # None: out of play
    room[None] = len(pool) - sum(room[p] for p in others)
    if room[None] < 0:
        raise SampleError(f"the other seats hold {sum(view.hand_sizes) - len(view.hand)} cards but only "
                          f"{len(pool)} are unseen")
    accepts = {b: set(SUITS) - (voids[b] if b is not None else set()) for b in bins}
    left = {s: sum(1 for c in pool if c.suit == s) for s in SUITS}
    # Hall's condition: every set of suits needs at most the room of the seats that take one of them
    subsets = [(sub, [b for b in bins if accepts[b] & set(sub)])
               for sub in ([s for i, s in enumerate(SUITS) if m >> i & 1] for m in range(1, 16))]

    def feasible() -> bool:
        for sub, takers in subsets:
            need = sum(left[s] for s in sub)
            if need and need > sum(room[b] for b in takers):
                return False
        return True

    if not feasible():
        raise SampleError("no deal fits the hand sizes and the suits the others have shown they lack")
    hidden: dict = {b: [] for b in bins}
    for card in pool:
        left[card.suit] -= 1
        choices = [b for b in bins if room[b] > 0 and card.suit in accepts[b]]
        rng.shuffle(choices)
        weights = [room[b] for b in choices]
        order = []
        while choices:                          # a weighted random order of the candidates
            b = rng.choices(choices, weights)[0]
            i = choices.index(b)
            order.append(b)
            del choices[i], weights[i]
        for b in order:
            room[b] -= 1
            if feasible():
                hidden[b].append(card)
                break
            room[b] += 1
        else:  # pragma: no cover - Hall's condition says some seat fits
            raise SampleError("no seat can take " + str(card))
    return [list(view.hand) if p == view.seat else hidden[p] for p in range(n)]


def played_cards(view: ComradeView) -> list[list[Card]]:
    """The cards each seat has played so far at ``view`` (the completed tricks, then the trick in progress),
    in the order they were played."""
    played: list[list[Card]] = [[] for _ in range(len(view.hand_sizes))]
    for t in view.tricks:
        for p, c in t.plays:
            played[p].append(c)
    for p, c in view.current_trick:
        played[p].append(c)
    return played


def deal_from_view(view: ComradeView, hidden: Sequence[Sequence[Card]],
                   played: list[list[Card]] | None = None) -> Deal:
    """The original deal if the seats now hold ``hidden[seat]`` at ``view``: each seat's cards now and the cards
    it played (``played``: :func:`played_cards` of ``view``, when the caller has it)."""
    played = played_cards(view) if played is None else played
    n = len(played)
    return Deal([list(hidden[p]) + played[p] for p in range(n)], variant_for(n))


def game_from_view(view: ComradeView, hidden: Sequence[Sequence[Card]],
                   rules: ComradeOptions = DEFAULT_OPTIONS) -> ComradeGame:
    """The game at ``view``'s position if the seats now hold ``hidden[seat]``: the original deal
    (:func:`deal_from_view`) with every public action of the view replayed through the engine."""
    view = require_view(view)
    game = ComradeGame(deal_from_view(view, hidden), dealer=view.dealer, options=rules)
    for step in view.bidding_history:
        game.apply(step.action)
    for t in view.tricks:
        for _, c in t.plays:
            game.apply(c)
    for _, c in view.current_trick:
        game.apply(c)
    return game


def equivalent_cards(view: ComradeView, legal_actions: Sequence[Hashable], ace_high: bool = True) -> list[list]:
    """The legal cards of ``view.seat`` in classes that are **equivalent in every sample**.

    Two cards of the player's suit ``s`` are equivalent when every card of the deck ranked
    between them is the player's own or lies in a *completed* trick.  (A card of the trick in
    progress does not count as gone: it may be beaten by one card and not by the other.)

    *Proof.*  Take any deal consistent with the view.  The cards of ``s`` still in play that
    rank between the two cards ``a < b`` are the player's own: none is in another hand, in
    the trick in progress or out of play, since all of those are unseen or in the current
    trick.  So ``a`` and ``b`` compare the same way with every card another seat can play or
    has played to this trick, the player plays no second card to it, and the trick has the
    same winner after either.  After it, the player holds ``b`` instead of ``a`` (or the
    other way round), and both are adjacent to the player's other cards among the cards of
    ``s`` in play: exchanging the names of ``a`` and ``b`` maps every continuation after one
    onto a continuation after the other with the same winners of every trick, so the same
    counts - one wins exactly when the other does.  The position solver even searches the
    same positions (it sees only the order of owners in each suit, the *rank compression* of
    :mod:`solvers.comrade.search`), so with a node budget both get the same verdict too.

    Cards are grouped suit by suit, in the engine's order of ``legal_actions``; an action that
    is not a card (the bidding) is a class of its own.

        >>> from cardgames.comrade import ComradeGame
        >>> v = ComradeGame("N:AK.Q.. QJ.K.. T9.J.. 87.T..", dealer=0).view(0)
        >>> equivalent_cards(v, v.hand)     # the ace and the king of spades lie next to each other
        [[Card('SA'), Card('SK')], [Card('HQ')]]
    """
    view = require_view(view)
    legal = list(legal_actions)
    gone = {c for t in view.tricks for c in t.cards}
    mine = set(view.hand)
    deck = variant_for(len(view.hand_sizes)).deck
    classes: list[list] = []
    where: dict = {}
    for suit in SUITS:
        run: list | None = None
        for c in sorted((c for c in deck if c.suit == suit), key=lambda c: play_rank(c, ace_high)):
            if c in mine:
                if run is None:
                    run = []
                    classes.append(run)
                run.append(c)
            elif c not in gone:
                run = None
    for k, run in enumerate(classes):
        for c in run:
            where[c] = k
    out: dict = {}
    for a in legal:
        k = where.get(a) if isinstance(a, Card) else None
        out.setdefault(("c", k) if k is not None else ("a", str(a)), []).append(a)
    return list(out.values())


#: Default node budgets of one solver call: the same answers on every machine (see :class:`SamplingPlayer`).
PLAY_NODE_LIMIT = 1000
BID_NODE_LIMIT = 300

#: The engine of those calls: the search alone.  A sample's position is small work for it
#: (median 4 ms), writing the SAT formula costs more than that, and a decision makes
#: hundreds of calls; the stored study (benchmarks/results/comrade_silence.json) was made so.
ENGINE = "search"


class SamplingPlayer:
    """Perfect-information Monte Carlo (see the module docstring).

    * ``samples`` — how many hidden deals to imagine per decision (N);
    * ``seed`` — seeds the player's own generator (same seed, same views: same choices);
      each decision draws one number from it and makes its samples from that number, so
      a decision that stops early (below) leaves the next decision's samples unchanged;
    * ``node_limit`` — positions the solver may search for one action in one sample
      (default :data:`PLAY_NODE_LIMIT`); a search that runs out answers ``"unknown"``,
      which counts as no win.  A node budget, unlike a time budget, gives the same answers
      on every machine and under any load, so a seeded study is reproducible;
    * ``time_limit`` — an optional safety net in seconds per solver call (default
      ``None``: none).  When set, a slow machine may turn a win into ``"unknown"``, so
      choices are then no longer the same everywhere;
    * ``bid_samples``, ``bid_node_limit``, ``bid_time_limit`` — the same for bidding
      decisions (default: ``samples``, :data:`BID_NODE_LIMIT`, ``None``).  A take the
      player's own hand rules out (*suit s, value v* with fewer than v cards of s, or over
      the total) is scored 0 without a search;
    * ``rules`` — the rule options the table plays with.

    **Exact shortcuts.**  :meth:`act` chooses exactly the action that the full table of
    :meth:`scores` (every action in every sample) would give, the tie rule included, but
    usually with far fewer solver calls:

    * *a first look at the sample's position* (play only): one solver call on the position
      before the player acts.  A proved ``"no_win"`` there is a ``"no_win"`` after every
      action (no search for them); a ``"win"`` has a certificate whose first card, and every
      card equivalent to it, keeps the win (no search for those).  The full table uses the
      same look, so both count the same verdicts;
    * *equivalent cards* (:func:`equivalent_cards`) are evaluated once per class, and the
      class's count is every member's;
    * *successive elimination*: samples are evaluated one at a time.  An action ``a`` whose
      count plus the samples still to come for it is below the count of some action ``b``
      so far - or equal to it while ``b`` comes first in the heuristic's order, which wins
      ties - can never be chosen, and is not evaluated any more; the decision stops when
      one action remains.  (``b``'s count can only grow, so ``a`` ends below ``b`` or tied
      behind it.)  In the bidding each sample is one solver call whatever the actions, so
      there only the stop saves time.

    Each solver call starts a fresh search (nothing is shared between the actions of a
    sample), so an action's verdict in a sample does not depend on which other actions were
    evaluated: that is what makes the shortcuts exact under a node budget.

    After each decision :attr:`last_scores` holds, for each action, the samples in which it
    was found to keep a win, and :attr:`last_bounds` the pair ``(low, high)`` around its
    full count: equal (a final count) for the actions evaluated in every sample, a lower and
    an upper bound for the actions eliminated early.  :attr:`last_final` is the set of
    actions whose count is final, :attr:`last_calls` the number of solver calls made.
    """

    def __init__(self, samples: int = 32, seed: int | None = 0, time_limit: float | None = None,
                 rules: ComradeOptions = DEFAULT_OPTIONS, bid_samples: int | None = None,
                 bid_time_limit: float | None = None, *, node_limit: int | None = PLAY_NODE_LIMIT,
                 bid_node_limit: int | None = BID_NODE_LIMIT):
        if samples < 1:
            raise PlayerOptionError(f"samples must be at least 1, not {shown(samples)}", "samples")
        if bid_samples is not None and bid_samples < 1:
            raise PlayerOptionError(f"bid_samples must be at least 1, not {shown(bid_samples)}", "bid_samples")
        for name, v in (("node_limit", node_limit), ("bid_node_limit", bid_node_limit)):
            if v is not None and v < 1:
                raise PlayerOptionError(f"{name} must be a positive number of positions or None, not {shown(v)}", name)
        self.samples = samples
        self.bid_samples = samples if bid_samples is None else bid_samples
        self.bid_time_limit = bid_time_limit
        self.seed = seed
        self.rng = random.Random(seed)
        self.time_limit = time_limit
        self.node_limit = node_limit
        self.bid_node_limit = bid_node_limit
        self.rules = rules
        self.heuristic = HeuristicPlayer(rules)
        self.last_scores: dict[str, int] = {}
        self.last_bounds: dict[str, tuple[int, int]] = {}
        self.last_final: frozenset[str] = frozenset()
        self.last_calls = 0

    def __repr__(self) -> str:
        return f"SamplingPlayer(samples={self.samples}, seed={self.seed})"

    def scores(self, view, legal_actions: Sequence[Hashable]) -> dict[str, int]:
        """``{action: samples in which a win stays possible after it}`` for every legal action:
        the full computation (every action in every sample, no shortcut).  Draws the same
        samples as :meth:`act` would at this point of the player's generator."""
        view = require_view(view)
        counts, _, _ = self._run(view, list(legal_actions), shortcuts=False)
        return counts

    def _run(self, view: ComradeView, legal: list, shortcuts: bool):
        """(counts, highs, calls): the counts found and the upper bounds of the full counts."""
        rng = random.Random(self.rng.getrandbits(64))
        bidding = view.phase == "bidding"
        n = self.bid_samples if bidding else self.samples
        order = self.heuristic.ranked(view, legal)
        rank = {str(a): i for i, a in enumerate(order)}
        classes = [[a] for a in legal] if bidding else equivalent_cards(view, legal, self.rules.ace_high)
        classmates = {str(a): {str(b) for b in g} for g in classes for a in g}
        groups = classes if shortcuts else [[a] for a in legal]
        groups = [sorted(g, key=lambda a: rank[str(a)]) for g in groups]     # representative first
        grank = [rank[str(g[0])] for g in groups]
        count = [0] * len(groups)
        done = [0] * len(groups)                  # samples evaluated for each group
        if bidding:                               # takes the own hand rules out never get a vote
            for i, g in enumerate(groups):
                if not self._may_win(view, g[0]):
                    done[i] = n
        alive = [i for i in range(len(groups)) if done[i] < n]
        calls = 0

        def prune() -> None:
            keep = set(still_possible(count, [c + n - d for c, d in zip(count, done)], grank))
            alive[:] = [i for i in alive if i in keep]

        hidden_samples = self._hidden_samples(view, n, rng)
        for _ in range(n):
            if shortcuts:
                prune()
                if len(alive) <= 1:
                    break
            game = game_from_view(view, next(hidden_samples), self.rules)
            if bidding:
                calls += 1
                plan = solve_position(game, time_limit=self.bid_time_limit, node_limit=self.bid_node_limit,
                                      check=False, engine=ENGINE)
                final = None if plan.verdict != "win" else [v for row in plan.bids for v in row]
                for i in alive:
                    done[i] += 1
                    if final is not None and self._keeps_plan(game, groups[i][0], final, plan.bids):
                        count[i] += 1
                continue
            # First the sample's position itself: with no win from there, no action keeps one;
            # with a win, its certificate's first card (and every card equivalent to it) keeps it.
            calls += 1
            root = solve_position(game, time_limit=self.time_limit, node_limit=self.node_limit, check=False,
                                  engine=ENGINE)
            won = root.certificate[0] if root.verdict == "win" else None
            for i in sorted(alive, key=lambda j: grank[j]):
                if shortcuts and i not in alive:
                    continue
                if root.verdict == "no_win" or won is not None and won in classmates[str(groups[i][0])]:
                    done[i] += 1
                    count[i] += root.verdict == "win"
                    continue
                child = game.clone()
                child.apply(groups[i][0])
                calls += 1
                res = solve_position(child, time_limit=self.time_limit, node_limit=self.node_limit, check=False,
                                     engine=ENGINE)
                done[i] += 1
                count[i] += res.verdict == "win"
                if shortcuts:
                    prune()
        counts, highs = {}, {}
        for i, g in enumerate(groups):
            for a in g:
                counts[str(a)] = count[i]
                highs[str(a)] = count[i] + n - done[i]
        return counts, highs, calls

    def _hidden_samples(self, view: ComradeView, n: int, rng: random.Random):
        """The hidden layouts of one decision, drawn lazily (one :func:`sample_hidden_hands` each), so a
        decision that stops early draws no more; a subclass may draw them otherwise."""
        for _ in range(n):
            yield sample_hidden_hands(view, rng)

    @staticmethod
    def _keeps_plan(game: ComradeGame, action, final, bids) -> bool:
        """After ``action`` can the rest of the bidding still end with the sample plan's bids?"""
        child = game.clone()
        child.apply(action)
        if child.phase == "bidding":
            return BiddingReach(child)(final)
        return child.phase == "play" and bid_matrix(child) == bids

    @staticmethod
    def _may_win(view: ComradeView, action) -> bool:
        """A bid action that the player's own hand does not already rule out: a take of *suit s,
        value v* needs at least v cards of s (the winner of a trick led in s plays one) and
        must fit under the total."""
        if not isinstance(action, BidCard):
            return True
        mine = view.bids[view.seat]
        room = len(view.hand) - sum(sum(b.values()) for b in view.bids)
        held = sum(1 for c in view.hand if c.suit == action.suit)
        return action.value <= held and action.value - mine.get(action.suit, 0) <= room

    def act(self, view, legal_actions: Sequence[Hashable]) -> Hashable:
        view = require_view(view)
        legal = list(legal_actions)
        if len(legal) == 1:                  # nothing to choose: no sample is drawn
            n = self.bid_samples if view.phase == "bidding" else self.samples
            self.last_scores = {str(legal[0]): n}
            self.last_bounds = {str(legal[0]): (n, n)}
            self.last_final = frozenset(self.last_scores)
            self.last_calls = 0
            return legal[0]
        counts, highs, calls = self._run(view, legal, shortcuts=True)
        self.last_scores = counts
        self.last_bounds = {a: (counts[a], highs[a]) for a in counts}
        self.last_final = frozenset(a for a in counts if counts[a] == highs[a])
        self.last_calls = calls
        return choose(self.heuristic.ranked(view, legal), counts)


def still_possible(low: Sequence[int], high: Sequence[int], rank: Sequence[int]) -> list[int]:
    """The actions that can still be chosen when action ``i``'s final count lies in
    ``low[i] .. high[i]`` (its count so far, plus the samples still to come for it) and ties go
    to the smaller ``rank``: ``i`` is out when some ``b`` already has ``low[b] > high[i]``, or
    ``low[b] == high[i]`` with ``rank[b] < rank[i]``.  The others can each still be chosen (if
    they win all their remaining samples and nobody else wins any), so the test is exact.

        >>> still_possible([5, 2, 4], [5, 5, 4], [1, 0, 2])     # 1 ties 0 at best and ranks first
        [0, 1]
    """
    best = max(range(len(low)), key=lambda j: (low[j], -rank[j]))
    return [i for i in range(len(low)) if i == best or
            not (low[best] > high[i] or low[best] == high[i] and rank[best] < rank[i])]


def choose(ranked: Sequence[Hashable], counts: dict[str, int]) -> Hashable:
    """The action with the highest count; ties go to the earliest in ``ranked`` (the heuristic's order).

        >>> choose(["pass", "S1", "H1"], {"pass": 3, "S1": 5, "H1": 5})
        'S1'
    """
    best = max(counts.values())
    for a in ranked:
        if counts[str(a)] == best:
            return a
    raise ValueError("no ranked action has a count")
