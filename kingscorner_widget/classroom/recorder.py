"""The learner's record kept as they work: a table's events become its entry in the record.

A :class:`Recorder` listens to one table (its session's ``listener``) and keeps that table's
entry (:mod:`~kingscorner_widget.classroom.record`): per lesson step the
attempts, each refused move with its reason code, the moves tried, hints, Show me and the
seconds taken; a lesson's stars once finished; a puzzle solved or missed; each hand played,
against whom, won or not; the daily deal's result; a review's accuracy. The click only updates
this entry in memory and asks the writer (:data:`~kingscorner_widget.classroom.store.WRITER`) to
save it soon.

>>> import tempfile
>>> from kingscorner_widget.table import LessonSession
>>> recorder = Recorder(RecordStore("ada", tempfile.mkdtemp()))
>>> s = LessonSession("worked-turn")
>>> s.listener = recorder
>>> _ = s.act("play", move="Th>E"); _ = s.act("play", move="Th>N")
>>> step = recorder.table["items"]["lesson:worked-turn"]["steps"][0]
>>> step["attempts"], step["refused"], step["done"]
(2, [{'move': 'Th>E', 'code': 'rank'}], True)
>>> recorder.flush(); recorder.store.read()["tables"][0]["id"] == recorder.table["id"]
True
"""

from __future__ import annotations

import dataclasses
import errno
import os
import threading
import time
import uuid
import warnings
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from ..display.language import ENGLISH, N_, check_language, gettext, speaking
from ..table.events import TableEvent
from .record import ProgressError, lesson_stars, step_stars
from .store import WRITER, RecordStore, RecordTooLargeError, Writer, _now

if TYPE_CHECKING:
    from .homework import Homework

__all__ = ["ItemPlace", "PeopleRecorder", "Recorder", "open_record", "open_records"]

Json = dict[str, Any]
RETRY = (5.0, 15.0, 60.0)
"""Seconds before a failed save is tried again (then every minute), clicks or not."""
# TRANSLATORS: {why}: why the save failed, such as "the disk is full".
UNSAVED = N_("Your progress could not be saved: {why}. Your work is kept until it can be.")
SAVED_AGAIN = N_("Your progress is saved again.")
KEPT_RECORDS = 20
"""Hands whose whole game is kept for a replay (the latest; older hands keep their result,
except a daily deal's first hand, whose game the board replays to verify it)."""
MAX_REFUSED = 100
"""Refused moves kept per step (the count of attempts goes on)."""


@dataclasses.dataclass(frozen=True)
class ItemPlace:
    """Where a lesson step belongs in the record: its item and its step within it."""

    key: str
    """``lesson:<name>`` or ``puzzle:<n>``."""
    kind: str
    title: str
    step: int
    """The step within the item (0-based)."""
    steps: int
    """How many steps the item has."""
    theme: str | None = None
    difficulty: float | None = None
    order: int = 0


Locate = Callable[[Json], ItemPlace]
"""What maps a lesson event (``TableEvent.lesson``) to its item (a homework's own map)."""


def lesson_place(lesson: Json) -> ItemPlace:
    """A lesson step as its own lesson's item."""
    return ItemPlace(
        f"lesson:{lesson['key']}", "lesson", lesson["title"], lesson["step"], lesson["steps"]
    )


