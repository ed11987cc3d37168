"""The table's behaviour, one session per mode, in plain Python (no widget, no traitlets).

A session holds the game on the table, the viewer, the history with its log, the players'
names and what to say; each action returns a :class:`Reply` (a status line, refused or not), and
a refused action changes nothing. :class:`PlaySession`, :class:`ExploreSession`,
:class:`LessonSession` and :class:`ReviewSession` each say in their docstring what their mode
allows, and enforce it; :class:`PassAndPlaySession` is play for two to four people at one
laptop. A :class:`Table` holds the session of each mode, switches between them, keeps the
snapshot's version and refuses a stale click; the widget (:mod:`kingscorner_widget.widget.adapter`)
only mirrors it: it syncs, passes intents and shows what the table publishes.

>>> from kingscorner_widget import Game
>>> s = ExploreSession(Game.new(players=2, seed=1))
>>> s.act("play", move="nonsense").refused
True
"""

from __future__ import annotations

from .advice import Advice, advise
from .explore import ExploreSession, read_source
from .history import History
from .lesson import LessonSession
from .pass_play import PassAndPlaySession
from .play import MAX_COMPUTER_MOVES, PlaySession
from .reply import Reply, refuse
from .review import PracticeSession, ReviewSession
from .session import Session
from .table import DEFAULT_SEATS, MODES, STALE, Table, TableSetup, View

__all__ = [
    "DEFAULT_SEATS",
    "MAX_COMPUTER_MOVES",
    "MODES",
    "STALE",
    "Advice",
    "ExploreSession",
    "History",
    "LessonSession",
    "PassAndPlaySession",
    "PlaySession",
    "PracticeSession",
    "Reply",
    "ReviewSession",
    "Session",
    "Table",
    "TableSetup",
    "View",
    "advise",
    "read_source",
    "refuse",
]
