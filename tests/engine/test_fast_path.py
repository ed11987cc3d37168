"""The engine's fast paths agree with its one judge, :meth:`Game.violation`, everywhere.

``legal_moves`` lists the card plays and pile moves its pre-filter lets through without asking
the judge about each (unless kings first is on), and ``play`` waves the usual card play or pile
move through on a quick check (``_plainly_legal``) before it would ask the judge. Both are only
shortcuts: here they are held to the judge's answer for every move worth asking about, in every
state of seeded random games under every rule option, with 2 to 6 players.
"""

from __future__ import annotations

import random

import pytest

from kingscorner_widget import DECK, Game
from kingscorner_widget.engine.moves import DRAW, PASS, Move, MovePile, PlayCard
from kingscorner_widget.engine.spaces import SPACES, Space

from .support import OPTION_RULES, rules_for

GAMES_PER_RULES = 10
"""Seeded games per rule set; every state of each is checked (several thousand in all)."""


def judged_moves(game: Game) -> list[Move]:
    """The legal moves in the engine's order, asking the judge about every candidate: each hand
    card to each space, each pile onto each space, then the end of the turn."""
    moves: list[Move] = [
        PlayCard(card, space)
        for card in game.hand()
        for space in SPACES
        if game.violation(PlayCard(card, space)) is None
    ]
    moves.extend(
        MovePile(source, target)
        for source in SPACES
        for target in SPACES
        if game.violation(MovePile(source, target)) is None
    )
    moves.extend(end for end in (DRAW, PASS) if game.violation(end) is None)
    return moves


def questions(game: Game, rng: random.Random) -> list[Move]:
    """Card plays and pile moves to ask about: every hand card and a few cards from elsewhere to
    every space, every pair of spaces."""
    cards = [*game.hand(), *rng.sample(DECK, 4)]
    moves: list[Move] = [PlayCard(card, space) for card in cards for space in SPACES]
    moves.extend(MovePile(source, target) for source in SPACES for target in SPACES)
    return moves


def check_state(game: Game, rng: random.Random) -> tuple[int, int]:
    """Assert both fast paths agree with the judge now; return (moves asked, quick yeses)."""
    assert game.legal_moves() == ([] if game.is_over() else judged_moves(game))
    quick_allowed = not game.is_over() and game.pending_card is None and not game.rules.kings_first
    asked = quick = 0
    for move in questions(game, rng):
        legal = game.violation(move) is None
        plain = game._plainly_legal(move)
        asked += 1
        quick += plain
        # A quick yes only for what the judge allows, and for all of it where the quick check
        # applies at all (no kings first, no pending card, the hand still on).
        assert plain == (legal and quick_allowed), f"{move} in {game.position()}"
    return asked, quick


@pytest.mark.parametrize("name", sorted(OPTION_RULES))
def test_fast_paths_agree_with_the_judge(name: str) -> None:
    asked = quick = states = 0
    for seed in range(GAMES_PER_RULES):
        rng = random.Random(seed)
        game = Game.new(seed=seed, rules=rules_for(name, 2 + seed % 5))
        while True:
            a, q = check_state(game, rng)
            asked, quick, states = asked + a, quick + q, states + 1
            if game.is_over():
                break
            game.play(rng.choice(game.legal_moves()))
    assert states > 300
    if not OPTION_RULES[name].get("kings_first"):
        assert quick > states  # the quick path is taken, not merely never wrong


def test_the_quick_check_leaves_malformed_moves_to_the_judge() -> None:
    game = Game.new(players=2, seed=1)
    card = game.hand()[0]
    for move in (
        PlayCard(card, "N"),  # type: ignore[arg-type]
        MovePile("W", "E"),  # type: ignore[arg-type]
        MovePile(Space.W, "E"),  # type: ignore[arg-type]
        PlayCard("Th", Space.N),  # type: ignore[arg-type]
    ):
        assert not game._plainly_legal(move)
