"""Each seat of a class server's table in its learner's language: the join names it, the
server checks it (a hostile value is refused and changes nothing), and the seat's table, the
status lines said to the whole table and every refusal to the connection are said in it, while
a seat that names no language (an older client) is spoken to in English as before."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest

from kingscorner_widget import ClassServer, KingsCornerWidget
from kingscorner_widget.server.client import RemoteTable
from kingscorner_widget.server.room import Room
from kingscorner_widget.widget.remote import RemoteTableWidget

from .test_browser_seat import Seat as BrowserSeat
from .wire import Client, Clients

Json = dict[str, Any]
NAMES = (f"{a}{b}" for a, b in itertools.product("ABCDEFGHJK", "aeiouy"))


def join(client: Client, code: str, learner: str, language: str | None) -> tuple[Json, Json]:
    """Join room ``code`` as ``learner`` in ``language`` (``None``: the frame carries none)."""
    frame: Json = {"type": "join", "room": code, "learner": learner}
    if language is not None:
        frame["language"] = language
    client.send(frame)
    seat = client.read()
    assert seat["type"] == "seat", seat
    return seat, client.view()


def said(client: Client, words: str) -> Json:
    """The first view from now on whose status line holds ``words``."""
    return client.until(lambda data: data["type"] == "view" and words in data["status"])


def refused(client: Client, frame: Json | str | bytes) -> Json:
    client.send(frame)
    error = client.until(lambda data: data["type"] == "error")
    return error


def latest(client: Client) -> int:
    """The version of the latest view ``client`` read."""
    views = [data for data in client.seen if data["type"] == "view"]
    return int(views[-1]["snapshot"]["version"])


def open_room(server: ClassServer, seats: int) -> Room:
    return server.open_room(f"Languages {next(NAMES)}", seats=seats)


def test_each_learner_reads_their_table_its_status_lines_and_refusals_in_their_language(
    class_server: ClassServer, clients: Clients
) -> None:
    room = open_room(class_server, seats=3)
    amelie, greta, ada = clients.connect(), clients.connect(), clients.connect()
    _, first = join(amelie, room.code, "Amelie", "fr-FR")  # a region is dropped
    assert first["snapshot"]["title"] == "Table 1, manche 1"
    assert first["status"].startswith("À toi de jouer.")
    labels = {action["label"] for action in first["snapshot"]["actions"]}
    assert "Piocher et finir le tour" in labels

    _, german = join(greta, room.code, "Greta", "de")
    assert german["snapshot"]["title"] == "Tisch 1, Runde 1"
    assert german["status"] == "Amelie ist dran."
    assert "Ziehen & Zug beenden" in {a["label"] for a in german["snapshot"]["actions"]}
    # the status line said to the whole table, in each seat's language
    said(amelie, "Greta s'assoit à la place 2.")

    _, english = join(ada, room.code, "Ada", None)  # an older client: no language
    assert english["snapshot"]["title"] == "Table 1, hand 1"
    assert english["status"] == "Amelie to play."
    said(amelie, "Ada s'assoit à la place 3.")
    said(greta, "Ada setzt sich auf Platz 3.")
    assert [seat.language for seat in room.seated.values()] == ["fr", "de", "en"]

    # a refusal to each connection, in its language (a frame's own, and one of the room's)
    bad_open = {"type": "open", "what": "fly", "name": ""}
    assert refused(amelie, bad_open)["error"].startswith("Un élève ouvre l'une de ces choses")
    assert refused(greta, bad_open)["error"].startswith("Ein Schüler öffnet eines davon")
    assert refused(ada, bad_open)["error"] == (
        "A learner opens one of lesson, homework, puzzle, daily, table."
    )
    assert refused(greta, {"type": "open", "what": 3, "name": ""})["error"] == (
        "Das Feld what einer open-Nachricht ist Text."
    )
    assert refused(amelie, {"type": "watch", "room": room.code})["code"] == "shape"
    # a refusal of the seat's own table (it is not Greta's turn), in German
    greta.send({"type": "intent", "intent": {"kind": "draw", "version": latest(greta)}})
    turn = greta.until(lambda data: data["type"] == "status")
    assert turn["status"].startswith("Amelie ist dran, nicht du"), turn
    assert (
        refused(amelie, {"type": "open", "what": "table", "name": "x"})["error"]
        == "Le retour à la table ne prend pas de nom."
    )


def test_a_teacher_status_line_and_a_tournament_round_are_said_per_seat(
    class_server: ClassServer, clients: Clients
) -> None:
    room = open_room(class_server, seats=2)
    amelie, greta, ada, ben = (clients.connect() for _ in range(4))
    join(amelie, room.code, "Amelie", "fr")
    join(greta, room.code, "Greta", "de")
    join(ada, room.code, "Ada", "en")
    join(ben, room.code, "Ben", None)
    class_server.start_tournament(room.code, pairing="round-robin")
    drawn = class_server.next_round(room.code)
    moved = {
        name: client.until(lambda data: data["type"] == "moved")
        for name, client in [("Amelie", amelie), ("Greta", greta), ("Ada", ada), ("Ben", ben)]
    }
    assert moved["Amelie"]["status"].startswith(f"Tour {drawn.number} : tu joues à la table")
    assert moved["Greta"]["status"].startswith(f"Durchgang {drawn.number}: Du spielst an Tisch")
    assert moved["Ada"]["status"].startswith(f"Round {drawn.number}: you play at table")
    assert moved["Ben"]["status"].startswith(f"Round {drawn.number}: you play at table")
    said(amelie, f"Tour {drawn.number}, table")
    said(greta, f"Durchgang {drawn.number}, Tisch")
    said(ada, f"Round {drawn.number}, table")


@pytest.mark.parametrize("language", ["xx", "../fr", 3, None, ["fr"], "fr" * 1900, "<b>de"])
def test_a_hostile_language_is_refused_and_changes_nothing(
    class_server: ClassServer, clients: Clients, language: object
) -> None:
    room = open_room(class_server, seats=2)
    client = clients.connect()
    frame = {"type": "join", "room": room.code, "learner": "Mallory", "language": language}
    error = refused(client, frame)
    assert error["code"] in ("language", "shape"), error
    assert room.seated == {}
    assert room.tables[0].people == {}
    # and the connection is as it was: it joins (English) and is refused in English
    _, view = join(client, room.code, "Mallory", None)
    assert view["snapshot"]["title"] == "Table 1, hand 1"
    assert refused(client, {"type": "open", "what": "fly", "name": ""})["error"].startswith(
        "A learner opens one of"
    )


def test_a_five_kilobyte_language_is_refused_unread(
    class_server: ClassServer, clients: Clients
) -> None:
    room = open_room(class_server, seats=2)
    client = clients.connect()
    frame = {"type": "join", "room": room.code, "learner": "Mallory", "language": "f" * 5000}
    assert refused(client, frame)["code"] == "too-big"
    assert room.seated == {}


def test_a_seat_changes_language_and_a_bad_change_changes_nothing(
    class_server: ClassServer, clients: Clients
) -> None:
    room = open_room(class_server, seats=2)
    client = clients.connect()
    join(client, room.code, "Amelie", "fr")
    error = refused(client, {"type": "language", "language": "../de"})
    assert error["code"] == "language"
    assert error["error"].startswith("La table parle anglais, espagnol, français ou allemand")
    assert room.tables[0].languages[1] == "fr"
    client.send({"type": "language", "language": "de"})
    # the seat's table is said again in German at once, then the change is confirmed
    view = client.until(lambda data: data["type"] in ("view", "language"))
    assert view["type"] == "view"
    assert view["snapshot"]["title"] == "Tisch 1, Runde 1"
    assert client.until(lambda data: data["type"] == "language")["language"] == "de"
    assert [seat.language for seat in room.seated.values()] == ["de"]
    error = refused(client, {"type": "open", "what": "fly", "name": ""})
    assert error["error"].startswith("Ein Schüler öffnet eines davon")


def test_a_rejoin_takes_the_seat_back_in_the_language_it_names(
    class_server: ClassServer, clients: Clients
) -> None:
    room = open_room(class_server, seats=2)
    first = clients.connect()
    seat, _ = join(first, room.code, "Amelie", "fr")
    first.close()
    again = clients.connect()
    assert refused(again, {**seat, "type": "rejoin", "language": "es"})["code"] == "shape"
    ask = {"type": "rejoin", "room": room.code, "table": seat["table"], "seat": seat["seat"]}
    again.send({**ask, "token": seat["token"], "language": "es"})
    assert again.read()["type"] == "seat"
    assert again.view()["snapshot"]["title"] == "Mesa 1, mano 1"
    bad = refused(again, {**ask, "token": "wrong", "language": "de"})
    assert bad["code"] == "seated"
    assert bad["error"].startswith("Esta conexión ya está en una mesa")  # the seat's language
    assert [held.language for held in room.seated.values()] == ["es"]


def test_a_notebook_seat_sends_its_widgets_language_and_follows_the_page(
    class_server: ClassServer, tmp_path: Path
) -> None:
    room = open_room(class_server, seats=2)
    greta = KingsCornerWidget(
        join=room.code,
        server=class_server.address,
        learner="Greta",
        progress_dir=tmp_path,
        language="de",
    )
    paula = KingsCornerWidget(
        join=room.code, server=class_server.address, learner="Paula", progress_dir=tmp_path
    )
    try:
        assert isinstance(greta, RemoteTableWidget)
        assert isinstance(paula, RemoteTableWidget)
        assert isinstance(greta.remote, RemoteTable)
        assert isinstance(paula.remote, RemoteTable)
        first = greta.remote.wait(lambda frame: frame["type"] == "view")
        assert first["snapshot"]["title"] == "Tisch 1, Runde 1"
        assert greta.language == "de"
        assert [seat.language for seat in room.seated.values()] == ["de", paula.language]
        paula.set_state({"page_language": "fr-FR"})  # the page reports its language
        assert paula.language == "fr"
        paula.remote.wait(
            lambda frame: (
                frame["type"] == "view" and frame["snapshot"]["title"] == "Table 1, manche 1"
            )
        )
        assert room.seat_of("Paula") is not None
        assert room.seat_of("Paula").language == "fr"  # type: ignore[union-attr]
        greta.set_state({"page_language": "fr"})  # language= given: the seat stays German
        assert greta.language == "de"
        assert room.seat_of("Greta").language == "de"  # type: ignore[union-attr]
        with pytest.raises(ValueError, match="speaks"):
            KingsCornerWidget(
                join=room.code, server=class_server.address, learner="X", language="xx"
            )
    finally:
        greta.close()
        paula.close()


def test_a_browser_course_seat_joins_in_its_language(
    class_server: ClassServer, tmp_path: Path
) -> None:
    room = open_room(class_server, seats=2)
    amelie = BrowserSeat(
        class_server.address, tmp_path, join=room.code, learner="Amelie", language="fr"
    )
    view = amelie.view()
    assert amelie.socket.sent == [
        {"type": "join", "room": room.code, "learner": "Amelie", "language": "fr"}
    ]
    assert view["snapshot"]["title"] == "Table 1, manche 1"
    amelie.table.speak("es")
    amelie.view(lambda frame: frame["snapshot"]["title"] == "Mesa 1, mano 1")
    english = BrowserSeat(
        class_server.address, tmp_path, join=room.code, learner="Ada", language="en"
    )
    english.view()
    assert english.socket.sent == [{"type": "join", "room": room.code, "learner": "Ada"}]


def bracketed(text: str) -> bool:
    """Whether ``text`` is said whole in the test language (a refusal closes with a stop)."""
    return text.startswith("[") and text.removesuffix(".").endswith("]")


def test_in_the_test_language_every_refusal_to_a_connection_is_catalogued(
    class_server: ClassServer, clients: Clients
) -> None:
    """Every refusal the server says to a connection, in ``qps``: none left English (only
    the notation inside them stays as it is: frame types, field names, codes)."""
    room = open_room(class_server, seats=2)
    other = open_room(class_server, seats=2)
    join(clients.connect(), other.code, "Taken", None)
    client = clients.connect()
    client.send({"type": "language", "language": "qps"})
    assert client.read() == {"type": "language", "language": "qps"}
    qps = {"language": "qps"}
    unseated: list[Json | str | bytes] = [
        b"\x00\x01",
        "[1, 2",
        "[" * 5000,
        "[]",
        {"type": "fly"},
        {"type": "join", "room": room.code, "learner": "Ada", "seat": 2},
        {"type": "join", "room": room.code, "learner": 3},
        {"type": "watch", "room": room.code, "table": "one"},
        {"type": "intent", "intent": []},
        {"type": "join", "room": room.code, "learner": "Ada", "language": "../fr"},
        {"type": "join", "room": "hello", "learner": "Ada", **qps},
        {"type": "join", "room": "ZZZ-ZZZ", "learner": "Ada", **qps},
        {"type": "join", "room": room.code, "learner": "../etc", **qps},
        {"type": "join", "room": room.code, "learner": "x" * 40, **qps},
        {"type": "join", "room": other.code, "learner": "taken", **qps},
        {"type": "rejoin", "room": room.code, "table": 1, "seat": 1, "token": "x", **qps},
        {"type": "hub-join", "room": room.code, "hub": "x", **qps},
        {"type": "intent", "intent": {"kind": "draw", "version": 1}},
        {"type": "open", "what": "lesson", "name": ""},
        {"type": "room", "room": room.code, "key": "wrong"},
        {"type": "watch", "room": room.code, "table": 9},
    ]
    codes = []
    for frame in unseated:
        error = refused(client, frame)
        codes.append(error["code"])
        assert bracketed(error["error"]), (frame, error)
    assert len(set(codes)) >= 12, codes
    assert room.seated == {}
    join(client, room.code, "Ada", "qps")
    seated: list[Json] = [
        {"type": "open", "what": "fly", "name": ""},
        {"type": "open", "what": "table", "name": "x"},
        {"type": "open", "what": "lesson", "name": "no such lesson"},
        {"type": "open", "what": "homework", "name": ""},
        {"type": "open", "what": "daily", "name": "x"},
        {"type": "open", "what": "lesson", "name": "\x00"},
        {"type": "join", "room": room.code, "learner": "Ben", **qps},
    ]
    for frame in seated:
        error = refused(client, frame)
        assert bracketed(error["error"]), (frame, error)
    view = [data for data in client.seen if data["type"] == "view"][-1]
    assert bracketed(view["snapshot"]["title"])


def test_a_learners_own_table_at_the_server_speaks_their_language(
    class_server: ClassServer, clients: Clients
) -> None:
    room = open_room(class_server, seats=2)
    client = clients.connect()
    join(client, room.code, "Greta", "de")
    client.send({"type": "open", "what": "daily", "name": ""})
    opened = client.until(lambda data: data["type"] == "opened")
    assert opened["title"].startswith("Daily deal")  # its title is kept (the teacher reads it)
    view = client.until(lambda data: data["type"] == "view")
    assert "Ziehen & Zug beenden" in {a["label"] for a in view["snapshot"]["actions"]}
    client.send({"type": "open", "what": "table", "name": ""})
    back = client.until(lambda data: data["type"] == "opened")
    assert back["title"] == "Tisch 1, Runde 1"


def test_a_teachers_connection_is_refused_in_the_language_it_names(
    class_server: ClassServer, clients: Clients
) -> None:
    room = open_room(class_server, seats=2)
    teacher = clients.connect()
    start = {
        "type": "tournament-start",
        "room": room.code,
        "key": class_server.key,
        "pairing": "knockout",
        "seats": 2,
        "position": "",
    }
    assert refused(teacher, start)["error"] == (
        "Pairing is 'auto', 'round-robin' or 'swiss', not 'knockout'."
    )
    teacher.send({"type": "language", "language": "fr"})
    assert teacher.read() == {"type": "language", "language": "fr"}
    error = refused(teacher, start)
    assert error["code"] == "tournament"
    assert error["error"] == "Pairing vaut 'auto', 'round-robin' ou 'swiss', pas 'knockout'."
    round_frame = {"type": "tournament-round", "room": room.code, "key": class_server.key}
    assert refused(teacher, round_frame)["error"].startswith("Cette salle n'a pas de tournoi")
    with pytest.raises(ValueError, match="runs no tournament"):
        class_server.standings(room.code)  # nothing was started
