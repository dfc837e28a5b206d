"""Comrade (カムレッド, "comrade" 同志): a cooperative trick-taking game with exact bids.

Everyone wins together if every player takes exactly the tricks they bid, counted by
the suit that was *led*; otherwise everyone loses.  Rules: ``/work/shared/rules/comrade.md``
(digest of the トリテwiki page; the game is by ドミッチ, 2016).

* :mod:`~cardgames.comrade.variant` — the 4-player game and the 3-player variant.
* :mod:`~cardgames.comrade.deal` — deals in PBN notation (``"N:KQT2.AT.J6542.85 ..."``), mini deals.
"""

from .deal import Deal, DealError, deal_html, hand_to_pbn
from .variant import FOUR_PLAYERS, SEAT_LETTERS, THREE_PLAYERS, Variant, variant_for

__all__ = [
    "Variant", "FOUR_PLAYERS", "THREE_PLAYERS", "variant_for", "SEAT_LETTERS",
    "Deal", "DealError", "deal_html", "hand_to_pbn",
]
