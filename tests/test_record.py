"""Game and match records replay to the identical state."""

from __future__ import annotations

import json
import pathlib
import random

import pytest

from kingscorner_widget import Count, Game, Rules
from kingscorner_widget.match import Match
from kingscorner_widget.record import (
    game_from_json,
    game_to_dict,
    game_to_json,
    load,
    match_from_json,
    match_to_json,
    save,
)


def random_game(seed: int, players: int = 3, rules: Rules | None = None) -> Game:
    rng = random.Random(seed)
    game = Game.new(players=players, seed=seed, rules=rules)
    while not game.is_over():
        game.play(rng.choice(game.legal_moves()))
    return game


@pytest.mark.parametrize("seed", range(8))
def test_a_finished_game_replays_identically(seed: int) -> None:
    game = random_game(seed, players=2 + seed % 5)
    again = game_from_json(game_to_json(game))
    assert again == game
    assert again.moves == game.moves
    assert again.opening == game.opening
    assert again.outcome() == game.outcome()


def test_a_record_keeps_the_rules_and_the_seed() -> None:
    rules = Rules(players=2, must_play=True, count=Count.HEAVY, target=100)
    game = random_game(4, players=2, rules=rules)
    data = game_to_dict(game)
    assert data["seed"] == 4
    assert data["rules"]["count"] == "heavy"
    assert game_from_json(json.dumps(data)).rules == rules


def test_a_tampered_record_is_refused_with_the_move_named() -> None:
    game = random_game(1)
    data = game_to_dict(game)
    data["moves"][0] = "Kh>E" if data["moves"][0] != "Kh>E" else "Ks>E"
    with pytest.raises(ValueError, match=r"move 1 \(K[hs]>E\) does not replay"):
        game_from_json(json.dumps(data))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "not valid JSON"),
        ("[]", "must be a JSON object"),
        ('{"format": "other"}', "expected a kingscorner-game/1 record"),
        ('{"format": "kingscorner-game/1"}', "has no 'rules' entry"),
    ],
)
def test_bad_records_get_clear_errors(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        game_from_json(text)


def test_a_match_replays_with_its_sheet(tmp_path: pathlib.Path) -> None:
    match = Match(Rules(players=3, target=40), seed=9)
    rng = random.Random(9)
    while True:
        game = match.game
        while not game.is_over():
            game.play(rng.choice(game.legal_moves()))
        match.score_hand()
        if match.is_over():
            break
        match.next_hand()
    again = match_from_json(match_to_json(match))
    assert again.totals == match.totals
    assert again.sheet == match.sheet
    assert again.winners() == match.winners()
    path = tmp_path / "match.json"
    save(match, path)
    loaded = load(path)
    assert isinstance(loaded, Match)
    assert loaded.totals == match.totals
