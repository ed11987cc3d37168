"""The notation of SPEC section 2: cards, spaces, moves and positions, and every rejection."""

from __future__ import annotations

from typing import Any

import pytest

from kingscorner_widget import DECK, Card, Game, IllegalMoveError, Rank, Rules, Space, Suit
from kingscorner_widget.engine.errors import PositionError
from kingscorner_widget.engine.moves import DRAW, PASS, EndTurn, MovePile, PlayCard, parse_move
from kingscorner_widget.engine.notation import format_position, parse_position
from kingscorner_widget.engine.words import card_label

from .support import complete

SPEC_LINE = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"

# -- cards --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("Th", "Th"),
        ("10h", "Th"),
        ("10H", "Th"),
        ("th", "Th"),
        ("TH", "Th"),
        ("tH", "Th"),
        ("  Ks ", "Ks"),
        ("a♣", "Ac"),
        ("10♦", "Td"),
        ("Q♥", "Qh"),
        ("k♠", "Ks"),
        ("4h", "4h"),
        ("J♡", "Jh"),
    ],
)
def test_card_accepts_ten_any_case_and_symbols_and_writes_canonically(
    text: str, canonical: str
) -> None:
    assert str(Card.parse(text)) == canonical


def test_every_card_round_trips_and_is_shared() -> None:
    assert len(DECK) == len(set(DECK)) == 52
    for card in DECK:
        text = str(card)
        assert len(text) == 2
        assert text[0] in "A23456789TJQK"
        assert text[1] in "cdhs"
        assert Card.parse(text) is card
        assert Card.parse(text.lower()) is card
        assert Card.parse(card.rank.letter + card.suit.symbol) is card


@pytest.mark.parametrize("text", ["1h", "Tx", "", "Thh", "11h", "0h", "h", "T", "10", "KK"])
def test_unknown_card_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="is not a card: write a rank"):
        Card.parse(text)


def test_card_colours_ranks_and_words() -> None:
    assert Card.parse("Th").red
    assert Card.parse("Qd").red
    assert not Card.parse("Kc").red
    assert not Card.parse("As").red
    assert Card.parse("Ah").rank is Rank.ACE
    assert Card.parse("Kh").rank is Rank.KING
    assert Card.parse("Kh").rank > Card.parse("Qh").rank > Card.parse("Ah").rank
    assert card_label(Card.parse("Th")) == "ten of hearts"
    assert card_label(Card.parse("As")) == "ace of spades"
    assert Card.parse("Qc").suit is Suit.CLUBS


@pytest.mark.parametrize(
    ("card", "top", "fits"),
    [("Qh", "Ks", True), ("Qh", "Kd", False), ("Jh", "Ks", False), ("Ks", "Ah", False)],
)
def test_fits_on(card: str, top: str, fits: bool) -> None:
    assert Card.parse(card).fits_on(Card.parse(top)) is fits


# -- spaces -------------------------------------------------------------------------------------


def test_spaces() -> None:
    assert [str(space) for space in Space] == ["N", "E", "S", "W", "NE", "SE", "SW", "NW"]
    assert [s.is_cross for s in Space] == [True] * 4 + [False] * 4
    assert [s.is_corner for s in Space] == [False] * 4 + [True] * 4
    assert Space.parse(" sw ") is Space.SW
    assert Space.SW.words == "the south-west corner"
    with pytest.raises(ValueError, match="'X' is not a space: use N, E, S, W, NE, SE, SW or NW"):
        Space.parse("X")


