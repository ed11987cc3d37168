"""A student's seat and the projector in a notebook, without a browser, against a real server:
the kernel is a thin client (the page's intents go on to the server, the seat's views come
back), the seat is taken back after a restart, and every failure is said clearly."""

from __future__ import annotations

import pathlib
import socket
import threading
from collections.abc import Callable, Iterator

import pytest

from kingscorner_widget import ClassServer, KingsCornerWidget
from kingscorner_widget.server import room as rooms
from kingscorner_widget.server.client import ClassServerError, RemoteTable
from kingscorner_widget.table.session import today
from kingscorner_widget.widget.remote import WATCHING, RemoteTableWidget

from .wire import Json


@pytest.fixture
def widgets() -> Iterator[list[KingsCornerWidget]]:
    made: list[KingsCornerWidget] = []
    yield made
    for widget in made:
        widget.close()


def seat(
    made: list[KingsCornerWidget],
    server: ClassServer,
    code: str,
    learner: str,
    folder: pathlib.Path,
) -> RemoteTableWidget:
    widget = KingsCornerWidget(
        join=code, server=server.address, learner=learner, progress_dir=folder
    )
    assert isinstance(widget, RemoteTableWidget)
    made.append(widget)
    return widget


def notebook_seat(widget: RemoteTableWidget) -> RemoteTable:
    """The widget's connection, as a notebook (not the browser course) holds it."""
    assert isinstance(widget.remote, RemoteTable)
    return widget.remote


def view(widget: RemoteTableWidget, version: int = 0) -> Json:
    """Wait for the widget's view of at least ``version``; the traits then show it."""
    return notebook_seat(widget).wait(
        lambda frame: frame["type"] == "view" and frame["snapshot"]["version"] >= version
    )


def test_two_notebooks_play_one_table_through_the_server(
    class_server: ClassServer, widgets: list[KingsCornerWidget], tmp_path: pathlib.Path
) -> None:
    room = class_server.open_room("Widgets", seats=2)
    ada = seat(widgets, class_server, room.code, "ada", tmp_path)
    ben = seat(widgets, class_server, room.code, "ben", tmp_path)
    view(ada)
    first = view(ben)
    game = room.tables[0].game
    assert ben.snapshot["hands"][1]["cards"] == [str(card) for card in game.hand(2)]
    assert ben.snapshot["hands"][0]["cards"] is None
    assert ben.legal == []
    version = view(ada, 2)["snapshot"]["version"]  # Ada sees Ben sit down
    ada.handle_message({"kind": "draw", "version": version})  # as the page sends it
    assert view(ben, first["snapshot"]["version"] + 1)
    assert ben.status.startswith("Ada draws a card and ends the turn. Your turn.")
    assert ben.legal
    assert ben.snapshot["acting"]
    assert "Th" not in repr(ben)
    assert repr(ben).startswith("KingsCornerWidget(join=")
    with pytest.raises(AttributeError, match="server keeps the game"):
        _ = ben.game


def test_a_restarted_notebook_takes_its_seat_back_with_the_whole_view(
    class_server: ClassServer, widgets: list[KingsCornerWidget], tmp_path: pathlib.Path
) -> None:
    room = class_server.open_room("Restart", seats=2)
    ada = seat(widgets, class_server, room.code, "ada", tmp_path)
    version = view(ada)["snapshot"]["version"]
    ada.draw()
    before = view(ada, version + 1)["snapshot"]
    assert (tmp_path / "ada.seats").exists()
    ada.close()
    again = seat(widgets, class_server, room.code, "ada", tmp_path)
    after = view(again)["snapshot"]
    assert (again.remote.table, again.remote.seat) == (1, 1)
    assert after["hands"][0]["cards"] == before["hands"][0]["cards"]
    assert "You draw a card and end your turn" in [entry["words"] for entry in after["log"]]
    assert sorted(room.seated) == [(1, 1)]  # the same seat, not a second one


def test_the_projector_sees_the_public_table(
    class_server: ClassServer, widgets: list[KingsCornerWidget], tmp_path: pathlib.Path
) -> None:
    room = class_server.open_room("Projector", seats=3)
    seat(widgets, class_server, room.code, "ada", tmp_path)
    projector = KingsCornerWidget(watch=room.code, server=class_server.address, table=1)
    assert isinstance(projector, RemoteTableWidget)
    widgets.append(projector)
    view(projector)
    assert [hand["cards"] for hand in projector.snapshot["hands"]] == [None, None, None]
    assert projector.snapshot["viewer"] is None
    assert projector.legal == []
    projector.handle_message({"kind": "draw", "version": projector.snapshot["version"]})
    refused = notebook_seat(projector).wait(lambda frame: frame["type"] == "error")
    assert refused["code"] == "not-seated"
    assert projector.status.startswith("Only a seat acts")
    # The page reports its language: the projector still says people play here, in it
    assert projector.phrases["text"]["watching"] == WATCHING
    projector.page_language = "en"
    assert projector.phrases["text"]["watching"] == WATCHING
    projector.page_language = "fr"
    assert projector.phrases["text"]["watching"].startswith("Tu regardes cette table")


