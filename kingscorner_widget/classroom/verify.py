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
import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..display.language import N_, gettext
from ..engine.errors import RecordError
from ..engine.record import game_from_dict
from ..lessons.runner import LessonRun
from .record import lesson_stars, step_stars

if TYPE_CHECKING:
    from ..engine.game import Game
    from .homework import Homework, HomeworkItem

__all__ = ["BY_HAND", "PROVES", "Checked", "Replayer", "check_daily", "check_steps"]

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


def _unready(place: HomeworkItem, item: Json) -> str:
    """Why ``item`` cannot be replayed at all ("" when it can)."""
    steps: list[Json] = item.get("steps", [])
    if not item.get("finished"):
        return gettext("not finished")
    if len(steps) != place.steps:
        return gettext("it has {found} steps where the homework has {wanted}").format(
            found=len(steps), wanted=place.steps
        )
    return ""


def _replayed(run: LessonRun, moves: Sequence[Sequence[str]]) -> tuple[str, tuple[int | None, ...]]:
    """Each step's ``moves`` replayed in turn on ``run``: why they do not replay ("" when they
    do) and, step by step, how many moves the table played (``None`` for a step to read)."""
    played: list[int | None] = []
    for number, tried in enumerate(moves):
        if number:
            run.next()
        if not _replay_step(run, tried):
            why = gettext("step {number}'s moves do not complete it").format(number=number + 1)
            return why, ()
        played.append(None if run.goal == "read" else len(run.played))
    return "", tuple(played)


def _judged(
    place: HomeworkItem, steps: list[Json], why: str, played: Sequence[int | None]
) -> Checked:
    """The verdict on an item whose moves replayed as ``why`` and ``played`` say: its stars
    computed again from the learner's own steps (slips, hints and Show me) and the moves
    the table played."""
    if why:
        return Checked(False, why)
    stars = []
    moves = 0
    for step, count in zip(steps, played, strict=True):
        if count is not None:
            replayed = {**step, "done": True, "moves": max(count, 1)}
            stars.append(step_stars(replayed))
            moves += count
    marked = lesson_stars(stars) if stars else 3
    solved = None
    if place.kind == "puzzle":
        solved = not any(s.get("shows") for s in steps)
    seconds = sum(float(s.get("seconds", 0)) for s in steps)
    fast = moves > 0 and seconds < BY_HAND * moves
    return Checked(True, stars=marked, solved=solved, seconds=round(seconds, 2) if fast else None)


def check_steps(run: LessonRun, place: HomeworkItem, item: Json) -> Checked:
    """A lesson or puzzle ``item`` replayed from its first step on ``run`` (the homework's
    lesson, already at ``place.start``)."""
    steps: list[Json] = item.get("steps", [])
    why = _unready(place, item)
    if why:
        return Checked(False, why)
    return _judged(place, steps, *_replayed(run, [s.get("tried", []) for s in steps]))


def _daily_game(deal: Game, record: Json, viewer: int) -> Checked:
    """A daily deal's ``record`` (its game) replayed by the engine and compared with the
    teacher's ``deal``: its result as ``viewer`` had it, not yet compared with the claim."""
    try:
        game = game_from_dict(record)
    except (RecordError, ValueError, TypeError, KeyError, RecursionError):
        return Checked(False, gettext("its game does not replay"))
    if game.start_position != deal.start_position or game.rules != deal.rules:
        return Checked(False, gettext("its game is not the teacher's deal of that date"))
    outcome = game.outcome()
    if outcome is None:
        return Checked(False, gettext("its game is not over"))
    result = {
        "won": viewer in outcome.winners,
        "cardsLeft": len(game.hand(viewer)),
        "moves": len(game.moves),
    }
    return Checked(True, stars=3 if result["won"] else 1, result=result)


def _claimed(hand: Json, checked: Checked) -> Checked:
    """``checked`` (a daily deal's replayed game), unless ``hand`` claims another result."""
    if not checked.verified or checked.result is None:
        return checked
    claimed = {key: hand.get(key) for key in checked.result}
    if claimed != checked.result:
        return Checked(False, gettext("its result is not what its game shows"))
    return dataclasses.replace(checked, result=dict(checked.result))


