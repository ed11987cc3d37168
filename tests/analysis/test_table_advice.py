"""The table's two kinds of hint: each says which it is, and a winning hint keeps to the budget."""

from __future__ import annotations

import time

import pytest

from kingscorner_widget import Game
from kingscorner_widget.analysis import Budget
from kingscorner_widget.table.advice import advise

from .support import position

OPEN = position("N:9d E:4c S:5s W:8s7h NE:Ks SE:- SW:- NW:- P1:Qh6c3h2c8dJdJh")


def test_each_kind_of_hint_names_itself_and_suggests_a_legal_move() -> None:
    view = Game.from_position(OPEN).observation(1)
    legal = [str(m) for m in view.legal_moves]
    shed = advise(view)
    win = advise(view, Budget(seconds=2.0), goal="win")
    assert shed.line().startswith("Hint (the most cards this turn): ")
    assert win.line().startswith("Hint (to win the hand): ")
    assert shed.move in legal
    assert win.move in legal
    assert "sampled deals" in win.reason


def test_a_winning_hint_keeps_to_the_budget_and_says_when_it_was_cut_short() -> None:
    view = Game.from_position(OPEN).observation(1)
    start = time.perf_counter()
    advice = advise(view, Budget(seconds=0.002), goal="win")
    took = time.perf_counter() - start
    # Listing the turns and the best-turn plan come on top of the sampling the budget bounds;
    # a hint that sampled all 100 deals takes several times longer on this machine.
    assert took < 3.0
    assert advice.move in [str(m) for m in view.legal_moves]
    assert not advice.exact
    assert advice.line().endswith("(This is the best found in the time allowed.)")


def test_an_unknown_goal_is_refused_by_name() -> None:
    view = Game.from_position(OPEN).observation(1)
    with pytest.raises(ValueError, match='goal must be "shed" or "win"'):
        advise(view, goal="fastest")
