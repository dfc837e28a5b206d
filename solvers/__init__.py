"""Solvers and analysers built on the :mod:`cardgames` engines.

* :mod:`solvers.krypkille_endgame` — the Krypkille declaration endgame as a game tree.
* :mod:`solvers.comrade` — does a Comrade deal have any winning bidding and play?
* :mod:`solvers.comrade_players` — Comrade's silent computer partners (the convention card and the
  searches built on it), which ask the deal solver about imagined deals.
* :mod:`solvers.studies` — the measured experiments behind the benchmarks (not imported by the layers above).
* :mod:`solvers.compiled` — the search's and the players' hot modules compiled with mypyc (``make compiled``),
  when built and not switched off (``CARDGAMES_PURE_PYTHON=1``); the Python sources otherwise.

The notebooks' widgets, the play table and the coach are the classroom layer above both (:mod:`classroom`).
"""

from . import compiled as _compiled  # noqa: F401  (first: it decides which modules the subpackages' imports load)
