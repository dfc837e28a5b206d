"""The trick play of Comrade (トリックラウンド): must follow, no trumps, tricks counted by led suit.

The dealer leads the first trick; the highest card of the led suit wins (the ace is high in
play, a named rule option ``ComradeOptions.ace_high``; the bid cards count it as 1) and the winner
leads next.  A won trick counts for the winner under the suit that was **led**.  The game
is lost *at the moment* someone wins a trick outside their bid: a led suit they did not
bid, or one more trick of a suit than they bid.

    >>> from cardgames.cards import parse_cards
    >>> t = Trick(leader=1, plays=tuple(zip([1, 2, 3, 0], parse_cards("H5 HK S2 HA"))))
    >>> t.led_suit, t.winner, str(t)
    ('H', 0, 'E leads H5, S HK, W S2, N HA: N wins (hearts led)')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import NamedTuple, Sequence

from ..cards import SUIT_NAMES, SUITS, Card
from .errors import CardNotInHandError, MustFollowSuitError
from .options import DEFAULT_OPTIONS, ComradeOptions
from .variant import SEAT_LETTERS

__all__ = ["Trick", "PlayLoss", "TrickPlay", "trick_winner", "legal_cards", "play_rank", "hand_order"]


def play_rank(card: Card, ace_high: bool = True) -> int:
    """How strong ``card`` is in the trick play: its rank, the ace 14 (high, the default rule
    ``ComradeOptions.ace_high``) or 1 (low) -- the bid cards always count the ace as 1.

    >>> play_rank(Card.parse("SA")), play_rank(Card.parse("SA"), ace_high=False), play_rank(Card.parse("S2"))
    (14, 1, 2)
    """
    return 1 if card.rank == 14 and not ace_high else card.rank


def trick_winner(plays: Sequence[tuple[int, Card]], ace_high: bool = True) -> int:
    """The seat that wins a complete trick: the highest card of the led suit (no trumps); the ace
    is the highest card unless ``ace_high=False``."""
    led = plays[0][1].suit
    return max((p for p in plays if p[1].suit == led), key=lambda p: play_rank(p[1], ace_high))[0]


def legal_cards(hand: Sequence[Card], led_suit: str | None) -> list[Card]:
    """The cards of ``hand`` that may be played: the led suit if the hand holds it (must follow), else any."""
    if led_suit is not None:
        follow = [c for c in hand if c.suit == led_suit]
        if follow:
            return follow
    return list(hand)


@dataclass(frozen=True)
class Trick:
    """A complete trick: ``plays`` are (seat, card) in playing order, the leader first;
    ``ace_high`` is the rule option it was played under (the ace high, the default)."""

    leader: int
    plays: tuple[tuple[int, Card], ...]
    ace_high: bool = True

    @property
    def led_suit(self) -> str:
        return self.plays[0][1].suit

    @cached_property
    def winner(self) -> int:
        """The seat that won the trick (:func:`trick_winner`), worked out once: the play asks for the last
        trick's winner at every card (who leads next)."""
        return trick_winner(self.plays, self.ace_high)

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(c for _, c in self.plays)

    def card_of(self, seat: int) -> Card | None:
        for s, c in self.plays:
            if s == seat:
                return c
        return None

    def __str__(self) -> str:
        parts = [f"{SEAT_LETTERS[s]} {c}" for s, c in self.plays]
        return (f"{parts[0].split()[0]} leads {parts[0].split()[1]}, " + ", ".join(parts[1:])
                + f": {SEAT_LETTERS[self.winner]} wins ({SUIT_NAMES[self.led_suit]} led)")


class PlayLoss(NamedTuple):
    """The moment the game was lost in the play: trick ``trick`` (from 1) was won by ``seat``,
    led in ``suit``, making ``count`` such tricks against a bid of ``bid`` (0 = not bid)."""

    trick: int
    seat: int
    suit: str
    bid: int
    count: int

    def explain(self, letters: str = SEAT_LETTERS) -> str:
        who = f"seat {self.seat} ({letters[self.seat]})"
        if self.bid == 0:
            return (f"trick {self.trick}: {who} won a trick led in {SUIT_NAMES[self.suit]}, "
                    f"a suit they did not bid")
        return (f"trick {self.trick}: {who} won trick number {self.count} led in {SUIT_NAMES[self.suit]}, "
                f"but bid only {self.bid}")


_SUIT_ORDER = {s: 16 * i for i, s in enumerate("SHDCJ")}


