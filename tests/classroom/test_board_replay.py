"""With the teacher's homework, the board believes no record: it replays every finished item."""

from __future__ import annotations

import json
import pathlib
from typing import Any

import pytest

from kingscorner_widget import ClassBoard, Homework, KingsCornerWidget, Rules
from kingscorner_widget.classroom.store import WRITER
from kingscorner_widget.classroom.verify import PROVES

DAY = "2026-12-01"


@pytest.fixture(scope="module")
def homework() -> Homework:
    return Homework(
        "Week 3", lessons=["worked-turn"], puzzles=2, daily=DAY, rules=Rules(players=2), seed=3
    )


def walk(homework: Homework, folder: pathlib.Path, learner: str, *, lose: bool = True) -> None:
    """``learner`` walks the homework with Show me, then plays the daily deal to its end."""
    w = KingsCornerWidget(homework=homework, learner=learner, progress_dir=folder)
    while w.lesson is not None and not w.lesson.done:
        if not w.show_me():
            w.next_step()
    w.forward()
    for _ in range(600):
        if w.game.is_over():
            break
        if w.legal:
            w.play(w.legal[-1] if lose else w.legal[0])
        else:
            w.step()
    WRITER.wait()


FORGED: dict[str, Any] = {
    "format": "kingscorner-progress",
    "version": 1,
    "learner": "bo",
    "tables": [
        {
            "id": "x",
            "items": {
                "lesson:worked-turn": {"kind": "lesson", "finished": True, "stars": 3},
                "puzzle:1": {"kind": "puzzle", "finished": True, "stars": 3, "solved": True},
                "puzzle:2": {"kind": "puzzle", "finished": True, "stars": 3, "solved": True},
                f"daily:{DAY}": {
                    "kind": "daily",
                    "finished": True,
                    "stars": 3,
                    "result": {"won": True, "cardsLeft": 0, "moves": 5},
                },
            },
        }
    ],
}


def test_a_forged_record_shows_as_not_verified(homework: Homework, tmp_path: pathlib.Path) -> None:
    walk(homework, tmp_path, "ada")
    (tmp_path / "bo.json").write_text(json.dumps(FORGED), "utf-8")
    board = ClassBoard(tmp_path, homework=homework)
    for item in homework.items:
        assert not board.finished("bo", item.key), item.key
        assert board.stars("bo", item.key) == 0
        assert board.finished("ada", item.key), item.key
    progress = board.progress()
    (row,) = [r for r in progress.records() if r["learner"] == "bo"]
    assert all(str(row[title]).startswith("not verified") for _, title in board.items)
    assert "bo" not in board.leaderboard().column("learner")
    assert PROVES in board.text()
    assert board.stars("ada", "lesson:worked-turn") == 1  # Show me: one star, computed again


def test_the_homework_file_keeps_no_answer(homework: Homework, tmp_path: pathlib.Path) -> None:
    path = homework.save(tmp_path / "week3.json")
    text = path.read_text("utf-8")
    for answer in ("best", "greedy"):
        assert answer not in text
    loaded = Homework.load(path)
    assert [p.puzzle.best for p in loaded.puzzles] == [p.puzzle.best for p in homework.puzzles]


def test_a_learners_own_copy_of_the_homework_is_graded_against_the_teachers(
    homework: Homework, tmp_path: pathlib.Path
) -> None:
    easier = Homework(
        "Week 3", lessons=["worked-turn"], puzzles=2, daily=DAY, rules=Rules(players=2), seed=11
    )
    assert [p.puzzle.position for p in easier.puzzles] != [
        p.puzzle.position for p in homework.puzzles
    ]
    walk(easier, tmp_path, "eve")
    board = ClassBoard(tmp_path, homework=homework)
    assert board.finished("eve", "lesson:worked-turn")  # the same lesson replays
    for key in ("puzzle:1", "puzzle:2"):
        assert not board.finished("eve", key)
        cell = board.progress().records()[0][dict(board.items)[key]]
        assert str(cell).startswith("not verified")


def test_the_first_daily_result_stands(homework: Homework, tmp_path: pathlib.Path) -> None:
    walk(homework, tmp_path, "ada", lose=True)
    record = json.loads((tmp_path / "ada.json").read_text("utf-8"))
    (first,) = record["tables"]
    lost = first["items"][f"daily:{DAY}"]["result"]
    assert lost["won"] is False
    later = json.loads(json.dumps(first))
    later["id"] = "later"
    later["items"][f"daily:{DAY}"].update(stars=3, result={**lost, "won": True, "cardsLeft": 0})
    later["hands"][0].update(won=True, cardsLeft=0, at="2099-01-01T00:00:00+00:00")
    record["tables"] = [later, first]  # the table that won is read first
    (tmp_path / "ada.json").write_text(json.dumps(record), "utf-8")
    board = ClassBoard(tmp_path, homework=homework)
    (row,) = board.leaderboard(DAY).records()
    assert (row["result"], row["cards left"]) == ("lost", lost["cardsLeft"])


def test_show_me_played_back_from_code_shows_as_such(
    homework: Homework, tmp_path: pathlib.Path
) -> None:
    w = KingsCornerWidget(homework=homework, learner="eve", progress_dir=tmp_path)
    assert w.lesson is not None
    while not w.lesson.done:  # the answers sent back as the learner's own moves: no Show me
        for move in w.lesson.show_me():
            w.play(move)
        w.next_step()
    WRITER.wait()
    record = json.loads((tmp_path / "eve.json").read_text("utf-8"))
    steps = record["tables"][0]["items"]["lesson:worked-turn"]["steps"]
    assert not any(step["shows"] or step["hints"] for step in steps)
    board = ClassBoard(tmp_path, homework=homework)
    assert board.stars("eve", "lesson:worked-turn") == 3  # it replays: the moves are right
    (row,) = board.progress().records()
    for key, title in board.items:
        if not key.startswith("daily:"):
            assert "too fast for a hand" in str(row[title]), key


def test_the_daily_deals_game_is_kept_for_replay_however_many_hands_follow(
    tmp_path: pathlib.Path,
) -> None:
    from kingscorner_widget.classroom.recorder import KEPT_RECORDS, Recorder
    from kingscorner_widget.classroom.store import RecordStore, Writer
    from kingscorner_widget.table.events import TableEvent

    recorder = Recorder(RecordStore("ada", tmp_path), writer=Writer(threads=False))
    game = {"format": "kingscorner-game"}
    for number in range(KEPT_RECORDS + 5):
        hand = {"won": False, "cardsLeft": 3, "moves": number, "record": game, "hand": 1}
        hand["daily"] = DAY if number == 0 else None
        recorder(TableEvent(kind="play", mode="play", refused=False, hand=hand, session=1))
    hands = recorder.table["hands"]
    assert hands[0]["record"] == game  # the daily deal's game: the board replays it
    assert hands[1]["record"] is None
    assert all(h["record"] == game for h in hands[-KEPT_RECORDS:])
