"""Each rule of SPEC section 1 on its own: what it allows, and what it refuses and why."""

from __future__ import annotations

import pytest

from kingscorner_widget import Card, Game, IllegalMoveError, Rank, Space
from kingscorner_widget.engine.moves import DRAW, PASS, EndTurn, MovePile, PlayCard, parse_move
from kingscorner_widget.engine.reasons import Reason
from kingscorner_widget.engine.words import BLOCKED as BLOCKED_WORDS
from kingscorner_widget.engine.words import (
    card_label,
    hand_winners,
    named,
    refusal,
    takes,
)

from .support import check_invariants, check_moves, check_refused, game_at, refused_for


def cards(text: str) -> tuple[Card, ...]:
    """Concatenated cards (``"JcTh"``) as a tuple, as :meth:`Game.pile` returns them."""
    return tuple(Card.parse(text[i : i + 2]) for i in range(0, len(text), 2))


def C(text: str) -> Card:  # noqa: N802 - read as a card's name
    return Card.parse(text)


def legal(game: Game) -> list[str]:
    return [str(move) for move in game.legal_moves()]


# -- playing a card onto a pile -------------------------------------------------------------------


def test_card_goes_on_a_pile_one_rank_lower_in_the_other_colour() -> None:
    game = game_at("N:Jc E:Jd P1:Th9s P2:?7")
    assert "Th>N" in legal(game)
    game.play("Th>N")
    assert game.pile("N") == cards("JcTh")
    assert game.hand(1) == cards("9s")
    game.play("9s>N")
    assert game.pile("N") == cards("JcTh9s")
    assert game.cards_played_this_turn == 2
    check_invariants(game)


def test_card_of_the_same_colour_is_refused() -> None:
    game = game_at("N:Jd E:Qs P1:Th P2:?7")
    reason = refused_for(game, "Th>N", Reason("colour", C("Th"), C("Jd"), Space.N))
    assert reason.startswith(f"{named(C('Th'))} cannot go on {named(C('Jd'))}: ")
    assert "colours must alternate" in reason
    assert reason.endswith(f"(the jack takes {takes(C('Jd'))})")


@pytest.mark.parametrize("card", ["9h", "Qh", "Jh", "Ah"])
def test_card_of_the_wrong_rank_is_refused(card: str) -> None:
    game = game_at(f"N:Jc E:Qs P1:{card} P2:?7")
    reason = check_refused(game, parse_move(f"{card}>N"))
    assert "a card must be exactly one rank lower" in reason
    assert "cannot go on the jack of clubs (Jc)" in reason
    assert "(the jack takes a red ten)" in reason


def test_card_must_be_in_the_movers_hand() -> None:
    game = game_at("N:Jc E:Qs P1:9s P2:Th8c")
    reason = refused_for(game, "Th>N", Reason("not_in_hand", C("Th")))
    assert reason == f"{named(C('Th'))} is not in your hand"


# -- kings into corners -------------------------------------------------------------------------


@pytest.mark.parametrize("corner", ["NE", "SE", "SW", "NW"])
def test_king_opens_any_empty_corner(corner: str) -> None:
    game = game_at("N:Jc E:Qs S:5d W:8h P1:Ks4c P2:?7")
    game.play(f"Ks>{corner}")
    assert game.pile(corner) == cards("Ks")
    check_invariants(game)


@pytest.mark.parametrize("card", ["Qh", "Ac", "5d"])
def test_only_a_king_opens_an_empty_corner(card: str) -> None:
    game = game_at(f"N:Jc E:Qs S:5s W:8h P1:{card} P2:?7")
    reason = check_refused(game, parse_move(f"{card}>NE"))
    assert reason == (
        f"only a king can open an empty corner, and the {card_label(Card.parse(card))} ({card}) "
        "is not a king"
    )


