"""A Heart Challenge player that bluffs, reads the table and uses its special cards.

:class:`BluffingPlayer` decides from its seat's view alone (its hand, its own pile, the public
table and the public log), like every player of the package.  Its plan for a round, in words:

* **Trap or challenge.**  At the start of each round it draws (seeded) whether this is a *trap*
  round: it puts a heart face down first, hoping a challenger turns it (the challenger then hands it
  a random card), or a *challenge* round: roses only, so that its own pile is safe to turn.  A J
  placed with the heart keeps the pile safe anyway (a J in the challenger's own pile saves it).
* **Bluff-bidding.**  In a trap round it sometimes starts a challenge itself, on a small number, to
  lure the others into raising and turning its heart.
* **Challenging on the odds.**  It starts or raises when its estimated chance of success is at
  least a threshold.  The chance starts from the odds module's share of hearts among the cards it
  cannot see (:func:`~cardgames.heart_challenge.odds.challenge_odds`), *corrected by what the log
  showed*: each opponent's pile is judged by the hearts seen when that player's cards were turned
  earlier in the match (a player who never places hearts is soon read as safe), and a player who
  bid this round is likely to have only roses on their pile (else their own challenge fails).
* **Special cards.**  A J or K saves its own challenge (and leaves the hand: they score −1 and −2);
  a joker turns a lost challenge into one more card (a failure then costs nothing); against another
  player's challenge it plays a joker when the next card is unlikely to be a heart (a failure lets it
  hand the joker, −3, to the challenger); a Q cancels a K that would cheat its own heart.
* **Mixing.**  Thresholds are jittered and bluffs drawn at random, from a generator seeded by the
  player's seed, its seat, the round and the moment, so the same view always gets the same action
  (a copy of the player handed another world with the same view acts the same) and no fixed policy
  can count on it.

    >>> from cardgames.players import play_out
    >>> from cardgames.heart_challenge import HeartChallengeGame
    >>> g = play_out(HeartChallengeGame(4, seed=5), [BluffingPlayer(seed=s) for s in range(4)])
    >>> g.is_terminal()
    True
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Hashable, Sequence

from ..cards import Card
from ..players import BasePlayer
from .actions import Action
from .odds import challenge_odds
from .scoring import card_points
from .setup import is_heart, special_kind
from .view import HeartChallengeView

__all__ = ["BluffingPlayer", "NaivePlayer", "StrategyParams", "TableReading", "read_table"]

_TURNS = re.compile(r"turns (\S+) from seat (\d+)'s pile")
_OWN = re.compile(r"seat (\d+) challenges for \d+ and turns up their own pile: ?(.*)$")
_STARTS = re.compile(r"seat (\d+) starts a challenge")
_RAISES = re.compile(r"seat (\d+) raises to")


@dataclass(frozen=True)
class StrategyParams:
    """The knobs of :class:`BluffingPlayer` (the defaults were chosen on the benchmark's tuning seeds).

    * ``trap_rate`` — chance that a round is a trap round (a heart placed first), when it holds a heart;
    * ``bluff_bid_rate`` — in a trap round, chance of starting a challenge on the heart to lure raises;
    * ``start_threshold`` / ``raise_threshold`` — the estimated chance of success needed to start a
      challenge on more cards than the own pile, or to raise;
    * ``start_rate`` — chance, at its turn with a safe pile, of starting now rather than placing a rose;
    * ``jitter`` — how far (±) each threshold moves at random, decision by decision;
    * ``prior_hearts`` / ``prior_cards`` — the prior for the share of hearts in a pile (before any card
      of that player was seen turned), as pseudo-counts;
    * ``joker_spoil`` — plays a joker against a challenge when the challenger's next card is a heart
      with at most this chance.
    """

    trap_rate: float = 0.3
    bluff_bid_rate: float = 0.3
    start_threshold: float = 0.4
    raise_threshold: float = 0.35
    start_rate: float = 0.6
    jitter: float = 0.05
    prior_hearts: float = 1.0
    prior_cards: float = 4.0
    joker_spoil: float = 0.35


@dataclass(frozen=True)
class TableReading:
    """What the log says about each seat: cards of their piles seen turned (and how many were hearts),
    own piles shown as challenger (and how many showed a heart), and who bid this round."""

    turned: tuple[int, ...]
    turned_hearts: tuple[int, ...]
    shown: tuple[int, ...]
    shown_hearts: tuple[int, ...]
    bid_now: frozenset[int]


def read_table(view: HeartChallengeView) -> TableReading:
    """Read the public log: the public facts :class:`BluffingPlayer` judges the piles by.

    >>> from cardgames.heart_challenge import HeartChallengeGame
    >>> g = HeartChallengeGame.staged(["DA CA", "D2 C2", "D3 C3"], piles=["SA", "H2", "S3"])
    >>> g.play(["challenge 2", "raise 3", "pass"])  # doctest: +ELLIPSIS
    <HeartChallengeGame ...>
    >>> r = read_table(g.view(0))
    >>> r.turned, r.shown, sorted(r.bid_now)      # seats 0 and 1 bid; nothing turned up yet
    ((0, 0, 0), (0, 0, 0), [0, 1])
    """
    n = view.num_players
    turned, hearts, shown, shown_h = [0] * n, [0] * n, [0] * n, [0] * n
    bid: set[int] = set()
    for entry in view.log:
        text = entry.text
        m = _TURNS.search(text)
        if m:
            s = int(m.group(2))
            turned[s] += 1
            hearts[s] += _is_heart_code(m.group(1))
            continue
        if entry.round_no != view.round_no:
            m = _OWN.match(text)
            if m:
                s = int(m.group(1))
                shown[s] += 1
                shown_h[s] += any(_is_heart_code(c) for c in m.group(2).split())
            continue
        m = _STARTS.match(text) or _RAISES.match(text)
        if m:
            bid.add(int(m.group(1)))
            continue
        m = _OWN.match(text)
        if m:
            s = int(m.group(1))
            shown[s] += 1
            shown_h[s] += any(_is_heart_code(c) for c in m.group(2).split())
    return TableReading(tuple(turned), tuple(hearts), tuple(shown), tuple(shown_h), frozenset(bid))


@lru_cache(maxsize=None)
def _is_heart_code(code: str) -> bool:
    try:
        return is_heart(Card.parse(code))
    except ValueError:
        return False


class BluffingPlayer(BasePlayer):
    """The package's strongest Heart Challenge player: it bluffs, challenges on the odds and uses its
    special cards (the module's docstring says how).  ``seed`` makes it deterministic; ``params``
    (:class:`StrategyParams`) sets its knobs.

    >>> from cardgames.heart_challenge import HeartChallengeGame
    >>> g = HeartChallengeGame(3, seed=2)
    >>> p = BluffingPlayer(seed=1)
    >>> p.act(g.view(g.current_player()), g.legal_actions()) == p.act(g.view(g.current_player()), g.legal_actions())
    True
    """

    def __init__(self, seed: int | None = 0, params: StrategyParams | None = None):
        self.seed = seed
        self.params = params if params is not None else StrategyParams()

    def __repr__(self) -> str:
        return f"BluffingPlayer(seed={self.seed})"

    # -- randomness: a function of the seed and the view, so a copy acts the same ---------------------
    def _rng(self, view: HeartChallengeView, what: str, per_round: bool = False) -> random.Random:
        moment = "" if per_round else f"|{len(view.log)}"
        return random.Random(f"{self.seed}|{view.seat}|{view.round_no}|{what}{moment}")

    def _threshold(self, view: HeartChallengeView, base: float, what: str) -> float:
        j = self.params.jitter
        return base + (self._rng(view, what).uniform(-j, j) if j else 0.0)

    def _trap_round(self, view: HeartChallengeView) -> bool:
        """This round's plan, drawn once per round: a trap (heart first) or a challenge (roses)."""
        return self._rng(view, "trap", per_round=True).random() < self.params.trap_rate

    #: The method that chooses the action in each phase (the two phases left out are decided in ``act``).
    _BY_PHASE = {"marker": "_marker", "first": "_place", "q_place": "_place", "turn": "_turn",
                 "auction": "_auction", "window": "_window", "flip": "_flip", "joker_pick": "_joker_pick",
                 "take": "_take"}

    # -- the protocol --------------------------------------------------------------------------------
    def act(self, view: HeartChallengeView, legal_actions: Sequence[Hashable]) -> Action:
        """The action for the seat whose view this is (its own hand and the public table only)."""
        legal = list(legal_actions)
        phase = view.phase
        if phase in self._BY_PHASE:
            return getattr(self, self._BY_PHASE[phase])(view, legal)
        if phase == "joker_gift":
            return Action("give") if Action("give") in legal else legal[0]
        if phase == "limit":
            number = view.numbers[view.seat]
            return min(legal, key=lambda a: (card_points(a.card, number), is_heart(a.card), a.card.sort_key))
        return legal[0]

    # -- what the player knows -------------------------------------------------------------------------
    @staticmethod
    def _unknown_cards(view: HeartChallengeView) -> tuple[int, int]:
        """``(unseen cards, hearts among them)`` for this seat: the numbers of
        :func:`~cardgames.heart_challenge.odds.challenge_odds` (the stock, the other hands, the
        face-down cards of the other piles; the hearts in play less those this seat sees)."""
        odds = challenge_odds(view)
        return odds.unknown, max(odds.hearts, 0)

    def _pile_heart_chance(self, view: HeartChallengeView, reading: TableReading, seat: int,
                           unknown: tuple[int, int]) -> float:
        """The chance that one face-down card of ``seat``'s pile is a heart: the share of hearts among
        the unseen cards (the odds module's draw), at least the prior, updated by the cards of that
        player seen turned; low for a player who bid this round (a bidder's own pile must be roses)."""
        p = self.params
        hidden, hidden_hearts = unknown
        if hidden_hearts == 0:
            return 0.0
        if seat in reading.bid_now:
            return (reading.shown_hearts[seat] + 0.2) / (reading.shown[seat] + 4.0)
        prior = max(p.prior_hearts / p.prior_cards, hidden_hearts / max(hidden, 1))
        q = (reading.turned_hearts[seat] + prior * p.prior_cards) / (reading.turned[seat] + p.prior_cards)
        return min(max(q, 0.02), 0.95)

    def _success(self, view: HeartChallengeView, n: int, reading: TableReading | None = None) -> float:
        """Estimated chance that this seat's challenge for ``n`` cards succeeds (specials in hand count:
        a J saves a heart in the own pile, a K one heart turned from another pile)."""
        me = view.seat
        reading = reading or read_table(view)
        unknown = self._unknown_cards(view)
        own = [c for c, _ in view.piles[me]]
        hand_kinds = {special_kind(c) for c in view.hand}
        can_use = me not in view.used_special
        if any(is_heart(c) for c in own) and not any(special_kind(c) == "J" for c in own):
            if not (can_use and "J" in hand_kinds):
                return 0.0
            can_use = False             # the J is spent saving the own pile
        need = n - len(own)
        if need <= 0:
            return 1.0
        piles = []
        for s in range(view.num_players):
            if s == me:
                continue
            down = sum(1 for _, up in view.piles[s] if not up)
            if down:
                piles.append((self._pile_heart_chance(view, reading, s, unknown), down))
        if sum(d for _, d in piles) < need:
            need = sum(d for _, d in piles)
        piles.sort()
        clean, one_heart, left = 1.0, 0.0, need
        for q, down in piles:
            for _ in range(min(down, left)):
                one_heart = one_heart * (1 - q) + clean * q
                clean *= 1 - q
            left -= min(down, left)
            if not left:
                break
        chance = clean + (0.8 * one_heart if can_use and "K" in hand_kinds else 0.0)
        return min(chance, 1.0)

    # -- decisions ------------------------------------------------------------------------------------
    @staticmethod
    def _marker(view: HeartChallengeView, legal: list[Action]) -> Action:
        return next((a for a in legal if a.card.suit != "H"), legal[0])

    def _place(self, view: HeartChallengeView, legal: list[Action]) -> Action:
        hand = list(view.hand)
        me = view.seat
        own = [c for c, _ in view.piles[me]]
        # a trap needs a heart and enough cards (a heart on the own pile and 2 cards or fewer in hand
        # is a risk of leaving the match, see _turn)
        trap = self._trap_round(view) and any(is_heart(c) for c in hand + own) and len(hand) + len(own) >= 4
        roses = sorted((c for c in hand if not is_heart(c) and special_kind(c) is None), key=lambda c: c.sort_key)
        hearts = sorted((c for c in hand if is_heart(c)), key=lambda c: card_points(c, view.numbers[me]))
        js = [c for c in hand if special_kind(c) == "J"]
        ks = [c for c in hand if special_kind(c) == "K"]
        if trap:
            order = hearts + js + roses + ks
            if any(is_heart(c) for c in own) and js and not any(special_kind(c) == "J" for c in own):
                order = js + hearts + roses + ks   # a J under the heart keeps the own pile safe
        else:
            order = roses + ks + js
        if not order:
            order = sorted(hand, key=lambda c: (is_heart(c), card_points(c, view.numbers[me])))
        return Action.place(order[0])

    def _own_safe(self, view: HeartChallengeView) -> bool:
        own = [c for c, _ in view.piles[view.seat]]
        return not any(is_heart(c) for c in own) or any(special_kind(c) == "J" for c in own)

    def _best_number(self, view: HeartChallengeView, low: int, threshold: float, reading: TableReading) -> int:
        """The largest number from ``low`` whose estimated chance is at least ``threshold`` (0: none)."""
        top = sum(len(p) for p in view.piles)
        best = 0
        for n in range(low, top + 1):
            if self._success(view, n, reading) >= threshold:
                best = n
            else:
                break
        return best

    def _turn(self, view: HeartChallengeView, legal: list[Action]) -> Action:
        me = view.seat
        hand = view.hand
        own = len(view.piles[me])
        reading = read_table(view)
        places = [a for a in legal if a.kind == "place"]
        if self._own_safe(view):
            rose = [c for c in hand if not is_heart(c) and special_kind(c) is None]
            start = self._rng(view, "start").random() < self.params.start_rate
            if not places or start or not rose or len(hand) <= 2:
                if len(hand) <= 2:
                    # holding 2 cards or fewer, a failed challenge nobody raises puts the seat out of
                    # the match: declare only the own pile, which cannot fail
                    return Action.challenge(max(own, 1))
                t = self._threshold(view, self.params.start_threshold, "start-t")
                n = max(self._best_number(view, own + 1, t, reading), own, 1)
                return Action.challenge(n)
            return self._place(view, legal)
        # a trap pile: keep placing while the hand is large; sometimes bid on the heart to lure raises.
        # Never let the hand fall to 2 cards first: a challenge then started on the heart and not raised
        # would put this seat out of the match, so with 3 cards it starts the (bluff) challenge itself.
        if len(hand) > 3 and places and self._rng(view, "bluff-bid").random() >= self.params.bluff_bid_rate:
            return self._place(view, legal)
        return Action.challenge(max(own, 1))

    def _auction(self, view: HeartChallengeView, legal: list[Action]) -> Action:
        target = view.high + 1
        if Action.raise_to(target) in legal:
            t = self._threshold(view, self.params.raise_threshold, "raise-t")
            if self._success(view, target) >= t:
                return Action.raise_to(target)
        return Action("pass")

    def _window(self, view: HeartChallengeView, legal: list[Action]) -> Action:
        me = view.seat
        uses = {special_kind(a.card): a for a in legal if a.kind == "use"}
        decline = Action("decline")
        if me == view.challenger:
            if view.window == "own_heart":
                return uses.get("J") or uses.get("JK") or decline
            if view.window == "heart":
                return uses.get("K") or uses.get("JK") or decline
            return decline
        if view.window == "k_cancel" and "Q" in uses:
            # cancel a K that cheats this seat's own heart, unless the Q is the Q♥ (5 points)
            turned_mine = any(c is not None and up and is_heart(c) for c, up in view.piles[me])
            if turned_mine and uses["Q"].card.suit != "H":
                return uses["Q"]
            return decline
        if view.window == "preflip" and "JK" in uses:
            if self._next_heart_chance(view) <= self.params.joker_spoil:
                return uses["JK"]
        return decline

    def _next_heart_chance(self, view: HeartChallengeView) -> float:
        """The chance that the challenger, needing a heart, finds one in the next card turned (it picks
        the pile that looks most likely; this seat knows its own pile exactly)."""
        me, c = view.seat, view.challenger
        reading = read_table(view)
        unknown = self._unknown_cards(view)
        best = 0.0
        for s in range(view.num_players):
            if s == c:
                continue
            down = [card for card, up in view.piles[s] if not up]
            if not down:
                continue
            if s == me:
                q = 1.0 if is_heart(down[-1]) else 0.0
            else:
                q = self._pile_heart_chance(view, reading, s, unknown)
            best = max(best, q)
        return best

    def _pile_order(self, view: HeartChallengeView, flips: list[Action], reading: TableReading) -> list:
        unknown = self._unknown_cards(view)
        return sorted(flips, key=lambda a: (self._pile_heart_chance(view, reading, a.n, unknown),
                                            -sum(1 for _, up in view.piles[a.n] if not up), a.n))

    def _flip(self, view: HeartChallengeView, legal: list[Action]) -> Action:
        reading = read_table(view)
        flips = [a for a in legal if a.kind == "flip"]
        jokers = [a for a in legal if a.kind == "use"]
        if jokers and flips:
            left = view.target - view.count
            order = self._pile_order(view, flips, reading)
            unknown = self._unknown_cards(view)
            p_clean = 1.0
            budget = left
            for a in order:
                down = sum(1 for _, up in view.piles[a.n] if not up)
                q = self._pile_heart_chance(view, reading, a.n, unknown)
                take = min(down, budget)
                p_clean *= (1 - q) ** take
                budget -= take
                if not budget:
                    break
            q_heart = max(self._pile_heart_chance(view, reading, a.n, unknown) for a in flips)
            if q_heart > p_clean:
                return jokers[0]
        if not flips:
            return legal[0]
        return self._pile_order(view, flips, reading)[0]

    def _joker_pick(self, view: HeartChallengeView, legal: list[Action]) -> Action:
        """A joker: one more card decides, and a heart is a success: turn the pile most likely to hold one."""
        reading = read_table(view)
        unknown = self._unknown_cards(view)
        return max(legal, key=lambda a: (self._pile_heart_chance(view, reading, a.n, unknown), -a.n))

    def _take(self, view: HeartChallengeView, legal: list[Action]) -> Action:
        """From the stock, or (when a player's hand is worth more, or they lead) from that player."""
        hidden, hearts = self._unknown_cards(view)
        # an unseen card: a heart (someone else's, +3) with the odds' share, else a rose or a special
        # (about 0 on average: Q +2/+5 against J −1, K −2, joker −3)
        pool = 3.0 * hearts / hidden if hidden else 0.0

        def worth(a: Action) -> float:
            if a.n is None:
                return pool
            s = a.n
            size = len(view.hands[s])
            own_heart = 3.0 / size if size else 0.0     # they likely hold their own heart: +3 for us
            lead = 0.1 * (view.scores[s] - max(view.scores[t] for t in range(view.num_players) if t != s))
            return pool + own_heart + 0.5 + lead
        return max(legal, key=lambda a: (worth(a), a.n is None))


class NaivePlayer(BasePlayer):
    """The near-trivial policy that beat the old computer players: place roses, challenge on the
    smallest number, otherwise the first legal action (the first button of the play table).

    >>> NaivePlayer().act(None, [Action("pass")])
    Action('pass')
    """

    def __init__(self, seed: int | None = 0):
        self.seed = seed

    def __repr__(self) -> str:
        return f"NaivePlayer(seed={self.seed})"

    def act(self, view: HeartChallengeView, legal_actions: Sequence[Hashable]) -> Action:
        legal = list(legal_actions)
        places = [a for a in legal if a.kind == "place"]
        challenges = [a for a in legal if a.kind == "challenge"]
        if challenges:
            return min(challenges, key=lambda a: a.n)
        if places:
            roses = [a for a in places if not is_heart(a.card) and special_kind(a.card) is None]
            return (roses or places)[0]
        return legal[0]
