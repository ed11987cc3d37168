"""Where a learner's record lives, and how it is written: atomically, merged, off the click path.

``kingscorner-progress/<learner>.json`` beside the notebook (the kernel's working folder), or
under ``progress_dir``. Each write reads the file as it is now, puts this table's entry in
(replacing only its own, by id), and writes the whole document to a temporary file in the same
folder, flushed to disk (``fsync``), then moved over the old one (``os.replace``): a kernel
killed mid-write leaves the old record whole. A record past :data:`~.record.MAX_BYTES` is
refused with :class:`RecordTooLargeError` and the file stays as it was. A file that is not a record
(corrupt, another version) is moved aside (``<learner>.json.bad-<time>``), never overwritten.

Writes happen on one writer thread per process, a moment after the click (:class:`Writer`);
where no thread can start (Pyodide, the browser course) they happen at once, which is cheap.

On a folder others share, nothing another user plants is followed or waited on for long: the
folder itself, the record and its lock (``.<learner>.lock``) are opened without following a
link (``O_NOFOLLOW``) and checked to be a folder and plain files once open; a FIFO or device at
the record's place is refused (moved aside, never opened); the lock is waited for at most
:data:`LOCK_WAIT` seconds (then the write fails, is said, and is tried again later), so one
learner's lock held elsewhere never stops another learner's save or the kernel's exit; a
``.tmp`` left by a write that was killed is cleared after :data:`STALE` seconds. A record is
written readable by its group (``0640``), so a teacher in the learners' group can read them.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> store = RecordStore("ada", folder)
>>> store.path == folder / "ada.json", RecordStore("ada").path.parent.name
(True, 'kingscorner-progress')
>>> store.write({"id": "t1", "items": {}})["tables"][0]["id"]
't1'
>>> store.write({"id": "t2", "items": {}})["tables"][1]["id"], len(store.read()["tables"])
('t2', 2)
"""

from __future__ import annotations

import atexit
import contextlib
import datetime
import errno
import json
import os
import pathlib
import stat
import sys
import tempfile
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from typing import Any

from ..display.language import ENGLISH, gettext, speaking
from .record import MAX_BYTES, ProgressError, check_learner, check_record, empty_record

__all__ = ["FOLDER", "WRITER", "RecordStore", "RecordTooLargeError", "Writer"]

Json = dict[str, Any]
FOLDER = "kingscorner-progress"
"""The folder beside the notebook that holds the records."""
THREADS = sys.platform not in ("emscripten", "wasi")
"""Whether a writer thread can start here."""

LOCK_WAIT = 2.0
"""The longest a write waits for another process's lock on the same learner (seconds)."""
STALE = 600.0
"""A ``.tmp`` of this learner older than this (seconds) was left by a write that died."""
MODE = 0o640
"""A record's permissions: the learner writes, the group (a teacher) reads."""
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_LOCKS: dict[pathlib.Path, threading.Lock] = {}
_LOCKS_LOCK = threading.Lock()


class RecordTooLargeError(ProgressError):
    """A record that would pass the size cap: it is not written, and the file stays as it was.
    Its facts are kept (the learner, the size, the file: ``None`` for a record the class server
    keeps) so the learner's table says it in its own language (:meth:`words`)."""

    def __init__(self, learner: str, size: int, file: str | None = None) -> None:
        self.learner, self.size, self.file = learner, size, file
        with speaking(ENGLISH):
            super().__init__(self.said())

    def said(self) -> str:
        """The refusal in the language spoken."""
        if self.file is None:
            # TRANSLATORS: {learner}: the learner's name; {cap}: a number of bytes.
            return gettext("{learner}'s record would pass the cap of {cap} bytes").format(
                learner=self.learner, cap=MAX_BYTES
            )
        # TRANSLATORS: {learner}: the learner's name; {size} and {cap}: numbers of bytes;
        # {file}: the record's file name; progress_dir= is the table's argument, kept as is.
        return gettext(
            "{learner}'s record would be {size} bytes, over the cap of {cap}: it was not "
            "written, and {file} keeps everything saved before (start a new progress_dir= to go "
            "on recording)"
        ).format(learner=self.learner, size=self.size, cap=MAX_BYTES, file=self.file)


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


