"""The errors the engine raises, and the one way their messages quote what they were given.

Each is a ``ValueError`` whose message names the problem in the user's terms. A message quotes
the input it refers to in a short excerpt, never whole: a megabyte of bad input gives a one-line
message.

>>> excerpt("N:Jc")
"'N:Jc'"
>>> excerpt("9" * 5000)
"'999999999999999999999999…' (5000 characters)"
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .reasons import Reason

__all__ = ["IllegalMoveError", "PositionError", "RecordError", "excerpt"]


class IllegalMoveError(ValueError):
    """A move the rules do not allow now. The message names the rule it breaks, in words; nothing
    changed. :attr:`reason` holds the judge's reason as a value (``None`` for a move that could
    not be read)."""

    reason: Reason | None
    """The rule broken, as the judge gave it."""

    def __init__(self, message: str, reason: Reason | None = None) -> None:
        super().__init__(message)
        self.reason = reason


class PositionError(ValueError):
    """A position line that is not in the notation or not a possible table; the message says why."""


class RecordError(ValueError):
    """A game or match record that cannot be loaded; the message names the entry that is wrong
    (``moves``, ``hands[2].result``, ...)."""


for _error in (IllegalMoveError, PositionError, RecordError):
    # Tracebacks name the errors where users import them from: ``kingscorner_widget.PositionError``.
    _error.__module__ = "kingscorner_widget"

EXCERPT_LENGTH = 24
"""The most characters of an input a message quotes."""


def excerpt(text: object, limit: int = EXCERPT_LENGTH) -> str:
    """``text`` quoted for a message: its ``repr`` when short, else its start and its length.

    Anything that is not a string is described by its type, so no number is ever written out
    whole (a 5,000-digit integer cannot even be converted to text by default).
    """
    if not isinstance(text, str):
        return _kind(text)
    if len(text) <= limit:
        return repr(text)
    quoted = repr(text[:limit])
    return f"{quoted[:-1]}…{quoted[-1]} ({len(text)} characters)"


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        text = str(value) if abs(value) < 10**EXCERPT_LENGTH else ""
        return text or f"a {len(format(abs(value), 'x')) * 4}-bit number"
    if isinstance(value, float):
        return f"the number {value!r}"
    if isinstance(value, list):
        return f"a list of {len(value)}"
    if isinstance(value, dict):
        return f"an object with {len(value)} entries"
    return f"a {type(value).__name__}"
