"""The play table's Heart Challenge adapter: one seat's view of the piles and the challenge."""

from __future__ import annotations

from dataclasses import replace

from cardgames.display import escape, html_table

from .base import Group, TableGame, back_html, pcard

__all__ = ['HeartChallengeTable']


_HC_TITLES = {
    "marker": "show your marker:", "place": "place face down:", "challenge": "or challenge, declaring:",
    "raise": "raise to:", "pass": "", "use": "use a special card:", "decline": "", "flip": "flip the top card of:",
    "take": "take a random card from:", "give": "the joker:", "keep": "", "return": "return (hand limit):",
}


class HeartChallengeTable(TableGame):
    """A Heart Challenge match: by default the rules' match of 10 rounds, highest total wins
    (``rounds=3`` for a shorter one, ``rounds=1`` for a single round): place, declare, raise or
    pass, flip, special cards, returning cards over the hand limit.

    One round is a lottery of the cards dealt; a match evens it out, as the rules intend.  Points
    are the cards in each hand at the end of every round, so the result explains each round."""

    def __init__(self, num_players: int = 4, seed: int | None = 0, rounds: int | None = None, options=None):
        from cardgames.heart_challenge import HeartChallengeGame, HeartChallengeOptions
        base = options if options is not None else HeartChallengeOptions()
        self.options = base if rounds is None else replace(base, rounds=rounds)
        HeartChallengeGame(num_players, seed=seed, options=self.options)
        self.num_players, self.seed = num_players, seed

    @property
    def title(self) -> str:
        n = self.options.rounds
        return "Heart Challenge round" if n == 1 else f"Heart Challenge match of {n} rounds"

    def new_state(self):
        from cardgames.heart_challenge import HeartChallengeGame
        return HeartChallengeGame(self.num_players, seed=self.seed, options=self.options)

    def default_players(self):
        from cardgames.heart_challenge.players import BluffingPlayer
        return [BluffingPlayer(seed=s) for s in range(self.num_players)]

    def log_mark(self, state) -> int:
        return len(state.log)

    def view_html(self, view) -> str:
        from cardgames.heart_challenge.display import PHASE_TEXT, seat_status
        rows = []
        for s in range(view.num_players):
            hand = [c for c in view.hands[s]]
            if all(c is None for c in hand):
                hand_h = back_html(len(hand))
            else:
                hand_h = " ".join(back_html() if c is None else pcard(c) for c in hand) or "—"
            pile = []
            for c, up in view.piles[s]:
                if c is None:
                    pile.append(back_html())
                elif up:
                    pile.append(pcard(c, note="face up", style="outline:2px solid #c0392b"))
                else:
                    pile.append(pcard(c, note="face down (yours)", style="opacity:.6"))
            status = seat_status(view, s)
            who = f"seat {s}" + (" (you)" if s == view.seat else "")
            marker = pcard(view.markers[s]) if view.markers[s] is not None else "—"
            rows.append([escape(who), view.numbers[s], marker, hand_h, " ".join(pile) or "—", view.scores[s],
                         escape(", ".join(status))])
        caption = (f"Heart Challenge, round {view.round_no} of {self.options.rounds} — "
                   f"{PHASE_TEXT.get(view.phase, view.phase)}"
                   + (f" [{view.window}]" if view.window else ""))
        table = html_table(rows, ["seat", "number", "marker", "hand", "pile (bottom → top)", "score", ""],
                           raw=True, caption=caption, highlight_rows=[view.to_act] if view.to_act is not None else ())
        return (table + f"<div style='font-size:.9em'>stock: {view.stock_size} cards face down · hearts in play:"
                f" {view.hearts_in_play}</div>" + self.last_round_html(view))

    @staticmethod
    def last_round_html(view) -> str:
        """How the last finished round ended, from the public log: the challenge and the points."""
        rounds = [e.round_no for e in view.log if e.text.startswith("scores: ")]
        if not rounds:
            return ""
        last = rounds[-1]
        lines = [e.text for e in view.log if e.round_no == last]
        said = [x for x in lines if "challenge succeeds" in x or "challenge fails" in x or x.startswith("scores:")]
        return (f"<div style='font-size:.9em'>round {last} ended: {escape('; '.join(said))} — the points are the "
                "cards each player holds at the end of the round (see the scoring table)</div>")

    def reveal_html(self, state) -> str:
        return self.view_html(state.referee_view())

    def prompt(self, view) -> str:
        from cardgames.heart_challenge.display import PHASE_TEXT
        return PHASE_TEXT.get(view.phase, view.phase)

    def controls(self, view, legal):
        groups: dict[str, list] = {}
        for a in legal:
            if a.card is not None:
                label = a.card.symbol
            elif a.kind in ("challenge", "raise"):
                label = str(a.n)
            elif a.kind == "flip":
                label = f"seat {a.n}"
            elif a.kind == "take":
                label = "the stock" if a.n is None else f"seat {a.n}"
            else:
                label = {"give": "give it to the challenger", "keep": "keep it"}.get(a.kind, a.kind)
            groups.setdefault(a.kind, []).append((label, a))
        return [Group(_HC_TITLES.get(k, k + ":"), items) for k, items in groups.items()]

    def say_own(self, action) -> str:
        return str(action) if action.card is None else f"{action.kind} {action.card.symbol}"

    def say_revealed(self, seat, action) -> str:
        return self.say_own(action)

    def public_lines(self, before, seat, action, after, mark):
        lines = [entry.text for entry in after.log[mark:]]
        return lines, len(after.log)

    def result_text(self, state) -> str:
        won = state.winners()
        who = f"seat {won[0]} wins" if len(won) == 1 else "seats " + " and ".join(map(str, won)) + " share the win"
        return (f"{who} after {len(state.history)} round{'s' if len(state.history) != 1 else ''}: "
                f"totals {state.scores} (highest total wins).")

    def result_html(self, state) -> str:
        """The match round by round (the challenge and each seat's points), then how the last round
        was scored card by card: a challenge does not score by itself, the cards in the hand do."""
        return (f"<p>{escape(self.result_text(state))}</p>" + self.rounds_html(state)
                + self.round_scoring_html(state.history[-1], state.numbers))

    def rounds_html(self, state) -> str:
        rows = []
        for h in state.history:
            challenge = ("no challenge" if h["challenger"] is None else
                         f"seat {h['challenger']} declared {h['target']}: {h['result'] or '—'}")
            rows.append([h["round"], challenge] + ["out" if p is None else f"{p:+d}" for p in h["points"]])
        rows.append(["total", ""] + list(state.scores))
        return html_table(rows, ["round", "the challenge"] + [f"seat {s}" for s in range(state.num_players)],
                          caption="The match, round by round: the points each seat scored")

    @staticmethod
    def round_scoring_html(h: dict, numbers) -> str:
        from cardgames.heart_challenge import card_points
        rows = []
        for s, hand in enumerate(h["hands"]):
            if not h["active"][s] or h["points"][s] is None:
                rows.append([s, numbers[s], "out", "—"])
                continue
            parts = " ".join(f"{c.symbol} {card_points(c, numbers[s]):+d}" for c in hand) or "no card"
            rows.append([s, numbers[s], parts, f"{h['points'][s]:+d}"])
        why = ("A challenge earns cards, not points: a success lets the challenger take a card, a failure costs "
               "one. At the end of the round every card in the hand counts: the heart of your own number +1, "
               "another heart +3, Q♥ +5, another Q +2, J −1, K −2, joker −3, anything else 0.")
        return (f"<p>{escape(why)}</p>" + html_table(rows, ["seat", "number", "hand at the end: card points",
                                                             "round points"],
                                                     caption=f"How round {h['round']} was scored"))

    def coach_html(self, state, view) -> str:
        if view.phase not in ("turn", "auction"):
            return "the coach speaks when you could start a challenge or raise"
        from classroom.coach import heart_challenge_advice
        return heart_challenge_advice(view)


