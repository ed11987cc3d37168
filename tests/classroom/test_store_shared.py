"""The record's writer on a folder others share: nothing planted is followed or waited on."""

from __future__ import annotations

import errno
import fcntl
import json
import os
import pathlib
import stat
import threading
import time

import pytest

from kingscorner_widget import KingsCornerWidget
from kingscorner_widget.classroom import store
from kingscorner_widget.classroom.record import ProgressError
from kingscorner_widget.classroom.recorder import SAVED_AGAIN, Recorder
from kingscorner_widget.classroom.store import LOCK_WAIT, STALE, RecordStore, Writer

TABLE = {"id": "t1", "items": {}}


def within(seconds: float, work: object) -> None:
    """Run ``work`` on a thread; fail if it has not ended within ``seconds`` (a limit on a
    hang, not a wait: the work ends in a fraction of it)."""
    errors: list[BaseException] = []

    def run() -> None:
        try:
            work()  # type: ignore[operator]
        except BaseException as error:
            errors.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), "it hung"
    if errors:
        raise errors[0]


def test_a_planted_lock_link_is_not_followed(tmp_path: pathlib.Path) -> None:
    target = tmp_path / "elsewhere" / "created"
    target.parent.mkdir()
    (tmp_path / ".ada.lock").symlink_to(target)
    with pytest.raises(ProgressError, match="is a link"):
        RecordStore("ada", tmp_path).write(TABLE)
    assert not target.exists()


def test_a_progress_dir_that_is_a_link_is_refused(tmp_path: pathlib.Path) -> None:
    other = tmp_path / "other-users-folder"
    other.mkdir()
    (tmp_path / "progress").symlink_to(other)
    with pytest.raises(ProgressError, match="is a link"):
        RecordStore("ada", tmp_path / "progress").write(TABLE)
    assert list(other.iterdir()) == []


def test_a_fifo_at_the_record_is_refused_not_opened(tmp_path: pathlib.Path) -> None:
    os.mkfifo(tmp_path / "bo.json")
    written = RecordStore("bo", tmp_path)
    with pytest.warns(UserWarning, match="not a plain file"):
        within(60, lambda: written.write(TABLE))
    assert stat.S_ISREG(os.lstat(tmp_path / "bo.json").st_mode)
    assert written.moved_aside is not None
    assert stat.S_ISFIFO(os.lstat(written.moved_aside).st_mode)


def test_a_lock_held_elsewhere_is_waited_for_with_a_limit(tmp_path: pathlib.Path) -> None:
    RecordStore("ada", tmp_path).write(TABLE)
    holder = os.open(tmp_path / ".ada.lock", os.O_RDWR)
    fcntl.flock(holder, fcntl.LOCK_EX)  # another user's process holds ada's lock
    try:
        started = time.monotonic()
        with pytest.raises(ProgressError, match=r"has held \.ada\.lock"):
            within(60, lambda: RecordStore("ada", tmp_path).write({"id": "t2", "items": {}}))
        assert time.monotonic() - started >= LOCK_WAIT
        within(60, lambda: RecordStore("bo", tmp_path).write(TABLE))  # bo is not held up
    finally:
        os.close(holder)
    assert json.loads((tmp_path / "bo.json").read_text("utf-8"))["tables"][0]["id"] == "t1"


def test_a_failed_save_is_said_on_the_message_line_and_tried_again(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = store.atomic_write

    def full(path: pathlib.Path, data: bytes) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(store, "atomic_write", full)
    w = KingsCornerWidget(lesson="worked-turn", learner="ada", progress_dir=tmp_path)
    recorder = w.record
    assert recorder is not None
    recorder.writer = Writer(delay=0.0)  # off the click, as the kernel's writer thread

    def play_and_save() -> None:
        w.play("Th>N")
        assert recorder.writer.wait(60)

    with pytest.warns(UserWarning, match="No space left"):
        play_and_save()
    assert w.table.status == (
        "Your progress could not be saved: the disk is full. Your work is kept until it can be."
    )
    monkeypatch.setattr(store, "atomic_write", real)
    w.next_step()
    assert recorder.writer.wait(60)
    assert recorder.error is None
    saved = json.loads((tmp_path / "ada.json").read_text("utf-8"))
    assert saved["tables"][0]["items"]["lesson:worked-turn"]["steps"][0]["done"]
    said: list[str] = []
    recorder.say = said.append
    monkeypatch.setattr(store, "atomic_write", full)
    with pytest.warns(UserWarning, match="No space left"):
        recorder.flush()
    monkeypatch.setattr(store, "atomic_write", real)
    recorder.flush()
    assert said[-1] == SAVED_AGAIN


def test_a_failed_save_is_tried_again_without_a_click(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from kingscorner_widget.classroom import recorder as recorder_module

    monkeypatch.setattr(recorder_module, "RETRY", (0.01,))
    real = store.atomic_write
    calls: list[int] = []
    saved = threading.Event()

    def once_full(path: pathlib.Path, data: bytes) -> None:
        calls.append(1)
        if len(calls) == 1:
            raise OSError(errno.EROFS, "Read-only file system")
        real(path, data)
        saved.set()

    monkeypatch.setattr(store, "atomic_write", once_full)
    writer = Writer(delay=0.0)
    recorder = Recorder(RecordStore("ada", tmp_path), writer=writer)
    with pytest.warns(UserWarning, match="Read-only"):
        recorder.flush()
    assert saved.wait(60), "the failed save was never tried again"
    assert (tmp_path / "ada.json").exists()


def test_a_stale_tmp_is_cleared(tmp_path: pathlib.Path) -> None:
    old = tmp_path / ".ada.json.abc123.tmp"
    old.write_bytes(b"x" * 1000)
    os.utime(old, (time.time() - STALE - 1,) * 2)
    fresh = tmp_path / ".ada.json.def456.tmp"  # another kernel may be writing it now
    fresh.write_bytes(b"y")
    RecordStore("ada", tmp_path).write(TABLE)
    assert not old.exists()
    assert fresh.exists()


def test_a_record_is_readable_by_the_teachers_group(tmp_path: pathlib.Path) -> None:
    RecordStore("ada", tmp_path).write(TABLE)
    mode = stat.S_IMODE(os.stat(tmp_path / "ada.json").st_mode)
    assert mode == 0o640
