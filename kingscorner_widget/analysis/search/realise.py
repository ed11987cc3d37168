"""From the solver's moves over merged states back to real moves on the real table."""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.moves import MovePile, PlayCard
from ...engine.spaces import CORNERS, CROSS, Space
from .kinds import kind, side_code
from .start import Start
from .value import CORNERS_SHIFT, openings, pack_stop

__all__ = ["Step", "realise", "replay_value"]

Step = tuple[str, int, int, int]
"""A move over merged states: ``("c", kind, 0 side / 1 corner, target code)`` plays a card,
``("p", source code, 0 / 1, target code)`` moves a side pile."""


def realise(start: Start, path: Sequence[Step]) -> list[PlayCard | MovePile]:
    """Real moves for ``path``, choosing the first matching space and card."""
    piles = [list(p) for p in start.piles]
    hand = list(start.hand)

    def code(space: Space) -> int:
        pile = piles[space.index]
        if not pile:
            return 0
        if space.is_corner:
            return kind(pile[-1]) + 1
        return side_code(kind(pile[0]), kind(pile[-1]))

    def find(spaces: Sequence[Space], wanted: int, skip: Space | None = None) -> Space:
        return next(s for s in spaces if s is not skip and code(s) == wanted)

    moves: list[PlayCard | MovePile] = []
    for step in path:
        tag, what, corner, target_code = step
        targets = CORNERS if corner else CROSS
        move: PlayCard | MovePile
        if tag == "c":
            card = next(c for c in hand if kind(c) == what)
            target = find(targets, target_code)
            hand.remove(card)
            piles[target.index].append(card)
            move = PlayCard(card, target)
        else:
            source = find(CROSS, what)
            target = find(targets, target_code, skip=source)
            piles[target.index].extend(piles[source.index])
            piles[source.index].clear()
            move = MovePile(source, target)
        if start.turn.finishes(target.index, piles[target.index][-1].index):
            piles[target.index].clear()
        moves.append(move)
    return moves


def replay_value(start: Start, path: Sequence[Step]) -> int:
    """The full packed value of the turn ``path`` plays, worked out on the real table."""
    moves = realise(start, path)
    piles = [list(p) for p in start.piles]
    hand = list(start.hand)
    kept = 0
    for move in moves:
        if isinstance(move, PlayCard):
            hand.remove(move.card)
            piles[move.target.index].append(move.card)
        else:
            piles[move.target.index].extend(piles[move.source.index])
            piles[move.source.index].clear()
        target = piles[move.target.index]
        if start.turn.finishes(move.target.index, target[-1].index):
            target.clear()
            kept += 1
    played = list(start.hand)
    for card in hand:
        played.remove(card)
    cross = [
        side_code(kind(p[0]), kind(p[-1])) if p else 0 for p in (piles[s.index] for s in CROSS)
    ]
    corners = [kind(p[-1]) + 1 if p else 0 for p in (piles[s.index] for s in CORNERS)]
    value = pack_stop(
        len(played),
        sum(start.points[kind(c)] for c in played),
        sum(1 for c in played if c.is_king),
        openings(cross, corners) if hand else 0,
    )
    return value + (kept << CORNERS_SHIFT) - len(moves)
