"""The hand's history at a table: each move with its log line, and the moves stepped back over.

Moves and their log lines are kept together, so stepping back or forward moves one of each and
costs the same at move 5 as at move 500. Code that plays on the game directly (a teacher at the
keyboard) is noticed, and the lines are read again from the game.

>>> from kingscorner_widget import Game
>>> h = History(Game.from_position(
...     "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"), "P{}".format)
>>> h.play("Th>N")["words"]
'P1 plays the ten of hearts on the north pile'
>>> _ = h.back(); h.at, h.length, h.lines
(0, 1, [])
>>> h.forward()["notation"]
'Th>N'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine.game import Game
from ..engine.moves import EndTurn, Move, as_move
from .snapshot import log_entry, opening_entries

__all__ = ["History"]

Json = dict[str, Any]


class History:
    """The moves made on ``game`` with their log lines (``name_of`` names the players)."""

    def __init__(self, game: Game, name_of: Callable[[int], str]) -> None:
        self.game = game
        """The game the history belongs to (the moves before :attr:`at` are played on it)."""
        self.name_of = name_of
        self.lines: list[Json] = []
        """One log line per move played, oldest first."""
        self.ahead: list[tuple[Move, Json]] = []
        """The moves stepped back over, with their lines; the next one forward is last."""
        self.reread()

    @property
    def at(self) -> int:
        """How many moves are played (the place in the history)."""
        return len(self.lines)

    @property
    def length(self) -> int:
        """The moves played plus those stepped back over."""
        return len(self.lines) + len(self.ahead)

    def log(self) -> list[Json]:
        """The log: the rules' opening moves (dealt kings), then one line per move played."""
        return [dict(entry) for entry in opening_entries(self.game)] + self.lines

    def current(self) -> bool:
        """True when the lines follow the game's moves (nothing was played on it directly)."""
        moves = self.game.moves
        if len(moves) != len(self.lines):
            return False
        return not moves or self.lines[-1]["notation"] == str(moves[-1])

    def reread(self) -> None:
        """Write the log lines again from the game's moves (once code played on it directly)."""
        replay = self.game.copy()
        moves = replay.moves
        while replay.moves:
            replay.undo()
        self.lines = []
        self.ahead = []
        for move in moves:
            self._append(replay, move)

    def resay(self) -> None:
        """Say every log line again, those of the moves ahead too, in the language spoken now,
        from the moves themselves: the place in the history and what else a line keeps (a
        move Show me played) stay as they are."""
        replay = self.game.copy()
        played = replay.moves
        while replay.moves:
            replay.undo()
        self.lines = [
            {**line, **self._say(replay, move)}
            for move, line in zip(played, self.lines, strict=True)
        ]
        again = [(move, {**line, **self._say(replay, move)}) for move, line in reversed(self.ahead)]
        self.ahead = again[::-1]

    def play(self, move: Move | str) -> Json:
        """Play a legal ``move`` and log it; returns its line. The moves ahead are dropped."""
        self.ahead.clear()
        return self._append(self.game, as_move(move))

    def undo(self) -> Move:
        """Take the last move back and forget it."""
        move = self.game.undo()
        self.lines.pop()
        return move

    def back(self) -> Move:
        """Step back one move, keeping it to step forward again."""
        move = self.game.undo()
        self.ahead.append((move, self.lines.pop()))
        return move

    def forward(self) -> Json:
        """Replay the next move stepped back over; returns its line."""
        move, line = self.ahead.pop()
        self.game.play(move)
        self.lines.append(line)
        return line

    def copy(self, game: Game) -> History:
        """This history over ``game``, a copy of :attr:`game` (for looking back without
        touching the game itself)."""
        other = History.__new__(History)
        other.game, other.name_of = game, self.name_of
        other.lines, other.ahead = list(self.lines), list(self.ahead)
        return other

    def note(self, before: Game, move: Move) -> Json:
        """Log ``move``, already played on the game by someone else (a lesson); ``before`` is a
        copy of the game from before it."""
        line = self._line(before, move, self.game)
        self.lines.append(line)
        self.ahead.clear()
        return line

    def _append(self, game: Game, move: Move) -> Json:
        line = self._say(game, move)
        self.lines.append(line)
        return line

    def _say(self, game: Game, move: Move) -> Json:
        """Play ``move`` on ``game`` and return its log line, said now."""
        if isinstance(move, EndTurn):  # what a draw says depends on what it turned into
            player, held = game.turn, game.hand_sizes()[game.turn - 1]
            game.play(move)
            return self._draw_line(player, held, move, game)
        line = self._line(game, move, None)
        game.play(move)
        return line

    def _line(self, before: Game, move: Move, after: Game | None) -> Json:
        player = before.turn
        if isinstance(move, EndTurn) and after is not None:
            return self._draw_line(player, before.hand_sizes()[player - 1], move, after)
        return dict(log_entry(before, move, player, self.name_of(player)))

    def _draw_line(self, player: int, held: int, move: Move, after: Game) -> Json:
        drawn = max(after.hand_sizes()[player - 1] - held, 1)
        ends = after.turn != player or after.is_over()
        return dict(log_entry(after, move, player, self.name_of(player), drawn, ends))
