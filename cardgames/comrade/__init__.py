"""Comrade (カムレッド, "comrade" 同志): a cooperative trick-taking game with exact bids.

Everyone wins together if every player takes exactly the tricks they bid, counted by
the suit that was *led*; otherwise everyone loses.  Rules: ``docs/rules/comrade.md``
(digest of the トリテwiki page; the game is by ドミッチ, 2016).

* :mod:`~cardgames.comrade.variant` — the 4-player game and the 3-player variant.
* :mod:`~cardgames.comrade.deal` — deals in PBN notation (``"N:KQT2.AT.J6542.85 ..."``), mini deals.
* :mod:`~cardgames.comrade.rules` — the named rule options (:class:`ComradeRules`).
* :mod:`~cardgames.comrade.bidding` — bid cards, laps, overrides, the four ways to lose the bidding.
* :mod:`~cardgames.comrade.play` — must follow, no trumps, tricks counted by the led suit.
* :mod:`~cardgames.comrade.game` — :class:`ComradeGame`, one deal from the first bid to the last trick.
* :mod:`~cardgames.comrade.series` — four games with the dealer rotating, and the ranking table.
* :mod:`~cardgames.comrade.html` — static HTML tables (bid cards, tricks won per led suit...).
"""

from .deal import Deal, DealError, deal_html, hand_to_pbn
from .bidding import PASS, BidCard, Bidding, BiddingLoss, BidStep, action_words, bid_cards, parse_bid_action
from .errors import (ActionParseError, BidCardNotInGameError, BidCardTakenError, BidTooLowError,
                     CardNotInHandError, MustFollowSuitError, TooManySuitsError, WrongPhaseError)
from .game import ComradeGame, PlayerView
from .play import PlayLoss, Trick, TrickPlay, legal_cards, trick_winner
from .rules import DEFAULT_RULES, ComradeRules
from .series import RANKING, Series, rank_for
from .variant import FOUR_PLAYERS, SEAT_LETTERS, THREE_PLAYERS, Variant, variant_for

__all__ = [
    "Variant", "FOUR_PLAYERS", "THREE_PLAYERS", "variant_for", "SEAT_LETTERS",
    "Deal", "DealError", "deal_html", "hand_to_pbn",
    "ComradeRules", "DEFAULT_RULES",
    "PASS", "BidCard", "Bidding", "BiddingLoss", "BidStep", "bid_cards", "parse_bid_action", "action_words",
    "Trick", "TrickPlay", "PlayLoss", "legal_cards", "trick_winner",
    "ComradeGame", "PlayerView", "Series", "RANKING", "rank_for",
    "ActionParseError", "WrongPhaseError", "BidCardTakenError", "BidCardNotInGameError", "BidTooLowError",
    "TooManySuitsError", "CardNotInHandError", "MustFollowSuitError",
]
