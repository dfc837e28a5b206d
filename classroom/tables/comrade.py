"""The play table's Comrade adapter: the bidding and the tricks, one seat's view.

A person chooses on the table itself between a mini deal and a full deal (:meth:`ComradeTableGame.settings`:
4 or 13 cards each), and after a lost game the table names the first action after which no win was
possible any more (:meth:`ComradeTableGame.loss_cause`), not merely the trick on which the loss showed.

    >>> tg = ComradeTableGame(seed=17, hand_size=4)
    >>> [label for label, _ in tg.settings()[0].options]
    ['4 (mini deal)', '13 (full deal)']
    >>> tg.change("hand_size", 13); tg.deal.hand_size
    13
"""

from __future__ import annotations

from typing import Sequence

from cardgames.cards import SUIT_SYMBOLS
from cardgames.comrade.bidding import action_words as _bid
from cardgames.display import escape, html_table

from .base import Group, Setting, TableGame, ROW, back_html, pcard

__all__ = ['ComradeTableGame']


#: The mini deal a class starts with (cards each); the full deal is the variant's whole hand (13, or 12 for 3 players).
MINI_SIZE = 4


class ComradeTableGame(TableGame):
    """One deal of Comrade: take a bid card or pass, then play.  The deal is random from ``seed``
    (``hand_size`` for a mini deal) unless ``deal`` is given.  The person's partners never see
    the person's hand: each bot gets only its own view."""

    @property
    def title(self) -> str:
        """What the table's log calls the game: "Comrade deal (4 cards each)"."""
        return f"Comrade deal ({self.deal.hand_size} cards each)"

    def __init__(self, deal=None, seed: int | None = 0, hand_size: int | None = None, players: int = 4,
                 dealer: int = 0, rules=None):
        from cardgames.comrade import ComradeGame, Deal
        if isinstance(deal, str):            # PBN, as a named deal or a stored table holds it
            deal = Deal.from_pbn(deal)
        self.fixed = deal is not None
        self.seed, self.players, self.hand_size = seed, players, hand_size
        self.deal = deal if deal is not None else Deal.random(seed, players=players, hand_size=hand_size)
        self.dealer, self.rules = dealer, rules
        ComradeGame(self.deal, dealer=dealer, options=rules)
        self.num_players = ComradeGame(self.deal, dealer=dealer).num_players
        self.letters = self.deal.variant.seat_letters

    def new_state(self):
        from cardgames.comrade import ComradeGame
        return ComradeGame(self.deal, dealer=self.dealer, options=self.rules)

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

    def settings(self) -> list[Setting]:
        """The hand size, chosen on the table: a 4-card mini deal (a few minutes) or the full deal
        (13 cards each; 12 with three players).  A fixed deal offers no choice."""
        if self.fixed:
            return []
        full = self.deal.variant.total
        options = [(f"{MINI_SIZE} (mini deal)", MINI_SIZE), (f"{full} (full deal)", full)]
        if self.deal.hand_size not in (MINI_SIZE, full):     # a size given in code stays on offer
            options.insert(0, (str(self.deal.hand_size), self.deal.hand_size))
        return [Setting("hand_size", "cards each", options, self.deal.hand_size)]

    def change(self, name: str, value) -> None:
        """``change("hand_size", 13)``: deal again, the same seed, ``value`` cards each."""
        from cardgames.comrade import Deal
        from cardgames.errors import GameError
        if name != "hand_size" or self.fixed:
            raise GameError(f"this Comrade table has no setting {name!r}")
        self.deal = Deal.random(self.seed, players=self.players, hand_size=value)
        self.hand_size = value

    def default_players(self):
        """The strongest silent partners (:class:`solvers.comrade_players.cardsearch.CardSearchPlayer`):
        each sees only its own seat, follows the convention card of
        ``docs/lessons/comrade_convention_card.md`` and reads the table through it, and leaves the
        card only where rollouts in the worlds it samples say another action is clearly better.
        They are seeded from the table's seed and their seat, so the same deal replays the same
        way.  Pass ``players=`` to :class:`~classroom.table.PlayTable` for others, e.g.
        ``solvers.comrade_players.convention.ConventionPlayer`` (the card alone: instant, and every move
        explained by one rule) or ``cardgames.comrade.players.HeuristicPlayer``."""
        from cardgames.comrade.options import DEFAULT_OPTIONS
        from solvers.comrade_players.cardsearch import CardSearchPlayer
        rules = self.rules if self.rules is not None else DEFAULT_OPTIONS
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
                + (f"<div><b>{escape(view.result)}</b></div>" if view.result else ""))

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
        from cardgames.comrade import DEFAULT_OPTIONS
        bidding = Bidding(self.num_players, view.dealer, self.deal.variant, total=self.deal.total,
                          rules=self.rules or DEFAULT_OPTIONS)
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
            lines.append(f"the game is over: {self.result_text(after)}")
        return lines, mark

    def result_text(self, state) -> str:
        """The result in one line; a loss with its real cause (:meth:`loss_cause`)."""
        if state.result == "loss":
            return "loss: " + self.loss_cause(state)
        return f"{state.result}: every bid was met exactly"

    def _words(self, action: str, phase: str) -> str:
        """An action of ``game.actions`` (text) as the log says it: "took ♥ bid 2", "passed", "played ♠2"."""
        from cardgames.cards import Card
        from cardgames.comrade.bidding import PASS, BidCard
        if phase == "bidding":
            return "passed" if action == PASS else f"took {_bid(BidCard.parse(action))}"
        return f"played {Card.parse(action).symbol}"

    def loss_cause(self, state) -> str:
        """Why a lost game was lost: the first action after which no win was possible any more, found
        by the position solver looking at every hand (:func:`solvers.comrade_players.review.first_fatal_action`),
        then the rule that ended the game.  The last trick alone would blame whoever won it, even when
        the deal was lost many actions before.  Computed once per finished game.

        >>> from cardgames.comrade import Deal
        >>> tg = ComradeTableGame(deal=Deal.from_pbn("N:A.K.. K.A.. Q.Q.. J.J.."))
        >>> print(tg.loss_cause(tg.new_state().play(["H1", "S1", "SA", "SK", "SQ", "SJ"])))
        ... # doctest: +NORMALIZE_WHITESPACE
        the deal was lost at action 1, when seat 0 (N) took ♥ bid 1 in the bidding: after it no win was
        possible any more, even for partners who could see every hand (what ended the game, later: trick 1:
        seat 0 (N) won a trick led in spades, a suit they did not bid)
        """
        key = (self.deal, self.dealer, tuple(state.actions))
        cache = self.__dict__.setdefault("_causes", {})
        if key not in cache:
            cache[key] = self._loss_cause(state)
        return cache[key]

    def _loss_cause(self, state) -> str:
        from solvers.comrade_players.review import first_fatal_action

        rule = state.loss_reason or "a bid was not met"
        rule = rule.split(": ", 1)[1] if rule.startswith(("play lost: ", "bidding lost: ")) else rule
        fatal = first_fatal_action(state, time_limit=1.0)
        if fatal is None or (fatal.index is None and fatal.verdict_at_start != "no_win"):
            return f"{rule} (which action made the deal impossible to win could not be worked out in time)"
        if fatal.verdict_at_start == "no_win":
            return (f"this deal could not be won at all, even by partners who see every hand "
                    f"(what ended the game: {rule})")
        k = fatal.index + 1
        who = f"{self._seat(fatal.seat)} {self._words(fatal.action, fatal.phase)}"
        where = "in the bidding" if fatal.phase == "bidding" else f"in trick {fatal.trick}"
        hedge = " (or at a later action: some positions could not be worked out in time)" if fatal.unknown else ""
        if k == len(state.actions):
            return f"the deal was lost at action {k}, when {who} {where}{hedge}: {rule}"
        return (f"the deal was lost at action {k}, when {who} {where}{hedge}: after it no win was possible any "
                f"more, even for partners who could see every hand (what ended the game, later: {rule})")

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


