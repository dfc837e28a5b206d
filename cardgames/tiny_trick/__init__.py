"""Tiny Trick: the smallest trick-taking game, and the worked example of how to add a game.

Two or three players, three cards each from a nine-card deck (A, K, Q of spades, hearts and
clubs).  The player after the dealer leads; the others must follow suit if they can; the highest
card of the led suit wins the trick and leads the next.  After three tricks, whoever took the most
tricks scores 1 (a tie shares it).  It exists to show the template every game of this package follows
(``docs/adding_a_game.md``): :mod:`.engine` (:class:`TinyTrickGame`, a :class:`~cardgames.game.GameState`),
:mod:`.view` (:class:`TinyTrickView`, what one seat sees), :mod:`.options` (:class:`TinyTrickOptions`),
:mod:`.display` (static HTML), :mod:`.errors` (the game's exceptions), :mod:`.players` (the reference
player, which decides from a view), and one entry in :mod:`cardgames.registry`.
With no other edit it runs through the contract tests, the golden playthroughs, the play table
(:mod:`classroom`'s generic adapter) and the hidden-card check.

    >>> from cardgames.players import RandomPlayer, play_out
    >>> game = play_out(TinyTrickGame(seed=4), [RandomPlayer(seed=s) for s in range(2)])
    >>> game.is_terminal(), sum(game.tricks_won)
    (True, 3)
"""

from .engine import TinyTrickGame
from .errors import MustFollowSuitError
from .options import DECK, HAND_SIZE, TinyTrickOptions
from .players import HighCardPlayer
from .view import TinyTrickView

__all__ = ["TinyTrickGame", "TinyTrickView", "TinyTrickOptions", "HighCardPlayer", "MustFollowSuitError",
           "DECK", "HAND_SIZE"]
