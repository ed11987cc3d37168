"""The class record kept by the class server itself, from the moves played at its tables.

At a server table the learner's kernel only sends intents and shows frames: it writes no
record and never sees another hand or the stock. The server keeps each seated learner's record
instead, in its own SQLite file (:mod:`~.store`: one row per learner per room, the same
progress JSON a notebook writes, so :mod:`~kingscorner_widget.classroom.typed` and the board
read it as they read a handed-in file). It is built by the kernel's own
:class:`~kingscorner_widget.classroom.recorder.Recorder` listening to the seat's session on the
server, written to the server's database (:class:`ServerRecordStore`) rather than to a file:

- each hand that ends at the table, as every person at it played it (won or not, the cards
  left, the others by name), from the server's own game;
- the lessons, homework, puzzles and daily deal a learner opens at their own table on the
  server (:mod:`~.desks`): each step as the lesson runner judged it, its stars, each puzzle
  solved or missed and the daily deal's first result (the Recorder keeps them as it does in a
  kernel, from the moves played on the server);
- the Hints and Show me each learner asked for, counted here, where they are given.

:class:`ServerRecords` also keeps what a teacher watches live (:meth:`ServerRecords.live`): who
sits at which table, who is connected and who is away (since when), what each one is doing
(which lesson step), the hands played and won, the hints asked, and who looks stuck.

>>> from kingscorner_widget.server.room import Room
>>> from kingscorner_widget.server.store import Store
>>> from kingscorner_widget.classroom.store import Writer
>>> records = ServerRecords(Store(None), writer=Writer(threads=False))
>>> room = Room("Year 7", code="KXT4PQ", seats=2, seed=5); _ = room.join("Ada")
>>> table = room.tables[0]
>>> records.watch(room, table)
>>> while not table.game.is_over():
...     _ = table.computer_move() or table.session(1).act("play", move=table.session(1).legal()[0])
>>> hand = records.record("KXT4PQ", "Ada")["tables"][0]["hands"][0]
>>> hand["opponents"], hand["hand"], isinstance(hand["won"], bool)
(['P2'], 1, True)
"""

from __future__ import annotations

import csv
import dataclasses
import datetime
import io
import json
import pathlib
import threading
import time
import uuid
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..classroom.record import MAX_BYTES, check_learner, check_record, empty_record
from ..classroom.recorder import Recorder
from ..classroom.store import RecordStore, RecordTooLargeError, Writer, _now
from ..display.language import N_, active, check_language, gettext, pgettext, speaking
from ..display.tables import Column, HtmlTable
from ..engine.game import Game
from ..table.events import Listener, TableEvent, table_event
from ..table.reply import Reply
from .room import Room, ServerTable
from .store import Store

if TYPE_CHECKING:
    from ..classroom.homework import Homework

__all__ = [
    "STUCK_HELP",
    "STUCK_IDLE",
    "STUCK_REFUSED",
    "LiveRow",
    "ServerRecordStore",
    "ServerRecords",
]

Json = dict[str, Any]
STUCK_IDLE = 120.0
"""Seconds a learner whose turn it is may make no move before the live view says stuck."""
STUCK_REFUSED = 3
"""Moves refused in a row (with none played between) before the live view says stuck."""
STUCK_HELP = 2
"""Hints and Show me asked on one lesson step before the live view says stuck (as the board)."""
KEPT = N_(
    "Kept by the class server from the moves played at its tables: the learners' machines "
    "wrote none of it."
)


@dataclasses.dataclass(frozen=True)
class Doing:
    """What a learner works on, kept as facts and said in the teacher's language when the live
    view is read (:meth:`words`): ``"table"`` (their seat's table), ``"step"`` (a lesson's step
    at their own table), ``"daily"`` (the daily deal there), ``"desk"`` (a desk just opened,
    by its title) or ``""`` (nothing yet).

    >>> Doing("step", title="A worked turn", step=0, steps=3).said()
    'A worked turn, step 1 of 3'
    >>> with speaking("fr"):
    ...     Doing("table", table=2).said()
    'table 2'
    """

    kind: str = ""
    table: int = 0
    """Their table's number (``"table"``)."""
    title: str = ""
    """The lesson's or the desk's title, as the lesson names itself (data)."""
    step: int = 0
    """The step, from 0 (``"step"``)."""
    steps: int = 0
    """The lesson's number of steps."""
    done: bool = False
    """True once the lesson is done."""

    def said(self) -> str:
        """The facts in words, in the language spoken."""
        if self.kind == "table":
            # TRANSLATORS: the live view's "doing" column: the learner is at table {table}.
            return gettext("table {table}").format(table=self.table)
        if self.kind == "daily":
            return pgettext("live view", "the daily deal")
        if self.kind == "step" and self.done:
            # TRANSLATORS: {lesson}: a lesson's title; {step} of {steps}: where the learner is.
            said = gettext("{lesson}, step {step} of {steps}, done")
        elif self.kind == "step":
            # TRANSLATORS: {lesson}: a lesson's title; {step} of {steps}: where the learner is.
            said = gettext("{lesson}, step {step} of {steps}")
        else:
            return self.title
        return said.format(lesson=self.title, step=self.step + 1, steps=self.steps)


