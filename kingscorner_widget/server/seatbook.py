"""Where a student's seat tokens are kept: ``kingscorner-progress/<learner>.seats``.

A notebook's seat (:class:`~.client.RemoteTable`) and a browser course's
(:class:`~.browser.BrowserTable`) keep the token the server gave them beside the learner's
record, by server and room, so that the seat is taken back the next time (:class:`SeatBook`,
the whole file; :class:`KeptSeat`, one room's entry in it). Both ask the server the same way:
take the kept seat back, else join as the learner, and join afresh once the server has
forgotten the seat.

>>> import tempfile
>>> kept = KeptSeat("ada", tempfile.mkdtemp(), "http://10.0.0.5:8765", "KXT4PQ")
>>> kept.ask()
{'type': 'join', 'room': 'KXT4PQ', 'learner': 'ada'}
>>> kept.keep({"type": "seat", "table": 1, "seat": 2, "token": "t"})
>>> kept.ask()
{'type': 'rejoin', 'room': 'KXT4PQ', 'table': 1, 'seat': 2, 'token': 't'}
>>> kept.moved(3, 1)
>>> kept.ask()["table"], kept.ask()["seat"]
(3, 1)
>>> kept.forget()
>>> kept.ask()["type"]
'join'
>>> followed({"type": "moved", "table": 4, "seat": 2}, kept)  # nothing kept: nothing to move
(4, 2)
"""

from __future__ import annotations

import json
import os
import pathlib
import tempfile
from collections.abc import Mapping
from typing import Any

from ..classroom.store import RecordStore

__all__ = ["KeptSeat", "SeatBook", "followed"]

Json = dict[str, Any]


class SeatBook:
    """The seats ``learner`` holds, by server and room, in ``<learner>.seats`` beside their
    record (written whole and atomically)."""

    def __init__(self, learner: str, progress_dir: str | os.PathLike[str] | None) -> None:
        store = RecordStore(learner, progress_dir)
        self.path = store.folder / f"{store.learner}.seats"

    def read(self) -> dict[str, Json]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def get(self, key: str) -> Json | None:
        found = self.read().get(key)
        return found if isinstance(found, dict) else None

    def put(self, key: str, seat: Json | None) -> None:
        data = self.read()
        if seat is None:
            data.pop(key, None)
        else:
            data[key] = seat
        self.path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=self.path.parent, prefix=".seats.", suffix=".tmp")
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            json.dump(data, file)
        pathlib.Path(temporary).replace(self.path)


class KeptSeat:
    """The seat ``learner`` keeps in room ``code`` of the class server at ``address``: its
    entry in their :class:`SeatBook` (in ``progress_dir``), and what to ask the server."""

    def __init__(
        self,
        learner: str,
        progress_dir: str | os.PathLike[str] | None,
        address: str,
        code: str,
    ) -> None:
        self.learner = learner
        self.code = code
        self.book = SeatBook(learner, progress_dir)
        self.key = f"{address} {code}"

    def join(self) -> Json:
        """The frame that asks for a new seat in the room."""
        return {"type": "join", "room": self.code, "learner": self.learner}

    def ask(self) -> Json:
        """The frame to send first: take the kept seat back, else :meth:`join`."""
        kept = self.book.get(self.key)
        return {"type": "rejoin", "room": self.code, **kept} if kept is not None else self.join()

    def keep(self, seat: Mapping[str, Any]) -> None:
        """Keep the seat the server gave (its ``table``, ``seat`` and ``token``)."""
        self.book.put(
            self.key, {"table": seat["table"], "seat": seat["seat"], "token": seat["token"]}
        )

    def moved(self, table: int, seat: int) -> None:
        """The server moved the seat (a tournament's round): keep the new place, same token."""
        kept = self.book.get(self.key)
        if kept is not None:
            self.book.put(self.key, {**kept, "table": table, "seat": seat})

    def forget(self) -> None:
        """The server no longer knows the seat: forget it (the next :meth:`ask` joins)."""
        self.book.put(self.key, None)


def followed(frame: Mapping[str, Any], kept: KeptSeat | None) -> tuple[int, int]:
    """Where a ``moved`` frame puts a seat (a tournament's round), the new place kept in
    ``kept`` (a learner who typed their name) so the seat is taken back there next time."""
    table, seat = int(frame["table"]), int(frame["seat"])
    if kept is not None:
        kept.moved(table, seat)
    return table, seat
