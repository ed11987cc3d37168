"""The one-line position notation: parse and format.

``N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1``

Piles are written bottom card first; ``P<k>:`` is a hand in the order held (``?n`` for n
unseen cards, ``-`` when empty); ``stock:`` is a count or the cards top first; ``turn:P<k>`` is
the player to move. In the corners version, ``P<k>kept:`` lists the corner piles a player kept,
each a whole corner from king to ace. Field names are read in any ASCII case; counts are ASCII
digits. Anything else raises :class:`~kingscorner_widget.PositionError`.

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
from collections.abc import Callable, Sequence
from typing import TypeVar

from .cards import DECK, Card, Rank
from .errors import PositionError, excerpt
from .rules import Rules
from .spaces import SPACES

__all__ = [
    "Table",
    "check_rules",
    "check_table",
    "format_cards",
    "format_position",
    "parse_cards",
    "parse_position",
]

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
_PLAYER_FIELD = re.compile(r"P([1-9][0-9]?)(KEPT)?")
"""A hand (``P2``) or kept-corners (``P2KEPT``) field name, upper-cased: P1 to P99."""
_COUNT = re.compile(r"[0-9]+")
"""A count of cards: ASCII digits only (``str.isdigit`` also takes ``٣٧`` and ``⁷``)."""
_TURN = re.compile(r"[Pp]([0-9]{1,2})")
_SHOWN_LENGTH = 24
LONGEST_LINE = 4096
"""The longest position line read: every possible table fits in a few hundred characters, so a
longer line is refused before it is read."""


def parse_cards(text: str) -> list[Card]:
    """Read concatenated cards (``ThKs4h``); ``-`` is none.

    >>> parse_cards("Jc10h9s"), parse_cards("-")
    ([Card('Jc'), Card('Th'), Card('9s')], [])
    >>> parse_cards("ThKs4")
    Traceback (most recent call last):
    ...
    kingscorner_widget.PositionError: 'ThKs4' is not a list of cards like ThKs4h
    """
    if text == "-":
        return []
    tokens = _CARD_TOKEN.findall(text)
    if "".join(tokens) != text:
        raise PositionError(f"{excerpt(text)} is not a list of cards like ThKs4h")
    try:
        return [Card.parse(token) for token in tokens]
    except ValueError as error:
        raise PositionError(str(error)) from None


def format_cards(cards: Sequence[Card]) -> str:
    """Write cards concatenated, ``-`` for none."""
    return "".join(map(str, cards)) or "-"


def _shown(text: str) -> str:
    """A field name or value as a message writes it: as given when short, else an excerpt."""
    if len(text) <= _SHOWN_LENGTH and text.isprintable():
        return text
    return excerpt(text)


def _parse_count(text: str, what: str) -> int:
    """A count of cards in ASCII digits, at most the 52 of the deck."""
    if not _COUNT.fullmatch(text):
        if text.isnumeric():
            raise PositionError(f"{what} takes the digits 0-9 only, not {excerpt(text)}")
        raise PositionError(f"{what} must be a number of cards, not {excerpt(text)}")
    if len(text) > 2 or int(text) > len(DECK):
        raise PositionError(f"{what} of {excerpt(text)} cards is more than the deck holds")
    return int(text)


def _field_key(name: str) -> str:
    """The field a name stands for: space and player names in any ASCII case, ``stock``,
    ``turn``. A name with any other character is kept as given, so it is reported unknown
    (a long s is not ``S:``, although it upper-cases to ``S``)."""
    if not name.isascii():
        return name
    key = name.upper()
    return key.lower() if key in ("STOCK", "TURN") else key


def parse_position(text: str) -> Table:
    """Read a position line and check that it describes a possible table.

    Any problem raises :class:`PositionError` (a ``ValueError``) naming it, quoting at most a
    short excerpt of the input.

    >>> parse_position("N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:38 turn:P1")
    Traceback (most recent call last):
    ...
    kingscorner_widget.PositionError: the position holds 51 of 52 cards
    >>> parse_position("N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:٣٩ turn:P1")
    Traceback (most recent call last):
    ...
    kingscorner_widget.PositionError: stock: a count takes the digits 0-9 only, not '٣٩'
    """
    if not isinstance(text, str):
        raise PositionError(f"a position is a line of text, not {excerpt(text)}")
    if len(text) > LONGEST_LINE:
        raise PositionError(
            f"a position line is at most {LONGEST_LINE} characters, and this one has {len(text)}"
        )
    fields, written = _read_fields(text)
    piles = _read_piles(fields)
    hand_fields, kept_fields = _player_fields(fields, written)
    player_count = len(hand_fields)
    hands = [
        _parsed(f"P{number}", _read_hand, hand_fields[number])
        for number in range(1, player_count + 1)
    ]
    kept = [
        _parsed(f"P{number}kept", parse_cards, kept_fields.get(number, "-"))
        for number in range(1, player_count + 1)
    ]
    stock = _read_stock(fields)
    turn = _read_turn(fields, player_count)
    table = Table(piles, hands, stock, turn - 1, kept)
    check_table(table)
    return table


_T = TypeVar("_T")


def _parsed(field: str, read: Callable[[str], _T], value: str) -> _T:
    """``read(value)``, its :class:`PositionError` prefixed with the field's name."""
    try:
        return read(value)
    except PositionError as error:
        raise PositionError(f"{field}: {error}") from None


