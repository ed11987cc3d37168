"""The teacher's board: every learner's record under a folder, as tables and a chart.

``ClassBoard("collected/")`` reads every record under the folder
(:mod:`~kingscorner_widget.classroom.reading`: flat, nbgrader's ``submitted/<student>/...``, or
the files a browser-course class downloads) and shows, with no compiled package:

- :meth:`~ClassBoard.help_first`: who needs help first, by the rule in :data:`HELP_RULE`;
- :meth:`~ClassBoard.mistakes`: the class's refused moves by rule, in words;
- :meth:`~ClassBoard.progress`: learners by item (done with its stars, a puzzle solved or
  missed, in progress or stuck at step N, not verified, not started) with the hints and Show
  me each used;
- :meth:`~ClassBoard.themes`: accuracy by puzzle theme, as a Vega-Lite chart;
- :meth:`~ClassBoard.hands`: hands played and won, and the reviews' accuracy with its judge;
- :meth:`~ClassBoard.leaderboard`: the class's results on a daily deal (the first each had);
- :meth:`~ClassBoard.to_check`: records that name someone else or use a look-alike name;
- :meth:`~ClassBoard.to_csv`: a gradebook of numbers;
- :meth:`~ClassBoard.attempt` and :meth:`~ClassBoard.replay`: a learner's attempt at an item,
  step by step, and as a game for a review table
  (``KingsCornerWidget(r.game, mode="review", viewer=r.player)``).

Bad records are named on the board with their reason and skipped; every name and word from a
record is made inert and escaped; the board says the records are self-reported. Given the
homework, it replays every finished item against it (:mod:`.verify`) and says what that proves.

>>> import tempfile
>>> board = ClassBoard(tempfile.mkdtemp())
>>> board.learners, board.bad
([], [])
>>> SELF_REPORTED in board.text()
True
"""

from __future__ import annotations

import csv
import dataclasses
import datetime
import functools
import io
import json
import os
import pathlib
import sqlite3
from collections.abc import Callable, Iterable
from html import escape
from typing import Any, TypeVar

from ..analysis.league.results import write_atomically
from ..display.charts import bar_chart, bars_svg
from ..display.language import (
    N_,
    NP_,
    active,
    check_language,
    gettext,
    ngettext,
    pgettext,
    speaking,
)
from ..display.tables import Column, HtmlTable, Value
from ..engine.game import Game
from ..engine.moves import as_move
from ..engine.record import game_from_json
from ..engine.words import count_words
from ..lessons.runner import LessonRun
from .homework import Homework
from .mistakes import said as mistake_said
from .names import name_key
from .reading import BadRecord, Found, LearnerRecord, read_folder
from .record import ProgressError
from .themes import THEMES, theme_said
from .typed import MAX_ITEMS, WORD, said, typed_record
from .verify import PROVES, Checked, check_daily, check_steps

__all__ = ["HELP_RULE", "SELF_REPORTED", "ClassBoard", "Replay"]

Json = dict[str, Any]
_T = TypeVar("_T")
SELF_REPORTED = N_(
    "Records are written by the learners' own machines (self-reported): they show what each "
    "table saw, not a proof of it."
)
KEPT_BY_SERVER = N_(
    "Records kept by the class server from the moves played at its tables: no learner's "
    "machine wrote them."
)
SERVER_JUDGED = N_(
    "Verified by construction: the server judged every move as it was played, and no file "
    "handed in can change these rows."
)
NO_PUZZLE = N_("No learner has finished a puzzle yet, so the chart by theme has no bar.")
UNCHECKED = N_(
    "Nothing was replayed: give the homework (homework=, or --homework) to have every finished "
    "item played again through the engine."
)
STUCK_REFUSED = 3
STUCK_HELP = 2
_STUCK_RULE = N_(
    "Stuck: on the step they are at, {refused} or more refused moves, or {helped} or more "
    "hints and Show me; an item started and not finished otherwise is in progress (the learner "
    "may simply not have gone on yet)."
)
_HELP_RULE = N_(
    "Who needs help first: the most items stuck first; then the most refused moves per step "
    "tried; then the most hints and Show me used; then the fewest items finished."
)


def stuck_rule() -> str:
    """When an item counts as stuck, in the language spoken."""
    return gettext(_STUCK_RULE).format(refused=STUCK_REFUSED, helped=STUCK_HELP)


def help_rule() -> str:
    """The order of :meth:`ClassBoard.help_first`, in the language spoken."""
    return f"{gettext(_HELP_RULE)} {stuck_rule()}"


