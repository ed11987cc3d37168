"""A class server in a real JupyterLab: two notebooks (two kernels) join one table of a room and
play a hand to its end by clicks, each page drawing only its own hand, one of them restarted
mid-hand and taking its seat back, while a third notebook presents the table as the projector
does. Screenshots at 1366x768 of a seat and the watched table
(saved with the session's screenshots, and copied to ``KCW_SERVER_SHOTS`` when it is set)."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Locator, ViewportSize, expect

from kingscorner_widget import ClassServer, Game
from kingscorner_widget.widget.remote import WATCHING
from tests.browser.conftest import OpenNotebook, Screenshot
from tests.browser.jupyter_server import JupyterServer, NotebookPage, write_notebook
from tests.browser.test_widget import card_in_hand, pile, play_by_clicks, table

# Ada (seat 1) is dealt a red ten and a red four, Ben (seat 2) a black nine: Ada plays her ten
# and draws, Ben plays his nine on it and goes out.
POSITION = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:Th4h P2:9c stock:46 turn:P1"
SIZE: ViewportSize = {"width": 1366, "height": 768}


@pytest.fixture
def class_server() -> Iterator[ClassServer]:
    with ClassServer(port=0, pace=0.2, away_after=None) as server:
        yield server


def seat_cells(code: str, address: str, learner: str) -> list[str]:
    return [
        "import tempfile\nfrom kingscorner_widget import KingsCornerWidget",
        f'w = KingsCornerWidget(join="{code}", server="{address}", learner="{learner}",\n'
        f'                       progress_dir="seats-{code}-{learner}")\nw',
    ]


def open_page(
    context: BrowserContext, jupyter: JupyterServer, name: str, cells: list[str]
) -> NotebookPage:
    write_notebook(jupyter.root / name, cells)
    opened = NotebookPage(context.new_page(), jupyter, name).open()
    opened.page.set_viewport_size(SIZE)
    opened.run_all()
    return opened


def hand_cards(widget: Locator) -> Locator:
    return widget.locator("[data-hand] [data-card]")


def test_two_notebooks_play_a_hand_at_one_server_table_and_a_third_watches(
    class_server: ClassServer,
    notebook: OpenNotebook,
    context: BrowserContext,
    jupyter: JupyterServer,
    screenshot: Screenshot,
) -> None:
    room = class_server.open_room("Browser", seats=2)
    code, address = room.code, class_server.address
    ada_page = notebook(seat_cells(code, address, "Ada"))
    ada_page.page.set_viewport_size(SIZE)
    ada = table(ada_page)
    ben_page = open_page(
        context, jupyter, "class-server-ben.ipynb", seat_cells(code, address, "Ben")
    )
    ben = table(ben_page)
    watch = [
        "from kingscorner_widget import KingsCornerWidget",
        f'w = KingsCornerWidget(watch="{code}", server="{address}", table=1)\nw',
    ]
    projector_page = open_page(context, jupyter, "class-server-projector.ipynb", watch)
    projector = table(projector_page)
    projector.locator("[data-action='present']").click()  # the projector presents the table
    expect(projector.locator(".kcw-table")).to_have_class(re.compile(r"\bkcw-present\b"))

    room.tables[0].deal(Game.from_position(POSITION))  # the teacher deals a chosen position
    expect(card_in_hand(ada, "Th")).to_be_visible()
    expect(card_in_hand(ben, "9c")).to_be_visible()
    expect(hand_cards(ada)).to_have_count(2)  # Ben's card is nowhere on Ada's page
    expect(ada.locator("[data-card='9c']")).to_have_count(0)
    expect(ben.locator("[data-card='Th']")).to_have_count(0)
    expect(projector.locator("[data-player] [data-card], [data-hand] [data-card]")).to_have_count(0)
    expect(projector.locator("[data-hand]")).to_have_text(WATCHING)

    play_by_clicks(ada, "Th", "N")
    expect(pile(ben, "N").locator("[data-card='Th']")).to_be_visible()
    expect(pile(projector, "N").locator("[data-card='Th']")).to_be_visible()
    ada.locator(".kcw-controls-slot [data-action='draw']").click()
    expect(ben.locator("[data-status]")).to_contain_text("Ada draws a card and ends the turn")

    # Ben's notebook is restarted mid-hand: run again, it takes his seat back with the whole table
    ben_page.page.evaluate(
        "() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.restart()"
    )
    ben_page.run_all()
    ben = table(ben_page)
    expect(card_in_hand(ben, "9c")).to_be_visible()
    expect(pile(ben, "N").locator("[data-card='Th']")).to_be_visible()
    expect(ben.locator("[data-status]")).to_contain_text("Your turn")
    ben.scroll_into_view_if_needed()
    shots = [screenshot(ben_page.page, "class-server-seat-1366x768")]

    play_by_clicks(ben, "9c", "N")
    for widget, said in [(ada, "Ben went out"), (ben, "You went out"), (projector, "Ben went out")]:
        expect(widget.locator("[data-status]")).to_contain_text(said)
    assert room.tables[0].game.is_over()
    kernel_cards = ada_page.json("[h['cards'] for h in w.snapshot['hands']]")
    assert kernel_cards[1] is None or kernel_cards[1] == []  # Ben's hand never reached Ada
    projector.scroll_into_view_if_needed()
    shots.append(screenshot(projector_page.page, "class-server-watched-1366x768"))
    folder = os.environ.get("KCW_SERVER_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        for shot in shots:
            shutil.copy(shot, Path(folder) / shot.name)
    for opened in (ben_page, projector_page):
        opened.page.close()
