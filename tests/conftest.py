"""How the suite splits across pytest-xdist workers (``make pytest`` runs ``-n 2``).

- Every browser test goes to one worker, as one unit of work, so that the session's one
  JupyterLab server, one Chromium and one built JupyterLite site serve them all; they come
  first, since they are the longest part of the run.
- Every other test stays with the rest of its file (a notebook's cells run in order on one
  kernel, a module's fixtures are built once), and the files are shared out between the workers.

The scheduler is xdist's ``loadscope`` with these scopes (its ``loadgroup`` marks cannot be used:
it renames items through an attribute that pytest 9 no longer reads). The course test's two
ratios are printed in the run's summary, from whichever worker ran it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

BROWSER = "tests/browser/"

#: The course test's figures that the summary shows (see tests/browser/test_lite.py).
COURSE_FIGURES = ("cold ratio", "warm ratio", "second visits: bytes downloaded")


def work_unit(nodeid: str) -> str:
    """The unit of work a test belongs to: all browser tests together, else its file.

    >>> work_unit("tests/browser/test_lite.py::test_x[01]"), work_unit("tests/a/test_b.py::test_c")
    ('tests/browser/', 'tests/a/test_b.py')
    """
    return BROWSER if nodeid.startswith(BROWSER) else nodeid.split("::", 1)[0]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The browser tests first (a stable sort: each file keeps its order)."""
    root = Path(__file__).parent / "browser"
    items.sort(key=lambda item: root not in item.path.parents)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """xdist's ``loadscope`` scheduling with :func:`work_unit` as the scope."""
    from xdist.scheduler import LoadScopeScheduling

    class ByWorkUnit(LoadScopeScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

    return ByWorkUnit(config, log)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Print the course test's ratios, which a worker's captured output would hide."""
    reports = terminalreporter.stats.get("passed", []) + terminalreporter.stats.get("failed", [])
    for report in reports:
        figures = [
            f"{name} {value}"
            for name, value in getattr(report, "user_properties", [])
            if name in COURSE_FIGURES
        ]
        if figures and getattr(report, "when", None) == "call":
            terminalreporter.write_line(f"browser course ({report.nodeid}): {', '.join(figures)}")
