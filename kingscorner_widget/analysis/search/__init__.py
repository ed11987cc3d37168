"""The best turn: an exact search over every way to play out the rest of the mover's turn.

:func:`best_turn` is the one entry point. It finds the turn that sheds the most cards, proven by
exhaustive search. Among turns that shed as many cards, it prefers, in this order:

1. going out (shedding the whole hand; this follows from shedding the most cards);
2. in the corners version, finishing more corners;
3. shedding more penalty points under the rules' count (kings before small cards);
4. playing more kings;
5. leaving the next player fewer openings: 26 for each empty side space (any card fits there),
   plus one for each kind of card (rank and colour) that fits on a pile or an empty corner;
   a turn that goes out leaves none;
6. fewer moves.

It reads only what the mover can see (their hand and the table), so it never depends on a hidden
card. The cards, corners, points and kings are always proven (unless a :class:`Budget` runs out:
then :attr:`TurnPlan.exact` is false); the openings and moves within a small allowance of states
(:attr:`TurnPlan.tie_break_proven`).

The parts, each with one job: :mod:`.kinds` (card kinds and state codes), :mod:`.value` (what a
turn achieves), :mod:`.bounds` (the upper bounds that cut the search), :mod:`.solver` (the
search, as a class), :mod:`.realise` (back to real moves) and :mod:`.plan` (the plan a caller
gets).

>>> from kingscorner_widget import Game
>>> line = "N:9d E:4c S:5s W:8s7h NE:- SE:- SW:- NW:- P1:Qh6c P2:?7 stock:38 turn:P1"
>>> plan = best_turn(Game.from_position(line))
>>> [str(m) for m in plan.moves], plan.cards_played, plan.goes_out, plan.exact
(['6c>W', 'W>N', 'Qh>W'], 2, True, True)
"""

from __future__ import annotations

from .budget import Budget
from .plan import TurnPlan, as_observation, best_turn
from .solver import TIE_BREAK_BUDGET, Solution, Solver
from .value import TurnValue

__all__ = [
    "TIE_BREAK_BUDGET",
    "Budget",
    "Solution",
    "Solver",
    "TurnPlan",
    "TurnValue",
    "as_observation",
    "best_turn",
]
