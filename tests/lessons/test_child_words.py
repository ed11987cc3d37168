"""What a 10- to 14-year-old reads in a lesson: "you" and "the player on your left", never a seat
code (P1..P6), and no notation, in narration, hints, confirmations and after-texts; the first
lesson says what "shed" means and which suits are red and which black."""

from __future__ import annotations

import re

import pytest

from kingscorner_widget import Count, MatchEnd, Rules
from kingscorner_widget.engine.cards import DECK
from kingscorner_widget.engine.moves import Move, MovePile, PlayCard
from kingscorner_widget.engine.rules import DrawTiming
from kingscorner_widget.engine.spaces import SPACES
from kingscorner_widget.lessons import Lesson, LessonRun, lesson_names, load_lesson, under_rules
from kingscorner_widget.table import LessonSession

OPTIONS: dict[str, Rules] = {
    "standard": Rules(),
    "draw first": Rules(draw_timing=DrawTiming.START),
    "must play": Rules(must_play=True),
    "kings first": Rules(kings_first=True),
    "draw until it fits": Rules(draw_until_fits=True),
    "pictures count": Rules(count=Count.PICTURES),
    "heavy count": Rules(count=Count.HEAVY, target=100),
    "elimination": Rules(match_end=MatchEnd.ELIMINATION),
    "corners version": Rules(corners_version=True),
}
"""Every rule option a class may play a lesson under (one at a time)."""

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


def tries(session: LessonSession) -> list[str]:
    """Every refusal the table gives the learner on the step's table as it stands: each card of
    the hand onto each space, each pile onto each space, a card not in the hand, and ending the
    turn; nothing refused changes the table, and what is accepted is taken back."""
    game = session.game
    learner = session.learner
    said: list[str] = []
    attempts: list[Move] = [PlayCard(c, space) for c in game.hand(learner) for space in SPACES]
    attempts += [MovePile(source, target) for source in SPACES for target in SPACES]
    attempts += [game.end_move()]
    attempts.append(PlayCard(next(c for c in DECK if c not in game.hand(learner)), SPACES[0]))
    for move in attempts:
        before = session.game.position()
        reply = session.play(move)
        if reply.refused:
            said.append(reply.status)
            assert session.game.position() == before, move  # a refusal changes nothing
        else:
            said.append(reply.status)
            session.undo()
    return said


def table_walk(lesson: Lesson) -> list[str]:
    """Everything the table says to a learner walking ``lesson`` by its own answers: statuses,
    every hint, every refusal of every move tried at the start of each step and after each
    move shown, the log and the end of the hand."""
    session = LessonSession(lesson)
    texts = [session.status()]
    while True:
        step = session.run.step
        texts += [step.title, step.narration, *step.hints, step.after, step.reason]
        if step.interactive:
            texts += [session.hint().status for _ in range(len(step.hints) + 2)]
        while step.interactive and not session.run.step_done:
            if session.game.turn == session.learner and not session.game.is_over():
                texts += tries(session)
            texts.append(session.show().status)
            texts.append(session.step().status)
        texts += [line["words"] for line in session.view().log()]
        texts.append(session.status("done"))
        if session.game.is_over():
            summary = session.summary(session.game)
            texts += [session.outcome(), summary["said"] if summary is not None else ""]
        if session.run.done:
            return texts
        texts.append(session.next().status)


def playable(name: str) -> list[tuple[str, Lesson]]:
    out = []
    for option, rules in OPTIONS.items():
        try:
            out.append((option, under_rules(name, rules)))
        except ValueError:
            continue  # the lesson cannot be played under that option: the table refuses it
    return out


@pytest.mark.parametrize("name", lesson_names())
def test_the_table_speaks_to_the_learner_without_notation_under_every_rule_option(
    name: str,
) -> None:
    lessons = playable(name)
    assert lessons  # every lesson is played under one option at least (its own)
    for option, lesson in lessons:
        for text in table_walk(lesson):
            assert not said(text), (option, said(text), text)
            assert not MID_CAPITAL.search(text), (option, text)


MID_CAPITAL = re.compile(r"[a-z,;] (?:You|The player)\b")
"""A player named with a capital inside a sentence ("points: You 5", "; The player on ...")."""


def test_the_scan_would_see_a_capital_you_mid_sentence() -> None:
    assert MID_CAPITAL.search("Left in hand: P1 4 cards, You 2 cards.")
    assert MID_CAPITAL.search("Shown: you draw a card; The player on your left passes.")
    assert not MID_CAPITAL.search("You drew. The player on your left passed.")


def test_a_lessons_log_shows_notation_only_on_a_teachers_table() -> None:
    child, teacher = LessonSession("worked-turn"), LessonSession("worked-turn")
    teacher.teacher = True
    for session in (child, teacher):
        assert not session.play("Th>N").refused
    (mine,) = child.snapshot(1)["log"]
    (theirs,) = teacher.snapshot(1)["log"]
    assert mine["words"] == theirs["words"] == "You play the ten of hearts on the north pile"
    assert (mine["notation"], theirs["notation"]) == ("", "Th>N")
    assert child.snapshot(1)["turns"] == teacher.snapshot(1)["turns"]  # the same recaps
