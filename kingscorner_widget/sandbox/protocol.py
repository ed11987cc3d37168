"""What passes between the league and an entry: one JSON line each way.

The league sends a ``deal`` line when a hand starts (the entry's seat and the rules), then a
``turn`` line whenever the entry is to move: the position as the entry sees it (the position
notation, other hands and the stock as counts), the moves made since its last turn, the turn's
progress and the legal moves. The entry answers one line, a move in notation (or the error
its player raised). Nothing else crosses: an entry's process holds no card it could not see.

>>> from kingscorner_widget import Game
>>> game = Game.from_position(
...     "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1")
>>> game.play("Th>N")
>>> line = turn_line(game, 1, 0)
>>> history: list[tuple[int, str]] = []
>>> read_turn(decode(line), 1, game.rules, history) == game.observation(1)
True
"""

from __future__ import annotations

import json
from typing import Any

from ..engine.cards import DECK, Card
from ..engine.game import Game
from ..engine.moves import Move, parse_move
from ..engine.notation import Table
from ..engine.observation import Observation
from ..engine.rules import Rules
from ..engine.spaces import SPACES
from .answers import inert

__all__ = [
    "LONGEST_ANSWER",
    "answer_line",
    "deal_line",
    "decode",
    "error_line",
    "inert",
    "position_line",
    "read_position",
    "read_turn",
    "turn_line",
]

LONGEST_ANSWER = 4096
"""The longest answer line read from an entry: a move is a few characters, an error a line."""

Json = dict[str, Any]


def decode(line: str | bytes) -> Json:
    """One message; anything but a JSON object is a ``ValueError``."""
    message = json.loads(line)
    if not isinstance(message, dict):
        raise ValueError("a message is a JSON object")
    return message


def deal_line(player: int, rules: Rules) -> str:
    """A new hand: the entry sits at seat ``player``."""
    return json.dumps({"deal": {"player": player, "rules": rules.to_dict()}}) + "\n"


def turn_line(game: Game, player: int, told: int) -> str:
    """``player`` is to move in ``game``: what they see, and the moves made since the first
    ``told`` (those they have been sent already)."""
    moves = game.moves[told:]
    movers = game.movers()[told:]
    pending = game.pending_card
    return (
        json.dumps(
            {
                "turn": {
                    "position": position_line(game.table(player)),
                    "seen": [
                        [mover, _text(move)] for mover, move in zip(movers, moves, strict=True)
                    ],
                    "played": game.cards_played_this_turn,
                    "drew": game.drew_this_turn,
                    "idle": game.idle_turns,
                    "pending": None if pending is None else str(pending),
                    "legal": [_text(move) for move in game.legal_moves()],
                }
            },
            separators=(",", ":"),
        )
        + "\n"
    )


_MOVE_TEXT: dict[Move, str] = {}


def _text(move: Move) -> str:
    """A move in notation (remembered: the same few hundred moves come up again and again)."""
    text = _MOVE_TEXT.get(move)
    if text is None:
        text = _MOVE_TEXT[move] = str(move)
    return text


_SPACE_NAMES = [space.value for space in SPACES]


def _cards_text(cards: list[Card]) -> str:
    return "".join([str(card) for card in cards]) or "-"


def position_line(table: Table) -> str:
    """The position line of ``table``: the same text as
    :func:`~kingscorner_widget.engine.notation.format_position`, written faster for the
    league's many decisions."""
    fields = [
        f"{name}:{_cards_text(pile)}" for name, pile in zip(_SPACE_NAMES, table.piles, strict=True)
    ]
    for number, hand in enumerate(table.hands, start=1):
        fields.append(
            f"P{number}:?{hand}" if isinstance(hand, int) else f"P{number}:" + (_cards_text(hand))
        )
    for number, kept in enumerate(table.kept, start=1):
        if kept:
            fields.append(f"P{number}kept:{_cards_text(kept)}")
    stock = table.stock
    fields.append(f"stock:{stock}" if isinstance(stock, int) else f"stock:{_cards_text(stock)}")
    fields.append(f"turn:P{table.turn + 1}")
    return " ".join(fields)


_CARDS = {str(card): card for card in DECK}


def _read_cards(text: str) -> list[Card]:
    if text == "-":
        return []
    return [_CARDS[text[i : i + 2]] for i in range(0, len(text), 2)]


def read_position(text: str) -> Table:
    """Read a position line as the league writes it (:func:`position_line`); anything else is
    a ``ValueError``. The league is trusted: the line is not checked for a possible table."""
    try:
        fields = [field.partition(":") for field in text.split()]
        piles = [_read_cards(value) for _, _, value in fields[:8]]
        hands: list[list[Card] | int] = []
        kept_by: dict[int, list[Card]] = {}
        stock: list[Card] | int = 0
        turn = 0
        for name, _, value in fields[8:]:
            if name == "stock":
                stock = int(value) if value.isdigit() else _read_cards(value)
            elif name == "turn":
                turn = int(value[1:]) - 1
            elif name.endswith("kept"):
                kept_by[int(name[1:-4])] = _read_cards(value)
            else:
                hands.append(int(value[1:]) if value.startswith("?") else _read_cards(value))
        kept = [kept_by.get(number, []) for number in range(1, len(hands) + 1)]
    except (KeyError, IndexError, ValueError) as error:
        raise ValueError(f"not a position line from the league: {error}") from None
    return Table(piles, hands, stock, turn, kept)


def read_turn(
    message: Json, player: int, rules: Rules, history: list[tuple[int, str]]
) -> Observation:
    """The observation a ``turn`` message describes; ``history`` (the moves seen so far this
    hand) is extended with the message's new moves."""
    turn = message["turn"]
    history.extend((int(mover), str(move)) for mover, move in turn["seen"])
    table = read_position(turn["position"])
    hand = table.hands[player - 1]
    if isinstance(hand, int):
        raise ValueError(f"the position does not show P{player}'s hand")
    stock = table.stock
    pending = turn["pending"]
    return Observation(
        player=player,
        rules=rules,
        piles=tuple(tuple(pile) for pile in table.piles),
        hand=tuple(hand),
        hand_sizes=tuple(h if isinstance(h, int) else len(h) for h in table.hands),
        stock_size=stock if isinstance(stock, int) else len(stock),
        kept=tuple(tuple(kept) for kept in table.kept),
        turn=table.turn + 1,
        cards_played_this_turn=int(turn["played"]),
        pending_card=None if pending is None else _CARDS[pending],
        legal_moves=tuple(parse_move(text) for text in turn["legal"]),
        history=tuple(history),
        over=False,
        idle_turns=int(turn["idle"]),
        drew_this_turn=bool(turn["drew"]),
    )


def answer_line(move: object) -> str:
    """The entry's answer: its move in notation."""
    return json.dumps({"move": str(move)[:100]}) + "\n"


def error_line(error: str) -> str:
    """The entry's player raised an exception: the traceback's last line."""
    return json.dumps({"error": error[:500]}) + "\n"
