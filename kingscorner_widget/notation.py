"""The one-line position notation: parse and format.

``N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1``

Piles are written bottom card first; ``P<k>:`` is a hand in the order held (``?n`` for n
unseen cards, ``-`` when empty); ``stock:`` is a count or the cards top first; ``turn:P<k>`` is
the player to move. In the corners version, ``P<k>kept:`` lists the corner piles a player kept.

>>> table = parse_position(
...     "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
... )
>>> table.hands[1], table.stock, table.turn
(7, 39, 0)
>>> format_position(table)
'N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1'
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from collections import Counter
from collections.abc import Sequence

from .cards import DECK, Card, Rank
from .spaces import SPACES

__all__ = ["Table", "format_cards", "format_position", "parse_cards", "parse_position"]

Hidden = int
"""A number of cards not shown."""


@dataclasses.dataclass
class Table:
    """Everything a position line says, with unseen cards as counts."""

    piles: list[list[Card]]
    """The eight piles in :data:`SPACES` order, bottom card first."""
    hands: list[list[Card] | Hidden]
    """Each player's hand in the order held, or the number of cards not shown."""
    stock: list[Card] | Hidden
    """The stock, top card first, or the number of cards not shown."""
    turn: int
    """The player to move, 0-based (P1 is 0)."""
    kept: list[list[Card]] = dataclasses.field(default_factory=list)
    """Corners version: the finished corner piles each player has kept (empty lists otherwise)."""

    def __post_init__(self) -> None:
        if not self.kept:
            self.kept = [[] for _ in self.hands]


_CARD_TOKEN = re.compile(r"10.|[^\s]{2}")
_FIELD_ORDER = [str(space) for space in SPACES]


def parse_cards(text: str) -> list[Card]:
    """Read concatenated cards (``ThKs4h``); ``-`` is none.

    >>> parse_cards("Jc10h9s"), parse_cards("-")
    ([Card('Jc'), Card('Th'), Card('9s')], [])
    """
    if text == "-":
        return []
    tokens = _CARD_TOKEN.findall(text)
    if "".join(tokens) != text:
        raise ValueError(f"{text!r} is not a list of cards like ThKs4h")
    return [Card.parse(token) for token in tokens]


def format_cards(cards: Sequence[Card]) -> str:
    """Write cards concatenated, ``-`` for none."""
    return "".join(map(str, cards)) or "-"


def _parse_count(text: str, what: str) -> int:
    if not text.isdigit():
        raise ValueError(f"{what} must be a number of cards, not {text!r}")
    return int(text)


