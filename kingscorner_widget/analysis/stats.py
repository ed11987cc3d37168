"""The statistics every run reports: intervals for win rates.

One place for them, so that a simulation, a tournament, a calibration and the league state their
uncertainty the same way.
"""

from __future__ import annotations

import math

__all__ = ["wilson_interval"]


def wilson_interval(wins: float, games: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval for a win rate.

    >>> low, high = wilson_interval(60, 100)
    >>> round(low, 3), round(high, 3)
    (0.502, 0.691)
    """
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))
