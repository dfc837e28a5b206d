"""The play table's coach (the teacher's switch): one small function per game, each from
what the person may know, except where said.

The play table (:mod:`cardgames.widgets.table`) imports this module only when the coach is
on, so :mod:`cardgames` never imports :mod:`solvers` at module level.

* Krypkille — :func:`krypkille_advice`: the endgame explorer's level-2 expected penalties for
  declare and pass, from the person's seat view (:func:`solvers.krypkille_endgame.player_view`).
* Comrade — :func:`comrade_advice` / :func:`comrade_verdict`: for now the whole-deal verdict of
  :func:`solvers.comrade.solve` (can this deal be won at all, with perfect cooperation?).  It
  looks at the whole deal, as a teacher would; :func:`comrade_verdict` is the one place to
  switch to the position solver (per action, from here) when it lands.
* Heart Challenge — :func:`heart_challenge_advice`: the exact chance of success of each
  challenge the person could make now (:mod:`cardgames.heart_challenge.odds`).
"""

from __future__ import annotations

from cardgames.display import escape

__all__ = ["krypkille_advice", "comrade_verdict", "comrade_advice", "heart_challenge_advice"]


def krypkille_advice(view, others="equilibrium") -> str:
    """Expected penalty of declaring and of passing for ``view.seat`` (a Krypkille ``SeatView``
    in the declare phase), the others modelled by ``others`` (level 3 by default).

    >>> from cardgames.krypkille import KrypkilleRound
    >>> r = KrypkilleRound.for_declaration(["Mask", "Pig", "9"])
    >>> "declare" in krypkille_advice(r.view(0))
    True
    """
    from solvers.krypkille_endgame import player_view

    order = list(view.declaring_order)
    v = player_view(view.num_players, view.seat, view.hand[0], order[0], view.played, view.discards,
                    view.penalties, others)
    return (f"expected penalty if you <b>declare</b>: {float(v.declare.viewer_expected):.2f}, "
            f"if you <b>pass</b>: {float(v.pass_.viewer_expected):.2f} — the cheaper is <b>{v.best}</b> "
            f"(others: {escape(others)}; from your view only)")


def comrade_verdict(game):
    """Whether perfect cooperation could win: today the whole-deal verdict of
    :func:`solvers.comrade.solve` from the deal and the dealer; a short result object with
    ``.verdict`` (``"win"``, ``"loss"`` or ``"unknown"``).  (The one function to switch to the
    position solver, ``solvers.comrade.analyse(game)``, when it lands.)"""
    from solvers.comrade import solve

    return solve(game.deal, game.dealer, time_limit=5.0)


def comrade_advice(game) -> str:
    """The coach's sentence for Comrade (see :func:`comrade_verdict`).

    >>> from cardgames.comrade import ComradeGame
    >>> "can be won" in comrade_advice(ComradeGame("N:A.K.. K.A.. Q.Q.. J.J..", dealer=0))
    True
    """
    result = comrade_verdict(game)
    verdict = getattr(result, "verdict", result)
    words = {"win": "can be won", "no_win": "can never be won", "unknown": "not decided in the time allowed"}
    return (f"with perfect cooperation this deal <b>{escape(words.get(verdict, verdict))}</b> from the start "
            "(the whole-deal verdict: it looks at every hand, as a teacher would)")


def heart_challenge_advice(view) -> str:
    """The exact chance of success of each number the person could declare now.

    >>> from cardgames.heart_challenge import HeartChallengeGame
    >>> g = HeartChallengeGame.staged(["HA SA DA", "S2 H2 C2"], piles=["CA", "D2"])
    >>> "exact chance" in heart_challenge_advice(g.view(0))
    True
    """
    from cardgames.heart_challenge.odds import chance_table

    low = view.high + 1 if view.phase == "auction" else 1
    rows = [(n, p) for n, p in chance_table(view) if n >= low]
    if not rows:
        return "no challenge is open to you now"
    cells = ", ".join(f"{n}: {p} ≈ {float(p):.0%}" for n, p in rows)
    return f"exact chance that a challenge for n cards succeeds (from your view) — {cells}"
