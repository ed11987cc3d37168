"""A table at a class server, in a notebook: a student's seat (``join=``) or the projector's
watched table (``watch=``).

``KingsCornerWidget(join=CODE, server=ADDRESS, learner="ada")`` makes a :class:`RemoteTableWidget`:
the same widget on the page (the same snapshot, keys, screen-reader labels and controls), but
the kernel holds no game. It sends the page's intents on to the server and shows the views the
server sends for the seat (:class:`~kingscorner_widget.server.client.RemoteTable`): the hidden
cards never reach the kernel, so they cannot reach the page. The seat's token is kept in the
learner's progress folder, so a notebook opened again takes its seat back with the whole view.
``KingsCornerWidget(watch=CODE, server=ADDRESS, table=1)`` shows a table of the room as the
projector shows it: every hand face down until the hand is over.

A seat may turn to work of its own, run and recorded on the server (:mod:`~kingscorner_widget.
server.desks`): :meth:`RemoteTableWidget.open_lesson`, :meth:`~RemoteTableWidget.open_homework`
(the homework the teacher set for the room), :meth:`~RemoteTableWidget.open_puzzle`,
:meth:`~RemoteTableWidget.open_daily`, and :meth:`~RemoteTableWidget.back_to_table`. The kernel
still holds only the learner's view: no step's answer, no puzzle's best turn, no hidden card.

In the browser course (Pyodide) the seat goes through the browser's own WebSocket
(:class:`~kingscorner_widget.server.browser.BrowserTable`: nothing waits, the server's frames
arrive as the socket's events), and ``server=`` may be left out when the course was served by
the class server itself (``kingscorner classroom``): the page's own address is the server's,
for a seat and for the projector alike (``KingsCornerWidget(watch=CODE, table=1)``).
"""

from __future__ import annotations

import html
import os
import sys
from typing import Any

import anywidget
import traitlets

from ..display.language import (
    ENGLISH,
    N_,
    check_language,
    chosen,
    gettext,
    speaking,
    system_language,
)
from ..engine.moves import Move
from ..server.browser import BrowserTable
from ..server.client import RemoteTable
from ..table.page_words import phrases as page_phrases
from .adapter import KingsCornerWidget

__all__ = ["RemoteTableWidget"]

Json = dict[str, Any]
WATCHING = N_("You are watching this table: every hand stays face down until the hand is over.")
"""What the watched table says where a seat's hand would be."""