def hand_order(card: Card) -> int:
    """A number that orders cards as :attr:`Card.sort_key <cardgames.cards.Card.sort_key>` does (spades to
    clubs, then jokers; high to low), quicker to compute and compare: ranks run from 0 to 14.

    >>> from cardgames.cards import parse_cards
    >>> cards = parse_cards("H2 SK CA SA")
    >>> sorted(cards, key=hand_order) == sorted(cards, key=lambda c: c.sort_key)
    True
    """
    return _SUIT_ORDER[card.suit] - card.rank


@dataclass
class TrickPlay:
    """The state of the trick play.  ``hands`` are mutable lists (the cards still held).

    ``bids`` is, per seat, suit -> number of tricks bid (a missing suit means 0).
    """

    hands: list[list[Card]]
    leader: int
    bids: list[dict[str, int]]
    rules: ComradeOptions = DEFAULT_OPTIONS
    tricks: list[Trick] = field(default_factory=list)
    current: list[tuple[int, Card]] = field(default_factory=list)
    won: list[dict[str, int]] = field(default_factory=list)
    loss: PlayLoss | None = None

    def __post_init__(self) -> None:
        self.hands = [list(h) for h in self.hands]
        self.players = len(self.hands)
        self.tricks_total = len(self.hands[0])
        if not self.won:
            self.won = [{s: 0 for s in SUITS} for _ in range(self.players)]

    @property
    def is_over(self) -> bool:
        return len(self.tricks) == self.tricks_total or (self.loss is not None and self.rules.stop_at_loss)

    @property
    def is_won(self) -> bool:
        """All tricks played and every count equals its bid."""
        return len(self.tricks) == self.tricks_total and self.loss is None and all(
            self.won[p][s] == self.bids[p].get(s, 0) for p in range(self.players) for s in SUITS)

    @property
    def led_suit(self) -> str | None:
        return self.current[0][1].suit if self.current else None

    def current_player(self) -> int | None:
        if len(self.tricks) == self.tricks_total or (self.loss is not None and self.rules.stop_at_loss):
            return None     # over (``is_over``, read directly: asked at every step of the players' searches)
        if not self.current:
            return self.tricks[-1].winner if self.tricks else self.leader
        return (self.current[-1][0] + 1) % self.players

    def legal_actions(self) -> list[Card]:
        seat = self.current_player()
        if seat is None:
            return []
        return sorted(legal_cards(self.hands[seat], self.led_suit), key=hand_order)

    def check(self, card: Card) -> None:
        """Raise :class:`CardNotInHandError` or :class:`MustFollowSuitError` if ``card`` may not be played."""
        seat = self.current_player()
        hand = self.hands[seat]
        if card not in hand:
            played = any(card in t.cards for t in self.tricks) or any(card == c for _, c in self.current)
            where = "it was already played" if played else "it is not in your hand"
            raise CardNotInHandError(card, f"seat {seat} cannot play {card}: {where}")
        led = self.led_suit
        if led is not None and card.suit != led and any(c.suit == led for c in hand):
            raise MustFollowSuitError(card, f"{SUIT_NAMES[led]} were led and seat {seat} still holds "
                                            f"{SUIT_NAMES[led]}: must follow suit")

    def apply(self, card: Card) -> Trick | None:
        """Play ``card`` for the player to act; returns the trick if this card completed one."""
        self.check(card)
        return self._play(card)

    def _play(self, card: Card) -> Trick | None:
        """:meth:`apply` for a card already checked (:meth:`check`): the step itself."""
        seat = self.current_player()
        hand = self.hands[seat]
        for i, c in enumerate(hand):
            if c is card:               # the card object itself (taken from the hand): no comparisons
                del hand[i]
                break
        else:
            hand.remove(card)
        self.current.append((seat, card))
        if len(self.current) < self.players:
            return None
        trick = Trick(self.current[0][0], tuple(self.current), self.rules.ace_high)
        self.current = []
        self.tricks.append(trick)
        w, s = trick.winner, trick.led_suit
        self.won[w][s] += 1
        bid = self.bids[w].get(s, 0)
        if self.loss is None and self.won[w][s] > bid:
            self.loss = PlayLoss(len(self.tricks), w, s, bid, self.won[w][s])
        if self.loss is None and len(self.tricks) == self.tricks_total and not self.is_won:
            # cannot happen when bids total the number of tricks, kept as a guard
            p, s = next((p, s) for p in range(self.players) for s in SUITS if self.won[p][s] != self.bids[p].get(s, 0))
            self.loss = PlayLoss(len(self.tricks), p, s, self.bids[p].get(s, 0), self.won[p][s])
        return trick
