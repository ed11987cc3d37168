"""The teacher's board: every record under a folder, bad ones named and skipped, all escaped."""

from __future__ import annotations

import io
import json
import os
import pathlib
from typing import Any

import pytest

from kingscorner_widget import ClassBoard, KingsCornerWidget
from kingscorner_widget.classroom import board as board_module
from kingscorner_widget.classroom import reading
from kingscorner_widget.classroom.record import MAX_BYTES
from kingscorner_widget.classroom.sample import sample_class
from kingscorner_widget.classroom.store import WRITER
from kingscorner_widget.cli import main
from kingscorner_widget.table import ReviewSession

EVIL = "<img src=x onerror=alert(1)>"


def lesson_done(folder: pathlib.Path, learner: str, lesson: str = "worked-turn") -> None:
    w = KingsCornerWidget(lesson=lesson, learner=learner, progress_dir=folder)
    run = w.lesson
    assert run is not None
    if lesson == "worked-turn":
        w.play("Th>N")
    while not run.done:
        if not w.show_me():
            w.next_step()
    WRITER.wait()


def good(folder: pathlib.Path) -> dict[str, Any]:
    lesson_done(folder, "ada")
    data: dict[str, Any] = json.loads((folder / "ada.json").read_text("utf-8"))
    return data


BAD: dict[str, Any] = {
    "corrupt.json": ('{"format": "kingscorner-progress", "version": 1,, }', "corrupted"),
    "truncated.json": (None, "truncated"),
    "empty.json": ("", "truncated"),
    "version.json": (None, "wrong version"),
    "shape.json": (None, "table 1 item 'lesson:worked-turn' skipped: its stars"),
    "name.json": (None, "not a record"),
    "binary.json": (b"\xff\xfe\x00garbage", "corrupted"),
}


def write_bad(folder: pathlib.Path, record: dict[str, Any]) -> None:
    text = json.dumps(record)
    for name, (content, _) in BAD.items():
        if name == "truncated.json":
            content = text[: len(text) // 2]
        elif name == "version.json":
            content = json.dumps({**record, "learner": "vee", "version": 7})
        elif name == "shape.json":
            broken = json.loads(text)
            broken["learner"] = "sam"
            broken["tables"][0]["items"]["lesson:worked-turn"]["stars"] = "lots"
            content = json.dumps(broken)
        elif name == "name.json":
            content = json.dumps({**record, "learner": "../../etc"})
        path = folder / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, "utf-8")


