"""Where an entry runs: a process of its own with limits (:class:`Sandbox`), or, where no
process can be started, the kernel's own process (:class:`InProcess`, isolation off).

Both answer :meth:`~Sandbox.choose` with an :class:`Answer`: a move in notation, or the reason
the entry forfeits the hand (too slow, crashed, a malformed answer, an exception).

As root on Linux (:func:`can_contain`) an entry's process starts in namespaces of its own,
through util-linux's ``unshare``: no network (an empty network namespace), its own process
tree (a process namespace whose every process the kernel ends with its first, ``setsid``
or not), its own mounts (the league's folders covered, a bounded private ``/tmp``) and a user
namespace that may make no other; see :mod:`.child`.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from ..engine.rules import Rules
from . import bwrap
from .entry import Chooser, Entry, player_factory
from .fair import Group, namespaces_of, still_in
from .protocol import LONGEST_ANSWER, deal_line, decode, inert

__all__ = [
    "Answer",
    "InProcess",
    "Limits",
    "Sandbox",
    "can_contain",
    "can_isolate",
    "containment",
    "end_marked",
    "end_users",
    "entry_user",
    "forfeit_kind",
    "no_sandbox",
]

UID_BASE = 61000
"""Entries run as users from ``61000`` up (one each, with no login and no files of their own)
when the league runs as root, skipping any number the machine's user database already gives
someone; each entry can then touch nothing of the others' nor of any real user's."""


_KINDS = (
    ("used up its", "out of time"),
    ("MB of memory", "too much memory"),
    ("more than one processor", "too much processor"),
    ("took longer than", "too slow"),
    ("did not start within", "too slow to start"),
    ("its file fails", "its file fails"),
    ("did not start", "crashed"),
    ("its process", "crashed"),
    ("is not a move", "answered no move"),
    ("was not a move", "answered no move"),
    ("raised", "raised an error"),
    ("rules refuse", "illegal move"),
)


def forfeit_kind(reason: str) -> str:
    """A forfeit's reason in two or three words, for the leaderboard.

    >>> forfeit_kind("it took longer than 1 s to answer")
    'too slow'
    """
    for phrase, kind in _KINDS:
        if phrase in reason:
            return kind
    return "other"


def can_isolate() -> bool:
    """True where entries can run in processes of their own (not in a browser's Python)."""
    return sys.platform != "emscripten" and hasattr(os, "fork")


def entry_user(index: int) -> int | None:
    """The user the ``index``-th entry runs as: its own unprivileged user when the league runs
    as root, else ``None`` (the league's own user)."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return None
    return _free_users(index + 1)[index]


def _free_users(count: int) -> list[int]:
    """The first ``count`` user numbers from :data:`UID_BASE` that no user of this machine has
    and no process runs as (one left by another league keeps its number from this one).

    >>> all(_taken(uid) is False for uid in _free_users(3))
    True
    """
    found: list[int] = []
    busy = set(_processes_by_user())
    uid = UID_BASE
    while len(found) < count:
        if uid in _CLAIMED or (not _taken(uid) and uid not in busy and _claim(uid)):
            found.append(uid)
        uid += 1
    return found


_CLAIMED: dict[int, int] = {}
"""The entries' user numbers this process holds, each by a lock on a file of its own, so that
two leagues started at once as root never give one number to two entries."""

CLAIMS = "/run/lock"


def _claim(uid: int) -> bool:
    """Lock ``uid``'s file for this process (kept until :func:`end_users`); False if another
    process holds it."""
    import fcntl

    try:
        fd = os.open(f"{CLAIMS}/kingscorner-uid-{uid}", os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        return True  # nowhere to lock: the processes running as it are the only sign
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return False
    _CLAIMED[uid] = fd
    return True


def _release(users: list[int]) -> None:
    for uid in users:
        fd = _CLAIMED.pop(uid, None)
        if fd is not None:
            os.close(fd)


def _processes_by_user() -> dict[int, list[int]]:
    """Every process of this machine by its real user (from ``/proc``; empty elsewhere)."""
    out: dict[int, list[int]] = {}
    try:
        names = os.listdir("/proc")
    except OSError:
        return out
    for name in names:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/status", encoding="ascii", errors="replace") as status:
                for line in status:
                    if line.startswith("Uid:"):
                        out.setdefault(int(line.split()[1]), []).append(int(name))
                        break
        except (OSError, ValueError, IndexError):
            continue
    return out


def end_users(users: list[int], rounds: int = 50) -> int:
    """Kill every process that runs as one of ``users`` (the entries' users, at the league's
    end, before any number is given again); returns how many were found."""
    wanted = set(users)
    killed = 0
    for _ in range(rounds):
        found = [pid for uid, pids in _processes_by_user().items() if uid in wanted for pid in pids]
        if not found:
            break
        for pid in found:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
        killed += len(found)
        time.sleep(0.02)
    _release(users)
    return killed


def can_contain() -> bool:
    """True where entries can start in namespaces of their own: as root with util-linux's
    ``unshare``, or as any user through bubblewrap (:mod:`.bwrap`)."""
    return containment() != "none"


def containment() -> str:
    """How entries are contained here: ``"root"`` (``unshare``, a user of its own each),
    ``"bwrap"`` (bubblewrap, as this user) or ``"none"`` (no sandbox can be made)."""
    if _can_unshare():
        return "root"
    return "bwrap" if bwrap.problem() is None else "none"


def no_sandbox() -> str:
    """The one line a league says where no sandbox can be made."""
    return (
        f"no sandbox can be made for the students' files here: {bwrap.problem()}; "
        f"{bwrap.ASK}, or run the league as root; --unsandboxed (unsandboxed=True) runs the "
        "files as this user, trusting them"
    )


def end_marked(mark: str, rounds: int = 50) -> int:
    """Kill every process whose environment carries ``KC_SANDBOX=mark`` (an entry's, left
    behind after its sandbox closed); returns how many were found."""
    wanted = f"KC_SANDBOX={mark}".encode()
    killed = 0
    for _ in range(rounds if mark else 0):
        found = []
        for name in _numbers("/proc"):
            try:
                with open(f"/proc/{name}/environ", "rb") as environ:
                    if wanted in environ.read().split(b"\0"):
                        found.append(name)
            except OSError:
                continue
        if not found:
            break
        for pid in found:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
        killed += len(found)
        time.sleep(0.02)
    return killed


def _numbers(folder: str) -> list[int]:
    try:
        return [int(name) for name in os.listdir(folder) if name.isdigit()]
    except OSError:
        return []


@functools.lru_cache(maxsize=1)
def _can_unshare() -> bool:
    """True as root on Linux with util-linux's ``unshare`` (tried once)."""
    if sys.platform != "linux" or os.geteuid() != 0 or shutil.which("unshare") is None:
        return False
    try:
        done = subprocess.run(
            [*_UNSHARE, "true"], capture_output=True, timeout=10, check=False, cwd="/"
        )
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0


_ROOT = str(Path(__file__).resolve().parents[2])


def _boot() -> str:
    """The entry's process runs this very package's :mod:`.child`, importing from where this
    process imports (``-I``: no environment, no user site, wherever the league was started)."""
    paths = [_ROOT, *(entry for entry in sys.path if entry and os.path.isabs(entry))]
    return (
        f"import sys; sys.path[:0] = {paths!r}; "
        "from kingscorner_widget.sandbox.child import main; sys.exit(main(sys.argv[1:]))"
    )


_PRELOAD = "import kingscorner_widget.analysis; "
"""Before an entry runs as a user of its own, the process loads the package an entry plays
with (the interpreter's files may be out of that user's reach; :data:`.child.PRELOADED`
holds the standard library's everyday modules)."""

_UNSHARE = ("unshare", "--net", "--pid", "--ipc", "--uts", "--fork", "--kill-child", "--mount-proc")
"""The namespaces an entry starts in (its user namespace is made by :mod:`.child`)."""


def _taken(uid: int) -> bool:
    """True when the machine's user database gives ``uid`` to someone."""
    import pwd

    try:
        pwd.getpwuid(uid)
    except KeyError:
        return False
    return True


CHECK = 0.05
"""Seconds between two looks at a sandbox's memory and processor while the league waits."""

RESTART = 2.0
"""Seconds a restart may take on average (a Python starting on a loaded machine)."""


@dataclasses.dataclass(frozen=True)
class Limits:
    """What an entry may use."""

    decision: float = 1.0
    """Seconds of wall time per decision."""
    start: float = 20.0
    """Seconds to start the process and run the entry's file."""
    cpu: int = 600
    """Processor seconds for the whole process (it is restarted after a forfeit)."""
    memory: int = 1 << 30
    """Address space of each process, bytes."""
    total_memory: int = 1 << 30
    """Memory of the whole sandbox, every process's together, bytes (see :mod:`.fair`)."""
    file_size: int = 1 << 20
    """The largest file it may write, bytes."""
    processes: int = 8
    """Processes its user may have (as another user; else not limited)."""
    budget: float | None = None
    """Seconds the entry may think across the whole league (its starts and every decision,
    added up over every worker): past them it forfeits every hand left. ``None``: no bound."""
    restart: float | None = None
    """Seconds a restart (after a forfeit) may add, beyond the first start, per restart on
    average: :data:`RESTART` or the time limit per decision, whichever is more, unless said.
    A start past what is left marks the entry broken for the rest of the league, so a slow
    start is paid once, not every hand."""


@dataclasses.dataclass(frozen=True)
class Answer:
    """An entry's answer: ``move`` in notation, or ``forfeit``, the reason it loses the hand."""

    move: str | None
    """The move in notation (as the entry wrote it; the engine judges it)."""
    forfeit: str | None
    """Why the entry loses the hand, in words."""
    seconds: float
    """Wall time from the question to the answer."""


class Sandbox:
    """One entry in a process of its own, started afresh after any forfeit."""

    def __init__(
        self,
        entry: Entry,
        limits: Limits,
        user: int | None = None,
        hidden: tuple[str, ...] = (),
        trusted: bool = False,
        mark: str = "",
        account: Callable[[float], float] | None = None,
    ) -> None:
        self.entry = entry
        self.account = account
        """Adds seconds to the entry's time across the league and returns its total (shared
        by every worker's sandbox of the entry); ``None``: this sandbox's own total."""
        self._spent = 0.0
        self.checked = 0
        """How many times a process of this entry's ended and its sandbox was checked."""
        self.left = 0
        """Processes of the entry found alive after its sandbox closed (and then ended)."""
        self._group: Group | None = None
        self._namespaces: tuple[str, ...] = ()
        self._held: list[int] = []
        self.mark = mark
        """Written into the environment of the entry's processes (``KC_SANDBOX``), so that
        :func:`end_marked` finds any of them left behind."""
        self.limits = limits
        self.user = user
        self.hidden = hidden
        """Folders the entry must not see (the league's: its players, its results)."""
        self.trusted = trusted
        """True when the entry runs without a sandbox (``--unsandboxed``, or none can be
        made for check_player): a process of its own with limits, as this user."""
        self._how = "none" if trusted else containment()
        if self._how == "bwrap":  # bubblewrap runs it as this user (in a user namespace)
            self.user = None
        self._starts = 0
        self._start_seconds = 0.0
        self._process: subprocess.Popen[bytes] | None = None
        self._folder: str | None = None
        self._buffer = b""
        self.broken: str | None = None
        """Set when the entry's file itself fails: every hand is then forfeit for it."""

    @property
    def pid(self) -> int | None:
        """The entry's process, while it runs."""
        return None if self._process is None else self._process.pid

    # -- the process --------------------------------------------------------------------------

    def _start_limit(self) -> float:
        """Seconds this start may take: the whole start limit the first time; after that what
        is left of one decision's time per restart (beyond the first start)."""
        limits = self.limits
        if not self._starts:
            return limits.start
        each = max(limits.decision, RESTART) if limits.restart is None else limits.restart
        left = limits.start + self._starts * each - self._start_seconds
        return max(0.0, min(limits.start, left))

    def _command(self, args: list[str]) -> tuple[list[str], str]:
        """The command that starts the entry, and the folder it starts in."""
        boot = _boot()
        if self.user is not None:
            boot = boot.replace("from ", _PRELOAD + "from ", 1)
        child = [sys.executable, "-I", "-c", boot, *args]
        if self.user is not None and self._how == "root":
            return [*_UNSHARE, *child, "--contain"], "/"
        if self._how == "bwrap":
            env = {"PATH": "/usr/bin:/bin", "HOME": "/tmp", "PYTHONHASHSEED": "0"}
            env["KC_SANDBOX"] = self.mark
            paths = bwrap.needed_paths(_ROOT)
            return bwrap.command(child, paths, self.hidden, env), "/"
        self._folder = tempfile.mkdtemp(prefix="kc-entry-")
        if self.user is not None:
            os.chown(self._folder, self.user, self.user)
        os.chmod(self._folder, 0o700)
        return child, self._folder

    def _start(self) -> str | None:
        """Start the process and run the entry's file; the reason if that fails."""
        limits = self.limits
        processes = limits.processes if self.user is not None else -1
        if self.user is None and self._how == "bwrap":  # this user's processes, and a few more
            processes = len(_processes_by_user().get(os.getuid(), [])) + limits.processes
        user = -1 if self.user is None else self.user
        args = [str(limits.cpu), str(limits.memory), str(limits.file_size), str(processes)]
        args.append(str(user))
        command, folder = self._command(args)
        self._group = Group.make(limits.total_memory, limits.processes, tag=self.mark)
        command = self._group.wrap(command)
        home = "/tmp" if folder == "/" else folder
        env = {"PATH": "/usr/bin:/bin", "HOME": home, "PYTHONHASHSEED": "0"}
        timeout = self._start_limit()
        began = time.perf_counter()
        self._process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            cwd=folder,
            env=env,
            start_new_session=True,
        )
        inside = self._how != "none"
        self._group.started(self._process.pid, inside)
        self._buffer = b""
        start = {"source": self.entry.source, "filename": f"{self.entry.name}.py"}
        text = json.dumps(start) + "\n"
        if folder == "/" and self._how == "root":  # the folders to hide go first
            text = json.dumps(list(self.hidden)) + "\n" + text
        problem = self._send(text)
        if problem:
            return problem
        line, problem = self._read(timeout)
        self._starts += 1
        self._start_seconds += time.perf_counter() - began
        self._spend(time.perf_counter() - began)
        if inside and not problem:  # its namespaces, from its first process (the league's)
            first = _first_child(self._process.pid)
            if first is not None:
                self._namespaces, self._held = namespaces_of(first)
        if not problem:
            self._group.pause()  # until its turn
        if problem and problem.startswith("it took longer"):
            self.broken = (
                f"its file did not start within {timeout:.3g} s, so it sits out the rest of "
                "the league"
            )
            return self.broken
        if problem:
            return f"its file did not start: {problem}"
        try:
            message = decode(line)
        except ValueError:
            return "its file did not start: it answered something other than the protocol"
        if "error" in message:
            self.broken = f"its file fails: {inert(str(message['error']))[:300]}"
            return self.broken
        return None

    def close(self) -> None:
        """End the process and remove its folder; then check that nothing of the entry is
        left (no process in its cgroup nor in its namespaces: its IPC objects and files live
        as long as those), ending whatever is (:attr:`left`)."""
        process = self._process
        self._process = None
        group = self._group
        self._group = None
        if process is not None:
            if group is not None:
                group.resume()  # a stopped or frozen process cannot end
            _end_namespace(process)
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(process.pid, signal.SIGKILL)
            with contextlib.suppress(OSError):
                process.kill()
            process.wait()
            for stream in (process.stdin, process.stdout):
                if stream is not None:
                    with contextlib.suppress(OSError):  # a pipe the entry left unread
                        stream.close()
        if self._folder is not None:
            shutil.rmtree(self._folder, ignore_errors=True)
            self._folder = None
        if process is not None:
            left = group.close() if group is not None else 0
            for _ in range(50):
                found = still_in(self._namespaces)
                if not found:
                    break
                left = max(left, len(found))
                for pid in found:
                    with contextlib.suppress(ProcessLookupError, PermissionError):
                        os.kill(pid, signal.SIGKILL)
                time.sleep(0.01)
            self._namespaces = ()
            for fd in self._held:
                os.close(fd)
            self._held = []
            self.checked += 1
            self.left += left

    def _spend(self, seconds: float) -> float:
        """Add ``seconds`` to the entry's time; returns its total across the league (counted
        only where it has a budget)."""
        if self.limits.budget is None:
            return 0.0
        self._spent += seconds
        return self._spent if self.account is None else self.account(seconds)

    def _out_of_time(self) -> str | None:
        budget = self.limits.budget
        if budget is not None and self._spend(0.0) >= budget:
            return f"it used up its {budget:g} s for the whole league, so it sits out the rest"
        return None

    def _send(self, text: str) -> str | None:
        process = self._process
        assert process is not None
        assert process.stdin is not None
        try:
            process.stdin.write(text.encode())
            process.stdin.flush()
        except (BrokenPipeError, OSError):
            return self._ended()
        return None

    def _ended(self) -> str:
        process = self._process
        try:
            code = None if process is None else process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            return "its process stopped reading"
        if self._group is not None and self._group.out_of_memory():
            return self._group.memory_reason()
        if code is not None and code > 128 and self._how != "none":
            code = 128 - code  # contained: the first process says a signal as 128 + n
        if code is not None and code < 0:
            try:
                name = signal.Signals(-code).name
            except ValueError:
                name = f"signal {-code}"
            if name == "SIGXCPU":
                return "its process ran out of processor time"
            if name == "SIGXFSZ":
                return "its process wrote a file over the size limit"
            return f"its process was ended by {name}"
        return f"its process ended (exit status {code})"

    def _read(self, timeout: float) -> tuple[bytes, str | None]:
        """One line from the entry within ``timeout`` seconds, or why not."""
        import select  # here: a browser's Python has no use for it

        process = self._process
        assert process is not None
        assert process.stdout is not None
        fd = process.stdout.fileno()
        deadline = time.perf_counter() + timeout
        while b"\n" not in self._buffer:
            if len(self._buffer) > LONGEST_ANSWER:
                return b"", "its answer was not a move (too long)"
            left = deadline - time.perf_counter()
            if left <= 0:
                return b"", f"it took longer than {timeout:g} s to answer"
            ready, _, _ = select.select([fd], [], [], min(left, CHECK))
            if not ready:
                group = self._group
                why = None if group is None else group.over(timeout - left + CHECK)
                if why is not None:
                    return b"", why
                continue
            chunk = os.read(fd, 65536)
            if not chunk:
                return b"", self._ended()
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line, None

    # -- the league's questions ---------------------------------------------------------------

    def deal(self, player: int, rules: Rules) -> str | None:
        """A new hand at seat ``player``; the reason the entry cannot play it, if any."""
        if self.broken:
            return self.broken
        late = self._out_of_time()
        if late:
            self.close()
            return late
        if self._process is None or self._process.poll() is not None:
            self.close()
            problem = self._start()
            if problem:
                self.close()
                return problem
        problem = self._send(deal_line(player, rules))
        if problem:  # it ended between two hands: this hand is forfeit, the next restarts it
            self.close()
        return problem

    def choose(self, line: str) -> Answer:
        """Send a turn line and wait for the move (the process is ended after a forfeit)."""
        start = time.perf_counter()
        problem = self._out_of_time()
        limit = self.limits.decision
        if self.limits.budget is not None:
            limit = min(limit, self.limits.budget - self._spend(0.0))
        if self._group is not None and problem is None:
            self._group.resume()
        if problem is None:
            problem = self._send(line)
        answer = b""
        if problem is None:
            answer, problem = self._read(limit)
            if (
                problem is not None
                and problem.startswith("it took longer")
                and limit < (self.limits.decision)
            ):
                problem = self._out_of_time() or problem
        if self._group is not None:
            self._group.pause()
            if problem is None and self._group.too_big():
                problem = self._group.memory_reason()
        seconds = time.perf_counter() - start
        self._spend(seconds)
        if problem is None:
            try:
                message = decode(answer)
                if "error" in message:
                    problem = f"its player raised {inert(str(message['error']))[:200]}"
                elif not isinstance(message.get("move"), str):
                    problem = "its answer was not a move"
            except ValueError:
                problem = "its answer was not a move"
        if problem is not None:
            self.close()
            return Answer(None, problem, seconds)
        return Answer(str(message["move"]), None, seconds)