class ServerRecordStore(RecordStore):
    """A learner's record in the class server's database (room ``code``), where a
    :class:`~kingscorner_widget.classroom.recorder.Recorder` writes it as it would a file."""

    def __init__(self, records: ServerRecords, code: str, learner: str) -> None:
        super().__init__(learner, pathlib.Path(records.store.path or ".") / code)
        self.records = records
        self.code = code

    def read(self) -> Json:
        kept = self.records.store.record(self.code, self.learner)
        return empty_record(self.learner) if kept is None else check_record(json.loads(kept[0]))

    def write(self, table: Json) -> Json:
        with self.records.lock:
            record = self.read()
            record["tables"] = [t for t in record["tables"] if t.get("id") != table["id"]]
            record["tables"].append(table)
            record["updated"] = _now()
            text = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
            size = len(text.encode("utf-8"))
            if size > MAX_BYTES:
                raise RecordTooLargeError(self.learner, size)
            live = self.records.live_of(self.code, self.learner)
            self.records.store.put_record(self.code, self.learner, text, live.hints, live.shows)
            return record


@dataclasses.dataclass
class LiveRow:
    """What the teacher's live view shows of one learner."""

    learner: str
    table: int
    seat: int
    hands: int = 0
    won: int = 0
    hints: int = 0
    shows: int = 0
    refused_in_a_row: int = 0
    last_move: float = dataclasses.field(default_factory=time.monotonic)
    """When the learner last played a move (or sat down), by the monotonic clock."""
    connected: bool = False
    """True while a connection of the learner's is open at the server."""
    away_since: datetime.datetime | None = None
    """When the learner's last connection closed (UTC), while none is open."""
    what: Doing = Doing()
    """What the learner works on: their table, or a lesson's step at their own table."""
    step: tuple[str, int] | None = None
    """The lesson and step they are on (at their own table), else ``None``."""
    step_help: int = 0
    """Hints and Show me asked on that step."""

    def stuck(self, their_turn: bool, now: float | None = None) -> str:
        """Why this learner looks stuck (empty: they do not): refused repeatedly, asking for
        help on one lesson step again and again, or no move for :data:`STUCK_IDLE` seconds on
        their turn; in the language spoken)."""
        if self.refused_in_a_row >= STUCK_REFUSED:
            # TRANSLATORS: {n} is at least 3.
            return gettext("{n} moves refused in a row").format(n=self.refused_in_a_row)
        if self.step is not None and self.step_help >= STUCK_HELP:
            # TRANSLATORS: {n} is at least 2; "Show me" is the table's button.
            return gettext("{n} hints and Show me on this step").format(n=self.step_help)
        idle = (time.monotonic() if now is None else now) - self.last_move
        if their_turn and idle >= STUCK_IDLE:
            # TRANSLATORS: {minutes} is at least 2.
            return gettext("no move for {minutes} min on their turn").format(
                minutes=int(idle // 60)
            )
        return ""

    @property
    def doing(self) -> str:
        """:attr:`what` in words, in the language spoken."""
        return self.what.said()

    def presence(self) -> str:
        """``here``, or ``away since HH:MM UTC`` (their connection dropped then), in the
        language spoken."""
        if self.connected:
            return pgettext("live view", "here")
        if self.away_since is None:
            return pgettext("live view", "away")
        # TRANSLATORS: {time} is a time of day, such as 14:05 (the UTC stays as it is).
        return gettext("away since {time} UTC").format(time=f"{self.away_since:%H:%M}")


class ServerRecords:
    """Every seated learner's record at the class server whose memory is ``store``, written by
    ``writer`` (its own thread, off the tables' path; :meth:`flush` writes what waits)."""

    def __init__(self, store: Store, *, writer: Writer | None = None) -> None:
        self.store = store
        self.writer = writer or Writer()
        self.lock = threading.RLock()
        self._recorders: dict[tuple[str, str], Recorder] = {}
        self._desks: dict[tuple[str, str, str], Recorder] = {}
        self._live: dict[tuple[str, str], LiveRow] = {}
        self._tables: dict[tuple[str, str], ServerTable] = {}
        self.listeners: list[Callable[[str], None]] = []
        """Called with a room's code whenever something in its live view changed."""

    # -- who is where ----------------------------------------------------------------------------

    def live_of(self, code: str, learner: str) -> LiveRow:
        with self.lock:
            row = self._live.get((code, learner))
            if row is None:
                kept = self.store.record(code, learner)
                row = self._live[code, learner] = LiveRow(learner, 0, 0)
                if kept is not None:
                    row.hints, row.shows = kept[1], kept[2]
            return row

    def recorder(self, code: str, learner: str) -> Recorder:
        """The recorder of ``learner`` in room ``code`` (one table entry per server run)."""
        with self.lock:
            found = self._recorders.get((code, learner))
            if found is None:
                store = ServerRecordStore(self, code, learner)
                found = self._recorders[code, learner] = Recorder(store, writer=self.writer)
            return found

    def watch(self, room: Room, table: ServerTable) -> None:
        """Record every person seated at ``table`` of ``room``: their actions at their seat's
        session, and each hand that ends there."""
        with table.lock:
            table.on_hand = lambda shared, game: self._hand(room.code, shared, game)
            for seat, learner in table.people.items():
                self.seat(room, table, seat, learner)

    def seat(self, room: Room, table: ServerTable, seat: int, learner: str) -> None:
        """Record ``learner`` at ``seat`` of ``table`` (their session's events come here). A
        name no record can carry (a room kept from before names were checked) is not recorded:
        the table plays on."""
        try:
            check_learner(learner)
        except ValueError:
            return
        with self.lock:
            row = self.live_of(room.code, learner)
            row.table, row.seat = table.number, seat
            if row.step is None:
                row.what = Doing("table", table=table.number)
            self._tables[room.code, learner] = table
        table.session(seat).listener = self.listener(room.code, learner)
        self._changed(room.code)

    # -- events ---------------------------------------------------------------------------------

    def listener(self, code: str, learner: str) -> Callable[[TableEvent], None]:
        """What a session on the server calls after each action of ``learner`` in room
        ``code`` (a seat's session is given it by :meth:`seat`)."""
        return lambda event: self._event(code, learner, event)

    def _event(self, code: str, learner: str, event: TableEvent) -> None:
        self._count(code, learner, event)
        # a hand is recorded once, when it ends at the table (a computer may end it)
        self.recorder(code, learner)(dataclasses.replace(event, hand=None))
        if event.kind in ("hint", "show") and not event.refused:
            self.writer.ask(id(self.recorder(code, learner)), self.recorder(code, learner).flush)
        self._changed(code)

    def _count(self, code: str, learner: str, event: TableEvent) -> None:
        """What the live view counts of one action: refusals in a row, hints, Show me, the
        step the learner is on and the help asked on it."""
        row = self.live_of(code, learner)
        helped = event.kind in ("hint", "show") and not event.refused
        with self.lock:
            if event.kind in ("play", "draw") and event.move is not None:
                if event.refused:
                    row.refused_in_a_row += 1
                else:
                    row.refused_in_a_row, row.last_move = 0, time.monotonic()
            elif event.kind == "hint" and not event.refused:
                row.hints += 1
            elif event.kind == "show" and not event.refused:
                row.shows += 1
            lesson = event.lesson
            if lesson is not None:
                at = (str(lesson["title"]), int(lesson["step"]))
                if at != row.step:
                    row.step, row.step_help = at, 0
                    row.refused_in_a_row, row.last_move = 0, time.monotonic()
                row.step_help += int(helped)
                row.what = Doing(
                    "step",
                    title=at[0],
                    step=at[1],
                    steps=int(lesson["steps"]),
                    done=bool(lesson["done"]),
                )

    def desk_listener(self, code: str, learner: str, recorder: Recorder) -> Listener:
        """What the learner's own table at the server (:mod:`~.desks`) tells of each action:
        the live view counts it and ``recorder`` keeps it, whole (a daily hand with its
        result)."""

        def told(event: TableEvent) -> None:
            self._count(code, learner, event)
            if event.mode == "play":
                with self.lock:
                    row = self.live_of(code, learner)
                    row.step, row.what = None, Doing("daily")  # a desk's only play
            recorder(event)
            if event.kind in ("hint", "show") and not event.refused:
                self.writer.ask(id(recorder), recorder.flush)
            self._changed(code)

        return told

    def desk_recorder(
        self, code: str, learner: str, record: str, homework: Homework | None = None
    ) -> Recorder:
        """The recorder of ``learner``'s own tables of kind ``record`` in room ``code`` (their
        lessons, a homework's walk, the daily deal): one entry of their record each, kept
        across the tables they open during this server's run."""
        with self.lock:
            found = self._desks.get((code, learner, record))
            if found is None:
                store = ServerRecordStore(self, code, learner)
                if homework is None:
                    found = Recorder(store, writer=self.writer)
                else:
                    found = Recorder(
                        store, locate=homework.locate, homework=homework.title, writer=self.writer
                    )
                self._desks[code, learner, record] = found
            return found

    def opened(self, code: str, learner: str, doing: Doing) -> None:
        """``learner`` turned to ``doing`` (their own table's work, or back to their table)."""
        with self.lock:
            row = self.live_of(code, learner)
            row.what, row.step, row.step_help = doing, None, 0
            row.refused_in_a_row, row.last_move = 0, time.monotonic()
        self._changed(code)

    def present(self, code: str, learner: str, here: bool) -> None:
        """``learner`` is connected now (``here``), or their last connection has closed."""
        with self.lock:
            row = self.live_of(code, learner)
            if here:
                row.connected, row.away_since = True, None
            elif row.connected:
                row.connected, row.away_since = False, datetime.datetime.now(datetime.UTC)
        self._changed(code)

    def _hand(self, code: str, table: ServerTable, game: Game) -> None:
        """The hand at ``table`` is over: it goes into the record of each person at it."""
        for seat, learner in sorted(table.people.items()):
            session = table.session(seat)
            event = table_event(session, "play", {}, Reply(""))
            if event.hand is None:
                continue
            others = [table.name(p) for p in range(1, table.seats + 1) if p != seat]
            hand = {**event.hand, "hand": table.hand_number, "opponents": others}
            hand["winners"] = [table.name(p) for p in game.outcome().winners]  # type: ignore[union-attr]
            self.recorder(code, learner)(dataclasses.replace(event, hand=hand))
            row = self.live_of(code, learner)
            with self.lock:
                row.hands += 1
                row.won += int(hand["won"])
        self._changed(code)

    def _changed(self, code: str) -> None:
        for listener in list(self.listeners):
            listener(code)

    # -- reading --------------------------------------------------------------------------------

    def flush(self) -> None:
        """Write every record waiting now."""
        self.writer.flush()
        self.writer.wait()

    def record(self, code: str, learner: str) -> Json | None:
        """``learner``'s record in room ``code`` as the server keeps it (after :meth:`flush`)."""
        self.flush()
        kept = self.store.record(code, learner)
        return None if kept is None else check_record(json.loads(kept[0]))

    def rows(self, code: str) -> list[LiveRow]:
        """Every learner seated in room ``code`` this run, by table and seat."""
        with self.lock:
            rows = [row for (c, _), row in self._live.items() if c == code and row.table]
        return sorted(rows, key=lambda r: (r.table, r.seat))

    def live(self, code: str, language: str | None = None) -> LiveView:
        """The teacher's live view of room ``code`` (:class:`LiveView`) in ``language`` (the
        teacher's: default the language spoken where it is asked for)."""
        return LiveView(self, code, language)

    def their_turn(self, code: str, row: LiveRow) -> bool:
        table = self._tables.get((code, row.learner))
        return (
            table is not None
            and not table.game.is_over()
            and table.game.turn == row.seat
            and row.seat not in table.away
        )

    def to_csv(self, code: str, path: str | pathlib.Path | None = None) -> str:
        """A gradebook of room ``code`` from the server's records: one row a learner, numbers
        only (hands played, hands won, hints, Show me). Written to ``path`` if given (a new
        file renamed over it: a planted link is replaced, never followed)."""
        from ..analysis.league.results import write_atomically

        self.flush()
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["learner", "hands played", "hands won", "hints", "show me"])
        for _, learner, text, hints, shows in self.store.records(code):
            hands = [h for t in json.loads(text)["tables"] for h in t.get("hands", [])]
            won = sum(bool(h.get("won")) for h in hands)
            name = "'" + learner if learner[:1] in "=+-@" else learner
            writer.writerow([name, len(hands), won, hints, shows])
        text = out.getvalue()
        if path is not None:
            write_atomically(pathlib.Path(path), text, 0o644)
        return text


