"""A step reads its position once, and still hands out a fresh game each time."""

from __future__ import annotations

from kingscorner_widget import Game, Rules
from kingscorner_widget.lessons import load_lesson


def test_each_new_game_is_a_fresh_one_at_the_steps_position() -> None:
    step = load_lesson("worked-turn").steps[0]
    first = step.new_game()
    first.play(first.legal_moves()[0])
    again = step.new_game()
    fresh = Game.from_position(step.position, seed=step.seed)
    assert again == fresh
    assert again.position() == fresh.position()
    assert first != again
    assert len(again.moves) == 0
    four = step.new_game(Rules(players=2, hand_size=5))  # each set of rules its own game
    assert four.rules.hand_size == 5
    assert again.rules.hand_size == 7
    assert step.learner == step.learner == fresh.turn
