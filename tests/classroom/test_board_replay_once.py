"""The board replays each distinct attempt once, and still judges every learner on their own
record: stars from their own hints and Show me, a daily result from their own claim."""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys
from typing import Any

import pytest

from kingscorner_widget import ClassBoard, Homework, Rules
from kingscorner_widget.classroom import verify

from .test_board_replay import DAY, walk


@pytest.fixture(scope="module")
def homework() -> Homework:
    return Homework(
        "Week 3", lessons=["worked-turn"], puzzles=2, daily=DAY, rules=Rules(players=2), seed=3
    )


def _copy(folder: pathlib.Path, learner: str, change: Any) -> None:
    record = json.loads((folder / "ada.json").read_text("utf-8"))
    record["learner"] = learner
    change(record["tables"][0])
    (folder / f"{learner}.json").write_text(json.dumps(record), "utf-8")


def _no_help(table: dict[str, Any]) -> None:
    for key, item in table["items"].items():
        for step in item.get("steps", []) if not key.startswith("daily:") else []:
            step.update(hints=0, shows=0)


def _claims_a_win(table: dict[str, Any]) -> None:
    item = table["items"][f"daily:{DAY}"]
    item["result"].update(won=True, cardsLeft=0)
    for hand in table["hands"]:
        hand.update(won=True, cardsLeft=0)


def test_the_same_moves_are_replayed_once_and_each_learner_judged_on_their_own_record(
    homework: Homework, tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    walk(homework, tmp_path, "ada")  # with Show me at every step, and the daily deal lost
    _copy(tmp_path, "bo", _no_help)  # the same moves, no hint or Show me written
    _copy(tmp_path, "eve", _claims_a_win)  # the same game, a win claimed
    calls = {"steps": 0, "games": 0}
    replayed, daily_game = verify._replayed, verify._daily_game

    def counted_steps(*args: Any) -> Any:
        calls["steps"] += 1
        return replayed(*args)

    def counted_game(*args: Any) -> Any:
        calls["games"] += 1
        return daily_game(*args)

    monkeypatch.setattr(verify, "_replayed", counted_steps)
    monkeypatch.setattr(verify, "_daily_game", counted_game)
    board = ClassBoard(tmp_path, homework=homework)
    steps = [item for item in homework.items if item.kind != "daily"]
    assert calls == {"steps": len(steps), "games": 1}  # three learners, one replay of each
    lesson, daily = "lesson:worked-turn", f"daily:{DAY}"
    assert (board.stars("ada", lesson), board.stars("bo", lesson)) == (1, 3)
    assert all(board.finished(who, item.key) for who in ("ada", "bo") for item in steps)
    assert board.finished("ada", daily)
    assert board.finished("bo", daily)
    assert not board.finished("eve", daily)
    assert "its result is not what its game shows" in str(board.item("eve", daily))
    assert board.leaderboard(DAY).column("learner") == ["ada", "bo"]


def test_different_moves_are_each_replayed(homework: Homework, tmp_path: pathlib.Path) -> None:
    walk(homework, tmp_path, "ada")

    def wrong_first(table: dict[str, Any]) -> None:
        table["items"]["lesson:worked-turn"]["steps"][0]["tried"] = ["4h>S"]

    _copy(tmp_path, "bo", wrong_first)
    board = ClassBoard(tmp_path, homework=homework)
    assert board.finished("ada", "lesson:worked-turn")
    assert not board.finished("bo", "lesson:worked-turn")
    assert "step 1's moves do not complete it" in str(board.item("bo", "lesson:worked-turn"))


COLLECTOR_CHECK = """
import gc, weakref
from kingscorner_widget.classroom.reading import collector_paused

class Node:
    other = None

gc.enable()
with collector_paused():
    assert not gc.isenabled()
    made = Node()
    made.other = made  # a cycle made while reading
    kept = weakref.ref(made)
    del made
assert gc.isenabled()
gc.collect()
assert kept() is None  # nothing made in the block stays frozen
gc.disable()
with collector_paused():
    pass
assert not gc.isenabled()  # a collector held off by the caller stays off
gc.enable()
gc.freeze()
frozen = gc.get_freeze_count()
with collector_paused():
    pass
assert gc.get_freeze_count() == frozen  # a process's own frozen objects stay frozen
print("held")
"""


def test_reading_holds_the_collector_off_and_gives_it_back_as_it_was() -> None:
    """In a process of its own: the collector is the whole process's, and a test process has
    other threads (class servers, writers) that may read records while this one checks it."""
    done = subprocess.run(
        [sys.executable, "-c", COLLECTOR_CHECK], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "held"
