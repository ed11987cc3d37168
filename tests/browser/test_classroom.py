"""The class record in a real JupyterLab: a learner's table finishes a lesson and a puzzle by
clicks, the record file appears beside the notebook with them, and a board opened in another
notebook shows that learner done, with stars."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Locator, expect

from kingscorner_widget.engine.moves import MovePile, PlayCard, parse_move
from tests.browser.conftest import OpenNotebook, Screenshot
from tests.browser.jupyter_server import JupyterServer
from tests.browser.test_widget import card_in_hand, pile, table

HOMEWORK = """from kingscorner_widget import Homework, KingsCornerWidget
homework = Homework("Week 3", lessons=["worked-turn"], puzzles=1, seed=2)
w = KingsCornerWidget(homework=homework, learner="ada")
w"""


def click_move(widget: Locator, text: str) -> None:
    """Make one move by clicks: a card then its pile, or a pile then the pile it goes on."""
    move = parse_move(text)
    assert isinstance(move, MovePile | PlayCard)
    if isinstance(move, MovePile):
        pile(widget, str(move.source)).click()
    else:
        card_in_hand(widget, str(move.card)).click()
    target = pile(widget, str(move.target))
    expect(target).to_have_attribute("data-legal", "")
    target.click()


def wait_for(path: Path, done: str, seconds: float = 20.0) -> Any:
    """The record at ``path`` once item ``done`` is finished in it."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if path.is_file():
            data = json.loads(path.read_text("utf-8"))
            items = {k: v for t in data["tables"] for k, v in t["items"].items()}
            if items.get(done, {}).get("finished"):
                return data
        time.sleep(0.2)
    raise AssertionError(f"{path} never showed {done} finished")


def test_a_lesson_and_a_puzzle_by_clicks_land_on_the_board(
    notebook: OpenNotebook, jupyter: JupyterServer, screenshot: Screenshot
) -> None:
    opened = notebook([HOMEWORK])
    widget = table(opened)
    status = widget.locator("[data-status]")
    for step, move in enumerate(["Th>N", "Ks>NE", "4h>S"]):
        if step:
            widget.locator("[data-action='next']").click()
        click_move(widget, move)
    expect(status).to_contain_text("Press Next")
    widget.locator("[data-action='next']").click()
    expect(widget).to_contain_text("Puzzle 1")
    for move in opened.json("[str(m) for m in w.lesson.show_me()]"):
        click_move(widget, move)
    expect(status).to_contain_text("That is the end of the lesson")
    screenshot(widget, "classroom-1-homework-done")

    record = wait_for(jupyter.root / "kingscorner-progress" / "ada.json", "puzzle:1")
    (entry,) = record["tables"]
    assert entry["homework"] == "Week 3"
    assert entry["items"]["lesson:worked-turn"]["finished"]
    assert entry["items"]["lesson:worked-turn"]["stars"] == 3  # no slip, no help
    assert entry["items"]["puzzle:1"]["solved"] is True

    board = notebook(
        ["from kingscorner_widget import ClassBoard\nClassBoard('kingscorner-progress')"]
    )
    shown = board.page.locator(".kingscorner-board")
    expect(shown).to_be_visible()
    expect(shown).to_contain_text("ada")
    expect(shown).to_contain_text("done \u2605\u2605\u2605")
    expect(shown).to_contain_text("solved")
    expect(shown.locator("[data-self-reported]")).to_be_visible()
    screenshot(shown, "classroom-2-board")