class Recorder:
    """Keeps one table's entry in ``store``'s record, from the table's events."""

    def __init__(
        self,
        store: RecordStore,
        *,
        locate: Locate = lesson_place,
        homework: str | None = None,
        writer: Writer = WRITER,
        language: str = ENGLISH,
    ) -> None:
        self.store = store
        self.locate = locate
        self.writer = writer
        self.table: Json = {
            "id": uuid.uuid4().hex,
            "opened": _now(),
            "homework": homework,
            "items": {},
            "hands": [],
            "reviews": [],
        }
        """This table's entry in the record (with the language the table spoke, unless it
        spoke English: an entry without one is English)."""
        self.language = check_language(language)
        """The language the table speaks: what the message line is told is said in it."""
        if self.language != ENGLISH:
            self.table["language"] = self.language
        self.error: str | None = None
        """Why the last write failed (the record on disk keeps what was saved before)."""
        self.say: Callable[[str], None] | None = None
        """What puts a sentence on the table's message line (the widget sets it): a failed
        save is said there, and so is the save that succeeds after it."""
        self._failures = 0
        self._retry: threading.Timer | None = None
        self._lock = threading.Lock()
        self._at: tuple[str, int] | None = None
        self._since = time.monotonic()
        self._hands: set[tuple[int, int, int]] = set()
        self._reviews: dict[int, Json] = {}

    # -- events --------------------------------------------------------------------------------

    def __call__(self, event: TableEvent) -> None:
        """Take one event (the table's listener): update the entry, ask for a write."""
        with self._lock:
            changed = self._take(event)
        if changed:
            self.writer.ask(id(self), self.flush)

    def _take(self, event: TableEvent) -> bool:
        if event.look is not None:
            self.table["look"] = dict(event.look)
            return True
        if event.lesson is not None:
            return self._lesson(event, event.lesson)
        if event.hand is not None:
            return self._hand(event, event.hand)
        if event.review is not None:
            return self._review(event, event.review)
        return False

    def _item(self, place: ItemPlace) -> Json:
        items = self.table["items"]
        item: Json | None = items.get(place.key)
        if item is None:
            item = items[place.key] = {
                "kind": place.kind,
                "title": place.title,
                "order": place.order,
                "finished": False,
                "stars": 0,
                "steps": [{} for _ in range(place.steps)],
            }
            if place.kind == "puzzle":
                item.update(theme=place.theme, difficulty=place.difficulty, solved=None)
        return item

    def _lesson(self, event: TableEvent, lesson: Json) -> bool:
        place = self.locate(lesson)
        item = self._item(place)
        step: Json = item["steps"][place.step]
        if not step:
            step.update(
                title=lesson.get("stepTitle") or "",
                position=lesson.get("position", ""),
                attempts=0,
                moves=0,
                refused=[],
                tried=[],
                hints=0,
                shows=0,
                seconds=0.0,
                done=False,
            )
        now = time.monotonic()
        if self._at != (place.key, place.step):
            self._at, self._since = (place.key, place.step), now
        kind = event.kind
        if kind in ("play", "draw") and event.move is not None:
            step["attempts"] += 1
            if event.refused:
                if len(step["refused"]) < MAX_REFUSED:
                    step["refused"].append({"move": event.move, "code": event.code or "refused"})
            else:
                step["tried"].append(event.move)
        elif kind == "step" and not event.refused:
            step["tried"].extend(event.made[:1])  # the move shown (the lesson's replies follow)
        elif kind == "hint" and not event.refused:
            step["hints"] += 1
        elif kind == "show" and not event.refused:
            step["shows"] += 1
        elif kind == "skip" and not event.refused:
            self._left(item, place.kind)
        if lesson["stepDone"] and lesson.get("interactive", True) and not step["done"]:
            step["done"] = True
            step["seconds"] = round(step["seconds"] + now - self._since, 2)
            step["moves"] = len(step["tried"]) or 1
        elif not lesson.get("interactive", True):
            step["done"] = True
        self._finish(item, place)
        return True

    def _left(self, item: Json, kind: str) -> None:
        """The teacher skipped the step: a puzzle left unsolved is missed."""
        if kind == "puzzle" and item.get("solved") is None:
            item["solved"] = False
        if self._at is not None:
            index = self._at[1]
            item["steps"][index]["skipped"] = True

    def _finish(self, item: Json, place: ItemPlace) -> None:
        steps = item["steps"]
        if not all(s.get("done") for s in steps):
            return
        if place.kind == "puzzle" and item.get("solved") is None:
            item["solved"] = not any(s.get("shows") for s in steps)
        if not item["finished"]:
            item["finished"] = True
            marked = [step_stars(s) for s in steps if s.get("position") and s.get("moves")]
            item["stars"] = lesson_stars(marked) if marked else 3

    def _hand(self, event: TableEvent, hand: Json) -> bool:
        key = (event.session, int(hand.get("hand", 1)), int(hand.get("moves", 0)))
        if key in self._hands:
            return False
        self._hands.add(key)
        entry = dict(hand)
        entry["at"] = _now()
        hands: list[Json] = self.table["hands"]
        hands.append(entry)
        for old in hands[:-KEPT_RECORDS]:
            if not (old.get("daily") and old.get("hand", 1) == 1):
                old["record"] = None
        daily = hand.get("daily")
        if daily and hand.get("hand", 1) == 1:
            item = self.table["items"].setdefault(
                f"daily:{daily}",
                {"kind": "daily", "title": f"Daily deal {daily}", "finished": False, "stars": 0},
            )
            if not item["finished"]:  # the first result stands: the board's leaderboard is fair
                item["finished"] = True
                item["result"] = {
                    "won": hand["won"],
                    "cardsLeft": hand["cardsLeft"],
                    "moves": hand.get("moves", 0),
                    "opponents": hand.get("opponents", []),
                }
                item["stars"] = 3 if hand["won"] else 1
        return True

    def _review(self, event: TableEvent, review: Json) -> bool:
        if review.get("accuracy") is None:
            return False
        entry = self._reviews.get(event.session)
        if entry is None:
            entry = self._reviews[event.session] = {}
            self.table["reviews"].append(entry)
        if entry == review:
            return False
        entry.clear()
        entry.update(review)
        return True

    def remembered_look(self) -> Json | None:
        """The look the learner chose last at any of their tables (a four-colour deck, high
        contrast), as their record keeps it, or ``None``; this table's entry keeps it too. A
        record that cannot be read remembers nothing (writing sets it aside, and says so).

        >>> import tempfile
        >>> folder = tempfile.mkdtemp()
        >>> first = Recorder(RecordStore("ada", folder))
        >>> first.table["look"] = {"deck": "four", "contrast": "normal"}; first.flush()
        >>> Recorder(RecordStore("ada", folder)).remembered_look()
        {'deck': 'four', 'contrast': 'normal'}
        >>> Recorder(RecordStore("bea", folder)).remembered_look() is None
        True
        """
        try:
            tables = self.store.read()["tables"]
        except ProgressError:
            return None
        looks = [table["look"] for table in tables if isinstance(table.get("look"), dict)]
        if not looks:
            return None
        with self._lock:
            self.table["look"] = dict(looks[-1])
        return dict(looks[-1])

    # -- writing -------------------------------------------------------------------------------

    def flush(self) -> None:
        """Write this table's entry now (the writer calls this off the click path). A write
        that fails is said on the message line and tried again later (:data:`RETRY`); the
        entry stays in memory until it is saved."""
        with self._lock:
            self.table["updated"] = _now()
            snapshot = _copy(self.table)
        try:
            self.store.write(snapshot)
        except Exception as error:  # a record that cannot be saved never stops the table
            self._failed(error)
            return
        failed, self.error, self._failures = self.error is not None, None, 0
        if self._retry is not None:
            self._retry.cancel()
        if failed and self.say is not None:
            with speaking(self.language):
                self.say(gettext(SAVED_AGAIN))

    def _failed(self, error: Exception) -> None:
        if not isinstance(error, ProgressError | OSError):
            error = ProgressError(f"the record could not be saved: {error!r}")
        first = self.error is None
        self.error = str(error)
        if first:
            warnings.warn(self.error, stacklevel=3)
        if self.say is not None:
            with speaking(self.language):
                self.say(gettext(UNSAVED).format(why=_why(error)))
        if isinstance(error, RecordTooLargeError):
            return  # trying again cannot help: the learner is told to start a new folder
        wait = RETRY[min(self._failures, len(RETRY) - 1)]
        self._failures += 1
        if self.writer.threads:
            if self._retry is not None:
                self._retry.cancel()
            self._retry = threading.Timer(wait, self.writer.ask, (id(self), self.flush))
            self._retry.daemon = True
            self._retry.start()


