"""Seeded random self-play with checks at every step (OpenSpiel's random simulation test).

At least 1,000 games across 2-6 players and every rule option run by default; set
``KCW_SELFPLAY_GAMES=100000`` to run that many. Every tenth game also cross-checks every candidate
move against the judge and the invariants after every legal move.
"""

from __future__ import annotations

import os
import random

import pytest

from kingscorner_widget import Game

from .support import OPTION_RULES, check_invariants, random_game, rules_for, trajectory_hash

GAMES = int(os.environ.get("KCW_SELFPLAY_GAMES", "1000"))
NAMES = sorted(OPTION_RULES)


def games_for(name: str, total: int = GAMES) -> list[tuple[int, int]]:
    """The ``(seed, players)`` of the games of rule set ``name``: game ``i`` uses rule set
    ``i % len(NAMES)`` and ``2 + (i // len(NAMES)) % 5`` players, so every pairing occurs."""
    k = NAMES.index(name)
    return [(i, 2 + (i // len(NAMES)) % 5) for i in range(k, total, len(NAMES))]


def test_the_default_run_covers_every_option_and_player_count() -> None:
    pairs = {(name, players) for name in NAMES for _, players in games_for(name, 1000)}
    assert pairs == {(name, players) for name in NAMES for players in range(2, 7)}
    assert sum(len(games_for(name)) for name in NAMES) == GAMES


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_random_self_play(name: str) -> None:
    outcomes = {"out": 0, "blocked": 0}
    for seed, players in games_for(name):
        rules = rules_for(name, players)
        game = list(random_game(rules, seed, full=seed % 10 == 0))[-1][0]
        outcome = game.outcome()
        assert outcome is not None
        outcomes[outcome.reason] += 1
        assert sum(outcome.penalties) > 0
        if outcome.reason == "out":
            assert outcome.went_out is not None
            assert game.hand(outcome.went_out) == ()
        else:
            assert game.stock_size == 0
    assert outcomes["out"] > 0


@pytest.mark.parametrize("name", NAMES)
def test_same_seed_same_trajectory(name: str) -> None:
    rules = rules_for(name, 3)
    assert trajectory_hash(rules, 17) == trajectory_hash(rules, 17)
    assert trajectory_hash(rules, 17) != trajectory_hash(rules, 18)


def test_a_copy_follows_the_same_trajectory() -> None:
    rules = rules_for("standard", 4)
    game = Game.new(seed=8, rules=rules)
    rng = random.Random(8)
    for _ in range(40):
        game.play(rng.choice(game.legal_moves()))
    twin = game.copy()
    for one, two in ((game, random.Random(1)), (twin, random.Random(1))):
        while not one.is_over():
            one.play(two.choice(one.legal_moves()))
    assert game == twin
    assert game.moves == twin.moves


def test_record_round_trip_in_self_play() -> None:
    """A saved game loads back to the same state and plays on identically (needs record.py)."""
    from kingscorner_widget.engine.record import game_from_json, game_to_json

    for index in range(3 * len(NAMES)):
        name = NAMES[index % len(NAMES)]
        rules = rules_for(name, 2 + index % 5)
        rng = random.Random(index)
        stop = rng.randrange(0, 120)
        for step, (game, _) in enumerate(random_game(rules, index, full=False)):
            if step % 25 == 0 or step == stop or game.is_over():
                loaded = game_from_json(game_to_json(game))
                assert loaded.rules == game.rules
                assert loaded.state_key() == game.state_key()
                assert loaded.position() == game.position()
                assert loaded.moves == game.moves
                assert loaded.legal_moves() == game.legal_moves()
                check_invariants(loaded)
                if loaded.moves:
                    loaded.undo()
                    game_before = game.copy()
                    game_before.undo()
                    assert loaded.state_key() == game_before.state_key()
