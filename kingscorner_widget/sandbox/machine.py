"""How many processors this process may use: its CPU affinity, bounded by its cgroup's quota
(a container's ``--cpus``, a JupyterHub server's limit), not every core the machine reports.

>>> 1 <= processors() <= (os.cpu_count() or 1)
True
"""

from __future__ import annotations

import math
import os
import sys
from collections.abc import Callable
from pathlib import Path

__all__ = ["NOTEBOOK_WORKERS", "in_notebook", "processors", "workers"]

NOTEBOOK_WORKERS = 4
"""The most worker processes a notebook starts by default: a shared classroom server reports
many cores that its other users need too."""

CGROUP = Path("/sys/fs/cgroup")


def processors() -> int:
    """The processors this process may run on (its affinity), at most its cgroup's quota
    rounded up; 1 at least."""
    try:
        count = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not Linux
        count = os.cpu_count() or 1
    quota = cgroup_quota()
    if quota is not None:
        count = min(count, max(1, math.ceil(quota)))
    return max(1, count)


def cgroup_quota(root: Path = CGROUP, own: Path = Path("/proc/self/cgroup")) -> float | None:
    """Processors' worth of time this process's cgroup (and those above it) may use, or
    ``None`` where none is set (cgroup v2's ``cpu.max``, v1's ``cpu.cfs_quota_us``).

    >>> import tempfile
    >>> root = Path(tempfile.mkdtemp())
    >>> (root / "job").mkdir()
    >>> _ = (root / "job" / "cpu.max").write_text("150000 100000\\n")
    >>> own = root / "self"
    >>> _ = own.write_text("0::/job\\n")
    >>> cgroup_quota(root, own)
    1.5
    """
    try:
        lines = own.read_text(encoding="ascii").splitlines()
    except OSError:
        return None
    found: list[float] = []
    for line in lines:
        _, controllers, path = line.split(":", 2)
        if controllers == "":
            found += _quotas(root, path, "cpu.max", _v2)
        elif "cpu" in controllers.split(","):
            for folder in ("cpu", "cpu,cpuacct", "cpuacct,cpu"):
                if (root / folder).is_dir():
                    found += _quotas(root / folder, path, "cpu.cfs_quota_us", _v1)
                    break
    return min(found) if found else None


def _quotas(
    base: Path, path: str, name: str, read: Callable[[Path, str], float | None]
) -> list[float]:
    """The quota of the cgroup at ``path`` under ``base`` and of each cgroup above it."""
    out = []
    here = Path(path.lstrip("/"))
    while True:
        folder = base / here
        value = read(folder, name)
        if value is not None:
            out.append(value)
        if here == Path("."):
            return out
        here = here.parent


def _v2(folder: Path, name: str) -> float | None:
    try:
        quota, period = (folder / name).read_text(encoding="ascii").split()
    except (OSError, ValueError):
        return None
    return None if quota == "max" else int(quota) / int(period)


def _v1(folder: Path, name: str) -> float | None:
    try:
        quota = int((folder / name).read_text(encoding="ascii"))
        period = int((folder / "cpu.cfs_period_us").read_text(encoding="ascii"))
    except (OSError, ValueError):
        return None
    return None if quota <= 0 or period <= 0 else quota / period


def in_notebook() -> bool:
    """True inside a Jupyter kernel."""
    return "ipykernel" in sys.modules


def workers(asked: int | None = None) -> int:
    """``asked`` workers, or by default one per processor this process may use, at most
    :data:`NOTEBOOK_WORKERS` in a notebook."""
    if asked is not None:
        return asked
    count = processors()
    return min(count, NOTEBOOK_WORKERS) if in_notebook() else count
