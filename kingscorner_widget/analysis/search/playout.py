"""Greedy play to the end of the hand, on the engine's lean turn state.

The expert player (:mod:`.expert`) plays thousands of hands to their end for every decision, so
the play-outs run on the turn machine's :class:`~kingscorner_widget.engine.turns.TurnState`
(cards as deck indexes, each pile as its top card and, for the side piles, its bottom card) with
its :func:`~kingscorner_widget.engine.turns.end_turn`: every rule option is the engine's to honour.

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

from collections.abc import Callable

from ...engine.kernel import CROSS_SPACES, IS_KING, KIND, TAKES, first_highest, has_king
from ...engine.turns import MAX_MOVES, Step, TurnRules, TurnState, end_turn, move_pile, put

__all__ = [
    "MAX_MOVES",
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
_CROSS = CROSS_SPACES
PlayoutRules = TurnRules
"""The rules a play-out reads: the engine's compiled rules
(:class:`~kingscorner_widget.engine.turns.TurnRules`)."""
_put = put
_move_pile = move_pile


PlayoutState = TurnState
"""The play-outs' state: the engine's :class:`~kingscorner_widget.engine.turns.TurnState`."""


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


def play_to_end(state: PlayoutState) -> None:
    """Greedy play for everyone, from the current move to the end of the hand."""
    while state.over is None:
        play_turn(state)
        if state.over is None:
            end_turn(state)
