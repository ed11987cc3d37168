"""Analysis: the best turn, hints and explanations, odds, computer players and simulations, and
for students' own players :func:`check_player` and the class :func:`league`.

The rules live in the engine: :class:`~kingscorner_widget.engine.game.Game` is the judge
(``Game.violation`` says whether a move is legal and why not; ``Game.legal_moves`` lists what it
accepts). For speed the analysis also generates moves itself, in three places, each on its own
lean table: the play-outs' greedy play (:mod:`.playout`), the turn search of the expert's
look-ahead (:mod:`.turn_search`) and the best-turn solver (:mod:`.search.solver`). They are never
trusted alone: ``tests/analysis/test_conformance.py`` plays seeded positions under every rule
option through each of them and the engine and compares them. A rule changed in the engine must
be changed in all three, and that test says where one was missed. Everything the analysis tells a
player is checked against the engine before it is said (a planned turn is replayed through
``Game.play``).

Charts (:mod:`.charts`) are Vega-Lite specs with an HTML table of their numbers as a fallback,
so nothing here needs a compiled package; matplotlib draws only for a caller who passes ``ax=``,
and data frames (``to_pandas()``) need pandas.
"""

from __future__ import annotations

from .charts import VegaLiteChart
from .check_player import PlayerCheck, check_player
from .compare_turns import TurnComparison, compare_turns
from .expert import ExpertPlayer
from .explain import Hint, explain, hint
from .league import LeagueResult, league
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
    "LeagueResult",
    "LookaheadPlayer",
    "Odds",
    "PlannerPlayer",
    "Player",
    "PlayerCheck",
    "RandomPlayer",
    "Review",
    "ReviewedTurn",
    "SimulationResult",
    "TournamentResult",
    "TurnComparison",
    "TurnPlan",
    "TurnValue",
    "VegaLiteChart",
    "WinningHint",
    "best_turn",
    "check_player",
    "compare_turns",
    "explain",
    "hint",
    "league",
    "make_player",
    "odds",
    "review",
    "simulate",
    "tournament",
    "winning_hint",
]
