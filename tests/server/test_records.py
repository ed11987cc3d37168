"""The class server keeps the record: hands played at its tables over the wire (RemoteTable
clients on loopback) land in its SQLite file and on the board, a forged file changes nothing,
the learner's kernel writes nothing, and the teacher's live view and gradebook read the same."""

from __future__ import annotations

import io
import json
import pathlib
from collections.abc import Iterator
from typing import Any

import pytest

from kingscorner_widget import ClassServer
from kingscorner_widget.classroom import ClassBoard
from kingscorner_widget.classroom.board import KEPT_BY_SERVER, SELF_REPORTED
from kingscorner_widget.classroom.record import empty_record
from kingscorner_widget.cli import main
from kingscorner_widget.engine.record import game_from_dict
from kingscorner_widget.server.client import RemoteTable
from kingscorner_widget.server.records import STUCK_IDLE, STUCK_REFUSED, LiveRow
from kingscorner_widget.table import LessonSession

from .wire import Client

Json = dict[str, Any]


@pytest.fixture(scope="module")
def kept(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassServer]:
    """A server keeping its rooms in a data file (the board reads that file too)."""
    data = tmp_path_factory.mktemp("server") / "class.db"
    with ClassServer(port=0, data=data, pace=0, away_after=None) as server:
        yield server


def newer_view(remote: RemoteTable, version: int) -> Json:
    """The first view after ``version`` where the seat can act or the hand is over."""
    return remote.wait(
        lambda f: (
            f["type"] == "view"
            and int(f["snapshot"]["version"]) > version
            and (bool(f["snapshot"]["over"]) or bool(f.get("legal")))
        )
    )


def play_hand(remote: RemoteTable) -> Json:
    """Play the seat's first legal move each turn until the hand is over; the final view."""
    view = newer_view(remote, -1)
    while not view["snapshot"]["over"]:
        version = int(view["snapshot"]["version"])
        remote.send({"kind": "play", "version": version, "move": view["legal"][0]})
        view = newer_view(remote, version)
    return view


def test_a_hand_played_at_a_server_table_is_in_the_servers_record_and_on_its_board(
    kept: ClassServer, tmp_path: pathlib.Path
) -> None:
    room = kept.open_room("Year 7", seats=2)
    ada = RemoteTable(kept.address, join=room.code, learner="Ada", progress_dir=tmp_path)
    try:
        final = play_hand(ada)
    finally:
        ada.close()
    game = room.tables[0].game
    record = kept.records.record(room.code, "Ada")
    assert record is not None
    assert record["learner"] == "Ada"
    (hand,) = [h for t in record["tables"] for h in t["hands"]]
    outcome = game.outcome()
    assert outcome is not None
    assert hand["won"] == (1 in outcome.winners)
    assert hand["cardsLeft"] == len(game.hand(1))
    assert hand["opponents"] == ["P2"]
    assert game_from_dict(hand["record"]) == game  # the server's own game, move for move
    assert final["snapshot"]["over"]
    for board in (
        ClassBoard.from_server(kept, room.code),
        ClassBoard.from_server(kept.store.path or "", room.code),
    ):
        assert board.kept_by_server
        assert board.learners == ["Ada"]
        assert KEPT_BY_SERVER in board.text()
        assert SELF_REPORTED not in board.text()
        played = board.hands().records()[0]
        assert (played["hands played"], played["hands won"]) == (1, int(hand["won"]))


def test_a_forged_record_file_cannot_change_the_servers_board(
    kept: ClassServer, tmp_path: pathlib.Path
) -> None:
    room = kept.open_room("Year 8", seats=2)
    bo = RemoteTable(kept.address, join=room.code, learner="Bo", progress_dir=tmp_path)
    bo.wait(lambda f: f["type"] == "view")
    bo.close()
    forged = empty_record("Bo")
    forged["tables"] = [
        {
            "id": "forged",
            "items": {},
            "hands": [{"won": True, "cardsLeft": 0, "opponents": ["P2"]}] * 9,
            "reviews": [],
        }
    ]
    (tmp_path / "Bo.json").write_text(json.dumps(forged))  # where a kernel would write it
    data = pathlib.Path(kept.store.path or "")
    (data.parent / "Bo.json").write_text(json.dumps(forged))  # beside the server's file
    board = ClassBoard.from_server(data, room.code)
    assert board.learners == []  # Bo sat down and played no hand: nothing to believe
    # nor can a client hand its record in over the wire
    eve = RemoteTable(kept.address, watch=room.code, table=1)
    try:
        eve._socket.send(json.dumps({"type": "record", "record": forged}))
        error = eve.wait(lambda f: f["type"] == "error")
        assert error["code"]
    finally:
        eve.close()
    assert ClassBoard.from_server(data, room.code).learners == []
    assert ClassBoard(tmp_path).learners == ["Bo"]  # the folder board would believe it


def test_the_learners_kernel_receives_no_record_writing_path(
    kept: ClassServer, tmp_path: pathlib.Path
) -> None:
    room = kept.open_room("Year 9", seats=2)
    cy = RemoteTable(kept.address, join=room.code, learner="Cy", progress_dir=tmp_path)
    try:
        play_hand(cy)
    finally:
        cy.close()
    said = json.dumps(cy.frames)
    data = pathlib.Path(kept.store.path or "")
    assert str(data) not in said
    assert data.name not in said
    assert "kingscorner-progress" not in said
    assert '"progress' not in said.lower()
    # the kernel wrote only its seat's token (to take the seat back), never a record
    assert sorted(p.name for p in tmp_path.iterdir()) == ["Cy.seats"]
    assert kept.records.record(room.code, "Cy") is not None


