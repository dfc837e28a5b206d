"""The Heart Challenge engine: a 10-round match as one turn-based state machine.

Every decision is an :class:`~cardgames.heart_challenge.actions.Action` of the
current player; every chance event (the deal, a random card taken or given, a
draw, a reshuffle) comes from the game's own seeded generator.

Phases (``game.phase``) and who acts in them:

=============  ==========================================================  ==========================
phase          what happens                                                 actions
=============  ==========================================================  ==========================
``marker``     setup: each player shows one card of their number            ``marker``
``first``      everyone places one card, from the dealer (親) clockwise     ``place``
``turn``       from the dealer: place one more card or start a challenge    ``place``, ``challenge``
``auction``    the declaring (宣言): raise, pass, or play a Q (a)            ``raise``, ``pass``, ``use``
``q_place``    after a Q: everyone with cards places one more               ``place``
``window``     a special-card window (see below)                            ``use``, ``decline``
``flip``       the challenger turns the top card of another pile           ``flip``, ``use`` (joker)
``joker_pick`` a joker's extra card: the challenger picks the pile         ``flip``
``take``       success: a random card from the stock or a player's hand    ``take``
``joker_gift`` joker failure: its player may give it to the challenger     ``give``, ``keep``
``limit``      over the hand limit: return a card of your choice           ``return``
``over``       the match is over                                            (none)
=============  ==========================================================  ==========================

**Special-card windows.**  The page lets special cards be used "at the moments
their condition holds" and jokers "at any moment of a challenge".  To keep a
clean turn-based machine those moments are a fixed list of *windows*; in each,
the players who could use a card are asked one at a time, the challenger first,
then the others clockwise, and each uses one card or declines.  The first use
closes the window.  Players who could use nothing are not asked.

* ``own_heart`` — the challenger's own pile shows a heart (and no J in it saved
  them): the challenger may use a J or a joker, the others a joker.  All
  decline: failure.
* ``heart`` — the challenger turned a heart from another pile: the challenger
  may use a K or a joker, the others a joker.  All decline: failure.
* ``k_cancel`` — a K was used: each other player with a Q may cancel it.
  Nobody does: the heart does not count and flipping goes on.
* ``preflip`` — before each flip, the other players may play a joker (the
  challenger plays theirs instead of flipping, in the ``flip`` phase).

A Q (a) is used in the declaring, on one's turn, instead of raising or passing
(then one still raises or passes).

    >>> g = HeartChallengeGame(3, seed=7)
    >>> g.phase, g.current_player(), len(g.legal_actions())
    ('marker', 1, 4)
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Iterable, Sequence

from ..cards import JOKER, Card, parse_cards
from ..errors import CardNotInHandError, IllegalActionError, RuleConfigError, WrongPhaseError, check_seat
from ..game import GameState
from .actions import Action
from .options import HeartChallengeOptions
from .scoring import hand_points
from .setup import deal_setup, is_heart, number_cards, number_of, special_kind

__all__ = ["HeartChallengeGame", "HeartChallengeIllegalAction", "CardNotHeldError", "WrongMomentError",
           "SpecialCardError", "DeclaringError", "ImpossiblePositionError"]


# -- exceptions -------------------------------------------------------------------------------
class HeartChallengeIllegalAction(IllegalActionError):
    """An action Heart Challenge's rules do not allow now (the state is unchanged)."""


class CardNotHeldError(HeartChallengeIllegalAction, CardNotInHandError):
    """The action names a card the player does not hold (the package's :class:`CardNotInHandError`)."""


class WrongMomentError(HeartChallengeIllegalAction, WrongPhaseError):
    """This kind of action is not possible in the current phase (the package's :class:`WrongPhaseError`)."""


class SpecialCardError(HeartChallengeIllegalAction):
    """A special card used when its condition is not met, or over the one-use limit."""


class DeclaringError(HeartChallengeIllegalAction):
    """A bad number in a challenge or the declaring."""


class ImpossiblePositionError(RuleConfigError):
    """A staged position no game can reach: a card twice (only the joker exists twice), a marker that is
    also in a hand, a pile or the stock, or a ♦/♣ of a number nobody has (those are out of the game)."""


_PHASE_KINDS = {
    "marker": ("marker",),
    "first": ("place",),
    "turn": ("place", "challenge"),
    "auction": ("raise", "pass", "use"),
    "q_place": ("place",),
    "window": ("use", "decline"),
    "flip": ("flip", "use"),
    "joker_pick": ("flip",),
    "take": ("take",),
    "joker_gift": ("give", "keep"),
    "limit": ("return",),
    "over": (),
}

