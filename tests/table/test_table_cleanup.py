"""Tables leave no work running: one estimate worker per table at most, stopped by close()
and when the table is dropped, however many times the page asks for a review (issue 34, 11)."""

from __future__ import annotations

import gc
import threading
import time

from kingscorner_widget import KingsCornerWidget
from kingscorner_widget.table import ReviewSession
from kingscorner_widget.table.estimates import WinEstimates
from tests.table.test_review_session import played_hand


def _estimators() -> int:
    return sum(thread.name == "kc-win-estimates" for thread in threading.enumerate())


def _threads() -> int:
    """Threads running, less tqdm's shared monitor (one per process, started by any bar)."""
    return sum(thread.name != "tqdm_monitor" for thread in threading.enumerate())


def _settles(count: int, seconds: float = 20.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        gc.collect()
        if _threads() <= count:
            return True
        time.sleep(0.05)
    return False


def test_fifty_review_tables_closed_leave_no_thread() -> None:
    game = played_hand(3, players=2)
    start = _threads()
    for _ in range(50):
        ReviewSession(game, viewer=1, judge="win", worlds=40).close()
    assert _settles(start), threading.enumerate()


def test_fifty_review_widgets_closed_leave_no_thread() -> None:
    game = played_hand(3, players=2)
    start = _threads()
    for _ in range(50):
        KingsCornerWidget(game, mode="review", viewer=1, judge="win").close()
    assert _settles(start), threading.enumerate()


def test_dropped_estimates_stop_their_worker() -> None:
    game = played_hand(3, players=2)
    start = _threads()
    for _ in range(20):
        session = ReviewSession(game, viewer=1, judge="win", worlds=40)
        assert isinstance(session.estimates, WinEstimates)
        del session
    assert _settles(start), threading.enumerate()


def test_reviews_opened_again_and_again_keep_one_worker() -> None:
    game = played_hand(3, players=2)
    widget = KingsCornerWidget(game, mode="review", viewer=1, judge="win")
    try:
        for _ in range(20):
            widget.load(game)  # the page's "Review this hand" opens a new review each time
            assert _estimators() <= 2  # the shown one, and at most one finishing its turn
        time.sleep(0.1)
        assert _settles(_threads())
        assert _estimators() <= 1
    finally:
        widget.close()
    assert _settles(_threads())
    deadline = time.monotonic() + 20
    while _estimators() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _estimators() == 0
