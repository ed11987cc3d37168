"""A seat from the browser course (:class:`BrowserTable`), without a browser, against a real
server: the browser's WebSocket is stood in for by one whose events are queued as they come and
handed to Python on the test's own thread, as the browser hands them to Pyodide's, so nothing
in the seat ever waits. And the whole seat imports and opens in an interpreter that looks like
Pyodide's (no websockets, Starlette or uvicorn; ``js`` and ``pyodide.ffi`` as Pyodide gives
them)."""

from __future__ import annotations

import json
import queue
import random
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from kingscorner_widget import ClassServer
from kingscorner_widget.server.browser import BrowserTable
from kingscorner_widget.server.codes import new_code, spoken

from .wire import Json, assert_no_leak


class BrowserSocket:
    """A browser ``WebSocket`` stand-in over websockets' client: a reader thread queues its
    events; :meth:`pump` delivers them on the caller's thread, one at a time."""

    def __init__(self, url: str, handlers: Mapping[str, Callable[[Any], None]]) -> None:
        self.handlers = handlers
        self.events: queue.Queue[tuple[str, str | None]] = queue.Queue()
        self.readyState = 0
        self.sent: list[Json] = []
        self.connection: ClientConnection | None = None
        try:
            self.connection = connect(url, open_timeout=10).__enter__()
        except OSError:
            self.events.put(("close", None))
            return
        self.events.put(("open", None))
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.connection is not None
        try:
            for text in self.connection:
                self.events.put(("message", str(text)))
        except ConnectionClosed:
            pass
        self.events.put(("close", None))

    def send(self, data: str) -> None:
        assert self.connection is not None
        self.sent.append(json.loads(data))
        self.connection.send(data)

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()

    def pump(self, until: Callable[[], bool], timeout: float = 20.0) -> None:
        """Deliver events until ``until()`` holds (a ``TimeoutError`` if it never does)."""
        deadline = time.monotonic() + timeout
        while not until():
            try:
                name, data = self.events.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise TimeoutError("the awaited frame never came") from None
            self.readyState = {"open": 1, "close": 3}.get(name, self.readyState)
            self.handlers[name](SimpleNamespace(data=data))


class Seat:
    """A BrowserTable with its frames and its socket."""

    def __init__(self, address: str, folder: Path, **options: Any) -> None:
        self.frames: list[Json] = []
        self.sockets: list[BrowserSocket] = []

        def opener(url: str, handlers: Mapping[str, Callable[[Any], None]]) -> BrowserSocket:
            self.sockets.append(BrowserSocket(url, handlers))
            return self.sockets[-1]

        self.table = BrowserTable(
            address, progress_dir=folder, on_frame=self.frames.append, opener=opener, **options
        )
        self.socket = self.sockets[0]

    def first(self, kind: str) -> Json:
        """The first frame of type ``kind``, waiting for it."""
        self.socket.pump(lambda: any(frame["type"] == kind for frame in self.frames))
        return next(frame for frame in self.frames if frame["type"] == kind)

    def view(self, wanted: Callable[[Json], bool] = lambda frame: True) -> Json:
        def found() -> Json | None:
            return next((f for f in self.frames if f["type"] == "view" and wanted(f)), None)

        self.socket.pump(lambda: found() is not None)
        view = found()
        assert view is not None
        return view


def test_a_browser_seat_joins_plays_and_takes_its_seat_back(
    class_server: ClassServer, tmp_path: Path
) -> None:
    room = class_server.open_room("Browser", seats=2)
    ada = Seat(class_server.address, tmp_path, join=room.code, learner="ada")
    assert not ada.table.seated  # nothing waited: the seat comes later
    assert ada.frames == []
    first = ada.view()
    assert (ada.table.table, ada.table.seat, ada.table.learner) == (1, 1, "ada")
    assert ada.socket.sent == [{"type": "join", "room": room.code, "learner": "ada"}]
    game = room.tables[0].game
    assert first["snapshot"]["hands"][0]["cards"] == [str(card) for card in game.hand(1)]
    assert first["snapshot"]["hands"][1]["cards"] is None  # another hand stays on the server
    mine = ada.view(lambda frame: bool(frame["legal"]))  # Ada's turn (the computer moves first
    version = mine["snapshot"]["version"]  # when it holds the first seat to act)
    ada.table.send({"kind": "play", "version": version, "move": mine["legal"][0]})
    after = ada.view(lambda frame: frame["snapshot"]["version"] > version)
    assert after["snapshot"]["log"] != mine["snapshot"]["log"]
    assert ada.table.latest() == ada.frames[-1] or ada.frames[-1]["type"] != "view"
    ada.table.close()
    ada.socket.pump(lambda: ada.table.closed)
    assert ada.frames[-1] == {
        "type": "gone",
        "status": "The class server has gone: this table no longer plays.",
    }
    again = Seat(class_server.address, tmp_path, join=room.code, learner="ada")
    again.view()
    assert again.socket.sent[0]["type"] == "rejoin"  # the token kept in the progress folder
    assert (again.table.table, again.table.seat) == (1, 1)
    again.table.close()


