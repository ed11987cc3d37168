"""What a league runs: an :class:`Entry` (a player's name and source) and
:func:`player_factory`, which runs that source where the entry lives (a process of its own, or
the kernel when isolation is off) and returns what makes a fresh player for each hand.

>>> factory = player_factory("class Player:\\n    name = 'first'\\n"
...                          "    def choose(self, seen):\\n        return seen.legal_moves[0]\\n")
>>> factory().name
'first'
>>> player_factory("x = 1", "x.py")
Traceback (most recent call last):
...
ValueError: x.py defines neither a `player` object nor a `Player` class
"""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import types
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from ..engine.observation import Observation

__all__ = ["Chooser", "Entry", "player_factory"]


class Chooser(Protocol):
    """What an entry's source makes: anything with ``choose(observation)``."""

    def choose(self, observation: Observation) -> object:
        """The entry's move (the league judges it)."""
        ...


@dataclasses.dataclass(frozen=True)
class Entry:
    """One player in a league."""

    name: str
    """Its name on the leaderboard (the file's name without ``.py``, or the built-in's)."""
    source: str
    """The Python source that defines it."""
    origin: str
    """Where it came from: the file, or ``built-in``."""

    @property
    def digest(self) -> str:
        """A fingerprint of the source: a resumed league refuses an entry that changed."""
        return hashlib.sha256(self.source.encode()).hexdigest()[:16]


def player_factory(source: str, filename: str = "entry.py") -> Callable[[], Chooser]:
    """Run an entry's ``source`` and return what makes a fresh player for each hand: its
    ``Player`` class, or a copy of its ``player`` object."""
    module = types.ModuleType(Path(filename).stem)
    module.__file__ = filename
    exec(compile(source, filename, "exec"), module.__dict__)
    made = module.__dict__.get("Player")
    if isinstance(made, type):
        cls = made

        def fresh_instance() -> Chooser:
            return _checked(cls(), filename)

        return fresh_instance
    obj = module.__dict__.get("player")
    if obj is None:
        raise ValueError(f"{filename} defines neither a `player` object nor a `Player` class")
    _checked(obj, filename)

    def fresh_copy() -> Chooser:
        try:
            return _checked(copy.deepcopy(obj), filename)
        except Exception:  # an object that cannot be copied plays every hand itself
            return _checked(obj, filename)

    return fresh_copy


def _checked(player: object, filename: str) -> Chooser:
    if not callable(getattr(player, "choose", None)):
        raise ValueError(f"the player in {filename} has no choose(observation) method")
    return player  # type: ignore[return-value]
