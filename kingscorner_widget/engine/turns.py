"""The turn machine: what a turn may do, decided once, on cards as small integers.

Beside the kernel (:mod:`.kernel`, what fits what), this module says what a turn may do under
the rules in force: the rule options are compiled once into a :class:`TurnRules` (python-chess's
model: one move generator, each variant a hook it asks), and :func:`moves` lists every legal
card play and pile move on a table given as top cards. The :class:`~.game.Game` lists its moves
with it and asks its gates; the play-outs and the turn search run on its lean
:class:`TurnState` directly (:func:`apply`, :func:`end_turn`); the solver asks it whether only
kings may go, whether the turn may end and whether a corner is finished. No module outside
``engine/`` reads a turn option (a test reads the code to hold that).

A move is a :data:`Step`, ``(card, source, target)``: a card from hand (source -1) onto pile
``target``, or the side pile ``source`` (card -1) onto pile ``target``; piles in
:data:`~.spaces.SPACES` order (0-3 the side spaces, 4-7 the corners), cards as deck indexes.

>>> from .cards import Card
>>> turn = TurnRules.of(Rules(kings_first=True))
>>> king, four = Card.parse("Ks").index, Card.parse("4h").index
>>> tops = [Card.parse(t).index for t in ("Jc", "6h", "5s")] + [-1] * 5
>>> moves(turn, [king, four], tops, [tops[0], tops[1], tops[2], -1], -1)  # kings first
[(51, -1, 4), (51, -1, 5), (51, -1, 6), (51, -1, 7)]
>>> turn.may_end(pending=False, kings_only=True, can_play=True)
False
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Protocol

from .cards import DECK, Card
from .kernel import (
    CORNER_SPACES,
    CROSS_SPACES,
    IS_ACE_KIND,
    IS_KING,
    KIND,
    KIND_CARD,
    KINDS,
    KING_KINDS,
    TAKES,
    finishes_corner,
    has_king,
)
from .notation import Table
from .rules import DrawTiming, Rules

__all__ = [
    "MAX_MOVES",
    "STEPS",
    "STEP_PILES",
    "STEP_PLAYS",
    "Emitter",
    "Step",
    "TurnRules",
    "TurnState",
    "Whole",
    "apply",
    "can_play",
    "end_turn",
    "merged_moves",
    "move_pile",
    "moves",
    "put",
]

Step = tuple[int, int, int]
"""A move as ``(card, source, target)`` (see the module)."""
STEP_PLAYS: tuple[tuple[Step, ...], ...] = tuple(
    tuple((card, -1, target) for target in range(8)) for card in range(52)
)
"""Every card play as a step, by card index then target, built once (:func:`moves` emits them)."""
STEP_PILES: tuple[tuple[Step, ...], ...] = tuple(
    tuple((-1, source, target) for target in range(8)) for source in range(8)
)
"""Every pile move as a step, by source then target, built once."""
MAX_MOVES = 20_000
"""A play-out that makes more moves than this is a bug; it raises rather than loops."""
_CORNERS = CORNER_SPACES
_BIT = tuple(1 << index for index in range(8))
_NOT_BIT = tuple(~bit for bit in _BIT)
_CROSS = CROSS_SPACES


class TurnRules:
    """The rule options a turn reads, compiled once from :class:`~.rules.Rules`, and the
    turn-level gates every caller asks: :meth:`kings_only`, :meth:`may_end`, :meth:`finishes`,
    :meth:`end_draws`, :meth:`cards_decide`. The options themselves are the engine's to read.

    >>> turn = TurnRules.of(Rules(must_play=True))
    >>> turn.may_end(pending=False, kings_only=False, can_play=True)
    False
    >>> TurnRules.of(Rules()) is TurnRules.of(Rules())  # compiled once per set of rules
    True
    """

    __slots__ = (
        "draw_at_end",
        "keeps_corners",
        "kings_first",
        "must_play",
        "penalty",
        "players",
        "points",
        "rules",
        "until_fits",
    )

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        """The rules compiled."""
        self.players = rules.players
        self.draw_at_end = rules.draw_timing is DrawTiming.END
        self.kings_first = rules.kings_first
        self.must_play = rules.must_play
        self.until_fits = rules.draw_until_fits
        self.keeps_corners = rules.corners_version
        self.penalty = tuple(rules.count.value_of(card) for card in DECK)
        """What each card (by index) left in hand costs."""
        self.points = tuple(self.penalty[KIND_CARD[k]] for k in range(KINDS))
        """What each kind of card left in hand costs."""

    @staticmethod
    @functools.cache
    def of(rules: Rules) -> TurnRules:
        """The compiled rules for ``rules`` (one per set of rules: they are frozen)."""
        return TurnRules(rules)

    def kings_only(self, holds_king: bool, corner_open: bool) -> bool:
        """True when only a king into an empty corner may be played now (kings first, a king
        held and a corner empty); the turn cannot end then either."""
        return self.kings_first and holds_king and corner_open

    def may_end(self, *, pending: bool, kings_only: bool, can_play: bool) -> bool:
        """True when the turn may end: no drawn card waits to be played, kings first does not
        hold it open, and under must play no card can be played (``can_play``)."""
        return not pending and not kings_only and not (self.must_play and can_play)

    def finishes(self, target: int, top: int) -> bool:
        """True when ``top`` just put on pile ``target`` finishes a corner that its player keeps
        (the corners version)."""
        return self.keeps_corners and finishes_corner(target, top)

    def finishes_kind(self, top_kind: int) -> bool:
        """:meth:`finishes` for a corner pile whose top is now of kind ``top_kind``."""
        return self.keeps_corners and IS_ACE_KIND[top_kind]

    def counts_corners(self) -> bool:
        """True when finished corners leave the table and decide the hand (the corners
        version): what a turn's value and the bounds on it count."""
        return self.keeps_corners

    def cards_may_wait(self) -> bool:
        """True when a card that could be played may stay in hand at the end of a turn (neither
        must play nor kings first holds the turn open for it)."""
        return not self.must_play and not self.kings_first

    def cards_decide(self, pending: bool) -> bool:
        """True when what the mover may do turns on the cards they hold, not on the table alone:
        kings first or must play, or a drawn card waits to be played (``pending``). A face-down
        hand's moves cannot then be offered or judged without giving its cards away.

        >>> TurnRules.of(Rules()).cards_decide(pending=False)
        False
        >>> TurnRules.of(Rules(must_play=True)).cards_decide(pending=False)
        True
        """
        return self.kings_first or self.must_play or pending

    def end_draws(self, stock: int) -> bool:
        """True when the end of the turn draws (with ``stock`` cards left): ``draw`` ends it."""
        return self.draw_at_end and stock > 0

    def start_draws(self, stock: int) -> bool:
        """True when a turn starts with a draw (with ``stock`` cards left)."""
        return not self.draw_at_end and stock > 0

    def draws_until_fits(self, played: int) -> bool:
        """True when the end-of-turn draw goes on until a card fits (draw until it fits, no card
        played this turn); a record's draw may then have taken any number of cards."""
        return self.until_fits and played == 0


