"""A player object checked out of the kernel's memory: :class:`Apart` asks it in a process of
its own, forked afresh for each hand before that hand is dealt, and sends it nothing but its
observations. Whatever the player searches (``gc.get_objects()``, stack frames), its process
holds no game of the check's hand, so nothing hidden can reach it; a decision past the time
limit ends the process (nothing is left running), and a stand-in plays the rest of that hand.

Where no process can be forked (a browser's Python, Windows), :func:`can_fork` is False and
the check asks the player in the kernel instead, with twin tables.

Only text it has checked crosses back: an answer is a move's notation, or said in words by the
forked process itself (:func:`~.answers.answer_text`, calling nothing of the player's), a
line of bounded length that this process reads as untrusted.
"""

from __future__ import annotations

import contextlib
import gc
import json
import os
import pickle
import signal
import sys
import time
import traceback
import warnings
from typing import TYPE_CHECKING, Any

from ..engine.game import Game
from ..engine.observation import Observation
from ..engine.rules import Rules
from .answers import Described, Refused, answer_text, inert

if TYPE_CHECKING:
    import socket  # here only when a process can be forked (a browser's Python has none)

__all__ = ["APART", "Apart", "can_fork", "inert"]

APART = (
    "It ran in a process of its own, forked for each hand before the hand was dealt and told "
    "only its observation (so nothing hidden can reach it, and the twin tables are not needed)."
)

LONGEST_LINE = 4096
"""The longest answer line read back: a move is a few characters, a reason a line."""
LONGEST_MOVE = 1024
"""The most of a move's text that is kept to say what the player answered."""


def can_fork() -> bool:
    """True where a player can be asked in a forked process (not in a browser's Python, nor on
    Windows)."""
    return sys.platform != "emscripten" and hasattr(os, "fork")


