"""Lessons, homework, puzzles and the daily deal at a learner's own table on the class server:
judged and recorded there (steps, stars, Hints and Show me, puzzles solved, the daily deal's
first result), the kernel sent only the learner's view, every hostile frame refused with
nothing changed, and the live view saying who is connected and who is away, and on which step."""

from __future__ import annotations

import datetime
import json
import pathlib
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from kingscorner_widget import ClassServer
from kingscorner_widget.classroom import ClassBoard
from kingscorner_widget.classroom.homework import Homework
from kingscorner_widget.lessons import LessonRun, load_lesson
from kingscorner_widget.server.client import ClassServerError, RemoteTable
from kingscorner_widget.server.records import LiveRow, ServerRecords

from .wire import DEADLINE, Client

Json = dict[str, Any]
DAY = "2026-11-30"


@pytest.fixture(scope="module")
def kept(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassServer]:
    data = tmp_path_factory.mktemp("desks") / "class.db"
    with ClassServer(port=0, data=data, pace=0, away_after=None) as server:
        yield server


@pytest.fixture(scope="module")
def homework() -> Homework:
    return Homework("Week 3", lessons=["worked-turn"], puzzles=2, seed=1, daily=DAY)


def seat(server: ClassServer, code: str, learner: str, folder: pathlib.Path) -> RemoteTable:
    return RemoteTable(server.address, join=code, learner=learner, progress_dir=folder)


def newest(remote: RemoteTable, since: int, mode: str | None = None) -> Json:
    """The first view frame from frame number ``since`` on (of ``mode``, when given)."""
    return remote.wait(
        lambda f: f["type"] == "view" and (mode is None or f["mode"] == mode), since=since
    )


def act(remote: RemoteTable, view: Json, kind: str, **fields: Any) -> Json:
    """Send one intent on ``view``; the next frame that answers it (a view, or a status)."""
    since = len(remote.frames)
    remote.send({"kind": kind, "version": view["snapshot"]["version"], **fields})
    return remote.wait(lambda f: f["type"] in ("view", "status"), since=since)


def settled(remote: RemoteTable) -> Json:
    """The latest view once the server has nothing more to play on its own (the lesson's
    Show me beat, the computer players)."""
    while True:
        since = len(remote.frames)
        latest = remote.latest()
        assert latest is not None
        if latest["snapshot"].get("waiting") is None:
            return latest
        remote.wait(lambda f: f["type"] == "view", since=since)


def until(records: ServerRecords, code: str, wanted: Callable[[], bool]) -> None:
    """Wait until ``wanted()`` holds, checking whenever room ``code``'s live view changes."""
    changed = threading.Condition()

    def told(room: str) -> None:
        with changed:
            changed.notify_all()

    records.listeners.append(told)
    try:
        with changed:
            assert changed.wait_for(wanted, timeout=DEADLINE), "the live view never said so"
    finally:
        records.listeners.remove(told)


def play_lesson(remote: RemoteTable, name: str) -> Json:
    """Follow built-in lesson ``name`` at the server, each step by its expected moves (the
    teacher's copy of the lesson says them; the kernel is never sent them); the last view."""
    run = LessonRun(load_lesson(name))
    since = len(remote.frames)
    assert remote.open("lesson", name)["title"] == run.lesson.title
    view = newest(remote, since, "lesson")
    while True:
        while run.step.interactive and not run.step_done:
            move = run.show_me()[0]
            assert run.try_move(move).accepted
            view = act(remote, view, "play", move=str(move))
            assert view["type"] == "view", view
        if run.index == len(run.lesson.steps) - 1:
            return view
        run.next()
        view = act(remote, view, "next")
        assert view["type"] == "view", view


