"""The one interface every game state in this package follows.

Modelled on OpenSpiel: a state knows whose turn it is, lists its legal actions,
applies one action at a time, knows when it is terminal and what each player
gets.  Bots, tests, tree explorers and notebook widgets therefore drive every
game the same way::

    state = SomeGame(seed=1)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    print(state.returns())

Rules of the contract (tests check them for every game):

* :meth:`GameState.legal_actions` lists exactly the actions :meth:`GameState.apply`
  accepts; actions are small hashable values whose ``str`` is their notation.
* :meth:`GameState.apply` raises an :class:`~cardgames.errors.IllegalActionError`
  subclass for anything else and then leaves the state exactly as it was.
* All randomness comes from the seed given at construction, so the same seed and
  the same actions always give the same game.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections import Counter
from typing import Any, Hashable, Sequence

from .errors import GameOverError, IllegalActionError, NotYourTurnError

__all__ = ["GameState"]


class GameState(ABC):
    """Abstract base for a game (or round) in progress.

    Subclasses implement :meth:`current_player`, :meth:`legal_actions`,
    :meth:`is_terminal`, :meth:`returns` and :meth:`_apply`; they may override
    :meth:`parse_action` (to accept text such as ``"H3"``), :meth:`explain_illegal`
    or :meth:`illegal_error` (to say *why* an action is refused, with their own
    exception classes) and :meth:`check` (when a game validates faster than by
    listing every legal action).
    """

    num_players: int

    # -- to implement -----------------------------------------------------
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` when the state is terminal."""

    @abstractmethod
    def legal_actions(self) -> list[Hashable]:
        """Every action the current player may take now (empty when terminal)."""

    @abstractmethod
    def is_terminal(self) -> bool:
        """True when the game (or round) is over."""

    @abstractmethod
    def returns(self) -> list[float]:
        """What each seat gets from this state (zeros until terminal, unless a game says otherwise)."""

    @abstractmethod
    def _apply(self, action: Hashable) -> None:
        """Apply an action already known to be legal."""

    # -- shared behaviour ------------------------------------------------------
    def parse_action(self, action: Any) -> Hashable:
        """Turn user input (e.g. a string) into an action; the default takes it as it is."""
        return action

    def explain_illegal(self, action: Hashable) -> str:
        """Why ``action`` is not legal now (a game overrides this, or :meth:`illegal_error`,
        with precise reasons)."""
        legal = self.legal_actions()
        shown = ", ".join(str(a) for a in legal[:12])
        return f"not among the legal actions ({shown}{', ...' if len(legal) > 12 else ''})"

    def illegal_error(self, action: Hashable) -> IllegalActionError:
        """The exception to raise for an illegal ``action``; a game returns its own subclasses here."""
        return IllegalActionError(action, self.explain_illegal(action))

    def over_reason(self) -> str:
        """Said when an action arrives after the end (a game may add how it ended)."""
        return "the game is already over"

    def check(self, action: Hashable) -> None:
        """Raise the specific :class:`~cardgames.errors.IllegalActionError` if ``action``
        (already parsed) is not legal now; changes nothing."""
        if action not in self.legal_actions():
            raise self.illegal_error(action)

    def apply(self, action: Any, player: int | None = None) -> None:
        """Apply one action for the current player.

        ``player``, when given, must be the seat whose turn it is (so a program can
        say who is acting and get :class:`~cardgames.errors.NotYourTurnError`
        otherwise).  An illegal action raises and changes nothing: the action is
        parsed and checked before anything is touched.
        """
        if self.is_terminal():
            raise GameOverError(action, self.over_reason())
        if player is not None and player != self.current_player():
            raise NotYourTurnError(action, f"it is seat {self.current_player()}'s turn, not seat {player}'s")
        parsed = self.parse_action(action)
        self.check(parsed)
        self._apply(parsed)

    def view(self, seat: int) -> Any:
        """What ``seat`` may see: its own hand, the public cards and the public actions,
        never another seat's hidden card.  Every game implements it (seated players and
        the play table use nothing else)."""
        raise NotImplementedError(f"{type(self).__name__} has no seat view")

    def hidden_cards(self, seat: int) -> "Counter[str]":
        """Every card instance ``seat`` may not see now, counted by identity (the card's code, the
        ``data-card`` of the play table); the hidden-card checks of the tests compare a seat's
        rendering against this and :meth:`visible_cards`."""
        raise NotImplementedError(f"{type(self).__name__} does not say which cards are hidden")

    def visible_cards(self, seat: int) -> "Counter[str]":
        """Every card instance ``seat`` may see now (so may be drawn face up), counted by identity."""
        raise NotImplementedError(f"{type(self).__name__} does not say which cards are visible")

    def once_shown_cards(self) -> "Counter[str]":
        """Cards shown face up to everyone at some moment that may be hidden again since (a special card
        used and shuffled back into the stock): the public log may name them, so a rendering that does is
        no leak.  None by default.

        >>> from cardgames import registry
        >>> registry.get("comrade").new_game(seed=1).once_shown_cards()
        Counter()
        """
        return Counter()

    def clone(self) -> "GameState":
        """An independent copy (including the random generator), for search and what-ifs."""
        return copy.deepcopy(self)

    def child(self, action: Any) -> "GameState":
        """A copy with ``action`` applied; this state is unchanged."""
        new = self.clone()
        new.apply(action)
        return new

    def play(self, actions: Sequence[Any]) -> "GameState":
        """Apply several actions in turn; returns ``self`` for chaining."""
        for a in actions:
            self.apply(a)
        return self