class LiveView:
    """The teacher's live view of a room during class: each learner, connected or away (since
    when), their table and seat, what they work on (a lesson's step), hands played and won,
    hints and Show me asked, and who looks stuck (:meth:`LiveRow.stuck`).
    Shown in a notebook it refreshes in place as the tables play (:meth:`show`), always in
    ``language`` (its teacher's: default the language spoken where it is made), whatever
    language each learner's table speaks."""

    def __init__(self, records: ServerRecords, code: str, language: str | None = None) -> None:
        self.records = records
        self.code = code
        self.language = active() if language is None else check_language(language)
        """The teacher's language, that the view speaks (a refresh comes from the server's
        threads: it is said in this language, not theirs)."""
        self.display_id = ""
        """Where the view is displayed in the notebook (set by :meth:`show`)."""
        self._listener: Callable[[str], None] | None = None

    def table(self) -> HtmlTable:
        """The view now, as a table (HTML in a notebook, text in a terminal), in the view's
        language."""
        with speaking(self.language):
            return self._table()

    def _table(self) -> HtmlTable:
        rows = []
        for row in self.records.rows(self.code):
            stuck = row.stuck(self.records.their_turn(self.code, row))
            rows.append(
                (
                    row.learner,
                    row.presence(),
                    row.table,
                    row.seat,
                    row.doing,
                    row.hands,
                    row.won,
                    row.hints,
                    row.shows,
                    stuck,
                )
            )
        columns = [
            Column(pgettext("live column", "learner")),
            Column(pgettext("live column", "connected")),
            Column(pgettext("live column", "table")),
            Column(pgettext("live column", "seat")),
            Column(pgettext("live column", "doing")),
            Column(pgettext("live column", "hands played")),
            Column(pgettext("live column", "hands won")),
            Column(pgettext("live column", "hints")),
            Column(pgettext("live column", "show me")),
            Column(pgettext("live column", "stuck")),
        ]
        notes = (
            gettext(KEPT),
            # TRANSLATORS: {refused}, {helped}: counts; {minutes}: a number of minutes.
            gettext(
                "Stuck: {refused} or more moves refused in a row, {helped} or more hints and "
                "Show me on one lesson step, or no move for {minutes} min on their turn."
            ).format(refused=STUCK_REFUSED, helped=STUCK_HELP, minutes=int(STUCK_IDLE // 60)),
            gettext(
                "Away: the learner's notebook lost its connection to the server at the time "
                "shown; they are here again as soon as it joins again."
            ),
        )
        return HtmlTable(columns, rows, title=gettext("The class now"), notes=notes)

    def _repr_html_(self) -> str:
        return self.table()._repr_html_()

    def __str__(self) -> str:
        return str(self.table())

    def show(self) -> None:
        """Display the view in a notebook and refresh it in place whenever the room changes
        (until :meth:`stop`)."""
        from IPython import display as ipython_display

        show: Callable[..., object] = ipython_display.display
        update: Callable[..., object] = ipython_display.update_display
        self.stop()
        self.display_id = self.display_id or f"kingscorner-live-{uuid.uuid4().hex}"
        show(self._bundle(), raw=True, display_id=self.display_id)

        def changed(code: str) -> None:
            if code == self.code:
                update(self._bundle(), raw=True, display_id=self.display_id)

        self._listener = changed
        self.records.listeners.append(changed)

    def _bundle(self) -> dict[str, str]:
        table = self.table()
        return {"text/html": table._repr_html_(), "text/plain": str(table)}

    def stop(self) -> None:
        """Stop refreshing."""
        if self._listener is not None:
            self.records.listeners.remove(self._listener)
            self._listener = None