class RemoteTableWidget(KingsCornerWidget):
    """A seat at a class server's table (``join`` a room's code as ``learner``), or the view
    of one of its tables (``watch`` a room's code, ``table``), at the server's ``address``.
    ``language`` is the language the server says the seat's table in, as
    :class:`KingsCornerWidget`'s (without it, the one :func:`~kingscorner_widget.use_language`
    chose, else the page's once the page reports it, else the system's, else English).
    Everything else about the table is the server's to set."""

    def __init__(
        self,
        game: object = None,
        *,
        join: str | None = None,
        watch: Any = None,
        server: str | None = None,
        learner: str | None = None,
        table: int | None = None,
        progress_dir: str | os.PathLike[str] | None = None,
        speed: float = 0.8,
        language: str | None = None,
        **others: object,
    ) -> None:
        given = [name for name, value in others.items() if value is not None]
        if game is not None or given:
            what = ", ".join(given or ["a game"])
            raise ValueError(f"a class server's table is set up by the server: drop {what}")
        in_browser = sys.platform == "emscripten"
        if server is None and not in_browser:
            if watch is not None:
                raise ValueError("watch= shows a class server's table: give server=, its address")
            raise ValueError("join= reaches a class server: give server=, its address")
        if watch is not None and not isinstance(watch, str):
            raise ValueError("with server=, watch= is a room's code (the table to show: table=)")
        named = language if language is not None else chosen()
        self._follows = named is None
        """Whether the seat follows the page's language (no ``language=`` and no
        :func:`~kingscorner_widget.use_language`)."""
        self._language = (system_language() or ENGLISH) if named is None else check_language(named)
        self._watching = watch is not None
        phrases = self._phrases(self._language)
        anywidget.AnyWidget.__init__(self, mode="play", speed=float(speed), phrases=phrases)
        self.record = self.records = None
        self._version = 0
        self.remote: RemoteTable | BrowserTable
        """The connection to the server (in the browser course, through the browser's own)."""
        if not in_browser:
            assert server is not None
        connect = BrowserTable if in_browser else RemoteTable
        self.remote = connect(
            server,  # type: ignore[arg-type]  # None only in the browser: the page's own address
            join=join,
            learner=learner,
            watch=watch,
            table=table,
            progress_dir=progress_dir,
            on_frame=self._frame,
            language=self._language,
        )
        if in_browser and watch is not None:
            self.status = "Finding the table at the class server..."  # it comes with an event
        elif in_browser:
            self.status = "Taking your seat at the class server..."  # it comes with an event
        self.on_msg(self._on_custom_message)

    def _phrases(self, code: str) -> dict[str, Any]:
        """The page's phrasebook in ``code``; a watcher's says people play here (the page's
        "the computer players play on" is not so)."""
        phrases: dict[str, Any] = dict(page_phrases(code))
        if self._watching:
            with speaking(code):
                phrases["text"] = {**phrases["text"], "watching": gettext(WATCHING)}
        return phrases

    @property
    def language(self) -> str:
        """The language the server speaks to this seat (see ``language=``)."""
        return self._language

    @traitlets.observe("page_language")
    def _follow_page(self, change: dict[str, Any]) -> None:
        """The page reported its language: a seat that follows it asks the server for it."""
        if getattr(self, "_follows", False) and change["new"] and hasattr(self, "remote"):
            self._language = change["new"]
            self.phrases = self._phrases(change["new"])
            self.remote.speak(change["new"])

    # -- what the server sends ------------------------------------------------------------------

    def _frame(self, frame: Json) -> None:
        kind = frame.get("type")
        if kind == "view":
            with self.hold_sync():
                self.snapshot = frame["snapshot"]
                self.legal = list(frame["legal"])
                self.status = frame["status"]
            self._version = int(frame["snapshot"]["version"])
            if frame.get("mode") and frame["mode"] != self.mode:
                self.mode = frame["mode"]
        elif kind in ("status", "gone", "moved"):
            self.status = frame["status"]
        elif kind == "error":
            self.status = frame["error"]
        elif kind == "opened" and isinstance(self.remote, BrowserTable):
            self.status = f"Opening {frame['title']}..."

    @traitlets.validate("seen")
    def _valid_seen(self, proposal: dict[str, Any]) -> int:
        value = proposal["value"]
        if value > self._version:
            raise traitlets.TraitError(
                f"seen must be a snapshot version the table published (0 to {self._version})"
            )
        return int(value)

    # -- what the page and code send ------------------------------------------------------------

    def handle_message(self, content: Any) -> bool:
        """Send the page's intent on to the server (it checks it and answers with a view)."""
        self.remote.send(content)
        return True

    def play(self, move: Move | str) -> None:
        """Ask the server to play ``move`` at this seat (the answer arrives as a new view, or a
        refusal on the status line)."""
        self.remote.send({"kind": "play", "version": self._version, "move": str(move)})

    def draw(self) -> None:
        """Ask the server to end this seat's turn (draw, or pass)."""
        self.remote.send({"kind": "draw", "version": self._version})

    def open_lesson(self, name: str) -> str:
        """Follow the built-in lesson ``name`` at a table of your own on the server (it
        checks and records every step); returns its title."""
        return self._open("lesson", name)

    def open_homework(self, item: str = "") -> str:
        """Work through the homework your teacher set for the room, from its start or from
        ``item`` (its key: ``"lesson:worked-turn"``, ``"puzzle:2"``); returns its title."""
        return self._open("homework", item)

    def open_puzzle(self, number: int) -> str:
        """Puzzle ``number`` of the room's homework (then on through the homework)."""
        return self._open("puzzle", str(number))

    def open_daily(self) -> str:
        """Today's daily deal, against the server's computer players (your first result is the
        one kept)."""
        return self._open("daily")

    def back_to_table(self) -> str:
        """Back to your seat at the room's shared table."""
        return self._open("table")

    def _open(self, what: str, name: str = "") -> str:
        """Ask the server; the title it answers (in the browser course nothing waits: the
        title comes with the table's view, and ``""`` is returned)."""
        remote = self.remote
        if isinstance(remote, BrowserTable):
            remote.open(what, name)
            return ""
        if remote.seat is None:
            raise ValueError("a watched table opens nothing: join the room to work at a seat")
        return str(remote.open(what, name)["title"])

    def close(self) -> None:
        """Close the widget and leave the table (the seat stays the learner's)."""
        if hasattr(self, "remote"):
            self.remote.close()
        anywidget.AnyWidget.close(self)

    @property
    def game(self) -> Any:
        raise AttributeError(
            "a class server keeps the game: this notebook holds only its seat's view (snapshot)"
        )

    def static_html(self) -> str:
        where = f"table {self.remote.table} of room {self.remote.code}"
        seat = f"seat {self.remote.seat} at {where}" if self.remote.seat else where
        return f"<p>Kings in the Corner: {html.escape(seat)} at a class server.</p>"

    def _update_picture(self) -> None:
        return None

    def __repr__(self) -> str:
        remote = self.remote
        if remote.seat is None:
            return f"KingsCornerWidget(watch={remote.code!r}, table={remote.table})"
        return f"KingsCornerWidget(join={remote.code!r}, table={remote.table}, seat={remote.seat})"
