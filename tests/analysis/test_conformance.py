"""One set of rules: every fast move generator of the analysis agrees with the engine's judge.

The rules live in :class:`~kingscorner_widget.engine.game.Game` (``violation`` judges, and
``legal_moves`` lists what it accepts); the analysis keeps three fast generators for its
searches, each on its own representation of the table. Seeded positions, reached by random legal
play under every rule option, go through each one and through the engine, and what each claims is
compared with the engine:

- :func:`~kingscorner_widget.analysis.search.turn_search._moves` lists one move per merged class
  (cards of one rank and colour alike, empty corners alike, empty side spaces alike): its classes
  are exactly the classes of the engine's card plays and pile moves, and each move it lists is
  legal;
- :meth:`~kingscorner_widget.analysis.search.solver.Solver.expand` gives one child per merged state
  (the hand's kinds, the sorted side piles, the sorted corners): its children are exactly the merged
  states the engine's moves reach (with the root's filter for a drawn card that must be played, as
  the search applies it), and it may end the turn exactly when the engine allows the end move;
- :mod:`~kingscorner_widget.analysis.search.playout` chooses one move (greedy play) rather than
  listing them: each move it chooses is legal in the engine, it ends a turn only when the engine
  allows the end move, and the play-out state stays the engine's state move by move to the end of
  the hand (draws, the blocked hand and the next turn included).

A rule changed in the engine and not in a generator fails here.
"""

from __future__ import annotations

import random

import pytest

from kingscorner_widget import Count, DrawTiming, Game, Rules
from kingscorner_widget.analysis.search.kinds import hand_code, kind, side_code
from kingscorner_widget.analysis.search.playout import (
    KEY,
    PlayoutState,
    _move_pile,
    _put,
    end_turn,
    greedy_step,
)
from kingscorner_widget.analysis.search.solver import Solver
from kingscorner_widget.analysis.search.turn_search import _moves
from kingscorner_widget.engine.cards import DECK
from kingscorner_widget.engine.moves import EndTurn, Move, MovePile, PlayCard
from kingscorner_widget.engine.spaces import CORNERS, CROSS, SPACES

RULES = [
    Rules(players=2),
    Rules(players=3, must_play=True),
    Rules(players=2, kings_first=True),
    Rules(players=4, draw_until_fits=True),
    Rules(players=2, draw_timing=DrawTiming.START),
    Rules(players=3, corners_version=True, count=Count.HEAVY),
    Rules(
        players=2,
        must_play=True,
        kings_first=True,
        draw_until_fits=True,
        corners_version=True,
    ),
    Rules(players=3, draw_timing=DrawTiming.START, must_play=True, kings_first=True),
]
SEEDS = range(6)


def positions(rules: Rules, seed: int) -> list[Game]:
    """Copies of a seeded hand at every move of random legal play to its end."""
    rng = random.Random(seed)
    game = Game.new(seed=seed, rules=rules)
    out: list[Game] = []
    while not game.is_over() and len(out) < 400:
        out.append(game.copy())
        game.play(rng.choice(game.legal_moves()))
    return out


def _target_class(game: Game, index: int) -> object:
    """A target as the fast generators tell targets apart: a pile by its place, an empty corner
    or an empty side space as any other."""
    if game.pile(SPACES[index]):
        return index
    return "corner" if SPACES[index].is_corner else "side"


def engine_classes(game: Game) -> set[tuple[object, ...]]:
    out: set[tuple[object, ...]] = set()
    for move in game.legal_moves():
        if isinstance(move, PlayCard):
            out.add(("card", KEY[move.card.index], _target_class(game, move.target.index)))
        elif isinstance(move, MovePile):
            out.add(("pile", move.source.index, _target_class(game, move.target.index)))
    return out


def as_move(step: tuple[int, int, int]) -> Move:
    card, source, target = step
    if source < 0:
        return PlayCard(DECK[card], SPACES[target])
    return MovePile(SPACES[source], SPACES[target])


