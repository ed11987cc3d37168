"""Progress bars where no thread can start (the browser course): no warning under the cell."""

from __future__ import annotations

import sys
import threading
import warnings

import pytest

from kingscorner_widget import Game
from kingscorner_widget.analysis import review
from kingscorner_widget.analysis.progress import progress_bar


def test_no_monitor_thread_and_no_warning_where_threads_cannot_start(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tqdm.auto import tqdm

    def refuse(self: threading.Thread) -> None:
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(threading.Thread, "start", refuse)
    monkeypatch.setattr(tqdm, "monitor_interval", 10)
    monkeypatch.setattr(tqdm, "monitor", None)
    game = Game.from_position(
        "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
    )
    game.play("Th>N")
    game.play("draw")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert review(game, player=1, progress=False).turns
        bar = progress_bar(range(3), desc="working")
        assert list(bar) == [0, 1, 2]
    assert tqdm.monitor_interval == 0
