"""A Krypkille match: rounds with the deal passing clockwise, running totals, and (optionally) elimination."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, Hashable

from ..errors import RuleConfigError, SeatError, check_seat, shown
from ..game import GameState
from .deck import Kind
from .engine import KrypkilleGame
from .view import KrypkilleView
from .options import MAX_PLAYERS, MIN_PLAYERS, KrypkilleOptions
from .rules import Outcome

__all__ = ["RoundResult", "KrypkilleMatch"]


@dataclass(frozen=True)
class RoundResult:
    """One finished round of a match, in match seats."""

    number: int
    dealer: int
    seats: tuple[int, ...]
    final_cards: tuple[Kind, ...]
    declarer: int | None
    outcome: Outcome
    scores: tuple[int, ...]


class KrypkilleMatch(GameState):
    """Rounds of Krypkille with the deal passing clockwise and running totals.

    ``rounds``: how many rounds (default: each player deals once, unless an
    ``elimination_total`` is given, in which case play goes on until one player
    remains, or at most ``max_rounds`` rounds (1,000) as a safety stop).  ``elimination_total``: a
    player whose total reaches it leaves the table (Swedish rules; the seed does not say when a match
    ends).  The match is itself a :class:`~cardgames.game.GameState`: its actions are those of the
    current round (``.round``), and the next round starts by itself.  Seats of
    the match are fixed; when players have been eliminated, round seat ``i`` is
    match seat ``.round_seats[i]``.

    >>> m = KrypkilleMatch(num_players=3, seed=1)
    >>> while not m.is_terminal():
    ...     m.apply(m.legal_actions()[0])
    >>> len(m.results), [r.dealer for r in m.results], sum(m.totals) == sum(sum(r.scores) for r in m.results)
    (3, [0, 1, 2], True)
    """

    def __init__(self, num_players: int = 4, rounds: int | None = None, elimination_total: int | None = None,
                 seed: int | None = None, options: "KrypkilleOptions | dict | None" = None, first_dealer: int = 0,
                 max_rounds: int = 1000):
        if isinstance(num_players, bool) or not isinstance(num_players, int) \
                or not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
            raise RuleConfigError(
                f"Krypkille is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {shown(num_players)}")
        if rounds is None and elimination_total is None:
            rounds = num_players
        if rounds is not None and (isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1):
            raise RuleConfigError(f"a match needs at least one round, not {shown(rounds)}")
        if elimination_total is not None and (isinstance(elimination_total, bool)
                                              or not isinstance(elimination_total, int) or elimination_total < 1):
            raise RuleConfigError(f"the elimination total must be a positive number, not {shown(elimination_total)}")
        if isinstance(first_dealer, bool) or not isinstance(first_dealer, int) \
                or not 0 <= first_dealer < num_players:
            raise RuleConfigError(f"first_dealer {shown(first_dealer)} is not a seat")
        self.num_players = num_players
        self.rounds = rounds
        self.elimination_total = elimination_total
        self.max_rounds = max_rounds
        self.options = KrypkilleOptions.coerce(options)
        self.seed = seed
        self.rng = random.Random(seed)
        self.totals = [0] * num_players
        self.active = list(range(num_players))
        self.eliminated: list[int] = []
        self.results: list[RoundResult] = []
        self.dealer = first_dealer
        self._new_round()

    def _new_round(self) -> None:
        self.round_seats = list(self.active)
        self.round = KrypkilleGame(len(self.round_seats), self.round_seats.index(self.dealer),
                                    seed=self.rng.randrange(2 ** 32), options=self.options)

    def is_terminal(self) -> bool:
        if self.rounds is not None and len(self.results) >= self.rounds:
            return True
        if len(self.active) < MIN_PLAYERS:
            return True
        return len(self.results) >= self.max_rounds

    def current_player(self) -> int | None:
        if self.is_terminal():
            return None
        return self.round_seats[self.round.current_player()]

    def view(self, seat: int) -> KrypkilleView:
        """What match seat ``seat`` may see of the round being played (:meth:`KrypkilleGame.view`;
        its seat numbers are the round's, which skip the players already out)."""
        check_seat(seat, self.num_players)
        if seat not in self.round_seats:
            raise SeatError(f"seat {seat} is out of the match: it has no hand in this round")
        return self.round.view(self.round_seats.index(seat))

    def hidden_cards(self, seat: int) -> Counter:
        """The cards match seat ``seat`` may not see in the round being played (every card, for a seat that is out)."""
        check_seat(seat, self.num_players)
        if seat not in self.round_seats:   # out of the match: a spectator of the round
            rnd, shown = self.round, self.round.shown_cards()
            out = Counter(k.name for k in rnd.stock)
            for s, hand in enumerate(rnd.hands):
                out.update(k.name for k in hand)
                out.update(k.name for k in rnd.discards[s])
            out.subtract(k.name for k in shown.values())
            return +out
        return self.round.hidden_cards(self.round_seats.index(seat))

    def visible_cards(self, seat: int) -> Counter:
        check_seat(seat, self.num_players)
        if seat not in self.round_seats:
            return Counter(r.kind.name for r in self.round.play_log) + Counter(
                k.name for k in self.round.shown_cards().values())
        return self.round.visible_cards(self.round_seats.index(seat))

    def legal_actions(self) -> list[Hashable]:
        return [] if self.is_terminal() else self.round.legal_actions()

    def parse_action(self, action: Any) -> Hashable:
        return self.round.parse_action(action)

    def explain_illegal(self, action: Hashable) -> str:
        return self.round.explain_illegal(action)

    def over_reason(self) -> str:
        return "the match is over"

    def check(self, action: Hashable) -> None:
        self.round.check(action)

    def _apply(self, action: Hashable) -> None:
        self.round._apply(action)
        if self.round.is_terminal():
            self._record()

    def _record(self) -> None:
        r = self.round
        scores = [0] * self.num_players
        for i, seat in enumerate(self.round_seats):
            scores[seat] = r.scores[i]
            self.totals[seat] += r.scores[i]
        finals = [None] * self.num_players
        for i, seat in enumerate(self.round_seats):
            finals[seat] = r.final_cards()[i]
        self.results.append(RoundResult(
            number=len(self.results) + 1, dealer=self.dealer, seats=tuple(self.round_seats),
            final_cards=tuple(finals), declarer=None if r.declarer is None else self.round_seats[r.declarer],
            outcome=r.outcome, scores=tuple(scores)))
        if self.elimination_total is not None:
            out = [s for s in self.active if self.totals[s] >= self.elimination_total]
            self.eliminated.extend(out)
            self.active = [s for s in self.active if s not in out]
        # The deal passes clockwise to the next player still at the table.
        for step in range(1, self.num_players + 1):
            nxt = (self.dealer + step) % self.num_players
            if nxt in self.active:
                self.dealer = nxt
                break
        if not self.is_terminal():
            self._new_round()

    def returns(self) -> list[float]:
        """Minus each seat's total (higher is better)."""
        return [-float(t) for t in self.totals]

    def winners(self) -> list[int]:
        """Seats with the lowest total among those still at the table (all seats if everyone is out)."""
        pool = self.active or list(range(self.num_players))
        best = min(self.totals[s] for s in pool)
        return [s for s in pool if self.totals[s] == best]

    def __repr__(self) -> str:
        return (f"KrypkilleMatch(num_players={self.num_players}, rounds played={len(self.results)}, "
                f"totals={self.totals})")

    def _repr_html_(self) -> str:
        from .display import match_html

        return match_html(self)

