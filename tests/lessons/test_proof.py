"""The step checker: every built-in step proven at load, and each kind of false step refused by
name."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest

from kingscorner_widget import Rules
from kingscorner_widget.lessons import (
    Lesson,
    builtin_lessons,
    generate_puzzles,
    lesson_names,
    load_lesson,
    puzzle_lesson,
)
from kingscorner_widget.lessons.goals import GOALS
from kingscorner_widget.lessons.proof import best_plan, prove_follows, prove_step

# Only the ten of hearts fits; nothing moves (a pile move needs a black ten or a red queen).
ONE_FITS = "N:Jc E:6h S:5d W:9d NE:- SE:- SW:- NW:- P1:Th7d2c P2:?7 stock:38 turn:P1"
# Nothing of the hand fits a top card, but the south pile moves onto the six and frees a space.
PILE_MOVE = "N:Jc E:6h S:5s W:9d NE:- SE:- SW:- NW:- P1:2h3c P2:?7 stock:39 turn:P1"
# Truly stuck: no card fits and no pile moves.
STUCK = "N:Jc E:6h S:5d W:9d NE:- SE:- SW:- NW:- P1:2h3c P2:?7 stock:39 turn:P1"
# The ten and the four fit, the king goes to a corner: the whole hand can go.
WORKED = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"


def one(**step: Any) -> dict[str, Any]:
    return {"title": "Planted", "steps": [{"narration": "Look.", **step}]}


@pytest.mark.parametrize("name", lesson_names())
def test_every_built_in_step_is_proven_under_its_own_rules(name: str) -> None:
    lesson = load_lesson(name)
    for number, step in enumerate(lesson.steps, start=1):
        where = f"step {number}"
        game = step.new_game(lesson.rules)
        goal = step.objective(lesson.rules)
        assert goal in GOALS
        prove_step(step, game, goal, where)  # raises on a false step
        if goal in ("shed", "out", "end"):
            best, _ = best_plan(game, where)
            assert best >= (step.sheds or 0)
    prove_follows(lesson.steps, lesson.rules, lesson.title, [str(n) for n in lesson.steps])


def test_every_built_in_lesson_is_proven_again_under_each_house_rule_it_allows() -> None:
    options: list[dict[str, Any]] = [
        {"must_play": True},
        {"kings_first": True},
        {"count": "heavy"},
        {"count": "pictures"},
        {"corners_version": True},
        {"match_end": "elimination"},
    ]
    refused: list[str] = []
    for lesson in builtin_lessons():
        for option in options:
            try:
                lesson.under(Rules(**option))
            except ValueError as error:  # refused by name, never silently wrong
                refused.append(str(error))
    assert all(re.search(r"cannot be played under these rules .*: step \d", e) for e in refused)
    assert len(refused) < len(builtin_lessons())


def test_generated_puzzles_are_proven_and_a_puzzle_that_goes_out_says_so() -> None:
    puzzles = generate_puzzles(4, seed=3)
    lesson = puzzle_lesson(puzzles)
    assert [step.objective() for step in lesson.steps] == ["shed"] * 4
    for step, puzzle in zip(lesson.steps, puzzles, strict=True):
        game = step.new_game()
        out = len(game.hand(game.turn)) == puzzle.best_sheds
        assert ("you went out" in step.after) is out
    for number in (1, 4):  # the built-in puzzles that go out
        assert load_lesson("best-turn").steps[number - 1].after == (
            "Solved: all 7 cards shed, and you went out."
        )


@pytest.mark.parametrize(
    ("step", "message"),
    [
        (
            {"position": PILE_MOVE, "narration": "Nothing in your hand fits.", "goal": "read"},
            'step 1 (Planted): "Nothing in your hand fits." is not true: the best turn there '
            "sheds 2 cards (S>E 3c>S 2h>S)",
        ),
        (
            {"position": PILE_MOVE, "expect": [["draw"]]},
            "step 1 (Planted): draw ends the turn after 0 cards, but the turn can shed 2 cards "
            "(S>E 3c>S 2h>S): ask for the most the turn can do, or hold back and say why",
        ),
        (
            {"position": PILE_MOVE, "expect": [["draw"]], "goal": "hold"},
            "step 1 (Planted): a hold-back step says what playing would open for the others",
        ),
        (
            {"position": STUCK, "expect": [["draw"]], "goal": "hold", "reason": "It opens."},
            "step 1 (Planted): a hold-back step keeps back cards that would fit, but nothing "
            "more could be shed there",
        ),
        (
            {"position": ONE_FITS, "expect": [["Th>N"]], "goal": "out"},
            "step 1 (Planted): the step asks the learner to go out, but the best turn there "
            "sheds 1 card of 3 (Th>N)",
        ),
        (
            {"position": ONE_FITS, "expect": [["Th>N"]], "goal": "space"},
            "step 1 (Planted): the step asks for a space, but no pile can move off the cross",
        ),
        (
            {"position": ONE_FITS, "expect": [["Th>N"]], "goal": "corner"},
            "step 1 (Planted): the step asks for a corner, but no king can go there",
        ),
        (
            {"position": WORKED, "expect": [["Th>N", "Ks>NE"]]},
            "step 1 (Planted): the lesson leaves this turn after Th>N Ks>NE, but the turn can "
            "go out (4h>S Th>N Ks>NE): ask for that, or go on with the turn in a next step",
        ),
        (
            {"position": WORKED, "expect": [["Th>N"]], "goal": "shed", "sheds": 1},
            "step 1 (Planted): the step asks for 1 card, but the best turn there sheds 3 cards",
        ),
        (
            {"position": WORKED, "goal": "guess"},
            "step 1 (Planted): goal must be one of read, card, line,",
        ),
    ],
)
def test_a_planted_false_step_is_refused_by_name(step: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match="^" + re.escape(message)):
        Lesson.from_dict(one(**step))


def test_a_step_that_does_not_start_where_the_last_one_left_must_say_so() -> None:
    data = copy.deepcopy(load_lesson("worked-turn").to_dict())
    data["steps"][1]["position"] = data["steps"][1]["position"].replace("NE:- SE:-", "NE:- SE:-")
    data["steps"][1]["position"] = data["steps"][1]["position"].replace("P1:Ks4h", "P1:4hKs")
    Lesson.from_dict(data)  # the same cards in another order: the same table
    data["steps"][1]["position"] = data["steps"][0]["position"]
    wrong = (
        "step 2 (The king to a corner): the step does not start where step 1 leaves the table "
        "(it has other cards on the north pile, other hand sizes"
    )
    with pytest.raises(ValueError, match="^" + re.escape(wrong)):
        Lesson.from_dict(data)
    data["steps"][1]["fresh"] = True
    data["steps"][2]["fresh"] = True  # step 2 now leaves another table for step 3
    assert Lesson.from_dict(data).steps[1].fresh


def test_a_hold_back_step_must_open_something_for_the_others_when_their_hands_show() -> None:
    lesson = load_lesson("stock-and-blocked")
    held = lesson.steps[2]
    assert held.objective() == "hold"
    assert "opens" in held.reason
    data = copy.deepcopy(lesson.to_dict())
    # give the player on the left cards that none of the learner's plays would help
    data["steps"][2]["position"] = held.position.replace(
        "P1:7h7d3c3s5h P2:4s6s5d4c6c2h2d", "P1:7h7d3c3s5h P2:4s5d4c2h2d6s6c"
    )
    Lesson.from_dict(data)  # the same cards: still opens the sixes and twos
    # keeping back a ten that would open nothing for the player on the left
    kept = one(
        position="N:Jc E:6h S:5d W:9d NE:- SE:- SW:- NW:- P1:Th2c P2:3h4h5h7h8hAhKd stock:39 "
        "turn:P1",
        expect=[["draw"]],
        goal="hold",
        reason="It would open the north pile.",
    )
    nothing = (
        "step 1 (Planted): playing the held-back cards (Th>N) opens no card for the others: "
        "there is nothing to hold back for"
    )
    with pytest.raises(ValueError, match="^" + re.escape(nothing) + "$"):
        Lesson.from_dict(kept)


def _notebook_exercises(name: str) -> dict[str, Any]:
    """The exercises a tutorial builds, made by running its own code cells that make them."""
    import json
    import pathlib

    notebook = pathlib.Path(__file__).parents[2] / "notebooks" / f"{name}.ipynb"
    made: dict[str, Any] = {}
    for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "code" and re.search(r"^exercise_\d = ", source, re.M):
            exec(compile(source, name, "exec"), made)  # the project's own tutorial code
    return {key: value for key, value in made.items() if key.startswith("exercise_")}


def test_the_tutorials_exercises_are_proven_as_their_text_says() -> None:
    from kingscorner_widget.lessons import greedy_turn
    from kingscorner_widget.lessons.exercise import check

    combo = _notebook_exercises("02-pile-transfer-combo")
    scoring = _notebook_exercises("05-scoring-a-match")
    assert sorted(combo) == ["exercise_1", "exercise_2"]
    assert sorted(scoring) == ["exercise_1", "exercise_2"]
    for exercise in (*combo.values(), *scoring.values()):
        assert check(exercise, exercise.worked_answer).right
    # "The eight of clubs fits on the red nine straight away. Is that the move to start with?"
    first = combo["exercise_1"]
    assert first.game.violation("8c>N") is None
    assert not check(first, "8c>N").right
    # "Playing whatever fits sheds two cards ... The best turn sheds more."
    whole = combo["exercise_2"]
    assert len(greedy_turn(whole.game)) == 2
    best, _ = best_plan(whole.game, "exercise 2")
    assert best > 2
