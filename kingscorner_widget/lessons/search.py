"""How many cards the rest of this turn can shed, from the analysis's best-turn search.

Lessons ask for "any turn that sheds N cards"; to accept or refuse a learner's move the runner needs
to know whether N is still reachable after it. The analysis answers from what the mover can see,
and every move it plans is legal by the engine's judge.

Every search here runs within :data:`LESSON_BUDGET`, counted in states so that a lesson loads (or
is refused) the same way on every machine. Loading a lesson proves the best turn of each step that
asks for a number of cards within that budget, and refuses the lesson, naming the step, when it
cannot (see :func:`proven_shed`): a table that big is no lesson, and a learner's move on it could
not be judged in time. Searches after a learner's moves start from fewer cards and are nearly
always smaller; should one still run out, :func:`max_shed` answers with the most it found.

>>> from kingscorner_widget import Game
>>> g = Game.from_position(
...     "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
... )
>>> [str(m) for m in best_continuation(g)]
['4h>S', 'Th>N', 'Ks>NE']
>>> max_shed(g)
3
"""

from __future__ import annotations

from ..analysis.search import Budget
from ..engine.game import Game
from ..engine.moves import EndTurn, Move

__all__ = ["LESSON_BUDGET", "best_continuation", "max_shed", "proven_shed"]

LESSON_BUDGET = Budget(states=5_000)
"""What each search for a lesson may spend. The built-in lessons need at most a few hundred
states; a table that needs more than this is refused when the lesson loads."""


def best_continuation(game: Game) -> list[Move]:
    """The best turn's remaining card and pile moves from here (no end of turn); ``[]`` once the
    hand is over. ``game`` is left as it was."""
    if game.is_over():
        return []
    from ..analysis import best_turn

    plan = best_turn(game, LESSON_BUDGET)
    return [move for move in plan.moves if not isinstance(move, EndTurn)]


def max_shed(game: Game) -> int:
    """The most cards the player to move can still shed this turn (0 once the hand is over), or
    the most found within :data:`LESSON_BUDGET` on a table too big to prove it."""
    if game.is_over():
        return 0
    from ..analysis import best_turn

    return best_turn(game, LESSON_BUDGET).cards_played


def proven_shed(game: Game) -> int | None:
    """The most cards the player to move can still shed this turn, proven within
    :data:`LESSON_BUDGET`; ``None`` when the budget runs out before the proof.

    >>> from kingscorner_widget import Game
    >>> proven_shed(Game.from_position(
    ...     "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
    ... ))
    3
    """
    if game.is_over():
        return 0
    from ..analysis import best_turn

    plan = best_turn(game, LESSON_BUDGET)
    return plan.cards_played if plan.exact else None
