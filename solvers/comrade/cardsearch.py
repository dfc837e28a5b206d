"""Silent players on top of the convention card: reading the table, and a search that improves on the card.

The design of the strongest programs for hidden-information card games (bridge: GIB, BEN;
Hanabi: SPARTA, Lerer et al. 2020), in a form a class can follow:

1. every seat follows a **known blueprint**, the convention card
   (:class:`~solvers.comrade.convention.ConventionCard`);
2. the hidden hands are sampled **in proportion to how well the card explains** every bid,
   pass and card seen (:func:`~solvers.comrade.inference.sample_worlds`);
3. a search **improves on the card only where it is clearly better**: each candidate action
   is tried in every sampled world and the game is played out with **every seat following
   the card afterwards** (a *rollout*).  The card's own choice is kept unless another
   candidate wins at least ``margin`` more of the worlds.

Why rollouts and not the all-hands-visible solver: the solver assumes that after this action
everyone plays perfectly *for that world*, which silent partners cannot do (strategy fusion,
notebook 22).  A rollout assumes exactly what the partners will really do: follow the card.

* :class:`CardSearchPlayer` — the card, the inference and the rollout search (the strongest
  silent player, study kind ``"card+inference+search"`` = ``"best"``);
* :class:`InferenceSamplingPlayer` — the card's bidding and the old perfect-information
  sampling in the play, but on worlds weighted by the card (study kind ``"card+inference"``).

Both see only their seat's view, and are seeded: the same seed and views give the same choices.

    >>> from cardgames.comrade import ComradeGame, Deal
    >>> game = ComradeGame(Deal.random(4), dealer=0)
    >>> p = CardSearchPlayer(samples=4, seed=1)
    >>> p.act(game.view(0), game.legal_actions()) in game.legal_actions()
    True
"""

from __future__ import annotations

import copy
import random
from typing import Hashable, Sequence

from cardgames.cards import Card, Hand
from cardgames.comrade import ComradeGame, PlayerView
from cardgames.comrade.players import require_view
from cardgames.comrade.rules import DEFAULT_RULES, ComradeRules

from .convention import ConventionCard
from .inference import TRUST_FLOOR, sample_worlds
from .position import solve_position
from .sampling import SamplingPlayer, equivalent_cards

__all__ = ["CardSearchPlayer", "InferenceSamplingPlayer", "rollout", "candidates", "seat_view", "fast_clone"]


def seat_view(game: ComradeGame, seat: int) -> PlayerView:
    """``game.view(seat)``, built faster: only the seat's own hand is sorted (the engine's
    :meth:`~cardgames.comrade.ComradeGame.view` sorts all four).  A test checks it equals the engine's."""
    tp = game.trickplay
    if tp is None or game.phase != "play":
        return game.view(seat)
    to_act = tp.current_player()
    return PlayerView(
        seat=seat, phase="play", dealer=game.dealer, hand=Hand(tp.hands[seat]).sorted(),
        hand_sizes=tuple(len(h) for h in tp.hands), bids=tuple(game.bidding.bids),
        middle=tuple(game.bidding.middle), bidding_history=tuple(game.bidding.history),
        tricks=tuple(tp.tricks), current_trick=tuple(tp.current), won=tuple(dict(w) for w in tp.won),
        to_act=to_act, result=None, loss_reason=None,
        legal_actions=tuple(tp.legal_actions()) if to_act == seat else ())


def fast_clone(game: ComradeGame) -> ComradeGame:
    """A copy of ``game`` that shares nothing mutable with it, without :func:`copy.deepcopy`
    (the bid cards, cards, tricks and bidding steps are immutable and can be shared)."""
    new = ComradeGame.__new__(ComradeGame)
    new.__dict__.update(game.__dict__)
    b = copy.copy(game.bidding)
    b.piles = [{s: list(v) for s, v in pile.items()} for pile in game.bidding.piles]
    b.taken = dict(game.bidding.taken)
    b.history = list(game.bidding.history)
    new.bidding = b
    if game.trickplay is not None:
        t = copy.copy(game.trickplay)
        t.hands = [list(h) for h in game.trickplay.hands]
        t.bids = [dict(x) for x in game.trickplay.bids]
        t.tricks = list(game.trickplay.tricks)
        t.current = list(game.trickplay.current)
        t.won = [dict(w) for w in game.trickplay.won]
        new.trickplay = t
    new.history = list(game.history)
    return new


