"""Whose record a file is comes from where it was handed in; impersonation is flagged."""

from __future__ import annotations

import json
import pathlib
import shutil
from typing import Any

from kingscorner_widget import ClassBoard
from kingscorner_widget.classroom.sample import sample_class

CYRILLIC_ADA = "\u0430da"
WIDE_ADA = "\uff41\uff44\uff41"


def record(folder: pathlib.Path, name: str, finished: bool) -> dict[str, Any]:
    """A record of ``name`` with its first item finished (three stars) or not started."""
    sample_class(folder / "made", learners=1, items=2)
    made = next((folder / "made").glob("*.json"))
    data: dict[str, Any] = json.loads(made.read_text("utf-8"))
    shutil.rmtree(folder / "made")
    data["learner"] = name
    data["tables"][0]["id"] = f"{name}-{finished}"
    items = data["tables"][0]["items"]
    items.clear()
    if finished:
        items["lesson:1"] = {"kind": "lesson", "title": "L", "finished": True, "stars": 3}
    return data


def hand_in(path: pathlib.Path, data: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), "utf-8")


def test_eves_file_naming_alice_stays_eves_and_is_flagged(tmp_path: pathlib.Path) -> None:
    hand_in(tmp_path / "submitted/alice/week3/alice.json", record(tmp_path, "alice", False))
    hand_in(tmp_path / "submitted/eve/week3/alice.json", record(tmp_path, "alice", True))
    board = ClassBoard(tmp_path / "submitted")
    assert board.learners == ["alice", "eve"]
    assert not board.finished("alice", "lesson:1")  # alice's row is alice's own file
    assert board.finished("eve", "lesson:1")
    assert board.flags("eve") == ["eve/week3/alice.json says it is the record of alice"]
    assert board.flags("alice") == []
    assert "Records to check" in board.text()


def test_a_flat_file_naming_someone_else_is_not_merged_into_their_row(
    tmp_path: pathlib.Path,
) -> None:
    hand_in(tmp_path / "ada.json", record(tmp_path, "ada", False))
    hand_in(tmp_path / "zz-from-bo.json", record(tmp_path, "ada", True))
    board = ClassBoard(tmp_path)
    assert board.learners == ["ada", "zz-from-bo"]
    assert not board.finished("ada", "lesson:1")
    assert board.flags("zz-from-bo") == ["zz-from-bo.json says it is the record of ada"]


def test_names_are_compared_after_normalising_and_look_alikes_are_flagged(
    tmp_path: pathlib.Path,
) -> None:
    hand_in(tmp_path / "ada.json", record(tmp_path, "ada", False))
    hand_in(tmp_path / "more" / f"{WIDE_ADA}.json", record(tmp_path, WIDE_ADA, True))
    hand_in(tmp_path / f"{CYRILLIC_ADA}.json", record(tmp_path, CYRILLIC_ADA, True))
    board = ClassBoard(tmp_path)
    assert board.learners == ["ada", CYRILLIC_ADA]  # full-width ada is ada, Cyrillic is not
    assert board.finished("ADA", "lesson:1")
    assert board.flags("ada") == [f"more/{WIDE_ADA}.json spells the name {WIDE_ADA}"]
    why = "the name mixes Cyrillic and Latin letters; looks like ada"
    assert board.flags(CYRILLIC_ADA) == [why]
