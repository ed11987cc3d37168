"""The board a teacher reads: help first, mistakes by rule, stuck told from in progress."""

from __future__ import annotations

import csv
import io
import json
import pathlib
from typing import Any

from kingscorner_widget import ClassBoard
from kingscorner_widget.classroom import board as board_module
from kingscorner_widget.classroom.mistakes import DOING
from kingscorner_widget.classroom.sample import sample_class
from kingscorner_widget.cli import main
from kingscorner_widget.engine.reasons import CODES


def step(done: bool, refused: int = 0, hints: int = 0) -> dict[str, Any]:
    return {
        "position": "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1",
        "attempts": refused + 1,
        "moves": 1,
        "refused": [{"move": "Th>E", "code": "colour"}] * refused,
        "tried": ["Th>N"] if done else [],
        "hints": hints,
        "done": done,
    }


def record(name: str, steps: list[dict[str, Any]], **table: Any) -> dict[str, Any]:
    item = {"kind": "lesson", "title": "Moves", "finished": False, "stars": 0, "steps": steps}
    return {
        "format": "kingscorner-progress",
        "version": 1,
        "learner": name,
        "tables": [{"id": name, "items": {"lesson:moves": item}, **table}],
    }


def write(folder: pathlib.Path, data: dict[str, Any]) -> None:
    (folder / f"{data['learner']}.json").write_text(json.dumps(data), "utf-8")


def test_a_learner_who_has_not_gone_on_is_in_progress_not_stuck(tmp_path: pathlib.Path) -> None:
    write(tmp_path, record("ada", [step(True), step(False)]))
    write(tmp_path, record("bo", [step(True), step(False, refused=3)]))
    write(tmp_path, record("cy", [step(True), step(False, hints=2)]))
    board = ClassBoard(tmp_path)
    cells = {r["learner"]: r["Moves"] for r in board.progress().records()}
    assert cells == {
        "ada": "in progress at step 2 of 2",
        "bo": "stuck at step 2 of 2",
        "cy": "stuck at step 2 of 2",
    }
    help_first = board.help_first()
    assert help_first.column("learner")[-1] == "ada"
    assert help_first.column("in progress") == [0, 0, 1]
    assert "per step tried" in next(
        c.description for c in help_first.columns if c.name == "refused per step"
    )


def test_the_class_mistakes_are_counted_by_rule_in_words(tmp_path: pathlib.Path) -> None:
    write(tmp_path, record("ada", [step(False, refused=1)]))
    write(tmp_path, record("bo", [step(False, refused=2)]))
    table = ClassBoard(tmp_path).mistakes()
    assert table.records() == [
        {"mistake": "2 learners put a card of the same colour on a pile", "learners": 2, "times": 3}
    ]
    assert set(CODES) | {"not_the_step", "refused"} <= set(DOING)  # every rule has its words


def test_help_first_heads_the_page_and_the_page_is_dated(tmp_path: pathlib.Path) -> None:
    sample_class(tmp_path, learners=30, items=20)
    page = ClassBoard(tmp_path).to_html()
    assert page.index("Who needs help first") < page.index("mistakes by rule")
    assert page.index("mistakes by rule") < page.index("The class by item")
    assert "<html lang='en'>" in page
    assert "data-made>Made on 20" in page


def test_hands_and_review_accuracy_are_shown_with_the_judge(tmp_path: pathlib.Path) -> None:
    hands = [{"won": True, "cardsLeft": 0}, {"won": False, "cardsLeft": 4}]
    reviews = [{"accuracy": 0.667, "turns": 9, "judge": "cards"}]
    write(tmp_path, record("ada", [step(True)], hands=hands, reviews=reviews))
    (row,) = ClassBoard(tmp_path).hands().records()
    assert row == {
        "learner": "ada",
        "hands played": 2,
        "hands won": 1,
        "reviews": 1,
        "last review's accuracy": 0.667,
        "judged by": "cards shed",
    }
    assert "67%" in ClassBoard(tmp_path).hands().text()


def test_the_gradebook_csv_is_numbers(tmp_path: pathlib.Path) -> None:
    sample_class(tmp_path / "class", learners=8, items=6)
    board = ClassBoard(tmp_path / "class")
    rows = list(csv.reader(io.StringIO(board.to_csv())))
    assert rows[0] == ["learner", *(key for key, _ in board.items)]
    assert len(rows) == 1 + len(board.learners)
    for row in rows[1:]:
        assert all(cell in ("", "0", "1", "2", "3") for cell in row[1:]), row
    for learner, *cells in rows[1:]:
        for (key, _), cell in zip(board.items, cells, strict=True):
            if key.startswith("lesson:") and board.finished(learner, key):
                assert int(cell) == board.stars(learner, key)
    out = io.StringIO()
    target = tmp_path / "grades.csv"
    assert main(["class", str(tmp_path / "class"), "--csv", str(target)], out) == 0
    assert target.read_text("utf-8") == board.to_csv()


def test_an_empty_chart_says_why(tmp_path: pathlib.Path) -> None:
    write(tmp_path, record("ada", [step(True)]))
    board = ClassBoard(tmp_path)
    assert board_module.NO_PUZZLE in board.theme_table().notes
    page = board.to_html()
    chart = page[page.index("<figure id='themes-chart'") :]
    assert board_module.NO_PUZZLE in chart
    assert "<rect" not in chart