_REASONS = {
    errno.ENOSPC: N_("the disk is full"),
    errno.EDQUOT: N_("the disk quota is used up"),
    errno.EROFS: N_("the disk is read-only"),
    errno.EACCES: N_("the folder may not be written"),
    errno.EPERM: N_("the folder may not be written"),
}


def _why(error: Exception) -> str:
    """A failed save's reason in a learner's words (in the language spoken, but for the
    system's own words for an unusual failure)."""
    if isinstance(error, OSError) and error.errno in _REASONS:
        return gettext(_REASONS[error.errno])
    if isinstance(error, RecordTooLargeError):
        return error.said()
    if isinstance(error, OSError):
        return error.strerror or str(error)
    return str(error)


def _copy(value: Any) -> Any:
    """A deep copy of JSON values (faster than :func:`copy.deepcopy`)."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def open_record(
    learner: str | None,
    progress_dir: str | os.PathLike[str] | None = None,
    homework: Homework | None = None,
    language: str = ENGLISH,
) -> Recorder | None:
    """The recorder of a table opened for ``learner`` (``None``: no record is kept), walking
    ``homework`` if given, that speaks ``language``. A bad name raises ``ValueError`` before
    the table opens."""
    if learner is None:
        if progress_dir is not None:
            raise ValueError("progress_dir= keeps a learner's record: give learner= too")
        return None
    store = RecordStore(learner, progress_dir)
    if homework is None:
        return Recorder(store, language=language)
    return Recorder(store, locate=homework.locate, homework=homework.title, language=language)


class PeopleRecorder:
    """Keeps the record of each person at a pass-and-play table: each hand that ends goes
    into every person's own record, as they played it (won or not, their cards left, the
    others as their opponents).

    >>> import tempfile
    >>> from kingscorner_widget import Game
    >>> from kingscorner_widget.table.pass_play import PassAndPlaySession
    >>> folder = tempfile.mkdtemp()
    >>> records = open_records(["Ada", "Ben"], folder)
    >>> s = PassAndPlaySession(Game.new(players=2, seed=3), people=["Ada", "Ben"])
    >>> s.listener = records
    >>> while not s.game.is_over():
    ...     _ = s.act("uncover") if s.cover() else s.act("play", move=s.legal()[0])
    >>> ada, ben = (records.recorders[n].table["hands"][0] for n in ("Ada", "Ben"))
    >>> ada["won"] != ben["won"], ada["opponents"], ben["opponents"]
    (True, ['Ben'], ['Ada'])
    """

    def __init__(self, recorders: Mapping[str, Recorder]) -> None:
        self.recorders = dict(recorders)
        """Each person's recorder, by name."""

    def __call__(self, event: TableEvent) -> None:
        """Take one event (the table's listener): a finished hand, for each person."""
        hand = event.hand
        if hand is None or not isinstance(hand.get("people"), dict):
            return
        shared = {key: value for key, value in hand.items() if key != "people"}
        for name, own in hand["people"].items():
            recorder = self.recorders.get(name)
            if recorder is not None:
                recorder(dataclasses.replace(event, hand={**shared, **own}))

    def flush(self) -> None:
        """Write every person's entry now."""
        for recorder in self.recorders.values():
            recorder.flush()


def open_records(
    people: Iterable[str],
    progress_dir: str | os.PathLike[str] | None = None,
    language: str = ENGLISH,
) -> PeopleRecorder:
    """The recorders of a pass-and-play table's ``people``, one record each (in
    ``progress_dir``, as :func:`open_record`). A bad name raises ``ValueError`` before the
    table opens."""
    return PeopleRecorder(
        {name: Recorder(RecordStore(name, progress_dir), language=language) for name in people}
    )
