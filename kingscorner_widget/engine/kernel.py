"""The rule kernel: what fits what, decided once, on cards as small integers.

Every other part of the package (the :class:`~.game.Game`, the play-outs, the turn search, the
solver, the review, the players, the hints) asks this module whether a card goes on a pile, a
pile on a pile or a card into a space, how many openings a table leaves, and whether a corner is
finished; none of them compares ranks or colours itself (a test reads the code to hold that).

A card is its deck index, ``(rank - 1) * 4 + suit`` with suits ``c d h s`` (0-51, aces first,
as :attr:`Card.index <.cards.Card.index>`); :data:`NO_CARD` (-1) stands for an empty pile, and
every table by card has an entry for it at the end, so ``TABLE[-1]`` reads it. A card's **kind**
is its rank and colour, ``(rank - 1) * 2 + red`` (0, the black ace, to 25, the red king): cards
of one kind go on the same piles and take the same cards.

>>> from .cards import Card
>>> queen, jack = Card.parse("Qh").index, Card.parse("Js").index
>>> fits(jack, queen), fits(queen, jack), TAKES[queen] == KIND[jack]
(True, False, True)
>>> IS_KING[Card.parse("Kd").index], IS_ACE[Card.parse("Ac").index], IS_KING[NO_CARD]
(True, True, False)
>>> openings([NO_CARD] * 8)  # four empty side spaces, and the two kinds of king for the corners
106
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

__all__ = [
    "ACES",
    "ACE_KINDS",
    "CARDS",
    "CORNER_SPACES",
    "CROSS_SPACES",
    "IS_ACE",
    "IS_ACE_KIND",
    "IS_KING",
    "IS_KING_KIND",
    "IS_RED",
    "KIND",
    "KINDS",
    "KIND_CARD",
    "KIND_FITS_ON",
    "KIND_RANK",
    "KIND_RED",
    "KIND_TAKES",
    "KINGS",
    "KING_KINDS",
    "NO_CARD",
    "RANK",
    "TAKES",
    "card_index",
    "finishes_corner",
    "first_highest",
    "fits",
    "fits_space",
    "has_king",
    "kind_fits",
    "misfit",
    "open_kinds",
    "openings",
    "openings_of_kinds",
    "pile_fits_space",
    "same_rank",
]

CARDS = 52
"""Cards in the deck: indexes 0 to 51."""
KINDS = 26
"""Kinds of card (rank and colour): 0 to 25."""
NO_CARD = -1
"""The card index of nothing: the top of an empty pile."""
SUITS = "cdhs"
"""The suits in index order; diamonds and hearts (1 and 2) are red."""
CROSS_SPACES = (0, 1, 2, 3)
"""The side spaces N E S W, in :data:`~.spaces.SPACES` order."""
CORNER_SPACES = (4, 5, 6, 7)
"""The corners NE SE SW NW, in :data:`~.spaces.SPACES` order."""


def card_index(rank: int, suit: int) -> int:
    """The index of the card of ``rank`` (1 ace to 13 king) and ``suit`` (0-3, ``c d h s``).

    >>> card_index(10, 2), card_index(1, 0), card_index(13, 3)
    (38, 0, 51)
    """
    return (rank - 1) * 4 + suit


def _with_none(values: list[int] | list[bool], none: int | bool) -> tuple[int, ...]:
    """A table by card index with the entry for :data:`NO_CARD` appended (read as index -1)."""
    return (*values, none)


RANK: tuple[int, ...] = _with_none([c // 4 + 1 for c in range(CARDS)], 0)
"""The rank of each card (1 ace to 13 king; 0 for no card)."""
IS_RED: tuple[bool, ...] = tuple(_with_none([c % 4 in (1, 2) for c in range(CARDS)], False))  # type: ignore[arg-type]
"""True for the hearts and diamonds."""
KIND: tuple[int, ...] = _with_none([(RANK[c] - 1) * 2 + IS_RED[c] for c in range(CARDS)], NO_CARD)
"""The kind of each card (0-25; -1 for no card)."""
KIND_RANK: tuple[int, ...] = tuple(k // 2 + 1 for k in range(KINDS))
"""The rank of each kind (1 ace to 13 king)."""
KIND_RED: tuple[bool, ...] = tuple(k % 2 == 1 for k in range(KINDS))
"""True for the red kinds."""
KIND_TAKES: tuple[int, ...] = tuple(
    (k // 2 - 1) * 2 + 1 - k % 2 if k >= 2 else NO_CARD for k in range(KINDS)
)
"""The kind that goes on a card of kind ``k`` (one rank lower, the other colour); -1 on an ace,
which takes nothing."""
KIND_FITS_ON: tuple[int, ...] = tuple(
    (k // 2 + 1) * 2 + 1 - k % 2 if k < KINDS - 2 else NO_CARD for k in range(KINDS)
)
"""The kind a card of kind ``k`` goes on (one rank higher, the other colour); -1 for a king."""
TAKES: tuple[int, ...] = _with_none([KIND_TAKES[KIND[c]] for c in range(CARDS)], NO_CARD)
"""The kind of card that goes on each card; -1 on an ace, and on no card (an empty pile takes
no card on top: filling a space is :func:`fits_space`)."""
IS_KING: tuple[bool, ...] = tuple(_with_none([RANK[c] == 13 for c in range(CARDS)], False))  # type: ignore[arg-type]
"""True for the four kings, the only cards that open a corner."""
IS_ACE: tuple[bool, ...] = tuple(_with_none([RANK[c] == 1 for c in range(CARDS)], False))  # type: ignore[arg-type]
"""True for the four aces, which take nothing and finish a corner."""
IS_KING_KIND: tuple[bool, ...] = tuple(KIND_RANK[k] == 13 for k in range(KINDS))
"""True for the two kinds of king."""
IS_ACE_KIND: tuple[bool, ...] = tuple(KIND_RANK[k] == 1 for k in range(KINDS))
"""True for the two kinds of ace."""
KING_KINDS: tuple[int, ...] = tuple(k for k in range(KINDS) if IS_KING_KIND[k])
"""The black and the red king's kinds (24, 25)."""
ACE_KINDS: tuple[int, ...] = tuple(k for k in range(KINDS) if IS_ACE_KIND[k])
"""The black and the red ace's kinds (0, 1)."""
KINGS: tuple[int, ...] = tuple(c for c in range(CARDS) if IS_KING[c])
"""The four kings' indexes."""
ACES: tuple[int, ...] = tuple(c for c in range(CARDS) if IS_ACE[c])
"""The four aces' indexes."""
KIND_CARD: tuple[int, ...] = tuple(
    next(c for c in range(CARDS) if KIND[c] == k) for k in range(KINDS)
)
"""One card of each kind (the first in deck order): a kind's penalty or name reads it."""