class Emitter:
    """What :func:`moves` emits for each card play and pile move (``plays[card][target]``,
    ``piles[source][target]``: steps, or the :class:`~.game.Game`'s move objects), and, built as
    they are first asked for, the plays of each card (and the moves of each pile) onto each set
    of targets in space order, so the generator adds them in one step."""

    __slots__ = ("by_targets", "pile_targets", "piles", "plays")

    def __init__(
        self, plays: Sequence[Sequence[object]], piles: Sequence[Sequence[object]]
    ) -> None:
        self.plays = plays
        self.piles = piles
        self.by_targets: list[dict[int, tuple[object, ...]]] = [{} for _ in plays]
        """For each card, its plays by the bit set of their targets (bit ``i`` for pile ``i``)."""
        self.pile_targets: list[dict[int, tuple[object, ...]]] = [{} for _ in piles]
        """For each source pile, its moves by the bit set of their targets."""

    def card(self, card: int, targets: int) -> tuple[object, ...]:
        """The plays of ``card`` onto each pile whose bit is set in ``targets``, in space order."""
        row = self.plays[card]
        found = self.by_targets[card][targets] = tuple(
            row[target] for target in range(8) if targets >> target & 1
        )
        return found

    def pile(self, source: int, targets: int) -> tuple[object, ...]:
        """The moves of pile ``source`` onto each pile whose bit is set in ``targets``, in space
        order."""
        row = self.piles[source]
        found = self.pile_targets[source][targets] = tuple(
            row[target] for target in range(8) if targets >> target & 1
        )
        return found


