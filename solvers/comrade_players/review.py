"""After a lost game: the first action after which no win was possible any more, and whose it was.

The position solver (:func:`~solvers.comrade.position.solve_position`, all hands visible) says
of any position whether perfect cooperation could still win.  Once it says "no win" it says so
for every later position too (a lost position cannot be won back), so a binary search over the
game's actions finds the first fatal one with a handful of solver calls.

    >>> from cardgames.comrade import ComradeGame
    >>> g = ComradeGame("N:A.K.. K.A.. Q.Q.. J.J..", dealer=0).play(["H1", "S1"])
    >>> f = first_fatal_action(g)
    >>> f.index, f.seat, f.action, f.phase
    (0, 0, 'H1', 'bidding')
    >>> print(f.sentence())
    action 1, seat 0 (N) took H1 in the bidding: after it no win was possible any more
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from cardgames.comrade import ComradeGame
from cardgames.comrade.bidding import PASS

from solvers.comrade.position import solve_position

__all__ = ["FatalAction", "first_fatal_action", "replay_prefix"]


@dataclass(frozen=True)
class FatalAction:
    """The first action (``index`` from 0 in ``game.actions``) after which no win was possible.

    ``verdict_at_start`` is the solver's answer for the deal before any action (``"no_win"``: the
    deal could never be won, and ``index`` is ``None``); ``unknown`` is set when a solver call ran
    out of time, so the search could not finish (``index`` is then the best bound found, or ``None``).
    """

    index: int | None
    seat: int | None
    action: str | None
    phase: str | None
    trick: int | None
    verdict_at_start: str
    unknown: bool = False
    letters: str = "NESW"

    def sentence(self) -> str:
        """One plain sentence for the coach and the notebook."""
        if self.verdict_at_start == "no_win":
            return "this deal could not be won at all, even by partners who see every hand"
        if self.index is None:
            return "the solver ran out of time before it could say which action lost the game"
        verb = ("passed" if self.action == PASS else f"took {self.action}") if self.phase == "bidding" \
            else f"played {self.action}"
        where = "in the bidding" if self.phase == "bidding" else f"in trick {self.trick}"
        hedge = " (some positions were not decided in time: it was this action or a later one)" if self.unknown else ""
        return (f"action {self.index + 1}, seat {self.seat} ({self.letters[self.seat]}) {verb} {where}: "
                f"after it no win was possible any more{hedge}")


def replay_prefix(game: ComradeGame, k: int) -> ComradeGame:
    """A fresh copy of ``game``'s deal with its first ``k`` actions applied."""
    g = ComradeGame(game.deal, game.dealer, game.options)
    for a in game.actions[:k]:
        g.apply(a)
    return g


def first_fatal_action(game: ComradeGame, time_limit: float = 2.0,
                       solve: Callable = solve_position, start: int = 0) -> FatalAction | None:
    """For a lost (or losing) game: its first action after which no win was possible.

    ``None`` when the game as played can still be won (or was won).  Each solver call gets
    ``time_limit`` seconds; about log2(actions) + 2 calls are made.  ``start``: look only at the
    actions from that index on (e.g. the first card, once the final bids are known to be makeable:
    solving from the first bid is far slower); ``verdict_at_start`` is then the verdict after the
    first ``start`` actions."""
    letters = game.variant.seat_letters
    actions = game.actions
    end = solve(replay_prefix(game, len(actions)), time_limit=time_limit).verdict
    if end == "win":
        return None
    first = solve(replay_prefix(game, start), time_limit=time_limit).verdict
    if first == "no_win":
        return FatalAction(None, None, None, None, None, "no_win", letters=letters)
    lo, hi, unknown = start, len(actions), first == "unknown" or end == "unknown"
    while hi - lo > 1:
        mid = (lo + hi) // 2
        v = solve(replay_prefix(game, mid), time_limit=time_limit).verdict
        if v == "win":
            lo = mid
        elif v == "no_win":
            hi = mid
        else:
            unknown = True
            hi = mid             # the search treats unknown as lost: the answer is then an upper bound
    before = replay_prefix(game, hi - 1)
    return FatalAction(hi - 1, before.current_player(), actions[hi - 1], before.phase,
                       len(before.tricks) + 1 if before.phase == "play" else None, first, unknown, letters)
