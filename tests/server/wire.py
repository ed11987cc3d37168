"""A raw websocket client for the class server's tests: it sends frames (or anything at all)
and reads what comes back, waiting for what it reads (each read has a deadline, never a sleep);
the clients a test opens; and the leak check of the view frames a seat received."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from typing import Any

from websockets.sync.client import ClientConnection, connect

from kingscorner_widget import Game
from kingscorner_widget.server.audit import hidden_cards, leaks

Json = dict[str, Any]
DEADLINE = 20.0
"""Seconds a test waits for a frame before it fails (a frame comes in milliseconds)."""


class Client:
    """One client of the server at ``address``; every frame it reads is kept in ``seen``."""

    def __init__(self, address: str) -> None:
        self._stack = contextlib.ExitStack()
        self.socket: ClientConnection = self._stack.enter_context(
            connect(
                address.replace("http", "ws", 1),
                max_size=None,
                max_queue=None,
                open_timeout=DEADLINE,
            )
        )
        self.seen: list[Json] = []

    def send(self, data: Json | str | bytes) -> None:
        self.socket.send(data if isinstance(data, str | bytes) else json.dumps(data))

    def read(self) -> Json:
        text = self.socket.recv(timeout=DEADLINE)
        assert isinstance(text, str)
        data: Json = json.loads(text)
        self.seen.append(data)
        return data

    def until(self, wanted: Callable[[Json], bool]) -> Json:
        """The first frame from now on that is ``wanted``."""
        while True:
            data = self.read()
            if wanted(data):
                return data

    def view(self) -> Json:
        """The next view frame (a snapshot)."""
        return self.until(lambda data: data["type"] == "view")

    def error(self) -> Json:
        return self.until(lambda data: data["type"] in ("error", "status"))

    def join(self, code: str, learner: str) -> tuple[Json, Json]:
        """Join room ``code`` as ``learner``: the seat frame and the first view."""
        self.send({"type": "join", "room": code, "learner": learner})
        seat = self.read()
        assert seat["type"] == "seat", seat
        return seat, self.view()

    def intent(self, kind: str, version: int, **fields: Any) -> None:
        self.send({"type": "intent", "intent": {"kind": kind, "version": version, **fields}})

    def close(self) -> None:
        self._stack.close()


class Clients:
    """The raw clients a test opens to the server at ``address``, every one closed at its end
    (the ``clients`` fixture)."""

    def __init__(self, address: str) -> None:
        self.address = address
        self.made: list[Client] = []

    def connect(self) -> Client:
        """One more client of the server."""
        self.made.append(Client(self.address))
        return self.made[-1]

    def close(self) -> None:
        for client in self.made:
            with contextlib.suppress(Exception):
                client.close()


def assert_no_leak(frames: list[Json], final: Game, seat: int | None) -> None:
    """Each view frame, checked against the hand as it stood when the frame was made (the
    moves the frame says were played, replayed on a copy of the deal)."""
    replay = final.copy()
    while replay.moves:
        replay.undo()
    at = 0
    moves = final.moves
    for data in frames:
        if data["type"] != "view":
            continue
        played = data["snapshot"]["history"]["length"]
        while at < played:
            replay.play(moves[at])
            at += 1
        assert leaks(json.dumps(data), hidden_cards(replay, seat)) == [], data["status"]