def parse_position(text: str) -> Table:
    """Read a position line and check that it describes a possible table.

    >>> parse_position("N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:38 turn:P1")
    Traceback (most recent call last):
    ...
    ValueError: the position holds 51 of 52 cards
    """
    fields: dict[str, str] = {}
    written: dict[str, str] = {}  # each field's name as given, for messages
    for field in text.split():
        key, sep, value = field.partition(":")
        if not sep or not value:
            raise ValueError(f"{field!r} is not a field: write name:value, like N:Jc or turn:P1")
        name = key
        key = key.upper() if not key.lower().startswith("stock") else key.lower()
        key = "turn" if key == "TURN" else key
        if key in fields:
            raise ValueError(f"the field {key}: is given twice")
        fields[key] = value
        written[key] = name

    piles: list[list[Card]] = []
    for space in SPACES:
        value = fields.pop(str(space), "")
        if not value:
            raise ValueError(f"the position has no {space}: field (write {space}:- if it is empty)")
        try:
            piles.append(parse_cards(value))
        except ValueError as error:
            raise ValueError(f"{space}: {error}") from None

    hand_fields: dict[int, str] = {}
    kept_fields: dict[int, str] = {}
    for key in [key for key in fields if re.fullmatch(r"P[1-9]\d*(KEPT)?", key)]:
        number = int(re.sub(r"\D", "", key))
        (kept_fields if key.endswith("KEPT") else hand_fields)[number] = fields.pop(key)
    unknown = [key for key in fields if key not in ("stock", "turn")]
    if unknown:
        raise ValueError(f"unknown field {written[unknown[0]]}:")
    player_count = len(hand_fields)
    if not 2 <= player_count <= 6:
        raise ValueError(f"a position needs 2 to 6 players (P1:, P2:, ...), not {player_count}")
    for number in range(1, player_count + 1):
        if number not in hand_fields:
            raise ValueError(f"P{max(hand_fields)} is given but P{number} is missing")
    for number in kept_fields:
        if number not in hand_fields:
            raise ValueError(f"P{number}kept: names a player who does not exist")

    hands: list[list[Card] | Hidden] = []
    for number in range(1, player_count + 1):
        value = hand_fields[number]
        try:
            hands.append(
                _parse_count(value[1:], "a hidden hand")
                if value.startswith("?")
                else parse_cards(value)
            )
        except ValueError as error:
            raise ValueError(f"P{number}: {error}") from None
    kept = [parse_cards(kept_fields.get(number, "-")) for number in range(1, player_count + 1)]

    stock_text = fields.pop("stock", None)
    if stock_text is None:
        raise ValueError("the position has no stock: field (stock:39, or the cards top first)")
    stock: list[Card] | Hidden
    if stock_text.lstrip("?").isdigit():
        stock = int(stock_text.lstrip("?"))
    else:
        try:
            stock = parse_cards(stock_text)
        except ValueError as error:
            raise ValueError(f"stock: {error}") from None

    turn_text = fields.pop("turn", None)
    if turn_text is None:
        raise ValueError("no player to move: add turn:P1 (or whoever moves)")
    match = re.fullmatch(r"[Pp](\d+)", turn_text)
    if match is None:
        raise ValueError(f"turn:{turn_text} is not a player: write turn:P1")
    turn = int(match.group(1))
    if not 1 <= turn <= player_count:
        raise ValueError(f"turn:P{turn} names a player who does not exist")

    table = Table(piles, hands, stock, turn - 1, kept)
    check_table(table)
    return table


def check_table(table: Table) -> None:
    """Raise a ``ValueError`` naming the problem if ``table`` is not a possible position."""
    known: list[Card] = [card for pile in table.piles for card in pile]
    hidden = 0
    for hand in table.hands:
        if isinstance(hand, int):
            hidden += hand
        else:
            known.extend(hand)
    if isinstance(table.stock, int):
        hidden += table.stock
    else:
        known.extend(table.stock)
    for kept in table.kept:
        known.extend(kept)
    repeated = [card for card, n in Counter(known).items() if n > 1]
    if repeated:
        repeated.sort(key=lambda card: card.index)
        raise ValueError(f"{repeated[0]} appears twice")
    total = len(known) + hidden
    if total != len(DECK):
        raise ValueError(f"the position holds {total} of {len(DECK)} cards")
    for space, pile in zip(SPACES, table.piles, strict=True):
        if space.is_corner and pile and pile[0].rank is not Rank.KING:
            raise ValueError(f"the {space} corner pile must start with a king, not {pile[0]}")
        for lower, upper in itertools.pairwise(pile):
            if not upper.fits_on(lower):
                raise ValueError(
                    f"the {space} pile does not build down in alternating colours: "
                    f"{upper} cannot lie on {lower}"
                )
    for number, kept in enumerate(table.kept, start=1):
        if len(kept) % 13:
            raise ValueError(f"P{number}kept: must hold whole corner piles (13 cards each)")
    empty_hands = [i for i, hand in enumerate(table.hands) if hand == [] or hand == 0]
    if len(empty_hands) > 1:
        raise ValueError("only one player can have gone out (more than one hand is empty)")


def format_position(table: Table) -> str:
    """Write a position line in canonical form."""
    fields = [
        f"{space}:{format_cards(pile)}" for space, pile in zip(SPACES, table.piles, strict=True)
    ]
    for number, hand in enumerate(table.hands, start=1):
        fields.append(
            f"P{number}:?{hand}" if isinstance(hand, int) else f"P{number}:{format_cards(hand)}"
        )
    for number, kept in enumerate(table.kept, start=1):
        if kept:
            fields.append(f"P{number}kept:{format_cards(kept)}")
    stock = table.stock
    fields.append(f"stock:{stock}" if isinstance(stock, int) else f"stock:{format_cards(stock)}")
    fields.append(f"turn:P{table.turn + 1}")
    return " ".join(fields)
