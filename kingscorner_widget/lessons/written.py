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

from ..engine.game import Game
from ..engine.moves import EndTurn
from .model import Lesson

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
    moves = game.moves
    total = len(moves)
    if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < total:
        raise LineError(f"the line must start at a position from 0 to {total - 1}, not {start!r}")
    for where, mapping, last in (
        ("position", comments, total),
        ("move", move_comments, total - 1),
    ):
        for key, text in mapping.items():
            if isinstance(key, bool) or not isinstance(key, int) or not start <= key <= last:
                raise LineError(
                    f"a comment on {where} {key!r} is outside the line ({where}s {start} to {last})"
                )
            if not isinstance(text, str) or not text.strip():
                raise LineError(f"the comment on {where} {key} must be non-empty text")
    movers = game.movers()
    for i in range(start, total - 1):
        if isinstance(moves[i], EndTurn) and movers[i + 1] == movers[i]:
            raise LineError(
                f"move {i} ({moves[i]}) draws until a card fits, and the learner cannot know "
                "which card comes: end the line at that draw"
            )
    bounds = sorted(
        {start}
        | {ply for ply in comments if ply < total}
        | {ply for ply in range(start + 1, total) if movers[ply] != movers[ply - 1]}
    )
    tables = _tables(game, start)
    steps: list[dict[str, Any]] = []
    for first, end in zip(bounds, [*bounds[1:], total], strict=True):
        table = tables[first]
        if table.pending_card is not None:
            raise LineError(
                f"position {first}: a step cannot start while the drawn "
                f"{table.pending_card} must be played; comment on the position before the draw"
            )
        line = [str(move) for move in moves[first:end]]
        said = [move_comments[i] for i in range(first, end) if i in move_comments]
        narration = comments.get(first) or (
            "Find the next move." if len(line) == 1 else f"Find the next {len(line)} moves."
        )
        step: dict[str, Any] = {
            "title": f"Move {first + 1}" if end == first + 1 else f"Moves {first + 1} to {end}",
            "position": table.position(table.turn),
            "narration": narration,
            "expect": [line],
        }
        if said:
            step["after"] = " ".join(said)
        steps.append(step)
    if total in comments:
        final = tables[total]
        if final.is_over():
            raise LineError(
                f"position {total}: the hand is over there, so there is no table to show"
            )
        steps.append(
            {
                "title": f"After move {total}",
                "position": final.position(final.turn),
                "narration": comments[total],
            }
        )
    data: dict[str, Any] = {"title": title, "steps": steps}
    if summary:
        data["summary"] = summary
    rules = game.rules.to_dict()
    rules.pop("players")
    data["rules"] = rules
    return Lesson.from_dict(data)


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
