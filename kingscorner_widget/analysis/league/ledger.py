"""What the league's workers tell each other and the league about each entry: the seconds it
has thought so far (its budget is for the whole league, whichever worker plays it) and, as
its sandboxes close, how many were checked and how many processes were found left.

>>> ledger = Ledger(["a", "b"], [{"seats": ["a", "b"], "seconds": [1.5, 0.25]}])
>>> ledger.spend(0, 0.5), ledger.spend(1, 0.0)
(2.0, 0.25)
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterable, Sequence
from typing import Any

from ...engine.words import count_words
from ...sandbox import fair
from ...sandbox.process import Limits

__all__ = ["Ledger"]


class Ledger:
    """Each entry's seconds, sandboxes checked and processes left, in memory every worker of
    the league shares (given to them as they start)."""

    def __init__(self, names: Sequence[str], hands: Iterable[dict[str, Any]] = ()) -> None:
        self.names = list(names)
        count = len(self.names)
        self._values = multiprocessing.Array("d", 3 * count)
        for hand in hands:  # a resumed league: the seconds already thought count
            for name, seconds in zip(hand["seats"], hand["seconds"], strict=False):
                if name in self.names:
                    self._values[self.names.index(name)] += float(seconds)

    def spend(self, index: int, seconds: float) -> float:
        """Add ``seconds`` to entry ``index``'s time; returns its total."""
        with self._values.get_lock():
            self._values[index] += seconds
            return float(self._values[index])

    def checked(self, index: int, times: int, left: int) -> None:
        """Entry ``index``'s sandboxes were checked ``times`` times; ``left`` processes were
        found after they closed (and ended)."""
        count = len(self.names)
        with self._values.get_lock():
            self._values[count + index] += times
            self._values[2 * count + index] += left

    def seconds(self, index: int) -> float:
        return float(self._values[index])

    def describe(self, limits: Limits, trusted: bool = False) -> str:
        """The sentences the results say about fairness, leftovers and time budgets."""
        count = len(self.names)
        if fair.cgroups_possible():
            words = (
                " Each entry's sandbox was one cgroup: frozen between its turns, at most one "
                f"processor, at most {limits.total_memory >> 20} MB of memory for all its "
                "processes together."
            )
        else:
            words = (
                " Each entry's processes were stopped between its turns (no cgroup could be "
                "made here); during its turn, its processes' memory together (at most "
                f"{limits.total_memory >> 20} MB) and their processor time (one processor at "
                "most) were checked every "
                f"{int(1000 * 0.05)} ms."
            )
        checks = int(sum(self._values[count : 2 * count]))
        left = {
            name: int(self._values[2 * count + i])
            for i, name in enumerate(self.names)
            if self._values[2 * count + i]
        }
        if not trusted:
            if not left:
                words += (
                    f" Each entry's sandbox was checked as it closed ({checks} times): "
                    "nothing of it was left (no process, IPC object or file)."
                )
            else:
                found = ", ".join(
                    f"{name} {count_words(n, 'process', 'processes')}" for name, n in left.items()
                )
                words += (
                    f" Each entry's sandbox was checked as it closed ({checks} times); left "
                    f"behind and then ended: {found}."
                )
        if limits.budget is not None:
            late = [name for i, name in enumerate(self.names) if self.seconds(i) >= limits.budget]
            words += f" Each entry had {limits.budget:.4g} s to think in the whole league"
            words += (
                f"; {', '.join(late)} used it up and forfeited every hand left."
                if late
                else "; none used it up."
            )
        return words
