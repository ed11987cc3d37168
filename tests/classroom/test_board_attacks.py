"""No single file stops, slows or hijacks the teacher's board (each test is an attack)."""

from __future__ import annotations

import io
import json
import os
import pathlib
import shutil
import threading
from typing import Any

import pytest

from kingscorner_widget import ClassBoard, Homework
from kingscorner_widget.classroom import reading
from kingscorner_widget.classroom.sample import sample_class
from kingscorner_widget.classroom.typed import MAX_ITEMS
from kingscorner_widget.cli import main

ESCAPES = "\x1b[2J\x1b]0;pwned\x07\r\u202e"


def one(folder: pathlib.Path, name: str = "ada") -> dict[str, Any]:
    """A real record (written by the sample class's writer) of ``name``."""
    sample_class(folder / "made", learners=1, items=4)
    made = next((folder / "made").glob("*.json"))
    data: dict[str, Any] = json.loads(made.read_text("utf-8"))
    shutil.rmtree(folder / "made")
    data["learner"] = name
    return data


def put(folder: pathlib.Path, name: str, data: object) -> pathlib.Path:
    path = folder / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), "utf-8")
    return path


def items_of(record: dict[str, Any]) -> dict[str, Any]:
    items: dict[str, Any] = record["tables"][0]["items"]
    return items


def board_with(tmp_path: pathlib.Path, attack: dict[str, Any]) -> ClassBoard:
    """A class of ada (honest) and bo (the attack): the board reads and shows everything."""
    put(tmp_path, "ada.json", one(tmp_path, "ada"))
    put(tmp_path, "bo.json", attack)
    board = ClassBoard(tmp_path)
    board.text()
    board.to_html()
    board.leaderboard()
    board.themes()
    assert "ada" in board.learners
    return board


def test_two_items_with_one_title_or_a_column_name_do_not_stop_the_board(
    tmp_path: pathlib.Path,
) -> None:
    record = one(tmp_path, "bo")
    items = {f"{key}-bo": item for key, item in items_of(record).items()}  # bo's own items
    record["tables"][0]["items"] = items
    for item, title in zip(items.values(), ("same", "same", "learner", "hints"), strict=False):
        item["title"] = title
    board = board_with(tmp_path, record)
    assert len(board.progress().columns) == len(board.items) + 3


@pytest.mark.parametrize("order", ["first", float("nan"), [1], -3, 10**20])
def test_an_order_that_is_no_number_does_not_stop_the_board(
    tmp_path: pathlib.Path, order: object
) -> None:
    record = one(tmp_path, "bo")
    for item in items_of(record).values():
        item["order"] = order
    text = json.dumps(record)  # NaN is written as NaN, as Python's json allows
    board = board_with(tmp_path, json.loads(text))
    assert any("order" in b.reason for b in board.bad)


@pytest.mark.parametrize(
    "result", ["won", {"won": True, "cardsLeft": "zero", "moves": 3}, {"won": "yes"}]
)
def test_a_daily_result_that_is_no_result_does_not_stop_the_board(
    tmp_path: pathlib.Path, result: object
) -> None:
    record = one(tmp_path, "bo")
    items_of(record)["daily:2026-01-01"] = {
        "kind": "daily",
        "title": "Daily deal 2026-01-01",
        "finished": True,
        "stars": 3,
        "result": result,
    }
    board = board_with(tmp_path, record)
    assert any("result" in b.reason for b in board.bad)
    assert "bo" not in board.leaderboard("2026-01-01").column("learner")


def test_a_theme_that_is_a_list_does_not_stop_the_board(tmp_path: pathlib.Path) -> None:
    record = one(tmp_path, "bo")
    for item in items_of(record).values():
        item["theme"] = ["fill-the-corner"]
        item["kind"] = "puzzle"
    board = board_with(tmp_path, record)
    assert any("theme" in b.reason for b in board.bad)


def test_deep_nesting_and_huge_numbers_are_named_and_skipped(tmp_path: pathlib.Path) -> None:
    put(tmp_path, "ada.json", one(tmp_path, "ada"))
    put(tmp_path, "deep.json", '{"format": "kingscorner-progress", "x": ' + "[" * 200_000)
    put(tmp_path, "digits.json", '{"format": "kingscorner-progress", "x": ' + "9" * 5000 + "}")
    record = one(tmp_path, "cy")
    record["tables"][0]["extra"] = json.loads("[" * 40 + "]" * 40)  # read by nothing
    record["tables"][0]["hands"] = [
        {"won": True, "cardsLeft": 0, "record": json.loads('{"a":' * 40 + "1" + "}" * 40)}
    ]
    put(tmp_path, "cy.json", record)
    board = ClassBoard(tmp_path)
    reasons = {b.name: b.reason for b in board.bad}
    assert "nested" in reasons["deep.json"]
    assert "number" in reasons["digits.json"]
    assert reasons["cy.json"] == "table 1 hand 1 skipped: its game is nested deeper than 32"
    assert board.learners == ["ada", "cy"]


