"""The review's win chances against how seeded hands ended: every bin of 10 points holds what
happened within its interval, and the estimates beat always guessing one in the players."""

from __future__ import annotations

from kingscorner_widget import Game
from kingscorner_widget.analysis.judging.win_chance import turn_win_chances
from kingscorner_widget.analysis.players import GreedyPlayer
from kingscorner_widget.analysis.runs.calibration import calibrate, chance_before


def test_every_bin_holds_its_actual_rate_within_its_interval_for_a_fixed_seed() -> None:
    table = calibrate(hands=150, players=2, worlds=40, seed=3, progress=False)
    assert table.turns == 150
    assert len(table.bins) >= 5  # the estimates spread over the range, not one guess
    for b in table.bins:  # at 99.5% a bin: all bins of an honest table pass together 95%
        assert b.honest, table.lines()
        assert b.low <= b.predicted <= b.low + 0.1 + 1e-9
    assert table.brier < table.baseline_brier, table.lines()
    assert table.lines()[-1].startswith("Brier score")


def test_the_chance_before_is_the_reviews_own_number() -> None:
    game = Game.new(players=3, seed=8)
    for _ in range(9):
        game.play(GreedyPlayer().choose(game.observation(game.turn)))
    while game.cards_played_this_turn:  # the start of a turn
        game.play(GreedyPlayer().choose(game.observation(game.turn)))
    seen = game.observation(game.turn)
    review = turn_win_chances(seen, "draw", worlds=30, search_worlds=10, candidates=4, seed=2)
    assert chance_before(seen, worlds=30, seed=2) == review.before
