"""What one player sees of a game: the table, their own hand, and only counts for the rest.

Computer players and the widget read an :class:`Observation`, never the :class:`Game`, so nothing
they decide can depend on a hidden card.

>>> from kingscorner_widget import Game
>>> line = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
>>> g = Game.from_position(line)
>>> seen = observe(g, 1)
>>> [str(c) for c in seen.hand], seen.hand_sizes, seen.stock_size
(['Th', 'Ks', '4h'], (3, 7), 39)
>>> seen.position()
'N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1'
"""

from __future__ import annotations

import dataclasses
import random

from .cards import Card
from .game import Game, fill_hidden
from .moves import Move
from .notation import Table, format_position
from .rules import Rules
from .spaces import SPACES, Space

__all__ = ["Observation", "observe"]


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
        from .cards import DECK

        seen = {card for pile in self.piles for card in pile} | set(self.hand)
        for kept in self.kept:
            seen.update(kept)
        return [card for card in DECK if card not in seen]

    def sample_game(self, rng: random.Random) -> Game:
        """A complete game consistent with this view: the hidden cards dealt at random.

        The turn's progress (cards played, a draw, the turns in a row without a card played) is
        kept, so the sampled game accepts the same moves the real one does and ends blocked when
        it would.
        """
        game = Game(fill_hidden(self.table(), rng), self.rules)
        game._played = self.cards_played_this_turn
        game._pending = self.pending_card
        game._idle = self.idle_turns
        game._drew = self.drew_this_turn
        return game


def observe(game: Game, player: int) -> Observation:
    """What ``player`` (1-based) sees of ``game`` now."""
    index = game._player_index(player)
    mine = game.turn == player
    return Observation(
        player=player,
        rules=game.rules,
        piles=tuple(game.pile(space) for space in SPACES),
        hand=game.hand(player),
        hand_sizes=game.hand_sizes(),
        stock_size=game.stock_size,
        kept=tuple(game.kept(p) for p in range(1, game.players + 1)),
        turn=game.turn,
        cards_played_this_turn=game.cards_played_this_turn,
        pending_card=game.pending_card if mine else None,
        legal_moves=tuple(game.legal_moves()) if mine and index == game.turn - 1 else (),
        history=tuple(zip(game.movers(), map(str, game.moves), strict=True)),
        over=game.is_over(),
        idle_turns=game._idle,
        drew_this_turn=game._drew,
    )
