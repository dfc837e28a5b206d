"""The special cards of Heart Challenge (J, Q, K and the jokers) and the windows in which they are used.

A part of :class:`~cardgames.heart_challenge.engine.HeartChallengeGame` (it is one of its bases): the
rules of when a special card may be used, what it does, and the jokers' effects, kept apart from the
placing, declaring and flipping of the main engine.  It reads and changes the game's own state.
"""

from __future__ import annotations

from ..cards import JOKER, Card
from .actions import Action
from .setup import distinct, is_heart, special_kind

__all__ = ["SpecialCards"]

_WINDOW_KINDS = {
    "own_heart": {"challenger": ("J", "JK"), "others": ("JK",)},
    "heart": {"challenger": ("K", "JK"), "others": ("JK",)},
    "k_cancel": {"challenger": (), "others": ("Q",)},
    "preflip": {"challenger": (), "others": ("JK",)},
}


class SpecialCards:
    """The special-card part of the engine: the windows, the uses, the jokers."""

    def _auction_q_cards(self, seat: int) -> list[Card]:
        if seat in self.used_special:
            return []
        return [c for c in distinct(self.hands[seat]) if special_kind(c) == "Q"]

    def _window_cards(self, seat: int) -> list[Card]:
        if seat in self.used_special or self.window is None:
            return []
        role = "challenger" if seat == self.challenger else "others"
        kinds = _WINDOW_KINDS[self.window][role]
        return [c for c in distinct(self.hands[seat]) if special_kind(c) in kinds]

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

    def _do_q_place(self, me: int, a: Action) -> None:
        if self._place_queued(me, a.card, " (Q)"):
            self.phase = "auction"
            self.bidder = self.q_user

    def _use_card(self, seat: int, card: Card, challenger: int | None) -> None:
        """A special card leaves the hand (to the stock, jokers to the table), with the 2-or-fewer redraw."""
        before = len(self.hands[seat])
        self.hands[seat].remove(card)
        self.used_special.add(seat)
        self.shown.append(card)
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

    def _table_joker_cards(self) -> list[Card]:
        return [JOKER] * len(self.table_jokers)
