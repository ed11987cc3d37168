"""What a turn achieves, in tie-break order, and the one integer the solver packs it into.

Packed, a value compares as a whole: cards shed (bits 32 up), corners finished (29-31), penalty
points (19-28), kings (16-18), 255 minus the openings left (8-15), 255 minus the moves (0-7).

>>> value = pack_stop(cards=3, points=12, kings=1, openings=4) + (1 << CORNERS_SHIFT) - 2
>>> TurnValue.unpack(value)
TurnValue(cards=3, corners=1, points=12, kings=1, fewer_openings=-4, fewer_moves=-2)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from ...engine.kernel import openings_of_kinds
from .kinds import PILE

__all__ = [
    "CARDS_SHIFT",
    "COARSE",
    "CORNERS_SHIFT",
    "KINGS_SHIFT",
    "OPENINGS_SHIFT",
    "POINTS_SHIFT",
    "TurnValue",
    "openings",
    "pack_stop",
]

OPENINGS_SHIFT, KINGS_SHIFT, POINTS_SHIFT, CORNERS_SHIFT, CARDS_SHIFT = 8, 16, 19, 29, 32
COARSE = ~0xFFFF
"""The mask that keeps cards, corners, points and kings and drops openings and moves."""


@dataclasses.dataclass(frozen=True, order=True)
class TurnValue:
    """What a turn achieves, in tie-break order (compare two values with ``<``)."""

    cards: int
    """Cards shed."""
    corners: int
    """Corners finished (corners version only)."""
    points: int
    """Penalty points shed under the rules' count."""
    kings: int
    """Kings played."""
    fewer_openings: int
    """Minus the openings left for the next player."""
    fewer_moves: int
    """Minus the moves made (the end-of-turn move not counted)."""

    @property
    def openings(self) -> int:
        """Openings left for the next player (0 when the hand empties)."""
        return -self.fewer_openings

    @property
    def moves(self) -> int:
        """Moves made, the end-of-turn move not counted."""
        return -self.fewer_moves

    @classmethod
    def unpack(cls, value: int) -> TurnValue:
        """Decode the packed form the solver uses."""
        return cls(
            cards=value >> CARDS_SHIFT & 63,
            corners=value >> CORNERS_SHIFT & 7,
            points=value >> POINTS_SHIFT & 1023,
            kings=value >> KINGS_SHIFT & 7,
            fewer_openings=(value >> OPENINGS_SHIFT & 255) - 255,
            fewer_moves=(value & 255) - 255,
        )


def pack_stop(cards: int, points: int, kings: int, openings: int) -> int:
    """The packed value of stopping with this much shed and these openings left (no corner
    finished, no move counted: the solver adds those along the way)."""
    return (
        cards << CARDS_SHIFT
        | points << POINTS_SHIFT
        | kings << KINGS_SHIFT
        | (255 - openings) << OPENINGS_SHIFT
        | 255
    )


def openings(cross: Sequence[int], corners: Sequence[int]) -> int:
    """Openings a table leaves the next player, from the solver's codes of its side piles and
    corners: the kernel's measure
    (:func:`~kingscorner_widget.engine.kernel.openings_of_kinds`) of their top kinds.

    >>> openings([0, 0, 0, 0], [0, 0, 0, 0])
    106
    """
    side = _SIDE_TOP
    return openings_of_kinds(
        (
            side[cross[0]],
            side[cross[1]],
            side[cross[2]],
            side[cross[3]],
            corners[0] - 1,
            corners[1] - 1,
            corners[2] - 1,
            corners[3] - 1,
        )
    )


_SIDE_TOP = [code % PILE - 1 for code in range(PILE * PILE)]
"""The top kind of a side pile by its code (-1 for an empty space, code 0)."""
