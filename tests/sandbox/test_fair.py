"""The three attacks on fairness, as a student who wants to win would try them: busy children
between turns to starve an opponent, a wait just under the time limit before every move to make
the league endless, and many processes to pass the memory limit together.

Each runs with the sandbox held in a cgroup (as root here) and the way without one (processes
stopped between turns, their memory and processor added up), the way a teacher who is not root
gets; the memory attack also runs as an ordinary user of the machine.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import pytest

from kingscorner_widget.analysis.league import league
from kingscorner_widget.analysis.league.entries import Entry, built_in
from kingscorner_widget.engine.rules import Rules
from kingscorner_widget.sandbox import fair, process
from kingscorner_widget.sandbox.process import Limits, Sandbox, entry_user
from tests.sandbox.ordinary_user import ordinary_user

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(sys.platform != "linux", reason="the league's sandbox is Linux's"),
]

SPINNER = """
import os

class Player:
    started = False

    def choose(self, seen):
        if not Player.started:  # seven busy children, left running between its turns
            Player.started = True
            for _ in range(7):
                if os.fork() == 0:
                    while True:
                        pass
        return seen.legal_moves[0]
"""

THINKER = """
import time

class Player:
    def choose(self, seen):
        began = time.process_time()
        while time.process_time() - began < 0.4:  # 0.4 s of processor per decision
            pass
        return seen.legal_moves[0]
"""

WAITER = """
import time

class Player:
    def choose(self, seen):
        time.sleep(0.93 * 0.5)  # just under the time limit of 0.5 s, every move
        return seen.legal_moves[0]
"""

HOARDER = """
import os, time

class Player:
    def choose(self, seen):
        ends = []
        for _ in range(4):  # four processes of 100 MB, each far under its own limit
            read, write = os.pipe()
            if os.fork() == 0:
                block = b"x" * (100 << 20)  # every page written
                os.write(write, b"x")
                while True:
                    time.sleep(60)
            ends.append(read)
        for end in ends:
            os.read(end, 1)
        time.sleep(0.3)  # 400 MB held together, within its turn's time
        return seen.legal_moves[0]
"""


@pytest.fixture(params=["cgroup", "signals"])
def way(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Each test both ways: a cgroup per sandbox, and none (the league's workers are forked
    from this process, so they see the same choice)."""
    if request.param == "cgroup" and not fair.cgroups_possible():
        pytest.skip("no cgroup can be made here (not root, or no cgroup v1 controllers)")
    if request.param == "signals":
        monkeypatch.setattr(fair, "cgroups_possible", lambda: False)
    return str(request.param)


def _entry(name: str, source: str) -> Entry:
    return Entry(name, textwrap.dedent(source), "built-in")  # from no folder of its own


def _thinker_seconds(done: object) -> tuple[float, list[str]]:
    hands = done.hands  # type: ignore[attr-defined]
    seconds = decisions = 0.0
    forfeits = []
    for hand in hands:
        seat = hand["seats"].index("thinker")
        seconds += hand["seconds"][seat]
        decisions += hand["decisions"][seat]
        forfeits += [why for who, why in hand["forfeits"].items() if who == "thinker"]
    return seconds / max(decisions, 1), forfeits


def test_busy_children_between_turns_cannot_starve_an_opponent(tmp_path: Path, way: str) -> None:
    """The thinker's decisions take as long beside the spinner as beside a quiet player (the
    same machine, the same moment), and none is too slow."""
    thinker = _entry("thinker", THINKER)

    def play(other: Entry, name: str) -> tuple[float, list[str]]:
        done = league(
            entries=[thinker, other],
            hands=2,
            four_seat=0,
            time_limit=10.0,  # a machine shared with others: the ratio below is the measure
            workers=1,
            results=tmp_path / f"{name}.jsonl",
            progress=False,
        )
        return _thinker_seconds(done)

    quiet, quiet_forfeits = play(built_in("greedy"), "quiet")
    attacked, forfeits = play(_entry("spinner", SPINNER), "spinner")
    assert not forfeits, forfeits
    assert not quiet_forfeits, quiet_forfeits
    # Seven busy children running beside it would give it an eighth of two processors.
    assert attacked < 2 * quiet + 0.1, (attacked, quiet, way)


