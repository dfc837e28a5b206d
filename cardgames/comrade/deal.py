"""Comrade deals, written in PBN (Portable Bridge Notation), the convention bridge software uses.

A deal is one string: the letter of the first seat written, a colon, then the hands in
clockwise order, each hand written ``spades.hearts.diamonds.clubs`` with the ranks
``AKQJT98765432`` (``10`` is accepted for ``T``, and lower case too)::

    >>> d = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
    >>> d.players, d.hand_size, d.total
    (4, 13, 13)
    >>> str(d.hands[1])   # East
    'ST S9 S8 H7 H6 H5 D4 D3 D2 CA CK CQ CJ'
    >>> d.to_pbn() == "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
    True

*Mini deals* with 1 to 13 cards per hand are allowed (the cards in no hand are out of
play, and the bids must then total the hand size), which suits classroom exercises::

    >>> mini = Deal.from_pbn("N:A... K... Q... J...")
    >>> mini.hand_size, mini.total
    (1, 1)

Three hands make a 3-player deal (only the 5-K of each suit are in play).  Bad deals
raise :class:`DealError` naming the problem::

    >>> Deal.from_pbn("N:A... A... Q... J...")
    Traceback (most recent call last):
    ...
    cardgames.comrade.errors.DealError: card SA is dealt twice (to N and to E)
"""

from __future__ import annotations

import random
from typing import Iterable, Sequence

from ..cards import RANK_VALUE, VALUE_RANK, SUITS, Card, Hand
from ..errors import CardParseError, shown
from .errors import DealError
from .variant import FIVE_PLAYERS_MESSAGE, SEAT_LETTERS, Variant, variant_for

__all__ = ["DealError", "Deal", "hand_to_pbn"]


def hand_to_pbn(hand: Iterable[Card]) -> str:
    """One hand as ``spades.hearts.diamonds.clubs``, high to low: ``'AK.T..2'``."""
    cards = list(hand)
    return ".".join(
        "".join(VALUE_RANK[c.rank] for c in sorted(cards, key=lambda c: -c.rank) if c.suit == s) for s in SUITS
    )


def _parse_pbn_hand(text: str, seat_letter: str) -> list[Card]:
    parts = text.split(".")
    if len(parts) != 4:
        raise DealError(
            f"hand {shown(text)} of seat {seat_letter} has {len(parts)} suit(s): write spades.hearts.diamonds.clubs, "
            f"four groups separated by three dots (an empty group is a void)", text)
    cards: list[Card] = []
    for suit, part in zip(SUITS, parts):
        i = 0
        up = part.upper()
        while i < len(up):
            if up.startswith("10", i):
                rank, i = "T", i + 2
            else:
                rank, i = up[i], i + 1
            if rank not in RANK_VALUE:
                bad = part[i - 1]
                raise DealError(
                    f"unknown rank {shown(bad)} in hand {shown(text)} of seat {seat_letter} "
                    f"(ranks: A K Q J T 9 8 7 6 5 4 3 2, or 10)", bad)
            cards.append(Card(suit, RANK_VALUE[rank]))
    return cards


