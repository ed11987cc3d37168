"""The lesson format as a JSON Schema, shipped with the package as ``lesson.schema.json``.

Editors and other tools can check a lesson file's shape with it; loading a lesson
(:meth:`Lesson.from_json <kingscorner_widget.lessons.model.Lesson.from_json>`) checks the same
shape and, beyond it, every position and move against the engine.

>>> schema = lesson_schema()
>>> schema["required"], sorted(schema["$defs"]["step"]["required"])
(['title', 'steps'], ['narration', 'position'])
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any

__all__ = ["SCHEMA_FILE", "lesson_schema"]

SCHEMA_FILE = "lesson.schema.json"
"""The schema's file name inside the ``kingscorner_widget.lessons`` package."""


@functools.cache
def _text() -> str:
    return resources.files("kingscorner_widget.lessons").joinpath(SCHEMA_FILE).read_text("utf-8")


def lesson_schema() -> dict[str, Any]:
    """The lesson format's JSON Schema (draft 2020-12), a fresh dict on each call."""
    schema: dict[str, Any] = json.loads(_text())
    return schema
