"""The bidding round of Comrade (ビッドラウンド): bid cards, laps, overrides and the four ways to lose.

The bid cards (場札) lie face up in the middle: the 1-6 of each suit (ace = 1), 24 cards
(the 1-4, 16 cards, for 3 players).  Taking *hearts 3* means "I will win exactly 3
tricks that were **led** in hearts".  Starting with the dealer (親) and going clockwise,
each player in turn takes one card or passes, lap after lap, until the top cards add up
to exactly the number of tricks (13)::

    >>> b = Bidding(players=4, dealer=0)
    >>> for a in ["H3", "S4", "pass", "C2"]:
    ...     b.apply(a)
    >>> b.lap, b.running_total, b.current_player()
    (2, 9, 0)
    >>> b.apply("H4")          # lap 2: North covers hearts 3 with hearts 4
    >>> b.bids[0], b.running_total
    ({'H': 4}, 10)
    >>> b.apply("H3")          # East: that card is gone
    Traceback (most recent call last):
    ...
    cardgames.comrade.errors.BidCardTakenError: illegal action H3: bid card H3 was already taken by seat 0; it is no longer in the middle

Bid actions are written ``pass`` or suit letter + value (``H3``; ``HA`` also means ``H1``).
"""  # noqa: E501 (doctest output)

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from typing import NamedTuple, Union

from ..cards import SUIT_NAMES, SUIT_SYMBOLS, SUITS
from ..errors import shown
from .errors import (ActionParseError, BidCardNotInGameError, BidCardTakenError, BidTooLowError,
                     TooManySuitsError)
from .options import DEFAULT_OPTIONS, ComradeOptions
from .variant import FOUR_PLAYERS, Variant, variant_for

__all__ = ["PASS", "BidCard", "BidAction", "BiddingLoss", "BidStep", "Bidding", "bid_cards", "parse_bid_action",
           "action_words"]

#: The pass action (パス): keeps one's bids as they are.
PASS = "pass"

_SYMBOL_SUIT = {v: k for k, v in SUIT_SYMBOLS.items()}


@dataclass(frozen=True)
class BidCard:
    """One bid card: ``suit`` in ``"SHDC"`` and ``value`` 1..6 (the ace is 1).

    >>> BidCard.parse("h3"), str(BidCard("S", 1)), BidCard.parse("HA")
    (BidCard('H3'), 'S1', BidCard('H1'))
    """

    suit: str
    value: int

    def __post_init__(self) -> None:
        if not isinstance(self.suit, str) or len(self.suit) != 1 or self.suit not in SUITS:
            raise ActionParseError(f"{self.suit}{self.value}", f"unknown suit {shown(self.suit)} (suits: S H D C)")
        if isinstance(self.value, bool) or not isinstance(self.value, int) or not 1 <= self.value <= 6:
            raise ActionParseError(f"{self.suit}{self.value}", "a bid card's value is 1 to 6 (the ace is 1)")

    @classmethod
    def parse(cls, text: "str | BidCard") -> "BidCard":
        """Read ``"H3"``, ``"h3"``, ``"♥3"``, ``"3H"`` or ``"HA"`` (ace = 1)."""
        if isinstance(text, BidCard):
            return text
        if not isinstance(text, str):
            raise ActionParseError(text, "a bid card is written suit letter + value, like 'H3'")
        t = text.strip()
        if not all((ch.isascii() and ch.isalnum()) or ch in _SYMBOL_SUIT for ch in t):
            # only ASCII letters and digits and the suit symbols: no 'H³', no 'ſ3' read as 'S3'
            raise ActionParseError(text, f"{shown(text)} is not a bid card: write suit letter + value, like 'H3', "
                                         f"or 'pass' (ASCII letters and digits, or ♠ ♥ ♦ ♣)")
        t = t.upper()
        if len(t) == 2:
            a, b = _SYMBOL_SUIT.get(t[0], t[0]), _SYMBOL_SUIT.get(t[1], t[1])
            if a in SUITS and b not in SUITS:
                suit, val = a, b
            elif b in SUITS and a not in SUITS:
                suit, val = b, a
            else:
                suit, val = "", ""
            if suit and (val.isdigit() or val == "A"):
                v = 1 if val == "A" else int(val)
                if 1 <= v <= 6:
                    return cls(suit, v)
                raise ActionParseError(text, f"bid card {shown(text)}: values run 1 to 6 (the ace is 1), not {v}")
        raise ActionParseError(text,
                               f"{shown(text)} is not a bid card: write suit letter + value, like 'H3', or 'pass'")

    @property
    def symbol(self) -> str:
        """``"♥3"``."""
        return f"{SUIT_SYMBOLS[self.suit]}{self.value}"

    @property
    def sort_key(self) -> tuple[int, int]:
        return (SUITS.index(self.suit), self.value)

    def __str__(self) -> str:
        return f"{self.suit}{self.value}"

    def __repr__(self) -> str:
        return f"BidCard({str(self)!r})"


