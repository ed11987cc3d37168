"""Hints, explanations, sentences and odds, in the words learners will read."""

from __future__ import annotations

import re

import pytest

from kingscorner_widget import EndTurn, Game, Rules, explain, hint
from kingscorner_widget.analysis import best_turn, odds
from kingscorner_widget.engine.cards import Card
from kingscorner_widget.engine.moves import parse_move
from kingscorner_widget.engine.spaces import SPACES, Space
from kingscorner_widget.engine.words import (
    card_name,
    count_words,
    instruction,
    move_sentences,
    no_or_count,
    reason_words,
)

from .support import played_games, position


def lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def best_first(game: Game) -> str:
    """The hint's "Best first move: ..." sentence, built from the best turn and the words."""
    first = best_turn(game).moves[0]
    return f"Best first move: {lower_first(instruction(game, first))} ({first})."


COMBO = position("N:9d E:4c S:5s W:8s7h NE:- SE:- SW:- NW:- P1:Qh6c")


def test_card_names_give_colour_rank_and_notation() -> None:
    names = [card_name(Card.parse(text)) for text in ("7h", "Ts", "Ad", "Jc", "Kh")]
    assert names == [
        "the red 7 (7h)",
        "the black 10 (Ts)",
        "the red ace (Ad)",
        "the black jack (Jc)",
        "the red king (Kh)",
    ]


def test_hint_gives_the_first_move_of_the_best_turn_and_why() -> None:
    game = Game.from_position(COMBO)
    result = hint(game)
    assert result.move == result.plan.moves[0]
    assert result.reason.startswith(result.plan.explanations[0])
    assert result.reason.endswith("This turn can shed 2 cards and go out.")


def test_hint_with_nothing_to_play_says_so() -> None:
    game = Game.from_position(position("N:9d E:4c S:5s W:8d NE:Kh SE:Kd SW:Ks NW:Kc P1:2h"))
    result = hint(game)
    assert result.move == EndTurn("draw")
    assert result.plan.cards_played == 0
    (draw,) = result.plan.explanations
    assert result.reason == f"No card can be played this turn: {lower_first(draw)}"
    assert draw == move_sentences([], game.hand(), [result.move])[0]


@pytest.mark.parametrize("move", ["Qh>N", "6c>NE", "W>E", "pass", "Kd>N", "nonsense"])
def test_explain_gives_the_engines_reason_for_an_illegal_move(move: str) -> None:
    game = Game.from_position(COMBO)
    reason = game.violation(move)
    assert reason is not None
    assert explain(game, move) == reason_words(reason)


def test_explain_compares_a_legal_move_with_the_best_turn() -> None:
    game = Game.from_position(COMBO)
    best = best_turn(game).value.cards
    assert best == 2
    assert explain(game, "draw") == (
        f"Ending the turn now sheds {no_or_count(0)} this turn; the best turn sheds {best}. "
        f"{best_first(game)}"
    )
    assert explain(game, "W>N").startswith("Good move: moving the west pile onto the north pile")
    # Putting the 6 on the 7 and ending at once would leave the queen in hand.
    game2 = Game.from_position(position("N:9d E:4c S:5s W:8s7h NE:- SE:- SW:- NW:- P1:Qh6c5d"))
    text = explain(game2, "6c>W")
    assert text.startswith("Good move"), text


def test_explain_names_a_weaker_legal_move() -> None:
    # Filling the empty space with the 4 wastes it: the 5 and 4 could go there as a pair.
    game = Game.from_position(position("N:- E:Jc S:9c W:7d NE:- SE:- SW:- NW:- P1:5c4d"))
    text = explain(game, "4d>N")
    four = card_name(Card.parse("4d"))
    assert best_turn(game).value.cards == 2
    assert text == (
        f"Putting {four} in the empty north space sheds {count_words(1)} this turn; "
        f"the best turn sheds 2. {best_first(game)}"
    )
    assert "(5c>N)" in text  # the pair's first card opens the space


def test_explain_tells_apart_equal_card_counts_with_worse_tie_breaks() -> None:
    # Only one of the two cards can go, into the empty space; the 9 opens nothing new.
    line = position("N:- E:9d S:9c W:Jc NE:- SE:- SW:- NW:- P1:9h3c")
    game = Game.from_position(line)
    assert hint(game).move == parse_move("9h>N")
    best = best_turn(game).value
    after = Game.from_position(line)
    after.play("3c>N")
    assert best_turn(after).value.cards == 0  # nothing follows either card: only openings differ
    said = explain(game, "3c>N")
    three = card_name(Card.parse("3c"))
    opened = re.search(r"more openings \((\d+) instead of (\d+)\)", said)
    assert opened is not None, said
    assert int(opened[1]) > int(opened[2]) == best.openings
    assert said == (
        f"Putting {three} in the empty north space can still shed {count_words(1)} this turn, "
        f"like the best turn, but leaves the next player more openings ({opened[1]} instead of "
        f"{best.openings}). {best_first(game)}"
    )


