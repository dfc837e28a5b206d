"""The rules of Krypkille as pure functions a teacher can call one at a time.

Nothing here keeps state: each function takes cards (as :class:`~cardgames.krypkille.deck.Kind`
values or anything :func:`~cardgames.krypkille.deck.parse_kind` reads) and returns
what the rules say.  The round engine (:mod:`cardgames.krypkille.engine`) calls
exactly these functions, so what a class checks by hand is what the engine does.

* :func:`forced_follow` — after the lead nothing is chosen: a follower who holds
  a card equal to or stronger than the strongest card played so far must play
  the lowest such card, otherwise their lowest card (digest, rule 5).
* :func:`trick_winner` — the strongest card wins; of two equal cards the later
  one (rule 6).
* :func:`round_outcome` and :func:`score_round` — the four scoring cases:
  success, failure, coward (臆病者) and void (無効).

    >>> forced_follow("3 9 Pig", ["7"])
    Kind.NINE
    >>> forced_follow("3 5", ["7", "Inn"])
    Kind.THREE
    >>> trick_winner(["7", "Pig", "3", "Pig"])
    3
    >>> score_round(["Pig", "1", "Harlequin", "9"], declarer=1)
    [15, 0, 50, 9]
"""

from __future__ import annotations

from collections import Counter
from enum import Enum
from typing import Iterable, Sequence

from ..errors import GameError, shown
from .deck import COPIES, DEFAULT_PENALTIES, Kind, PenaltyTable, parse_kinds, penalty_table

__all__ = [
    "FAILURE_SURCHARGE",
    "COWARD_PENALTY",
    "forced_follow",
    "explain_follow",
    "trick_winner",
    "lowest_holders",
    "Outcome",
    "round_outcome",
    "score_round",
]

#: What a failed declaration adds to the declarer's own card penalty.
FAILURE_SURCHARGE = 10
#: What the coward (臆病者) pays when everyone passed and they alone held the lowest card.
COWARD_PENALTY = 10


def _cards(cards: "str | Iterable") -> list[Kind]:
    return parse_kinds(cards)


def forced_follow(hand: "str | Iterable", trick: "str | Sequence") -> Kind:
    """The card a follower must play, given their ``hand`` and the cards already
    in the ``trick`` (lead first).

    Rule 5 of the digest: if the hand holds a card equal to or stronger than the
    strongest card played so far, the lowest such card; otherwise the lowest card
    of the hand.

    >>> forced_follow(["Mask", "7", "7", "Cuckoo"], ["7"])   # an equal card counts
    Kind.SEVEN
    >>> forced_follow(["Mask", "7", "Cuckoo"], ["8", "Hussar"])
    Kind.CUCKOO
    >>> forced_follow(["Mask", "7"], ["Harlequin"])          # nothing high enough: the lowest card
    Kind.MASK
    """
    return explain_follow(hand, trick)[0]


def explain_follow(hand: "str | Iterable", trick: "str | Sequence") -> tuple[Kind, str]:
    """The forced card and, in words, why it is forced (for tables and error messages).

    >>> explain_follow("2 9 Pig", "7 Inn")
    (Kind.PIG, 'Pig is the lowest card in hand equal to or stronger than Inn, the strongest card so far')
    >>> explain_follow("2 9", "Inn")[1]
    'no card in hand is equal to or stronger than Inn, so the lowest card, 2'
    """
    cards = _cards(hand)
    played = _cards(trick)
    if not cards:
        raise GameError("an empty hand cannot follow")
    if not played:
        raise GameError("nothing has been led yet: the leader may play any card, no card is forced")
    top = max(played)
    high_enough = [c for c in cards if c >= top]
    if high_enough:
        card = min(high_enough)
        if card == top:
            why = f"{card} is the lowest card in hand equal to or stronger than {top} (it equals it)"
        else:
            why = f"{card} is the lowest card in hand equal to or stronger than {top}, the strongest card so far"
        return card, why
    card = min(cards)
    return card, f"no card in hand is equal to or stronger than {top}, so the lowest card, {card}"


def trick_winner(trick: "str | Sequence") -> int:
    """Index in ``trick`` (play order) of the winning card: the strongest, and of
    two equal strongest cards the one played later.

    >>> trick_winner("Harlequin 3 Harlequin 12")
    2
    >>> trick_winner(["Mask"])
    0
    """
    cards = _cards(trick)
    if not cards:
        raise GameError("an empty trick has no winner")
    best = 0
    for i, card in enumerate(cards):
        if card >= cards[best]:
            best = i
    return best