STEPS = Emitter(STEP_PLAYS, STEP_PILES)
"""The emitter of steps."""


@functools.lru_cache(maxsize=1 << 16)
def _targets(tops: tuple[int, ...], merged: bool) -> tuple[tuple[int, ...], int, int]:
    """What a table with these eight top cards offers, as bit sets of piles (bit ``i`` for pile
    ``i``): by the kind of card that moves, the piles it may go on (those whose top takes it
    and, a king, the empty corners); the empty side spaces; the empty corners. ``merged`` keeps
    one empty side space and one empty corner (the first of each: they play alike). Tables
    recur within a turn, so each is worked out once."""
    wanted = [0] * (KINDS + 1)
    cross = corners = 0
    for index, top in enumerate(tops):
        if top >= 0:
            wanted[TAKES[top]] |= _BIT[index]
        elif index < 4:
            cross |= _BIT[index]
        else:
            corners |= _BIT[index]
    del wanted[KINDS]  # what an ace's top takes: nothing
    if merged:
        cross &= -cross  # the lowest bit: the first empty space of each kind
        corners &= -corners
    if corners:
        for king in KING_KINDS:
            wanted[king] |= corners
    return tuple(wanted), cross, corners


def moves(
    turn: TurnRules,
    cards: Sequence[int],
    tops: Sequence[int],
    bottoms: Sequence[int],
    pending: int,
    emit: Emitter = STEPS,
    merged: bool = False,
) -> list[object]:
    """Every legal card play and pile move (the end of the turn aside): the one move generator.

    ``cards`` are the mover's (the hand, or one per kind), ``tops`` the eight piles' top cards and
    ``bottoms`` the side piles' bottom cards (-1 when empty), ``pending`` a drawn card that must
    be played (-1 for none). Card plays come in the order of ``cards`` (targets in space order),
    then pile moves by source then target, as ``emit`` gives them (steps unless told: the
    :class:`~.game.Game` passes its move objects). ``merged`` tries one empty corner and one
    empty side space (they play alike).
    """
    wanted, cross, corners = _targets(tuple(tops), merged)
    by_targets = emit.by_targets
    make = emit.card
    if corners and turn.kings_first and has_king(cards):  # a king held: only kings go
        if pending >= 0:  # and of them only the drawn card, if it is one
            cards = (pending,)
        return [
            play
            for c in cards
            if IS_KING[c]
            for play in by_targets[c].get(corners) or make(c, corners)
        ]
    if pending >= 0:
        cards = (pending,)
    out: list[object] = []
    for card in cards:
        targets = wanted[KIND[card]] | cross
        if targets:
            out += by_targets[card].get(targets) or make(card, targets)
    if pending < 0:
        pile_targets = emit.pile_targets
        for source in _CROSS:
            bottom = bottoms[source]
            if bottom >= 0:
                targets = wanted[KIND[bottom]] & _NOT_BIT[source]
                if targets:
                    out += pile_targets[source].get(targets) or emit.pile(source, targets)
    return out


_ORDER = {(True, True, True): 0, (False, True, True): 1, (True, False, False): 2}
"""The turn search's order of merged moves by (from hand, onto an empty pile, a corner): kings
into a corner, king-headed piles into one, cards onto piles, piles onto piles (3), cards into a
side space (4)."""


def merged_moves(
    turn: TurnRules, hand: Sequence[int], tops: Sequence[int], bottoms: Sequence[int], pending: int
) -> list[Step]:
    """:func:`moves`, one per merged class (cards of one rank and colour alike, empty corners
    alike, empty side spaces alike), greedy play's first choice first: the turn search's list.

    >>> from .cards import Card
    >>> tops = [Card.parse("Jc").index, -1, -1, -1, -1, -1, -1, -1]
    >>> hand = [Card.parse(t).index for t in ("Th", "Td", "Ks")]
    >>> steps = merged_moves(TurnRules.of(Rules()), hand, tops, tops[:4], -1)
    >>> [f"{DECK[card]}>{target}" for card, _, target in steps]
    ['Ks>4', 'Td>0', 'Ks>1', 'Td>1']
    """
    cards = sorted({KIND[c]: c for c in hand}.values(), reverse=True)
    steps: list[Step] = moves(turn, cards, tops, bottoms, pending, merged=True)  # type: ignore[assignment]
    order = _ORDER

    def rank(step: Step) -> int:
        empty = tops[step[2]] < 0
        return order.get((step[1] < 0, empty, step[2] >= 4), 3 if step[1] >= 0 else 4)

    steps.sort(key=rank)
    return steps


