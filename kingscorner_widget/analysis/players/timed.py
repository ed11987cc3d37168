"""A player's decision within a time limit, so a student's player that loops never holds the
notebook's kernel: :func:`call_within` runs a call on a thread of its own and waits at most a
limit, and :class:`OnTime` asks a player object that way at a table.

Past the limit :class:`Late` is raised and the call is left behind on its thread (Python cannot
stop a thread). :class:`OnTime` then counts the player busy: later questions are refused at
once, with :class:`Late` as well, until the call returns (its late answer is dropped). Where no
thread can start (a browser's Python) the call is made directly, with no limit.

>>> import time
>>> class Slow:
...     def choose(self, seen):
...         time.sleep(0.5)
>>> from kingscorner_widget import Game
>>> timed = OnTime(Slow(), limit=0.05)
>>> try:
...     timed.choose(Game.new(players=2, seed=1).observation(1))
... except Late as late:
...     print(late)
did not decide within 0.05 s
>>> timed.busy
True
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

from ...engine.observation import Observation

__all__ = ["PLAYER_LIMIT", "Late", "OnTime", "call_within"]

PLAYER_LIMIT = 1.0
"""Seconds a player object has for each decision at the table: the league's own limit."""

T = TypeVar("T")


class Late(Exception):  # noqa: N818 - a decision past its time, in words
    """A call did not return in time (or the player is still busy with an earlier one)."""

    def __init__(self, words: str, thread: threading.Thread | None = None) -> None:
        super().__init__(words)
        self.thread = thread
        """The thread the call is left running on."""


def call_within(call: Callable[[], T], limit: float) -> T:
    """``call()`` on a thread of its own, waiting at most ``limit`` seconds: :class:`Late` if it
    has not returned (the call is left behind). Whatever it raises comes back as an exception
    (``SystemExit`` and the like as a ``RuntimeError``). With no threads, it is called here."""
    box: list[T] = []
    failed: list[BaseException] = []

    def run() -> None:
        try:
            box.append(call())
        except BaseException as error:  # the player's: reported, never raised on its thread
            failed.append(error)

    thread = threading.Thread(target=run, name="kc-player-call", daemon=True)
    try:
        thread.start()
    except RuntimeError:  # no threads here: called directly, with no limit
        run()
    else:
        thread.join(limit)
        if thread.is_alive():
            raise Late(f"did not return within {limit:g} s", thread)
    if failed:
        problem = failed[0]
        if isinstance(problem, Exception):
            raise problem
        raise RuntimeError(f"{type(problem).__name__}: {problem}")
    return box[0]


class OnTime:
    """``player`` asked within ``limit`` seconds a decision (:data:`PLAYER_LIMIT` unless
    said; see the module)."""

    def __init__(self, player: object, limit: float | None = None) -> None:
        self.player = player
        self.limit = PLAYER_LIMIT if limit is None else limit
        self._running: threading.Thread | None = None

    @property
    def busy(self) -> bool:
        """True while a question past its time is still being answered."""
        return self._running is not None and self._running.is_alive()

    def choose(self, observation: Observation) -> object:
        """The player's answer; :class:`Late` past the limit or while busy."""
        if self.busy:
            raise Late("is still deciding an earlier move")
        choose = self.player.choose  # type: ignore[attr-defined]
        try:
            return call_within(lambda: choose(observation), self.limit)
        except Late as late:
            self._running = late.thread
            raise Late(f"did not decide within {self.limit:g} s", late.thread) from None
