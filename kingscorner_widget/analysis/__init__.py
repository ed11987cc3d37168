"""Analysis: the best turn, hints and explanations, odds, computer players and simulations.

Plots (:mod:`.plots`) need matplotlib and data frames need pandas; both are imported only when
asked for.
"""

from __future__ import annotations

from .compare_turns import TurnComparison, compare_turns
from .expert import ExpertPlayer
from .explain import Hint, explain, hint
from .odds import Odds, odds
from .players import (
    GreedyPlayer,
    LookaheadPlayer,
    PlannerPlayer,
    Player,
    RandomPlayer,
    make_player,
)
from .review import Review, ReviewedTurn, review
from .search import Budget, TurnPlan, TurnValue, best_turn
from .simulate import GameRecord, SimulationResult, TournamentResult, simulate, tournament
from .winning_hint import WinningHint, winning_hint

__all__ = [
    "Budget",
    "ExpertPlayer",
    "GameRecord",
    "GreedyPlayer",
    "Hint",
    "LookaheadPlayer",
    "Odds",
    "PlannerPlayer",
    "Player",
    "RandomPlayer",
    "Review",
    "ReviewedTurn",
    "SimulationResult",
    "TournamentResult",
    "TurnComparison",
    "TurnPlan",
    "TurnValue",
    "WinningHint",
    "best_turn",
    "compare_turns",
    "explain",
    "hint",
    "make_player",
    "odds",
    "review",
    "simulate",
    "tournament",
    "winning_hint",
]