def _first_child(pid: int) -> int | None:
    try:
        with open(f"/proc/{pid}/task/{pid}/children", encoding="ascii") as found:
            children = [int(n) for n in found.read().split()]
    except (OSError, ValueError):
        return None
    return children[0] if children else None


def _end_namespace(process: subprocess.Popen[bytes]) -> None:
    """End a contained entry's first process (its namespace's ``init``) and wait for
    ``unshare`` to reap it: the kernel ends every process of the namespace and their exit
    comes before the first's, so when this returns nothing of the entry is left (no process
    of its user still counted against its limit when it starts again)."""
    try:
        with open(f"/proc/{process.pid}/task/{process.pid}/children", encoding="ascii") as found:
            children = [int(pid) for pid in found.read().split()]
    except (OSError, ValueError):
        return
    for pid in children:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=5)


class InProcess:
    """An entry run in this process (no isolation): for a browser's Python, which cannot start
    processes. A decision over the time limit still forfeits, once it has returned, and since
    nothing can stop the next one midway, the entry forfeits every later hand too."""

    def __init__(self, entry: Entry, limits: Limits, user: int | None = None) -> None:
        self.entry = entry
        self.limits = limits
        self.broken: str | None = None
        self._factory: Callable[[], Chooser] | None = None
        self._player: Chooser | None = None
        self._seat = 0
        self._rules = Rules()
        self._history: list[tuple[int, str]] = []

    def deal(self, player: int, rules: Rules) -> str | None:
        if self._factory is None and self.broken is None:
            try:
                self._factory = player_factory(self.entry.source, f"{self.entry.name}.py")
            except Exception as error:
                self.broken = inert(f"its file fails: {type(error).__name__}: {error}")[:300]
        if self.broken:
            return self.broken
        self._seat, self._rules, self._history, self._player = player, rules, [], None
        return None

    def choose(self, line: str) -> Answer:
        from .protocol import read_turn

        start = time.perf_counter()
        try:
            observation = read_turn(decode(line), self._seat, self._rules, self._history)
            if self._player is None:
                assert self._factory is not None
                self._player = self._factory()
            move = str(self._player.choose(observation))
        except Exception as error:
            last = inert(f"{type(error).__name__}: {error}")
            return Answer(None, f"its player raised {last[:200]}", time.perf_counter() - start)
        seconds = time.perf_counter() - start
        if seconds > self.limits.decision:
            reason = f"it took longer than {self.limits.decision:g} s to answer"
            self.broken = f"{reason} in an earlier hand (isolation is off: it sits out)"
            return Answer(None, reason, seconds)
        return Answer(move, None, seconds)

    def close(self) -> None:
        self._player = None
