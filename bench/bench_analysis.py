"""Analysis benchmarks: best-turn search on hard positions against the plain exhaustive search,
bot decisions per second, simulated games per second, and the strength round-robin.

Run with ``python -m bench`` (every benchmark) or ``python -m bench.bench_analysis``.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable, Sequence

from kingscorner_widget import Game
from kingscorner_widget.analysis import plain_search, simulate, tournament
from kingscorner_widget.analysis.players import (
    GreedyPlayer,
    LookaheadPlayer,
    PlannerPlayer,
    Player,
    RandomPlayer,
)
from kingscorner_widget.analysis.positions import random_position
from kingscorner_widget.analysis.search import TurnValue, _search, _start

HAND_WRITTEN = [
    # Four empty side spaces and twenty cards: ladders built by moving piles between spaces.
    "N:- E:- S:- W:- NE:Kh SE:- SW:- NW:- P1:Qh6d3s2s2cAcKd4cQs6hQc2hTc9d6s4dJd8c3dJh "
    "P2:?7 stock:24 turn:P1",
    # Long side piles that can be stacked, and a nineteen-card hand.
    "N:QhJcTh9c E:QcJh S:- W:5h4c3d NE:KcQd SE:- SW:- NW:- "
    "P1:2c6h6cAs5s6dKdTcKs9s8c9d4h3cAd7d2d2s7cJd P2:?7 stock:14 turn:P1",
    # The worked combo from the lessons, scaled up: two pile transfers free two spaces.
    "N:9d E:- S:5c4h3c W:8s7h NE:KsQdJsTh SE:KdQc SW:Kc NW:- "
    "P1:Qh6c4d5s2sAd5hTc6dQs9s9h2d7d8h5d7c P2:?7 stock:15 turn:P1",
]

PLAIN_LIMIT = 5.0
"""Seconds the plain search gets per position; where it runs out, the ratio is a lower bound."""


def hard_positions(count: int = 40, seed: int = 2026) -> list[str]:
    """Seeded hard positions (12-20 cards, 1-4 empty side spaces, piles up to 6 long) and the
    hand-written ones."""
    lines = []
    for i in range(count):
        rng = random.Random(seed * 1000 + i)
        lines.append(
            random_position(
                rng,
                hand_size=rng.randint(12, 20),
                empty_cross=rng.randint(1, 4),
                corners=rng.randint(0, 3),
                longest=rng.randint(3, 6),
            )
        )
    return lines + HAND_WRITTEN


def _percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def bench_best_turn() -> None:
    lines = hard_positions()
    fast_times, fast_states, plain_times, plain_states = [], [], [], []
    timeouts = proven = 0
    for line in lines:
        observation = Game.from_position(line).observation(1)
        start = time.perf_counter()
        value, _, visited, exact = _search(_start(observation))
        fast_times.append(time.perf_counter() - start)
        fast_states.append(visited)
        proven += exact
        start = time.perf_counter()
        try:
            plain_value, plain_visited = plain_search(observation, time_limit=PLAIN_LIMIT)
            assert plain_value.cards == TurnValue.unpack(value).cards
            plain_states.append(plain_visited)
        except TimeoutError:
            timeouts += 1
        plain_times.append(time.perf_counter() - start)
    ms = 1000
    print(f"best turn on {len(lines)} hard positions (12-20 cards, 1-4 empty side spaces)")
    print(
        f"  merged + bounds: p50 {_percentile(fast_times, 0.5) * ms:.1f} ms, "
        f"p99 {_percentile(fast_times, 0.99) * ms:.1f} ms, "
        f"states p50 {_percentile(fast_states, 0.5):.0f}, max {max(fast_states)}; "
        f"tie-breaks proven on {proven}/{len(lines)}"
    )
    print(
        f"  plain exhaustive: p50 {_percentile(plain_times, 0.5) * ms:.1f} ms, "
        f"p99 {_percentile(plain_times, 0.99) * ms:.1f} ms "
        f"({timeouts} of {len(lines)} stopped at the {PLAIN_LIMIT:.0f} s limit)"
    )
    ratio = sum(plain_times) / sum(fast_times)
    bound = "at least " if timeouts else ""
    print(f"  total time ratio plain / merged: {bound}{ratio:.1f}x")


def bench_decisions() -> None:
    makers: list[Callable[[], Player]] = [
        lambda: RandomPlayer(1),
        GreedyPlayer,
        PlannerPlayer,
        lambda: LookaheadPlayer(samples=4),
    ]
    views = []
    for seed in range(30):
        game = Game.new(seed=seed)
        bots = [GreedyPlayer(), GreedyPlayer()]
        for _ in range(random.Random(seed).randrange(60)):
            if game.is_over():
                break
            game.play(bots[game.turn - 1].choose(game.observation(game.turn)))
        if not game.is_over():
            views.append(game.observation(game.turn))
    for make in makers:
        start = time.perf_counter()
        for view in views:
            make().choose(view)
        rate = len(views) / (time.perf_counter() - start)
        name = make().name
        print(f"  {name:<10} {rate:8.1f} decisions/s (first move of a turn, fresh player)")


def bench_simulation() -> None:
    cores = os.cpu_count() or 1
    games = 200
    for workers in sorted({1, cores}):
        start = time.perf_counter()
        simulate(["greedy", "planner"], games=games, seed=1, workers=workers, progress=False)
        rate = games / (time.perf_counter() - start)
        print(f"  greedy v planner on {workers} core(s): {rate:.1f} games/s")


def bench_round_robin(games: int = 2000) -> None:
    players: dict[str, Player | str] = {
        "random": RandomPlayer(seed=7),
        "greedy": GreedyPlayer(),
        "planner": PlannerPlayer(),
        "lookahead": LookaheadPlayer(samples=4, seed=7),
    }
    start = time.perf_counter()
    result = tournament(players, games=games, seed=2026, progress=False)
    print(f"strength round-robin, {games} heads-up hands per pairing, seats alternating")
    for line in result.describe().splitlines():
        print("  " + line)
    print(f"  ({time.perf_counter() - start:.0f} s)")


def run() -> None:
    """Print every analysis figure."""
    bench_best_turn()
    print("bot decisions per second")
    bench_decisions()
    print("simulated games per second")
    bench_simulation()
    games = int(os.environ.get("KCW_BENCH_GAMES", "2000"))
    bench_round_robin(games)


if __name__ == "__main__":
    run()
