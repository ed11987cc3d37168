"""An entry's own process: set its limits, run its source, answer the league one line at a time.

Started by :mod:`.process` as ``python -I`` running :func:`main` of this very package in an
empty folder, with the limits as arguments. The entry's source arrives as the first line on
standard input. Anything the entry prints goes nowhere; the protocol keeps a private copy of
the pipes.

As any other user it starts in bubblewrap's namespaces (:mod:`.bwrap`). As root it starts
inside namespaces of its own (``unshare --net --pid --ipc --uts --mount``, see
:mod:`.process`) and :func:`contain` finishes the job before the entry's user takes over: the
folders named with ``--hide`` are covered by an empty folder, ``/tmp`` is a small private
``tmpfs`` (the entry's only folder; ``/dev/shm``, ``/var/tmp`` and ``/run/lock`` are covered by
small private ones too), and the entry runs in a user namespace of its own that may
create no other (``max_user_namespaces`` 0, the kernel's own limit). The first process (the
namespace's ``init``) only waits: when it ends, the kernel ends every process of the entry,
those that left its session included.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import traceback
from typing import TextIO

from ..engine.rules import Rules
from .entry import player_factory
from .protocol import answer_line, decode, error_line, read_turn

__all__ = ["main"]


def set_limits(cpu: int, memory: int, file_size: int, processes: int) -> None:
    """Limit this process for good: processor seconds, address space and file size in bytes,
    and processes of its user (soft and hard limits alike, so they cannot be raised)."""
    import resource

    for limit, value in (
        (resource.RLIMIT_CPU, cpu),
        (resource.RLIMIT_AS, memory),
        (resource.RLIMIT_FSIZE, file_size),
        (resource.RLIMIT_NPROC, processes),
        (resource.RLIMIT_CORE, 0),
    ):
        if value >= 0:
            resource.setrlimit(limit, (value, value))


def preload() -> None:
    """Import the standard library's everyday modules, before the entry's user takes over: the
    interpreter's own files may be out of that user's reach, so these (and this package, loaded
    by the process's first line: see :mod:`.process`) are what an entry can import."""
    import bisect  # noqa: F401
    import collections  # noqa: F401
    import copy  # noqa: F401
    import dataclasses  # noqa: F401
    import enum  # noqa: F401
    import functools  # noqa: F401
    import heapq  # noqa: F401
    import itertools  # noqa: F401
    import math  # noqa: F401
    import operator  # noqa: F401
    import random  # noqa: F401
    import re  # noqa: F401
    import statistics  # noqa: F401
    import time  # noqa: F401
    import typing  # noqa: F401


def become(user: int) -> None:
    """Drop to ``user`` (and its own group) for good, after :func:`preload`."""
    import ctypes

    preload()
    os.setgroups([])
    os.setgid(user)
    os.setuid(user)
    if os.getuid() != user or os.geteuid() != user:  # pragma: no cover - the kernel's promise
        raise SystemExit("could not change user")
    with contextlib.suppress(OSError, AttributeError):  # not Linux: no such call
        # End with the league's worker, whatever the entry is doing.
        ctypes.CDLL(None).prctl(1, 9, 0, 0, 0)  # PR_SET_PDEATHSIG, SIGKILL


def _private_pipes() -> tuple[TextIO, TextIO]:
    """Keep the protocol's pipes for the league; point the entry's stdin and stdout at nothing."""
    incoming = os.fdopen(os.dup(0), "r", encoding="utf-8")
    outgoing = os.fdopen(os.dup(1), "w", encoding="utf-8")
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)
    os.close(null)
    sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 - lives as long as the process
    sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    return incoming, outgoing


def _last_line(error: BaseException) -> str:
    lines = traceback.format_exception_only(type(error), error)
    return (lines[-1] if lines else type(error).__name__).strip()


CLONE_NEWUSER = 0x10000000
MS_RDONLY, MS_NOSUID, MS_NODEV = 1, 2, 4
TMP_BYTES = 16 << 20
"""The private ``/tmp``: 16 MB ..."""
TMP_FILES = 256
"""... and 256 files at most."""
SHARED = {"/dev/shm": 4 << 20, "/var/tmp": 4 << 20, "/run/lock": 1 << 20}
"""Folders every process of the machine shares, each covered by a small private one (bytes):
nothing an entry writes there reaches another entry or outlives it."""


def _mount(source: bytes, target: str, kind: bytes, flags: int, options: str) -> None:
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    if libc.mount(source, target.encode(), kind, flags, options.encode()) != 0:
        error = ctypes.get_errno()
        raise OSError(error, f"cannot mount {kind.decode()} on {target}: {os.strerror(error)}")


