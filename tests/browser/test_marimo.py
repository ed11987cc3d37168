"""marimo: the table is reactive. Served with ``marimo run`` (apps/marimo_table.py), a move played
on the table changes ``mo.ui.anywidget(table).value``, so the cell that reads it re-runs.

Every move reaches Python as a custom message, which marimo does not watch; the page saves ``seen``
after drawing each new snapshot, and that saved change is what makes marimo re-run the dependent
cell (kingscorner_widget.widget.hosts). The cell's output is built from the state Python published.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.conftest import Screenshot
from tests.browser.hosts import APPS, MarimoServer, serving
from tests.browser.jupyter_server import table_state


@pytest.fixture(scope="module")
def marimo_app() -> Iterator[MarimoServer]:
    with serving(MarimoServer(APPS / "marimo_table.py")) as server:
        yield server


def read_from_table(page: Page) -> Locator:
    """The output of the app's second cell, which reads the table's value."""
    return page.get_by_text(re.compile(r"^Moves read from the table: "))


def test_a_move_on_the_table_re_runs_the_cell_that_reads_it(
    marimo_app: MarimoServer, page: Page, screenshot: Screenshot
) -> None:
    page.goto(marimo_app.page_url())
    widget = page.locator(".kcw-table")
    expect(widget.locator("[data-pile='N']")).to_be_visible(timeout=60_000)
    expect(read_from_table(page)).to_have_text("Moves read from the table: 0 (none yet)")

    widget.locator("[data-hand] [data-card='Th']").click()
    widget.locator("[data-pile='N']").click()
    expect(widget.locator("[data-status]")).to_have_text(
        "P1 plays the ten of hearts on the north pile. P1 to play."
    )
    expect(read_from_table(page)).to_have_text("Moves read from the table: 1 (Th>N)")
    assert table_state(widget)["piles"]["N"] == ["Jc", "Th"]

    # Each move, not only the first; a whole-pile move and a take-back, too.
    widget.locator("[data-pile='S']").click()
    widget.locator("[data-pile='E']").click()
    expect(read_from_table(page)).to_have_text("Moves read from the table: 2 (Th>N, S>E)")
    widget.locator("[data-action='undo']").click()
    expect(read_from_table(page)).to_have_text("Moves read from the table: 1 (Th>N)")
    expect(widget.locator("[data-status]")).not_to_contain_text("Only Python code")
    screenshot(page, "marimo-after-undo")
