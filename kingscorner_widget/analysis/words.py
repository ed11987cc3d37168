"""Card and move names in a learner's words, and one sentence per move of a planned turn.

>>> from kingscorner_widget.cards import Card
>>> card_name(Card.parse("7h")), card_name(Card.parse("Qs")), card_name(Card.parse("Td"))
('the red 7 (7h)', 'the black queen (Qs)', 'the red 10 (Td)')
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card, Rank
from ..moves import EndTurn, Move, MovePile, PlayCard
from ..spaces import Space

__all__ = ["card_name", "count_words", "move_sentences", "pile_name", "space_name"]

_RANK_NAMES = {Rank.ACE: "ace", Rank.JACK: "jack", Rank.QUEEN: "queen", Rank.KING: "king"}


def card_name(card: Card) -> str:
    """``"the red 7 (7h)"``: colour, rank, and the notation in brackets."""
    rank = _RANK_NAMES.get(card.rank, str(int(card.rank)))
    return f"the {'red' if card.red else 'black'} {rank} ({card})"


def space_name(space: Space) -> str:
    """``"the west space"`` for the cross, ``"the north-east corner"`` for a corner."""
    if space.is_corner:
        return space.words
    return space.words.replace(" pile", " space")


def pile_name(pile: Sequence[Card]) -> str:
    """A pile by its cards: ``"the black 8 (8s)"``, or
    ``"the black 8 (8s) down to the red 7 (7h)"``."""
    if len(pile) == 1:
        return card_name(pile[0])
    return f"{card_name(pile[0])} down to {card_name(pile[-1])}"


def count_words(n: int, noun: str = "card") -> str:
    """``"1 card"``, ``"3 cards"``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def move_sentences(
    piles: Sequence[Sequence[Card]], hand: Sequence[Card], moves: Sequence[Move]
) -> tuple[str, ...]:
    """One sentence per move of a turn played from ``piles`` (in space order) and ``hand``.

    Each sentence says what the move does and, when a later move of the same turn builds on it,
    what it makes possible (a freed space, a card that can follow).

    >>> from kingscorner_widget import Game, parse_move
    >>> from kingscorner_widget.spaces import SPACES
    >>> line = "N:9d E:- S:5s W:8s7h NE:- SE:- SW:- NW:- P1:Qh6c P2:?7 stock:39 turn:P1"
    >>> g = Game.from_position(line)
    >>> turn = [parse_move(m) for m in ("W>N", "Qh>W", "6c>N", "draw")]
    >>> for sentence in move_sentences([g.pile(s) for s in SPACES], g.hand(), turn):
    ...     print(sentence)  # doctest: +NORMALIZE_WHITESPACE
    Move the west pile (the black 8 (8s) down to the red 7 (7h)) onto the red 9 (9d) on the
    north pile, which frees the west space for the red queen (Qh).
    Put the red queen (Qh) in the empty west space.
    Play the black 6 (6c) on the red 7 (7h) on the north pile.
    Draw a card to end your turn.
    """
    table = [list(pile) for pile in piles]
    held = list(hand)
    out: list[str] = []
    for i, move in enumerate(moves):
        later = moves[i + 1 :]
        if isinstance(move, PlayCard):
            pile = table[move.target.index]
            if pile:
                text = (
                    f"Play {card_name(move.card)} on {card_name(pile[-1])} on {move.target.words}"
                )
            elif move.target.is_corner:
                text = f"Put {card_name(move.card)} in the empty {move.target.words[4:]}"
            else:
                text = f"Put {card_name(move.card)} in the empty {space_name(move.target)[4:]}"
            follower = _follower(later, move.target)
            if follower is not None:
                text += f", so {card_name(follower)} can follow"
            pile.append(move.card)
            if move.card in held:
                held.remove(move.card)
        elif isinstance(move, MovePile):
            moving = table[move.source.index]
            target = table[move.target.index]
            what = f"the {move.source.words[4:]} ({pile_name(moving)})"
            if target:
                text = f"Move {what} onto {card_name(target[-1])} on {move.target.words}"
            else:
                text = f"Move {what}, headed by a king, into the empty {move.target.words[4:]}"
            filler = _filler(later, move.source)
            if filler is not None:
                text += f", which frees {space_name(move.source)} for {card_name(filler)}"
            else:
                text += f", which empties {space_name(move.source)}"
            target.extend(moving)
            moving.clear()
        elif isinstance(move, EndTurn):
            text = (
                "Draw a card to end your turn" if move.kind == "draw" else "Pass to end your turn"
            )
        out.append(_capital(text) + ".")
    return tuple(out)


def _follower(later: Sequence[Move], space: Space) -> Card | None:
    """The next card played on ``space`` by the following moves, before the pile moves away."""
    for move in later:
        if isinstance(move, PlayCard) and move.target is space:
            return move.card
        if isinstance(move, MovePile) and space in (move.source, move.target):
            return None
    return None


def _filler(later: Sequence[Move], space: Space) -> Card | None:
    """The card from hand that next fills the freed ``space``, if the turn does so."""
    for move in later:
        if isinstance(move, PlayCard) and move.target is space:
            return move.card
    return None
