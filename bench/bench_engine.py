"""Engine speed: perft on mid-game and crowded positions beside python-chess's perft, and random
full games.

A *node* is one move played: ``legal_moves()`` lists the moves, each is played (``play``, which
checks it), explored further, and undone. The walk starts from seeded mid-game positions whose
mover holds 5 to 12 cards and goes three moves deep within the turn; end-of-turn moves are left
out, so every node is a card play or a pile move. The crowded tables are where the engine works
hardest: every side pile 3 to 8 cards long, a corner or more open, and the mover holding 5 to 15
cards. The engine's speed target is at least 2x python-chess on both. python-chess's
perft is counted the same way (``legal_moves``, ``push``, ``pop``), in the same process and in
turns with ours, so the ratio compares like with like on a shared machine. Every figure is the
best of a few rounds.

python-chess is the reference only: ``make bench`` installs it (the ``bench`` group); without it
the engine's own figures are printed alone.
"""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Callable
from typing import Any

from kingscorner_widget import Game
from kingscorner_widget.engine.cards import DECK, Card
from kingscorner_widget.engine.moves import EndTurn
from kingscorner_widget.engine.notation import Table, format_position

ROUNDS = 10
"""Each figure is the best of this many rounds."""
POSITIONS = 200
"""Seeded mid-game positions the perft starts from."""
DEPTH = 3
"""Moves deep the perft goes within one turn."""
HAND_SIZES = range(5, 13)
"""The mover's hand in a mid-game position: 5 to 12 cards."""
CROWDED = 100
"""Seeded crowded tables the second perft starts from."""
TARGET = 2.0
"""The engine's speed target on mid-game and crowded tables, as a ratio to python-chess's
perft."""

CHESS_POSITIONS = {
    "start position": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "middlegame (Kiwipete)": "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
}
"""python-chess reference positions, walked to the same depth."""


def mid_game_positions(count: int = POSITIONS) -> list[Game]:
    """Positions from seeded deals of 2-4 players, each a random number of random moves in, kept
    when the hand is still on and the mover holds 5 to 12 cards."""
    games: list[Game] = []
    seed = 0
    while len(games) < count:
        rng = random.Random(seed)
        game = Game.new(players=2 + seed % 3, seed=seed)
        for _ in range(rng.randrange(10, 120)):
            if game.is_over():
                break
            game.play(rng.choice(game.legal_moves()))
        if not game.is_over() and len(game.hand()) in HAND_SIZES:
            games.append(game)
        seed += 1
    return games


def crowded_position(rng: random.Random) -> Game:
    """A crowded table: four side piles of 3 to 8 cards each, building down in alternating
    colours, one to four corners open (the rest holding a king and a few cards), the mover
    holding 5 to 15 cards, two players.

    >>> game = crowded_position(random.Random(1))
    >>> all(3 <= len(game.pile(space)) <= 8 for space in "NESW"), 5 <= len(game.hand()) <= 15
    (True, True)
    """
    while True:
        deck = list(DECK)
        rng.shuffle(deck)
        piles: list[list[Card]] = [[] for _ in range(8)]
        built = all(_build(rng, deck, piles[i], rng.randint(3, 8)) for i in range(4))
        kings = [card for card in deck if card.is_king]
        for corner in rng.sample(range(4, 8), rng.randint(0, min(3, len(kings)))):
            piles[corner].append(kings.pop())
            deck.remove(piles[corner][0])
            _build(rng, deck, piles[corner], rng.randint(1, 4))
        hand = deck[: rng.randint(5, 15)]
        rest = deck[len(hand) :]
        if built and len(rest) >= 7:
            table = Table(piles, [hand, rest[:7]], rest[7:], 0)
            return Game.from_position(format_position(table))


def _build(rng: random.Random, deck: list[Card], pile: list[Card], length: int) -> bool:
    """Grow ``pile`` (started with a card from ``deck`` when empty) down to ``length`` cards with
    cards of ``deck``, each fitting the one before; False when the deck has none that fits."""
    if not pile:
        pile.append(deck.pop())
    while len(pile) < length:
        options = [card for card in deck if card.fits_on(pile[-1])]
        if not options:
            return False
        pile.append(rng.choice(options))
        deck.remove(pile[-1])
    return True


def crowded_positions(count: int = CROWDED, seed: int = 29) -> list[Game]:
    """Seeded crowded tables (see :func:`crowded_position`)."""
    rng = random.Random(seed)
    return [crowded_position(rng) for _ in range(count)]


def perft(game: Game, depth: int) -> int:
    """Moves played walking every legal move but the end of the turn ``depth`` deep, undoing
    each."""
    nodes = 0
    for move in game.legal_moves():
        if isinstance(move, EndTurn):
            continue
        game.play(move)
        nodes += 1
        if depth > 1 and not game.is_over():
            nodes += perft(game, depth - 1)
        game.undo()
    return nodes


def chess_perft(board: Any, depth: int) -> int:
    """python-chess perft counting every push, the way :func:`perft` counts plays."""
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
            start = time.process_time()
            while True:
                total += work()
                repeats += 1
                elapsed = time.process_time() - start
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


def chess_works() -> tuple[str, dict[str, Callable[[], int]]] | None:
    """python-chess's version and its perft on each reference position, or ``None`` when it is
    not installed."""
    try:
        import chess
    except ImportError:
        return None
    works: dict[str, Callable[[], int]] = {
        name: functools.partial(chess_perft, chess.Board(fen), DEPTH)
        for name, fen in CHESS_POSITIONS.items()
    }
    return chess.__version__, works


def run() -> None:
    """Print the engine's figures beside python-chess's."""
    positions = mid_game_positions()
    crowded = crowded_positions()
    works: dict[str, Callable[[], int]] = {
        "engine": lambda: sum(perft(game, DEPTH) for game in positions),
        "crowded": lambda: sum(perft(game, DEPTH) for game in crowded),
    }
    reference = chess_works()
    if reference is not None:
        works.update(reference[1])
    rates = best_rates(works)
    nodes, engine_rate = rates.pop("engine")
    crowded_nodes, crowded_rate = rates.pop("crowded")
    print(
        f"kingscorner perft, {len(positions)} mid-game positions (hands of 5-12 cards), "
        f"depth {DEPTH} within the turn: {nodes:,} nodes, {engine_rate:,.0f} nodes/s"
    )
    print(
        f"kingscorner perft, {len(crowded)} crowded tables (side piles 3-8 long, corners open, "
        f"hands of 5-15), depth {DEPTH}: {crowded_nodes:,} nodes, {crowded_rate:,.0f} nodes/s"
    )
    if reference is None:
        print("python-chess is not installed (pip install --group bench): no reference figure")
    else:
        for name, (count, rate) in rates.items():
            print(
                f"python-chess {reference[0]} perft, {name} depth {DEPTH}: "
                f"{count:,} nodes, {rate:,.0f} nodes/s"
            )
        chess_rate = sum(rate for _, rate in rates.values()) / len(rates)
        print(
            f"ratio kingscorner / python-chess (mean of its positions), side by side: "
            f"mid-game {engine_rate / chess_rate:.2f}x, "
            f"crowded tables {crowded_rate / chess_rate:.2f}x (target {TARGET:.1f}x on both)"
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
