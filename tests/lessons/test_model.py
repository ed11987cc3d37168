"""Lesson data: JSON round trips and validation errors that name the step."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from kingscorner_widget import Rules
from kingscorner_widget.engine.rules import Count
from kingscorner_widget.lessons import Lesson, Step, builtin_lessons

WORKED = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
COMBO = "N:9d E:4s S:2h W:8c7h NE:- SE:- SW:- NW:- P1:Qd6sJc5c9c P2:?7 stock:35 turn:P1"


def lesson_dict() -> dict[str, Any]:
    return {
        "title": "Practice",
        "summary": "Two steps.",
        "rules": {"target": 50},
        "steps": [
            {
                "title": "Warm up",
                "position": WORKED,
                "narration": "Play the *ten*.",
                "expect": [["th>n"]],
                "hints": ["A red ten on a black jack."],
                "after": "Good.",
            },
            {
                "title": "The pile-transfer combo",
                "position": COMBO,
                "fresh": True,
                "narration": "Shed three.",
                "sheds": 3,
                "expect": [["W>N", "Qd>W", "Jc>W", "6s>N"]],
                "seed": 4,
                "rules": {"count": "heavy"},
            },
        ],
    }


def test_round_trip_through_json_and_dict() -> None:
    lesson = Lesson.from_dict(lesson_dict())
    assert Lesson.from_json(lesson.to_json()) == lesson
    assert Lesson.from_dict(lesson.to_dict()) == lesson
    assert lesson.steps[0].expect == (("Th>N",),)  # canonical notation on load
    assert lesson.rules == Rules(target=50)
    assert lesson.steps[1].rules is not None
    assert lesson.steps[1].rules.count is Count.HEAVY
    assert lesson.steps[1].seed == 4
    # defaults are left out of the saved form
    saved = json.loads(lesson.to_json())
    assert "sheds" not in saved["steps"][0]
    assert "seed" not in saved["steps"][0]
    assert "players" not in saved["rules"]
    assert '["W>N", "Qd>W", "Jc>W", "6s>N"]' in lesson.to_json()  # a sequence reads on one line


def test_every_builtin_lesson_round_trips() -> None:
    for lesson in builtin_lessons():
        assert Lesson.from_json(lesson.to_json()) == lesson


def test_step_rules_reach_the_game() -> None:
    lesson = Lesson.from_dict(lesson_dict())
    first, second = (step.new_game(lesson.rules) for step in lesson.steps)
    assert first.rules == Rules(players=2, target=50)
    assert second.rules.count is Count.HEAVY


def broken(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    data = copy.deepcopy(lesson_dict())
    target: Any = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (
            ("steps", 1, "expect"),
            [["Qd>W"]],
            "step 2 (The pile-transfer combo): Qd>W is not legal there: "
            "the queen of diamonds (Qd) cannot go on the seven of hearts (7h): a card must be "
            "exactly one rank lower",
        ),
        (
            ("steps", 0, "expect"),
            [["Th>N", "Ks>N"]],
            "step 1 (Warm up): Ks>N is not legal there: the king of spades (Ks) cannot go on "
            "the ten of hearts (Th)",
        ),
        (
            ("steps", 0, "position"),
            WORKED.replace("stock:39", "stock:38"),
            "step 1 (Warm up): the position holds 51 of 52 cards",
        ),
        (
            ("steps", 0, "position"),
            WORKED.replace("W:-", "W:Jc"),
            "step 1 (Warm up): Jc appears twice",
        ),
        (("steps", 0, "expect"), [["Th-N"]], "step 1 (Warm up): 'Th-N' is not a move"),
        (
            ("steps", 1, "sheds"),
            4,
            "step 2 (The pile-transfer combo): the step asks for 4 cards, but the best turn there "
            "sheds 3 cards (6s>W W>N Qd>W Jc>W): ask for the most the turn can do",
        ),
        (
            ("steps", 1, "expect"),
            [["6s>W"]],
            "step 2 (The pile-transfer combo): 6s>W sheds 1 card(s), not the 3",
        ),
        (("steps", 1, "expect"), [], "step 2 (The pile-transfer combo): give at least one"),
        (("steps", 1, "sheds"), 0, "step 2 (The pile-transfer combo): sheds must be a positive"),
        (("steps", 0, "narration"), " ", "step 1 (Warm up): a step needs narration"),
        (("steps", 0, "hints"), "one hint", "step 1 (Warm up): hints must be a list"),
        (("steps", 0, "colour"), "red", "step 1 (Warm up): unknown step field(s): colour"),
        (("steps", 1, "rules"), {"count": "odd"}, "step 2 (The pile-transfer combo): count must"),
        (
            ("rules",),
            {"players": 3},
            "Practice: the number of players comes from each position, not the rules",
        ),
        (("steps",), [], "Practice: a lesson needs a list of steps"),
        (("title",), "", "a lesson needs a title"),
    ],
)
def test_validation_names_the_step(path: tuple[Any, ...], value: Any, message: str) -> None:
    with pytest.raises(ValueError, match="^" + _escape(message)):
        Lesson.from_dict(broken(path, value))


def _escape(text: str) -> str:
    import re

    return re.escape(text)


def test_untitled_step_is_named_by_the_lesson_title() -> None:
    data = lesson_dict()
    del data["steps"][0]["title"]
    data["steps"][0]["expect"] = [["Th>E"]]
    with pytest.raises(ValueError, match=r"^step 1 \(Practice\): Th>E is not legal there: "):
        Lesson.from_dict(data)


def test_a_shedding_step_cannot_ask_for_more_than_the_table_allows() -> None:
    data = lesson_dict()
    data["steps"][0] |= {"sheds": 4, "expect": [["Th>N", "Ks>NE", "4h>S"]]}
    with pytest.raises(ValueError, match=r"asks for 4 cards, but the best turn there sheds 3"):
        Lesson.from_dict(data)


def test_bad_json_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="a lesson must be JSON"):
        Lesson.from_json("{title: 1")
    with pytest.raises(ValueError, match="a lesson must be an object"):
        Lesson.from_json("[1, 2]")
    for deep in ("[" * 100_000 + "]" * 100_000, '{"title": ' * 50_000 + "1" + "}" * 50_000):
        with pytest.raises(ValueError, match="nested a few levels deep"):
            Lesson.from_json(deep)  # a RecursionError in the decoder, said as a ValueError


def test_a_step_without_expectation_is_not_interactive() -> None:
    step = Step(position=WORKED, narration="Look.")
    assert not step.interactive
    assert Step(position=WORKED, narration="Look.", sheds=1).interactive


def test_after_texts_are_plain_for_the_status_line() -> None:
    for lesson in builtin_lessons():
        for step in lesson.steps:
            assert "**" not in step.after
            assert "\n" not in step.after


CORNERS_LINE = (
    "N:QhJcTd9s E:3d2sAh S:Th W:- NE:KhQcJhTs SE:KcQdJs SW:Ks NW:- "
    "P1:9h4cJd5h7s7cTc6h5d3s6c8h9cQs8s6dAc7hAd P2:?17 stock:0 turn:P1"
)


def test_a_step_too_big_to_prove_in_the_budget_is_refused_by_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from kingscorner_widget.analysis import Budget
    from kingscorner_widget.lessons import proof, search

    tight = Budget(states=3)
    monkeypatch.setattr(search, "LESSON_BUDGET", tight)
    monkeypatch.setattr(proof, "LESSON_BUDGET", tight)
    with pytest.raises(ValueError, match=r"step 2 \(The pile-transfer combo\): the best turn "):
        Lesson.from_dict(lesson_dict())


def test_loading_a_big_corners_lesson_is_bounded_in_time() -> None:
    import time

    data = {
        "title": "Corners",
        "rules": {"corners_version": True},
        "steps": [{"position": CORNERS_LINE, "narration": "x", "sheds": 1, "expect": [["9c>S"]]}],
    }
    start = time.perf_counter()
    message = ""
    try:
        Lesson.from_json(json.dumps(data))
    except ValueError as error:
        message = str(error)
    assert time.perf_counter() - start < 5.0
    # Proven within the budget (one card is not the most this table sheds), or refused by
    # name: never a long wait.
    assert message.startswith("step 1 (Corners): the step asks for 1 card, but") or message == (
        "step 1 (Corners): the best turn there cannot be proven within the "
        "lesson search budget (5000 states); use a smaller table"
    )


def _one_step(**fields: Any) -> dict[str, Any]:
    step = {"position": "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"}
    return {"title": "Seats", "steps": [{**step, "narration": "Look.", **fields}]}


def test_a_step_names_the_learners_seat_when_it_is_not_the_movers() -> None:
    lesson = Lesson.from_dict(_one_step(viewer=2))
    assert lesson.steps[0].learner == 2
    assert Lesson.from_dict(lesson.to_dict()) == lesson
    assert Lesson.from_dict(_one_step()).steps[0].learner == 1


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"viewer": 3}, "there is no P3 at this table of 2"),
        ({"viewer": True}, "viewer must be a player number"),
        ({"viewer": "2"}, "viewer must be a player number"),
        ({"viewer": 2, "expect": [["Th>N"]]}, "the viewer must be the player to move (P1)"),
    ],
)
def test_a_bad_viewer_is_refused_naming_the_step(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match="step 1") as refused:
        Lesson.from_dict(_one_step(**fields))
    assert message in str(refused.value)