def rollout(game: ComradeGame, card) -> float:
    """Play ``game`` to the end with every seat following ``card`` (each from its own view in that
    game).  ``game`` is changed.  The value: 1 for a win; for a loss in the play, half the share of
    the tricks completed before it (a loss later is a little better: the decision did less harm;
    this only separates actions when no rollout wins); 0 for a loss in the bidding."""
    while not game.is_terminal():
        seat = game.current_player()
        legal = game.legal_actions()
        game.apply(legal[0] if len(legal) == 1 else card.choose(seat_view(game, seat), legal))
    if game.result == "win":
        return 1.0
    if game.trickplay is None:
        return 0.0
    return 0.5 * (len(game.trickplay.tricks) - 1) / game.total


def candidates(view: PlayerView, legal: Sequence[Hashable], card, k: int, ace_high: bool = True) -> list:
    """The actions worth trying: the card's choice first, then the most likely others under the card's
    policy (one per class of equivalent cards, :func:`~solvers.comrade.sampling.equivalent_cards`),
    ``k`` in all at most; among equally likely ones the engine's order of ``legal``."""
    legal = list(legal)
    choice = card.choose(view, legal)
    pol = card.policy(view, legal)
    if view.phase == "bidding":
        classes = [[a] for a in legal]
    else:
        classes = equivalent_cards(view, legal, ace_high)
    reps = []
    for g in classes:
        reps.append(choice if choice in g else g[0])
    order = sorted(range(len(reps)), key=lambda i: (reps[i] != choice, -pol.get(reps[i], 0.0), i))
    return [reps[i] for i in order[:k]]


class CardSearchPlayer:
    """The convention card, improved by rollouts in worlds weighted by the card (module docstring).

    * ``samples`` — worlds per decision (drawn by :func:`~solvers.comrade.inference.sample_worlds`
      with ``method``; ``"resample"`` gives equally weighted worlds, ``"importance"`` weighted ones);
    * ``candidates`` — how many actions to try: the card's choice and the next most likely under
      the card (``bid_candidates`` for the bidding, default the same);
    * ``margin`` — another candidate replaces the card's choice only if it wins a share of the
      worlds at least this much larger (the rest of the time the card is followed: it is what
      the partners expect);
    * ``seed`` — the player's own generator: each decision draws one number from it;
    * ``card`` — the convention card (default :class:`ConventionCard` with ``rules``);
    * ``trust_floor`` — see :mod:`solvers.comrade.inference`.

    After each decision :attr:`last_scores` holds each candidate's share of worlds won,
    :attr:`last_worlds` the worlds, :attr:`last_reason` why the action was chosen.
    """

    def __init__(self, samples: int = 12, candidates: int = 3, margin: float = 0.15, seed: int | None = 0,
                 rules: ComradeRules = DEFAULT_RULES, card=None, trust_floor: float = TRUST_FLOOR,
                 method: str = "resample", bid_candidates: int | None = None, oversample: int = 4,
                 horizon: int | None = None, bid_horizon: int | None = 0, leaf: str = "mixed",
                 node_limit: int = 1000):
        if samples < 1:
            raise ValueError(f"samples must be at least 1, not {samples!r}")
        if candidates < 1 or (bid_candidates is not None and bid_candidates < 1):
            raise ValueError("candidates must be at least 1 (the card's own choice)")
        if not 0 <= margin <= 1:
            raise ValueError(f"margin is a share of worlds, between 0 and 1, not {margin!r}")
        self.samples = samples
        self.candidates = candidates
        self.bid_candidates = candidates if bid_candidates is None else bid_candidates
        self.margin = margin
        self.seed = seed
        self.rng = random.Random(seed)
        self.rules = rules
        self.card = card or ConventionCard(rules)
        self.trust_floor = trust_floor
        self.method = method
        self.oversample = oversample
        if leaf not in ("solver", "mixed"):
            raise ValueError(f"leaf must be 'solver' or 'mixed', not {leaf!r}")
        for name, h in (("horizon", horizon), ("bid_horizon", bid_horizon)):
            if h is not None and (isinstance(h, bool) or not isinstance(h, int) or h < 0):
                raise ValueError(f"{name} must be a number of tricks (0 or more) or None, not {h!r}")
        self.horizon = horizon
        self.bid_horizon = bid_horizon
        self.leaf = leaf
        self.node_limit = node_limit
        self.solver_calls = 0
        self.last_scores: dict[str, float] = {}
        self.last_worlds = None
        self.last_reason = ""

    def __repr__(self) -> str:
        return f"CardSearchPlayer(samples={self.samples}, margin={self.margin}, seed={self.seed})"

    def scores(self, view: PlayerView, cands: Sequence[Hashable], rng: random.Random) -> dict[str, float]:
        """Each candidate's weighted mean rollout value over the sampled worlds (:func:`rollout`: 1 per win)."""
        worlds = sample_worlds(view, self.card, self.samples, rng, self.trust_floor, method=self.method,
                               oversample=self.oversample, rules=self.rules)
        self.last_worlds = worlds
        out = {str(a): 0.0 for a in cands}
        for i, w in enumerate(worlds.weights):
            if w <= 0:
                continue
            base = worlds.game(i, self.rules)
            for a in cands:
                g = fast_clone(base)
                g.apply(a)
                out[str(a)] += w * self._value(g, view.phase)
        return out

    def _value(self, game: ComradeGame, phase: str) -> float:
        """The value of one world after one candidate of a decision in ``phase`` (see the class
        docstring: ``horizon``, ``bid_horizon`` and ``leaf``)."""
        horizon = self.bid_horizon if phase == "bidding" else self.horizon
        if horizon is None:
            return rollout(game, self.card)
        target = len(game.tricks) + horizon
        while not game.is_terminal() and not (game.phase == "play" and len(game.tricks) >= target
                                               and not game.trickplay.current):
            seat = game.current_player()
            legal = game.legal_actions()
            game.apply(legal[0] if len(legal) == 1 else self.card.choose(seat_view(game, seat), legal))
        if game.is_terminal():
            return 1.0 if game.result == "win" else 0.0
        self.solver_calls += 1
        verdict = solve_position(game, None, check=False, node_limit=self.node_limit, engine="search").verdict
        if verdict == "no_win":
            return 0.0
        if self.leaf == "solver" and verdict == "win":
            return 1.0
        # "mixed" (or the solver out of budget): half for a win still possible, half for the card's rollout
        return (0.5 if verdict == "win" else 0.0) + (0.5 if self.leaf == "mixed" and verdict == "win" else 1.0) \
            * rollout(game, self.card)

    def act(self, view, legal_actions: Sequence[Hashable]) -> Hashable:
        view = require_view(view)
        legal = list(legal_actions)
        rng = random.Random(self.rng.getrandbits(64))
        k = self.bid_candidates if view.phase == "bidding" else self.candidates
        cands = candidates(view, legal, self.card, k, self.rules.ace_high)
        choice = cands[0]
        if len(cands) == 1:
            self.last_scores, self.last_reason = {str(choice): 1.0}, "the card's choice: nothing else to try"
            return choice
        scores = self.scores(view, cands, rng)
        self.last_scores = scores
        best = max(cands, key=lambda a: (scores[str(a)], a == choice))
        if best != choice and scores[str(best)] >= scores[str(choice)] + self.margin:
            self.last_reason = (f"search: {best} wins {scores[str(best)]:.0%} of the worlds, the card's "
                                f"{choice} {scores[str(choice)]:.0%}")
            return best
        self.last_reason = f"the card's choice ({choice}): no candidate is better by {self.margin:.0%}"
        return choice


