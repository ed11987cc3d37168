"""Counting a hand: what the cards left in each hand cost.

>>> from kingscorner_widget.engine.cards import Card
>>> hand = [Card.parse(t) for t in ("Kh", "Qs", "4d", "2c")]
>>> hand_penalty(hand, Count.STANDARD)
13
"""

from __future__ import annotations

from collections.abc import Iterable

from .cards import Card
from .rules import Count

__all__ = ["hand_penalty"]


def hand_penalty(cards: Iterable[Card], count: Count = Count.STANDARD) -> int:
    """The points that ``cards`` left in hand cost under ``count``."""
    return sum(count.value_of(card) for card in cards)
