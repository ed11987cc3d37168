"""Running lessons: moves checked by the engine, hints, show me, stepping."""

from __future__ import annotations

import re

import pytest

from kingscorner_widget.engine.cards import Card
from kingscorner_widget.engine.moves import parse_move
from kingscorner_widget.engine.reasons import Reason
from kingscorner_widget.engine.words import (
    count_words,
    instruction,
    kind_again,
    move_kind,
    no_or_count,
    refusal,
)
from kingscorner_widget.lessons import LessonRun, builtin_lessons, lesson_names, load_lesson
from kingscorner_widget.lessons.search import max_shed


def run_at(name: str, step: int) -> LessonRun:
    return LessonRun(load_lesson(name), start=step - 1)


def test_builtin_lessons_are_all_there() -> None:
    assert lesson_names() == [
        "moves",
        "worked-turn",
        "pile-transfer",
        "dealt-kings",
        "stacking",
        "ace",
        "stock-and-blocked",
        "scoring-hand",
        "scoring-match",
        "best-turn",
        "draw-first",
        "must-play",
        "kings-first",
        "draw-until-fits",
        "pictures-count",
        "heavy-count",
        "elimination",
        "corners-version",
    ]
    assert [lesson.title for lesson in builtin_lessons()] == [
        "Every kind of move",
        "A worked turn",
        "The pile-transfer combo",
        "Dealt kings",
        "Stacking the starting cards",
        "The ace as a dead end",
        "The stock runs out",
        "Scoring a hand",
        "Scoring a match",
        "Find the best turn",
        "House rule: draw first",
        "House rule: must play",
        "House rule: kings first",
        "House rule: draw until it fits",
        "House rule: the pictures count",
        "House rule: the heavy count",
        "House rule: elimination",
        "House rule: the corners version",
    ]
    with pytest.raises(ValueError, match="there is no built-in lesson 'chess'"):
        load_lesson("chess")


def every_step() -> list[tuple[str, int]]:
    return [
        (name, number)
        for name in lesson_names()
        for number in range(1, len(load_lesson(name).steps) + 1)
    ]


@pytest.mark.parametrize(("name", "number"), every_step())
def test_every_expected_sequence_plays_to_completion(name: str, number: int) -> None:
    run = run_at(name, number)
    step = run.step
    for sequence in step.expect:
        run.restart_step()
        for i, move in enumerate(sequence):
            if len(run.played) > i:
                continue  # the lesson played this one for another seat
            assert not run.step_done
            assert run.game.turn == step.learner  # the learner only ever plays their own seat
            feedback = run.try_move(move)
            assert feedback.accepted, (move, feedback.message)
            assert feedback.step_done == (len(run.played) == len(sequence))
        assert feedback.message.endswith(step.after or "Well done: that completes the step.")
        assert [str(m) for m in run.played] == list(sequence)
        assert run.show_me() == []
    if not step.interactive:
        assert run.step_done


@pytest.mark.parametrize(("name", "number"), every_step())
def test_show_me_completes_the_step(name: str, number: int) -> None:
    run = run_at(name, number)
    moves = run.show_me()
    assert bool(moves) == run.step.interactive
    for i, move in enumerate(moves):
        if len(run.played) > i:
            continue  # the lesson played this one for another seat
        assert run.try_move(move).accepted
    assert run.step_done
    assert [str(m) for m in run.played] == [str(m) for m in moves]


@pytest.mark.parametrize(("name", "number"), every_step())
def test_every_first_move_is_either_accepted_or_changes_nothing(name: str, number: int) -> None:
    run = run_at(name, number)
    if not run.step.interactive:
        return
    for move in run.game.legal_moves():
        run.restart_step()
        before = run.game.position()
        feedback = run.try_move(move)
        if feedback.accepted:
            assert run.played[0] == move  # then any replies the lesson plays for others
            assert run.game.moves[len(run.played) - 1] == run.played[-1]
        else:
            assert run.played == []
            assert run.game.position() == before
            assert feedback.message
            assert not feedback.step_done


def test_an_illegal_move_gets_the_engines_reason_and_changes_nothing() -> None:
    run = run_at("worked-turn", 1)
    before = run.game.position()
    feedback = run.try_move("Th>E")
    said = refusal(run.game.violation("Th>E"), plain=True) or ""
    assert feedback == type(feedback)(False, said, False)  # in words alone: a child reads it
    assert "(Th)" not in said
    assert "a card must be exactly one rank lower" in feedback.message
    assert run.game.position() == before
    assert run.played == []
    assert run.game.violation("Qh>N") == Reason("not_in_hand", Card.parse("Qh"))
    assert run.try_move("Qh>N").message == refusal(run.game.violation("Qh>N"), plain=True)
    assert run.try_move("nonsense").message.startswith("'nonsense' is not a move")


