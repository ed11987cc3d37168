"""Lesson mode: narration beside the table, the learner's moves checked, hints, "show me"."""

from __future__ import annotations

import pytest

from kingscorner_widget import IllegalMoveError
from kingscorner_widget.engine.moves import parse_move
from kingscorner_widget.engine.words import logged
from kingscorner_widget.lessons import Lesson, lesson_names
from kingscorner_widget.widget.adapter import KingsCornerWidget

from .helpers import OPENING, TWO_PILE_MOVES, assert_no_hidden_card, refused_words, state

LESSON = Lesson.from_dict(
    {
        "title": "Two first moves",
        "steps": [
            {
                "position": OPENING,
                "narration": "Put the **ten of hearts** on the jack of clubs.",
                "expect": [["Th>N"]],
                "after": "Well done: red ten on black jack.",
                "hints": ["Look for a black jack."],
            },
            {
                "position": TWO_PILE_MOVES,
                "fresh": True,
                "narration": "Move the south pile onto the east pile.",
                "expect": [["S>E"]],
                "goal": "space",
                "after": "The south space is free again.",
            },
        ],
    }
)


def send(w: KingsCornerWidget, kind: str, **fields: object) -> bool:
    return w.handle_message({"kind": kind, "version": w.snapshot["version"], **fields})


def test_a_lesson_narrates_checks_and_moves_on() -> None:
    w = KingsCornerWidget(mode="lesson", lesson=LESSON, teacher=True)
    lesson = w.snapshot["lesson"]
    assert lesson["narration"] == "Put the **ten of hearts** on the jack of clubs."
    assert lesson["progress"] == [1, 2]
    assert w.snapshot["title"] == "Two first moves"
    assert w.game.position(player=1) == OPENING

    before = state(w)
    assert not send(w, "play", move="Th>W")  # legal, but not what the step asks
    assert "this step teaches one move" in w.status
    assert state(w) == before
    assert not send(w, "play", move="4h>NE")  # illegal: the engine's reason
    assert w.status == refused_words(w, "4h>NE", "corner_needs_king", plain=True)
    assert "(4h)" not in w.status  # a lesson names the card in words alone
    with pytest.raises(IllegalMoveError):
        w.play("Th>W")

    assert send(w, "hint")
    assert w.status == "Hint: Look for a black jack."
    table = w.game.copy()
    assert send(w, "play", move="Th>N")
    assert w.status.startswith("Well done: red ten on black jack.")
    assert w.snapshot["lesson"]["stepDone"]
    assert w.snapshot["log"][-1]["words"] == logged(table, parse_move("Th>N"), "You")

    assert send(w, "next")
    assert w.snapshot["lesson"]["progress"] == [2, 2]
    assert w.game.position(player=1) == TWO_PILE_MOVES
    assert w.snapshot["log"] == []
    assert not send(w, "next")  # Next waits for the step to be done
    assert w.status.startswith("This step is not done yet")
    assert not send(w, "skip")
    assert w.status == "This is the last step of the lesson."


def test_show_me_plays_one_move_a_click() -> None:
    w = KingsCornerWidget(mode="lesson", lesson=LESSON)
    assert [str(m) for m in w.show_me()] == ["Th>N"]
    assert w.waiting is None  # no timer: the learner clicks for each move
    assert [str(m) for m in w.game.moves] == ["Th>N"]
    assert w.status.startswith("Shown: you play the ten of hearts on the north pile. Well done")
    assert w.snapshot["lesson"]["stepDone"]
    assert not send(w, "show")  # done: nothing left to show
    assert w.status == "This step is done: press Next to go on."


def test_undo_and_back_in_a_lesson() -> None:
    w = KingsCornerWidget(mode="lesson", lesson=LESSON)
    w.play("Th>N")
    w.undo()
    assert w.game.moves == []
    assert not send(w, "undo")
    w.skip()
    assert send(w, "back")  # back in a lesson is the previous step
    assert w.snapshot["lesson"]["progress"] == [1, 2]
    assert not send(w, "back")


def test_lesson_needs_a_lesson_and_keeps_its_own_positions() -> None:
    with pytest.raises(ValueError, match="lesson mode needs a lesson"):
        KingsCornerWidget(mode="lesson")
    w = KingsCornerWidget(mode="lesson", lesson=LESSON)
    assert not send(w, "new")
    assert not send(w, "load", position=OPENING)
    with pytest.raises(ValueError, match="lesson sets out its own positions"):
        w.load(OPENING)


def test_switching_modes_explores_the_lessons_table_and_comes_back() -> None:
    w = KingsCornerWidget(mode="lesson", lesson=LESSON)
    w.play("Th>N")
    w.mode = "explore"
    assert w.game.position(player=1).startswith("N:JcTh ")
    assert w.snapshot["lesson"] is None
    w.play("Ks>NE")
    w.mode = "lesson"
    assert w.game.position(player=1) == OPENING  # the step starts afresh


@pytest.mark.parametrize("name", lesson_names())
def test_every_built_in_lesson_can_be_shown_through_the_table(name: str) -> None:
    w = KingsCornerWidget(mode="lesson", lesson=name, speed=0)
    steps = w.snapshot["lesson"]["progress"][1]
    for _ in range(steps):
        assert_no_hidden_card(w)
        if w.snapshot["lesson"]["interactive"]:
            for _ in range(40):
                if w.snapshot["lesson"]["stepDone"] or not w.show_me():
                    break
            assert w.snapshot["lesson"]["stepDone"], w.status
        assert_no_hidden_card(w)
        w.next_step()
    assert w.snapshot["lesson"]["done"] or not w.snapshot["lesson"]["interactive"]


def test_a_lesson_shows_the_hands_its_position_writes_out_and_no_other() -> None:
    lesson = Lesson.from_dict(
        {
            "title": "Counting",
            "steps": [
                {
                    "position": "N:Jc E:6h S:5s W:9d NE:- SE:- SW:- NW:- P1:Th P2:KsQh4d2c "
                    "P3:?7 stock:36 turn:P1",
                    "narration": "P2 holds a king and a queen.",
                    "expect": [["Th>N"]],
                }
            ],
        }
    )
    w = KingsCornerWidget(mode="lesson", lesson=lesson)
    hands = w.snapshot["hands"]
    assert [h["cards"] for h in hands] == [["Th"], ["Ks", "Qh", "4d", "2c"], None]
    assert_no_hidden_card(w)


def test_a_lesson_alone_opens_the_table_in_lesson_mode() -> None:
    from kingscorner_widget.lessons import load_lesson

    table = KingsCornerWidget(lesson=load_lesson("moves"))
    assert table.mode == "lesson"
    assert KingsCornerWidget(players=2, seed=1).mode == "play"
