"""A learner's own table at the class server: a lesson, the room's homework, or the daily deal.

A seated learner may leave the shared table for a while to work on their own (an ``open``
frame, :mod:`~.protocol`): a built-in lesson, the homework the teacher set for the room
(:meth:`ClassServer.set_homework <kingscorner_widget.server.app.ClassServer.set_homework>`),
from its start or from one of its items (a lesson of it, or one of its puzzles), or the daily
deal. The server runs it as a notebook would (the lesson runner checks each move, the
computer players of the daily deal move on the server), and the learner's kernel receives only
the learner's view, as for a seat: never a step's accepted answers, a puzzle's best turn or
the deal's hidden cards. The table's events go to the server's own recorder
(:mod:`~.records`), so the steps, their Hints and Show me, the stars, the puzzles solved and
the daily result are kept where they were judged.

A :class:`Desk` is that table. Its sessions offer what a learner's table offers, less what
would deal over the work (a new or daily deal over the daily deal) or open a review on the
server; a teacher's controls (Skip step, Show all hands) stay refused, as on any table that
was not opened for a teacher.

>>> desk = open_desk("lesson", "worked-turn", homework=None, seats=2)
>>> desk.title, desk.table.mode
('A worked turn', 'lesson')
>>> desk.table.intent({"kind": "skip", "version": desk.table.version}).status
"That is a teacher's control, and this table was not opened for one."
>>> open_desk("lesson", "answers", homework=None, seats=2)
Traceback (most recent call last):
...
kingscorner_widget.server.desks.DeskError: there is no built-in lesson called 'answers'
"""

from __future__ import annotations

import dataclasses
import datetime
from typing import ClassVar

from ..classroom.homework import Homework, HomeworkSession
from ..engine.match import Match
from ..engine.rules import Rules
from ..lessons import lesson_names, load_lesson
from ..table.events import Listener
from ..table.lesson import LessonSession
from ..table.play import PlaySession
from ..table.reply import Reply
from ..table.session import Session, today
from ..table.table import Table

__all__ = ["MAX_DESK_NAME", "OPENS", "Desk", "DeskError", "open_desk"]

OPENS = ("lesson", "homework", "puzzle", "daily", "table")
"""What an ``open`` frame may ask for: a built-in lesson, the room's homework (or one of its
items), one of the homework's puzzles, the daily deal, or the shared table again."""
MAX_DESK_NAME = 60
"""The longest name an ``open`` frame may carry (a lesson's name, an item's key)."""
DESK_WITHHELD = frozenset({"new", "daily", "review", "reveal"})
"""What the daily deal's table does not offer on the server: no other deal over it, no review
(its estimates would run on the server), no hands turned face up."""


class DeskError(ValueError):
    """An ``open`` refused: ``code`` names the problem for programs, the message in words."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class DailyDesk(PlaySession):
    """The daily deal at the server: a daily match, every hand dealt from the date."""

    withheld: ClassVar[frozenset[str]] = DESK_WITHHELD


class HomeworkDesk(HomeworkSession):
    """The room's homework at the server; its daily deal opens as a :class:`DailyDesk`."""

    def forward(self) -> Reply:
        homework = self.homework
        if self.run.done and homework.daily is not None:
            play = daily_session(homework.daily, homework.rules)
            return Reply(play.status(), opens=play)
        return super().forward()


def daily_session(day: datetime.date, rules: Rules) -> DailyDesk:
    """The daily match of ``day`` under ``rules`` (its first hand is the daily deal)."""
    play = DailyDesk(Match.daily(day, rules), rules=rules, title=f"Daily deal {day.isoformat()}")
    play._daily = f"Daily match, {day.isoformat()}"
    return play


@dataclasses.dataclass
class Desk:
    """A learner's own table at the server: what was opened (``what`` and ``name``), its
    ``title``, the ``table`` the server runs, and the ``record`` key its recorder is kept
    under (one recorder per kind of work, per learner)."""

    what: str
    name: str
    title: str
    table: Table
    record: str

    def listen(self, listener: Listener) -> None:
        """Tell ``listener`` of every action at this table from now on (the server's record),
        at the session on it and at any it opens (the homework's daily deal)."""
        self.table.setup.listener = listener
        self.table.session.listener = listener


def open_desk(
    what: str,
    name: str,
    *,
    homework: Homework | None,
    seats: int,
    listener: Listener | None = None,
    day: datetime.date | None = None,
) -> Desk:
    """The table for ``what`` (one of :data:`OPENS` but ``table``) and ``name``: a built-in
    lesson's name; for ``homework`` an item's key of the room's ``homework`` (``""``: from its
    start); for ``puzzle`` a puzzle's number in it; for ``daily`` nothing (the daily deal of
    ``day``, today by default, under the homework's rules, else those of a table of
    ``seats``). Its sessions tell ``listener`` of every action. Anything else raises
    :class:`DeskError` and opens nothing."""
    if what == "lesson":
        if name not in lesson_names():
            raise DeskError("no-lesson", f"there is no built-in lesson called {name!r}")
        session: Session = LessonSession(load_lesson(name))
        return _desk(what, name, session, listener, "lessons")
    if what == "daily":
        if name:
            raise DeskError("open-name", "the daily deal is today's: open it with no name")
        if homework is not None and homework.daily is not None:
            day, rules = day or homework.daily, homework.rules
        else:
            rules = Rules().with_players(seats)
        session = daily_session(day or today(), rules)
        return _desk(what, name, session, listener, "daily")
    if what not in ("homework", "puzzle"):
        raise DeskError("open-what", f"a learner opens one of {', '.join(OPENS)}, not {what!r}")
    if homework is None:
        raise DeskError("no-homework", "no homework is set for this room yet: ask your teacher")
    key = name
    if what == "puzzle":
        if not name.isdecimal() or not 1 <= int(name) <= len(homework.puzzles):
            raise DeskError(
                "no-item", f"this homework has puzzles 1 to {len(homework.puzzles)}, not {name!r}"
            )
        key = f"puzzle:{int(name)}"
    desk = HomeworkDesk(homework)
    if key:
        found = next((i for i in homework.items if i.key == key and i.steps), None)
        if found is None:
            keys = ", ".join(i.key for i in homework.items if i.steps)
            raise DeskError("no-item", f"this homework's items are {keys}, not {key!r}")
        if found.start:
            desk.run.go_to(found.start)
            desk.learner = desk.run.step.learner
    return _desk(what, name, desk, listener, f"homework:{homework.title}")


def _desk(what: str, name: str, session: Session, listener: Listener | None, record: str) -> Desk:
    table = Table(session=session, listener=listener)
    return Desk(what, name, session.heading(), table, record)
