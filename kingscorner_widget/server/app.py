"""The class server: rooms of tables over websockets, beside a teacher's kernel or on its own.

:class:`ClassServer` runs a `Starlette <https://www.starlette.io>`_ application under
`uvicorn <https://www.uvicorn.org>`_ on a thread of its own, so a teacher's notebook keeps
working while the class plays (``kingscorner serve`` runs the same server in the foreground).
Why these: uvicorn is a well-kept asyncio server with a sans-I/O websocket protocol (built on
``websockets``), and Starlette routes plain HTTP and websockets on one address, so the same
application can later serve the browser course beside the tables, or sit behind JupyterHub's
proxy as a service, at one port. The server binds to 127.0.0.1 unless told otherwise.

Each client sends JSON frames (:mod:`~kingscorner_widget.server.protocol`: every one checked,
rate-limited and size-capped) and receives its view frames (:func:`~.views.frame`): a seat only
what its seat sees, a watcher the public table. Everything about a table happens under its lock;
a move and its snapshots are quick and run on the event loop, while a Hint's search and the
computer players' choices run on worker threads, so they never hold another table. The computer
players move on their own, :attr:`ClassServer.pace` seconds apart. Rooms, seats and hands are
kept in SQLite (:mod:`~.store`): a server started again on the same ``data`` file takes up where
it stopped. A seated learner may also open a table of their own here (:mod:`~.desks`: a lesson,
the room's homework set by :meth:`ClassServer.set_homework`, one of its puzzles, the daily
deal), which the server runs and records as it does the shared tables.

>>> with ClassServer(port=0, pace=0) as server:
...     room = server.open_room("Year 7", seats=2)
...     server.address.startswith("http://127.0.0.1:"), len(room.code), len(room.tables)
(True, 6, 1)
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
import socket
import threading
from collections.abc import Callable
from types import TracebackType
from typing import Any

try:
    import uvicorn
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import PlainTextResponse
    from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
    from starlette.websockets import WebSocket, WebSocketDisconnect
except ImportError as missing:  # pragma: no cover - the [server] extra is not installed
    raise ImportError(
        "the class server needs Starlette and uvicorn: pip install 'kingscorner-widget[server]'"
    ) from missing

from ..classroom.homework import Homework, as_homework
from ..classroom.record import check_learner
from ..classroom.rounds import Round
from ..classroom.standings import Standings
from ..classroom.tournament import ClassTournament
from ..display.charts import VegaLiteChart
from ..display.tables import HtmlTable
from ..engine.words import sentence
from ..table.table import Table, View
from .codes import new_code, read_code, same_token, spoken
from .desks import MAX_DESK_NAME, OPENS, Desk, DeskError, open_desk
from .hub import HubError, HubIdentity, HubService, HubUser
from .protocol import MAX_TRANSPORT, FrameError, RateLimit, error_frame, read_frame
from .records import LiveView, ServerRecords
from .room import Room, Seat, ServerTable
from .site import check_site, course_site
from .store import Store
from .tournament import TournamentDesk, round_frame, standings_frame, tournament_frame
from .views import frame, room_table, table_line

__all__ = ["ClassServer"]

Json = dict[str, Any]

MAX_REFUSED = 200
"""Frames refused in a row for coming too fast before the server closes the connection."""
SLOW_KINDS = frozenset({"hint"})
"""Intents whose work is long enough to go to a worker thread (the Hint's search)."""
SLOW_FRAMES = frozenset({"tournament-round", "hub-tournament-round", "homework", "hub-homework"})
"""Frames whose work goes to a worker thread (drawing a Swiss round takes a second or two; a
homework's puzzles are solved again)."""
MAX_OUTBOX = 2000
"""Frames waiting for a client that reads nothing before the server gives up on it."""


class Connection:
    """One client's websocket: what it sits at or watches, its frames waiting, its rate."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.outbox: asyncio.Queue[str] = asyncio.Queue()
        self.rate = RateLimit()
        self.room: Room | None = None
        self.table: ServerTable | None = None
        self.seat: int | None = None
        """The seat it holds (``None`` while it holds none: a watcher, or not yet seated)."""
        self.leave: Callable[[], None] | None = None
        self.desk: Desk | None = None
        """The learner's own table this connection shows now (``None``: their seat's)."""
        self.learner: str | None = None
        """Whose seat this connection took (``None``: a watcher, or not yet seated)."""

    def send(self, data: Json) -> None:
        """Send ``data`` (from any thread)."""
        self.push(json.dumps(data))

    def push(self, text: str) -> None:
        self.loop.call_soon_threadsafe(self.outbox.put_nowait, text)


class Fanout:
    """One seat's table (or the watchers'), mirrored to every connection at it: each view is
    written as text once, whoever reads it."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.connections: set[Connection] = set()
        table.subscribe(self._mirror)

    def _mirror(self, view: View) -> None:
        if self.connections:
            text = json.dumps(frame(view))
            for connection in list(self.connections):
                connection.push(text)


