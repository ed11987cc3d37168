"""One class server for every test of this folder that needs one (on loopback, no pacing)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from kingscorner_widget import ClassServer


@pytest.fixture(scope="session")
def class_server() -> Iterator[ClassServer]:
    with ClassServer(port=0, pace=0, away_after=None) as server:
        yield server