def _read_hand(value: str) -> list[Card] | Hidden:
    """A hand: ``?n`` for n cards not shown, or the cards in the order held."""
    if value.startswith("?"):
        return _parse_count(value[1:], "a hidden hand")
    return parse_cards(value)


def _read_count(value: str) -> Hidden:
    return _parse_count(value, "a count")


def _read_fields(text: str) -> tuple[dict[str, str], dict[str, str]]:
    """The fields of a line by their key, and each field's name as written (for messages)."""
    fields: dict[str, str] = {}
    written: dict[str, str] = {}
    for field in text.split():
        name, sep, value = field.partition(":")
        if not sep or not value:
            raise PositionError(
                f"{excerpt(field)} is not a field: write name:value, like N:Jc or turn:P1"
            )
        key = _field_key(name)
        if key in fields:
            raise PositionError(f"the field {_shown(key)}: is given twice")
        fields[key] = value
        written[key] = name
    return fields, written


def _read_piles(fields: dict[str, str]) -> list[list[Card]]:
    """The eight piles, taken out of ``fields``."""
    piles: list[list[Card]] = []
    for space in SPACES:
        value = fields.pop(str(space), "")
        if not value:
            raise PositionError(
                f"the position has no {space}: field (write {space}:- if it is empty)"
            )
        piles.append(_parsed(str(space), parse_cards, value))
    return piles


def _player_fields(
    fields: dict[str, str], written: dict[str, str]
) -> tuple[dict[int, str], dict[int, str]]:
    """The hands' and the kept corners' fields by player number, taken out of ``fields``,
    checked to name 2 to 6 players numbered from 1; any other field but the stock and the
    turn is refused."""
    hand_fields: dict[int, str] = {}
    kept_fields: dict[int, str] = {}
    for key in list(fields):
        found = _PLAYER_FIELD.fullmatch(key)
        if found is not None:
            number = int(found.group(1))
            (kept_fields if found.group(2) else hand_fields)[number] = fields.pop(key)
    unknown = [key for key in fields if key not in ("stock", "turn")]
    if unknown:
        raise PositionError(f"unknown field {_shown(written[unknown[0]])}:")
    player_count = len(hand_fields)
    if not 2 <= player_count <= 6:
        raise PositionError(f"a position needs 2 to 6 players (P1:, P2:, ...), not {player_count}")
    for number in range(1, player_count + 1):
        if number not in hand_fields:
            raise PositionError(f"P{max(hand_fields)} is given but P{number} is missing")
    for number in kept_fields:
        if number not in hand_fields:
            raise PositionError(f"P{number}kept: names a player who does not exist")
    return hand_fields, kept_fields


def _read_stock(fields: dict[str, str]) -> list[Card] | Hidden:
    """The stock: a count of hidden cards, or the cards top first."""
    stock_text = fields.pop("stock", None)
    if stock_text is None:
        raise PositionError("the position has no stock: field (stock:39, or the cards top first)")
    count = stock_text.removeprefix("?")
    if count.isnumeric():
        return _parsed("stock", _read_count, count)
    return _parsed("stock", parse_cards, stock_text)


