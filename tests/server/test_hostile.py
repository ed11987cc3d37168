"""Untrusted clients on loopback: every frame is checked (shape, type, fields, size, rate, the
seat's token, the snapshot version) and a bad one gets a clear error and changes nothing."""

from __future__ import annotations

import contextlib

import pytest
from websockets.exceptions import ConnectionClosed

from kingscorner_widget import ClassServer
from kingscorner_widget.server.protocol import MAX_FRAME, MAX_TRANSPORT
from kingscorner_widget.server.room import Room
from kingscorner_widget.table.table import STALE

from .wire import Client, Clients, Json


@pytest.fixture
def room(class_server: ClassServer) -> Room:
    return class_server.open_room("Hostile", seats=2)


def state(room: Room) -> tuple[str, list[tuple[int, int]], int]:
    """Everything a bad frame must leave as it was: the hands, the seats and the tables."""
    return room.tables[0].game.position(), sorted(room.seated), len(room.tables)


def read_until_closed(client: Client, codes: list[str]) -> None:
    """Read every frame's error code (``status`` for a table's refusal) until the server closes
    the connection."""
    while True:
        codes.append(error_of(client).get("code", "status"))


def error_of(client: Client) -> Json:
    data = client.until(lambda frame: frame["type"] in ("error", "status"))
    return data


@pytest.mark.parametrize(
    ("frame", "code", "words"),
    [
        ("this is not JSON", "not-json", "not JSON"),
        (b"\x00\xffbinary", "binary", "text frames"),
        ("[1, 2, 3]", "shape", "one JSON object"),
        ("[" * 3000 + "]" * 3000, "too-big", "at most"),
        ("[" * 1500 + "]" * 1500, "not-json", "not JSON"),  # deeper than the parser goes
        ('{"type": "fly"}', "type", "one of join"),
        ('{"type": "join", "room": 7, "learner": "Ada"}', "shape", "room is text"),
        ('{"type": "join", "room": "KXT4PQ", "learner": true}', "shape", "learner is text"),
        ('{"type": "watch", "room": "KXT4PQ", "table": "1"}', "shape", "a whole number"),
        ('{"type": "join", "room": "KXT4PQ", "learner": "Ada", "seat": 1}', "shape", "not seat"),
        ('{"type": "join", "room": "0000", "learner": "Ada"}', "bad-code", "room code"),
        ('{"type": "join", "room": "KXT4PQ", "learner": "Ada"}', "no-room", "no room KXT-4PQ"),
        ('{"type": "intent", "intent": {"kind": "draw", "version": 1}}', "not-seated", "join"),
        ('{"type": "room", "room": "@", "key": "x"}', "bad-code", "room code"),
    ],
)
def test_a_bad_frame_gets_a_clear_error_and_changes_nothing(
    class_server: ClassServer,
    room: Room,
    clients: Clients,
    frame: str | bytes,
    code: str,
    words: str,
) -> None:
    before = state(room)
    client = clients.connect()
    client.send(frame)
    error = error_of(client)
    assert (error["type"], error["code"]) == ("error", code)
    assert words in error["error"]
    assert error["error"].endswith(".")
    assert state(room) == before
    client.join(room.code, "Ada")  # the connection still works


