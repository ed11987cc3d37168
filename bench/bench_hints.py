"""Which hint should the play table's Hint button give? Two learner models on paired deals.

One learner follows the most-cards hint at every move (the turn that sheds the most,
:func:`~kingscorner_widget.analysis.hint`: the planner player), the other the winning hint
(:func:`~kingscorner_widget.analysis.winning_hint`: the expert's turn with the hint's 100
sampled deals). Both play the same deals from the same seat (the seat turns with the deal)
against greedy players, heads-up and against three. Reported: each learner's win rate with a
95% Wilson interval, and the paired difference with its 95% interval (from the deal-by-deal
differences).

``python -m bench hints`` plays 30 deals a match; ``KINGSCORNER_BENCH_DEALS=200`` plays more.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable

from kingscorner_widget import Game
from kingscorner_widget.analysis.players import GreedyPlayer, PlannerPlayer, Player
from kingscorner_widget.analysis.players.expert import ExpertPlayer
from kingscorner_widget.analysis.runs.simulate import game_seed, wilson_interval

QUICK_DEALS = 30
"""Deals per match when ``KINGSCORNER_BENCH_DEALS`` is not set."""

LEARNERS: dict[str, Callable[[], Player]] = {
    "most-cards hint": PlannerPlayer,
    "winning hint": lambda: ExpertPlayer(worlds=100),
}
"""The two learner models: each follows one kind of hint at every move."""


def play(deal: int, seat: int, players: int, learner: Player) -> float:
    """The learner's share of the win (1, a share of a shared win, or 0) in one deal."""
    game = Game.new(players=players, seed=deal)
    greedy = GreedyPlayer()
    while not game.is_over():
        mover = learner if game.turn == seat else greedy
        game.play(mover.choose(game.observation(game.turn)))
    outcome = game.outcome()
    assert outcome is not None
    winners = outcome.winners
    return 1 / len(winners) if seat in winners else 0.0


def match(players: int, deals: int, seed: int = 24) -> dict[str, list[float]]:
    """Each learner's result deal by deal, the same deals and seats for both."""
    results: dict[str, list[float]] = {name: [] for name in LEARNERS}
    for k in range(deals):
        deal, seat = game_seed(seed, k), k % players + 1
        for name, make in LEARNERS.items():
            results[name].append(play(deal, seat, players, make()))
    return results


def report(players: int, results: dict[str, list[float]]) -> list[str]:
    """One line per learner and one for the paired difference."""
    lines = []
    for name, wins in results.items():
        low, high = wilson_interval(sum(wins), len(wins))
        lines.append(
            f"{players} players, {name:<16} {len(wins):>4} hands  "
            f"{sum(wins) / len(wins):6.1%} [{low:.1%}, {high:.1%}]"
        )
    a, b = results["winning hint"], results["most-cards hint"]
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    se = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(n - 1, 1) / n)
    lines.append(
        f"{players} players, winning - most-cards: {mean:+.1%} "
        f"[{mean - 1.96 * se:+.1%}, {mean + 1.96 * se:+.1%}] (paired)"
    )
    return lines


def run() -> None:
    deals = int(os.environ.get("KINGSCORNER_BENCH_DEALS", QUICK_DEALS))
    for players in (2, 4):
        for line in report(players, match(players, deals)):
            print(line, flush=True)


if __name__ == "__main__":
    run()
