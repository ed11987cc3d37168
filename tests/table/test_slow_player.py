"""A student's player at a notebook table never holds the kernel: a decision past its limit is
made by the greedy player for it, said on the message line, and the hand goes on (no browser:
the table's session is driven directly)."""

from __future__ import annotations

import threading
import time

import pytest

from kingscorner_widget import Game
from kingscorner_widget.analysis.players import GreedyPlayer, timed
from kingscorner_widget.engine.moves import Move
from kingscorner_widget.engine.observation import Observation
from kingscorner_widget.table.play import PlaySession


class Looping:
    """Loops on its first decision until told to stop; decides as greedy after that."""

    name = "looper"

    def __init__(self) -> None:
        self.stop = threading.Event()
        self.calls = 0

    def choose(self, seen: Observation) -> Move:
        self.calls += 1
        if self.calls == 1:
            while not self.stop.is_set():
                pass
        return GreedyPlayer().choose(seen)


def test_a_looping_opponent_is_stood_in_for_and_said(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(timed, "PLAYER_LIMIT", 0.2)
    looper = Looping()
    game = Game.new(players=2, seed=5)
    game.play("draw")  # the viewer's turn ends: P2, the looper, is to move
    s = PlaySession(game, opponents=[looper])
    assert s.waiting == 2
    first = s.act("step")
    assert not first.refused
    assert "P2 did not decide within 0.2 s: the greedy player made this move for it" in first.status
    # Still looping: its next decisions are the greedy player's at once, said.
    while s.waiting == 2:
        reply = s.act("step")
        assert "P2 is still deciding an earlier move" in reply.status
    assert looper.calls == 1
    looper.stop.set()
    for _ in range(100):
        if not any(t.name == "kc-player-call" and t.is_alive() for t in threading.enumerate()):
            break
        time.sleep(0.05)
    # Once its call has returned, it plays its own moves again.
    s.draw()
    assert s.waiting == 2
    reply = s.act("step")
    assert "greedy player" not in reply.status
    assert looper.calls == 2


def test_a_watched_player_that_loops_is_stood_in_for_and_the_hand_ends(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(timed, "PLAYER_LIMIT", 0.1)
    looper = Looping()
    s = PlaySession(Game.new(players=2, seed=8), opponents="greedy", watch=looper)
    reply = s.act("skip")
    assert not reply.refused
    assert s.game.is_over()
    looper.stop.set()
