"""What a lesson step asks of the learner, in a small vocabulary, and when a table meets it.

A step's ``goal`` is one of:

- ``"read"``: nothing to play;
- ``"card"``: the one named move (or short fixed sequence) in ``expect``, and only that;
- ``"line"``: the moves of a line played on a table, in order (a lesson written by playing);
- ``"space"``: free a space on the cross (any pile move off the cross does it);
- ``"corner"``: put a king in an empty corner (from the hand, or a king's pile from the cross);
- ``"shed"``: shed ``sheds`` cards this turn, in any order;
- ``"out"``: empty the hand this turn, any way;
- ``"end"``: play the most the turn can do, then end it;
- ``"hold"``: end the turn keeping back cards that would fit, for the ``reason`` the step gives;
- ``"win"``: a whole turn judged by its chance of winning (a practice step from a review).

A step that gives no goal has one read from its other fields (:func:`default_goal`).

>>> from kingscorner_widget import Game
>>> g = Game.from_position(
...     "N:Jc E:6h S:5s W:9d NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:38 turn:P1"
... )
>>> start = g.copy()
>>> g.play("Ks>NE")
>>> met("corner", start, g, [g.moves[-1]]), met("space", start, g, [g.moves[-1]])
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from ..engine.game import Game
from ..engine.moves import EndTurn, Move, MovePile, PlayCard, parse_move

__all__ = ["GOALS", "Goal", "default_goal", "frees_space", "met", "opens_corner"]

Goal = Literal["read", "card", "line", "space", "corner", "shed", "out", "end", "hold", "win"]
GOALS: tuple[Goal, ...] = (
    "read",
    "card",
    "line",
    "space",
    "corner",
    "shed",
    "out",
    "end",
    "hold",
    "win",
)
"""Every goal a step may state."""


def default_goal(
    expect: Sequence[Sequence[str]], sheds: int | None, judge: str, game: Game
) -> Goal:
    """The goal of a step that states none: ``win`` for a step judged by win chance, ``read``
    with nothing expected, ``shed`` with a number of cards, ``end`` when an expected sequence
    ends the turn, ``out`` when the first one empties the hand, else ``card``.

    >>> from kingscorner_widget import Game
    >>> g = Game.from_position(
    ...     "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:Th P2:?7 stock:41 turn:P1"
    ... )
    >>> default_goal([["Th>N"]], None, "moves", g), default_goal([["draw"]], None, "moves", g)
    ('out', 'end')
    """
    if judge == "win":
        return "win"
    if not expect:
        return "shed" if sheds is not None else "read"
    if sheds is not None:
        return "shed"
    if any(isinstance(parse_move(text), EndTurn) for sequence in expect for text in sequence):
        return "end"
    trial = game.copy()
    learner = trial.turn
    for text in expect[0]:
        if trial.violation(text) is not None:
            return "card"  # the legality check names the move
        trial.play(text)
    return "out" if not trial.hand(learner) else "card"


def frees_space(before: Game, move: Move) -> bool:
    """True when ``move`` (not yet played on ``before``) empties a space of the cross."""
    return isinstance(move, MovePile) and not move.source.is_corner


def opens_corner(before: Game, move: Move) -> bool:
    """True when ``move`` (not yet played on ``before``) puts a king into an empty corner."""
    if isinstance(move, PlayCard):
        return move.target.is_corner and move.card.is_king
    if isinstance(move, MovePile):
        return move.target.is_corner and not before.pile(move.target)
    return False


def met(goal: Goal, start: Game, now: Game, played: Sequence[Move]) -> bool:
    """True when the learner's moves ``played`` (from ``start``, giving ``now``) meet a goal
    that is met by what happens on the table (``space``, ``corner``, ``out``); other goals
    are judged by the runner from the moves and counts."""
    learner = start.turn
    if goal == "out":
        return bool(played) and not now.hand(learner)
    if goal in ("space", "corner"):
        replay = start.copy()
        for move in played:
            if (frees_space if goal == "space" else opens_corner)(replay, move):
                return True
            replay.play(move)
        return False
    return False
