"""Rules engines for trick-taking card games, made for teaching.

* :mod:`cardgames.cards` — the standard 52-card deck with jokers and its codes (``SA``, ``HT``, ``JK``).
* :mod:`cardgames.krypkille` — Krypkille, a Swedish last-card game with the 42-card Kille deck.
* :mod:`cardgames.comrade` — Comrade (カムレッド), a cooperative exact-bid trick-taking game.
* :mod:`cardgames.heart_challenge` — Heart Challenge, a playing-card variant of *Skull & Roses*.
* :mod:`cardgames.game` — the interface every game state follows (legal actions, apply, returns).

Every bad input raises a :class:`ValueError` subclass from :mod:`cardgames.errors`.
"""

from .cards import Card, Hand, parse_card, parse_cards
from .errors import (CardNotInHandError, CardParseError, GameError, GameOverError, IllegalActionError,
                     NotYourTurnError, ParseError, RuleConfigError, SeatError, WrongPhaseError)
from .game import GameState

__version__ = "0.1.0"

__all__ = [
    "Card", "Hand", "parse_card", "parse_cards", "GameState",
    "GameError", "ParseError", "CardParseError", "RuleConfigError",
    "IllegalActionError", "NotYourTurnError", "GameOverError", "WrongPhaseError", "CardNotInHandError",
    "SeatError",
]
