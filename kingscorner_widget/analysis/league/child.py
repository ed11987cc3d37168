"""An entry's own process: set its limits, run its source, answer the league one line at a time.

Started by :mod:`.sandbox` as ``python -I -m kingscorner_widget.analysis.league.child`` in an
empty folder, with the limits as arguments. The entry's source arrives as the first line on
standard input. Anything the entry prints goes nowhere; the protocol keeps a private copy of
the pipes.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import traceback
from typing import TextIO

from ...engine.rules import Rules
from .entries import player_factory
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


PRELOADED = (
    "bisect",
    "collections",
    "copy",
    "dataclasses",
    "enum",
    "functools",
    "heapq",
    "itertools",
    "math",
    "operator",
    "random",
    "re",
    "statistics",
    "time",
    "typing",
    "kingscorner_widget",
    "kingscorner_widget.analysis",
)
"""Imported before the entry's user takes over: the interpreter's own files may be out of that
user's reach, so these are what an entry can import (the standard library's everyday modules
and this package)."""


def become(user: int) -> None:
    """Drop to ``user`` (and its own group) for good, after loading :data:`PRELOADED`."""
    import ctypes
    import importlib

    for name in PRELOADED:
        importlib.import_module(name)
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


def main(argv: list[str]) -> int:
    """Serve one entry until the league closes the pipe."""
    cpu, memory, file_size, processes, user = (int(value) for value in argv[:5])
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
