"""Run every benchmark module ``bench/bench_*.py`` in name order.

``python -m bench`` runs all of them; ``python -m bench engine browser`` only the modules whose
name contains one of the words given.
``KINGSCORNER_BENCH_DEALS=500 python -m bench expert`` runs the expert's full-size matches.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time
from collections.abc import Sequence
from pathlib import Path


def modules() -> list[str]:
    """The names of the benchmark modules, in order."""
    here = str(Path(__file__).parent)
    return sorted(
        info.name for info in pkgutil.iter_modules([here]) if info.name.startswith("bench_")
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmarks named (by any part of their name) in ``argv``, or all of them."""
    wanted = list(sys.argv[1:] if argv is None else argv)
    names = modules()
    if wanted:
        names = [name for name in names if any(word in name for word in wanted)]
        if not names:
            print(f"no benchmark matches {' '.join(wanted)}; there are: {' '.join(modules())}")
            return 2
    for name in names:
        print(f"== {name} ==", flush=True)
        start = time.perf_counter()
        importlib.import_module(f"bench.{name}").run()
        print(f"({name} took {time.perf_counter() - start:.1f} s)\n", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
