"""Solvers and analysers built on the :mod:`cardgames` engines.

* :mod:`solvers.krypkille_endgame` — the Krypkille declaration endgame as a game tree.
* :mod:`solvers.comrade` — does a Comrade deal have any winning bidding and play?

The notebooks' widgets, the play table and the coach are the classroom layer above both (:mod:`classroom`).
"""
