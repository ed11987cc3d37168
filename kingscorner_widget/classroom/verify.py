"""A learner's claimed work replayed through the engine against the teacher's own homework.

A record says what a learner's table saw; the board believes none of it. For each item of the
teacher's homework (the file the teacher made, never a copy a record carries), each step's
moves, as the record keeps them, are played again on a :class:`~kingscorner_widget.lessons.
runner.LessonRun` of the homework's own lesson: a step counts as done only if its moves,
played from the step's table, complete it (a learner who started a step over is followed from
the move that begins again). A daily deal counts only if its game, replayed by the engine,
starts from the teacher's deal of that date and ends with the result the record claims.
Stars are computed again from the replayed steps.

What replay proves, and what it cannot (:data:`PROVES`): the moves are legal and complete each
step of the teacher's homework; it cannot prove who chose them. A learner who followed Show me
in their own kernel and had it write no Show me into the record replays as well as one who found
the moves: hints and Show me are only what the learner's kernel reported. An item whose moves
came faster than a hand plays them (:data:`BY_HAND`) is marked: its moves were sent from code.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..display.language import N_, gettext
from ..engine.errors import RecordError
from ..engine.record import game_from_dict
from ..lessons.runner import LessonRun
from .record import lesson_stars, step_stars

if TYPE_CHECKING:
    from .homework import Homework, HomeworkItem

__all__ = ["BY_HAND", "PROVES", "Checked", "check_daily", "check_steps"]

Json = dict[str, Any]
BY_HAND = 0.5
"""Seconds a move takes at the least when a learner plays it by hand: an item whose moves came
faster was played from code (Show me's answer sent back move by move, say), and is marked."""
PROVES = N_(
    "Each finished step, puzzle and daily deal was played again through the engine against "
    "this homework: 'not verified' means its moves do not complete it. Replay proves the moves "
    "are legal and do what the homework asks; it cannot prove who chose them (a learner who "
    "follows Show me in a kernel that does not record it replays the same), and hints and "
    "Show me are as the learner's kernel reported them. An item marked 'too fast for a hand' had "
    "its moves sent from code (such as Show me's answer played back)."
)


@dataclasses.dataclass(frozen=True)
class Checked:
    """An item after replay: whether it replays, why not, and its stars computed again."""

    verified: bool
    why: str = ""
    stars: int = 0
    solved: bool | None = None
    result: Json | None = None
    seconds: float | None = None
    """The seconds its moves took, when faster than a hand plays them (:data:`BY_HAND`):
    moves sent from code, such as Show me's answer played back."""


def _replay_step(run: LessonRun, moves: Sequence[str]) -> bool:
    """Whether ``moves``, played from the step's table, complete the step (a move the table
    refuses starts the step again from that move, as a learner who restarted did)."""
    if run.step_done:
        return True
    for move in moves:
        try:
            accepted = run.try_move(move).accepted
        except ValueError:
            return False
        if not accepted and run.played:
            run.restart_step()
            try:
                accepted = run.try_move(move).accepted
            except ValueError:
                return False
        if run.step_done:
            return True
    return run.step_done


def check_steps(run: LessonRun, place: HomeworkItem, item: Json) -> Checked:
    """A lesson or puzzle ``item`` replayed from its first step on ``run`` (the homework's
    lesson, already at ``place.start``)."""
    steps: list[Json] = item.get("steps", [])
    if not item.get("finished"):
        return Checked(False, gettext("not finished"))
    if len(steps) != place.steps:
        return Checked(
            False,
            gettext("it has {found} steps where the homework has {wanted}").format(
                found=len(steps), wanted=place.steps
            ),
        )
    stars = []
    moves = 0
    for number, step in enumerate(steps):
        if number:
            run.next()
        if not _replay_step(run, step.get("tried", [])):
            return Checked(
                False, gettext("step {number}'s moves do not complete it").format(number=number + 1)
            )
        if run.goal != "read":
            replayed = {**step, "done": True, "moves": max(len(run.played), 1)}
            stars.append(step_stars(replayed))
            moves += len(run.played)
    marked = lesson_stars(stars) if stars else 3
    solved = None
    if place.kind == "puzzle":
        solved = not any(s.get("shows") for s in steps)
    seconds = sum(float(s.get("seconds", 0)) for s in steps)
    fast = moves > 0 and seconds < BY_HAND * moves
    return Checked(True, stars=marked, solved=solved, seconds=round(seconds, 2) if fast else None)


def check_daily(homework: Homework, hand: Json | None) -> Checked:
    """A daily deal's first hand (its game as the record keeps it) replayed by the engine and
    compared with the teacher's deal of the homework's date."""
    from ..engine.match import Match

    if homework.daily is None:
        return Checked(False, gettext("the homework has no daily deal"))
    if hand is None or not isinstance(hand.get("record"), dict):
        return Checked(False, gettext("the record keeps no game of it to replay"))
    try:
        game = game_from_dict(hand["record"])
    except (RecordError, ValueError, TypeError, KeyError, RecursionError):
        return Checked(False, gettext("its game does not replay"))
    deal = Match.daily(homework.daily, homework.rules).game
    if game.start_position != deal.start_position or game.rules != deal.rules:
        return Checked(False, gettext("its game is not the teacher's deal of that date"))
    outcome = game.outcome()
    if outcome is None:
        return Checked(False, gettext("its game is not over"))
    viewer = int(hand.get("viewer", 1))
    result = {
        "won": viewer in outcome.winners,
        "cardsLeft": len(game.hand(viewer)),
        "moves": len(game.moves),
    }
    claimed = {key: hand.get(key) for key in result}
    if claimed != result:
        return Checked(False, gettext("its result is not what its game shows"))
    return Checked(True, stars=3 if result["won"] else 1, result=result)
