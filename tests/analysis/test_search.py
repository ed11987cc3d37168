"""The best-turn search: exact against a brute-force enumerator, legal, blind to hidden cards."""

from __future__ import annotations

import random
import time

import pytest

from kingscorner_widget import DECK, EndTurn, Game, PlayCard, Rules, best_turn
from kingscorner_widget.analysis import Budget, TurnValue, hint
from kingscorner_widget.analysis.positions import random_position
from kingscorner_widget.analysis.search import Solver
from kingscorner_widget.engine.cards import Card
from kingscorner_widget.engine.notation import Table, format_position

from .oracle import brute_force, plain_search
from .support import played_games, position, resample_hidden, small_positions

CORNERS = Rules(corners_version=True)


def corners_position(rng: random.Random, hand_size: int) -> str:
    """A table for the corners version: one to four corners built down to a random depth (some
    close to finishing), up to four side piles, and ``hand_size`` cards in P1's hand."""
    deck = list(DECK)
    rng.shuffle(deck)
    piles: list[list[Card]] = [[] for _ in range(8)]
    kings = [c for c in deck if c.rank == 13]
    for i in range(rng.randint(1, 4)):
        piles[4 + i] = [kings[i]]
        deck.remove(kings[i])
    for i in rng.sample(range(4), rng.randint(0, 4)):
        piles[i] = [next(c for c in deck if c.rank != 13 or rng.random() < 0.3)]
        deck.remove(piles[i][0])
    for number, pile in enumerate(piles):
        if not pile:
            continue
        length = rng.randint(1, 12 if number >= 4 else 5)
        while len(pile) < length:
            options = [c for c in deck if c.fits_on(pile[-1])]
            if not options:
                break
            pile.append(rng.choice(options))
            deck.remove(pile[-1])
    hand = deck[: min(hand_size, len(deck) - 7)]
    stock = len(deck) - len(hand) - 7
    return format_position(Table(piles, [hand, 7], stock, 0))


@pytest.mark.parametrize("seed", range(4))
def test_search_agrees_with_brute_force_on_random_positions(seed: int) -> None:
    for line, rules in small_positions(30, seed):
        game = Game.from_position(line, rules=rules)
        expected = brute_force(game)
        plan = best_turn(game)
        assert plan.value == expected, (line, rules.describe())
        assert plan.tie_break_proven
        assert plain_search(game)[0] == expected
        assert Solver.of(game.observation(1), bounds=False).solve().value == expected


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
    game = Game.from_position(line)
    fast = Solver.of(game.observation(1)).solve()
    plain, plain_states = plain_search(game)
    assert fast.value == plain
    assert fast.states * 5 < plain_states


def test_turn_value_orders_by_the_documented_tie_breaks() -> None:
    more_cards = TurnValue(3, 0, 3, 0, -30, -9)
    more_points = TurnValue(2, 0, 11, 1, 0, 0)
    fewer_openings = TurnValue(2, 0, 11, 1, -3, -5)
    more_openings = TurnValue(2, 0, 11, 1, -4, -2)
    assert more_cards > more_points > fewer_openings > more_openings


def test_tie_break_budget_keeps_the_card_count_exact() -> None:
    line = position("N:- E:- S:8c W:4c3h NE:KdQc SE:- SW:- NW:- P1:QdJdTh2s2dTcAd9dAc")
    observation = Game.from_position(line).observation(1)
    proven = Solver.of(observation).solve()
    cut = Solver.of(observation, tie_break_budget=1).solve()
    assert cut.value.cards == proven.value.cards
    assert proven.tie_break_proven
    assert proven.exact
    assert not cut.tie_break_proven
    assert cut.exact


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


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("rules", [Rules(), CORNERS], ids=["standard", "corners"])
def test_search_agrees_with_the_plain_search_on_bigger_hands(seed: int, rules: Rules) -> None:
    checked = 0
    for i in range(10):
        rng = random.Random(seed * 1009 + i)
        line = corners_position(rng, hand_size=rng.randint(5, 8))
        game = Game.from_position(line, rules=rules)
        try:
            expected, _ = plain_search(game, state_limit=50_000)
        except TimeoutError:
            continue
        checked += 1
        plan = best_turn(game)
        coarse = (plan.value.cards, plan.value.corners, plan.value.points, plan.value.kings)
        assert coarse == (expected.cards, expected.corners, expected.points, expected.kings), line
        assert plan.exact
        if plan.tie_break_proven:
            assert plan.value == expected, line
        assert Solver.of(game.observation(1), bounds=False).solve().value == expected, line
    assert checked >= 7


def test_the_big_corners_table_is_proven_in_few_states() -> None:
    game = Game.from_position(CORNERS_LINE, rules=CORNERS)
    solution = Solver.of(game.observation(1), tie_break_budget=0).solve()
    assert solution.exact
    assert solution.value.cards == 17
    assert solution.value.corners == 1
    assert solution.states < 200
    start = time.perf_counter()
    plan = best_turn(game)
    assert plan.exact
    assert time.perf_counter() - start < 2.0  # about 0.1 s; the margin is for a busy machine


def test_expand_gives_one_move_per_merged_outcome() -> None:
    # Two red nines take the black eight alike, and the two empty side spaces are alike too.
    line = position("N:9d E:9h S:- W:- NE:Ks SE:- SW:- NW:- P1:8s")
    solver = Solver.of(Game.from_position(line).observation(1))
    children, can_stop = solver.expand(solver.root)
    assert can_stop
    assert sorted(child.step[:3] for child in children) == [("c", 14, 0), ("c", 14, 0)]
    assert len({child.node.cross for child in children}) == 2  # on a nine, or in an empty space
    assert all(child.node.n == 0 for child in children)  # the hand is empty after either


def test_expand_under_kings_first_offers_only_the_king() -> None:
    line = position("N:9d E:- S:- W:- NE:- SE:- SW:- NW:- P1:8sKh")
    game = Game.from_position(line, rules=Rules(kings_first=True))
    solver = Solver.of(game.observation(1))
    children, can_stop = solver.expand(solver.root)
    assert not can_stop
    assert [child.step for child in children] == [("c", 25, 1, 0)]
