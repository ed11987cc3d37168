"""What a session answers to each action: a status line, and whether it refused."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from ..engine.moves import Move
from ..engine.words import sentence

if TYPE_CHECKING:
    from .session import Session

__all__ = ["Reply", "refuse"]

Json = dict[str, Any]


@dataclasses.dataclass(frozen=True)
class Reply:
    """The answer to one action: the line the viewer reads, and what else the caller may need.

    A refused reply changes nothing at the table; any other reply means the table may have
    changed and should be shown again.
    """

    status: str
    """One line for the viewer: what happened, or why nothing did."""
    refused: bool = False
    """True when the action was refused (and nothing changed)."""
    moves: tuple[Move, ...] = ()
    """The moves the action made or shows: a computer move, the moves skipped, "show me"."""
    hint: Json | None = None
    """A hint to show with this state only: ``{"move": ..., "reason": ..., "exact": ...}``."""
    reason: str = ""
    """A refusal's reason as the engine or the session gave it (``status`` is its sentence)."""
    opens: Session | None = None
    """The session the table turns to, when the action opens another mode ("Review this hand",
    "Practise these", back to the match)."""


def refuse(reason: str) -> Reply:
    """A refusal, its reason written as a sentence.

    >>> refuse("there is no move to take back").status
    'There is no move to take back.'
    """
    return Reply(sentence(reason), refused=True, reason=reason)
