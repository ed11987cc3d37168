"""A saved tutorial opened fresh (untrusted, no cell run) shows its table pictures as images.

JupyterLab strips inline SVG from an untrusted notebook's HTML, which left the cards' text as a
garbled line; the pictures are ``<img>`` elements with an SVG data URI, which it keeps.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from playwright.sync_api import Browser, expect

from kingscorner_widget.engine.render import Picture
from tests.browser.conftest import Screenshot, into_view
from tests.browser.jupyter_server import JupyterServer, NotebookPage

TUTORIAL = Path(__file__).parents[2] / "notebooks" / "02-pile-transfer-combo.ipynb"
# The first table of the tutorial, as the learner sees it.
COMBO = "N:9d E:2c S:5s W:8s7h NE:- SE:- SW:- NW:- P1:Qd6sJc9h P2:?7 stock:36 turn:P1"


def test_a_fresh_tutorial_shows_its_tables_as_pictures_before_any_cell_runs(
    jupyter: JupyterServer, browser: Browser, screenshot: Screenshot
) -> None:
    name = "fresh-02-pile-transfer-combo.ipynb"
    shutil.copy(TUTORIAL, jupyter.root / name)
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    try:
        page = context.new_page()
        NotebookPage(page, jupyter, name).open()
        trusted = page.evaluate(
            """() => {
                const cells = window.jupyterapp.shell.currentWidget.content.model.cells;
                return Array.from({length: cells.length}, (_, i) => cells.get(i).trusted);
            }"""
        )
        assert not all(trusted), "the saved tutorial must open untrusted"
        fallbacks = page.locator(".kcw-fallback")
        expect(fallbacks.first).to_be_visible()
        # JupyterLab draws a long notebook's outputs a few at a time: wait for a second table.
        page.wait_for_function(
            "() => document.querySelectorAll('.kcw-fallback').length >= 2", timeout=60_000
        )
        for index in range(fallbacks.count()):
            fallback = fallbacks.nth(index)
            # No text at all: a stripped SVG left its cards' letters and suits as a line of text.
            assert fallback.inner_text().strip() == ""
            image = fallback.locator("img")
            expect(image).to_have_count(1)
        first = fallbacks.first.locator("img")
        into_view(first)
        expect(first).to_be_visible()
        loaded, width, height = first.evaluate(
            "img => [img.complete, img.naturalWidth, img.naturalHeight]"
        )
        assert loaded, "the picture did not load"
        assert width > 200
        assert height > 200
        box = first.bounding_box()
        assert box is not None
        assert box["width"] > 200
        assert box["height"] > 200
        html = first.evaluate("img => img.outerHTML")
        # The sanitizer drops data-* attributes; the alt text names the position.
        assert first.get_attribute("alt") == f"Kings in the Corner table: {COMBO}"
        assert 'aria-label="nine of diamonds on the north pile"' in Picture.decode(html)
        # A Game shown by the tutorial draws itself the same way.
        game_picture = page.locator(".kcw-picture img").first
        into_view(game_picture)
        expect(game_picture).to_be_visible()
        assert game_picture.evaluate("img => img.naturalWidth") > 200
        assert page.locator(".jp-OutputArea-output svg.kcw-static").count() == 0
        into_view(first)
        screenshot(page, "fresh-tutorial-untrusted-1366x768")
    finally:
        context.close()
        jupyter.shutdown_kernels()
