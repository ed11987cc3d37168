"""Every learner's record under a folder, read as data and never trusted.

A folder of records comes in three shapes, all read the same way: flat (``ada.json``, as the
browser course's learners download and hand them in), the notebook's own
``kingscorner-progress/`` folders, or nbgrader's ``submitted/<student>/<assignment>/`` (where the
student's folder name is who handed it in, and names the learner). Every ``*.json`` file under
the folder is looked at (symbolic links are not followed); one that is not a record at all
(another program's JSON) is passed over, and one that should be but fails (corrupt, truncated,
oversized, another version, unreadable, not of the record's shape) is kept as a
:class:`BadRecord` with its reason. A record is only ever parsed as JSON: nothing in it is run
or imported.

>>> import tempfile, pathlib, json
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "ada.json").write_text(json.dumps(empty_record("ada")))
>>> _ = (folder / "bo.json").write_text('{"format": "kingscorner-progress", "ver')
>>> found = read_folder(folder)
>>> [r.learner for r in found.records], [(b.name, b.reason) for b in found.bad]
(['ada'], [('bo.json', 'truncated: the file ends in the middle of the record')])
"""

from __future__ import annotations

import dataclasses
import json
import os
import pathlib
from collections.abc import Iterator
from typing import Any

from .record import FORMAT, MAX_BYTES, ProgressError, check_record, empty_record

__all__ = ["BadRecord", "Found", "LearnerRecord", "read_folder", "read_record_file"]

Json = dict[str, Any]
OTHER_FORMATS = ("kingscorner-homework", "kingscorner-game", "kingscorner-match")
"""Files of the project's other formats, passed over quietly."""
MAX_FILES = 20_000


@dataclasses.dataclass
class LearnerRecord:
    """One learner's record (the tables of every file found for them, merged by table id)."""

    learner: str
    tables: list[Json]
    files: list[str]
    """The files it was read from, relative to the folder."""


@dataclasses.dataclass(frozen=True)
class BadRecord:
    """A file that should be a record and is not: its name (relative) and why."""

    name: str
    reason: str


@dataclasses.dataclass
class Found:
    """What a folder holds: the learners' records, and the bad files."""

    records: list[LearnerRecord]
    bad: list[BadRecord]


def _files(folder: pathlib.Path) -> Iterator[pathlib.Path]:
    for root, dirs, names in os.walk(folder, followlinks=False):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(names):
            if (
                name.endswith(".json")
                and not name.startswith(".")
                and not name.endswith(".schema.json")
            ):
                yield pathlib.Path(root, name)


def _student(relative: pathlib.PurePath) -> str | None:
    """nbgrader's student: the folder after ``submitted`` (or ``autograded``)."""
    parts = relative.parts
    for marker in ("submitted", "autograded", "feedback"):
        if marker in parts[:-1]:
            index = parts.index(marker)
            if index + 1 < len(parts) - 1:
                return parts[index + 1]
    return None


def _json_problem(text: str, error: json.JSONDecodeError) -> str:
    if error.pos >= len(text.rstrip()) - 1 or "Unterminated" in error.msg:
        return "truncated: the file ends in the middle of the record"
    return f"corrupted: not valid JSON ({error.msg}, line {error.lineno})"


def read_record_file(path: pathlib.Path) -> Json | None:
    """The record in ``path``; ``None`` for another program's JSON; :class:`ProgressError` with
    the reason for a file that should be a record and is not."""
    try:
        if path.is_symlink():
            raise ProgressError("unreadable: a symbolic link (not followed)")
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise ProgressError(f"oversized: {size} bytes, over the cap of {MAX_BYTES}")
        raw = path.read_bytes()
    except OSError as error:
        raise ProgressError(f"unreadable: {error.strerror or error}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ProgressError("corrupted: not UTF-8 text") from None
    if not text.strip():
        raise ProgressError("truncated: the file is empty")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ProgressError(_json_problem(text, error)) from None
    except RecursionError:  # a student's file is untrusted: '[[[[…' deeper than the parser goes
        raise ProgressError("not a record: lists or objects nested too deeply") from None
    if isinstance(data, dict):
        shown = data.get("format")
        if isinstance(shown, str) and shown.split("/")[0] in OTHER_FORMATS:
            return None
        if shown != FORMAT and "tables" not in data and "learner" not in data:
            return None
    try:
        return check_record(data)
    except ProgressError as error:
        text = str(error)
        if "version" in text:
            raise ProgressError(f"wrong version: {text}") from None
        raise ProgressError(f"not a record: {text}") from None


def read_folder(folder: str | os.PathLike[str]) -> Found:
    """Every record under ``folder``, merged by learner, and every bad one with its reason."""
    root = pathlib.Path(folder)
    if not root.is_dir():
        raise NotADirectoryError(f"{root} is not a folder of records")
    learners: dict[str, LearnerRecord] = {}
    bad: list[BadRecord] = []
    for count, path in enumerate(_files(root)):
        relative = path.relative_to(root)
        if count >= MAX_FILES:
            bad.append(BadRecord(str(relative), f"more than {MAX_FILES} files: the rest skipped"))
            break
        try:
            data = read_record_file(path)
        except ProgressError as error:
            bad.append(BadRecord(str(relative), str(error)))
            continue
        if data is None:
            continue
        learner = _student(relative) or data["learner"]
        found = learners.setdefault(learner, LearnerRecord(learner, [], []))
        known = {t["id"] for t in found.tables}
        found.tables.extend(t for t in data["tables"] if t["id"] not in known)
        found.files.append(str(relative))
    records = sorted(learners.values(), key=lambda r: r.learner.casefold())
    return Found(records, bad)


def empty(learner: str) -> LearnerRecord:
    """A learner with no table yet."""
    return LearnerRecord(learner, empty_record(learner)["tables"], [])
