"""The built-in lessons, stored as JSON files in ``kingscorner_widget/lessons/data``.

>>> names = lesson_names()
>>> names[:3]
['moves', 'worked-turn', 'pile-transfer']
>>> load_lesson("pile-transfer").title
'The pile-transfer combo'
>>> load_lesson("The pile-transfer combo") is load_lesson("pile-transfer")
True
"""

from __future__ import annotations

import functools
import re
from importlib import resources

from .model import Lesson

__all__ = ["builtin_lessons", "lesson_names", "load_lesson"]

_PACKAGE = "kingscorner_widget.lessons"
_PREFIX = re.compile(r"^\d+-")


@functools.cache
def _files() -> dict[str, str]:
    """Lesson name -> file name, in teaching order (the files are numbered)."""
    folder = resources.files(_PACKAGE).joinpath("data")
    names = sorted(entry.name for entry in folder.iterdir() if entry.name.endswith(".json"))
    return {_PREFIX.sub("", name.removesuffix(".json")): name for name in names}


def lesson_names() -> list[str]:
    """The names of the built-in lessons, in teaching order."""
    return list(_files())


@functools.cache
def _load_file(file_name: str) -> Lesson:
    text = resources.files(_PACKAGE).joinpath("data", file_name).read_text(encoding="utf-8")
    try:
        return Lesson.from_json(text)
    except ValueError as error:
        raise ValueError(f"built-in lesson {file_name}: {error}") from None


def load_lesson(name: str) -> Lesson:
    """A built-in lesson by name (``"pile-transfer"``) or title, in any case."""
    wanted = name.strip().lower()
    files = _files()
    if wanted in files:
        return _load_file(files[wanted])
    for file_name in files.values():
        lesson = _load_file(file_name)
        if lesson.title.lower() == wanted:
            return lesson
    raise ValueError(f"there is no built-in lesson {name!r}: try one of {', '.join(files)}")


def builtin_lessons() -> list[Lesson]:
    """Every built-in lesson, in teaching order."""
    return [_load_file(file_name) for file_name in _files().values()]
