"""The kernel's side of a class server: a student's seat, or the projector's watched table.

:class:`RemoteTable` holds one websocket to the server (``websockets``' own synchronous client,
on a thread of its own, so the kernel stays free): it joins a room (or takes its seat back, or
watches a table), then passes every frame the server sends to ``on_frame`` and sends the page's
intents on unchanged. It decides nothing: the server checks every intent and builds every view.
When the server moves the seat to another table (a tournament's round: a ``moved`` frame, then
the new table's view), it follows, and keeps the new seat.

A student's seat token is kept beside their record, in ``kingscorner-progress/<learner>.seats``
(under ``progress_dir``), by server and room: a notebook opened again takes the same seat back
with the whole view. A wrong code, a full room, a name taken and a server that does not answer
each raise an error saying so before any widget is made.

>>> from kingscorner_widget import ClassServer
>>> import tempfile
>>> with ClassServer(port=0, pace=0) as server:
...     room = server.open_room("Year 7", seats=2)
...     folder = tempfile.mkdtemp()
...     seat = RemoteTable(server.address, join=room.code, learner="Ada", progress_dir=folder)
...     first = seat.wait(lambda frame: frame["type"] == "view")
...     seat.close()
...     again = RemoteTable(server.address, join=room.code, learner="Ada", progress_dir=folder)
...     again.wait(lambda frame: frame["type"] == "view")["snapshot"]["hands"][0]["name"]
...     (seat.table, seat.seat) == (again.table, again.seat) == (1, 1)
...     again.close()
'You'
True
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
from collections.abc import Callable
from typing import Any

try:
    from websockets.exceptions import ConnectionClosed, InvalidURI
    from websockets.sync.client import ClientConnection, connect
except ImportError:  # pragma: no cover - the browser course: its seats use .browser instead
    pass

from .codes import read_code
from .hub import kernel_hub_token
from .seatbook import KeptSeat, followed

__all__ = ["ClassServerError", "RemoteTable"]

Json = dict[str, Any]
OPEN_TIMEOUT = 10.0
"""Seconds to wait for a server to answer before saying it does not."""
WAIT = 20.0
"""Seconds :meth:`RemoteTable.wait` waits for a frame by default."""


class ClassServerError(ValueError):
    """The class server refused to seat this notebook (``code``: the server's reason)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def websocket_address(address: str) -> str:
    """The websocket address of a server's ``http(s)://`` (or ``ws(s)://``) address."""
    if not isinstance(address, str) or "://" not in address:
        raise ValueError(
            f"server= is the class server's address, like http://10.0.0.5:8765: {address!r}"
        )
    scheme, rest = address.split("://", 1)
    schemes = {"http": "ws", "https": "wss", "ws": "ws", "wss": "wss"}
    if scheme not in schemes:
        raise ValueError(f"server= is an http:// or https:// address, not {address!r}")
    return f"{schemes[scheme]}://{rest}"


class RemoteTable:
    """One table at the class server at ``address``: ``join`` a room's code as ``learner`` (the
    seat kept in their progress folder and taken back next time), or ``watch`` a room's
    ``table``. On a JupyterHub (no ``learner``) the kernel's Hub token (``hub``, by default
    the one its single-user server holds) names the learner, and the Hub user's seat is theirs
    again whenever they join. ``on_frame`` is called (on the reader's thread) with every frame
    that follows."""

    def __init__(
        self,
        address: str,
        *,
        join: str | None = None,
        learner: str | None = None,
        watch: str | None = None,
        table: int | None = None,
        progress_dir: str | os.PathLike[str] | None = None,
        on_frame: Callable[[Json], None] | None = None,
        hub: str | None = None,
    ) -> None:
        if (join is None) == (watch is None):
            raise ValueError("give join= (a student's seat) or watch= (the projector), not both")
        if join is not None and learner is None:
            hub = hub or kernel_hub_token()
            if hub is None:
                raise ValueError("join= seats a learner: give learner= too (their name)")
        if watch is not None and table is None:
            raise ValueError("watch= shows one table of the room: give table= too")
        self.code = read_code(join if join is not None else watch)
        self.address = address
        self.on_frame = on_frame
        self.frames: list[Json] = []
        """Every frame received, oldest first."""
        self._changed = threading.Condition()
        self.table: int | None = table
        self.seat: int | None = None
        self.learner = learner
        self.closed = False
        self._kept: KeptSeat | None = None
        """Where this seat's token is kept (a learner who typed their name)."""
        url = websocket_address(address)
        try:
            self._socket: ClientConnection = connect(
                url, open_timeout=OPEN_TIMEOUT, max_size=None, max_queue=None
            ).__enter__()
        except (OSError, TimeoutError, InvalidURI) as error:
            raise ConnectionError(
                f"the class server at {address} does not answer ({error}): "
                "check the address, or ask the teacher whether it is running"
            ) from None
        try:
            if join is not None and learner is None:
                assert hub is not None
                self.learner = self._request({"type": "hub-join", "room": self.code, "hub": hub})[
                    "learner"
                ]
            elif join is not None:
                assert learner is not None
                self._sit(learner, progress_dir)
            else:
                self._request({"type": "watch", "room": self.code, "table": table})
        except BaseException:
            self._socket.close()
            raise
        self._reader = threading.Thread(target=self._read, daemon=True, name="kingscorner-seat")
        self._reader.start()

    def _sit(self, learner: str, progress_dir: str | os.PathLike[str] | None) -> None:
        kept = self._kept = KeptSeat(learner, progress_dir, self.address, self.code)
        ask = kept.ask()
        if ask["type"] == "rejoin":
            try:
                self._request(ask)
                return
            except ClassServerError as error:
                if error.code != "bad-token":
                    raise
                kept.forget()  # the server forgot the seat: join afresh
        kept.keep(self._request(kept.join()))

    def _request(self, frame: Json) -> Json:
        """Send ``frame`` and read the server's answer (the seat, or the table watched)."""
        self._socket.send(json.dumps(frame))
        try:
            answer = json.loads(self._socket.recv(timeout=OPEN_TIMEOUT))
        except (ConnectionClosed, TimeoutError) as error:
            raise ConnectionError(
                f"the class server at {self.address} stopped answering ({error})"
            ) from None
        if answer.get("type") == "error":
            raise ClassServerError(str(answer.get("code")), str(answer.get("error")))
        self.table = answer.get("table", self.table)
        self.seat = answer.get("seat")
        return dict(answer)

    def _read(self) -> None:
        with contextlib.suppress(ConnectionClosed, OSError):
            for text in self._socket:
                frame = json.loads(text)
                if frame.get("type") == "moved":  # a tournament's round: follow the seat
                    self.table, self.seat = followed(frame, self._kept)
                with self._changed:
                    self.frames.append(frame)
                    self._changed.notify_all()
                if self.on_frame is not None:
                    self.on_frame(frame)
        with self._changed:
            self.closed = True
            self._changed.notify_all()
        if self.on_frame is not None:
            self.on_frame(
                {"type": "gone", "status": "The class server has gone: this table no longer plays."}
            )

    def send(self, intent: Any) -> None:
        """Send one of the page's intents on, as it is (the server checks it)."""
        try:
            self._socket.send(json.dumps({"type": "intent", "intent": intent}))
        except ConnectionClosed:
            if self.on_frame is not None:
                self.on_frame(
                    {"type": "gone", "status": "The class server has gone: nothing was sent."}
                )

    def open(self, what: str, name: str = "") -> Json:
        """Ask the server for a table of the learner's own (:mod:`~.desks`): ``what`` is
        ``"lesson"`` (``name`` a built-in lesson's), ``"homework"`` (``name`` ``""`` or an
        item's key), ``"puzzle"`` (``name`` its number), ``"daily"``, or ``"table"`` (back to
        the seat's table). Returns the server's ``opened`` frame (its views follow); a refusal
        raises :class:`ClassServerError` with the server's reason."""
        with self._changed:
            since = len(self.frames)
        self._socket.send(json.dumps({"type": "open", "what": what, "name": name}))
        answer = self.wait(lambda f: f["type"] in ("opened", "error"), since=since)
        if answer["type"] == "error":
            raise ClassServerError(str(answer.get("code")), str(answer.get("error")))
        return answer

    def wait(self, wanted: Callable[[Json], bool], timeout: float = WAIT, since: int = 0) -> Json:
        """The first frame received (from the start, or from frame number ``since`` on) that is
        ``wanted``, waiting for it; a ``TimeoutError`` when none comes, a ``ConnectionError``
        when the server goes."""
        seen = since
        with self._changed:
            while True:
                for frame in self.frames[seen:]:
                    if wanted(frame):
                        return frame
                seen = len(self.frames)
                if self.closed:
                    raise ConnectionError("the class server closed the connection")
                if not self._changed.wait(timeout):
                    raise TimeoutError(f"no such frame came in {timeout:g} s")

    def latest(self) -> Json | None:
        """The latest view frame."""
        with self._changed:
            return next((f for f in reversed(self.frames) if f["type"] == "view"), None)

    def close(self) -> None:
        """Leave the table (the seat stays the learner's: they can come back)."""
        self._socket.close()
