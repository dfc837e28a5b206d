"""A whole game of Comrade: the bidding round, then the trick play, one action at a time.

    >>> g = ComradeGame("N:A.K.. K.A.. Q.Q.. J.J..", dealer=0)   # a mini deal, 2 cards each
    >>> g.play(["S1", "H1"])            # the bids total 2 = the tricks: on to the play
    ComradeGame('N:A.K.. K.A.. Q.Q.. J.J..', dealer=0)
    >>> g.phase, g.bids
    ('play', [{'S': 1}, {'H': 1}, {}, {}])
    >>> g.play(["SA", "SK", "SQ", "SJ", "HK", "HA", "HQ", "HJ"]).result
    'win'

Actions are ``"pass"``, a :class:`~cardgames.comrade.bidding.BidCard` (``"H3"``) during the
bidding, and a :class:`~cardgames.cards.Card` (``"SA"``) during the play; :meth:`ComradeGame.apply`
accepts their strings.  An illegal action raises a specific
:class:`~cardgames.errors.IllegalActionError` subclass and changes nothing.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Hashable

from .._aliases import warn_old_name
from ..cards import SUITS, Card, Hand
from ..errors import CardParseError, RuleConfigError, check_seat, shown
from ..game import GameState
from .bidding import BidCard, Bidding, BiddingLoss, BidStep, parse_bid_action
from .deal import Deal
from .errors import ActionParseError, WrongPhaseError
from .play import PlayLoss, Trick, TrickPlay
from .options import DEFAULT_OPTIONS, ComradeOptions, options_or_rules
from .view import ComradeView

__all__ = ["ComradeGame"]


class ComradeGame(GameState):
    """One deal of Comrade from the bidding to the last trick.

    ``deal`` is a :class:`Deal` or a PBN string; ``dealer`` (親) is the seat that bids
    first and leads the first trick.  ``options`` holds the named rule options
    (:class:`~cardgames.comrade.options.ComradeOptions`, all defaulting to the rules digest).

    * :attr:`phase` — ``"bidding"``, ``"play"`` or ``"over"``.
    * :attr:`bids` — per seat, suit -> value of the top bid card (tricks to win led in that suit).
    * :attr:`won` — per seat, suit -> tricks won that were led in that suit.
    * :attr:`result` — ``"win"``, ``"loss"`` or ``None`` (still playing); :attr:`loss_reason` says why in words.
    * :meth:`returns` — ``+1`` for everyone on a win, ``-1`` on a loss (a cooperative game).
    """

    def __init__(self, deal: "Deal | str", dealer: int = 0, options: ComradeOptions | None = None, *,
                 rules: ComradeOptions | None = None):
        self.deal = deal if isinstance(deal, Deal) else Deal.from_pbn(deal)
        self.variant = self.deal.variant
        self.num_players = self.deal.players
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < self.num_players:
            raise RuleConfigError(f"dealer must be a seat 0..{self.num_players - 1}, not {shown(dealer)}")
        self.dealer = dealer
        self.options = options_or_rules(options, rules, "ComradeGame") or DEFAULT_OPTIONS
        self.bidding = Bidding(self.num_players, dealer, self.variant, total=self.deal.total, rules=self.options)
        self.trickplay: TrickPlay | None = None
        #: Every action applied so far, as (seat, action).
        self.history: list[tuple[int, Hashable]] = []

    @classmethod
    def from_pbn(cls, text: str, dealer: int = 0, options: ComradeOptions | None = None) -> "ComradeGame":
        return cls(Deal.from_pbn(text), dealer, options)

    @property
    def rules(self) -> ComradeOptions:
        """The old name of :attr:`options` (kept for saved notebooks; warns)."""
        warn_old_name("ComradeGame.rules", "ComradeGame.options")
        return self.options

    def __setstate__(self, state: dict) -> None:
        if "rules" in state:   # a game pickled before the attribute was named options
            state["options"] = state.pop("rules")
        self.__dict__.update(state)

    # -- phase and public facts ------------------------------------------------------
    @property
    def phase(self) -> str:
        # the bidding's and the trick play's ``is_over``, read directly: the players' searches ask this at
        # every step of every hypothetical game
        b = self.bidding
        if b.loss is None and b.running_total != b.total:
            return "bidding"
        tp = self.trickplay
        if b.loss is not None or tp is None or len(tp.tricks) == tp.tricks_total or (
                tp.loss is not None and tp.rules.stop_at_loss):
            return "over"
        return "play"

    @property
    def total(self) -> int:
        """What the bids must add up to (the number of tricks)."""
        return self.deal.total

    @property
    def bids(self) -> list[dict[str, int]]:
        return self.bidding.bids

    @property
    def bidding_history(self) -> list[BidStep]:
        return list(self.bidding.history)

    @property
    def running_total(self) -> int:
        return self.bidding.running_total

    @property
    def tricks(self) -> list[Trick]:
        """The completed tricks, in order."""
        return list(self.trickplay.tricks) if self.trickplay else []

    @property
    def current_trick(self) -> list[tuple[int, Card]]:
        """(seat, card) played so far to the trick in progress."""
        return list(self.trickplay.current) if self.trickplay else []

    @property
    def won(self) -> list[dict[str, int]]:
        if self.trickplay:
            return [dict(w) for w in self.trickplay.won]
        return [{s: 0 for s in SUITS} for _ in range(self.num_players)]

    @property
    def hands(self) -> tuple[Hand, ...]:
        """The cards each seat still holds."""
        if self.trickplay:
            return tuple(Hand(h).sorted() for h in self.trickplay.hands)
        return self.deal.hands

    @property
    def bidding_loss(self) -> BiddingLoss | None:
        return self.bidding.loss

    @property
    def play_loss(self) -> PlayLoss | None:
        """When and how the play was lost (also set, with ``stop_at_loss=False``, while the hand is played out)."""
        return self.trickplay.loss if self.trickplay else None

    @property
    def result(self) -> str | None:
        if self.bidding.loss is not None:
            return "loss"
        if self.trickplay is None:
            return None
        if self.trickplay.loss is not None and (self.trickplay.is_over or self.options.stop_at_loss):
            return "loss"
        if self.trickplay.is_over:
            return "win" if self.trickplay.is_won else "loss"
        return None

    @property
    def loss_reason(self) -> str | None:
        """Why the game was lost, in plain words (``None`` unless lost)."""
        if self.bidding.loss is not None:
            return "bidding lost: " + self.bidding.loss_reason
        if self.result == "loss":
            return "play lost: " + self.trickplay.loss.explain(self.variant.seat_letters)
        return None

    # -- GameState ---------------------------------------------------------------------
    def current_player(self) -> int | None:
        phase = self.phase
        if phase == "bidding":
            return self.bidding.current_player()
        if phase == "play":
            return self.trickplay.current_player()
        return None

    def legal_actions(self) -> list[Hashable]:
        phase = self.phase
        if phase == "bidding":
            return self.bidding.legal_actions()
        if phase == "play":
            return self.trickplay.legal_actions()
        return []

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def returns(self) -> list[float]:
        r = self.result
        value = 1.0 if r == "win" else -1.0 if r == "loss" else 0.0
        return [value] * self.num_players

    def parse_action(self, action: Any) -> Hashable:
        """``"pass"``/``"H3"`` during the bidding, ``"SA"``/``"H10"`` during the play."""
        if self.phase == "play":
            if isinstance(action, Card):
                return action
            if isinstance(action, BidCard) or (isinstance(action, str) and action.strip().isascii()
                                               and action.strip().lower() in ("pass", "p")):
                raise WrongPhaseError(action, "the bidding is over: play a card")
            try:
                return Card.parse(action)
            except CardParseError as e:
                raise ActionParseError(action, str(e)) from e
        if isinstance(action, Card):
            raise WrongPhaseError(action, "the bidding is not over: take a bid card (like 'H3') or pass")
        try:
            return parse_bid_action(action)
        except ActionParseError as bid_error:
            try:
                Card.parse(action)
            except (CardParseError, TypeError):
                raise bid_error from None
            raise WrongPhaseError(action, f"{shown(action)} is a playing card, but the bidding is not over: "
                                          f"take a bid card (like 'H3') or pass") from None

    def check(self, action: Hashable) -> None:
        """The bidding or the trick play raises its specific error for an illegal action."""
        if self.phase == "bidding":
            self.bidding.check(action)
        else:
            self.trickplay.check(action)

    def explain_illegal(self, action: Hashable) -> str:
        try:
            self.check(self.parse_action(action))
        except (ActionParseError, WrongPhaseError) as e:
            return e.reason
        except Exception as e:  # an IllegalActionError subclass
            return getattr(e, "reason", str(e))
        return "it is legal"

    def over_reason(self) -> str:
        return f"the game is over ({self.result})"

    def _apply(self, action: Hashable) -> None:
        phase = self.phase
        seat = self.bidding.current_player() if phase == "bidding" else self.trickplay.current_player() \
            if phase == "play" else None
        # the action is parsed and checked (GameState.apply: the game not over, check): the steps themselves
        if phase == "bidding":
            self.bidding._take(action)
            if self.bidding.is_complete:
                self.trickplay = TrickPlay([list(h) for h in self.deal.hands], self.dealer, self.bidding.bids,
                                           self.options)
        else:
            self.trickplay._play(action)
        self.history.append((seat, action))

    def clone(self) -> "ComradeGame":
        new = ComradeGame.__new__(ComradeGame)
        new.__dict__.update(self.__dict__)
        import copy

        new.bidding = copy.deepcopy(self.bidding)
        new.trickplay = copy.deepcopy(self.trickplay)
        new.history = list(self.history)
        return new

    # -- notation and views -------------------------------------------------------------
    @property
    def actions(self) -> list[str]:
        """The actions so far as strings (``"H3"``, ``"pass"``, ``"SA"``): replaying them with
        :meth:`play` on a fresh game gives this state again."""
        return [str(a) for _, a in self.history]

    def hidden_cards(self, seat: int) -> "Counter[str]":
        """The cards ``seat`` may not see (by code): the other hands."""
        check_seat(seat, self.num_players)
        return Counter(c.code for s in range(self.num_players) if s != seat for c in self.hands[s])

    def visible_cards(self, seat: int) -> "Counter[str]":
        """The cards ``seat`` may see (by code): its own hand and every card played."""
        check_seat(seat, self.num_players)
        out = Counter(c.code for c in self.hands[seat])
        out.update(c.code for t in self.tricks for c in t.cards)
        out.update(c.code for _, c in self.current_trick)
        return out

    def view(self, seat: int) -> ComradeView:
        """What ``seat`` may see (the no-talking rule): own hand, everyone's bids, the bid cards in
        the middle, the bidding history and the played cards, but not the others' hands."""
        check_seat(seat, self.num_players)
        return ComradeView(
            seat=seat, phase=self.phase, dealer=self.dealer, hand=self.hands[seat],
            hand_sizes=tuple(len(h) for h in self.hands), bids=tuple(self.bids),
            middle=tuple(self.bidding.middle), bidding_history=tuple(self.bidding.history),
            tricks=tuple(self.tricks), current_trick=tuple(self.current_trick), won=tuple(self.won),
            to_act=self.current_player(), result=self.result, loss_reason=self.loss_reason,
            legal_actions=tuple(self.legal_actions()) if self.current_player() == seat else (),
        )

    def __repr__(self) -> str:
        return f"ComradeGame({self.deal.to_pbn()!r}, dealer={self.dealer})"

    def _repr_html_(self) -> str:
        from .display import game_html

        return game_html(self)
