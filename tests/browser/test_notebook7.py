"""Notebook 7: a play-mode table against a computer player (one scenario; the explore-mode click
scenarios of test_widget.py run in Notebook 7 too).

The viewer plays a card, then ends the turn; the computer's moves come in on the table's timer and
the status line says whose turn it is. The expected lines are Python's own, from the same seed.
"""

from __future__ import annotations

from playwright.sync_api import expect

from kingscorner_widget import KingsCornerWidget
from tests.browser.conftest import OpenNotebook
from tests.browser.jupyter_server import table_state

TABLE = "KingsCornerWidget(players=2, seed=5, speed=0)"


def test_a_move_and_the_computer_reply_show_in_the_status_line(notebook: OpenNotebook) -> None:
    twin = KingsCornerWidget(players=2, seed=5, speed=0)  # the same deal, to know what to expect
    move = next(m for m in twin.legal if m != "draw")
    card, space = move.split(">")
    twin.play(move)
    after_move = twin.status
    twin.draw()
    twin.skip()
    after_reply = twin.status

    opened = notebook(
        ["from kingscorner_widget import KingsCornerWidget", f"w = {TABLE}\nw"], app="notebook"
    )
    assert "/notebooks/" in opened.page.url
    widget = opened.widget()
    expect(widget.locator("[data-pile='N']")).to_be_visible()

    widget.locator(f"[data-hand] [data-card='{card}']").click()
    widget.locator(f"[data-pile='{space}']").click()
    expect(widget.locator("[data-status]")).to_have_text(after_move)
    assert card in table_state(widget)["piles"][space]

    widget.locator("[data-action='draw']").click()
    expect(widget.locator("[data-status]")).to_have_text(after_reply)
    assert opened.json("[e['notation'] for e in w.snapshot['log']]") == [
        e["notation"] for e in twin.snapshot["log"]
    ]
    assert opened.value("w.seen == w.snapshot['version']") == "True"
