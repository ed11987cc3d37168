"""The saved tutorials show, under each instruction, the table that instruction talks about.

A markdown cell that describes a position carries it in its metadata, ``{"kcw": {"shows":
"<position line>"}}``; the first table picture after it (a live table's fallback or a
``w.picture()``) must show exactly that position. Every picture carries the position it shows
in ``data-position``, and its SVG is decoded to check that the picture itself agrees. A notebook
that displays one table and then changes it from later cells would show the final position
under every instruction, which this catches. The pictures are ``<img>`` elements (an untrusted
notebook strips inline SVG), never inline ``<svg>`` in HTML.
"""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from kingscorner_widget.engine.notation import parse_position
from kingscorner_widget.engine.render import Picture, table_svg

NOTEBOOKS = Path(__file__).parent.parent / "notebooks"
CHECKED = ["01", "02", "03", "04", "05"]
"""The notebooks saved with the ``<img>`` pictures (every one that shows a table)."""
MARKED = {"02": 5, "03": 2, "04": 4, "05": 4}
"""How many instructions name a position, at least, in the step-by-step notebooks."""
_POSITION = re.compile(r'data-position="([^"]*)"')


def notebook(prefix: str) -> dict[str, Any]:
    (path,) = NOTEBOOKS.glob(f"{prefix}-*.ipynb")
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def pictures(cell: dict[str, Any]) -> list[str]:
    """The HTML of each table picture in a code cell's outputs."""
    found = []
    for output in cell.get("outputs", []):
        html = output.get("data", {}).get("text/html", "")
        html = "".join(html) if isinstance(html, list) else html
        if "data-position=" in html:
            found.append(html)
    return found


def shown_position(html: str) -> str:
    found = _POSITION.search(html)
    assert found is not None
    return unescape(found.group(1))


def instructions(prefix: str) -> list[tuple[str, str, str]]:
    """``(cell id, the position it names, the first picture after it)`` for each marked cell."""
    cells = notebook(prefix)["cells"]
    found = []
    for i, cell in enumerate(cells):
        wanted = cell.get("metadata", {}).get("kcw", {}).get("shows")
        if wanted is None:
            continue
        after = next((p for c in cells[i + 1 :] for p in pictures(c)), None)
        assert after is not None, f"notebook {prefix}, cell {cell['id']}: no table after it"
        found.append((str(cell["id"]), str(wanted), after))
    return found


@pytest.mark.parametrize("prefix", sorted(MARKED))
def test_the_table_under_each_instruction_shows_the_position_it_names(prefix: str) -> None:
    marked = instructions(prefix)
    assert len(marked) >= MARKED[prefix]
    for cell_id, wanted, html in marked:
        assert shown_position(html) == wanted, f"notebook {prefix}, under cell {cell_id}"


@pytest.mark.parametrize("prefix", CHECKED)
def test_every_picture_is_an_image_of_the_position_it_names(prefix: str) -> None:
    cells = notebook(prefix)["cells"]
    drawn = [html for cell in cells for html in pictures(cell)]
    assert drawn, f"notebook {prefix} shows no table"
    for html in drawn:
        assert "<svg" not in html, "inline SVG: an untrusted notebook strips it"
        table = parse_position(shown_position(html))
        seen = [i + 1 for i, hand in enumerate(table.hands) if not isinstance(hand, int)]
        viewer = seen[0] if len(seen) == 1 else None  # one hand face up: the viewer's
        assert Picture.decode(html) == table_svg(table, viewer=viewer), shown_position(html)
