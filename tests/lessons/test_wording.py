"""What learners read is words first, notation in brackets at most, and counts agree with their
nouns. This sweeps the built-in lessons (narration, hints, what they say after, the feedback on
right, wrong and refused moves), the exercises built on their tables, the summaries of finished
hands and the hints, and fails on a card or a move in notation outside brackets or on a count
such as "1 hands".
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Iterator

import pytest

from kingscorner_widget import Game, Rules
from kingscorner_widget.analysis import hint
from kingscorner_widget.engine.moves import EndTurn, PlayCard
from kingscorner_widget.engine.words import outcome_line
from kingscorner_widget.lessons import builtin_lessons
from kingscorner_widget.lessons.exercise import (
    MoveExercise,
    PenaltyExercise,
    TurnExercise,
    WinnerExercise,
    check,
)
from kingscorner_widget.lessons.runner import LessonRun
from kingscorner_widget.table.play import PlaySession

_BRACKETS = re.compile(r"\([^()]*\)|`[^`]*`")
_CARD = re.compile(r"(?<![\w>])(?:[2-9TJQKA][cdhs])(?![\w>])")
_MOVE = re.compile(r"(?<!\w)[0-9A-Za-z♣♦♥♠]{1,3}>[NESW]{1,2}(?!\w)")
_ONE_MANY = re.compile(
    r"(?<![\d.,])1 (?:hands|cards|moves|corners|points|lines|comments|turns|kings|piles|steps|"
    r"players|deals|seats|worlds|penalty points)\b"
)


def problems(text: str) -> list[str]:
    """Notation outside brackets, and counts of one with a plural noun, in ``text``."""
    bare = _BRACKETS.sub("", text)
    found = [f"notation {m.group()!r}" for m in (*_CARD.finditer(bare), *_MOVE.finditer(bare))]
    found += [f"count {m.group()!r}" for m in _ONE_MANY.finditer(text)]
    return found


def test_the_checker_catches_what_it_is_for() -> None:
    assert problems("Yes: E>N played.") == ["notation 'E>N'"]
    assert problems("Reasons (4h, Th, Ks) are fine in brackets; Th is not.") == ["notation 'Th'"]
    assert problems("Match over after 1 hands") == ["count '1 hands'"]
    assert problems("You moved the east pile onto the north pile (E>N). 11 cards.") == []


@functools.cache
def lesson_texts() -> list[tuple[str, str]]:
    """(where, text) for everything a learner reads while taking every built-in lesson."""
    out: list[tuple[str, str]] = []
    for lesson in builtin_lessons():
        out.append((lesson.title, lesson.summary))
        for index, step in enumerate(lesson.steps):
            where = f"{lesson.title}, step {index + 1}"
            out += [(where, step.narration), (where, step.after)]
            out += [(f"{where}, hint", text) for text in step.hints]
            run = LessonRun(lesson, start=index)
            for _ in step.hints:
                out.append((f"{where}, next hint", run.next_hint()))
            game = run.game
            wanted = run.show_me()
            for move in game.legal_moves():  # a wrong move, then a refused one
                if move not in wanted[:1]:
                    out.append((f"{where}, {move}", run.try_move(move).message))
                    break
            for space in ("N", "NE"):
                for card in game.hand()[:2]:
                    out.append(
                        (f"{where}, {card}>{space}", run.try_move(f"{card}>{space}").message)
                    )
            for move in wanted:
                out.append((f"{where}, shown {move}", run.try_move(move).message))
    return out


@pytest.mark.slow
def test_the_built_in_lessons_say_cards_and_moves_in_words() -> None:
    said = [(where, text, problems(text)) for where, text in lesson_texts()]
    assert len(said) > 100
    assert [(where, text, found) for where, text, found in said if found] == []


def exercises() -> Iterator[tuple[str, object]]:
    """The exercises the notebooks build, on each interactive lesson step's table, with answers
    right and wrong."""
    for lesson in builtin_lessons():
        for step in lesson.steps:
            if not step.interactive:
                continue
            game = Game.from_position(step.position, lesson.rules, seed=step.seed)
            for exercise in (TurnExercise(game.copy()), MoveExercise(game.copy())):
                yield exercise.question, exercise
                for move in game.legal_moves()[:4]:
                    yield "", check(exercise, str(move)).message
                yield "", check(exercise, "S>E draw").message
                yield "", exercise.solution()


@pytest.mark.slow
def test_the_exercises_say_cards_and_moves_in_words() -> None:
    found = []
    count = 0
    for text, item in exercises():
        for said in (text, item if isinstance(item, str) else ""):
            count += 1
            if problems(said):
                found.append((said, problems(said)))
    rng = random.Random(5)
    for _ in range(20):
        game = Game.new(players=3, seed=rng.randrange(10**6))
        cards = list(game.hand(1)[: rng.randint(1, 4)])
        for exercise in (PenaltyExercise(cards), WinnerExercise(finished(game))):
            for said in (exercise.question, exercise.solution(), check(exercise, 3).message):
                count += 1
                if problems(said):
                    found.append((said, problems(said)))
    assert count > 100
    assert found == []


def finished(game: Game) -> Game:
    """``game`` played to its end by greedy moves (the first card play, else the end move)."""
    while not game.is_over():
        moves = game.legal_moves()
        plays = [move for move in moves if isinstance(move, PlayCard)]
        game.play(plays[0] if plays else next(m for m in moves if isinstance(m, EndTurn)))
    return game


@pytest.mark.parametrize(
    "rules",
    [Rules(players=3), Rules(players=2, corners_version=True), Rules(players=4, target=5)],
    ids=["standard", "corners", "short match"],
)
def test_summaries_and_hints_say_cards_and_moves_in_words(rules: Rules) -> None:
    found = []
    for seed in range(6):
        game = finished(Game.new(seed=seed, rules=rules))
        outcome = game.outcome()
        assert outcome is not None
        line = outcome_line(
            outcome,
            lambda p: "You" if p == 1 else f"P{p}",
            game.hand_sizes(),
            corners_version=rules.corners_version,
        )
        session = PlaySession(game, viewer=1)
        summary = session.summary(game)
        assert summary is not None
        for said in (line, summary["why"], summary["line"], session.status()):
            found += [(said, p) for p in problems(said)]
        fresh = Game.new(seed=seed, rules=rules)
        said = hint(fresh).reason
        found += [(said, p) for p in problems(said)]
    assert found == []