def keys(value: object) -> set[str]:
    """Every key of every object in ``value`` (JSON)."""
    if isinstance(value, dict):
        return set(value).union(*(keys(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(keys(v) for v in value))
    return set()


def item(server: ClassServer, code: str, learner: str, key: str) -> Json:
    record = server.records.record(code, learner)
    assert record is not None
    found = [t["items"][key] for t in record["tables"] if key in t["items"]]
    assert found, f"{key} is not in {learner}'s record"
    return dict(found[0])


def test_a_lesson_finished_at_a_server_table_is_recorded_with_its_stars(
    kept: ClassServer, tmp_path: pathlib.Path
) -> None:
    room = kept.open_room("Lessons")
    remote = seat(kept, room.code, "Ada", tmp_path)
    try:
        last = play_lesson(remote, "worked-turn")
        assert last["snapshot"]["lesson"]["done"] is True
        assert last["snapshot"]["lesson"]["stars"] == 3
    finally:
        remote.close()
    lesson = item(kept, room.code, "Ada", "lesson:worked-turn")
    assert lesson["finished"] is True
    assert lesson["stars"] == 3
    assert all(step["done"] and step["hints"] == 0 for step in lesson["steps"])
    board = ClassBoard.from_server(kept, room.code)
    assert board.finished("Ada", "lesson:worked-turn")
    assert board.stars("Ada", "lesson:worked-turn") == 3
    # the data file a teacher reads later says the same
    assert kept.store.path is not None
    again = ClassBoard.from_server(kept.store.path, room.code)
    assert again.stars("Ada", "lesson:worked-turn") == 3


def test_show_me_and_hints_are_counted_on_the_server_and_cost_the_stars(
    kept: ClassServer, tmp_path: pathlib.Path
) -> None:
    room = kept.open_room("Show me")
    remote = seat(kept, room.code, "Ben", tmp_path)
    try:
        since = len(remote.frames)
        remote.open("lesson", "worked-turn")
        view = newest(remote, since, "lesson")
        hinted = act(remote, view, "hint")
        assert hinted["status"].startswith("Hint:")
        shown = act(remote, hinted, "show")
        assert shown["status"].startswith("Watch:")
        done = settled(remote)  # the server plays the shown move after its beat
        assert done["status"].startswith("Shown:")
        assert done["snapshot"]["lesson"]["stepDone"] is True
        until(kept.records, room.code, lambda: kept.records.live_of(room.code, "Ben").shows == 1)
        row = kept.records.live_of(room.code, "Ben")
        assert (row.hints, row.shows, row.step_help) == (1, 1, 2)
        assert row.stuck(their_turn=False) == "2 hints and Show me on this step"
        assert row.doing == "A worked turn, step 1 of 3"
    finally:
        remote.close()
    step = item(kept, room.code, "Ben", "lesson:worked-turn")["steps"][0]
    assert (step["hints"], step["shows"], step["done"]) == (1, 1, True)
    kept.records.flush()
    assert kept.store.record(room.code, "Ben")[1:] == (1, 1)  # type: ignore[index]


def test_a_homework_puzzle_solved_at_the_server_and_the_kernel_never_sent_its_answer(
    kept: ClassServer, homework: Homework, tmp_path: pathlib.Path
) -> None:
    room = kept.open_room("Puzzles")
    kept.set_homework(room.code, homework)
    remote = seat(kept, room.code, "Cy", tmp_path)
    puzzle = homework.puzzles[1].puzzle
    try:
        since = len(remote.frames)
        assert remote.open("puzzle", "2")["title"] == "Week 3"
        view = first = newest(remote, since, "lesson")
        assert view["snapshot"]["lesson"]["stepTitle"].startswith("Puzzle 2")
        hinted = act(remote, view, "hint")  # the first hint lights the pile to move, no more
        assert hinted["snapshot"]["hint"]["move"] == str(puzzle.best[0]).split(">")[0]
        assert hinted["snapshot"]["hint"]["whole"] is False
        view = hinted
        for move in puzzle.best:
            view = act(remote, view, "play", move=str(move))
            assert view["type"] == "view", view
        assert view["snapshot"]["lesson"]["stepDone"] is True
    finally:
        remote.close()
    solved = item(kept, room.code, "Cy", "puzzle:2")
    assert solved["solved"] is True
    assert solved["finished"] is True
    assert solved["stars"] == 2  # the hint cost the third star
    assert solved["steps"][0]["hints"] == 1
    board = ClassBoard.from_server(kept, room.code)
    assert board.finished("Cy", "puzzle:2")
    assert (board.item("Cy", "puzzle:2") or {})["solved"] is True
    # before it was solved, no frame carried the best turn, nor a step's accepted answers
    before = remote.frames[: remote.frames.index(view)]
    assert not {"expect", "best", "accepted", "answer"} & keys(before)
    text = json.dumps(remote.frames[: remote.frames.index(hinted) + 1])
    later = [str(move) for move in puzzle.best[1:] if str(move) not in first["legal"]]
    assert later
    assert not any(f'"{move}"' in text for move in later)


def test_the_daily_deal_is_played_against_the_servers_computers_and_the_first_result_stands(
    kept: ClassServer, homework: Homework, tmp_path: pathlib.Path
) -> None:
    room = kept.open_room("Daily", seats=2)
    kept.set_homework(room.code, homework)  # its daily deal: the deal of DAY, the same each run
    remote = seat(kept, room.code, "Dee", tmp_path)
    results = []
    try:
        for pick in (0, -1):  # two ways of playing it: the second cannot replace the first
            since = len(remote.frames)
            assert remote.open("daily")["title"] == f"Daily deal {DAY}"
            newest(remote, since, "play")
            view = settled(remote)
            while not view["snapshot"]["over"]:
                for hand in view["snapshot"]["hands"]:
                    if hand["player"] != view["snapshot"]["viewer"]:
                        assert hand["cards"] is None  # nobody else's card reached the kernel
                act(remote, view, "play", move=view["legal"][pick])
                view = settled(remote)
            results.append(view)
    finally:
        remote.close()
    daily = item(kept, room.code, "Dee", f"daily:{DAY}")
    assert daily["finished"] is True
    assert results[0]["snapshot"]["over"]
    board = ClassBoard.from_server(kept, room.code)
    kept_result = (board.item("Dee", f"daily:{DAY}") or {})["result"]
    assert kept_result == daily["result"]
    record = kept.records.record(room.code, "Dee")
    assert record is not None
    hands = [h for t in record["tables"] for h in t["hands"] if h.get("daily")]
    assert len(hands) == 2
    assert hands[0]["moves"] != hands[1]["moves"]  # two results: the first is the one kept
    assert daily["result"]["moves"] == hands[0]["moves"]
    assert daily["result"]["cardsLeft"] == hands[0]["cardsLeft"]


def test_hostile_frames_are_refused_and_change_nothing(
    kept: ClassServer, tmp_path: pathlib.Path
) -> None:
    room = kept.open_room("Hostile")
    client = Client(kept.address)
    watcher = Client(kept.address)
    try:
        client.join(room.code, "Eve")
        refused: dict[str, Json] = {
            "open-what": {"type": "open", "what": "answers", "name": ""},
            "shape": {"type": "open", "what": "lesson", "name": "worked-turn", "done": True},
            "open-name": {"type": "open", "what": "lesson", "name": "w" * 61},
            "no-lesson": {"type": "open", "what": "lesson", "name": "../../etc/passwd"},
            "no-homework": {"type": "open", "what": "homework", "name": ""},
            "type": {"type": "step-done", "lesson": "worked-turn", "step": 0, "stars": 3},
        }
        for code, sent in refused.items():
            client.send(sent)
            answer = client.until(lambda f: f["type"] == "error")
            assert answer["code"] == code, (code, answer)
        client.send({"type": "open", "what": "lesson", "name": "worked-turn"})
        client.until(lambda f: f["type"] == "opened")
        view = client.until(lambda f: f["type"] == "view" and f["mode"] == "lesson")
        version = view["snapshot"]["version"]
        said = {
            "next": "This step is not done yet",
            "skip": "That is a teacher's control",
            "reveal": "That is a teacher's control",
        }
        for kind, start in said.items():
            client.intent(kind, version)
            assert client.error()["status"].startswith(start), kind
        client.intent("finished", version, step=0, stars=3)  # no such action
        assert client.error()["status"] == "The table sent a message it does not understand."
        client.intent("show", version - 1)  # made on an older snapshot
        assert client.error()["status"].startswith("The table changed before that click")
        watcher.send({"type": "watch", "room": room.code, "table": 1})
        watcher.until(lambda f: f["type"] == "view")
        watcher.send({"type": "open", "what": "lesson", "name": "worked-turn"})
        assert watcher.until(lambda f: f["type"] == "error")["code"] == "not-seated"
    finally:
        client.close()
        watcher.close()
    record = kept.records.record(room.code, "Eve")
    assert record is not None
    lesson = [t["items"]["lesson:worked-turn"] for t in record["tables"] if t["items"]]
    assert lesson
    assert lesson[0]["finished"] is False
    assert not any(step.get("done") for step in lesson[0]["steps"])
    assert kept.records.live_of(room.code, "Eve").hints == 0


def test_the_live_view_says_who_is_away_since_when_and_back_on_their_step(
    kept: ClassServer, tmp_path: pathlib.Path
) -> None:
    room = kept.open_room("Presence")
    records = kept.records
    remote = seat(kept, room.code, "Fay", tmp_path)
    since = len(remote.frames)
    remote.open("lesson", "worked-turn")
    view = newest(remote, since, "lesson")
    act(remote, view, "play", move="Th>N")
    until(records, room.code, lambda: records.live_of(room.code, "Fay").connected)
    assert "Fay" in str(kept.live(room.code))
    assert "here" in str(kept.live(room.code))
    remote.close()
    until(records, room.code, lambda: not records.live_of(room.code, "Fay").connected)
    row = records.live_of(room.code, "Fay")
    assert row.away_since is not None
    assert row.away_since <= datetime.datetime.now(datetime.UTC)
    assert f"away since {row.away_since:%H:%M} UTC" in str(kept.live(room.code))
    back = seat(kept, room.code, "Fay", tmp_path)  # the same notebook folder: the seat's token
    try:
        opened = back.wait(lambda f: f["type"] == "opened")
        assert opened["what"] == "lesson"
        view = back.wait(lambda f: f["type"] == "view" and f["mode"] == "lesson")
        assert view["snapshot"]["lesson"]["stepDone"] is True  # where they left it
        until(records, room.code, lambda: records.live_of(room.code, "Fay").connected)
        assert records.live_of(room.code, "Fay").presence() == "here"
        assert back.open("table")["title"].startswith("Table 1")
        until(records, room.code, lambda: records.live_of(room.code, "Fay").doing == "table 1")
    finally:
        back.close()


def test_the_homework_set_for_a_room_outlives_a_restart(
    homework: Homework, tmp_path: pathlib.Path
) -> None:
    data = tmp_path / "class.db"
    with ClassServer(port=0, data=data, pace=0, away_after=None) as server:
        code = server.open_room("Kept").code
        server.set_homework(code, homework)
    with ClassServer(port=0, data=data, pace=0, away_after=None) as server:
        assert server.homework[code] == homework
        remote = seat(server, code, "Gus", tmp_path)
        try:
            with pytest.raises(ClassServerError) as refused:
                remote.open("puzzle", "3")
            assert refused.value.code == "no-item"
            assert remote.open("homework", "lesson:worked-turn")["title"] == "Week 3"
        finally:
            remote.close()


def test_a_row_away_reads_away_with_its_time() -> None:
    row = LiveRow("Ada", 1, 1, connected=False)
    assert row.presence() == "away"
    row.away_since = datetime.datetime(2026, 12, 4, 10, 42, tzinfo=datetime.UTC)
    assert row.presence() == "away since 10:42 UTC"


def test_the_teacher_sets_a_rooms_homework_over_the_wire_and_bad_ones_are_refused(
    kept: ClassServer, homework: Homework, tmp_path: pathlib.Path
) -> None:
    room = kept.open_room("Wire homework")
    teacher = Client(kept.address)
    try:
        sent = {"type": "homework", "room": room.code, "homework": homework.to_dict()}
        teacher.send({**sent, "key": "not-the-key"})
        assert teacher.until(lambda f: f["type"] == "error")["code"] == "bad-key"
        for bad in ({"format": "nope"}, {**homework.to_dict(), "puzzles": [{"position": "x"}]}):
            teacher.send({**sent, "key": kept.key, "homework": bad})
            assert teacher.until(lambda f: f["type"] == "error")["code"] == "homework"
        assert room.code not in kept.homework  # nothing was set
        teacher.send({**sent, "key": kept.key})
        answer = teacher.until(lambda f: f["type"] != "error")
        assert answer == {
            "type": "homework",
            "room": room.code,
            "title": "Week 3",
            "items": [item.key for item in homework.items],
        }
    finally:
        teacher.close()
    assert kept.homework[room.code] == homework
    remote = seat(kept, room.code, "Hal", tmp_path)
    try:
        since = len(remote.frames)
        remote.open("homework")
        view = newest(remote, since, "lesson")
        assert view["snapshot"]["lesson"]["progress"] == [1, len(homework.lesson().steps)]
    finally:
        remote.close()


def test_the_homeworks_daily_deal_opens_from_its_last_step_and_is_recorded_with_it(
    kept: ClassServer, tmp_path: pathlib.Path
) -> None:
    room = kept.open_room("Homework daily", seats=2)
    kept.set_homework(room.code, Homework("Daily only", daily=DAY))
    remote = seat(kept, room.code, "Ivy", tmp_path)
    try:
        since = len(remote.frames)
        remote.open("homework")
        step = newest(remote, since, "lesson")
        assert "Daily deal" in str(step["snapshot"]["actions"])
        since = len(remote.frames)
        act(remote, step, "forward")
        newest(remote, since, "play")
        view = settled(remote)
        assert view["snapshot"]["title"].startswith(f"Daily deal {DAY}")
        while not view["snapshot"]["over"]:
            act(remote, view, "play", move=view["legal"][0])
            view = settled(remote)
        assert kept.records.live_of(room.code, "Ivy").doing == "the daily deal"
        review = act(remote, view, "review")  # no review of it on the server
        assert review["type"] == "status"
    finally:
        remote.close()
    record = kept.records.record(room.code, "Ivy")
    assert record is not None
    walked = next(t for t in record["tables"] if t["homework"] == "Daily only")
    assert walked["items"][f"daily:{DAY}"]["finished"] is True
    assert walked["hands"][0]["daily"] == DAY
