"""Simulations and tournaments: seeded per game, identical however the work is split."""

from __future__ import annotations

import concurrent.futures
import importlib

import pytest

from kingscorner_widget import DrawTiming, Rules
from kingscorner_widget.analysis import simulate, tournament
from kingscorner_widget.analysis.players import GreedyPlayer, RandomPlayer
from kingscorner_widget.analysis.runs.simulate import game_seed, play_game, wilson_interval


def test_results_do_not_depend_on_how_the_games_are_split() -> None:
    serial = simulate(["greedy", "random"], games=12, seed=4, workers=1, progress=False)
    with concurrent.futures.ThreadPoolExecutor(max_workers=3) as pool:
        threaded = simulate(["greedy", "random"], games=12, seed=4, executor=pool, progress=False)
    processes = simulate(["greedy", "random"], games=12, seed=4, workers=2, progress=False)
    assert serial == threaded == processes
    assert [r.index for r in serial.records] == list(range(12))
    assert [r.seed for r in serial.records] == [game_seed(4, i) for i in range(12)]


def test_a_dask_cluster_gives_the_same_results_as_a_serial_run() -> None:
    distributed = pytest.importorskip("distributed")
    serial = simulate(["planner", "greedy"], games=6, seed=9, workers=1, progress=False)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        remote = simulate(
            ["planner", "greedy"], games=6, seed=9, executor=client.get_executor(), progress=False
        )
    assert remote == serial


def test_records_describe_each_hand() -> None:
    result = simulate(
        [GreedyPlayer(), RandomPlayer(seed=3)], games=5, seed=1, workers=1, progress=False
    )
    for record in result.records:
        assert record.players == ("greedy", "random")
        assert record.reason in ("out", "blocked")
        assert record.turns == len(record.turn_starts) >= 1
        if record.reason == "out":
            assert record.winners == (record.went_out,)
            assert record.went_out is not None
            assert record.penalties[record.went_out - 1] == 0
            assert record.turn_starts[-1][0] == record.went_out
            assert record.turn_starts[-1][2]
    table = result.going_out_by_hand_size()
    assert sum(outs for _, outs in table.values()) == sum(r.reason == "out" for r in result.records)


def test_records_make_a_table_and_a_dataframe() -> None:
    result = simulate(["greedy", "random", "greedy"], games=3, seed=2, workers=1, progress=False)
    table = result.table()
    assert table.column("index") == [0, 1, 2]
    assert table.column("turns") == [r.turns for r in result.records]
    assert {"P1", "P2", "P3", "turns", "winners", "P3_penalty"} <= set(table.names)
    players = result.players()
    assert sorted(players.column("player")) == ["greedy", "random"]  # type: ignore[type-var]
    assert sum(players.column("wins")) == pytest.approx(3)  # type: ignore[arg-type]
    assert "<table" in result._repr_html_()
    lengths = result.lengths()
    assert lengths.column("") == ["count", "mean", "std", "min", "25%", "50%", "75%", "max"]
    pytest.importorskip("pandas")
    frame = result.to_pandas()
    assert list(frame["index"]) == [0, 1, 2]
    assert list(frame.columns) == list(table.names)


def test_play_game_follows_the_rules_given() -> None:
    record = play_game(
        ["greedy", "greedy"], Rules(draw_timing=DrawTiming.START, must_play=True), seed=5
    )
    again = play_game(
        ["greedy", "greedy"], Rules(draw_timing=DrawTiming.START, must_play=True), seed=5
    )
    assert record == again


def test_tournament_rotates_seats_and_reports_intervals() -> None:
    result = tournament(["greedy", "random"], games=10, seed=3, workers=1, progress=False)
    (pairing,) = result.pairings
    assert (pairing.first, pairing.second, pairing.games) == ("greedy", "random", 10)
    seats = [record.players for record in result.results[0].records]
    assert seats[0] == ("greedy", "random")
    assert seats[1] == ("random", "greedy")
    low, high = pairing.interval
    assert low <= pairing.rate <= high
    assert "greedy v random" in result.describe()
    assert result.table().column("games") == [10]
    assert "greedy v random" in result._repr_html_()
    pytest.importorskip("pandas")
    assert list(result.to_dataframe()["games"]) == [10]


def test_tournament_needs_distinct_names() -> None:
    with pytest.raises(ValueError, match="its own name"):
        tournament(["greedy", GreedyPlayer()], games=2, workers=1, progress=False)


def test_wilson_interval_is_sane() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(1000, 2000)
    assert low < 0.5 < high
    assert high - low < 0.05


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="2 to 6 players"):
        simulate(["greedy"], games=1, progress=False)
    with pytest.raises(ValueError, match="0 or more"):
        simulate(["greedy", "greedy"], games=-1, progress=False)


def test_plots_are_vega_lite_charts_of_the_results() -> None:
    from kingscorner_widget.analysis.runs.plots import (
        plot_game_lengths,
        plot_going_out,
        plot_win_rates,
    )

    two = simulate(["greedy", "random"], games=6, seed=1, workers=1, progress=False)
    four = simulate(["greedy"] * 4, games=4, seed=1, workers=1, progress=False)
    duel = tournament(["greedy", "random"], games=4, seed=1, workers=1, progress=False)
    rates = plot_win_rates(duel)
    assert rates.table.column("win rate") == [p.rate for p in duel.pairings]
    lengths = plot_game_lengths({"2 players": two, "4 players": four})
    assert sum(lengths.table.column("hands")) == 10  # type: ignore[arg-type]
    assert lengths.spec["encoding"]["color"]["field"] == "run"
    going = plot_going_out(two)
    assert going.table.column("cards in hand") == list(two.going_out_by_hand_size())
    for chart in (rates, lengths, going):
        bundle = chart._repr_mimebundle_()
        assert bundle["application/vnd.vegalite.v5+json"]["title"]
        assert "<table" in bundle["text/markdown"]


def test_plots_draw_on_axes() -> None:
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from kingscorner_widget.analysis.runs.plots import (
        plot_game_lengths,
        plot_going_out,
        plot_win_rates,
    )

    games = simulate(["greedy", "random"], games=6, seed=1, workers=1, progress=False)
    duel = tournament(["greedy", "random"], games=4, seed=1, workers=1, progress=False)
    _, axes = plt.subplots(1, 3)
    assert plot_win_rates(duel, ax=axes[0]) is axes[0]
    assert plot_game_lengths(games, ax=axes[1]) is axes[1]
    assert plot_going_out(games, ax=axes[2]) is axes[2]
    assert all(ax.get_title() for ax in axes)
    plt.close("all")


def test_in_the_browser_the_games_run_here_and_say_so(monkeypatch: pytest.MonkeyPatch) -> None:
    module = importlib.import_module("kingscorner_widget.analysis.runs.simulate")
    monkeypatch.setattr(module, "IN_BROWSER", True)

    def no_processes(*args: object, **kwargs: object) -> None:
        raise NotImplementedError("no processes in the browser")

    monkeypatch.setattr(module.concurrent.futures, "ProcessPoolExecutor", no_processes)
    with pytest.warns(RuntimeWarning, match="runs inside the browser"):
        here = module.simulate(["greedy", "random"], games=4, seed=3, workers=2, progress=False)
    monkeypatch.setattr(module, "IN_BROWSER", False)
    assert here == module.simulate(["greedy", "random"], games=4, seed=3, workers=1, progress=False)
