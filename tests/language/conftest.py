"""The language tests play at tables that keep learners' records (a pass-and-play table names
its players): each test plays in a folder of its own, never in the checkout."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _in_a_folder_of_its_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
