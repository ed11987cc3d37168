"""Checked exercises: right answers are accepted, wrong ones refused with the reason, and the
tutorials' own exercises accept their worked answers and say why a wrong one is wrong.

The turn exercises are checked against a brute-force oracle (every sequence of moves of the turn)
rather than against the best-turn search they are built on.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import pytest

from kingscorner_widget import Card, Count, Game, PlayCard, Rules
from kingscorner_widget.engine.moves import EndTurn
from kingscorner_widget.engine.words import card_words, count_words, listed, refusal, win_clause
from kingscorner_widget.lessons.exercise import (
    Exercise,
    ExerciseError,
    MoveExercise,
    PenaltyExercise,
    TurnExercise,
    Verdict,
    WinnerExercise,
    check,
)
from kingscorner_widget.lessons.puzzles import greedy_turn

TRAP = "N:9d E:Ah S:5c W:8s7h NE:- SE:- SW:- NW:- P1:8cQhJc6s P2:?7 stock:36 turn:P1"
"""The black 8 fits on the red 9 at once, and blocks the transfer that frees a space."""
CHAIN = "N:Td E:9c S:9s8h W:Qc NE:- SE:- SW:- NW:- P1:5d4s8d2hJh P2:?7 stock:35 turn:P1"
STUCK = (
    "N:5c4d E:3d S:Ac W:2c NE:KhQsJhTs9h8s7h6s5h4s3h2sAh SE:KsQhJsTh9s8h7s6h5s4h3s2hAs "
    "SW:KdQcJdTc9d8c7d6c5d NW:KcQdJcTd9c8d7c6d P1:4c3c P2:Ad2d stock:0 turn:P1"
)
CORNER = (
    "N:5s E:- S:- W:- NE:KhQsJhTs9h8s7h6s5h4s3h2s SE:- SW:- NW:- P1:Ah9c P2:4d stock:36 turn:P1"
)


# -- an independent oracle: the most cards a turn can shed, by trying every move sequence --------


def oracle_shed(game: Game) -> int:
    """The most cards the player to move can shed before the turn ends (exhaustive search)."""
    mover = game.turn

    @functools.cache
    def best(position: str) -> int:
        table = Game.from_position(position, rules=game.rules)
        most = 0
        for move in table.legal_moves():
            if isinstance(move, EndTurn):
                continue
            after = table.copy()
            after.play(move)
            card = 1 if isinstance(move, PlayCard) else 0
            rest = 0 if after.is_over() else best(after.position(player=mover))
            most = max(most, card + rest)
        return most

    return best(game.position(player=mover))


def dealt(seed: int, turns: int) -> Game:
    """A seeded two-player deal a few greedy turns in (a table from a real game)."""
    game = Game.new(players=2, seed=seed)
    for _ in range(turns):
        for move in greedy_turn(game):
            game.play(move)
        if game.is_over():
            break
        game.play(game.end_move())
    return game


# -- every kind -----------------------------------------------------------------------------------


def kinds() -> list[Exercise]:
    return [
        MoveExercise(TRAP),
        TurnExercise(CHAIN),
        PenaltyExercise("Ks Qh 4d 2c"),
        WinnerExercise(STUCK, ["pass", "pass"]),
    ]


@pytest.mark.parametrize("exercise", kinds(), ids=lambda e: type(e).__name__)
@pytest.mark.parametrize("placeholder", [None, ...])
def test_an_unanswered_exercise_says_so(exercise: Exercise, placeholder: object) -> None:
    verdict = check(exercise, placeholder)
    assert not verdict.answered
    assert not verdict.right
    assert verdict.message.startswith("Not answered yet: write ")
    assert repr(verdict) == str(verdict) == verdict.message


@pytest.mark.parametrize("exercise", kinds(), ids=lambda e: type(e).__name__)
def test_the_worked_answer_is_right(exercise: Exercise) -> None:
    verdict = check(exercise, exercise.worked_answer)
    assert verdict.answered
    assert verdict.right, verdict.message
    assert verdict.message.startswith("Right: ")
    assert exercise.solution()


def test_check_wants_an_exercise() -> None:
    with pytest.raises(TypeError, match="check needs an Exercise"):
        check("6s>W", "6s>W")  # type: ignore[arg-type]


# -- a whole turn ----------------------------------------------------------------------------------


def test_a_turn_in_any_order_that_sheds_the_most_is_right() -> None:
    exercise = TurnExercise(CHAIN)
    assert exercise.best == oracle_shed(exercise.game) == 4
    for answer in (
        "8d>E Jh>W E>N 5d>E 4s>E draw",
        "Jh>W 8d>E S>N 5d>S 4s>S",  # another transfer, another order, the end left off
        ["8d>E", "Jh>W", "E>N", "5d>E", "4s>E"],
        "8d>E, Jh>W, E>N, 5d>E, 4s>E",
    ):
        assert check(exercise, answer).right, answer
    assert exercise.game.position() == Game.from_position(CHAIN).position()


def test_a_turn_that_sheds_fewer_says_how_many_and_points_at_the_pile_move() -> None:
    verdict = check(TurnExercise(CHAIN), "8d>E Jh>W draw")
    assert not verdict.right
    assert verdict.message.startswith(
        "Not quite: that sheds 2 cards; the best turn here sheds 4. Look for a pile that can move"
    )


def test_a_refused_move_in_a_turn_is_named_with_the_engines_reason() -> None:
    exercise = TurnExercise(CHAIN)
    game = Game.from_position(CHAIN)
    game.play("8d>E")
    reason = refusal(game.violation("5d>N"))
    assert reason is not None
    verdict = check(exercise, "8d>E 5d>N")
    assert not verdict.right
    assert verdict.message == f"Move 2 (5d>N) is refused: {reason}."


@pytest.mark.parametrize(
    ("answer", "said"),
    [
        ("Jh>W draw 8d>E", "Move 2 (draw) ends the turn, so the moves after it"),
        ("8d>E Qx>N", "Move 2 is not a move I can read: 'Qx' is not a card"),
        (5, "That is not a turn: write its moves in order as text"),
    ],
)
def test_a_turn_that_cannot_be_played_says_why(answer: object, said: str) -> None:
    verdict = check(TurnExercise(CHAIN), answer)
    assert verdict.answered
    assert not verdict.right
    assert verdict.message.startswith(said)


@pytest.mark.parametrize(("seed", "turns"), [(1, 2), (4, 3), (9, 1), (12, 4)])
def test_a_turn_is_right_exactly_when_it_sheds_what_the_oracle_finds(seed: int, turns: int) -> None:
    game = dealt(seed, turns)
    assert not game.is_over()
    exercise = TurnExercise(game)
    most = oracle_shed(game)
    assert exercise.best == most
    assert check(exercise, exercise.worked_answer).right
    greedy = greedy_turn(game)
    assert check(exercise, [str(m) for m in greedy]).right == (len(greedy) == most)


# -- the first move --------------------------------------------------------------------------------


def test_the_tempting_move_is_wrong_and_says_what_it_costs() -> None:
    verdict = check(MoveExercise(TRAP), "8c>N")
    assert not verdict.right
    assert verdict.message.startswith(
        "Not quite: the black 8 (8c) fits on the red 9 (9d), but after that move this turn can "
        "shed at most 2 cards; the best turn here sheds 3."
    )


@pytest.mark.parametrize(("seed", "turns"), [(0, 0), (3, 2), (7, 3), (21, 1), (TRAP, 0)])
def test_a_first_move_is_right_exactly_when_the_best_turn_stays_in_reach(
    seed: int | str, turns: int
) -> None:
    game = Game.from_position(seed) if isinstance(seed, str) else dealt(seed, turns)
    exercise = MoveExercise(game)
    most = oracle_shed(game)
    assert exercise.best == most
    for move in game.legal_moves():
        after = game.copy()
        after.play(move)
        if isinstance(move, EndTurn):
            reach = 0
        else:
            card = 1 if isinstance(move, PlayCard) else 0
            reach = card + (0 if after.is_over() else oracle_shed(after))
        assert check(exercise, str(move)).right == (reach == most), str(move)


def test_with_nothing_to_play_ending_the_turn_is_right() -> None:
    game = dealt(21, 1)
    assert oracle_shed(game) == 0
    verdict = check(MoveExercise(game), str(game.end_move()))
    assert verdict.right
    assert verdict.message == "Right: no card can be shed this turn, so ending it loses nothing."


def test_a_refused_first_move_gives_the_engines_reason() -> None:
    game = Game.from_position(TRAP)
    reason = refusal(game.violation("Qh>W"))
    verdict = check(MoveExercise(TRAP), "Qh>W")
    assert verdict.message == f"That move is refused: {reason}."
    assert check(MoveExercise(TRAP), 3).message.startswith("That is not a move I can read:")


def test_a_turn_exercise_needs_a_turn_to_play() -> None:
    game = Game.from_position(STUCK)
    game.play("pass")
    game.play("pass")
    with pytest.raises(ExerciseError, match="the hand is over"):
        TurnExercise(game)
    with pytest.raises(ValueError, match="Qh appears twice"):
        MoveExercise(TRAP.replace("P1:8c", "P1:Qh"))


# -- what cards cost -------------------------------------------------------------------------------


@pytest.mark.parametrize(("count", "total"), [("standard", 13), ("pictures", 14), ("heavy", 26)])
def test_the_rules_worked_hand_costs_what_the_sheet_says(count: str, total: int) -> None:
    exercise = PenaltyExercise(["Ks", "Qh", Card.parse("4d"), "2c"], Count(count))
    assert exercise.worked_answer == total
    assert check(exercise, total).right
    assert check(exercise, str(total)).right
    assert not check(exercise, total + 1).right


def test_counting_cards_instead_of_points_is_named() -> None:
    hand = [Card.parse(t) for t in ("Ac", "Kh", "7d", "2s")]
    verdict = check(PenaltyExercise(hand, Count.HEAVY), len(hand))
    each = [f"{card_words(c)} {Count.HEAVY.value_of(c)}" for c in hand]
    each[0] = f"{card_words(hand[0])} costs {Count.HEAVY.value_of(hand[0])}"
    total = sum(Count.HEAVY.value_of(c) for c in hand)
    assert total == 44  # the ace 25, the king 10, then each card its number
    assert verdict.message == (
        f"Not quite: {len(hand)} is how many cards there are, not what they cost. "
        f"Under the heavy count {listed(each)}: {total} in all."
    )


@pytest.mark.parametrize("answer", ["many", 44.0, True, [44]])
def test_a_count_must_be_a_whole_number(answer: object) -> None:
    verdict = check(PenaltyExercise("Ac Kh 7d 2s", Count.HEAVY), answer)
    assert verdict.answered
    assert not verdict.right
    assert verdict.message.startswith("That is not a number")


def test_a_penalty_exercise_needs_real_distinct_cards() -> None:
    with pytest.raises(ExerciseError, match="at least one card"):
        PenaltyExercise("")
    with pytest.raises(ExerciseError, match="appears twice"):
        PenaltyExercise("Ks Ks")
    with pytest.raises(ValueError, match="'Kx' is not a card"):
        PenaltyExercise("Kx")


# -- who wins --------------------------------------------------------------------------------------


def test_nobody_wins_a_blocked_hand_it_is_scored_by_the_cards_left() -> None:
    """SPEC section 1: a blocked hand has no winner; it is scored by the cards left."""
    shared = WinnerExercise(STUCK, ["pass", "pass"])
    for answer in ("nobody", "No one", " none "):
        assert check(shared, answer).right, answer
    wrong: list[object] = ["P1 and P2", "P1", [1, 2]]
    for guess in wrong:
        message = check(shared, guess).message
        assert message.startswith("Not quite: the hand is blocked, and nobody wins"), message
        assert "under the standard count" in message.lower()
    heavy = WinnerExercise(STUCK, ["pass", "pass"], rules=Rules(count=Count.HEAVY))
    assert heavy.worked_answer == "nobody"
    ace, two = Card.parse("Ad"), Card.parse("2d")
    cost = Count.HEAVY.value_of
    assert cost(ace) + cost(two) == 27
    said = check(heavy, 2).message
    assert f"P2's cards cost {cost(ace) + cost(two)} ({card_words(ace)} {cost(ace)}" in said


def test_going_out_wins_but_corners_decide_in_the_corners_version() -> None:
    plain = WinnerExercise(CORNER, ["Ah>NE", "draw", "4d>N"])
    assert plain.worked_answer == "P2"
    went = plain.game.outcome()
    assert went is not None
    assert went.winners == (went.went_out,) == (2,)
    assert check(plain, "P1").message == (
        f"Not quite: P{went.went_out} went out, and whoever goes out wins the hand."
    )
    corners = WinnerExercise(
        CORNER, ["Ah>NE", "draw", "4d>N"], rules=Rules(players=2, corners_version=True)
    )
    assert corners.worked_answer == "P1"
    kept = corners.game.outcome()
    assert kept is not None
    assert (kept.went_out, kept.corners, kept.winners) == (2, (1, 0), (1,))
    said = check(corners, "P2").message
    assert said.startswith("Not quite: P2 went out, which ends the hand, but in the corners ")
    assert f"(P1 {count_words(1, 'corner')} and P2 none)" in said
    assert said.endswith(f": {win_clause(['P1'])}.")
    assert corners.start.position() != corners.game.position()


@pytest.mark.parametrize(
    ("answer", "said"),
    [
        ("P3", "There is no P3 at this table: its players are P1 and P2."),
        (0, "There is no P0 at this table"),
        ("the first one", "That is not a player"),
        ([], "That is not a player"),
        (True, "That is not a player"),
    ],
)
def test_a_winner_answer_must_name_players_at_the_table(answer: object, said: str) -> None:
    verdict = check(WinnerExercise(STUCK, ["pass", "pass"]), answer)
    assert not verdict.right
    assert verdict.message.startswith(said)


def test_a_winner_exercise_needs_a_finished_hand() -> None:
    with pytest.raises(ExerciseError, match="not over"):
        WinnerExercise(STUCK, ["pass"])
    with pytest.raises(ExerciseError, match="give the rules with a position line"):
        WinnerExercise(Game.from_position(STUCK), rules=Rules())


# -- the tutorials' own exercises ------------------------------------------------------------------

NOTEBOOKS = Path(__file__).parents[2] / "notebooks"

WRONG: dict[tuple[str, str], tuple[object, str]] = {
    ("02", "exercise_1"): (
        "8c>N",
        "after that move this turn can shed at most 2 cards; the best turn here sheds 3.",
    ),
    ("02", "exercise_2"): ("8d>E Jh>W draw", "that sheds 2 cards; the best turn here sheds 4."),
    ("05", "exercise_1"): (4, "4 is how many cards there are, not what they cost."),
    ("05", "exercise_2"): ("P2", "in the corners version the hand goes to the most corners kept"),
}
"""A wrong answer to each exercise in the tutorials, and what its verdict must say."""


def cells(prefix: str) -> list[dict[str, Any]]:
    (path,) = NOTEBOOKS.glob(f"{prefix}-*.ipynb")
    found: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return found


def tutorial_exercises(prefix: str) -> dict[str, Exercise]:
    """The exercises a tutorial sets: its exercise cells (``kcw.exercise`` in their metadata),
    run in order in one namespace."""
    namespace: dict[str, Any] = {}
    names: list[str] = []
    for cell in cells(prefix):
        made = cell["metadata"].get("kcw", {}).get("exercise")
        if made:
            exec("".join(cell["source"]), namespace)
            names.extend(made)
    return {name: namespace[name] for name in names}


@pytest.mark.parametrize("prefix", ["02", "05"])
def test_every_tutorial_exercise_has_a_wrong_answer_here(prefix: str) -> None:
    made = tutorial_exercises(prefix)
    assert len(made) >= 2
    assert set(made) == {name for p, name in WRONG if p == prefix}
    assert all(isinstance(e, Exercise) for e in made.values())


@pytest.mark.parametrize(("prefix", "name"), sorted(WRONG))
def test_a_tutorial_exercise_takes_its_worked_answer_and_refuses_a_wrong_one(
    prefix: str, name: str
) -> None:
    exercise = tutorial_exercises(prefix)[name]
    assert check(exercise, exercise.worked_answer).right
    wrong, said = WRONG[prefix, name]
    verdict = check(exercise, wrong)
    assert verdict.answered
    assert not verdict.right
    assert said in verdict.message


@pytest.mark.parametrize("prefix", ["02", "05"])
def test_each_answer_cell_is_saved_unanswered_and_says_so(prefix: str) -> None:
    answered = set()
    for cell in cells(prefix):
        name = cell["metadata"].get("kcw", {}).get("answer")
        if name is None:
            continue
        answered.add(name)
        source = "".join(cell["source"])
        assert f"check({name}, ...)" in source
        assert "nbval-check-output" in cell["metadata"].get("tags", [])
        shown = [
            "".join(out.get("data", {}).get("text/plain", ""))
            for out in cell["outputs"]
            if out.get("output_type") == "execute_result"
        ]
        assert len(shown) == 1
        assert shown[0].startswith("Not answered yet: write ")
    assert answered == set(tutorial_exercises(prefix))


def test_a_verdict_is_its_message() -> None:
    verdict = Verdict(answered=True, right=False, message="Not quite.")
    assert repr(verdict) == str(verdict) == "Not quite."


def test_a_turn_that_plays_no_card_is_not_told_a_card_came_too_early() -> None:
    opening = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
    verdict = check(TurnExercise(opening), "S>E draw")
    assert not verdict.right
    assert "too early" not in verdict.message
    assert "Every card you play counts" in verdict.message
