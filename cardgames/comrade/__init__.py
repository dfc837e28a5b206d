"""Comrade (カムレッド, "comrade" 同志): a cooperative trick-taking game with exact bids.

Everyone wins together if every player takes exactly the tricks they bid, counted by
the suit that was *led*; otherwise everyone loses.  Rules: ``docs/rules/comrade.md``
(digest of the トリテwiki page; the game is by ドミッチ, 2016).

* :mod:`~cardgames.comrade.variant` — the 4-player game and the 3-player variant.
* :mod:`~cardgames.comrade.deal` — deals in PBN notation (``"N:KQT2.AT.J6542.85 ..."``), mini deals.
* :mod:`~cardgames.comrade.options` — the named rule options (:class:`ComradeOptions`).
* :mod:`~cardgames.comrade.bidding` — bid cards, laps, overrides, the four ways to lose the bidding.
* :mod:`~cardgames.comrade.play` — must follow, no trumps, tricks counted by the led suit.
* :mod:`~cardgames.comrade.engine` — :class:`ComradeGame`, one deal from the first bid to the last trick.
* :mod:`~cardgames.comrade.view` — :class:`ComradeView`, what one player may see.
* :mod:`~cardgames.comrade.errors` — the illegal actions and the other exceptions of the game.
* :mod:`~cardgames.comrade.players` — the reference players (:class:`~cardgames.comrade.players.HeuristicPlayer`).
* :mod:`~cardgames.comrade.series` — four games with the dealer rotating, and the ranking table.
* :mod:`~cardgames.comrade.display` — static HTML tables (bid cards, tricks won per led suit...).
"""

from .._aliases import moved
from .deal import Deal, deal_html, hand_to_pbn
from .bidding import PASS, BidCard, Bidding, BiddingLoss, BidStep, action_words, bid_cards, parse_bid_action
from .errors import (ActionParseError, BidCardNotInGameError, BidCardTakenError, BidTooLowError,
                     CardNotInHandError, DealError, MustFollowSuitError, TooManySuitsError, WrongPhaseError)
from .engine import ComradeGame
from .play import PlayLoss, Trick, TrickPlay, legal_cards, trick_winner
from .options import DEFAULT_OPTIONS, ComradeOptions
from .series import RANKING, Series, rank_for
from .variant import FOUR_PLAYERS, SEAT_LETTERS, THREE_PLAYERS, Variant, variant_for
from .view import ComradeView

__all__ = [
    "Variant", "FOUR_PLAYERS", "THREE_PLAYERS", "variant_for", "SEAT_LETTERS",
    "Deal", "DealError", "deal_html", "hand_to_pbn",
    "ComradeOptions", "DEFAULT_OPTIONS",
    "PASS", "BidCard", "Bidding", "BiddingLoss", "BidStep", "bid_cards", "parse_bid_action", "action_words",
    "Trick", "TrickPlay", "PlayLoss", "legal_cards", "trick_winner",
    "ComradeGame", "ComradeView", "Series", "RANKING", "rank_for",
    "ActionParseError", "WrongPhaseError", "BidCardTakenError", "BidCardNotInGameError", "BidTooLowError",
    "TooManySuitsError", "CardNotInHandError", "MustFollowSuitError",
]

#: Names from before the game template, kept for saved notebooks (each warns and returns the new object).
__getattr__ = moved(__name__, {"ComradeRules": "cardgames.comrade.options:ComradeOptions",
                               "DEFAULT_RULES": "cardgames.comrade.options:DEFAULT_OPTIONS",
                               "PlayerView": "cardgames.comrade.view:ComradeView"})
