"""League entries: the players written in a folder's ``*.py`` files, and built-in baselines.

The league reads an entry's source but never runs it in its own process; :func:`player_factory`
runs it where the entry lives (a process of its own, or the kernel when isolation is off).

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
from collections.abc import Callable, Iterable
from pathlib import Path

from ..players import Player, make_player

__all__ = ["BUILT_IN", "Entry", "load_entries", "player_factory"]

BUILT_IN = ("random", "greedy", "planner", "lookahead", "expert")
"""The built-in players a league can take as baselines."""


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


OPTIONS: dict[str, str] = {"expert": ", time_budget=0.5"}
"""What a built-in player is given in a league: the expert thinks at most half a second a
decision, well inside the league's time limit."""


def built_in(kind: str) -> Entry:
    """A built-in player as an entry (its source makes it with ``make_player``).

    >>> print(built_in("expert").source)
    from kingscorner_widget.analysis import make_player
    <BLANKLINE>
    player = make_player('expert', seed=0, time_budget=0.5)
    <BLANKLINE>
    """
    make_player(kind)  # an unknown name is refused here, with the choices
    source = (
        "from kingscorner_widget.analysis import make_player\n\n"
        f"player = make_player({kind!r}, seed=0{OPTIONS.get(kind, '')})\n"
    )
    return Entry(kind, source, "built-in")


def load_entries(directory: str | Path, with_: Iterable[str] = ()) -> list[Entry]:
    """Every ``*.py`` file in ``directory`` (in name order), then the built-ins named in
    ``with_``. Two entries with one name are refused."""
    folder = Path(directory)
    if not folder.is_dir():
        raise ValueError(f"{folder} is not a folder of players")
    entries = [
        Entry(path.stem, path.read_text(encoding="utf-8", errors="replace"), str(path))
        for path in sorted(folder.glob("*.py"))
        if not path.name.startswith(("_", "."))
    ]
    for entry in entries:
        if not entry.name.isprintable():
            shown = entry.name.encode("unicode_escape").decode("ascii")
            raise ValueError(f"the file name {shown!r} cannot be shown on a leaderboard: rename it")
    entries += [built_in(kind.strip()) for kind in with_ if kind.strip()]
    names = [entry.name for entry in entries]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise ValueError(f"two entries are called {twice[0]}: rename one of the files")
    if len(entries) < 2:
        raise ValueError(f"a league needs at least two players; {folder} gives {len(entries)}")
    return entries


def player_factory(source: str, filename: str = "entry.py") -> Callable[[], Player]:
    """Run an entry's ``source`` and return what makes a fresh player for each hand: its
    ``Player`` class, or a copy of its ``player`` object."""
    module = types.ModuleType(Path(filename).stem)
    module.__file__ = filename
    exec(compile(source, filename, "exec"), module.__dict__)
    made = module.__dict__.get("Player")
    if isinstance(made, type):
        cls = made

        def fresh_instance() -> Player:
            return _checked(cls(), filename)

        return fresh_instance
    obj = module.__dict__.get("player")
    if obj is None:
        raise ValueError(f"{filename} defines neither a `player` object nor a `Player` class")
    _checked(obj, filename)

    def fresh_copy() -> Player:
        try:
            return _checked(copy.deepcopy(obj), filename)
        except Exception:  # an object that cannot be copied plays every hand itself
            return _checked(obj, filename)

    return fresh_copy


def _checked(player: object, filename: str) -> Player:
    if not callable(getattr(player, "choose", None)):
        raise ValueError(f"the player in {filename} has no choose(observation) method")
    return player  # type: ignore[return-value]
