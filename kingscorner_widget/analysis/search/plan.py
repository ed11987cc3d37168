"""The plan: the best turn as real moves, checked by the engine, with sentences for a learner."""

from __future__ import annotations

import dataclasses

from ...engine.cards import Card
from ...engine.game import Game
from ...engine.moves import Move, PlayCard
from ...engine.observation import Observation
from ...engine.words import cards_listed, count_words, move_sentences
from .budget import Budget
from .realise import realise
from .solver import Solver
from .start import Start
from .value import TurnValue

__all__ = ["TurnPlan", "as_observation", "best_turn"]


@dataclasses.dataclass(frozen=True)
class TurnPlan:
    """The best way to play out the mover's turn from here."""

    moves: tuple[Move, ...]
    """The moves in order, each legal after the ones before; the last ends the turn (``draw`` or
    ``pass``) unless the hand empties."""
    cards_played: int
    """Cards the plan plays from hand: the most the rest of this turn can shed."""
    explanations: tuple[str, ...]
    """One sentence per move, in a learner's words."""
    states_visited: int
    """States the search looked at (after merging equivalent ones)."""
    goes_out: bool
    """True when the plan empties the hand."""
    value: TurnValue
    """Everything the plan achieves, in tie-break order."""
    player: int
    """The mover (1-based)."""
    tie_break_proven: bool = True
    """False on the rare turn where proving the openings and moves tie-breaks ran past
    :data:`~.solver.TIE_BREAK_BUDGET` states (or the caller's budget); when :attr:`exact`, the
    cards, corners, points and kings shed are proven regardless."""
    exact: bool = True
    """True when the search proved that no turn sheds more (cards, then corners, points and
    kings); False when the :class:`Budget` ran out first and this is the best turn found in it."""

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards the plan plays, in order."""
        return tuple(m.card for m in self.moves if isinstance(m, PlayCard))

    def describe(self) -> str:
        """The plan in words, one numbered line per move.

        >>> from kingscorner_widget import Game
        >>> line = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
        >>> print(best_turn(Game.from_position(line)).describe())  # doctest: +NORMALIZE_WHITESPACE
        Best turn for P1: shed 3 cards and go out: the four of hearts (4h), the ten of hearts (Th)
        and the king of spades (Ks).
        1. Play the red 4 (4h) on the black 5 (5s) on the south pile (4h>S).
        2. Play the red 10 (Th) on the black jack (Jc) on the north pile (Th>N).
        3. Put the black king (Ks) in the empty north-east corner (Ks>NE).
        """
        played = cards_listed(self.cards)
        if self.goes_out:
            head = f"shed {count_words(self.cards_played)} and go out: {played}"
        elif self.cards_played:
            head = f"shed {count_words(self.cards_played)}: {played}"
        else:
            head = "no card can be shed this turn"
        lines = [f"Best turn for P{self.player}: {head}."]
        for i, (move, text) in enumerate(zip(self.moves, self.explanations, strict=True), 1):
            lines.append(f"{i}. {text.removesuffix('.')} ({move}).")
        return "\n".join(lines)


def as_observation(source: Game | Observation) -> Observation:
    """The mover's observation of a game, or ``source`` itself when it is one."""
    if isinstance(source, Observation):
        return source
    return source.observation(source.turn)


def best_turn(source: Game | Observation, budget: Budget | None = None) -> TurnPlan:
    """The best turn for the player to move: the most cards shed, ties broken as the package
    says.

    Given a :class:`Game`, only the mover's observation of it is used. With a ``budget`` the
    search stops once it is spent and returns the best turn found, with ``exact`` false;
    without one it runs until the best turn is proven. Every plan is replayed through
    :meth:`Game.violation <kingscorner_widget.engine.game.Game.violation>`, the engine's one judge,
    before it is returned.

    >>> from kingscorner_widget import Game
    >>> line = "N:9d E:4c S:5s W:8s7h NE:- SE:- SW:- NW:- P1:Qh6c P2:?7 stock:38 turn:P1"
    >>> plan = best_turn(Game.from_position(line), Budget(states=1000))
    >>> [str(m) for m in plan.moves], plan.cards_played, plan.goes_out, plan.exact
    (['6c>W', 'W>N', 'Qh>W'], 2, True, True)
    >>> print(plan.explanations[1])  # doctest: +NORMALIZE_WHITESPACE
    Move the west pile (the black 8 (8s) down to the black 6 (6c)) onto the red 9 (9d) on the
    north pile, which frees the west space for the red queen (Qh).
    """
    if budget is not None and not isinstance(budget, Budget):
        raise TypeError(f"budget must be a Budget or None, not {type(budget).__name__}")
    observation = as_observation(source)
    start = Start.of(observation)
    solution = Solver(start, budget=budget).solve()
    game = Game.from_observation(observation)
    moves: list[Move] = list(realise(start, solution.steps))
    for move in moves:
        reason = game.violation(move)
        if reason is not None:  # pragma: no cover - a disagreement with the engine is a bug
            raise AssertionError(f"the best-turn search planned an illegal move {move}: {reason}")
        game.play(move)
    if not game.is_over():
        end = game.end_move()
        reason = game.violation(end)
        if reason is not None:  # pragma: no cover
            raise AssertionError(f"the best-turn search cannot end its turn: {reason}")
        moves.append(end)
    value = solution.value
    return TurnPlan(
        moves=tuple(moves),
        cards_played=value.cards,
        explanations=move_sentences(observation.piles, observation.hand, moves),
        states_visited=solution.states,
        goes_out=value.cards == len(observation.hand),
        value=value,
        player=observation.player,
        tie_break_proven=solution.tie_break_proven,
        exact=solution.exact,
    )
