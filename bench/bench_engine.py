"""Engine speed: a walk within the turn, random full games, and python-chess as the reference.

A *node* is one move played: ``legal_moves()`` lists the moves, each is played (``play``, which asks
the judge again), explored further, and undone. python-chess's perft is counted the same way
(``legal_moves``, ``push``, ``pop``), in the same process, so the ratio compares like with like.
Every figure is the best of a few rounds, to see past other work on a shared machine.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from kingscorner_widget import Game
from kingscorner_widget.moves import EndTurn

ROUNDS = 3
"""Each figure is the best of this many rounds."""
POSITIONS = 80
"""Seeded positions the walk starts from."""
TURN_DEPTH = 4
"""Moves deep the walk goes within one turn (an end-of-turn move is a leaf)."""

CHESS_POSITIONS = {
    "start position": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 3),
    "middlegame (Kiwipete)": (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        2,
    ),
}
"""python-chess reference positions and their perft depth."""


def seeded_positions(count: int = POSITIONS) -> list[Game]:
    """Positions from seeded deals of 2-4 players, each a random number of random moves in."""
    games = []
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


def chess_perft(board: object, depth: int) -> int:
    """python-chess perft counting every push, the way :func:`turn_perft` counts plays."""
    nodes = 0
    for move in list(board.legal_moves):  # type: ignore[attr-defined]
        board.push(move)  # type: ignore[attr-defined]
        nodes += 1
        if depth > 1:
            nodes += chess_perft(board, depth - 1)
        board.pop()  # type: ignore[attr-defined]
    return nodes


def best_rate(work: Callable[[], int], rounds: int = ROUNDS) -> tuple[int, float]:
    """``(count, count per second)`` for the fastest of ``rounds`` runs of ``work``."""
    best = float("inf")
    count = 0
    for _ in range(rounds):
        start = time.perf_counter()
        count = work()
        best = min(best, time.perf_counter() - start)
    return count, count / best


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
    nodes, engine_rate = best_rate(lambda: sum(turn_perft(g, TURN_DEPTH) for g in positions))
    print(
        f"kingscorner perft within the turn (depth {TURN_DEPTH}, {len(positions)} positions): "
        f"{nodes:,} nodes, {engine_rate:,.0f} nodes/s"
    )
    try:
        import chess
    except ImportError:
        print("python-chess is not installed (pip install chess): no reference figure")
        chess_rates: list[float] = []
    else:
        chess_rates = []
        for name, (fen, depth) in CHESS_POSITIONS.items():
            board = chess.Board(fen)
            count, rate = best_rate(lambda b=board, d=depth: chess_perft(b, d))  # type: ignore[misc]
            chess_rates.append(rate)
            print(
                f"python-chess {chess.__version__} perft, {name} depth {depth}: "
                f"{count:,} nodes, {rate:,.0f} nodes/s"
            )
    if chess_rates:
        reference = sum(chess_rates) / len(chess_rates)
        print(
            f"ratio kingscorner / python-chess (mean of its positions): "
            f"{engine_rate / reference:.2f}x"
        )
    for players in (2, 4):
        count = 200
        games_and_moves: list[int] = []

        def work(p: int = players, n: int = count, out: list[int] = games_and_moves) -> int:
            games, moves = random_games(p, n)
            out.append(moves)
            return games

        games, rate = best_rate(work)
        average = games_and_moves[-1] / games
        print(
            f"random full games, {players} players: {rate:,.0f} games/s "
            f"({games} games, {average:.0f} moves each on average)"
        )
