"""A silent player that samples the hidden hands and asks the solver (perfect-information Monte Carlo).

The method of bridge's GIB and Skat's Kermit: the player does not know the other hands,
so it *imagines* ``samples`` of them consistent with everything it has seen, solves each
imagined deal with all hands visible (:func:`~solvers.comrade.position.analyse`) and
chooses the action that keeps a win in the most samples.

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
from cardgames.comrade import BidCard, ComradeGame, Deal, PlayerView
from cardgames.comrade.players import HeuristicPlayer, public_voids, require_view, unseen_cards
from cardgames.comrade.rules import DEFAULT_RULES, ComradeRules
from cardgames.comrade.variant import variant_for

from .position import BiddingReach, _bid_matrix, analyse, solve_position

__all__ = ["SamplingPlayer", "sample_hidden_hands", "game_from_view", "SampleError"]


class SampleError(ValueError):
    """No deal is consistent with the view (its hand sizes and shown voids contradict each other)."""


def sample_hidden_hands(view: PlayerView, rng: random.Random) -> list[list[Card]]:
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
    subsets = [[s for i, s in enumerate(SUITS) if m >> i & 1] for m in range(1, 16)]

    def feasible() -> bool:
        for sub in subsets:
            need = sum(left[s] for s in sub)
            if need and need > sum(room[b] for b in bins if accepts[b] & set(sub)):
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


def game_from_view(view: PlayerView, hidden: Sequence[Sequence[Card]],
                   rules: ComradeRules = DEFAULT_RULES) -> ComradeGame:
    """The game at ``view``'s position if the seats now hold ``hidden[seat]``: the original deal
    (held + played cards) with every public action of the view replayed through the engine."""
    view = require_view(view)
    n = len(view.hand_sizes)
    played: list[list[Card]] = [[] for _ in range(n)]
    plays = [pc for t in view.tricks for pc in t.plays] + list(view.current_trick)
    for p, c in plays:
        played[p].append(c)
    deal = Deal([list(hidden[p]) + played[p] for p in range(n)], variant_for(n))
    game = ComradeGame(deal, dealer=view.dealer, rules=rules)
    for step in view.bidding_history:
        game.apply(step.action)
    for _, c in plays:
        game.apply(c)
    return game


class SamplingPlayer:
    """Perfect-information Monte Carlo (see the module docstring).

    * ``samples`` — how many hidden deals to imagine per decision (N);
    * ``seed`` — seeds the player's own generator (same seed, same views: same choices);
    * ``time_limit`` — seconds for each solver call; an ``"unknown"`` counts as no win;
    * ``bid_samples``, ``bid_time_limit`` — the same for bidding decisions (a position in the
      bidding is slower to solve: the rest of the bidding is open).  A take the player's own
      hand rules out (*suit s, value v* with fewer than v cards of s, or over the total) is
      scored 0 without a search;
    * ``rules`` — the rule options the table plays with.

    :attr:`last_scores` holds, after each decision, the number of samples in which each
    action kept a win.
    """

    def __init__(self, samples: int = 32, seed: int | None = 0, time_limit: float = 0.5,
                 rules: ComradeRules = DEFAULT_RULES, bid_samples: int | None = None,
                 bid_time_limit: float = 0.2):
        if samples < 1:
            raise ValueError(f"samples must be at least 1, not {samples!r}")
        self.samples = samples
        self.bid_samples = samples if bid_samples is None else bid_samples
        self.bid_time_limit = bid_time_limit
        self.seed = seed
        self.rng = random.Random(seed)
        self.time_limit = time_limit
        self.rules = rules
        self.heuristic = HeuristicPlayer(rules)
        self.last_scores: dict[str, int] = {}

    def __repr__(self) -> str:
        return f"SamplingPlayer(samples={self.samples}, seed={self.seed})"

    def scores(self, view, legal_actions: Sequence[Hashable]) -> dict[str, int]:
        """``{action: samples in which a win stays possible after it}`` for every legal action."""
        view = require_view(view)
        legal = [str(a) for a in legal_actions]
        counts = {a: 0 for a in legal}
        if view.phase == "bidding":
            candidates = [a for a in legal_actions if self._may_win(view, a)]
            for _ in range(self.bid_samples):
                game = game_from_view(view, sample_hidden_hands(view, self.rng), self.rules)
                plan = solve_position(game, time_limit=self.bid_time_limit, check=False)
                if plan.verdict != "win":
                    continue
                final = [v for row in plan.bids for v in row]
                for a in candidates:
                    child = game.clone()
                    child.apply(a)
                    if child.phase == "bidding" and BiddingReach(child)(final) or \
                            child.phase == "play" and _bid_matrix(child) == plan.bids:
                        counts[str(a)] += 1
            return counts
        for _ in range(self.samples):
            game = game_from_view(view, sample_hidden_hands(view, self.rng), self.rules)
            for row in analyse(game, time_limit=self.time_limit):
                if row.verdict == "win" and row.action in counts:
                    counts[row.action] += 1
        return counts

    @staticmethod
    def _may_win(view: PlayerView, action) -> bool:
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
        if len(legal) == 1:
            self.last_scores = {str(legal[0]): self.samples}
            return legal[0]
        counts = self.scores(view, legal)
        self.last_scores = counts
        best = max(counts.values())
        for a in self.heuristic.ranked(view, legal):      # ties: the heuristic's order
            if counts[str(a)] == best:
                return a
        raise AssertionError("unreachable: some action has the best count")  # pragma: no cover
