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
from collections.abc import Iterable
from html import escape
from typing import Any

from ..analysis.league.results import write_atomically
from ..display.charts import bar_chart, bars_svg
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
from .themes import THEMES
from .typed import MAX_ITEMS, WORD, said, typed_record
from .verify import PROVES, Checked, check_daily, check_steps

__all__ = ["HELP_RULE", "SELF_REPORTED", "ClassBoard", "Replay"]

Json = dict[str, Any]
SELF_REPORTED = (
    "Records are written by the learners' own machines (self-reported): they show what each "
    "table saw, not a proof of it."
)
KEPT_BY_SERVER = (
    "Records kept by the class server from the moves played at its tables: no learner's "
    "machine wrote them."
)
SERVER_JUDGED = (
    "Verified by construction: the server judged every move as it was played, and no file "
    "handed in can change these rows."
)
NO_PUZZLE = "No learner has finished a puzzle yet, so the chart by theme has no bar."
UNCHECKED = (
    "Nothing was replayed: give the homework (homework=, or --homework) to have every finished "
    "item played again through the engine."
)
STUCK_REFUSED = 3
STUCK_HELP = 2
STUCK_RULE = (
    f"Stuck: on the step they are at, {STUCK_REFUSED} or more refused moves, or {STUCK_HELP} or "
    "more hints and Show me; an item started and not finished otherwise is in progress (the "
    "learner may simply not have gone on yet)."
)
HELP_RULE = (
    "Who needs help first: the most items stuck first; then the most refused moves per step "
    "tried; then the most hints and Show me used; then the fewest items finished. " + STUCK_RULE
)
CHECK_RULE = (
    "A record is the learner's whose folder (nbgrader's submitted/<student>/) or file name "
    "(ada.json) it was handed in under, whatever name it holds; names are compared after "
    "Unicode normalisation and casefolding, and one written with look-alike letters of "
    "another script is flagged."
)
SHOWN_BAD = 50
"""Bad files named one by one on the board (the rest are counted)."""
RESERVED = ("learner", "hints", "show me")
"""The progress table's own columns: an item never takes their name."""
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
    return f" (too fast for a hand: {seconds:g} s)"


def _csv_safe(text: str) -> str:
    """A name as a spreadsheet cell that is never read as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


def _cell(item: Json | None) -> str:
    """An item's state in words (with stars)."""
    if item is None:
        return "not started"
    if item.get("verified") is False:
        return f"not verified ({item.get('why', '')})"
    kind = item.get("kind")
    if kind == "daily":
        result = item.get("result") or {}
        if not item.get("finished"):
            return "not finished"
        won = "won" if result.get("won") else "lost"
        return f"{won}, {result.get('cardsLeft', '?')} left"
    if item.get("finished"):
        if kind == "puzzle":
            return ("solved" if item.get("solved") else "missed") + _fast(item)
        stars = int(item.get("stars", 0))
        return f"done {STARS * stars}{NO_STAR * (3 - stars)}{_fast(item)}"
    steps = item.get("steps", [])
    at = next((n for n, s in enumerate(steps, start=1) if not s.get("done")), len(steps))
    state = "stuck" if _stuck(item) else "in progress"
    return f"{state} at step {at} of {len(steps)}"


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
        raise FileNotFoundError(f"{path} is not a class server's data file")
    db = sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True)
    try:
        if (
            room is not None
            and not db.execute("select 1 from rooms where code = ?", (room,)).fetchone()
        ):
            raise ValueError(f"{path.name} keeps no room {room}")
        query = "select code, learner, record from records"
        found = (
            db.execute(query + " where code = ? order by learner", (room,))
            if room is not None
            else db.execute(query + " order by code, learner")
        ).fetchall()
    except sqlite3.DatabaseError as error:
        raise ValueError(f"{path.name} is not a class server's data file: {error}") from None
    finally:
        db.close()
    return [(str(c), str(n), str(r)) for c, n, r in found]