def test_the_projector_in_the_browser_course_watches_a_table_with_every_hand_face_down(
    class_server: ClassServer, tmp_path: Path
) -> None:
    room = class_server.open_room("Projector", seats=2)
    projector = Seat(class_server.address, tmp_path, watch=room.code, table=1)
    view = projector.view()
    assert projector.socket.sent == [{"type": "watch", "room": room.code, "table": 1}]
    assert (projector.table.table, projector.table.seat) == (1, None)
    assert [hand["cards"] for hand in view["snapshot"]["hands"]] == [None, None]
    projector.table.send({"kind": "draw", "version": view["snapshot"]["version"]})
    projector.socket.pump(lambda: projector.frames[-1]["type"] == "error")  # a watcher acts not
    assert projector.frames[-1]["code"] == "not-seated"
    projector.table.close()


def made_since(version: int) -> Callable[[Json], bool]:
    """Is a view frame's snapshot this ``version`` or a later one?"""
    return lambda frame: int(frame["snapshot"]["version"]) >= version


def test_two_browser_course_students_play_a_hand_at_one_table_each_seeing_only_their_own(
    class_server: ClassServer, tmp_path: Path
) -> None:
    room = class_server.open_room("Two browsers", seats=2)
    ada = Seat(class_server.address, tmp_path, join=room.code, learner="Ada")
    ada.view()
    ben = Seat(class_server.address, tmp_path, join=room.code, learner="Ben")
    ben.view()
    assert [(s.table.table, s.table.seat, s.table.learner) for s in (ada, ben)] == [
        (1, 1, "Ada"),
        (1, 2, "Ben"),
    ]
    assert sorted(room.seated) == [(1, 1), (1, 2)]  # two people, no computer
    shared = room.tables[0]
    people = {1: ada, 2: ben}
    rng = random.Random(11)
    moves = 0
    while not shared.game.is_over():
        turn = shared.game.turn
        mover, version = people[turn], shared.table(turn).version
        now = mover.view(made_since(version))
        mover.table.send({"kind": "play", "version": version, "move": rng.choice(now["legal"])})
        mover.view(made_since(version + 1))
        moves += 1
    final = shared.game
    for seat, other in ((ada, ben), (ben, ada)):
        seat.view(lambda frame: frame["snapshot"]["over"])
        assert_no_leak(seat.frames, final, seat.table.seat)  # never a card of the other hand
        last = seat.table.latest()
        assert last is not None
        logged = [entry["words"] for entry in last["snapshot"]["log"]]
        assert any(words.startswith(f"{other.table.learner} ") for words in logged)
        seat.table.close()
    assert moves >= 2


def test_a_browser_seat_follows_a_tournament_round_and_takes_its_moved_seat_back(
    class_server: ClassServer, tmp_path: Path
) -> None:
    room = class_server.open_room("Browser tournament", seats=2)
    names = ["Ada", "Ben", "Cy", "Dee"]
    seats = {
        name: Seat(class_server.address, tmp_path, join=room.code, learner=name) for name in names
    }
    for seat in seats.values():
        seat.view()
    class_server.start_tournament(room.code, pairing="round-robin")
    drawn = class_server.next_round(room.code)
    for hand in drawn.hands:
        number = class_server.tournaments.table_of(room.code, 1, hand.table)
        for place, name in enumerate(hand.players, start=1):
            seat = seats[name]
            frame = seat.first("moved")
            assert (frame["table"], frame["seat"]) == (number, place)
            assert (seat.table.table, seat.table.seat) == (number, place)  # it followed
    ada = seats["Ada"]
    where = (ada.table.table, ada.table.seat)
    for seat in seats.values():
        seat.table.close()
    again = Seat(class_server.address, tmp_path, join=room.code, learner="Ada")
    again.view()
    first = again.socket.sent[0]
    assert (first["type"], first["table"], first["seat"]) == ("rejoin", *where)
    assert [f["type"] for f in again.socket.sent] == ["rejoin"]  # the moved seat, taken back
    assert (again.table.table, again.table.seat) == where
    again.table.close()


