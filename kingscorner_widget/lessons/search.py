"""How many cards the rest of this turn can shed, from the analysis's best-turn search.

Lessons ask for "any turn that sheds N cards"; to accept or refuse a learner's move the runner needs
to know whether N is still reachable after it. The analysis answers from what the mover can see,
and every move it plans is legal by the engine's judge.

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

from ..game import Game
from ..moves import EndTurn, Move

__all__ = ["best_continuation", "max_shed"]


def best_continuation(game: Game) -> list[Move]:
    """The best turn's remaining card and pile moves from here (no end of turn); ``[]`` once the
    hand is over. ``game`` is left as it was."""
    if game.is_over():
        return []
    from ..analysis import best_turn

    return [move for move in best_turn(game).moves if not isinstance(move, EndTurn)]


def max_shed(game: Game) -> int:
    """The most cards the player to move can still shed this turn (0 once the hand is over)."""
    if game.is_over():
        return 0
    from ..analysis import best_turn

    return best_turn(game).cards_played
