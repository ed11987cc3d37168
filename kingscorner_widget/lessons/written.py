"""Lessons a teacher writes by playing: a line played on a table, with comments, becomes a lesson.

The teacher plays a line (any moves, by any player) and attaches comments to positions (the table
before a move) and to moves. Each step of the lesson starts at the line's first position, at each
commented position, and wherever the turn passes to another player; its expected moves are the
line's moves up to the next step, and its title says which moves of the line they are. A comment
on a position is that step's narration; comments on its moves are what the runner says once the
step is done. Each step shows the table as the player to move saw it (other hands and the stock
hidden), and the lesson is checked by the engine as it is built, like any lesson loaded from a
file.

Positions are counted by the moves played before them (``0`` is where the game started), and moves
by their index in :attr:`Game.moves <kingscorner_widget.engine.game.Game.moves>`, so a table
session can keep comments keyed by the same numbers it steps through.

>>> from kingscorner_widget import Game
>>> game = Game.from_position(
...     "N:9d E:4c S:5s W:8s7h NE:- SE:- SW:- NW:- P1:Qh6c P2:?7 stock:38 turn:P1")
>>> for move in ("6c>W", "W>N", "Qh>W"):
...     game.play(move)
>>> lesson = lesson_from_game(
...     game, "Free a space",
...     comments={0: "The black six goes on the red seven.", 1: "Now move the whole pile."},
...     move_comments={2: "The queen fills the space you freed."})
>>> steps = [(step.narration, step.expect, step.after) for step in lesson.steps]
>>> steps  # doctest: +NORMALIZE_WHITESPACE
[('The black six goes on the red seven.', (('6c>W',),), ''),
 ('Now move the whole pile.', (('W>N', 'Qh>W'),), 'The queen fills the space you freed.')]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..display.language import gettext, ngettext
from ..engine.game import Game
from ..engine.moves import EndTurn
from .model import BUILDERS, Lesson

__all__ = ["LineError", "lesson_from_game"]


class LineError(ValueError):
    """A line or its comments cannot become a lesson (the message says which position or move)."""


def lesson_from_game(
    game: Game,
    title: str,
    *,
    comments: Mapping[int, str] | None = None,
    move_comments: Mapping[int, str] | None = None,
    start: int = 0,
    summary: str = "",
) -> Lesson:
    """The line ``game`` played from position ``start`` (moves played before it) as a lesson.

    ``comments`` maps a position (moves played before it) to its narration; ``move_comments`` maps
    a move (its index in ``game.moves``) to a comment said once its step is done. Steps without a
    comment get a plain instruction. Raises :class:`LineError` naming the position or move that
    cannot be used, and a ``ValueError`` naming the step if the engine refuses the lesson.
    """
    comments = dict(comments or {})
    move_comments = dict(move_comments or {})
    total = len(game.moves)
    if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < total:
        raise LineError(f"the line must start at a position from 0 to {total - 1}, not {start!r}")
    _check_comments(comments, "position", start, total)
    _check_comments(move_comments, "move", start, total - 1)
    _check_draws(game, start)
    tables = _tables(game, start)
    steps = [
        _step(game, tables[first], first, end, comments, move_comments)
        for first, end in _spans(game, start, comments)
    ]
    if total in comments:
        steps.append(_final_step(tables[total], total, comments[total]))
    data: dict[str, Any] = {"title": title, "steps": steps}
    if summary:
        data["summary"] = summary
    rules = game.rules.to_dict()
    rules.pop("players")
    data["rules"] = rules
    return Lesson.from_dict(data)


def _check_comments(mapping: Mapping[int, str], where: str, start: int, last: int) -> None:
    """Raise :class:`LineError` for a comment outside the line or not text."""
    for key, text in mapping.items():
        if isinstance(key, bool) or not isinstance(key, int) or not start <= key <= last:
            raise LineError(
                f"a comment on {where} {key!r} is outside the line ({where}s {start} to {last})"
            )
        if not isinstance(text, str) or not text.strip():
            raise LineError(f"the comment on {where} {key} must be non-empty text")


def _check_draws(game: Game, start: int) -> None:
    """Raise :class:`LineError` for a draw inside the line that drew until a card fitted."""
    moves, movers = game.moves, game.movers()
    for i in range(start, len(moves) - 1):
        if isinstance(moves[i], EndTurn) and movers[i + 1] == movers[i]:
            raise LineError(
                f"move {i} ({moves[i]}) draws until a card fits, and the learner cannot know "
                "which card comes: end the line at that draw"
            )


def _spans(game: Game, start: int, comments: Mapping[int, str]) -> list[tuple[int, int]]:
    """(first move, one past the last) of each step: a new step at each commented position and
    at each change of player."""
    movers, total = game.movers(), len(game.moves)
    bounds = sorted(
        {start}
        | {ply for ply in comments if ply < total}
        | {ply for ply in range(start + 1, total) if movers[ply] != movers[ply - 1]}
    )
    return list(zip(bounds, [*bounds[1:], total], strict=True))


def _step(
    game: Game,
    table: Game,
    first: int,
    end: int,
    comments: Mapping[int, str],
    move_comments: Mapping[int, str],
) -> dict[str, Any]:
    """The step that asks for moves ``first`` to ``end`` from ``table``."""
    if table.pending_card is not None:
        raise LineError(
            f"position {first}: a step cannot start while the drawn "
            f"{table.pending_card} must be played; comment on the position before the draw"
        )
    line = [str(move) for move in game.moves[first:end]]
    said = [move_comments[i] for i in range(first, end) if i in move_comments]
    narration = comments.get(first) or (
        gettext("Find the next move.")
        if len(line) == 1
        else ngettext("Find the next {n} move.", "Find the next {n} moves.", len(line)).format(
            n=len(line)
        )
    )
    if end == first + 1:
        title = gettext("Move {number}").format(number=first + 1)
    else:
        title = gettext("Moves {first} to {last}").format(first=first + 1, last=end)
    step: dict[str, Any] = {
        "title": title,
        "position": table.position(table.turn),
        "narration": narration,
        "expect": [line],
        "goal": "line",  # the line as it was played, move by move
    }
    if said:
        step["after"] = " ".join(said)
    return step


def _final_step(final: Game, total: int, comment: str) -> dict[str, Any]:
    """The step that shows the table after the line's last move."""
    if final.is_over():
        raise LineError(f"position {total}: the hand is over there, so there is no table to show")
    return {
        "title": gettext("After move {number}").format(number=total),
        "position": final.position(final.turn),
        "narration": comment,
    }


def _tables(game: Game, start: int) -> dict[int, Game]:
    """Copies of ``game`` at each position from ``start`` on, replayed through the engine."""
    table = game.copy()
    for _ in range(len(game.moves) - start):
        table.undo()
    out = {start: table.copy()}
    for ply, move in enumerate(game.moves[start:], start=start + 1):
        table.play(move)
        out[ply] = table.copy()
    return out


BUILDERS["game"] = lesson_from_game
