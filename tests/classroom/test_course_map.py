"""The course map: every lesson, the learner's best stars from their record, the next to take."""

from __future__ import annotations

import json
import pathlib

import pytest

import kingscorner_widget
from kingscorner_widget.classroom import CourseMap, ProgressError, Recorder, RecordStore, course_map
from kingscorner_widget.classroom.course_map import stars_text
from kingscorner_widget.lessons import lesson_names, load_lesson
from kingscorner_widget.table import LessonSession


def lesson_item(stars: int, finished: bool = True) -> dict[str, object]:
    return {"kind": "lesson", "title": "", "finished": finished, "stars": stars, "steps": []}


def record(learner: str, *tables: dict[str, object]) -> dict[str, object]:
    return {
        "format": "kingscorner-progress",
        "version": 1,
        "learner": learner,
        "tables": [{"id": f"t{i}", "items": items} for i, items in enumerate(tables)],
    }


def write(folder: pathlib.Path, data: dict[str, object]) -> None:
    (folder / f"{data['learner']}.json").write_text(json.dumps(data), encoding="utf-8")


def test_a_learner_with_no_record_starts_at_the_first_lesson(tmp_path: pathlib.Path) -> None:
    seen = course_map("ada", tmp_path)
    names = lesson_names()
    assert seen.next_lesson == names[0]
    assert seen.earned == {}
    assert seen.table.row_marks == ("next",) + ("todo",) * (len(names) - 1)
    assert seen.table.column("Lesson") == [load_lesson(n).title for n in names]
    assert "0 of 18 lessons done" in seen.text() or f"0 of {len(names)}" in seen.text()


def test_the_best_stars_of_any_table_and_the_first_lesson_not_finished(
    tmp_path: pathlib.Path,
) -> None:
    first, second, third = lesson_names()[:3]
    write(
        tmp_path,
        record(
            "ada",
            {f"lesson:{first}": lesson_item(1), f"lesson:{third}": lesson_item(3, finished=False)},
            {f"lesson:{first}": lesson_item(3), f"lesson:{second}": lesson_item(2)},
        ),
    )
    seen = course_map("ada", tmp_path)
    assert seen.earned == {first: 3, second: 2}
    assert seen.stars(third) == 0  # begun, not finished: no stars yet
    assert seen.next_lesson == third
    assert seen.table.column("Stars")[:3] == [stars_text(3), stars_text(2), "not yet"]
    assert seen.table.row_marks[:4] == ("done", "done", "next", "todo")
    assert f"Next: lesson 3, {load_lesson(third).title}." in seen.text()
    html = seen._repr_html_()
    assert html.count('data-course="done"') == 2
    assert html.count('data-course="next"') == 1
    with pytest.raises(ValueError, match="no built-in lesson"):
        seen.stars("nonesuch")


def test_every_lesson_done_says_so(tmp_path: pathlib.Path) -> None:
    write(tmp_path, record("bo", {f"lesson:{n}": lesson_item(2) for n in lesson_names()}))
    seen = course_map("bo", tmp_path)
    assert seen.next_lesson is None
    assert "Every lesson is done" in seen.text()
    assert set(seen.table.row_marks) == {"done"}


def test_a_lesson_finished_at_a_table_shows_on_the_map(tmp_path: pathlib.Path) -> None:
    recorder = Recorder(RecordStore("cy", tmp_path))
    s = LessonSession("pile-transfer")
    s.listener = recorder
    while not s.run.done:  # Show me on every step: 1 star
        if s.run.step_done:
            s.act("next")
        else:
            s.act("show")
            s.act("step")
    recorder.flush()
    view = s.snapshot(1)["lesson"]
    assert course_map("cy", tmp_path).stars("pile-transfer") == view["stars"] == 1


def test_a_bad_record_or_name_is_refused(tmp_path: pathlib.Path) -> None:
    (tmp_path / "dee.json").write_text('{"format": "kingscorner-progress", "ver', "utf-8")
    with pytest.raises(ProgressError, match="not valid JSON"):
        course_map("dee", tmp_path)
    with pytest.raises(ValueError, match="learner's name"):
        course_map("../etc/passwd", tmp_path)
    with pytest.raises(ValueError, match="0 to 3"):
        stars_text(5)


def test_the_course_map_is_offered_from_the_package() -> None:
    assert kingscorner_widget.course_map is course_map
    assert isinstance(course_map(), CourseMap)
    assert course_map().next_lesson == lesson_names()[0]
