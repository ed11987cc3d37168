"""Voila: a notebook served as a dashboard shows a live table that plays (one scenario).

Voila hides the code and runs the notebook in its own kernel; the table must draw, take a move
from the page and show what Python answered, as it does in JupyterLab.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from tests.browser.conftest import Screenshot
from tests.browser.hosts import VoilaServer, serving
from tests.browser.jupyter_server import table_state, write_notebook
from tests.browser.test_widget import OPENING, explore


def test_a_dashboard_table_plays_a_move_and_shows_the_status(
    tmp_path: Path, page: Page, screenshot: Screenshot
) -> None:
    notebook = write_notebook(tmp_path / "table.ipynb", explore(OPENING))
    with serving(VoilaServer(notebook)) as voila:
        page.goto(voila.page_url())
        widget = page.locator(".kcw-table")
        expect(widget.locator("[data-pile='N']")).to_be_visible(timeout=60_000)
        assert table_state(widget)["hand"] == ["Th", "Ks", "4h"]
        expect(page.get_by_text("KingsCornerWidget(")).to_have_count(0)  # no code, no repr

        widget.locator("[data-hand] [data-card='Th']").click()
        expect(widget.locator("[data-pile][data-legal]")).to_have_count(2)
        widget.locator("[data-pile='N']").click()
        expect(widget.locator("[data-status]")).to_have_text(
            "P1 plays the ten of hearts on the north pile. P1 to play."
        )
        shown = table_state(widget)
        assert shown["piles"]["N"] == ["Jc", "Th"]
        assert shown["hand"] == ["Ks", "4h"]
        screenshot(page, "voila-after-move")


def test_two_people_share_a_laptop_in_a_dashboard(
    tmp_path: Path, page: Page, screenshot: Screenshot
) -> None:
    """Pass-and-play in Voila: the hand is covered for each person until they ask to see it."""
    position = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:9c7d stock:44 turn:P1"
    cells = [
        "from kingscorner_widget import Game, KingsCornerWidget",
        f'KingsCornerWidget(Game.from_position("{position}"), players=["Ada", "Ben"])',
    ]
    notebook = write_notebook(tmp_path / "pass.ipynb", cells)
    with serving(VoilaServer(notebook)) as voila:
        page.goto(voila.page_url())
        widget = page.locator(".kcw-table")
        cover = widget.locator("[data-cover]")
        expect(cover).to_contain_text("pass the laptop to Ada", timeout=60_000)
        expect(widget.locator("[data-hand] [data-card]")).to_have_count(0)
        cover.locator("[data-action='uncover']").click()
        widget.locator("[data-hand] [data-card='Th']").click()
        widget.locator("[data-pile='N']").click()
        expect(widget.locator("[data-pile='N'] [data-card='Th']")).to_be_visible()
        widget.locator(".kcw-controls-slot [data-action='draw']").click()
        expect(cover).to_contain_text("pass the laptop to Ben")
        cards = widget.locator("[data-hand] [data-card], [data-player] [data-card]")
        expect(cards).to_have_count(0)
        cover.locator("[data-action='uncover']").click()
        expect(widget.locator("[data-hand] [data-card='9c']")).to_be_visible()
        expect(widget.locator("[data-hand] [data-card]")).to_have_count(2)  # Ben's two only
        screenshot(page, "voila-pass-and-play")