def test_corner_pile_builds_down_like_any_pile() -> None:
    game = game_at("N:Jc E:Qs S:5s W:8h NE:Kd P1:QcQh P2:?7")
    check_refused(game, parse_move("Qh>NE"))
    game.play("Qc>NE")
    assert game.pile("NE") == cards("KdQc")


# -- empty cross spaces -------------------------------------------------------------------------


@pytest.mark.parametrize("card", ["4h", "Ks", "Ac", "Qd"])
def test_any_card_fills_an_empty_cross_space(card: str) -> None:
    game = game_at(f"N:Jc E:Qs S:5s P1:{card}3c P2:?7")
    assert f"{card}>W" in legal(game)
    game.play(f"{card}>W")
    assert game.pile("W") == cards(card)


def test_cross_space_emptied_by_a_pile_move_takes_any_card() -> None:
    game = game_at("N:Jc E:6h S:5s W:Qd P1:9c3c P2:?7")
    check_refused(game, parse_move("9c>S"))
    game.play("S>E")
    assert game.pile("S") == ()
    game.play("9c>S")
    assert game.pile("S") == cards("9c")


# -- moving whole piles -------------------------------------------------------------------------


def test_whole_cross_pile_moves_onto_a_cross_pile() -> None:
    game = game_at("N:QhJc E:Ks S:5s W:8h P1:2c P2:?7")
    assert "N>E" in legal(game)
    game.play("N>E")
    assert game.pile("E") == cards("KsQhJc")
    assert game.pile("N") == ()
    assert game.cards_played_this_turn == 0
    check_invariants(game)


def test_whole_cross_pile_moves_onto_a_corner_pile() -> None:
    game = game_at("N:JcTh9s E:4d S:5s W:8h NE:KsQh P1:2c P2:?7")
    game.play("N>NE")
    assert game.pile("NE") == cards("KsQhJcTh9s")
    assert game.pile("N") == ()


def test_pile_moves_by_its_bottom_card_and_never_splits() -> None:
    # The top of N (Jc) would fit on E (Qd), but the pile moves whole, from its bottom (Qh).
    game = game_at("N:QhJc E:Qd S:5s W:8h P1:2c P2:?7")
    pile_no_fit = Reason("pile_no_fit", C("Qh"), C("Qd"), Space.E, source=Space.N)
    reason = refused_for(game, "N>E", pile_no_fit)
    assert reason.startswith(
        f"{Space.N.words} starts with {named(C('Qh'))}, which cannot go on {named(C('Qd'))}: "
    )
    assert reason.endswith("one rank lower and the other colour")
    assert not [m for m in game.legal_moves() if isinstance(m, MovePile)]


def test_pile_does_not_move_into_an_empty_cross_space() -> None:
    game = game_at("N:QhJc E:Qd S:5s P1:2c P2:?7")
    reason = check_refused(game, MovePile(Space.N, Space.W))
    assert reason.startswith("a pile moves onto another pile, not into an empty side space")


def test_king_based_cross_pile_moves_into_an_empty_corner() -> None:
    game = game_at("N:KhQs E:Qd S:5s W:8h NE:Kc P1:2c P2:?7")
    assert "N>SE" in legal(game)
    check_refused(game, MovePile(Space.N, Space.NE))
    game.play("N>SE")
    assert game.pile("SE") == cards("KhQs")
    assert game.pile("N") == ()


def test_pile_without_a_king_at_its_bottom_does_not_open_a_corner() -> None:
    game = game_at("N:QhJc E:Qd S:5s W:8h P1:2c P2:?7")
    needs_king = Reason("corner_needs_king", C("Qh"), space=Space.NE, source=Space.N)
    reason = refused_for(game, "N>NE", needs_king)
    assert reason == (
        f"only a king can open an empty corner, and {Space.N.words} starts with {named(C('Qh'))}"
    )


def test_empty_space_has_no_pile_to_move() -> None:
    game = game_at("N:Qh E:Kc S:5s P1:2c P2:?7")
    assert check_refused(game, MovePile(Space.W, Space.E)).endswith("there is no pile to move")


