"""Card kinds and the codes the search keeps its states in.

Two cards of the same rank and colour play alike, so the search counts cards by **kind**:
``kind = (rank - 1) * 2 + red``, 0 (black ace) to 25 (red king). Kinds form two **ladders**, each
from a king down to an ace in alternating colours; a card fits on the kind one rung above it.

A side pile is coded by its bottom and top kinds, ``(bottom + 1) * PILE + top + 1``; a corner by
its top kind plus one; an empty space by 0. A hand is a number holding two bits per kind (the
count of that kind in hand, 0 to 2).

>>> from kingscorner_widget.engine.cards import Card
>>> kind(Card.parse("Qh")), CHILD[kind(Card.parse("Qh"))] == kind(Card.parse("Js"))
(23, True)
>>> LADDER[kind(Card.parse("Ks"))], RUNG[kind(Card.parse("Ks"))], RUNG[kind(Card.parse("As"))]
(0, 0, 12)
>>> side_code(kind(Card.parse("8s")), kind(Card.parse("7h"))) % PILE - 1 == kind(Card.parse("7h"))
True
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.cards import Card
from ...engine.kernel import KIND_FITS_ON, KIND_TAKES, KING_KINDS

__all__ = [
    "CHAINS",
    "CHILD",
    "KINGS",
    "KING_BITS",
    "LADDER",
    "PARENT",
    "PILE",
    "RUNG",
    "hand_code",
    "kind",
    "side_code",
]

CHILD = list(KIND_TAKES)
"""The kind that fits on a top of kind k (one rank lower, other colour), or -1 on an ace (the
kernel's :data:`~kingscorner_widget.engine.kernel.KIND_TAKES`)."""
PARENT = list(KIND_FITS_ON)
"""The kind a card of kind k fits on, or -1 for a king."""
KINGS = KING_KINDS
"""The black and the red king."""
KING_BITS = sum(3 << 2 * k for k in KING_KINDS)
"""The bits of a hand code that count its kings."""
PILE = 27
"""The base of a side pile's code: ``(bottom + 1) * PILE + top + 1``."""


def _ladder(king: int) -> tuple[int, ...]:
    out = [king]
    while CHILD[out[-1]] >= 0:
        out.append(CHILD[out[-1]])
    return tuple(out)


CHAINS = (_ladder(24), _ladder(25))
"""The two ladders of kinds, each from a king (rung 0) down to an ace (rung 12)."""
LADDER = [0] * 26
"""Which ladder a kind is on (0: the black king's, 1: the red king's)."""
RUNG = [0] * 26
"""A kind's rung on its ladder: 0 for the king down to 12 for the ace."""
for _number, _chain in enumerate(CHAINS):
    for _rung, _kind in enumerate(_chain):
        LADDER[_kind], RUNG[_kind] = _number, _rung


def kind(card: Card) -> int:
    """The kind of a card: rank and colour, 0..25."""
    return card.kind


def side_code(bottom: int, top: int) -> int:
    """The code of a side pile from its bottom and top kinds."""
    return (bottom + 1) * PILE + top + 1


def hand_code(cards: Sequence[Card]) -> int:
    """A hand as two bits per kind (how many cards of that kind it holds)."""
    code = 0
    for card in cards:
        code += 1 << 2 * kind(card)
    return code
