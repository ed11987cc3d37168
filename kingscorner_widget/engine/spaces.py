"""The eight spaces of the table: the cross (N E S W) and the corners (NE SE SW NW).

>>> Space.parse("ne"), Space.N.is_cross, Space.NE.is_corner
(<Space.NE: 'NE'>, True, True)
>>> Space.W.words, Space.W.place, Space.W.direction, Space.NE.place
('the west pile', 'the west space', 'west', 'the north-east corner')
"""

from __future__ import annotations

import enum

__all__ = ["CORNERS", "CROSS", "Space"]


class Space(enum.Enum):
    """A place on the table that holds one pile, valued by its notation."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"
    NE = "NE"
    SE = "SE"
    SW = "SW"
    NW = "NW"

    _value_: str
    # Plain attributes set once below (the hot paths read them millions of times).
    is_cross: bool
    """True for N, E, S and W, the spaces any card may fill once empty."""
    is_corner: bool
    """True for the four corners, which only a king opens."""
    index: int
    """Position 0-7 in :data:`SPACES` order."""

    @property
    def words(self) -> str:
        """The space and its pile in words (``"the north pile"``, ``"the north-east corner"``)."""
        return _WORDS[self]

    @property
    def place(self) -> str:
        """The space as a place to fill (``"the north space"``, ``"the north-east corner"``)."""
        return f"the {_DIRECTIONS[self]} space" if self.is_cross else _WORDS[self]

    @property
    def direction(self) -> str:
        """Where the space lies, in one word (``"north"``, ``"north-east"``)."""
        return _DIRECTIONS[self]

    @classmethod
    def parse(cls, text: str) -> Space:
        """Read a space name in any case.

        >>> Space.parse("X")
        Traceback (most recent call last):
        ...
        ValueError: 'X' is not a space: use N, E, S, W, NE, SE, SW or NW
        """
        try:
            return cls(text.strip().upper())
        except ValueError:
            raise ValueError(f"{text!r} is not a space: use N, E, S, W, NE, SE, SW or NW") from None

    def __str__(self) -> str:
        return self._value_


SPACES: tuple[Space, ...] = tuple(Space)
CROSS: tuple[Space, ...] = (Space.N, Space.E, Space.S, Space.W)
"""The four foundation piles around the stock, north, east, south, west (``Space.N`` first)."""
CORNERS: tuple[Space, ...] = (Space.NE, Space.SE, Space.SW, Space.NW)
"""The four corners, where only a king starts a pile (``Space.NE`` first, clockwise)."""
for _i, _space in enumerate(SPACES):
    _space.index = _i
    _space.is_cross = len(_space.value) == 1
    _space.is_corner = not _space.is_cross
del _i, _space
_DIRECTIONS = {
    Space.N: "north",
    Space.E: "east",
    Space.S: "south",
    Space.W: "west",
    Space.NE: "north-east",
    Space.SE: "south-east",
    Space.SW: "south-west",
    Space.NW: "north-west",
}
_WORDS = {
    space: f"the {where} {'pile' if space.is_cross else 'corner'}"
    for space, where in _DIRECTIONS.items()
}
