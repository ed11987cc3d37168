"""The league's sandbox without root (bubblewrap), attacked as a student who wants to win would,
and the league on a machine where no sandbox can be made.

As root the league contains entries itself (``unshare``, a user each); these tests make it use
bubblewrap as an ordinary teacher's league does, in this process and, in the last test, as an
ordinary user of this machine with a Python of its own.
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest

from kingscorner_widget.analysis.league import league
from kingscorner_widget.sandbox import bwrap, process
from tests.sandbox.ordinary_user import ordinary_user

needs_bwrap = pytest.mark.skipif(
    sys.platform != "linux", reason="bubblewrap is Linux's (make test installs it there)"
)

POST = """
import ctypes, os

libc = ctypes.CDLL(None, use_errno=True)
libc.shmat.restype = ctypes.c_void_p


class Player:
    def choose(self, seen):
        text = ",".join(map(str, seen.hand)).encode()
        queue = libc.msgget(61001, 0o1666)  # IPC_CREAT, readable by all
        if queue >= 0:
            message = ctypes.create_string_buffer(8 + len(text))
            ctypes.memmove(ctypes.addressof(message), (1).to_bytes(8, "little"), 8)
            ctypes.memmove(ctypes.addressof(message) + 8, text, len(text))
            libc.msgsnd(queue, message, len(text), 0o4000)  # IPC_NOWAIT
        segment = libc.shmget(61002, 64 << 20, 0o1666)
        if segment >= 0:
            address = libc.shmat(segment, None, 0)
            if address not in (None, ctypes.c_void_p(-1).value):
                ctypes.memset(address, 1, 64 << 20)  # touched, then left attached to nothing
                libc.shmdt(ctypes.c_void_p(address))
        for folder in ("/dev/shm", "/var/tmp", "/run/lock", "/tmp"):
            try:
                with open(f"{folder}/kc-61001.txt", "w") as out:
                    out.write(text.decode())
            except OSError:
                pass
        return seen.legal_moves[0]
"""

READ = """
import ctypes, os

libc = ctypes.CDLL(None, use_errno=True)


class Player:
    def choose(self, seen):
        queue = libc.msgget(61001, 0)
        if queue >= 0:
            raise RuntimeError("ESCAPED: found the other entry's message queue")
        if libc.shmget(61002, 0, 0) >= 0:
            raise RuntimeError("ESCAPED: found the other entry's shared memory")
        for folder in ("/dev/shm", "/var/tmp", "/run/lock", "/tmp"):
            if os.path.exists(f"{folder}/kc-61001.txt"):
                raise RuntimeError(f"ESCAPED: read the other entry's {folder}")
        return seen.legal_moves[0]
"""

SNOOP = """
import os, socket

PLACES = {places!r}


class Player:
    def choose(self, seen):
        for place in PLACES:
            if os.path.exists(place):
                raise RuntimeError(f"ESCAPED: sees {{place}}")
        try:
            socket.create_connection(("127.0.0.1", 22), timeout=0.2)
        except OSError:
            pass
        else:
            raise RuntimeError("ESCAPED: reached the network")
        import ctypes
        if ctypes.CDLL(None).unshare(0x10000000) == 0:
            raise RuntimeError("ESCAPED: made a user namespace")
        return seen.legal_moves[0]
"""


def _players(folder: Path, places: list[str]) -> Path:
    folder.mkdir(parents=True)
    for name, source in (("post", POST), ("read", READ), ("snoop", SNOOP.format(places=places))):
        (folder / f"{name}.py").write_text(textwrap.dedent(source))
    return folder


def _host_state() -> tuple[set[str], str, str]:
    def ipc(name: str) -> str:
        lines = Path(f"/proc/sysvipc/{name}").read_text().splitlines()[1:]
        return "\n".join(sorted(line for line in lines if " 61001 " in line or " 61002 " in line))

    found = {
        f"{folder}/{name}"
        for folder in ("/dev/shm", "/var/tmp", "/run/lock", "/tmp")
        if os.path.isdir(folder)
        for name in os.listdir(folder)
        if name == "kc-61001.txt"
    }
    return found, ipc("msg"), ipc("shm")


@pytest.fixture
def as_a_teacher(monkeypatch: pytest.MonkeyPatch) -> None:
    """The league contains its entries as a non-root teacher's does: through bubblewrap."""
    if bwrap.problem() is not None:
        pytest.fail(f"the sandbox needs bubblewrap (make test installs it): {bwrap.problem()}")
    monkeypatch.setattr(process, "_can_unshare", lambda: False)


