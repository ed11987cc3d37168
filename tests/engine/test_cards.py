"""Cards are the deck's own 52 objects, however they are made, copied or sent between processes."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from kingscorner_widget import DECK, Card, Rank, Suit


@pytest.mark.parametrize("card", DECK)
def test_every_way_of_making_a_card_gives_the_decks_own(card: Card) -> None:
    assert Card(card.rank, card.suit) is card
    assert Card(int(card.rank), card.suit.value) is card
    assert Card.parse(str(card)) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert copy.copy(card) is copy.deepcopy(card) is card
    assert dataclasses.replace(card) is card
    assert hash(card) == card.index == DECK.index(card)


def test_kinds_say_what_fits() -> None:
    for card in DECK:
        assert card.kind == (card.rank - 1) * 2 + card.red
        for top in DECK:
            assert (card.kind == top.takes) == card.fits_on(top)
    assert Card.parse("Ah").takes == -1


@pytest.mark.parametrize(("rank", "suit"), [(0, Suit.CLUBS), (14, "h"), (Rank.ACE, "x")])
def test_a_card_that_is_not_in_the_deck_is_refused(rank: object, suit: object) -> None:
    with pytest.raises(ValueError, match="is not a valid"):
        Card(rank, suit)  # type: ignore[arg-type]


def test_cards_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        DECK[0].rank = Rank.KING  # type: ignore[misc]
