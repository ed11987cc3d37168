"""The expert's strength and speed on paired deals, with 95% intervals.

Each deal is played once from every seat (the expert takes each seat in turn against the same
cards), so the luck of the deal cancels out. Reported per match: hands, the expert's win rate
with a 95% Wilson interval, and its decision time (wall clock and processor time; the mean and
the 95th percentile).

``python -m bench expert`` runs a quick version (40 deals a match). The full-size runs the
strength targets rest on (1,000 hands a match against greedy play, 250 against the planner and
the look-ahead player) take about 20 minutes of processor time, far longer on a busy machine::

    KINGSCORNER_BENCH_DEALS=500 make bench        # or: python -m bench expert

``KINGSCORNER_BENCH_DEALS`` sets the deals per match (a heads-up match plays each deal twice,
a four-player match four times), ``KINGSCORNER_BENCH_LOOKAHEAD=1`` measures the stronger
setting, and ``KINGSCORNER_BENCH_MATCHES=greedy,planner`` runs only the matches named.
"""

from __future__ import annotations

import dataclasses
import os
import statistics
import time
from collections.abc import Sequence

from kingscorner_widget import Game, Rules
from kingscorner_widget.analysis.players import Player, make_player
from kingscorner_widget.analysis.players.expert import ExpertPlayer
from kingscorner_widget.analysis.runs.simulate import game_seed, wilson_interval

QUICK_DEALS = 40
"""Deals per match when ``KINGSCORNER_BENCH_DEALS`` is not set."""


@dataclasses.dataclass
class Measurement:
    """The expert's results in one match."""

    opponents: tuple[str, ...]
    hands: int = 0
    wins: float = 0.0
    seconds: list[float] = dataclasses.field(default_factory=list)
    cpu: list[float] = dataclasses.field(default_factory=list)
    outcomes: list[float] = dataclasses.field(default_factory=list)
    """The expert's result in each hand, in the order played (1 a win, a share of a shared win,
    0 a loss): two runs over the same deals pair hand by hand."""

    @property
    def rate(self) -> float:
        """The expert's win rate (a shared win counts its share)."""
        return self.wins / self.hands if self.hands else 0.0

    def line(self) -> str:
        """One line: opponents, hands, win rate with its interval, decision times."""
        low, high = wilson_interval(self.wins, self.hands)
        return (
            f"expert v {' + '.join(self.opponents):<24} {self.hands:>5} hands  "
            f"{self.rate:6.1%} [{low:.1%}, {high:.1%}]  turn mean "
            f"{_ms(statistics.fmean(self.seconds))} p95 {_ms(_p95(self.seconds))} "
            f"(processor p95 {_ms(_p95(self.cpu))}, {len(self.seconds)} turns)"
        )


def _p95(values: Sequence[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] if ordered else 0.0


def _ms(seconds: float) -> str:
    return f"{1000 * seconds:.0f} ms"


def measure(
    opponents: Sequence[str],
    deals: int,
    seed: int = 0,
    rules: Rules | None = None,
    first_deal: int = 0,
    report_every: int = 0,
    **options: object,
) -> Measurement:
    """Play ``deals`` paired deals (numbered from ``first_deal``): the expert (with ``options``)
    against ``opponents``, the expert taking every seat of every deal once (with
    ``report_every``, print the running figures after every so many deals)."""
    seats = 1 + len(opponents)
    rules = (rules or Rules()).with_players(seats)
    result = Measurement(tuple(opponents))
    for deal in range(first_deal, first_deal + deals):
        for expert_seat in range(seats):
            game = Game.new(seed=game_seed(seed, deal), rules=rules)
            others = iter(opponents)
            bots: list[Player] = [
                ExpertPlayer(seed=seed + deal, **options)  # type: ignore[arg-type]
                if s == expert_seat
                else make_player(next(others), seed=seed + deal + s)
                for s in range(seats)
            ]
            turn_wall = turn_cpu = 0.0
            while not game.is_over():
                mover = game.turn - 1
                observation = game.observation(mover + 1)
                if mover == expert_seat:
                    wall, cpu = time.perf_counter(), time.process_time()
                    move = bots[mover].choose(observation)
                    turn_wall += time.perf_counter() - wall
                    turn_cpu += time.process_time() - cpu
                else:
                    move = bots[mover].choose(observation)
                game.play(move)
                if mover == expert_seat and (game.turn - 1 != mover or game.is_over()):
                    # The expert's whole turn: what the table waits for.
                    result.seconds.append(turn_wall)
                    result.cpu.append(turn_cpu)
                    turn_wall = turn_cpu = 0.0
            outcome = game.outcome()
            assert outcome is not None
            result.hands += 1
            won = 1 / len(outcome.winners) if expert_seat + 1 in outcome.winners else 0.0
            result.wins += won
            result.outcomes.append(won)
        done = deal - first_deal + 1
        if report_every and done % report_every == 0 and done < deals:
            print(f"  so far: {result.line()}", flush=True)
    return result


MATCHES = (
    ("three-greedy", ("greedy", "greedy", "greedy"), 2),
    ("greedy", ("greedy",), 1),
    ("planner", ("planner",), 4),
    ("lookahead", ("lookahead",), 4),
)
"""The matches by name, their opponents, and the share of ``KINGSCORNER_BENCH_DEALS`` each
plays (a heads-up match plays each deal twice, a four-player match four times)."""


def run() -> None:
    """The matches the strength targets name, at the size ``KINGSCORNER_BENCH_DEALS`` asks,
    with the look-ahead ``KINGSCORNER_BENCH_LOOKAHEAD`` asks (0, the default, or 1), only those
    ``KINGSCORNER_BENCH_MATCHES`` names when set (comma-separated names from :data:`MATCHES`).
    Deals are numbered from 0, so a run's running figures after n deals are those of a run of
    n deals."""
    deals = int(os.environ.get("KINGSCORNER_BENCH_DEALS", QUICK_DEALS))
    lookahead = int(os.environ.get("KINGSCORNER_BENCH_LOOKAHEAD", "0"))
    print("goals: v three greedy 45%; v greedy heads-up >= 75% (80% with the look-ahead);")
    print(f"decision p95 <= 250 ms. Expert: 100 worlds, 64 candidates, lookahead={lookahead}")
    wanted = os.environ.get("KINGSCORNER_BENCH_MATCHES", "").split(",")
    every = int(os.environ.get("KINGSCORNER_BENCH_REPORT", "0"))  # deals between running figures
    for name, opponents, share in MATCHES:
        if wanted != [""] and name not in wanted:
            continue
        size = max(1, deals // share)
        line = measure(
            opponents,
            size,
            seed=2026,
            report_every=every or max(10, size // 10),
            lookahead=lookahead,
        ).line()
        print(line, flush=True)


if __name__ == "__main__":
    run()