def test_a_wrong_code_a_full_room_a_taken_name_and_a_server_gone_are_said(
    class_server: ClassServer,
    tmp_path: pathlib.Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    address = class_server.address
    with pytest.raises(ClassServerError, match="There is no room KXT-4PQ: check the code"):
        KingsCornerWidget(join="KXT-4PQ", server=address, learner="ada", progress_dir=tmp_path)
    with pytest.raises(ValueError, match="room code"):
        KingsCornerWidget(join="hello", server=address, learner="ada", progress_dir=tmp_path)
    room = class_server.open_room("Full", seats=2)
    monkeypatch.setattr(rooms, "MAX_TABLES", 1)
    made = [
        KingsCornerWidget(join=room.code, server=address, learner=name, progress_dir=tmp_path)
        for name in ("ada", "ben")
    ]
    with pytest.raises(ClassServerError, match=r"This room is full: it has 1 table\.") as full:
        KingsCornerWidget(join=room.code, server=address, learner="cy", progress_dir=tmp_path)
    assert full.value.code == "room-full"
    with pytest.raises(ClassServerError, match="already sits in this room"):
        KingsCornerWidget(
            join=room.code, server=address, learner="Ada", progress_dir=tmp_path / "x"
        )
    for widget in made:
        widget.close()
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    with pytest.raises(ConnectionError, match="does not answer"):
        KingsCornerWidget(join=room.code, server=f"http://127.0.0.1:{port}", learner="ada")
    with pytest.raises(ValueError, match="give server="):
        KingsCornerWidget(join=room.code, learner="ada")
    with pytest.raises(ValueError, match="watch= shows a class server's table: give server="):
        KingsCornerWidget(watch=room.code, table=1)  # outside the browser course: no address
    with pytest.raises(ValueError, match="watch= shows a class server's table: give server="):
        KingsCornerWidget(watch=room.code)
    with pytest.raises(ValueError, match="drop players"):
        KingsCornerWidget(join=room.code, server=address, learner="ada", players=3)


def test_a_seat_left_empty_is_played_by_a_computer_and_the_table_says_so(
    class_server: ClassServer,
    widgets: list[KingsCornerWidget],
    tmp_path: pathlib.Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(class_server, "away_after", 0.1)
    room = class_server.open_room("Away", seats=2)
    ada = seat(widgets, class_server, room.code, "ada", tmp_path)
    ben = seat(widgets, class_server, room.code, "ben", tmp_path)
    view(ada)
    ada.close()
    said = notebook_seat(ben).wait(lambda frame: "ada is away" in frame.get("status", ""))
    assert said["snapshot"]["hands"][0]["computer"]
    moved = notebook_seat(ben).wait(
        lambda frame: (
            frame.get("status", "").startswith("Ada draws")
            or frame.get("status", "").startswith("Ada plays")
        )
    )
    assert moved["type"] == "view"  # the computer played ada's turn at her seat
    back = seat(widgets, class_server, room.code, "ada", tmp_path)
    view(back)
    assert notebook_seat(ben).wait(lambda frame: "ada is back" in frame.get("status", ""))


def widget_until(widget: RemoteTableWidget, wanted: Callable[[], bool]) -> None:
    """Wait until ``wanted()`` holds of the widget's traits (checked as each one changes)."""
    changed = threading.Condition()

    def told(_change: object) -> None:
        with changed:
            changed.notify_all()

    widget.observe(told, names=["snapshot", "status", "mode"])
    try:
        with changed:
            assert changed.wait_for(wanted, timeout=20), "the widget never showed it"
    finally:
        widget.unobserve(told, names=["snapshot", "status", "mode"])


def test_a_seat_follows_a_lesson_run_by_the_server_and_goes_back_to_its_table(
    class_server: ClassServer, widgets: list[KingsCornerWidget], tmp_path: pathlib.Path
) -> None:
    room = class_server.open_room("Lesson widget", seats=2)
    ada = seat(widgets, class_server, room.code, "ada", tmp_path)
    view(ada)
    assert ada.open_lesson("worked-turn") == "A worked turn"
    widget_until(ada, lambda: ada.mode == "lesson" and bool(ada.snapshot.get("lesson")))
    assert ada.snapshot["lesson"]["progress"] == [1, 3]
    ada.play("Qs>N")  # not in the hand: refused by the server's lesson
    widget_until(ada, lambda: ada.status == "The queen of spades is not in your hand.")
    ada.play("Th>N")
    widget_until(ada, lambda: ada.snapshot["lesson"]["stepDone"])
    assert ada.status.endswith("Press Next to go on.")
    record = class_server.records.record(room.code, "ada")
    assert record is not None
    step = next(t for t in record["tables"] if t["items"])["items"]["lesson:worked-turn"]
    assert step["steps"][0]["done"] is True
    assert step["steps"][0]["refused"] == [{"move": "Qs>N", "code": "not_in_hand"}]
    assert ada.back_to_table().startswith("Table 1")
    widget_until(ada, lambda: ada.mode == "play" and not ada.snapshot.get("lesson"))
    with pytest.raises(ClassServerError, match="no built-in lesson"):
        ada.open_lesson("answers")
    assert ada.open_daily() == f"Daily deal {today().isoformat()}"  # no homework: today's
    projector = KingsCornerWidget(watch=room.code, server=class_server.address, table=1)
    assert isinstance(projector, RemoteTableWidget)
    widgets.append(projector)
    with pytest.raises(ValueError, match="a watched table opens nothing"):
        projector.open_lesson("worked-turn")
    widget_until(ada, lambda: ada.mode == "play" and "Daily" in ada.snapshot["title"])
