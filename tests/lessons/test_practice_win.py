"""A practice step judged by win chance: any whole turn the deals cannot tell from the best
completes it, measured when the learner ends the turn; a worse turn is refused and changes
nothing."""

from __future__ import annotations

from typing import Any

import pytest

from kingscorner_widget import Game
from kingscorner_widget.analysis import review
from kingscorner_widget.analysis.players import GreedyPlayer, Player, RandomPlayer
from kingscorner_widget.lessons import Lesson, LessonRun

OUT = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
"""P1 can go out: 4h>S, Th>N and Ks>NE, in any order."""


def lesson(**step: Any) -> Lesson:
    data = {
        "position": OUT,
        "narration": "Find the best turn.",
        "expect": [["4h>S", "Th>N", "Ks>NE"]],
        "judge": "win",
        "worlds": 60,
    }
    data.update(step)
    return Lesson.from_dict({"title": "Practice", "steps": [data]})


def test_a_turn_the_step_does_not_list_is_judged_on_the_deals_and_completes_it() -> None:
    run = LessonRun(lesson())
    for move in ("Th>N", "Ks>NE"):
        feedback = run.try_move(move)
        assert feedback.accepted
        assert not feedback.step_done
        assert "Play on, or end the turn" in feedback.message
    feedback = run.try_move("4h>S")
    assert feedback.accepted
    assert feedback.step_done
    assert feedback.message.startswith("You went out")
    assert run.done


def test_a_worse_turn_is_refused_with_the_chances_and_changes_nothing() -> None:
    run = LessonRun(lesson())
    feedback = run.try_move("draw")
    assert not feedback.accepted
    assert not feedback.step_done
    assert (
        "fewer wins in every 100 games, more than luck explains in 60 games played out"
        in feedback.message
    )
    assert feedback.message.endswith("Try another turn.")
    assert run.played == []
    assert run.game.position(1) == OUT
    run.try_move("Th>N")
    before = run.game.position(1)
    feedback = run.try_move("draw")
    assert not feedback.accepted
    assert feedback.message.endswith("Take back a move or two and try another turn.")
    assert run.game.position(1) == before
    assert [str(m) for m in run.played] == ["Th>N"]


def test_the_same_turn_is_measured_once_and_alike_on_a_twin_run() -> None:
    first, twin = LessonRun(lesson()), LessonRun(lesson())
    assert first.try_move("draw").message == twin.try_move("draw").message
    judged = first.judge_turn(first.game.legal_moves()[-1:])
    assert first.judge_turn(first.game.legal_moves()[-1:]) is judged


def test_show_me_follows_the_best_turn_and_says_why_not_once_the_learner_leaves_it() -> None:
    run = LessonRun(lesson())
    assert [str(m) for m in run.show_me()] == ["4h>S", "Th>N", "Ks>NE"]
    assert run.show_me_blocked() is None
    run.try_move("Th>N")
    assert run.show_me() == []
    assert "take them back to see it" in (run.show_me_blocked() or "")
    hints = [run.next_hint() for _ in range(3)]
    assert hints[-1].endswith("take them back to see it.")


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"expect": []}, "needs its best turn in expect"),
        ({"sheds": 3}, "does not count cards"),
        ({"expect": [["Th>N"]]}, "is not a whole turn"),
        ({"expect": [["draw", "Th>N"]]}, "not legal there"),
        ({"worlds": 1}, "worlds must be a whole number of sampled deals from 2 to 1000"),
        ({"worlds": 10**9}, "from 2 to 1000"),
        ({"worlds": True}, "worlds must be"),
        ({"judge": "cards"}, "judge must be 'moves' or 'win'"),
        ({"viewer": 2}, "viewer must be the player to move"),
    ],
)
def test_a_malformed_win_step_is_refused_with_its_reason(
    change: dict[str, Any], error: str
) -> None:
    with pytest.raises(ValueError, match=error):
        lesson(**change)


def test_a_win_step_keeps_its_judge_and_deals_through_json() -> None:
    practice = lesson()
    text = practice.to_json()
    assert '"judge": "win"' in text
    assert '"worlds": 60' in text
    assert Lesson.from_json(text) == practice
    assert (
        "judge"
        not in Lesson.from_dict(
            {"title": "t", "steps": [{"position": OUT, "narration": "n"}]}
        ).to_json()
    )


def played_hand(seed: int) -> Game:
    game = Game.new(players=2, seed=seed)
    players: list[Player] = [RandomPlayer(seed=seed), GreedyPlayer()]
    while not game.is_over():
        game.play(players[game.turn - 1].choose(game.observation(game.turn)))
    return game


def test_a_practice_lesson_from_a_win_review_accepts_the_measured_turns_and_others() -> None:
    for seed in range(40):
        reviewed = review(played_hand(seed), player=1, judge="win", worlds=60, progress=False)
        if reviewed.to_learn:
            break
    practice = Lesson.from_review(reviewed, inaccuracies=True)
    assert len(practice.steps) == len(reviewed.to_learn)
    for number, (step, turn) in enumerate(zip(practice.steps, reviewed.to_learn, strict=True)):
        assert turn.win is not None
        assert step.judge == "win"
        assert step.worlds == 60
        assert step.expect[0] == tuple(map(str, turn.win.best_moves))
        for accepted in step.expect:  # the best and every turn measured within its noise
            run = LessonRun(practice, start=number)
            for move in accepted:
                feedback = run.try_move(move)
                assert feedback.accepted, (accepted, feedback.message)
            assert run.step_done
        run = LessonRun(practice, start=number)  # the turn played is judged afresh
        *moves, end = turn.moves
        assert all(run.try_move(move).accepted for move in moves)
        judged = run.judge_turn((*moves, end))
        feedback = run.try_move(end)
        assert feedback.accepted == (judged.verdict == "best")
        assert ("fewer wins in every 100 games" in feedback.message) != feedback.accepted


def test_the_lesson_schema_takes_a_win_step() -> None:
    import jsonschema  # type: ignore[import-untyped]

    from kingscorner_widget.lessons import lesson_schema

    check = jsonschema.Draft202012Validator(lesson_schema())
    check.validate(lesson().to_dict())
    bad = lesson().to_dict()
    bad["steps"][0]["worlds"] = 5000
    assert list(check.iter_errors(bad))


def test_practice_run_measures_on_the_reviews_own_view_and_deals() -> None:
    from kingscorner_widget.lessons import practice_run

    for seed in range(40):
        game = played_hand(seed)
        reviewed = review(game, player=1, judge="win", worlds=60, progress=False)
        if reviewed.to_learn:
            break
    run = practice_run(reviewed, game, inaccuracies=True)
    for number, turn in enumerate(reviewed.to_learn):
        assert turn.win is not None
        run.go_to(number)
        judged = run.judge_turn(turn.moves)
        assert (judged.played, judged.best) == (turn.win.played, turn.win.best)
    other = played_hand(seed + 1)
    with pytest.raises(ValueError, match=r"not the one reviewed|no hand"):
        practice_run(reviewed, other, inaccuracies=True)