class ClassBoard:
    """Every record under ``folder`` as a board; ``homework`` (a :class:`Homework` or its file)
    fixes the items and their order (default: every item found, in the order found)."""

    def __init__(
        self, folder: str | os.PathLike[str], homework: Homework | str | None = None
    ) -> None:
        self.folder = pathlib.Path(folder)
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
        wanted = None if room is None else room.upper().replace(" ", "").replace("-", "")
        if isinstance(source, str | os.PathLike):
            path = pathlib.Path(source)
            label = path
            rows = _server_file_rows(path, wanted)
        else:  # a running ClassServer: what its records wait to write goes first
            source.records.flush()
            label = pathlib.Path(f"class server {source.address}")
            rows = [(c, n, text) for c, n, text, _, _ in source.store.records(wanted)]
        learners: dict[str, LearnerRecord] = {}
        bad: list[BadRecord] = []
        for code, learner, text in rows:
            where = f"room {code}, {said(learner, WORD)}"
            try:
                typed = typed_record(json.loads(text))
            except (ProgressError, ValueError) as error:
                bad.append(BadRecord(where, str(error)))
                continue
            bad.extend(BadRecord(where, problem) for problem in typed.problems)
            found = learners.setdefault(name_key(learner), LearnerRecord(learner, [], []))
            found.tables.extend(typed.tables)
            found.files.append(f"room {code}")
        board = cls.__new__(cls)
        board.folder = label
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
                    "(the class)",
                    f"{len(found)} different items, over the {MAX_ITEMS} a board shows: the "
                    "rest left out (give the homework to fix the items)",
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
        for (key, _), title in zip(self.items, titles, strict=True):
            clash = counts[title.casefold()] > 1 or title.casefold() in RESERVED
            headings.append(f"{title} ({said(key)})" if clash else title)
        return headings

    def _learner(self, learner: str) -> str:
        """The board's spelling of ``learner`` (names compare after NFKC and casefolding)."""
        found = self._names.get(name_key(learner))
        if found is None:
            raise KeyError(f"no learner {learner!r} on this board")
        return found

    def item(self, learner: str, key: str) -> Json | None:
        """A learner's best attempt at item ``key`` (``None``: not started)."""
        return self._items[self._learner(learner)].get(key)

    def flags(self, learner: str) -> list[str]:
        """Why the teacher should look at ``learner``'s record (empty: nothing found)."""
        name = self._learner(learner)
        return next(list(r.flags) for r in self.records if r.learner == name)

    def to_check(self) -> HtmlTable:
        """The records to look at: a file that names someone else, two spellings of one name,
        a name that looks like another's."""
        rows = [(r.learner, said(why, 240)) for r in self.records for why in r.flags]
        return HtmlTable(
            ["learner", "why"],
            rows,
            title="Records to check",
            notes=(CHECK_RULE,),
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
        columns = [Column("learner"), *(Column(title) for title in self._headings())]
        columns += [Column("hints"), Column("show me")]
        return HtmlTable(
            columns, rows, title="The class by item", notes=(*self._trust(), *self._bad_notes())
        )

    def _trust(self) -> tuple[str, ...]:
        """What the board's records prove: replayed against the homework, or nothing."""
        if self.kept_by_server:
            return (KEPT_BY_SERVER, SERVER_JUDGED)
        return (SELF_REPORTED, PROVES) if self.homework is not None else (SELF_REPORTED, UNCHECKED)

    def _bad_notes(self) -> list[str]:
        notes = [f"Skipped {b.name}: {b.reason}" for b in self.bad[:SHOWN_BAD]]
        if len(self.bad) > SHOWN_BAD:
            notes.append(f"and {len(self.bad) - SHOWN_BAD} more skipped (see .bad)")
        return notes

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
            where = ", ".join(f"{titles.get(k, k)} ({_cell(mine[k])})" for k in stuck[:5])
            if len(stuck) > 5:
                where += f" and {len(stuck) - 5} more"
            rows.append(
                (learner, len(stuck), per_step, hints + shows, done, going, where or "\u2013")
            )
        rows.sort(key=lambda r: (-r[1], -r[2], -r[3], r[4], r[0].casefold()))
        return HtmlTable(
            [
                Column("learner"),
                Column("stuck", description=STUCK_RULE),
                Column(
                    "refused per step",
                    format=".1f",
                    description="moves the table refused, per step tried (1.5: three refused "
                    "moves in two steps)",
                ),
                Column("hints and show me"),
                Column("finished"),
                Column("in progress", description="items started, not finished, not stuck"),
                Column("where stuck"),
            ],
            rows,
            title="Who needs help first",
            notes=(HELP_RULE,),
        )

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
        notes = () if rows else ("No move was refused: there is no mistake to show.",)
        return HtmlTable(
            ["mistake", "learners", "times"], rows, title="The class's mistakes by rule",
            notes=notes,
        )  # fmt: skip

    def hands(self) -> HtmlTable:
        """Each learner's hands played and won, and their reviews' accuracy with its judge."""
        rows: list[tuple[Value, ...]] = []
        for record in self.records:
            hands = [h for t in record.tables for h in t.get("hands", [])]
            reviews = [
                r for t in record.tables for r in t.get("reviews", []) if r["accuracy"] is not None
            ]
            last = reviews[-1] if reviews else None
            judged = {"cards": "cards shed", "win": "chance of winning", None: "unknown"}
            rows.append(
                (
                    record.learner,
                    len(hands),
                    sum(bool(h["won"]) for h in hands),
                    len(reviews),
                    None if last is None else last["accuracy"],
                    "\u2013" if last is None else judged.get(last["judge"], "unknown"),
                )
            )
        return HtmlTable(
            [
                "learner",
                "hands played",
                "hands won",
                "reviews",
                Column("last review's accuracy", format=".0%"),
                Column("judged by", description="what the review measured accuracy against"),
            ],
            rows,
            title="Hands and reviews",
        )

    def to_csv(self, path: str | os.PathLike[str] | None = None) -> str:
        """A gradebook: one row a learner, one column an item, numbers only (a lesson's stars
        0 to 3, a puzzle solved 1 or missed 0, a daily deal won 1 or lost 0; empty: not
        started or not finished; not verified: 0). Written to ``path`` if given (a new file
        renamed over it: a planted link is replaced, never followed)."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["learner", *(key for key, _ in self.items)])
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
            (name, solved[name] / tried[name] if tried[name] else None, solved[name], tried[name])
            for name in THEMES
        ]
        return HtmlTable(
            [Column("theme"), Column("accuracy", format=".0%"), Column("solved"), Column("tried")],
            rows,
            title="Accuracy by puzzle theme",
            notes=(
                "A puzzle counts once per learner: solved without Show me, or missed.",
                *([] if any(tried.values()) else [NO_PUZZLE]),
            ),
        )

    def themes(self) -> Any:
        """Accuracy by puzzle theme as a Vega-Lite chart (its table is the fallback)."""
        table = self.theme_table()
        return bar_chart(
            table, "theme", "accuracy", title=table.title, domain=(0, 1), y_title="solved"
        )

    def dailies(self) -> list[str]:
        """The daily deals the class played, by date."""
        keys = {k for items in self._items.values() for k in items if k.startswith("daily:")}
        return sorted(k.removeprefix("daily:") for k in keys)

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
                    "won" if result.get("won") else "lost",
                    int(result.get("cardsLeft", 0)),
                    int(result.get("moves", 0)),
                )
            )
        rows.sort(key=lambda r: (r[1] != "won", r[2], r[3], r[0].casefold()))
        ranked = [(n, *row) for n, row in enumerate(rows, start=1)]
        return HtmlTable(
            ["place", "learner", "result", "cards left", "moves"],
            ranked,
            title=f"Daily deal {day}" if day else "Daily deal: nobody has played one",
            notes=(
                "The first result each learner had stands; a replay does not replace it.",
                *([f"Left out, not verified: {', '.join(unverified)}."] if unverified else []),
            ),
        )

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
                    "done" if step.get("done") else "not done",
                )
            )
        return HtmlTable(
            [
                "step",
                "title",
                Column("moves played", code=True),
                Column("refused (reason)", code=True),
                "hints",
                "show me",
                Column("seconds", format=".1f"),
                "state",
            ],
            rows,
            title=f"{learner}: {dict(self.items).get(key, key)} ({_cell(item)})",
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

    def sections(self) -> list[HtmlTable]:
        """The board's tables, in order."""
        found = [self.help_first(), self.mistakes(), self.progress(), self.theme_table()]
        found.append(self.hands())
        if any(r.flags for r in self.records):
            found.insert(0, self.to_check())
        if self.dailies():
            found.append(self.leaderboard())
        return found

    def text(self) -> str:
        """The board as plain text (the command line prints this)."""
        learners, bad = count_words(len(self.records), "learner"), len(self.bad)
        head = [f"Class board: {learners}, {count_words(bad, 'bad record')}"]
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
            rows += f"<li>and {len(self.bad) - SHOWN_BAD} more</li>"
        return f"<p><b>Skipped records</b></p><ul>{rows}</ul>"

    def _repr_html_(self) -> str:
        learners = len(self.records)
        marks = ("data-self-reported", "data-replay")
        head = f"<h3>Class board: {count_words(learners, 'learner')}</h3>" + "".join(
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

    def to_html(self) -> str:
        """The board as a page of its own: the tables, and the theme chart drawn as inline SVG,
        so the page needs nothing from the web (a classroom may have no network)."""
        table = self.theme_table()
        tried = any(table.column("tried"))
        chart = bars_svg(table, "theme", "accuracy", title=table.title) if tried else ""
        caption = "" if tried else f"<figcaption>{escape(NO_PUZZLE)}</figcaption>"
        made = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
        return (
            "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
            f"<title>Class board, {made}</title></head><body style='font-family:sans-serif'>"
            f"<p data-made>Made on {made} from {count_words(len(self.records), 'record')}.</p>"
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