class Deal:
    """The hands of one Comrade deal, seat 0 = N, 1 = E, 2 = S, 3 = W (three hands for 3 players).

    Immutable and hashable.  Build one with :meth:`from_pbn` (alias :meth:`parse`),
    :meth:`random`, or directly from a list of hands (each a :class:`~cardgames.cards.Hand`,
    a string of card codes, or an iterable of cards)::

        >>> Deal(["SA", "SK", "SQ", "SJ"]).to_pbn()
        'N:A... K... Q... J...'
    """

    __slots__ = ("_hands", "_variant")

    def __init__(self, hands: Sequence["Hand | str | Iterable[Card | str]"], variant: Variant | None = None):
        if isinstance(hands, (str, bytes, bytearray)) or not hasattr(hands, "__iter__"):
            raise DealError("give a list of hands, or use Deal.from_pbn for a PBN string", hands)
        if variant is not None and not isinstance(variant, Variant):
            raise DealError(f"variant must be a Variant (FOUR_PLAYERS or THREE_PLAYERS), not {shown(variant)}", variant)
        parsed: list[Hand] = []
        for h in hands:
            try:
                parsed.append(Hand(h.replace(",", " ").split() if isinstance(h, str) else h))
            except CardParseError as e:
                raise DealError(str(e), e.token) from e
        n = len(parsed)
        if variant is None:
            if n not in (3, 4):
                # 5 hands too: the 5-player rules are incomplete (see variant_for), so no 5-hand deal exists
                reason = f": {FIVE_PLAYERS_MESSAGE}" if n == 5 else ""
                raise DealError(f"a Comrade deal has 4 hands (3 for the 3-player game), not {n}{reason}", n)
            variant = variant_for(n)
        elif n != variant.players:
            raise DealError(f"{variant.name} needs {variant.players} hands, not {n}", n)
        letters = variant.seat_letters
        seen: dict[Card, int] = {}
        for seat, hand in enumerate(parsed):
            for card in hand:
                if card.is_joker:
                    raise DealError(f"seat {letters[seat]} holds a joker; Comrade uses no jokers", card.code)
                if card in seen:
                    where = (f"to {letters[seen[card]]} and to {letters[seat]}" if seen[card] != seat
                             else f"both times to {letters[seat]}")
                    raise DealError(f"card {card.code} is dealt twice ({where})", card.code)
                seen[card] = seat
                if card.rank not in variant.ranks:
                    raise DealError(
                        f"card {card.code} (seat {letters[seat]}) is not used in {variant.name} "
                        f"(ranks {variant.rank_span} only)", card.code)
        sizes = [len(h) for h in parsed]
        if len(set(sizes)) != 1:
            detail = ", ".join(f"{letters[i]} {s}" for i, s in enumerate(sizes))
            raise DealError(f"the hands must be the same size, but they hold {detail} cards", tuple(sizes))
        size = sizes[0]
        if size == 0:
            raise DealError("the hands are empty: deal at least one card each", 0)
        if size > variant.total:
            raise DealError(f"{size} cards per hand is more than {variant.name} deals ({variant.total})", size)
        self._hands = tuple(h.sorted() for h in parsed)
        self._variant = variant

    # -- properties ---------------------------------------------------------
    @property
    def hands(self) -> tuple[Hand, ...]:
        """One :class:`Hand` per seat, sorted spades to clubs, high to low."""
        return self._hands

    @property
    def players(self) -> int:
        return len(self._hands)

    @property
    def hand_size(self) -> int:
        return len(self._hands[0])

    @property
    def variant(self) -> Variant:
        return self._variant

    @property
    def total(self) -> int:
        """What the bids must add up to: the number of tricks, i.e. the hand size
        (13 for a full 4-player deal, 12 for 3 players, less for a mini deal)."""
        return self.hand_size

    @property
    def is_mini(self) -> bool:
        """True when not every card of the variant is dealt."""
        return self.hand_size < self._variant.total

    @property
    def out_of_play(self) -> Hand:
        """The cards of the variant's deck that are in no hand (empty for a full deal)."""
        dealt = {c for h in self._hands for c in h}
        return Hand(c for c in self._variant.deck if c not in dealt)

    def seat_of(self, card: "Card | str") -> int | None:
        """The seat holding ``card``, or ``None`` if it is out of play."""
        card = Card.parse(card)
        for seat, hand in enumerate(self._hands):
            if card in hand:
                return seat
        return None

    def rotated(self, seats: int = 1) -> "Deal":
        """The same hands moved ``seats`` places clockwise (N's hand goes to E for ``seats=1``).

        A line of play written in turn order from the dealer stays valid when the hands move
        with the dealer::

            >>> Deal.from_pbn("N:A... K... Q... J...").rotated(1).to_pbn()
            'N:J... A... K... Q...'
        """
        n = self.players
        return Deal([self._hands[(s - seats) % n] for s in range(n)], self._variant)

    # -- notation -------------------------------------------------------------
    @classmethod
    def from_pbn(cls, text: str) -> "Deal":
        """Read a PBN deal such as ``"N:KQT2.AT.J6542.85 ..."`` (see the module docstring).

        The letter before the colon names the seat of the first hand written (N, E, S, W;
        N, E, S for 3 players); the colon part may be left out, meaning ``N:``.
        """
        if isinstance(text, Deal):
            return text
        if not isinstance(text, str):
            raise DealError(f"a PBN deal is a string like 'N:AKQ.JT9.876.5432 ...', not {shown(text)}", text)
        body = text.strip()
        odd = next((ch for ch in body if not ch.isascii() and not ch.isspace()), None)
        if odd is not None:
            # ranks, dots, seat letters and quotes are ASCII: 'ſ' is not S, the ligature 'ﬅ' is not ST
            raise DealError("PBN is written in ASCII letters, digits and dots: "
                            f"{shown(odd)} in {shown(text)} is none of them", odd)
        if body.lower().startswith("[deal"):  # accept a PBN tag line  [Deal "N:..."]
            body = body.split('"')[1] if body.count('"') >= 2 else body
        first = "N"
        if ":" in body:
            first, body = body.split(":", 1)
            first = first.strip().upper()
            if first not in SEAT_LETTERS or len(first) != 1:
                raise DealError(f"unknown first seat {shown(first)} before ':' (write N, E, S or W)", first)
        parts = body.split()
        n = len(parts)
        if n not in (3, 4):
            reason = f": {FIVE_PLAYERS_MESSAGE}" if n == 5 else ""
            written = "1 is" if n == 1 else f"{n} are"
            raise DealError(f"a Comrade deal has 4 hands (3 for the 3-player game), but {written} written{reason}", n)
        letters = SEAT_LETTERS[:n]
        if first not in letters:
            raise DealError(f"seat {first} does not exist with {n} players (seats: {', '.join(letters)})", first)
        start = letters.index(first)
        hands: list[list[Card]] = [[] for _ in range(n)]
        for i, part in enumerate(parts):
            seat = (start + i) % n
            hands[seat] = _parse_pbn_hand(part, letters[seat])
        return cls(hands)

    parse = from_pbn

    def to_pbn(self, first: str = "N") -> str:
        """The deal in PBN, starting with seat ``first``; ``Deal.from_pbn(s).to_pbn() == s``
        for a canonical string (starting with ``N:``, ranks high to low, upper case, ``T``)."""
        letters = self._variant.seat_letters
        f = first.upper() if isinstance(first, str) else letters[first]
        if f not in letters:
            raise DealError(f"seat {shown(first)} does not exist (seats: {', '.join(letters)})", first)
        start = letters.index(f)
        n = self.players
        return f + ":" + " ".join(hand_to_pbn(self._hands[(start + i) % n]) for i in range(n))

    @classmethod
    def random(cls, seed: "int | random.Random | None" = None, players: int = 4,
               hand_size: int | None = None) -> "Deal":
        """A shuffled deal; the same seed always gives the same deal.

        ``hand_size`` (default: the full deal, 13 or 12) makes a mini deal: the cards
        not dealt are out of play.

            >>> Deal.random(7, hand_size=3) == Deal.random(7, hand_size=3)
            True
        """
        variant = variant_for(players)
        size = variant.total if hand_size is None else hand_size
        if not 1 <= size <= variant.total:
            raise DealError(f"hand_size must be 1..{variant.total} for {variant.name}, not {size}", size)
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        deck = list(variant.deck)
        rng.shuffle(deck)
        return cls([deck[i * size:(i + 1) * size] for i in range(players)], variant)

    # -- value semantics ---------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deal) and self._hands == other._hands

    def __hash__(self) -> int:
        return hash(self._hands)

    def __setattr__(self, name, value):
        if hasattr(self, "_variant"):
            raise AttributeError("a Deal is immutable")
        object.__setattr__(self, name, value)

    def __reduce__(self):
        return (Deal, ([list(h) for h in self._hands], self._variant))

    def __deepcopy__(self, memo):
        return self

    def __copy__(self):
        return self

    def __str__(self) -> str:
        return self.to_pbn()

    def __repr__(self) -> str:
        return f"Deal.from_pbn({self.to_pbn()!r})"

    def _repr_html_(self) -> str:
        return deal_html(self)


def deal_html(deal: Deal, seats: Sequence[int] | None = None, *, hidden: Iterable[int] = ()) -> str:
    """The deal as a table, one row per seat and one column per suit; ``hidden`` seats show card backs
    (built by :func:`cardgames.comrade.display.deal_html`, imported only when called)."""
    from .display import deal_html as build

    return build(deal, seats, hidden=tuple(hidden))
