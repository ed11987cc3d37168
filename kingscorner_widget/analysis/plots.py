"""Plots for the strategy notebooks (matplotlib, imported only when a plot is drawn).

Each function draws on ``ax`` (a new figure's axes when omitted) and returns the axes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .simulate import SimulationResult, TournamentResult

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["plot_game_lengths", "plot_going_out", "plot_win_rates"]


def _axes(ax: Axes | None) -> Axes:
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    _, new = plt.subplots(figsize=(6, 3.5))
    return new


def plot_win_rates(result: TournamentResult, ax: Axes | None = None) -> Axes:
    """Each pairing's win rate (first player named) with its 95% interval, against a 50% line."""
    ax = _axes(ax)
    labels = [f"{p.first} v {p.second}" for p in result.pairings]
    rates = [p.rate for p in result.pairings]
    lows = [p.rate - p.interval[0] for p in result.pairings]
    highs = [p.interval[1] - p.rate for p in result.pairings]
    positions = list(range(len(labels)))
    ax.barh(positions, rates, xerr=[lows, highs], color="#3b7dd8", capsize=4)
    ax.axvline(0.5, color="#888", linestyle="--", linewidth=1)
    ax.set_yticks(positions, labels)
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate of the first player (95% interval)")
    ax.set_title("Heads-up win rates")
    return ax


def plot_game_lengths(result: SimulationResult, ax: Axes | None = None) -> Axes:
    """A histogram of how many turns the hands lasted."""
    ax = _axes(ax)
    turns = [record.turns for record in result.records]
    ax.hist(turns, bins=min(30, max(1, len(set(turns)))), color="#3b7dd8")
    ax.set_xlabel("turns in the hand")
    ax.set_ylabel("hands")
    ax.set_title("Game length")
    return ax


def plot_going_out(result: SimulationResult, ax: Axes | None = None) -> Axes:
    """The share of turns in which the mover went out, by hand size at the start of the turn."""
    ax = _axes(ax)
    table = result.going_out_by_hand_size()
    sizes = list(table)
    shares = [outs / turns for turns, outs in table.values()]
    ax.plot(sizes, shares, marker="o", color="#3b7dd8")
    ax.set_xlabel("cards in hand at the start of the turn")
    ax.set_ylabel("chance of going out that turn")
    ax.set_ylim(0, 1)
    ax.set_title("Going out by hand size")
    return ax
