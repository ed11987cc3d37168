"""Random positions for tests, benchmarks and puzzles: big hands, empty spaces, long piles.

>>> from kingscorner_widget import Game
>>> line = random_position(random.Random(1), hand_size=12, empty_cross=2)
>>> g = Game.from_position(line)
>>> len(g.hand(1)), sum(1 for s in "NESW" if not g.pile(s))
(12, 2)
"""

from __future__ import annotations

import random

from ..engine.cards import DECK, Card
from ..engine.notation import Table, format_position

__all__ = ["random_position"]


def random_position(
    rng: random.Random,
    hand_size: int = 7,
    empty_cross: int = 1,
    corners: int = 1,
    longest: int = 4,
    other_hand: int = 7,
) -> str:
    """A position line with P1 to move: ``hand_size`` cards in hand, ``empty_cross`` empty side
    spaces, ``corners`` corner piles (each a king and up to ``longest`` - 1 cards below it), and
    side piles of 1 to ``longest`` cards. P2 holds ``other_hand`` hidden cards; the rest is stock.
    """
    if not 0 <= empty_cross <= 4 or not 0 <= corners <= 4:
        raise ValueError("empty_cross and corners must be 0 to 4")
    deck = list(DECK)
    rng.shuffle(deck)
    piles: list[list[Card]] = [[] for _ in range(8)]
    kings = [c for c in deck if c.is_king]
    for i in range(corners):
        piles[4 + i] = [kings[i]]
        deck.remove(kings[i])
    for i in rng.sample(range(4), 4 - empty_cross):
        bottom = next(c for c in deck if not c.is_king or rng.random() < 0.3)
        piles[i] = [bottom]
        deck.remove(bottom)
    for pile in piles:
        if not pile:
            continue
        length = rng.randint(1, longest)
        while len(pile) < length:
            top = pile[-1]
            options = [c for c in deck if c.fits_on(top)]
            if not options:
                break
            card = rng.choice(options)
            pile.append(card)
            deck.remove(card)
    if hand_size + other_hand > len(deck):
        raise ValueError("not enough cards left for the hands")
    hand = deck[:hand_size]
    stock = len(deck) - hand_size - other_hand
    return format_position(Table(piles, [hand, other_hand], stock, 0))
