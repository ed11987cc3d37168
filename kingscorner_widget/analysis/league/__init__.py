"""A class league: students' players ranked against each other, each in a process of its own.

``league(DIR)`` (or ``kingscorner league DIR``) plays every ``*.py`` player in ``DIR`` against
every other and returns a :class:`LeagueResult`: a leaderboard, a ratings chart and JSON.
"""

from __future__ import annotations

from .board import LeagueResult, Standing
from .entries import Entry, load_entries
from .run import league, schedule

__all__ = ["Entry", "LeagueResult", "Standing", "league", "load_entries", "schedule"]
