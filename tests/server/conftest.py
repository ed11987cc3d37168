"""One class server for every test of this folder that needs one (on loopback, no pacing), and
the raw clients a test opens to it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from kingscorner_widget import ClassServer

from .wire import Clients


@pytest.fixture(scope="session")
def class_server() -> Iterator[ClassServer]:
    with ClassServer(port=0, pace=0, away_after=None) as server:
        yield server


@pytest.fixture
def clients(class_server: ClassServer) -> Iterator[Clients]:
    made = Clients(class_server.address)
    yield made
    made.close()
