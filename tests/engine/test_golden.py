"""Golden counts: positions reachable within one turn, stored as data, checked against the engine.

The data (``tests/data/golden_turns.json``) comes from the brute-force enumerator in
:mod:`tests.engine.golden`; here the engine's ``legal_moves`` walk must reach exactly as many
positions, and so must the small independent rules model for the standard-rule entries.
"""

from __future__ import annotations

import json
from typing import Any, cast

import pytest

from kingscorner_widget import Game, Rules

from .golden import (
    DATA,
    HANDWRITTEN,
    SEEDED,
    brute_force_turn,
    engine_turn,
    model_turn,
    seeded_position,
)

ENTRIES: list[dict[str, Any]] = json.loads(DATA.read_text(encoding="utf-8"))["positions"]
LIVE_BRUTE_FORCE = 300
"""Entries up to this many positions are also brute-forced again here (the rest: at generation)."""


def game_of(entry: dict[str, Any]) -> Game:
    line = entry["position"]
    players = sum(1 for field in line.split() if field.split(":")[0][1:].isdigit())
    return Game.from_position(line, rules=Rules(players=players, **entry["rules"]))


def test_the_data_holds_about_twenty_varied_positions_from_the_generator() -> None:
    assert len(ENTRIES) >= 20
    assert len({entry["name"] for entry in ENTRIES}) == len(ENTRIES)
    sources = [Game.from_position(line).position() for _, line, _ in HANDWRITTEN]
    sources += [seeded_position(*spec) for spec in SEEDED]
    assert [entry["position"] for entry in ENTRIES] == sources
    counts = [entry["positions"] for entry in ENTRIES]
    assert min(counts) == 1
    assert max(counts) > 1000
    assert any(entry["rules"] for entry in ENTRIES)


@pytest.mark.parametrize("entry", ENTRIES, ids=[entry["name"] for entry in ENTRIES])
def test_engine_reaches_the_golden_number_of_positions(entry: dict[str, Any]) -> None:
    game = game_of(entry)
    assert game.position() == entry["position"]
    reached = engine_turn(game)
    assert len(reached) == entry["positions"]
    start = len(game.hand())
    hands = [cast(tuple[tuple[object, ...], ...], key[1]) for key in reached]
    played = [start - len(hand[game.turn - 1]) for hand in hands]
    assert min(played) == 0
    assert max(played) == entry["most_cards_played"]
    assert (start in played) == entry["hand_can_go_out"]
    first = [move for move in game.legal_moves() if str(move) not in ("draw", "pass")]
    assert len(first) == entry["first_moves"]


@pytest.mark.parametrize(
    "entry",
    [entry for entry in ENTRIES if not entry["rules"]],
    ids=[entry["name"] for entry in ENTRIES if not entry["rules"]],
)
def test_independent_model_agrees(entry: dict[str, Any]) -> None:
    assert model_turn(entry["position"]) == entry["positions"]


@pytest.mark.parametrize(
    "entry",
    [entry for entry in ENTRIES if entry["positions"] <= LIVE_BRUTE_FORCE],
    ids=[entry["name"] for entry in ENTRIES if entry["positions"] <= LIVE_BRUTE_FORCE],
)
def test_brute_force_agrees(entry: dict[str, Any]) -> None:
    assert len(brute_force_turn(game_of(entry))) == entry["positions"]
