"""The explanation voice of :mod:`kingscorner_widget.engine.words`, where the analysis reads it.

>>> from kingscorner_widget.engine.cards import Card
>>> card_name(Card.parse("7h")), space_name(Space.W), space_name(Space.NE)
('the red 7 (7h)', 'the west space', 'the north-east corner')
"""

from __future__ import annotations

from ..engine.spaces import Space
from ..engine.words import card_name, count_words, move_sentences, pile_name

__all__ = ["card_name", "count_words", "move_sentences", "pile_name", "space_name"]


def space_name(space: Space) -> str:
    """``"the west space"`` for the cross, ``"the north-east corner"`` for a corner."""
    return space.place
