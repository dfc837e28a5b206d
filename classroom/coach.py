"""The play table's coach (the teacher's switch): one small function per game, each from
what the person may know, except where said.

The play table (:mod:`classroom.table`) imports this module only when the coach is on, and
this module imports the solvers only inside the function that needs them, so a table without
the coach loads no solver.

* Krypkille — :func:`krypkille_advice`: the endgame explorer's level-2 expected penalties for
  declare and pass, from the person's seat view (:func:`solvers.krypkille_endgame.player_view`).
* Comrade — from the person's view only: :func:`comrade_card_advice` (what the convention card
  advises now and why, :mod:`solvers.comrade_players.convention`) and :func:`comrade_beliefs` (what the
  partners' bids and cards say about their hands, :func:`solvers.comrade_players.inference.belief_summary`);
  looking at every hand, as a teacher would: :func:`comrade_advice` / :func:`comrade_verdict`
  (can perfect cooperation still win, per action) and, after the game, :func:`comrade_review`
  (the first action after which no win was possible, and whose it was).
* Heart Challenge — :func:`heart_challenge_advice`: the exact chance of success of each
  challenge the person could make now (:mod:`cardgames.heart_challenge.odds`).
"""

from __future__ import annotations

from cardgames.display import escape

__all__ = ["krypkille_advice", "comrade_verdict", "comrade_advice", "comrade_action_words", "comrade_card_advice",
           "comrade_beliefs", "comrade_review", "heart_challenge_advice"]


def krypkille_advice(view, others="equilibrium", beliefs: str = "policy") -> str:
    """Expected penalty of declaring and of passing for ``view.seat`` (a Krypkille ``KrypkilleView``
    in the declare phase), the others modelled by ``others`` (level 3 by default).

    ``beliefs`` (level 2's belief model) is ``"policy"`` by default: the play table seats the
    engine's reference players (:class:`~cardgames.krypkille.players.HeuristicPlayer`), and the
    policy model, which reads their discard counts, leads and follows, is the one the calibration
    study finds on the diagonal.  When some seat's record cannot come from such a player (a person
    sits there, or another bot), the coach says so and uses ``"play"`` (the forced follows only).

    >>> from cardgames.krypkille import KrypkilleGame
    >>> r = KrypkilleGame.for_declaration(["Mask", "Pig", "9"])
    >>> "declare" in krypkille_advice(r.view(0))
    True
    """
    from solvers.krypkille_endgame import EndgameError, player_view

    order = list(view.declaring_order)
    note = ""

    def advise(model: str):
        return player_view(view.num_players, view.seat, view.hand[0], order[0], view.played, view.discards,
                           view.penalties, others, model, view.tricks, view.discard_counts or None)

    if beliefs == "policy" and len(view.tricks) < 4:
        beliefs, note = "uniform", " (no tricks to read in this position: uniform beliefs)"
    try:
        v = advise(beliefs)
    except EndgameError as err:
        if beliefs != "policy" or "policy" not in str(err):
            raise
        beliefs, note = "play", " (some seat did not play like the engine's players: forced follows only)"
        v = advise(beliefs)
    return (f"expected penalty if you <b>declare</b>: {float(v.declare.viewer_expected):.2f}, "
            f"if you <b>pass</b>: {float(v.pass_.viewer_expected):.2f} — the cheaper is <b>{v.best}</b> "
            f"(others: {escape(others)}; beliefs: {escape(beliefs)}{escape(note)}; from your view only)")


#: The coach names at most this many actions that keep a win possible (and stops looking after one more).
SHOWN_WINNERS = 8
#: Seconds the coach's search may take for one action, and for all of them (the table waits on it).
ACTION_SECONDS, COACH_SECONDS = 0.5, 3.0


def comrade_verdict(game):
    """Whether perfect cooperation could still win from this position: the position solver's
    :func:`solvers.comrade.analyse`, one row per legal action of the player to act (``.action``,
    ``.verdict`` in ``"win"``, ``"no_win"``, ``"unknown"``), in the engine's order, until
    ``SHOWN_WINNERS + 1`` actions keep a win possible or ``COACH_SECONDS`` have passed (``.complete``
    False then: a 13-card bidding has dozens of legal bids, and the coach names a few).  It looks at
    every hand, as a teacher would, so the coach is off unless the teacher switches it on."""
    from solvers.comrade import analyse

    return analyse(game, time_limit=ACTION_SECONDS, enough=SHOWN_WINNERS + 1, budget=COACH_SECONDS)


