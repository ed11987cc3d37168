"""Lesson mode: narration beside the table, the learner's moves checked, hints, "show me".

What a lesson allows:

- the learner acts for the learner's seat (the player to move when the step starts), and only
  on their turn; other seats move only as the lesson says;
- a move for a card the learner does not hold gets "not in your hand", whatever the card, so no
  reply depends on a hidden card; a legal move the step does not want is explained, not played;
- undo takes back the learner's moves within the step; back and forward go through the steps;
- "show me" plays the moves that complete the step, one at a time (:meth:`LessonSession.step`);
- no new deal, no daily deal and no loading: the lesson sets out its own positions; once the
  lesson is done, "new" starts it again and "forward" goes on to the next built-in lesson;
- a step that does not continue from the table the learner left says so in its status.

>>> from kingscorner_widget.lessons import load_lesson
>>> s = LessonSession(load_lesson("worked-turn"))
>>> s.status()
'Step 1 of 3: The ten on the jack.'
>>> s.play("Qs>N").status
'The queen of spades (Qs) is not in your hand.'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..game import Game
from ..lessons import Lesson, LessonRun, lesson_names, load_lesson
from ..moves import Move, PlayCard
from ..notation import parse_position
from ..words import named, phrase, sentence
from .history import History
from .reply import Reply, refuse
from .session import Session

__all__ = ["LessonSession", "as_run"]

Json = dict[str, Any]
FIXED = "a lesson sets out its own positions: use Next and Back to move through it"
AFRESH = "The table is set out afresh for this step."


class LessonSession(Session):
    """A learner's way through ``lesson`` (a :class:`Lesson`, a :class:`LessonRun` or a
    built-in lesson's name)."""

    mode = "lesson"

    def __init__(self, lesson: Lesson | LessonRun | str) -> None:
        self.run = as_run(lesson)
        """The lesson being followed."""
        self.learner = self.run.step.learner
        """The learner's player number in the current step."""
        self._showing: list[Move] = []
        super().__init__(self.run.game, title=self.run.lesson.title)

    # -- reading ------------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.run.game

    @property
    def viewer(self) -> int:
        return self.learner

    @property
    def waiting(self) -> int | None:
        return self.game.turn if self._showing else None

    def name(self, player: int) -> str:
        return "You" if player == self.learner else f"P{player}"

    def shown(self) -> Sequence[int]:
        """The players whose hands the step's position writes out: the lesson shows them."""
        table = parse_position(self.run.step.position)
        return [i for i, hand in enumerate(table.hands, start=1) if not isinstance(hand, int)]

    def undoable(self) -> bool:
        return bool(self.run.played) and not self._showing

    def status(self, last: str = "") -> str:
        if not last:
            i, n = self.run.progress
            return f"Step {i} of {n}: {self.run.step.title or self.run.lesson.title}."
        run = self.run
        text = sentence(last)
        if run.done:
            more = " or Next lesson to go on" if self.following() is not None else ""
            return (
                f"{text} That is the end of the lesson: press Restart to go through it again{more}."
            )
        if run.step_done and run.step.interactive:
            return f"{text} Press Next to go on."
        return text

    def view(self) -> History:
        if self.history.game is not self.run.game:  # a new step, or the step afresh
            self.history = History(self.run.game, self.name)
        return self.history

    def extra(self) -> Json:
        run = self.run
        step = run.step
        return {
            "title": run.lesson.title,
            "lesson": {
                "title": run.lesson.title,
                "stepTitle": step.title,
                "narration": step.narration,
                "progress": list(run.progress),
                "index": run.index,
                "stepDone": run.step_done,
                "done": run.done,
                "interactive": step.interactive,
                "nextLesson": self.following(),
            },
        }

    # -- the learner's moves ------------------------------------------------------------------

    def refusal(self, move: Move) -> str | None:
        game = self.game
        if self._showing:
            return "wait: the table is showing you the moves (or press Skip)"
        if isinstance(move, PlayCard) and move.card not in game.hand(self.learner):
            return f"{named(move.card)} is not in your hand"
        if game.is_over():
            return "the hand is over: press Next to go on"
        if game.turn != self.learner:
            return "your part of this step is done: press Next to go on"
        return None

    def played(self, move: Move) -> Reply:
        before = self.game.copy()
        count = len(self.run.played)
        feedback = self.run.try_move(move)
        if not feedback.accepted:
            return refuse(feedback.message)
        self._log(before, count)
        return Reply(self.status(feedback.message))

    def _log(self, before: Game, count: int) -> list[Move]:
        """Log the moves the run accepted since it had ``count``: the learner's, then any the
        lesson played for the other seats; ``before`` is the game before the first of them."""
        made = self.run.played[count:]
        for move in made:
            after = before.copy()
            after.play(move)
            self.view().note(before, move)
            before = after
        return made

    def hint(self) -> Reply:
        return Reply(f"Hint: {self.run.next_hint()}")

    def undo(self) -> Reply:
        run = self.run
        if self._showing or not run.played:
            return refuse("there is no move of yours to take back in this step")
        *moves, last = run.played
        run.restart_step()
        for move in moves:
            run.try_move(move)
        self.history = History(run.game, self.name)
        return Reply(f"Took back {phrase(last)} ({last}).")

    def following(self) -> str | None:
        """The title of the built-in lesson after this one, if this is a built-in lesson."""
        names = lesson_names()
        for number, name in enumerate(names[:-1]):
            if load_lesson(name) is self.run.lesson:
                return load_lesson(names[number + 1]).title
        return None

    def back(self) -> Reply:
        left = self.game.position(player=self.learner)
        if not self.run.back():
            return refuse("this is the first step of the lesson")
        return self._started(left)

    def forward(self) -> Reply:
        """Once the lesson is done: the next built-in lesson (else as :meth:`next`)."""
        following = self.following()
        if self.run.done and following is not None:
            self.run = LessonRun(load_lesson(following))
            return self._started()
        return self.next()

    def next(self) -> Reply:
        left = self.game.position(player=self.learner)
        if not self.run.next():
            return refuse("this is the last step of the lesson")
        return self._started(left)

    def restart(self) -> None:
        """Start the current step afresh (when the table comes back to the lesson)."""
        self.run.restart_step()
        self._started()

    def _started(self, left: str | None = None) -> Reply:
        """Say which step this is; ``left`` is the table the learner left (as they saw it), and
        a step that starts anywhere else says that the table was set out afresh."""
        self.learner = self.run.step.learner
        self._showing.clear()
        self.view()
        status = self.status()
        if left is not None and self.game.position(player=self.learner) != left:
            status += " " + AFRESH
        return Reply(status)

    # -- show me ------------------------------------------------------------------------------

    def show(self) -> Reply:
        if self._showing:
            return refuse("the table is already showing you the moves")
        moves = self.run.show_me()
        if not moves:
            return refuse("this step is done: go on to the next one")
        self._showing[:] = moves
        said = ", then ".join(f"{phrase(m)} ({m})" for m in moves)
        return Reply(f"Watch: {said}.", moves=tuple(moves))

    def step(self) -> Reply:
        if not self._showing:
            return refuse("there is no move to wait for")
        move = self._showing.pop(0)
        before = self.game.copy()
        count = len(self.run.played)
        feedback = self.run.try_move(move)
        if not feedback.accepted:  # the lesson and its answer disagree: stop showing
            self._showing.clear()
            return Reply(sentence(feedback.message))
        made = self._log(before, count)
        if len(made) > 1 and self._showing:  # the lesson played the other seats' part too
            self._showing[:] = self.run.show_me()
        line = self.history.lines[-len(made)]
        status = self.status(feedback.message) if not self._showing else sentence(line["words"])
        return Reply(status, moves=tuple(made))

    def skip(self) -> Reply:
        if not self._showing:
            return refuse("there is no move to wait for")
        made: list[Move] = []
        reply = Reply("")
        while self._showing:
            reply = self.step()
            made.extend(reply.moves)
        return Reply(reply.status, moves=tuple(made))

    def new(self, seed: int | None = None) -> Reply:
        """Once the lesson is done: start it again from its first step."""
        if not self.run.done:
            return refuse(FIXED)
        self.run.go_to(0)
        return self._started()

    def daily(self, date: object = None) -> Reply:
        return refuse(FIXED)

    def load(self, position: str) -> Reply:
        return refuse(FIXED)


def as_run(lesson: Lesson | LessonRun | str) -> LessonRun:
    """A lesson to follow, from a :class:`Lesson`, a :class:`LessonRun` or a built-in name."""
    if isinstance(lesson, str):
        lesson = load_lesson(lesson)
    if isinstance(lesson, Lesson):
        lesson = LessonRun(lesson)
    if not isinstance(lesson, LessonRun):
        raise TypeError(f"lesson takes a Lesson, a LessonRun or a name, not {lesson!r}")
    return lesson
