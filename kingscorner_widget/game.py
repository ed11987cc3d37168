"""One hand of Kings in the Corner: the table, the hands, the stock, whose turn, and every rule.

:meth:`Game.violation` is the one place that decides whether a move is legal and, if not, which rule
it breaks; :meth:`Game.legal_moves`, :meth:`Game.play`, the analysis and the widget all read it.

>>> line = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
>>> g = Game.from_position(line)
>>> [str(m) for m in g.legal_moves()]
['Th>N', 'Th>W', 'Ks>W', 'Ks>NE', 'Ks>SE', 'Ks>SW', 'Ks>NW', '4h>S', '4h>W', 'S>E', 'draw']
>>> g.play("Th>N")
>>> g.play("Th>E")
Traceback (most recent call last):
...
kingscorner_widget.errors.IllegalMoveError: the ten of hearts (Th) is not in your hand
>>> g.position(player=1)
'N:JcTh E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:Ks4h P2:?7 stock:39 turn:P1'
"""

from __future__ import annotations

import dataclasses
import datetime
import hashlib
import random
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Literal

from .cards import DECK, Card, Rank
from .errors import IllegalMoveError
from .moves import DRAW, PASS, EndTurn, Move, MovePile, PlayCard, parse_move
from .notation import Table, check_rules, format_position, parse_position
from .rules import DrawTiming, Rules
from .scoring import hand_penalty
from .spaces import CORNERS, CROSS, SPACES, Space
from .words import named

if TYPE_CHECKING:
    from .observation import Observation

__all__ = ["Game", "Outcome", "daily_seed"]

_CROSS_INDEXES = tuple(space.index for space in CROSS)
_CORNER_INDEXES = tuple(space.index for space in CORNERS)
_KING, _ACE = Rank.KING, Rank.ACE
# Every card play and pile move built once: moves are frozen, so the hot paths share them.
_PLAYS = tuple(tuple(PlayCard(card, space) for space in SPACES) for card in DECK)
_PILE_MOVES = tuple(tuple(MovePile(source, target) for target in SPACES) for source in SPACES)
_FIRST_CORNER = SPACES.index(CORNERS[0])
assert SPACES[_FIRST_CORNER:] == CORNERS
_KINGS = frozenset(card.index for card in DECK if card.rank is Rank.KING)
_FIT_KEY = tuple(card.rank * 2 + card.red for card in DECK)
"""For each card, a key shared by the cards of its rank and colour."""
_WANTS = tuple((card.rank - 1) * 2 + (not card.red) for card in DECK)
"""For each card, the key of the cards that fit on it (one rank lower, the other colour)."""


def _targets(
    fitting: list[int] | None, open_cross: Sequence[int], king: bool, open_corners: list[int]
) -> Sequence[int]:
    """The spaces (in :data:`SPACES` order) a card or pile might go to, before the judge."""
    targets: list[int] = []
    if fitting:
        targets.extend(fitting)
    if open_cross:
        targets.extend(open_cross)
    if king and open_corners:
        targets.extend(open_corners)
    if fitting and (open_cross or (king and open_corners)):
        targets.sort()
    return targets


@dataclasses.dataclass(frozen=True)
class Outcome:
    """How a finished hand ended and what each player's leftover cards cost."""

    reason: Literal["out", "blocked"]
    """``"out"``: a player emptied their hand; ``"blocked"``: nobody played a card for a full round
    with the stock empty."""
    went_out: int | None
    """The player (1-based) who emptied their hand, if any."""
    winners: tuple[int, ...]
    """The winning players (1-based). A blocked hand goes to the lowest count (ties share); in the
    corners version, to the most corners kept."""
    penalties: tuple[int, ...]
    """Each player's count of cards left in hand under the rules' count (0 for who went out)."""
    corners: tuple[int, ...]
    """Corners version: the corner piles each player finished and kept (all 0 otherwise)."""

    def describe(self) -> str:
        """One line in words.

        >>> Outcome("out", 2, (2,), (13, 0), (0, 0)).describe()
        'P2 went out and wins. Left in hand: P1 13, P2 0.'
        """
        names = " and ".join(f"P{p}" for p in self.winners)
        verb = "wins" if len(self.winners) == 1 else "share the win"
        if self.reason == "out":
            who = "" if self.winners == (self.went_out,) else f" {names}"
            head = f"P{self.went_out} went out and{who} {verb}."
        else:
            head = f"The hand is blocked; {names} {verb}."
        counts = ", ".join(f"P{i} {n}" for i, n in enumerate(self.penalties, start=1))
        return f"{head} Left in hand: {counts}."


