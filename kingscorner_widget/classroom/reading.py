"""Every learner's record under a folder, read as data and never trusted.

A folder of records comes in three shapes, all read the same way: flat (``ada.json``, as the
browser course's learners download and hand them in), the notebook's own
``kingscorner-progress/`` folders, or nbgrader's ``submitted/<student>/<assignment>/`` (where the
student's folder name is who handed it in, and names the learner). Whose record a file is comes
from where it was handed in, never from what it says: nbgrader's student folder, else the
file's name (``ada.json`` is ada's, whatever its ``learner`` field holds); a file that names
someone else, two spellings of one name (compared after NFKC and casefolding) and a name that
looks like another's (:mod:`.names`) are flagged on the learner. Every ``*.json`` file under
the folder is looked at; one that is not a record at all (another program's JSON) is passed
over, and one that should be but fails (corrupt, truncated, oversized, nested too deeply,
another version, unreadable, not of the record's shape) is kept as a :class:`BadRecord` with
its reason. A record is only ever parsed as JSON: nothing in it is run or imported.

No file can stop or slow the board: links and anything that is not a plain file (a FIFO, a
device) are named and never opened; a file is opened without following a link and without
waiting (``O_NOFOLLOW | O_NONBLOCK``), checked again once open, and read up to
:data:`~.record.MAX_BYTES`; a number too long to read and nesting deeper than the parser goes
are refused; the record is then typed field by field (:mod:`.typed`: only the fields the board
knows are read, each entry left out named with its reason). One student's folder counts at most
:data:`MAX_FILES` files (the rest are named as skipped), so a flood hides nobody else.

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
import errno
import json
import os
import pathlib
import stat
from collections.abc import Iterator
from typing import Any

from ..display.language import N_, gettext
from .names import look_alikes, name_key
from .record import FORMAT, MAX_BYTES, VERSION, ProgressError, check_learner, empty_record
from .typed import WORD, said, typed_record

__all__ = ["BadRecord", "Found", "LearnerRecord", "read_folder", "read_record_file"]

Json = dict[str, Any]
OTHER_FORMATS = ("kingscorner-homework", "kingscorner-game", "kingscorner-match")
"""Files of the project's other formats, passed over quietly."""
MAX_FILES = 1_000
"""Files read from one student's folder (nbgrader's ``submitted/<student>``)."""
MAX_TOTAL = 100_000
"""Files read from the whole folder."""
NAME = 160
"""The longest file name shown."""
_OPEN = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
_KINDS = (
    (stat.S_ISLNK, N_("not a file: a symbolic link (not followed)")),
    (stat.S_ISDIR, N_("not a file: a folder")),
    (stat.S_ISFIFO, N_("not a file: a FIFO (named pipe), not opened")),
    (stat.S_ISSOCK, N_("not a file: a socket, not opened")),
    (stat.S_ISCHR, N_("not a file: a character device, not opened")),
    (stat.S_ISBLK, N_("not a file: a block device, not opened")),
)


@dataclasses.dataclass
class LearnerRecord:
    """One learner's record (the tables of every file found for them, merged by table id)."""

    learner: str
    tables: list[Json]
    files: list[str]
    """The files it was read from, relative to the folder."""
    flags: list[str] = dataclasses.field(default_factory=list)
    """Why the teacher should look at this learner's record: a file that names someone
    else, two spellings of the name, a look-alike name."""


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


def _kind(mode: int) -> str | None:
    """Why a file that is not a plain file is not read, in words (``None`` for a plain file)."""
    if stat.S_ISREG(mode):
        return None
    words = next((words for test, words in _KINDS if test(mode)), None)
    return gettext(words or N_("not a file: not a plain file, not opened"))


def _student(relative: pathlib.PurePath, root: pathlib.Path) -> str | None:
    """nbgrader's student: the folder after ``submitted`` (or ``autograded``, ``feedback``),
    or the first folder when the board reads one of those itself."""
    markers = ("submitted", "autograded", "feedback")
    parts = relative.parts
    if root.absolute().name in markers and len(parts) > 1:
        return parts[0]
    for marker in markers:
        if marker in parts[:-1]:
            index = parts.index(marker)
            if index + 1 < len(parts) - 1:
                return parts[index + 1]
    return None


def _json_problem(text: str, error: json.JSONDecodeError) -> str:
    if error.pos >= len(text.rstrip()) - 1 or "Unterminated" in error.msg:
        return gettext("truncated: the file ends in the middle of the record")
    # TRANSLATORS: {error} is Python's JSON parser's own message (in English)
    return gettext("corrupted: not valid JSON ({error}, line {line})").format(
        error=error.msg, line=error.lineno
    )