def test_pile_does_not_move_onto_itself() -> None:
    game = game_at("N:Qh E:Kc S:5s W:8h P1:2c P2:?7")
    assert check_refused(game, MovePile(Space.N, Space.N)) == "a pile cannot move onto itself"


@pytest.mark.parametrize("target", ["N", "E", "SE", "NW"])
def test_corner_piles_never_move(target: str) -> None:
    game = game_at("N:5h E:Kc S:5s NE:KdQc SW:Ks P1:2c P2:?7")
    reason = check_refused(game, parse_move(f"NE>{target}"))
    assert reason == "corner piles never move"
    assert not [m for m in game.legal_moves() if isinstance(m, MovePile) and m.source.is_corner]


# -- the deal -----------------------------------------------------------------------------------


def deal_with_kings(count: int) -> Game:
    """The first seeded two-player deal with ``count`` kings turned up on the cross."""
    for seed in range(20_000):
        game = Game.new(players=2, seed=seed)
        if len(game.opening) == count:
            return game
    raise AssertionError(f"no deal with {count} dealt kings")


@pytest.mark.parametrize("count", [1, 2])
def test_dealt_kings_move_to_corners_as_moves_of_the_first_player(count: int) -> None:
    game = deal_with_kings(count)
    start = Game.from_position(game.start_position)
    assert len(game.opening) == count
    corners = [Space.NE, Space.SE, Space.SW, Space.NW][:count]
    for move, corner in zip(game.opening, corners, strict=True):
        assert isinstance(move, MovePile)
        assert move.source.is_cross
        assert move.target is corner
        king = start.pile(move.source)
        assert len(king) == 1
        assert king[0].rank is Rank.KING
        assert game.pile(corner) == king
        assert game.pile(move.source) == ()
    assert game.turn == 1
    assert game.moves == []
    assert game.cards_played_this_turn == 0
    # P1 may then fill each emptied space with any card from hand.
    first = game.opening[0]
    assert isinstance(first, MovePile)
    emptied = first.source
    for card in game.hand(1):
        assert game.is_legal(PlayCard(card, emptied))
    game.play(PlayCard(game.hand(1)[0], emptied))
    check_invariants(game)


def test_deal_without_kings_on_the_cross_has_no_opening_moves() -> None:
    game = deal_with_kings(0)
    assert game.position() == game.start_position
    assert all(len(game.pile(space)) == 1 for space in (Space.N, Space.E, Space.S, Space.W))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_deal_gives_seven_cards_each_four_up_and_the_rest_to_the_stock(players: int) -> None:
    game = Game.new(players=players, seed=11)
    assert game.hand_sizes() == (7,) * players
    assert game.stock_size == 52 - 7 * players - 4
    assert game.turn == 1
    check_invariants(game)


def test_same_seed_same_deal_and_other_seed_other_deal() -> None:
    assert Game.new(players=4, seed=3).position() == Game.new(players=4, seed=3).position()
    assert Game.new(players=4, seed=3).position() != Game.new(players=4, seed=4).position()
    assert Game.daily("2026-11-29", 4).position() == Game.daily("2026-11-29", 4).position()
    assert Game.daily("2026-11-29", 4).position() != Game.daily("2026-11-30", 4).position()


def test_fitting_starting_cards_can_be_stacked() -> None:
    # A deal whose cross shows two cards that fit: P1 may put one whole pile on the other.
    for seed in range(5_000):
        game = Game.new(players=2, seed=seed)
        stacks = [
            MovePile(source, target)
            for source in (Space.N, Space.E, Space.S, Space.W)
            for target in (Space.N, Space.E, Space.S, Space.W)
            if game.pile(source)
            and game.pile(target)
            and game.pile(source)[0].fits_on(game.pile(target)[-1])
        ]
        if stacks:
            break
    else:
        raise AssertionError("no deal with fitting starting cards")
    for move in stacks:
        assert move in game.legal_moves()
    move = stacks[0]
    below, above = game.pile(move.target), game.pile(move.source)
    game.play(move)
    assert game.pile(move.target) == below + above
    assert game.pile(move.source) == ()
    assert any(game.is_legal(PlayCard(card, move.source)) for card in game.hand())


