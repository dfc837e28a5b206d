"""The play table's Krypkille adapter: one round, one seat's view."""

from __future__ import annotations

from typing import Sequence

from cardgames.display import escape, html_table
from cardgames.krypkille.options import MAX_DISCARDS

from .base import Group, TableGame, ROW, back_html, card_html

__all__ = ['KrypkilleTable', 'declare_prompt', 'discard_label']


def discard_label(chosen: Sequence) -> str:
    """The discard button's label for the cards chosen so far: it always says what a click will do.

    >>> from cardgames.krypkille import Kind
    >>> discard_label([])
    'discard the chosen cards (none chosen: keep all)'
    >>> discard_label([Kind.FLOWERPOT, Kind.SIX])
    'discard the chosen cards: Flowerpot, 6'
    >>> discard_label([Kind.ONE, Kind.TWO, Kind.THREE, Kind.FOUR])
    'discard the chosen cards: 4 chosen, but at most 3 may go'
    """
    if not chosen:
        return "discard the chosen cards (none chosen: keep all)"
    if len(chosen) > MAX_DISCARDS:
        return f"discard the chosen cards: {len(chosen)} chosen, but at most {MAX_DISCARDS} may go"
    return "discard the chosen cards: " + ", ".join(k.label for k in chosen)


def declare_prompt(view) -> str:
    """The declaration prompt, from what ``view.seat`` can know: its final card and how many of the
    cards it has not seen (other hands, other discards, the stock) are as low as that card or lower.
    It never claims more: a declaration succeeds only if the card is the unique lowest at the table.

    >>> from cardgames.krypkille import KrypkilleGame
    >>> declare_prompt(KrypkilleGame.for_declaration(["Mask", "Pig", "9"]).view(0))   # doctest: +ELLIPSIS
    'your final card is Mask. Of the 41 cards you have not seen, 1 is as low as yours or lower (Mask): ...'
    """
    mine = view.hand[0]
    unseen = view.unseen_cards()
    low = [k for k in unseen if k <= mine]
    head = f"your final card is {mine.label}. "
    if not low:
        return (head + f"None of the {len(unseen)} cards you have not seen is as low as yours: nobody can hold a "
                "card as low, so a declaration succeeds for sure. Declare or pass.")
    kinds = sorted(set(low))
    names = ", ".join(k.label + (f" ×{low.count(k)}" if low.count(k) > 1 else "") for k in kinds[:4]) + (
        ", …" if len(kinds) > 4 else "")
    one = len(low) == 1
    return (head + f"Of the {len(unseen)} cards you have not seen, {len(low)} {'is' if one else 'are'} as low "
            f"as yours or lower ({names}): if another player holds {'it' if one else 'one'}, declaring fails "
            "(a shared lowest card fails too). Declare or pass.")


