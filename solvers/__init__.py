"""Solvers and analysers built on the :mod:`cardgames` engines.

* :mod:`solvers.krypkille_endgame` — the Krypkille declaration endgame as a game tree.
* :mod:`solvers.comrade` — does a Comrade deal have any winning bidding and play?
* :mod:`solvers.comrade_players` — Comrade's silent computer partners (the convention card and the
  searches built on it), which ask the deal solver about imagined deals.
* :mod:`solvers.studies` — the measured experiments behind the benchmarks (not imported by the layers above).

The notebooks' widgets, the play table and the coach are the classroom layer above both (:mod:`classroom`).
"""