_WINDOW_KINDS = {
    "own_heart": {"challenger": ("J", "JK"), "others": ("JK",)},
    "heart": {"challenger": ("K", "JK"), "others": ("JK",)},
    "k_cancel": {"challenger": (), "others": ("Q",)},
    "preflip": {"challenger": (), "others": ("JK",)},
}


def _check_position(numbers: Sequence[int], markers: Sequence[Card | None],
                    places: Sequence[tuple[str, Sequence[Card]]]) -> None:
    """Refuse a staged position no game can reach (see :meth:`HeartChallengeGame.staged`)."""
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


def _distinct(cards: Iterable[Card]) -> list[Card]:
    seen: list[Card] = []
    for c in cards:
        if c not in seen:
            seen.append(c)
    return seen


class HeartChallengeGame(GameState):
    """A Heart Challenge match for 2 to 10 players (seats ``0..n-1``, clockwise).

    ``returns()`` gives the running match totals (the points scored so far), so it
    is meaningful before the end too; the winner has the highest total at the end.

    >>> g = HeartChallengeGame(4, seed=1)
    >>> sorted(len(h) for h in g.hands)   # four number cards and one special, marker not yet shown
    [5, 5, 5, 5]
    >>> HeartChallengeGame(11)
    Traceback (most recent call last):
    ...
    cardgames.errors.RuleConfigError: Heart Challenge is for 2 to 10 players, not 11
    """

    def __init__(self, num_players: int = 4, seed: int | None = None,
                 options: HeartChallengeOptions | None = None):
        self.options = options if options is not None else HeartChallengeOptions()
        if not isinstance(self.options, HeartChallengeOptions):
            raise RuleConfigError(f"options must be a HeartChallengeOptions, not {type(self.options).__name__}")
        self.num_players = self.options.check_players(num_players)
        self.seed = seed
        self.rng = random.Random(seed)
        deal = deal_setup(num_players, self.rng, self.options)
        self.numbers: list[int] = deal.numbers
        self.hands: list[list[Card]] = deal.hands
        self.stock: list[Card] = deal.stock
        self.out_of_game: list[Card] = deal.out_of_game
        self.dealt_specials: list[list[Card]] = deal.specials
        self.initial_stock: list[Card] = list(deal.stock)
        self.markers: list[Card | None] = [None] * num_players
        self._init_match(deal.dealer)
        order = self.seats_from(self.dealer)
        if self.options.choose_marker:
            self.phase = "marker"
            self.queue = order
        else:
            for s in order:
                self._put_marker(s, self.default_marker(s))
            self._start_round()

    def _init_match(self, dealer: int) -> None:
        n = self.num_players
        self.dealer = dealer
        self.active = [True] * n
        self.scores = [0] * n
        self.round_points: list[list[int | None]] = []
        #: one record per finished round: dealer, challenger, target, result, points, hands at the end
        self.history: list[dict] = []
        self.round_no = 1
        self.log: list[str] = []
        self.phase = "first"
        self.queue: list[int] = []
        self._reset_round()

    def _reset_round(self) -> None:
        n = self.num_players
        self.piles: list[list[Card]] = [[] for _ in range(n)]
        self.face_up = [0] * n            # cards turned face up, counted from the top of each pile
        self.used_special: set[int] = set()
        self.turn: int | None = None
        self.starter: int | None = None
        self.starter_small = False        # the starter held 2 cards or fewer when starting
        self.raised = False
        self.high = 0
        self.high_bidder: int | None = None
        self.passed: set[int] = set()
        self.bidder: int | None = None
        self.q_user: int | None = None
        self.challenger: int | None = None
        self.target = 0
        self.count = 0
        self.window: str | None = None
        self.heart_pile: int | None = None    # whose pile the pending heart came from
        self.jokers_out: list[tuple[str, int]] = []   # ("pile", owner) or ("hand", player)
        self.table_jokers: list[int] = []     # players whose played joker lies on the table
        self.stock_turned: list[Card] = []
        self.joker_gained: set[int] = set()   # seats that received a joker this round (hand limit rule)
        self.gift_from: int | None = None
        self.result: str | None = None
        self.on_decline: tuple = ()
        self.leaving: set[int] = set()

    # -- staging (for tests and the tutorial) ------------------------------------------------
    @classmethod
    def staged(cls, hands: Sequence[Iterable[Card | str] | str], *, numbers: Sequence[int] | None = None,
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

        >>> g = HeartChallengeGame.staged(["HA DA", "H2 C2"], piles=["CA", "D2"])
        >>> g.phase, g.current_player(), [str(a) for a in g.legal_actions()][:3], [str(m) for m in g.markers]
        ('turn', 0, ['place HA', 'place DA', 'challenge 1'], ['SA', 'S2'])
        >>> HeartChallengeGame.staged(["HA DA", "S2 H2"], piles=["SA", "D2"], stock="D5")
        Traceback (most recent call last):
        ...
        cardgames.heart_challenge.engine.ImpossiblePositionError: impossible position: the stock holds D5, but nobody has number 5: its ♦ and ♣ are out of the game
        """
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
            raise RuleConfigError(f"numbers must be {n} different numbers from 1 to 10, not {game.numbers!r}")
        game.hands = [list(parse_cards(h)) for h in hands]
        game.stock = list(parse_cards(stock))
        game.out_of_game = list(parse_cards(out_of_game))
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
                raise RuleConfigError(f"markers must have one entry per seat ({n}), not {markers!r}")
            game.markers = [None if m is None else Card.parse(m) for m in markers]
        _check_position(game.numbers, game.markers, places)
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
            raise RuleConfigError(f"dealer must be a seat from 0 to {n - 1}, not {dealer!r}")
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

    # -- small helpers ---------------------------------------------------------------------------
    def seats_from(self, start: int, include_start: bool = True) -> list[int]:
        """Active seats clockwise from ``start``."""
        n = self.num_players
        seats = [(start + i) % n for i in range(0 if include_start else 1, n)]
        return [s for s in seats if self.active[s]]

    def _next_active(self, seat: int) -> int:
        for s in self.seats_from(seat, include_start=False):
            return s
        return seat

    def default_marker(self, seat: int) -> Card:
        """The marker a bot or the default shows: a non-heart card of the seat's number (spade first)."""
        for c in self.hands[seat]:
            if number_of(c) == self.numbers[seat] and c.suit != "H":
                return c
        return next(c for c in self.hands[seat] if number_of(c) == self.numbers[seat])

    def placed_total(self) -> int:
        """Cards on all piles (the most one may declare)."""
        return sum(len(p) for p in self.piles)

    def face_down(self, seat: int) -> int:
        """Face-down cards left on a seat's pile."""
        return len(self.piles[seat]) - self.face_up[seat]

    def facedown_others(self) -> int:
        return sum(self.face_down(s) for s in range(self.num_players) if s != self.challenger)

    def cards_in_play(self) -> Counter:
        """Every card in hands, piles, the stock or on the table (jokers played, a card turned from the stock)."""
        cnt: Counter = Counter()
        for h in self.hands:
            cnt.update(h)
        for p in self.piles:
            cnt.update(p)
        cnt.update(self.stock)
        cnt.update(self.stock_turned)
        cnt.update(self._table_joker_cards())
        return cnt

    def _table_joker_cards(self) -> list[Card]:
        return [JOKER] * len(self.table_jokers)

    def _say(self, text: str) -> None:
        self.log.append(f"R{self.round_no}: {text}")

    def _shuffle_stock(self) -> None:
        self.rng.shuffle(self.stock)

    def _to_stock(self, cards: Iterable[Card]) -> None:
        cards = list(cards)
        if cards:
            self.stock.extend(cards)
            self._shuffle_stock()

    def _draw(self, seat: int) -> Card | None:
        if not self.stock:
            return None
        card = self.stock.pop()
        self._gain(seat, card)
        return card

    def _gain(self, seat: int, card: Card) -> None:
        """A card comes into ``seat``'s hand from elsewhere (a joker so gained counts for the hand limit)."""
        self.hands[seat].append(card)
        if card.is_joker:
            self.joker_gained.add(seat)

    def _random_from_hand(self, seat: int, exclude_jokers: bool = False) -> Card | None:
        pool = [i for i, c in enumerate(self.hands[seat]) if not (exclude_jokers and c.is_joker)]
        if not pool:
            return None
        return self.hands[seat].pop(self.rng.choice(pool))

    # -- GameState interface ---------------------------------------------------------------------
    def current_player(self) -> int | None:
        ph = self.phase
        if ph == "over":
            return None
        if ph in ("marker", "first", "q_place", "window", "limit"):
            return self.queue[0]
        if ph == "turn":
            return self.turn
        if ph == "auction":
            return self.bidder
        if ph in ("flip", "joker_pick", "take"):
            return self.challenger
        if ph == "joker_gift":
            return self.gift_from
        raise AssertionError(ph)

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def returns(self) -> list[float]:
        return [float(s) for s in self.scores]

    def winners(self) -> list[int]:
        """Seats with the highest total (at the end of the match)."""
        best = max(self.scores)
        return [s for s in range(self.num_players) if self.scores[s] == best]

    def parse_action(self, action: Any) -> Action:
        return Action.parse(action)

    def legal_actions(self) -> list[Action]:
        ph = self.phase
        if ph == "over":
            return []
        me = self.current_player()
        hand = self.hands[me]
        if ph == "marker":
            return [Action.marker(c) for c in _distinct(hand) if number_of(c) == self.numbers[me]]
        if ph in ("first", "q_place"):
            return [Action.place(c) for c in _distinct(hand)]
        if ph == "turn":
            acts = [Action.place(c) for c in _distinct(hand)]
            return acts + [Action.challenge(k) for k in range(1, self.placed_total() + 1)]
        if ph == "auction":
            acts = [Action.raise_to(k) for k in range(self.high + 1, self.placed_total() + 1)]
            acts.append(Action("pass"))
            return acts + [Action.use(c) for c in self._auction_q_cards(me)]
        if ph == "window":
            return [Action.use(c) for c in self._window_cards(me)] + [Action("decline")]
        if ph in ("flip", "joker_pick"):
            acts = [Action.flip(s) for s in range(self.num_players) if s != me and self.face_down(s) > 0]
            if ph == "flip" and me not in self.used_special:
                acts += [Action.use(c) for c in _distinct(hand) if c.is_joker]
            return acts
        if ph == "take":
            return [Action.take(s) for s in self._take_sources()]
        if ph == "joker_gift":
            return [Action("give"), Action("keep")]
        if ph == "limit":
            return [Action.return_card(c) for c in _distinct(hand)]
        raise AssertionError(ph)

    def _auction_q_cards(self, seat: int) -> list[Card]:
        if seat in self.used_special:
            return []
        return [c for c in _distinct(self.hands[seat]) if special_kind(c) == "Q"]

    def _window_cards(self, seat: int) -> list[Card]:
        if seat in self.used_special or self.window is None:
            return []
        role = "challenger" if seat == self.challenger else "others"
        kinds = _WINDOW_KINDS[self.window][role]
        return [c for c in _distinct(self.hands[seat]) if special_kind(c) in kinds]

    def _take_sources(self) -> list[int | None]:
        out: list[int | None] = [None] if self.stock else []
        return out + [s for s in self.seats_from(self.challenger, include_start=False) if len(self.hands[s]) > 2]

    # -- explaining refusals ------------------------------------------------------------------
    def over_reason(self) -> str:
        return "the match is over"

    def explain_illegal(self, action: Any) -> str:
        return self.illegal_error(Action.parse(action)).reason

    def illegal_error(self, action: Action) -> HeartChallengeIllegalAction:
        """The specific exception (with its reason) for an action that is not legal now."""
        me = self.current_player()
        ph = self.phase
        kinds = _PHASE_KINDS[ph]
        if action.kind not in kinds:
            return WrongMomentError(action, f"in phase '{ph}' seat {me} may only {' / '.join(kinds)}")
        hand = self.hands[me]
        if action.card is not None and action.card not in hand:
            return CardNotHeldError(action, f"seat {me} does not hold {action.card.code}")
        if action.kind == "marker":
            return HeartChallengeIllegalAction(
                action, f"the marker must be a card of seat {me}'s number {self.numbers[me]}")
        if action.kind in ("challenge", "raise"):
            top = self.placed_total()
            low = 1 if action.kind == "challenge" else self.high + 1
            return DeclaringError(action, f"the number must be from {low} to {top} (cards placed: {top})")
        if action.kind == "use":
            return SpecialCardError(action, self._why_not_special(me, action.card))
        if action.kind == "flip":
            s = action.n
            if s == me:
                return HeartChallengeIllegalAction(action, "your own pile is already turned up")
            if s is None or not 0 <= s < self.num_players:
                return HeartChallengeIllegalAction(action, f"there is no seat {s}")
            return HeartChallengeIllegalAction(action, f"seat {s}'s pile has no face-down card")
        if action.kind == "take":
            s = action.n
            if s is None:
                return HeartChallengeIllegalAction(action, "the stock is empty")
            if s == me:
                return HeartChallengeIllegalAction(action, "you cannot take from yourself")
            if not 0 <= s < self.num_players or not self.active[s]:
                return HeartChallengeIllegalAction(action, f"seat {s} is not in the game")
            return HeartChallengeIllegalAction(
                action, f"seat {s} holds {len(self.hands[s])} cards: players with 2 or fewer are protected")
        return HeartChallengeIllegalAction(action, "not legal now")

    def _why_not_special(self, seat: int, card: Card) -> str:
        kind = special_kind(card)
        if kind is None:
            return f"{card.code} is not a special card"
        if seat in self.used_special:
            return "only one special card per player per round may be used, and you have used yours"
        if self.phase == "auction":
            return "in the declaring only a Q can be used (every player with cards then places one more)"
        if self.phase == "flip":
            return "before a flip only a joker can be used"
        cond = {
            "J": "a J is used by the challenger when their own pile shows a heart",
            "Q": "a Q is used in the declaring, or to cancel a K just played",
            "K": "a K is used by the challenger right after turning a heart from another pile",
            "JK": "a joker is used during a challenge",
        }[kind]
        return f"its condition is not met now: {cond}"

    # -- applying --------------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        me = self.current_player()
        getattr(self, f"_do_{self.phase}")(me, action)

    def _put_marker(self, seat: int, card: Card) -> None:
        self.hands[seat].remove(card)
        self.markers[seat] = card
        self.out_of_game.append(card)

    def _do_marker(self, me: int, a: Action) -> None:
        self._put_marker(me, a.card)
        self._say(f"seat {me} shows {a.card.code} as marker (number {self.numbers[me]})")
        self.queue.pop(0)
        if not self.queue:
            self._start_round()

    def _start_round(self) -> None:
        self._reset_round()
        self.phase = "first"
        self.queue = [s for s in self.seats_from(self.dealer) if self.hands[s]]
        self._say(f"round {self.round_no} starts, seat {self.dealer} deals")

    def _place(self, me: int, card: Card) -> None:
        self.hands[me].remove(card)
        self.piles[me].append(card)

    def _do_first(self, me: int, a: Action) -> None:
        self._place(me, a.card)
        self._say(f"seat {me} places a card")
        self.queue.pop(0)
        if not self.queue:
            self.phase = "turn"
            self.turn = self.dealer

    def _do_turn(self, me: int, a: Action) -> None:
        if a.kind == "place":
            self._place(me, a.card)
            self._say(f"seat {me} places a card")
            self.turn = self._next_active(me)
            return
        self.starter = me
        self.starter_small = len(self.hands[me]) <= 2
        self.high, self.high_bidder = a.n, me
        self._say(f"seat {me} starts a challenge: {a.n}")
        self.phase = "auction"
        self._next_bidder(me)

    def _next_bidder(self, after: int) -> None:
        for s in self.seats_from(after, include_start=False):
            if s != self.high_bidder and s not in self.passed:
                self.bidder = s
                return
        self._begin_challenge()

    def _do_auction(self, me: int, a: Action) -> None:
        if a.kind == "raise":
            self.high, self.high_bidder, self.raised = a.n, me, True
            if not self.options.pass_is_final:
                self.passed.clear()
            self._say(f"seat {me} raises to {a.n}")
            self._next_bidder(me)
        elif a.kind == "pass":
            self.passed.add(me)
            self._say(f"seat {me} passes")
            self._next_bidder(me)
        else:  # use Q (a)
            self._use_card(me, a.card, challenger=self.high_bidder)
            self._say("the Q: everyone with cards in hand places one more")
            self.q_user = me
            self.queue = [s for s in self.seats_from(me) if self.hands[s]]
            self.phase = "q_place"
            if not self.queue:
                self.phase = "auction"

    def _do_q_place(self, me: int, a: Action) -> None:
        self._place(me, a.card)
        self._say(f"seat {me} places a card (Q)")
        self.queue.pop(0)
        if not self.queue:
            self.phase = "auction"
            self.bidder = self.q_user

    def _use_card(self, seat: int, card: Card, challenger: int | None) -> None:
        """A special card leaves the hand (to the stock, jokers to the table), with the 2-or-fewer redraw."""
        before = len(self.hands[seat])
        self.hands[seat].remove(card)
        self.used_special.add(seat)
        self._say(f"seat {seat} uses {card.code}")
        if before <= 2:
            self._redraw_after_use(seat, challenger)
        if card.is_joker:
            self.table_jokers.append(seat)
        else:
            self._to_stock([card])

    def _redraw_after_use(self, seat: int, challenger: int | None) -> None:
        """A player who held 2 cards or fewer draws 2 after using a special; any shortfall comes at random
        from the challenger (unless the challenger holds 2 or fewer)."""
        got = 0
        while got < 2 and self._draw(seat) is not None:
            got += 1
        while got < 2 and challenger is not None and challenger != seat and len(self.hands[challenger]) > 2:
            self._gain(seat, self._random_from_hand(challenger))
            got += 1
        self._say(f"seat {seat} held 2 cards or fewer and draws {got}")

    # -- the challenge ------------------------------------------------------------------------
    def _begin_challenge(self) -> None:
        c = self.challenger = self.high_bidder
        self.target = self.high
        self.phase = "challenge"
        own = self.piles[c]
        self.face_up[c] = len(own)
        self.count = len(own)
        self._say(f"seat {c} challenges for {self.target} and turns up their own pile: "
                  f"{' '.join(x.code for x in own)}")
        jokers = [x for x in own if x.is_joker]
        if jokers:
            self.jokers_out += [("pile", c)] * len(jokers)
            self._say("a joker in the own pile: one more card decides")
            self._joker_effect()
        elif any(is_heart(x) for x in own):
            js = [x for x in own if special_kind(x) == "J"]
            if js:
                # A J acting from the own pile is no use from hand: it does not count toward (nor need)
                # the one use per round (「伏せて置く分には制限なし」, rules page, Special cards).
                own.remove(js[0])
                self.face_up[c] -= 1
                self._to_stock([js[0]])
                self._say(f"the {js[0].code} in the own pile saves seat {c} from its heart")
                self._continue()
            else:
                self._open_window("own_heart", ("fail", c))
        else:
            self._continue()

    def _continue(self) -> None:
        """After a safe card (or a saved heart): success if the number is reached or nothing is left."""
        if self.count >= self.target:
            self._say(f"{self.count} card(s) turned without a heart")
            self._succeed()
        elif self.facedown_others() == 0:
            self._say("no face-down card is left to turn")
            self._succeed()
        else:
            self._open_window("preflip", ("flip",))

    def _to_flip(self) -> None:
        self.window = None
        self.phase = "flip"

    def _open_window(self, kind: str, on_decline: tuple) -> None:
        """Ask the players who could use a card now; ``on_decline`` says what happens if all decline."""
        self.window = kind
        self.on_decline = on_decline
        c = self.challenger
        seats = [c] + [s for s in self.seats_from(c, include_start=False)]
        self.queue = [s for s in seats if self._window_cards(s)]
        if self.queue:
            self.phase = "window"
        else:
            self.window = None
            self._declined()

    def _declined(self) -> None:
        what, *args = self.on_decline
        if what == "fail":
            self._fail(args[0])
        elif what == "flip":
            self._to_flip()
        else:
            self._k_stands()

    def _do_window(self, me: int, a: Action) -> None:
        if a.kind == "decline":
            self.queue.pop(0)
            if not self.queue:
                self.window = None
                self._declined()
            return
        kind, window = special_kind(a.card), self.window
        self.window, self.queue = None, []
        c = self.challenger
        self._use_card(me, a.card, challenger=c)
        if kind == "JK":
            self.jokers_out.append(("hand", me))
            self._joker_effect()
        elif kind == "J":
            self._say("the challenge goes on regardless of the hearts in the own pile")
            self._continue()
        elif kind == "K":
            self._say("the heart does not count, unless a Q cancels the K")
            self._open_window("k_cancel", ("k_stands",))
        elif kind == "Q" and window == "k_cancel":
            self._say("the K is cancelled: the heart counts")
            self._fail(self.heart_pile)
        else:  # pragma: no cover - guarded by _window_cards
            raise AssertionError((kind, window))

    def _k_stands(self) -> None:
        self.window = None
        self.heart_pile = None
        self._continue()

    def _turn_top(self, seat: int) -> Card:
        pile = self.piles[seat]
        card = pile[len(pile) - self.face_up[seat] - 1]
        self.face_up[seat] += 1
        return card

    def _do_flip(self, me: int, a: Action) -> None:
        if a.kind == "use":
            self._use_card(me, a.card, challenger=me)
            self.jokers_out.append(("hand", me))
            self._joker_effect()
            return
        card = self._turn_top(a.n)
        self._say(f"seat {me} turns {card.code} from seat {a.n}'s pile")
        if card.is_joker:
            self.jokers_out.append(("pile", a.n))
            self._joker_effect()
        elif is_heart(card):
            self.heart_pile = a.n
            self._open_window("heart", ("fail", a.n))
        else:
            self.count += 1
            self._continue()

    # -- jokers ------------------------------------------------------------------------------
    def _joker_effect(self) -> None:
        """One more card decides: a heart is a success, anything else a failure."""
        self.window = None
        self.queue = []
        if self.facedown_others() > 0:
            self.phase = "joker_pick"
            return
        if self.stock:
            card = self.stock.pop()
            self.stock_turned.append(card)
            self._say(f"no pile card left: the stock's top card {card.code} is turned")
            self._joker_result(card, None)
        else:
            self._say("no pile card left and the stock is empty")
            self._joker_result(None, None)

    def _do_joker_pick(self, me: int, a: Action) -> None:
        card = self._turn_top(a.n)
        self._say(f"joker: seat {me} turns {card.code} from seat {a.n}'s pile")
        if card.is_joker:
            self.jokers_out.append(("pile", a.n))
        self._joker_result(card, a.n)

    def _joker_result(self, card: Card | None, pile_owner: int | None) -> None:
        c = self.challenger
        two = len(self.jokers_out) >= 2
        if card is not None and is_heart(card):
            self.result = "success"
            self._say("a heart: the challenge succeeds (joker)")
            self._joker_reward(card, pile_owner)
            if two:
                self._jokers_to_stock()
            else:
                self._jokers_back()
            self._end_challenge()
            return
        self.result = "failure"
        self._say("no heart: the challenge fails (joker)")
        self._check_leaving()
        if two:
            self._jokers_to_stock()
            self._end_challenge()
            return
        where, player = self.jokers_out[0]
        if player != c and c not in self.leaving:
            self.gift_from = player
            self.phase = "joker_gift"
            return
        self._jokers_back()
        self._end_challenge()

    def _joker_reward(self, card: Card, owner: int | None) -> None:
        c = self.challenger
        if owner is None or owner == c:
            self.stock_turned.remove(card)
            self.hands[c].append(card)
            self._say(f"seat {c} takes the turned {card.code}")
            return
        places = [(self.hands[owner], i) for i, x in enumerate(self.hands[owner])
                  if is_heart(x) or special_kind(x) == "Q"]
        places += [(self.piles[owner], i) for i, x in enumerate(self.piles[owner])
                   if is_heart(x) or special_kind(x) == "Q"]
        lst, i = self.rng.choice(places)
        if lst is self.piles[owner] and i >= len(lst) - self.face_up[owner]:
            self.face_up[owner] -= 1
        got = lst.pop(i)
        self.hands[c].append(got)
        self._say(f"seat {c} takes a random heart or Q from seat {owner}")

    def _pick_up_joker(self, where: str, player: int) -> None:
        """Take back a joker that is out: one played from ``player``'s hand, or one turned in their pile."""
        if where == "hand":
            self.table_jokers.remove(player)
            return
        pile = self.piles[player]
        i = pile.index(JOKER)
        if i >= len(pile) - self.face_up[player]:
            self.face_up[player] -= 1
        pile.pop(i)

    def _jokers_to_stock(self) -> None:
        for where, player in self.jokers_out:
            self._pick_up_joker(where, player)
        self._to_stock([JOKER] * len(self.jokers_out))
        self.jokers_out = []
        self._say("two jokers were out: both go to the stock")

    def _jokers_back(self) -> None:
        for player in self.table_jokers:
            self.hands[player].append(JOKER)
        self.table_jokers = []

    def _do_joker_gift(self, me: int, a: Action) -> None:
        if a.kind == "give":
            self._pick_up_joker(*self.jokers_out[0])
            self._gain(self.challenger, JOKER)
            self._say(f"seat {me} gives the joker to seat {self.challenger}")
        else:
            self._say(f"seat {me} keeps the joker")
        self._jokers_back()
        self.gift_from = None
        self._end_challenge()

    # -- success and failure ----------------------------------------------------------------
    def _succeed(self) -> None:
        self.result = "success"
        self.window = None
        self._say(f"seat {self.challenger}'s challenge succeeds")
        if self._take_sources():
            self.phase = "take"
        else:
            self._end_challenge()

    def _do_take(self, me: int, a: Action) -> None:
        if a.n is None:
            card = self.stock.pop(self.rng.randrange(len(self.stock)))
            self._say(f"seat {me} takes a random card from the stock")
        else:
            card = self._random_from_hand(a.n)
            self._say(f"seat {me} takes a random card from seat {a.n}")
        self._gain(me, card)
        self._end_challenge()

    def _fail(self, owner: int) -> None:
        c = self.challenger
        self.result = "failure"
        self.window = None
        self.queue = []
        self._say(f"seat {c}'s challenge fails on a heart from seat {owner}'s pile")
        if owner == c:
            if self.options.own_heart_to_stock and len(self.hands[c]) > 2:
                self._to_stock([self._random_from_hand(c)])
                self._say(f"their own heart: a random card of seat {c} goes to the stock")
        elif len(self.hands[c]) > 2:
            self._gain(owner, self._random_from_hand(c))
            self._say(f"seat {c} gives a random card to seat {owner}")
        elif self._draw(owner) is not None:
            self._say(f"seat {c} holds 2 or fewer: seat {owner} draws from the stock")
        self._check_leaving()
        self._end_challenge()

    def _check_leaving(self) -> None:
        c = self.challenger
        if c == self.starter and not self.raised and self.starter_small:
            self.leaving.add(c)

    def _end_challenge(self) -> None:
        """Put everything back: turned stock card, leavers' cards, piles to hands; then the hand limit."""
        self.window = None
        self._to_stock(self.stock_turned)
        self.stock_turned = []
        self._jokers_back()
        for s in sorted(self.leaving):
            self._to_stock(self.hands[s] + self.piles[s])
            self.hands[s], self.piles[s] = [], []
            self.active[s] = False
            self._say(f"seat {s} started a challenge holding 2 cards or fewer, nobody raised, and failed: "
                      f"seat {s} is out")
        for s in range(self.num_players):
            self.hands[s].extend(self.piles[s])
            self.piles[s] = []
            self.face_up[s] = 0
        self.queue = []
        limit = self.options.hand_limit
        for s in self.seats_from(self.dealer):
            if len(self.hands[s]) > limit and s in self.joker_gained and JOKER in self.hands[s]:
                while len(self.hands[s]) > limit:
                    card = self._random_from_hand(s, exclude_jokers=True)
                    if card is None:
                        break
                    self._to_stock([card])
                    self._say(f"seat {s} got a joker over the limit: a random non-joker goes back")
            if len(self.hands[s]) > limit:
                self.queue.append(s)
        if self.queue:
            self.phase = "limit"
        else:
            self._finish_round()

    def _do_limit(self, me: int, a: Action) -> None:
        self.hands[me].remove(a.card)
        self._to_stock([a.card])
        self._say(f"seat {me} returns a card to the stock (hand limit)")
        if len(self.hands[me]) <= self.options.hand_limit:
            self.queue.pop(0)
        if not self.queue:
            self._finish_round()

    def _finish_round(self) -> None:
        for s in range(self.num_players):
            if self.active[s] and not self.hands[s]:
                self.active[s] = False
                self._say(f"seat {s} has no card left: seat {s} is out")
        last = self.round_no == self.options.rounds
        points: list[int | None] = [None] * self.num_players
        if self.options.score_after_each_round or last or sum(self.active) < self.options.min_active_players:
            for s in range(self.num_players):
                if self.active[s]:
                    points[s] = hand_points(self.hands[s], self.numbers[s])
                    self.scores[s] += points[s]
        self.round_points.append(points)
        self.history.append({"round": self.round_no, "dealer": self.dealer, "challenger": self.challenger,
                             "target": self.target, "result": self.result, "points": points,
                             "hands": [list(h) for h in self.hands], "active": list(self.active)})
        self._say("scores: " + ", ".join(f"seat {s} {'out' if p is None else f'{p:+d}'}"
                                         for s, p in enumerate(points)))
        if self.options.challenger_deals_next and self.challenger is not None:
            nxt = self.challenger if self.active[self.challenger] else self._next_active(self.challenger)
        else:
            nxt = self._next_active(self.dealer)
        self.phase = "between"
        if last or sum(self.active) < self.options.min_active_players:
            self.phase = "over"
            self.queue = []
            self._say(f"the match is over: winner(s) {self.winners()}")
            return
        self.round_no += 1
        self.dealer = nxt
        self._start_round()

    # -- views -------------------------------------------------------------------------------
    def hidden_cards(self, seat: int) -> Counter:
        """The cards ``seat`` may not see (by code): the other hands, the face-down cards of the
        other piles, and the stock."""
        check_seat(seat, self.num_players)
        out: Counter = Counter()
        for s in range(self.num_players):
            if s == seat:
                continue
            out.update(c.code for c in self.hands[s])
            pile = self.piles[s]
            out.update(c.code for c in pile[:len(pile) - self.face_up[s]])
        out.update(c.code for c in self.stock)
        return out

    def visible_cards(self, seat: int) -> Counter:
        """The cards ``seat`` may see (by code): its hand and its own pile, the face-up cards of the
        other piles, the markers, the cards turned up from the stock and the jokers on the table."""
        check_seat(seat, self.num_players)
        out = Counter(c.code for c in self.hands[seat])
        out.update(c.code for c in self.piles[seat])
        for s in range(self.num_players):
            if s != seat:
                pile = self.piles[s]
                out.update(c.code for c in pile[len(pile) - self.face_up[s]:])
        out.update(c.code for c in self.markers if c is not None)
        out.update(c.code for c in self.stock_turned)
        out.update(["JK"] * len(self.table_jokers))
        return out

    def view(self, seat: int | None):
        """What ``seat`` can see (face-down cards and other hands hidden); ``None`` sees everything."""
        from .view import HeartChallengeView
        return HeartChallengeView.of(self, seat)

    def _repr_html_(self) -> str:
        from .display import state_html
        return state_html(self, None)

    def __repr__(self) -> str:
        return (f"<HeartChallengeGame {self.num_players} players, round {self.round_no}, phase {self.phase}, "
                f"to act: {self.current_player()}>")