class ClassServer:
    """A class server on ``host`` (default 127.0.0.1: this machine only) and ``port`` (0: a
    free one), keeping its rooms in the SQLite file ``data`` (``None``: in memory), and serving
    the built browser course in the folder ``site`` at the same address (:mod:`~.site`). ``pace`` is
    the seconds between computer moves; a person away longer than ``away_after`` seconds has a
    computer play their seat until they come back (``None``: never)."""

    def __init__(
        self,
        port: int = 0,
        host: str = "127.0.0.1",
        data: str | os.PathLike[str] | None = None,
        *,
        pace: float = 0.6,
        away_after: float | None = 60.0,
        hub: HubService | None = None,
        teachers: str = "teachers",
        site: str | os.PathLike[str] | None = None,
    ) -> None:
        if not 0 <= pace <= 10:
            raise ValueError(f"pace is 0 to 10 seconds between computer moves, not {pace!r}")
        self.pace = pace
        self.away_after = away_after
        self.hub = hub
        """The JupyterHub this server is a service of (:meth:`on_hub`), or ``None``."""
        self.teachers = teachers
        """On a Hub: the Hub group whose members (with the Hub's admins) are the teachers."""
        self._identity = HubIdentity(hub.api_url) if hub is not None else None
        prefix = hub.prefix if hub is not None else "/"
        self.site = None if site is None else check_site(site)
        """The browser course served beside the tables (``kingscorner classroom``), or ``None``."""
        self.store = Store(data)
        self.rooms: dict[str, Room] = self.store.rooms()
        self.records = ServerRecords(self.store)
        """Each seated learner's record, kept here from the moves played (:mod:`.records`)."""
        """Every room, by code."""
        self.key = secrets.token_urlsafe(16)
        """The teacher's key: it opens the room view (every table of a room)."""
        self._lock = threading.RLock()
        self._fanouts: dict[int, Fanout] = {}
        self._present: dict[tuple[str, int, int], int] = {}
        self._driving: set[tuple[str, int]] = set()
        self.homework: dict[str, Homework] = {
            code: Homework.from_json(text)
            for code, text in self.store.homeworks().items()
            if code in self.rooms
        }
        """The homework set for each room (:meth:`set_homework`), by code."""
        self._desks: dict[tuple[str, str], Desk] = {}
        self._desk_driving: set[int] = set()
        for room in self.rooms.values():
            self._wire(room)
        self._loop: asyncio.AbstractEventLoop | None = None
        self.tournaments = TournamentDesk(self.store, self.rooms, self._moved, self._kick)
        """Each room's class tournament (:mod:`~.tournament`)."""
        routes: list[BaseRoute] = [WebSocketRoute(prefix, self._socket)]
        if self.site is None:
            routes.append(Route(prefix, self._home))
        else:  # the course at the same address: its page reaches the tables at its own origin
            routes.append(Mount("/", app=course_site(self.site)))
        app = Starlette(routes=routes)
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError:
            sock.close()
            self.store.close()
            raise
        sock.listen(128)
        self.host, self.port = host, sock.getsockname()[1]
        config = uvicorn.Config(
            app,
            ws="websockets-sansio",
            ws_max_size=MAX_TRANSPORT,
            log_level="warning",
            lifespan="off",
        )
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(
            target=self._server.run, kwargs={"sockets": [sock]}, daemon=True, name="kingscorner"
        )
        self._socket_file = sock
        self._thread.start()

    # -- the teacher's side ---------------------------------------------------------------------

    @property
    def address(self) -> str:
        """Where clients reach the server (a student's seat: ``server=server.address``)."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}{self.hub.prefix if self.hub else ''}"

    @classmethod
    def on_hub(
        cls,
        data: str | os.PathLike[str] | None = None,
        *,
        teachers: str = "teachers",
        environ: dict[str, str] | None = None,
        **options: Any,
    ) -> ClassServer:
        """The server as a JupyterHub service (``kingscorner serve --hub``; ``docs/hub.md``):
        it listens where the Hub says, under the Hub's path for it, and learns each learner's
        name from the Hub (a kernel's Hub token), never from what was typed. The Hub's admins
        and the members of the Hub group ``teachers`` open rooms and see them. Off the Hub:
        :class:`~kingscorner_widget.server.hub.HubError`."""
        hub = HubService.from_environ(environ)
        return cls(hub.port, hub.host, data, hub=hub, teachers=teachers, **options)

    def open_room(self, name: str, seats: int = 2, computer: str = "greedy") -> Room:
        """Open a room called ``name`` of tables of ``seats`` seats (2 to 4), the ``computer``
        player (any level: random, greedy, planner, lookahead, expert) playing every seat no
        person holds. Its code is new, hard to guess and easy to read aloud."""
        with self._lock:
            code = new_code()
            while code in self.rooms:
                code = new_code()
            room = Room(name, code=code, seats=seats, computer=computer)
            self.store.add_room(room)
            self.rooms[code] = room
            self._wire(room)
            return room

    def room_view(self, code: str) -> Json:
        """The teacher's view of room ``code``: every table's whose turn, cards, score and who
        is away."""
        room = self._room(code)
        with room.lock:
            tables = list(room.tables)
        return {
            "type": "room",
            "room": room.code,
            "code": spoken(room.code),
            "name": room.name,
            "tables": [table_line(table) for table in tables],
        }

    def room_board(self, code: str) -> HtmlTable:
        """The teacher's room view of room ``code`` as a table (HTML in a notebook, text in a
        terminal): each table's hand, whose turn, the cards left in each hand, the stock, the
        points left in hand over the hands played, and whether it is over, stuck or has a
        person away."""
        view = self.room_view(code)
        return room_table(view["name"], view["code"], view["tables"])

    def start_tournament(
        self,
        code: str,
        pairing: str = "auto",
        seats: int = 2,
        position: str | None = None,
    ) -> ClassTournament:
        """Start a class tournament in room ``code``: rounds of tables of ``seats`` drawn by
        ``pairing`` ("auto": a round robin for a few, Swiss for many; "round-robin";
        "swiss"), every hand from the round's standard deal or from ``position``."""
        return self.tournaments.start(
            self._room(code), pairing=pairing, seats=seats, position=position
        )

    def next_round(self, code: str) -> Round:
        """Draw room ``code``'s next round among the learners at their seats now, move each
        to their round's table and deal it (the previous round must be finished)."""
        room = self._room(code)
        with self._lock:
            here = {
                key[1:] for key, count in self._present.items() if count and key[0] == room.code
            }
        with room.lock:
            present = [room.seated[key].learner for key in sorted(here) if key in room.seated]
        return self.tournaments.next_round(room, present)

    def standings(self, code: str) -> Standings:
        """Room ``code``'s tournament standings: a table (HTML in a notebook, text in a
        terminal) with its tie-breaks said in words; :meth:`standings_chart` draws it."""
        return self.tournaments.standings(self._room(code).code)

    def standings_chart(self, code: str) -> VegaLiteChart:
        """Each player's points after each round of room ``code``'s tournament, a line each."""
        return self.tournaments.chart(self._room(code).code)

    def set_homework(self, code: str, homework: Homework | str | os.PathLike[str]) -> Homework:
        """Set ``homework`` (a :class:`~kingscorner_widget.classroom.homework.Homework` or
        the file it was saved to) for room ``code``: each learner seated there opens it at
        their own table on the server (``widget.open_homework()``), where it is judged and
        recorded. It is kept in the server's data file; its puzzles' answers stay here."""
        room = self._room(code)
        found = as_homework(homework)
        with self._lock:
            self.store.put_homework(room.code, found.to_json(indent=None))
            self.homework[room.code] = found
        return found

    def live(self, code: str) -> LiveView:
        """The teacher's live view of room ``code`` (who is at which table, hands played and
        won, hints asked, who looks stuck); ``.show()`` in a notebook refreshes it in place."""
        return self.records.live(self._room(code).code)

    def stop(self) -> None:
        """Stop the server (every connection closes); the rooms stay in the data file."""
        self._server.should_exit = True
        self._thread.join(timeout=30)
        self.records.flush()
        self._socket_file.close()
        self.store.close()

    def __enter__(self) -> ClassServer:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop()

    def __repr__(self) -> str:
        return f"ClassServer({self.address!r}, rooms={len(self.rooms)})"

    # -- wiring ---------------------------------------------------------------------------------

    def _wire(self, room: Room) -> None:
        """Keep every hand of the room's tables as it is played."""
        for table in room.tables:
            if table.on_move is None:
                table.on_move = lambda shared, room=room: self.store.save_hand(room, shared)
            self.records.watch(room, table)

    def _moved(
        self, room: Room, moves: list[tuple[Seat, Seat, str]], deal: Callable[[], None]
    ) -> None:
        """Every connection at each ``old`` seat follows its learner to ``new``: first all
        leave their old seats, then ``deal`` deals the round, then each gets a ``moved`` frame
        and its new table's view (no view of a hand dealt for another seat reaches anyone)."""
        following: list[tuple[Connection, Seat, str]] = []
        for old, new, said in moves:
            before = room.tables[old.table - 1].table(old.seat)
            with self._lock:
                self._present.pop((room.code, old.table, old.seat), None)
                fanout = self._fanouts.get(id(before))
                found = [] if fanout is None else list(fanout.connections)
            for connection in found:
                if connection.leave is not None:
                    connection.leave()
                connection.table = None  # between seats until the round is dealt
                following.append((connection, new, said))
        deal()
        self._wire(room)  # every table keeps its hands, every learner's record follows them
        for connection, new, said in following:
            connection.send(
                {
                    "type": "moved",
                    "room": room.code,
                    "table": new.table,
                    "seat": new.seat,
                    "learner": new.learner,
                    "status": said,
                }
            )
            self._attach(connection, room, room.tables[new.table - 1], new.seat)

    def _kick(self, room: Room, shared: ServerTable) -> None:
        """Start ``shared``'s computer players (from any thread)."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._drive, room, shared)

    def _room(self, code: object) -> Room:
        try:
            plain = read_code(code)
        except ValueError as error:
            raise FrameError("bad-code", sentence(str(error))) from None
        with self._lock:
            room = self.rooms.get(plain)
        if room is None:
            raise FrameError("no-room", f"There is no room {spoken(plain)}: check the code.")
        return room

    def _fanout(self, table: Table) -> Fanout:
        with self._lock:
            found = self._fanouts.get(id(table))
            if found is None:
                found = self._fanouts[id(table)] = Fanout(table)
            return found

    # -- the websocket --------------------------------------------------------------------------

    async def _home(self, request: Request) -> PlainTextResponse:
        return PlainTextResponse(
            "Kings in the Corner class server: join a room from a notebook with "
            "KingsCornerWidget(join=CODE, server=ADDRESS, learner=NAME).\n"
        )

    async def _socket(self, websocket: WebSocket) -> None:
        self._loop = asyncio.get_running_loop()
        await websocket.accept()
        connection = Connection(asyncio.get_running_loop())
        sender = asyncio.create_task(self._send(websocket, connection))
        closing: tuple[int, str] | None = None
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                data = text if text is not None else message.get("bytes")
                if not connection.rate.allow():
                    if connection.rate.refused > MAX_REFUSED:
                        closing = (1008, "too many frames: slow down")
                        break
                    if connection.rate.refused == 1:
                        connection.send(
                            error_frame("too-fast", "Too many messages at once: slow down.")
                        )
                    continue
                await self._handle(connection, data)
                if connection.table is not None and connection.room is not None:
                    self._drive(connection.room, connection.table)
                    self._drive_desk(connection)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sender
            if closing is not None:  # what was said before the flood goes out, then the close
                with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
                    while not connection.outbox.empty():
                        await websocket.send_text(connection.outbox.get_nowait())
                    await websocket.close(*closing)
            await asyncio.to_thread(self._gone, connection)

    async def _send(self, websocket: WebSocket, connection: Connection) -> None:
        with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
            while True:
                text = await connection.outbox.get()
                if connection.outbox.qsize() > MAX_OUTBOX:
                    await websocket.close(1008, "frames are not being read")
                    return
                await websocket.send_text(text)

    async def _handle(self, connection: Connection, data: object) -> None:
        """One frame from a client: at once on the event loop (a move and its snapshots take
        a millisecond or so), a Hint on a worker thread (its search would hold every table)."""
        try:
            checked = read_frame(data if isinstance(data, str | bytes) else None)
            act = getattr(self, f"_on_{checked['type'].replace('-', '_')}")
            if checked["type"].startswith("hub-"):  # asking the Hub takes a moment: not here
                checked["user"] = await asyncio.to_thread(self._hub_user, checked["hub"])
            intent = checked.get("intent", {})
            slow = intent.get("kind") in SLOW_KINDS or self._busy(connection)
            slow = slow or connection.desk is not None  # its own table: off the event loop
            if (checked["type"] == "intent" and slow) or checked["type"] in SLOW_FRAMES:
                await asyncio.to_thread(self._act, act, connection, checked)
            else:
                act(connection, checked)
        except FrameError as error:
            connection.send(error_frame(error.code, sentence(str(error))))

    @staticmethod
    def _busy(connection: Connection) -> bool:
        """True while a worker holds the connection's table (a computer player choosing): its
        message then waits on a worker thread, never on the event loop."""
        shared = connection.table
        if shared is None:
            return False
        if not shared.lock.acquire(blocking=False):
            return True
        shared.lock.release()
        return False

    @staticmethod
    def _act(act: Callable[[Connection, Json], None], connection: Connection, data: Json) -> None:
        try:
            act(connection, data)
        except FrameError as error:
            connection.send(error_frame(error.code, sentence(str(error))))

    def _on_join(self, connection: Connection, data: Json) -> None:
        if self.hub is not None:
            raise FrameError(
                "hub",
                "On this Hub your name comes from the Hub: join without learner=, "
                "from your notebook on the Hub.",
            )
        self._seat(connection, data["room"], data["learner"])

    def _seat(self, connection: Connection, code: object, learner: str) -> None:
        self._unseated(connection)
        room = self._room(code)
        try:
            check_learner(learner)  # the name the server keeps their record under
            seat = room.join(learner)
        except ValueError as error:
            said = str(error)
            reason = "room-full" if "full" in said else "name"
            raise FrameError(reason, sentence(said)) from None
        self.store.add_seat(room, seat)
        self._wire(room)
        connection.send(
            {
                "type": "seat",
                "room": room.code,
                "table": seat.table,
                "seat": seat.seat,
                "learner": seat.learner,
                "token": seat.token,
            }
        )
        self._attach(connection, room, room.tables[seat.table - 1], seat.seat)

    def _hub_user(self, token: str) -> HubUser:
        """Who the Hub says holds ``token`` (on a worker thread: it asks the Hub)."""
        if self._identity is None:
            raise FrameError("not-hub", "This class server is not a JupyterHub service.")
        try:
            return self._identity.user_for(token)
        except HubError as error:
            raise FrameError("hub-token", sentence(str(error))) from None

    def _teacher(self, user: HubUser) -> None:
        if not (user.admin or self.teachers in user.groups):
            raise FrameError(
                "not-teacher",
                f"Only the Hub's admins and the {self.teachers!r} group open and watch rooms.",
            )

    def _on_hub_join(self, connection: Connection, data: Json) -> None:
        """A Hub user sits at the next free seat, or takes back the seat they hold."""
        user: HubUser = data["user"]
        try:
            name = check_learner(user.name)
        except ValueError:
            raise FrameError(
                "name", f"The Hub name {user.name!r} cannot be a learner's name here."
            ) from None
        room = self._room(data["room"])
        held = room.seat_of(name)
        if held is None:
            self._seat(connection, room.code, name)
            return
        self._unseated(connection)
        self._sit_again(connection, room, held)

    def _on_hub_open(self, connection: Connection, data: Json) -> None:
        self._teacher(data["user"])
        try:
            room = self.open_room(data["name"], seats=data["seats"])
        except ValueError as error:
            raise FrameError("room", sentence(str(error))) from None
        connection.send(self.room_view(room.code))

    def _on_hub_room(self, connection: Connection, data: Json) -> None:
        self._teacher(data["user"])
        connection.send(self.room_view(self._room(data["room"]).code))

    def _on_rejoin(self, connection: Connection, data: Json) -> None:
        self._unseated(connection)
        room = self._room(data["room"])
        try:
            seat = room.rejoin(data["table"], data["seat"], data["token"])
        except PermissionError as error:
            raise FrameError("bad-token", sentence(str(error))) from None
        self._sit_again(connection, room, seat)

    def _sit_again(self, connection: Connection, room: Room, seat: Seat) -> None:
        """``connection`` takes back the seat its person holds, with the whole table (or the
        table of their own they had open, where they left it)."""
        connection.send(
            {
                "type": "seat",
                "room": room.code,
                "table": seat.table,
                "seat": seat.seat,
                "learner": seat.learner,
            }
        )
        with self._lock:
            desk = self._desks.get((room.code, seat.learner))
        shared = room.tables[seat.table - 1]
        if desk is None:
            self._attach(connection, room, shared, seat.seat)
            return
        self._here(connection, room, shared, seat.seat)
        self._at_desk(connection, room, seat.learner, desk)

    def _on_watch(self, connection: Connection, data: Json) -> None:
        self._unseated(connection)
        room = self._room(data["room"])
        try:
            shared = room.table(data["table"])
        except ValueError as error:
            raise FrameError("no-table", sentence(str(error))) from None
        connection.send({"type": "watching", "room": room.code, "table": shared.number})
        self._attach(connection, room, shared, None)

    def _on_room(self, connection: Connection, data: Json) -> None:
        room = self._room(data["room"])
        if not same_token(self.key, data["key"]):
            raise FrameError("bad-key", "That is not this server's teacher key.")
        connection.send(self.room_view(room.code))

    def _on_tournament_start(self, connection: Connection, data: Json) -> None:
        self._teacher_key(data)
        connection.send(self._tournament_started(data))

    def _on_tournament_round(self, connection: Connection, data: Json) -> None:
        self._teacher_key(data)
        connection.send(self._round_drawn(data))

    def _on_tournament_standings(self, connection: Connection, data: Json) -> None:
        self._teacher_key(data)
        connection.send(self._standings_frame(data))

    def _on_hub_tournament_start(self, connection: Connection, data: Json) -> None:
        self._teacher(data["user"])
        connection.send(self._tournament_started(data))

    def _on_hub_tournament_round(self, connection: Connection, data: Json) -> None:
        self._teacher(data["user"])
        connection.send(self._round_drawn(data))

    def _on_hub_tournament_standings(self, connection: Connection, data: Json) -> None:
        self._teacher(data["user"])
        connection.send(self._standings_frame(data))

    def _on_homework(self, connection: Connection, data: Json) -> None:
        self._teacher_key(data)
        connection.send(self._homework_set(data))

    def _on_hub_homework(self, connection: Connection, data: Json) -> None:
        self._teacher(data["user"])
        connection.send(self._homework_set(data))

    def _homework_set(self, data: Json) -> Json:
        room = self._room(data["room"])
        try:
            homework = Homework.from_dict(data["homework"])
        except (ValueError, TypeError, KeyError, IndexError) as error:
            raise FrameError(
                "homework", sentence(f"that homework does not read: {error}")
            ) from None
        self.set_homework(room.code, homework)
        items = [item.key for item in homework.items]
        return {"type": "homework", "room": room.code, "title": homework.title, "items": items}

    def _teacher_key(self, data: Json) -> None:
        if not same_token(self.key, data["key"]):
            raise FrameError("bad-key", "That is not this server's teacher key.")

    def _tournament_started(self, data: Json) -> Json:
        room = self._room(data["room"])
        try:
            started = self.start_tournament(
                room.code, data["pairing"], data["seats"], data["position"] or None
            )
        except ValueError as error:
            raise FrameError("tournament", sentence(str(error))) from None
        return tournament_frame(room.code, started)

    def _round_drawn(self, data: Json) -> Json:
        room = self._room(data["room"])
        try:
            drawn = self.next_round(room.code)
        except ValueError as error:
            raise FrameError("tournament", sentence(str(error))) from None
        return round_frame(room.code, drawn, self.tournaments)

    def _standings_frame(self, data: Json) -> Json:
        room = self._room(data["room"])
        try:
            return standings_frame(room.code, self.standings(room.code))
        except ValueError as error:
            raise FrameError("tournament", sentence(str(error))) from None

    def _on_intent(self, connection: Connection, data: Json) -> None:
        shared, seat = connection.table, connection.seat
        if shared is None or seat is None:
            raise FrameError("not-seated", "Only a seat acts at a table: join a room first.")
        desk = connection.desk
        if desk is not None:
            desk.table.intent(data["intent"])
            return
        with shared.lock:
            shared.table(seat).intent(data["intent"])

    def _on_open(self, connection: Connection, data: Json) -> None:
        """A seated learner opens a table of their own (a lesson, the homework, a puzzle, the
        daily deal) or goes back to their seat's (``table``)."""
        room, shared, seat = connection.room, connection.table, connection.seat
        if room is None or shared is None or seat is None:
            raise FrameError(
                "not-seated", "Only a learner at a seat opens a lesson: join a room first."
            )
        what, name = data["what"], data["name"]
        if what not in OPENS:
            raise FrameError("open-what", f"A learner opens one of {', '.join(OPENS)}.")
        if len(name) > MAX_DESK_NAME or not name.isprintable():
            raise FrameError(
                "open-name", f"an open frame's name is plain text of at most {MAX_DESK_NAME}"
            )
        learner = connection.learner
        if learner is None:
            raise FrameError("not-seated", "This seat is no longer yours: join the room again.")
        key = (room.code, learner)
        if what == "table":
            if name:
                raise FrameError("open-name", "Back to the table takes no name.")
            with self._lock:
                self._desks.pop(key, None)
            self._to_seat(connection, room, learner)
            return
        homework = self.homework.get(room.code)
        try:
            desk = open_desk(what, name, homework=homework, seats=shared.seats)
        except DeskError as error:
            raise FrameError(error.code, sentence(str(error))) from None
        walked = homework if desk.record.startswith("homework:") else None
        recorder = self.records.desk_recorder(room.code, learner, desk.record, walked)
        desk.listen(self.records.desk_listener(room.code, learner, recorder))
        with self._lock:
            self._desks[key] = desk
        self._at_desk(connection, room, learner, desk)

    def _at_desk(self, connection: Connection, room: Room, learner: str, desk: Desk) -> None:
        """``connection`` shows ``learner``'s own table from now on (a computer plays their
        seat at the shared table meanwhile)."""
        if connection.leave is not None:
            connection.leave()
        shared, seat = connection.table, connection.seat
        if shared is not None and seat is not None:
            shared.leave(seat)
        connection.desk = desk
        connection.send(
            {"type": "opened", "what": desk.what, "name": desk.name, "title": desk.title}
        )
        fanout = self._fanout(desk.table)
        connection.send(frame(desk.table.view()))
        fanout.connections.add(connection)
        connection.leave = lambda: fanout.connections.discard(connection)
        self.records.opened(room.code, learner, desk.title)

    def _to_seat(self, connection: Connection, room: Room, learner: str) -> None:
        """``connection`` goes back from the learner's own table to their seat's."""
        held = room.seat_of(learner)
        if held is None:
            raise FrameError("not-seated", "This seat is no longer yours: join the room again.")
        if connection.leave is not None:
            connection.leave()
        connection.desk = None
        shared = room.tables[held.table - 1]
        old, new, was = connection.table, shared, connection.seat
        if old is not None and was is not None and (old.number, was) != (held.table, held.seat):
            with self._lock:  # a tournament's round moved the learner meanwhile
                self._present.pop((room.code, old.number, was), None)
                key = (room.code, held.table, held.seat)
                self._present[key] = self._present.get(key, 0) + 1
        connection.send({"type": "opened", "what": "table", "name": "", "title": new.title()})
        with shared.lock:
            table = shared.table(held.seat)
            fanout = self._fanout(table)
            connection.send(frame(table.view()))
            fanout.connections.add(connection)
            connection.table, connection.seat = shared, held.seat
            connection.leave = lambda: fanout.connections.discard(connection)
            shared.back(held.seat)
        self.records.opened(room.code, learner, f"table {shared.number}")

    def _drive_desk(self, connection: Connection) -> None:
        """Play the computer players' moves (and a Show me's move after its beat) at the
        learner's own table, ``pace`` apart, as the page's timer would (on the event loop)."""
        desk = connection.desk
        if desk is None or id(desk) in self._desk_driving or desk.table.session.waiting is None:
            return
        self._desk_driving.add(id(desk))
        asyncio.get_running_loop().create_task(self._desk_moves(desk))

    async def _desk_moves(self, desk: Desk) -> None:
        try:
            while desk.table.session.waiting is not None and not self._server.should_exit:
                await asyncio.sleep(self.pace)
                await asyncio.to_thread(desk.table.act, "step", quiet=True)
        except RuntimeError:  # the server stopped while a computer was thinking
            if not self._server.should_exit:
                raise
        finally:
            self._desk_driving.discard(id(desk))

    def _unseated(self, connection: Connection) -> None:
        if connection.table is not None:
            raise FrameError(
                "seated", "This connection is at a table already: open another one to join again."
            )

    def _attach(
        self, connection: Connection, room: Room, shared: ServerTable, seat: int | None
    ) -> None:
        """Send ``connection`` the table as ``seat`` sees it, then every change."""
        with shared.lock:
            table = shared.table(seat)
            fanout = self._fanout(table)
            connection.send(frame(table.view()))
            fanout.connections.add(connection)
            connection.leave = lambda: fanout.connections.discard(connection)
            self._here(connection, room, shared, seat)
            if seat is not None:
                shared.back(seat)

    def _here(
        self, connection: Connection, room: Room, shared: ServerTable, seat: int | None
    ) -> None:
        """``connection`` is at ``seat`` of ``shared`` (``None``: watching): its learner is
        connected, and their seat counts it among those present."""
        connection.room, connection.table, connection.seat = room, shared, seat
        if seat is None:
            return
        key = (room.code, shared.number, seat)
        with self._lock:
            self._present[key] = self._present.get(key, 0) + 1
        learner = connection.learner = shared.people.get(seat)
        if learner is not None:
            self.records.present(room.code, learner, True)

    def _gone(self, connection: Connection) -> None:
        """A client closed: its seat is empty (a computer plays it after ``away_after``)."""
        if connection.leave is not None:
            connection.leave()
        room, shared, seat = connection.room, connection.table, connection.seat
        if room is None or shared is None or seat is None:
            return
        key = (room.code, shared.number, seat)
        with self._lock:
            left = self._present[key] = self._present.get(key, 1) - 1
        learner = connection.learner
        if left == 0 and learner is not None:
            self.records.present(room.code, learner, False)
        if left == 0 and self.away_after is not None:
            connection.loop.call_later(self.away_after, self._away, key, room, shared, connection)

    def _away(
        self, key: tuple[str, int, int], room: Room, shared: ServerTable, connection: Connection
    ) -> None:
        with self._lock:
            if self._present.get(key, 0):
                return
        shared.leave(key[2])
        self._drive(room, shared)

    def _drive(self, room: Room, shared: ServerTable) -> None:
        """Move the table's computer players (on the event loop), one at a time, ``pace`` apart."""
        key = (room.code, shared.number)
        if key in self._driving or shared.to_move() is None or not shared.people:
            return
        self._driving.add(key)
        asyncio.get_running_loop().create_task(self._computers(key, shared))

    async def _computers(self, key: tuple[str, int], shared: ServerTable) -> None:
        try:
            while shared.to_move() is not None and not self._server.should_exit:
                if self.pace:
                    await asyncio.sleep(self.pace)
                await asyncio.to_thread(shared.computer_move)
        except RuntimeError:  # the server stopped while a computer was thinking
            if not self._server.should_exit:
                raise
        finally:
            self._driving.discard(key)