def test_a_forgotten_seat_joins_afresh_and_refusals_reach_the_status_line(
    class_server: ClassServer, tmp_path: Path
) -> None:
    room = class_server.open_room("Refusals", seats=2)
    book = tmp_path / "ben.seats"
    key = f"{class_server.address} {room.code}"
    book.write_text(json.dumps({key: {"table": 1, "seat": 1, "token": "not-the-token"}}))
    ben = Seat(class_server.address, tmp_path, join=room.code, learner="ben")
    ben.view()
    assert [frame["type"] for frame in ben.socket.sent] == ["rejoin", "join"]
    assert json.loads(book.read_text())[key]["token"] != "not-the-token"
    ben.table.close()

    nowhere = next(code for code in iter(new_code, "") if code not in class_server.rooms)
    lost = Seat(class_server.address, tmp_path, join=nowhere, learner="cy")
    lost.socket.pump(lambda: bool(lost.frames))
    said = f"There is no room {spoken(nowhere)}: check the code."
    assert lost.frames == [{"type": "error", "code": "no-room", "error": said}]
    lost.table.send({"kind": "draw", "version": 0})
    assert lost.frames[-1]["status"] == (
        "Not connected to the class server: the seat is not taken yet."
    )
    lost.table.close()


def test_a_server_that_does_not_answer_is_said_on_the_status_line(tmp_path: Path) -> None:
    with ClassServer(port=0) as server:
        address = server.address
    gone = Seat(address, tmp_path, join="KXT-4PQ", learner="ada")
    gone.socket.pump(lambda: bool(gone.frames))
    assert gone.frames == [
        {
            "type": "gone",
            "status": f"The class server at {address} does not answer: check the address, "
            "or ask the teacher whether it is running.",
        }
    ]


def test_a_browser_seat_refuses_what_a_notebook_seat_refuses(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="not both"):
        BrowserTable("http://127.0.0.1:9", join="KXT-4PQ", watch="KXT-4PQ", table=1)
    with pytest.raises(ValueError, match="no JupyterHub"):
        BrowserTable("http://127.0.0.1:9", join="KXT-4PQ", hub="token")
    with pytest.raises(ValueError, match="give table="):
        BrowserTable("http://127.0.0.1:9", watch="KXT-4PQ")
    with pytest.raises(ValueError, match="give server="):
        BrowserTable(None, join="KXT-4PQ", learner="ada")  # not in a browser: no page address
    with pytest.raises(ValueError, match="http:// or https://"):
        BrowserTable("ftp://x", join="KXT-4PQ", learner="ada")


PYODIDE = r"""
import json, os, sys, types

for name in ("websockets", "starlette", "uvicorn"):  # not in the browser course
    sys.modules[name] = None


class WebSocket:
    made = []

    @classmethod
    def new(cls, url):
        socket = cls()
        socket.url, socket.sent, socket.listeners, socket.readyState = url, [], {}, 0
        cls.made.append(socket)
        return socket

    def addEventListener(self, name, listener):
        self.listeners[name] = listener

    def send(self, data):
        self.sent.append(json.loads(data))

    def close(self):
        self.readyState = 3

    def fire(self, name, data=None):
        self.readyState = {"open": 1, "close": 3}.get(name, self.readyState)
        self.listeners[name](types.SimpleNamespace(data=data))


js = types.ModuleType("js")
js.WebSocket = WebSocket
js.location = types.SimpleNamespace(origin="http://10.0.0.5:8765")
ffi = types.ModuleType("pyodide.ffi")
ffi.create_proxy = lambda function: function
sys.modules.update({"js": js, "pyodide": types.ModuleType("pyodide"), "pyodide.ffi": ffi})

from kingscorner_widget import KingsCornerWidget
from kingscorner_widget.table.page_words import phrases

phrases()  # the page's words read the locale here first: CPython's, not Pyodide's, would fail
sys.platform = "emscripten"
"""

PYODIDE_LIKE = (
    PYODIDE
    + r"""
widget = KingsCornerWidget(join="kxt-4pq", learner="ada", progress_dir=sys.argv[1])
socket = WebSocket.made[0]
print(type(widget).__name__, type(widget.remote).__name__, socket.url, widget.status)
socket.fire("open")
print(socket.sent)
view = json.loads(sys.argv[2])  # a real view a server sent a seat
socket.fire("message", json.dumps({"type": "seat", "room": "KXT4PQ", "table": 1, "seat": 2,
                                   "learner": "ada", "token": "t"}))
socket.fire("message", json.dumps(view))
print(widget.snapshot == view["snapshot"], widget.legal == view["legal"], repr(widget))
print(json.load(open(sys.argv[1] + "/ada.seats")))
widget.draw()
print(socket.sent[-1])
servers = ("websockets", "starlette", "uvicorn")
print(sorted(name for name, m in sys.modules.items() if m and name.split(".")[0] in servers))
"""
)


