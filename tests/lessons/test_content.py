"""What the built-in lessons say is true on their tables."""

from __future__ import annotations

from kingscorner_widget.engine.cards import Card
from kingscorner_widget.engine.moves import EndTurn, MovePile, PlayCard
from kingscorner_widget.engine.reasons import Reason
from kingscorner_widget.engine.scoring import hand_penalty
from kingscorner_widget.engine.spaces import Space
from kingscorner_widget.engine.words import named, refusal
from kingscorner_widget.lessons import LessonRun, load_lesson
from kingscorner_widget.lessons.search import max_shed


def finish(name: str, number: int) -> LessonRun:
    run = LessonRun(load_lesson(name), start=number - 1)
    while not run.step_done:
        shown = run.show_me()
        assert shown
        assert run.try_move(shown[0]).accepted  # the lesson plays the other seats' part
    assert run.step_done
    return run


def test_every_kind_of_move_has_its_step() -> None:
    lesson = load_lesson("moves")
    kinds = []
    for step in lesson.steps:
        game = step.new_game(lesson.rules)
        move = LessonRun(lesson, start=lesson.steps.index(step)).show_me()[0]
        if isinstance(move, PlayCard):
            pile = game.pile(move.target)
            kinds.append("onto a pile" if pile else ("corner" if move.target.is_corner else "fill"))
        elif isinstance(move, MovePile):
            kinds.append("king pile to corner" if not game.pile(move.target) else "pile move")
        else:
            kinds.append(str(move))
    assert kinds == ["onto a pile", "corner", "pile move", "fill", "king pile to corner", "draw"]
    # the first step's table has exactly one card that fits
    first = lesson.steps[0].new_game()
    assert [str(m) for m in first.legal_moves()] == ["Th>N", "draw"]
    assert [str(m) for m in lesson.steps[-1].new_game().legal_moves()] == ["draw"]


def test_the_worked_turn_table_is_the_one_described() -> None:
    game = load_lesson("worked-turn").steps[0].new_game()
    assert [str(game.pile(s)[-1]) for s in "NES"] == ["Jc", "6h", "5s"]
    assert [str(c) for c in game.hand(1)] == ["Th", "Ks", "4h"]
    assert max_shed(game) == 3


def test_the_combo_beats_playing_what_fits() -> None:
    lesson = load_lesson("pile-transfer")
    game = lesson.steps[0].new_game()
    assert [str(c) for c in game.pile("W")] == ["8c", "7h"]
    assert str(game.pile("N")[-1]) == "9d"
    fits_now = [m for m in game.legal_moves() if isinstance(m, PlayCard)]
    assert [str(m) for m in fits_now] == ["6s>W"]  # without the transfer only the six goes
    assert max_shed(game) == 3
    assert max_shed(lesson.steps[4].new_game()) == 4


def test_dealt_king_step_moves_the_king_then_fills_its_space() -> None:
    run = finish("dealt-kings", 1)
    assert str(run.game.pile(run.played[0].target)[0]) == "Kh"  # type: ignore[union-attr]
    assert run.game.pile("N") == ()
    assert run.game.turn == 1


def test_the_ace_lesson_numbers() -> None:
    lesson = load_lesson("ace")
    game = lesson.steps[0].new_game()
    on_ace = game.violation("4c>N")
    assert on_ace is not None
    ace = Card.parse("Ad")
    assert (on_ace.code, on_ace.top, on_ace.space) == ("on_ace", ace, Space.N)
    assert refusal(on_ace) == f"nothing can be played on an ace: {named(ace)} ends {Space.N.words}"
    game.play("4c>E")
    assert 1 + max_shed(game) == 2  # the four of clubs first: two cards at most
    assert max_shed(lesson.steps[0].new_game()) == 3


def test_the_stock_runs_out_then_the_hand_blocks() -> None:
    run = finish("stock-and-blocked", 1)
    assert run.game.stock_size == 0
    assert [str(m) for m in run.played] == ["draw", "7d>NE", "pass"]
    assert run.game.turn == 1  # the player on the left played a card: the round goes on
    assert run.game.position(player=1) == load_lesson("stock-and-blocked").steps[1].position
    run = LessonRun(load_lesson("stock-and-blocked"), start=1)
    assert run.game.violation("draw") == Reason("end_with_pass")
    assert run.try_move("draw").message == refusal(Reason("end_with_pass"))
    run = LessonRun(load_lesson("stock-and-blocked"), start=2)
    game = run.game
    # the learner could play, but P2 has nothing at all once the learner passes
    assert any(isinstance(m, PlayCard) for m in game.legal_moves())
    after_pass = game.copy()
    after_pass.play("pass")
    assert [str(m) for m in after_pass.legal_moves()] == ["pass"]
    # the learner passes; the lesson plays P2's pass, the only move P2 has
    feedback = run.try_move("pass")
    assert feedback.accepted
    assert feedback.step_done
    assert feedback.message.startswith("The player on your left passed. A full round")
    assert [str(m) for m in run.played] == ["pass", "pass"]
    outcome = run.game.outcome()
    assert outcome is not None
    assert outcome.reason == "blocked"
    assert outcome.penalties == (5, 7)
    assert outcome.winners == ()  # nobody wins a blocked hand
    # playing the sevens and threes hands P2 a way out
    trial = load_lesson("stock-and-blocked").steps[2].new_game()
    for move in ("7h>NE", "7d>SE", "3c>SW", "3s>NW", "pass"):
        trial.play(move)
    assert max_shed(trial) == len(trial.hand(2))
    sevens = load_lesson("stock-and-blocked").steps[2].new_game()
    for move in ("7h>NE", "7d>SE", "pass"):
        sevens.play(move)
    assert {"6s", "6c"} <= {str(m.card) for m in sevens.legal_moves() if isinstance(m, PlayCard)}


def test_scoring_a_hand_under_each_count() -> None:
    expected = [13, 14, 26]
    for number, cost in enumerate(expected, start=1):
        run = finish("scoring-hand", number)
        outcome = run.game.outcome()
        assert outcome is not None
        assert outcome.went_out == 1
        assert outcome.penalties[1] == cost
        assert f"= {cost}." in run.step.after
        assert outcome.penalties[2] == hand_penalty(run.game.hand(3), run.game.rules.count)


def test_scoring_a_match_adds_up() -> None:
    lesson = load_lesson("scoring-match")
    totals = [0, 0]  # you, the other player
    run = finish("scoring-match", 1)
    first = run.game.outcome()
    assert first is not None
    totals = [totals[0] + first.penalties[0], totals[1] + first.penalties[1]]
    assert totals == [0, 13]
    second = lesson.steps[1].new_game().outcome()  # you are P2 in hand 2
    assert second is not None
    assert second.went_out == 1
    totals = [totals[0] + second.penalties[1], totals[1] + second.penalties[0]]
    assert totals == [14, 13]
    third = lesson.steps[2].new_game().outcome()  # you are P1 again in hand 3
    assert third is not None
    assert third.went_out == 1
    totals = [totals[0] + third.penalties[0], totals[1] + third.penalties[1]]
    assert totals == [14, 35]
    target = lesson.rules.target if lesson.rules else 25
    assert max(totals) >= target
    assert min(totals) == totals[0]
    assert "| 3 | 14 | 35 |" in lesson.steps[2].narration


def test_no_lesson_step_ends_a_shedding_turn_early() -> None:
    for name in ("pile-transfer", "stacking", "ace"):
        lesson = load_lesson(name)
        for step in lesson.steps:
            if step.sheds is not None:
                assert all(not isinstance(m, EndTurn) for s in step.expect for m in map(str, s))
