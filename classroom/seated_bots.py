"""Seated forms (``act(view, legal_actions)``) of the engines' state-based reference players,
for the play table.

Both heuristics below already decide from public information only, so a thin adapter
hands them the seat's view instead of the state:

* :class:`SeatedKrypkilleHeuristic` — :class:`cardgames.krypkille.players.HeuristicPlayer`
  (its ``choose`` already reads nothing but ``state.view(seat)``).
* :class:`CarefulComradeBidder` — a stand-in for Comrade until a real seated Comrade player
  lands: random, except that it never takes a bid card that pushes the total past the
  number of tricks (which loses at once), so a class gets to the trick play.
* :class:`SeatedCautiousPlayer` — :class:`cardgames.heart_challenge.players.CautiousPlayer`
  through :class:`_HeartChallengeSeat`, an object that answers the few questions the player
  asks (own hand, numbers, pile heights, the highest bid, the odds of its view) from the view.

    >>> from cardgames.heart_challenge import HeartChallengeGame
    >>> g = HeartChallengeGame(3, seed=4)
    >>> bot = SeatedCautiousPlayer(seed=0)
    >>> bot.act(g.view(g.current_player()), g.legal_actions()) in g.legal_actions()
    True
"""

from __future__ import annotations

from typing import Any, Hashable, Sequence

__all__ = ["SeatedKrypkilleHeuristic", "SeatedCautiousPlayer", "CarefulComradeBidder"]


class SeatedKrypkilleHeuristic:
    """Krypkille's :class:`~cardgames.krypkille.players.HeuristicPlayer`, seated."""

    def __init__(self, seed: int | None = 0, **kw):
        from cardgames.krypkille.players import HeuristicPlayer
        self.player = HeuristicPlayer(seed=seed, **kw)

    def act(self, view, legal_actions: Sequence[Hashable]) -> Hashable:
        from cardgames.krypkille.engine import DECLARE, PASS, Play
        p = self.player
        if view.phase == "discard":
            return p.discard(list(view.hand))
        if view.phase == "play":
            if view.current_trick:
                return legal_actions[0]  # the forced card
            return Play(p.lead_card(list(view.hand)))
        return DECLARE if p.should_declare(view) else PASS

    def __repr__(self) -> str:
        return f"SeatedKrypkilleHeuristic(seed={self.player.seed})"


class _HeartChallengeSeat:
    """What :class:`CautiousPlayer` asks of a game, answered from one seat's view only."""

    def __init__(self, view, legal: Sequence):
        self._view, self._legal = view, list(legal)
        me = view.seat
        self.phase, self.challenger, self.high = view.phase, view.challenger, view.high
        self.numbers = list(view.numbers)
        self.hands = [list(view.hands[s]) if s == me else [] for s in range(view.num_players)]

    def legal_actions(self):
        return list(self._legal)

    def current_player(self) -> int:
        return self._view.seat

    def view(self, seat):
        if seat != self._view.seat:
            raise ValueError("a seated player sees only its own view")
        return self._view

    def face_down(self, seat: int) -> int:
        return sum(1 for _, up in self._view.piles[seat] if not up)

    def placed_total(self) -> int:
        return sum(len(p) for p in self._view.piles)

    def default_marker(self, seat: int):
        from cardgames.heart_challenge.setup import number_of
        hand, number = self.hands[seat], self.numbers[seat]
        for c in hand:
            if number_of(c) == number and c.suit != "H":
                return c
        return next(c for c in hand if number_of(c) == number)


class SeatedCautiousPlayer:
    """Heart Challenge's :class:`~cardgames.heart_challenge.players.CautiousPlayer`, seated."""

    def __init__(self, seed: int | None = 0, **kw):
        from cardgames.heart_challenge.players import CautiousPlayer
        self.player = CautiousPlayer(seed=seed, **kw)

    def act(self, view, legal_actions: Sequence[Hashable]) -> Any:
        return self.player.choose(_HeartChallengeSeat(view, legal_actions))

    def __repr__(self) -> str:
        return f"SeatedCautiousPlayer(seed={self.player.seed})"


class CarefulComradeBidder:
    """Comrade, seated: a random legal action, but in the bidding only a bid card that keeps the
    bids' total within the tricks (computed from the view: the bids on the table and the hand
    sizes), else a pass.

    >>> from cardgames.comrade import ComradeGame
    >>> g = ComradeGame("N:A.K.. K.A.. Q.Q.. J.J..", dealer=0)
    >>> CarefulComradeBidder(seed=1).act(g.view(0), g.legal_actions()) in g.legal_actions()
    True
    """

    def __init__(self, seed: int | None = 0):
        import random
        self.seed = seed
        self.rng = random.Random(seed)

    def act(self, view, legal_actions: Sequence[Hashable]) -> Hashable:
        legal = list(legal_actions)
        if view.phase != "bidding":
            return self.rng.choice(legal)
        total = sum(sum(b.values()) for b in view.bids)
        tricks = max(view.hand_sizes)
        mine = view.bids[view.seat]
        safe = [a for a in legal if a != "pass" and total + a.value - mine.get(a.suit, 0) <= tricks]
        if safe and (tricks - total) > 0:
            return self.rng.choice(safe)
        return "pass" if "pass" in legal else self.rng.choice(legal)

    def __repr__(self) -> str:
        return f"CarefulComradeBidder(seed={self.seed})"
