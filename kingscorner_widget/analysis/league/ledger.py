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

from ...display.language import gettext, ngettext
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
            words = " " + gettext(
                "Each entry's sandbox was one cgroup: frozen between its turns, at most one "
                "processor, at most {mb} MB of memory for all its processes together."
            ).format(mb=limits.total_memory >> 20)
        else:
            words = " " + gettext(
                "Each entry's processes were stopped between its turns (no cgroup could be made "
                "here); during its turn, its processes' memory together (at most {mb} MB) and "
                "their processor time (one processor at most) were checked every {ms} ms."
            ).format(mb=limits.total_memory >> 20, ms=int(1000 * 0.05))
        checks = int(sum(self._values[count : 2 * count]))
        left = {
            name: int(self._values[2 * count + i])
            for i, name in enumerate(self.names)
            if self._values[2 * count + i]
        }
        if not trusted:
            if not left:
                words += " " + gettext(
                    "Each entry's sandbox was checked as it closed ({checks} times): nothing of it "
                    "was left (no process, IPC object or file)."
                ).format(checks=checks)
            else:
                # TRANSLATORS: an entry's name and how many of its processes were left
                found = ", ".join(
                    ngettext("{name} {n} process", "{name} {n} processes", n).format(name=name, n=n)
                    for name, n in left.items()
                )
                words += " " + gettext(
                    "Each entry's sandbox was checked as it closed ({checks} times); left behind "
                    "and then ended: {found}."
                ).format(checks=checks, found=found)
        if limits.budget is not None:
            late = [name for i, name in enumerate(self.names) if self.seconds(i) >= limits.budget]
            budget = f"{limits.budget:.4g}"
            words += " " + (
                gettext(
                    "Each entry had {seconds} s to think in the whole league; {names} used it up "
                    "and forfeited every hand left."
                ).format(seconds=budget, names=", ".join(late))
                if late
                else gettext(
                    "Each entry had {seconds} s to think in the whole league; none used it up."
                ).format(seconds=budget)
            )
        return words