def test_every_move_of_every_plan_has_one_plain_sentence() -> None:
    for game in played_games(10, seed=2):
        plan = hint(game).plan
        assert len(plan.explanations) == len(plan.moves)
        for sentence in plan.explanations:
            assert sentence[0].isupper()
            assert sentence.endswith(".")
            assert "None" not in sentence


def test_sentences_say_what_a_pile_move_frees() -> None:
    game = Game.from_position(COMBO)
    moves = [parse_move(m) for m in ("W>N", "Qh>W", "6c>N", "draw")]
    lines = move_sentences([game.pile(s) for s in SPACES], game.hand(), moves)
    assert lines[0].endswith("which frees the west space for the red queen (Qh).")
    assert lines[1] == f"Put {card_name(Card.parse('Qh'))} in the empty west space."
    assert lines[3] == move_sentences([], (), [moves[3]])[0]
    assert lines[3].startswith("Draw a card")


def test_odds_list_the_unseen_cards_that_fit_each_pile() -> None:
    game = Game.from_position(position("N:9d E:5c S:5s W:- NE:Kh SE:- SW:- NW:- P1:Qh6c8s"))
    chances = odds(game)
    assert [str(c) for c in chances.fits[Space.N]] == ["8c"]
    assert [str(c) for c in chances.fits[Space.NE]] == ["Qc", "Qs"]
    assert len(chances.fits[Space.W]) == len(chances.unseen)
    assert set(chances.fits[Space.SE]) == {Card.parse(t) for t in ("Kc", "Kd", "Ks")}
    assert chances.chance == 1.0
    assert "100% chance" in chances.describe()


def test_odds_count_only_the_cards_the_viewer_cannot_see() -> None:
    game = Game.from_position(position("N:9d E:5c S:5s W:8s NE:Kh SE:Kd SW:Ks NW:Kc P1:8c"))
    chances = odds(game)
    assert Card.parse("8c") not in chances.unseen
    assert chances.fits[Space.N] == ()
    playable = {str(c) for c in chances.playable}
    assert playable == {"4d", "4h", "7h", "7d", "Qc", "Qs", "Qd", "Qh"}
    assert chances.chance == pytest.approx(len(chances.playable) / len(chances.unseen))


def test_odds_with_an_empty_stock() -> None:
    line = "N:9d E:5c S:5s W:8s NE:Kh SE:Kd SW:Ks NW:Kc P1:8c P2:?43 stock:0 turn:P1"
    chances = odds(Game.from_position(line, rules=Rules()))
    assert chances.chance == 0.0
    assert chances.stock_size == 0
    assert chances.describe().startswith("The stock is empty")
    assert "%" not in chances.describe()  # no chance quoted of a draw there is not


def test_explain_counts_from_the_cards_already_played_this_turn() -> None:
    game = Game.from_position(position("N:- E:Jc S:9c W:7d NE:- SE:- SW:- NW:- P1:Th5c4d"))
    game.play("Th>E")
    more = best_turn(game).value.cards
    assert more == 2  # counted from now, the ten already played
    assert explain(game, "draw") == (
        f"Ending the turn now sheds no more card this turn; the best turn sheds {more} more. "
        f"{best_first(game)}"
    )
    # The 4 first still works, the longer way round: 9c onto the 10 frees S for the 5.
    assert explain(game, "4d>N") == (
        f"Putting {card_name(Card.parse('4d'))} in the empty north space can still shed "
        f"{count_words(more, 'more card')} this turn, like the best turn, but takes more moves "
        f"than it needs. {best_first(game)}"
    )


def test_a_hint_for_winning_comes_from_the_expert_and_never_a_hidden_card() -> None:
    from kingscorner_widget.analysis import Budget, WinningHint, hint

    game = Game.new(players=2, seed=11)
    found = hint(game, Budget(seconds=5.0), goal="win")
    assert isinstance(found, WinningHint)
    assert found.move in game.legal_moves()
    assert found.reason
    twin = Game.from_observation(game.observation(1), seed=99)
    assert hint(twin, Budget(seconds=5.0), goal="win").move == found.move
    with pytest.raises(ValueError, match='goal must be "shed" or "win"'):
        hint(game, goal="lose")  # type: ignore[call-overload]
