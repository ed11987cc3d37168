"""The class record: what recording costs a click, and how fast the teacher's board reads a class.

A click's cost is the kernel time (``time.thread_time``, on the kernel's own thread) of a lesson
table's Hint, with the learner's record kept and without it, side by side in one run: the
difference is what recording adds to the click (the file itself is written on the writer
thread, off the click path). Each is the best of :data:`ROUNDS` rounds of :data:`CLICKS` clicks.
A record write (the whole file, atomically, fsync included) is timed on its own too.

The board reads a made-up class (:func:`~kingscorner_widget.classroom.sample.sample_class`):
30 learners with 20 items each, then 300, from a folder of their records to the board's HTML
(every table drawn). Targets: a click under 5 ms, 30 learners under 1 s, 300 under 5 s.
"""

from __future__ import annotations

import pathlib
import tempfile
import time

from kingscorner_widget import ClassBoard, KingsCornerWidget
from kingscorner_widget.classroom.recorder import Recorder
from kingscorner_widget.classroom.sample import sample_class
from kingscorner_widget.classroom.store import WRITER, RecordStore, Writer

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
