"""A record from a learner's file made into the board's data, field by field, never trusted.

The board reads only what this module hands it: the fields it knows, each of its type and
within its bounds, every text made inert (:func:`~kingscorner_widget.sandbox.answers.inert`:
no escape code reaches a terminal) and cut to a length a board can show. An item or hand that
fails is left out and named with its reason (the rest of the record stands), and lists longer
than a real table writes are cut, saying so. Everything here is linear in the file's size.

>>> record = {"format": "kingscorner-progress", "version": 1, "learner": "ada", "tables": [
...     {"id": "t1", "items": {
...         "lesson:a": {"kind": "lesson", "title": "A\\x1b[2J", "finished": True, "stars": 3},
...         "puzzle:1": {"kind": "puzzle", "title": "P", "order": "first"}}}]}
>>> typed = typed_record(record)
>>> list(typed.tables[0]["items"]), typed.tables[0]["items"]["lesson:a"]["title"]
(['lesson:a'], 'A\\\\x1b[2J')
>>> typed.problems
["table 1 item 'puzzle:1' skipped: its order is not a whole number from 0 to 10000"]
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

from ..display.language import ENGLISH, LANGUAGES, PSEUDO, gettext
from ..sandbox.answers import inert
from .record import FORMAT, ITEM_KINDS, VERSION, ProgressError, check_learner
from .themes import THEMES

__all__ = [
    "MAX_DEPTH",
    "MAX_ITEMS",
    "TypedRecord",
    "depth_over",
    "said",
    "typed_record",
]

Json = dict[str, Any]
MAX_DEPTH = 32
"""The deepest nesting of lists and objects in a hand's game (a real one has about 6); the
board reads no other field that could nest."""
MAX_TABLES = 200
MAX_ITEMS = 300
"""Items read from one record, across its tables (a homework has at most 60 or so)."""
MAX_STEPS = 100
MAX_LIST = 500
"""Refused moves, moves tried, opponents: kept per step or hand."""
MAX_HANDS = 5000
MAX_REVIEWS = 1000
MAX_COUNT = 1_000_000
TITLE = 120
"""The longest title shown (longer ones are cut, with an ellipsis)."""
WORD = 64
"""The longest move, reason code or name shown."""
POSITION = 2000


class _SkipError(Exception):
    """An entry left out: the message says why."""


def said(text: str, limit: int = TITLE) -> str:
    r"""``text`` as the board shows it: inert, and cut at ``limit`` characters.

    >>> said("a\x1b[2Jb"), said("x" * 200, 5)
    ('a\\x1b[2Jb', 'xxxx…')
    """
    if len(text) <= limit and text.isprintable():
        return text
    if len(text) > limit * 4:
        text = text[: limit * 4]
    shown = inert(text)
    return shown if len(shown) <= limit else shown[: limit - 1] + "\u2026"


def depth_over(value: object, limit: int = MAX_DEPTH) -> bool:
    """Whether lists and objects in ``value`` nest deeper than ``limit`` (iterative: a deep
    value costs no recursion).

    >>> depth_over([[[]]], 2), depth_over([[[]]], 3)
    (True, False)
    """
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        current, depth = stack.pop()
        if isinstance(current, dict):
            children: Any = current.values()
        elif isinstance(current, list):
            children = current
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return False


def _count(value: object, what: str, top: int = MAX_COUNT) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
        raise _SkipError(f"its {what} is not a whole number from 0 to {top}")
    return value


def _number(value: object, what: str, top: float) -> float:
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not math.isfinite(value)
        or not 0 <= value <= top
    ):
        raise _SkipError(f"its {what} is not a number from 0 to {top:g}")
    return float(value)


def _flag(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise _SkipError(f"its {what} is not true or false")
    return value


def _text(value: object, what: str, limit: int = TITLE) -> str:
    if type(value) is not str:
        raise _SkipError(f"its {what} is not text")
    return _short(value, limit)


def _short(text: str, limit: int = WORD) -> str:
    """:func:`said` with the common case (short, printable) first."""
    return text if len(text) <= limit and text.isprintable() else said(text, limit)


def _words(value: object, what: str, limit: int = WORD) -> list[str]:
    if type(value) is not list:
        raise _SkipError(f"its {what} is not a list of text")
    kept: list[str] = []
    for word in value:
        if type(word) is not str:
            raise _SkipError(f"its {what} is not a list of text")
        if len(kept) < MAX_LIST:
            kept.append(_short(word, limit))
    return kept


_STEP_COUNTS: tuple[tuple[str, str], ...] = (
    ("attempts", "attempts"),
    ("moves", "moves"),
    ("hints", "hints"),
    ("shows", "show me"),
)


def _step(raw: object) -> Json:
    if type(raw) is not dict:
        raise _SkipError("a step is not an object")
    get = raw.get
    step: Json = {}
    for key, what in _STEP_COUNTS:
        value = get(key, 0)
        if type(value) is not int or not 0 <= value <= MAX_COUNT:
            raise _SkipError(f"its {what} is not a whole number from 0 to {MAX_COUNT}")
        step[key] = value
    refused = get("refused", [])
    if type(refused) is not list:
        raise _SkipError("a step's refused moves are not {move, code}")
    kept: list[Json] = []
    for entry in refused:
        move = entry.get("move") if type(entry) is dict else None
        code = entry.get("code") if type(entry) is dict else None
        if type(move) is not str or type(code) is not str:
            raise _SkipError("a step's refused moves are not {move, code}")
        if len(kept) < MAX_LIST:
            kept.append({"move": _short(move), "code": _short(code)})
    step["refused"] = kept
    step["tried"] = _words(get("tried", []), "moves tried")
    step["title"] = _text(get("title", ""), "step title")
    step["position"] = _text(get("position", ""), "step position", POSITION)
    step["seconds"] = _number(get("seconds", 0), "seconds", 10.0**7)
    step["done"] = _flag(get("done", False), "done")
    step["skipped"] = _flag(get("skipped", False), "skipped")
    return step


def _result(raw: object) -> Json:
    if not isinstance(raw, dict):
        raise _SkipError("its result is not an object")
    try:
        return {
            "won": _flag(raw.get("won"), "won"),
            "cardsLeft": _count(raw.get("cardsLeft"), "cards left", 52),
            "moves": _count(raw.get("moves", 0), "moves"),
            "opponents": _words(raw.get("opponents", []), "opponents"),
        }
    except _SkipError as error:
        raise _SkipError(f"its result is not a result ({error})") from None


def _item(key: str, raw: object) -> Json:
    if not isinstance(raw, dict):
        raise _SkipError("it is not an object")
    kind = raw.get("kind")
    if kind not in ITEM_KINDS or key.split(":", 1)[0] != kind:
        raise _SkipError("its kind is not that of its key")
    item: Json = {
        "kind": kind,
        "title": _text(raw.get("title", key), "title"),
        "order": _count(raw.get("order", 0), "order", 10_000),
        "finished": _flag(raw.get("finished", False), "finished"),
        "stars": _count(raw.get("stars", 0), "stars", 3),
    }
    steps = raw.get("steps", [])
    if not isinstance(steps, list) or len(steps) > MAX_STEPS:
        raise _SkipError(f"its steps are not a list of at most {MAX_STEPS}")
    item["steps"] = [_step(s) for s in steps]
    if kind == "puzzle":
        theme = raw.get("theme")
        if theme is not None and (not isinstance(theme, str) or theme not in THEMES):
            raise _SkipError("its theme is not one of the themes")
        solved = raw.get("solved")
        if solved not in (None, True, False):
            raise _SkipError("its solved is not true, false or empty")
        level = raw.get("difficulty")
        item.update(
            theme=theme,
            solved=solved,
            difficulty=None if level is None else _number(level, "difficulty", 1),
        )
    if kind == "daily" and (raw.get("finished") or "result" in raw):
        item["result"] = _result(raw.get("result"))
    return item


def _hand(raw: object) -> Json:
    if not isinstance(raw, dict):
        raise _SkipError("it is not an object")
    hand: Json = {
        "won": _flag(raw.get("won"), "won"),
        "cardsLeft": _count(raw.get("cardsLeft"), "cards left", 52),
        "moves": _count(raw.get("moves", 0), "moves"),
        "opponents": _words(raw.get("opponents", []), "opponents"),
        "hand": _count(raw.get("hand", 1), "hand number"),
        "viewer": _count(raw.get("viewer", 1), "viewer", 8),
    }
    at = raw.get("at", "")
    hand["at"] = at if isinstance(at, str) and len(at) <= WORD else ""
    daily = raw.get("daily")
    hand["daily"] = None if daily is None else _text(daily, "daily date", WORD)
    record = raw.get("record")
    if isinstance(record, dict) and depth_over(record):
        raise _SkipError(f"its game is nested deeper than {MAX_DEPTH}")
    hand["record"] = record if isinstance(record, dict) else None
    return hand


def _review(raw: object) -> Json:
    if not isinstance(raw, dict):
        raise _SkipError("it is not an object")
    accuracy = raw.get("accuracy")
    judge = raw.get("judge")
    if judge is not None and judge not in ("cards", "win"):
        raise _SkipError("its judge is not cards or win")
    return {
        "accuracy": None if accuracy is None else _number(accuracy, "accuracy", 1),
        "turns": _count(raw.get("turns", 0), "turns"),
        "judge": judge,
    }


@dataclasses.dataclass
class TypedRecord:
    """A record as the board reads it: its learner, its tables (typed), and what was left
    out, each with its reason."""

    learner: str
    tables: list[Json]
    problems: list[str]


def table_language(value: object) -> str | None:
    """A table's ``language`` as a record keeps it: a language a table speaks, or ``None``.

    >>> table_language("fr"), table_language("fr-CA"), table_language("<b>")
    ('fr', None, None)
    """
    return value if isinstance(value, str) and value in (*LANGUAGES, PSEUDO) else None


def _take_language(raw: Json, table: Json, where: str) -> list[str]:
    """Keep the language ``raw`` says its table spoke in ``table`` (English is said by saying
    none); the problem, if it names none a table speaks."""
    if "language" not in raw:
        return []
    spoken = table_language(raw["language"])
    if spoken is None:
        return [f"{where}'s language skipped: it is not one a table speaks"]
    if spoken != ENGLISH:
        table["language"] = spoken
    return []


def typed_record(data: object) -> TypedRecord:
    """``data`` (a parsed file) as the board's data; a document that is no record at all
    (no learner, no tables list, another version) raises :class:`ProgressError`."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ProgressError(gettext("the record is not a {format} record").format(format=FORMAT))
    if data.get("version") != VERSION:
        raise ProgressError(
            gettext("the record is version {found}; this reads version {version}").format(
                found=said(repr(data.get("version")), WORD), version=VERSION
            )
        )
    try:
        learner = check_learner(data.get("learner"))
    except ValueError:
        raise ProgressError(gettext("the record's learner is not a learner's name")) from None
    tables = data.get("tables")
    if not isinstance(tables, list):
        raise ProgressError(gettext("the record has no tables list"))
    problems: list[str] = []
    if len(tables) > MAX_TABLES:
        problems.append(f"{len(tables)} tables, over the cap of {MAX_TABLES}: the rest skipped")
    typed: list[Json] = []
    items_left = MAX_ITEMS
    for number, raw in enumerate(tables[:MAX_TABLES], start=1):
        where = f"table {number}"
        if not isinstance(raw, dict) or not isinstance(raw.get("id"), str) or not raw["id"]:
            problems.append(f"{where} skipped: it is not a table with an id")
            continue
        table: Json = {"id": said(raw["id"], WORD), "items": {}, "hands": [], "reviews": []}
        problems.extend(_take_language(raw, table, where))
        items = raw.get("items", {})
        if not isinstance(items, dict):
            problems.append(f"{where}'s items skipped: they are not an object")
            items = {}
        if len(items) > items_left:
            problems.append(
                f"{where} has {len(items)} items, over the cap of {MAX_ITEMS} a record: "
                "the rest skipped"
            )
        for key, item in list(items.items())[: max(items_left, 0)]:
            try:
                if not isinstance(key, str) or len(key) > TITLE or inert(key) != key:
                    raise _SkipError("its key is not an item's key")
                table["items"][key] = _item(key, item)
            except _SkipError as error:
                problems.append(f"{where} item {said(repr(key), WORD)} skipped: {error}")
        items_left -= len(items)
        for field, read, cap in (("hands", _hand, MAX_HANDS), ("reviews", _review, MAX_REVIEWS)):
            entries = raw.get(field, [])
            if not isinstance(entries, list):
                problems.append(f"{where}'s {field} skipped: they are not a list")
                continue
            if len(entries) > cap:
                problems.append(f"{where} has {len(entries)} {field}, over the cap of {cap}")
            for index, entry in enumerate(entries[:cap], start=1):
                try:
                    table[field].append(read(entry))
                except _SkipError as error:
                    problems.append(f"{where} {field[:-1]} {index} skipped: {error}")
        typed.append(table)
    return TypedRecord(learner, typed, problems)