def _no_daily(homework: Homework, hand: Json | None) -> str:
    """Why a daily deal's ``hand`` cannot be replayed at all ("" when it can)."""
    if homework.daily is None:
        return gettext("the homework has no daily deal")
    if hand is None or not isinstance(hand.get("record"), dict):
        return gettext("the record keeps no game of it to replay")
    return ""


def check_daily(homework: Homework, hand: Json | None) -> Checked:
    """A daily deal's first hand (its game as the record keeps it) replayed by the engine and
    compared with the teacher's deal of the homework's date."""
    return Replayer(homework).daily(hand)


class Replayer:
    """Every learner's work replayed against one ``homework``, each distinct attempt once.

    Learners who hand in the same moves for an item (every step's, in order) get the same
    verdict, so those moves are replayed the first time they are seen and the verdict kept,
    keyed by the item and the moves themselves (two attempts share a verdict only when their
    moves are equal); a daily deal's game likewise, by its JSON text and the learner's seat.
    What differs between learners with the same moves (slips, hints, Show me, seconds, the
    result they claim) is judged from each learner's own record around the kept verdict.

    >>> from kingscorner_widget import Homework
    >>> homework = Homework("Week 3", lessons=["worked-turn"])
    >>> place = homework.items[0]
    >>> ada = [{"tried": [m], "seconds": 9.0} for m in ("Th>N", "Ks>NE", "4h>S")]
    >>> bo = [{**step, "hints": 1} for step in ada]
    >>> eve = [{**step, "tried": ["4h>S"]} for step in ada]
    >>> replayer = Replayer(homework)
    >>> [replayer.steps(place, {"finished": True, "steps": s}) for s in (ada, bo, eve)]
    ... # doctest: +NORMALIZE_WHITESPACE
    [Checked(verified=True, why='', stars=3, solved=None, result=None, seconds=None),
     Checked(verified=True, why='', stars=2, solved=None, result=None, seconds=None),
     Checked(verified=False, why="step 1's moves do not complete it", stars=0, solved=None,
             result=None, seconds=None)]
    >>> len(replayer._steps)  # ada's moves and bo's are the same: replayed once
    2
    """

    def __init__(self, homework: Homework) -> None:
        self.homework = homework
        self._steps: dict[tuple[HomeworkItem, tuple[tuple[str, ...], ...]], tuple[str, Any]] = {}
        self._games: dict[tuple[str, int], Checked] = {}
        self._deal: Game | None = None

    def steps(self, place: HomeworkItem, item: Json) -> Checked:
        """:func:`check_steps` of ``item`` from the start of ``place``, its moves replayed only
        if no learner before had the same."""
        steps: list[Json] = item.get("steps", [])
        why = _unready(place, item)
        if why:
            return Checked(False, why)
        moves = tuple(tuple(s.get("tried", ())) for s in steps)
        found = self._steps.get((place, moves))
        if found is None:
            run = LessonRun(self.homework.lesson(), place.start)
            found = self._steps[place, moves] = _replayed(run, moves)
        return _judged(place, steps, *found)

    def daily(self, hand: Json | None) -> Checked:
        """:func:`check_daily` of ``hand``, its game replayed only if no learner before (in
        the same seat) handed in the same game."""
        why = _no_daily(self.homework, hand)
        if why or hand is None:
            return Checked(False, why)
        viewer = int(hand.get("viewer", 1))
        key = (json.dumps(hand["record"]), viewer)
        found = self._games.get(key)
        if found is None:
            found = self._games[key] = _daily_game(self.deal, hand["record"], viewer)
        return _claimed(hand, found)

    @property
    def deal(self) -> Game:
        """The teacher's daily deal (made once)."""
        from ..engine.match import Match

        if self._deal is None:
            assert self.homework.daily is not None
            self._deal = Match.daily(self.homework.daily, self.homework.rules).game
        return self._deal
