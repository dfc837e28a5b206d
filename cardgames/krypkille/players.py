"""Reference players for Krypkille, and helpers to simulate rounds and matches.

A player has ``choose(state) -> action`` and only looks at what its seat may see
(:meth:`KrypkilleGame.view <cardgames.krypkille.engine.KrypkilleGame.view>`).

* :class:`RandomPlayer` — uniformly random legal actions (so random discards,
  random leads and a coin flip at the declaration).
* :class:`HeuristicPlayer` — a simple, explainable strategy (see its docstring).

    >>> rnd = play_round([HeuristicPlayer(seed=s) for s in range(4)], seed=11)
    >>> rnd.phase, len(rnd.scores)
    ('over', 4)
"""

from __future__ import annotations

import random
from math import comb
from typing import Hashable, Sequence

from ..errors import shown
from ..players import BasePlayer, RandomPlayer, play_out
from .deck import Kind
from .engine import DECLARE, PASS, Discard, KrypkilleGame, Play
from .match import KrypkilleMatch
from .options import MAX_DISCARDS
from .rules import COWARD_PENALTY, FAILURE_SURCHARGE
from .view import KrypkilleView

__all__ = ["RandomPlayer", "HeuristicPlayer", "success_probability", "play_round", "play_match"]


def success_probability(view: KrypkilleView) -> float:
    """Chance that ``view.seat``'s final card is the unique lowest, if the other final
    cards were a uniform draw from the cards this seat has not seen.

    It ignores what earlier passes say (a pass hints at a higher card); the
    endgame explorer (:mod:`solvers.krypkille_endgame`) takes that into account.

    >>> r = KrypkilleGame.for_declaration(["Mask", "Pig", "9"])
    >>> round(success_probability(r.view(0)), 3)   # only the other Mask can beat it (tie = failure)
    0.951
    """
    mine = view.hand[0]
    unseen = view.unseen_cards()
    others = [s for s in range(view.num_players) if s != view.seat and s not in view.shown]
    if any(k <= mine for s, k in view.shown.items() if s != view.seat):
        return 0.0
    need = len(others)
    higher = sum(1 for k in unseen if k > mine)
    if need == 0:
        return 1.0
    if len(unseen) < need:
        return 0.0
    return comb(higher, need) / comb(len(unseen), need)


class HeuristicPlayer(BasePlayer):
    """A sensible, explainable Krypkille strategy.

    The aim is a *low* final card: the holder of the unique lowest card can
    declare and score 0 while the others pay, and a high final card (a Harlequin
    costs 50) is what hurts.  But the final card is whatever survives four
    forced plays, and the forcing rule shapes the plan:

    * a follower who holds a card **at least as strong** as the trick's top card
      must play the lowest such card; one who does not must throw their **lowest**
      card.  So a low card survives only behind *shields*: high cards that let the
      hand follow high.  Middle cards are the worst of both worlds: too high to win
      as a final card, too low to protect a low one.

    Discard (0-3 cards): keep the lowest card when it is low (at most
    ``keep_low``, default the numeral 2), keep shields (at least ``shield``,
    default the 10), and discard the middle cards, weakest first, up to three;
    when the lowest card is not low, it counts as a middle card too (draw for a
    lower one).

    Lead: the strongest card in hand.  It usually wins the trick, so this player
    keeps the lead (never a forced follower) and keeps its lowest card for last;
    and every opponent who cannot reach that card must throw away *their* lowest
    card, which makes our final card more likely to be the lowest.

    Declare or pass: estimate ``p`` = :func:`success_probability` (the other final
    cards as a random draw from the unseen cards), times ``boldness`` (capped at
    1).  The uniform draw is pessimistic: many unseen cards lie in the stock or in
    other players' discards, and the forced follows strip low cards from hands
    that cannot reach the top card, so the other final cards are stronger than a
    uniform draw; ``boldness=2`` was chosen by simulating 1,500 seeded rounds
    (one bold player among three with ``boldness=1`` averaged 4.4 penalty points a
    round, they 5.4; one cautious player among three bold ones 6.0, they 5.5).  Declaring costs
    ``(1 - p) x (penalty + 10)`` on average;
    passing costs about ``p x 10`` (the coward's penalty, if nobody declares)
    plus, if someone else may still declare, ``(1 - p) x other_success x
    penalty``.  Declare when declaring is cheaper.
    """

    def __init__(self, seed: int | None = 0, keep_low: Kind = Kind.TWO, shield: Kind = Kind.TEN,
                 lead: str = "high", other_success: float = 0.5, boldness: float = 2.0):
        if lead not in ("high", "low"):
            raise ValueError(f"lead must be 'high' or 'low', not {shown(lead)}")
        self.seed = seed
        self.rng = random.Random(seed)
        self.keep_low = keep_low
        self.shield = shield
        self.lead = lead
        self.other_success = other_success
        self.boldness = boldness

    def act(self, view: KrypkilleView, legal_actions: Sequence[Hashable]) -> Hashable:
        """The action for the seat whose view this is (its own hand and the public record only)."""
        if view.phase == "discard":
            return self.discard(list(view.hand))
        if view.phase == "play":
            if view.current_trick:
                return legal_actions[0]  # the forced card: nothing to choose
            return Play(self.lead_card(list(view.hand)))
        return DECLARE if self.should_declare(view) else PASS

    def discard(self, hand: list[Kind]) -> Discard:
        hand = sorted(hand)
        keep = set()
        if hand[0] <= self.keep_low:
            keep.add(0)
        middle = [i for i, k in enumerate(hand) if i not in keep and k < self.shield]
        return Discard(tuple(hand[i] for i in middle[:MAX_DISCARDS]))

    def lead_card(self, hand: list[Kind]) -> Kind:
        if self.lead == "high" or len(hand) == 1:
            return max(hand)
        return sorted(hand)[1]  # the lowest card except the one we hope to keep

    def should_declare(self, view: KrypkilleView) -> bool:
        p = min(1.0, self.boldness * success_probability(view))
        mine = view.hand[0]
        penalty = view.penalties[mine]
        order = list(view.declaring_order or ())
        later = order[order.index(view.seat) + 1:] if view.seat in order else []
        cost_declare = (1 - p) * (penalty + FAILURE_SURCHARGE)
        cost_pass = p * COWARD_PENALTY + (1 - p) * (self.other_success if later else 0.0) * penalty
        return cost_declare < cost_pass

    def __repr__(self) -> str:
        return f"HeuristicPlayer(seed={self.seed})"


def play_round(players: Sequence, num_players: int | None = None, dealer: int = 0, seed: int | None = None,
               options=None) -> KrypkilleGame:
    """Deal a round and let ``players[seat]`` play every seat; returns the finished round."""
    rnd = KrypkilleGame(num_players or len(players), dealer=dealer, seed=seed, options=options)
    return play_out(rnd, players)


def play_match(players: Sequence, seed: int | None = None, **match_args) -> KrypkilleMatch:
    """Play a whole :class:`KrypkilleMatch` with ``players[match seat]``."""
    match = KrypkilleMatch(num_players=len(players), seed=seed, **match_args)
    return play_out(match, players)