def test_a_weaker_legal_move_is_compared_with_the_best() -> None:
    run = run_at("ace", 1)
    before = run.game.position()
    best = max_shed(run.game)
    trial = run.game.copy()
    trial.play("4c>E")
    after = 1 + max_shed(trial)
    assert (after, best) == (2, 3)
    feedback = run.try_move("4c>E")
    assert not feedback.accepted
    wanted = move_kind(run.game, run.show_me()[0])
    assert wanted == "a pile move"
    assert feedback.message == (
        f"after that move this turn can play at most {no_or_count(after)}; "
        f"the best turn here plays {count_words(best)} — try {wanted} first"
    )
    assert run.game.position() == before
    ending = run.try_move("draw")
    assert ending.message == (
        f"ending the turn now plays {no_or_count(0)} this turn; the best turn here plays "
        f"{count_words(best)} — try {wanted} first"
    )
    run = run_at("moves", 4)
    kind = move_kind(run.game, parse_move("2c>S"))
    assert kind == move_kind(run.game, run.show_me()[0])  # the same kind of move
    assert run.try_move("2c>S").message == (
        f"after that move this turn can play at most {no_or_count(1)}; the best turn here plays "
        f"{count_words(max_shed(run.game))} — try another {kind_again(kind)}"
    )
    assert max_shed(run.game) == 2


def test_a_move_off_the_lesson_gets_told_what_the_step_is_about() -> None:
    run = run_at("pile-transfer", 1)  # a step that teaches one named move says so
    assert run.try_move("6s>W").message == (
        "that is legal, but this step teaches one move: move the west pile onto the nine of "
        "diamonds"
    )
    run = run_at("ace", 1)  # a step asking for cards compares what a move leaves
    wanted = move_kind(run.game, run.show_me()[0])
    assert wanted != move_kind(run.game, parse_move("4c>E"))
    assert run.try_move("4c>E").message.endswith(f"try {wanted} first")
    run = run_at("moves", 2)  # a king to a corner
    assert not run.try_move("draw").accepted


def test_a_shedding_step_accepts_any_order_that_still_reaches_the_count() -> None:
    run = run_at("pile-transfer", 4)
    assert run.step.sheds == 3
    assert run.try_move("6s>W").accepted  # the six first: the pile still moves by its eight
    assert [str(m) for m in run.show_me()] == ["W>N", "Qd>W", "Jc>W"]
    assert run.try_move("W>N").accepted
    assert not run.try_move("draw").accepted
    assert run.try_move("Qd>W").accepted
    feedback = run.try_move("Jc>W")
    assert feedback.accepted
    assert feedback.step_done
    assert run.game.cards_played_this_turn == 3
    assert not run.try_move("draw").accepted  # the step is done: go on


def test_a_shedding_step_off_the_listed_solutions_still_shows_a_way() -> None:
    run = run_at("worked-turn", 3)
    assert run.try_move("S>E").accepted
    assert [str(m) for m in run.show_me()] == ["4h>E"]
    run.restart_step()
    assert run.try_move("4h>W").accepted  # any way out is a turn that sheds the card
    assert run.step_done
    assert run.game.outcome() is not None


def test_hints_get_more_specific_then_repeat() -> None:
    run = run_at("pile-transfer", 1)
    hints = [run.next_hint() for _ in range(5)]
    assert hints[:2] == list(run.step.hints)
    first = run.show_me()[0]
    assert str(first) == "W>N"
    assert hints[2] == f"{instruction(run.game, first)}."  # words, no notation
    assert hints[3] == hints[4] == hints[2]
    assert len(set(hints)) == 3
    run.next()
    assert run.next_hint() == run.step.hints[0]  # a new step starts from the first hint


def test_the_last_hint_follows_the_learners_progress() -> None:
    run = run_at("pile-transfer", 2)
    for _ in run.step.hints:
        run.next_hint()
    assert run.next_hint() == "Put the queen of diamonds in the empty west space."
    run.try_move("Qd>W")
    assert run.next_hint() == "Play the jack of clubs onto the queen of diamonds."
    run.try_move("Jc>W")
    assert run.next_hint() == "This step is done: go on to the next one."