def test_a_forged_seat_or_another_tables_token_takes_no_seat(
    class_server: ClassServer, clients: Clients
) -> None:
    room = class_server.open_room("Tokens", seats=2)
    ada, ben, cy = (clients.connect() for _ in range(3))
    seat_a, _ = ada.join(room.code, "Ada")
    seat_b, _ = ben.join(room.code, "Ben")
    seat_c, _ = cy.join(room.code, "Cy")  # table 2
    before = state(room)
    for table, seat, token in [
        (1, 2, seat_a["token"]),  # Ada's token at Ben's seat
        (1, 1, seat_c["token"]),  # another table's token
        (2, 1, seat_b["token"]),
        (1, 1, seat_a["token"][:-1] + "x"),
        (1, 1, "x" * 5000),
        (3, 1, seat_a["token"]),
    ]:
        thief = clients.connect()
        thief.send(
            {"type": "rejoin", "room": room.code, "table": table, "seat": seat, "token": token}
        )
        error = error_of(thief)
        assert error["code"] in ("bad-token", "too-big"), error
        thief.intent("draw", 2)  # and it still has no seat to act at
        assert error_of(thief)["code"] == "not-seated"
    assert state(room) == before
    ada.send({"type": "join", "room": room.code, "learner": "Ada2"})
    assert error_of(ada)["code"] == "seated"
    ada.send({"type": "intent", "intent": {"kind": "draw", "version": 1}, "seat": 2})
    assert error_of(ada)["code"] == "shape"  # a seat is the connection's, never the frame's
    assert state(room) == before


def test_stale_and_malformed_intents_are_refused_at_the_seat(
    class_server: ClassServer, room: Room, clients: Clients
) -> None:
    ada = clients.connect()
    _, view = ada.join(room.code, "Ada")
    version = view["snapshot"]["version"]
    before = state(room)
    for intent, said in [
        ({"kind": "draw", "version": version - 1}, STALE),
        ({"kind": "draw"}, "does not say which table"),
        ({"kind": "play", "version": version, "move": "x" * 500}, "like Th>N"),
        ({"kind": "explode", "version": version}, "does not understand"),
        ({"kind": "new", "version": version}, "does not offer that"),
        ({"kind": "reveal", "version": version}, "does not offer that"),
    ]:
        ada.send({"type": "intent", "intent": intent})
        refused = error_of(ada)
        assert refused["type"] == "status", (intent, refused)
        assert said in refused["status"], (intent, refused)
        assert state(room) == before
    ada.send({"type": "intent", "intent": {"kind": "step", "version": version}})
    ada.send({"type": "intent", "intent": {"kind": "nonsense", "version": version}})
    assert "does not understand" in error_of(ada)["status"]  # the step was dropped, unsaid
    assert state(room) == before
    projector = clients.connect()
    projector.send({"type": "watch", "room": room.code, "table": 1})
    projector.view()
    projector.send({"type": "intent", "intent": {"kind": "draw", "version": version}})
    assert error_of(projector)["code"] == "not-seated"
    assert state(room) == before


def test_an_oversized_frame_is_refused_and_a_huge_one_closes_the_connection(
    class_server: ClassServer, room: Room, clients: Clients
) -> None:
    before = state(room)
    client = clients.connect()
    client.send('{"type": "join", "room": "' + "K" * MAX_FRAME + '", "learner": "Ada"}')
    assert error_of(client)["code"] == "too-big"
    client.send("x" * (MAX_TRANSPORT + 1))
    with pytest.raises(ConnectionClosed) as closed:
        client.read()
    assert closed.value.rcvd is not None
    assert closed.value.rcvd.code == 1009
    assert state(room) == before


def test_a_flood_is_refused_then_cut_off_and_changes_nothing(
    class_server: ClassServer, room: Room, clients: Clients
) -> None:
    ada, flood = clients.connect(), clients.connect()
    ada.join(room.code, "Ada")
    flood.join(room.code, "Ben")
    before = state(room)
    stale = {"type": "intent", "intent": {"kind": "draw", "version": 0}}
    with contextlib.suppress(ConnectionClosed):
        for _ in range(2000):
            flood.send(stale)
    codes: list[str] = []
    with pytest.raises(ConnectionClosed) as closed:
        read_until_closed(flood, codes)
    assert "too-fast" in codes
    assert closed.value.rcvd is not None
    assert closed.value.rcvd.code == 1008
    assert state(room) == before
    version = room.tables[0].table(1).version
    ada.intent("draw", version)  # the table plays on for everyone else
    assert ada.until(lambda data: data.get("status", "").startswith("You draw a card"))
