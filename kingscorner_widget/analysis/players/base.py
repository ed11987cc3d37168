"""Computer players: each sees only an :class:`Observation` and returns one move at a time.

>>> from kingscorner_widget import Game
>>> g = Game.new(players=2, seed=3)
>>> bots = [GreedyPlayer(), PlannerPlayer()]
>>> while not g.is_over():
...     g.play(bots[g.turn - 1].choose(g.observation(g.turn)))
>>> g.outcome().reason in ("out", "blocked")
True
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
import time
from typing import Protocol, runtime_checkable

from ...engine.cards import DECK
from ...engine.game import Game
from ...engine.moves import EndTurn, Move, MovePile, PlayCard
from ...engine.observation import Observation
from ...engine.spaces import SPACES
from ..search import Solver, best_turn
from ..search.playout import greedy_step

__all__ = [
    "GreedyPlayer",
    "LookaheadPlayer",
    "PlannerPlayer",
    "Player",
    "RandomPlayer",
]


@runtime_checkable
class Player(Protocol):
    """A computer player: ``choose`` gets what the player sees and returns its next move."""

    name: str

    def choose(self, observation: Observation) -> Move:
        """The next move for ``observation.player``, who must be the player to move."""
        ...


def _moves(observation: Observation) -> tuple[Move, ...]:
    if observation.over:
        raise ValueError("the hand is over: there is no move to choose")
    if observation.player != observation.turn or not observation.legal_moves:
        raise ValueError(f"it is P{observation.turn}'s turn, not P{observation.player}'s")
    return observation.legal_moves


def _view_key(observation: Observation) -> str:
    """Everything the viewer knows that could matter to a decision, as one string."""
    return (
        f"{observation.position()}|{observation.cards_played_this_turn}|{len(observation.history)}"
    )


def _rng(seed: int, observation: Observation) -> random.Random:
    """A generator that depends only on the seed and what the viewer sees."""
    digest = hashlib.sha256(f"{seed}|{_view_key(observation)}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


@dataclasses.dataclass
class RandomPlayer:
    """Picks uniformly among the legal moves (a baseline)."""

    seed: int = 0
    """Decisions depend only on this seed and what the player sees."""
    name: str = "random"

    def choose(self, observation: Observation) -> Move:
        """A legal move at random."""
        moves = _moves(observation)
        return _rng(self.seed, observation).choice(moves)


@dataclasses.dataclass
class GreedyPlayer:
    """Kings to corners first, then any card it can play, with no look-ahead.

    Its order is :func:`~kingscorner_widget.analysis.search.playout.greedy_step`'s, the one the
    expert's play-outs follow: a king (or a pile headed by one) into an empty corner; the highest
    card that goes on a pile; a pile moved onto another; the highest card into an empty side space;
    end the turn.
    """

    name: str = "greedy"

    def choose(self, observation: Observation) -> Move:
        """The first move in the greedy order."""
        moves = _moves(observation)
        piles = observation.piles
        tops = [pile[-1].index if pile else -1 for pile in piles]
        bottoms = [pile[0].index if pile else -1 for pile in piles[:4]]
        pending = -1 if observation.pending_card is None else observation.pending_card.index
        step = greedy_step([card.index for card in observation.hand], tops, bottoms, pending)
        if step is None:
            return next(move for move in moves if isinstance(move, EndTurn))
        card, source, target = step
        move: Move = (
            PlayCard(DECK[card], SPACES[target])
            if source < 0
            else MovePile(SPACES[source], SPACES[target])
        )
        if move not in moves:  # pragma: no cover - greedy play follows the rules
            raise AssertionError(f"greedy play chose {move}, which the rules refuse here")
        return move


class _TurnPlanner:
    """A player that decides a whole turn at its first move, then plays it one move at a time.

    Each planned move is keyed by the view the player will have just before it, so the turn is
    decided once while the game follows the plan, and again as soon as it does not.
    """

    _planned: dict[str, Move]

    def choose(self, observation: Observation) -> Move:
        """The next move of the planned turn."""
        _moves(observation)
        key = _view_key(observation)
        move = self._planned.pop(key, None)
        if move is not None:
            return move
        self._planned.clear()
        _remember(self._planned, observation, self._decide(observation))
        return self._planned.pop(key)

    def _decide(self, observation: Observation) -> tuple[Move, ...]:
        raise NotImplementedError


@dataclasses.dataclass
class PlannerPlayer(_TurnPlanner):
    """Plays its best turn (:func:`~kingscorner_widget.analysis.best_turn`), one move at a time.

    The plan is kept between calls while the game follows it, so a turn is searched once.
    """

    name: str = "planner"
    _planned: dict[str, Move] = dataclasses.field(default_factory=dict, repr=False)

    def _decide(self, observation: Observation) -> tuple[Move, ...]:
        return best_turn(observation).moves


def _remember(planned: dict[str, Move], observation: Observation, moves: tuple[Move, ...]) -> None:
    """Key each move of ``moves`` by the view the player will have just before it."""
    game = Game.from_observation(observation)
    player = observation.player
    done = len(observation.history)
    for i, move in enumerate(moves):
        planned[f"{game.position(player)}|{game.cards_played_this_turn}|{done + i}"] = move
        if isinstance(move, EndTurn):
            break
        game.play(move)


@dataclasses.dataclass
class LookaheadPlayer(_TurnPlanner):
    """Chooses its turn by sampling what the opponents might hold (determinized search).

    At the first move of a decision it lists candidate turns: the best continuation after each
    possible first move, kept when it sheds at most ``hold_back`` cards fewer than the best turn
    (by default one: it may keep a card back), and ending the turn at once when the best
    turn sheds at most ``hold_back`` cards. It then deals the hidden cards at random ``samples``
    times, consistently with what it has seen, plays every candidate out in each deal (its draw
    included) and lets the next player answer with their own best turn. It keeps the candidate
    with the best race: the cards the next player holds after answering minus its own, with 10
    more for going out. With ``time_budget`` (seconds) it stops sampling early; without it, its
    choices depend only on the seed and what it sees.
    """

    samples: int = 6
    """Deals of the hidden cards per decision."""
    hold_back: int = 1
    """How many cards fewer than the best turn a candidate turn may shed."""
    seed: int = 0
    """Decisions depend only on this seed and what the player sees."""
    time_budget: float | None = None
    """Seconds to spend sampling per decision (``None``: all ``samples``)."""
    name: str = "lookahead"
    _planned: dict[str, Move] = dataclasses.field(default_factory=dict, repr=False)

    def _decide(self, observation: Observation) -> tuple[Move, ...]:
        best = best_turn(observation)
        base = Game.from_observation(observation)
        player = observation.player
        candidates: dict[str, tuple[Move, ...]] = {}
        for first in observation.legal_moves:
            game = base.copy()
            if isinstance(first, EndTurn):
                if best.value.cards <= self.hold_back:
                    candidates.setdefault(game.position(player), (first,))
                continue
            game.play(first)
            if game.is_over():
                return (first,)
            rest = best_turn(game.observation(player))
            if rest.value.cards + isinstance(first, PlayCard) + self.hold_back < best.value.cards:
                continue
            plan = (first, *rest.moves)
            for move in rest.moves[:-1]:
                game.play(move)
            candidates.setdefault(game.position(player), plan)
        candidates.setdefault("best", best.moves)
        if best.goes_out or len(candidates) <= 1:
            return best.moves
        options = list(candidates.values())
        scores = [0.0] * len(options)
        rng = _rng(self.seed, observation)
        start = time.perf_counter()
        for done in range(self.samples):
            if (
                self.time_budget is not None
                and done
                and time.perf_counter() - start > self.time_budget
            ):
                break
            deal = Game.from_observation(observation, seed=rng.getrandbits(64))
            for i, plan in enumerate(options):
                game = deal.copy()
                for move in plan:
                    game.play(move)
                scores[i] += _race(game, player)
        best_index = max(range(len(options)), key=lambda i: (scores[i], -len(options[i]), -i))
        return options[best_index]


def _race(game: Game, player: int) -> float:
    """How the race to go out looks once the next player has answered with their best turn:
    their cards left minus ours, with 10 more either way for whoever has gone out."""
    if game.is_over():
        return 10.0 + len(game.hand(game.turn))
    mine = len(game.hand(player))
    observation = game.observation(game.turn)
    cards = Solver.of(observation, tie_break_budget=0).solve().value.cards
    left = len(observation.hand) - cards
    return left - mine - (10.0 if left == 0 else 0.0)
