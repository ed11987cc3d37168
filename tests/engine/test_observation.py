"""What one player sees, and the games sampled from it: consistent with the real one."""

from __future__ import annotations

import random

import pytest

from kingscorner_widget import Game
from kingscorner_widget.engine.moves import DRAW

from .support import OPTION_RULES, check_invariants, game_at, rules_for


def test_observation_shows_only_what_the_player_sees() -> None:
    game = Game.new(players=3, seed=4)
    seen = game.observation(2)
    assert seen.hand == game.hand(2)
    assert seen.hand_sizes == game.hand_sizes()
    assert seen.stock_size == game.stock_size
    assert seen.position() == game.position(player=2)
    assert seen.legal_moves == ()
    assert game.observation(1).legal_moves == tuple(game.legal_moves())
    assert set(seen.unseen_cards()) == set(game.unseen_cards(2))


def test_sampled_game_ends_blocked_when_the_real_one_does() -> None:
    # Two players have passed with the stock empty; the third passing blocks the hand.
    game = game_at("N:Jc E:Qs S:5s W:8h P1:2c4d P2:KhTs P3:? stock:-")
    game.play("pass")
    game.play("pass")
    sampled = Game.from_observation(game.observation(3), seed=1)
    game.play("pass")
    sampled.play("pass")
    assert game.is_over()
    assert sampled.is_over()
    real, guessed = game.outcome(), sampled.outcome()
    assert real is not None
    assert guessed is not None
    assert guessed.reason == real.reason == "blocked"


@pytest.mark.parametrize("name", sorted(OPTION_RULES))
def test_sampled_games_play_on_like_the_real_one(name: str) -> None:
    """From the mover's view, a sampled deal accepts the same moves and ends the same turns."""
    for seed in range(6):
        rules = rules_for(name, 2 + seed % 4)
        game = Game.new(seed=seed, rules=rules)
        rng = random.Random(seed)
        while not game.is_over():
            mover = game.turn
            seen = game.observation(mover)
            sampled = Game.from_observation(seen, seed=rng.getrandbits(32))
            check_invariants(sampled)
            assert sampled.position(player=mover) == game.position(player=mover)
            assert sampled.legal_moves() == game.legal_moves() == list(seen.legal_moves)
            move = rng.choice(game.legal_moves())
            game.play(move)
            sampled.play(move)
            if move == DRAW and rules.draw_until_fits:
                continue  # how long that draw goes on depends on the hidden cards
            assert sampled.turn == game.turn
            assert sampled.is_over() == game.is_over()
            assert sampled.cards_played_this_turn == game.cards_played_this_turn
