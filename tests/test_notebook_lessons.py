"""The tutorials' saved outputs say what the lessons say now: a saved outline, or any saved line
that opens with a built-in lesson's title, is the lesson's own text today."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from kingscorner_widget.lessons import builtin_lessons, load_lesson

NOTEBOOKS = sorted((Path(__file__).parent.parent / "notebooks").glob("*.ipynb"))


def printed(cell: dict[str, Any]) -> str:
    """What a code cell's saved outputs printed."""
    return "".join(
        "".join(output["text"])
        for output in cell.get("outputs", [])
        if output.get("output_type") == "stream" and output.get("name") == "stdout"
    )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_saved_lesson_texts_are_what_the_lessons_say_now(path: Path) -> None:
    heads = {lesson.title: lesson.outline().splitlines()[0] for lesson in builtin_lessons()}
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    for cell in cells:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        named = re.search(r'load_lesson\("([^"]+)"\)', source)
        if named and "print(lesson.outline())" in source:
            assert printed(cell) == load_lesson(named.group(1)).outline() + "\n", source
        for line in printed(cell).splitlines():
            title = next((t for t in heads if line.startswith(f"{t}: ")), None)
            if title is not None:
                assert line == heads[title], (path.name, line)


def test_the_check_reads_the_saved_outlines() -> None:
    (first,) = (path for path in NOTEBOOKS if path.stem.startswith("01-"))
    cells = json.loads(first.read_text(encoding="utf-8"))["cells"]
    outlines = [cell for cell in cells if "print(lesson.outline())" in "".join(cell["source"])]
    assert len(outlines) >= 10
    assert all(printed(cell) for cell in outlines)
