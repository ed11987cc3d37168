"""A teacher's side of a class server on a JupyterHub: open a room and see it from a notebook.

A class server that runs as a Hub service (``kingscorner serve --hub``, ``docs/hub.md``) is not
the teacher's own object, so the teacher reaches it as the students do, by its address behind
the Hub, and is known by the Hub token of their notebook's server: the Hub's admins and the
members of the server's teachers group (``teachers`` unless ``--teachers`` says otherwise) may
open rooms and see every table of one.

>>> HubClass("https://hub.example.org/services/classroom/", hub=None)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: HubClass speaks for a teacher on a JupyterHub: ...
"""

from __future__ import annotations

import json
import os
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidURI
from websockets.sync.client import connect

from ..classroom.homework import Homework, as_homework
from ..display.tables import HtmlTable
from .client import OPEN_TIMEOUT, ClassServerError, websocket_address
from .hub import kernel_hub_token
from .views import room_table

__all__ = ["HubClass"]

Json = dict[str, Any]
DRAW_TIMEOUT = 120.0
"""Seconds to wait for a round to be drawn (Swiss pairing of a year group takes seconds)."""


class HubClass:
    """The class server at ``address`` (its address behind the Hub, as
    ``https://HUB/services/classroom/``) as the teacher holding the Hub token ``hub`` (by
    default their notebook server's) sees it."""

    def __init__(self, address: str, *, hub: str | None = "") -> None:
        self.address = address
        self._url = websocket_address(address)
        token = kernel_hub_token() if hub == "" else hub
        if not token:
            raise ValueError(
                "HubClass speaks for a teacher on a JupyterHub: run it in a notebook on the Hub "
                "(or give hub=, a Hub token)"
            )
        self._token = token

    def open_room(self, name: str, seats: int = 2) -> Json:
        """Open a room called ``name`` of tables of ``seats`` seats; its view (``["code"]`` is
        the code to read aloud)."""
        return self._ask({"type": "hub-open", "name": name, "seats": seats, "hub": self._token})

    def room(self, code: str) -> HtmlTable:
        """Every table of room ``code``: whose turn, cards left, points, who is away."""
        view = self._ask({"type": "hub-room", "room": code, "hub": self._token})
        return room_table(view["name"], view["code"], view["tables"])

    def start_tournament(
        self, code: str, pairing: str = "auto", seats: int = 2, position: str | None = None
    ) -> Json:
        """Start a class tournament in room ``code`` (see ``ClassServer.start_tournament``)."""
        return self._ask(
            {
                "type": "hub-tournament-start",
                "room": code,
                "hub": self._token,
                "pairing": pairing,
                "seats": seats,
                "position": position or "",
            }
        )

    def next_round(self, code: str) -> Json:
        """Draw room ``code``'s next round among the learners at their seats: its tables and
        byes (each learner's notebook follows them to their table)."""
        frame = {"type": "hub-tournament-round", "room": code, "hub": self._token}
        return self._ask(frame, timeout=DRAW_TIMEOUT)

    def standings(self, code: str) -> str:
        """Room ``code``'s tournament standings, with their tie-breaks in words."""
        frame = {"type": "hub-tournament-standings", "room": code, "hub": self._token}
        return str(self._ask(frame)["text"])

    def set_homework(self, code: str, homework: Homework | str | os.PathLike[str]) -> Json:
        """Set ``homework`` (or the file it was saved to) for room ``code``: its learners open
        it at the server (``widget.open_homework()``). A homework of up to 4 KB as JSON (about
        fifteen puzzles beside built-in lessons) goes this way."""
        data = as_homework(homework).to_dict()
        frame = {"type": "hub-homework", "room": code, "hub": self._token, "homework": data}
        return self._ask(frame, timeout=OPEN_TIMEOUT * 6)

    def _ask(self, frame: Json, timeout: float = OPEN_TIMEOUT) -> Json:
        try:
            with connect(self._url, open_timeout=OPEN_TIMEOUT) as socket:
                socket.send(json.dumps(frame))
                answer = json.loads(socket.recv(timeout=timeout))
        except (OSError, TimeoutError, InvalidURI, ConnectionClosed) as error:
            raise ConnectionError(
                f"the class server at {self.address} does not answer ({error})"
            ) from None
        if not isinstance(answer, dict):
            raise ConnectionError(f"the class server at {self.address} answered nonsense")
        if answer.get("type") == "error":
            raise ClassServerError(str(answer.get("code")), str(answer.get("error")))
        return answer

    def __repr__(self) -> str:
        return f"HubClass({self.address!r})"
