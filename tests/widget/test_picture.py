"""The table's static picture: an ``<img>`` with an SVG data URI, kept up to date with the table.

An untrusted notebook (a tutorial freshly opened) strips inline SVG from HTML, so the picture goes
out as an image; it is displayed under a display id that each publish updates, so a saved or
exported notebook shows the table's latest position.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from IPython import display as ipython_display

from kingscorner_widget import Game
from kingscorner_widget.engine.render import Picture, table_svg
from kingscorner_widget.engine.words import card_label
from kingscorner_widget.widget.adapter import KingsCornerWidget

from .helpers import OPENING

Call = tuple[str, dict[str, Any], dict[str, Any]]


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> list[Call]:
    """Every display and update_display call, as ``(kind, data, keyword arguments)``."""
    seen: list[Call] = []

    def display(data: dict[str, Any], **options: Any) -> None:
        seen.append(("display", data, options))

    def update_display(data: dict[str, Any], **options: Any) -> None:
        seen.append(("update", data, options))

    monkeypatch.setattr(ipython_display, "display", display)
    monkeypatch.setattr(ipython_display, "update_display", update_display)
    return seen


def fallback(call: Call) -> str:
    html = call[1]["text/html"]
    assert isinstance(html, str)
    return html


def position_of(html: str) -> str:
    found = re.search(r'data-position="([^"]*)"', html)
    assert found is not None, html
    return found.group(1)


def test_the_fallback_is_an_image_of_the_current_position(calls: list[Call]) -> None:
    w = KingsCornerWidget(OPENING, mode="explore")
    w._ipython_display_()
    (_, table, _), picture = calls
    assert "application/vnd.jupyter.widget-view+json" in table
    assert picture[0] == "display"
    assert picture[2]["display_id"].startswith("kcw-")
    html = fallback(picture)
    assert re.fullmatch(
        r'<div class="kcw-fallback"><img src="data:image/svg\+xml;base64,[A-Za-z0-9+/=]+" '
        r"[^<>]*/></div>",
        html,
    ), html
    assert "<svg" not in html  # no inline SVG for a sanitizer to strip
    assert Picture.decode(html) == table_svg(w.game, viewer=1)
    assert position_of(html) == OPENING


def test_each_publish_updates_the_displayed_picture(calls: list[Call]) -> None:
    w = KingsCornerWidget(OPENING, mode="explore")
    w._ipython_display_()
    w._ipython_display_()  # shown twice: both copies share one display id
    ids = {
        call[2]["display_id"] for call in calls if call[0] == "display" and "display_id" in call[2]
    }
    assert len(ids) == 1
    del calls[:]
    w.play("Th>N")
    ((kind, _, options),) = calls
    assert kind == "update"
    assert options["display_id"] in ids
    html = fallback(calls[0])
    assert Picture.decode(html) == table_svg(w.game, viewer=1)
    assert "ten of hearts on the north pile" in Picture.decode(html)
    assert position_of(html) == w.game.position(player=1) != OPENING
    with pytest.raises(ValueError, match="not a king"):
        w.play("4h>NE")  # refused: nothing is published, the picture stays
    assert len(calls) == 1
    w.back()
    assert position_of(fallback(calls[-1])) == OPENING


def test_a_table_never_displayed_updates_nothing(calls: list[Call]) -> None:
    w = KingsCornerWidget(OPENING, mode="explore")
    w.play("Th>N")
    assert calls == []


def test_a_picture_keeps_its_moment_while_the_table_moves_on() -> None:
    w = KingsCornerWidget(OPENING, mode="explore")
    before = w.picture()
    w.play("Th>N")
    after = w.picture()
    assert before.position == OPENING
    assert repr(before) == f"Picture(position={OPENING!r})"  # a short text form, not the SVG
    assert "ten of hearts on the north pile" not in Picture.decode(before._repr_html_())
    assert "ten of hearts on the north pile" in Picture.decode(after._repr_html_())
    assert 'class="kcw-picture"' in after._repr_html_()  # not hidden by the live table's CSS
    assert "kcw-fallback" not in after._repr_html_()


def test_every_hand_face_up_shows_the_whole_position() -> None:
    w = KingsCornerWidget(OPENING, mode="explore", show_all_hands=True)
    picture = w.picture()
    assert picture.position == w.game.position()
    p2 = " ".join(card_label(card) for card in w.game.hand(2))
    assert p2
    assert "P2:?" not in picture.position


def test_a_game_draws_itself_as_an_image_in_html() -> None:
    game = Game.from_position(OPENING)
    html = game._repr_html_()
    assert "<svg" not in html
    assert Picture.decode(html) == game._repr_svg_()
    assert position_of(html) == OPENING


def test_html_without_a_picture_is_refused() -> None:
    with pytest.raises(ValueError, match="no SVG picture"):
        Picture.decode("<p>no picture here</p>")
