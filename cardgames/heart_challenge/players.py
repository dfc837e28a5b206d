"""The computer players: random, a cautious heuristic that uses the exact odds, and the bluffing player.

:class:`~cardgames.heart_challenge.bluffing.BluffingPlayer` (the play table's default) bluffs, reads
the table and uses its special cards; :class:`CautiousPlayer` never bluffs and challenges only late
(the registry's reference player, kept for the golden playthroughs and for comparison);
:class:`~cardgames.heart_challenge.bluffing.NaivePlayer` is the trivial policy that beat it.

    >>> from cardgames.players import play_out
    >>> from cardgames.heart_challenge import HeartChallengeGame
    >>> g = play_out(HeartChallengeGame(4, seed=5), [CautiousPlayer(s) for s in range(4)])
    >>> g.is_terminal()
    True
"""

from __future__ import annotations

import random

from typing import Hashable, Sequence

from ..cards import Card
from ..players import BasePlayer, RandomPlayer
from .actions import Action
from .odds import challenge_odds
from .scoring import card_points
from .setup import is_heart, number_of, special_kind
from .view import HeartChallengeView

__all__ = ["RandomPlayer", "CautiousPlayer", "BluffingPlayer", "NaivePlayer", "StrategyParams"]


class CautiousPlayer(BasePlayer):
    """A careful player.

    * shows a non-heart marker; places roses (non-hearts that are not special) first, hearts only when
      nothing else is left;
    * starts a challenge when it has placed enough safe cards, declaring the largest number whose exact
      chance (:mod:`.odds`) is at least ``threshold``; raises only on the same condition;
    * saves itself with a J or K when it can, plays a joker as challenger only to escape a heart, and
      never uses a Q (worth 2 or 5 points in hand);
    * flips the tallest pile first; takes from the stock; gives a joker away whenever allowed;
    * over the hand limit, returns its worst-scoring card.
    """

    def __init__(self, seed: int | None = 0, threshold: float = 0.5, keep_in_hand: int = 2):
        self.seed = seed
        self.rng = random.Random(seed)
        self.threshold = threshold
        self.keep_in_hand = keep_in_hand

    def __repr__(self) -> str:
        return f"CautiousPlayer(seed={self.seed}, threshold={self.threshold})"

    def act(self, view: HeartChallengeView, legal_actions: Sequence[Hashable]) -> Action:
        """The action for the seat whose view this is (its own hand and the public table only)."""
        legal = list(legal_actions)
        me = view.seat
        phase = view.phase
        if phase == "marker":
            return Action.marker(self._marker(view))
        if phase in ("first", "q_place"):
            return self._place(view, legal)
        if phase == "turn":
            return self._turn(view, legal)
        if phase == "auction":
            want = self._best_number(view)
            if want > view.high and Action.raise_to(view.high + 1) in legal:
                return Action.raise_to(view.high + 1)
            return Action("pass")
        if phase == "window":
            uses = [a for a in legal if a.kind == "use"]
            if me == view.challenger:
                for kind in ("J", "K", "JK"):
                    for a in uses:
                        if special_kind(a.card) == kind:
                            return a
            return Action("decline")
        if phase in ("flip", "joker_pick"):
            flips = [a for a in legal if a.kind == "flip"]
            return max(flips, key=lambda a: (_face_down(view, a.n), -a.n))
        if phase == "take":
            return legal[0]
        if phase == "joker_gift":
            return Action("give")
        if phase == "limit":
            number = view.numbers[me]
            return min(legal, key=lambda a: (card_points(a.card, number), a.card.sort_key))
        return self.rng.choice(legal)

    @staticmethod
    def _marker(view: HeartChallengeView) -> Card:
        """A card of the seat's number, a non-heart if it has one (the marker shows the number)."""
        number = view.numbers[view.seat]
        mine = [c for c in view.hand if number_of(c) == number]
        return next((c for c in mine if c.suit != "H"), mine[0])

    @staticmethod
    def _roses(hand: Sequence[Card]) -> list[Card]:
        return [c for c in hand if not is_heart(c) and special_kind(c) is None]

    def _place(self, view: HeartChallengeView, legal: list[Action]) -> Action:
        hand = view.hand
        for group in (self._roses(hand), [c for c in hand if special_kind(c) in ("J", "K")],
                      [c for c in hand if not is_heart(c)]):
            if group:
                return Action.place(sorted(group, key=lambda c: c.sort_key)[0])
        return Action.place(hand[0])

    def _best_number(self, view: HeartChallengeView) -> int:
        odds = challenge_odds(view)
        best = 0
        for n in range(1, sum(len(p) for p in view.piles) + 1):
            if odds.chance(n) >= self.threshold:
                best = n
        return best

    def _turn(self, view: HeartChallengeView, legal: list[Action]) -> Action:
        if self._roses(view.hand) and len(view.hand) > self.keep_in_hand:
            return self._place(view, legal)
        n = max(self._best_number(view), 1)
        return Action.challenge(n)


def _face_down(view: HeartChallengeView, seat: int) -> int:
    """How many face-down cards seat ``seat``'s pile has (public: the pile's height is seen)."""
    return sum(1 for _, up in view.piles[seat] if not up)


from .bluffing import BluffingPlayer, NaivePlayer, StrategyParams  # noqa: E402  (the bluffing player's module)