# -- moves --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "move", "canonical"),
    [
        ("Th>N", PlayCard(Card.parse("Th"), Space.N), "Th>N"),
        (" th > n ", PlayCard(Card.parse("Th"), Space.N), "Th>N"),
        ("10h>n", PlayCard(Card.parse("Th"), Space.N), "Th>N"),
        ("Ks>NE", PlayCard(Card.parse("Ks"), Space.NE), "Ks>NE"),
        ("k♠>ne", PlayCard(Card.parse("Ks"), Space.NE), "Ks>NE"),
        ("W>E", MovePile(Space.W, Space.E), "W>E"),
        ("w > se", MovePile(Space.W, Space.SE), "W>SE"),
        ("draw", DRAW, "draw"),
        (" DRAW ", DRAW, "draw"),
        ("Pass", PASS, "pass"),
    ],
)
def test_move_notation(text: str, move: object, canonical: str) -> None:
    parsed = parse_move(text)
    assert parsed == move
    assert str(parsed) == canonical
    assert parse_move(canonical) == parsed


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Th-N", "is not a move"),
        ("Th>N>E", "is not a move"),
        ("", "is not a move"),
        ("drawing", "is not a move"),
        ("Th>X", "is not a space"),
        ("Xx>N", "is not a card"),
    ],
)
def test_unreadable_move_is_refused(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_move(text)


# -- positions ----------------------------------------------------------------------------------


def test_spec_line_round_trips() -> None:
    assert format_position(parse_position(SPEC_LINE)) == SPEC_LINE
    game = Game.from_position(SPEC_LINE)
    assert game.position(player=1) == SPEC_LINE


def test_position_fields_mean_what_the_spec_says() -> None:
    table = parse_position(SPEC_LINE)
    assert table.piles[0] == [Card.parse("Jc")]
    assert table.piles[3] == []
    assert table.hands == [[Card.parse("Th"), Card.parse("Ks"), Card.parse("4h")], 7]
    assert table.stock == 39
    assert table.turn == 0


def test_piles_are_written_bottom_first() -> None:
    game = Game.from_position(complete("N:JcTh9s P1:8h P2:?"))
    assert game.pile(Space.N) == (Card.parse("Jc"), Card.parse("Th"), Card.parse("9s"))
    game.play("8h>N")
    assert game.position().startswith("N:JcTh9s8h ")


def test_loose_input_is_written_canonically() -> None:
    loose = "turn:p2 stock:39  p2:?7 P1:10hkS4H nw:- sw:- se:- ne:- w:- s:5♠ e:6h n:jC"
    assert format_position(parse_position(loose)) == SPEC_LINE.replace("turn:P1", "turn:P2")


def test_stock_as_cards_is_top_first() -> None:
    line = complete("N:Jc P1:Th P2:? stock:9h3c")
    game = Game.from_position(line)
    assert game.position() == line.replace("P2:?48", "P2:" + "".join(map(str, game.hand(2))))
    game.play("draw")
    assert game.hand(1)[-1] == Card.parse("9h")
    assert "stock:3c " in game.position()


def test_stock_count_and_cards_both_read() -> None:
    assert parse_position(complete("N:Jc P1:Th P2:? stock:9h3c")).stock == [
        Card.parse("9h"),
        Card.parse("3c"),
    ]
    assert parse_position(complete("N:Jc P1:Th P2:?7")).stock == 43
    assert parse_position(complete("N:Jc P1:Th P2:? stock:-")).stock == []


def test_empty_hand_is_a_dash() -> None:
    table = parse_position(complete("N:JcTh P1:- P2:?7"))
    assert table.hands[0] == []
    assert " P1:- " in format_position(table)


def test_position_for_a_player_hides_other_hands_and_the_stock() -> None:
    game = Game.new(players=3, seed=2)
    full = game.position()
    for player in (1, 2, 3):
        seen = game.position(player=player)
        table = parse_position(seen)
        assert table.stock == game.stock_size
        for other in (1, 2, 3):
            hand = table.hands[other - 1]
            if other == player:
                assert hand == list(game.hand(other))
            else:
                assert hand == len(game.hand(other))
        assert seen.split()[:8] == full.split()[:8]
    with pytest.raises(ValueError, match="there is no player P4"):
        game.position(player=4)


@pytest.mark.parametrize("viewer", [1, 2, 3])
def test_hidden_cards_render_back_for_the_player_who_sees_them(viewer: int) -> None:
    hands = ["?7", "?7", "?7"]
    hands[viewer - 1] = "Th2c9d"
    partial = f"N:Jc E:6h S:5s P1:{hands[0]} P2:{hands[1]} P3:{hands[2]} turn:P{viewer}"
    line = complete(partial)
    for seed in (0, 1, 99):
        game = Game.from_position(line, seed=seed)
        assert game.position(player=viewer) == line
    filled = {Game.from_position(line, seed=seed).position() for seed in (0, 1)}
    assert len(filled) == 2


def test_hidden_cards_are_filled_from_the_unseen_cards() -> None:
    game = Game.from_position(SPEC_LINE, seed=3)
    shown = {Card.parse(t) for t in ("Jc", "6h", "5s", "Th", "Ks", "4h")}
    assert len(game.hand(2)) == 7
    assert game.stock_size == 39
    assert not shown & set(game.hand(2))
    assert Game.from_position(SPEC_LINE, seed=3).position() == game.position()


# -- rejected positions -------------------------------------------------------------------------


def line_with(**fields: str) -> str:
    """The spec line with some fields replaced (or added)."""
    parts = dict(field.split(":", 1) for field in SPEC_LINE.split())
    parts.update(fields)
    return " ".join(f"{key}:{value}" for key, value in parts.items())


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (line_with(W="Qh", P1="ThKsQh", stock="38"), "Qh appears twice"),
        (line_with(stock="30"), "the position holds 43 of 52 cards"),
        (line_with(stock="40"), "the position holds 53 of 52 cards"),
        (line_with(N="Xx"), "N: 'Xx' is not a card"),
        (line_with(P1="ThKs4"), "is not a list of cards"),
        (SPEC_LINE + " X:Jc", "unknown field X:"),
        (SPEC_LINE + " colour:red", "unknown field"),
        (SPEC_LINE + " Jc", "'Jc' is not a field"),
        (line_with(turn="P3"), "turn:P3 names a player who does not exist"),
        (line_with(turn="P0"), "turn:P0 names a player who does not exist"),
        (line_with(turn="me"), "turn:me is not a player"),
        (SPEC_LINE.replace(" P2:?7", " P3:?7"), "P3 is given but P2 is missing"),
        (SPEC_LINE.replace(" P2:?7", "").replace("39", "46"), "needs 2 to 6 players"),
        (SPEC_LINE.replace(" turn:P1", ""), "no player to move"),
        (SPEC_LINE.replace(" stock:39", ""), "the position has no stock: field"),
        (SPEC_LINE.replace(" W:-", ""), "the position has no W: field"),
        (SPEC_LINE + " N:Qd", "the field N: is given twice"),
        (SPEC_LINE + " turn:P2", "the field turn: is given twice"),
        (SPEC_LINE + " p2:?7", "the field P2: is given twice"),
        (line_with(N="JcTc", stock="38"), "the N pile does not build down in alternating colours"),
        (line_with(N="Jc9h", stock="38"), "the N pile does not build down in alternating colours"),
        (line_with(N="JcQh", stock="38"), "the N pile does not build down in alternating colours"),
        (line_with(NE="Qh", stock="38"), "the NE corner pile must start with a king, not Qh"),
        (line_with(P1="-", P2="-", stock="49"), "only one player can have gone out"),
        (line_with(P2="?x"), "hidden hand must be a number of cards"),
    ],
)
def test_bad_position_is_refused_with_a_message_naming_the_problem(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_position(text)
    with pytest.raises(ValueError, match=message):
        Game.from_position(text)


def test_corner_pile_starting_with_a_king_is_accepted() -> None:
    table = parse_position(line_with(NE="KhQs", stock="37"))
    assert table.piles[4] == [Card.parse("Kh"), Card.parse("Qs")]


def test_rules_take_the_number_of_players_from_the_position() -> None:
    from kingscorner_widget import Rules

    game = Game.from_position(SPEC_LINE, rules=Rules(players=3, must_play=True))
    assert game.rules == Rules(players=2, must_play=True)


def test_kept_corners_round_trip() -> None:
    kept = "KdQcJhTs9d8c7h6s5d4c3h2cAd"
    line = complete(f"N:Jc P1:Th P1kept:{kept} P2:?7")
    assert f" P1kept:{kept} " in format_position(parse_position(line))
    bad = complete(f"N:Jc P1:Th P1kept:{kept[:-2]} P2:?7")
    with pytest.raises(ValueError, match="a kept corner is a whole corner pile"):
        parse_position(bad)


@pytest.mark.parametrize("field", ["colour:red", "Ne2:Kc", "stockpile:3"])
def test_unknown_field_is_named_as_written(field: str) -> None:
    name = field.split(":")[0]
    with pytest.raises(ValueError, match=f"^unknown field {name}:$"):
        parse_position(SPEC_LINE + " " + field)


def test_hidden_hand_count_error_names_the_player_once() -> None:
    with pytest.raises(ValueError, match="hidden hand") as caught:
        parse_position(line_with(P2="?x"))
    assert str(caught.value) == "P2: a hidden hand must be a number of cards, not 'x'"


@pytest.mark.parametrize("field", ["P01:ThKs4h", "P0:ThKs4h", "Px:ThKs4h"])
def test_a_misspelt_player_field_is_named_not_miscounted(field: str) -> None:
    line = f"N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- {field} P2:?7 stock:39 turn:P1"
    with pytest.raises(ValueError, match=f"unknown field {field.split(':')[0]}:"):
        parse_position(line)


# -- what cannot be --------------------------------------------------------------------------------

KEPT = "KdQcJhTs9d8c7h6s5d4c3h2cAd"


def test_kept_corners_exist_only_in_the_corners_version() -> None:
    line = complete(f"N:Jc P1:Th P1kept:{KEPT} P2:?7")
    game = Game.from_position(line, rules=Rules(corners_version=True))
    assert len(game.kept(1)) == 13
    with pytest.raises(PositionError, match=r"^P1kept: kept corners exist only in the corners"):
        Game.from_position(line)


@pytest.mark.parametrize(
    "kept",
    [
        "AcAdAhAs2c2h2s3c3d3h3s4d4h",  # thirteen cards, no corner pile
        "KdQcJhTs9d8c7h6s5d4c3h2cAd"[2:] + "Kd",  # the king at the wrong end
        "KdQdJhTs9d8c7h6s5d4c3h2cAc",  # two reds in a row
        KEPT + "KhQsJdTc9h8s7d6c5h4s3d2s",  # a whole corner and twelve cards
    ],
)
def test_a_kept_corner_is_a_whole_run_from_king_to_ace(kept: str) -> None:
    line = complete(f"N:- P1:- P1kept:{kept} P2:?")
    with pytest.raises(PositionError, match="a kept corner is a whole corner pile"):
        parse_position(line)


def test_a_finished_corner_on_the_table_is_impossible_in_the_corners_version() -> None:
    line = complete("NE:KhQsJhTs9h8s7h6s5h4s3h2sAh P1:Ks P2:?7")
    assert Game.from_position(line).pile("NE")[-1] == Card.parse("Ah")
    with pytest.raises(PositionError, match="the NE corner pile is finished"):
        Game.from_position(line, rules=Rules(corners_version=True))


def test_a_player_who_went_out_ended_the_hand_on_their_turn() -> None:
    line = "N:8s7h E:9d S:4c W:Jc NE:- SE:- SW:- NW:- P1:Qh6c2d P2:- stock:44 turn:P1"
    with pytest.raises(PositionError, match=r"^P2 has no cards left, so P2 went out .* turn:P2"):
        parse_position(line)
    game = Game.from_position(line.replace("turn:P1", "turn:P2"))
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.went_out == 2
    assert parse_position(line.replace("P2:-", "P2:?0").replace("turn:P1", "turn:P2")).hands[1] == 0


@pytest.mark.parametrize(
    ("field", "value"),
    [("stock", "\u0663\u0669"), ("P2", "?\u0667"), ("P2", "?\u2077"), ("P2", "?\uff17")],
)
def test_counts_are_ascii_digits(field: str, value: str) -> None:
    with pytest.raises(PositionError, match=f"^{field}: a .* takes the digits 0-9 only"):
        parse_position(line_with(**{field: value}))


@pytest.mark.parametrize("name", ["\u017f", "\u212a", "\uff2e", "\u0131"])
def test_field_names_are_ascii(name: str) -> None:
    with pytest.raises(PositionError, match=f"^unknown field {name}:$"):
        parse_position(SPEC_LINE + f" {name}:4c")


def test_messages_quote_a_short_excerpt_never_the_whole_input() -> None:
    for line in [
        line_with(stock="9" * 3_000),
        line_with(P2="?" + "9" * 3_000),
        line_with(N="Jc" + "x" * 3_000),
        line_with(turn="P" + "1" * 3_000),
        SPEC_LINE + " " + "a" * 3_000 + ":1",
        SPEC_LINE + " " + "b" * 3_000,
        "N:" + "Ah" * 500_000,
    ]:
        with pytest.raises(PositionError) as caught:
            parse_position(line)
        assert len(str(caught.value)) < 120, str(caught.value)[:300]
        assert "invalid literal" not in str(caught.value)


def test_a_position_that_is_not_text_is_refused() -> None:
    with pytest.raises(PositionError, match=r"^a position is a line of text, not null$"):
        parse_position(None)  # type: ignore[arg-type]
    assert issubclass(PositionError, ValueError)


def test_a_move_object_built_from_strings_is_read_or_refused_as_usual() -> None:
    game = Game.from_position(
        "N:8s7h E:9d S:4c W:Jc NE:- SE:- SW:- NW:- P1:Qh6c2d P2:?7 stock:37 turn:P1"
    )
    play_card: Any = PlayCard  # built with strings, as a caller without type checks might
    move_pile: Any = MovePile
    end_turn: Any = EndTurn
    game.play(play_card("6c", "n"))
    game.play(move_pile("N", "E"))
    assert game.pile("E")[-1] == Card.parse("6c")
    before = game.position()
    with pytest.raises(IllegalMoveError, match="corner piles never move"):
        game.play(move_pile("NE", "E"))
    for build, args in [
        (move_pile, ("W", "X")),
        (move_pile, ("W", 5)),
        (play_card, ("Zz", "N")),
        (play_card, ("Qh", "\u017f")),
        (end_turn, ("stop",)),
    ]:
        with pytest.raises(ValueError, match=r"is not a|is draw or pass"):
            build(*args)
    with pytest.raises(IllegalMoveError, match="is not a space"):
        game.play("Qh>\u017f")
    assert game.position() == before
