"""Find-the-best-turn puzzles: generated from seeded deals, graded by the analysis."""

from __future__ import annotations

import pytest

from kingscorner_widget import Game
from kingscorner_widget.analysis import best_turn
from kingscorner_widget.engine.moves import PlayCard
from kingscorner_widget.engine.words import count_words
from kingscorner_widget.lessons import (
    LessonRun,
    Puzzle,
    generate_puzzles,
    greedy_turn,
    load_lesson,
    puzzle_lesson,
)


@pytest.fixture(scope="module")
def puzzles() -> list[Puzzle]:
    return generate_puzzles(6, seed=2026)


def test_the_same_seed_gives_the_same_puzzles(puzzles: list[Puzzle]) -> None:
    assert generate_puzzles(6, seed=2026) == puzzles
    assert generate_puzzles(6, seed=2027) != puzzles
    assert len({p.position for p in puzzles}) == 6


def test_the_best_turn_clearly_beats_the_greedy_one(puzzles: list[Puzzle]) -> None:
    for puzzle in puzzles:
        game = Game.from_position(puzzle.position)
        assert "?" in puzzle.position  # the table as the mover sees it
        assert best_turn(game).cards_played == puzzle.best_sheds
        assert puzzle.best_sheds >= puzzle.greedy_sheds + 2
        assert greedy_turn(game) == list(puzzle.greedy)
        assert len(puzzle.greedy) == puzzle.greedy_sheds
        for move in puzzle.best:
            game.play(move)
        assert game.cards_played_this_turn == puzzle.best_sheds


def test_the_greedy_turn_plays_what_fits_until_nothing_does() -> None:
    line = "N:9d E:4s S:2h W:8c7h NE:- SE:- SW:- NW:- P1:Qd6sJc5c9c P2:?7 stock:35 turn:P1"
    game = Game.from_position(line)
    moves = greedy_turn(game)
    assert [str(m) for m in moves] == ["6s>W"]
    assert game.moves == []  # the game is left as it was
    for move in moves:
        game.play(move)
    assert not any(isinstance(m, PlayCard) for m in game.legal_moves())


def test_a_puzzle_lesson_is_solved_by_show_me_and_not_by_greed(puzzles: list[Puzzle]) -> None:
    lesson = puzzle_lesson(puzzles)
    assert [step.title for step in lesson.steps] == [f"Puzzle {i}" for i in range(1, 7)]
    run = LessonRun(lesson)
    for puzzle in puzzles:
        greedy = LessonRun(lesson, start=run.index)
        refused = None
        for move in puzzle.greedy:
            feedback = greedy.try_move(move)
            if not feedback.accepted:
                refused = feedback.message
                break
        assert not greedy.step_done
        if refused is not None:
            assert f"the best turn here plays {count_words(puzzle.best_sheds)}" in refused
        for move in run.show_me():
            assert run.try_move(move).accepted
        assert run.step_done
        run.next()
    assert run.done


def test_bad_requests_are_refused() -> None:
    with pytest.raises(ValueError, match="count must be 0 or more"):
        generate_puzzles(-1)
    with pytest.raises(ValueError, match="only 0 puzzles found in 5 deals"):
        generate_puzzles(1, margin=14, max_deals=5)
    assert generate_puzzles(0) == []


def test_the_builtin_puzzles_are_graded_by_the_analysis() -> None:
    lesson = load_lesson("best-turn")
    assert len(lesson.steps) == 6
    for step in lesson.steps:
        game = step.new_game()
        assert step.sheds == best_turn(game).cards_played
        assert step.sheds is not None
        assert step.sheds >= len(greedy_turn(game)) + 2
