"""How a finished hand ended: a value the engine gives and :mod:`~.words` says.

>>> Outcome("out", 2, (2,), (13, 0), (0, 0)).winners
(2,)
"""

from __future__ import annotations

import dataclasses
from typing import Literal

from .words import outcome_words

__all__ = ["Outcome"]


@dataclasses.dataclass(frozen=True)
class Outcome:
    """How a finished hand ended and what each player's leftover cards cost."""

    reason: Literal["out", "blocked"]
    """``"out"``: a player emptied their hand; ``"blocked"``: nobody played a card for a full round
    with the stock empty."""
    went_out: int | None
    """The player (1-based) who emptied their hand, if any."""
    winners: tuple[int, ...]
    """The winning players (1-based): who went out; in the corners version, the most corners
    kept (ties share). Nobody wins a blocked hand (``()``): it is scored by the cards left."""
    penalties: tuple[int, ...]
    """Each player's count of cards left in hand under the rules' count (0 for who went out)."""
    corners: tuple[int, ...]
    """Corners version: the corner piles each player finished and kept (all 0 otherwise)."""

    def describe(self) -> str:
        """One line in words.

        >>> Outcome("out", 2, (2,), (13, 0), (0, 0)).describe()
        'P2 went out and wins. Left in hand: P1 13, P2 0.'
        """
        return outcome_words(self)
