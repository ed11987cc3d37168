"""The benchmarks' one definition of a percentile (the standard library's, not a hand-written one).

>>> percentile([1.0, 2.0, 3.0, 4.0, 5.0], 50)
3.0
>>> percentile([10.0], 95)
10.0
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence

__all__ = ["percentile"]


def percentile(values: Sequence[float], q: int) -> float:
    """The ``q``-th percentile (1 to 99) of ``values``, interpolated as numpy does by default."""
    if not 1 <= q <= 99:
        raise ValueError(f"q must be a whole percentile from 1 to 99, not {q}")
    if len(values) == 1:
        return float(values[0])
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]
