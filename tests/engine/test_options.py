"""The rule options of SPEC section 1, each enforced where it applies, and the three counts."""

from __future__ import annotations

import pytest

from kingscorner_widget import Card, Count, DrawTiming, Game, Rules
from kingscorner_widget.engine.moves import DRAW, PASS, EndTurn, parse_move
from kingscorner_widget.engine.reasons import Reason
from kingscorner_widget.engine.scoring import hand_penalty
from kingscorner_widget.engine.spaces import Space
from kingscorner_widget.engine.words import named

from .support import check_invariants, check_moves, check_refused, game_at, refused_for
from .test_rules import C, cards

# -- draw at the start of the turn --------------------------------------------------------------


def test_draw_first_draws_at_the_start_and_ends_with_pass() -> None:
    rules = Rules(players=3, draw_timing=DrawTiming.START)
    game = Game.new(seed=5, rules=rules)
    stock = 52 - 3 * 7 - 4
    assert game.hand_sizes() == (8, 7, 7)
    assert game.stock_size == stock - 1
    assert game.end_move() == PASS
    said = refused_for(game, "draw", Reason("end_with_pass_draw_first"))
    assert said.endswith(f"end your turn with {PASS}")
    assert [m for m in check_moves(game) if isinstance(m, EndTurn)] == [PASS]
    game.play("pass")
    assert game.turn == 2
    assert game.hand_sizes() == (8, 8, 7)
    assert game.stock_size == stock - 2
    check_invariants(game)


def test_draw_first_with_an_empty_stock_just_passes() -> None:
    game = game_at("N:Jc E:Qs S:5s W:8h P1:2c4d P2:? stock:-", draw_timing="start")
    game.play("pass")
    assert game.turn == 2
    assert game.hand(1) == cards("2c4d")


def test_draw_first_undo_puts_the_next_players_card_back() -> None:
    game = Game.new(seed=9, rules=Rules(players=2, draw_timing=DrawTiming.START))
    before = game.state_key()
    game.play("pass")
    game.undo()
    assert game.state_key() == before


# -- must play ----------------------------------------------------------------------------------


def test_must_play_refuses_to_end_the_turn_while_a_card_fits() -> None:
    game = game_at("N:Jc E:Qs S:5s W:8h P1:Th2c P2:?", must_play=True)
    reason = refused_for(game, "draw", Reason("must_play", C("Th"), C("Jc"), Space.N))
    assert reason.startswith("must play: ")
    assert f"can go on {Space.N.words}" in reason
    assert game.end_move() not in game.legal_moves()
    check_moves(game)
    game.play("Th>N")
    assert game.is_legal("draw")


def test_must_play_lets_the_turn_end_when_nothing_fits() -> None:
    game = game_at("N:Jc E:Qs S:5s W:8h P1:2c4c P2:?", must_play=True)
    assert game.legal_moves() == [DRAW]


def test_must_play_counts_an_empty_cross_space() -> None:
    game = game_at("N:Jc E:Qs S:5s P1:2c P2:?", must_play=True)
    assert check_refused(game, DRAW).startswith(
        "must play: the two of clubs (2c) can go in the empty west space"
    )


def test_must_play_does_not_force_pile_moves() -> None:
    game = game_at("N:Jc E:6h S:5s W:8h P1:2c4c P2:?", must_play=True)
    assert game.is_legal("S>E")
    assert game.is_legal("draw")


# -- kings first --------------------------------------------------------------------------------


def test_kings_first_puts_a_king_in_a_corner_before_anything_else() -> None:
    game = game_at("N:Jc E:6h S:5s W:8h P1:KhTh P2:?", kings_first=True)
    message = "kings first: put the king of hearts (Kh) in an empty corner before anything else"
    for move in ("Th>N", "S>E", "draw"):
        assert check_refused(game, parse_move(move)) == message
    assert {str(m) for m in check_moves(game)} == {"Kh>NE", "Kh>SE", "Kh>SW", "Kh>NW"}
    game.play("Kh>SW")
    assert {"Th>N", "S>E", "draw"} <= {str(m) for m in game.legal_moves()}


def test_kings_first_refuses_a_king_into_a_cross_space() -> None:
    game = game_at("N:Jc E:6h S:5s P1:KhTh P2:?", kings_first=True)
    assert check_refused(game, parse_move("Kh>W")).startswith("kings first")


def test_kings_first_asks_nothing_without_a_king_in_hand() -> None:
    game = game_at("N:Jc E:6h S:5s W:8h P1:QhTh P2:?", kings_first=True)
    assert {"Th>N", "S>E", "draw"} <= {str(m) for m in game.legal_moves()}


def test_kings_may_be_held_back_in_the_standard_rules() -> None:
    game = game_at("N:Jc E:6h S:5s W:8h P1:KhTh P2:?")
    assert game.is_legal("Th>N")
    assert game.is_legal("draw")
    assert game.is_legal("Kh>NE")


