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
import json
import os
import pathlib
import sys
import tempfile
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from typing import Any

from .record import MAX_BYTES, ProgressError, check_learner, check_record, empty_record

__all__ = ["FOLDER", "WRITER", "RecordStore", "RecordTooLargeError", "Writer"]

Json = dict[str, Any]
FOLDER = "kingscorner-progress"
"""The folder beside the notebook that holds the records."""
THREADS = sys.platform not in ("emscripten", "wasi")
"""Whether a writer thread can start here."""

_LOCKS: dict[pathlib.Path, threading.Lock] = {}
_LOCKS_LOCK = threading.Lock()


class RecordTooLargeError(ProgressError):
    """A record that would pass the size cap: it is not written, and the file stays as it was."""


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


def _lock(path: pathlib.Path) -> threading.Lock:
    with _LOCKS_LOCK:
        return _LOCKS.setdefault(path, threading.Lock())


@contextlib.contextmanager
def _file_lock(folder: pathlib.Path, name: str) -> Iterator[None]:
    """Another process writing the same learner waits (``flock`` where there is one)."""
    try:
        import fcntl
    except ImportError:  # Windows: one kernel writes a learner's file at a time
        yield
        return
    flock = getattr(fcntl, "flock", None)
    if flock is None:  # Pyodide's fcntl has none, and only one kernel runs in a browser tab
        yield
        return
    try:
        handle = open(folder / f".{name}.lock", "a+b")  # noqa: SIM115 - held for the block
    except OSError:
        yield
        return
    with handle:
        with contextlib.suppress(OSError):
            flock(handle, fcntl.LOCK_EX)
        yield


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
        try:
            size = self.path.stat().st_size
        except FileNotFoundError:
            return empty_record(self.learner)
        if size > MAX_BYTES:
            raise ProgressError(f"{self.path.name} is {size} bytes, over the cap of {MAX_BYTES}")
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
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
        with _lock(self.path), _file_lock(self.folder, self.learner):
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
                raise RecordTooLargeError(
                    f"{self.learner}'s record would be {len(data)} bytes, over the cap of "
                    f"{MAX_BYTES}: it was not written, and {self.path.name} keeps everything "
                    "saved before (start a new progress_dir= to go on recording)"
                )
            atomic_write(self.path, data)
            return record

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
            os.fsync(file.fileno())
        try:
            os.replace(temporary, path)
        except OSError:  # a browser file system without rename: write in place
            path.write_bytes(data)
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
