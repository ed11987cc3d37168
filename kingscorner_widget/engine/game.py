"""One hand of Kings in the Corner: the table, the hands, the stock, whose turn, and every rule.

:meth:`Game.violation` is the one place that says whether a move is legal and, if not, which rule
it breaks; :meth:`Game.legal_moves` lists the moves with the turn machine's generator
(:func:`.turns.moves`), and every rule option is asked of its compiled
:class:`~.turns.TurnRules`, as the play-outs and the searches ask it.

>>> line = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
>>> g = Game.from_position(line)
>>> [str(m) for m in g.legal_moves()]
['Th>N', 'Th>W', 'Ks>W', 'Ks>NE', 'Ks>SE', 'Ks>SW', 'Ks>NW', '4h>S', '4h>W', 'S>E', 'draw']
>>> g.play("Th>N")
>>> g.play("Th>E")
Traceback (most recent call last):
...
kingscorner_widget.IllegalMoveError: the ten of hearts (Th) is not in your hand
>>> g.position(player=1)
'N:JcTh E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:Ks4h P2:?7 stock:39 turn:P1'
"""

from __future__ import annotations

import datetime
import hashlib
import random
from collections.abc import Iterable
from typing import Literal, NamedTuple

from .cards import DECK, Card
from .errors import IllegalMoveError
from .kernel import IS_KING, KIND, TAKES, finishes_corner, misfit
from .moves import DRAW, PASS, EndTurn, Move, MovePile, PlayCard, parse_move
from .notation import Table, check_rules, format_position, parse_position
from .observation import Observation
from .outcome import Outcome
from .reasons import Reason
from .render import Picture, table_svg
from .rules import DEFAULT_PLAYERS, Rules
from .scoring import hand_penalty
from .spaces import CORNERS, CROSS, SPACES, Space
from .turns import Emitter, TurnRules, can_play, moves
from .words import listed, reason_words

__all__ = ["Game", "Outcome", "daily_seed"]

_CROSS_INDEXES = tuple(space.index for space in CROSS)
_CORNER_INDEXES = tuple(space.index for space in CORNERS)
# Every card play and pile move built once: moves are frozen, so the hot paths share them.
# The game holds its cards as the turn machine's integers (deck indexes, :mod:`.kernel`) and
# builds Card objects only where its public methods hand them out.
_PLAYS = tuple(tuple(PlayCard(card, space) for space in SPACES) for card in DECK)
_PILE_MOVES = tuple(tuple(MovePile(source, target) for target in SPACES) for source in SPACES)
_EMIT = Emitter(_PLAYS, _PILE_MOVES)
_IS_KING = IS_KING
_KIND = KIND
_TAKES = TAKES
_new = tuple.__new__


class _TurnState(NamedTuple):
    """Where the hand stands apart from where the cards lie: one frozen value, replaced by each
    move that changes it and saved whole with every move, so :meth:`Game.undo` restores it whole
    (as python-chess saves a ``_BoardState`` with each push)."""

    turn: int
    """The player to move, 0-based."""
    played: int
    """Cards the mover has played from hand this turn."""
    drew: bool
    """True once the mover has drawn this turn (draw first, or draw until it fits)."""
    idle: int
    """Turns in a row that ended with no card played and none drawn."""
    pending: Card | None
    """Draw until it fits: the drawn card that must be played before the turn can end."""
    over: Literal["out", "blocked"] | None
    """How the hand ended, or ``None`` while it goes on."""
    winner: int | None
    """The player (0-based) who went out, if any."""


