"""Moves and the move notation: ``Th>N``, ``Ks>NE``, ``W>E``, ``draw``, ``pass``.

>>> parse_move(" th > n ")
PlayCard(card=Card('Th'), target=<Space.N: 'N'>)
>>> str(parse_move("w>e")), str(parse_move("DRAW"))
('W>E', 'draw')
"""

from __future__ import annotations

import dataclasses
from typing import Literal

from .cards import Card
from .spaces import Space

__all__ = ["EndTurn", "Move", "MovePile", "PlayCard", "parse_move"]


@dataclasses.dataclass(frozen=True, slots=True)
class PlayCard:
    """Play a card from the mover's hand onto (or into) a space."""

    card: Card
    """The card played from hand."""
    target: Space
    """The pile it goes on, or the empty space it fills."""

    def __str__(self) -> str:
        return f"{self.card}>{self.target}"


@dataclasses.dataclass(frozen=True, slots=True)
class MovePile:
    """Move a whole cross pile onto another pile, or (king at its bottom) into an empty corner."""

    source: Space
    """The cross space whose pile moves."""
    target: Space
    """The pile it joins, or the empty corner it opens."""

    def __str__(self) -> str:
        return f"{self.source}>{self.target}"


@dataclasses.dataclass(frozen=True, slots=True)
class EndTurn:
    """End the turn: ``draw`` the stock's top card, or ``pass`` (empty stock or draw-first)."""

    kind: Literal["draw", "pass"]
    """``"draw"`` or ``"pass"``."""

    def __str__(self) -> str:
        return self.kind


Move = PlayCard | MovePile | EndTurn
"""Any move: a card from hand, a pile move, or the end of the turn."""

DRAW = EndTurn("draw")
PASS = EndTurn("pass")


def parse_move(text: str) -> Move:
    """Read a move in notation, any case, surrounding spaces allowed.

    >>> parse_move("Kh>SW"), parse_move("pass")
    (PlayCard(card=Card('Kh'), target=<Space.SW: 'SW'>), EndTurn(kind='pass'))
    >>> parse_move("Th-N")
    Traceback (most recent call last):
    ...
    ValueError: 'Th-N' is not a move: write card>space (Th>N), space>space (W>E), draw or pass
    """
    cleaned = text.strip()
    lowered = cleaned.lower()
    if lowered == "draw":
        return DRAW
    if lowered == "pass":
        return PASS
    parts = cleaned.split(">")
    if len(parts) != 2:
        raise ValueError(
            f"{text!r} is not a move: write card>space (Th>N), space>space (W>E), draw or pass"
        )
    source_text, target_text = parts[0].strip(), parts[1].strip()
    target = Space.parse(target_text)
    try:
        source_space = Space.parse(source_text)
    except ValueError:
        return PlayCard(Card.parse(source_text), target)
    return MovePile(source_space, target)


def as_move(move: Move | str) -> Move:
    """A move given as a :data:`Move` or as notation."""
    return parse_move(move) if isinstance(move, str) else move