# -- aces ---------------------------------------------------------------------------------------


def test_nothing_is_played_on_an_ace() -> None:
    game = game_at("N:2hAs E:3d S:5s W:8h NE:KdQcJhTs9d8c7h6s5d4c3h2cAd P1:KhQd P2:?7")
    for space in ("N", "NE"):
        for card in ("Kh", "Qd"):
            reason = check_refused(game, parse_move(f"{card}>{space}"))
            if card == "Kh" and space == "NE":  # a king is told first that a corner is taken
                taken = Reason("corner_taken", C("Kh"), C("Ad"), Space.NE)
                assert game.violation(f"{card}>{space}") == taken
                assert reason.startswith(f"{Space.NE.words} is taken")
            else:
                assert reason.startswith("nothing can be played on an ace")
    assert check_refused(game, parse_move("S>N")).startswith("nothing can be played on an ace")
    assert {str(m) for m in game.legal_moves()} == {"Kh>SE", "Kh>SW", "Kh>NW", "draw"}


def test_ace_based_pile_goes_onto_a_two() -> None:
    game = game_at("N:As E:2h S:5s W:8h P1:2c P2:?7")
    game.play("N>E")
    assert game.pile("E") == cards("2hAs")


# -- ending the turn ----------------------------------------------------------------------------


def test_turn_ends_with_a_draw_of_the_stocks_top_card() -> None:
    game = game_at("N:Jc E:Qs S:5s W:8h P1:2c P2:? stock:9h3c")
    assert game.end_move() == DRAW
    assert legal(game)[-1] == "draw"
    reason = refused_for(game, "pass", Reason("end_with_draw"))
    assert reason.endswith(f"end your turn with {DRAW}")
    game.play("draw")
    assert game.hand(1) == cards("2c9h")
    assert game.stock_size == 1
    assert game.turn == 2
    assert game.cards_played_this_turn == 0


def test_turn_passes_to_the_left_and_wraps() -> None:
    game = game_at("N:Jc E:Qs S:5s W:8h P1:2c P2:?7 P3:?7")
    seen = [game.turn]
    for _ in range(4):
        game.play(game.end_move())
        seen.append(game.turn)
    assert seen == [1, 2, 3, 1, 2]


def test_playable_card_may_be_held_back_in_the_standard_rules() -> None:
    game = game_at("N:Jc E:Qs S:5s W:8h P1:Th P2:?7")
    assert game.is_legal("Th>N")
    assert game.is_legal("draw")
    game.play("draw")
    assert game.turn == 2


def test_turn_ends_with_a_pass_once_the_stock_is_empty() -> None:
    game = game_at("N:Jc E:Qs S:5s W:8h P1:2c P2:?7 P3:?40 stock:-")
    assert game.end_move() == PASS
    assert legal(game) == ["pass"]
    reason = refused_for(game, "draw", Reason("end_with_pass"))
    assert reason.startswith("the stock is empty")
    assert reason.endswith(f"end your turn with {PASS}")
    game.play("pass")
    assert game.turn == 2
    assert game.hand(1) == cards("2c")


def test_every_legal_list_holds_exactly_one_end_of_turn_move() -> None:
    for partial in ("N:Jc P1:Th P2:?7", "N:Jc P1:Th P2:?7 P3:?43 stock:-"):
        game = game_at(partial)
        moves = check_moves(game)
        assert [m for m in moves if isinstance(m, EndTurn)] == [game.end_move()]


# -- going out ----------------------------------------------------------------------------------