def lowest_holders(final_cards: "str | Sequence") -> list[int]:
    """Seats holding the weakest final card (one or two seats: two copies per kind).

    >>> lowest_holders(["9", "Mask", "Pig", "Mask"])
    [1, 3]
    """
    cards = _final(final_cards)
    low = min(cards)
    return [seat for seat, card in enumerate(cards) if card == low]


class Outcome(str, Enum):
    """How a round ends (digest, "Scoring a round")."""

    #: The declarer alone holds the weakest card: the declarer scores 0, everyone else their card's penalty.
    SUCCESS = "success"
    #: The declarer's card is not the weakest, or another seat holds the same weakest card:
    #: declarer pays penalty + 10, the holders of the weakest card 0, the rest their penalty.
    FAILURE = "failure"
    #: Everyone passed and one seat alone holds the weakest card: that coward (臆病者) pays 10.
    COWARD = "coward"
    #: Everyone passed and two seats hold the weakest card: nobody scores (無効).
    VOID = "void"

    def __str__(self) -> str:
        return self.value


def _final(final_cards: "str | Sequence") -> list[Kind]:
    cards = _cards(final_cards)
    if not cards:
        raise GameError("no final cards to score")
    for kind, count in Counter(cards).items():
        if count > COPIES:
            raise GameError(f"the deck holds only {COPIES} copies of {kind}, not {count}")
    return cards


def _check_declarer(declarer: int | None, seats: int) -> None:
    if declarer is None:
        return
    if isinstance(declarer, bool) or not isinstance(declarer, int) or not 0 <= declarer < seats:
        raise GameError(f"declarer {shown(declarer)} is not a seat (seats 0..{seats - 1}, or None if everyone passed)")


def round_outcome(final_cards: "str | Sequence", declarer: int | None) -> Outcome:
    """Which of the four scoring cases applies.

    >>> round_outcome(["Pig", "1", "9"], 1), round_outcome(["Pig", "1", "9"], 0)
    (<Outcome.SUCCESS: 'success'>, <Outcome.FAILURE: 'failure'>)
    >>> round_outcome(["Pig", "1", "1"], 1), round_outcome(["Pig", "1", "9"], None), round_outcome(["1", "1"], None)
    (<Outcome.FAILURE: 'failure'>, <Outcome.COWARD: 'coward'>, <Outcome.VOID: 'void'>)
    """
    cards = _final(final_cards)
    _check_declarer(declarer, len(cards))
    holders = lowest_holders(cards)
    if declarer is None:
        return Outcome.COWARD if len(holders) == 1 else Outcome.VOID
    return Outcome.SUCCESS if holders == [declarer] else Outcome.FAILURE


def score_round(
    final_cards: "str | Sequence",
    declarer: int | None,
    penalties: "PenaltyTable | str" = DEFAULT_PENALTIES,
) -> list[int]:
    """Penalty points per seat for one round (lower is better).

    ``final_cards`` lists each seat's last card in seat order; ``declarer`` is the
    seat that declared, or ``None`` when everyone passed.

    >>> score_round(["Pig", "1", "9"], declarer=1)          # success
    [15, 0, 9]
    >>> score_round(["Pig", "1", "9"], declarer=0)          # failure: 15 + 10, the low card 0
    [25, 0, 9]
    >>> score_round(["Pig", "1", "1"], declarer=1)          # failure: the 1 is shared
    [15, 11, 0]
    >>> score_round(["Pig", "1", "9"], declarer=None)       # coward
    [0, 10, 0]
    >>> score_round(["Pig", "1", "1"], declarer=None)       # void
    [0, 0, 0]
    """
    cards = _final(final_cards)
    table = penalty_table(penalties)
    outcome = round_outcome(cards, declarer)
    holders = set(lowest_holders(cards))
    if outcome is Outcome.VOID:
        return [0] * len(cards)
    if outcome is Outcome.COWARD:
        return [COWARD_PENALTY if seat in holders else 0 for seat in range(len(cards))]
    scores = []
    for seat, card in enumerate(cards):
        if seat == declarer:
            scores.append(0 if outcome is Outcome.SUCCESS else table.penalty(card) + FAILURE_SURCHARGE)
        elif outcome is Outcome.FAILURE and seat in holders:
            scores.append(0)
        else:
            scores.append(table.penalty(card))
    return scores