def comrade_action_words(action) -> str:
    """A Comrade action as the play table's buttons and log name it: a bid card in words (``♥ bid 3``, never
    confused with the playing card ♥3 or its code H3), ``pass``, a playing card by its code
    (:func:`cardgames.comrade.action_words`).

    >>> from cardgames.comrade import PASS, BidCard
    >>> comrade_action_words(BidCard("H", 3)), comrade_action_words(PASS)
    ('♥ bid 3', 'pass')
    """
    from cardgames.comrade import action_words

    return action_words(action)


def comrade_advice(game) -> str:
    """The coach's sentence for Comrade (see :func:`comrade_verdict`).

    >>> from cardgames.comrade import ComradeGame
    >>> comrade_advice(ComradeGame("N:A.K.. K.A.. Q.Q.. J.J..", dealer=0))   # doctest: +ELLIPSIS
    'with perfect cooperation a win is <b>still possible</b>: after pass, ♠ bid 1 (looking at every hand, ...)'
    """
    if game.is_terminal():
        return "the game is over"
    rows = comrade_verdict(game)
    winning = [r.action for r in rows if r.verdict == "win"]
    unknown = [r.action for r in rows if r.verdict == "unknown"]
    note = " (looking at every hand, as a teacher would)"
    if winning:
        by_text = {str(a): a for a in game.legal_actions()}     # the solver's rows name the actions as text
        winning = [by_text.get(a, a) for a in winning]
        more = len(winning) > SHOWN_WINNERS or not rows.complete
        shown = ", ".join(escape(comrade_action_words(a)) for a in winning[:SHOWN_WINNERS]) + (", …" if more else "")
        return f"with perfect cooperation a win is <b>still possible</b>: after {shown}{note}"
    if unknown or not rows.complete:
        return f"no action is known to keep a win possible (some were not decided in time){note}"
    return f"with perfect cooperation this game <b>can no longer be won</b>, whatever is played{note}"


def comrade_card_advice(view, legal, rules=None) -> str:
    """What the convention card advises ``view.seat`` now, and the rules that say so (from the
    person's view only).

    >>> from cardgames.comrade import ComradeGame
    >>> g = ComradeGame("N:A2... K3... Q4... J5...", dealer=0).play(["S2"])
    >>> print(comrade_card_advice(g.view(0), g.legal_actions()))
    the convention card plays <b>SA</b>: P2 — I need 2 more spades trick(s) and SA is the highest spade left
    """
    from solvers.comrade_players.convention import ConventionCard

    card = ConventionCard(rules) if rules is not None else ConventionCard()
    choice = card.choose(view, legal)
    reasons = card.explain(view, legal)
    verb = "bids" if view.phase == "bidding" else "plays"
    why = "; ".join(f"{rule} — {text}" if rule != "-" else text for rule, text in reasons)
    return f"the convention card {verb} <b>{escape(comrade_action_words(choice))}</b>: {escape(why)}"


def comrade_beliefs(view, rules=None, worlds: int = 60, seed: int = 0) -> str:
    """What the public actions say about the other hands, read through the convention card
    (``worlds`` sampled hidden hands, seeded; from the person's view only), as HTML."""
    from solvers.comrade_players.convention import ConventionCard
    from solvers.comrade_players.inference import belief_summary

    card = ConventionCard(rules) if rules is not None else ConventionCard()
    return belief_summary(view, card, n=worlds, seed=seed)._repr_html_()


def comrade_review(game) -> str:
    """After the game (looking at every hand): the first action after which no win was possible.

    >>> from cardgames.comrade import ComradeGame
    >>> print(comrade_review(ComradeGame("N:A.K.. K.A.. Q.Q.. J.J..", dealer=0).play(["H1", "S1"])))
    action 1, seat 0 (N) took H1 in the bidding: after it no win was possible any more
    """
    from solvers.comrade_players.review import first_fatal_action

    if game.result == "win":
        return "the game was won: every bid was met exactly"
    fatal = first_fatal_action(game, time_limit=1.0)
    if fatal is None:
        return "a win is still possible from here"
    return escape(fatal.sentence())


def heart_challenge_advice(view) -> str:
    """The exact chance of success of each number the person could declare now.

    >>> from cardgames.heart_challenge import HeartChallengeGame
    >>> g = HeartChallengeGame.staged(["HA SA", "S2 H2"], piles=["CA", "D2"])
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
