"""Teach, play and analyse Kings in the Corner in Jupyter notebooks.

>>> from kingscorner_widget import Game
>>> g = Game.new(players=2, seed=7)
>>> len(g.hand(1)), g.stock_size
(7, 34)
"""

from __future__ import annotations

from importlib import metadata
from types import ModuleType
from typing import TYPE_CHECKING, Any

from .display.language import use_language
from .display.tables import Column, HtmlTable
from .engine.cards import DECK, Card, Colour, Rank, Suit
from .engine.errors import IllegalMoveError, PositionError, RecordError
from .engine.game import Game, Outcome, daily_seed
from .engine.match import HandScore, Match
from .engine.moves import EndTurn, Move, MovePile, PlayCard, parse_move
from .engine.notation import parse_position
from .engine.observation import Observation
from .engine.record import (
    game_from_json,
    game_to_json,
    load,
    match_from_json,
    match_to_json,
    read_record,
    save,
)
from .engine.rules import Count, DrawTiming, MatchEnd, Rules
from .engine.spaces import CORNERS, CROSS, Space

if TYPE_CHECKING:
    from .analysis import best_turn, check_player, explain, hint, league
    from .classroom import ClassBoard, ClassTournament, Homework, course_map, rules_sheet
    from .server import ClassServer
    from .widget import KingsCornerWidget

try:
    __version__: str = metadata.version("kingscorner-widget")
    """The installed package's version (from its metadata)."""
except metadata.PackageNotFoundError:  # a source tree on sys.path, never installed
    __version__ = "0+unknown"

__all__ = [
    "CORNERS",
    "CROSS",
    "DECK",
    "Card",
    "ClassBoard",
    "ClassServer",
    "ClassTournament",
    "Colour",
    "Column",
    "Count",
    "DrawTiming",
    "EndTurn",
    "Game",
    "HandScore",
    "Homework",
    "HtmlTable",
    "IllegalMoveError",
    "KingsCornerWidget",
    "Match",
    "MatchEnd",
    "Move",
    "MovePile",
    "Observation",
    "Outcome",
    "PlayCard",
    "PositionError",
    "Rank",
    "RecordError",
    "Rules",
    "Space",
    "Suit",
    "__version__",
    "best_turn",
    "check_player",
    "course_map",
    "daily_seed",
    "explain",
    "game_from_json",
    "game_to_json",
    "hint",
    "league",
    "load",
    "match_from_json",
    "match_to_json",
    "parse_move",
    "parse_position",
    "read_record",
    "rules_sheet",
    "save",
    "use_language",
]

_LAZY = {
    "ClassBoard": ".classroom",
    "ClassServer": ".server",
    "ClassTournament": ".classroom",
    "Homework": ".classroom",
    "course_map": ".classroom",
    "rules_sheet": ".classroom",
    "KingsCornerWidget": ".widget",
    "best_turn": ".analysis",
    "check_player": ".analysis",
    "explain": ".analysis",
    "hint": ".analysis",
    "league": ".analysis",
}


def __getattr__(name: str) -> Any:
    """Import the widget (and its Jupyter dependencies) and the analysis only when asked for."""
    where = _LAZY.get(name)
    module: ModuleType
    if where == ".classroom":
        from . import classroom as module
    elif where == ".server":
        from . import server as module
    elif where == ".widget":
        from . import widget as module
    elif where == ".analysis":
        from . import analysis as module
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(module, name)
