"""What crosses to an entry: the position line and the moves seen, read back as the very
observation the engine gives, for every decision of many seeded hands under every rule option."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kingscorner_widget import Game
from kingscorner_widget.engine.notation import format_position
from kingscorner_widget.sandbox.protocol import (
    decode,
    position_line,
    read_position,
    read_turn,
    turn_line,
)

from .support import RULE_VARIANTS


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), variant=st.sampled_from(RULE_VARIANTS), seats=st.integers(2, 4))
def test_each_turn_line_reads_back_as_the_engines_observation(
    seed: int, variant: object, seats: int
) -> None:
    rules = variant.with_players(seats)  # type: ignore[attr-defined]
    game = Game.new(seed=seed, rules=rules)
    rng = random.Random(seed)
    told = dict.fromkeys(range(1, seats + 1), 0)
    histories: dict[int, list[tuple[int, str]]] = {p: [] for p in range(1, seats + 1)}
    while not game.is_over() and len(game.moves) < 400:
        mover = game.turn
        line = turn_line(game, mover, told[mover])
        told[mover] = len(game.moves)
        seen = read_turn(decode(line), mover, rules, histories[mover])
        assert seen == game.observation(mover)
        table = read_position(decode(line)["turn"]["position"])
        for other in range(1, seats + 1):  # another hand crosses as a count, never its cards
            if other != mover:
                assert table.hands[other - 1] == len(game.hand(other))
        assert table.stock == game.stock_size
        game.play(rng.choice(game.legal_moves()))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 60), viewer=st.integers(1, 3))
def test_the_fast_position_line_is_the_notation(seed: int, moves: int, viewer: int) -> None:
    game = Game.new(players=3, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over():
            break
        game.play(rng.choice(game.legal_moves()))
    for table in (game.table(), game.table(viewer)):
        line = position_line(table)
        assert line == format_position(table)
        assert position_line(read_position(line)) == line


def test_a_line_not_from_the_league_is_refused() -> None:
    with pytest.raises(ValueError, match="not a position line from the league"):
        read_position("N:Zz E:- S:- W:- NE:- SE:- SW:- NW:- P1:- P2:?7 stock:1 turn:P1")
