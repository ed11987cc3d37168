"""Lessons written by playing, lessons from a review's mistakes, and the lesson format's schema."""

from __future__ import annotations

import json
import time
from typing import Any

import jsonschema  # type: ignore[import-untyped]
import pytest

from kingscorner_widget import Game, Rules
from kingscorner_widget.analysis import review
from kingscorner_widget.analysis.players import GreedyPlayer, Player, RandomPlayer
from kingscorner_widget.engine.words import count_words
from kingscorner_widget.lessons import (
    Lesson,
    LessonRun,
    LineError,
    NothingToPracticeError,
    builtin_lessons,
    lesson_from_game,
    lesson_schema,
)
from kingscorner_widget.lessons.builtin import _files

LINE = "N:9d E:4c S:5s W:8s7h NE:- SE:- SW:- NW:- P1:Qh6c4d P2:?7 stock:37 turn:P1"


def played_line() -> Game:
    game = Game.from_position(LINE, seed=3)
    for move in ("6c>W", "W>N", "Qh>W", "draw"):
        game.play(move)
    other = game.legal_moves()[0]
    game.play(other)
    return game


def run_through(lesson: Lesson) -> None:
    """Play every step with "show me", through the runner's checks."""
    run = LessonRun(lesson)
    while True:
        if run.step.interactive:
            for move in run.show_me():
                assert run.try_move(move).accepted, (run.progress, move)
            assert run.step_done
        if not run.next():
            break
    assert run.done


def validator() -> Any:
    schema = lesson_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_a_two_step_line_becomes_a_lesson_that_round_trips_through_json() -> None:
    game = played_line()
    lesson = Lesson.from_game(
        game,
        "Free a space",
        comments={0: "Put the **black six** on the red seven.", 1: "Now the whole pile moves."},
        move_comments={2: "The queen fills the space.", 3: "Then draw."},
    )
    steps = lesson.steps
    assert [s.expect for s in steps[:2]] == [(("6c>W",),), (("W>N", "Qh>W", "draw"),)]
    assert steps[0].narration == "Put the **black six** on the red seven."
    assert steps[1].after == "The queen fills the space. Then draw."
    # the turn passes to P2: their move is a step of its own, shown as P2 saw it
    assert steps[2].expect == ((str(game.moves[4]),),)
    assert "P1:?" in steps[2].position
    assert "turn:P2" in steps[2].position
    assert "P2:?" in steps[0].position
    assert Lesson.from_json(lesson.to_json()) == lesson
    run_through(Lesson.from_json(lesson.to_json()))


def test_a_line_from_a_later_position_and_a_closing_comment() -> None:
    game = played_line()
    lesson = lesson_from_game(
        game, "From the pile move", start=1, comments={4: "Your turn is over.", 5: "And so on."}
    )
    assert lesson.steps[0].narration == "Find the next 3 moves."
    assert lesson.steps[-1].narration == "And so on."
    assert not lesson.steps[-1].interactive
    assert lesson.rules == Rules()
    run_through(lesson)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"comments": {9: "x"}}, "a comment on position 9 is outside the line"),
        ({"move_comments": {5: "x"}}, "a comment on move 5 is outside the line"),
        ({"comments": {0: "  "}}, "the comment on position 0 must be non-empty text"),
        ({"start": 5}, "the line must start at a position from 0 to 4"),
        ({"start": 2, "comments": {1: "x"}}, "a comment on position 1 is outside the line"),
    ],
)
def test_a_bad_line_or_comment_is_named(options: dict[str, object], message: str) -> None:
    with pytest.raises(LineError, match=message):
        lesson_from_game(played_line(), "Bad", **options)  # type: ignore[arg-type]


def test_a_line_cannot_go_on_after_drawing_until_a_card_fits() -> None:
    rules = Rules(draw_until_fits=True)
    game = Game.from_position(
        "N:9d E:4c S:5s W:8s NE:Kh SE:Kd SW:Ks NW:Kc P1:2h P2:?7 stock:36 turn:P1",
        rules=rules,
        seed=1,
    )
    game.play("draw")
    assert game.pending_card is not None
    game.play(next(m for m in game.legal_moves() if str(m) != "draw"))
    with pytest.raises(LineError, match=r"move 0 \(draw\) draws until a card fits"):
        lesson_from_game(game, "Drawn")
    game.undo()
    lesson = lesson_from_game(game, "Drawn")
    assert lesson.steps[0].expect == (("draw",),)
    run_through(lesson)