def _lock(path: pathlib.Path) -> threading.Lock:
    with _LOCKS_LOCK:
        return _LOCKS.setdefault(path, threading.Lock())


@contextlib.contextmanager
def _file_lock(folder: pathlib.Path, name: str, wait: float = LOCK_WAIT) -> Iterator[None]:
    """Another process writing the same learner waits (``flock`` where there is one), at most
    ``wait`` seconds: then :class:`ProgressError`. The lock file is opened without following a
    link and must be a plain file."""
    try:
        import fcntl
    except ImportError:  # Windows: one kernel writes a learner's file at a time
        yield
        return
    flock = getattr(fcntl, "flock", None)
    if flock is None:  # Pyodide's fcntl has none, and only one kernel runs in a browser tab
        yield
        return
    path = folder / f".{name}.lock"
    try:
        handle = os.open(path, os.O_RDWR | os.O_CREAT | _NOFOLLOW | _NONBLOCK, MODE)
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise ProgressError(f"{path.name} is a link, not this record's lock") from None
        raise ProgressError(f"{path.name} cannot be opened: {error.strerror}") from None
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            raise ProgressError(f"{path.name} is not a plain file, not this record's lock")
        deadline = time.monotonic() + wait
        while True:
            try:
                flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise ProgressError(
                        f"another program has held {path.name} for over {wait:g} s"
                    ) from None
                time.sleep(0.02)
            except OSError:  # a file system without locks: one writer at a time is all we get
                break
        yield
    finally:
        os.close(handle)


def _read_plain(path: pathlib.Path) -> bytes | None:
    """The bytes of the record at ``path`` (``None``: there is none), opened without following
    a link or waiting; a link, FIFO or device there is :class:`ProgressError`."""
    try:
        handle = os.open(path, os.O_RDONLY | _NOFOLLOW | _NONBLOCK)
    except FileNotFoundError:
        return None
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise ProgressError(f"{path.name} is a link (not followed)") from None
        raise
    with os.fdopen(handle, "rb") as file:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            raise ProgressError(f"{path.name} is not a plain file (a FIFO or a device)")
        if info.st_size > MAX_BYTES:
            raise ProgressError(f"{path.name} is {info.st_size} bytes, over the cap of {MAX_BYTES}")
        return file.read(MAX_BYTES + 1)


