"""Moves and the move notation: ``Th>N``, ``Ks>NE``, ``W>E``, ``draw``, ``pass``.

>>> parse_move(" th > n ")
PlayCard(card=Card('Th'), target=<Space.N: 'N'>)
>>> str(parse_move("w>e")), str(parse_move("DRAW"))
('W>E', 'draw')

A move built by hand may name its card and spaces in notation; they are read on the spot:

>>> MovePile("W", "E") == MovePile(Space.W, Space.E), PlayCard("10h", "n")
(True, PlayCard(card=Card('Th'), target=<Space.N: 'N'>))
>>> MovePile("W", "X")
Traceback (most recent call last):
...
ValueError: 'X' is not a space: use N, E, S, W, NE, SE, SW or NW
"""

from __future__ import annotations

import dataclasses
from typing import Literal

from .cards import DECK, Card
from .errors import excerpt
from .spaces import Space

__all__ = ["EndTurn", "Move", "MovePile", "PlayCard", "parse_move"]


@dataclasses.dataclass(frozen=True, slots=True)
class PlayCard:
    """Play a card from the mover's hand onto (or into) a space."""

    card: Card
    """The card played from hand."""
    target: Space
    """The pile it goes on, or the empty space it fills."""

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card):
            object.__setattr__(self, "card", _card(self.card))
        if not isinstance(self.target, Space):
            object.__setattr__(self, "target", _space(self.target))

    def __str__(self) -> str:
        return f"{self.card}>{self.target}"


@dataclasses.dataclass(frozen=True, slots=True)
class MovePile:
    """Move a whole cross pile onto another pile, or (king at its bottom) into an empty corner."""

    source: Space
    """The cross space whose pile moves."""
    target: Space
    """The pile it joins, or the empty corner it opens."""

    def __post_init__(self) -> None:
        if not isinstance(self.source, Space):
            object.__setattr__(self, "source", _space(self.source))
        if not isinstance(self.target, Space):
            object.__setattr__(self, "target", _space(self.target))

    def __str__(self) -> str:
        return f"{self.source}>{self.target}"


@dataclasses.dataclass(frozen=True, slots=True)
class EndTurn:
    """End the turn: ``draw`` the stock's top card, or ``pass`` (empty stock or draw-first)."""

    kind: Literal["draw", "pass"]
    """``"draw"`` or ``"pass"``."""

    def __post_init__(self) -> None:
        kind = self.kind.strip().lower() if isinstance(self.kind, str) else None
        if kind not in ("draw", "pass"):
            raise ValueError(f"an end of turn is draw or pass, not {excerpt(self.kind)}")
        object.__setattr__(self, "kind", kind)

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
    if not isinstance(text, str):
        raise ValueError(f"a move is written as text (Th>N, W>E, draw), not {excerpt(text)}")
    known = _CANONICAL.get(text)
    if known is not None:
        return known
    cleaned = text.strip()
    lowered = cleaned.lower()
    if lowered == "draw":
        return DRAW
    if lowered == "pass":
        return PASS
    parts = cleaned.split(">")
    if len(parts) != 2:
        raise ValueError(
            f"{excerpt(text)} is not a move: write card>space (Th>N), space>space (W>E), "
            "draw or pass"
        )
    source_text, target_text = parts[0].strip(), parts[1].strip()
    target = _space(target_text)
    try:
        source_space = _space(source_text)
    except ValueError:
        return PlayCard(_card(source_text), target)
    return MovePile(source_space, target)


def _space(text: object) -> Space:
    """A space named in notation: ASCII letters in any case (the long s is not ``S``)."""
    if isinstance(text, Space):
        return text
    if isinstance(text, str) and text.isascii() and len(text.strip()) <= 2:
        return Space.parse(text)
    raise ValueError(f"{excerpt(text)} is not a space: use N, E, S, W, NE, SE, SW or NW")


def _card(text: object) -> Card:
    """A card given in notation."""
    if isinstance(text, Card):
        return text
    if isinstance(text, str) and len(text.strip()) <= 3:
        return Card.parse(text)
    raise ValueError(
        f"{excerpt(text)} is not a card: write a rank (A 2-9 T J Q K) then a suit (c d h s), "
        "like Th"
    )


_ALL_MOVES: list[Move] = [PlayCard(card, space) for card in DECK for space in Space]
_ALL_MOVES += [MovePile(source, target) for source in Space for target in Space]
_CANONICAL: dict[str, Move] = {str(move): move for move in (*_ALL_MOVES, DRAW, PASS)}
"""Every move by its canonical text, so reading a saved record or ``play("Th>N")`` is a lookup."""


def as_move(move: Move | str) -> Move:
    """A move given as a :data:`Move` or as notation."""
    return parse_move(move) if isinstance(move, str) else move
