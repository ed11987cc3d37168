"""check_player: every problem reported in words, none stopping the check."""

from __future__ import annotations

import random
import sys

import pytest

from kingscorner_widget.analysis import check_player, make_player
from kingscorner_widget.analysis.runs import check_player as check_player_module
from kingscorner_widget.engine.observation import Observation


class Peeker:
    """Reaches into the caller's frame for the game, and ends its turn when the next player
    holds a king: a cheat that only twin tables can see."""

    name = "peeker"

    def choose(self, observation: Observation) -> object:
        game = sys._getframe(1).f_locals["game"]
        following = observation.player % observation.rules.players + 1
        if any(card.is_king for card in game.hand(following)):
            return observation.legal_moves[-1]
        return observation.legal_moves[0]


class Unseeded:
    """Chooses at random from the global generator: not a cheat (the check seeds it alike at
    both twin tables)."""

    name = "unseeded"

    def choose(self, observation: Observation) -> object:
        return random.choice(observation.legal_moves)


class Faulty:
    """Every kind of mistake, each on its own move number within the turn."""

    name = "faulty"

    def choose(self, observation: Observation) -> object:
        played = observation.cards_played_this_turn
        if played == 1:
            raise ZeroDivisionError("division by zero")
        if played == 2:
            return 42
        if played == 0 and len(observation.legal_moves) > 1:
            return "2c>NE"
        return observation.legal_moves[-1]


def test_built_in_players_pass() -> None:
    for kind in ("random", "greedy"):
        report = check_player(make_player(kind), hands=6)
        assert report.ok, report.describe()
        assert report.decisions == len(report.seconds) > 0
        assert 0 < report.median <= report.p95
        assert "No problems" in report.describe()


def test_a_peeking_player_is_caught_at_the_twin_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(check_player_module, "can_fork", lambda: False)  # as in a browser
    report = check_player(Peeker(), hands=6)
    kinds = {problem.kind for problem in report.problems}
    assert kinds == {"hidden"}
    assert "only cards it cannot see changed" in report.describe()
    detail = report.problems[0].detail
    assert "here, and" in detail
    assert "at a twin table" in detail


def test_apart_a_peeking_player_finds_no_game_in_its_frames() -> None:
    report = check_player(Peeker(), hands=3)
    assert {problem.kind for problem in report.problems} == {"exception"}
    assert "raised KeyError: 'game'" in report.describe()
    assert "process of its own" in report.describe()
    assert report.hands == 3


def test_randomness_from_the_global_generator_is_not_taken_for_peeking() -> None:
    state = random.getstate()
    assert check_player(Unseeded(), hands=6).ok
    assert random.getstate() == state  # the check leaves the caller's generator as it was


def test_every_problem_is_reported_and_the_check_goes_on() -> None:
    report = check_player(Faulty(), hands=6)
    kinds = {problem.kind for problem in report.problems}
    assert kinds >= {"illegal", "exception", "not a move"}
    assert report.hands == 6
    words = report.describe()
    assert "It chose a move the rules refuse" in words
    assert "raised ZeroDivisionError: division by zero" in words
    assert "It answered something that is not a move" in words
    illegal = next(p for p in report.problems if p.kind == "illegal")
    assert illegal.detail.startswith(
        "it played the two of clubs to the north-east corner (2c>NE): "
    )
    assert illegal.position.endswith(("turn:P1", "turn:P2", "turn:P3", "turn:P4"))
    assert "and " in words
    assert "more like these" in words


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="hands must be 1 or more"):
        check_player(make_player("greedy"), hands=0)
    with pytest.raises(TypeError, match=r"needs a choose\(observation\) method"):
        check_player(object())
