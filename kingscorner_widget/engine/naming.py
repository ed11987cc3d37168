"""Cards, spaces and players named in the language spoken now, in the role a sentence gives them.

A sentence of :mod:`~kingscorner_widget.engine.words` is one catalogue entry with named slots;
what fills a slot is named here, whole, in the form the slot needs: a card with its article
("the ten of hearts", "le dix de cœur", "Herz-Zehn"), a space as the subject or the object of a
sentence (German says "der Nordstapel" and "den Nordstapel"), a space as a place to fill, and
where a card or a pile lands ("on the north pile", "into the empty west space"). English is
exactly what the words always said.

>>> from kingscorner_widget.display.language import speaking
>>> from .cards import Card
>>> from .spaces import Space
>>> the_card(Card.parse("Th")), landing(Space.W, empty=True), landing(Space.N, pile=True)
('the ten of hearts', 'into the empty west space', 'onto the north pile')
>>> with speaking("fr"):
...     the_card(Card.parse("Qs")), landing(Space.NE, empty=True)
('la dame de pique', 'dans le coin nord-est')
>>> with speaking("de"):
...     the_card(Card.parse("Th")), space_object(Space.N), landing(Space.N)
('Herz-Zehn', 'den Nordstapel', 'auf den Nordstapel')
"""

from __future__ import annotations

from collections.abc import Sequence

from ..display.language import NP_, gettext, pgettext
from .cards import Card, Rank, Suit
from .spaces import Space

__all__ = [
    "YOU",
    "landing",
    "listed_and",
    "listed_or",
    "player_within",
    "seat_shown",
    "space_object",
    "space_place",
    "space_subject",
    "suit_name",
    "the_card",
]

YOU = "You"
"""How the code names the viewer's seat (said in the table's language by :func:`seat_shown`)."""

_THE_CARD = "a card, with its article"
_CARDS = {
    Rank.ACE: NP_("a card, with its article", "the ace of {suit}"),
    Rank.TWO: NP_("a card, with its article", "the two of {suit}"),
    Rank.THREE: NP_("a card, with its article", "the three of {suit}"),
    Rank.FOUR: NP_("a card, with its article", "the four of {suit}"),
    Rank.FIVE: NP_("a card, with its article", "the five of {suit}"),
    Rank.SIX: NP_("a card, with its article", "the six of {suit}"),
    Rank.SEVEN: NP_("a card, with its article", "the seven of {suit}"),
    Rank.EIGHT: NP_("a card, with its article", "the eight of {suit}"),
    Rank.NINE: NP_("a card, with its article", "the nine of {suit}"),
    Rank.TEN: NP_("a card, with its article", "the ten of {suit}"),
    Rank.JACK: NP_("a card, with its article", "the jack of {suit}"),
    Rank.QUEEN: NP_("a card, with its article", "the queen of {suit}"),
    Rank.KING: NP_("a card, with its article", "the king of {suit}"),
}
"""Each rank with its article, as a card is named in a sentence (the article agrees with the
rank: "la dame", "le roi", "el as", "la jota")."""

_SUIT = "a suit, in a card's name"
_SUITS = {
    Suit.CLUBS: NP_("a suit, in a card's name", "clubs"),
    Suit.DIAMONDS: NP_("a suit, in a card's name", "diamonds"),
    Suit.HEARTS: NP_("a suit, in a card's name", "hearts"),
    Suit.SPADES: NP_("a suit, in a card's name", "spades"),
}


def suit_name(suit: Suit) -> str:
    """A suit's name as it is said in a card's name (``"hearts"``, ``"cœur"``, ``"Herz"``)."""
    return pgettext(_SUIT, _SUITS[suit])


def the_card(card: Card) -> str:
    """A card named in a sentence, with its article: ``"the ten of hearts"``."""
    # TRANSLATORS: {suit} is a suit's name as said in a card's name ("hearts")
    return pgettext(_THE_CARD, _CARDS[card.rank]).format(suit=suit_name(card.suit))


