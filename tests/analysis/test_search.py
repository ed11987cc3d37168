"""The best-turn search: exact against a brute-force enumerator, legal, blind to hidden cards."""

from __future__ import annotations

import random
import time

import pytest

from kingscorner_widget import DECK, EndTurn, Game, PlayCard, Rules, best_turn
from kingscorner_widget.analysis import Budget, TurnValue, hint, plain_search, search_value
from kingscorner_widget.analysis.positions import random_position
from kingscorner_widget.analysis.search import _search, _start

from .oracle import brute_force
from .support import played_games, position, resample_hidden, small_positions


@pytest.mark.parametrize("seed", range(4))
def test_search_agrees_with_brute_force_on_random_positions(seed: int) -> None:
    for line, rules in small_positions(30, seed):
        game = Game.from_position(line, rules=rules)
        expected = brute_force(game)
        plan = best_turn(game)
        assert plan.value == expected, (line, rules.describe())
        assert plan.tie_break_proven
        assert plain_search(game.observation(1))[0] == expected
        assert search_value(game.observation(1), bounds=False)[0] == expected


def test_search_agrees_with_brute_force_during_real_games() -> None:
    checked = 0
    for game in played_games(36, seed=5):
        if len(game.hand()) > 10:
            continue
        assert best_turn(game).value == brute_force(game), game.position()
        checked += 1
    assert checked >= 12


def test_search_handles_a_card_drawn_under_draw_until_fits() -> None:
    rules = Rules(draw_until_fits=True)
    line = "N:9d E:4c S:5s W:8s NE:Kh SE:Kd SW:Ks NW:Kc P1:2h"
    known = ["9d", "4c", "5s", "8s", "Kh", "Kd", "Ks", "Kc", "2h"]
    rest = [str(c) for c in DECK if str(c) not in known and str(c) not in ("Jd", "3h")]
    line += f" P2:{''.join(rest[:7])} stock:Jd3h{''.join(rest[7:])} turn:P1"
    game = Game.from_position(line, rules=rules)
    game.play("draw")  # nothing fits: draws Jd (no place), then 3h (fits on 4c): play it
    assert game.pending_card is not None
    assert str(game.pending_card) == "3h"
    plan = best_turn(game)
    assert str(plan.moves[0]) == "3h>E"
    assert plan.value == brute_force(game)


def test_plans_are_legal_and_end_the_turn() -> None:
    for i in range(25):
        rng = random.Random(i)
        line = random_position(rng, hand_size=rng.randint(8, 12), empty_cross=rng.randint(0, 3))
        game = Game.from_position(line)
        plan = best_turn(game)
        assert len(plan.explanations) == len(plan.moves)
        played = 0
        for move in plan.moves:
            assert game.violation(move) is None
            played += isinstance(move, PlayCard)
            game.play(move)
        assert played == plan.cards_played
        assert plan.goes_out == game.is_over()
        if not plan.goes_out:
            assert isinstance(plan.moves[-1], EndTurn)
            assert game.turn == 2


def test_worked_turn_from_the_lessons() -> None:
    # A black 8 under a red 7 goes onto a red 9, freeing a space for the queen.
    line = "N:9d E:4c S:5s W:8s7h NE:- SE:- SW:- NW:- P1:Qh6c P2:?7 stock:38 turn:P1"
    plan = best_turn(Game.from_position(line))
    assert plan.goes_out
    assert plan.cards_played == 2
    assert "frees the west space for the red queen (Qh)" in " ".join(plan.explanations)
    assert "Best turn for P1: shed 2 cards" in plan.describe()


def test_tie_breaks_prefer_kings_then_fewer_openings() -> None:
    # Either the king or the 4 can fill the one empty space; the king sheds 10 points.
    line = position("N:- E:Jc S:9c W:5s NE:KhQs SE:Kd SW:Ks NW:- P1:Kc4d")
    plan = best_turn(Game.from_position(line))
    assert plan.value.cards == 2
    assert plan.value.kings == 1
    # Leaving N empty would give the next player any card: the plan fills it.
    game = Game.from_position(line)
    for move in plan.moves:
        game.play(move)
    assert game.pile("N") or game.is_over()


def test_best_turn_reads_only_what_the_mover_sees() -> None:
    rng = random.Random(3)
    for game in played_games(12, seed=9):
        plan = best_turn(game)
        for _ in range(3):
            other = resample_hidden(game, game.turn, rng)
            assert other.observation(other.turn) == game.observation(game.turn)
            assert best_turn(other) == plan


