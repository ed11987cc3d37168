"""Charts for the strategy notebooks: Vega-Lite, with a table of the same numbers as fallback.

Each function returns a :class:`~kingscorner_widget.display.charts.VegaLiteChart`, which a
notebook draws with no plotting library. Pass ``ax=`` (matplotlib axes) to draw with matplotlib
instead; the function then returns the axes.

>>> from kingscorner_widget.analysis.runs.simulate import simulate
>>> games = simulate(["greedy", "random"], games=4, seed=1, workers=1, progress=False)
>>> chart = plot_going_out(games)
>>> chart.table.names
('cards in hand', 'turns', 'went out', 'share')
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, overload

from ...display.charts import ACCENT, VegaLiteChart, interval_chart, line_chart
from ...display.tables import Column, HtmlTable, Value
from .simulate import SimulationResult, TournamentResult
from .summaries import going_out_table, pairings_table

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["game_length_counts", "plot_game_lengths", "plot_going_out", "plot_win_rates"]

WIN_RATE_TITLE = "Heads-up win rates"


@overload
def plot_win_rates(result: TournamentResult, ax: None = None) -> VegaLiteChart: ...
@overload
def plot_win_rates(result: TournamentResult, ax: Axes) -> Axes: ...
def plot_win_rates(result: TournamentResult, ax: Axes | None = None) -> VegaLiteChart | Axes:
    """Each pairing's win rate (first player named) with its 95% interval, against a 50% line."""
    table = pairings_table(result)
    if ax is None:
        return interval_chart(
            table,
            "pairing",
            "win rate",
            "95% low",
            "95% high",
            title=WIN_RATE_TITLE,
            value_title="win rate of the first player (95% interval)",
            reference=0.5,
            domain=(0, 1),
        )
    labels = [f"{p.first} v {p.second}" for p in result.pairings]
    rates = [p.rate for p in result.pairings]
    lows = [p.rate - p.interval[0] for p in result.pairings]
    highs = [p.interval[1] - p.rate for p in result.pairings]
    positions = list(range(len(labels)))
    ax.barh(positions, rates, xerr=[lows, highs], color=ACCENT, capsize=4)
    ax.axvline(0.5, color="#888", linestyle="--", linewidth=1)
    ax.set_yticks(positions, labels)
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate of the first player (95% interval)")
    ax.set_title(WIN_RATE_TITLE)
    return ax


def game_length_counts(
    results: SimulationResult | Mapping[str, SimulationResult], bins: int = 15
) -> HtmlTable:
    """How many hands lasted each number of turns, with their share of the run (a run per
    name when ``results`` is a mapping); the lengths are grouped into at most about ``bins``
    equal ranges, so that the table stays short.

    >>> from kingscorner_widget.analysis.runs.simulate import simulate
    >>> run = simulate(["greedy", "greedy"], games=3, seed=1, workers=1, progress=False)
    >>> game_length_counts(run).names
    ('run', 'turns', 'range', 'hands', 'share')
    """
    runs = (
        dict(results)
        if isinstance(results, Mapping)
        else {f"{results.rules.players} players": results}
    )
    longest = max((r.turns for run in runs.values() for r in run.records), default=1)
    width = max(1, math.ceil(longest / bins))
    rows: list[tuple[Value, ...]] = []
    for name, run in runs.items():
        counts: dict[int, int] = {}
        for record in run.records:
            start = (record.turns - 1) // width * width + 1
            counts[start] = counts.get(start, 0) + 1
        total = len(run.records)
        for start, n in sorted(counts.items()):
            span = str(start) if width == 1 else f"{start} to {start + width - 1}"
            rows.append((name, start, span, n, n / total))
    columns = [
        Column("run"),
        Column("turns", description="the first number of turns in the range"),
        Column("range"),
        Column("hands"),
        Column("share", format=".1%"),
    ]
    return HtmlTable(columns, rows, title="Game length")


@overload
def plot_game_lengths(
    result: SimulationResult | Mapping[str, SimulationResult], ax: None = None
) -> VegaLiteChart: ...
@overload
def plot_game_lengths(result: SimulationResult, ax: Axes) -> Axes: ...
def plot_game_lengths(
    result: SimulationResult | Mapping[str, SimulationResult], ax: Axes | None = None
) -> VegaLiteChart | Axes:
    """How many turns the hands lasted: the share of hands at each length, a line per run
    (give a mapping of names to results to compare runs; with ``ax``, one run as a
    histogram)."""
    if ax is None:
        return line_chart(
            game_length_counts(result),
            "turns",
            "share",
            title="Game length",
            x_title="turns in the hand (each point: a range of lengths)",
            y_title="share of hands",
            colour="run",
        )
    if isinstance(result, Mapping):
        raise TypeError("with ax=, plot_game_lengths draws one run: pass one result")
    turns = [record.turns for record in result.records]
    ax.hist(turns, bins=min(30, max(1, len(set(turns)))), color=ACCENT)
    ax.set_xlabel("turns in the hand")
    ax.set_ylabel("hands")
    ax.set_title("Game length")
    return ax


@overload
def plot_going_out(result: SimulationResult, ax: None = None) -> VegaLiteChart: ...
@overload
def plot_going_out(result: SimulationResult, ax: Axes) -> Axes: ...
def plot_going_out(result: SimulationResult, ax: Axes | None = None) -> VegaLiteChart | Axes:
    """The share of turns in which the mover went out, by hand size at the start of the turn."""
    table = going_out_table(result)
    if ax is None:
        return line_chart(
            table,
            "cards in hand",
            "share",
            title="Going out by hand size",
            x_title="cards in hand at the start of the turn",
            y_title="chance of going out that turn",
            domain=(0, 1),
        )
    shares = {size: outs / turns for size, (turns, outs) in result.going_out_by_hand_size().items()}
    ax.plot(list(shares), list(shares.values()), marker="o", color=ACCENT)
    ax.set_xlabel("cards in hand at the start of the turn")
    ax.set_ylabel("chance of going out that turn")
    ax.set_ylim(0, 1)
    ax.set_title("Going out by hand size")
    return ax
