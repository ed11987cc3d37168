"""A lean play-out state, and greedy play from it to the end of the hand.

The expert player (:mod:`.expert`) plays thousands of hands to their end for every decision, so this
module keeps only what later play can use: cards as deck indexes (0-51, :attr:`Card.index
<kingscorner_widget.engine.cards.Card.index>`), each pile as its top card (and, for the side piles,
its bottom card, the one a pile move needs), the hands, the stock, whose turn it is and the few
counters the rules read. Every rule option is honoured: the draw at the start or the end of the
turn, must play, kings first, draw until it fits, the three counts, the corners version and the
blocked hand.

The greedy policy is :func:`greedy_step`, the one definition of greedy play's order, which
:class:`~kingscorner_widget.analysis.players.GreedyPlayer` follows too (the tests check whole
play-outs against greedy players through the engine).

>>> from kingscorner_widget import Game
>>> game = Game.new(players=2, seed=8)
>>> state = PlayoutState.from_game(game)
>>> play_to_end(state)
>>> state.over, state.winners(), state.penalties()
('out', (1,), (0, 11))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ...engine.cards import DECK, Card
from ...engine.kernel import (
    CORNER_SPACES,
    CROSS_SPACES,
    IS_KING,
    KIND,
    TAKES,
    finishes_corner,
    first_highest,
    has_king,
)
from ...engine.rules import DrawTiming, Rules

if TYPE_CHECKING:
    from ...engine.game import Game

__all__ = [
    "PlayoutRules",
    "PlayoutState",
    "Step",
    "StepPolicy",
    "end_turn",
    "greedy_step",
    "play_to_end",
    "play_turn",
]

KEY = KIND
"""Rank and colour of each card as one number (the kernel's kind): cards with the same key play
alike."""
WANT = TAKES
"""The key of the cards that go on each card (one rank lower, other colour); -1 on an ace, and
at index -1 (an empty pile takes no card on top)."""
_BACKWARDS = (7, 6, 5, 4, 3, 2, 1, 0)
_CORNERS = CORNER_SPACES
_CROSS = CROSS_SPACES
MAX_MOVES = 20_000
"""A play-out that makes more moves than this is a bug; it raises rather than loops."""


class PlayoutRules:
    """The rule options a play-out reads, flattened for speed."""

    __slots__ = (
        "corners",
        "draw_at_end",
        "kings_first",
        "must_play",
        "penalty",
        "players",
        "until_fits",
    )

    def __init__(self, rules: Rules) -> None:
        self.players = rules.players
        self.draw_at_end = rules.draw_timing is DrawTiming.END
        self.kings_first = rules.kings_first
        self.must_play = rules.must_play
        self.until_fits = rules.draw_until_fits
        self.corners = rules.corners_version
        self.penalty = tuple(rules.count.value_of(card) for card in DECK)
        # Greedy play never ends a turn while a card can go, so only the turn search
        # (:mod:`.turn_search`) reads must play.


class PlayoutState:
    """A hand in progress, reduced to what greedy play needs. Cheap to build and to copy.

    ``tops[i]`` is the top card of pile ``i`` in
    :data:`~kingscorner_widget.engine.spaces.SPACES` order (-1 when empty) and ``bottoms[i]`` the
    bottom card of side pile ``i`` (0-3). Players are 0-based here.
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
        rules: PlayoutRules,
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
        rules: PlayoutRules,
        piles: Sequence[Sequence[Card]],
        hands: Sequence[Sequence[Card]],
        stock_top_first: Sequence[Card],
        turn: int,
        **counters: int | bool,
    ) -> PlayoutState:
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
    def from_game(cls, game: Game) -> PlayoutState:
        """The state of a whole game (every card known), at the move it has reached."""
        table = game.table()
        observation = game.observation(game.turn)
        pending = game.pending_card
        return cls.from_piles(
            PlayoutRules(game.rules),
            table.piles,
            [hand for hand in table.hands if not isinstance(hand, int)],
            [] if isinstance(table.stock, int) else table.stock,
            table.turn,
            kept=[len(k) // 13 for k in table.kept],  # type: ignore[arg-type]
            played=game.cards_played_this_turn,
            drew=observation.drew_this_turn,
            idle=observation.idle_turns,
            pending=-1 if pending is None else pending.index,
        )

    def penalties(self) -> tuple[int, ...]:
        """Each player's count of cards left under the rules' count."""
        value = self.rules.penalty
        return tuple(sum(value[c] for c in hand) for hand in self.hands)

    def winners(self) -> tuple[int, ...]:
        """The winning players (1-based) of a finished hand, as the engine decides them."""
        if self.rules.corners and any(self.kept):
            best = max(self.kept)
            return tuple(i + 1 for i, k in enumerate(self.kept) if k == best)
        if self.over == "out":
            return (self.winner + 1,)
        return ()  # nobody wins a blocked hand


def _put(state: PlayoutState, hand: list[int], card: int, target: int) -> None:
    """Play ``card`` from ``hand`` onto pile ``target``."""
    hand.remove(card)
    tops = state.tops
    if target < 4 and tops[target] < 0:
        state.bottoms[target] = card
    tops[target] = card
    state.played += 1
    state.pending = -1
    state.moves += 1
    if state.rules.corners and finishes_corner(target, card):
        state.kept[state.turn] += 1
        tops[target] = -1
    if not hand:
        state.over, state.winner = "out", state.turn


def _move_pile(state: PlayoutState, source: int, target: int) -> None:
    tops = state.tops
    tops[target] = tops[source]
    tops[source] = state.bottoms[source] = -1
    state.moves += 1
    if state.rules.corners and finishes_corner(target, tops[target]):
        state.kept[state.turn] += 1
        tops[target] = -1


Step = tuple[int, int, int]
"""A move as ``(card, source, target)``: a card from hand (source -1) onto pile ``target``, or
the side pile ``source`` (card -1) onto pile ``target``; piles in
:data:`~kingscorner_widget.engine.spaces.SPACES` order."""


def greedy_step(hand: list[int], tops: list[int], bottoms: list[int], pending: int) -> Step | None:
    """Greedy play's next move from this table, or ``None`` to end the turn: the one definition
    of its order, which the play-outs and
    :class:`~kingscorner_widget.analysis.players.GreedyPlayer` both follow.

    In order: a king into the first empty corner (the first king held); a pile headed by a king
    into it; the highest card that goes on a pile (the first held among equals, onto the first
    pile in space order that takes it); a side pile moved onto another (the first that fits);
    the highest card into the first empty side space; else end the turn. A drawn card that must
    be played (``pending``, -1 for none) is the only card it considers, and no pile moves then.

    >>> greedy_step([9, 50], [-1, 0, 1, 2, -1, -1, -1, -1], [-1, 0, 1, 2], -1)
    (50, -1, 4)
    """
    cards = hand if pending < 0 else [pending]
    if tops[4] < 0 or tops[5] < 0 or tops[6] < 0 or tops[7] < 0:
        corner = tops.index(-1, 4)
        if has_king(cards):
            for king in cards:
                if IS_KING[king]:
                    return king, -1, corner
        if pending < 0 and has_king(bottoms):
            for source in _CROSS:
                if IS_KING[bottoms[source]]:
                    return -1, source, corner
    # The first pile (in space order) whose top takes each kind of card.
    wanted = dict(zip(map(WANT.__getitem__, reversed(tops)), _BACKWARDS, strict=True))
    key = KEY
    fits = [c for c in cards if key[c] in wanted]
    if fits:
        # The highest card that fits, the first held among equals.
        best = fits[0] if len(fits) == 1 else first_highest(fits)
        return best, -1, wanted[key[best]]
    if pending < 0:
        for source in _CROSS:
            b = bottoms[source]
            if b >= 0:
                target = wanted.get(key[b], -1)
                if target >= 0:
                    return -1, source, target
    if -1 in bottoms:
        return first_highest(cards), -1, bottoms.index(-1)
    return None


StepPolicy = Callable[[list[int], list[int], list[int], int], Step | None]
"""A way of choosing the next move, called as :func:`greedy_step` is."""


def play_turn(state: PlayoutState, step_policy: StepPolicy = greedy_step) -> None:
    """Moves chosen by ``step_policy`` (greedy play unless told) for the player to move until it
    ends the turn or they go out; not the end of the turn. A policy must choose moves the rules
    allow (the strategy benchmarks build theirs on greedy play)."""
    hand = state.hands[state.turn]
    limit = state.moves + MAX_MOVES
    while state.over is None:
        if state.moves > limit:  # pragma: no cover - the rules end every hand
            raise RuntimeError(f"a play-out made more than {MAX_MOVES} moves in one turn")
        step = step_policy(hand, state.tops, state.bottoms, state.pending)
        if step is None:
            return
        card, source, target = step
        if source < 0:
            _put(state, hand, card, target)
        else:
            _move_pile(state, source, target)


def _has_play(state: PlayoutState, cards: Sequence[int]) -> bool:
    """True when one of ``cards`` could be played now (kings first cannot forbid them all)."""
    tops = state.tops
    if any(tops[i] < 0 for i in _CROSS) and cards:
        return True
    corner_open = any(tops[i] < 0 for i in _CORNERS)
    wanted = {WANT[t] for t in tops}
    return any((corner_open and IS_KING[c]) or KEY[c] in wanted for c in cards)


def end_turn(state: PlayoutState) -> None:
    """The end-of-turn move, as the engine plays it (draws, the blocked hand, the next turn)."""
    rules = state.rules
    mover = state.turn
    stock = state.stock
    state.moves += 1
    if rules.draw_at_end and stock:
        hand = state.hands[mover]
        if rules.until_fits and state.played == 0 and not _has_play(state, hand):
            while stock:
                card = stock.pop()
                hand.append(card)
                state.drew = True
                if _has_play(state, (card,)):
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


def play_to_end(state: PlayoutState) -> None:
    """Greedy play for everyone, from the current move to the end of the hand."""
    while state.over is None:
        play_turn(state)
        if state.over is None:
            end_turn(state)