def test_the_live_view_counts_hints_and_refusals_on_the_server_and_exports_a_gradebook(
    kept: ClassServer, tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    room = kept.open_room("Year 10", seats=2)
    dee = RemoteTable(kept.address, join=room.code, learner="Dee", progress_dir=tmp_path)
    try:
        view = newer_view(dee, -1)
        version = int(view["snapshot"]["version"])
        for _ in range(STUCK_REFUSED):
            dee.send({"kind": "play", "version": version, "move": "Zz>N"})
        dee.send({"kind": "hint", "version": version})
        live = kept.live(room.code)
        shown: list[str] = []
        monkeypatch.setattr(
            "IPython.display.update_display",
            lambda data, **_: shown.append(data["text/html"]),
        )
        monkeypatch.setattr("IPython.display.display", lambda *_, **__: None)
        live.show()
        # the hint runs on a worker thread: wait for its frame to come back
        view = dee.wait(lambda f: f["type"] == "view" and bool(f["snapshot"].get("hint")))
        version = int(view["snapshot"]["version"])
        (row,) = kept.records.rows(room.code)
        assert (row.learner, row.table, row.seat) == ("Dee", 1, 1)
        assert row.refused_in_a_row == STUCK_REFUSED
        assert row.hints == 1
        text = str(live)
        assert "Dee" in text
        assert f"{STUCK_REFUSED} moves refused in a row" in text
        dee.send({"kind": "play", "version": version, "move": view["legal"][0]})
        dee.wait(lambda f: f["type"] == "view" and int(f["snapshot"]["version"]) > version)
        assert shown
        assert "Dee" in shown[-1]
        assert kept.records.rows(room.code)[0].refused_in_a_row == 0
        live.stop()
        final = play_hand(dee)
        assert final["snapshot"]["over"]
    finally:
        dee.close()
    (won,) = [h["won"] for t in (kept.records.record(room.code, "Dee") or {})["tables"]
              for h in t["hands"]]  # fmt: skip
    csv = kept.records.to_csv(room.code)
    assert csv.splitlines() == [
        "learner,hands played,hands won,hints,show me",
        f"Dee,1,{int(won)},1,0",
    ]
    out = io.StringIO()
    target = tmp_path / "grades.csv"
    status = main(
        ["class", "--server", kept.store.path or "", "--room", room.code, "--csv", str(target)],
        out,
    )
    assert status == 0, out.getvalue()
    assert KEPT_BY_SERVER in out.getvalue()
    assert "Dee" in out.getvalue()


def test_class_from_server_refuses_what_it_cannot_read(tmp_path: pathlib.Path) -> None:
    out = io.StringIO()
    assert main(["class", "--server", str(tmp_path / "none.db")], out) == 1
    junk = tmp_path / "junk.db"
    junk.write_text("not a database")
    with pytest.raises(ValueError, match="not a class server's data file"):
        ClassBoard.from_server(junk)
    assert main(["class", str(tmp_path), "--server", str(junk)], io.StringIO()) == 2


def test_a_name_no_record_can_carry_is_refused_at_the_door(kept: ClassServer) -> None:
    room = kept.open_room("Year 11", seats=2)
    client = Client(kept.address)
    try:
        client.send({"type": "join", "room": room.code, "learner": "../ada"})
        error = client.until(lambda f: f["type"] == "error")
        assert error["code"] == "name"
        assert "learner's name is letters" in error["error"]
    finally:
        client.close()
    assert room.seated == {}


def test_a_learner_idle_on_their_turn_reads_as_stuck_and_not_on_anothers() -> None:
    row = LiveRow("Ada", 1, 1, last_move=100.0)
    assert row.stuck(their_turn=True, now=100.0 + STUCK_IDLE - 1) == ""
    assert row.stuck(their_turn=True, now=100.0 + STUCK_IDLE) == "no move for 2 min on their turn"
    assert row.stuck(their_turn=False, now=100.0 + 10 * STUCK_IDLE) == ""


def test_the_record_and_the_hints_outlive_a_restart(tmp_path: pathlib.Path) -> None:
    data = tmp_path / "class.db"
    with ClassServer(port=0, data=data, pace=0, away_after=None) as server:
        room = server.open_room("Year 12", seats=2)
        eve = RemoteTable(server.address, join=room.code, learner="Eve", progress_dir=tmp_path)
        try:
            view = newer_view(eve, -1)
            eve.send({"kind": "hint", "version": view["snapshot"]["version"]})
            eve.wait(lambda f: f["type"] == "view" and bool(f["snapshot"].get("hint")))
            play_hand(eve)
        finally:
            eve.close()
    with ClassServer(port=0, data=data, pace=0, away_after=None) as again:
        (row,) = again.records.rows(room.code)
        assert (row.learner, row.hints) == ("Eve", 1)
        assert "Eve,1," in again.records.to_csv(room.code)
    board = ClassBoard.from_server(data)
    assert board.learners == ["Eve"]
    assert board.hands().records()[0]["hands played"] == 1


def test_nbgrader_questions_answer_from_what_the_server_judged(kept: ClassServer) -> None:
    room = kept.open_room("Year 13", seats=2)
    lesson = LessonSession("worked-turn")  # a lesson run on the server, not in a kernel
    lesson.listener = kept.records.listener(room.code, "Fay")
    while not lesson.run.done:
        assert not lesson.act("show" if not lesson.run.step_done else "next").refused
    board = ClassBoard.from_server(kept, room.code)
    item = board.item("Fay", "lesson:worked-turn")
    assert item is not None
    assert board.finished("Fay", "lesson:worked-turn")
    assert board.stars("Fay", "lesson:worked-turn") == item["stars"] < 3  # Show me costs
    record = kept.records.record(room.code, "Fay")
    assert record is not None
    assert sum(s["shows"] for s in record["tables"][0]["items"]["lesson:worked-turn"]["steps"]) == 6
