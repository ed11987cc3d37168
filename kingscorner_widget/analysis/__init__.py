"""Analysis: the best turn, hints and explanations, odds, computer players and simulations.

Plots need matplotlib and data frames need pandas; both are imported only when asked for.
"""

from __future__ import annotations

from .explain import Hint, explain, hint
from .odds import Odds, odds
from .search import TurnPlan, TurnValue, best_turn, plain_search, search_value

__all__ = [
    "Hint",
    "Odds",
    "TurnPlan",
    "TurnValue",
    "best_turn",
    "explain",
    "hint",
    "odds",
    "plain_search",
    "search_value",
]