STUCK_RULE = _STUCK_RULE.format(refused=STUCK_REFUSED, helped=STUCK_HELP)
HELP_RULE = f"{_HELP_RULE} {STUCK_RULE}"
CHECK_RULE = N_(
    "A record is the learner's whose folder (nbgrader's submitted/<student>/) or file name "
    "(ada.json) it was handed in under, whatever name it holds; names are compared after "
    "Unicode normalisation and casefolding, and one written with look-alike letters of "
    "another script is flagged."
)
SHOWN_BAD = 50
"""Bad files named one by one on the board (the rest are counted)."""
RESERVED = (
    NP_("board column", "learner"),
    NP_("board column", "hints"),
    NP_("board column", "show me"),
)
"""The progress table's own columns: an item never takes their name (in any language)."""
STARS = "\u2605"
NO_STAR = "\u2606"


@dataclasses.dataclass(frozen=True)
class Replay:
    """A learner's attempt as a game to review: ``KingsCornerWidget(r.game, mode="review",
    viewer=r.player)``."""

    game: Game
    player: int
    moves: tuple[str, ...]
    """The moves that were played again (a move that no longer fits is left out)."""


def _rank(item: Json) -> tuple[int, int, int]:
    """How far an attempt went: finished, then stars, then steps done."""
    done = sum(bool(s.get("done")) for s in item.get("steps", []))
    return (bool(item.get("finished")), int(item.get("stars", 0)), done)


def _best(items: Iterable[Json]) -> Json | None:
    """The furthest attempt at an item among a learner's tables."""
    found = list(items)
    return max(found, key=_rank) if found else None


def _counts(item: Json) -> tuple[int, int, int, int]:
    """Hints, Show me, refused moves and steps tried in an item."""
    steps = item.get("steps", [])
    return (
        sum(int(s.get("hints", 0)) for s in steps),
        sum(int(s.get("shows", 0)) for s in steps),
        sum(len(s.get("refused", [])) for s in steps),
        sum(1 for s in steps if s.get("attempts") or s.get("done")),
    )


def _marked(item: Json, checked: Checked) -> Json:
    """``item`` as its replay found it: verified or not (with why), its stars computed again."""
    marked = {**item, "verified": checked.verified, "why": checked.why, "claimed": item["stars"]}
    marked["fast"] = checked.seconds
    marked["stars"] = checked.stars if checked.verified else 0
    if checked.solved is not None or not checked.verified:
        marked["solved"] = checked.solved if checked.verified else None
    if checked.result is not None:
        marked["result"] = {**item.get("result", {}), **checked.result}
    return marked


def _first_daily(key: str, tried: list[tuple[Json, Json]]) -> tuple[Json, Json | None]:
    """The first finished result of a daily deal across the learner's tables (by when its
    first hand ended) and that hand: a later table that won does not replace it."""
    day = key.removeprefix("daily:")
    hands = []
    for table, item in tried:
        if not item.get("finished"):
            continue
        first = next(
            (h for h in table.get("hands", []) if h.get("daily") == day and h.get("hand") == 1),
            None,
        )
        hands.append((first.get("at", "") if first else "", item, first))
    if not hands:
        return tried[0][1], None
    hands.sort(key=lambda found: (found[0] == "", found[0]))  # undated last
    _, item, hand = hands[0]
    return item, hand


def _fast(item: Json) -> str:
    """A mark on an item whose moves came faster than a hand plays them."""
    seconds = item.get("fast")
    if seconds is None:
        return ""
    # TRANSLATORS: after an item's state on the board; {seconds} is how long its moves took
    return gettext(" (too fast for a hand: {seconds} s)").format(seconds=f"{seconds:g}")


def _csv_safe(text: str) -> str:
    """A name as a spreadsheet cell that is never read as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


def _cell(item: Json | None) -> str:
    """An item's state in words (with stars)."""
    if item is None:
        return gettext("not started")
    if item.get("verified") is False:
        # TRANSLATORS: {why} says why the item's replay failed
        return gettext("not verified ({why})").format(why=item.get("why", ""))
    kind = item.get("kind")
    if kind == "daily":
        result = item.get("result") or {}
        if not item.get("finished"):
            return gettext("not finished")
        left = result.get("cardsLeft", "?")
        if result.get("won"):
            # TRANSLATORS: a daily deal's result; {n} is the cards left in the learner's hand
            return gettext("won, {n} left").format(n=left)
        return gettext("lost, {n} left").format(n=left)
    if item.get("finished"):
        if kind == "puzzle":
            return (gettext("solved") if item.get("solved") else gettext("missed")) + _fast(item)
        stars = int(item.get("stars", 0))
        # TRANSLATORS: a finished lesson; {stars} is three stars, filled or empty
        return gettext("done {stars}").format(stars=STARS * stars + NO_STAR * (3 - stars)) + _fast(
            item
        )
    steps = item.get("steps", [])
    at = next((n for n, s in enumerate(steps, start=1) if not s.get("done")), len(steps))
    if _stuck(item):
        return gettext("stuck at step {at} of {n}").format(at=at, n=len(steps))
    return gettext("in progress at step {at} of {n}").format(at=at, n=len(steps))


def _learners(n: int) -> str:
    """``n`` learners, in words."""
    return ngettext("{n} learner", "{n} learners", n).format(n=n)


