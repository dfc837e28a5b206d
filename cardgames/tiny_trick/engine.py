"""The Tiny Trick engine: :class:`TinyTrickGame`, a :class:`~cardgames.game.GameState` in about a hundred lines.

    >>> game = TinyTrickGame(seed=4)
    >>> game.current_player(), game.legal_actions() == game.hands[1]
    (1, True)
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Hashable

from ..cards import Card, parse_card
from ..errors import IllegalActionError, RuleConfigError, check_seat
from ..game import GameState
from .errors import CardNotInHandError, MustFollowSuitError
from .options import DECK, HAND_SIZE, TinyTrickOptions
from .view import TinyTrickView

__all__ = ["TinyTrickGame"]


class TinyTrickGame(GameState):
    """One deal of Tiny Trick, from ``seed``; seat 0 deals and seat 1 leads."""

    def __init__(self, num_players: int = 2, seed: int | None = None, options: TinyTrickOptions | None = None):
        self.options = options or TinyTrickOptions(num_players)
        self.num_players = self.options.num_players
        deck = list(DECK)
        random.Random(seed).shuffle(deck)
        self.hands = [sorted(deck[i * HAND_SIZE:(i + 1) * HAND_SIZE], key=lambda c: c.sort_key)
                      for i in range(self.num_players)]
        self.tricks: list[list[tuple[int, Card]]] = []
        self.current_trick: list[tuple[int, Card]] = []
        self.tricks_won = [0] * self.num_players
        self._leader = 1 % self.num_players

    # -- the contract ----------------------------------------------------------------
    def current_player(self) -> int | None:
        if self.is_terminal():
            return None
        return (self._leader + len(self.current_trick)) % self.num_players

    def _to_act(self) -> int:
        seat = self.current_player()
        if seat is None:
            raise RuleConfigError("the game is over: nobody is to act")
        return seat

    def legal_actions(self) -> list[Hashable]:
        if self.is_terminal():
            return []
        hand = self.hands[self._to_act()]
        if self.current_trick:
            led = self.current_trick[0][1].suit
            follow = [c for c in hand if c.suit == led]
            return list(follow or hand)
        return list[Hashable](hand)

    def is_terminal(self) -> bool:
        return len(self.tricks) == HAND_SIZE

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.num_players
        best = max(self.tricks_won)
        winners = [s for s, n in enumerate(self.tricks_won) if n == best]
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(self.num_players)]

    def parse_action(self, action: Any) -> Hashable:
        return parse_card(action) if isinstance(action, str) else action

    def illegal_error(self, action: Hashable) -> IllegalActionError:
        hand = self.hands[self._to_act()]
        if action not in hand:
            return CardNotInHandError(action, "that card is not in your hand")
        return MustFollowSuitError(action, f"you must follow suit ({self.current_trick[0][1].suit}) while you can")

    def _apply(self, action: Hashable) -> None:
        assert isinstance(action, Card)   # checked legal: one of the hand's cards
        seat = self._to_act()
        self.hands[seat].remove(action)
        self.current_trick.append((seat, action))
        if len(self.current_trick) == self.num_players:
            led = self.current_trick[0][1].suit
            winner = max((p for p in self.current_trick if p[1].suit == led), key=lambda p: p[1].rank)[0]
            self.tricks.append(self.current_trick)
            self.current_trick = []
            self.tricks_won[winner] += 1
            self._leader = winner

    # -- what a seat sees ------------------------------------------------------------
    def view(self, seat: int) -> TinyTrickView:
        check_seat(seat, self.num_players)
        return TinyTrickView(
            seat=seat, num_players=self.num_players, phase="over" if self.is_terminal() else "play",
            current_player=self.current_player(), hand=tuple(self.hands[seat]),
            hand_sizes=tuple(len(h) for h in self.hands), tricks=tuple(tuple(t) for t in self.tricks),
            current_trick=tuple(self.current_trick), tricks_won=tuple(self.tricks_won),
            legal_actions=tuple(self.legal_actions()) if seat == self.current_player() else ())

    def hidden_cards(self, seat: int) -> Counter:
        check_seat(seat, self.num_players)
        out = Counter(c.code for s, h in enumerate(self.hands) if s != seat for c in h)
        dealt = {c for h in self.hands for c in h} | {c for t in self.tricks for _, c in t} | \
                {c for _, c in self.current_trick}
        out.update(c.code for c in DECK if c not in dealt)   # the cards left out of a 2-player deal
        return out

    def visible_cards(self, seat: int) -> Counter:
        check_seat(seat, self.num_players)
        out = Counter(c.code for c in self.hands[seat])
        out.update(c.code for t in self.tricks for _, c in t)
        out.update(c.code for _, c in self.current_trick)
        return out

    def __repr__(self) -> str:
        return f"TinyTrickGame({self.num_players} players, trick {len(self.tricks) + 1}, won {self.tricks_won})"

    def _repr_html_(self) -> str:
        from .display import game_html

        return game_html(self)
