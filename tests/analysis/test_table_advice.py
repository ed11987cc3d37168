"""The table's two kinds of hint: each says which it is, and a winning hint keeps to the budget."""

from __future__ import annotations

import time

import pytest

from kingscorner_widget import Game
from kingscorner_widget.analysis import Budget
from kingscorner_widget.analysis.players.expert import ExpertPlayer, deals_within, playouts_for
from kingscorner_widget.table.advice import HINT_PLAYOUTS, WINNING_WORLDS, advise, turn_hint

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


HELD = "N:9d E:4c S:5s W:8s7h NE:Ks SE:- SW:- NW:- P1:Qh6c3h2c8dJdJh P2:?7 stock:32 turn:P1"


def test_the_play_hint_keeps_to_its_playouts_and_cites_the_deals_it_used() -> None:
    views = [Game.from_position(HELD).observation(1)]
    for seed in range(6):
        game = Game.new(players=2 + seed % 3, seed=seed)
        views.append(game.observation(1))
    cut = 0
    for seen in views:
        found = turn_hint(seen).found
        decision = found.decision
        spent = sum(c.worlds for c in decision.candidates)
        if found.stderr is not None:  # both turns were played out again in the same deals
            spent += 2 * (found.deals or 0)
            assert decision.chosen is not None
            assert found.deals == decision.chosen.worlds  # the decision's deals, every one
        assert spent <= HINT_PLAYOUTS
        cut += decision.worlds_played < WINNING_WORLDS
        hint = turn_hint(seen)
        assert hint.found.move == found.move  # counted, not timed: the same hint every time
        words = hint.text(3)
        if found.win_chance is not None and found.deals is not None:
            assert f"Played out {found.deals} times" in words
    assert cut  # the budget mattered somewhere


def test_the_experts_playouts_are_counted_as_they_are_spent() -> None:
    seen = Game.from_position(HELD).observation(1)
    for budget in (70, 300, 5000):
        decision = ExpertPlayer(worlds=100, playouts=budget).decide(seen)
        spent = sum(c.worlds for c in decision.candidates)
        assert spent == playouts_for(decision.worlds_played, len(decision.candidates))
        assert spent <= budget or decision.worlds_played == 1
        assert decision.worlds_played == deals_within(budget, len(decision.candidates), 100)
    with pytest.raises(ValueError, match="playouts must be a whole number"):
        ExpertPlayer(playouts=0)


CLOSE = (
    "N:6c E:4h S:- W:8d NE:Ks SE:- SW:- NW:- P1:8cQdTh2dAd9d2c P2:4cJd2sTcKdAc9s "
    "stock:9hQcTs3sJh5d4s3h6d7sKh6sAsJs3dQs2hJc5h3cQh4dTd6h8h5s7d8s9c5cAh7hKc7c turn:P1"
)
"""A turn whose Hint keeps a card back by a few wins only (within the luck of the deals)."""
WINS_MORE = (
    "N:- E:9c S:6c W:7d NE:Kh SE:- SW:- NW:- P1:Kd6h5s2dJsQhJc P2:3dAh3s8d4sQsTs "
    "P3:TdTh9sKs6s6d4c stock:7h9h3h9dAs5h4h5dQcAc7sJhAdQd2h4d7cJd8h8c8s2s5c2cKcTc3c turn:P1"
)
"""A turn whose Hint keeps a card back and wins clearly more often for it."""


def test_a_close_call_is_said_as_a_close_call_not_as_advice() -> None:
    close = turn_hint(Game.from_position(CLOSE).observation(1))
    assert close.found.held
    assert close.found.rule == "close call"
    idea = close.text(1)
    assert "about the same here: either is fine" in idea
    assert "not the best" not in idea
    clear = turn_hint(Game.from_position(WINS_MORE).observation(1))
    assert clear.found.held
    assert clear.found.rule == "wins more"
    assert "Playing the most cards is not the best here" in clear.text(1)
