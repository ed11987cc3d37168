"""Computer players: what each sees (an :class:`~kingscorner_widget.engine.observation.Observation`)
and how it chooses, from the random player to the expert. They play on the fast play and search
below them (:mod:`kingscorner_widget.analysis.search`) and never see a hidden card.
"""

from __future__ import annotations

from .base import GreedyPlayer, LookaheadPlayer, PlannerPlayer, Player, RandomPlayer
from .expert import ExpertPlayer
from .registry import make_player

__all__ = [
    "ExpertPlayer",
    "GreedyPlayer",
    "LookaheadPlayer",
    "PlannerPlayer",
    "Player",
    "RandomPlayer",
    "make_player",
]
