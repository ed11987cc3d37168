"""What one player sees of a game: the table, their own hand, and only counts for the rest.

Computer players and the widget read an :class:`Observation`, never the game, so nothing they
decide can depend on a hidden card. The game makes them (``Game.observation``) and makes a game
back from one with the hidden cards dealt at random (``Game.from_observation``); this module
knows nothing of the game.

>>> from kingscorner_widget import Game
>>> line = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
>>> seen = Game.from_position(line).observation(1)
>>> [str(c) for c in seen.hand], seen.hand_sizes, seen.stock_size
(['Th', 'Ks', '4h'], (3, 7), 39)
>>> seen.position()
'N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1'
"""

from __future__ import annotations

import dataclasses

from .cards import DECK, Card
from .moves import Move
from .notation import Table, format_position
from .rules import Rules
from .spaces import Space

__all__ = ["Observation"]


@dataclasses.dataclass(frozen=True)
class Observation:
    """A player's view of a game at one moment. Holds no card that player cannot see."""

    player: int
    """The viewer (1-based)."""
    rules: Rules
    """The rules in force."""
    piles: tuple[tuple[Card, ...], ...]
    """The eight piles in :data:`SPACES` order, bottom card first (all face up)."""
    hand: tuple[Card, ...]
    """The viewer's own hand in the order held."""
    hand_sizes: tuple[int, ...]
    """How many cards each player holds."""
    stock_size: int
    """Cards left in the stock."""
    kept: tuple[tuple[Card, ...], ...]
    """Corners version: the finished corner piles each player kept (face up)."""
    turn: int
    """The player to move (1-based)."""
    cards_played_this_turn: int
    """Cards the player to move has played from hand this turn."""
    pending_card: Card | None
    """Draw until it fits: the card the viewer drew that must be played (only when it is theirs)."""
    legal_moves: tuple[Move, ...]
    """The viewer's legal moves when it is their turn, else empty."""
    history: tuple[tuple[int, str], ...]
    """Every move so far as ``(player, notation)``; draws are public, the drawn card is not."""
    over: bool
    """True once the hand has ended."""
    idle_turns: int = 0
    """Turns in a row that ended with no card played and none drawn (a full round of them with
    the stock empty blocks the hand). Public: everyone saw those turns."""
    drew_this_turn: bool = False
    """True when the player to move has drawn this turn (draw first, or draw until it fits)."""

    def pile(self, space: Space | str) -> tuple[Card, ...]:
        """The cards on ``space``, bottom first."""
        return self.piles[(Space.parse(space) if isinstance(space, str) else space).index]

    def table(self) -> Table:
        """The viewer's table: other hands and the stock as counts."""
        hands: list[list[Card] | int] = [
            list(self.hand) if i == self.player - 1 else n for i, n in enumerate(self.hand_sizes)
        ]
        return Table(
            [list(p) for p in self.piles],
            hands,
            self.stock_size,
            self.turn - 1,
            [list(k) for k in self.kept],
        )

    def position(self) -> str:
        """The position line as the viewer may see it."""
        return format_position(self.table())

    def unseen_cards(self) -> list[Card]:
        """The cards the viewer cannot see (other hands and the stock), in deck order."""
        seen = {card for pile in self.piles for card in pile} | set(self.hand)
        for kept in self.kept:
            seen.update(kept)
        return [card for card in DECK if card not in seen]