def test_best_turn_refuses_a_view_that_is_not_the_movers() -> None:
    game = Game.new(seed=1)
    with pytest.raises(ValueError, match="it is P1's turn, not P2's"):
        best_turn(game.observation(2))


def test_best_turn_refuses_a_finished_hand() -> None:
    game = Game.from_position(position("N:9d E:4c S:5s W:8s NE:- SE:- SW:- NW:- P1:8c"))
    game.play("8c>N")
    assert game.is_over()
    with pytest.raises(ValueError, match="the hand is over"):
        best_turn(game)


HARD_LINE = (
    "N:- E:- S:- W:- NE:Kh SE:- SW:- NW:- P1:Qh6d3s2s2cAcKd4cQs6hQc2hTc9d6s4dJd8c3dJh "
    "P2:?7 stock:24 turn:P1"
)


def test_big_hands_are_searched_with_merged_states_and_bounds() -> None:
    line = position("N:5h E:- S:6c W:QsJd NE:Kh SE:- SW:- NW:- P1:Qh6d3s2sAcKd4cTc9d")
    observation = Game.from_position(line).observation(1)
    fast, fast_states = search_value(observation)
    plain, plain_states = plain_search(observation)
    assert fast == plain
    assert fast_states * 5 < plain_states


def test_turn_value_orders_by_the_documented_tie_breaks() -> None:
    more_cards = TurnValue(3, 0, 3, 0, -30, -9)
    more_points = TurnValue(2, 0, 11, 1, 0, 0)
    fewer_openings = TurnValue(2, 0, 11, 1, -3, -5)
    more_openings = TurnValue(2, 0, 11, 1, -4, -2)
    assert more_cards > more_points > fewer_openings > more_openings


def test_tie_break_budget_keeps_the_card_count_exact() -> None:
    line = position("N:- E:- S:8c W:4c3h NE:KdQc SE:- SW:- NW:- P1:QdJdTh2s2dTcAd9dAc")
    start = _start(Game.from_position(line).observation(1))
    proven = _search(start)
    cut = _search(start, tie_break_budget=1)
    assert TurnValue.unpack(cut[0]).cards == TurnValue.unpack(proven[0]).cards
    assert proven[3]
    assert not cut[3]


CORNERS_LINE = (
    "N:QhJcTd9s E:3d2sAh S:Th W:- NE:KhQcJhTs SE:KcQdJs SW:Ks NW:- "
    "P1:9h4cJd5h7s7cTc6h5d3s6c8h9cQs8s6dAc7hAd P2:?17 stock:0 turn:P1"
)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"seconds": 0}, "seconds must be a positive number"),
        ({"seconds": float("nan")}, "seconds must be a positive number"),
        ({"seconds": True}, "seconds must be a positive number"),
        ({"states": 0}, "at least one state"),
        ({"states": 2.5}, "states must be a whole number"),
    ],
)
def test_a_budget_refuses_nonsense(fields: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Budget(**fields)  # type: ignore[arg-type]


def _replays(game: Game, plan_moves: tuple[object, ...]) -> Game:
    game = game.copy()
    for move in plan_moves:
        assert game.violation(move) is None  # type: ignore[arg-type]
        game.play(move)  # type: ignore[arg-type]
    return game


def test_a_budget_of_states_returns_the_best_turn_found_and_says_so() -> None:
    game = Game.from_position(HARD_LINE)
    full = best_turn(game)
    assert full.exact
    cut = best_turn(game, Budget(states=20))
    assert not cut.exact
    assert cut.states_visited <= 21
    assert cut.value <= full.value
    assert cut.cards_played == sum(isinstance(m, PlayCard) for m in cut.moves)
    _replays(game, cut.moves)
    roomy = best_turn(game, Budget(states=full.states_visited + 10))
    assert roomy.exact
    assert roomy.value == full.value


def test_a_budget_of_seconds_keeps_a_big_corners_search_short() -> None:
    game = Game.from_position(CORNERS_LINE, rules=Rules(corners_version=True))
    start = time.perf_counter()
    plan = best_turn(game, Budget(seconds=0.05))
    assert time.perf_counter() - start < 1.0
    after = _replays(game, plan.moves)
    assert after.turn == 2 or after.is_over()
    assert plan.cards_played >= 1


def test_hint_passes_the_budget_through() -> None:
    game = Game.from_position(HARD_LINE)
    assert not hint(game, Budget(states=5)).plan.exact
    assert hint(game).plan.exact
