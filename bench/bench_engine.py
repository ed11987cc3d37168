"""Engine speed: a walk within the turn, random full games, and python-chess as the reference.

A *node* is one move played: ``legal_moves()`` lists the moves, each is played (``play``, which asks
the judge again), explored further, and undone. python-chess's perft is counted the same way
(``legal_moves``, ``push``, ``pop``), in the same process, so the ratio compares like with like.
Every figure is the best of a few rounds, to see past other work on a shared machine.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import random
import time
from collections.abc import Callable
from typing import Any

from kingscorner_widget import Game
from kingscorner_widget.moves import EndTurn

ROUNDS = 5
"""Each figure is the best of this many rounds."""
POSITIONS = 80
"""Seeded positions the walk starts from."""
TURN_DEPTH = 4
"""Moves deep the walk goes within one turn (an end-of-turn move is a leaf)."""

CHESS_POSITIONS = {
    "start position": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 3),
    "middlegame (Kiwipete)": (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        3,
    ),
}
"""python-chess reference positions and their perft depth."""


def seeded_positions(count: int = POSITIONS) -> list[Game]:
    """Positions from seeded deals of 2-4 players, each a random number of random moves in."""
    games: list[Game] = []
    seed = 0
    while len(games) < count:
        rng = random.Random(seed)
        game = Game.new(players=2 + seed % 3, seed=seed)
        for _ in range(rng.randrange(0, 90)):
            if game.is_over():
                break
            game.play(rng.choice(game.legal_moves()))
        if not game.is_over():
            games.append(game)
        seed += 1
    return games


def turn_perft(game: Game, depth: int) -> int:
    """Moves played walking every legal move ``depth`` deep within the turn, undoing each."""
    nodes = 0
    for move in game.legal_moves():
        game.play(move)
        nodes += 1
        if depth > 1 and not isinstance(move, EndTurn) and not game.is_over():
            nodes += turn_perft(game, depth - 1)
        game.undo()
    return nodes


def chess_perft(board: Any, depth: int) -> int:
    """python-chess perft counting every push, the way :func:`turn_perft` counts plays."""
    nodes = 0
    for move in list(board.legal_moves):
        board.push(move)
        nodes += 1
        if depth > 1:
            nodes += chess_perft(board, depth - 1)
        board.pop()
    return nodes


def best_rates(
    works: dict[str, Callable[[], int]], rounds: int = ROUNDS, least: float = 0.3
) -> dict[str, tuple[int, float]]:
    """For each named ``work`` (returning a count), ``(count, best count per second)``.

    The works take turns within each round, each repeated for at least ``least`` seconds, so a
    burst of other load on the machine hits them alike; the fastest round of each is kept.
    """
    best = dict.fromkeys(works, 0.0)
    counts = dict.fromkeys(works, 0)
    for _ in range(rounds):
        for name, work in works.items():
            total = repeats = 0
            start = time.perf_counter()
            while True:
                total += work()
                repeats += 1
                elapsed = time.perf_counter() - start
                if elapsed >= least:
                    break
            counts[name] = total // repeats
            best[name] = max(best[name], total / elapsed)
    return {name: (counts[name], best[name]) for name in works}


def random_games(players: int, games: int) -> tuple[int, int]:
    """Play ``games`` seeded random games; return ``(games, moves)``."""
    moves = 0
    for seed in range(games):
        rng = random.Random(seed)
        game = Game.new(players=players, seed=seed)
        while not game.is_over():
            game.play(rng.choice(game.legal_moves()))
        moves += len(game.moves)
    return games, moves


def run() -> None:
    """Print the engine's figures beside python-chess's."""
    positions = seeded_positions()
    works: dict[str, Callable[[], int]] = {
        "engine": lambda: sum(turn_perft(game, TURN_DEPTH) for game in positions)
    }
    chess: Any = None
    with contextlib.suppress(ImportError):
        chess = importlib.import_module("chess")
    if chess is not None:
        for name, (fen, depth) in CHESS_POSITIONS.items():
            works[name] = functools.partial(chess_perft, chess.Board(fen), depth)
    rates = best_rates(works)
    nodes, engine_rate = rates.pop("engine")
    print(
        f"kingscorner perft within the turn (depth {TURN_DEPTH}, {len(positions)} positions): "
        f"{nodes:,} nodes, {engine_rate:,.0f} nodes/s"
    )
    if chess is None:
        print("python-chess is not installed (pip install chess): no reference figure")
    else:
        for name, (count, rate) in rates.items():
            depth = CHESS_POSITIONS[name][1]
            print(
                f"python-chess {chess.__version__} perft, {name} depth {depth}: "
                f"{count:,} nodes, {rate:,.0f} nodes/s"
            )
        reference = sum(rate for _, rate in rates.values()) / len(rates)
        print(
            f"ratio kingscorner / python-chess (mean of its positions): "
            f"{engine_rate / reference:.2f}x"
        )
    for players in (2, 4):
        games = 100
        moves = random_games(players, games)[1]
        work = functools.partial(lambda p, n: random_games(p, n)[0], players, games)
        _, rate = best_rates({"games": work})["games"]
        print(
            f"random full games, {players} players: {rate:,.0f} games/s "
            f"({games} seeded games, {moves / games:.0f} moves each on average)"
        )
