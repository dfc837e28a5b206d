"""Heart Challenge: *Skull & Roses* played with a standard deck and two jokers.

Hearts play the skull, every other card a rose; J, Q, K and jokers are special
cards; points replace most eliminations.  Rules: ``docs/rules/heart_challenge.md``
(from a Japanese house-rule page of 2013).

* :class:`HeartChallengeGame` — the engine (``legal_actions``, ``apply``, ``view``),
  with :meth:`HeartChallengeGame.staged` to build a position from explicit cards.
* :class:`HeartChallengeOptions` — every **[ours]** rule choice, with :data:`RULE_CHOICES`
  and :data:`READINGS` (the Japanese each settles).
* :mod:`.players` — :class:`BluffingPlayer` (bluffs, challenges on the odds, uses its specials: the
  play table's default), :class:`CautiousPlayer`, :class:`NaivePlayer` and :class:`RandomPlayer`.
* :mod:`.view` — :class:`HeartChallengeView`, what one seat may see; :mod:`.errors` — the exceptions.
* :mod:`.odds` — the exact chance that a challenge succeeds, from what a player sees.
* :mod:`.display` — static HTML (the widgets reuse it).

    >>> from cardgames.players import play_out
    >>> g = play_out(HeartChallengeGame(3, seed=2), [CautiousPlayer(s) for s in range(3)])
    >>> g.is_terminal(), len(g.round_points)
    (True, 10)
"""

from .actions import KINDS, Action, LogEntry
from .engine import HeartChallengeGame
from .errors import (CardNotHeldError, DeclaringError, HandParseError, HeartChallengeIllegalAction,
                     ImpossiblePositionError, SpecialCardError, WrongMomentError)
from .odds import success_chance, challenge_chance, chance_table
from .options import READINGS, RULE_CHOICES, HeartChallengeOptions, RuleChoice
from .players import BluffingPlayer, CautiousPlayer, NaivePlayer, RandomPlayer, StrategyParams
from .scoring import SCORING_ROWS, card_points, hand_points, parse_hand
from .setup import is_heart, number_of, special_kind
from .view import HeartChallengeView

__all__ = [
    "HeartChallengeGame", "HeartChallengeOptions", "HeartChallengeView", "Action", "KINDS", "LogEntry",
    "RULE_CHOICES", "READINGS", "RuleChoice", "HeartChallengeIllegalAction", "CardNotHeldError",
    "WrongMomentError", "SpecialCardError", "DeclaringError", "CautiousPlayer", "RandomPlayer", "BluffingPlayer",
    "NaivePlayer", "StrategyParams",
    "ImpossiblePositionError", "success_chance", "challenge_chance", "chance_table", "card_points",
    "hand_points", "parse_hand", "HandParseError", "SCORING_ROWS",
    "is_heart", "number_of", "special_kind",
]
