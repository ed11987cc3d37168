"""Pass-and-play in a real JupyterLab: two people at one laptop each play a turn by clicks, and the
hand is covered between them (the page holds no card of it until its person shows it)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, expect

from tests.browser.conftest import OpenNotebook, Screenshot
from tests.browser.jupyter_server import App
from tests.browser.test_widget import card_in_hand, pile, play_by_clicks, table

# Ada (P1) holds a red ten, a king and a red four; Ben (P2) a black nine and a red seven.
POSITION = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:9c7d stock:44 turn:P1"
CELLS = [
    "import tempfile\nfrom kingscorner_widget import Game, KingsCornerWidget",
    f'w = KingsCornerWidget(Game.from_position("{POSITION}"), players=["Ada", "Ben"],\n'
    "                       progress_dir=tempfile.mkdtemp())\nw",
]


def cover(widget: Locator) -> Locator:
    return widget.locator("[data-cover]")


def assert_covered(widget: Locator, name: str) -> None:
    """The cover is on the hand, saying whose turn it is, and no card of any hand is drawn."""
    expect(cover(widget)).to_contain_text(
        f"{name}'s turn: pass the laptop to {name}, then press Show my hand."
    )
    expect(widget.locator("[data-hand] [data-card]")).to_have_count(0)
    expect(widget.locator("[data-player] [data-card]")).to_have_count(0)


@pytest.mark.parametrize("app", ["lab", "notebook"])
def test_two_people_play_a_turn_each_with_the_hand_covered_between_them(
    notebook: OpenNotebook, screenshot: Screenshot, app: App
) -> None:
    opened = notebook(CELLS, app=app)
    opened.page.set_viewport_size({"width": 1366, "height": 768})
    widget = table(opened)
    assert_covered(widget, "Ada")

    cover(widget).locator("[data-action='uncover']").click()
    expect(cover(widget)).to_have_count(0)
    expect(card_in_hand(widget, "Th")).to_be_visible()
    play_by_clicks(widget, "Th", "N")
    widget.locator(".kcw-controls-slot [data-action='draw']").click()

    assert_covered(widget, "Ben")
    expect(widget.locator("[data-status]")).to_contain_text("Ada draws a card and ends the turn")
    widget.scroll_into_view_if_needed()
    screenshot(opened.page, f"pass-and-play-cover-{app}-1366x768")
    shown = opened.json("[h['cards'] for h in w.snapshot['hands']]")
    assert shown == [None, None]  # the kernel sent the page no card of either hand

    cover(widget).locator("[data-action='uncover']").click()
    expect(card_in_hand(widget, "9c")).to_be_visible()
    expect(card_in_hand(widget, "7d")).to_be_visible()
    expect(card_in_hand(widget, "Ks")).to_have_count(0)  # Ada's hand stays hers
    play_by_clicks(widget, "9c", "N")
    widget.locator(".kcw-controls-slot [data-action='draw']").click()

    assert_covered(widget, "Ada")
    moves = opened.json("[(p, str(m)) for p, m in zip(w.game.movers(), w.game.moves)]")
    assert moves == [[1, "Th>N"], [1, "draw"], [2, "9c>N"], [2, "draw"]]
    words = opened.json("[e['words'] for e in w.snapshot['log']]")
    assert words[-2:] == [
        "Ben plays the nine of clubs on the north pile",
        "Ben draws a card and ends the turn",
    ]
    expect(pile(widget, "N").locator("[data-card='9c']")).to_be_visible()