def test_in_a_pyodide_like_kernel_the_seat_uses_the_browsers_websocket(
    class_server: ClassServer, tmp_path: Path
) -> None:
    room = class_server.open_room("Pyodide", seats=2)
    seat = Seat(class_server.address, tmp_path, join=room.code, learner="ada")
    view = seat.view()
    version = view["snapshot"]["version"]
    seat.table.close()
    done = subprocess.run(
        [sys.executable, "-c", PYODIDE_LIKE, str(tmp_path / "pyodide"), json.dumps(view)],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "RemoteTableWidget BrowserTable ws://10.0.0.5:8765/ Taking your seat at the class "
        "server...",
        "[{'type': 'join', 'room': 'KXT4PQ', 'learner': 'ada'}]",
        "True True KingsCornerWidget(join='KXT4PQ', table=1, seat=2)",
        "{'http://10.0.0.5:8765/ KXT4PQ': {'table': 1, 'seat': 2, 'token': 't'}}",
        f"{{'type': 'intent', 'intent': {{'kind': 'draw', 'version': {version}}}}}",
        "[]",
    ]


def test_a_browser_seat_opens_a_lesson_at_the_server_and_a_refusal_reaches_it(
    class_server: ClassServer, tmp_path: Path
) -> None:
    room = class_server.open_room("Browser lesson", seats=2)
    ada = Seat(class_server.address, tmp_path, join=room.code, learner="ada")
    first = ada.view()
    ada.table.open("lesson", "answers")
    ada.socket.pump(lambda: ada.frames[-1]["type"] == "error")
    assert ada.frames[-1]["code"] == "no-lesson"
    ada.table.open("lesson", "worked-turn")
    step = ada.view(lambda frame: frame["mode"] == "lesson")
    assert ada.socket.sent[-1] == {"type": "open", "what": "lesson", "name": "worked-turn"}
    assert any(f["type"] == "opened" and f["title"] == "A worked turn" for f in ada.frames)
    assert first["mode"] == "play"
    ada.table.send({"kind": "play", "version": step["snapshot"]["version"], "move": "Th>N"})
    done = ada.view(
        lambda frame: frame["mode"] == "lesson" and frame["snapshot"]["lesson"]["stepDone"]
    )
    assert done["status"].endswith("Press Next to go on.")
    ada.table.close()


PYODIDE_WATCHING = (
    PYODIDE
    + r"""
try:
    KingsCornerWidget(watch="kxt-4pq")
except ValueError as error:
    print(error)
widget = KingsCornerWidget(watch="kxt-4pq", table=1)
socket = WebSocket.made[0]
print(type(widget).__name__, type(widget.remote).__name__, socket.url, widget.status)
socket.fire("open")
print(socket.sent)
view = json.loads(sys.argv[2])  # a real view a server sent a watcher
socket.fire("message", json.dumps({"type": "watching", "room": "KXT4PQ", "table": 1}))
socket.fire("message", json.dumps(view))
print(widget.snapshot == view["snapshot"], widget.legal, repr(widget))
print(os.listdir("."))  # the projector keeps no seat beside the notebook
"""
)


def test_in_the_browser_course_the_projector_watches_with_no_server_given(
    class_server: ClassServer, tmp_path: Path
) -> None:
    room = class_server.open_room("Pyodide projector", seats=2)
    projector = Seat(class_server.address, tmp_path, watch=room.code, table=1)
    view = projector.view()
    projector.table.close()
    notebook = tmp_path / "notebook"
    notebook.mkdir()
    done = subprocess.run(
        [sys.executable, "-c", PYODIDE_WATCHING, str(notebook), json.dumps(view)],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
        cwd=notebook,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "watch= shows one table of the room: give table= too",
        "RemoteTableWidget BrowserTable ws://10.0.0.5:8765/ Finding the table at the class "
        "server...",
        "[{'type': 'watch', 'room': 'KXT4PQ', 'table': 1}]",
        "True [] KingsCornerWidget(watch='KXT4PQ', table=1)",
        "[]",
    ]
