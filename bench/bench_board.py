"""The teacher's board, timed as a teacher runs it, beside a baseline checkout (main's code).

Each figure is one whole ``kingscorner class DIR --html board.html --csv grades.csv`` (with
``--homework`` for the homework classes): a new Python process that reads every record,
replays what it must, prints the board and writes the page and the gradebook. Its wall time
(``time.perf_counter`` around it) and its processor time (user and system, from the kernel's
accounting of the finished child, ``os.wait4``) are taken for this checkout and for the
baseline in turn, the order swapped each round (A B, B A, ...) so a machine's drift falls on
both alike. Each row gives each side's median over the rounds and the median of the
round-by-round ratios baseline / this (above 1: this checkout is faster). Processor time is
the steadier figure on a shared machine; wall time is what a teacher waits.

The classes (:mod:`.board_classes`), each made once and read by both sides:

- the made-up class (20 items a learner, no homework) of 30, 300 and 3,000 learners;
- a class that did a homework (a lesson, two puzzles, the daily deal), 30, 300 and 3,000
  learners, no two alike, every item replaying: the board replays every learner's every item;
- one record of about 2 MB (the size cap) in each shape that once made the board slow;
- and first an empty folder: the command's start-up alone (Python and the package's imports),
  which every other figure includes.

The baseline is ``KINGSCORNER_BENCH_BASELINE``: a checkout's folder (the one holding
``kingscorner_widget/``), or a git ref of this repository, unpacked with ``git archive`` into a
temporary folder (default ``main``). Both run in this environment's Python, each with its own
code first on ``PYTHONPATH``. ``KINGSCORNER_BENCH_BOARD_ROUNDS`` sets the rounds (default 3).
The first round's board text and gradebook are compared between the sides: each row ends
"same board" or "BOARDS DIFFER" (the speed must not change what the board says). Targets
(this checkout's median wall time): 3,000 learners under 5 s, a 2 MB record under 1 s.
"""

from __future__ import annotations

import compileall
import contextlib
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Iterator, Sequence

from .board_classes import big_records, check_replays, homework_class, sample, week

HERE = pathlib.Path(__file__).resolve().parent.parent
"""This checkout (the folder holding ``kingscorner_widget/``)."""
SIZES = (30, 300, 3000)


def _rounds() -> int:
    return max(1, int(os.environ.get("KINGSCORNER_BENCH_BOARD_ROUNDS", "3")))


