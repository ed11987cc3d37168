"""The class record: what recording costs a click, and how fast the teacher's board reads a class.

A click's cost is the kernel time (``time.thread_time``, on the kernel's own thread) of a lesson
table's Hint, with the learner's record kept and without it, side by side in one run: the
difference is what recording adds to the click (the file itself is written on the writer
thread, off the click path). Each is the best of :data:`ROUNDS` rounds of :data:`CLICKS` clicks.
A record write (the whole file, atomically, fsync included) is timed on its own too.

The board reads a made-up class (:func:`~kingscorner_widget.classroom.sample.sample_class`):
30 learners with 20 items each, then 300, from a folder of their records to the board's HTML
(every table drawn). Targets: a click under 5 ms, 30 learners under 1 s, 300 under 5 s.

No file slows the board: 3,000 learners (one record each) must read and draw in under 5 s, and
one record of 2 MB (the size cap) in under 1 s, whatever it holds: 20,000 small items (the
board reads the first :data:`~kingscorner_widget.classroom.typed.MAX_ITEMS`), one 2 MB title,
or 20,000 hands. Each is printed beside the 30-learner class, as a ratio, so a reader sees that
the board's time grows with what it reads and no more. :mod:`.bench_board` times the same
sizes as the command a teacher runs, beside main's code.
"""

from __future__ import annotations

import json
import os
import pathlib
import tempfile
import time

from kingscorner_widget import ClassBoard, KingsCornerWidget
from kingscorner_widget.classroom.recorder import Recorder
from kingscorner_widget.classroom.sample import sample_class
from kingscorner_widget.classroom.store import WRITER, RecordStore, Writer

from .board_classes import big_records

CLICKS = 40
ROUNDS = 5


def click_cost(widget: KingsCornerWidget) -> float:
    """The best per-click kernel time of Hint over the rounds."""
    best = float("inf")
    for _ in range(ROUNDS):
        start = time.thread_time()
        for _ in range(CLICKS):
            widget.hint()
        best = min(best, (time.thread_time() - start) / CLICKS)
        WRITER.wait()
    return best


def board_time(learners: int, items: int = 20) -> float:
    with tempfile.TemporaryDirectory() as folder:
        sample_class(folder, learners=learners, items=items)
        start = time.perf_counter()
        board = ClassBoard(folder)
        board._repr_html_()
        board.themes()
        board.leaderboard()
        took = time.perf_counter() - start
        assert len(board.learners) == learners
        return took


def _drawn(folder: str | pathlib.Path) -> tuple[float, ClassBoard]:
    start = time.perf_counter()
    board = ClassBoard(folder)
    board.text()
    board.to_html()
    return time.perf_counter() - start, board


def board_cpu(learners: int, items: int = 20) -> tuple[float, float]:
    """Wall and CPU (this process's) seconds to read and draw ``learners`` learners: on a
    machine others share, the CPU time is what the board itself costs."""
    with tempfile.TemporaryDirectory() as folder:
        sample_class(folder, learners=learners, items=items)
        wall, cpu = time.perf_counter(), time.process_time()
        board = ClassBoard(folder)
        board._repr_html_()
        board.themes()
        board.leaderboard()
        return time.perf_counter() - wall, time.process_time() - cpu


def run_sizes() -> None:
    """The board on 3,000 learners and on one 2 MB record, beside 30 learners."""
    _, base_cpu = board_cpu(30)
    wall, cpu = board_cpu(3000)
    print(
        f"board: 3,000 learners x 20 items read and drawn in {wall:.2f} s ({cpu:.2f} s of CPU; "
        f"{cpu / base_cpu:.0f}x the 30-learner class's {base_cpu:.2f} s of CPU for 100x the "
        f"records; load average {os.getloadavg()[0]:.1f}; target < 5 s)"
    )
    for what, record in big_records().items():
        with tempfile.TemporaryDirectory() as folder:
            text = json.dumps(record, separators=(",", ":"))
            pathlib.Path(folder, "bo.json").write_text(text, "utf-8")
            took, board = _drawn(folder)
            printed = len(board.text())
            print(
                f"board: one record of {len(text) / 1e6:.1f} MB ({what}) read and drawn in "
                f"{took:.2f} s, {printed:,} characters printed, {len(board.bad)} note of what "
                "was left out (target < 1 s)"
            )


def run() -> None:
    with tempfile.TemporaryDirectory() as folder:
        kept = KingsCornerWidget(lesson="pile-transfer", learner="ada", progress_dir=folder)
        plain = KingsCornerWidget(lesson="pile-transfer")
        with_record, without = click_cost(kept), click_cost(plain)
        print(
            f"click (Hint): {with_record * 1000:.2f} ms with the record, {without * 1000:.2f} ms "
            f"without: recording adds {(with_record - without) * 1000:.2f} ms (target < 5 ms)"
        )
    with tempfile.TemporaryDirectory() as folder:
        sample = pathlib.Path(sample_class(pathlib.Path(folder, "class"), learners=1)[0])
        recorder = Recorder(RecordStore("bo", folder), writer=Writer(threads=False))
        made = RecordStore(sample.stem, sample.parent).read()["tables"][0]["items"]
        recorder.table["items"] = made
        start = time.perf_counter()
        for _ in range(20):
            recorder.flush()
        write = (time.perf_counter() - start) / 20
        size = (pathlib.Path(folder) / "bo.json").stat().st_size
        said = f"a record write ({size:,} bytes, 20 items, fsync): {write * 1000:.1f} ms"
        print(f"{said}, off the click path")
    for learners, target in ((30, 1.0), (300, 5.0)):
        took = board_time(learners)
        said = f"board: {learners} learners x 20 items read and drawn in {took:.2f} s"
        print(f"{said} (target < {target:g} s)")
    run_sizes()