BidAction = Union[str, BidCard]


def parse_bid_action(action: "BidAction | str") -> BidAction:
    """``"pass"`` (any case, or ``"p"``) or a :class:`BidCard`."""
    if isinstance(action, BidCard):
        return action
    if isinstance(action, str) and action.strip().isascii() and action.strip().lower() in ("pass", "p"):
        return PASS
    return BidCard.parse(action)


def action_words(action) -> str:
    """A Comrade action as people read it: a bid card in words (``♥ bid 3``, never confused with the
    playing card ♥3 or its code H3), ``pass``, a playing card by its code.  The play table's buttons,
    its coach and the computer players' reasons all name actions so.

    >>> action_words(BidCard("H", 3)), action_words(PASS)
    ('♥ bid 3', 'pass')
    """
    if isinstance(action, BidCard):
        return f"{SUIT_SYMBOLS[action.suit]} bid {action.value}"
    return str(action)


@lru_cache(maxsize=8)
def bid_cards(variant: Variant = FOUR_PLAYERS) -> tuple[BidCard, ...]:
    """All bid cards of a variant, spades to clubs, low to high: 24 for 4 players, 16 for 3.

    >>> len(bid_cards()), len(bid_cards(variant_for(3)))
    (24, 16)
    """
    return tuple(BidCard(s, v) for s in SUITS for v in variant.bid_values)


class BiddingLoss(Enum):
    """The four ways the bidding is lost for everyone (ビッドラウンドでの敗北), digest Bidding 6."""

    ALL_PASSED = "all_passed"
    LAPS_RUN_OUT = "laps_run_out"
    OVERSHOOT = "overshoot"
    NOTHING_FITS = "nothing_fits"

    def explain(self, players: int = 4, total: int = 13, laps: int = 3, reading: str = "player_to_act") -> str:
        """The rule in plain words, with this game's numbers (``reading``: the ``nothing_fits`` option)."""
        if self is BiddingLoss.NOTHING_FITS and reading == "player_to_act":
            return (f"the player to act could take no bid card left in the middle without the bids "
                    f"exceeding {total}")
        if self is BiddingLoss.NOTHING_FITS and reading == "turns_left":
            return (f"no player with a turn left could take a bid card from the middle without the bids "
                    f"exceeding {total}")
        return {
            BiddingLoss.ALL_PASSED: f"all {players} players passed in a row before the bids reached {total}",
            BiddingLoss.LAPS_RUN_OUT: f"{laps} laps of bidding ended without the bids reaching {total}",
            BiddingLoss.OVERSHOOT: f"a take made the bids add up to more than {total}",
            BiddingLoss.NOTHING_FITS: (f"no bid card left in the middle could be taken by anyone "
                                       f"without the bids exceeding {total}"),
        }[self]

    @property
    def explanation(self) -> str:
        """The rule in plain words (4-player numbers)."""
        return self.explain()


class BidStep(NamedTuple):
    """One entry of the bidding history: who acted, in which lap, what, and the total after it.

    ``covered`` is the value of the card the take went on top of (``None`` for a new suit or a pass).
    """

    seat: int
    lap: int
    action: BidAction
    total: int
    covered: int | None = None

    def __str__(self) -> str:
        cover = f" over {self.action.suit}{self.covered}" if self.covered is not None else ""
        return f"lap {self.lap}, seat {self.seat}: {self.action}{cover} (total {self.total})"


