"""Progress bars for long work (tqdm), the same everywhere: in a notebook a widget bar, in a
terminal a text bar, and in the browser course, where no thread can start, no monitor thread
(tqdm's would fail and print a warning under the learner's cell).

>>> bar = progress_bar(total=3, desc="working", disable=True)
>>> bar.update(3); bar.close()
"""

from __future__ import annotations

import sys
from typing import Any

__all__ = ["progress_bar"]


def progress_bar(iterable: Any = None, **options: Any) -> Any:
    """``tqdm.auto.tqdm(iterable, **options)``, without the monitor thread where no thread can
    start (Pyodide)."""
    from tqdm.auto import tqdm

    if sys.platform == "emscripten":
        tqdm.monitor_interval = 0
    return tqdm(iterable, **options)