def reviewed_games() -> list[Game]:
    games = []
    for seed in range(6):
        game = Game.new(seed=seed, players=2)
        bots: list[Player] = [RandomPlayer(seed=seed), GreedyPlayer()]
        while not game.is_over():
            game.play(bots[game.turn - 1].choose(game.observation(game.turn)))
        games.append(game)
    return games


def test_practice_puts_each_mistake_back_on_the_table() -> None:
    practised = 0
    for game in reviewed_games():
        result = review(game, 1, progress=False)
        if not result.mistakes:
            continue
        lesson = Lesson.from_review(result)
        assert 1 <= len(lesson.steps) <= len(result.mistakes)
        by_position = {turn.position: turn for turn in result.mistakes}
        for step in lesson.steps:
            turn = by_position[step.position]
            assert step.sheds == turn.best_shed
            run = LessonRun(Lesson(lesson.title, (step,), lesson.rules))
            played = [m for m in turn.moves if str(m) not in ("draw", "pass")]
            feedback = run.try_move(turn.moves[0]) if not played else None
            if feedback is not None:
                said = f"the best turn here plays {count_words(turn.best_shed)}"
                assert said in feedback.message
        assert Lesson.from_json(lesson.to_json()) == lesson
        run_through(lesson)
        practised += 1
    assert practised >= 2


def test_practice_without_mistakes_says_so() -> None:
    game = Game.from_position(LINE)
    for move in ("4d>S", "6c>W", "W>N", "Qh>W"):
        game.play(move)
    with pytest.raises(NothingToPracticeError, match="no mistakes to practise"):
        Lesson.from_review(review(game, 1, progress=False))


def test_the_schema_accepts_every_built_in_and_written_lesson() -> None:
    check = validator()
    for lesson in builtin_lessons():
        check.validate(json.loads(lesson.to_json()))
    from importlib import resources

    for name in _files().values():
        text = resources.files("kingscorner_widget.lessons").joinpath("data", name).read_text()
        check.validate(json.loads(text))
    written = lesson_from_game(played_line(), "Written", comments={0: "Go."})
    check.validate(written.to_dict())


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["steps"][1].pop("narration"), "step 2 .*needs narration"),
        (lambda d: d["steps"][1].update(colour="red"), "step 2 .*unknown step field"),
        (lambda d: d["steps"][1].update(expect=[["Qh>Z"]]), "step 2 "),
        (lambda d: d["steps"][1].update(sheds=0), "step 2 .*sheds must be"),
        (lambda d: d.update(rules={"players": 3}), "number of players"),
    ],
)
def test_the_schema_and_the_loader_refuse_the_same_bad_files(change: object, message: str) -> None:
    data = lesson_from_game(played_line(), "Bad", comments={0: "Go."}).to_dict()
    change(data)  # type: ignore[operator]
    assert not validator().is_valid(data)
    with pytest.raises(ValueError, match=message):
        Lesson.from_dict(data)


@pytest.mark.parametrize(
    "step",
    [
        "not a step",
        {"position": "N:Zz", "narration": "x"},
        {"position": LINE, "narration": "x", "expect": [[1, 2]]},
        {"position": LINE, "narration": "x", "expect": [["4d>S"]] * 3, "sheds": 99},
        {"position": LINE, "narration": "x", "hints": [None]},
        {"position": LINE, "narration": "x", "seed": "7"},
        {"position": LINE * 200, "narration": "x"},
    ],
)
def test_an_untrusted_file_gets_an_error_naming_the_step(step: object) -> None:
    data = {"title": "Untrusted", "steps": [{"position": LINE, "narration": "Fine."}, step]}
    started = time.perf_counter()
    with pytest.raises(ValueError, match=r"^step 2 \(Untrusted\): "):
        Lesson.from_json(json.dumps(data))
    assert time.perf_counter() - started < 10
    assert not validator().is_valid(data) or isinstance(step, dict)
