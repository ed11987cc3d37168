"""Summaries with statistics: the same numbers pandas' describe gives, without pandas."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kingscorner_widget.analysis.runs.simulate import simulate, tournament
from kingscorner_widget.analysis.runs.summaries import (
    STATISTICS,
    describe_numbers,
    game_lengths,
    pairings_table,
    player_results,
)
from kingscorner_widget.engine.words import count_words


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 200), min_size=1, max_size=40))
def test_describe_matches_pandas(values: list[int]) -> None:
    pandas = pytest.importorskip("pandas")
    ours = describe_numbers({"x": values}, digits=6)
    theirs = pandas.Series(values, dtype=float).describe()
    assert ours.column("") == list(STATISTICS)
    for label, value in zip(STATISTICS, ours.column("x"), strict=True):
        expected = theirs[label]
        if pandas.isna(expected):
            assert value is None
        else:
            assert value == pytest.approx(expected)


def test_describe_of_nothing_and_of_one_value() -> None:
    assert describe_numbers({"x": []}).column("x") == [0, None, None, None, None, None, None, None]
    assert describe_numbers({"x": [3]}).column("x") == [1, 3.0, None, 3, 3.0, 3.0, 3.0, 3]


def test_a_single_game_and_a_single_run_are_counted_in_words() -> None:
    one = simulate(["greedy", "random"], games=1, seed=4, workers=1, progress=False)
    assert player_results(one).title == f"Results of {count_words(1, 'game')}"
    assert game_lengths(one).names == ("", count_words(2, "player"))


def test_result_tables_add_up() -> None:
    two = simulate(["greedy", "random"], games=8, seed=4, workers=1, progress=False)
    lengths = game_lengths({"a": two, "b": two})
    assert lengths.names == ("", "a", "b")
    assert lengths.column("a")[0] == 8
    results = player_results(two)
    assert results.column("player") == ["greedy", "random"]
    won = sum(bool(record.winners) for record in two.records)  # nobody wins a blocked hand
    assert sum(results.column("wins")) == pytest.approx(won)  # type: ignore[arg-type]
    assert won < 8  # one of these hands is blocked
    duel = tournament(["greedy", "random"], games=6, seed=4, workers=1, progress=False)
    (row,) = pairings_table(duel).rows
    pairing = duel.pairings[0]
    assert row == ("greedy v random", 6, pairing.first_wins, pairing.rate, *pairing.interval)
