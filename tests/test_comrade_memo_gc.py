"""The search players' process-wide memos hold nothing the cyclic garbage collector must walk.

A class server or a study keeps one process for many games, and the memos that the strongest partner
(:class:`~solvers.comrade_players.cardsearch.CardSearchPlayer`) shares across its decisions and games grow
to tens of thousands of entries: the card's probability of each public action per key of a hand
(``inference.step_memo``), the value of each position reached (the leaf memo), the prior's tables of layouts.
CPython's collector walks every tracked object at each full pass, and stops tracking a tuple or a dict once
it holds only integers, strings, floats and such tuples; a frozenset of cards is tracked for as long as a
memo keeps it.  So the memos' keys and values must be made of those atomic parts only (sets of cards as
``card_mask`` integers): after a full collection, not one of their entries is tracked.
"""

from __future__ import annotations

import gc

from cardgames.cards import parse_cards
from cardgames.comrade import ComradeGame
from solvers.comrade_players import cardsearch, inference
from solvers.comrade_players.cardsearch import CardSearchPlayer
from solvers.comrade_players.convention import ConventionCard, ConventionPlayer, card_mask
from solvers.studies.comrade_tables import deal_for_seed


def _decision(seed: int, tricks: int) -> None:
    """Deal ``seed`` followed by the card until ``tricks`` tricks are played, then one decision of a search
    player (it scores the others' bids and cards in its worlds and judges positions)."""
    game = ComradeGame(*deal_for_seed(seed, 4))
    card = ConventionPlayer(ConventionCard())
    while game.phase == "bidding" or len(game.trickplay.tricks) < tricks:
        seat = game.current_player()
        game.apply(card.act(game.view(seat), game.legal_actions()))
    assert not game.is_terminal()
    seat = game.current_player()
    CardSearchPlayer(seed=seed).act(game.view(seat), tuple(game.legal_actions()))


def _tracked(memo: dict) -> list:
    return [(k, v) for k, v in memo.items() if gc.is_tracked(k) or gc.is_tracked(v)]


def test_the_memos_entries_are_not_tracked_by_the_garbage_collector():
    inference.clear_step_memos()
    cardsearch._MEMOS.clear()
    _decision(3, 2)
    _decision(5, 4)
    steps = inference._STEPS
    leaves = [m for kind, m in cardsearch._MEMOS.items() if kind[0] == "leaf"]
    verdicts = [m for kind, m in cardsearch._MEMOS.items() if kind[0] == "verdict"]
    # the decisions filled every memo, with keys of the bidding (tuples) and of the play (integers)
    entries = [e for memo in steps.values() for e in memo.items()]
    assert any(isinstance(k, tuple) for k, _ in entries) and any(isinstance(k, int) for k, _ in entries)
    assert sum(map(len, leaves)) > 0 and sum(map(len, verdicts)) > 0
    # a full pass stops tracking a tuple whose items it has found untracked, and a dict once its keys and
    # values are: a key of tuples in tuples (the tricks won per player and suit) takes a pass per level
    for _ in range(4):
        gc.collect()
    for memo in steps.values():
        assert not _tracked(memo) and not gc.is_tracked(memo)
    for memo in leaves + verdicts:
        assert not _tracked(memo), _tracked(memo)[:3]
        assert not gc.is_tracked(memo)


def test_the_priors_table_is_keyed_by_strings_of_suits():
    """The prior's caches (``_count_table``, ``_suit_options``, process-wide) are keyed by the suits each bin
    may hold: strings, which are never tracked, where a frozenset of suits would be for as long as the cache
    keeps it."""
    game = ComradeGame(*deal_for_seed(7, 4))
    view = game.view(game.current_player())
    _, _, accepts, _ = inference._bins_of(view)
    assert accepts and all(isinstance(a, str) and not gc.is_tracked(a) for a in accepts)
    assert all(a == "SHDC" for a in accepts)            # no void shown yet: every suit


def test_a_card_mask_is_one_bit_per_card():
    """Equal sets of cards, in any order, give the same integer; sets that differ by one card do not."""
    hand = parse_cards("SA SK S2 HQ D7 C3 C4")
    assert card_mask(hand) == card_mask(list(reversed(hand)))
    assert card_mask(hand) == sum(card_mask([c]) for c in hand)
    assert len({card_mask([c]) for c in ComradeGame(*deal_for_seed(0, 4)).deal.hands[0]}) == 13
    assert card_mask(hand[1:]) != card_mask(hand) != card_mask(parse_cards("SA SK S2 HQ D7 C3 C5"))
    assert card_mask([]) == 0
