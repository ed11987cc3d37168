"""Odds for the mover: which unseen cards would fit each pile, and the chance the next draw plays.

Only the viewer's own knowledge counts: every card they cannot see (other hands and the stock) is
equally likely to be the next one drawn.

>>> from kingscorner_widget import Game
>>> line = "N:9d E:5c S:5s W:8s7h NE:Kh SE:Kd SW:Ks NW:Kc P1:Qh6c P2:?7 stock:34 turn:P1"
>>> chances = odds(Game.from_position(line))
>>> [str(card) for card in chances.fits[Space.N]]
['8c']
>>> print(chances.describe())  # doctest: +NORMALIZE_WHITESPACE
7 of the 41 cards you cannot see would fit a pile now: a 17% chance that the next card drawn
can be played.
"""

from __future__ import annotations

import dataclasses

from ...engine.cards import Card
from ...engine.game import Game
from ...engine.observation import Observation
from ...engine.spaces import SPACES, Space
from ..search import as_observation

__all__ = ["Odds", "odds"]


@dataclasses.dataclass(frozen=True)
class Odds:
    """What the unseen cards could do on the table as it stands."""

    fits: dict[Space, tuple[Card, ...]]
    """For each space, the unseen cards that would go on it now (any card for an empty side
    space, a king for an empty corner, nothing on an ace)."""
    unseen: tuple[Card, ...]
    """Every card the viewer cannot see."""
    playable: tuple[Card, ...]
    """The unseen cards that would fit somewhere now."""
    stock_size: int
    """Cards left in the stock."""

    @property
    def chance(self) -> float:
        """The chance that the next card drawn fits a pile now (0 when the stock is empty)."""
        if not self.stock_size or not self.unseen:
            return 0.0
        return len(self.playable) / len(self.unseen)

    def describe(self) -> str:
        """One sentence in plain words."""
        if not self.stock_size:
            return "The stock is empty: there is no card left to draw."
        return (
            f"{len(self.playable)} of the {len(self.unseen)} cards you cannot see would fit a pile "
            f"now: a {self.chance:.0%} chance that the next card drawn can be played."
        )


def odds(source: Game | Observation) -> Odds:
    """The mover's odds (given a game) or the viewer's (given an observation)."""
    observation = as_observation(source)
    unseen = tuple(observation.unseen_cards())
    fits: dict[Space, tuple[Card, ...]] = {}
    for space in SPACES:
        pile = observation.piles[space.index]
        if pile:
            fits[space] = tuple(c for c in unseen if c.fits_on(pile[-1]))
        elif space.is_corner:
            fits[space] = tuple(c for c in unseen if c.is_king)
        else:
            fits[space] = unseen
    playable = tuple(c for c in unseen if any(c in cards for cards in fits.values()))
    return Odds(fits=fits, unseen=unseen, playable=playable, stock_size=observation.stock_size)
