"""Win chances worked out in the background while a review by win chance is stepped through.

Judging one turn by win chance takes a fraction of a second to a second, a whole review several
seconds: too long for a click to wait. :class:`WinEstimates` judges the turns one by one on a
worker thread, the turn on the table first (:meth:`WinEstimates.want` moves a turn to the front),
and calls its listener after each, so the table can show each turn's chances as they arrive and
say "estimating..." until then. The deals depend only on the seed and what the player saw, so
the figures are the same as :func:`~kingscorner_widget.analysis.review` with ``judge="win"``.

>>> from kingscorner_widget import Game
>>> from kingscorner_widget.analysis import review
>>> game = Game.from_position(
...     "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1")
>>> game.play("Th>N"); game.play("draw")
>>> cards = review(game, player=1, progress=False)
>>> start = Game.from_position(cards.turns[0].position)
>>> estimates = WinEstimates(cards, [start.observation(1)], worlds=40)
>>> estimates.wait(60)
True
>>> estimates.get(0).verdict in ("mistake", "blunder"), estimates.done
(True, 1)
>>> estimates.close(); estimates.running
False

One worker per set of estimates at most, and it never outlives them: :meth:`~WinEstimates.close`
stops it (before the next turn), and so does dropping the estimates (the worker holds only
their shared state, never the estimates themselves, nor the table that listens).

The worker speaks the language spoken where the estimates were made (the table's: see
:mod:`kingscorner_widget.display.language`), so each turn's reason reads in it.
"""

from __future__ import annotations

import contextvars
import threading
import weakref
from collections.abc import Callable, Sequence

from ..analysis.judging.review import Review, ReviewedTurn, judge_by_win
from ..analysis.judging.win_chance import WIN_WORLDS
from ..engine.observation import Observation

__all__ = ["WinEstimates"]


class WinEstimates:
    """The turns of ``review`` (judged by cards) judged by win chance on a worker thread, from
    ``views`` (each turn's start, as the player saw it)."""

    def __init__(
        self,
        review: Review,
        views: Sequence[Observation],
        *,
        seed: int = 0,
        worlds: int = WIN_WORLDS,
        listener: Callable[[], None] | None = None,
    ) -> None:
        if len(views) != len(review.turns):
            raise ValueError("each reviewed turn needs the view at its start")
        self._cards = review
        self._views = list(views)
        self._seed = seed
        self._worlds = worlds
        self.listener = listener
        """Called (on the worker thread) after each turn's estimate arrives."""
        self._judged: dict[int, ReviewedTurn] = {}
        self._queue = list(range(len(views)))
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self.error: str | None = None
        """Why the estimates stopped, if a turn could not be judged."""
        # the worker runs in a copy of this context: it speaks the language spoken here
        context = contextvars.copy_context()
        self._thread = threading.Thread(
            target=context.run,
            args=(_work, weakref.ref(self), self._stop),
            name="kc-win-estimates",
            daemon=True,
        )
        weakref.finalize(self, self._stop.set)
        try:
            self._thread.start()
        except RuntimeError:  # no threads here (Pyodide in the browser course): judge them now
            _work(weakref.ref(self), self._stop)

    def close(self, timeout: float | None = 5.0) -> None:
        """Stop the worker (it ends before the next turn) and wait up to ``timeout`` seconds
        for it; the turns judged so far stay."""
        self._stop.set()
        with self._lock:
            self._queue.clear()
        if self._thread.ident is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout)

    @property
    def running(self) -> bool:
        """True while the worker is alive."""
        return self._thread.is_alive()

    @property
    def done(self) -> int:
        """Turns judged so far."""
        with self._lock:
            return len(self._judged)

    @property
    def complete(self) -> bool:
        """True when every turn is judged."""
        return self.done == len(self._views)

    def get(self, index: int) -> ReviewedTurn | None:
        """Turn ``index`` (0-based) judged by win chance, or ``None`` while it is estimated."""
        with self._lock:
            return self._judged.get(index)

    def want(self, index: int) -> None:
        """Judge turn ``index`` next (the learner is looking at it)."""
        with self._lock:
            if index in self._queue:
                self._queue.remove(index)
                self._queue.insert(0, index)

    def review(self) -> Review | None:
        """The whole review by win chance, once every turn is judged."""
        with self._lock:
            if len(self._judged) < len(self._views):
                return None
            turns = tuple(self._judged[i] for i in range(len(self._views)))
        return Review(player=self._cards.player, turns=turns, judge="win")

    def wait(self, timeout: float | None = None) -> bool:
        """Block until every turn is judged (or ``timeout`` seconds); True when all are."""
        if self._thread.ident is not None:  # started (else every turn was judged at once)
            self._thread.join(timeout)
        return self.complete

    def _next(self) -> int | None:
        """The turn to judge next, or ``None`` when there is none (or the work is stopped)."""
        with self._lock:
            if self._stop.is_set() or not self._queue:
                return None
            return self._queue.pop(0)

    def _judge(self, index: int) -> bool:
        """Judge turn ``index``; False when that failed (said in :attr:`error`)."""
        try:
            turn = judge_by_win(
                self._cards.turns[index],
                self._views[index],
                seed=self._seed,
                worlds=self._worlds,
            )
        except Exception as error:  # a turn that cannot be judged stops the work, said
            self.error = f"turn {index + 1} could not be judged by win chance: {error}"
            return False
        with self._lock:
            self._judged[index] = turn
        listener = self.listener
        if listener is not None and not self._stop.is_set():
            listener()
        return True


def _work(owner: weakref.ref[WinEstimates], stop: threading.Event) -> None:
    """The worker: judge turns while the estimates live and are not closed (holding them only
    for one turn at a time, so that dropping them ends the work)."""
    while not stop.is_set():
        estimates = owner()
        if estimates is None:
            return
        index = estimates._next()
        if index is None or not estimates._judge(index):
            return
        del estimates