def test_next_back_progress_and_done() -> None:
    lesson = load_lesson("worked-turn")
    run = LessonRun(lesson)
    assert run.progress == (1, 3)
    assert run.index == 0
    assert not run.back()
    assert run.next()
    assert run.progress == (2, 3)
    assert run.game.position() == lesson.steps[1].new_game().position()
    assert run.back()
    assert run.index == 0
    run.try_move("Th>N")
    assert run.next()
    assert run.next()
    assert run.progress == (3, 3)
    assert not run.done
    assert not run.next()
    assert run.index == 2
    run.try_move("4h>S")
    assert run.done
    with pytest.raises(IndexError):
        run.go_to(3)


def test_restart_step_puts_the_table_back() -> None:
    run = run_at("stacking", 1)
    start = run.game.position()
    run.try_move("E>N")
    assert run.game.position() != start
    assert run.played
    run.restart_step()
    assert run.game.position() == start
    assert run.played == []


def test_a_step_without_expectation_is_done_from_the_start() -> None:
    run = run_at("scoring-match", 2)
    assert run.step_done
    assert run.show_me() == []
    assert run.game.is_over()
    assert not run.try_move("draw").accepted


def test_the_worked_turn_goes_out_after_three_cards() -> None:
    run = LessonRun(load_lesson("worked-turn"))
    run.try_move("Th>N")
    run.next()
    run.try_move("Ks>NE")
    run.next()
    run.try_move("4h>S")
    outcome = run.game.outcome()
    assert outcome is not None
    assert outcome.went_out == 1
    assert refusal(run.game.violation("S>E")) == "the hand is over: P1 went out"


def test_a_step_with_nothing_to_play_says_so_when_asked_for_a_hint() -> None:
    run = run_at("scoring-match", 3)
    assert run.next_hint() == "Nothing to play in this step: read it, then go on to the next one."


def test_reprs_are_short_and_stable() -> None:
    lesson = load_lesson("pile-transfer")
    assert repr(lesson) == "<Lesson 'The pile-transfer combo': 5 steps>"
    run = LessonRun(lesson)
    run.try_move("W>N")
    assert repr(run) == (
        "<LessonRun 'The pile-transfer combo': step 1 of 5 (Spot the transfer), done>"
    )
    assert lesson.outline().splitlines()[1:3] == [
        "1. Spot the transfer",
        "2. A queen for the space",
    ]


@pytest.mark.parametrize("name", ["pile-transfer", "ace", "best-turn"])
def test_comparisons_agree_with_the_analysis(name: str) -> None:
    """At the start of a step, the runner's shed counts are the ones analysis.explain gives."""
    import re

    from kingscorner_widget.analysis import explain

    lesson = load_lesson(name)
    compared = 0
    for index in range(len(lesson.steps)):
        run = LessonRun(lesson, start=index)
        for move in run.game.legal_moves():
            message = run.try_move(move).message
            run.restart_step()
            found = re.match(
                r"(?:after that move this turn can play at most|ending the turn now plays) "
                r"(no card|\d+ cards?)(?: this turn)?; "
                r"the best turn here plays (\d+) cards?",
                message,
            )
            if found is None:
                continue
            words, best = found.groups()
            assert f"sheds {words} this turn; the best turn sheds {best}." in explain(
                run.game, move
            )
            compared += 1
    assert compared


def test_a_comparison_after_a_card_counts_the_whole_turn_as_at_most() -> None:
    run = run_at("best-turn", 6)
    for move in ("S>E", "N>W", "3c>N"):  # two pile moves, then one card
        assert run.try_move(move).accepted
    messages = [run.try_move(m).message for m in run.game.legal_moves() if not run.accepts(m)]
    weaker = [m for m in messages if m.startswith("after that move")]
    assert weaker
    for message in weaker:
        found = re.match(
            r"after that move this turn can play at most (\d+) cards? in all \(1 played so far\); "
            r"the best turn from here plays 4 cards in all",
            message,
        )
        assert found, message
        assert 1 <= int(found[1]) < 4
    best = 1 + max_shed(run.game)  # one card played so far, and the most that can follow
    assert best == 4
    assert (
        f"ending the turn now stops this turn at {no_or_count(1)}; "
        f"the best turn from here plays {best} cards in all"
    ) in run.try_move("draw").message
