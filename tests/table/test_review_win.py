"""Review mode by win chance: the chances arrive in the background while the learner steps, the
table says so until they do, the better turn is the best by win chance, and its practice lesson
accepts any turn within the luck of the deals of the best."""

from __future__ import annotations

import functools
import threading
import time

import pytest

from kingscorner_widget import Game
from kingscorner_widget.analysis import review
from kingscorner_widget.table import PlaySession, PracticeSession, ReviewSession
from tests.table.test_review_session import played_hand

WORLDS = 40


@functools.cache
def hand_with_a_loss() -> Game:
    """A hand whose reviewed player lost a significant chance in some turn."""
    for seed in range(30):
        game = played_hand(seed, players=2)
        judged = review(game, 1, judge="win", worlds=WORLDS, progress=False)
        if judged.to_learn and any(t.win and t.win.best_moves[:-1] for t in judged.to_learn):
            return game
    raise AssertionError("no seeded hand with a turn to learn from")


def test_each_click_answers_at_once_and_the_chances_arrive_in_the_background() -> None:
    game = hand_with_a_loss()
    arrived: list[int] = []
    start = time.perf_counter()
    session = ReviewSession(game, viewer=1, judge="win", worlds=WORLDS)
    assert time.perf_counter() - start < 1.0
    estimates = session.estimates
    assert estimates is not None
    estimates.listener = lambda: arrived.append(estimates.done)
    if session.estimating:
        panel = session.extra()["review"]
        assert panel["estimating"] is True
        assert panel["verdict"] is None
        assert panel["win"] is None
        assert "Estimating the chances of winning" in session.status()
        assert session.show().refused
    for _ in range(len(session.review.turns) - 1):
        clicked = time.perf_counter()
        assert not session.forward().refused
        assert time.perf_counter() - clicked < 1.0
    assert estimates.wait(300)
    assert arrived  # the listener heard each arrival
    by_win = review(game, 1, judge="win", worlds=WORLDS, progress=False)
    for index, expected in enumerate(by_win.turns):
        session._go(index)
        panel = session.extra()["review"]
        assert panel["estimating"] is False
        assert panel["verdict"] == expected.verdict
        assert expected.win is not None
        chances = panel["win"]
        assert chances is not None
        assert chances["played"] == expected.win.played
        assert chances["best"] == expected.win.best
        assert chances["mostCardsShed"] == expected.best_shed
        assert [m["notation"] for m in panel["best"]] == [str(m) for m in expected.win.best_moves]
    assert session.extra()["review"]["summary"]["accuracy"] == by_win.accuracy


def test_show_plays_the_best_turn_by_win_chance_and_a_best_turn_says_so() -> None:
    game = hand_with_a_loss()
    session = ReviewSession(game, viewer=1, judge="win", worlds=WORLDS)
    assert session.estimates is not None
    assert session.estimates.wait(300)
    learn = session.judged().to_learn
    target = next(t for t in learn if t.win and t.win.best_moves[:-1])
    session._go(target.number - 1)
    reply = session.show()
    assert not reply.refused
    assert "chance of winning is" in reply.status
    assert target.win is not None
    plays = [m for m in target.win.best_moves if str(m) not in ("draw", "pass")]
    assert list(reply.moves) == plays
    last = reply
    while session.waiting is not None:
        last = session.step()
    assert session._shown
    assert "That is the best turn found by chance of winning" in last.status
    best = [t for t in session.judged().turns if t.verdict == "best"]
    if best:
        session._go(best[0].number - 1)
        refused = session.show()
        assert refused.refused
        assert "you played a best turn here" in refused.status.lower()
        show = next(c for c in session.snapshot(1)["actions"] if c["kind"] == "show")
        assert show["label"] == "You played a best turn"
        assert show["enabled"] is False


