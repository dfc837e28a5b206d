"""Comrade's silent players: computer partners that see one seat and never talk.

They meet the deal solver (:mod:`solvers.comrade`) at one point only: they ask
:func:`~solvers.comrade.position.solve_position` about imagined deals.

* :mod:`~solvers.comrade_players.convention` — the printed convention card (rules B1–B8 for the
  bidding, P1–P7 for the play) and :class:`~solvers.comrade_players.convention.ConventionPlayer`,
  who follows it.
* :mod:`~solvers.comrade_players.inference` — reading the table: hidden hands weighted by how well
  the card explains every public action.
* :mod:`~solvers.comrade_players.sampling` — :class:`~solvers.comrade_players.sampling.SamplingPlayer`,
  which samples the hidden hands and asks the solver (perfect-information Monte Carlo).
* :mod:`~solvers.comrade_players.cardsearch` — :class:`~solvers.comrade_players.cardsearch.CardSearchPlayer`,
  the card improved by a search over sampled worlds: the strongest player.
* :mod:`~solvers.comrade_players.review` — after a lost game, the first action that lost it.

    >>> from cardgames.comrade import ComradeGame, Deal
    >>> from cardgames.players import play_out_seated
    >>> from solvers.comrade_players import ConventionPlayer
    >>> game = play_out_seated(ComradeGame(Deal.random(3, hand_size=5)), [ConventionPlayer() for _ in range(4)])
    >>> game.is_terminal()
    True
"""

from .convention import RULES, ConventionCard, ConventionPlayer
from .sampling import SampleError, SamplingPlayer
from .cardsearch import CardSearchPlayer, CardSearchSettings, InferenceSamplingPlayer
from .review import first_fatal_action

__all__ = ["RULES", "ConventionCard", "ConventionPlayer", "SampleError", "SamplingPlayer",
           "CardSearchPlayer", "CardSearchSettings", "InferenceSamplingPlayer", "first_fatal_action"]