def test_every_bad_record_is_named_with_its_reason_and_the_rest_still_show(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = good(tmp_path)
    lesson_done(tmp_path, "bo")
    write_bad(tmp_path, record)
    (tmp_path / "big.json").write_text(" " * (MAX_BYTES + 1), "utf-8")
    (tmp_path / "locked.json").write_text(json.dumps({**record, "learner": "lu"}), "utf-8")
    real = os.open

    def locked(path: Any, *args: Any, **kwargs: Any) -> int:
        if str(path).endswith("locked.json"):
            raise PermissionError(13, "Permission denied")
        return real(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", locked)
    board = ClassBoard(tmp_path)
    monkeypatch.undo()
    assert board.learners == ["ada", "bo", "shape"]  # its bad item is left out, not the rest
    reasons = {bad.name: bad.reason for bad in board.bad}
    for name, (_, why) in BAD.items():
        assert reasons[name].startswith(why), (name, reasons[name])
    assert reasons["big.json"].startswith("oversized")
    assert reasons["locked.json"] == "unreadable: Permission denied"
    html = board._repr_html_()
    for name in [*BAD, "big.json", "locked.json"]:
        assert name in html
    assert board.finished("ada", "lesson:worked-turn")
    assert board.stars("bo", "lesson:worked-turn") >= 1


def test_other_json_in_the_folder_is_passed_over(tmp_path: pathlib.Path) -> None:
    good(tmp_path)
    (tmp_path / "package.json").write_text('{"name": "x"}', "utf-8")
    (tmp_path / "list.json").write_text("[1, 2]", "utf-8")
    from kingscorner_widget import Homework

    Homework("Week 1", lessons=["worked-turn"]).save(tmp_path / "week1.json")
    board = ClassBoard(tmp_path)
    assert board.learners == ["ada"]
    assert [b.name for b in board.bad] == ["list.json"]  # a list is no record


def test_names_and_text_from_records_are_escaped_everywhere(tmp_path: pathlib.Path) -> None:
    record = good(tmp_path)
    (tmp_path / "ada.json").unlink()
    record["tables"][0]["items"]["lesson:worked-turn"]["title"] = EVIL
    record["tables"][0]["items"]["lesson:worked-turn"]["steps"][0]["refused"] = [
        {"move": EVIL, "code": EVIL}
    ]
    student = tmp_path / "submitted" / EVIL / "week3"
    student.mkdir(parents=True)
    (student / "ada.json").write_text(json.dumps(record), "utf-8")
    (student / f"{EVIL}.json").write_text("{", "utf-8")
    board = ClassBoard(tmp_path)
    assert board.learners == [EVIL]  # nbgrader's student folder names the learner
    pages = [
        board._repr_html_(),
        board.to_html(),
        board.attempt(EVIL, "lesson:worked-turn").to_html(),
    ]
    for page in pages:
        assert "<img" not in page
    assert "&lt;img src=x onerror=alert(1)&gt;" in pages[0]
    assert board_module.SELF_REPORTED in board.text()
    assert "self-reported" in pages[0]


def test_the_nbgrader_layout_and_kingscorner_progress_folders_are_read(
    tmp_path: pathlib.Path,
) -> None:
    for student in ("ada", "bo"):
        folder = tmp_path / "submitted" / student / "week3" / "kingscorner-progress"
        lesson_done(folder, student)
    board = ClassBoard(tmp_path)
    assert board.learners == ["ada", "bo"]
    assert all(board.finished(name, "lesson:worked-turn") for name in board.learners)


def test_a_learners_two_files_merge_on_the_board(tmp_path: pathlib.Path) -> None:
    lesson_done(tmp_path / "monday", "ada")
    lesson_done(tmp_path / "tuesday", "ada", "pile-transfer")
    board = ClassBoard(tmp_path)
    assert board.learners == ["ada"]
    assert board.finished("ada", "lesson:worked-turn")
    assert board.finished("ada", "lesson:pile-transfer")


def test_nothing_in_a_record_is_run(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = good(tmp_path)
    record["__reduce__"] = "os.system"
    record["tables"][0]["items"]["lesson:worked-turn"]["title"] = "__import__('os').system('x')"
    (tmp_path / "ada.json").write_text(json.dumps(record), "utf-8")
    imported: list[str] = []
    import builtins

    real = builtins.__import__

    def watch(name: str, *args: Any, **kwargs: Any) -> Any:
        imported.append(name)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", watch)
    board = ClassBoard(tmp_path)
    board._repr_html_()
    monkeypatch.undo()
    assert "__import__" in board._repr_html_()
    assert "os" not in imported


def test_who_needs_help_first_follows_its_rule(tmp_path: pathlib.Path) -> None:
    sample_class(tmp_path, learners=12, items=6)
    board = ClassBoard(tmp_path)
    table = board.help_first()
    keys = [(-s, -r, -h, f) for s, r, h, f in zip(*(table.column(c) for c in (
        "stuck", "refused per step", "hints and show me", "finished")), strict=True)]  # fmt: skip
    assert keys == sorted(keys)
    assert board_module.HELP_RULE in table.notes


def test_accuracy_by_theme_is_a_vega_lite_chart_of_the_puzzles(tmp_path: pathlib.Path) -> None:
    sample_class(tmp_path, learners=10, items=8)
    board = ClassBoard(tmp_path)
    chart = board.themes()
    spec = chart.to_dict()
    assert spec["$schema"].startswith("https://vega.github.io/schema/vega-lite/v5")
    rows = {r["theme"]: r for r in spec["data"]["values"]}
    solved = sum(
        bool(item.get("solved"))
        for learner in board.learners
        for key, _ in board.items
        if (item := board.item(learner, key)) and item.get("kind") == "puzzle"
    )
    assert sum(r["solved"] for r in rows.values()) == solved
    assert "application/vnd.vegalite.v5+json" in chart._repr_mimebundle_()


def test_the_leaderboard_ranks_the_daily_deal(tmp_path: pathlib.Path) -> None:
    sample_class(tmp_path, learners=15, items=2)
    table = ClassBoard(tmp_path).leaderboard()
    results = list(zip(table.column("result"), table.column("cards left"), strict=True))
    assert results == sorted(results, key=lambda r: (r[0] != "won", r[1]))
    assert table.column("place") == list(range(1, len(results) + 1))


def test_an_attempt_replays_on_a_review_table(tmp_path: pathlib.Path) -> None:
    from kingscorner_widget import Homework

    homework = Homework("Week 3", puzzles=1, seed=2)
    w = KingsCornerWidget(homework=homework, learner="ada", progress_dir=tmp_path)
    w.hint()
    w.show_me()
    while w.lesson is not None and not w.lesson.done:
        w.show_me()
    WRITER.wait()
    board = ClassBoard(tmp_path, homework=homework)
    assert board.item("ada", "puzzle:1") is not None
    replay = board.replay("ada", "puzzle:1")
    best = [str(m) for m in homework.puzzles[0].puzzle.best]
    assert list(replay.moves[: len(best)]) == best
    review = ReviewSession(replay.game, viewer=replay.player)
    assert review.review.turns
    assert "missed" in board.attempt("ada", "puzzle:1").title  # Show me was used


def test_the_command_line_prints_and_writes_the_board(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sample_class(tmp_path / "class", learners=4, items=3)
    (tmp_path / "class" / "broken.json").write_text("{", "utf-8")
    out = io.StringIO()
    assert main(["class", str(tmp_path / "class"), "--html", str(tmp_path / "b.html")], out) == 0
    text = out.getvalue()
    assert "Class board: 4 learners, 1 bad record" in text
    assert "broken.json" in text
    page = (tmp_path / "b.html").read_text("utf-8")
    assert "Who needs help first" in page
    # The page carries its chart as inline SVG, one bar per theme tried: nothing from the web.
    assert "<script" not in page
    assert "https://" not in page
    chart = page[page.index("<figure id='themes-chart'") :]
    tried = [row for row in ClassBoard(tmp_path / "class").theme_table().records() if row["tried"]]
    assert chart.count("<rect") == len(tried)
    for row in tried:
        assert f">{row['accuracy']:.0%}</text>" in chart
    assert main(["class", str(tmp_path / "missing")], io.StringIO()) == 1  # cannot be read
    assert "is not a folder of records" in capsys.readouterr().err


def test_a_folder_is_required(tmp_path: pathlib.Path) -> None:
    with pytest.raises(NotADirectoryError):
        reading.read_folder(tmp_path / "nothing")
