"""The play table's Comrade adapter: the bidding and the tricks, one seat's view."""

from __future__ import annotations

from typing import Sequence

from cardgames.cards import SUIT_SYMBOLS
from cardgames.comrade.bidding import action_words as _bid
from cardgames.display import escape, html_table

from .base import Group, TableGame, ROW, back_html, pcard

__all__ = ['ComradeTableGame']


class ComradeTableGame(TableGame):
    """One deal of Comrade: take a bid card or pass, then play.  The deal is random from ``seed``
    (``hand_size`` for a mini deal) unless ``deal`` is given.  The person's partners never see
    the person's hand: each bot gets only its own view."""

    title = "Comrade deal"

    def __init__(self, deal=None, seed: int | None = 0, hand_size: int | None = None, players: int = 4,
                 dealer: int = 0, rules=None):
        from cardgames.comrade import ComradeGame, Deal
        if isinstance(deal, str):            # PBN, as a named deal or a stored table holds it
            deal = Deal.from_pbn(deal)
        self.fixed = deal is not None
        self.seed, self.players, self.hand_size = seed, players, hand_size
        self.deal = deal if deal is not None else Deal.random(seed, players=players, hand_size=hand_size)
        self.dealer, self.rules = dealer, rules
        ComradeGame(self.deal, dealer=dealer, rules=rules)
        self.num_players = ComradeGame(self.deal, dealer=dealer).num_players
        self.letters = self.deal.variant.seat_letters

    def new_state(self):
        from cardgames.comrade import ComradeGame
        return ComradeGame(self.deal, dealer=self.dealer, rules=self.rules)

    @classmethod
    def named_deals(cls) -> dict[str, str]:
        """The class deals of lesson 20 (four cards each, North deals), by their letter."""
        from classroom.printables.comrade import CLASS_DEALS
        return {f"class deal {k}": v for k, v in CLASS_DEALS.items()}

    def can_deal_new(self) -> bool:
        return not self.fixed

    def deal_new(self) -> None:
        """The next random deal of the same size (seed + 1)."""
        from cardgames.comrade import Deal
        if self.fixed:
            return
        super().deal_new()
        self.deal = Deal.random(self.seed, players=self.players, hand_size=self.hand_size)

    def default_players(self):
        """The strongest silent partners (:class:`solvers.comrade.cardsearch.CardSearchPlayer`):
        each sees only its own seat, follows the convention card of
        ``docs/lessons/comrade_convention_card.md`` and reads the table through it, and leaves the
        card only where rollouts in the worlds it samples say another action is clearly better.
        They are seeded from the table's seed and their seat, so the same deal replays the same
        way.  Pass ``players=`` to :class:`~classroom.table.PlayTable` for others, e.g.
        ``solvers.comrade.convention.ConventionPlayer`` (the card alone: instant, and every move
        explained by one rule) or ``cardgames.comrade.players.HeuristicPlayer``."""
        from cardgames.comrade.rules import DEFAULT_RULES
        from solvers.comrade.cardsearch import CardSearchPlayer
        rules = self.rules if self.rules is not None else DEFAULT_RULES
        base = 10 * (self.seed if self.seed is not None else 0)
        return [CardSearchPlayer(seed=base + p, rules=rules) for p in range(self.num_players)]

    def _seat(self, s: int) -> str:
        return f"seat {s} ({self.letters[s]})"

    def view_html(self, view, hands: Sequence | None = None) -> str:
        rows = []
        for s, size in enumerate(view.hand_sizes):
            if hands is not None:
                hand = " ".join(pcard(c) for c in hands[s]) or "—"
            elif s == view.seat:
                hand = " ".join(pcard(c) for c in view.hand) or "—"
            else:
                hand = back_html(size)
            bid = ", ".join(f"{SUIT_SYMBOLS[x]} {v}" for x, v in view.bids[s].items()) or "none"
            won = ", ".join(f"{SUIT_SYMBOLS[x]} {v}" for x, v in view.won[s].items()) or "none"
            who = self._seat(s) + (" (you)" if s == view.seat and hands is None else "") + (
                " · dealer 親" if s == view.dealer else "")
            rows.append([escape(who), hand, escape(bid), escape(won)])
        seats = html_table(rows, ["seat", "hand", "bid: tricks to win, led in", "won, led in"], raw=True,
                           caption=f"Comrade — phase: {view.phase}",
                           highlight_rows=[view.to_act] if view.to_act is not None else ())
        middle = ", ".join(_bid(c) for c in view.middle) or "none left"
        ttable = self.tricks_html(view)
        return (f"{ROW}{seats}{ttable}</div><div>bid cards in the middle: {escape(middle)}</div>"
                + (f"<div><b>{escape(view.result)}</b> {escape(view.loss_reason or '')}</div>" if view.result else ""))

    def tricks_html(self, view) -> str:
        """The public trick table: each trick's cards by seat, who led it (▶, in which suit) and who
        won it (★, the trick counts for the bid in the led suit)."""
        n = len(view.hand_sizes)
        trows = []
        tricks = [(t.plays, t.winner) for t in view.tricks] + (
            [(tuple(view.current_trick), None)] if view.current_trick else [])
        for i, (plays, winner) in enumerate(tricks, 1):
            leader, led = plays[0][0], plays[0][1]
            cells = {}
            for s, c in plays:
                mark = ("▶ " if s == leader else "") + ("★ " if s == winner else "")
                cells[s] = escape(mark) + pcard(c)
            trows.append([i] + [cells.get(s, "") for s in range(n)]
                         + [escape(f"{self._seat(leader)}, {SUIT_SYMBOLS[led.suit]}"),
                            escape(self._seat(winner)) if winner is not None else "(being played)"])
        if not trows:
            return ""
        return html_table(trows, ["trick"] + [self.letters[s] for s in range(n)] + ["led by (suit)", "won by"],
                          raw=True, caption="Tricks (public): ▶ led the trick, ★ won it")

    def reveal_html(self, state) -> str:
        return self.view_html(state.view(0), hands=[list(h) for h in state.hands])

    def prompt(self, view) -> str:
        return ("take a bid card (a promise to win that many tricks led in its suit) or pass"
                if view.phase == "bidding" else "play a card (follow the led suit if you can)")

    def controls(self, view, legal):
        from cardgames.comrade.bidding import BidCard
        if view.phase == "bidding":
            items = ([("pass", a) for a in legal if a == "pass"]
                     + [(f"take {_bid(a)}", a) for a in legal if isinstance(a, BidCard)])
            losing = self.losing_bids(view, legal)
            safe = [(label, a) for label, a in items if a not in losing]
            risky = [(f"⚠ {label}", a) for label, a in items if a in losing]
            groups = [Group("bid:", safe)] if safe else []
            if risky:
                groups.append(Group(f"these end the game at once (a loss for everyone; {self.deal.total} tricks):",
                                    risky, warn=losing))
            return groups
        return [Group("play:", [(c.symbol, c) for c in legal])]

    def losing_bids(self, view, legal) -> dict:
        """The bidding actions among ``legal`` that lose the game at once, each with the rule that
        makes it lose.  The bidding is public, so it is replayed from the view's history alone."""
        import copy

        from cardgames.comrade.bidding import Bidding
        from cardgames.comrade import DEFAULT_RULES
        bidding = Bidding(self.num_players, view.dealer, self.deal.variant, total=self.deal.total,
                          rules=self.rules or DEFAULT_RULES)
        for step in view.bidding_history:
            bidding.apply(step.action)
        out = {}
        for a in legal:
            trial = copy.deepcopy(bidding)
            trial.apply(a)
            if trial.loss is not None:
                out[a] = f"{self.say_own(a)} ends the bidding and the game, lost by everyone: {trial.loss_reason}"
        return out

    def say_own(self, action) -> str:
        from cardgames.comrade.bidding import BidCard
        return f"take {_bid(action)}" if isinstance(action, BidCard) else (
            "pass" if action == "pass" else f"play {action.symbol}")

    say_revealed = lambda self, seat, action: self.say_own(action)  # noqa: E731 - nothing is secret in Comrade

    def public_lines(self, before, seat, action, after, mark):
        from cardgames.comrade.bidding import BidCard
        who = self._seat(seat)
        if isinstance(action, BidCard):
            lines = [f"{who} takes the {_bid(action)} card"]
        elif action == "pass":
            lines = [f"{who} passes"]
        else:
            lines = [f"{who} plays {action.symbol}"]
            if len(after.tricks) > len(before.tricks):
                t = after.tricks[-1]
                lines.append(f"{self._seat(t.winner)} wins trick {len(after.tricks)} (led {SUIT_SYMBOLS[t.led_suit]})")
        if before.phase == "bidding" and after.phase == "play":
            lines.append("the bidding is over: " + "; ".join(
                f"{self.letters[s]} " + (", ".join(f"{SUIT_SYMBOLS[x]} {v}" for x, v in b.items()) or "none")
                for s, b in enumerate(after.bids)))
        if after.is_terminal():
            lines.append(f"the game is over: {after.result}" + (f" ({after.loss_reason})" if after.loss_reason
                                                                else ""))
        return lines, mark

    def result_text(self, state) -> str:
        return f"{state.result}: " + (state.loss_reason or "every bid was met exactly")

    def result_html(self, state) -> str:
        rows = []
        for s in range(state.num_players):
            bid = ", ".join(f"{SUIT_SYMBOLS[x]} {v}" for x, v in state.bids[s].items()) or "none"
            won = ", ".join(f"{SUIT_SYMBOLS[x]} {v}" for x, v in state.won[s].items()) or "none"
            rows.append([self._seat(s), bid, won])
        return f"<p>{escape(self.result_text(state))}</p>" + html_table(
            rows, ["seat", "bid (tricks led in)", "won (led in)"], caption="Bids against tricks won")

    def coach_html(self, state, view) -> str:
        """From the person's view: the card's advice and what the others' actions say about their
        hands; then, looking at every hand as a teacher would, whether a win is still possible."""
        from classroom.coach import comrade_advice, comrade_beliefs, comrade_card_advice
        legal = state.legal_actions()
        parts = [comrade_card_advice(view, legal, self.rules)]
        if view.bidding_history or view.tricks:
            parts.append("<details><summary>what the others' bids and cards say (read through the card, "
                         "from your view)</summary>" + comrade_beliefs(view, self.rules) + "</details>")
        parts.append(comrade_advice(state))
        return "<br>".join(parts)

    def coach_review_html(self, state) -> str:
        from classroom.coach import comrade_review
        return comrade_review(state)


