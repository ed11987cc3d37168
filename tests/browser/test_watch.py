"""Watching a student's player from its own seat (``watch=``) in a real JupyterLab: the table
shows that seat's hand and steps its moves by itself, to the end of the hand."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import OpenNotebook, Screenshot
from tests.browser.test_widget import table

PLAYER = """
from kingscorner_widget import Game, KingsCornerWidget, PlayCard


class Shedder:
    name = "shedder"

    def choose(self, observation):
        cards = [m for m in observation.legal_moves if isinstance(m, PlayCard)]
        return cards[0] if cards else observation.legal_moves[-1]
"""


def test_a_watched_player_plays_its_seat_to_the_end_of_the_hand(
    notebook: OpenNotebook, screenshot: Screenshot
) -> None:
    opened = notebook(
        [
            PLAYER,
            "w = KingsCornerWidget(Game.new(players=2, seed=3), watch=Shedder(), speed=0.05)\nw",
        ]
    )
    widget = table(opened)
    expect(widget.locator("[data-action='draw']")).to_be_disabled()
    hand = widget.locator("[data-hand] [data-card]")
    expect(hand.first).to_be_visible()  # the watched seat's own cards, face up
    expect(widget.locator("[data-status]")).to_contain_text("won the hand", timeout=240_000)
    screenshot(widget, "watch-shedder")
    assert opened.value("w.game.is_over()") == "True"
    movers = opened.json("sorted(set(w.game.movers()))")
    assert movers == [1, 2]  # the table played the viewer's seat too, with no click
    words = opened.json("[e['words'] for e in w.snapshot['log'] if e.get('player') == 1]")
    assert words
    assert all(line.startswith("shedder ") for line in words)
