"""An entry's whole sandbox as one: stopped while it waits for its turn, bounded in memory and
processor as a whole, and checked for anything left when it closes.

Where the league may make cgroups (as root, with cgroup v1's ``freezer``, ``memory``, ``cpu``
and ``pids`` controllers), the sandbox's first process joins a cgroup of its own before it runs
anything (:meth:`Group.wrap`), so every process the entry makes is in it: the group is frozen
between the entry's turns, its memory (every process's, its private folders' and its IPC
objects' together) has one limit, and all of it may use one processor at most. Elsewhere (an
ordinary teacher; cgroup v2, which this machine does not mount) every process of the sandbox
(the process tree under its first process: orphans in a process namespace go to its ``init``)
is stopped with ``SIGSTOP`` between its turns and continued for its turn, and during its turn
the league adds up its processes' resident memory and processor time: more than the memory
limit, or more than one processor's worth of the turn, forfeits.

>>> group = Group.make(memory=1 << 30, processes=8)
>>> group.kind in ("cgroup", "signals")
True
>>> group.close()
0
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import os
import signal
import time
from collections.abc import Sequence
from pathlib import Path

__all__ = ["CONTROLLERS", "Group", "cgroups_possible", "namespaces_of", "still_in", "sweep"]

CONTROLLERS = ("freezer", "memory", "cpu", "pids")
"""The cgroup v1 controllers a sandbox's group uses."""

_ROOT = Path("/sys/fs/cgroup")
_SERIAL = itertools.count()
_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
_TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100

ONE_PROCESSOR = "one processor"


def _own(controller: str) -> Path | None:
    """This process's own cgroup in ``controller``'s v1 hierarchy, if mounted and writable."""
    try:
        lines = Path("/proc/self/cgroup").read_text(encoding="ascii").splitlines()
    except OSError:
        return None
    for line in lines:
        _, names, path = line.split(":", 2)
        if controller in names.split(","):
            folder = _ROOT / controller / path.lstrip("/")
            if folder.is_dir() and os.access(folder, os.W_OK):
                return folder
    return None