class InferenceSamplingPlayer(SamplingPlayer):
    """The card's bidding, and in the play perfect-information sampling (:class:`SamplingPlayer`)
    on worlds drawn in proportion to how well the card explains the others' actions, ties going to
    the card's choice.  It reads the table, but still assumes everyone sees every card after the
    decision (strategy fusion); the rollout search of :class:`CardSearchPlayer` does not."""

    def __init__(self, samples: int = 8, seed: int | None = 0, rules: ComradeRules = DEFAULT_RULES, card=None,
                 trust_floor: float = TRUST_FLOOR, **kw):
        super().__init__(samples=samples, seed=seed, rules=rules, **kw)
        self.card = card or ConventionCard(rules)
        self.trust_floor = trust_floor
        self.heuristic = _CardOrder(self.card)

    def __repr__(self) -> str:
        return f"InferenceSamplingPlayer(samples={self.samples}, seed={self.seed})"

    def _hidden_samples(self, view: PlayerView, n: int, rng: random.Random):
        worlds = sample_worlds(view, self.card, n, rng, self.trust_floor, method="resample", rules=self.rules)
        return iter(worlds.hands)

    def act(self, view, legal_actions: Sequence[Hashable]) -> Hashable:
        view = require_view(view)
        if view.phase == "bidding":
            return self.card.choose(view, legal_actions)
        return super().act(view, legal_actions)


class _CardOrder:
    """The tie order of :class:`SamplingPlayer` taken from the card: its choice first, then by policy."""

    def __init__(self, card):
        self.card = card

    def ranked(self, view, legal_actions):
        legal = list(legal_actions)
        choice = self.card.choose(view, legal)
        pol = self.card.policy(view, legal)
        return sorted(legal, key=lambda a: (a != choice, -pol.get(a, 0.0), legal.index(a)))