# -- draw until it fits -------------------------------------------------------------------------


def test_draw_until_it_fits_keeps_drawing_then_the_card_must_be_played() -> None:
    game = game_at("N:Jc E:Qs S:5s W:8h P1:2c P2:? stock:3s4sJh9d", draw_until_fits=True)
    before = game.state_key()
    game.play("draw")
    assert game.turn == 1
    assert game.hand(1) == cards("2c3s4sJh")
    assert game.pending_card == Card.parse("Jh")
    assert [str(m) for m in check_moves(game)] == ["Jh>E"]
    for move, code in (("draw", "pending_end"), ("2c>N", "pending")):
        said = refused_for(game, move, Reason(code, C("Jh")))  # type: ignore[arg-type]
        assert said.startswith(f"draw until it fits: play {named(C('Jh'))} you drew")
    game.play("Jh>E")
    assert game.pending_card is None
    game.play("draw")
    assert game.turn == 2
    assert game.hand(1) == cards("2c3s4s9d")
    assert game.stock_size == 0
    for _ in range(3):
        game.undo()
    assert game.state_key() == before


def test_draw_until_it_fits_takes_one_card_after_a_card_was_played() -> None:
    game = game_at("N:Jc E:Qs S:5s W:8h P1:Th2c P2:? stock:3s4sJh9d", draw_until_fits=True)
    game.play("Th>N")
    game.play("draw")
    assert game.turn == 2
    assert game.hand(1) == cards("2c3s")


def test_draw_until_it_fits_takes_one_card_when_a_playable_card_is_held() -> None:
    game = game_at("N:Jc E:Qs S:5s W:8h P1:Th2c P2:? stock:3s4sJh9d", draw_until_fits=True)
    game.play("draw")
    assert game.turn == 2
    assert game.hand(1) == cards("Th2c3s")


def test_draw_until_it_fits_ends_the_turn_when_the_stock_runs_out() -> None:
    game = game_at("N:Jc E:Qs S:5s W:8h P1:2c P2:? stock:3s4s", draw_until_fits=True)
    game.play("draw")
    assert game.turn == 2
    assert game.hand(1) == cards("2c3s4s")
    assert game.stock_size == 0
    game.undo()
    assert game.hand(1) == cards("2c")
    assert game.stock_size == 2


def test_draw_until_it_fits_is_off_in_the_standard_rules() -> None:
    game = game_at("N:Jc E:Qs S:5s W:8h P1:2c P2:? stock:3s4sJh9d")
    game.play("draw")
    assert game.turn == 2
    assert game.hand(1) == cards("2c3s")


def test_draw_until_it_fits_needs_the_end_of_turn_draw() -> None:
    with pytest.raises(ValueError, match="draw until it fits needs the end-of-turn draw"):
        Rules(draw_until_fits=True, draw_timing=DrawTiming.START)


# -- corners version ----------------------------------------------------------------------------

ALMOST = "KdQcJhTs9d8c7h6s5d4c3h2c"
"""A corner pile waiting for its red ace."""


def test_corners_version_keeps_a_finished_corner_and_empties_it() -> None:
    game = game_at(f"N:Jc E:Qs S:5s W:8h NE:{ALMOST} P1:Ad5cKh P2:?", corners_version=True)
    game.play("Ad>NE")
    assert game.kept(1) == cards(ALMOST + "Ad")
    assert game.pile("NE") == ()
    assert "P1kept:" + ALMOST + "Ad" in game.position()
    game.play("Kh>NE")
    assert game.pile("NE") == cards("Kh")
    check_invariants(game)
    game.undo()
    game.undo()
    assert game.pile("NE") == cards(ALMOST)
    assert game.kept(1) == ()


def test_corners_version_keeps_a_corner_finished_by_a_pile_move() -> None:
    game = game_at(
        "N:3h2sAh E:Qs S:5s W:8h NE:KdQcJhTs9d8c7h6s5d4c P1:2c P2:?", corners_version=True
    )
    game.play("N>NE")
    assert len(game.kept(1)) == 13
    assert game.pile("NE") == ()
    assert game.pile("N") == ()
    game.undo()
    assert game.pile("N") == cards("3h2sAh")


def test_corners_version_most_corners_wins() -> None:
    game = game_at(f"N:Jc E:Qs S:5s W:8h NE:{ALMOST} P1:Ad5c P2:Th", corners_version=True)
    game.play("Ad>NE")
    game.play("draw")
    game.play("Th>N")
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.went_out == 2
    assert outcome.corners == (1, 0)
    assert outcome.winners == (1,)


