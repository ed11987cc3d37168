"""Messages from the browser ("intents"): read and check them before anything acts on them.

Every intent is a JSON object with a ``kind`` and the snapshot ``version`` it was made against; a
few kinds carry one more field. Anything else is refused with a reason, and nothing changes.

>>> parse_intent({"kind": "play", "version": 4, "move": "Th>N"})
Intent(kind='play', version=4, move='Th>N', position=None, value=None, text=None, node=None)
>>> parse_intent({"kind": "play", "version": 4})
Traceback (most recent call last):
...
ValueError: a play message needs the move in notation, like Th>N
>>> parse_intent(["draw"])
Traceback (most recent call last):
...
ValueError: the table sent a message it does not understand
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

__all__ = ["ANY_VERSION", "KINDS", "QUIET_WHEN_STALE", "Intent", "parse_intent"]

KINDS: frozenset[str] = frozenset(
    {
        "play",  # move: a move in notation
        "draw",  # the end-of-turn move (draw, or pass on an empty stock)
        "hint",
        "undo",
        "back",
        "forward",
        "new",
        "daily",
        "next",  # next hand of a match, or next lesson step
        "show",  # lesson: show me the expected moves
        "step",  # one computer move (sent by the table's timer)
        "skip",  # every computer move until the viewer's turn
        "speed",  # value: seconds between computer moves
        "load",  # position: a position line, in explore mode
        # the teacher's table (kingscorner_widget.table.session): every hand face up or down
        # again where the mode allows it; the answer to a question the table asked before
        # throwing a game away (New match, Daily deal)
        "reveal",
        "confirm",
        "cancel",
        # explore's tree of lines: jump with node (a position's id), comment with text (plain
        # text; the session checks its length and refuses markup)
        "jump",
        "comment",
        "review",  # play: review the hand just finished (review mode)
        "practise",  # review: the reviewed mistakes as a practice lesson (lesson mode)
        "resume",  # review or its practice: back to the table it was opened from
    }
)
"""The kinds of intent the widget understands."""

QUIET_WHEN_STALE: frozenset[str] = frozenset({"step"})
"""Kinds refused without a status line when stale: every open view of the table sends ``step`` on
its own timer, and only the first one for a version may act."""

ANY_VERSION: frozenset[str] = frozenset({"speed"})
"""Kinds that change no game state (a viewing preference), so any version is accepted."""

MAX_MOVE = 24
MAX_POSITION = 600
MAX_SPEED = 10.0
MAX_TEXT = 2000
"""The longest text a message may carry (a comment's own limit is lower, and said when refused)."""


@dataclasses.dataclass(frozen=True)
class Intent:
    """One checked message from the browser."""

    kind: str
    """What the viewer asked for: one of :data:`KINDS`."""
    version: int
    """The snapshot version the viewer was looking at."""
    move: str | None = None
    """``play``: the move in notation."""
    position: str | None = None
    """``load``: a position line."""
    value: float | None = None
    """``speed``: seconds between computer moves."""
    text: str | None = None
    """``comment``: the comment, as the viewer typed it."""
    node: int | None = None
    """``jump``: the id of a position in explore's tree of lines."""

    def fields(self) -> dict[str, str | int]:
        """What the intent carries for the table to act on (``move``, ``position``, ``text``,
        ``node``).

        >>> Intent("play", 3, move="Th>N").fields()
        {'move': 'Th>N'}
        """
        carried = {
            "move": self.move,
            "position": self.position,
            "text": self.text,
            "node": self.node,
        }
        return {name: value for name, value in carried.items() if value is not None}


def parse_intent(content: Any) -> Intent:
    """Check a browser message; a ``ValueError`` says in words what is wrong with it."""
    if not isinstance(content, dict):
        raise ValueError("the table sent a message it does not understand")
    kind = content.get("kind")
    if not isinstance(kind, str) or kind not in KINDS:
        raise ValueError("the table sent a message it does not understand")
    version = content.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 0:
        raise ValueError(f"the {kind} message does not say which table it was made on")
    if kind == "play":
        move = content.get("move")
        if not isinstance(move, str) or not move.strip() or len(move) > MAX_MOVE:
            raise ValueError("a play message needs the move in notation, like Th>N")
        return Intent(kind, version, move=move)
    if kind == "load":
        position = content.get("position")
        if not isinstance(position, str) or not position.strip():
            raise ValueError("write a position in notation to load it")
        if len(position) > MAX_POSITION:
            raise ValueError("that position is too long to be a position line")
        return Intent(kind, version, position=position)
    if kind == "comment":
        text = content.get("text")
        if not isinstance(text, str):
            raise ValueError("a comment must be text")
        if len(text) > MAX_TEXT:
            raise ValueError("that comment is far too long: keep it to a few sentences")
        return Intent(kind, version, text=text)
    if kind == "jump":
        node = content.get("node")
        if isinstance(node, bool) or not isinstance(node, int) or node < 0:
            raise ValueError("a jump message needs the number of a position in the list of lines")
        return Intent(kind, version, node=node)
    if kind == "speed":
        value = content.get("value")
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not math.isfinite(value)
            or not 0 <= value <= MAX_SPEED
        ):
            raise ValueError(f"the speed must be 0 to {MAX_SPEED:g} seconds a move")
        return Intent(kind, version, value=float(value))
    return Intent(kind, version)
