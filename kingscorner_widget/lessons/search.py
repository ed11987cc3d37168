"""How many cards the rest of this turn can shed: a small exhaustive search for lesson steps.

Lessons ask "any turn that sheds N cards"; to accept or refuse a learner's move the runner needs
to know whether N is still reachable after it. The search only walks :meth:`Game.legal_moves`, so
the engine stays the one judge of legality.

>>> from kingscorner_widget import Game
>>> g = Game.from_position(
...     "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
... )
>>> [str(m) for m in best_continuation(g)]
['Th>N', 'Ks>W', '4h>S']
>>> max_shed(g)
3
"""

from __future__ import annotations

from ..game import Game
from ..moves import EndTurn, Move, PlayCard

__all__ = ["best_continuation", "max_shed"]


def best_continuation(game: Game) -> list[Move]:
    """Moves (no end of turn) that shed the most cards from here this turn, fewest moves on ties.

    The moves are legal in order from ``game``, which is left as it was.
    """
    trial = game.copy()
    memo: dict[tuple[object, ...], tuple[int, tuple[Move, ...]]] = {}
    return list(_search(trial, memo)[1])


def max_shed(game: Game) -> int:
    """The most cards the player to move can still shed this turn."""
    return sum(isinstance(move, PlayCard) for move in best_continuation(game))


def _search(
    game: Game, memo: dict[tuple[object, ...], tuple[int, tuple[Move, ...]]]
) -> tuple[int, tuple[Move, ...]]:
    key = game.state_key()
    known = memo.get(key)
    if known is not None:
        return known
    best: tuple[int, tuple[Move, ...]] = (0, ())
    for move in game.legal_moves():
        if isinstance(move, EndTurn):
            continue
        game.play(move)
        shed, rest = _search(game, memo)
        game.undo()
        shed += isinstance(move, PlayCard)
        if shed > best[0] or (shed == best[0] and shed > 0 and len(rest) + 1 < len(best[1])):
            best = (shed, (move, *rest))
    memo[key] = best
    return best