class Apart:
    """``player`` asked in a forked process, ``limit`` seconds a decision (``None``: no limit);
    the :class:`~kingscorner_widget.analysis.runs.check_player.Decider` the check uses for a
    player object where it can fork."""

    twins = False

    def __init__(self, player: object, limit: float | None) -> None:
        self.player = player
        self.limit = limit
        self.out = False
        """True once this hand's process was ended (past its time, or it died): a stand-in
        plays the rest of the hand."""
        self._pid: int | None = None
        self._socket: socket.socket | None = None
        self._buffer = b""
        self._forks = 0

    def new_hand(self, seat: int, rules: Rules) -> str | None:
        """Fork the process for a new hand (called before the hand is dealt)."""
        self.close()
        self.out = False
        if not self._forks:  # games an earlier check left for the collector go first
            gc.collect()
        self._forks += 1
        import socket

        mine, theirs = socket.socketpair()
        sys.stdout.flush()
        sys.stderr.flush()
        with warnings.catch_warnings():  # Python 3.12 warns of forking a threaded kernel:
            warnings.simplefilter("ignore", DeprecationWarning)  # the child runs no thread's code
            pid = os.fork()
        if pid == 0:  # the player's process: it never returns from here
            mine.close()
            _serve(self.player, theirs)
        theirs.close()
        self._pid, self._socket, self._buffer = pid, mine, b""
        return None

    def decide(self, game: Game, observation: Observation) -> object:
        """The player's answer: notation, or :class:`~.answers.Described` when it is no
        move; raises :class:`~.answers.Refused` for a decision it lost."""
        connection = self._socket
        assert connection is not None, "new_hand comes first"
        data = pickle.dumps(observation)
        try:
            try:
                connection.sendall(len(data).to_bytes(4, "big") + data)
            except OSError:  # it ended between two decisions
                raise _Ended("exception", self._ended()) from None
            line = self._line()
        except _Ended as ended:
            self.close()
            self.out = True
            raise Refused(ended.kind, f"{ended} (a stand-in plays the rest of this hand)") from None
        try:
            message = json.loads(line)
            if not isinstance(message, dict):
                raise ValueError("not an object")
        except ValueError:
            return Described("something other than an answer", "a move is a Move or its notation")
        if isinstance(message.get("move"), str):
            return inert(message["move"])[:LONGEST_MOVE]
        if "error" in message:
            raise Refused("exception", f"raised {inert(str(message['error']))[:300]}")
        shown, why = (inert(str(message.get(key, "")))[:300] for key in ("shown", "why"))
        return Described(shown or "an answer", why or "a move is a Move or its notation")

    def _line(self) -> bytes:
        """One line from the player's process within the limit, or :class:`_Ended`."""
        import select

        connection = self._socket
        assert connection is not None
        deadline = None if self.limit is None else time.perf_counter() + self.limit
        while b"\n" not in self._buffer:
            if len(self._buffer) > LONGEST_LINE:
                raise _Ended("not a move", "its answer was far longer than any move")
            left = None if deadline is None else deadline - time.perf_counter()
            if left is not None and left <= 0:
                raise _Ended("too slow", f"it took longer than {self.limit:g} s to decide")
            ready, _, _ = select.select([connection], [], [], left)
            if not ready:
                continue
            chunk = connection.recv(65536)
            if not chunk:
                raise _Ended("exception", self._ended())
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line

    def _ended(self) -> str:
        """How the player's process ended, in words (it is reaped here). A process that closed
        its end but goes on running is given a second, then ended."""
        pid, self._pid = self._pid, None
        if pid is None:
            return "its process ended"
        deadline = time.perf_counter() + 1.0
        try:
            done, status = os.waitpid(pid, os.WNOHANG)
            while not done and time.perf_counter() < deadline:
                time.sleep(0.01)
                done, status = os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            return "its process ended"
        if not done:
            self._pid = pid
            self.close()
            return "its process stopped answering"
        if os.WIFSIGNALED(status):
            return f"its process was ended by {signal.Signals(os.WTERMSIG(status)).name}"
        return f"its process ended (exit status {os.waitstatus_to_exitcode(status)})"

    def close(self) -> None:
        """End the hand's process, whatever it is doing, and reap it."""
        connection, self._socket = self._socket, None
        if connection is not None:
            connection.close()
        pid, self._pid = self._pid, None
        if pid is not None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(pid, signal.SIGKILL)  # its group: whatever it started as well
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)  # in case it had not yet made its group
            with contextlib.suppress(ChildProcessError):
                os.waitpid(pid, 0)


class _Ended(Exception):  # noqa: N818 - the hand's process gave no answer
    def __init__(self, kind: str, reason: str) -> None:
        super().__init__(reason)
        self.kind = kind


def _serve(player: object, connection: socket.socket) -> None:
    """The forked process: answer each observation sent until the socket closes, then exit
    (never returning into the kernel's code)."""
    status = 0
    try:
        os.setpgid(0, 0)  # its own group: ended whole with it
        quiet = open(os.devnull, "w")  # noqa: SIM115 - kept open until the process exits
        for fd in (0, 1, 2):
            os.dup2(quiet.fileno(), fd)
        sys.stdout = sys.stderr = quiet  # nothing reaches the notebook's output
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        incoming = connection.makefile("rb")
        while True:
            header = incoming.read(4)
            if len(header) < 4:
                break
            observation = pickle.loads(incoming.read(int.from_bytes(header, "big")))
            message: dict[str, Any]
            try:
                answer = answer_text(player.choose(observation))  # type: ignore[attr-defined]
                if isinstance(answer, Described):
                    message = {"shown": answer.shown, "why": answer.why}
                else:
                    message = {"move": answer}
            except BaseException as error:  # the player's: sent back as words
                message = {"error": _last_line(error)}
            connection.sendall((json.dumps(message) + "\n").encode())
    except BaseException:
        status = 1
    finally:
        os._exit(status)


def _last_line(error: BaseException) -> str:
    try:
        return traceback.format_exception_only(type(error), error)[-1].strip()[:300]
    except BaseException:
        return type(error).__name__
