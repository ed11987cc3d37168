"""Computer players: legal, deterministic, and blind to every card their player cannot see."""

from __future__ import annotations

import random

import pytest

from kingscorner_widget import Game, Rules
from kingscorner_widget.analysis.players import (
    GreedyPlayer,
    LookaheadPlayer,
    PlannerPlayer,
    Player,
    RandomPlayer,
    make_player,
)
from kingscorner_widget.engine.moves import EndTurn, MovePile, PlayCard

from .support import RULE_VARIANTS, played_games, position, resample_hidden

KINDS = ("random", "greedy", "planner", "lookahead")


def fresh(kind: str) -> Player:
    return (
        make_player(kind, seed=5, samples=3) if kind == "lookahead" else make_player(kind, seed=5)
    )


@pytest.mark.parametrize("kind", KINDS)
def test_players_are_fair_resampled_hidden_cards_change_nothing(kind: str) -> None:
    rng = random.Random(11)
    checked = 0
    for game in played_games(14, seed=4):
        mover = game.turn
        view = game.observation(mover)
        decision = fresh(kind).choose(view)
        for _ in range(3):
            other = resample_hidden(game, mover, rng)
            assert other.position() != game.position() or other.stock_size < 2
            other_view = other.observation(mover)
            assert other_view == view
            assert fresh(kind).choose(other_view) == decision
        checked += 1
    assert checked >= 6


@pytest.mark.parametrize("kind", KINDS)
def test_players_play_whole_games_legally_under_every_option(kind: str) -> None:
    for i, rules in enumerate(RULE_VARIANTS[:4]):
        game = Game.new(seed=40 + i, rules=rules)
        bots = [fresh(kind), make_player("greedy")]
        while not game.is_over() and len(game.moves) < 3000:
            view = game.observation(game.turn)
            move = bots[game.turn - 1].choose(view)
            assert move in view.legal_moves
            game.play(move)
        assert game.is_over()


@pytest.mark.parametrize("kind", KINDS)
def test_players_are_deterministic(kind: str) -> None:
    def play() -> list[str]:
        game = Game.new(seed=77)
        bots = [fresh(kind), fresh(kind)]
        while not game.is_over():
            game.play(bots[game.turn - 1].choose(game.observation(game.turn)))
        return [str(m) for m in game.moves]

    assert play() == play()


def test_greedy_puts_kings_in_corners_first_then_plays_cards() -> None:
    game = Game.from_position(position("N:9d E:4c S:5s W:8s NE:- SE:- SW:- NW:- P1:3h7hKd"))
    greedy = GreedyPlayer()
    first = greedy.choose(game.observation(1))
    assert isinstance(first, PlayCard)
    assert str(first.card) == "Kd"
    assert first.target.is_corner
    game.play(first)
    second = greedy.choose(game.observation(1))
    assert str(second) == "7h>W"


def test_greedy_moves_piles_before_filling_spaces() -> None:
    game = Game.from_position(position("N:9d E:- S:5s W:8s NE:Kh SE:Kd SW:Ks NW:Kc P1:2h"))
    move = GreedyPlayer().choose(game.observation(1))
    assert move == MovePile(*map(__import__("kingscorner_widget").Space.parse, ("W", "N")))


def test_planner_plays_its_best_turn_move_by_move() -> None:
    line = position("N:9d E:4c S:5s W:8s7h NE:- SE:- SW:- NW:- P1:Qh6c")
    game = Game.from_position(line)
    planner = PlannerPlayer()
    from kingscorner_widget import best_turn

    plan = best_turn(game)
    played = []
    while not game.is_over() and game.turn == 1:
        move = planner.choose(game.observation(1))
        played.append(move)
        game.play(move)
    assert tuple(played) == plan.moves


def test_lookahead_respects_its_time_budget_and_stays_legal() -> None:
    player = LookaheadPlayer(samples=1000, seed=1, time_budget=0.05)
    game = Game.new(seed=12)
    view = game.observation(1)
    assert player.choose(view) in view.legal_moves


def test_players_refuse_a_view_when_it_is_not_their_turn() -> None:
    game = Game.new(seed=3)
    for kind in KINDS:
        with pytest.raises(ValueError, match="it is P1's turn, not P2's"):
            fresh(kind).choose(game.observation(2))


def test_make_player_names_the_kinds() -> None:
    assert isinstance(make_player("random", seed=3), RandomPlayer)
    assert isinstance(make_player("greedy"), GreedyPlayer)
    assert isinstance(make_player("planner"), PlannerPlayer)
    assert isinstance(make_player("lookahead", samples=2), LookaheadPlayer)
    for kind in KINDS:
        assert isinstance(make_player(kind), Player)
    with pytest.raises(ValueError, match="unknown player"):
        make_player("perfect")


def test_random_player_ends_its_turn_sometimes() -> None:
    game = Game.new(seed=8, rules=Rules())
    player = RandomPlayer(seed=2)
    ends = 0
    for _ in range(200):
        if game.is_over():
            break
        move = player.choose(game.observation(game.turn))
        ends += isinstance(move, EndTurn)
        game.play(move)
    assert ends > 5
