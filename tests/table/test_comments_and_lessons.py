"""Comments from the page and from Python, and lessons written by playing on the explore table."""

from __future__ import annotations

from typing import Any

import pytest

from kingscorner_widget import Game
from kingscorner_widget.lessons import Lesson, LessonRun
from kingscorner_widget.table.tree import MAX_COMMENT, TreeError
from kingscorner_widget.widget.adapter import KingsCornerWidget

OPENING = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"


def explore(line: str = OPENING) -> KingsCornerWidget:
    return KingsCornerWidget(Game.from_position(line), mode="explore")


def send(w: KingsCornerWidget, kind: str, **fields: Any) -> bool:
    return w.handle_message({"kind": kind, "version": w.snapshot["version"], **fields})


def unchanged(w: KingsCornerWidget) -> tuple[object, ...]:
    return (w.snapshot, w.session.history.line_comments(), w.game.state_key())  # type: ignore[attr-defined]


def test_a_comment_from_the_page_lands_on_the_position_and_shows_in_the_tree_and_log() -> None:
    w = explore()
    w.play("Th>N")
    assert send(w, "comment", text="  Red ten on the black jack.  ")
    assert w.status.startswith("Comment on move 1 (Th>N): Red ten on the black jack.")
    assert w.snapshot["tree"]["comment"] == "Red ten on the black jack."
    assert w.snapshot["tree"]["moves"][0]["comment"] == "Red ten on the black jack."
    assert w.snapshot["log"][-1]["comment"] == "Red ten on the black jack."
    assert send(w, "comment", text="")
    assert "comment" not in w.snapshot["tree"]["moves"][0]


@pytest.mark.parametrize(
    ("fields", "status"),
    [
        ({"text": "x" * (MAX_COMMENT + 1)}, "A comment may be at most 500 characters, not 501."),
        ({"text": "<b>bold</b>"}, "A comment is plain text: it may not hold HTML tags."),
        ({"text": "<!-- hidden -->"}, "A comment is plain text: it may not hold HTML tags."),
        ({"text": "ring\x07"}, "A comment is plain text: it may not hold control characters."),
        ({"text": 7}, "A comment must be text."),
        ({"text": None}, "A comment must be text."),
        ({}, "A comment must be text."),
        ({"text": "x" * 5000}, "That comment is far too long: keep it to a few sentences."),
    ],
)
def test_the_page_is_refused_anything_but_short_plain_text(
    fields: dict[str, Any], status: str
) -> None:
    w = explore()
    w.play("Th>N")
    w.comment("Kept.")
    before = unchanged(w)
    assert not send(w, "comment", **fields)
    assert w.status == status
    assert unchanged(w) == before


def test_jumps_from_the_page_and_their_refusals() -> None:
    w = explore()
    w.play("Th>N")
    w.back()
    w.play("Ks>NE")
    first = w.lines[0]
    assert send(w, "jump", node=first.end)
    assert [str(m) for m in w.game.moves] == ["Th>N"]
    assert w.status.startswith("Move 1 of 1: P1 plays the ten of hearts on the north pile.")
    before = unchanged(w)
    for bad in (999, -1, True, "1", None):
        assert not send(w, "jump", node=bad)
        assert unchanged(w) == before
    assert w.status == "A jump message needs the number of a position in the list of lines."
    assert not send(w, "jump", node=999)
    assert w.status == "There is no position 999 in the tree of lines."


def test_python_comments_jumps_and_their_errors() -> None:
    w = explore()
    w.play("Th>N")
    w.comment("Red on black.")
    w.jump([])
    assert w.game.moves == []
    w.jump("Th>N")
    assert len(w.game.moves) == 1
    with pytest.raises(TreeError, match="no line was played with Ks>NE as move 1"):
        w.jump(["Ks>NE"])
    with pytest.raises(TreeError, match="HTML tags"):
        w.comment("<i>no</i>")
    assert w.lines[0].comments == {1: "Red on black."}
    w.mode = "play"
    with pytest.raises(TreeError, match="kept in explore mode, not in play"):
        w.comment("Here?")
    assert not send(w, "comment", text="Here?")
    assert w.status == "This table does not offer that: it is done on the explore table."
    assert not send(w, "jump", node=0)
    assert w.status == "This table does not offer that: it is done on the explore table."


LINE = "N:9d E:4c S:5s W:8s7h NE:- SE:- SW:- NW:- P1:Qh6c4d P2:?7 stock:37 turn:P1"
"""P1 can play 6c on 7h, move the west pile onto the nine, and fill the west space with Qh."""


def test_a_line_played_with_comments_becomes_a_lesson_that_round_trips_and_plays() -> None:
    w = explore(LINE)
    w.comment("The black six goes on the red seven.")
    w.play("6c>W")
    w.comment("Now move the whole west pile onto the nine, and fill the space.")
    w.play("W>N")
    w.play("Qh>W")
    w.back()  # the lesson takes the line to its end, wherever the table stands on it
    lesson = w.to_lesson(title="Free a space")
    assert [step.narration for step in lesson.steps] == [
        "The black six goes on the red seven.",
        "Now move the whole west pile onto the nine, and fill the space.",
    ]
    assert [step.expect for step in lesson.steps] == [(("6c>W",),), (("W>N", "Qh>W"),)]
    again = Lesson.from_json(lesson.to_json())
    assert again == lesson
    run = LessonRun(again)
    for step in again.steps:
        for move in step.expect[0]:
            assert run.try_move(move).accepted
        assert run.step_done
        run.next()
    assert run.done


def test_a_lesson_follows_the_current_line_not_the_others() -> None:
    w = explore(LINE)
    w.play("6c>W")
    w.back()
    w.play("4d>S")
    w.comment("The other line.")
    lesson = w.to_lesson(title="Other")
    assert lesson.steps[0].expect[0][0] != "6c>W"
    w.jump(w.lines[0])
    assert w.to_lesson(title="First").steps[0].expect == (("6c>W",),)


def test_a_lesson_needs_a_move_and_engine_checked_steps() -> None:
    w = explore(LINE)
    with pytest.raises(TreeError, match="a lesson needs at least one move"):
        w.to_lesson(title="Empty")
    w.play("6c>W")
    with pytest.raises(ValueError, match="a lesson needs a title"):
        w.to_lesson(title=" ")