@functools.lru_cache(maxsize=1)
def cgroups_possible() -> bool:
    """True where this process may make cgroup v1 groups of every :data:`CONTROLLERS` (tried
    once: a group made and removed)."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return False
    made: list[Path] = []
    try:
        for controller in CONTROLLERS:
            own = _own(controller)
            if own is None:
                return False
            probe = own / f"kc-probe-{os.getpid()}"
            probe.mkdir()
            made.append(probe)
        return (made[0] / "freezer.state").exists()
    except OSError:
        return False
    finally:
        for folder in made:
            with contextlib.suppress(OSError):
                folder.rmdir()


def _stat(pid: int) -> list[str] | None:
    try:
        text = Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace")
    except OSError:
        return None
    return text.rsplit(")", 1)[1].split()


def _children(pid: int) -> list[int]:
    out: list[int] = []
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return out
    for task in tasks:
        with contextlib.suppress(OSError, ValueError):
            out += [int(n) for n in Path(f"/proc/{pid}/task/{task}/children").read_text().split()]
    return out


def _tree(root: int) -> list[int]:
    """Every process under ``root`` (not ``root`` itself)."""
    found: list[int] = []
    todo = _children(root)
    while todo:
        pid = todo.pop()
        if pid not in found:
            found.append(pid)
            todo += _children(pid)
    return found


def _alive(pids: list[int]) -> list[int]:
    """Those of ``pids`` that are not already ended (a zombie holds nothing but its number)."""
    return [pid for pid in pids if (fields := _stat(pid)) is not None and fields[0] not in "ZX"]


def namespaces_of(pid: int) -> tuple[tuple[str, ...], list[int]]:
    """The process, IPC and mount namespaces of ``pid`` (empty if they cannot be read), and
    a descriptor of each, held open until the sandbox is checked: a namespace that has ended
    may give its number to a new one (another worker's sandbox), which a held one cannot."""
    held: list[int] = []
    try:
        for kind in ("pid", "ipc", "mnt"):
            held.append(os.open(f"/proc/{pid}/ns/{kind}", os.O_RDONLY))
        return tuple(os.readlink(f"/proc/self/fd/{fd}") for fd in held), held
    except OSError:
        for fd in held:
            os.close(fd)
        return (), []


def still_in(namespaces: Sequence[str]) -> list[int]:
    """Every process of this machine in any of ``namespaces`` (what would keep a sandbox's
    processes, IPC objects or files alive)."""
    wanted = set(namespaces)
    found: list[int] = []
    if not wanted:
        return found
    for name in os.listdir("/proc"):
        if name.isdigit():
            for kind in ("pid", "ipc", "mnt"):
                with contextlib.suppress(OSError):
                    if os.readlink(f"/proc/{name}/ns/{kind}") in wanted:
                        found.append(int(name))
                        break
    return _alive(found)


def sweep(tag: str) -> int:
    """Thaw, empty and remove every cgroup of the league tagged ``tag`` (a worker that died
    never closed its sandboxes, and a frozen process cannot end); returns how many processes
    were in them."""
    found = 0
    if not tag:
        return found
    for controller in CONTROLLERS:
        own = _own(controller)
        for folder in [] if own is None else sorted(own.glob(f"kc-{tag}-*")):
            group = Group("cgroup", 0, {"freezer": folder} if controller == "freezer" else {})
            if controller == "freezer":
                group._root = 0
                found += group.close()
            else:
                for _ in range(500):
                    with contextlib.suppress(OSError):
                        folder.rmdir()
                    if not folder.exists():
                        break
                    time.sleep(0.01)
    return found


class Group:
    """An entry's sandbox, all its processes as one (see the module's words)."""

    def __init__(self, kind: str, memory: int, folders: dict[str, Path]) -> None:
        self.kind = kind
        """``"cgroup"`` or ``"signals"``."""
        self.memory = memory
        self._folders = folders
        self._root: int | None = None
        self._inside = False
        self._stopped: set[int] = set()
        self._turn_cpu = 0.0
        self._state: int | None = None

    @classmethod
    def make(cls, memory: int, processes: int, cgroups: bool | None = None, tag: str = "") -> Group:
        """A group for one sandbox: a cgroup where one can be had (unless ``cgroups`` is
        false), else the signals' way. ``tag`` names the league's groups for :func:`sweep`."""
        if cgroups is None:
            cgroups = cgroups_possible()
        if not cgroups:
            return cls("signals", memory, {})
        name = f"kc-{tag or 'x'}-{os.getpid()}-{next(_SERIAL)}"
        folders: dict[str, Path] = {}
        try:
            for controller in CONTROLLERS:
                own = _own(controller)
                if own is None:
                    raise OSError(f"no {controller} cgroup")
                (own / name).mkdir()
                folders[controller] = own / name
            memory_folder = folders["memory"]
            (memory_folder / "memory.limit_in_bytes").write_text(str(memory))
            swap = memory_folder / "memory.memsw.limit_in_bytes"
            if swap.exists():
                with contextlib.suppress(OSError):
                    swap.write_text(str(memory))
            (folders["cpu"] / "cpu.cfs_period_us").write_text("100000")
            (folders["cpu"] / "cpu.cfs_quota_us").write_text("100000")
            (folders["pids"] / "pids.max").write_text(str(processes + 4))
        except OSError:
            group = cls("cgroup", memory, folders)
            group.close()
            return cls("signals", memory, {})
        return cls("cgroup", memory, folders)

    def wrap(self, command: Sequence[str]) -> list[str]:
        """``command`` started so that its first process is in the group before it runs."""
        if self.kind != "cgroup":
            return list(command)
        files = [str(folder / "cgroup.procs") for folder in self._folders.values()]
        script = (
            'n=$1; shift; while [ "$n" -gt 0 ]; do echo $$ > "$1" || exit 125; shift; '
            'n=$((n-1)); done; exec "$@"'
        )
        return ["/bin/sh", "-c", script, "sh", str(len(files)), *files, *command]

    def started(self, pid: int, inside: bool) -> None:
        """The sandbox's first process is ``pid``; ``inside`` when the entry's processes are
        under it in a namespace of their own (else ``pid`` is the entry's process itself)."""
        self._root = pid
        self._inside = inside
        self._stopped = set()

    # -- turns -----------------------------------------------------------------------------

    def processes(self) -> list[int]:
        """Every process of the sandbox now."""
        if self.kind == "cgroup":
            try:
                text = (self._folders["freezer"] / "cgroup.procs").read_text()
            except OSError:
                return []
            return [int(n) for n in text.split()]
        if self._root is None:
            return []
        tree = _tree(self._root)
        return tree if self._inside else [self._root, *tree]

    def pause(self) -> None:
        """Stop every process of the sandbox (it is not its turn); returns once all are."""
        if self._root is None:
            return
        if self.kind == "cgroup":  # the kernel stops each of them before it runs again
            self._freezer(b"FROZEN")
            return
        for _ in range(1000):  # until a round finds no process not yet stopped
            fresh = [pid for pid in self.processes() if pid not in self._stopped]
            if not fresh:
                break
            for pid in fresh:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(pid, signal.SIGSTOP)
                self._stopped.add(pid)
            for pid in fresh:  # a stopped process makes no other
                for _ in range(10_000):
                    fields = _stat(pid)
                    if fields is None or fields[0] in "TtZX":
                        break
                    os.sched_yield()

    def resume(self) -> None:
        """Let the sandbox run (its turn)."""
        if self.kind == "cgroup":
            self._freezer(b"THAWED")
            return
        for pid in self._stopped:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGCONT)
        self._stopped = set()
        self._turn_cpu = self._cpu()

    def _freezer(self, state: bytes) -> None:
        """Write the freezer's state (its file kept open: one call per turn)."""
        if self._state is None and "freezer" in self._folders:
            with contextlib.suppress(OSError):
                self._state = os.open(self._folders["freezer"] / "freezer.state", os.O_WRONLY)
        if self._state is not None:
            with contextlib.suppress(OSError):
                os.write(self._state, state)

    def _cpu(self) -> float:
        total = 0
        for pid in self.processes():
            fields = _stat(pid)
            if fields is not None:
                total += int(fields[11]) + int(fields[12]) + int(fields[13]) + int(fields[14])
        return total / _TICK

    def over(self, seconds: float) -> str | None:
        """During a turn of ``seconds`` so far: why the sandbox must stop, if it must (its
        memory or, where no cgroup holds it to one processor, its processor time)."""
        if self.kind == "cgroup":
            try:
                text = (self._folders["memory"] / "memory.oom_control").read_text()
            except OSError:
                return None
            for line in text.splitlines():
                if line.startswith("oom_kill ") and int(line.split()[1]) > 0:
                    return self.memory_reason()
            return None
        if self.too_big():
            return self.memory_reason()
        if self._cpu() - self._turn_cpu > seconds + 0.25:
            return f"its processes together used more than {ONE_PROCESSOR} in its turn"
        return None

    def too_big(self) -> bool:
        """True when its processes' resident memory together is over the limit (what the
        league checks without a cgroup: during its turns, and as each ends)."""
        if self.kind == "cgroup":
            return self.out_of_memory()
        resident = 0
        for pid in self.processes():
            with contextlib.suppress(OSError, ValueError, IndexError):
                resident += int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * _PAGE
        return resident > self.memory

    def memory_reason(self) -> str:
        return f"its processes together used more than {self.memory >> 20} MB of memory"

    def out_of_memory(self) -> bool:
        """True when the cgroup's limit ended one of its processes."""
        if self.kind != "cgroup":
            return False
        with contextlib.suppress(OSError, ValueError):
            text = (self._folders["memory"] / "memory.oom_control").read_text()
            for line in text.splitlines():
                if line.startswith("oom_kill "):
                    return int(line.split()[1]) > 0
        return False

    # -- the end ---------------------------------------------------------------------------

    def kill(self) -> None:
        """End every process of the sandbox (thawed first: a frozen one cannot die)."""
        found = self.processes()
        if self.kind == "cgroup":
            self.resume()
        for pid in found:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
        for pid in self._stopped:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGCONT)
        self._stopped = set()

    def close(self) -> int:
        """Remove the group, ending any process still in it; returns how many were."""
        left = 0
        if self.kind == "cgroup" and self._folders:
            for _ in range(500):
                found = _alive(self.processes())
                if not found:
                    break
                left = max(left, len(found))
                self.kill()
                time.sleep(0.01)
            if self._state is not None:
                os.close(self._state)
                self._state = None
            for folder in self._folders.values():
                for _ in range(100):  # an ended process leaves its group a moment later
                    with contextlib.suppress(OSError):
                        folder.rmdir()
                    if not folder.exists():
                        break
                    time.sleep(0.01)
            self._folders = {}
        self._root = None
        return left
