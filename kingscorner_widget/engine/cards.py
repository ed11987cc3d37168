"""Cards, ranks, suits and colours, and the card notation (``Th``, ``Ks``, ``4h``).

>>> card = Card.parse("10h")
>>> str(card), card.rank, card.colour
('Th', <Rank.TEN: 10>, <Colour.RED: 'red'>)
>>> Card.parse("K♠").fits_on(Card.parse("Ah"))
False
>>> Card.parse("Qh").fits_on(Card.parse("Ks"))
True
"""

from __future__ import annotations

import dataclasses
import enum
from typing import ClassVar

from ..display.language import NP_
from .kernel import IS_KING, KIND, TAKES, card_index

__all__ = ["DECK", "Card", "Colour", "Rank", "Suit"]


class Colour(enum.Enum):
    """The colour of a suit: hearts and diamonds are red, clubs and spades black."""

    RED = "red"
    BLACK = "black"


class Suit(enum.Enum):
    """A suit, valued by its notation letter."""

    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"

    @property
    def colour(self) -> Colour:
        """Red for hearts and diamonds, black for clubs and spades."""
        return Colour.RED if self in (Suit.HEARTS, Suit.DIAMONDS) else Colour.BLACK

    @property
    def symbol(self) -> str:
        """The suit's symbol: ♣ ♦ ♥ ♠."""
        return _SUIT_SYMBOLS[self]

    @property
    def word(self) -> str:
        """The suit's name in words (``"hearts"``)."""
        return self.name.lower()


_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SYMBOL_SUITS = {symbol: suit for suit, symbol in _SUIT_SYMBOLS.items()}
_SYMBOL_SUITS.update({"♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES})


class Rank(enum.IntEnum):
    """A rank: aces low (1), kings high (13)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def letter(self) -> str:
        """The rank's notation letter: ``A 2 … 9 T J Q K``."""
        return _RANK_LETTERS[self - 1]

    @property
    def word(self) -> str:
        """The rank in words (``"ten"``)."""
        return _RANK_WORDS[self - 1]


_RANK_LETTERS = "A23456789TJQK"
_RANK_WORDS = [  # each said in the table's language by engine/words.py
    NP_("a card's rank", "ace"),
    NP_("a card's rank", "two"),
    NP_("a card's rank", "three"),
    NP_("a card's rank", "four"),
    NP_("a card's rank", "five"),
    NP_("a card's rank", "six"),
    NP_("a card's rank", "seven"),
    NP_("a card's rank", "eight"),
    NP_("a card's rank", "nine"),
    NP_("a card's rank", "ten"),
    NP_("a card's rank", "jack"),
    NP_("a card's rank", "queen"),
    NP_("a card's rank", "king"),
]


@dataclasses.dataclass(frozen=True, slots=True, init=False, eq=False)
class Card:
    """A playing card. Use :meth:`parse` or :data:`DECK`; there are only 52 instances.

    ``Card(rank, suit)`` gives the deck's own card, so two equal cards are the same object:
    equality is identity, which the engine's hot paths (``card in hand``) get at C speed.

    >>> Card(Rank.TEN, Suit.HEARTS) is Card.parse("Th") is DECK[38]
    True
    >>> Card(14, "h")
    Traceback (most recent call last):
    ...
    ValueError: 14 is not a valid Rank
    """

    rank: Rank
    """The card's rank."""
    suit: Suit
    """The card's suit."""
    red: bool = dataclasses.field(init=False, compare=False, repr=False, hash=False)
    """True for hearts and diamonds (a cached shortcut for the hot paths)."""
    index: int = dataclasses.field(init=False, compare=False, repr=False, hash=False)
    """Position in :data:`DECK` (0-51), ranks ascending, suits ``c d h s`` within a rank."""
    kind: int = dataclasses.field(init=False, compare=False, repr=False, hash=False)
    """Rank and colour as one number, ``(rank - 1) * 2 + red`` (0-25): cards of one kind go on
    the same piles and take the same cards."""
    takes: int = dataclasses.field(init=False, compare=False, repr=False, hash=False)
    """The kind of card that goes on this one (one rank lower, the other colour); -1 for an
    ace, which takes nothing. ``card.kind == top.takes`` is :meth:`fits_on`, for the hot paths."""
    _text: str = dataclasses.field(init=False, compare=False, repr=False, hash=False)

    _by_text: ClassVar[dict[str, Card]] = {}
    _deck: ClassVar[list[Card]] = []

    def __new__(cls, rank: Rank | int, suit: Suit | str) -> Card:
        rank, suit = Rank(rank), Suit(suit)
        index = card_index(rank, _SUIT_ORDER.index(suit))
        if index < len(cls._deck):
            return cls._deck[index]
        card = object.__new__(cls)
        red = suit.colour is Colour.RED
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "red", red)
        object.__setattr__(card, "index", index)
        object.__setattr__(card, "kind", KIND[index])
        object.__setattr__(card, "takes", TAKES[index])
        object.__setattr__(card, "_text", rank.letter + suit.value)
        return card

    def __init__(self, rank: Rank | int, suit: Suit | str) -> None:
        """Nothing to do: :meth:`__new__` gives the deck's card, already made."""

    def __hash__(self) -> int:
        # By deck position, so sets of cards iterate in the same order in every process.
        return self.index

    def __reduce__(self) -> tuple[object, tuple[int]]:
        # Copies and pickles come back as the deck's own card.
        return _card_at, (self.index,)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card: rank ``A 2-9 T J Q K`` (or ``10``), then suit ``c d h s`` or ♣♦♥♠; any case.

        >>> Card.parse(" qS "), Card.parse("10♦")
        (Card('Qs'), Card('Td'))
        >>> Card.parse("1h")
        Traceback (most recent call last):
        ...
        ValueError: '1h' is not a card: write a rank (A 2-9 T J Q K) then a suit (c d h s), like Th
        """
        cleaned = text.strip()
        card = cls._by_text.get(cleaned)
        if card is not None:
            return card
        upper = cleaned.upper()
        if len(upper) >= 2:
            rank_text, suit_text = upper[:-1], cleaned[-1]
            if rank_text == "10":
                rank_text = "T"
            suit = _SYMBOL_SUITS.get(suit_text) or _SUITS_BY_LETTER.get(suit_text.lower())
            if len(rank_text) == 1 and rank_text in _RANK_LETTERS and suit is not None:
                return DECK[(_RANK_LETTERS.index(rank_text)) * 4 + _SUIT_ORDER.index(suit)]
        raise ValueError(
            f"{text!r} is not a card: write a rank (A 2-9 T J Q K) then a suit (c d h s), like Th"
        )

    @property
    def colour(self) -> Colour:
        """The card's colour."""
        return self.suit.colour

    @property
    def is_king(self) -> bool:
        """True for the four kings, the only cards that open a corner."""
        return IS_KING[self.index]

    def fits_on(self, top: Card) -> bool:
        """True when this card may go on ``top``: one rank lower and the other colour (the
        kernel's :data:`~.kernel.TAKES`)."""
        return self.kind == top.takes

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card('{self}')"


_SUITS_BY_LETTER = {suit.value: suit for suit in Suit}
_SUIT_ORDER = list(Suit)

DECK: tuple[Card, ...] = tuple(Card(rank, suit) for rank in Rank for suit in Suit)
"""The 52 cards, aces first, in :attr:`Card.index` order."""

Card._deck.extend(DECK)
Card._by_text.update({str(card): card for card in DECK})


def _card_at(index: int) -> Card:
    """The deck's card at ``index`` (how a card pickles)."""
    return DECK[index]
