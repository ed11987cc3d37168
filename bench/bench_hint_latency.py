"""How long the play table's Hint takes to answer, on a loaded machine, before and after its
work budget.

The Hint (:func:`~kingscorner_widget.table.advice.turn_hint`) is the winning hint within
:data:`~kingscorner_widget.table.advice.HINT_PLAYOUTS` play-outs; the baseline is the winning
hint as the table gave it before, over all of its 100 deals with no budget. Both answer the same
views: the start of the viewer's turns in seeded hands of greedy players (heads-up, three and
four players, under the default rules and two house rules), each view asked of both in turn so
the load falls on both alike. Reported: wall time per Hint (median, 95th percentile, maximum),
processor time, and the deals each hint's figures rest on.

The machine is loaded on purpose while it runs: ``KINGSCORNER_BENCH_BUSY`` busy loops (each a
Python process spinning, default 2), stopped when the benchmark ends; ``0`` measures the
machine as it is. ``KINGSCORNER_BENCH_HINT_HANDS`` hands per table size (default 4).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

from bench.stats import percentile
from kingscorner_widget import Game
from kingscorner_widget.analysis import winning_hint
from kingscorner_widget.analysis.players import GreedyPlayer
from kingscorner_widget.analysis.runs.simulate import game_seed
from kingscorner_widget.engine.observation import Observation
from kingscorner_widget.engine.rules import Rules
from kingscorner_widget.table.advice import HINT_PLAYOUTS, WINNING_WORLDS, turn_hint

TABLES = ((2, Rules()), (3, Rules(must_play=True)), (4, Rules(draw_until_fits=True)))
"""The table sizes and rules the views come from."""


def views(hands: int) -> list[Observation]:
    """The viewer's (player 1's) view at the start of every other turn of theirs with a choice,
    in ``hands`` seeded hands of greedy players at each table of :data:`TABLES`."""
    found = []
    greedy = GreedyPlayer()
    for players, rules in TABLES:
        for k in range(hands):
            game = Game.new(players=players, seed=game_seed(players, k), rules=rules)
            starts, turns = True, 0
            while not game.is_over():
                seen = game.observation(game.turn)
                if game.turn == 1 and starts and len(seen.legal_moves) > 1:
                    turns += 1
                    if turns % 2:
                        found.append(seen)
                mover = game.turn
                game.play(greedy.choose(seen))
                starts = game.turn != mover
    return found


def baseline(seen: Observation) -> int | None:
    """The winning hint as the table gave it before its budget; the deals it cites."""
    return winning_hint(seen, worlds=WINNING_WORLDS).deals


def budgeted(seen: Observation) -> int | None:
    """The play table's Hint today; the deals it cites."""
    return turn_hint(seen).found.deals


def timed(ask: Callable[[Observation], int | None], seen: Observation) -> tuple[float, float, int]:
    """Wall and processor seconds for one hint, and its deals (0 when nothing was sampled)."""
    cpu, wall = time.process_time(), time.perf_counter()
    deals = ask(seen)
    return time.perf_counter() - wall, time.process_time() - cpu, deals or 0


def line(name: str, walls: list[float], cpus: list[float], deals: list[int]) -> str:
    """One row of the report."""
    sampled = [d for d in deals if d] or [0]
    return (
        f"{name:<24} wall median {statistics.median(walls):.3f} s  "
        f"p95 {percentile(walls, 95):.3f} s  max {max(walls):.3f} s  | "
        f"processor median {statistics.median(cpus):.3f} s  max {max(cpus):.3f} s  | "
        f"deals {min(sampled)} to {max(sampled)}"
    )


def run() -> None:
    """Load the machine, ask both hints every view, and print the figures side by side."""
    busy = int(os.environ.get("KINGSCORNER_BENCH_BUSY", "2"))
    hands = int(os.environ.get("KINGSCORNER_BENCH_HINT_HANDS", "4"))
    asked = views(hands)
    loops = [subprocess.Popen([sys.executable, "-c", "while 1: pass"]) for _ in range(busy)]
    results: dict[str, tuple[list[float], list[float], list[int]]] = {
        "before (100 deals)": ([], [], []),
        f"after ({HINT_PLAYOUTS} play-outs)": ([], [], []),
    }
    try:
        time.sleep(0.5 if busy else 0)  # let the loops take their share
        for seen in asked:
            for (walls, cpus, deals), ask in zip(
                results.values(), (baseline, budgeted), strict=True
            ):
                wall, cpu, n = timed(ask, seen)
                walls.append(wall)
                cpus.append(cpu)
                deals.append(n)
        load = os.getloadavg()[0]
    finally:
        for loop in loops:
            loop.kill()
            loop.wait()
    print(
        f"{len(asked)} views, {busy} busy loops on {os.cpu_count()} cores "
        f"(load average {load:.2f}); target: every Hint well under 1 s"
    )
    for name, (walls, cpus, deals) in results.items():
        print(line(name, walls, cpus, deals))
