"""Every built-in lesson walked through the table session, as a learner would: a wrong move at
each step first (refused in words, nothing changed), then the intended moves."""

from __future__ import annotations

import pytest

from kingscorner_widget.engine.moves import Move
from kingscorner_widget.engine.words import listed
from kingscorner_widget.lessons import lesson_names, load_lesson
from kingscorner_widget.table import LessonSession
from kingscorner_widget.table.lesson import AFRESH


def wrong_move(s: LessonSession) -> Move | str:
    """A legal move the step does not want, else a card the learner does not hold."""
    run = s.run
    for move in run.game.legal_moves():
        if not run.accepts(move):
            return move
    held = set(map(str, run.game.hand(s.learner)))
    return next(
        f"{r}{suit}>N" for suit in "shdc" for r in "A23456789TJQK" if f"{r}{suit}" not in held
    )


@pytest.mark.parametrize("name", lesson_names())
def test_a_learner_walks_every_step_of_every_lesson(name: str) -> None:
    s = LessonSession(name)
    lesson = load_lesson(name)
    for number, step in enumerate(lesson.steps):
        assert s.run.index == number
        snap = s.snapshot(1, None)
        assert snap["viewer"] == step.learner  # the hand shown as yours is the learner's
        if step.interactive:
            before = s.game.position()
            wrong = wrong_move(s)
            reply = s.play(wrong)
            assert reply.refused, (step.title, wrong)
            assert len(reply.status.split()) >= 4, reply.status  # a reason in words
            assert s.game.position() == before
            assert s.run.played == []
            assert not s.snapshot(1, None)["lesson"]["stepDone"]
            sequence = step.expect[0]
            for i, move in enumerate(sequence):
                if len(s.run.played) > i:
                    continue  # the lesson played another seat's move
                assert s.game.turn == s.learner
                reply = s.play(move)
                assert not reply.refused, (step.title, move, reply.status)
            assert s.snapshot(1, None)["lesson"]["stepDone"], step.title
            assert [str(m) for m in s.run.played] == list(sequence)
            assert "Press Next" in reply.status or s.run.done
        left = s.game.position(player=s.learner)
        if number + 1 < len(lesson.steps):
            reply = s.next()
            assert not reply.refused
            fresh = s.game.position(player=s.learner) != left
            assert (AFRESH in reply.status) == fresh, reply.status
    assert s.run.done
    end = s.status("done")
    assert "That is the end of the lesson: press Restart" in end
    last = name == lesson_names()[-1]
    assert ("Next lesson" in end) != last
    # Restart goes back to the first step; Next lesson opens the following one
    assert not s.new().refused
    assert s.run.index == 0
    assert s.run.lesson is lesson


def test_the_end_of_a_lesson_leads_to_the_next_one() -> None:
    s = LessonSession("worked-turn")
    assert s.new().refused  # not before the lesson is done
    assert s.forward().refused  # before the end, forward is next: not before the step is done
    assert s.skip().status.startswith("Step 2 of 3")  # the teacher's way on
    for move in ("Ks>NE",):
        s.play(move)
    s.next()
    s.play("4h>S")
    assert s.run.done
    assert s.snapshot(1, None)["lesson"]["nextLesson"] == "The pile-transfer combo"
    reply = s.forward()
    assert reply.status == "Step 1 of 5: Spot the transfer."
    assert s.run.lesson is load_lesson("pile-transfer")
    assert s.snapshot(1, None)["title"] == "The pile-transfer combo"


def test_every_kind_of_move_keeps_both_corners_the_learner_chose() -> None:
    """The first lesson: the king in SW (the lesson writes NE), and later the king of diamonds'
    pile in NW (the lesson writes SE); every later step keeps both."""
    s = LessonSession("moves")
    s.play("Th>N")
    s.next()
    s.play("Ks>SW")
    reply = s.next()
    assert "SW:Ks" in s.game.position()
    assert "NE:-" in s.game.position()
    # the step changes the south pile and the hand on purpose, and says so
    assert reply.status == (
        f"Step 3 of 6: Moving a whole pile. {AFRESH}: it starts with "
        f"{listed(['a new south pile', 'new cards in your hand', 'a new stock'])}."
    )
    for move in ("S>E",):
        s.play(move)
    s.next()
    for move in ("8c>S", "7d>S"):
        s.play(move)
    s.next()
    assert "SW:Ks" in s.game.position()
    assert not s.play("W>NW").refused
    s.next()
    position = s.game.position()
    for corner in ("NE:-", "SE:-", "SW:Ks", "NW:KdQs"):
        assert corner in position, position


def test_a_step_that_continues_the_table_says_nothing_about_a_reset() -> None:
    s = LessonSession("worked-turn")
    s.play("Th>N")
    s.next()
    s.play("Ks>SW")  # the lesson's next step has the king in NE
    reply = s.next()
    assert reply.status == "Step 3 of 3: Going out."
    assert "SW:Ks" in s.game.position()
    assert not s.play("4h>S").refused
    assert s.run.done


def test_a_dealt_king_moved_to_another_corner_stays_there() -> None:
    s = LessonSession("dealt-kings")
    s.play("N>NW")
    reply = s.next()
    assert reply.status == "Step 2 of 2: Fill the space."
    assert "NW:Kh" in s.game.position()


def test_a_step_with_a_table_of_its_own_says_so() -> None:
    s = LessonSession("ace")
    own = f"{AFRESH}: it starts from a table of its own."
    assert s.skip().status == f"Step 2 of 2: Playing an ace. {own}"


def test_show_me_in_the_blocked_hand_plays_the_other_seats_pass_too() -> None:
    s = LessonSession(load_lesson("stock-and-blocked"))
    s.skip()
    s.skip()
    assert [str(m) for m in s.show().moves] == ["pass"]  # outlined, played after a beat
    reply = s.step()
    assert [str(m) for m in reply.moves] == ["pass", "pass"]
    assert s.waiting is None
    assert s.run.step_done
    assert [line["notation"] for line in s.history.lines] == ["pass", "pass"]
