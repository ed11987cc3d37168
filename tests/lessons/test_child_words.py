"""What a 10- to 14-year-old reads in a lesson: "you" and "the player on your left", never a seat
code (P1..P6), and no notation, in narration, hints, confirmations and after-texts; the first
lesson says what "shed" means and which suits are red and which black."""

from __future__ import annotations

import re

import pytest

from kingscorner_widget.lessons import LessonRun, lesson_names, load_lesson

NOTATION = re.compile(
    r"\bP[1-9]\b"  # a seat code
    r"|\b(?:10|[2-9TJQKA])[cdhs]\b"  # a card in notation
    r"|\b(?:NE|SE|SW|NW|N|E|S|W)\b(?![a-z'])"  # a space code
    r"|>|\bnotation\b"  # a move in notation, or the word itself
)


def said(text: str) -> list[str]:
    return [match.group(0) for match in NOTATION.finditer(text)]


def walk(name: str) -> list[str]:
    """Everything a learner reads walking the lesson: each step's texts, every hint in turn,
    and every confirmation as the step's moves are played."""
    lesson = load_lesson(name)
    run = LessonRun(lesson)
    texts = [lesson.title, lesson.summary]
    for number in range(len(lesson.steps)):
        step = run.step
        texts += [step.title, step.narration, *step.hints, step.after, step.reason]
        texts += [run.next_hint() for _ in range(len(step.hints) + 2)]
        while step.interactive and not run.step_done:
            move = run.show_me()[0]
            texts.append(run.try_move(move).message)
        if number + 1 < len(lesson.steps):
            run.next()
    return texts


@pytest.mark.parametrize("name", lesson_names())
def test_a_lesson_speaks_to_the_learner_without_notation_or_seat_codes(name: str) -> None:
    for text in walk(name):
        assert not said(text), (said(text), text)


def test_the_scan_would_see_notation_and_seat_codes() -> None:
    assert said("It is P2's turn: play Th>N (the ten of hearts, Th) on N.") == [
        "P2",
        "Th",
        ">",
        "N",
        "Th",
        "N",
    ]
    assert not said("Nobody wins. Shed the ten, then the nine of spades. North, east, south.")


def test_the_first_lesson_says_what_shed_means_and_which_suits_are_red() -> None:
    steps = load_lesson("moves").steps
    first = steps[0].narration
    assert "Hearts and diamonds are **red**, clubs and spades **black**" in first
    shed = next(step.narration for step in steps if "shed" in step.narration.lower())
    assert "To **shed** a card is to get it out of your hand onto the table" in shed


@pytest.mark.parametrize("name", lesson_names())
def test_a_hint_adds_something_the_narration_did_not_say(name: str) -> None:
    for step in load_lesson(name).steps:
        for hint in step.hints:
            assert hint.strip() not in step.narration, (step.title, hint)
