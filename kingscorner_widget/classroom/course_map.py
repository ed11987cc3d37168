"""The course map: every built-in lesson in order, the learner's stars for it and the next to take.

:func:`course_map` reads the learner's record (the file their tables keep,
:class:`~kingscorner_widget.classroom.store.RecordStore`) and shows itself: a table in a
notebook, aligned text elsewhere. A lesson's stars are the best the learner earned for it at any
of their tables (a lesson not finished shows none); the next lesson is the first one in order
not yet finished. Each row is marked (``data-course="done"``, ``"next"`` or ``"todo"``) so a
style or a test can find it.

It is a Python call, not a button at the table, because the map is about the whole course and
not the lesson on the table: it shows in a notebook with no live table (an exported page, a
teacher looking at one learner's record), and a table's own record is only one of the tables a
learner works at.

>>> import tempfile
>>> from kingscorner_widget.table import LessonSession
>>> from kingscorner_widget.classroom import Recorder, RecordStore
>>> folder = tempfile.mkdtemp()
>>> recorder = Recorder(RecordStore("ada", folder))
>>> s = LessonSession("worked-turn"); s.listener = recorder
>>> while not s.run.done:  # the learner plays each move the step asks for, with no slip
...     _ = s.act("next") if s.run.step_done else s.act("play", move=str(s.run.show_me()[0]))
>>> recorder.flush()
>>> seen = course_map("ada", folder)
>>> seen.stars("worked-turn"), seen.next_lesson
(3, 'moves')
>>> print(seen.text().splitlines()[0])
Your course, ada: 1 of 18 lessons done
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from ..display.language import gettext, ngettext, pgettext
from ..display.tables import Column, HtmlTable
from ..lessons import lesson_names, load_lesson
from ..lessons.speech import said
from .store import RecordStore

__all__ = ["CourseMap", "course_map", "stars_text"]

Json = dict[str, Any]
STAR, NO_STAR = "\u2605", "\u2606"
NEXT = "next"
DONE = "done"
TODO = "todo"


def stars_text(stars: int) -> str:
    """Stars drawn and said: ``"★★☆ 2 of 3"`` (the number is what a screen reader needs).

    >>> stars_text(2)
    '★★☆ 2 of 3'
    """
    if not 0 <= stars <= 3:
        raise ValueError(f"a lesson earns 0 to 3 stars, not {stars}")
    # TRANSLATORS: {stars} is how many stars of 3 a lesson earned
    return f"{STAR * stars}{NO_STAR * (3 - stars)} " + gettext("{stars} of 3").format(stars=stars)


def _best_stars(record: Mapping[str, Any]) -> dict[str, int]:
    """The best stars of each finished lesson in ``record``, by its item key."""
    best: dict[str, int] = {}
    for table in record.get("tables", []):
        for key, item in table.get("items", {}).items():
            if item.get("kind") == "lesson" and item.get("finished"):
                best[key] = max(best.get(key, 0), int(item.get("stars", 0)))
    return best


class CourseMap:
    """The course map of one learner (or of a learner with no record yet): shows itself as a
    table (:attr:`table`)."""

    def __init__(self, learner: str | None, record: Mapping[str, Any] | None) -> None:
        best = _best_stars(record or {})
        names = lesson_names()
        self.earned = {name: best[f"lesson:{name}"] for name in names if f"lesson:{name}" in best}
        """The stars of each lesson finished, by the lesson's name."""
        self.next_lesson = next((name for name in names if name not in self.earned), None)
        """The name of the next lesson to take (the first not finished), or ``None``."""
        rows: list[tuple[int, str, str, str]] = []
        marks: list[str] = []
        for number, name in enumerate(names, start=1):
            stars = self.earned.get(name)
            mark = DONE if stars is not None else NEXT if name == self.next_lesson else TODO
            state = gettext("Take this one next") if mark == NEXT else ""
            shown = stars_text(stars) if stars is not None else gettext("not yet")
            rows.append((number, said(load_lesson(name).title), shown, state))
            marks.append(mark)
        done = len(self.earned)
        notes = [
            gettext(
                "A lesson's stars are the best you earned for it: a step done with no hint, "
                "no refused move and no Show me earns 3."
            )
        ]
        if self.next_lesson is None:
            notes.insert(0, gettext("Every lesson is done. Take any again to earn more stars."))
        else:
            title = said(load_lesson(self.next_lesson).title)
            number = names.index(self.next_lesson) + 1
            # TRANSLATORS: {number} and {title} are the next lesson's number and title
            notes.insert(
                0, gettext("Next: lesson {number}, {title}.").format(number=number, title=title)
            )
        if learner:
            # TRANSLATORS: {learner} is the learner's name; {done} of {n} lessons
            heading = ngettext(
                "Your course, {learner}: {done} of {n} lesson done",
                "Your course, {learner}: {done} of {n} lessons done",
                len(names),
            )
        else:
            heading = ngettext(
                "Your course: {done} of {n} lesson done",
                "Your course: {done} of {n} lessons done",
                len(names),
            )
        self.table = HtmlTable(
            [
                Column(pgettext("a column of the course map", "No."), align="right"),
                Column(pgettext("a column of the course map", "Lesson")),
                Column(pgettext("a column of the course map", "Stars")),
                Column(pgettext("a column of the course map", "Next")),
            ],
            rows,
            title=heading.format(learner=learner, done=done, n=len(names)),
            notes=notes,
            row_marks=marks,
            mark_name="course",
        )

    def text(self) -> str:
        """The map as aligned text."""
        return self.table.text()

    def __str__(self) -> str:
        return self.table.text()

    def __repr__(self) -> str:
        return self.table.text()

    def _repr_html_(self) -> str:
        return self.table.to_html()

    def to_html(self) -> str:
        """The map as one HTML fragment (inline styles only)."""
        return self.table.to_html()

    def stars(self, name: str) -> int:
        """The learner's best stars for lesson ``name`` (0 when not finished)."""
        if name not in lesson_names():
            raise ValueError(f"there is no built-in lesson {name!r}")
        return self.earned.get(name, 0)


def course_map(
    learner: str | None = None, progress_dir: str | os.PathLike[str] | None = None
) -> CourseMap:
    """The course map of ``learner`` from their record in ``progress_dir`` (default:
    ``kingscorner-progress`` beside the notebook, where ``KingsCornerWidget(learner=…)``
    keeps it); with no learner, the course with nothing done. A record that cannot be read
    raises :class:`~kingscorner_widget.classroom.record.ProgressError` saying why."""
    if learner is None:
        return CourseMap(None, None)
    store = RecordStore(learner, progress_dir)
    return CourseMap(store.learner, store.read())
