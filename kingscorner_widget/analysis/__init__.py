"""Analysis: the best turn, hints and explanations, odds, computer players and simulations, and
for students' own players :func:`check_player` and the class :func:`league`.

Its sub-folders are layers, each reading only those below it (``tests/test_imports.py`` holds
them to it):

- at the top of the package, what every layer shares: :mod:`.stats` (intervals for win rates),
  :mod:`.progress` (one progress bar) and :mod:`.positions` (random positions);
- :mod:`.search`: fast play and search: the best-turn solver, the play-outs' greedy play
  (:mod:`.search.playout`), the expert's turn search (:mod:`.search.turn_search`) and its reading
  of the opponents' hands (:mod:`.search.hand_reading`);
- :mod:`.players`: the computer players, from random to the expert;
- :mod:`.judging`: the review, win chances, hints and their words, odds, turn comparisons;
- :mod:`.runs`: simulations and tournaments, their summaries and plots, calibration and
  :func:`check_player`;
- :mod:`.league`: the class's players ranked in a sandbox.

The rules live in the engine: :class:`~kingscorner_widget.engine.game.Game` is the judge
(``Game.violation`` says whether a move is legal and why not; ``Game.legal_moves`` lists what it
accepts). For speed the search layer also generates moves itself, in three places, each on its own
lean table. They are never trusted alone: ``tests/analysis/test_conformance.py`` plays seeded
positions under every rule option through each of them and the engine and compares them.
Everything the analysis tells a player is checked against the engine before it is said (a
planned turn is replayed through ``Game.play``).

Tables and charts come from :mod:`kingscorner_widget.display`: HTML tables with aligned text and
Vega-Lite specs, so nothing here needs a compiled package; matplotlib draws only for a caller who
passes ``ax=``, and data frames (``to_pandas()``) need pandas.
"""

from __future__ import annotations

from ..display.charts import VegaLiteChart
from .judging.compare_turns import TurnComparison, compare_turns
from .judging.explain import Hint, explain, hint
from .judging.odds import Odds, odds
from .judging.review import Review, ReviewedTurn, review
from .judging.winning_hint import WinningHint, winning_hint
from .league import LeagueResult, league
from .league.check import check_player
from .players import (
    GreedyPlayer,
    LookaheadPlayer,
    PlannerPlayer,
    Player,
    RandomPlayer,
    make_player,
)
from .players.expert import ExpertPlayer
from .runs.check_player import PlayerCheck
from .runs.simulate import GameRecord, SimulationResult, TournamentResult, simulate, tournament
from .search import Budget, TurnPlan, TurnValue, best_turn

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
