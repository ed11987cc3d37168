"""Two messages that changed what they refuse, and a title that kept a seed (issue 34, 12)."""

from __future__ import annotations

from kingscorner_widget import Game
from kingscorner_widget.lessons import lesson_names, load_lesson
from kingscorner_widget.table import ExploreSession, LessonSession
from tests.table.test_teacher import asked, play_widget, send


def test_a_speed_message_keeps_the_confirm_question() -> None:
    w = play_widget()
    assert send(w, "draw")
    assert send(w, "new")
    question = asked(w)
    for version in (0, w.snapshot["version"]):  # any version: a viewing preference
        w.handle_message({"kind": "speed", "version": version, "value": 2.0})
        assert w.snapshot["confirm"] == question
    match = w.match
    assert send(w, "confirm")
    assert w.match is not match  # Yes answered the question: a new match


def _shown_at(name: str, index: int) -> LessonSession | None:
    s = LessonSession(name)
    s.run.go_to(index)
    s.restart()
    if s.show().refused or s.waiting is None:
        return None
    return s


def test_a_refused_play_after_show_me_keeps_the_shown_move() -> None:
    for name in lesson_names():
        for index, step in enumerate(load_lesson(name).steps):
            first = _shown_at(name, index) if step.interactive else None
            if first is None:
                continue
            for move in first.game.legal_moves():
                s = _shown_at(name, index)
                assert s is not None
                if not s.act("play", move=str(move)).refused:
                    continue  # the lesson takes this one: try another
                assert s.waiting is not None  # still showing the move
                assert not s.step().refused  # and the beat plays it
                return
    raise AssertionError("no lesson step refuses a legal move after Show me")


def test_the_explore_title_loses_the_seed_when_the_hands_are_hidden() -> None:
    s = ExploreSession(Game.new(players=2, seed=4))
    s.teacher = True
    assert not s.act("reveal").refused
    assert not s.act("new", seed=3505564037, confirmed=True).refused
    assert s.heading() == "Deal 3505564037"
    assert not s.act("reveal").refused  # hide again
    assert "3505564037" not in s.heading()
    assert "3505564037" not in str(s.snapshot(1))