def _private_folders(user: int, hidden: list[str]) -> None:
    """Cover every ``hidden`` folder with an empty one nobody may open, and give the entry a
    bounded ``/tmp`` of its own as its working folder (in this process's mount namespace)."""
    flags = MS_NOSUID | MS_NODEV
    for folder in hidden:
        if os.path.isdir(folder):
            _mount(b"none", folder, b"tmpfs", flags | MS_RDONLY, "size=4k,nr_inodes=2,mode=000")
    options = f"size={TMP_BYTES},nr_inodes={TMP_FILES},mode=700,uid={user},gid={user}"
    _mount(b"none", "/tmp", b"tmpfs", flags, options)
    for folder, size in SHARED.items():  # the machine's shared folders: private ones instead
        if os.path.isdir(folder):
            options = f"size={size},nr_inodes={TMP_FILES},mode=700,uid={user},gid={user}"
            _mount(b"none", folder, b"tmpfs", flags, options)
    os.chdir("/tmp")


def _own_user_namespace(user: int) -> int:
    """Fork the entry's process into a user namespace of its own (mapping only root and
    ``user``, each to itself) in which no further user namespace can be made. Returns 0 in
    the entry's process; in this one, the entry's process id (this process writes its maps)."""
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    unshared, mapped = os.pipe(), os.pipe()
    pid = os.fork()
    if pid == 0:
        if libc.unshare(CLONE_NEWUSER) != 0:
            os._exit(125)
        os.write(unshared[1], b"u")
        if os.read(mapped[0], 1) != b"m":
            os._exit(125)
        with open("/proc/sys/user/max_user_namespaces", "w", encoding="ascii") as limit:
            limit.write("0\n")
        return 0
    if os.read(unshared[0], 1) == b"u":
        lines = f"0 0 1\n{user} {user} 1\n"
        for name in ("uid_map", "gid_map"):
            with open(f"/proc/{pid}/{name}", "w", encoding="ascii") as out:
                out.write(lines)
        os.write(mapped[1], b"m")
    for end in (*unshared, *mapped):
        os.close(end)
    return pid


def _wait_for(pid: int) -> int:
    """The namespace's first process: reap every orphan until the entry's process ends, then
    end with its status (a signal ``n`` as ``128 + n``, as shells say it)."""
    for stream in (0, 1):
        os.close(stream)
    while True:
        try:
            found, status = os.waitpid(-1, 0)
        except ChildProcessError:
            return 1
        if found == pid:
            if os.WIFSIGNALED(status):
                return 128 + os.WTERMSIG(status)
            return os.waitstatus_to_exitcode(status)


def _first_line() -> bytes:
    """One line of standard input, read a byte at a time so that nothing after it is taken
    from the entry's process."""
    line = b""
    while not line.endswith(b"\n"):
        byte = os.read(0, 1)
        if not byte:
            break
        line += byte
    return line or b"[]"


def contain(user: int, hidden: list[str]) -> int | None:
    """As root, pid 1 of fresh namespaces: hide ``hidden``, give the entry its private
    ``/tmp`` and a user namespace of its own. Returns ``None`` in the entry's process; in the
    first process, its exit status once the entry's process has ended."""
    _private_folders(user, hidden)
    pid = _own_user_namespace(user)
    return _wait_for(pid) if pid else None


def main(argv: list[str]) -> int:
    """Serve one entry until the league closes the pipe."""
    cpu, memory, file_size, processes, user = (int(value) for value in argv[:5])
    if "--contain" in argv:  # the folders to hide come first on stdin, off the command line
        status = contain(user, [str(folder) for folder in json.loads(_first_line())])
        if status is not None:  # the namespace's first process: the entry has ended
            os._exit(status)
    set_limits(cpu, memory, file_size, processes)
    if user >= 0:
        become(user)
    incoming, outgoing = _private_pipes()

    def send(text: str) -> None:
        outgoing.write(text)
        outgoing.flush()

    start = decode(incoming.readline() or "{}")
    try:
        factory = player_factory(str(start["source"]), str(start["filename"]))
    except BaseException as error:  # the entry's own code failed: say so and stop
        send(error_line(_last_line(error)))
        return 1
    send(json.dumps({"ready": True}) + "\n")
    player = None
    seat = 0
    rules = Rules()
    history: list[tuple[int, str]] = []
    for line in incoming:
        message = decode(line)
        if "deal" in message:
            seat = int(message["deal"]["player"])
            rules = Rules.from_dict(message["deal"]["rules"])
            history = []
            player = None
            continue
        try:
            if player is None:
                player = factory()
            observation = read_turn(message, seat, rules, history)
            send(answer_line(player.choose(observation)))
        except BaseException as error:  # the player's exception is the league's to report
            if isinstance(error, KeyboardInterrupt):
                raise
            send(error_line(_last_line(error)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
