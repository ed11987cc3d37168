"""The errors the engine raises."""

from __future__ import annotations

__all__ = ["IllegalMoveError"]


class IllegalMoveError(ValueError):
    """A move the rules do not allow now. The message names the rule it breaks; nothing changed."""