def test_practice_from_a_win_review_accepts_a_turn_within_the_noise_of_the_best() -> None:
    game = hand_with_a_loss()
    session = ReviewSession(game, viewer=1, judge="win", worlds=WORLDS)
    assert session.estimates is not None
    assert session.estimates.wait(300)
    reply = session.practise()
    assert not reply.refused
    assert isinstance(reply.opens, PracticeSession)
    run = reply.opens.run
    lesson = run.lesson
    judged = session.judged().to_learn
    assert len(lesson.steps) == len(judged)
    for number, (step, turn) in enumerate(zip(lesson.steps, judged, strict=True)):
        assert turn.win is not None
        run.go_to(number)
        # the practice measures on the review's own view and deals: the best keeps its chance
        assert run.judge_turn(turn.win.best_moves).best == turn.win.best
        for accepted in turn.win.near_best:  # every turn within the noise completes the step
            whole = [str(m) for m in accepted]
            whole = whole[: next((i + 1 for i, m in enumerate(whole) if m in END), len(whole))]
            assert tuple(whole) in step.expect
            run.go_to(number)
            for move in whole:
                assert run.try_move(move).accepted
            assert run.step_done, (whole, step.expect)


END = ("draw", "pass")


def test_where_no_thread_can_start_every_turn_is_judged_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Pyodide (the browser course) starts no thread: the table judges the turns when it opens."""

    def refuse(self: threading.Thread) -> None:
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", refuse)
    session = ReviewSession(played_hand(0, players=2), viewer=1, judge="win", worlds=WORLDS)
    estimates = session.estimates
    assert estimates is not None
    assert estimates.complete
    assert estimates.wait(0)
    assert not session.estimating


def test_the_practice_table_refuses_a_worse_turn_and_keeps_the_learners_moves() -> None:
    session = ReviewSession(hand_with_a_loss(), viewer=1, judge="win", worlds=WORLDS)
    assert session.estimates is not None
    assert session.estimates.wait(300)
    practice = session.practise().opens
    assert isinstance(practice, PracticeSession)
    run = practice.run
    best = run.step.expect[0]
    assert best[-1] not in END  # this hand's first turn to learn from goes out
    start = practice.game.position(practice.learner)
    refused = practice.play("draw")
    assert refused.refused
    assert "fewer wins in every 100 games" in refused.status
    assert practice.game.position(practice.learner) == start
    assert run.played == []
    other = next(m for m in practice.game.legal_moves() if str(m) not in (best[0], *END))
    assert not practice.play(other).refused  # a move off the best turn is played
    show = next(a for a in practice.snapshot(1)["actions"] if a["kind"] == "show")
    assert show["enabled"] is False
    assert "take them back to see it" in str(show["why"])
    assert not practice.act("undo").refused
    assert practice.game.position(practice.learner) == start
    show = next(a for a in practice.snapshot(1)["actions"] if a["kind"] == "show")
    assert show["enabled"] is True


def test_a_review_switches_between_cards_and_win_chance_and_back() -> None:
    session = ReviewSession(hand_with_a_loss(), viewer=1, worlds=WORLDS)
    assert session.estimates is None
    label = next(a for a in session.snapshot(1)["actions"] if a["kind"] == "judge")["label"]
    assert label == "Judge by chance of winning"
    reply = session.act("judge")
    assert reply.status.startswith("Judging by chance of winning. Turn 1 of")
    assert session.judge == "win"
    estimates = session.estimates
    assert estimates is not None
    assert estimates.wait(300)
    assert session.turn.win is not None
    assert session.snapshot(2)["review"]["judge"] == "win"
    assert session.act("judge").status.startswith("Judging by cards played.")
    assert session.estimates is None
    assert session.turn.win is None
    session.act("judge")  # back again: the chances are kept, not worked out anew
    assert session.estimates is estimates


def test_review_this_hand_judges_by_the_tables_setting() -> None:
    play = PlaySession(hand_with_a_loss(), viewer=1, judge="win")
    review_table = play.review_hand().opens
    assert isinstance(review_table, ReviewSession)
    assert review_table.judge == "win"
    assert review_table.estimates is not None
