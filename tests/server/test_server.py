"""The class server on loopback, driven by raw websocket clients: joining, each seat's own view,
moves reaching everyone, a whole hand to its end, and a restart that loses nothing."""

from __future__ import annotations

import functools
import pathlib
import random
import sqlite3

from kingscorner_widget import ClassServer

from .wire import Client, Clients, Json, assert_no_leak


def test_the_server_binds_to_this_machine_only_unless_told(class_server: ClassServer) -> None:
    assert class_server.address.startswith("http://127.0.0.1:")
    assert class_server.host == "127.0.0.1"


def test_two_students_join_one_table_and_see_only_their_own_hands(
    class_server: ClassServer, clients: Clients
) -> None:
    room = class_server.open_room("Year 7", seats=2)
    ada, ben, projector = (clients.connect() for _ in range(3))
    seat, view = ada.join(room.code, "Ada")
    assert (seat["table"], seat["seat"], seat["learner"]) == (1, 1, "Ada")
    game = room.tables[0].game
    assert view["snapshot"]["hands"][0]["cards"] == [str(card) for card in game.hand(1)]
    assert view["snapshot"]["hands"][1]["cards"] is None
    seat, view = ben.join(room.code.lower(), "Ben")  # a code typed in small letters is fine
    assert (seat["table"], seat["seat"]) == (1, 2)
    assert view["legal"] == []
    assert ada.view()["status"].startswith("Ben sits at seat 2.")
    projector.send({"type": "watch", "room": room.code, "table": 1})
    assert projector.read()["type"] == "watching"
    watched = projector.view()["snapshot"]
    assert [hand["cards"] for hand in watched["hands"]] == [None, None]
    assert [hand["name"] for hand in watched["hands"]] == ["Ada", "Ben"]


def test_a_hand_played_to_its_end_over_the_wire_leaks_nothing(
    class_server: ClassServer, clients: Clients
) -> None:
    room = class_server.open_room("Year 8", seats=3, computer="greedy")
    ada, ben, projector = (clients.connect() for _ in range(3))
    ada.join(room.code, "Ada")
    ben.join(room.code, "Ben")
    projector.send({"type": "watch", "room": room.code, "table": 1})
    projector.read()
    shared = room.tables[0]
    rng = random.Random(5)
    people = {1: ada, 2: ben}
    while not shared.game.is_over():
        turn = shared.game.turn
        if turn not in people:  # the computer's turn: its move reaches Ada's seat
            ada.read()
            continue
        client, version = people[turn], shared.table(turn).version
        view = client.seen[-1]
        if view["type"] != "view" or view["snapshot"]["version"] != version:
            view = client.until(functools.partial(is_view, version=version))
        client.intent("play", version, move=rng.choice(view["legal"]))
        client.until(functools.partial(is_view, version=version + 1))
    final = shared.game
    for client, seat in [(ada, 1), (ben, 2), (projector, None)]:
        over = [data for data in client.seen if data["type"] == "view" and data["snapshot"]["over"]]
        if not over:
            over = [client.until(lambda data: data["type"] == "view" and data["snapshot"]["over"])]
        assert over[0]["snapshot"]["summary"] is not None
        assert_no_leak(client.seen, final, seat)


def is_view(data: Json, version: int) -> bool:
    """A view frame of this ``version`` or a later one."""
    return data["type"] == "view" and int(data["snapshot"]["version"]) >= version


def test_a_restart_on_the_same_file_loses_no_finished_hand(tmp_path: pathlib.Path) -> None:
    data = tmp_path / "class.sqlite"
    with ClassServer(port=0, data=data, pace=0, away_after=None) as server:
        room = server.open_room("Year 9", seats=2)
        code = room.code
        client = Client(server.address)
        seat, view = client.join(code, "Ada")
        shared = room.tables[0]
        while not shared.game.is_over():  # Ada plays against the computer to the hand's end
            if view["legal"] and view["snapshot"]["turn"] == 1:
                client.intent("play", view["snapshot"]["version"], move=view["legal"][0])
            view = client.view()
        finished = shared.game.copy()
        client.close()
    assert sqlite3.connect(data).execute("pragma journal_mode").fetchone() == ("wal",)
    with ClassServer(port=0, data=data, pace=0, away_after=None) as again:
        assert again.store.finished_hands(code, 1) == [finished]
        assert again.rooms[code].tables[0].game == finished
        client = Client(again.address)
        client.send({"type": "rejoin", "room": code, "table": 1, "seat": 1, "token": seat["token"]})
        assert client.read()["type"] == "seat"
        view = client.view()
        assert view["snapshot"]["over"]
        assert view["snapshot"]["hands"][0]["name"] == "You"
        assert view["snapshot"]["summary"] is not None
        client.intent("next", view["snapshot"]["version"])
        assert client.view()["snapshot"]["title"] == "Table 1, hand 2"
        client.close()


def test_the_teachers_room_view_needs_the_servers_key(
    class_server: ClassServer, clients: Clients
) -> None:
    room = class_server.open_room("Teacher", seats=2)
    clients.connect().join(room.code, "Ada")
    teacher = clients.connect()
    teacher.send({"type": "room", "room": room.code, "key": "guess"})
    assert teacher.read()["code"] == "bad-key"
    teacher.send({"type": "room", "room": room.code, "key": class_server.key})
    view = teacher.read()
    assert view["type"] == "room"
    assert [line["people"] for line in view["tables"]] == [{"1": "Ada"}]
    assert view["tables"][0]["turn"] == "Ada"
