"""Golden counts: how many distinct positions one turn can reach, found by brute force.

The brute-force enumerator does not use :meth:`Game.legal_moves`: from each position it tries every
card in hand on every space and every pile on every other space, keeps what :meth:`Game.play`
accepts (on a copy), and dedupes on the position line. The end-of-turn move is never played, so
the counts are of positions within the turn, the starting position included.

Run ``python -m tests.engine.golden`` to write ``tests/data/golden_turns.json`` again.

>>> from kingscorner_widget import Game
>>> game = Game.from_position(
...     "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
... )
>>> len(brute_force_turn(game)) == len(engine_turn(game))
True
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from kingscorner_widget import Card, Game, IllegalMoveError, Rules
from kingscorner_widget.engine.moves import EndTurn, Move, MovePile, PlayCard
from kingscorner_widget.engine.notation import parse_position
from kingscorner_widget.engine.spaces import SPACES

DATA = Path(__file__).resolve().parents[1] / "data" / "golden_turns.json"

HANDWRITTEN: list[tuple[str, str, dict[str, Any]]] = [
    (
        "the SPEC example",
        "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1",
        {},
    ),
    (
        "three empty cross spaces",
        "N:- E:- S:Qd W:- NE:- SE:- SW:- NW:- P1:Ks9h5c2d P2:?7 stock:40 turn:P1",
        {},
    ),
    (
        "a chain of pile transfers",
        "N:9h E:Ts S:Jh W:Qc NE:Kd SE:- SW:- NW:- P1:8s7d3c P2:?7 stock:37 turn:P1",
        {},
    ),
    (
        "kings in hand, corners empty",
        "N:5d E:8c S:Jd W:2s NE:- SE:- SW:- NW:- P1:KhKsQcJh7d P2:?7 stock:36 turn:P1",
        {},
    ),
    (
        "kings in hand under kings first",
        "N:5d E:8c S:Jd W:2s NE:- SE:- SW:- NW:- P1:KhKsQcJh7d P2:?7 stock:36 turn:P1",
        {"kings_first": True},
    ),
    (
        "aces end piles",
        "N:2hAs E:2cAh S:4d W:Ac NE:KsQhJcTd9s8h7c6d5s4h3s2d SE:- SW:- NW:- "
        "P1:Ad3d4c8c P2:?7 stock:23 turn:P1",
        {},
    ),
    (
        "a corner finished and kept",
        "N:3h2s E:9c S:Tc W:4s NE:KdQcJhTs9d8c7h6s5d4c SE:- SW:- NW:- "
        "P1:AhAd8d3dKs P2:?7 stock:25 turn:P1",
        {"corners_version": True},
    ),
    (
        "the same corner in the standard rules",
        "N:3h2s E:9c S:Tc W:4s NE:KdQcJhTs9d8c7h6s5d4c SE:- SW:- NW:- "
        "P1:AhAd8d3dKs P2:?7 stock:25 turn:P1",
        {},
    ),
    (
        "a king-based pile for an empty corner",
        "N:KhQs E:Jd S:Tc W:4s NE:Kc SE:- SW:- NW:- P1:9h9dJsKd P2:?7 stock:35 turn:P1",
        {},
    ),
    (
        "a long run into one pile",
        "N:Kc E:Ac S:Ad W:5d NE:- SE:- SW:- NW:- P1:QhJsTh9s8h7s6h5s4c P2:?7 stock:32 turn:P1",
        {},
    ),
    (
        "a big hand",
        "N:Qs E:5h S:9d W:7c NE:Kh SE:- SW:- NW:- P1:JhTc8s7h6c4dAh3h5s P2:?7 stock:31 turn:P1",
        {},
    ),
    (
        "nothing to play",
        "N:Qs E:Qc S:9c W:9s NE:- SE:- SW:- NW:- P1:2h2d5h5d6s P2:?7 stock:36 turn:P1",
        {},
    ),
    (
        "a three-player table, P2 to move",
        "N:8d E:- S:Jc W:6s NE:KsQd SE:- SW:- NW:- P1:?5 P2:7c5hTh4c9d P3:?6 stock:31 turn:P2",
        {},
    ),
]
"""Positions written by hand: ``(name, position, rule options)``."""

SEEDED: list[tuple[int, int, int]] = [
    (3, 2, 0),
    (4, 10, 0),
    (6, 11, 0),
    (5, 8, 25),
    (6, 5, 25),
    (3, 8, 50),
    (4, 1, 50),
    (2, 1, 80),
    (2, 11, 80),
]
"""Seeded deals: ``(players, seed, random moves played before the turn that is counted)``."""


def seeded_position(players: int, seed: int, moves: int) -> str:
    """The position at the start of a turn, after about ``moves`` random moves of a seeded deal."""
    game = Game.new(players=players, seed=seed)
    rng = random.Random(seed)
    while not game.is_over():
        if len(game.moves) >= moves and (not game.moves or isinstance(game.moves[-1], EndTurn)):
            break
        game.play(rng.choice(game.legal_moves()))
    return game.position()


def candidate_moves(game: Game) -> list[Move]:
    """Every card in hand on every space, every pile on every other space."""
    moves: list[Move] = [PlayCard(card, space) for card in game.hand() for space in SPACES]
    moves.extend(MovePile(a, b) for a in SPACES for b in SPACES if a is not b)
    return moves


def brute_force_turn(game: Game) -> dict[str, Game]:
    """Every position reachable within the turn, by trying every candidate move on a copy."""
    seen = {game.position(): game.copy()}
    stack = [game.copy()]
    while stack:
        current = stack.pop()
        for move in candidate_moves(current):
            if current.violation(move) is not None:  # a quick skip; play below decides
                continue
            child = current.copy()
            try:
                child.play(move)
            except IllegalMoveError:
                continue
            position = child.position()
            if position not in seen:
                seen[position] = child
                stack.append(child)
    return seen


def engine_turn(game: Game) -> set[tuple[object, ...]]:
    """Every state reachable within the turn, walking ``legal_moves`` with play and undo.

    Within a turn the state key and the position line tell the same states apart (the cards
    played this turn are the cards gone from the hand), and the key is quicker to build.
    """
    seen = {game.state_key()}
    work = game.copy()

    def walk() -> None:
        for move in work.legal_moves():
            if isinstance(move, EndTurn):
                continue
            work.play(move)
            key = work.state_key()
            if key not in seen:
                seen.add(key)
                walk()
            work.undo()

    walk()
    return seen


def model_turn(position: str) -> int:
    """Positions reachable within the turn under the standard rules, by a small model of SPEC
    section 1 that shares nothing with the engine but the position parser."""
    table = parse_position(position)
    hand = table.hands[table.turn]
    assert isinstance(hand, list)

    def fits(card: Card, top: Card) -> bool:
        return int(card.rank) == int(top.rank) - 1 and card.red != top.red

    start = (tuple(tuple(pile) for pile in table.piles), tuple(hand))
    seen = {start}
    stack = [start]
    while stack:
        piles, held = stack.pop()
        if not held:
            continue  # the player went out: the hand is over
        children = []
        for i, card in enumerate(held):
            rest = held[:i] + held[i + 1 :]
            for target, pile in enumerate(piles):
                corner = target >= 4
                if (pile and fits(card, pile[-1])) or (
                    not pile and (not corner or card.rank == 13)
                ):
                    grown = (*piles[:target], (*pile, card), *piles[target + 1 :])
                    children.append((grown, rest))
        for source in range(4):
            moving = piles[source]
            if not moving:
                continue
            for target, pile in enumerate(piles):
                if target == source:
                    continue
                if (pile and fits(moving[0], pile[-1])) or (
                    not pile and target >= 4 and moving[0].rank == 13
                ):
                    changed = list(piles)
                    changed[target] = pile + moving
                    changed[source] = ()
                    children.append((tuple(changed), held))
        for child in children:
            if child not in seen:
                seen.add(child)
                stack.append(child)
    return len(seen)


def golden_entry(name: str, position: str, options: dict[str, Any]) -> dict[str, Any]:
    """One record of the data file, counted by brute force."""
    line = position
    game = Game.from_position(line, rules=Rules(players=_players(line), **options))
    reached = brute_force_turn(game)
    if not options:
        assert model_turn(game.position()) == len(reached), f"the model disagrees on {name}"
    assert len(engine_turn(game)) == len(reached), f"legal_moves disagrees on {name}"
    start = len(game.hand())
    return {
        "name": name,
        "position": game.position(),
        "rules": options,
        "positions": len(reached),
        "most_cards_played": max(start - len(g.hand(game.turn)) for g in reached.values()),
        "first_moves": len([m for m in game.legal_moves() if not isinstance(m, EndTurn)]),
        "hand_can_go_out": any(not g.hand(game.turn) for g in reached.values()),
    }


def _players(line: str) -> int:
    return sum(1 for field in line.split() if field[0] == "P" and field.split(":")[0][1:].isdigit())


def all_entries() -> list[dict[str, Any]]:
    """Every golden record, hand-written positions first."""
    entries = [golden_entry(name, line, options) for name, line, options in HANDWRITTEN]
    for players, seed, moves in SEEDED:
        name = f"seeded deal: {players} players, seed {seed}, after {moves} moves"
        entries.append(golden_entry(name, seeded_position(players, seed, moves), {}))
    return entries


def main() -> int:
    """Write the data file."""
    entries = all_entries()
    text = json.dumps(
        {
            "about": (
                "Distinct positions reachable within one turn (the start included, the "
                "end-of-turn move never played), counted by brute force in "
                "tests/engine/golden.py; regenerate with: python -m tests.engine.golden"
            ),
            "positions": entries,
        },
        indent=1,
        ensure_ascii=False,
    )
    DATA.write_text(text + "\n", encoding="utf-8")
    for entry in entries:
        print(f"{entry['positions']:>7}  {entry['name']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