def _read_turn(fields: dict[str, str], player_count: int) -> int:
    """The player to move, 1-based."""
    turn_text = fields.pop("turn", None)
    if turn_text is None:
        raise PositionError("no player to move: add turn:P1 (or whoever moves)")
    found = _TURN.fullmatch(turn_text)
    if found is None:
        raise PositionError(f"turn:{_shown(turn_text)} is not a player: write turn:P1")
    turn = int(found.group(1))
    if not 1 <= turn <= player_count:
        raise PositionError(f"turn:P{turn} names a player who does not exist")
    return turn


def check_table(table: Table) -> None:
    """Raise :class:`PositionError` naming the problem if ``table`` is not a possible position."""
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
        raise PositionError(f"{repeated[0]} appears twice")
    total = len(known) + hidden
    if total != len(DECK):
        raise PositionError(f"the position holds {total} of {len(DECK)} cards")
    for space, pile in zip(SPACES, table.piles, strict=True):
        if space.is_corner and pile and pile[0].rank is not Rank.KING:
            raise PositionError(f"the {space} corner pile must start with a king, not {pile[0]}")
        for lower, upper in itertools.pairwise(pile):
            if not upper.fits_on(lower):
                raise PositionError(
                    f"the {space} pile does not build down in alternating colours: "
                    f"{upper} cannot lie on {lower}"
                )
    for number, kept in enumerate(table.kept, start=1):
        for start in range(0, len(kept), 13):
            corner = kept[start : start + 13]
            if not _is_whole_corner(corner):
                raise PositionError(
                    f"P{number}kept: a kept corner is a whole corner pile, 13 cards from king to "
                    f"ace in alternating colours, and {format_cards(corner)} is not"
                )
    empty_hands = [i for i, hand in enumerate(table.hands) if hand == [] or hand == 0]
    if len(empty_hands) > 1:
        raise PositionError("only one player can have gone out (more than one hand is empty)")
    if empty_hands and empty_hands[0] != table.turn:
        out = empty_hands[0] + 1
        raise PositionError(
            f"P{out} has no cards left, so P{out} went out and the hand ended on P{out}'s turn: "
            f"turn:P{table.turn + 1} cannot be (write turn:P{out})"
        )


def _is_whole_corner(cards: Sequence[Card]) -> bool:
    """True for a finished corner pile: a king, then 12 cards each one rank lower, colours
    alternating, down to the ace."""
    return (
        len(cards) == 13
        and cards[0].rank is Rank.KING
        and all(upper.fits_on(lower) for lower, upper in itertools.pairwise(cards))
    )


def check_rules(table: Table, rules: Rules) -> None:
    """Raise :class:`PositionError` if ``table`` cannot arise under ``rules``.

    Kept corners exist only in the corners version, where a corner is kept the moment its ace
    goes on, so no corner pile on the table is finished.

    >>> table = parse_position(
    ...     "N:Jc E:- S:- W:- NE:- SE:- SW:- NW:- P1:Th P2:?11 "
    ...     "P1kept:KdQcJhTs9d8c7h6s5d4c3h2cAd stock:26 turn:P1"
    ... )
    >>> check_rules(table, Rules(corners_version=True))
    >>> check_rules(table, Rules())
    Traceback (most recent call last):
    ...
    kingscorner_widget.PositionError: P1kept: kept corners exist only in the corners version
    """
    if rules.players != len(table.hands):
        raise PositionError(
            f"the rules are for {rules.players} players but the table has {len(table.hands)}"
        )
    for number, kept in enumerate(table.kept, start=1):
        if kept and not rules.corners_version:
            raise PositionError(f"P{number}kept: kept corners exist only in the corners version")
    if rules.corners_version:
        for space, pile in zip(SPACES, table.piles, strict=True):
            if space.is_corner and pile and pile[-1].rank is Rank.ACE:
                raise PositionError(
                    f"the {space} corner pile is finished (its ace is on): in the corners "
                    f"version the player who finished it keeps it (write it as P<k>kept:)"
                )


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