_SUBJECT = "a space"
_SUBJECTS = {
    Space.N: NP_("a space", "the north pile"),
    Space.E: NP_("a space", "the east pile"),
    Space.S: NP_("a space", "the south pile"),
    Space.W: NP_("a space", "the west pile"),
    Space.NE: NP_("a space", "the north-east corner"),
    Space.SE: NP_("a space", "the south-east corner"),
    Space.SW: NP_("a space", "the south-west corner"),
    Space.NW: NP_("a space", "the north-west corner"),
}
_OBJECT = "a space, as the object of a sentence"
_OBJECTS = {
    Space.N: NP_("a space, as the object of a sentence", "the north pile"),
    Space.E: NP_("a space, as the object of a sentence", "the east pile"),
    Space.S: NP_("a space, as the object of a sentence", "the south pile"),
    Space.W: NP_("a space, as the object of a sentence", "the west pile"),
    Space.NE: NP_("a space, as the object of a sentence", "the north-east corner"),
    Space.SE: NP_("a space, as the object of a sentence", "the south-east corner"),
    Space.SW: NP_("a space, as the object of a sentence", "the south-west corner"),
    Space.NW: NP_("a space, as the object of a sentence", "the north-west corner"),
}
_PLACE = "a space, as a place to fill"
_PLACES = {
    Space.N: NP_("a space, as a place to fill", "the north space"),
    Space.E: NP_("a space, as a place to fill", "the east space"),
    Space.S: NP_("a space, as a place to fill", "the south space"),
    Space.W: NP_("a space, as a place to fill", "the west space"),
    Space.NE: NP_("a space, as a place to fill", "the north-east corner"),
    Space.SE: NP_("a space, as a place to fill", "the south-east corner"),
    Space.SW: NP_("a space, as a place to fill", "the south-west corner"),
    Space.NW: NP_("a space, as a place to fill", "the north-west corner"),
}
_CARD_LANDS = "where a card lands"
_ON = {
    Space.N: NP_("where a card lands", "on the north pile"),
    Space.E: NP_("where a card lands", "on the east pile"),
    Space.S: NP_("where a card lands", "on the south pile"),
    Space.W: NP_("where a card lands", "on the west pile"),
    Space.NE: NP_("where a card lands", "on the north-east corner"),
    Space.SE: NP_("where a card lands", "on the south-east corner"),
    Space.SW: NP_("where a card lands", "on the south-west corner"),
    Space.NW: NP_("where a card lands", "on the north-west corner"),
}
_PILE_LANDS = "where a pile lands"
_ONTO = {
    Space.N: NP_("where a pile lands", "onto the north pile"),
    Space.E: NP_("where a pile lands", "onto the east pile"),
    Space.S: NP_("where a pile lands", "onto the south pile"),
    Space.W: NP_("where a pile lands", "onto the west pile"),
    Space.NE: NP_("where a pile lands", "onto the north-east corner"),
    Space.SE: NP_("where a pile lands", "onto the south-east corner"),
    Space.SW: NP_("where a pile lands", "onto the south-west corner"),
    Space.NW: NP_("where a pile lands", "onto the north-west corner"),
}
_EMPTY = "where a card or a pile lands, an empty space"
_INTO = {
    Space.N: NP_("where a card or a pile lands, an empty space", "into the empty north space"),
    Space.E: NP_("where a card or a pile lands, an empty space", "into the empty east space"),
    Space.S: NP_("where a card or a pile lands, an empty space", "into the empty south space"),
    Space.W: NP_("where a card or a pile lands, an empty space", "into the empty west space"),
    Space.NE: NP_("where a card or a pile lands, an empty space", "into the north-east corner"),
    Space.SE: NP_("where a card or a pile lands, an empty space", "into the south-east corner"),
    Space.SW: NP_("where a card or a pile lands, an empty space", "into the south-west corner"),
    Space.NW: NP_("where a card or a pile lands, an empty space", "into the north-west corner"),
}


def space_subject(space: Space) -> str:
    """A space and its pile as the subject of a sentence: ``"the north pile"``."""
    return pgettext(_SUBJECT, _SUBJECTS[space])


def space_object(space: Space) -> str:
    """A space and its pile as the object of a sentence (``"den Nordstapel"`` in German)."""
    return pgettext(_OBJECT, _OBJECTS[space])


def space_place(space: Space) -> str:
    """A space as a place to fill: ``"the west space"``, ``"the north-east corner"``."""
    return pgettext(_PLACE, _PLACES[space])


def landing(space: Space, *, pile: bool = False, empty: bool = False) -> str:
    """Where a card (or, with ``pile``, a pile) lands on ``space``: ``"on the north pile"``,
    ``"onto the north pile"``, or (``empty``) ``"into the empty west space"``, ``"into the
    north-east corner"``."""
    if empty:
        return pgettext(_EMPTY, _INTO[space])
    if pile:
        return pgettext(_PILE_LANDS, _ONTO[space])
    return pgettext(_CARD_LANDS, _ON[space])


def seat_shown(name: str) -> str:
    """A seat's name as the table shows it: the viewer's own seat, ``"You"``, in the table's
    language; any other name as it is (names are data).

    >>> seat_shown("You"), seat_shown("P2")
    ('You', 'P2')
    """
    # TRANSLATORS: the name of the viewer's own seat, shown as a name (on a hand, a score sheet)
    return pgettext("the viewer's seat, as a name", "You") if name == YOU else name


def player_within(name: str) -> str:
    """A player's name inside a sentence: the viewer's seat is ``"you"`` there; a seat said in
    words (``"The player on your left"``) loses its capital; a name stays as it is.

    >>> player_within("You"), player_within("The player on your left"), player_within("Ada")
    ('you', 'the player on your left', 'Ada')
    """
    if name == YOU:
        return pgettext("the viewer, within a sentence", "you")
    if name.startswith("The player "):
        return name[:1].lower() + name[1:]
    return name


def _listed(items: Sequence[str], pair: str) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return pair.format(first=", ".join(items[:-1]), last=items[-1])


def listed_and(items: Sequence[str]) -> str:
    """``"a, b and c"`` in the language spoken now.

    >>> listed_and(["a", "b", "c"])
    'a, b and c'
    """
    # TRANSLATORS: the last two of a list; {first} is every item before the last, comma-joined
    return _listed(items, gettext("{first} and {last}"))


def listed_or(items: Sequence[str]) -> str:
    """``"a, b or c"`` in the language spoken now."""
    # TRANSLATORS: the last two of a list of choices; {first} is every item before the last
    return _listed(items, gettext("{first} or {last}"))
