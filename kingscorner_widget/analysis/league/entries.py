"""League entries: the players written in a folder's ``*.py`` files, and built-in baselines.

The league reads an entry's source but never runs it in its own process: an
:class:`~kingscorner_widget.sandbox.entry.Entry` runs where it lives (see
:mod:`kingscorner_widget.sandbox`).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from ...sandbox.entry import Entry, player_factory
from ..players import make_player

__all__ = ["BUILT_IN", "Entry", "load_entries", "player_factory"]

BUILT_IN = ("random", "greedy", "planner", "lookahead", "expert")
"""The built-in players a league can take as baselines."""


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
