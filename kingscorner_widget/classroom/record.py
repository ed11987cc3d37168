"""A learner's record: one versioned JSON document of what they did at their tables.

The document (``format`` ``kingscorner-progress``, ``version`` 1; its JSON Schema ships as
``progress.schema.json``) names the ``learner`` and holds one entry per table opened for them
(``tables``, each with its own ``id``), so two tables of the same learner write side by side and
never overwrite each other. A table's ``items`` are keyed ``lesson:<name>``, ``puzzle:<n>`` or
``daily:<date>``; each has its ``steps`` (attempts, refused moves with their reason codes, the
moves tried, hints, Show me, seconds, done), and once finished its ``stars``; ``hands`` lists
the hands played (against whom, won or not), ``reviews`` a review's accuracy.

Stars follow lichess's learn grading, step by step: a step done with no slip (no refused move,
no hint) earns 3; with at most one slip per eight moves the step asks for (at least one slip),
2; with more, or with Show me, 1; a step skipped earns 0. A lesson's stars are the mean of its
steps' (those with a move to make), rounded half up.

>>> step_stars({"done": True, "refused": [], "hints": 0, "shows": 0, "moves": 1})
3
>>> step_stars({"done": True, "refused": [{"move": "Th>E", "code": "rank"}], "hints": 0,
...             "shows": 0, "moves": 1})
2
>>> lesson_stars([3, 2, 2])
2
>>> check_learner("ada")
'ada'
>>> check_learner("../etc/passwd")
Traceback (most recent call last):
...
ValueError: a learner's name is letters, digits, spaces, dots, hyphens and underscores (up to 64, \
starting with a letter or digit), not '../etc/passwd'
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Iterable, Mapping
from importlib import resources
from typing import Any

from ..display.language import ENGLISH, LANGUAGES, PSEUDO
from ..table.look import Look

__all__ = [
    "FORMAT",
    "MAX_BYTES",
    "VERSION",
    "ProgressError",
    "check_learner",
    "check_record",
    "empty_record",
    "lesson_stars",
    "progress_schema",
    "step_stars",
]

Json = dict[str, Any]

FORMAT = "kingscorner-progress"
VERSION = 1
MAX_BYTES = 2_000_000
"""The largest record a table writes or a board reads (bytes of JSON)."""
SCHEMA_FILE = "progress.schema.json"
_NAME = re.compile(r"[^\W_][\w .-]{0,63}")
NAME_RULE = (
    "a learner's name is letters, digits, spaces, dots, hyphens and underscores (up to 64, "
    "starting with a letter or digit)"
)
_WINDOWS = {
    "con",
    "prn",
    "aux",
    "nul",
    *(f"com{i}" for i in range(10)),
    *(f"lpt{i}" for i in range(10)),
}
ITEM_KINDS = ("lesson", "puzzle", "daily")


class ProgressError(ValueError):
    """A record that cannot be read or written: the message says why."""


def check_learner(name: object) -> str:
    """``name`` as a learner's name, or ``ValueError``: it becomes a file name, so no path
    separators, no leading dot, no ``..``, nothing a file system would read as a device."""
    if (
        not isinstance(name, str)
        or not _NAME.fullmatch(name)
        or ".." in name
        or name.endswith((".", " "))
        or name.split(".")[0].lower() in _WINDOWS
    ):
        raise ValueError(f"{NAME_RULE}, not {name!r}")
    return name


def empty_record(learner: str) -> Json:
    """A record with no table yet."""
    return {"format": FORMAT, "version": VERSION, "learner": check_learner(learner), "tables": []}


def step_stars(step: Mapping[str, Any]) -> int:
    """A step's stars (the rule is in the module's docstring)."""
    if not step.get("done"):
        return 0
    if step.get("shows", 0):
        return 1
    slips = len(step.get("refused", ())) + int(step.get("hints", 0))
    if slips == 0:
        return 3
    allowed = max(1, int(step.get("moves", 1)) // 8)
    return 2 if slips <= allowed else 1


def lesson_stars(stars: Iterable[int]) -> int:
    """A lesson's stars: the mean of its steps', rounded half up (0 for no step)."""
    found = list(stars)
    return math.floor(sum(found) / len(found) + 0.5) if found else 0


@functools.cache
def _schema_text() -> str:
    return resources.files("kingscorner_widget.classroom").joinpath(SCHEMA_FILE).read_text("utf-8")


def progress_schema() -> Json:
    """The record's JSON Schema (draft 2020-12), a fresh dict on each call."""
    schema: Json = json.loads(_schema_text())
    return schema