@dataclasses.dataclass(slots=True)
class _Undo:
    """What :meth:`Game.undo` needs to put one move back."""

    move: Move
    turn: int
    played: int
    drew: bool
    idle: int
    pending: Card | None
    over: str | None
    winner: int | None
    hand_index: int = -1
    target_length: int = 0
    kept_corner: bool = False
    draws: tuple[tuple[int, int], ...] = ()


def daily_seed(date: datetime.date | str | None = None, players: int = 4) -> int:
    """The seed of the daily deal: the same for everyone on a given date (default: today, UTC).

    >>> daily_seed("2026-11-29", 4) == daily_seed(datetime.date(2026, 11, 29), 4)
    True
    """
    if date is None:
        date = datetime.datetime.now(datetime.UTC).date()
    if isinstance(date, str):
        date = datetime.date.fromisoformat(date)
    digest = hashlib.sha256(f"kingscorner-daily:{date.isoformat()}:{players}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


class Game:
    """A hand of Kings in the Corner that plays, checks and undoes moves.

    Players are numbered from 1: P1 sits at the dealer's left and moves first.
    """

    rules: Rules
    """The rules in force."""
    seed: int | None
    """The seed the deal came from (``None`` for a game built from a position)."""

    def __init__(
        self, table: Table, rules: Rules, *, fresh_deal: bool = False, seed: int | None = None
    ):
        """Start from a table with every card placed (see :meth:`new`, :meth:`from_position`)."""
        if any(isinstance(h, int) for h in table.hands) or isinstance(table.stock, int):
            raise ValueError(
                "a game needs every card placed; use Game.from_position to fill hidden cards"
            )
        check_rules(table, rules)
        self.rules = rules
        self.seed = seed
        self._piles: list[list[Card]] = [list(pile) for pile in table.piles]
        self._hands: list[list[Card]] = [list(h) for h in table.hands if not isinstance(h, int)]
        self._stock: list[Card] = [] if isinstance(table.stock, int) else table.stock[::-1]
        self._kept: list[list[Card]] = [list(k) for k in table.kept]
        self._turn = table.turn
        self._played = 0
        self._drew = False
        self._idle = 0
        self._pending: Card | None = None
        self._over: str | None = None
        self._winner: int | None = None
        self._history: list[_Undo] = []
        self.start_position = format_position(table)
        """The position the game started from (before any dealt king moved), every card shown."""
        self.fresh_deal = fresh_deal
        """True when the game starts at a deal: dealt kings move to corners at the first turn."""
        self.opening: list[Move] = []
        """Moves made for P1 by the rules at the first turn: dealt kings going to corners."""
        for i, hand in enumerate(self._hands):
            if not hand:
                self._over, self._winner = "out", i
        if fresh_deal:
            self._open_deal()

    # -- construction -------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        players: int | None = None,
        seed: int | None = None,
        rules: Rules | None = None,
    ) -> Game:
        """A fresh deal, reproducible from ``seed`` (a random seed is chosen and kept if omitted).

        >>> Game.new(players=2, seed=7).position() == Game.new(players=2, seed=7).position()
        True
        """
        rules = _rules_for(rules, players)
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        deck = list(DECK)
        random.Random(seed).shuffle(deck)
        n = rules.players
        hands: list[list[Card] | int] = [deck[i : n * rules.hand_size : n] for i in range(n)]
        rest = deck[n * rules.hand_size :]
        piles: list[list[Card]] = [[card] for card in rest[:4]] + [[], [], [], []]
        table = Table(piles, hands, rest[4:], 0)
        return cls(table, rules, fresh_deal=True, seed=seed)

    @classmethod
    def daily(
        cls,
        date: datetime.date | str | None = None,
        players: int | None = None,
        rules: Rules | None = None,
    ) -> Game:
        """The daily deal: the same for everyone on ``date`` (default: today, UTC)."""
        rules = _rules_for(rules, players)
        return cls.new(seed=daily_seed(date, rules.players), rules=rules)

    @classmethod
    def from_position(cls, text: str, rules: Rules | None = None, seed: int = 0) -> Game:
        """A game at the start of the turn of the player to move, from a position line.

        Hidden cards (``?n`` hands, a counted stock) are filled from the unseen cards with a shuffle
        seeded by ``seed``. Bad notation raises a ``ValueError`` that names the problem. The rules'
        player count follows the position. With draw-first rules the line is read as the table
        after the mover's draw: nothing is drawn for them.
        """
        table = parse_position(text)
        rules = _rules_for(rules, len(table.hands))
        return cls(fill_hidden(table, random.Random(seed)), rules)

    # -- reading the state ----------------------------------------------------------------------

    @property
    def players(self) -> int:
        """The number of players."""
        return len(self._hands)

    @property
    def turn(self) -> int:
        """The player to move (1-based)."""
        return self._turn + 1

    def pile(self, space: Space | str) -> tuple[Card, ...]:
        """The cards on ``space``, bottom first."""
        return tuple(self._piles[_space(space).index])

    def piles(self) -> dict[Space, tuple[Card, ...]]:
        """Every pile by space, bottom card first."""
        return {space: tuple(self._piles[space.index]) for space in SPACES}

    def hand(self, player: int | None = None) -> tuple[Card, ...]:
        """A player's hand in the order held (default: the player to move)."""
        return tuple(self._hands[self._player_index(player)])

    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each player holds."""
        return tuple(len(hand) for hand in self._hands)

    @property
    def stock_size(self) -> int:
        """Cards left in the stock."""
        return len(self._stock)

    def kept(self, player: int) -> tuple[Card, ...]:
        """Corners version: the cards of the corner piles ``player`` has finished."""
        return tuple(self._kept[self._player_index(player)])

    @property
    def cards_played_this_turn(self) -> int:
        """Cards the player to move has played from hand this turn."""
        return self._played

    @property
    def pending_card(self) -> Card | None:
        """Draw until it fits: the drawn card that must be played before the turn can end."""
        return self._pending

    @property
    def moves(self) -> list[Move]:
        """Every move played so far (not counting :attr:`opening`), oldest first."""
        return [record.move for record in self._history]

    def movers(self) -> list[int]:
        """For each move in :attr:`moves`, the player (1-based) who made it."""
        return [record.turn + 1 for record in self._history]

    def table(self, player: int | None = None) -> Table:
        """The table as :class:`Table`; with ``player``, other hands and the stock as counts."""
        viewer = None if player is None else self._player_index(player)
        hands: list[list[Card] | int] = [
            list(hand) if viewer is None or i == viewer else len(hand)
            for i, hand in enumerate(self._hands)
        ]
        stock: list[Card] | int = (
            list(reversed(self._stock)) if viewer is None else len(self._stock)
        )
        return Table(
            [list(p) for p in self._piles], hands, stock, self._turn, [list(k) for k in self._kept]
        )

    def position(self, player: int | None = None) -> str:
        """The position in notation: everything, or (``player=k``) only what Pk can see."""
        return format_position(self.table(player))

    def unseen_cards(self, player: int) -> list[Card]:
        """The cards ``player`` cannot see: other hands and the stock, in deck order."""
        seen = {card for pile in self._piles for card in pile}
        seen.update(self._hands[self._player_index(player)])
        for kept in self._kept:
            seen.update(kept)
        return [card for card in DECK if card not in seen]

    def observation(self, player: int) -> Observation:
        """What ``player`` (1-based) sees now: the table, their hand, counts for the rest."""
        from .observation import observe

        return observe(self, player)

    def is_over(self) -> bool:
        """True once a player has gone out or the hand is blocked."""
        return self._over is not None

    def outcome(self) -> Outcome | None:
        """How the hand ended, or ``None`` while it goes on."""
        if self._over is None:
            return None
        count = self.rules.count
        penalties = tuple(hand_penalty(hand, count) for hand in self._hands)
        corners = tuple(len(kept) // 13 for kept in self._kept)
        if self.rules.corners_version and any(corners):
            best = max(corners)
            winners = tuple(i + 1 for i, c in enumerate(corners) if c == best)
        elif self._over == "out":
            assert self._winner is not None
            winners = (self._winner + 1,)
        else:
            low = min(penalties)
            winners = tuple(i + 1 for i, p in enumerate(penalties) if p == low)
        went_out = None if self._winner is None else self._winner + 1
        reason: Literal["out", "blocked"] = "out" if self._over == "out" else "blocked"
        return Outcome(reason, went_out, winners, penalties, corners)

    # -- legality: the one judge ------------------------------------------------------------------

    def violation(self, move: Move | str) -> str | None:
        """Why ``move`` is illegal now, in a learner's words, or ``None`` if it is legal."""
        if isinstance(move, str):
            try:
                move = parse_move(move)
            except ValueError as error:
                return str(error)
        if self._over is not None:
            return "the hand is over" + (
                f": P{self._winner + 1} went out" if self._winner is not None else ": it is blocked"
            )
        if isinstance(move, PlayCard):
            return self._play_card_violation(move.card, move.target.index)
        if isinstance(move, MovePile):
            return self._move_pile_violation(move.source.index, move.target.index)
        return self._end_turn_violation(move)

    def is_legal(self, move: Move | str) -> bool:
        """True when ``move`` may be played now."""
        return self.violation(move) is None

    def legal_moves(self) -> list[Move]:
        """Every legal move now, each once: card plays in hand order, then pile moves, then the one
        end-of-turn move (absent only while an option forbids ending the turn)."""
        if self._over is not None:
            return []
        # A cheap pre-filter on rank and colour; the judge has the last word on every move.
        judge = self.violation
        piles = self._piles
        wanted: dict[int, list[int]] = {}  # fit key -> the spaces whose top takes such a card
        open_cross: list[int] = []
        open_corners: list[int] = []
        for index, pile in enumerate(piles):
            if pile:
                key = _WANTS[pile[-1].index]
                if key in wanted:
                    wanted[key].append(index)
                else:
                    wanted[key] = [index]
            elif index < _FIRST_CORNER:
                open_cross.append(index)
            else:
                open_corners.append(index)
        pending = self._pending
        moves: list[Move] = []
        hand = self._hands[self._turn] if pending is None else [pending]
        if not open_cross:  # the usual case: keep only the cards with somewhere to go
            if open_corners:
                hand = [c for c in hand if c.index in _KINGS or _FIT_KEY[c.index] in wanted]
            else:
                hand = [c for c in hand if _FIT_KEY[c.index] in wanted]
        for card in hand:
            fitting = wanted.get(_FIT_KEY[card.index])
            king = card.rank is _KING
            plays = _PLAYS[card.index]
            for target in _targets(fitting, open_cross, king, open_corners):
                move = plays[target]
                if judge(move) is None:
                    moves.append(move)
        if pending is None:
            for source in _CROSS_INDEXES:
                moving = piles[source]
                if not moving:
                    continue
                bottom = moving[0]
                targets = _targets(
                    wanted.get(_FIT_KEY[bottom.index]), (), bottom.rank is _KING, open_corners
                )
                pile_moves = _PILE_MOVES[source]
                for target in targets:
                    if target != source:
                        pile_move = pile_moves[target]
                        if judge(pile_move) is None:
                            moves.append(pile_move)
        end = self.end_move()
        if judge(end) is None:
            moves.append(end)
        return moves

    def end_move(self) -> EndTurn:
        """The move that ends the turn under these rules now: ``draw``, or ``pass``."""
        if self.rules.draw_timing is DrawTiming.START or not self._stock:
            return PASS
        return DRAW

    def _play_card_violation(self, card: Card, target: int) -> str | None:
        hand = self._hands[self._turn]
        if card not in hand:
            return f"{named(card)} is not in your hand"
        if self._pending is not None and card != self._pending:
            return f"draw until it fits: play {named(self._pending)} you drew first"
        pile = self._piles[target]
        space = SPACES[target]
        if pile:
            top = pile[-1]
            if space.is_corner and card.rank is _KING:
                return f"{space.words} is taken: a king opens only an empty corner"
            if top.rank is _ACE:
                return f"nothing can be played on an ace: {named(top)} ends {space.words}"
            if card.rank != top.rank - 1:
                return (
                    f"{named(card)} cannot go on {named(top)}: a card must be exactly one rank "
                    f"lower ({_needed(top)})"
                )
            if card.red == top.red:
                return (
                    f"{named(card)} cannot go on {named(top)}: colours must alternate "
                    f"({_needed(top)})"
                )
        elif space.is_corner and card.rank is not _KING:
            return f"only a king can open an empty corner, and {named(card)} is not a king"
        if self.rules.kings_first and not (card.rank is _KING and space.is_corner and not pile):
            return self._kings_first_violation()
        return None

    def _move_pile_violation(self, source: int, target: int) -> str | None:
        if self._pending is not None:
            return f"draw until it fits: play {named(self._pending)} you drew first"
        source_space, target_space = SPACES[source], SPACES[target]
        if source_space.is_corner:
            return "corner piles never move"
        moving = self._piles[source]
        if not moving:
            return f"{source_space.place} is empty: there is no pile to move"
        if source == target:
            return "a pile cannot move onto itself"
        bottom = moving[0]
        pile = self._piles[target]
        if pile:
            top = pile[-1]
            if target_space.is_corner and bottom.rank is _KING:
                return f"{target_space.words} is taken: a king's pile opens only an empty corner"
            if top.rank is _ACE:
                return f"nothing can be played on an ace: {named(top)} ends {target_space.words}"
            if not bottom.fits_on(top):
                return (
                    f"{source_space.words} starts with {named(bottom)}, which cannot go on "
                    f"{named(top)}: a pile moves only when its bottom card is one rank lower "
                    f"and the other colour"
                )
        elif target_space.is_cross:
            return (
                f"a pile moves onto another pile, not into an empty side space; "
                f"{target_space.place} takes a card from your hand"
            )
        elif bottom.rank is not Rank.KING:
            return (
                f"only a king can open an empty corner, and {source_space.words} "
                f"starts with {named(bottom)}"
            )
        if self.rules.kings_first:
            return self._kings_first_violation()
        return None

    def _end_turn_violation(self, move: EndTurn) -> str | None:
        expected = self.end_move()
        if move is not expected and move != expected:
            if self.rules.draw_timing is DrawTiming.START:
                return "with the draw at the start of the turn, end your turn with pass"
            if expected is PASS:
                return "the stock is empty: end your turn with pass"
            return "the stock still has cards: end your turn with draw"
        if self._pending is not None:
            return (
                f"draw until it fits: play {named(self._pending)} you drew before ending your turn"
            )
        if self.rules.kings_first and (reason := self._kings_first_violation()):
            return reason
        if self.rules.must_play:
            for card in self._hands[self._turn]:
                for target in SPACES:
                    if self._play_card_violation(card, target.index) is None:
                        where = (
                            f"on {target.words}"
                            if self._piles[target.index]
                            else (
                                f"in {target.place}"
                                if target.is_corner
                                else f"in the empty {target.direction} space"
                            )
                        )
                        return f"must play: {named(card)} can go {where}, so it must be played"
        return None

    def _kings_first_violation(self) -> str | None:
        """Kings first: the reason a move other than a king into an empty corner is refused."""
        if any(not self._piles[i] for i in _CORNER_INDEXES):
            for card in self._hands[self._turn]:
                if card.rank is Rank.KING:
                    return f"kings first: put {named(card)} in an empty corner before anything else"
        return None

    # -- playing ----------------------------------------------------------------------------------

    def play(self, move: Move | str) -> None:
        """Play ``move`` (a :data:`Move` or notation). An illegal move raises
        :class:`IllegalMoveError` naming the rule it breaks, and changes nothing."""
        if isinstance(move, str):
            try:
                move = parse_move(move)
            except ValueError as error:
                raise IllegalMoveError(str(error)) from None
        reason = self.violation(move)
        if reason is not None:
            raise IllegalMoveError(reason)
        self._apply(move)

    def _apply(self, move: Move) -> None:
        record = _Undo(
            move,
            self._turn,
            self._played,
            self._drew,
            self._idle,
            self._pending,
            self._over,
            self._winner,
        )
        hand = self._hands[self._turn]
        if isinstance(move, PlayCard):
            record.hand_index = hand.index(move.card)
            del hand[record.hand_index]
            target = self._piles[move.target.index]
            target.append(move.card)
            self._played += 1
            self._pending = None
            if self.rules.corners_version:
                record.kept_corner = self._keep_finished_corner(move.target)
            if not hand:
                self._over, self._winner = "out", self._turn
        elif isinstance(move, MovePile):
            source = self._piles[move.source.index]
            target = self._piles[move.target.index]
            record.target_length = len(target)
            target.extend(source)
            source.clear()
            if self.rules.corners_version:
                record.kept_corner = self._keep_finished_corner(move.target)
        else:
            record.draws = self._end_turn()
        self._history.append(record)

    def _keep_finished_corner(self, space: Space) -> bool:
        pile = self._piles[space.index]
        if self.rules.corners_version and space.is_corner and pile[-1].rank is Rank.ACE:
            self._kept[self._turn].extend(pile)
            pile.clear()
            return True
        return False

    def _draw(self, player: int) -> Card:
        card = self._stock.pop()
        self._hands[player].append(card)
        self._drew = True
        return card

    def _end_turn(self) -> tuple[tuple[int, int], ...]:
        """Do the end-of-turn move; returns the cards drawn as ``(player, count)`` pairs."""
        draws: list[tuple[int, int]] = []
        mover = self._turn
        if self.end_move() is DRAW:
            if self.rules.draw_until_fits and self._played == 0 and not self._has_play():
                drawn = 0
                while self._stock:
                    card = self._draw(mover)
                    drawn += 1
                    if self._card_has_play(card):
                        self._pending = card
                        return ((mover, drawn),)
                draws.append((mover, drawn))
            else:
                self._draw(mover)
                draws.append((mover, 1))
        idle = self._played == 0 and not self._drew
        self._idle = self._idle + 1 if idle else 0
        self._turn = (mover + 1) % self.players
        self._played = 0
        self._drew = False
        if self._idle >= self.players:
            self._over = "blocked"
            return tuple(draws)
        if self.rules.draw_timing is DrawTiming.START and self._stock:
            self._draw(self._turn)
            draws.append((self._turn, 1))
        return tuple(draws)

    def _card_has_play(self, card: Card) -> bool:
        return any(self._play_card_violation(card, target.index) is None for target in SPACES)

    def _has_play(self) -> bool:
        return any(self._card_has_play(card) for card in self._hands[self._turn])

    def _open_deal(self) -> None:
        """Start the first turn of a deal: dealt kings go to corners; draw-first rules draw."""
        empty_corners = iter(_CORNER_INDEXES)
        for source in _CROSS_INDEXES:
            pile = self._piles[source]
            if pile and pile[0].rank is Rank.KING:
                corner = next(empty_corners)
                self._piles[corner] = pile[:]
                pile.clear()
                self.opening.append(MovePile(SPACES[source], SPACES[corner]))
        if self.rules.draw_timing is DrawTiming.START and self._stock:
            self._draw(self._turn)

    def undo(self) -> Move:
        """Take back the last move and return it. Raises ``IndexError`` when there is none."""
        if not self._history:
            raise IndexError("there is no move to undo")
        record = self._history.pop()
        move = record.move
        mover = record.turn
        if isinstance(move, PlayCard):
            pile = self._piles[move.target.index]
            if record.kept_corner:
                pile[:] = self._kept[mover][-13:]
                del self._kept[mover][-13:]
            pile.pop()
            self._hands[mover].insert(record.hand_index, move.card)
        elif isinstance(move, MovePile):
            target = self._piles[move.target.index]
            if record.kept_corner:
                target[:] = self._kept[mover][-13:]
                del self._kept[mover][-13:]
            self._piles[move.source.index][:] = target[record.target_length :]
            del target[record.target_length :]
        else:
            for player, count in reversed(record.draws):
                hand = self._hands[player]
                for _ in range(count):
                    self._stock.append(hand.pop())
        self._turn, self._played, self._drew, self._idle = (
            record.turn,
            record.played,
            record.drew,
            record.idle,
        )
        self._pending, self._over, self._winner = record.pending, record.over, record.winner
        return move

    def copy(self) -> Game:
        """An independent copy, history included."""
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other._piles = [list(p) for p in self._piles]
        other._hands = [list(h) for h in self._hands]
        other._stock = list(self._stock)
        other._kept = [list(k) for k in self._kept]
        other._history = [dataclasses.replace(r) for r in self._history]
        other.opening = list(self.opening)
        return other

    def state_key(self) -> tuple[object, ...]:
        """A hashable key equal for two games in the same state (history aside)."""
        return (
            tuple(tuple(p) for p in self._piles),
            tuple(tuple(h) for h in self._hands),
            tuple(self._stock),
            tuple(tuple(k) for k in self._kept),
            self._turn,
            self._played,
            self._drew,
            self._idle,
            self._pending,
            self._over,
            self._winner,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.rules == other.rules and self.state_key() == other.state_key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Game.from_position({self.position()!r})"

    def _repr_html_(self) -> str:
        from .render import table_svg

        return table_svg(self)

    def _player_index(self, player: int | None) -> int:
        if player is None:
            return self._turn
        if not 1 <= player <= self.players:
            raise ValueError(f"there is no player P{player} (players are P1 to P{self.players})")
        return player - 1

    def history_games(self) -> Iterator[Game]:
        """Copies of the game before each move and after the last, oldest first."""
        game = self.copy()
        states = [game.copy()]
        for _ in range(len(self._history)):
            game.undo()
            states.append(game.copy())
        yield from reversed(states)


def fill_hidden(table: Table, rng: random.Random) -> Table:
    """``table`` with every ``?n`` hand and counted stock filled from the unseen cards."""
    known = {card for pile in table.piles for card in pile}
    for hand in table.hands:
        if not isinstance(hand, int):
            known.update(hand)
    if not isinstance(table.stock, int):
        known.update(table.stock)
    for kept in table.kept:
        known.update(kept)
    unseen = [card for card in DECK if card not in known]
    rng.shuffle(unseen)
    hands: list[list[Card] | int] = []
    for hand in table.hands:
        if isinstance(hand, int):
            hands.append(unseen[:hand])
            del unseen[:hand]
        else:
            hands.append(list(hand))
    stock = unseen if isinstance(table.stock, int) else list(table.stock)
    return Table(
        [list(p) for p in table.piles], hands, stock, table.turn, [list(k) for k in table.kept]
    )


def _rules_for(rules: Rules | None, players: int | None) -> Rules:
    if rules is None:
        return Rules(players=2 if players is None else players)
    if players is not None and players != rules.players:
        return rules.with_players(players)
    return rules


def _space(space: Space | str) -> Space:
    return Space.parse(space) if isinstance(space, str) else space


def _needed(top: Card) -> str:
    if top.rank is Rank.ACE:
        return "nothing goes on an ace"
    colour = "black" if top.red else "red"
    return f"the {top.rank.word} takes a {colour} {Rank(top.rank - 1).word}"


def moves_text(moves: Sequence[Move]) -> str:
    """Moves in notation separated by spaces."""
    return " ".join(map(str, moves))