@needs_bwrap
@pytest.mark.slow
def test_no_channel_between_entries_and_nothing_left_behind(
    tmp_path: Path, as_a_teacher: None
) -> None:
    results = tmp_path / "results" / "league.jsonl"
    places = [str(results), f"{results}.key", str(tmp_path / "players" / "post.py")]
    folder = _players(tmp_path / "players", places)
    before = _host_state()
    done = league(folder, hands=2, four_seat=2, results=results, workers=2, progress=False)
    reasons = [r for hand in done.hands for r in hand["forfeits"].values()]
    assert not any("ESCAPED" in reason for reason in reasons), reasons
    assert not any("start" in reason or "fails" in reason for reason in reasons), reasons
    assert len(done.hands) == 3 * 2
    assert _host_state() == before  # no file, no queue, no segment outlived the entries
    assert "bubblewrap" in done.note
    assert "nothing of an entry was left" in done.note
    assert "Each entry's sandbox was checked as it closed (" in done.note
    assert "): nothing of it was left (no process, IPC object or file)." in done.note


def test_where_no_sandbox_can_be_made_the_league_refuses_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A container that forbids namespaces: bwrap cannot make them, and the teacher is not
    root."""
    monkeypatch.setattr(process, "_can_unshare", lambda: False)
    monkeypatch.setattr(
        bwrap, "problem", lambda: "this machine does not let bwrap make namespaces (denied)"
    )
    folder = tmp_path / "players"
    folder.mkdir()
    (folder / "read.py").write_text(textwrap.dedent(READ))
    with pytest.raises(ValueError, match="no sandbox can be made") as refused:
        league(folder, with_=["greedy"], hands=2, four_seat=0, progress=False)
    said = str(refused.value)
    assert "\n" not in said
    assert "bubblewrap" in said
    assert "--unsandboxed" in said
    assert sorted(path.name for path in folder.iterdir()) == ["read.py"]  # nothing written
    with pytest.warns(RuntimeWarning, match="UNSANDBOXED"):
        done = league(
            folder, with_=["greedy"], hands=2, four_seat=0, progress=False, unsandboxed=True
        )
    assert done.note.startswith("UNSANDBOXED")
    assert "UNSANDBOXED" in done.leaderboard().text()


def test_a_machine_that_forbids_namespaces_is_found_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """bwrap's own failure, as in a container without user namespaces, is the reason given."""
    bwrap.problem.cache_clear()
    monkeypatch.setattr(shutil, "which", lambda name: "/usr/bin/false")
    monkeypatch.setattr(
        bwrap,
        "command",
        lambda *args, **kwargs: [
            sys.executable,
            "-c",
            "import sys; sys.exit('bwrap: No permissions to create new namespace')",
        ],
    )
    try:
        assert bwrap.problem() == (
            "this machine does not let bwrap make namespaces "
            "(bwrap: No permissions to create new namespace)"
        )
    finally:
        bwrap.problem.cache_clear()


TEACHER = """
import sys
from kingscorner_widget.analysis.league import league
from kingscorner_widget.sandbox import process

done = league(sys.argv[1], hands=2, four_seat=2, results=sys.argv[2], workers=2,
              progress=False)
reasons = [r for hand in done.hands for r in hand["forfeits"].values()]
print(process.containment(), len(done.hands), sum("ESCAPED" in r for r in reasons))
print(reasons)
print(done.note)
"""


@needs_bwrap
@pytest.mark.slow
def test_an_ordinary_users_league_holds_the_same() -> None:
    """An ordinary user of this machine (made here), with the system's Python 3 and this
    package and its dependencies on its path, runs the same league through bubblewrap."""
    user = ordinary_user()
    python = shutil.which("python3", path="/usr/bin:/bin")
    assert python is not None
    version = subprocess.run(
        [python, "-c", "import sys; print(sys.version_info[:2])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert version.strip() == str(sys.version_info[:2]), "the system's Python is another version"
    home = Path(tempfile.mkdtemp(prefix="kc-teacher-"))  # pytest's own folders are root's
    try:
        _teachers_league(home, user, python)
    finally:
        shutil.rmtree(home, ignore_errors=True)


def _teachers_league(home: Path, user: pwd.struct_passwd, python: str) -> None:
    results = home / "results" / "league.jsonl"
    places = [str(results), f"{results}.key", str(home / "players" / "post.py")]
    folder = _players(home / "players", places)
    (home / "teacher.py").write_text(TEACHER)
    for path in (home, *home.rglob("*")):
        os.chown(path, user.pw_uid, user.pw_gid)
    package = Path(__file__).resolve().parents[2]
    paths = [str(package), *(p for p in sys.path if "site-packages" in p)]
    before = _host_state()
    done = subprocess.run(
        [
            "setpriv",
            f"--reuid={user.pw_uid}",
            f"--regid={user.pw_gid}",
            "--clear-groups",
            python,
            str(home / "teacher.py"),
            str(folder),
            str(results),
        ],
        capture_output=True,
        text=True,
        cwd=home,
        env={"PATH": "/usr/bin:/bin", "HOME": str(home), "PYTHONPATH": ":".join(paths)},
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    first, _, note = done.stdout.splitlines()[:3]
    assert first == "bwrap 6 0", done.stdout
    assert "did not start" not in done.stdout
    assert "bubblewrap" in note
    assert "nothing of an entry was left" in note
    # an ordinary user may make no cgroup here: the results say the fallback applied
    assert "stopped between its turns (no cgroup could be made here)" in note
    assert "nothing of it was left" in note
    assert _host_state() == before
