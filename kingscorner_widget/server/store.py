"""The class server's memory: rooms, seats and every hand, in SQLite.

One file (``data=``; in memory when ``None``) in write-ahead-log mode: every move saves the
hand being played (its whole record, :func:`~kingscorner_widget.engine.record.game_to_json`,
which replays to the same state), and a finished hand stays as it was written. A server started
again on the same file opens the same rooms, with the same codes, the same people at the same
seats with the same tokens, and every table at the hand it had reached.

>>> store = Store(None)
>>> from kingscorner_widget.server.room import Room
>>> room = Room("Year 7", code="KXT4PQ", seats=2, seed=5)
>>> store.add_room(room)
>>> seat = room.join("Ada"); store.add_seat(room, seat)
>>> store.save_hand(room, room.tables[0])
>>> again = store.rooms()["KXT4PQ"]
>>> again.name, again.seated[1, 1].learner, again.seated[1, 1].token == seat.token
('Year 7', 'Ada', True)
>>> again.tables[0].game == room.tables[0].game
True
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
from collections.abc import Iterator

from ..engine.game import Game
from ..engine.record import game_from_json, game_to_json
from .room import Room, Seat, ServerTable

__all__ = ["Store", "read_records"]

SCHEMA = """
create table if not exists rooms (
    code text primary key, name text not null, seats integer not null,
    computer text not null, seed integer not null, opened text not null default current_timestamp
);
create table if not exists seats (
    code text not null references rooms(code), table_no integer not null,
    seat integer not null, learner text not null, token text not null,
    primary key (code, table_no, seat)
);
create table if not exists hands (
    code text not null references rooms(code), table_no integer not null,
    hand integer not null, record text not null, over integer not null,
    primary key (code, table_no, hand)
);
create table if not exists tournaments (
    code text primary key references rooms(code), record text not null, tables text not null
);
create table if not exists homework (
    code text primary key references rooms(code), record text not null
);
create table if not exists records (
    code text not null references rooms(code), learner text not null, record text not null,
    hints integer not null default 0, shows integer not null default 0,
    primary key (code, learner)
);
"""


def read_records(
    db: sqlite3.Connection, code: str | None = None
) -> list[tuple[str, str, str, int, int]]:
    """The rows of the records table of ``db`` (room ``code``'s, or every room's)."""
    query = "select code, learner, record, hints, shows from records"
    rows = (
        db.execute(query + " where code = ? order by learner", (code,))
        if code is not None
        else db.execute(query + " order by code, learner")
    ).fetchall()
    return [(str(c), str(n), str(r), int(h), int(s)) for c, n, r, h, s in rows]


class Store:
    """The rooms and hands of a class server in the SQLite file ``path`` (``None``: in memory,
    gone when the server stops)."""

    def __init__(self, path: str | os.PathLike[str] | None) -> None:
        self.path = None if path is None else os.fspath(path)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(
            self.path or ":memory:", check_same_thread=False, isolation_level=None
        )
        if self.path is not None:
            self._db.execute("pragma journal_mode=wal")
            self._db.execute("pragma synchronous=normal")
        self._db.executescript(SCHEMA)

    @contextlib.contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._db.execute("begin immediate")
            try:
                yield self._db
            except BaseException:
                self._db.execute("rollback")
                raise
            self._db.execute("commit")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def add_room(self, room: Room) -> None:
        with self._writing() as db:
            db.execute(
                "insert into rooms (code, name, seats, computer, seed) values (?, ?, ?, ?, ?)",
                (room.code, room.name, room.seats, room.computer, room.seed),
            )
            for table in room.tables:
                self._save_hand(db, room, table)

    def add_seat(self, room: Room, seat: Seat) -> None:
        with self._writing() as db:
            db.execute(
                "insert into seats values (?, ?, ?, ?, ?)",
                (room.code, seat.table, seat.seat, seat.learner, seat.token),
            )
            self._save_hand(db, room, room.tables[seat.table - 1])

    def move_seats(
        self, room: Room, moves: list[tuple[Seat, Seat]], tables: list[ServerTable]
    ) -> None:
        """Keep learners moved from their old seat to their new one (a tournament's round),
        with the hands now dealt at ``tables``, in one transaction."""
        with self._writing() as db:
            db.executemany(
                "delete from seats where code = ? and table_no = ? and seat = ?",
                [(room.code, old.table, old.seat) for old, _ in moves],
            )
            db.executemany(
                "insert into seats values (?, ?, ?, ?, ?)",
                [(room.code, new.table, new.seat, new.learner, new.token) for _, new in moves],
            )
            for table in tables:
                self._save_hand(db, room, table)

    def save_tournament(self, code: str, record: str, tables: str) -> None:
        """Keep room ``code``'s tournament (its JSON, and which of the room's tables plays
        which hand of it)."""
        with self._writing() as db:
            db.execute(
                "insert into tournaments values (?, ?, ?) on conflict (code) "
                "do update set record = excluded.record, tables = excluded.tables",
                (code, record, tables),
            )

    def tournaments(self) -> dict[str, tuple[str, str]]:
        """Every room's tournament kept: its JSON and its tables, by room code."""
        with self._lock:
            rows = self._db.execute("select code, record, tables from tournaments").fetchall()
        return {code: (record, tables) for code, record, tables in rows}

    def save_hand(self, room: Room, table: ServerTable) -> None:
        """Keep the hand being played at ``table`` (a finished hand is never written again)."""
        with self._writing() as db:
            self._save_hand(db, room, table)

    @staticmethod
    def _save_hand(db: sqlite3.Connection, room: Room, table: ServerTable) -> None:
        db.execute(
            "insert into hands values (?, ?, ?, ?, ?) on conflict (code, table_no, hand) "
            "do update set record = excluded.record, over = excluded.over where over = 0",
            (
                room.code,
                table.number,
                table.hand_number,
                game_to_json(table.game, indent=None),
                int(table.game.is_over()),
            ),
        )

    def finished_hands(self, code: str, table: int) -> list[Game]:
        """Every finished hand of ``table`` in room ``code``, in order."""
        with self._lock:
            rows = self._db.execute(
                "select record from hands where code = ? and table_no = ? and over = 1 "
                "order by hand",
                (code, table),
            ).fetchall()
        return [game_from_json(record) for (record,) in rows]

    def record(self, code: str, learner: str) -> tuple[str, int, int] | None:
        """The record the server keeps of ``learner`` in room ``code`` (its JSON, the hints
        and the Show me given), or ``None``."""
        with self._lock:
            row = self._db.execute(
                "select record, hints, shows from records where code = ? and learner = ?",
                (code, learner),
            ).fetchone()
        return None if row is None else (str(row[0]), int(row[1]), int(row[2]))

    def put_record(self, code: str, learner: str, record: str, hints: int, shows: int) -> None:
        """Keep ``learner``'s record in room ``code`` (replacing what was kept)."""
        with self._writing() as db:
            db.execute(
                "insert into records values (?, ?, ?, ?, ?) on conflict (code, learner) do "
                "update set record = excluded.record, hints = excluded.hints, "
                "shows = excluded.shows",
                (code, learner, record, hints, shows),
            )

    def put_homework(self, code: str, homework: str) -> None:
        """Keep the homework set for room ``code`` (its JSON; it replaces the one before)."""
        with self._writing() as db:
            db.execute(
                "insert into homework values (?, ?) on conflict (code) "
                "do update set record = excluded.record",
                (code, homework),
            )

    def homeworks(self) -> dict[str, str]:
        """The homework set for each room (its JSON), by room code."""
        with self._lock:
            rows = self._db.execute("select code, record from homework").fetchall()
        return {str(code): str(record) for code, record in rows}

    def records(self, code: str | None = None) -> list[tuple[str, str, str, int, int]]:
        """Every record kept (of room ``code``, or of every room): code, learner, record JSON,
        hints, Show me."""
        with self._lock:
            return read_records(self._db, code)

    def rooms(self) -> dict[str, Room]:
        """Every room kept, as it was left, by code."""
        with self._lock:
            db = self._db
            rooms = db.execute("select code, name, seats, computer, seed from rooms").fetchall()
            seats = db.execute("select code, table_no, seat, learner, token from seats").fetchall()
            hands = db.execute(
                "select code, table_no, hand, record, over from hands order by code, table_no, hand"
            ).fetchall()
        found: dict[str, Room] = {}
        for code, name, size, computer, seed in rooms:
            found[code] = Room(name, code=code, seats=size, computer=computer, seed=seed, tables=0)
        kept: dict[tuple[str, int], dict[str, object]] = {}
        for code, number, hand, record, over in hands:
            game = game_from_json(record)
            state = kept.setdefault((code, number), {"totals": [0] * game.players})
            state["game"], state["hand_number"] = game, hand
            outcome = game.outcome() if over else None
            if outcome is not None:
                totals = state["totals"]
                assert isinstance(totals, list)
                state["totals"] = [a + b for a, b in zip(totals, outcome.penalties, strict=True)]
        for (code, number), state in sorted(kept.items()):
            room = found[code]
            while len(room.tables) < number - 1:
                room.open_table()
            kept_game = state["game"]
            assert isinstance(kept_game, Game)
            room.open_table(seats=kept_game.players)
            room.tables[number - 1].restore(**state)  # type: ignore[arg-type]
        for code, number, seat_number, learner, token in seats:
            room = found[code]
            seat = Seat(number, seat_number, learner, token)
            room.seated[number, seat_number] = seat
            room.tables[number - 1].people[seat_number] = learner
        return found