class KrypkilleTable(TableGame):
    """One round of Krypkille (2-5 players): discard and refill, four tricks, declare or pass.

    The forced follows are played for the person, with a line saying why."""

    title = "Krypkille round"

    def __init__(self, num_players: int = 4, seed: int | None = 0, dealer: int = 0, options=None):
        from cardgames.krypkille.engine import KrypkilleGame
        KrypkilleGame(num_players, dealer, seed=seed, options=options)  # bad settings fail here, clearly
        self.num_players, self.seed, self.dealer, self.options = num_players, seed, dealer, options

    def new_state(self):
        from cardgames.krypkille.engine import KrypkilleGame
        return KrypkilleGame(self.num_players, self.dealer, seed=self.seed, options=self.options)

    def default_players(self):
        from cardgames.krypkille.players import HeuristicPlayer
        return [HeuristicPlayer(seed=s) for s in range(self.num_players)]

    @staticmethod
    def _kind(kind, **kw) -> str:
        return card_html(kind.name, kind.label, **kw)

    def view_html(self, view, hands: Sequence | None = None, discards: Sequence | None = None) -> str:
        """``view`` is a seat's :class:`~cardgames.krypkille.view.KrypkilleView`; ``hands`` and
        ``discards`` (the review only) reveal every hand and every discard."""
        said = dict(view.declarations)
        rows = []
        for s in range(view.num_players):
            if hands is not None:
                hand = " ".join(self._kind(k) for k in hands[s])
            elif s == view.seat:
                hand = " ".join(self._kind(k) for k in view.hand)
            elif s in view.shown:
                hand = self._kind(view.shown[s], note="shown")
            else:
                hand = back_html(view.hand_sizes[s])
            who = f"seat {s}" + (" (you)" if s == view.seat and hands is None else "") + (
                " · dealer" if s == view.dealer else "")
            if discards is not None:
                disc = " ".join(k.label for k in discards[s]) or "none"   # the review: plain words, not cards
            elif s == view.seat:
                disc = " ".join(self._kind(k) for k in view.discards) or "none"
            else:
                disc = ""
            score = "" if view.scores is None else view.scores[s]
            rows.append([escape(who), hand, disc, escape(said.get(s, "")), score])
        seats = html_table(rows, ["seat", "hand", "your discards" if discards is None else "discards", "declaration",
                                  "penalty"], raw=True,
                           caption=f"Krypkille, {view.num_players} players — phase: {view.phase}",
                           highlight_rows=[view.current_player] if view.current_player is not None else ())
        tricks = [list(t) for t in view.tricks] + ([list(view.current_trick)] if view.current_trick else [])
        trows = []
        for i, t in enumerate(tricks, 1):
            cells = {s: self._kind(k) for s, k in t}
            trows.append([i] + [cells.get(s, "") for s in range(view.num_players)])
        ttable = html_table(trows, ["trick"] + [f"seat {s}" for s in range(view.num_players)], raw=True,
                            caption="Tricks (public)") if trows else "<div>no trick played yet</div>"
        return f"{ROW}{seats}{ttable}</div>"

    def reveal_html(self, state) -> str:
        return self.view_html(state.view(0), hands=[list(h) for h in state.hands], discards=state.discards)

    def prompt(self, view) -> str:
        if view.phase == "discard":
            return "choose 0 to 3 cards to discard face down (the dealer refills to five)"
        if view.phase == "play":
            return "lead any card"
        return declare_prompt(view)

    def controls(self, view, legal):
        from cardgames.krypkille.engine import DECLARE, PASS, Discard, Play
        if view.phase == "discard":
            return [Group("discard:", [(k.label, k) for k in view.hand], kind="pick",
                          confirm=discard_label,
                          make=lambda kinds: Discard(tuple(kinds)))]
        if view.phase == "play":
            return [Group("lead:", [(a.kind.label, a) for a in legal if isinstance(a, Play)])]
        return [Group(f"final card {view.hand[0].label}:", [("declare", DECLARE), ("pass", PASS)])]

    def forced(self, view, legal):
        from cardgames.krypkille.rules import explain_follow
        if view.phase == "play" and view.current_trick and len(legal) == 1:
            return legal[0], explain_follow(view.hand, [k for _, k in view.current_trick])[1]
        return None

    def public_lines(self, before, seat, action, after, mark):
        from cardgames.krypkille.engine import DECLARE, Discard
        lines = []
        if isinstance(action, Discard):
            n = len(action.kinds)
            lines.append(f"seat {seat} discards {n} card{'s' if n != 1 else ''} face down" if n
                         else f"seat {seat} keeps all five cards")
            if before.phase == "discard" and after.phase == "play":
                lines.append("the dealer refills every hand to five cards from the stock")
        elif action in ("declare", "pass"):
            lines.append(f"seat {seat} declares and shows {after.hands[seat][0].label}" if action == DECLARE
                         else f"seat {seat} passes")
        elif action is not None:
            rec = after.play_log[-1]
            lines.append(f"seat {seat} leads {rec.kind.label}" if rec.lead
                         else f"seat {seat} follows with {rec.kind.label} (forced: {rec.reason})")
            if len(after.tricks) > len(before.tricks):
                lines.append(f"seat {after.trick_winners[-1]} wins trick {len(after.tricks)}")
        if after.is_terminal():
            lines.append(f"round over: {after.outcome}; penalties {after.scores}")
        return lines, mark

    def result_text(self, state) -> str:
        who = "nobody declared" if state.declarer is None else f"seat {state.declarer} declared"
        return f"{who}: {state.outcome}. Penalties: {state.scores}."

    def result_html(self, state) -> str:
        rows = [[s, state.final_cards()[s].label, "declared" if s == state.declarer else "", state.scores[s]]
                for s in range(state.num_players)]
        return f"<p>{escape(self.result_text(state))}</p>" + html_table(
            rows, ["seat", "final card", "", "penalty"], caption="The final cards and the penalties")

    def coach_html(self, state, view) -> str:
        if view.phase != "declare":
            return "the coach speaks at the declaration"
        from classroom.coach import krypkille_advice
        return krypkille_advice(view)


