"""Krypkille, the Swedish "last card" game played with the 42-card Kille deck.

Rules: ``docs/rules/krypkille.md`` (the rules page every choice below follows).

* :mod:`.deck` — the 21 kinds (:class:`Kind`), their names in English, Swedish
  and Japanese, :func:`parse_kind`, the deck and the penalty tables.
* :mod:`.rules` — pure functions: :func:`forced_follow`, :func:`trick_winner`,
  :func:`round_outcome`, :func:`score_round`.
* :mod:`.options` — :class:`KrypkilleOptions`, the rule options (first leader,
  who declares first, penalty table).
* :mod:`.engine` — :class:`KrypkilleGame` (one round, action by action: one round is one game);
* :mod:`.view` — :class:`KrypkilleView`, what one seat may see;
* :mod:`.errors` — the illegal actions (:class:`ForcedCardError`, :class:`TooManyDiscardsError`);
* :mod:`.match` — :class:`KrypkilleMatch` (rounds with a rotating dealer and running totals).
* :mod:`.players` — :class:`RandomPlayer`, :class:`HeuristicPlayer`, :func:`play_round`.
* :mod:`.display` — static HTML tables (deck, tricks, record, scores).

    >>> from cardgames.krypkille import forced_follow, score_round
    >>> forced_follow("2 9 Pig", ["7"])
    Kind.NINE
    >>> score_round(["Pig", "1", "9"], declarer=None)
    [0, 10, 0]
"""

from .deck import (ALTERNATIVE_PENALTIES, COPIES, DECK, DEFAULT_PENALTIES, PENALTY_TABLES, Kind, PenaltyTable,
                   parse_kind, parse_kinds, penalty_table)
from .._aliases import moved
from .engine import DECLARE, PASS, Discard, KrypkilleGame, Play, PlayRecord
from .errors import CardNotInHandError, ForcedCardError, TooManyDiscardsError, WrongPhaseError
from .match import KrypkilleMatch, RoundResult
from .options import HAND_SIZE, MAX_DISCARDS, MAX_PLAYERS, MIN_PLAYERS, TRICKS, KrypkilleOptions
from .players import HeuristicPlayer, RandomPlayer, play_match, play_round, success_probability
from .view import KrypkilleView
from .rules import (COWARD_PENALTY, FAILURE_SURCHARGE, Outcome, explain_follow, forced_follow, lowest_holders,
                    round_outcome, score_round, trick_winner)

__all__ = [
    "Kind", "DECK", "COPIES", "parse_kind", "parse_kinds",
    "PenaltyTable", "DEFAULT_PENALTIES", "ALTERNATIVE_PENALTIES", "PENALTY_TABLES", "penalty_table",
    "forced_follow", "explain_follow", "trick_winner", "lowest_holders",
    "Outcome", "round_outcome", "score_round", "FAILURE_SURCHARGE", "COWARD_PENALTY",
    "KrypkilleOptions", "HAND_SIZE", "MAX_DISCARDS", "TRICKS", "MIN_PLAYERS", "MAX_PLAYERS",
    "KrypkilleGame", "KrypkilleMatch", "RoundResult", "KrypkilleView", "PlayRecord",
    "Discard", "Play", "DECLARE", "PASS",
    "CardNotInHandError", "ForcedCardError", "TooManyDiscardsError", "WrongPhaseError",
    "RandomPlayer", "HeuristicPlayer", "play_round", "play_match", "success_probability",
]

#: Names from before the game template, kept for saved notebooks (each warns and returns the new object).
__getattr__ = moved(__name__, {"KrypkilleRound": "cardgames.krypkille.engine:KrypkilleGame",
                               "SeatView": "cardgames.krypkille.view:KrypkilleView"})