def _stuck(item: Json) -> bool:
    """Whether an unfinished item is stuck, by :data:`STUCK_RULE`."""
    if item.get("finished") or item.get("kind") == "daily":
        return False
    step = next((s for s in item.get("steps", []) if not s.get("done")), None)
    if step is None:
        return False
    helped = int(step.get("hints", 0)) + int(step.get("shows", 0))
    return len(step.get("refused", [])) >= STUCK_REFUSED or helped >= STUCK_HELP


def _server_file_rows(path: pathlib.Path, room: str | None) -> list[tuple[str, str, str]]:
    """The records kept in a class server's data file ``path`` (opened read only): room,
    learner and the record's JSON, of room ``room`` or every room."""
    if not path.is_file():
        raise FileNotFoundError(
            gettext("{path} is not a class server's data file").format(path=path)
        )
    db = sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True)
    try:
        if (
            room is not None
            and not db.execute("select 1 from rooms where code = ?", (room,)).fetchone()
        ):
            raise ValueError(
                gettext("{file} keeps no room {room}").format(file=path.name, room=room)
            )
        query = "select code, learner, record from records"
        found = (
            db.execute(query + " where code = ? order by learner", (room,))
            if room is not None
            else db.execute(query + " order by code, learner")
        ).fetchall()
    except sqlite3.DatabaseError as error:
        raise ValueError(
            gettext("{file} is not a class server's data file: {error}").format(
                file=path.name, error=error
            )
        ) from None
    finally:
        db.close()
    return [(str(c), str(n), str(r)) for c, n, r in found]


def _spoken(method: Callable[..., _T]) -> Callable[..., _T]:
    """``method`` of a board, said in the board's language (its teacher's)."""

    @functools.wraps(method)
    def said_in(self: ClassBoard, *args: Any, **kwargs: Any) -> _T:
        with speaking(self.language):
            return method(self, *args, **kwargs)

    return said_in