_Undo = tuple[Move, _TurnState, int, bool, tuple[tuple[int, int], ...]]
"""What :meth:`Game.undo` needs to put one move back, a plain tuple (the hottest lines build
one with every move): the move; the turn's state before it; for a card play where the card was
in the hand, for a pile move the target's length before; whether it finished a corner that its
player kept (the corners version); for an end of turn the cards drawn, as ``(player, count)``
pairs in order."""


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
        self.rules = rules  # through the setter, which keeps the hot paths' flags
        self.seed = seed
        self._piles: list[list[int]] = [_indexes(pile) for pile in table.piles]
        self._hands: list[list[int]] = [_indexes(h) for h in table.hands if not isinstance(h, int)]
        self._stock: list[int] = [] if isinstance(table.stock, int) else _indexes(table.stock[::-1])
        self._kept: list[list[int]] = [_indexes(k) for k in table.kept]
        out = max((i for i, hand in enumerate(self._hands) if not hand), default=None)
        self._state = _TurnState(table.turn, 0, False, 0, None, None if out is None else "out", out)
        self._history: list[_Undo] = []
        self.start_position = format_position(table)
        """The position the game started from (before any dealt king moved), every card shown."""
        self.fresh_deal = fresh_deal
        """True when the game starts at a deal: dealt kings move to corners at the first turn."""
        self.opening: list[Move] = []
        """Moves made for P1 by the rules at the first turn: dealt kings going to corners."""
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

    @classmethod
    def from_observation(cls, observation: Observation, seed: int = 0) -> Game:
        """A complete game consistent with what one player sees: the hidden cards dealt from the
        unseen ones with a shuffle seeded by ``seed``.

        The turn's progress (cards played, a draw, a card that must be played, the turns in a row
        without a card played) is kept, so the game accepts the same moves the real one does and
        ends blocked when it would.

        >>> line = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
        >>> seen = Game.from_position(line).observation(1)
        >>> Game.from_observation(seen, seed=3).position(player=1) == line
        True
        """
        game = cls(fill_hidden(observation.table(), random.Random(seed)), observation.rules)
        state = game._state
        game._state = state._replace(
            played=observation.cards_played_this_turn,
            drew=observation.drew_this_turn,
            idle=observation.idle_turns,
            pending=observation.pending_card,
            over="blocked" if observation.over and state.over is None else state.over,
        )
        return game

    # -- reading the state ----------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The rules in force."""
        return self._rules

    @rules.setter
    def rules(self, rules: Rules) -> None:
        self._rules = rules
        turn = self._turn = TurnRules.of(rules)
        self._careful = turn.kings_first
        """True when no move is plainly legal: kings first asks the judge for every move."""
        self._corners = turn.keeps_corners
        self._waits = turn.cards_may_wait()
        """True when nothing but a pending card holds the turn open (see :meth:`legal_moves`)."""
        self._draws_at_end = turn.end_draws(1)
        """True when the end of the turn draws while the stock lasts."""

    @property
    def players(self) -> int:
        """The number of players."""
        return len(self._hands)

    @property
    def turn(self) -> int:
        """The player to move (1-based)."""
        return self._state.turn + 1

    def pile(self, space: Space | str) -> tuple[Card, ...]:
        """The cards on ``space``, bottom first."""
        return _cards(self._piles[_space(space).index])

    def piles(self) -> dict[Space, tuple[Card, ...]]:
        """Every pile by space, bottom card first."""
        return {space: _cards(self._piles[space.index]) for space in SPACES}

    def hand(self, player: int | None = None) -> tuple[Card, ...]:
        """A player's hand in the order held (default: the player to move)."""
        return _cards(self._hands[self._player_index(player)])

    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each player holds."""
        return tuple(len(hand) for hand in self._hands)

    @property
    def stock_size(self) -> int:
        """Cards left in the stock."""
        return len(self._stock)

    def kept(self, player: int) -> tuple[Card, ...]:
        """Corners version: the cards of the corner piles ``player`` has finished."""
        return _cards(self._kept[self._player_index(player)])

    @property
    def cards_played_this_turn(self) -> int:
        """Cards the player to move has played from hand this turn."""
        return self._state.played

    @property
    def drew_this_turn(self) -> bool:
        """True when the player to move has drawn this turn (draw first, or draw until it fits)."""
        return self._state.drew

    @property
    def idle_turns(self) -> int:
        """Turns in a row that ended with no card played and none drawn (a full round of them
        with the stock empty blocks the hand)."""
        return self._state.idle

    @property
    def pending_card(self) -> Card | None:
        """Draw until it fits: the drawn card that must be played before the turn can end."""
        return self._state.pending

    @property
    def moves(self) -> list[Move]:
        """Every move played so far (not counting :attr:`opening`), oldest first."""
        return [record[0] for record in self._history]

    def movers(self) -> list[int]:
        """For each move in :attr:`moves`, the player (1-based) who made it."""
        return [record[1].turn + 1 for record in self._history]

    def table(self, player: int | None = None) -> Table:
        """The table as :class:`Table`; with ``player``, other hands and the stock as counts."""
        viewer = None if player is None else self._player_index(player)
        hands: list[list[Card] | int] = [
            [DECK[c] for c in hand] if viewer is None or i == viewer else len(hand)
            for i, hand in enumerate(self._hands)
        ]
        stock: list[Card] | int = (
            [DECK[c] for c in reversed(self._stock)] if viewer is None else len(self._stock)
        )
        return Table(
            [[DECK[c] for c in p] for p in self._piles],
            hands,
            stock,
            self._state.turn,
            [[DECK[c] for c in k] for k in self._kept],
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
        return [card for card in DECK if card.index not in seen]

    def observation(self, player: int) -> Observation:
        """What ``player`` (1-based) sees now: the table, their hand, counts for the rest.

        >>> line = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
        >>> seen = Game.from_position(line).observation(1)
        >>> [str(c) for c in seen.hand], seen.hand_sizes, seen.stock_size
        (['Th', 'Ks', '4h'], (3, 7), 39)
        >>> seen.position() == line
        True
        """
        index = self._player_index(player)
        state = self._state
        mine = state.turn == index
        return Observation(
            player=player,
            rules=self.rules,
            piles=tuple(_cards(pile) for pile in self._piles),
            hand=_cards(self._hands[index]),
            hand_sizes=self.hand_sizes(),
            stock_size=len(self._stock),
            kept=tuple(_cards(kept) for kept in self._kept),
            turn=state.turn + 1,
            cards_played_this_turn=state.played,
            pending_card=state.pending if mine else None,
            legal_moves=tuple(self.legal_moves()) if mine else (),
            history=tuple((record[1].turn + 1, str(record[0])) for record in self._history),
            over=state.over is not None,
            idle_turns=state.idle,
            drew_this_turn=state.drew,
        )

    def is_over(self) -> bool:
        """True once a player has gone out or the hand is blocked."""
        return self._state.over is not None

    def outcome(self) -> Outcome | None:
        """How the hand ended, or ``None`` while it goes on."""
        state = self._state
        if state.over is None:
            return None
        count = self.rules.count
        penalties = tuple(hand_penalty(_cards(hand), count) for hand in self._hands)
        corners = tuple(len(kept) // 13 for kept in self._kept)
        if self._turn.counts_corners() and any(corners):
            best = max(corners)
            winners = tuple(i + 1 for i, c in enumerate(corners) if c == best)
        elif state.winner is not None:
            winners = (state.winner + 1,)
        else:
            winners = ()  # nobody wins a blocked hand: it is scored by the cards left
        went_out = None if state.winner is None else state.winner + 1
        return Outcome(state.over, went_out, winners, penalties, corners)

    # -- legality: the one judge ------------------------------------------------------------------

    def violation(self, move: Move | str) -> Reason | None:
        """Why ``move`` is illegal now, as a :class:`~.reasons.Reason` (a code with the cards and
        spaces involved), or ``None`` if it is legal. :func:`~.words.reason_words` says it.

        >>> g = Game.from_position(
        ...     "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
        ... )
        >>> reason = g.violation("Th>E")
        >>> reason.code, reason.cards(), reason.space
        ('rank', ('Th', '6h'), <Space.E: 'E'>)
        """
        if isinstance(move, str):
            try:
                move = parse_move(move)
            except ValueError as error:
                return Reason("unreadable", text=str(error))
        state = self._state
        if state.over is not None:
            return Reason("over", player=None if state.winner is None else state.winner + 1)
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
        state = self._state
        if state.over is not None:
            return []
        north, east, south, west, north_east, south_east, south_west, north_west = self._piles
        pending = state.pending
        found: list[Move] = moves(  # type: ignore[assignment]
            self._turn,
            self._hands[state.turn],
            (  # the top cards, spelled out: the hottest lines of the generator's callers
                north[-1] if north else -1,
                east[-1] if east else -1,
                south[-1] if south else -1,
                west[-1] if west else -1,
                north_east[-1] if north_east else -1,
                south_east[-1] if south_east else -1,
                south_west[-1] if south_west else -1,
                north_west[-1] if north_west else -1,
            ),
            (
                north[0] if north else -1,
                east[0] if east else -1,
                south[0] if south else -1,
                west[0] if west else -1,
            ),
            -1 if pending is None else pending.index,
            _EMIT,
        )
        end = DRAW if self._draws_at_end and self._stock else PASS
        if pending is None and self._waits:
            found.append(end)  # nothing but those options and a pending card holds the turn open
        elif self.violation(end) is None:
            found.append(end)
        return found

    def end_move(self) -> EndTurn:
        """The move that ends the turn under these rules now: ``draw``, or ``pass``."""
        if not self._turn.end_draws(len(self._stock)):
            return PASS
        return DRAW

    def _play_card_violation(self, card: Card, target: int) -> Reason | None:
        state = self._state
        hand = self._hands[state.turn]
        if card.index not in hand:
            return Reason("not_in_hand", card=card)
        if state.pending is not None and card != state.pending:
            return Reason("pending", card=state.pending)
        pile = self._piles[target]
        space = SPACES[target]
        king = _IS_KING[card.index]
        if pile:
            top = DECK[pile[-1]]
            if space.is_corner and king:
                return Reason("corner_taken", card=card, top=top, space=space)
            code = misfit(card.index, top.index)
            if code is not None:
                return Reason(code, card=card, top=top, space=space)
        elif space.is_corner and not king:
            return Reason("corner_needs_king", card=card, space=space)
        if self._careful and not (king and space.is_corner and not pile):
            return self._kings_first_violation()
        return None

    def _move_pile_violation(self, source: int, target: int) -> Reason | None:
        pending = self._state.pending
        if pending is not None:
            return Reason("pending", card=pending)
        source_space, target_space = SPACES[source], SPACES[target]
        if source_space.is_corner:
            return Reason("corner_fixed", source=source_space, space=target_space)
        moving = self._piles[source]
        if not moving:
            return Reason("empty_source", source=source_space, space=target_space)
        if source == target:
            return Reason("onto_itself", source=source_space, space=target_space)
        bottom = DECK[moving[0]]
        pile = self._piles[target]
        if pile:
            top = DECK[pile[-1]]
            if target_space.is_corner and _IS_KING[bottom.index]:
                return Reason(
                    "corner_taken", card=bottom, top=top, space=target_space, source=source_space
                )
            code = misfit(bottom.index, top.index)
            if code is not None:
                return Reason(
                    "on_ace" if code == "on_ace" else "pile_no_fit",
                    card=bottom,
                    top=top,
                    space=target_space,
                    source=source_space,
                )
        elif target_space.is_cross:
            return Reason("pile_into_space", card=bottom, space=target_space, source=source_space)
        elif not _IS_KING[bottom.index]:
            return Reason("corner_needs_king", card=bottom, space=target_space, source=source_space)
        if self._careful:
            return self._kings_first_violation()
        return None

    def _end_turn_violation(self, move: EndTurn) -> Reason | None:
        expected = self.end_move()
        if move is not expected and move != expected:
            if self._turn.start_draws(1):
                return Reason("end_with_pass_draw_first")
            return Reason("end_with_pass" if expected is PASS else "end_with_draw")
        pending = self._state.pending
        if pending is not None:
            return Reason("pending_end", card=pending)
        if self._careful and (reason := self._kings_first_violation()):
            return reason
        if self._turn.must_play:
            for index in self._hands[self._state.turn]:
                card = DECK[index]
                for target in SPACES:
                    if self._play_card_violation(card, target.index) is None:
                        pile = self._piles[target.index]
                        top = DECK[pile[-1]] if pile else None
                        return Reason("must_play", card=card, top=top, space=target)
        return None

    def _kings_first_violation(self) -> Reason | None:
        """Kings first: the reason a move other than a king into an empty corner is refused."""
        if any(not self._piles[i] for i in _CORNER_INDEXES):
            for card in self._hands[self._state.turn]:
                if _IS_KING[card]:
                    return Reason("kings_first", card=DECK[card])
        return None

    # -- playing ----------------------------------------------------------------------------------

    def play(self, move: Move | str) -> None:
        """Play ``move`` (a :data:`Move` or notation). An illegal move raises
        :class:`IllegalMoveError` naming the rule it breaks, and changes nothing."""
        if type(move) is PlayCard:
            if self._quick_card(move):
                return
        elif type(move) is MovePile:
            if self._quick_pile(move):
                return
        elif isinstance(move, str):
            try:
                move = parse_move(move)
            except ValueError as error:
                raise IllegalMoveError(str(error)) from None
        reason = self.violation(move)
        if reason is not None:
            raise IllegalMoveError(reason_words(reason), reason)
        self._apply(move)

    def _plainly_legal(self, move: Move) -> bool:
        """True when the quick check of :meth:`play` alone lets ``move`` through (asked by
        playing it the quick way and taking it back); ``False`` means "ask the judge"."""
        if type(move) is PlayCard:
            quick = self._quick_card(move)
        elif type(move) is MovePile:
            quick = self._quick_pile(move)
        else:
            return False
        if quick:
            self.undo()
        return quick

    def _quick_card(self, move: PlayCard) -> bool:
        """Play the usual card play at once when it is plainly legal (what the judge would
        accept too: the fast-path tests hold it to that over many seeded positions) and say so;
        ``False`` (nothing changed) means "ask the judge", who decides everything else."""
        state = self._state
        if state.over is not None or state.pending is not None or self._careful:
            return False
        card, target = move.card.index, move.target
        if type(target) is not Space:
            return False
        pile = self._piles[target.index]
        if pile:
            if _TAKES[pile[-1]] != _KIND[card]:
                return False
        elif not (target.index < 4 or _IS_KING[card]):
            return False
        mover = state.turn
        hand = self._hands[mover]
        try:
            place = hand.index(card)
        except ValueError:  # not in the mover's hand: the judge says so
            return False
        del hand[place]
        pile.append(card)
        kept = self._corners and self._keep_finished_corner(target, mover)
        # States and records built with tuple.__new__: the same values as calling the named
        # tuples, without their Python-level constructors (the hottest lines of the engine).
        values: tuple[object, ...]
        if hand:
            values = (mover, state.played + 1, state.drew, state.idle, None, None, state.winner)
        else:
            values = (mover, state.played + 1, state.drew, state.idle, None, "out", mover)
        self._state = _new(_TurnState, values)
        self._history.append((move, state, place, kept, ()))
        return True

    def _quick_pile(self, move: MovePile) -> bool:
        """:meth:`_quick_card` for a pile move."""
        state = self._state
        if state.over is not None or state.pending is not None or self._careful:
            return False
        source, target = move.source, move.target
        if type(source) is not Space or type(target) is not Space:
            return False
        moving = self._piles[source.index]
        if source.is_corner or source is target or not moving:
            return False
        pile = self._piles[target.index]
        length = len(pile)
        if length:
            if _TAKES[pile[-1]] != _KIND[moving[0]]:
                return False
        elif not (target.is_corner and _IS_KING[moving[0]]):
            return False
        pile += moving
        moving.clear()
        kept = self._corners and self._keep_finished_corner(target, state.turn)
        self._history.append((move, state, length, kept, ()))
        return True

    def _apply(self, move: Move) -> None:
        """Play a move the judge has accepted."""
        state = self._state
        mover = state.turn
        if isinstance(move, PlayCard):
            card, target = move.card.index, move.target
            hand = self._hands[mover]
            place = hand.index(card)
            del hand[place]
            self._piles[target.index].append(card)
            kept = self._corners and self._keep_finished_corner(target, mover)
            over, winner = (state.over, state.winner) if hand else ("out", mover)
            self._state = _TurnState(
                mover, state.played + 1, state.drew, state.idle, None, over, winner
            )
            self._history.append((move, state, place, kept, ()))
        elif isinstance(move, MovePile):
            source = self._piles[move.source.index]
            target_pile = self._piles[move.target.index]
            length = len(target_pile)
            target_pile.extend(source)
            source.clear()
            kept = self._corners and self._keep_finished_corner(move.target, mover)
            self._history.append((move, state, length, kept, ()))
        else:
            draws = self._end_turn()
            self._history.append((move, state, 0, False, draws))

    def _keep_finished_corner(self, space: Space, player: int) -> bool:
        pile = self._piles[space.index]
        if finishes_corner(space.index, pile[-1]):
            self._kept[player].extend(pile)
            pile.clear()
            return True
        return False

    def _draw(self, player: int) -> int:
        card = self._stock.pop()
        self._hands[player].append(card)
        return card

    def _end_turn(self) -> tuple[tuple[int, int], ...]:
        """Do the end-of-turn move; returns the cards drawn as ``(player, count)`` pairs."""
        state = self._state
        draws: list[tuple[int, int]] = []
        mover = state.turn
        drew = state.drew
        if self.end_move() is DRAW:
            if self._turn.draws_until_fits(state.played) and not self._has_play():
                drawn = 0
                while self._stock:
                    card = self._draw(mover)
                    drawn += 1
                    if self._card_has_play(card):
                        self._state = state._replace(drew=True, pending=DECK[card])
                        return ((mover, drawn),)
                draws.append((mover, drawn))
            else:
                self._draw(mover)
                draws.append((mover, 1))
            drew = True
        idle = state.idle + 1 if state.played == 0 and not drew else 0
        turn = (mover + 1) % self.players
        if idle >= self.players:
            self._state = _TurnState(turn, 0, False, idle, None, "blocked", state.winner)
            return tuple(draws)
        drew_next = self._turn.start_draws(len(self._stock))
        if drew_next:
            self._draw(turn)
            draws.append((turn, 1))
        self._state = _TurnState(turn, 0, drew_next, idle, None, state.over, state.winner)
        return tuple(draws)

    def _card_has_play(self, card: int) -> bool:
        return can_play(self._tops(), (card,))

    def _has_play(self) -> bool:
        return can_play(self._tops(), self._hands[self._state.turn])

    def _tops(self) -> list[int]:
        return [pile[-1] if pile else -1 for pile in self._piles]

    def _open_deal(self) -> None:
        """Start the first turn of a deal: dealt kings go to corners; draw-first rules draw."""
        empty_corners = iter(_CORNER_INDEXES)
        for source in _CROSS_INDEXES:
            pile = self._piles[source]
            if pile and _IS_KING[pile[0]]:
                corner = next(empty_corners)
                self._piles[corner] = pile[:]
                pile.clear()
                self.opening.append(MovePile(SPACES[source], SPACES[corner]))
        if self._turn.start_draws(len(self._stock)):
            self._draw(self._state.turn)
            self._state = self._state._replace(drew=True)

    def undo(self) -> Move:
        """Take back the last move and return it. Raises ``IndexError`` when there is none."""
        try:
            move, state, place, kept_corner, draws = self._history.pop()
        except IndexError:
            raise IndexError("there is no move to undo") from None
        mover = state.turn
        if type(move) is PlayCard:
            pile = self._piles[move.target.index]
            if kept_corner:
                pile[:] = self._kept[mover][-13:]
                del self._kept[mover][-13:]
            self._hands[mover].insert(place, pile.pop())
        elif type(move) is MovePile:
            target = self._piles[move.target.index]
            if kept_corner:
                target[:] = self._kept[mover][-13:]
                del self._kept[mover][-13:]
            self._piles[move.source.index][:] = target[place:]
            del target[place:]
        else:
            for player, count in reversed(draws):
                hand = self._hands[player]
                for _ in range(count):
                    self._stock.append(hand.pop())
        self._state = state
        return move

    def copy(self) -> Game:
        """An independent copy, history included."""
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other._piles = [list(p) for p in self._piles]
        other._hands = [list(h) for h in self._hands]
        other._stock = list(self._stock)
        other._kept = [list(k) for k in self._kept]
        other._history = list(self._history)
        other.opening = list(self.opening)
        return other

    def state_key(self) -> tuple[object, ...]:
        """A hashable key equal for two games in the same state (history aside)."""
        return (
            tuple(tuple(p) for p in self._piles),
            tuple(tuple(h) for h in self._hands),
            tuple(self._stock),
            tuple(tuple(k) for k in self._kept),
            self._state,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.rules == other.rules and self.state_key() == other.state_key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Game.from_position({self.position()!r})"

    def _repr_svg_(self) -> str:
        """The table as a picture (everything shown, the mover's hand fanned): a game shown in a
        notebook draws itself."""
        return table_svg(self.table())

    def _repr_html_(self) -> str:
        """The same picture as an ``<img>`` (an SVG data URI): an untrusted notebook, which does
        not draw ``image/svg+xml`` and strips inline SVG from HTML, still shows it."""
        return Picture(self._repr_svg_(), self.position(player=self.turn))._repr_html_()

    def _player_index(self, player: int | None) -> int:
        if player is None:
            return self._state.turn
        if not 1 <= player <= self.players:
            raise ValueError(
                f"there is no player P{player} (the players are "
                f"{listed([f'P{p}' for p in range(1, self.players + 1)])})"
            )
        return player - 1


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
        return Rules(players=DEFAULT_PLAYERS if players is None else players)
    if players is not None and players != rules.players:
        return rules.with_players(players)
    return rules


def _indexes(cards: Iterable[Card]) -> list[int]:
    """Cards as the deck indexes the game holds."""
    return [card.index for card in cards]


def _cards(indexes: Iterable[int]) -> tuple[Card, ...]:
    """Deck indexes as the cards the public methods hand out."""
    return tuple([DECK[index] for index in indexes])


def _space(space: Space | str) -> Space:
    return Space.parse(space) if isinstance(space, str) else space