def test_finished_corner_stays_in_the_standard_rules() -> None:
    game = game_at(f"N:Jc E:Qs S:5s W:8h NE:{ALMOST} P1:Ad5c P2:Th")
    game.play("Ad>NE")
    assert game.pile("NE") == cards(ALMOST + "Ad")
    assert game.kept(1) == ()
    game.play("draw")
    game.play("Th>N")
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.winners == (2,)
    assert outcome.corners == (0, 0)


# -- counting the cards left in hand --------------------------------------------------------------


@pytest.mark.parametrize(
    ("count", "expected"),
    [(Count.STANDARD, 13), (Count.PICTURES, 14), (Count.HEAVY, 26)],
)
def test_king_queen_and_two_small_cards(count: Count, expected: int) -> None:
    # The worked check of SPEC section 1: 13 in the standard count.
    assert hand_penalty(cards("KhQs4d2c"), count) == expected


@pytest.mark.parametrize(
    ("count", "values"),
    [
        (Count.STANDARD, {"A": 1, "2": 1, "9": 1, "T": 1, "J": 1, "Q": 1, "K": 10}),
        (Count.PICTURES, {"A": 1, "2": 1, "9": 1, "T": 1, "J": 2, "Q": 2, "K": 10}),
        (Count.HEAVY, {"A": 25, "2": 2, "9": 9, "T": 10, "J": 10, "Q": 10, "K": 10}),
    ],
)
def test_each_count_values_each_rank(count: Count, values: dict[str, int]) -> None:
    for rank, value in values.items():
        for suit in "cdhs":
            assert count.value_of(Card.parse(rank + suit)) == value


@pytest.mark.parametrize(
    ("count", "total"), [(Count.STANDARD, 88), (Count.PICTURES, 96), (Count.HEAVY, 436)]
)
def test_whole_deck_counts(count: Count, total: int) -> None:
    from kingscorner_widget import DECK

    assert hand_penalty(DECK, count) == total


@pytest.mark.parametrize(
    ("count", "expected"),
    [("standard", 13), ("pictures", 14), ("heavy", 26)],
)
def test_outcome_counts_the_hands_with_the_rules_count(count: str, expected: int) -> None:
    game = game_at("N:Jc E:Qd S:5s W:8h P1:Th P2:KhQs4d2c P3:?", count=count)
    game.play("Th>N")
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.penalties[:2] == (0, expected)
    assert outcome.describe().startswith("P1 went out and wins.")


# -- options together ---------------------------------------------------------------------------


def test_must_play_after_drawing_until_a_card_fits() -> None:
    game = game_at(
        "N:Jc E:Qs S:5s W:8h P1:2cTc P2:? stock:3s4sJh9d", draw_until_fits=True, must_play=True
    )
    game.play("draw")
    assert [str(m) for m in game.legal_moves()] == ["Jh>E"]
    game.play("Jh>E")
    must = refused_for(game, "draw", Reason("must_play", C("Tc"), C("Jh"), Space.E))
    assert f"can go on {Space.E.words}" in must
    game.play("Tc>E")
    game.play("draw")
    assert game.turn == 2
    assert game.hand(1) == cards("2c3s4s9d")


def test_must_play_a_card_drawn_at_the_start_of_the_turn() -> None:
    game = game_at(
        "N:Jc E:Qs S:5s W:8h P1:2c P2:4c P3:? stock:Th9d", draw_timing="start", must_play=True
    )
    game.play("pass")
    assert game.hand(2) == cards("4cTh")
    assert check_refused(game, PASS).startswith(
        "must play: the ten of hearts (Th) can go on the north pile"
    )
    game.play("Th>N")
    game.play("pass")
    assert game.turn == 3
    assert game.hand(3)[-1] == Card.parse("9d")


def test_kings_first_with_a_king_drawn_at_the_start_of_the_turn() -> None:
    game = game_at(
        "N:Jc E:Qs S:5s W:8h P1:2c P2:Th P3:? stock:Kd9d", draw_timing="start", kings_first=True
    )
    game.play("pass")
    assert check_refused(game, parse_move("Th>N")).startswith(
        "kings first: put the king of diamonds (Kd)"
    )
    game.play("Kd>NW")
    game.play("Th>N")
    assert game.is_over()


@pytest.mark.parametrize("name", ["players", "hand_size", "target"])
@pytest.mark.parametrize("value", ["4", 2.5, True])
def test_rule_numbers_must_be_whole_numbers(name: str, value: object) -> None:
    with pytest.raises(ValueError, match=f"{name} must be a whole number"):
        Rules(**{name: value})  # type: ignore[arg-type]


def test_the_draw_at_the_first_turn_of_a_draw_first_deal_counts_as_drawing() -> None:
    game = Game.new(players=2, seed=3, rules=Rules(draw_timing=DrawTiming.START))
    assert len(game.hand(1)) == 8
    assert game.state_key() == game.copy().state_key()
    assert game.drew_this_turn, "P1 drew this turn, so the turn cannot count towards a blocked hand"