def can_play(tops: Sequence[int], cards: Sequence[int]) -> bool:
    """True when one of ``cards`` could be played on this table (kings first cannot forbid them
    all: a king into an empty corner is always allowed)."""
    if cards and (tops[0] < 0 or tops[1] < 0 or tops[2] < 0 or tops[3] < 0):
        return True
    corner_open = tops[4] < 0 or tops[5] < 0 or tops[6] < 0 or tops[7] < 0
    wanted = {TAKES[t] for t in tops}
    return any((corner_open and IS_KING[c]) or KIND[c] in wanted for c in cards)


class Whole(Protocol):
    """A hand with every card known, as :meth:`TurnState.from_game` reads it (a
    :class:`~.game.Game`)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def pending_card(self) -> Card | None: ...
    @property
    def cards_played_this_turn(self) -> int: ...
    @property
    def drew_this_turn(self) -> bool: ...
    @property
    def idle_turns(self) -> int: ...
    def table(self, player: int | None = None) -> Table: ...


class TurnState:
    """A hand in progress, reduced to what a turn needs: each pile as its top card (and, for the
    side piles, its bottom card, the one a pile move needs), the hands, the stock, whose turn it
    is and the few counters the rules read. Cheap to build and to copy; players are 0-based.

    ``tops[i]`` is the top card of pile ``i`` in :data:`~.spaces.SPACES` order (-1 when empty)
    and ``bottoms[i]`` the bottom card of side pile ``i`` (0-3).
    """

    __slots__ = (
        "bottoms",
        "drew",
        "hands",
        "idle",
        "kept",
        "moves",
        "over",
        "pending",
        "played",
        "rules",
        "stock",
        "tops",
        "turn",
        "winner",
    )

    def __init__(
        self,
        rules: TurnRules,
        tops: list[int],
        bottoms: list[int],
        hands: list[list[int]],
        stock: list[int],
        turn: int,
        *,
        kept: list[int] | None = None,
        played: int = 0,
        drew: bool = False,
        idle: int = 0,
        pending: int = -1,
    ) -> None:
        self.rules = rules
        self.tops = tops
        self.bottoms = bottoms
        self.hands = hands
        self.stock = stock
        """The stock, top card last (drawing pops it)."""
        self.turn = turn
        self.kept = kept if kept is not None else [0] * len(hands)
        """Corners version: corners each player has finished."""
        self.played = played
        self.drew = drew
        self.idle = idle
        self.pending = pending
        """Draw until it fits: the drawn card that must be played next, or -1."""
        self.over: str | None = None
        """``"out"`` or ``"blocked"`` once the hand has ended."""
        self.winner = -1
        """The player who went out, or -1."""
        self.moves = 0
        for i, hand in enumerate(hands):
            if not hand:
                self.over, self.winner = "out", i

    @classmethod
    def from_piles(
        cls,
        rules: TurnRules,
        piles: Sequence[Sequence[Card]],
        hands: Sequence[Sequence[Card]],
        stock_top_first: Sequence[Card],
        turn: int,
        **counters: int | bool,
    ) -> TurnState:
        """A state from whole piles (bottom first), hands and the stock (top first)."""
        tops = [pile[-1].index if pile else -1 for pile in piles]
        bottoms = [pile[0].index if pile else -1 for pile in piles[:4]]
        return cls(
            rules,
            tops,
            bottoms,
            [[card.index for card in hand] for hand in hands],
            [card.index for card in reversed(stock_top_first)],
            turn,
            **counters,  # type: ignore[arg-type]
        )

    @classmethod
    def from_game(cls, game: Whole) -> TurnState:
        """The state of a whole game (every card known), at the move it has reached."""
        table = game.table()
        pending = game.pending_card
        return cls.from_piles(
            TurnRules.of(game.rules),
            table.piles,
            [hand for hand in table.hands if not isinstance(hand, int)],
            [] if isinstance(table.stock, int) else table.stock,
            table.turn,
            kept=[len(k) // 13 for k in table.kept],  # type: ignore[arg-type]
            played=game.cards_played_this_turn,
            drew=game.drew_this_turn,
            idle=game.idle_turns,
            pending=-1 if pending is None else pending.index,
        )

    def legal(self) -> list[Step]:
        """Every legal card play and pile move of the player to move (:func:`moves`)."""
        if self.over is not None:
            return []
        return moves(  # type: ignore[return-value]
            self.rules, self.hands[self.turn], self.tops, self.bottoms, self.pending
        )

    def may_end(self) -> bool:
        """True when the player to move may end the turn now."""
        hand = self.hands[self.turn]
        tops = self.tops
        rules = self.rules
        corner_open = tops[4] < 0 or tops[5] < 0 or tops[6] < 0 or tops[7] < 0
        return self.over is None and rules.may_end(
            pending=self.pending >= 0,
            kings_only=rules.kings_only(has_king(hand), corner_open),
            can_play=rules.must_play and can_play(tops, hand),
        )

    def penalties(self) -> tuple[int, ...]:
        """Each player's count of cards left under the rules' count."""
        value = self.rules.penalty
        return tuple(sum(value[c] for c in hand) for hand in self.hands)

    def winners(self) -> tuple[int, ...]:
        """The winning players (1-based) of a finished hand, as the engine decides them."""
        if self.rules.keeps_corners and any(self.kept):
            best = max(self.kept)
            return tuple(i + 1 for i, k in enumerate(self.kept) if k == best)
        if self.over == "out":
            return (self.winner + 1,)
        return ()  # nobody wins a blocked hand: it is scored by the cards left


def put(state: TurnState, hand: list[int], card: int, target: int) -> None:
    """Play ``card`` from ``hand`` (the mover's) onto pile ``target``."""
    hand.remove(card)
    tops = state.tops
    if target < 4 and tops[target] < 0:
        state.bottoms[target] = card
    tops[target] = card
    state.played += 1
    state.pending = -1
    state.moves += 1
    if state.rules.keeps_corners and finishes_corner(target, card):
        state.kept[state.turn] += 1
        tops[target] = -1
    if not hand:
        state.over, state.winner = "out", state.turn


def move_pile(state: TurnState, source: int, target: int) -> None:
    """Move the side pile ``source`` onto pile ``target``."""
    tops = state.tops
    tops[target] = tops[source]
    tops[source] = state.bottoms[source] = -1
    state.moves += 1
    if state.rules.keeps_corners and finishes_corner(target, tops[target]):
        state.kept[state.turn] += 1
        tops[target] = -1


def apply(state: TurnState, step: Step) -> None:
    """Play a card play or pile move :func:`moves` allows (the end of the turn is
    :func:`end_turn`)."""
    card, source, target = step
    if source < 0:
        put(state, state.hands[state.turn], card, target)
    else:
        move_pile(state, source, target)


def end_turn(state: TurnState) -> None:
    """The end-of-turn move, as the engine plays it (draws, the blocked hand, the next turn)."""
    rules = state.rules
    mover = state.turn
    stock = state.stock
    state.moves += 1
    if rules.draw_at_end and stock:
        hand = state.hands[mover]
        if rules.until_fits and state.played == 0 and not can_play(state.tops, hand):
            while stock:
                card = stock.pop()
                hand.append(card)
                state.drew = True
                if can_play(state.tops, (card,)):
                    state.pending = card
                    return
        else:
            hand.append(stock.pop())
            state.drew = True
    state.idle = state.idle + 1 if state.played == 0 and not state.drew else 0
    state.turn = (mover + 1) % rules.players
    state.played = 0
    state.drew = False
    if state.idle >= rules.players:
        state.over = "blocked"
        return
    if not rules.draw_at_end and stock:
        state.hands[state.turn].append(stock.pop())
        state.drew = True