_KING_BITS = sum(1 << k for k in KING_KINDS)
_OPENS = tuple(1 << t if t >= 0 else 0 for t in KIND_TAKES)
"""For each top kind, the bit of the kind it takes (nothing for an ace)."""


def fits(card: int, top: int) -> bool:
    """True when ``card`` goes on a pile topped by ``top``: one rank lower, the other colour."""
    return KIND[card] == TAKES[top] and top >= 0


def kind_fits(kind: int, top_kind: int) -> bool:
    """:func:`fits` for kinds: a card of ``kind`` goes on a top of ``top_kind``.

    >>> kind_fits(KIND_TAKES[25], 25), kind_fits(24, 25), kind_fits(0, -1)
    (True, False, False)
    """
    return top_kind >= 0 and KIND_TAKES[top_kind] == kind >= 0


def fits_space(card: int, space: int, top: int) -> bool:
    """True when ``card`` may be played on ``space`` (0-7, :data:`~.spaces.SPACES` order) whose
    top card is ``top`` (:data:`NO_CARD` when empty): on a pile it fits, into any empty side
    space, a king into an empty corner.

    >>> fits_space(KINGS[0], 4, NO_CARD), fits_space(0, 4, NO_CARD), fits_space(0, 0, NO_CARD)
    (True, False, True)
    """
    if top >= 0:
        return KIND[card] == TAKES[top]
    return space < 4 or IS_KING[card]


