"""The static picture of a table shows what the viewer may see and nothing hidden."""

from __future__ import annotations

import itertools
import re

import pytest

from kingscorner_widget import Game
from kingscorner_widget.engine.notation import parse_position
from kingscorner_widget.engine.render import (
    FULL_STEP,
    LEAST_STEP,
    WIDTH,
    pile_card_width,
    table_svg,
)

LINE = "N:JcTh9c E:6h S:5s W:- NE:KsQh SE:- SW:- NW:- P1:4hAs P2:?7 P3:?5 stock:31 turn:P1"


def test_every_pile_is_fanned_with_every_card_its_label_and_count() -> None:
    svg = table_svg(Game.from_position(LINE), viewer=1)
    for space in ("N", "E", "S", "W", "NE", "SE", "SW", "NW"):
        assert f'data-pile="{space}"' in svg
    assert "nine of clubs on the north pile" in svg
    assert "ten of hearts, card 2 of 3 on the north pile" in svg
    assert "jack of clubs at the bottom of the north pile" in svg
    assert 'aria-label="3 cards"' in svg
    assert "stock, 31 cards" in svg


def _pile_cards(svg: str, space: str) -> list[tuple[str, float]]:
    """The cards of one pile on the picture, bottom first, with the x of each."""
    start = svg.index(f'<g data-pile="{space}">')
    end = svg.index('<g data-pile="', start + 1) if space != "NW" else svg.index("<g role", start)
    found = re.findall(r'data-card="(\w\w)"><rect x="([\d.]+)"', svg[start:end])
    return [(card, float(x)) for card, x in found]


@pytest.mark.parametrize("length", [2, 5, 13])
def test_a_long_run_is_squeezed_to_its_ranks_and_stays_in_its_column(length: int) -> None:
    run = "KhQsJhTc9h8s7d6c5h4s3d2cAh"[: 2 * length]
    rest = "N:- E:- S:- W:- NE:" + run + " SE:- SW:- NW:- P1:?7 P2:?7 stock:"
    table = parse_position(rest + f"{52 - 14 - length} turn:P1")
    svg = table_svg(table, viewer=1)
    cards = _pile_cards(svg, "NE")
    assert [c for c, _ in cards] == [run[i : i + 2] for i in range(0, 2 * length, 2)]
    width = pile_card_width(length)
    steps = [b - a for (_, a), (_, b) in itertools.pairwise(cards)]
    # Each covered card shows at least the width of its rank: its index is in view.
    assert all(step >= round(width * LEAST_STEP, 1) - 0.1 for step in steps), steps
    # The whole fan stays inside the right-hand column of the picture.
    assert cards[-1][1] + width <= WIDTH - 10
    if length == 13:
        assert steps[0] < width * FULL_STEP  # squeezed
    else:
        assert steps[0] == pytest.approx(width * FULL_STEP, abs=0.1)  # rank and suit in view


def test_the_picture_for_a_viewer_never_shows_a_hidden_card() -> None:
    game = Game.from_position(LINE, seed=4)
    svg = table_svg(game, viewer=1)
    shown = set(re.findall(r'data-card="(\w\w)"', svg))
    on_table = {str(c) for pile in game.piles().values() for c in pile}
    assert shown == on_table | {str(c) for c in game.hand(1)}
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
