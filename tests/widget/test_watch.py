"""Watching a player from its own seat: ``KingsCornerWidget(..., watch=my_player)``."""

from __future__ import annotations

import pytest

from kingscorner_widget import Game
from kingscorner_widget.widget.adapter import KingsCornerWidget

from .helpers import FirstMove, assert_no_hidden_card


def test_the_watched_player_plays_the_viewers_seat_and_the_table_steps_it() -> None:
    mine = FirstMove()
    w = KingsCornerWidget(Game.new(players=3, seed=4), opponents=["greedy"], watch=mine, speed=0)
    assert w.snapshot["waiting"] == 1  # the viewer's own seat is played, and shown
    assert w.legal == []
    assert w.snapshot["hands"][0]["cards"] == [str(c) for c in w.game.hand(1)]
    assert w.snapshot["hands"][0]["name"] == "first move"
    moves = 0
    while w.waiting is not None and moves < 2000:
        assert w.step() is not None
        moves += 1
    assert w.game.is_over()
    assert {seen.player for seen in mine.seen} == {1}  # it saw only its own seat's view
    assert w.game.moves
    assert any(mover == 1 for mover in w.game.movers())


def test_the_viewer_makes_no_move_while_watching() -> None:
    w = KingsCornerWidget(Game.new(players=2, seed=4), watch="greedy", speed=0)
    before = w.game.position()
    with pytest.raises(ValueError, match="this seat is played by greedy: watch it play"):
        w.play(w.game.legal_moves()[0])
    assert w.game.position() == before
    draw = next(a for a in w.snapshot["actions"] if a["kind"] == "draw")
    assert draw["enabled"] is False
    assert draw["why"].startswith("This seat is played by greedy: watch it play")
    w.skip()
    assert w.game.is_over()


def test_watching_shows_nothing_of_the_other_hands() -> None:
    w = KingsCornerWidget(Game.new(players=3, seed=8), watch=FirstMove(), speed=0)
    for _ in range(40):
        if w.waiting is None:
            break
        w.step()
        if not w.game.is_over():
            assert_no_hidden_card(w)


def test_an_unknown_player_to_watch_is_refused_at_once() -> None:
    with pytest.raises(ValueError, match="unknown player 'clever'"):
        KingsCornerWidget(players=2, watch="clever")
    with pytest.raises(TypeError, match=r"needs a choose\(observation\) method"):
        KingsCornerWidget(players=2, watch=object())  # type: ignore[arg-type]