class RecordStore:
    """The record file of ``learner`` under ``progress_dir`` (default: ``kingscorner-progress``
    in the working folder)."""

    def __init__(self, learner: str, progress_dir: str | os.PathLike[str] | None = None) -> None:
        self.learner = check_learner(learner)
        folder = pathlib.Path(FOLDER) if progress_dir is None else pathlib.Path(progress_dir)
        self.folder = folder.absolute()
        self.path = self.folder / f"{self.learner}.json"
        """The record's file."""
        self.moved_aside: pathlib.Path | None = None
        """Where a file that was not a record went, if one was found."""

    def read(self) -> Json:
        """The record in the file now (an empty one when there is none). A file that is not a
        record raises :class:`ProgressError`."""
        raw = _read_plain(self.path)
        if raw is None:
            return empty_record(self.learner)
        try:
            data = json.loads(raw.decode("utf-8"))
        except RecursionError:
            raise ProgressError(f"{self.path.name} nests too deeply to read") from None
        except (UnicodeDecodeError, ValueError) as error:
            raise ProgressError(f"{self.path.name} is not valid JSON: {error}") from None
        data = check_record(data)
        if data["learner"] != self.learner:
            raise ProgressError(f"{self.path.name} is the record of {data['learner']!r}")
        return data

    def write(self, table: Json) -> Json:
        """Put ``table`` (this table's entry, by its ``id``) into the record and write it
        atomically; returns the record written. Past the cap: :class:`RecordTooLargeError`,
        nothing written."""
        self.folder.mkdir(parents=True, exist_ok=True)
        self._check_folder()
        with _lock(self.path), _file_lock(self.folder, self.learner):
            self._clear_stale()
            try:
                record = self.read()
            except ProgressError as error:
                record = self._set_aside(error)
            tables = [t for t in record["tables"] if t.get("id") != table["id"]]
            record["tables"] = [*tables, table]
            record["updated"] = _now()
            text = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
            data = text.encode("utf-8")
            if len(data) > MAX_BYTES:
                raise RecordTooLargeError(self.learner, len(data), self.path.name)
            atomic_write(self.path, data)
            return record

    def _check_folder(self) -> None:
        """Refuse a folder that is a link (it could send the record into another user's
        folder) or no folder at all."""
        info = os.lstat(self.folder)
        if stat.S_ISLNK(info.st_mode):
            raise ProgressError(
                f"{self.folder} is a link: records are never written through one (give the "
                "folder it points to as progress_dir=)"
            )
        if not stat.S_ISDIR(info.st_mode):
            raise ProgressError(f"{self.folder} is not a folder")

    def _clear_stale(self) -> None:
        """Remove this learner's ``.tmp`` files that a killed write left (older than
        :data:`STALE` seconds; only plain files, never through a link)."""
        now = time.time()
        prefix = f".{self.path.name}."
        with os.scandir(self.folder) as entries:
            for entry in entries:
                if not (entry.name.startswith(prefix) and entry.name.endswith(".tmp")):
                    continue
                with contextlib.suppress(OSError):
                    info = entry.stat(follow_symlinks=False)
                    if stat.S_ISREG(info.st_mode) and now - info.st_mtime > STALE:
                        os.unlink(entry.path)

    def _set_aside(self, error: ProgressError) -> Json:
        """Move a file that is not a record out of the way (kept, never overwritten)."""
        stamp = datetime.datetime.now(datetime.UTC).strftime("%Y%m%dT%H%M%S%f")
        aside = self.path.with_name(f"{self.path.name}.bad-{stamp}")
        os.replace(self.path, aside)
        self.moved_aside = aside
        warnings.warn(
            f"{error}; it was kept as {aside.name} and a new record started", stacklevel=2
        )
        return empty_record(self.learner)


def atomic_write(path: pathlib.Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so a reader sees the old file or the new, never half of one."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
            file.flush()
            with contextlib.suppress(OSError, AttributeError):
                os.fchmod(file.fileno(), MODE)
            os.fsync(file.fileno())
        try:
            os.replace(temporary, path)
        except OSError:
            if THREADS:  # a real file system: never write in place (it would follow a link)
                raise
            path.write_bytes(data)  # a browser file system without rename
            os.unlink(temporary)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    with contextlib.suppress(OSError, AttributeError):
        folder = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)


class Writer:
    """One thread that writes every record waiting, a moment (``delay`` seconds) after it was
    asked, so a burst of clicks costs one write. Where no thread can start, :meth:`ask` writes
    at once."""

    def __init__(self, delay: float = 0.05, threads: bool = THREADS) -> None:
        self.delay = delay
        self.threads = threads
        self._waiting: dict[int, Callable[[], None]] = {}
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._idle = threading.Event()
        self._idle.set()
        self._thread: threading.Thread | None = None

    def ask(self, key: int, write: Callable[[], None]) -> None:
        """Have ``write`` run soon (once, however often it is asked before it runs)."""
        if not self.threads:
            write()
            return
        with self._lock:
            self._waiting[key] = write
            self._idle.clear()
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(
                    target=self._run, name="kingscorner-record", daemon=True
                )
                self._thread.start()
        self._wake.set()

    def _run(self) -> None:
        while True:
            self._wake.wait()
            time.sleep(self.delay)
            self.flush()

    def flush(self) -> None:
        """Write everything waiting now (on the caller's thread)."""
        with self._lock:
            waiting, self._waiting = self._waiting, {}
            self._wake.clear()
        for write in waiting.values():
            write()
        with self._lock:
            if not self._waiting:
                self._idle.set()

    def wait(self, timeout: float = 5.0) -> bool:
        """Wait until nothing is waiting to be written; False if it took longer than
        ``timeout``."""
        return self._idle.wait(timeout)


WRITER = Writer()
"""The process's writer."""
atexit.register(WRITER.flush)
