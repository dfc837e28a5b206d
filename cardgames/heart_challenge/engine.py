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
from typing import TYPE_CHECKING, Any, Iterable

from ..cards import JOKER, Card
from .._aliases import moved
from ..errors import RuleConfigError, check_seat
from ..game import GameState
from .actions import Action, LogEntry
from .errors import (CardNotHeldError, DeclaringError, HeartChallengeIllegalAction,
                     SpecialCardError, WrongMomentError)
from .options import HeartChallengeOptions
from .scoring import hand_points
from .setup import deal_setup, distinct, is_heart, number_of, special_kind
from .specials import SpecialCards
from .staging import staged

if TYPE_CHECKING:   # for annotations only (tests/test_layout.py)
    from .view import HeartChallengeView

__all__ = ["HeartChallengeGame"]

#: A name this module exported before the game's exceptions moved to errors.py (warns; saved notebooks).
__getattr__ = moved(__name__, {"ImpossiblePositionError": "cardgames.heart_challenge.errors:ImpossiblePositionError"})


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


class HeartChallengeGame(SpecialCards, GameState):
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
        #: special cards used (shown to everyone, then shuffled into the stock): see :meth:`once_shown_cards`
        self.shown: list[Card] = []
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
        self.log: list[LogEntry] = []
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
    def staged(cls, hands, **position) -> "HeartChallengeGame":
        """A game at the start of a round, from explicit cards (for teaching and tests): see
        :func:`cardgames.heart_challenge.staging.staged`, which takes the same arguments.

        >>> g = HeartChallengeGame.staged(["HA DA", "H2 C2"], piles=["CA", "D2"])
        >>> g.phase, g.current_player()
        ('turn', 0)
        """
        return staged(cls, hands, **position)

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

    def _say(self, text: str) -> None:
        self.log.append(LogEntry(self.round_no, text))

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
            return [Action.marker(c) for c in distinct(hand) if number_of(c) == self.numbers[me]]
        if ph in ("first", "q_place"):
            return [Action.place(c) for c in distinct(hand)]
        if ph == "turn":
            acts = [Action.place(c) for c in distinct(hand)]
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
                acts += [Action.use(c) for c in distinct(hand) if c.is_joker]
            return acts
        if ph == "take":
            return [Action.take(s) for s in self._take_sources()]
        if ph == "joker_gift":
            return [Action("give"), Action("keep")]
        if ph == "limit":
            return [Action.return_card(c) for c in distinct(hand)]
        raise AssertionError(ph)


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


    # -- applying --------------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        me = self.current_player()
        handlers = {"marker": self._do_marker, "first": self._do_first, "turn": self._do_turn,
                    "auction": self._do_auction, "q_place": self._do_q_place, "window": self._do_window,
                    "flip": self._do_flip, "joker_pick": self._do_joker_pick, "take": self._do_take,
                    "joker_gift": self._do_joker_gift, "limit": self._do_limit}
        handlers[self.phase](me, action)

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

    def _place_queued(self, me: int, card: Card, note: str = "") -> bool:
        """Seat ``me``, first in the queue, places ``card``; True when the queue is then empty."""
        self._place(me, card)
        self._say(f"seat {me} places a card{note}")
        self.queue.pop(0)
        return not self.queue

    def _do_first(self, me: int, a: Action) -> None:
        if self._place_queued(me, a.card):
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

    def once_shown_cards(self) -> Counter:
        """The special cards used so far in the match: each was shown to everyone (the log names it) before
        it went back into the stock, where it is hidden again."""
        return Counter(c.code for c in self.shown)

    def view(self, seat: int) -> "HeartChallengeView":
        """What ``seat`` can see (face-down cards of other piles and the other hands hidden)."""
        from .view import HeartChallengeView
        check_seat(seat, self.num_players)
        return HeartChallengeView.of(self, seat)

    def referee_view(self) -> "HeartChallengeView":
        """Everything, for the teacher and the review (``seat`` is ``None``); no player is ever handed it."""
        from .view import HeartChallengeView
        return HeartChallengeView.of(self, None)

    def _repr_html_(self) -> str:
        from .display import state_html
        return state_html(self, None)

    def __repr__(self) -> str:
        return (f"<HeartChallengeGame {self.num_players} players, round {self.round_no}, phase {self.phase}, "
                f"to act: {self.current_player()}>")