def test_emptying_the_hand_wins_at_once_without_a_draw() -> None:
    game = game_at("N:Jc E:Qs S:5s W:8h P1:Th P2:?7")
    stock = game.stock_size
    game.play("Th>N")
    assert game.is_over()
    assert game.hand(1) == ()
    assert game.stock_size == stock
    outcome = game.outcome()
    assert outcome is not None
    assert (outcome.reason, outcome.went_out, outcome.winners) == ("out", 1, (1,))
    assert outcome.penalties[0] == 0
    assert game.legal_moves() == []
    assert check_refused(game, DRAW) == "the hand is over: P1 went out"


def test_going_out_by_the_last_of_several_cards() -> None:
    game = game_at("N:Jc E:Qs S:5s W:8h P1:Th9c P2:?7")
    game.play("Th>N")
    assert not game.is_over()
    assert game.outcome() is None
    game.play("9c>N")
    assert game.is_over()


# -- the blocked hand ---------------------------------------------------------------------------


BLOCKED = "N:Jc E:Qs S:5s W:8h P1:2c4d P2:KhAs P3:9h3c stock:-"


def test_hand_is_blocked_after_a_full_round_with_no_card_played() -> None:
    game = game_at(BLOCKED + " P4:?42")
    players = game.players
    for turn in range(players):
        assert not game.is_over(), f"over after {turn} passes"
        game.play("pass")
    assert game.is_over()
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.reason == "blocked"
    assert outcome.went_out is None
    assert check_refused(game, PASS) == "the hand is over: it is blocked"


def test_nobody_wins_a_blocked_hand_it_is_scored_by_the_cards_left() -> None:
    game = game_at("N:Jc E:Qs S:5s W:8h P1:2c4d P2:KhAs P3:9h3c P4:?42 stock:-")
    for _ in range(4):
        game.play("pass")
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.penalties[:3] == (2, 11, 2)
    assert outcome.winners == ()
    said = outcome.describe()
    assert said.startswith(f"{BLOCKED_WORDS} Left in hand: ")  # the engine's count, yet nobody wins
    assert said.endswith(f"P1 2, P2 11, P3 2, P4 {outcome.penalties[3]}.")
    assert hand_winners(outcome) == ()


def test_a_card_played_restarts_the_round() -> None:
    game = game_at("N:Jc E:Qs S:5s W:8h P1:2c4d P2:KhTs P3:?44 stock:-")
    game.play("pass")
    game.play("Kh>NE")
    game.play("pass")  # P2 played a card this turn
    game.play("pass")  # P3
    game.play("pass")  # P1
    assert not game.is_over()
    game.play("pass")  # P2: now a full round without a card played
    assert game.is_over()
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.reason == "blocked"


def test_a_pile_move_alone_does_not_restart_the_round() -> None:
    game = game_at("N:Jc E:Qh S:5s W:8h P1:2c4d P2:Kh9s P3:?44 stock:-")
    game.play("pass")
    game.play("N>E")  # P2 moves a pile but plays no card
    game.play("pass")
    assert not game.is_over()
    game.play("pass")
    assert game.is_over()


def test_no_blocked_hand_while_the_stock_has_cards() -> None:
    game = game_at("N:Jc E:Qs S:5s W:8h P1:2c4d P2:KhAs P3:9h3c P4:?38 stock:6c5d4s3h")
    for _ in range(4):
        game.play("draw")
    assert not game.is_over()
    assert game.stock_size == 0
    for _ in range(4):
        game.play("pass")
    assert game.is_over()


# -- errors -------------------------------------------------------------------------------------


def test_illegal_move_error_is_a_value_error_and_unreadable_moves_are_refused() -> None:
    assert issubclass(IllegalMoveError, ValueError)
    game = game_at("N:Jc E:Qs S:5s W:8h P1:Th P2:?7")
    before = game.state_key()
    for text in ("Th-N", "Xx>N", "Th>Q", "", "draw please"):
        with pytest.raises(IllegalMoveError) as caught:
            game.play(text)
        assert refusal(game.violation(text)) == str(caught.value)
        assert game.state_key() == before
