"""The old path of :mod:`cardgames.comrade.display`: kept so saved notebooks and pickles still load
(each name warns)."""

from .._aliases import moved

__getattr__ = moved(__name__, {
    "suit_html": "cardgames.comrade.display:suit_html",
    "bid_cards_html": "cardgames.comrade.display:bid_cards_html",
    "bidding_history_html": "cardgames.comrade.display:bidding_history_html",
    "bids_html": "cardgames.comrade.display:bids_html",
    "won_table_html": "cardgames.comrade.display:won_table_html",
    "tricks_html": "cardgames.comrade.display:tricks_html",
    "counts_after": "cardgames.comrade.display:counts_after",
    "loss_in": "cardgames.comrade.display:loss_in",
    "game_html": "cardgames.comrade.display:game_html",
    "view_html": "cardgames.comrade.display:view_html",
    "deal_html": "cardgames.comrade.display:deal_html",
    "hands_html": "cardgames.comrade.display:hands_html",
    "ranking_html": "cardgames.comrade.display:ranking_html",
    "series_html": "cardgames.comrade.display:series_html",
})
