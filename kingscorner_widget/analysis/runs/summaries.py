"""Simulations and tournaments as tables: who won, how long the hands lasted, when players went
out. Plain :mod:`statistics` does the sums, so no compiled package is needed; every table shows
itself in a notebook and gives a data frame with ``.to_pandas()`` where pandas is installed.

>>> from kingscorner_widget.analysis.runs.simulate import simulate
>>> result = simulate(["greedy", "random"], games=6, seed=1, workers=1, progress=False)
>>> print(player_results(result))
Results of 6 games
player  games  wins  win rate  95% low  95% high
greedy      6     5     83.3%    43.6%     97.0%
random      6     0      0.0%     0.0%     39.0%
A shared win counts a fraction; the interval is a 95% Wilson interval.
1 game ended blocked, which nobody wins.
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from typing import Protocol

from ...display.tables import Column, HtmlTable, Value
from ...engine.rules import Rules
from ...engine.words import count_words
from ..stats import wilson_interval


class _Record(Protocol):
    """What the tables read of one game's record
    (:class:`~kingscorner_widget.analysis.runs.simulate.GameRecord`)."""

    @property
    def index(self) -> int: ...
    @property
    def seed(self) -> int: ...
    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def winners(self) -> tuple[int, ...]: ...
    @property
    def reason(self) -> str: ...
    @property
    def went_out(self) -> int | None: ...
    @property
    def penalties(self) -> tuple[int, ...]: ...
    @property
    def turns(self) -> int: ...
    @property
    def moves(self) -> int: ...
    @property
    def cards_played(self) -> tuple[int, ...]: ...
    def winner_names(self) -> tuple[str, ...]: ...


class SimulationShape(Protocol):
    """What the tables read of a simulation's result
    (:class:`~kingscorner_widget.analysis.runs.simulate.SimulationResult`): this module knows
    the results by their shape alone, so the simulation can build its tables from it without
    an import circle."""

    @property
    def records(self) -> Sequence[_Record]: ...
    @property
    def rules(self) -> Rules: ...
    def going_out_by_hand_size(self) -> dict[int, tuple[int, int]]: ...


class _Pairing(Protocol):
    @property
    def first(self) -> str: ...
    @property
    def second(self) -> str: ...
    @property
    def games(self) -> int: ...
    @property
    def first_wins(self) -> float: ...
    @property
    def rate(self) -> float: ...
    @property
    def interval(self) -> tuple[float, float]: ...


class TournamentShape(Protocol):
    """What the tables read of a tournament's result
    (:class:`~kingscorner_widget.analysis.runs.simulate.TournamentResult`)."""

    @property
    def pairings(self) -> Sequence[_Pairing]: ...


__all__ = [
    "describe_numbers",
    "game_lengths",
    "games_table",
    "going_out_table",
    "pairings_table",
    "player_results",
]

STATISTICS = ("count", "mean", "std", "min", "25%", "50%", "75%", "max")
"""The rows of :func:`describe_numbers`, in order (the same as pandas' ``describe``)."""

INTERVAL_NOTE = "A shared win counts a fraction; the interval is a 95% Wilson interval."


def _summary(values: Sequence[float]) -> list[float | None]:
    """count, mean, sample standard deviation, min, quartiles (linear), max."""
    if not values:
        return [0, None, None, None, None, None, None, None]
    data = sorted(values)
    if len(data) == 1:
        quartiles = [float(data[0])] * 3
    else:
        quartiles = statistics.quantiles(data, n=4, method="inclusive")
    spread = statistics.stdev(data) if len(data) > 1 else None
    return [len(data), statistics.fmean(data), spread, data[0], *quartiles, data[-1]]


def describe_numbers(
    columns: Mapping[str, Sequence[float]], *, title: str = "", digits: int = 1
) -> HtmlTable:
    """Count, mean, standard deviation, minimum, quartiles and maximum of each named list of
    numbers, one column per list (as pandas' ``describe`` lays them out, quartiles by linear
    interpolation), numbers rounded to ``digits`` places.

    >>> print(describe_numbers({"turns": [4, 8, 6, 10]}))
           turns
    count    4.0
    mean     7.0
    std      2.6
    min      4.0
    25%      5.5
    50%      7.0
    75%      8.5
    max     10.0
    """
    summaries = {name: _summary(list(values)) for name, values in columns.items()}
    spec = f".{digits}f"
    table_columns = [Column(""), *(Column(name, format=spec) for name in summaries)]
    rows: list[tuple[Value, ...]] = [
        (label, *(summary[i] for summary in summaries.values()))
        for i, label in enumerate(STATISTICS)
    ]
    return HtmlTable(table_columns, rows, title=title)


def _as_runs(
    results: SimulationShape | Mapping[str, SimulationShape],
) -> dict[str, SimulationShape]:
    if isinstance(results, Mapping):
        return dict(results)
    return {count_words(results.rules.players, "player"): results}


def game_lengths(
    results: SimulationShape | Mapping[str, SimulationShape], *, digits: int = 1
) -> HtmlTable:
    """How many turns the hands lasted: a column per run (a mapping names the runs; a single
    run is named by its number of players)."""
    runs = _as_runs(results)
    turns = {name: [r.turns for r in run.records] for name, run in runs.items()}
    return describe_numbers(turns, title="Turns per hand", digits=digits)


def player_results(result: SimulationShape) -> HtmlTable:
    """Each player (by name): the games they sat in, their wins (a shared win counts a
    fraction), their win rate and its 95% interval."""
    seats: dict[str, int] = {}
    wins: dict[str, float] = {}
    for record in result.records:
        for name in dict.fromkeys(record.players):  # each name once, in seat order
            seats[name] = seats.get(name, 0) + 1
            wins.setdefault(name, 0.0)
        for name in record.winner_names():
            wins[name] += 1 / len(record.winners)
    rows: list[tuple[Value, ...]] = []
    for name, games in seats.items():
        low, high = wilson_interval(wins[name], games)
        won = round(wins[name], 2)
        rows.append(
            (name, games, int(won) if won.is_integer() else won, wins[name] / games, low, high)
        )
    columns = [
        Column("player"),
        Column("games"),
        Column("wins", format="g"),
        Column("win rate", format=".1%"),
        Column("95% low", format=".1%"),
        Column("95% high", format=".1%"),
    ]
    count = len(result.records)
    title = f"Results of {count_words(count, 'game')}"
    notes = [INTERVAL_NOTE]
    unwon = sum(1 for record in result.records if not record.winners)
    if unwon:
        ended = "game ended" if unwon == 1 else "games ended"
        notes.append(f"{unwon} {ended} blocked, which nobody wins.")
    return HtmlTable(columns, rows, title=title, notes=notes)


def games_table(result: SimulationShape) -> HtmlTable:
    """One row per game: its index and seed, how it ended, who won, its length, and each
    seat's player, cards left and cards played."""
    seats = max((len(r.players) for r in result.records), default=result.rules.players)
    columns = [
        Column("index"),
        Column("seed"),
        Column("reason"),
        Column("went_out"),
        Column("winners"),
        Column("turns"),
        Column("moves"),
    ]
    for seat in range(1, seats + 1):
        columns += [
            Column(f"P{seat}"),
            Column(f"P{seat}_penalty"),
            Column(f"P{seat}_cards_played"),
        ]
    rows: list[tuple[Value, ...]] = []
    for record in result.records:
        row: list[Value] = [
            record.index,
            record.seed,
            record.reason,
            record.went_out,
            ",".join(record.winner_names()),
            record.turns,
            record.moves,
        ]
        for seat in range(len(record.players)):
            row += [record.players[seat], record.penalties[seat], record.cards_played[seat]]
        rows.append(tuple(row))
    return HtmlTable(columns, rows, title="Games")


def pairings_table(result: TournamentShape) -> HtmlTable:
    """One row per pairing: the hands played, the first player's wins and win rate with its
    95% interval."""
    columns = [
        Column("pairing"),
        Column("games"),
        Column("first's wins", format="g"),
        Column("win rate", format=".1%", description="the first player's share of the hands"),
        Column("95% low", format=".1%"),
        Column("95% high", format=".1%"),
    ]
    rows: list[tuple[Value, ...]] = [
        (
            f"{p.first} v {p.second}",
            p.games,
            p.first_wins,
            p.rate,
            *p.interval,
        )
        for p in result.pairings
    ]
    notes = ["Each win rate is the first player's. " + INTERVAL_NOTE]
    return HtmlTable(columns, rows, title="Heads-up win rates", notes=notes)


def going_out_table(result: SimulationShape) -> HtmlTable:
    """For each hand size at the start of a turn: the turns, how many the mover went out in,
    and that share."""
    rows: list[tuple[Value, ...]] = [
        (size, turns, outs, outs / turns)
        for size, (turns, outs) in result.going_out_by_hand_size().items()
    ]
    columns = [
        Column("cards in hand"),
        Column("turns"),
        Column("went out"),
        Column("share", format=".0%"),
    ]
    return HtmlTable(columns, rows, title="Going out by hand size")
