"""The stars a learner sees when a lesson ends: in the snapshot (``lesson.stars``), the same as
their record gives for that attempt, and never shown before the lesson is done."""

from __future__ import annotations

import tempfile

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kingscorner_widget.classroom import Homework, Recorder, RecordStore
from kingscorner_widget.classroom.record import lesson_stars, step_stars
from kingscorner_widget.lessons import lesson_names
from kingscorner_widget.table import LessonSession
from kingscorner_widget.table.marks import StepMark, mark_stars, mean_stars, stars_words


def play_wanted(s: LessonSession) -> None:
    """The learner plays the step's next move themselves (or goes on once it is done)."""
    if s.run.step_done:
        s.act("next")
        return
    move = str(s.run.show_me()[0])
    s.act("draw") if move in ("draw", "pass") else s.act("play", move=move)


def finish(s: LessonSession, most: int = 200) -> None:
    for _ in range(most):
        if s.run.done:
            return
        play_wanted(s)
    raise AssertionError(f"{s.run.lesson.title} did not end in {most} actions")


def lesson_view(s: LessonSession) -> dict[str, object]:
    view = s.snapshot(1)["lesson"]
    assert isinstance(view, dict)
    return view


@pytest.mark.parametrize("name", lesson_names())
def test_a_lesson_played_without_a_slip_shows_three_stars(name: str) -> None:
    s = LessonSession(name)
    assert lesson_view(s)["stars"] is None
    assert lesson_view(s)["starsSaid"] is None
    finish(s)
    view = lesson_view(s)
    assert view["stars"] == 3
    assert view["starsSaid"] == stars_words(3) == "You earned all 3 stars for this lesson."


def test_a_refused_move_and_a_hint_cost_stars_as_the_record_counts_them() -> None:
    s = LessonSession("worked-turn")
    recorder = Recorder(RecordStore("ada", tempfile.mkdtemp()))
    s.listener = recorder
    s.act("play", move="Th>E")  # the wrong pile: refused
    s.act("hint")
    finish(s)
    item = recorder.table["items"]["lesson:worked-turn"]
    assert item["finished"]
    assert lesson_view(s)["stars"] == item["stars"] < 3
    assert "Restart lesson" in str(lesson_view(s)["starsSaid"])


def test_show_me_on_every_step_earns_one_star() -> None:
    s = LessonSession("worked-turn")
    while not s.run.done:
        if s.run.step_done:
            s.act("next")
        else:
            s.act("show")
            s.act("step")
    assert lesson_view(s)["stars"] == 1


def test_restarting_the_lesson_starts_a_new_attempt() -> None:
    s = LessonSession("worked-turn")
    s.act("show")
    s.act("step")
    finish(s)
    assert lesson_view(s)["stars"] in (1, 2)
    assert not s.act("new").refused
    assert lesson_view(s)["stars"] is None
    finish(s)
    assert lesson_view(s)["stars"] == 3


ACTIONS = st.lists(
    st.sampled_from(["wanted", "wanted", "wanted", "wrong", "hint", "show", "step", "undo"]),
    max_size=40,
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(["worked-turn", "pile-transfer", "moves"]), actions=ACTIONS)
def test_the_tables_stars_are_the_records_stars(name: str, actions: list[str]) -> None:
    """Whatever the learner does on the way, the stars the table shows at the end are the
    stars their record keeps for that attempt."""
    s = LessonSession(name)
    recorder = Recorder(RecordStore("ada", tempfile.mkdtemp()))
    s.listener = recorder
    for kind in actions:
        if s.run.done:
            break
        if kind == "wanted":
            play_wanted(s)
        elif kind == "wrong":
            s.act("play", move="Qs>N")  # not in the learner's hand in these lessons: refused
        else:
            s.act(kind)
    finish(s)
    item = recorder.table["items"][f"lesson:{name}"]
    assert item["finished"]
    assert lesson_view(s)["stars"] == item["stars"]


def test_stars_words_refuse_a_count_out_of_range() -> None:
    with pytest.raises(ValueError, match="0 to 3"):
        stars_words(4)
    assert stars_words(0).startswith("You earned 0 of 3 stars")


def test_while_show_me_waits_nothing_else_is_lit_as_the_next_step() -> None:
    s = LessonSession("worked-turn")
    lit = [c["kind"] for c in s.snapshot(1)["actions"] if c["primary"]]
    assert not s.act("show").refused
    lit = [c["kind"] for c in s.snapshot(1)["actions"] if c["primary"]]
    assert lit == []
    s.act("step")
    assert s.run.step_done
    lit = [c["kind"] for c in s.snapshot(1)["actions"] if c["primary"]]
    assert lit == ["next"]


@given(
    done=st.booleans(),
    refused=st.integers(0, 30),
    hints=st.integers(0, 10),
    shows=st.integers(0, 3),
    tried=st.integers(0, 40),
)
def test_the_tables_rule_is_the_records_rule(
    done: bool, refused: int, hints: int, shows: int, tried: int
) -> None:
    mark: StepMark = {
        "done": done, "refused": refused, "hints": hints, "shows": shows, "tried": tried,
    }  # fmt: skip
    step = {
        "done": done,
        "refused": [{"move": "Th>E", "code": "rank"}] * refused,
        "hints": hints,
        "shows": shows,
        "moves": tried or 1,
    }
    assert mark_stars(mark) == step_stars(step)


@given(st.lists(st.integers(0, 3), min_size=1, max_size=12))
def test_a_lessons_mean_is_the_records_mean(stars: list[int]) -> None:
    assert mean_stars(stars) == lesson_stars(stars)


def test_a_homework_table_lists_its_items_and_marks_the_one_the_learner_is_in() -> None:
    homework = Homework(title="Week 3", lessons=["worked-turn", "pile-transfer"], puzzles=1, seed=3)
    s = homework.session()
    items = [item for item in homework.items if item.steps]
    view = lesson_view(s)
    parts = view["parts"]
    assert isinstance(parts, list)
    assert [p["title"] for p in parts] == [item.title for item in items]
    assert [p["title"] for p in parts][:2] == ["A worked turn", "The pile-transfer combo"]
    assert parts[-1]["title"].startswith("Puzzle 1 (")
    assert [p["current"] for p in parts] == [True, False, False]
    assert view["partsTitle"] == "In Week 3"
    assert sum(p["steps"] for p in parts) == len(s.run.lesson.steps)
    while s.run.index < items[1].start:  # into the second lesson
        play_wanted(s)
    now = lesson_view(s)["parts"]
    assert isinstance(now, list)
    assert [p["current"] for p in now] == [False, True, False]


def test_a_lesson_of_its_own_lists_no_items() -> None:
    view = lesson_view(LessonSession("moves"))
    assert view["parts"] is None
    assert view["partsTitle"] is None
