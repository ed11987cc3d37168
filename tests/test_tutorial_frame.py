"""Each tutorial opens with what the learner will do and how long it takes, and ends with two
questions to talk about (a teacher plans a lesson from the first and closes it with the second)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from kingscorner_widget.course import TUTORIALS

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def cells(name: str) -> list[dict[str, object]]:
    found: list[dict[str, object]] = json.loads((NOTEBOOKS / name).read_text("utf-8"))["cells"]
    return found


def text(cell: dict[str, object]) -> str:
    source = cell["source"]
    return "".join(source) if isinstance(source, list) else str(source)


@pytest.mark.parametrize("name", TUTORIALS)
def test_a_tutorial_opens_with_its_objectives_and_time(name: str) -> None:
    found = cells(name)
    assert text(found[0]).startswith("# ")
    goals = found[1]
    assert goals["cell_type"] == "markdown"
    said = text(goals)
    assert re.match(r"\*\*In this notebook\*\* \(about \d+ minutes\) you will:\n\n", said), said
    assert len(re.findall(r"^\* .+", said, flags=re.MULTILINE)) >= 3


@pytest.mark.parametrize("name", TUTORIALS)
def test_a_tutorial_ends_with_two_discussion_prompts(name: str) -> None:
    last = cells(name)[-1]
    assert last["cell_type"] == "markdown"
    said = text(last)
    assert said.startswith("## Talk about it\n\n")
    prompts = re.findall(r"^\d\. (.+)$", said, flags=re.MULTILINE)
    assert len(prompts) == 2
    assert all("?" in prompt for prompt in prompts), prompts