@contextlib.contextmanager
def baseline_checkout() -> Iterator[tuple[pathlib.Path, str]]:
    """The baseline's folder and a name for it (see the module)."""
    wanted = os.environ.get("KINGSCORNER_BENCH_BASELINE", "main")
    if (pathlib.Path(wanted) / "kingscorner_widget").is_dir():
        yield pathlib.Path(wanted).resolve(), wanted
        return
    commit = subprocess.run(
        ["git", "-C", str(HERE), "rev-parse", "--short", wanted],
        capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip
    with tempfile.TemporaryDirectory() as folder:
        archive = subprocess.run(
            ["git", "-C", str(HERE), "archive", "--format=tar", commit, "kingscorner_widget"],
            capture_output=True, check=True,
        ).stdout  # fmt: skip
        tar = pathlib.Path(folder, "code.tar")
        tar.write_bytes(archive)
        with tarfile.open(tar) as unpacked:
            unpacked.extractall(folder, filter="data")
        yield pathlib.Path(folder), f"{wanted} ({commit})"


def compiled(*packages: pathlib.Path) -> None:
    """Each checkout's modules compiled to bytecode before anything is timed, so that neither
    side pays for compiling them in a timed run (an unpacked baseline has no ``__pycache__``,
    and ``PYTHONDONTWRITEBYTECODE`` would keep a run from writing one)."""
    for package in packages:
        compileall.compile_dir(package / "kingscorner_widget", quiet=1, workers=1)


def timed(package: pathlib.Path, args: Sequence[str], cwd: pathlib.Path) -> tuple[float, float]:
    """Wall and processor seconds of one board command run with the package in ``package``."""
    env = {**os.environ, "PYTHONPATH": str(package)}
    command = [sys.executable, "-m", "kingscorner_widget", "class", *args]
    command += ["--html", "board.html", "--csv", "grades.csv"]
    with open(cwd / "out.txt", "wb") as out, open(cwd / "err.txt", "wb") as err:
        start = time.perf_counter()
        child = subprocess.Popen(command, cwd=cwd, env=env, stdout=out, stderr=err)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
    child.returncode = code = os.waitstatus_to_exitcode(status)
    if code != 0:
        problem = (cwd / "err.txt").read_text("utf-8", errors="replace")[-2000:]
        raise RuntimeError(f"{' '.join(command)} exited {code}: {problem}")
    return wall, usage.ru_utime + usage.ru_stime


def _same(a: pathlib.Path, b: pathlib.Path) -> bool:
    return all(
        (a / name).read_bytes() == (b / name).read_bytes() for name in ("out.txt", "grades.csv")
    )


def compare(
    what: str, args: Sequence[str], base: pathlib.Path, work: pathlib.Path
) -> tuple[float, float]:
    """Time ``args`` with the baseline and this checkout in turn; print the row; return this
    checkout's median wall and processor seconds."""
    sides = {"base": base, "this": HERE}
    figures: dict[str, list[tuple[float, float]]] = {"base": [], "this": []}
    same = True
    for number in range(_rounds()):
        order = ("base", "this") if number % 2 == 0 else ("this", "base")
        for side in order:
            folder = work / side
            folder.mkdir(parents=True, exist_ok=True)
            figures[side].append(timed(sides[side], args, folder))
        if number == 0:
            same = _same(work / "base", work / "this")
    base_wall = statistics.median(w for w, _ in figures["base"])
    base_cpu = statistics.median(c for _, c in figures["base"])
    wall = statistics.median(w for w, _ in figures["this"])
    cpu = statistics.median(c for _, c in figures["this"])
    pairs = list(zip(figures["base"], figures["this"], strict=True))
    wall_ratio = statistics.median(b[0] / t[0] for b, t in pairs)
    cpu_ratio = statistics.median(b[1] / t[1] for b, t in pairs)
    print(
        f"{what:<44} wall {base_wall:6.2f} -> {wall:5.2f} s ({wall_ratio:4.1f}x)   "
        f"cpu {base_cpu:6.2f} -> {cpu:5.2f} s ({cpu_ratio:4.1f}x)"
        + ("   same board" if same else "   BOARDS DIFFER"),
        flush=True,
    )
    return wall, cpu


def run() -> None:
    rounds = _rounds()
    with baseline_checkout() as (base, name), tempfile.TemporaryDirectory() as folder:
        root = pathlib.Path(folder)
        print(
            f"kingscorner class DIR --html --csv, whole process, median of {rounds} rounds "
            f"each: baseline {name} -> this checkout (ratio: baseline / this, median of the "
            f"rounds'); load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores",
            flush=True,
        )
        compiled(base, HERE)
        homework = week()
        homework_file = homework.save(root / "week3.json")
        mine: dict[str, float] = {}
        empty = root / "empty"
        empty.mkdir()
        compare("no record (the command's start-up alone)", [str(empty)], base, root / "run")
        for learners in SIZES:
            classes = root / f"sample{learners}"
            sample(classes, learners)
            mine[f"{learners}"], _ = compare(
                f"{learners:,} learners x 20 items", [str(classes)], base, root / "run"
            )
        for learners in SIZES:
            classes = homework_class(root / f"homework{learners}", learners, homework)
            if learners <= 300:
                check_replays(classes, homework, learners)
            args = [str(classes), "--homework", str(homework_file)]
            mine[f"{learners} replayed"], _ = compare(
                f"{learners:,} learners' homework, all replayed", args, base, root / "run"
            )
            shutil.rmtree(classes)
        shapes = big_records()
        for what, record in shapes.items():
            classes = root / "big"
            classes.mkdir(exist_ok=True)
            text = json.dumps(record, separators=(",", ":"))
            (classes / "bo.json").write_text(text, "utf-8")
            mine[what], _ = compare(
                f"one record of {len(text) / 1e6:.1f} MB ({what})", [str(classes)], base,
                root / "run",
            )  # fmt: skip
        biggest = max(mine["3000"], mine["3000 replayed"])
        largest = max(mine[what] for what in shapes)
        print(
            f"targets: 3,000 learners in {biggest:.2f} s at the most (< 5 s); a 2 MB record in "
            f"{largest:.2f} s at the most (< 1 s); load average {os.getloadavg()[0]:.1f}"
        )
