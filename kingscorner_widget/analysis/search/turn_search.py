"""The best turn from a play-out state: a small exhaustive search over one player's turn.

The expert's stronger setting (``lookahead=1``) plays its own next turn in each sampled deal
with this search instead of greedy play: greedy play takes the first move in its order and can
miss a turn that goes out, or one that sheds more. The search tries every move the rules allow
the player to move (cards as :mod:`.playout` keeps them: deck indexes, piles as top and bottom
cards), merges orders of play that reach the same table, and keeps the ending that is best by,
in turn: going out, corners finished (corners version), cards shed, fewest openings left to the
next player. Every rule option that limits a turn is honoured: kings first, must play (the turn
cannot end while a card can be played), and a drawn card that must be played (draw until it
fits). It stops after :data:`MAX_NODES` distinct tables and keeps the best found by then; the
search visits greedy play's first move first, so it never does worse than greedy play's turn.

>>> from kingscorner_widget import Game
>>> from .playout import PlayoutState
>>> line = "N:9d E:4c S:5s W:8s7h NE:Ks SE:- SW:- NW:- P1:Qh6c3h8dJd P2:?7 stock:34 turn:P1"
>>> state = PlayoutState.from_game(Game.from_position(line))
>>> hand = len(state.hands[0])
>>> steps = best_turn_in_place(state)
>>> hand - len(state.hands[0]), state.turn
(4, 0)
"""

from __future__ import annotations

from ...engine.kernel import IS_KING, openings
from ...engine.rules import Rules
from ...engine.turns import Step, TurnRules, merged_moves
from .playout import PlayoutState

__all__ = ["MAX_NODES", "Step", "best_turn_in_place"]

MAX_NODES = 400
"""Distinct tables a search looks at, at most."""


def _moves(
    hand: list[int], tops: list[int], bottoms: list[int], pending: int, kings_first: bool
) -> list[Step]:
    """The engine's merged moves (:func:`~kingscorner_widget.engine.turns.merged_moves`) under the
    standard rules or kings first, the only option that changes which moves a table allows."""
    return merged_moves(TurnRules.of(Rules(kings_first=kings_first)), hand, tops, bottoms, pending)


def best_turn_in_place(state: PlayoutState, max_nodes: int = MAX_NODES) -> list[Step]:
    """Play the best turn the search finds for the player to move in ``state`` (every move of
    it but the end of the turn; :func:`~.playout.end_turn` follows as after greedy play), and
    return its moves."""
    if state.over is not None:
        return []
    turn = state.rules
    mover = state.turn
    start_hand = list(state.hands[mover])
    start_kept = state.kept[mover]
    seen: set[tuple[tuple[int, ...], tuple[int, ...], int]] = set()
    best_key: tuple[int, int, int, int] | None = None
    best: tuple[list[int], list[int], list[int], int, int] | None = None
    best_path: list[Step] = []
    path: list[Step] = []
    nodes = 0

    def visit(
        hand: list[int], tops: list[int], bottoms: list[int], pending: int, kept: int
    ) -> bool:
        """Search from this table; True once a turn that goes out is found (nothing beats it)."""
        nonlocal best_key, best, best_path, nodes
        if not hand:
            best_key, best = (1, kept, len(start_hand), 0), (hand, tops, bottoms, kept, pending)
            best_path = path[:]
            return True
        moves = merged_moves(turn, hand, tops, bottoms, pending)
        # The turn may end here unless the engine's gates hold it open (a drawn card waits, kings
        # first, must play with a card that can go).
        corner_open = tops[4] < 0 or tops[5] < 0 or tops[6] < 0 or tops[7] < 0
        if turn.may_end(
            pending=pending >= 0,
            kings_only=turn.kings_only(any(IS_KING[c] for c in hand), corner_open),
            can_play=any(m[0] >= 0 for m in moves),
        ):
            shed = len(start_hand) - len(hand)
            # Openings are counted only for an ending that could beat the best one so far.
            if best_key is None or (kept, shed) >= best_key[1:3]:
                key = (0, kept, shed, -openings(tops))
                if best_key is None or key > best_key:
                    best_key, best = key, (hand, tops, bottoms, kept, pending)
                    best_path = path[:]
        for card, source, target in moves:
            if nodes >= max_nodes:
                return False
            new_tops = tops[:]
            new_bottoms = bottoms[:]
            new_hand = hand
            new_kept = kept
            if source < 0:
                new_hand = hand[:]
                new_hand.remove(card)
                if target < 4 and tops[target] < 0:
                    new_bottoms[target] = card
                new_tops[target] = card
            else:
                new_tops[target] = tops[source]
                new_tops[source] = new_bottoms[source] = -1
            if turn.finishes(target, new_tops[target]):
                new_kept += 1
                new_tops[target] = -1
            table = (tuple(sorted(new_hand)), tuple(new_tops + new_bottoms), new_kept)
            if table in seen:
                continue
            seen.add(table)
            nodes += 1
            path.append((card, source, target))
            if visit(new_hand, new_tops, new_bottoms, -1, new_kept):
                return True
            path.pop()
        return False

    visit(start_hand, list(state.tops), list(state.bottoms), state.pending, start_kept)
    if best is None:  # pragma: no cover - a drawn card that must be played always fits
        return []
    hand, tops, bottoms, kept, pending = best
    shed = len(start_hand) - len(hand)
    state.hands[mover] = hand
    state.tops = tops
    state.bottoms = bottoms
    state.kept[mover] = kept
    state.played += shed
    state.pending = pending
    state.moves += shed + 1
    if shed:
        state.pending = -1
    if not hand:
        state.over, state.winner = "out", mover
    return best_path
