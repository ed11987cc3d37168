"""Check a student's player as the league will run it: its file in the league's sandbox, with
the league's limits and protocol (:func:`check_player` given a file or an
:class:`~.entries.Entry`); a player object is checked by
:func:`kingscorner_widget.analysis.runs.check_player.check_player`, in a process forked for each
hand (:mod:`~kingscorner_widget.sandbox.apart`).

In the sandbox a hang is a decision too slow (the process is ended and started afresh),
``SystemExit`` or an exception is the error it raised, a huge answer is no move, and a player
that searches its process for the game finds none: it sees its observation and nothing else,
so the twin tables have nothing to catch.
"""

from __future__ import annotations

from pathlib import Path

from ...display.language import N_
from ...engine.game import Game
from ...engine.observation import Observation
from ...engine.rules import Rules
from ...sandbox.entry import Entry
from ...sandbox.process import (
    Limits,
    Sandbox,
    can_contain,
    can_isolate,
    end_users,
    entry_user,
    forfeit_kind,
)
from ...sandbox.protocol import turn_line
from ..runs.check_player import PlayerCheck, Refused, run_check
from ..runs.check_player import check_player as check_here

__all__ = ["SANDBOXED", "check_player"]

SANDBOXED = N_(
    "It ran as the league runs it: in a process of its own, with the league's limits, seeing "
    "only its observation (so nothing hidden can reach it, and the twin tables are not needed)."
)

UNSANDBOXED = N_(
    "It ran in a process of its own with the league's limits, seeing only its observation, but "
    "without the league's sandbox (none can be made here), as this user."
)

_KINDS = {"too slow": "too slow", "answered no move": "not a move"}


class _InSandbox:
    """The player's file answering in the league's sandbox."""

    twins = False

    def __init__(self, entry: Entry, limits: Limits) -> None:
        self.seat = Sandbox(entry, limits, entry_user(0), trusted=not can_contain())
        self.broken: str | None = None
        self._seat_number = 1
        self._rules = Rules()
        self._told = 0

    def new_hand(self, seat: int, rules: Rules) -> str | None:
        self._seat_number, self._rules, self._told = seat, rules, 0
        problem = self.seat.deal(seat, rules)
        self.broken = self.seat.broken
        return problem

    def decide(self, game: Game, observation: Observation) -> object:
        if self.seat.pid is None:  # ended after a forfeit: started again, told the whole hand
            problem = self.new_hand(self._seat_number, self._rules)
            if problem:
                raise Refused("exception", problem)
        line = turn_line(game, self._seat_number, self._told)
        self._told = len(game.moves)
        answer = self.seat.choose(line)
        if answer.forfeit is not None:
            kind = _KINDS.get(forfeit_kind(answer.forfeit), "exception")
            raise Refused(kind, answer.forfeit)
        return answer.move

    def close(self) -> None:
        self.seat.close()
        if self.seat.user is not None:  # its number is free for another league again
            end_users([self.seat.user])


def check_player(
    player: object,
    hands: int = 50,
    seed: int = 0,
    rules: Rules | None = None,
    twins: int = 200,
    time_limit: float | None = None,
) -> PlayerCheck:
    """Check ``player``: a ``*.py`` file (a path) or an :class:`~.entries.Entry` runs in the
    league's sandbox (as the league runs it for this user; where none can be made, in a
    process of its own, said in the report) with its limits (``time_limit`` seconds a
    decision, 1 s unless said); a player object runs in a forked process of its own (see the
    module's doc).

    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "quitter.py"
    >>> quits = "class Player:\\n    def choose(self, seen):\\n        raise SystemExit\\n"
    >>> _ = path.write_text(quits)
    >>> report = check_player(path, hands=1)
    >>> report.problems[0].kind, "SystemExit" in report.problems[0].detail
    ('exception', True)
    """
    if isinstance(player, str | Path) and str(player).endswith(".py"):
        path = Path(player)
        player = Entry(path.stem, path.read_text(encoding="utf-8", errors="replace"), str(path))
    if not isinstance(player, Entry):
        limit = 10.0 if time_limit is None else time_limit
        return check_here(player, hands, seed, rules, twins, limit)
    if hands < 1:
        raise ValueError(f"hands must be 1 or more, not {hands}")
    if not can_isolate():
        raise ValueError("this Python cannot start processes: check the player object instead")
    decider = _InSandbox(player, Limits(decision=1.0 if time_limit is None else time_limit))
    note = SANDBOXED if can_contain() else UNSANDBOXED
    try:
        return run_check(decider, player.name, hands, seed, rules, note=note)
    finally:
        decider.close()