class ClassBoard:
    """Every record under ``folder`` as a board; ``homework`` (a :class:`Homework` or its file)
    fixes the items and their order (default: every item found, in the order found).

    The board speaks ``language`` (its teacher's: default the language spoken where it is made,
    English unless :func:`~kingscorner_widget.display.language.speaking` says otherwise),
    whatever language each learner's table spoke: a record's words are data, its items' keys
    and reason codes are the same in every language."""

    def __init__(
        self,
        folder: str | os.PathLike[str],
        homework: Homework | str | None = None,
        language: str | None = None,
    ) -> None:
        self.folder = pathlib.Path(folder)
        self.language = check_language(language or active())
        with speaking(self.language):
            self._take(read_folder(self.folder), homework)

    def _take(self, found: Found, homework: Homework | str | None) -> None:
        self.records: list[LearnerRecord] = found.records
        self.bad: list[BadRecord] = found.bad
        """The files skipped, each with its reason."""
        self.homework = Homework.load(homework) if isinstance(homework, str) else homework
        self._items = self._merge()
        self._names = {name_key(r.learner): r.learner for r in self.records}
        _ = self.items  # a class of too many items is named among the skipped at once

    kept_by_server = False
    """True for a board read from a class server's records (:meth:`from_server`): the server
    wrote them from the moves played at its tables, so no learner's machine could forge them."""

    @classmethod
    def from_server(
        cls,
        source: str | os.PathLike[str] | Any,
        room: str | None = None,
        homework: Homework | str | None = None,
        language: str | None = None,
    ) -> ClassBoard:
        """The board of the records a class server keeps (:mod:`kingscorner_widget.server.
        records`): ``source`` a running :class:`~kingscorner_widget.server.ClassServer` or its
        data file (read only), of room ``room`` (its code) or of every room. A learner seated
        in two rooms is one row.

        >>> from kingscorner_widget import ClassServer
        >>> with ClassServer(port=0, pace=0) as server:
        ...     room = server.open_room("Year 7")
        ...     board = ClassBoard.from_server(server, room.code)
        >>> board.kept_by_server, board.learners
        (True, [])
        """
        language = check_language(language or active())
        with speaking(language):
            return cls._from_server(source, room, homework, language)

    @classmethod
    def _from_server(
        cls, source: Any, room: str | None, homework: Homework | str | None, language: str
    ) -> ClassBoard:
        wanted = None if room is None else room.upper().replace(" ", "").replace("-", "")
        if isinstance(source, str | os.PathLike):
            path = pathlib.Path(source)
            label = path
            rows = _server_file_rows(path, wanted)
        else:  # a running ClassServer: what its records wait to write goes first
            source.records.flush()
            label = pathlib.Path(gettext("class server {address}").format(address=source.address))
            rows = [(c, n, text) for c, n, text, _, _ in source.store.records(wanted)]
        learners: dict[str, LearnerRecord] = {}
        bad: list[BadRecord] = []
        for code, learner, text in rows:
            where = gettext("room {code}, {learner}").format(code=code, learner=said(learner, WORD))
            try:
                typed = typed_record(json.loads(text))
            except (ProgressError, ValueError) as error:
                bad.append(BadRecord(where, str(error)))
                continue
            bad.extend(BadRecord(where, problem) for problem in typed.problems)
            found = learners.setdefault(name_key(learner), LearnerRecord(learner, [], []))
            found.tables.extend(typed.tables)
            found.files.append(gettext("room {code}").format(code=code))
        board = cls.__new__(cls)
        board.folder = label
        board.language = language
        board.kept_by_server = True
        board._take(Found(sorted(learners.values(), key=lambda r: r.learner), bad), homework)
        return board

    # -- reading -------------------------------------------------------------------------------

    def _merge(self) -> dict[str, dict[str, Json]]:
        merged: dict[str, dict[str, Json]] = {}
        for record in self.records:
            if self.homework is not None:
                merged[record.learner] = self._replayed(record, self.homework)
                continue
            attempts: dict[str, list[tuple[Json, Json]]] = {}
            for table in record.tables:
                for key, item in table.get("items", {}).items():
                    attempts.setdefault(key, []).append((table, item))
            merged[record.learner] = {
                key: _first_daily(key, found)[0]
                if key.startswith("daily:")
                else max((item for _, item in found), key=_rank)
                for key, found in attempts.items()
            }
        return merged

    def _replayed(self, record: LearnerRecord, homework: Homework) -> dict[str, Json]:
        """The learner's items of ``homework``, each finished one replayed (:mod:`.verify`):
        the best attempt that replays, else the furthest one, marked not verified when it
        claims to be finished; a daily deal's first result, replayed."""
        attempts: dict[str, list[tuple[Json, Json]]] = {}
        for table in record.tables:
            for key, item in table.get("items", {}).items():
                attempts.setdefault(key, []).append((table, item))
        found: dict[str, Json] = {}
        for place in homework.items:
            tried = attempts.get(place.key)
            if not tried:
                continue
            if place.kind == "daily":
                item, hand = _first_daily(place.key, tried)
                found[place.key] = _marked(item, check_daily(homework, hand))
                continue
            best: Json | None = None
            for _, item in tried:
                if not item.get("finished"):
                    continue
                checked = check_steps(LessonRun(homework.lesson(), place.start), place, item)
                marked = _marked(item, checked)
                if checked.verified and (best is None or marked["stars"] > best["stars"]):
                    best = marked
            if best is None:
                furthest = _best([item for _, item in tried])
                assert furthest is not None  # tried is not empty
                best = (
                    _marked(furthest, check_steps(
                        LessonRun(homework.lesson(), place.start), place, furthest))
                    if furthest.get("finished")
                    else furthest
                )  # fmt: skip
            found[place.key] = best
        return found

    @property
    def learners(self) -> list[str]:
        """The learners on the board, by name."""
        return [r.learner for r in self.records]

    @functools.cached_property
    def items(self) -> list[tuple[str, str]]:
        """The items as ``(key, title)``, in the homework's order or as found."""
        if self.homework is not None:
            return [(i.key, i.title) for i in self.homework.items]
        seen: dict[str, tuple[int, str]] = {}
        for items in self._items.values():
            for key, item in items.items():
                if key not in seen:
                    seen[key] = (int(item.get("order", 0)), str(item.get("title") or key))
        found = sorted(seen.items(), key=lambda kv: (kv[1][0], kv[0]))
        if len(found) > MAX_ITEMS:
            self.bad.append(
                BadRecord(
                    gettext("(the class)"),
                    gettext(
                        "{n} different items, over the {most} a board shows: the rest left out "
                        "(give the homework to fix the items)"
                    ).format(n=len(found), most=MAX_ITEMS),
                )
            )
        return [(k, t) for k, (_, t) in found[:MAX_ITEMS]]

    def _headings(self) -> list[str]:
        """The items' column headings: their titles, made unique (a title shared with another
        item, or with one of the table's own columns, gets its key)."""
        titles = [title for _, title in self.items]
        counts: dict[str, int] = {}
        for title in titles:
            counts[title.casefold()] = counts.get(title.casefold(), 0) + 1
        headings = []
        reserved = {pgettext("board column", word).casefold() for word in RESERVED}
        for (key, _), title in zip(self.items, titles, strict=True):
            clash = counts[title.casefold()] > 1 or title.casefold() in reserved
            headings.append(f"{title} ({said(key)})" if clash else title)
        return headings

    def _learner(self, learner: str) -> str:
        """The board's spelling of ``learner`` (names compare after NFKC and casefolding)."""
        found = self._names.get(name_key(learner))
        if found is None:
            raise KeyError(gettext("no learner {name} on this board").format(name=repr(learner)))
        return found

    def item(self, learner: str, key: str) -> Json | None:
        """A learner's best attempt at item ``key`` (``None``: not started)."""
        return self._items[self._learner(learner)].get(key)

    def flags(self, learner: str) -> list[str]:
        """Why the teacher should look at ``learner``'s record (empty: nothing found)."""
        name = self._learner(learner)
        return next(list(r.flags) for r in self.records if r.learner == name)

    @_spoken
    def to_check(self) -> HtmlTable:
        """The records to look at: a file that names someone else, two spellings of one name,
        a name that looks like another's."""
        rows = [(r.learner, said(why, 240)) for r in self.records for why in r.flags]
        return HtmlTable(
            [pgettext("board column", "learner"), pgettext("board column", "why")],
            rows,
            title=gettext("Records to check"),
            notes=(gettext(CHECK_RULE),),
        )

    def finished(self, learner: str, key: str) -> bool:
        """True when ``learner`` finished item ``key`` (an nbgrader cell asserts this); with
        the homework, only when it replays (:mod:`.verify`)."""
        item = self.item(learner, key)
        return bool(item and item.get("finished") and item.get("verified") is not False)

    def stars(self, learner: str, key: str) -> int:
        """``learner``'s stars for item ``key`` (0 when not finished or not verified); with
        the homework, computed again from the replayed steps."""
        item = self.item(learner, key)
        return int(item.get("stars", 0)) if self.finished(learner, key) and item else 0

    # -- the views -----------------------------------------------------------------------------

    @_spoken
    def progress(self) -> HtmlTable:
        """Learners by item: done (with stars), solved or missed, stuck at step N, not
        started; with the hints and Show me used."""
        items = self.items
        rows: list[tuple[Value, ...]] = []
        for learner in self.learners:
            mine = self._items[learner]
            hints = shows = 0
            for item in mine.values():
                h, s, _, _ = _counts(item)
                hints, shows = hints + h, shows + s
            cells = [_cell(mine.get(key)) for key, _ in items]
            rows.append((learner, *cells, hints, shows))
        columns = [Column(pgettext("board column", "learner"))]
        columns += [Column(title) for title in self._headings()]
        columns += [
            Column(pgettext("board column", "hints")),
            Column(pgettext("board column", "show me")),
        ]
        return HtmlTable(
            columns,
            rows,
            title=gettext("The class by item"),
            notes=(*self._trust(), *self._bad_notes()),
        )

    def _trust(self) -> tuple[str, ...]:
        """What the board's records prove: replayed against the homework, or nothing."""
        if self.kept_by_server:
            return (gettext(KEPT_BY_SERVER), gettext(SERVER_JUDGED))
        second = PROVES if self.homework is not None else UNCHECKED
        return (gettext(SELF_REPORTED), gettext(second))

    def _bad_notes(self) -> list[str]:
        # TRANSLATORS: a file the board could not read; {name} is the file, {reason} why
        skipped = gettext("Skipped {name}: {reason}")
        notes = [skipped.format(name=b.name, reason=b.reason) for b in self.bad[:SHOWN_BAD]]
        if len(self.bad) > SHOWN_BAD:
            more = len(self.bad) - SHOWN_BAD
            notes.append(
                ngettext(
                    "and {n} more skipped (see .bad)", "and {n} more skipped (see .bad)", more
                ).format(n=more)
            )
        return notes

    @_spoken
    def help_first(self) -> HtmlTable:
        """The learners in the order to help them, by :data:`HELP_RULE`."""
        rows = []
        titles = dict(self.items)
        for learner in self.learners:
            mine = self._items[learner]
            stuck = [key for key, item in mine.items() if _stuck(item)]
            going = sum(
                not item.get("finished") and item.get("kind") != "daily" and not _stuck(item)
                for item in mine.values()
            )
            hints = shows = refused = tried = 0
            for item in mine.values():
                h, s, r, t = _counts(item)
                hints, shows, refused, tried = hints + h, shows + s, refused + r, tried + t
            done = sum(
                bool(item.get("finished")) and item.get("verified") is not False
                for item in mine.values()
            )
            per_step = refused / tried if tried else 0.0
            # TRANSLATORS: an item a learner is stuck on: its title, then its state
            places = [
                gettext("{title} ({state})").format(title=titles.get(k, k), state=_cell(mine[k]))
                for k in stuck[:5]
            ]
            where = ", ".join(places)
            if len(stuck) > 5:
                more = len(stuck) - 5
                # TRANSLATORS: {items} lists the first five items a learner is stuck on
                where = ngettext("{items} and {n} more", "{items} and {n} more", more).format(
                    items=where, n=more
                )
            rows.append(
                (learner, len(stuck), per_step, hints + shows, done, going, where or "\u2013")
            )
        rows.sort(key=lambda r: (-r[1], -r[2], -r[3], r[4], r[0].casefold()))
        return HtmlTable(
            [
                Column(pgettext("board column", "learner")),
                Column(pgettext("board column", "stuck"), description=stuck_rule()),
                Column(
                    pgettext("board column", "refused per step"),
                    format=".1f",
                    description=gettext(
                        "moves the table refused, per step tried (1.5: three refused moves in "
                        "two steps)"
                    ),
                ),
                Column(pgettext("board column", "hints and show me")),
                Column(pgettext("board column", "finished")),
                Column(
                    pgettext("board column", "in progress"),
                    description=gettext("items started, not finished, not stuck"),
                ),
                Column(pgettext("board column", "where stuck")),
            ],
            rows,
            title=gettext("Who needs help first"),
            notes=(help_rule(),),
        )

    @_spoken
    def mistakes(self) -> HtmlTable:
        """The class's refused moves by rule, in words: how many learners made each mistake,
        and how many times, the most common first."""
        learners: dict[str, set[str]] = {}
        times: dict[str, int] = {}
        for learner in self.learners:
            for item in self._items[learner].values():
                for step in item.get("steps", []):
                    for refused in step.get("refused", []):
                        code = refused["code"]
                        learners.setdefault(code, set()).add(learner)
                        times[code] = times.get(code, 0) + 1
        rows = sorted(
            (
                (mistake_said(len(who), code), len(who), times[code])
                for code, who in learners.items()
            ),
            key=lambda r: (-r[1], -r[2], r[0]),
        )
        notes = () if rows else (gettext("No move was refused: there is no mistake to show."),)
        return HtmlTable(
            [pgettext("board column", "mistake"), pgettext("board column", "learners"),
             pgettext("board column", "times")],
            rows, title=gettext("The class's mistakes by rule"), notes=notes,
        )  # fmt: skip

    @_spoken
    def hands(self) -> HtmlTable:
        """Each learner's hands played and won, and their reviews' accuracy with its judge."""
        rows: list[tuple[Value, ...]] = []
        for record in self.records:
            hands = [h for t in record.tables for h in t.get("hands", [])]
            reviews = [
                r for t in record.tables for r in t.get("reviews", []) if r["accuracy"] is not None
            ]
            last = reviews[-1] if reviews else None
            judged = {
                "cards": gettext("cards shed"),
                "win": gettext("chance of winning"),
                None: gettext("unknown"),
            }
            rows.append(
                (
                    record.learner,
                    len(hands),
                    sum(bool(h["won"]) for h in hands),
                    len(reviews),
                    None if last is None else last["accuracy"],
                    "\u2013" if last is None else judged.get(last["judge"], judged[None]),
                )
            )
        return HtmlTable(
            [
                pgettext("board column", "learner"),
                pgettext("board column", "hands played"),
                pgettext("board column", "hands won"),
                pgettext("board column", "reviews"),
                Column(pgettext("board column", "last review's accuracy"), format=".0%"),
                Column(
                    pgettext("board column", "judged by"),
                    description=gettext("what the review measured accuracy against"),
                ),
            ],
            rows,
            title=gettext("Hands and reviews"),
        )

    @_spoken
    def to_csv(self, path: str | os.PathLike[str] | None = None) -> str:
        """A gradebook: one row a learner, one column an item, numbers only (a lesson's stars
        0 to 3, a puzzle solved 1 or missed 0, a daily deal won 1 or lost 0; empty: not
        started or not finished; not verified: 0). Written to ``path`` if given (a new file
        renamed over it: a planted link is replaced, never followed)."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow([pgettext("board column", "learner"), *(key for key, _ in self.items)])
        for learner in self.learners:
            writer.writerow(
                [_csv_safe(learner), *(self._number(learner, k) for k, _ in self.items)]
            )
        text = out.getvalue()
        if path is not None:
            write_atomically(pathlib.Path(path), text, 0o644)
        return text

    def _number(self, learner: str, key: str) -> str:
        item = self._items[learner].get(key)
        if item is None or not item.get("finished"):
            return ""
        if item.get("verified") is False:
            return "0"
        kind = item.get("kind")
        if kind == "puzzle":
            return "1" if item.get("solved") else "0"
        if kind == "daily":
            return "1" if (item.get("result") or {}).get("won") else "0"
        return str(int(item.get("stars", 0)))

    @_spoken
    def theme_table(self) -> HtmlTable:
        """Puzzles solved and tried by theme, across the class."""
        solved = dict.fromkeys(THEMES, 0)
        tried = dict.fromkeys(THEMES, 0)
        for items in self._items.values():
            for item in items.values():
                name = item.get("theme")
                if item.get("kind") != "puzzle" or name not in tried:
                    continue
                if item.get("solved") is not None:
                    tried[name] += 1
                    solved[name] += bool(item.get("solved"))
        rows = [
            (
                theme_said(name),
                solved[name] / tried[name] if tried[name] else None,
                solved[name],
                tried[name],
            )
            for name in THEMES
        ]
        return HtmlTable(
            [
                Column(pgettext("board column", "theme")),
                Column(pgettext("board column", "accuracy"), format=".0%"),
                Column(pgettext("board column", "solved")),
                Column(pgettext("board column", "tried")),
            ],
            rows,
            title=gettext("Accuracy by puzzle theme"),
            notes=(
                gettext("A puzzle counts once per learner: solved without Show me, or missed."),
                *([] if any(tried.values()) else [gettext(NO_PUZZLE)]),
            ),
        )

    @_spoken
    def themes(self) -> Any:
        """Accuracy by puzzle theme as a Vega-Lite chart (its table is the fallback)."""
        table = self.theme_table()
        theme, accuracy, solved = (column.name for column in table.columns[:3])
        return bar_chart(table, theme, accuracy, title=table.title, domain=(0, 1), y_title=solved)

    def dailies(self) -> list[str]:
        """The daily deals the class played, by date."""
        keys = {k for items in self._items.values() for k in items if k.startswith("daily:")}
        return sorted(k.removeprefix("daily:") for k in keys)

    @_spoken
    def leaderboard(self, date: str | None = None) -> HtmlTable:
        """The class's results on the daily deal of ``date`` (default the latest played):
        the hand won first, then the fewest cards left, then the fewest moves."""
        days = self.dailies()
        day = date or (days[-1] if days else "")
        rows = []
        unverified: list[str] = []
        for learner in self.learners:
            item = self._items[learner].get(f"daily:{day}")
            if not item or not item.get("finished"):
                continue
            if item.get("verified") is False:
                unverified.append(learner)
                continue
            result = item.get("result") or {}
            rows.append(
                (
                    learner,
                    bool(result.get("won")),
                    int(result.get("cardsLeft", 0)),
                    int(result.get("moves", 0)),
                )
            )
        rows.sort(key=lambda r: (not r[1], r[2], r[3], r[0].casefold()))
        ranked = [
            (n, name, gettext("won") if won else gettext("lost"), left, moves)
            for n, (name, won, left, moves) in enumerate(rows, start=1)
        ]
        return HtmlTable(
            [
                pgettext("board column", "place"),
                pgettext("board column", "learner"),
                pgettext("board column", "result"),
                pgettext("board column", "cards left"),
                pgettext("board column", "moves"),
            ],
            ranked,
            title=gettext("Daily deal {date}").format(date=day)
            if day
            else gettext("Daily deal: nobody has played one"),
            notes=(
                gettext("The first result each learner had stands; a replay does not replace it."),
                *(
                    [
                        gettext("Left out, not verified: {names}.").format(
                            names=", ".join(unverified)
                        )
                    ]
                    if unverified
                    else []
                ),
            ),
        )

    @_spoken
    def attempt(self, learner: str, key: str) -> HtmlTable:
        """``learner``'s attempt at item ``key``, step by step: moves tried, refusals with their
        reason codes, hints, Show me, seconds."""
        item = self.item(learner, key)
        rows = []
        for number, step in enumerate((item or {}).get("steps", []), start=1):
            refused = ", ".join(f"{r['move']} ({r['code']})" for r in step.get("refused", []))
            rows.append(
                (
                    number,
                    str(step.get("title", "")),
                    " ".join(step.get("tried", [])),
                    refused or "\u2013",
                    int(step.get("hints", 0)),
                    int(step.get("shows", 0)),
                    float(step.get("seconds", 0.0)),
                    gettext("done") if step.get("done") else gettext("not done"),
                )
            )
        return HtmlTable(
            [
                pgettext("board column", "step"),
                pgettext("board column", "title"),
                Column(pgettext("board column", "moves played"), code=True),
                Column(pgettext("board column", "refused (reason)"), code=True),
                pgettext("board column", "hints"),
                pgettext("board column", "show me"),
                Column(pgettext("board column", "seconds"), format=".1f"),
                pgettext("board column", "state"),
            ],
            rows,
            # TRANSLATORS: a learner's attempt: their name, the item's title, its state
            title=gettext("{learner}: {title} ({state})").format(
                learner=learner, title=dict(self.items).get(key, key), state=_cell(item)
            ),
        )

    def replay(self, learner: str, key: str, step: int = 1) -> Replay:
        """``learner``'s attempt at item ``key`` (step ``step`` of a lesson) as a game to review
        on a review table; a daily deal is the hand as it was played."""
        item = self.item(learner, key)
        if item is None:
            raise ValueError(f"{learner} has not started {key}")
        if item.get("kind") == "daily":
            return self._replay_daily(learner, key)
        steps = item.get("steps", [])
        if not 1 <= step <= len(steps) or not steps[step - 1].get("position"):
            raise ValueError(f"{key} has no step {step} that {learner} reached")
        chosen = steps[step - 1]
        game = Game.from_position(chosen["position"])
        player = game.turn
        played: list[str] = []
        for text in chosen.get("tried", []):
            try:
                move = as_move(text)
            except ValueError:
                continue
            if game.is_over() or game.turn != player or game.violation(move) is not None:
                continue
            game.play(move)
            played.append(str(move))
        if not game.is_over() and game.turn == player:
            end = game.end_move()
            game.play(end)
            played.append(str(end))
        return Replay(game, player, tuple(played))

    def _replay_daily(self, learner: str, key: str) -> Replay:
        day = key.removeprefix("daily:")
        learner = self._learner(learner)
        for record in self.records:
            if record.learner != learner:
                continue
            for table in record.tables:
                for hand in table.get("hands", []):
                    if hand.get("daily") == day and hand.get("record"):
                        game = game_from_json(json.dumps(hand["record"]))
                        return Replay(game, int(hand.get("viewer", 1)), ())
        raise ValueError(f"the record of {learner}'s daily deal {day} keeps no game to replay")

    # -- showing -------------------------------------------------------------------------------

    @_spoken
    def sections(self) -> list[HtmlTable]:
        """The board's tables, in order."""
        found = [self.help_first(), self.mistakes(), self.progress(), self.theme_table()]
        found.append(self.hands())
        if any(r.flags for r in self.records):
            found.insert(0, self.to_check())
        if self.dailies():
            found.append(self.leaderboard())
        return found

    @_spoken
    def text(self) -> str:
        """The board as plain text (the command line prints this)."""
        learners, bad = len(self.records), len(self.bad)
        # TRANSLATORS: the board's first line: "Class board: 3 learners, 1 bad record"
        head = [
            gettext("Class board: {learners}, {bad}").format(
                learners=_learners(learners),
                bad=ngettext("{n} bad record", "{n} bad records", bad).format(n=bad),
            )
        ]
        head += self._trust()
        head += [f"  {note[0].lower()}{note[1:]}" for note in self._bad_notes()]
        return "\n\n".join(["\n".join(head), *(table.text() for table in self.sections())])

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return (
            f"<ClassBoard {str(self.folder)!r}: {count_words(len(self.records), 'learner')}, "
            f"{len(self.bad)} bad>"
        )

    def _bad_html(self) -> str:
        if not self.bad:
            return ""
        rows = "".join(
            f"<li data-bad><code>{escape(b.name)}</code>: {escape(b.reason)}</li>"
            for b in self.bad[:SHOWN_BAD]
        )
        if len(self.bad) > SHOWN_BAD:
            more = len(self.bad) - SHOWN_BAD
            said_more = ngettext("and {n} more", "and {n} more", more).format(n=more)
            rows += f"<li>{escape(said_more)}</li>"
        heading = gettext("Skipped records")
        return f"<p><b>{escape(heading)}</b></p><ul>{rows}</ul>"

    @_spoken
    def _repr_html_(self) -> str:
        learners = len(self.records)
        marks = ("data-self-reported", "data-replay")
        title = gettext("Class board: {learners}").format(learners=_learners(learners))
        head = f"<h3>{escape(title)}</h3>" + "".join(
            f'<p {mark} style="font-style:italic">{escape(line)}</p>'
            for mark, line in zip(marks, self._trust(), strict=True)
        )
        return (
            '<div class="kingscorner-board">'
            + head
            + self._bad_html()
            + "".join(table.to_html() for table in self.sections())
            + "</div>"
        )

    @_spoken
    def to_html(self) -> str:
        """The board as a page of its own, in its language (the page's ``lang``): the tables,
        and the theme chart drawn as inline SVG, so the page needs nothing from the web (a
        classroom may have no network)."""
        table = self.theme_table()
        theme, accuracy, _, tried_column = (column.name for column in table.columns)
        tried = any(table.column(tried_column))
        chart = bars_svg(table, theme, accuracy, title=table.title) if tried else ""
        caption = "" if tried else f"<figcaption>{escape(gettext(NO_PUZZLE))}</figcaption>"
        made = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
        records = len(self.records)
        title = gettext("Class board, {made}").format(made=made)
        # TRANSLATORS: {made} is a date and time (UTC), {records} "3 records"
        line = gettext("Made on {made} from {records}.").format(
            made=made, records=ngettext("{n} record", "{n} records", records).format(n=records)
        )
        return (
            f"<!doctype html><html lang='{self.language}'><head><meta charset='utf-8'>"
            f"<title>{escape(title)}</title></head><body style='font-family:sans-serif'>"
            f"<p data-made>{escape(line)}</p>"
            + self._repr_html_()
            + f"<figure id='themes-chart' style='margin:1em 0'>{chart}{caption}</figure>"
            + "</body></html>"
        )

    def save_html(self, path: str | os.PathLike[str]) -> pathlib.Path:
        """Write :meth:`to_html` to ``path``, whole, by renaming a new file over it (a link
        planted at ``path`` is replaced, never followed); readable by others, as a page is."""
        target = pathlib.Path(path)
        write_atomically(target, self.to_html(), 0o644)
        return target