def _cpu(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def test_between_its_turns_no_process_of_an_entry_runs(way: str) -> None:
    """The spinner's seven children get no processor while this process works half a second
    of its own (what an opponent's turn is), whatever else the machine does."""
    from kingscorner_widget import Game
    from kingscorner_widget.sandbox.protocol import turn_line

    seat = Sandbox(_entry("spinner", SPINNER), Limits(), entry_user(0), mark="spin")
    try:
        assert seat.deal(1, Rules()) is None
        answer = seat.choose(turn_line(Game.new(players=2, seed=1), 1, 0))
        assert answer.forfeit is None, answer.forfeit
        assert seat._group is not None
        assert seat._group.kind == way
        pids = seat._group.processes()
        assert len(pids) >= 8, pids  # the entry and its seven children, at least
        before = _cpu(pids)
        began = time.process_time()
        while time.process_time() - began < 0.5:
            pass
        assert _cpu(pids) - before <= 0.02, (way, _cpu(pids) - before)
    finally:
        seat.close()
        process.end_users([] if seat.user is None else [seat.user])
    assert seat.checked == 1
    assert seat.left == 0


def test_a_wait_before_every_move_is_stopped_by_the_budget(tmp_path: Path, way: str) -> None:
    """An entry that waits just under the limit before each move forfeits its remaining hands
    once its time for the league is used up, so the league ends on time."""
    for name, bound in (("budget", {"budget": 3.0}), ("minutes", {"max_minutes": 0.1})):
        done = league(
            entries=[_entry("waiter", WAITER), built_in("greedy")],
            hands=6,
            four_seat=0,
            time_limit=0.5,
            workers=1,
            results=tmp_path / f"{name}.jsonl",
            progress=False,
            **bound,  # type: ignore[arg-type]
        )
        waited = sum(hand["seconds"][hand["seats"].index("waiter")] for hand in done.hands)
        reasons = [hand["forfeits"].get("waiter", "") for hand in done.hands]
        assert any("used up its 3 s for the whole league" in why for why in reasons), reasons
        assert reasons[-1].startswith("it used up its"), reasons
        assert waited <= 3.0 + 0.5 + 0.5, waited  # its budget, and one decision's limit
        assert "waiter used it up and forfeited every hand left" in done.note


def _hoard(limits: Limits) -> tuple[str | None, str]:
    seat = Sandbox(_entry("hoarder", HOARDER), limits, entry_user(0), mark="hoard")
    try:
        from kingscorner_widget import Game
        from kingscorner_widget.sandbox.protocol import turn_line

        assert seat.deal(1, Rules()) is None
        answer = seat.choose(turn_line(Game.new(players=2, seed=1), 1, 0))
        kind = "none" if seat._group is None else seat._group.kind  # closed after a forfeit
        return answer.forfeit, kind
    finally:
        seat.close()
        process.end_users([] if seat.user is None else [seat.user])


def test_processes_together_cannot_pass_the_sandboxs_memory(way: str) -> None:
    """Four processes of 100 MB each, where the sandbox may have 256 MB: the entry forfeits,
    and the reason says its processes together used too much."""
    limits = Limits(total_memory=256 << 20)
    forfeit, _ = _hoard(limits)
    assert forfeit == "its processes together used more than 256 MB of memory", forfeit


TEACHER = """
import sys
sys.path.insert(0, sys.argv[1])
from test_fair import _hoard
from kingscorner_widget.sandbox import fair, process
from kingscorner_widget.sandbox.process import Limits

forfeit, _ = _hoard(Limits(total_memory=256 << 20))
print(process.containment(), "cgroup" if fair.cgroups_possible() else "signals")
print(forfeit)
"""


def test_an_ordinary_users_sandbox_holds_its_memory_too() -> None:
    """An ordinary user of the machine may make no cgroup here: the league adds up its
    processes' memory instead, and the entry forfeits the same way."""
    user = ordinary_user()
    python = shutil.which("python3", path="/usr/bin:/bin")
    assert python is not None
    home = Path(tempfile.mkdtemp(prefix="kc-teacher-"))
    try:
        (home / "teacher.py").write_text(TEACHER)
        for path in (home, *home.rglob("*")):
            os.chown(path, user.pw_uid, user.pw_gid)
        package = Path(__file__).resolve().parents[2]
        paths = [str(package), *(p for p in sys.path if "site-packages" in p)]
        done = subprocess.run(
            [
                "setpriv",
                f"--reuid={user.pw_uid}",
                f"--regid={user.pw_gid}",
                "--clear-groups",
                python,
                str(home / "teacher.py"),
                str(Path(__file__).parent),
            ],
            capture_output=True,
            text=True,
            cwd=home,
            env={"PATH": "/usr/bin:/bin", "HOME": str(home), "PYTHONPATH": ":".join(paths)},
            timeout=300,
            check=False,
        )
    finally:
        shutil.rmtree(home, ignore_errors=True)
    assert done.returncode == 0, done.stderr[-2000:]
    said = done.stdout.splitlines()
    assert said[0] == "bwrap signals", done.stdout  # no cgroup for this user: the fallback
    assert said[1] == "its processes together used more than 256 MB of memory", done.stdout
