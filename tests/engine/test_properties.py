"""Property tests: notation round trips, card conservation, exact undo, independent copies."""

from __future__ import annotations

import random
from dataclasses import dataclass

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kingscorner_widget import DECK, Card, Game, Rank, Rules
from kingscorner_widget.engine.moves import Move
from kingscorner_widget.engine.notation import Table, format_position, parse_position
from kingscorner_widget.engine.spaces import SPACES

from .support import OPTION_RULES, check_invariants, rules_for

GAME_SETTINGS = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
"""Playing a game is the data generation here: slow by design, and slower on a busy machine."""


@dataclass
class Played:
    """A seeded game played along a list of choices, with every state on the way."""

    game: Game
    keys: list[tuple[object, ...]]
    positions: list[str]
    moves: list[Move]


@st.composite
def played_games(draw: st.DrawFn, max_moves: int = 250) -> Played:
    name = draw(st.sampled_from(sorted(OPTION_RULES)))
    players = draw(st.integers(2, 6))
    seed = draw(st.integers(0, 2**32))
    length = draw(st.integers(0, max_moves))
    rng = random.Random(draw(st.integers(0, 2**32)))
    game = Game.new(seed=seed, rules=rules_for(name, players))
    played = Played(game, [], [], [])
    for _ in range(length):
        legal = game.legal_moves()
        if not legal:
            break
        played.keys.append(game.state_key())
        played.positions.append(game.position())
        move = rng.choice(legal)
        played.moves.append(move)
        game.play(move)
    return played


def _run(first: Card, remaining: list[Card], length: int) -> list[Card]:
    """A pile of up to ``length`` cards from ``first`` down, taking cards out of ``remaining``."""
    pile = [first]
    remaining.remove(first)
    while len(pile) < length:
        top = pile[-1]
        fitting = [card for card in remaining if card.fits_on(top)]
        if not fitting:
            break
        pile.append(fitting[0])
        remaining.remove(fitting[0])
    return pile


@st.composite
def tables(draw: st.DrawFn) -> Table:
    """Any possible table: built-down piles, kings under the corners, hands, a stock, a turn."""
    remaining = list(draw(st.permutations(DECK)))
    players = draw(st.integers(2, 6))
    kept: list[list[Card]] = [[] for _ in range(players)]
    if draw(st.booleans()):
        king = next(card for card in remaining if card.rank is Rank.KING)
        run = _run(king, remaining, 13)
        if len(run) == 13:
            kept[draw(st.integers(0, players - 1))] = run
        else:
            remaining.extend(run)
    piles: list[list[Card]] = []
    for space in SPACES:
        length = draw(st.integers(0, 4))
        starts = [c for c in remaining if c.rank is Rank.KING] if space.is_corner else remaining
        piles.append(_run(starts[0], remaining, length) if length and starts else [])
    hands: list[list[Card] | int] = []
    for player in range(players):
        least = 1 if player else 0  # at most one hand is empty
        most = min(12, len(remaining) - (players - 1 - player))
        size = draw(st.integers(least, max(least, most)))
        hand = remaining[:size]
        del remaining[:size]
        hands.append(len(hand) if draw(st.booleans()) else hand)
    stock: list[Card] | int = len(remaining) if draw(st.booleans()) else remaining
    # A player who emptied their hand went out on their own turn, so the hand ended there.
    out = [i for i, hand in enumerate(hands) if hand in ([], 0)]
    turn = out[0] if out else draw(st.integers(0, players - 1))
    return Table(piles, hands, stock, turn, kept)


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables())
def test_generated_tables_round_trip(table: Table) -> None:
    text = format_position(table)
    again = parse_position(text)
    assert format_position(again) == text
    assert again == table
    game = Game.from_position(text, rules=Rules(corners_version=any(table.kept)))
    for number, hand in enumerate(table.hands, start=1):
        if not isinstance(hand, int) and isinstance(table.stock, int):
            hidden_others = all(
                isinstance(other, int) for i, other in enumerate(table.hands) if i != number - 1
            )
            if hidden_others:
                assert game.position(player=number) == text


@GAME_SETTINGS
@given(played_games())
def test_positions_reached_by_play_round_trip(played: Played) -> None:
    game = played.game
    full = game.position()
    assert format_position(parse_position(full)) == full
    assert Game.from_position(full, rules=game.rules).position() == full
    for player in range(1, game.players + 1):
        seen = game.position(player=player)
        assert format_position(parse_position(seen)) == seen
        for seed in (0, 1):
            again = Game.from_position(seen, rules=game.rules, seed=seed)
            assert again.position(player=player) == seen


@GAME_SETTINGS
@given(played_games())
def test_every_card_is_in_exactly_one_place(played: Played) -> None:
    game = played.game
    for _ in played.moves:
        check_invariants(game)
        game.undo()
    check_invariants(game)


@GAME_SETTINGS
@given(played_games())
def test_undo_restores_the_exact_prior_state(played: Played) -> None:
    game = played.game
    for key, position, move in reversed(
        list(zip(played.keys, played.positions, played.moves, strict=True))
    ):
        assert game.undo() == move
        assert game.state_key() == key
        assert game.position() == position
    assert game.moves == []


@GAME_SETTINGS
@given(played_games(), st.integers(0, 2**32))
def test_copy_is_independent(played: Played, seed: int) -> None:
    game = played.game
    key, position, moves = game.state_key(), game.position(), list(game.moves)
    copy = game.copy()
    assert copy == game
    assert copy.position() == position
    rng = random.Random(seed)
    for _ in range(30):
        if copy.is_over():
            break
        copy.play(rng.choice(copy.legal_moves()))
    assert (game.state_key(), game.position(), game.moves) == (key, position, moves)
    copy_key = copy.state_key()
    if not game.is_over():
        game.play(rng.choice(game.legal_moves()))
        assert copy.state_key() == copy_key
        game.undo()
    # The copy carries the history: it undoes back through the original's moves too.
    while copy.moves:
        copy.undo()
    while game.moves:
        game.undo()
    assert copy.state_key() == game.state_key()
    assert copy.position() == game.position()
