"""How much one search may spend."""

from __future__ import annotations

import dataclasses
import math

__all__ = ["Budget"]


@dataclasses.dataclass(frozen=True)
class Budget:
    """How much one search may spend: at most ``seconds`` of time and ``states`` visited (either
    may be left out; ``Budget()`` is no limit at all).

    A search that runs out returns the best turn it has found so far, with
    :attr:`~kingscorner_widget.analysis.TurnPlan.exact` false. A budget of states gives the same
    answer on every machine; a budget of seconds keeps a caller responsive.

    >>> Budget(seconds=0.5, states=20_000)
    Budget(seconds=0.5, states=20000)
    >>> Budget(states=0)
    Traceback (most recent call last):
    ...
    ValueError: a search budget needs at least one state, not 0
    """

    seconds: float | None = None
    """Wall-clock seconds the search may take (``None``: no limit)."""
    states: int | None = None
    """States the search may visit (``None``: no limit)."""

    def __post_init__(self) -> None:
        seconds, states = self.seconds, self.states
        if seconds is not None and (
            isinstance(seconds, bool)
            or not isinstance(seconds, int | float)
            or not 0 < seconds < math.inf
        ):
            raise ValueError(
                f"a search budget's seconds must be a positive number, not {seconds!r}"
            )
        if states is not None and (isinstance(states, bool) or not isinstance(states, int)):
            raise ValueError(f"a search budget's states must be a whole number, not {states!r}")
        if states is not None and states < 1:
            raise ValueError(f"a search budget needs at least one state, not {states}")
