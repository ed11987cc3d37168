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
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidURI
from websockets.sync.client import connect

from ..display.tables import HtmlTable
from .client import OPEN_TIMEOUT, ClassServerError, websocket_address
from .hub import kernel_hub_token
from .views import room_table

__all__ = ["HubClass"]

Json = dict[str, Any]


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

    def _ask(self, frame: Json) -> Json:
        try:
            with connect(self._url, open_timeout=OPEN_TIMEOUT) as socket:
                socket.send(json.dumps(frame))
                answer = json.loads(socket.recv(timeout=OPEN_TIMEOUT))
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
