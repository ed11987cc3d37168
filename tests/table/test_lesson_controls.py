"""What a learner sees at the end of each built-in lesson, and the teacher's controls: checked
through the messages the browser sends."""

from __future__ import annotations

from typing import Any

import pytest

from kingscorner_widget import KingsCornerWidget
from kingscorner_widget.lessons import lesson_names, load_lesson
from kingscorner_widget.table import LessonSession
from tests.widget.helpers import state

NAMES = lesson_names()
MOVING_ON = {"next", "forward", "skip"}


def send(w: KingsCornerWidget, kind: str, **fields: Any) -> bool:
    """One browser message; a refused one must change nothing."""
    before = state(w)
    accepted = w.handle_message({"kind": kind, "version": w.snapshot["version"], **fields})
    if not accepted:
        assert state(w) == before, f"a refused {kind} changed the table"
    return accepted


def to_the_end(name: str, teacher: bool = False) -> KingsCornerWidget:
    """A table with lesson ``name`` played to its end the way a learner would: Show me on each
    step, then Next."""
    w = KingsCornerWidget(lesson=name, speed=0, teacher=teacher)
    for _ in range(200):
        lesson = w.snapshot["lesson"]
        if lesson["done"]:
            return w
        if not lesson["stepDone"]:
            assert send(w, "show"), w.status
        else:
            assert send(w, "next"), w.status
    raise AssertionError(f"{name} did not end")


def controls(w: KingsCornerWidget) -> dict[str, dict[str, Any]]:
    return {c["kind"]: dict(c) for c in w.snapshot["actions"]}


@pytest.mark.parametrize("name", NAMES)
def test_the_end_of_a_lesson_has_one_way_on_and_no_control_that_only_refuses(name: str) -> None:
    w = to_the_end(name)
    following = NAMES.index(name) < len(NAMES) - 1
    shown = controls(w)
    enabled = {kind for kind, c in shown.items() if c["enabled"]}
    primary = [kind for kind, c in shown.items() if c["primary"]]
    assert primary == (["forward"] if following else ["new"])
    assert len(enabled & MOVING_ON) == (1 if following else 0)
    assert "next" not in shown  # no second Next that only says "the last step"
    for kind in ("draw", "hint"):  # nothing is left to play or to hint at
        assert not shown[kind]["enabled"], kind
        assert shown[kind]["why"], kind
    for kind in sorted(enabled):  # each, on a table of its own at the end of the lesson
        twin = to_the_end(name)
        assert send(twin, kind), f"{kind} at the end of {name}: {twin.status}"
        assert twin.snapshot["refusal"] is None


@pytest.mark.parametrize("name", NAMES)
def test_a_learner_never_sees_a_teachers_control_and_a_teacher_does(name: str) -> None:
    learner = KingsCornerWidget(lesson=name, speed=0)
    teacher = KingsCornerWidget(lesson=name, speed=0, teacher=True)
    assert not any(c["teacher"] for c in learner.snapshot["actions"])
    kinds = {c["kind"] for c in teacher.snapshot["actions"] if c["teacher"]}
    assert "reveal" in kinds
    steps = load_lesson(name).steps
    if steps[0].interactive and len(steps) > 1:
        assert "skip" in kinds
        assert not send(learner, "skip")  # the page cannot switch it on
        assert learner.status == (
            "That is a teacher's control, and this table was not opened for one."
        )
        assert learner.snapshot["lesson"]["progress"][0] == 1
        assert send(teacher, "skip")
        assert teacher.snapshot["lesson"]["progress"][0] == 2
    assert not send(learner, "reveal")  # refused, and nothing changed (send checks)


def test_undo_takes_back_the_learners_move_with_the_lessons_reply() -> None:
    found = 0
    for name in NAMES:
        for index, step in enumerate(load_lesson(name).steps):
            if not step.interactive:
                continue
            s = LessonSession(name)
            s.run.go_to(index)
            s.restart()
            while not s.run.step_done:
                assert not s.show().refused
            learner = s.learner
            played = list(s.run.played)
            replay = step.new_game(s.run.lesson.rules)
            movers = []
            for move in played:
                movers.append(replay.turn)
                replay.play(move)
            if movers[-1] == learner:
                continue
            found += 1
            last = max(i for i, who in enumerate(movers) if who == learner)
            reply = s.act("undo")
            assert not reply.refused
            assert reply.status.startswith("Took back")
            assert str(played[last]) in reply.status
            assert s.run.played == played[:last]  # the move and the lesson's reply are gone
            assert s.game.turn == learner
    assert found, "no built-in step has the lesson reply to the learner"
