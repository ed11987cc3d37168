"""A seat at a class server from the browser course, through the browser's own WebSocket.

In the browser course the kernel is Pyodide in a web worker: it opens no sockets and must never
wait (a wait would hold the page's only Python). :class:`BrowserTable` is
:class:`~.client.RemoteTable` for it: it opens the browser's ``WebSocket`` (``js.WebSocket``
through Pyodide's FFI) and returns at once. The socket's events then call back into Python on
the kernel's own thread, between cells: on ``open`` it sends the join (or takes back the seat
kept in the learner's progress folder, or watches a table); the server's first answer seats it
(keeping the seat's token, as a notebook does); every frame after that goes to ``on_frame``, as
RemoteTable's do. What RemoteTable raises before a widget is made (a wrong code, a full room, a
server that does not answer) arrives here afterwards, as a frame the table shows on its status
line.

The course served by ``kingscorner classroom`` has the class server at its own address, so
``server=`` may be left out: :func:`page_address` is where the page came from.

>>> BrowserTable("http://10.0.0.5:8765", join="KXT-4PQ")
Traceback (most recent call last):
...
ValueError: join= seats a learner: give learner= too (their name)
"""

from __future__ import annotations

import importlib
import json
import os
import sys
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from .client import websocket_address
from .codes import read_code
from .seatbook import KeptSeat, followed

__all__ = ["BrowserTable", "open_browser_socket", "page_address"]

Json = dict[str, Any]
Handler = Callable[[Any], None]
OPEN = 1
"""A browser WebSocket's ``readyState`` once it is open."""


class Socket(Protocol):
    """What :class:`BrowserTable` uses of a browser ``WebSocket``."""

    readyState: int  # noqa: N815 - the browser's own name

    def send(self, data: str) -> None: ...

    def close(self) -> None: ...


Opener = Callable[[str, Mapping[str, Handler]], Socket]
"""Opens a websocket to an address, calling each handler on its event (``open``, ``message``,
``close``) on the kernel's thread."""


def open_browser_socket(url: str, handlers: Mapping[str, Handler]) -> Socket:
    """The browser's own ``WebSocket`` to ``url``, each handler listening to its event."""
    from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

    js = importlib.import_module("js")  # Pyodide's window on the browser's globals
    socket = js.WebSocket.new(url)
    for event, handler in handlers.items():
        # The proxies live as long as the socket's listeners: for the life of the page.
        socket.addEventListener(event, create_proxy(handler))
    return socket  # type: ignore[no-any-return]


def page_address() -> str:
    """The address the course's page came from (in the browser course; elsewhere an error)."""
    if sys.platform != "emscripten":
        raise ValueError("join= reaches a class server: give server=, its address")
    js = importlib.import_module("js")
    return f"{js.location.origin}/"


class BrowserTable:
    """One table at the class server at ``address`` (default: the page's own), from the
    browser course: ``join`` a room's code as ``learner``, or ``watch`` a room's ``table``.
    ``on_frame`` is called with every frame the server sends after the seat (or the watched
    table) is given, and with the server's refusal or its going, on the kernel's thread."""

    def __init__(
        self,
        address: str | None = None,
        *,
        join: str | None = None,
        learner: str | None = None,
        watch: str | None = None,
        table: int | None = None,
        progress_dir: str | os.PathLike[str] | None = None,
        on_frame: Callable[[Json], None] | None = None,
        hub: str | None = None,
        opener: Opener | None = None,
    ) -> None:
        if (join is None) == (watch is None):
            raise ValueError("give join= (a student's seat) or watch= (the projector), not both")
        if hub is not None:
            raise ValueError("the browser course has no JupyterHub: give learner= (a name)")
        if join is not None and learner is None:
            raise ValueError("join= seats a learner: give learner= too (their name)")
        if watch is not None and table is None:
            raise ValueError("watch= shows one table of the room: give table= too")
        self.code = read_code(join if join is not None else watch)
        self.address = page_address() if address is None else address
        url = websocket_address(self.address)
        self.on_frame = on_frame
        self.frames: list[Json] = []
        """Every frame received after the seat was given, oldest first."""
        self.table: int | None = table
        self.seat: int | None = None
        self.learner = learner
        self.seated = False
        """True once the server has given the seat (or the table to watch)."""
        self.closed = False
        self._kept: KeptSeat | None = None
        if join is not None:
            assert learner is not None
            self._kept = KeptSeat(learner, progress_dir, self.address, self.code)
            self._ask: Json = self._kept.ask()
        else:
            self._ask = {"type": "watch", "room": self.code, "table": table}
        handlers = {"open": self._opened, "message": self._message, "close": self._closed}
        self._socket = (opener or open_browser_socket)(url, handlers)

    # -- the socket's events (on the kernel's thread) -------------------------------------------

    def _opened(self, event: Any) -> None:
        self._socket.send(json.dumps(self._ask))

    def _message(self, event: Any) -> None:
        frame = json.loads(str(event.data))
        if not isinstance(frame, dict):
            return
        if self.seated:
            if frame.get("type") == "moved":  # a tournament's round: follow the seat
                self.table, self.seat = followed(frame, self._kept)
            self.frames.append(frame)
            self._tell(frame)
        elif frame.get("type") in ("seat", "watching"):
            self._seated(frame)
        elif frame.get("type") == "error":
            if self._ask["type"] == "rejoin" and frame.get("code") == "bad-token":
                assert self._kept is not None
                self._kept.forget()  # the server forgot the seat: join afresh
                self._ask = self._kept.join()
                self._socket.send(json.dumps(self._ask))
                return
            self._tell(frame)

    def _seated(self, frame: Json) -> None:
        self.seated = True
        self.table = frame.get("table", self.table)
        self.seat = frame.get("seat")
        self.learner = frame.get("learner", self.learner)
        if self._kept is not None and isinstance(frame.get("token"), str):
            self._kept.keep(frame)

    def _closed(self, event: Any) -> None:
        self.closed = True
        if self.seated:
            status = "The class server has gone: this table no longer plays."
        else:
            status = (
                f"The class server at {self.address} does not answer: check the address, or "
                "ask the teacher whether it is running."
            )
        self._tell({"type": "gone", "status": status})

    def _tell(self, frame: Json) -> None:
        if self.on_frame is not None:
            self.on_frame(frame)

    # -- what the widget asks -------------------------------------------------------------------

    def send(self, intent: Any) -> None:
        """Send one of the page's intents on, as it is (the server checks it)."""
        if not self.seated or self.closed or self._socket.readyState != OPEN:
            why = "nothing was sent" if self.seated else "the seat is not taken yet"
            self._tell({"type": "status", "status": f"Not connected to the class server: {why}."})
            return
        self._socket.send(json.dumps({"type": "intent", "intent": intent}))

    def open(self, what: str, name: str = "") -> None:
        """Ask the server for a table of the learner's own, as
        :meth:`RemoteTable.open <kingscorner_widget.server.client.RemoteTable.open>` does;
        nothing waits here: the ``opened`` frame and the views come as the socket's events,
        a refusal as an ``error`` frame."""
        if not self.seated or self.closed or self._socket.readyState != OPEN:
            why = "nothing was opened" if self.seated else "the seat is not taken yet"
            self._tell({"type": "status", "status": f"Not connected to the class server: {why}."})
            return
        self._socket.send(json.dumps({"type": "open", "what": what, "name": name}))

    def latest(self) -> Json | None:
        """The latest view frame."""
        return next((f for f in reversed(self.frames) if f["type"] == "view"), None)

    def close(self) -> None:
        """Leave the table (the seat stays the learner's: they can come back)."""
        self._socket.close()