class Bidding:
    """The state of a bidding round; drive it with :meth:`apply` and :meth:`legal_actions`.

    ``total`` is the target the top cards must reach exactly (the number of tricks: 13,
    12 for 3 players, the hand size for a mini deal).  Overshooting takes are *legal*
    actions: they are allowed by the table, and lose the bidding at once.
    """

    def __init__(self, players: int = 4, dealer: int = 0, variant: Variant | None = None,
                 total: int | None = None, rules: ComradeOptions = DEFAULT_OPTIONS):
        self.variant = variant or variant_for(players)
        self.players = self.variant.players
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < self.players:
            from ..errors import RuleConfigError
            raise RuleConfigError(f"dealer must be a seat 0..{self.players - 1}, not {shown(dealer)}")
        self.dealer = dealer
        self.total = self.variant.total if total is None else total
        self.rules = rules
        self.max_laps = rules.max_laps or self.variant.max_laps
        self.passes_to_lose = rules.passes_to_lose or self.players
        self.turns = 0
        self.pass_streak = 0
        self.piles: list[dict[str, list[int]]] = [dict() for _ in range(self.players)]
        self.taken: dict[BidCard, int] = {}
        self.history: list[BidStep] = []
        self.loss: BiddingLoss | None = None
        self.running_total = 0

    # -- queries ---------------------------------------------------------------
    @property
    def lap(self) -> int:
        """The lap (周) being played, from 1; after the round ends, the lap it ended in."""
        if self.is_over and self.history:
            return self.history[-1].lap
        return self.turns // self.players + 1

    @property
    def is_complete(self) -> bool:
        """The bids add up exactly to the target: on to the trick play."""
        return self.loss is None and self.running_total == self.total

    @property
    def is_over(self) -> bool:
        return self.loss is not None or self.running_total == self.total

    def current_player(self) -> int | None:
        return None if self.is_over else (self.dealer + self.turns) % self.players

    @property
    def bids(self) -> list[dict[str, int]]:
        """Per seat, suit -> value of the top card of that suit's pile (a seat without cards bid 0 tricks)."""
        return [{s: pile[s][-1] for s in SUITS if s in pile} for pile in self.piles]

    @property
    def middle(self) -> list[BidCard]:
        """The bid cards still in the middle."""
        return [c for c in bid_cards(self.variant) if c not in self.taken]

    def increase(self, card: BidCard, seat: int) -> int | None:
        """How much ``seat`` taking ``card`` would raise the total, or ``None`` if the rules forbid it
        (card gone, a value not larger than the held one, or too many suits)."""
        if card in self.taken or card.value not in self.variant.bid_values:
            return None
        pile = self.piles[seat]
        if card.suit in pile:
            top = pile[card.suit][-1]
            return card.value - top if card.value > top else None
        if len(pile) >= self.variant.max_suits:
            return None
        return card.value

    def fits(self, card: BidCard, seat: int) -> bool:
        """True when ``seat`` may take ``card`` and the total stays within the target."""
        inc = self.increase(card, seat)
        return inc is not None and self.running_total + inc <= self.total

    def _seats_with_turns_left(self) -> set[int]:
        left = self.max_laps * self.players - self.turns
        return {(self.dealer + self.turns + i) % self.players for i in range(min(left, self.players))}

    def anything_fits(self) -> bool:
        """Can the bidding go on under the "nothing fits" rule (rules page, Bidding 6, last rule)?

        With the default reading (``rules.nothing_fits == "player_to_act"``): can the player to act
        take a card without the total exceeding the target?  ``"anyone"``: can anybody?
        ``"turns_left"``: can anybody who still has a turn in the remaining laps?
        """
        reading = self.rules.nothing_fits
        if reading == "player_to_act":
            seat = self.current_player()
            seats = range(self.players) if seat is None else [seat]
        elif reading == "anyone":
            seats = range(self.players)
        else:
            seats = self._seats_with_turns_left()
        return any(self.fits(c, s) for c in self.middle for s in seats)

    def legal_actions(self) -> list[BidAction]:
        """``"pass"`` and every bid card the player to act may take (taking one that overshoots is
        legal: it loses the bidding)."""
        seat = self.current_player()
        if seat is None:
            return []
        # the cards of the middle that :meth:`increase` allows (a card of the variant, not taken): a higher
        # value on a pile of mine, or a new pile while I have fewer than the most suits
        pile = self.piles[seat]
        taken = self.taken
        new_pile = len(pile) < self.variant.max_suits
        out: list[BidAction] = [PASS]
        for c in bid_cards(self.variant):
            if c in taken:
                continue
            mine = pile.get(c.suit)
            if (c.value > mine[-1]) if mine is not None else new_pile:
                out.append(c)
        return out

    def check(self, action: BidAction) -> None:
        """Raise the specific :class:`IllegalActionError` if the player to act may not do ``action``."""
        if action == PASS:
            return
        seat = self.current_player()
        card = BidCard.parse(action)
        if card.value not in self.variant.bid_values:
            values = self.variant.bid_values
            raise BidCardNotInGameError(card, f"{self.variant.name} has only the bid cards "
                                              f"{min(values)}-{max(values)} of each suit")
        if card in self.taken:
            who = self.taken[card]
            raise BidCardTakenError(card, f"bid card {card} was already taken by seat {who}"
                                          f"{' (yourself)' if who == seat else ''}; it is no longer in the middle")
        pile = self.piles[seat]
        if card.suit in pile and card.value <= pile[card.suit][-1]:
            top = pile[card.suit][-1]
            raise BidTooLowError(card, f"you already bid {card.suit}{top}: a new {SUIT_NAMES[card.suit]} card "
                                       f"must have a larger value than {top}")
        if card.suit not in pile and len(pile) >= self.variant.max_suits:
            raise TooManySuitsError(card, f"you already bid in {len(pile)} suits, the most a player may hold")

    # -- the move ------------------------------------------------------------------
    def apply(self, action: "BidAction | str") -> None:
        """Take a bid card or pass for the player to act (checked: an illegal action changes nothing)."""
        from ..errors import GameOverError

        if self.is_over:
            raise GameOverError(action, "the bidding is over")
        action = parse_bid_action(action)
        self.check(action)
        self._take(action)

    def _take(self, action: BidAction) -> None:
        """:meth:`apply` for an action already parsed and checked (:meth:`check`), the bidding not over: the
        step itself."""
        seat = self.current_player()
        lap = self.turns // self.players + 1
        covered = None
        if action == PASS:
            self.pass_streak += 1
        else:
            pile = self.piles[seat].setdefault(action.suit, [])
            if pile:
                covered = pile[-1]
                self.running_total -= covered
            pile.append(action.value)
            self.taken[action] = seat
            self.running_total += action.value
            self.pass_streak = 0
        self.history.append(BidStep(seat, lap, action, self.running_total, covered))
        self.turns += 1
        if self.running_total == self.total:
            return
        if self.running_total > self.total:
            self.loss = BiddingLoss.OVERSHOOT
        elif self.pass_streak >= self.passes_to_lose:
            self.loss = BiddingLoss.ALL_PASSED
        elif self.turns >= self.max_laps * self.players:
            self.loss = BiddingLoss.LAPS_RUN_OUT
        elif not self.anything_fits():
            self.loss = BiddingLoss.NOTHING_FITS

    @property
    def loss_reason(self) -> str | None:
        """The loss rule that ended the bidding, in plain words (``None`` if not lost)."""
        if self.loss is None:
            return None
        return self.loss.explain(self.players, self.total, self.max_laps, self.rules.nothing_fits)

    def __repr__(self) -> str:
        state = ("complete" if self.is_complete else f"lost: {self.loss.value}") if self.is_over else \
            f"lap {self.lap}, seat {self.current_player()} to act"
        return f"<Bidding total {self.running_total}/{self.total}, {state}>"
