"""Messages from the browser ("intents"): read and check them before anything acts on them.

Every intent is a JSON object with a ``kind`` and the snapshot ``version`` it was made against,
plus the fields its action declares (:mod:`kingscorner_widget.table.actions`: each action is
declared once, beside the session method that does it, with the fields its message carries).
Anything else is refused with a reason, and nothing changes.

>>> parse_intent({"kind": "play", "version": 4, "move": "Th>N"})
Intent(kind='play', version=4, fields={'move': 'Th>N'})
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
from typing import Any

from . import explore, lesson, pass_play, play, review
from .actions import Action, Field, all_kinds
from .session import Session

__all__ = ["ANY_VERSION", "KINDS", "QUIET_WHEN_STALE", "Intent", "parse_intent"]

MODULES = (explore, lesson, pass_play, play, review)
"""The sessions' modules: each declares its actions as it is imported, so every kind below is
known here, whichever module was imported first."""
_DECLARED: dict[str, list[Action]] = all_kinds()
assert Session.actions(), "the sessions declare their actions when the table is imported"

KINDS: frozenset[str] = frozenset(_DECLARED)
"""The kinds of intent the widget understands: every kind a session declares."""

QUIET_WHEN_STALE: frozenset[str] = frozenset(
    kind for kind, made in _DECLARED.items() if any(one.quiet for one in made)
)
"""Kinds refused without a status line when stale: every open view of the table sends ``step`` on
its own timer, and only the first one for a version may act."""

ANY_VERSION: frozenset[str] = frozenset(
    kind for kind, made in _DECLARED.items() if all(one.any_version for one in made)
)
"""Kinds that change no game state (a viewing preference), so any version is accepted."""


def _fields(kind: str) -> tuple[Field, ...]:
    """The fields a ``kind`` message carries (the same in every mode that declares it)."""
    found = {one.fields for one in _DECLARED[kind]}
    if len(found) != 1:
        raise AssertionError(f"the {kind} action is declared with different fields")
    return found.pop()


FIELDS: dict[str, tuple[Field, ...]] = {kind: _fields(kind) for kind in KINDS}
"""The fields each kind's message carries."""


@dataclasses.dataclass(frozen=True)
class Intent:
    """One checked message from the browser."""

    kind: str
    """What the viewer asked for: one of :data:`KINDS`."""
    version: int
    """The snapshot version the viewer was looking at."""
    fields: dict[str, str | int | float] = dataclasses.field(default_factory=dict)
    """What the message carries for the table to act on, checked against the action's
    declaration (``move``, ``position``, ``text``, ``node``, ``value``)."""


def parse_intent(content: Any) -> Intent:
    """Check a browser message; a ``ValueError`` says in words what is wrong with it."""
    if not isinstance(content, dict):
        raise ValueError("the table sent a message it does not understand")
    kind = content.get("kind")
    if not isinstance(kind, str) or kind not in KINDS:
        raise ValueError("the table sent a message it does not understand")
    version = content.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise ValueError(f"the {kind} message does not say which table it was made on")
    if version < 0:
        raise ValueError(f"the {kind} message names a table that never was (version {version})")
    return Intent(
        kind, version, {field.name: field.read(content.get(field.name)) for field in FIELDS[kind]}
    )
