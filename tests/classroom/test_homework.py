"""Homework: the same themed puzzles for everyone, walked in order, each item recorded."""

from __future__ import annotations

import json
import pathlib

import pytest

from kingscorner_widget import Homework, KingsCornerWidget, Rules
from kingscorner_widget.classroom.store import WRITER
from kingscorner_widget.classroom.themes import THEMES, difficulty, sheds, solvers, theme


@pytest.fixture(scope="module")
def homework() -> Homework:
    return Homework(
        title="Week 3",
        lessons=["worked-turn"],
        puzzles=4,
        daily="2026-12-01",
        rules=Rules(players=2, must_play=True),
        seed=3,
    )


def test_the_set_is_the_same_for_everyone(homework: Homework, tmp_path: pathlib.Path) -> None:
    again = Homework(
        title="Week 3",
        lessons=["worked-turn"],
        puzzles=4,
        daily="2026-12-01",
        rules=Rules(players=2, must_play=True),
        seed=3,
    )
    assert again == homework
    path = homework.save(tmp_path / "week3.json")
    loaded = Homework.load(path)
    assert loaded == homework
    assert [i.key for i in loaded.items] == [
        "lesson:worked-turn", "puzzle:1", "puzzle:2", "puzzle:3", "puzzle:4", "daily:2026-12-01",
    ]  # fmt: skip
    assert loaded.rules.must_play


def test_each_puzzle_has_a_theme_and_a_measured_difficulty(homework: Homework) -> None:
    names = [t.theme for t in homework.puzzles]
    assert set(names) <= set(THEMES)
    assert len(set(names)) >= 2  # the themes take turns
    for themed in homework.puzzles:
        assert themed.theme == theme(themed.puzzle)
        players = solvers()
        missed = sum(sheds(p, themed.puzzle.position) < themed.puzzle.best_sheds for p in players)
        assert themed.difficulty == round(missed / len(players), 2) == difficulty(themed.puzzle)


def test_a_learner_walks_the_homework_and_each_item_is_recorded(
    homework: Homework, tmp_path: pathlib.Path
) -> None:
    path = homework.save(tmp_path / "week3.json")
    w = KingsCornerWidget(homework=path, learner="ada", progress_dir=tmp_path / "records")
    run = w.lesson
    assert run is not None
    while not run.done:
        if not w.show_me():
            w.next_step()
    labels = {a["kind"]: a["label"] for a in w.snapshot["actions"]}
    assert labels["forward"] == "Next lesson: Daily deal"
    w.forward()
    assert w.mode == "play"
    for _ in range(600):
        if w.game.is_over():
            break
        if w.legal:
            w.play(w.legal[0])
        else:
            w.step()
    WRITER.wait()
    record = json.loads((tmp_path / "records" / "ada.json").read_text("utf-8"))
    (table,) = record["tables"]
    assert table["homework"] == "Week 3"
    items = table["items"]
    assert sorted(items) == sorted(i.key for i in homework.items)
    assert items["lesson:worked-turn"]["finished"]
    for number in range(1, 5):
        puzzle = items[f"puzzle:{number}"]
        assert puzzle["solved"] is False  # solved by Show me: missed
        assert puzzle["theme"] == homework.puzzles[number - 1].theme
    assert items["daily:2026-12-01"]["finished"]


@pytest.mark.parametrize(
    ("data", "error"),
    [
        ({"format": "other"}, "not a kingscorner-homework"),
        ({"format": "kingscorner-homework", "version": 9}, "homework version 9"),
        ({"format": "kingscorner-homework", "version": 1, "title": ""}, "needs a title"),
        (
            {"format": "kingscorner-homework", "version": 1, "title": "x", "lessons": ["nope"]},
            "nope",
        ),
    ],
)
def test_a_bad_homework_file_is_refused(data: object, error: str) -> None:
    with pytest.raises((ValueError, KeyError), match=error):
        Homework.from_dict(data)


def test_a_homework_needs_something_to_do() -> None:
    with pytest.raises(ValueError, match="needs a lesson"):
        Homework("Empty")
    with pytest.raises(ValueError, match="0 to 40 puzzles"):
        Homework("Many", puzzles=41)