def test_a_fifo_is_skipped_without_being_opened(tmp_path: pathlib.Path) -> None:
    put(tmp_path, "ada.json", one(tmp_path, "ada"))
    os.mkfifo(tmp_path / "x.json")
    found: list[ClassBoard] = []
    reader = threading.Thread(target=lambda: found.append(ClassBoard(tmp_path)), daemon=True)
    reader.start()
    reader.join(timeout=60)  # a limit, not a wait: the board needs well under a second
    assert found, "the board hung on a FIFO"
    assert found[0].learners == ["ada"]
    assert [(b.name, b.reason) for b in found[0].bad] == [
        ("x.json", "not a file: a FIFO (named pipe), not opened")
    ]


def test_a_flood_of_files_in_one_folder_hides_nobody_else(tmp_path: pathlib.Path) -> None:
    for student in ("ada", "bo"):
        folder = tmp_path / "submitted" / student / "week3"
        folder.mkdir(parents=True)
        put(folder, f"{student}.json", one(tmp_path, student))
    flood = tmp_path / "submitted" / "aaa" / "week3"
    flood.mkdir(parents=True)
    for number in range(reading.MAX_FILES + 1):
        (flood / f"{number:05}.json").write_bytes(b"{}")
    board = ClassBoard(tmp_path)
    assert board.learners == ["ada", "bo"]
    assert any("aaa" in b.name and "skipped" in b.reason for b in board.bad)


def test_a_record_of_twenty_thousand_items_is_capped(tmp_path: pathlib.Path) -> None:
    record = one(tmp_path, "bo")
    record["tables"][0]["items"] = {
        f"puzzle:{n}": {"kind": "puzzle", "title": f"P{n}", "finished": True, "stars": 3}
        for n in range(20_000)
    }
    assert len(json.dumps(record)) < 2_000_000
    board = board_with(tmp_path, record)
    assert len(board.items) <= MAX_ITEMS
    assert any("items" in b.reason and "bo.json" in b.name for b in board.bad)


def test_a_huge_title_prints_a_line_not_megabytes(tmp_path: pathlib.Path) -> None:
    record = one(tmp_path, "bo")
    items = {f"{key}-bo": item for key, item in items_of(record).items()}  # bo's own items
    record["tables"][0]["items"] = items
    for item in items.values():
        item["title"] = "W" * (1_800_000 // len(items))
    board = board_with(tmp_path, record)
    assert len(board.text()) < 50_000
    assert len(board.to_html()) < 200_000


def test_escape_codes_from_a_record_reach_the_terminal_inert(tmp_path: pathlib.Path) -> None:
    record = one(tmp_path, "bo")
    for item in items_of(record).values():
        item["title"] = f"evil{ESCAPES}"
        for step in item.get("steps", []):
            step["refused"] = [{"move": ESCAPES, "code": ESCAPES}]
    put(tmp_path, "bo.json", record)
    put(tmp_path, f"bad{ESCAPES}.json", "{")
    out = io.StringIO()
    assert main(["class", str(tmp_path)], out) == 0
    printed = (
        out.getvalue() + ClassBoard(tmp_path).attempt("bo", next(iter(items_of(record)))).text()
    )
    for char in "\x1b\x07\r\u202e":
        assert char not in printed
    assert "evil\\x1b[2J" in printed


def test_html_never_follows_a_planted_link(tmp_path: pathlib.Path) -> None:
    put(tmp_path, "ada.json", one(tmp_path, "ada"))
    secret = tmp_path.parent / f"{tmp_path.name}-authorized_keys"
    secret.write_text("ssh-ed25519 teacher\n", "utf-8")
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    (out_dir / "board.html").symlink_to(secret)
    main(["class", str(tmp_path), "--html", str(out_dir / "board.html")], io.StringIO())
    assert secret.read_text("utf-8") == "ssh-ed25519 teacher\n"
    board = ClassBoard(tmp_path)
    (out_dir / "again.html").symlink_to(secret)
    board.save_html(out_dir / "again.html")
    assert secret.read_text("utf-8") == "ssh-ed25519 teacher\n"
    assert not (out_dir / "again.html").is_symlink()


def test_homework_save_never_follows_a_planted_link(tmp_path: pathlib.Path) -> None:
    secret = tmp_path / "authorized_keys"
    secret.write_text("ssh-ed25519 teacher\n", "utf-8")
    (tmp_path / "week3.json").symlink_to(secret)
    Homework("Week 3", lessons=["worked-turn"]).save(tmp_path / "week3.json")
    assert secret.read_text("utf-8") == "ssh-ed25519 teacher\n"
    assert Homework.load(tmp_path / "week3.json").title == "Week 3"