# -- checking a record read from a file (the board's and the table's own) --------------------


def _need(ok: bool, where: str, what: str) -> None:
    if not ok:
        raise ProgressError(f"{where} {what}")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _is_num(value: object) -> bool:
    return (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and math.isfinite(value)
        and value >= 0
    )


def _check_step(step: object, where: str) -> None:
    _need(isinstance(step, dict), where, "is not an object")
    assert isinstance(step, dict)
    for key in ("attempts", "hints", "shows", "moves"):
        _need(_is_int(step.get(key, 0)), where, f"has a bad {key}")
    _need(_is_num(step.get("seconds", 0)), where, "has bad seconds")
    _need(isinstance(step.get("done", False), bool), where, "has a bad done")
    refused = step.get("refused", [])
    _need(isinstance(refused, list), where, "has a bad refused list")
    for entry in refused:
        _need(
            isinstance(entry, dict)
            and isinstance(entry.get("move"), str)
            and isinstance(entry.get("code"), str),
            where,
            "has a refused move that is not {move, code}",
        )
    tried = step.get("tried", [])
    _need(
        isinstance(tried, list) and all(isinstance(m, str) for m in tried), where, "has bad tried"
    )


def _check_item(key: object, item: object, where: str) -> None:
    _need(
        isinstance(key, str) and key.split(":", 1)[0] in ITEM_KINDS, where, f"has a bad key {key!r}"
    )
    _need(isinstance(item, dict), where, "is not an object")
    assert isinstance(item, dict)
    _need(item.get("kind") in ITEM_KINDS, where, "has a bad kind")
    _need(isinstance(item.get("title", ""), str), where, "has a bad title")
    stars = item.get("stars", 0)
    _need(_is_int(stars) and stars <= 3, where, "has bad stars")
    _need(isinstance(item.get("finished", False), bool), where, "has a bad finished")
    _need(item.get("solved") in (None, True, False), where, "has a bad solved")
    steps = item.get("steps", [])
    _need(isinstance(steps, list), where, "has bad steps")
    for number, step in enumerate(steps, start=1):
        _check_step(step, f"{where} step {number}")


def _check_table(table: object, where: str) -> None:
    _need(isinstance(table, dict), where, "is not an object")
    assert isinstance(table, dict)
    _need(isinstance(table.get("id"), str) and bool(table["id"]), where, "has no id")
    items = table.get("items", {})
    _need(isinstance(items, dict), where, "has bad items")
    for key, item in items.items():
        _check_item(key, item, f"{where} item {key!r}")
    hands = table.get("hands", [])
    _need(isinstance(hands, list), where, "has bad hands")
    for number, hand in enumerate(hands, start=1):
        _need(
            isinstance(hand, dict)
            and isinstance(hand.get("won"), bool)
            and _is_int(hand.get("cardsLeft"))
            and isinstance(hand.get("opponents", []), list),
            where,
            f"hand {number} is not a hand (won, cardsLeft, opponents)",
        )
    if "look" in table:
        try:
            Look.read(table["look"])
        except ValueError as error:
            raise ProgressError(f"{where}: {error}") from None
    _need(
        table.get("language", ENGLISH) in (*LANGUAGES, PSEUDO),
        where,
        "has a language no table speaks",
    )
    reviews = table.get("reviews", [])
    _need(isinstance(reviews, list), where, "has bad reviews")
    for review in reviews:
        accuracy = review.get("accuracy") if isinstance(review, dict) else -1
        _need(accuracy is None or (_is_num(accuracy) and accuracy <= 1), where, "has a bad review")


def check_record(data: object) -> Json:
    """``data`` if it is a progress record of this version, else :class:`ProgressError` naming
    what is wrong (the first thing found)."""
    _need(isinstance(data, dict), "the record", "is not a JSON object")
    assert isinstance(data, dict)
    _need(data.get("format") == FORMAT, "the record", f"is not a {FORMAT} record")
    version = data.get("version")
    if version != VERSION:
        raise ProgressError(f"the record is version {version!r}; this reads version {VERSION}")
    try:
        check_learner(data.get("learner"))
    except ValueError as error:
        raise ProgressError(f"the record's learner: {error}") from None
    tables = data.get("tables")
    _need(isinstance(tables, list), "the record", "has no tables list")
    assert isinstance(tables, list)
    for number, table in enumerate(tables, start=1):
        _check_table(table, f"table {number}")
    return data
