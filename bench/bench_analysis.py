"""Analysis benchmarks: best-turn search on hard positions under the standard rules and on
crafted big hands under the corners version, bot decisions per second, simulated games per
second, and the strength round-robin.

Run with ``python -m bench`` (every benchmark) or ``python -m bench.bench_analysis``.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable, Sequence

from bench.stats import percentile
from kingscorner_widget import Game, Rules
from kingscorner_widget.analysis import Budget, best_turn, simulate, tournament
from kingscorner_widget.analysis.players import (
    GreedyPlayer,
    LookaheadPlayer,
    PlannerPlayer,
    Player,
    RandomPlayer,
)
from kingscorner_widget.analysis.positions import random_position
from kingscorner_widget.analysis.search import Solver
from kingscorner_widget.engine.cards import DECK, Card, Rank
from kingscorner_widget.engine.notation import Table, format_position

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

CORNERS_TABLE = (
    "N:QhJcTd9s E:3d2sAh S:Th W:- NE:KhQcJhTs SE:KcQdJs SW:Ks NW:- "
    "P1:9h4cJd5h7s7cTc6h5d3s6c8h9cQs8s6dAc7hAd P2:?17 stock:0 turn:P1"
)
"""The table that once took 53 s under the corners version (445,301 states)."""

LIMIT = Budget(seconds=20.0)
"""Each search's budget here, so that a slow search shows as inexact instead of hanging."""


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


def corners_position(rng: random.Random, hand_size: int) -> str:
    """A big hand for the corners version: one to four corners built down to a random depth (some
    a card or two from finishing), up to four side piles of up to five cards, and ``hand_size``
    cards in P1's hand (fewer if the deck runs short)."""
    deck = list(DECK)
    rng.shuffle(deck)
    piles: list[list[Card]] = [[] for _ in range(8)]
    kings = [c for c in deck if c.rank is Rank.KING]
    for i in range(rng.randint(1, 4)):
        piles[4 + i] = [kings[i]]
        deck.remove(kings[i])
        depth = rng.randint(1, 12)
        while len(piles[4 + i]) < depth:
            options = [c for c in deck if c.fits_on(piles[4 + i][-1])]
            if not options:
                break
            piles[4 + i].append(rng.choice(options))
            deck.remove(piles[4 + i][-1])
    for i in rng.sample(range(4), rng.randint(0, 4)):
        piles[i] = [next(c for c in deck if c.rank is not Rank.KING or rng.random() < 0.3)]
        deck.remove(piles[i][0])
        length = rng.randint(1, 5)
        while len(piles[i]) < length:
            options = [c for c in deck if c.fits_on(piles[i][-1])]
            if not options:
                break
            piles[i].append(rng.choice(options))
            deck.remove(piles[i][-1])
    hand = deck[: min(hand_size, len(deck) - 7)]
    stock = len(deck) - len(hand) - 7
    return format_position(Table(piles, [hand, 7], stock, 0))


def corners_positions(count: int = 64, seed: int = 2026) -> list[str]:
    """Seeded big hands (15-20 cards) for the corners version, and the table from the issue."""
    lines = []
    for i in range(count):
        rng = random.Random(seed * 1000 + i)
        lines.append(corners_position(rng, hand_size=rng.randint(15, 20)))
    return [*lines, CORNERS_TABLE]


def search_suite(lines: Sequence[str], rules: Rules) -> dict[str, float]:
    """Time :func:`best_turn` on each table: median and worst seconds, median and most states
    (all, and those the first pass needs to prove the cards, corners, points and kings), how many
    were proven (``exact``) and how many had their tie-breaks proven too."""
    times, states, coarse = [], [], []
    exact = tie_breaks = 0
    for line in lines:
        game = Game.from_position(line, rules=rules)
        start = time.perf_counter()
        plan = best_turn(game, LIMIT)
        times.append(time.perf_counter() - start)
        states.append(plan.states_visited)
        exact += plan.exact
        tie_breaks += plan.tie_break_proven
        first = Solver.of(game.observation(game.turn), tie_break_budget=0, budget=LIMIT).solve()
        coarse.append(first.states)
    return {
        "median": percentile(times, 50),
        "worst": max(times),
        "states_median": percentile(states, 50),
        "states_max": max(states),
        "coarse_median": percentile(coarse, 50),
        "coarse_max": max(coarse),
        "exact": exact,
        "tie_breaks": tie_breaks,
        "count": len(lines),
    }


def bench_best_turn() -> None:
    suites = [
        (
            "standard rules: hard positions (12-20 cards, 1-4 empty side spaces)",
            hard_positions(),
            Rules(),
        ),
        (
            "corners version: crafted big hands (15-20 cards, corners part built)",
            corners_positions(),
            Rules(corners_version=True),
        ),
    ]
    for title, lines, rules in suites:
        figures = search_suite(lines, rules)
        ms = 1000
        print(f"best turn, {title}: {len(lines)} tables")
        print(
            f"  median {figures['median'] * ms:.1f} ms, worst {figures['worst'] * ms:.1f} ms; "
            f"states median {figures['states_median']:.0f}, max {figures['states_max']:.0f} "
            f"(first pass median {figures['coarse_median']:.0f}, max {figures['coarse_max']:.0f}); "
            f"proven {figures['exact']:.0f}/{len(lines)} within {LIMIT.seconds:.0f} s, "
            f"tie-breaks proven {figures['tie_breaks']:.0f}/{len(lines)}"
        )


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
