"""``seen``: the page says which snapshot it drew (what makes the table reactive in marimo).

The page may set it, through the same ipywidgets ``update`` path as any trait, but Python checks it:
a version Python never published, a negative number or something that is not a whole number is
refused and undone, and an accepted one changes nothing about the game.
"""

from __future__ import annotations

from typing import Any

import pytest

from kingscorner_widget import Game
from kingscorner_widget.widget.adapter import KingsCornerWidget

from .helpers import OPENING, state
from .test_attacks import custom, update

REFUSED = "Only Python code can set up the table: the page's change was undone."


def table() -> KingsCornerWidget:
    return KingsCornerWidget(Game.from_position(OPENING), mode="explore")


def test_the_page_acknowledges_each_snapshot_and_nothing_else_changes() -> None:
    w = table()
    assert w.seen == 0
    custom(w, "play", move="Th>N")
    version = w.snapshot["version"]
    before, status = state(w), w.status
    sent = update(w, seen=version)
    assert w.seen == version
    assert (state(w), w.status) == (before, status)
    assert sent == [] or all("snapshot" not in m.get("state", {}) for m in sent)
    assert "seen" in w.keys, "seen is synced, so marimo's value and the page both have it"


@pytest.mark.parametrize("bad", [10**6, -1, "3", None, True, [1]])
def test_a_bad_acknowledgement_is_refused_and_undone(bad: Any) -> None:
    w = table()
    custom(w, "play", move="Th>N")
    update(w, seen=1)
    before = state(w)
    sent = update(w, seen=bad)
    assert w.seen == 1
    assert state(w) == before
    assert w.status == REFUSED
    echoed = [m["state"] for m in sent if m.get("method") == "update"]
    assert any(s.get("seen") == 1 for s in echoed), "the page is told the value Python kept"


def test_an_older_acknowledgement_from_a_second_view_is_taken() -> None:
    w = table()
    custom(w, "play", move="Th>N")
    custom(w, "undo")
    update(w, seen=w.snapshot["version"])
    update(w, seen=1)
    assert w.seen == 1
    assert w.status != REFUSED


def test_speed_and_seen_together_are_both_taken_or_both_refused() -> None:
    w = table()
    update(w, speed=0.3, seen=1)
    assert (w.speed, w.seen) == (0.3, 1)
    update(w, speed=0.5, seen=99)
    assert (w.speed, w.seen) == (0.3, 1)
    assert w.status == REFUSED