def _read_bytes(path: pathlib.Path) -> bytes:
    """The bytes of ``path``, a plain file opened without following a link or waiting."""
    try:
        kind = _kind(path.lstat().st_mode)
        if kind is not None:
            raise ProgressError(kind)
        descriptor = os.open(path, _OPEN)
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise ProgressError(gettext(_KINDS[0][1])) from None
        raise ProgressError(_unreadable(error)) from None
    try:
        info = os.fstat(descriptor)
        kind = _kind(info.st_mode)
        if kind is not None:  # changed between the look and the open
            raise ProgressError(kind)
        if info.st_size > MAX_BYTES:
            raise ProgressError(
                gettext("oversized: {size} bytes, over the cap of {cap}").format(
                    size=info.st_size, cap=MAX_BYTES
                )
            )
        chunks: list[bytes] = []
        size = 0
        while size <= MAX_BYTES:
            chunk = os.read(descriptor, min(1 << 20, MAX_BYTES + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > MAX_BYTES:
            raise ProgressError(
                gettext("oversized: over the cap of {cap} bytes").format(cap=MAX_BYTES)
            )
        return b"".join(chunks)
    except OSError as error:
        raise ProgressError(_unreadable(error)) from None
    finally:
        os.close(descriptor)


def _unreadable(error: OSError) -> str:
    # TRANSLATORS: {error} is the operating system's reason (in its own language)
    return gettext("unreadable: {error}").format(error=error.strerror or error)


def read_record_file(path: pathlib.Path) -> Json | None:
    """The record in ``path``; ``None`` for another program's JSON; :class:`ProgressError` with
    the reason for a file that should be a record and is not. The record is parsed and bounded
    (size, nesting, numbers), not yet typed (:func:`~.typed.typed_record` does that)."""
    raw = _read_bytes(path)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ProgressError(gettext("corrupted: not UTF-8 text")) from None
    if not text.strip():
        raise ProgressError(gettext("truncated: the file is empty"))
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ProgressError(_json_problem(text, error)) from None
    except RecursionError:  # a student's file is untrusted: '[[[[…' deeper than the parser goes
        raise ProgressError(
            gettext("not a record: lists or objects nested too deeply to read")
        ) from None
    except ValueError:  # Python reads no integer of more than sys.get_int_max_str_digits()
        raise ProgressError(gettext("not a record: a number too long to read")) from None
    if isinstance(data, dict):
        shown = data.get("format")
        if isinstance(shown, str) and shown.split("/")[0] in OTHER_FORMATS:
            return None
        if shown != FORMAT and "tables" not in data and "learner" not in data:
            return None
    if not isinstance(data, dict):
        raise ProgressError(gettext("not a record: the record is not a JSON object"))
    return data


def read_folder(folder: str | os.PathLike[str]) -> Found:
    """Every record under ``folder``, merged by learner, and every bad one with its reason."""
    root = pathlib.Path(folder)
    if not root.is_dir():
        raise NotADirectoryError(gettext("{folder} is not a folder of records").format(folder=root))
    learners: dict[str, LearnerRecord] = {}
    bad: list[BadRecord] = []
    ids: dict[str, set[str]] = {}
    per_student: dict[str | None, int] = {}
    total = 0
    for path in _files(root):
        relative = path.relative_to(root)
        name = said(str(relative), NAME)
        student = _student(relative, root)
        seen = per_student.get(student, 0)
        per_student[student] = seen + 1
        if student is not None and seen >= MAX_FILES:
            if seen == MAX_FILES:
                bad.append(
                    BadRecord(
                        said(f"submitted/{student}/", NAME),
                        gettext(
                            "more than {most} files in one student's folder: the rest skipped"
                        ).format(most=MAX_FILES),
                    )
                )
            continue
        total += 1
        if total > MAX_TOTAL:
            bad.append(
                BadRecord(
                    name,
                    gettext("more than {most} files: the rest skipped").format(most=MAX_TOTAL),
                )
            )
            break
        try:
            data = read_record_file(path)
        except ProgressError as error:  # the file's own reason: not a file, not JSON, too big
            bad.append(BadRecord(name, said(str(error), NAME + WORD)))
            continue
        if data is None:
            continue
        try:
            typed = typed_record(data)
        except ProgressError as error:
            bad.append(BadRecord(name, _reason(str(error), data)))
            continue
        bad.extend(BadRecord(name, problem) for problem in typed.problems)
        owner = _owner(student, path, typed.learner)
        key = name_key(owner)
        found = learners.get(key)
        if found is None:
            found = learners[key] = LearnerRecord(owner, [], [])
            ids[key] = set()
        elif owner != found.learner:
            found.flags.append(
                gettext("{file} spells the name {name}").format(file=name, name=owner)
            )
        if name_key(typed.learner) != key:
            found.flags.append(
                gettext("{file} says it is the record of {name}").format(
                    file=name, name=said(typed.learner, WORD)
                )
            )
        elif student is None and path.stem != owner:
            found.flags.append(
                gettext("{file}: the file's name is no learner's name").format(file=name)
            )
        found.tables.extend(t for t in typed.tables if t["id"] not in ids[key])
        ids[key].update(t["id"] for t in typed.tables)
        found.files.append(name)
    for learner, why in look_alikes(r.learner for r in learners.values()).items():
        # TRANSLATORS: {why} says how a learner's name was written with look-alike letters
        learners[name_key(learner)].flags.append(gettext("the name {why}").format(why=why))
    records = sorted(learners.values(), key=lambda r: name_key(r.learner))
    return Found(records, bad)


def _owner(student: str | None, path: pathlib.Path, named: str) -> str:
    """Whose record a file is, from where it was handed in: nbgrader's student folder, else
    the file's name; only a file whose name is no learner's name is taken at its word."""
    if student is not None:
        return said(student, WORD)
    try:
        return check_learner(path.stem)
    except ValueError:
        return named


def _reason(text: str, data: Json) -> str:
    """A reason typing gave, as the board shows it: a record of another version, or not a
    record."""
    if data.get("format") == FORMAT and data.get("version") != VERSION:
        return said(gettext("wrong version: {reason}").format(reason=text), NAME + WORD)
    return said(gettext("not a record: {reason}").format(reason=text), NAME + WORD)


def empty(learner: str) -> LearnerRecord:
    """A learner with no table yet."""
    return LearnerRecord(learner, empty_record(learner)["tables"], [])
