"""The static picture of a table shows what the viewer may see and nothing hidden."""

from __future__ import annotations

import re

from kingscorner_widget import Game
from kingscorner_widget.engine.notation import parse_position
from kingscorner_widget.engine.render import table_svg

LINE = "N:JcTh9c E:6h S:5s W:- NE:KsQh SE:- SW:- NW:- P1:4hAs P2:?7 P3:?5 stock:31 turn:P1"


def test_every_pile_is_drawn_with_top_bottom_and_count() -> None:
    svg = table_svg(Game.from_position(LINE), viewer=1)
    for space in ("N", "E", "S", "W", "NE", "SE", "SW", "NW"):
        assert f'data-pile="{space}"' in svg
    assert "nine of clubs on the north pile" in svg
    assert "jack of clubs at the bottom of the north pile" in svg
    assert 'aria-label="3 cards"' in svg
    assert "stock, 31 cards" in svg


def test_the_picture_for_a_viewer_never_shows_a_hidden_card() -> None:
    game = Game.from_position(LINE, seed=4)
    svg = table_svg(game, viewer=1)
    shown = set(re.findall(r'data-card="(\w\w)"', svg))
    ends = {str(c) for pile in game.piles().values() if pile for c in (pile[0], pile[-1])}
    assert shown == ends | {str(c) for c in game.hand(1)}
    for player in (2, 3):
        assert not shown & {str(c) for c in game.hand(player)}


def test_a_game_draws_itself_in_a_notebook() -> None:
    game = Game.new(players=4, seed=5)
    svg = game._repr_svg_()
    assert svg.startswith("<svg")
    assert 'data-hand="P1"' in svg
    assert svg == table_svg(game.table())


def test_the_picture_is_drawn_from_the_table_alone() -> None:
    """A viewer's position line draws the same picture as the game seen by that viewer."""
    game = Game.from_position(LINE, seed=4)
    game.play("4h>W")
    for viewer in (1, 2, 3):
        seen = parse_position(game.position(player=viewer))
        assert table_svg(seen, viewer=viewer) == table_svg(game, viewer=viewer)
        assert table_svg(game.table(viewer), viewer=viewer) == table_svg(game, viewer=viewer)


def test_counts_of_one_are_singular() -> None:
    line = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:Th P2:?7 stock:41 turn:P1"
    svg = table_svg(Game.from_position(line), viewer=1)
    assert "P1: 1 card (to move)" in svg
    assert 'aria-label="1 card"' in svg
    assert not re.search(r"\b1 cards", svg)
