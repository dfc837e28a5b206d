"""Staged positions: a Heart Challenge game at the start of a round, from explicit cards.

For teaching (a lesson sets up the position it talks about) and for tests.  A staged position must be
one a game can reach, else :class:`ImpossiblePositionError`.  ``HeartChallengeGame.staged(...)`` calls
:func:`staged` here.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Iterable, Sequence

from ..cards import Card, parse_cards
from ..errors import RuleConfigError, shown
from .errors import ImpossiblePositionError
from .options import HeartChallengeOptions
from .setup import number_cards, number_of, special_kind

if TYPE_CHECKING:   # for annotations only (tests/test_layout.py)
    from .engine import HeartChallengeGame

__all__ = ["ImpossiblePositionError", "staged"]


def _check_position(numbers: Sequence[int], markers: Sequence[Card | None],
                    places: Sequence[tuple[str, Sequence[Card]]]) -> None:
    """Refuse a staged position no game can reach (see :func:`staged`)."""
    def refuse(why: str) -> None:
        raise ImpossiblePositionError(f"impossible position: {why}")

    where: dict[Card, list[str]] = {}
    for place, cards in places:
        for c in cards:
            where.setdefault(c, []).append(place)
    for seat, (number, marker) in enumerate(zip(numbers, markers)):
        if marker is None:
            refuse(f"all four cards of seat {seat}'s number {number} are in play, but one of them is "
                   f"its face-up marker (out of play)")
        if number_of(marker) != number:
            refuse(f"seat {seat}'s marker {marker.code} is not a card of its number {number}")
        if marker in where:
            refuse(f"{marker.code} is seat {seat}'s face-up marker, so it cannot also be in {where[marker][0]}")
        where.setdefault(marker, []).append(f"seat {seat}'s marker")
    for card, found in where.items():
        allowed = 2 if card.is_joker else 1
        if len(found) > allowed:
            what = "the two jokers are" if card.is_joker else f"{card.code} exists once, but it is"
            refuse(f"{what} in {' and in '.join(found)}")
        if card.suit in "DC" and number_of(card) is not None and number_of(card) not in numbers \
                and found[0] != "the cards out of the game":
            refuse(f"{found[0]} holds {card.code}, but nobody has number {number_of(card)}: its ♦ and ♣ "
                   f"are out of the game")


def staged(cls: type, hands: Sequence[Iterable[Card | str] | str], *, numbers: Sequence[int] | None = None,
           piles: Sequence[Iterable[Card | str] | str] | None = None,
           stock: Iterable[Card | str] | str = (), dealer: int = 0,
           markers: Sequence[Card | str | None] | None = None,
           out_of_game: Iterable[Card | str] | str = (), options: HeartChallengeOptions | None = None,
           seed: int | None = 0, scores: Sequence[int] | None = None, round_no: int = 1,
           active: Sequence[bool] | None = None) -> "HeartChallengeGame":
    """A game at the start of a round, from explicit cards (for teaching and tests).

    Without ``piles`` the round starts with everyone placing a first card
    (phase ``first``); with ``piles`` (bottom card first) those first cards are
    down and it is the dealer's turn (phase ``turn``).  ``numbers`` default to
    ``1..n`` by seat; each marker to the first card of the seat's number (♠, ♦, ♣, then ♥)
    that is in no hand, pile or stock.

    The position must be one a game can reach, else :class:`ImpossiblePositionError`: every
    card at most once (the joker twice), the markers out of play, and no ♦ or ♣ of a number
    nobody has (the setup takes those out of the game; their ♠ and ♥ may be in the stock).

    >>> from cardgames.heart_challenge import HeartChallengeGame
    >>> g = HeartChallengeGame.staged(["HA DA", "H2 C2"], piles=["CA", "D2"])
    >>> g.phase, g.current_player(), [str(a) for a in g.legal_actions()][:3], [str(m) for m in g.markers]
    ('turn', 0, ['place HA', 'place DA', 'challenge 1'], ['SA', 'S2'])
    >>> HeartChallengeGame.staged(["HA DA", "S2 H2"], piles=["SA", "D2"], stock="D5")
    Traceback (most recent call last):
    ...
    cardgames.heart_challenge.errors.ImpossiblePositionError: impossible position: the stock holds D5, but nobody has number 5: its ♦ and ♣ are out of the game
    """  # noqa: E501 (doctest output)
    n = len(hands)
    opts = options if options is not None else HeartChallengeOptions()
    opts.check_players(n)
    game = cls.__new__(cls)
    game.options = opts
    game.num_players = n
    game.seed = seed
    game.rng = random.Random(seed)
    game.numbers = list(numbers) if numbers is not None else list(range(1, n + 1))
    if len(game.numbers) != n or len(set(game.numbers)) != n or not set(game.numbers) <= set(range(1, 11)):
        raise RuleConfigError(f"numbers must be {n} different numbers from 1 to 10, not {shown(game.numbers)}")
    game.hands = [list(parse_cards(h)) for h in hands]
    game.stock = list(parse_cards(stock))
    game.out_of_game = list(parse_cards(out_of_game))
    game.shown = []
    staged_piles = None if piles is None else [list(parse_cards(p)) for p in piles]
    if staged_piles is not None and len(staged_piles) != n:
        raise RuleConfigError(f"piles must have one entry per seat ({n}), not {len(staged_piles)}")
    game.dealt_specials = [[c for c in h if special_kind(c)] for h in game.hands]
    game.initial_stock = list(game.stock)
    places = [(f"seat {s}'s hand", h) for s, h in enumerate(game.hands)]
    places += [(f"seat {s}'s pile", p) for s, p in enumerate(staged_piles or [])]
    places += [("the stock", game.stock), ("the cards out of the game", game.out_of_game)]
    in_play = {c for _, cards in places for c in cards}
    if markers is None:
        game.markers = [next((c for c in number_cards(x, "SDCH") if c not in in_play), None)
                        for x in game.numbers]
    else:
        if isinstance(markers, (str, bytes)) or len(markers) != n:
            raise RuleConfigError(f"markers must have one entry per seat ({n}), not {shown(markers)}")
        game.markers = [None if m is None else Card.parse(m) for m in markers]
    _check_position(game.numbers, game.markers, places)
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
        raise RuleConfigError(f"dealer must be a seat from 0 to {n - 1}, not {shown(dealer)}")
    game._init_match(dealer)
    game.round_no = round_no
    if scores is not None:
        game.scores = list(scores)
    if active is not None:
        game.active = list(active)
    game._start_round()
    if staged_piles is not None:
        game.piles = staged_piles
        game.queue = []
        game.phase = "turn"
        game.turn = dealer
    return game
