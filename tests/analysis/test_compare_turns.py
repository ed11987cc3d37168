"""Comparing two moves or turns by their chances of winning the hand."""

from __future__ import annotations

import random

import pytest

from kingscorner_widget import Game
from kingscorner_widget.analysis import explain
from kingscorner_widget.analysis.judging.compare_turns import compare_turns
from kingscorner_widget.engine.moves import parse_move

from .support import resample_hidden

LINE = "N:9d E:4c S:5s W:8s7h NE:Ks SE:- SW:- NW:- P1:Qh6c3h8dJd P2:?7 stock:34 turn:P1"
OUT = "N:9d E:4c S:5s W:8s7h NE:- SE:- SW:- NW:- P1:Qh6c P2:?7 stock:38 turn:P1"


def test_both_turns_are_played_in_the_same_deals_and_a_part_turn_is_completed() -> None:
    game = Game.from_position(LINE)
    c = compare_turns(game, "6c>W", [parse_move("draw")], worlds=16)
    assert c.completed == (True, False)
    assert c.turns[0][0] == parse_move("6c>W")
    assert len(c.turns[0]) > 1
    assert c.turns[1] == (parse_move("draw"),)
    assert c.worlds == 16
    assert all(0 <= chance <= 1 for chance in c.win_chances)
    assert c.text.startswith(
        "The six of clubs to the west pile (6c>W), then the rest of the best turn ("
    )
    assert c.text.endswith(".")


def test_a_turn_that_goes_out_wins_every_deal() -> None:
    c = compare_turns(Game.from_position(OUT), "6c>W W>N Qh>W", "draw", worlds=12)
    assert c.win_chances[0] == 1.0
    assert "going out" in c.text
    assert "The first gives the better chance" in c.text


def test_the_same_turn_twice_reads_as_the_same() -> None:
    c = compare_turns(Game.from_position(LINE), "draw", "draw", worlds=8)
    assert c.win_chances[0] == c.win_chances[1]
    assert "Both come to the same turn." in c.text


def test_it_depends_only_on_what_the_player_sees() -> None:
    game = Game.from_position(LINE, seed=3)
    text = compare_turns(game, "draw", "6c>W 3h>E draw", worlds=24).text
    twin = resample_hidden(game, 1, random.Random(5))
    assert twin.position() != game.position()
    assert compare_turns(twin, "draw", "6c>W 3h>E draw", worlds=24).text == text


@pytest.mark.parametrize(
    ("first", "message"),
    [
        ("6c>N", "6c>N cannot be played here"),
        ("draw 6c>W", "draw ends the turn, so nothing can follow it"),
        ("", "at least one move"),
    ],
)
def test_turns_the_rules_refuse_are_named(first: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        compare_turns(Game.from_position(LINE), first, "draw", worlds=4)


def test_explain_compares_when_given_a_second_move() -> None:
    text = explain(Game.from_position(LINE), "draw", versus="6c>W 3h>E draw", worlds=8)
    assert text.startswith("Ending the turn now, shedding no card, won")