def pile_fits_space(bottom: int, space: int, top: int) -> bool:
    """True when a side pile whose bottom card is ``bottom`` may move onto ``space`` topped by
    ``top`` (:data:`NO_CARD` when empty): onto a pile its bottom fits, a king's into an empty
    corner; never into an empty side space.

    >>> pile_fits_space(KINGS[1], 5, NO_CARD), pile_fits_space(KINGS[1], 2, NO_CARD)
    (True, False)
    """
    if top >= 0:
        return KIND[bottom] == TAKES[top]
    return space >= 4 and IS_KING[bottom]


def misfit(card: int, top: int) -> Literal["on_ace", "rank", "colour"] | None:
    """Why ``card`` does not go on the card ``top``: ``"on_ace"`` (nothing goes on an ace),
    ``"rank"`` (not one rank lower), ``"colour"`` (the same colour), or ``None`` when it fits.

    >>> misfit(KINGS[0], 0), misfit(0, KINGS[0]), misfit(card_index(12, 0), KINGS[0])
    ('on_ace', 'rank', 'colour')
    """
    if IS_ACE[top]:
        return "on_ace"
    if RANK[card] != RANK[top] - 1:
        return "rank"
    if IS_RED[card] == IS_RED[top]:
        return "colour"
    return None


def same_rank(first: int, second: int) -> bool:
    """True when two cards have the same rank (cards a greedy player ranks alike)."""
    return first >> 2 == second >> 2


def first_highest(cards: Sequence[int]) -> int:
    """The first card in ``cards`` (not empty) of the highest rank among them.

    >>> first_highest([card_index(5, 3), card_index(9, 0), card_index(9, 2)]) == card_index(9, 0)
    True
    """
    high = max(cards) >> 2
    for card in cards:
        if card >> 2 == high:
            return card
    raise AssertionError("unreachable: the highest card is among the cards")  # pragma: no cover


def has_king(cards: Sequence[int]) -> bool:
    """True when ``cards`` hold a king (the kings are the highest indexes)."""
    return bool(cards) and IS_KING[max(cards)]


def finishes_corner(space: int, top: int) -> bool:
    """Corners version: True when ``top`` just played on ``space`` finishes a corner (an ace
    on a corner pile), which its player then keeps.

    >>> finishes_corner(4, 0), finishes_corner(0, 0), finishes_corner(4, KINGS[0])
    (True, False, False)
    """
    return space >= 4 and IS_ACE[top]


def open_kinds(tops: Sequence[int]) -> set[int]:
    """The kinds of card that could go down on a table with these eight top cards (indexes in
    :data:`~.spaces.SPACES` order, :data:`NO_CARD` for an empty space): on a pile or, a king,
    in an empty corner (an empty side space takes any card; it is not counted here).

    >>> sorted(open_kinds([NO_CARD] * 8)) == sorted(KING_KINDS)
    True
    """
    kinds = {TAKES[top] for top in tops if top >= 0}
    kinds.discard(NO_CARD)
    if any(tops[space] < 0 for space in CORNER_SPACES):
        kinds.update(KING_KINDS)
    return kinds


def openings_of_kinds(tops: Sequence[int]) -> int:
    """Openings a table leaves the next player, from the kinds of its eight top cards in
    :data:`~.spaces.SPACES` order (-1 for an empty space): 26 for each empty side space (any
    card fits there), plus one for each kind of card that fits on a pile or, a king, in an empty
    corner. The one definition of the measure the best turn, the review and the players break
    ties with.

    >>> openings_of_kinds([-1, 25, 24, 3, 24, -1, -1, -1])  # a queen of each colour, a two, kings
    31
    """
    empty = 0
    bits = 0
    opens = _OPENS
    for top in tops[:4]:
        if top >= 0:
            bits |= opens[top]
        else:
            empty += 1
    for top in tops[4:]:
        bits |= opens[top] if top >= 0 else _KING_BITS
    return 26 * empty + bits.bit_count()


def openings(tops: Sequence[int]) -> int:
    """:func:`openings_of_kinds` from the eight top cards' indexes (:data:`NO_CARD` for an
    empty space)."""
    return openings_of_kinds([KIND[top] for top in tops])
