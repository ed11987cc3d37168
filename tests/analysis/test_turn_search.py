"""The turn search the expert's look-ahead plays with: legal under every rule, and as good as
the best-turn search at shedding."""

from __future__ import annotations

from kingscorner_widget import Game
from kingscorner_widget.analysis import best_turn
from kingscorner_widget.analysis.search.playout import PlayoutState
from kingscorner_widget.analysis.search.turn_search import Step, best_turn_in_place
from kingscorner_widget.engine.cards import DECK
from kingscorner_widget.engine.moves import Move, MovePile, PlayCard
from kingscorner_widget.engine.spaces import SPACES

from .support import played_games, small_positions


def engine_move(step: Step) -> Move:
    card, source, target = step
    if source < 0:
        return PlayCard(DECK[card], SPACES[target])
    return MovePile(SPACES[source], SPACES[target])


def check(game: Game) -> None:
    """The search's turn replays move by move through the engine, may end there, leaves the
    table the state shows, and sheds as many cards as the best-turn search."""
    state = PlayoutState.from_game(game)
    player = game.turn
    before = len(game.hand(player))
    most = best_turn(game.observation(player)).cards_played
    steps = best_turn_in_place(state, max_nodes=100_000)
    for step in steps:
        move = engine_move(step)
        assert game.violation(move) is None, (game.position(), move)
        game.play(move)
    if not game.is_over():
        assert game.violation(game.end_move()) is None, game.position()
        assert state.over is None
    else:
        assert state.over == "out"
    tops = [pile[-1].index if pile else -1 for pile in map(game.pile, SPACES)]
    assert state.tops == tops
    assert sorted(state.hands[player - 1]) == sorted(c.index for c in game.hand(player))
    if not game.rules.corners_version:
        assert before - len(game.hand(player)) == most


def test_the_search_plays_legal_turns_that_shed_the_most_in_small_positions() -> None:
    for line, rules in small_positions(60, seed=4):
        check(Game.from_position(line, rules=rules))


def test_the_search_plays_legal_turns_that_shed_the_most_in_played_games() -> None:
    for game in played_games(24, seed=5):
        check(game)


def test_a_capped_search_still_plays_at_least_the_first_move_greedy_play_would() -> None:
    for game in played_games(12, seed=6):
        state = PlayoutState.from_game(game)
        steps = best_turn_in_place(state, max_nodes=1)
        for step in steps:
            game.play(engine_move(step))
        assert game.is_over() or game.violation(game.end_move()) is None
