"""A player object's decision at the table, within a time limit, so a student's player that
loops never holds the notebook's kernel.

:class:`OnTime` asks the player on a thread of its own and waits at most ``limit`` seconds: an
answer in time is the player's; past the limit :class:`Late` is raised (the table then lets a
stand-in move, and says so) and the call is left behind on its thread. While that call still
runs, the player is busy: later questions are refused at once, with :class:`Late` as well, until
it returns (its late answer is dropped). Where no thread can start (a browser's Python) the
player is asked directly, with no limit.

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

from ..engine.observation import Observation

__all__ = ["PLAYER_LIMIT", "Late", "OnTime"]

PLAYER_LIMIT = 1.0
"""Seconds a player object has for each decision at the table: the league's own limit."""


class Late(Exception):  # noqa: N818 - a decision past its time, in words
    """The player did not answer in time (or is still busy with an earlier question)."""


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
        """The player's answer; :class:`Late` past the limit or while busy. Whatever the
        player raises comes back as an exception (``SystemExit`` as a ``RuntimeError``)."""
        if self.busy:
            raise Late("is still deciding an earlier move")
        box: list[object] = []
        failed: list[BaseException] = []

        def run() -> None:
            try:
                box.append(self.player.choose(observation))  # type: ignore[attr-defined]
            except BaseException as error:  # the player's: reported, never raised on its thread
                failed.append(error)

        thread = threading.Thread(target=run, name="kc-table-player", daemon=True)
        try:
            thread.start()
        except RuntimeError:  # no threads here: ask directly, with no limit
            run()
        else:
            thread.join(self.limit)
            if thread.is_alive():
                self._running = thread
                raise Late(f"did not decide within {self.limit:g} s")
        if failed:
            problem = failed[0]
            if isinstance(problem, Exception):
                raise problem
            raise RuntimeError(f"{type(problem).__name__}: {problem}")
        return box[0]