@pytest.mark.parametrize("rules", RULES, ids=lambda rules: rules.describe())
def test_the_turn_search_lists_every_class_of_move_the_engine_allows(rules: Rules) -> None:
    checked = 0
    for seed in SEEDS:
        for game in positions(rules, seed):
            state = PlayoutState.from_game(game)
            hand = state.hands[state.turn]
            listed = _moves(hand, state.tops, state.bottoms, state.pending, rules.kings_first)
            for step in listed:
                move = as_move(step)
                assert game.violation(move) is None, (game.position(), move)
            classes = set()
            for card, source, target in listed:
                what = ("card", KEY[card]) if source < 0 else ("pile", source)
                classes.add((*what, _target_class(game, target)))
            assert classes == engine_classes(game), game.position()
            checked += 1
    assert checked > 100


def merged(game: Game, mover: int) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """The solver's merged state of ``game`` for ``mover``: hand kinds, side piles, corners."""
    hand = hand_code(game.hand(mover))
    cross = tuple(
        sorted(side_code(kind(p[0]), kind(p[-1])) if p else 0 for p in map(game.pile, CROSS))
    )
    corners = tuple(sorted(kind(p[-1]) + 1 if p else 0 for p in map(game.pile, CORNERS)))
    return hand, cross, corners


@pytest.mark.parametrize("rules", RULES, ids=lambda rules: rules.describe())
def test_the_solver_reaches_exactly_the_states_the_engine_reaches(rules: Rules) -> None:
    checked = 0
    for seed in SEEDS:
        for game in positions(rules, seed):
            mover = game.turn
            solver = Solver.of(game.observation(mover))
            root = solver.root
            assert root[:3] == merged(game, mover)
            children, may_end = solver.expand(root)
            if solver.only >= 0:  # the search's root filter: the drawn card is played first
                children = [c for c in children if c.step[0] == "c" and c.step[1] == solver.only]
                may_end = False
            reached = set()
            for move in game.legal_moves():
                if isinstance(move, EndTurn):
                    continue
                after = game.copy()
                after.play(move)
                reached.add(merged(after, mover))
            assert {child.node[:3] for child in children} == reached, game.position()
            assert may_end == (game.violation(game.end_move()) is None), game.position()
            checked += 1
    assert checked > 100


def playout_view(state: PlayoutState) -> tuple[object, ...]:
    return (
        list(state.tops),
        list(state.bottoms),
        [list(hand) for hand in state.hands],
        list(state.stock),
        state.turn,
        state.pending,
        state.played,
        state.idle,
        list(state.kept),
        state.over,
    )


@pytest.mark.parametrize("rules", RULES, ids=lambda rules: rules.describe())
def test_greedy_play_outs_move_as_the_engine_judges_and_keep_its_state(rules: Rules) -> None:
    moves = 0
    for seed in SEEDS:
        game = Game.new(seed=seed, rules=rules)
        state = PlayoutState.from_game(game)
        while not game.is_over():
            assert playout_view(state) == playout_view(PlayoutState.from_game(game))
            step = greedy_step(state.hands[state.turn], state.tops, state.bottoms, state.pending)
            if step is None:
                end = game.end_move()
                assert game.violation(end) is None, game.position()
                game.play(end)
                end_turn(state)
            else:
                move = as_move(step)
                assert game.violation(move) is None, (game.position(), move)
                game.play(move)
                before = PlayoutState.from_game(game)  # the engine's table after the move
                card, source, target = step
                if source < 0:
                    _put(state, state.hands[state.turn], card, target)
                else:
                    _move_pile(state, source, target)
                assert playout_view(state)[:4] == playout_view(before)[:4]
            moves += 1
        assert state.over is not None
        assert state.over == game.outcome().reason  # type: ignore[union-attr]
    assert moves > 100
