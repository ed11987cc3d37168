"""Any answer that meets a step's goal is accepted; a learner who does better is told so; a step
that teaches one named move keeps its sequence and says so."""

from __future__ import annotations

from kingscorner_widget.lessons import Lesson, LessonRun, load_lesson

WORKED = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"


def run_at(name: str, number: int) -> LessonRun:
    return LessonRun(load_lesson(name), start=number - 1)


def play(run: LessonRun, *moves: str) -> list[str]:
    said = []
    for move in moves:
        feedback = run.try_move(move)
        assert feedback.accepted, (move, feedback.message)
        said.append(feedback.message)
    return said


def test_going_out_in_another_order_meets_a_go_out_step() -> None:
    run = run_at("kings-first", 1)
    assert run.goal == "out"
    said = play(run, "Ks>SW", "4h>S", "Th>N")  # not the order the lesson lists
    assert run.step_done
    assert said[-1] == run.step.after
    run = run_at("corners-version", 3)
    play(run, "7c>N", "As>SW")  # the seven first, the ace last
    assert run.step_done
    assert run.game.outcome() is not None


def test_any_king_into_any_corner_meets_a_corner_step() -> None:
    run = run_at("moves", 2)
    assert run.goal == "corner"
    play(run, "Ks>SW")
    assert run.step_done
    refused = run_at("moves", 2).try_move("draw")
    assert not refused.accepted
    assert refused.message.endswith("this step is about putting a king into an empty corner")


def test_a_learner_who_does_better_than_the_step_asked_is_told_so() -> None:
    lesson = Lesson.from_dict(
        {
            "title": "A corner",
            "steps": [
                {
                    "position": WORKED,
                    "narration": "Put the king in a corner.",
                    "goal": "corner",
                    "expect": [["Ks>NE"]],
                    "after": "The corner is open.",
                }
            ],
        }
    )
    run = LessonRun(lesson)
    first = run.try_move("4h>S")  # not a corner, but the whole hand can still go
    assert first.accepted
    assert not first.step_done
    assert first.message.endswith("you can still go out this turn from here: keep going.")
    play(run, "Th>N")
    last = run.try_move("Ks>NE")
    assert last.step_done
    assert last.message == "You went out: even better than this step asked, so the step is done."
    # a move that gives up going out is still refused
    assert not LessonRun(lesson).try_move("draw").accepted


def test_a_turn_ending_step_accepts_any_turn_that_does_the_most() -> None:
    run = run_at("must-play", 1)
    assert run.goal == "end"
    assert not run.try_move("draw").accepted  # must play: the ten fits
    play(run, "Th>N", "9s>N")
    done = run.try_move("draw")
    assert done.step_done
    assert done.message == run.step.after


def test_draw_until_it_fits_says_what_the_draw_did_and_keeps_the_turn() -> None:
    run = run_at("draw-until-fits", 1)
    drew = run.try_move("draw")
    assert drew.accepted
    assert not drew.step_done
    assert drew.message == (
        "Yes: you drew 3 cards until one fitted: the four of clubs. It must be played now. "
        "Keep going."
    )
    play(run, "4c>S")
    last = run.try_move("draw")
    assert last.step_done
    assert last.message == run.step.after


def test_a_named_move_step_keeps_its_move_and_says_so() -> None:
    run = run_at("pile-transfer", 1)
    assert run.goal == "card"
    refused = run.try_move("6s>W")
    assert not refused.accepted
    assert refused.message.startswith("that is legal, but this step teaches one move: ")


def test_a_hold_back_step_says_why_it_holds_back() -> None:
    run = run_at("stock-and-blocked", 3)
    assert run.goal == "hold"
    refused = run.try_move("7h>NE")
    assert not refused.accepted
    assert refused.message == (
        f"that is legal, but this step holds those cards back: {run.step.reason}"
    )
