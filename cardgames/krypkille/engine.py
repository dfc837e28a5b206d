"""One game of Krypkille is one round (:class:`KrypkilleGame`); a match of rounds is :mod:`.match`.

A round goes through four phases (``.phase``):

``"discard"``
    Each player, in turn from the dealer's left, discards 0-3 cards face down
    (action :class:`Discard`, written ``"discard 7 Pig"`` or ``"keep all"``).
    Then the dealer refills every hand to 5 from the stock, in the same order.
``"play"``
    Four tricks.  The leader plays any card (action :class:`Play`, or just the
    :class:`~cardgames.krypkille.deck.Kind`, or text such as ``"pig"``); every
    follow is forced (:func:`~cardgames.krypkille.rules.forced_follow`), so a
    follower has exactly one legal action.  The trick's winner leads next.
``"declare"``
    Each player holds one card.  In the declaring order each says
    ``"declare"`` or ``"pass"``; the first declaration ends the phase.
``"over"``
    ``.declarer``, ``.outcome`` and ``.scores`` (penalty points per seat) are set;
    :meth:`KrypkilleGame.returns` gives minus the penalties (higher is better).

    >>> r = KrypkilleGame(num_players=3, dealer=0, seed=7)
    >>> r.phase, r.current_player(), len(r.hands[1])
    ('discard', 1, 5)
    >>> r.apply("keep all"); r.apply("keep all"); r.apply("keep all")
    >>> r.phase, r.current_player()          # the dealer leads the first trick
    ('play', 0)
    >>> while r.phase == "play":
    ...     r.apply(r.legal_actions()[0])
    >>> r.phase, [len(h) for h in r.hands], len(r.tricks)
    ('declare', [1, 1, 1], 4)
    >>> r.apply("pass"); r.apply("pass"); r.apply("pass")
    >>> r.outcome in (Outcome.COWARD, Outcome.VOID), r.is_terminal()
    (True, True)
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, Hashable, Sequence

from ..errors import (CardNotInHandError, GameError, GameOverError, IllegalActionError, ParseError,
                      RuleConfigError, WrongPhaseError, check_seat, shown)
from .errors import ForcedCardError, TooManyDiscardsError
from .._aliases import moved
from ..game import GameState
from .deck import DECK, Kind, parse_kind, parse_kinds
from .options import HAND_SIZE, MAX_DISCARDS, MAX_PLAYERS, MIN_PLAYERS, TRICKS, KrypkilleOptions
from .rules import Outcome, explain_follow, round_outcome, score_round, trick_winner
from .view import KrypkilleView

__all__ = [
    "Discard",
    "Play",
    "DECLARE",
    "PASS",
    "PHASES",
    "PlayRecord",
    "KrypkilleGame",
]

PHASES = ("discard", "play", "declare", "over")
#: The two actions of the declaration phase.
DECLARE = "declare"
PASS = "pass"

#: Names from before the game template, kept for saved notebooks and pickles (each warns).
__getattr__ = moved(__name__, {"KrypkilleRound": "cardgames.krypkille.engine:KrypkilleGame",
                               "SeatView": "cardgames.krypkille.view:KrypkilleView"})


# -- actions ------------------------------------------------------------------------
@dataclass(frozen=True, order=True)
class Discard:
    """The cards one player puts face down before the refill (weakest first).

    >>> str(Discard(("pig", 7))), str(Discard())
    ('discard 7 Pig', 'keep all')
    """

    kinds: tuple[Kind, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "kinds", tuple(sorted(parse_kinds(self.kinds))))

    def __str__(self) -> str:
        return "discard " + " ".join(k.label for k in self.kinds) if self.kinds else "keep all"


@dataclass(frozen=True, order=True)
class Play:
    """Play one card to the trick.

    >>> str(Play("harlequin"))
    'play Harlequin'
    """

    kind: Kind

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", parse_kind(self.kind))

    def __str__(self) -> str:
        return f"play {self.kind.label}"


@dataclass(frozen=True)
class PlayRecord:
    """One card of the public record: which trick, who played it, and whether it was
    a free lead or a forced follow (with the reason in words)."""

    trick: int
    seat: int
    kind: Kind
    lead: bool
    reason: str


# -- the round ------------------------------------------------------------------------
class KrypkilleGame(GameState):
    """One round of Krypkille: deal, discard and refill, four forced tricks, declarations, scoring.

    Parameters
    ----------
    num_players:
        2 to 5 (others raise :class:`~cardgames.errors.RuleConfigError`).
    dealer:
        The dealing seat; seats are numbered clockwise, so ``dealer + 1`` is the
        dealer's left.
    seed:
        Seeds the shuffle (``random.Random(seed)`` owned by the round).
    options:
        :class:`~cardgames.krypkille.options.KrypkilleOptions` (or a dict of its fields).

    Public attributes: ``phase``, ``hands`` (per seat, weakest first), ``discards``
    (per seat; private to their owner), ``stock`` (top first), ``tricks``
    (completed tricks, each a list of ``(seat, Kind)`` in play order),
    ``current_trick``, ``trick_winners``, ``play_log`` (:class:`PlayRecord` per
    card), ``declarations`` (``(seat, "declare" | "pass")``), ``declarer``,
    ``outcome``, ``scores`` and ``history`` (every action applied).
    """

    def __init__(self, num_players: int = 4, dealer: int = 0, seed: int | None = None,
                 options: "KrypkilleOptions | dict | None" = None):
        self._setup(num_players, dealer, options)
        self.seed = seed
        self.rng = random.Random(seed)
        deck = list(DECK)
        self.rng.shuffle(deck)
        # The dealer deals one card at a time, starting at the left, until everyone has five.
        hands: list[list[Kind]] = [[] for _ in range(num_players)]
        for _ in range(HAND_SIZE):
            for seat in self.seats_from(self.dealer + 1):
                hands[seat].append(deck.pop())
        deck.reverse()  # the stock, top card first
        self._start(hands, deck, "discard")

    # -- construction helpers ---------------------------------------------------------
    def _setup(self, num_players: int, dealer: int, options: Any) -> None:
        if isinstance(num_players, bool) or not isinstance(num_players, int) \
                or not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
            raise RuleConfigError(
                f"Krypkille is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {shown(num_players)}")
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < num_players:
            raise RuleConfigError(f"dealer {shown(dealer)} is not a seat (0..{num_players - 1})")
        self.num_players = num_players
        self.dealer = dealer
        self.options = KrypkilleOptions.coerce(options)

    def _start(self, hands: list[list[Kind]], stock: list[Kind], phase: str) -> None:
        self.hands = [sorted(h) for h in hands]
        self.stock = list(stock)
        self.discards: list[list[Kind]] = [[] for _ in range(self.num_players)]
        self._initial = ([list(h) for h in self.hands], list(self.stock), phase)
        self.phase = phase
        self._discarded = 0  # how many seats have discarded
        self.tricks: list[list[tuple[int, Kind]]] = []
        self.current_trick: list[tuple[int, Kind]] = []
        self.trick_winners: list[int] = []
        self.play_log: list[PlayRecord] = []
        self.leader = self.first_leader()
        self.declarations: list[tuple[int, str]] = []
        self._declaring_start: int | None = None
        self.declarer: int | None = None
        self.outcome: Outcome | None = None
        self.scores: list[int] | None = None
        self.history: list[Hashable] = []

    @classmethod
    def from_hands(cls, hands: Sequence, stock: "Sequence | None" = None, dealer: int = 0,
                   options: "KrypkilleOptions | dict | None" = None, phase: str = "discard",
                   seed: int | None = None) -> "KrypkilleGame":
        """A round from a chosen deal (for lessons and tests).

        ``hands`` lists each seat's five cards (anything :func:`parse_kinds` reads);
        ``stock`` is the refill pile, top first (default: the rest of the deck,
        shuffled with ``seed``).  ``phase="play"`` skips the discards and starts
        with the first lead.

        >>> r = KrypkilleGame.from_hands(["1 2 3 4 5", "6 7 8 9 10", "Inn Pig 11 12 Mask"], phase="play")
        >>> r.current_player(), r.legal_actions()[:2]
        (0, [Play(kind=Kind.ONE), Play(kind=Kind.TWO)])
        """
        self = cls.__new__(cls)
        num_players = len(hands)
        self._setup(num_players, dealer, options)
        self.seed = seed
        self.rng = random.Random(seed)
        parsed = [parse_kinds(h) for h in hands]
        for seat, h in enumerate(parsed):
            if len(h) != HAND_SIZE:
                raise RuleConfigError(f"seat {seat} must hold {HAND_SIZE} cards, not {len(h)}")
        if phase not in ("discard", "play"):
            raise RuleConfigError(f"a round starts in the 'discard' or 'play' phase, not {shown(phase)}")
        used = Counter(itertools.chain.from_iterable(parsed))
        if stock is None:
            rest = list((Counter(DECK) - used).elements())
            self.rng.shuffle(rest)
            stock_cards = rest
        else:
            stock_cards = parse_kinds(stock)
            used += Counter(stock_cards)
        too_many = Counter({k: n for k, n in used.items() if n > 2})
        if too_many:
            kind = min(too_many)
            raise RuleConfigError(f"the deck holds only 2 copies of {kind}, but this deal uses {used[kind]}")
        self._start(parsed, stock_cards, phase)
        return self

    @classmethod
    def for_declaration(cls, final_cards: Sequence, first_declarer: int = 0, dealer: int = 0,
                        tricks: "Sequence[Sequence[tuple[int, Any]]] | None" = None,
                        options: "KrypkilleOptions | dict | None" = None) -> "KrypkilleGame":
        """A round already in the ``"declare"`` phase, with these final cards (one per
        seat), ``first_declarer`` asked first, and optionally the played ``tricks``
        (for the public record).  Handy to set up declaration puzzles.

        >>> r = KrypkilleGame.for_declaration(["Pig", "1", "9"], first_declarer=2)
        >>> r.declaring_order(), r.current_player(), r.legal_actions()
        ([2, 0, 1], 2, ['declare', 'pass'])
        """
        self = cls.__new__(cls)
        cards = parse_kinds(final_cards)
        self._setup(len(cards), dealer, options)
        if isinstance(first_declarer, bool) or not isinstance(first_declarer, int) \
                or not 0 <= first_declarer < len(cards):
            raise RuleConfigError(f"first_declarer {shown(first_declarer)} is not a seat")
        self.seed = None
        self.rng = random.Random(None)
        self._start([[c] for c in cards], [], "declare")
        for trick in tricks or []:
            t = [(int(seat), parse_kind(k)) for seat, k in trick]
            if sorted(seat for seat, _ in t) != list(range(len(cards))):
                raise RuleConfigError(f"trick {len(self.tricks) + 1} must hold one card from each of the "
                                      f"{len(cards)} seats, not seats {[seat for seat, _ in t]}")
            self.tricks.append(t)
            self.trick_winners.append(t[trick_winner([k for _, k in t])][0])
            for i, (seat, k) in enumerate(t):
                self.play_log.append(PlayRecord(len(self.tricks), seat, k, i == 0, "given"))
        used = Counter(cards) + Counter(self.played_cards())
        if any(n > 2 for n in used.values()):
            raise RuleConfigError("the final cards and tricks use more than 2 copies of a kind")
        self._declaring_start = first_declarer
        return self

    def restart(self) -> "KrypkilleGame":
        """A fresh round with the same deal, dealer and options (before any action)."""
        hands, stock, phase = self._initial
        new = KrypkilleGame.from_hands(hands, stock, self.dealer, self.options, phase, seed=self.seed)
        return new

    # -- seats and order -------------------------------------------------------------------
    def seats_from(self, start: int) -> list[int]:
        """All seats clockwise starting at ``start``."""
        return [(start + i) % self.num_players for i in range(self.num_players)]

    def discard_order(self) -> list[int]:
        """Seats in discarding (and refilling) order: from the dealer's left, ending with the dealer."""
        return self.seats_from(self.dealer + 1)

    def first_leader(self) -> int:
        """Who leads the first trick (option ``first_leader``)."""
        return self.dealer if self.options.first_leader == "dealer" else (self.dealer + 1) % self.num_players

    def declaring_order(self) -> list[int]:
        """Seats in declaring order (option ``declaring_starts``); known once the fourth trick is won."""
        if self._declaring_start is not None:
            return self.seats_from(self._declaring_start)
        if self.options.declaring_starts == "first_leader":
            return self.seats_from(self.first_leader())
        raise GameError("the declaring order starts with the winner of the fourth trick, not known yet")

    # -- GameState interface ---------------------------------------------------------------
    def current_player(self) -> int | None:
        if self.phase == "discard":
            return self.discard_order()[self._discarded]
        if self.phase == "play":
            return (self.leader + len(self.current_trick)) % self.num_players
        if self.phase == "declare":
            return self.declaring_order()[len(self.declarations)]
        return None

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def returns(self) -> list[float]:
        """Minus the penalty points once the round is over (so higher is better); zeros before."""
        if self.scores is None:
            return [0.0] * self.num_players
        return [-float(s) for s in self.scores]

    def legal_actions(self) -> list[Hashable]:
        seat = self.current_player()
        if seat is None:
            return []
        hand = self.hands[seat]
        if self.phase == "discard":
            options = set()
            for n in range(MAX_DISCARDS + 1):
                options.update(itertools.combinations(hand, n))
            return [Discard(c) for c in sorted(options, key=lambda c: (len(c), c))]
        if self.phase == "play":
            if not self.current_trick:
                return [Play(k) for k in sorted(set(hand))]
            return [Play(self.forced_card())]
        return [DECLARE, PASS]

    def forced_card(self) -> Kind:
        """The card the current follower must play (error when a lead is due)."""
        if self.phase != "play" or not self.current_trick:
            raise GameError("no card is forced now: only a follower's card is forced")
        return explain_follow(self.hands[self.current_player()], [k for _, k in self.current_trick])[0]

    def parse_action(self, action: Any) -> Hashable:
        """Accept actions and their notations: ``Discard``/``"discard 7 Pig"``/``"keep all"``,
        ``Play``/``Kind``/``"play pig"``/``"pig"``/``7``, ``"declare"``/``"pass"``."""
        if isinstance(action, (Discard, Play)):
            return action
        if isinstance(action, (Kind, int)) and not isinstance(action, bool):
            kind = parse_kind(action)
            return Discard((kind,)) if self.phase == "discard" else Play(kind)
        if isinstance(action, (list, tuple)):
            return self._from_kinds(parse_kinds(action), action)
        if isinstance(action, str):
            raw = " ".join(action.strip().split())
            text = raw.lower()
            # The keywords are read in ASCII only (a Kelvin sign does not make the k of "keep");
            # card names are read by parse_kind, which refuses look-alike characters itself.
            if raw.isascii() and text in (DECLARE, PASS):
                return text
            if raw.isascii() and text in ("keep all", "keep", "discard none", "discard nothing", "discard", "none"):
                return Discard(())
            if text.startswith("discard ") and raw[:8].isascii():
                return Discard(tuple(parse_kinds(raw[len("discard "):])))
            if text.startswith("play ") and raw[:5].isascii():
                return Play(parse_kind(raw[len("play "):]))
            return self._from_kinds(parse_kinds(raw), action)
        raise ParseError(f"cannot read {shown(action)} as a Krypkille action", action)

    def _from_kinds(self, kinds: "list[Kind]", action: Hashable) -> "Discard | Play":
        """The cards ``kinds`` read from ``action`` as this phase's action: all of them discarded in the
        discard phase, otherwise the one card played (several cards cannot be one play)."""
        if self.phase == "discard":
            return Discard(tuple(kinds))
        if len(kinds) == 1:
            return Play(kinds[0])
        raise ParseError(f"cannot read {shown(action)} as one action in the {self.phase} phase", action)

    def illegal_error(self, action: Hashable) -> IllegalActionError:
        """The specific exception for an action that is not legal now (not raised here)."""
        seat = self.current_player()
        if seat is None:
            return GameOverError(action, "the round is over")
        hand = self.hands[seat]
        if self.phase == "discard":
            if not isinstance(action, Discard):
                return WrongPhaseError(action, "in the discard phase each player discards 0 to 3 cards "
                                               "(e.g. 'discard 7 Pig' or 'keep all')")
            if len(action.kinds) > MAX_DISCARDS:
                return TooManyDiscardsError(
                    action, f"a player may discard at most {MAX_DISCARDS} cards, not {len(action.kinds)}")
            missing = Counter(action.kinds) - Counter(hand)
            if missing:
                return CardNotInHandError(action, _missing_reason(seat, hand, missing))
        elif self.phase == "play":
            if not isinstance(action, Play):
                return WrongPhaseError(action, "in the play phase the player to move plays one card")
            if action.kind not in hand:
                return CardNotInHandError(action, _missing_reason(seat, hand, Counter([action.kind])))
            if self.current_trick:
                forced, why = explain_follow(hand, [k for _, k in self.current_trick])
                if action.kind != forced:
                    return ForcedCardError(action, f"seat {seat} must play the forced card {forced}: {why}")
        else:
            if action not in (DECLARE, PASS):
                return WrongPhaseError(action, "after the four tricks each player in turn may only "
                                               "'declare' or 'pass'")
        return IllegalActionError(action, super().explain_illegal(action))

    def explain_illegal(self, action: Hashable) -> str:
        return self.illegal_error(action).reason

    def over_reason(self) -> str:
        return "the round is already over"

    def _apply(self, action: Hashable) -> None:
        seat = self.current_player()
        self.history.append(action)
        if self.phase == "discard":
            for k in action.kinds:
                self.hands[seat].remove(k)
            self.discards[seat] = list(action.kinds)
            self._discarded += 1
            if self._discarded == self.num_players:
                self._refill()
        elif self.phase == "play":
            self._play(seat, action.kind)
        else:
            self.declarations.append((seat, action))
            if action == DECLARE:
                self._finish(seat)
            elif len(self.declarations) == self.num_players:
                self._finish(None)

    def _refill(self) -> None:
        for seat in self.discard_order():
            need = HAND_SIZE - len(self.hands[seat])
            if need > len(self.stock):  # cannot happen with 2-5 players, but say so if it ever does
                raise GameError("the stock ran out during the refill")
            self.hands[seat].extend(self.stock[:need])
            del self.stock[:need]
            self.hands[seat].sort()
        self.phase = "play"
        self.leader = self.first_leader()

    def _play(self, seat: int, kind: Kind) -> None:
        if self.current_trick:
            _, reason = explain_follow(self.hands[seat], [k for _, k in self.current_trick])
            lead = False
        else:
            reason, lead = "lead: any card may be led", True
        self.hands[seat].remove(kind)
        self.current_trick.append((seat, kind))
        self.play_log.append(PlayRecord(len(self.tricks) + 1, seat, kind, lead, reason))
        if len(self.current_trick) == self.num_players:
            trick = self.current_trick
            winner = trick[trick_winner([k for _, k in trick])][0]
            self.tricks.append(trick)
            self.trick_winners.append(winner)
            self.current_trick = []
            self.leader = winner
            if len(self.tricks) == TRICKS:
                self.phase = "declare"
                self._declaring_start = (winner if self.options.declaring_starts == "last_trick_winner"
                                         else self.first_leader())

    def _finish(self, declarer: int | None) -> None:
        final = self.final_cards()
        self.declarer = declarer
        self.outcome = round_outcome(final, declarer)
        self.scores = score_round(final, declarer, self.options.penalties)
        self.phase = "over"

    # -- information ------------------------------------------------------------------
    def played_cards(self) -> list[Kind]:
        """The public record: every card played so far this round, in play order."""
        return [r.kind for r in self.play_log]

    def final_cards(self) -> list[Kind]:
        """Each seat's last card (after the four tricks)."""
        if self.phase not in ("declare", "over"):
            raise GameError("the final cards exist only after the four tricks")
        return [h[0] for h in self.hands]

    def shown_cards(self) -> dict[int, Kind]:
        """Cards shown face up after the tricks: the declarer's, and every card once the round is over."""
        if self.phase == "over":
            return dict(enumerate(self.final_cards()))
        return {s: self.hands[s][0] for s, a in self.declarations if a == DECLARE}

    def view(self, seat: int) -> KrypkilleView:
        """What ``seat`` may see now (its hand and discards, the public record, shown cards)."""
        check_seat(seat, self.num_players)
        try:
            order = tuple(self.declaring_order())
        except GameError:
            order = None
        return KrypkilleView(
            seat=seat, num_players=self.num_players, dealer=self.dealer, phase=self.phase,
            current_player=self.current_player(), hand=tuple(self.hands[seat]),
            discards=tuple(self.discards[seat]), hand_sizes=tuple(len(h) for h in self.hands),
            tricks=tuple(tuple(t) for t in self.tricks), current_trick=tuple(self.current_trick),
            played=tuple(self.played_cards()), declarations=tuple(self.declarations),
            declaring_order=order, shown=self.shown_cards(),
            scores=tuple(self.scores) if self.scores is not None else None,
            legal_actions=tuple(self.legal_actions()) if self.current_player() == seat else (),
            penalties=self.options.penalties,
            discard_counts=tuple(len(d) for d in self.discards),
        )

    def hidden_cards(self, seat: int) -> Counter:
        """The cards ``seat`` may not see (by ``Kind`` name): the others' hands but a shown card,
        every other seat's discards, and the stock."""
        check_seat(seat, self.num_players)
        out: Counter = Counter()
        shown = self.shown_cards()
        for s in range(self.num_players):
            if s == seat:
                continue
            hand = list(self.hands[s])
            if shown.get(s) is not None:
                hand.remove(shown[s])
            out.update(k.name for k in hand)
            out.update(k.name for k in self.discards[s])
        out.update(k.name for k in self.stock)
        return out

    def visible_cards(self, seat: int) -> Counter:
        """The cards ``seat`` may see (by ``Kind`` name): its hand and discards, every card played,
        the cards the others have shown."""
        check_seat(seat, self.num_players)
        out = Counter(k.name for k in self.hands[seat])
        out.update(k.name for k in self.discards[seat])
        out.update(r.kind.name for r in self.play_log)
        out.update(k.name for s, k in self.shown_cards().items() if s != seat)
        return out

    def snapshot(self) -> dict:
        """Everything that defines the state, as plain values (tests compare these)."""
        return {
            "phase": self.phase, "hands": [list(h) for h in self.hands], "stock": list(self.stock),
            "discards": [list(d) for d in self.discards], "discarded": self._discarded,
            "tricks": [list(t) for t in self.tricks], "current_trick": list(self.current_trick),
            "trick_winners": list(self.trick_winners), "play_log": list(self.play_log),
            "leader": self.leader, "declarations": list(self.declarations),
            "declaring_start": self._declaring_start, "declarer": self.declarer, "outcome": self.outcome,
            "scores": None if self.scores is None else list(self.scores), "history": list(self.history),
            "rng": self.rng.getstate(), "options": self.options, "dealer": self.dealer,
        }

    def __repr__(self) -> str:
        where = {"discard": f"{self._discarded} discarded", "play": f"trick {len(self.tricks) + 1}",
                 "declare": f"{len(self.declarations)} declared/passed", "over": f"{self.outcome}"}[self.phase]
        return (f"KrypkilleGame(num_players={self.num_players}, dealer={self.dealer}, "
                f"phase={self.phase!r}, {where})")

    def _repr_html_(self) -> str:
        from .display import round_html

        return round_html(self)


def _missing_reason(seat: int, hand: Sequence[Kind], missing: Counter) -> str:
    kind = min(missing)
    held = hand.count(kind)
    if held == 0:
        return f"{kind} is not in seat {seat}'s hand"
    return f"seat {seat} holds only {held} {kind}"
