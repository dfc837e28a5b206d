"""The Krypkille endgame explorer: the declaration decision as a game tree.

After the four forced tricks every player holds one card, and in the declaring
order each either *declares* (shows it, betting it is the unique lowest) or
*passes* (rules digest, rule 8 and "Scoring a round").  Three levels, each a
plain API, a table (``_repr_html_``) and a tree you can draw:

1. :func:`perfect_information` — all final cards known: a chain solved by
   backward induction; each player minimises their own penalty and passes when
   indifferent (:mod:`.perfect`).
2. :func:`player_view` / :meth:`Endgame.view` — what one player knows: exact
   expected penalty of declare vs pass and the probability of each outcome,
   over all the others' possible final cards (:mod:`.view`).
3. :func:`equilibrium` — strategies for everyone: a verified Nash equilibrium
   (exact for two players, a search with a regret check for more) and the
   threshold card per position (:mod:`.equilibrium`, :mod:`.nash`).

Trees are :class:`networkx.DiGraph` objects drawn by :func:`draw_tree`
(matplotlib, pure-Python layout).

>>> perfect_information(["Pig", "1", "9"], first=0).scores
[15, 0, 9]
"""

from .combinatorics import count_assignments
from .common import EndgameError, StrategyProfile, declaring_order, pool_text, unseen_pool
from .drawing import draw_tree, tree_layout
from .endgame import Endgame
from .equilibrium import (Equilibrium, PositionValue, best_response, equilibrium, plot_thresholds, position_value,
                          threshold_table, threshold_table_html)
from .nash import REGRET_TOLERANCE, EquilibriumNotFoundError
from .perfect import PerfectInfoSolution, perfect_information
from .view import ActionSummary, ViewAnalysis, player_view

__all__ = [
    "perfect_information", "PerfectInfoSolution",
    "player_view", "ViewAnalysis", "ActionSummary",
    "equilibrium", "Equilibrium", "PositionValue", "position_value", "best_response",
    "REGRET_TOLERANCE", "EquilibriumNotFoundError",
    "threshold_table", "threshold_table_html", "plot_thresholds",
    "Endgame", "StrategyProfile", "EndgameError", "declaring_order", "unseen_pool", "pool_text",
    "count_assignments", "draw_tree", "tree_layout",
]
