"""Upper bounds on what the rest of a turn can achieve, each cheap enough to check every state.

The solver cuts a state off when its bound cannot beat the best turn found. Each bound is a
relaxation of the rules, so it never falls below the truth:

- :func:`ladder_table` and :func:`relaxed_shed`: the most cards (then points, then kings) the
  turn can shed, and the fewest moves that could do it. At the end of a turn every card played
  sits on a card one rung higher (each card holds at most one), or at the bottom of a side pile,
  or (a king) in a corner; a side space beyond those empty now is only freed by moving a side
  pile away, whose bottom card then competes with the hand for a host.
- :func:`corners_bound`: the most corners the turn can finish (corners version).
- :func:`openings_floor`: the fewest openings a turn that stops with cards in hand leaves.

:class:`Bounds` combines them into one packed value and remembers what it has worked out.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.kernel import ACE_KINDS, IS_KING_KIND, KING_KINDS
from ...engine.turns import TurnRules
from .kinds import CHAINS, CHILD, KING_BITS, LADDER, PILE, RUNG
from .value import CARDS_SHIFT, CORNERS_SHIFT, KINGS_SHIFT, OPENINGS_SHIFT, POINTS_SHIFT

__all__ = [
    "Bounds",
    "can_finish",
    "corners_bound",
    "ladder_corners",
    "ladder_table",
    "openings_floor",
    "relaxed_shed",
    "shed_unit",
]

_BLACK_KING, _RED_KING = KING_KINDS
_BLACK_ACE, _RED_ACE = ACE_KINDS
_KING_KIND_BITS = (1 << _BLACK_KING) | (1 << _RED_KING)
_NET_FLOOR = -8
"""No turn fills more than this many side spaces beyond those it frees (there are four)."""
_MOVES_BASE = 8
"""Each ladder's table starts its move count here (two ladders: 16 less the pile moves)."""


def shed_unit(points: int, king: bool) -> int:
    """What shedding one card adds to a ladder table's value: a card, its points and whether it
    is a king, above five bits that count pile moves."""
    return (1 << 20 | points << 4 | king) << 5


def ladder_table(
    chain: Sequence[int],
    hand: int,
    tops: Sequence[int],
    bottoms: Sequence[int],
    units: Sequence[int],
    king_hosts: int | None,
) -> dict[int, int]:
    """The best relaxed shedding along one ladder, by the side spaces it uses net.

    ``tops[k]`` and ``bottoms[k]`` count the piles whose top (bottom) card is of kind ``k``;
    ``units[k]`` is :func:`shed_unit` of kind ``k``; ``king_hosts`` is how many kings can go to a
    corner (``None``: as many as there are, as in the corners version where corners empty again).
    Returns, for each net change in side spaces (spaces freed less spaces filled: negative when
    the ladder fills more than it frees), the best value: cards, points and kings shed above five
    bits holding :data:`_MOVES_BASE` less the pile moves.

    >>> from kingscorner_widget.analysis.search.kinds import CHAINS
    >>> from kingscorner_widget.engine.kernel import IS_KING_KIND
    >>> units = [shed_unit(1, IS_KING_KIND[k]) for k in range(26)]
    >>> queen = CHAINS[0][1]  # a red queen, on the black king's ladder
    >>> table = ladder_table(CHAINS[0], 1 << 2 * queen, [0] * 26, [0] * 26, units, 0)
    >>> sorted((net, value >> 25) for net, value in table.items())  # it needs a space of its own
    [(-1, 1), (0, 0)]
    """
    states: dict[tuple[int, int], int] = {(0, 0): _MOVES_BASE}
    for rung, k in enumerate(chain):
        h = hand >> 2 * k & 3
        m = bottoms[k]
        if not h and not m:
            if len(states) > 1 or (0, 0) not in states:
                flat: dict[tuple[int, int], int] = {}
                for (_, net), value in states.items():
                    if flat.get((0, net), -1) < value:
                        flat[(0, net)] = value
                states = flat
            continue
        unit = units[k]
        if rung == 0:
            host_base = h + m if king_hosts is None else king_hosts
        else:
            host_base = tops[chain[rung - 1]]
        grown: dict[tuple[int, int], int] = {}
        for (prev, net), value in states.items():
            hosts = host_base + prev
            if not m:
                # Nothing else wants these hosts: hosting as many as fit is best.
                hosted = h if h < hosts else hosts
                for based in range(h - hosted + 1):
                    net2 = net - based
                    if net2 < _NET_FLOOR:
                        break
                    x = hosted + based
                    value2 = value + x * unit
                    if grown.get((x, net2), -1) < value2:
                        grown[(x, net2)] = value2
                continue
            for hosted in range(min(h, hosts) + 1):
                for moved in range(min(m, hosts - hosted) + 1):
                    for based in range(h - hosted + 1):
                        net2 = net + moved - based
                        if net2 < _NET_FLOOR:
                            break
                        x = hosted + based
                        value2 = value + x * unit - moved
                        if grown.get((x, net2), -1) < value2:
                            grown[(x, net2)] = value2
        states = grown
    by_net: dict[int, int] = {}
    for (_, net), value in states.items():
        if by_net.get(net, -1) < value:
            by_net[net] = value
    return by_net


def relaxed_shed(
    first: dict[int, int], second: dict[int, int], empty_cross: int
) -> tuple[int, int]:
    """Join the two ladders' tables: the best (cards, points, kings) packed as
    ``cards << 20 | points << 4 | kings``, and the fewest pile moves that reach it, when the
    side spaces used net fit in the ``empty_cross`` empty now.

    >>> relaxed_shed({0: 8, -1: (1 << 25) + 8}, {0: 8}, empty_cross=0) == (0, 0)
    True
    >>> relaxed_shed({0: 8, -1: (1 << 25) + 8}, {0: 8}, empty_cross=1) == (1 << 20, 0)
    True
    """
    best = -1
    for net_a, value_a in first.items():
        for net_b, value_b in second.items():
            if net_a + net_b + empty_cross >= 0 and value_a + value_b > best:
                best = value_a + value_b
    return best >> 5, 2 * _MOVES_BASE - (best & 31)


def corners_bound(hand: int, cross: Sequence[int], corners: Sequence[int]) -> int:
    """The most corners the rest of a turn can finish (corners version).

    A corner finishes once every rung of its ladder below its top has been played on it, down to
    the ace, one card per rung; a new corner needs a king first. A card in hand can go to any
    corner; a side pile reaches a corner only whole, its bottom on the rung above it, so it can
    serve only a corner whose top is above its bottom. Each ladder holds at most two corners (one
    per king of its colour); the bound grants the most corners that pass these counts.

    >>> from kingscorner_widget.engine.cards import Card
    >>> from kingscorner_widget.analysis.search.kinds import kind, side_code
    >>> black_ace = 1 << 2 * kind(Card.parse("As"))
    >>> corners_bound(black_ace, [0, 0, 0, 0], [kind(Card.parse("2h")) + 1, 0, 0, 0])
    1
    >>> pile = side_code(kind(Card.parse("2s")), kind(Card.parse("Ah")))
    >>> queen = 1 << 2 * kind(Card.parse("Qh"))  # a card to keep while the pile moves
    >>> corners_bound(queen, [pile, 0, 0, 0], [kind(Card.parse("2s")) + 1, 0, 0, 0])
    0
    >>> corners_bound(queen, [pile, 0, 0, 0], [kind(Card.parse("3h")) + 1, 0, 0, 0])
    1
    """
    total = 0
    for number in (0, 1):
        side = [code for code in cross if code and LADDER[code // PILE - 1] == number]
        tops = [code for code in corners if code and LADDER[code - 1] == number]
        total += ladder_corners(number, hand, side, tops)
    return total


def ladder_corners(number: int, hand: int, side: Sequence[int], corners: Sequence[int]) -> int:
    """:func:`corners_bound` along one ladder: ``side`` and ``corners`` are the codes of the side
    piles and corners on it."""
    rungs = [hand >> 2 * k & 3 for k in CHAINS[number]]
    blocks = [(RUNG[code // PILE - 1], RUNG[code % PILE - 1]) for code in side]
    tops = [RUNG[code - 1] for code in corners]
    candidates = [top for top in tops if top < 12] + [-1] * (2 - len(tops))
    spare = bool(hand & _LADDER_MASKS[1 - number])
    if len(candidates) >= 2 and can_finish(candidates[:2], rungs, blocks, spare):
        return 2
    if any(can_finish([top], rungs, blocks, spare) for top in candidates):
        return 1
    return 0


def can_finish(
    tops: Sequence[int],
    rungs: Sequence[int],
    blocks: Sequence[tuple[int, int]],
    spare: bool = True,
) -> bool:
    """Whether the cards in hand (``rungs``: how many on each rung of one ladder) and the side
    piles (``blocks``: the rungs each spans, bottom first) could finish one or two corners whose
    tops are on these rungs (-1: a corner still to open with a king).

    A corner takes every rung below its top once, in order: each from a card in hand or as part
    of a side pile moved whole. So each corner's missing rungs must be laid end to end from cards
    in hand and whole blocks, no block serving twice and no rung taking more cards from the hand
    than it holds. And the turn ends when the hand empties: unless ``spare`` (a card in hand off
    this ladder, which can be played last or kept), a plan that uses every card in hand must end
    with a card from the hand, an ace finishing its corner, not with a pile moved after it.

    >>> can_finish([10], [0] * 11 + [1, 1], [])
    True
    >>> can_finish([10, 10], [0] * 11 + [1, 1], [(11, 12)])
    True
    >>> can_finish([11], [0] * 13, [(11, 12)])  # the ace is stuck on the two it needs
    False
    >>> can_finish([2], [0, 0, 0, 1] + [0] * 9, [(3, 10), (5, 12)])  # the piles overlap
    False
    >>> can_finish([10], [0] * 11 + [1, 0], [(12, 12)], spare=False)  # the two is the last card
    False
    """
    starts: dict[int, list[int]] = {}
    for low, high in blocks:
        starts.setdefault(low, []).append(high + 1)
    held = sum(rungs)
    # A state: where each corner needs its next card, cards taken from the hand, and whether a
    # corner was finished by an ace from the hand.
    states = {(tuple(sorted(top + 1 for top in tops)), 0, False)}
    for rung in range(13):
        grown: set[tuple[tuple[int, ...], int, bool]] = set()
        ends = starts.get(rung, [])
        for state in states:
            nexts, taken, by_hand = state
            waiting = [i for i, nxt in enumerate(nexts) if nxt == rung]
            if not waiting:
                grown.add(state)
                continue
            # Each waiting corner takes a card in hand (-1) or one of the blocks starting here.
            choices = [-1, *range(len(ends))]
            for picks in _picks(choices, len(waiting)):
                from_hand = picks.count(-1)
                if from_hand > rungs[rung]:
                    continue
                used = [pick for pick in picks if pick >= 0]
                if len(set(used)) < len(used):
                    continue
                after = list(nexts)
                for i, pick in zip(waiting, picks, strict=True):
                    after[i] = rung + 1 if pick < 0 else ends[pick]
                grown.add(
                    (
                        tuple(sorted(after)),
                        taken + from_hand,
                        by_hand or (rung == 12 and from_hand > 0),
                    )
                )
        if not grown:
            return False
        states = grown
    done = (13,) * len(tops)
    return any(
        nexts == done and (spare or taken < held or by_hand) for nexts, taken, by_hand in states
    )


def _picks(choices: Sequence[int], count: int) -> list[tuple[int, ...]]:
    """Every way to choose ``count`` items from ``choices`` in order, repeats allowed."""
    if count == 1:
        return [(choice,) for choice in choices]
    return [(first, second) for first in choices for second in choices]


def openings_floor(
    hand: int,
    tops: Sequence[int],
    bottoms: Sequence[int],
    empty_corners: int,
    finishable: int,
) -> int:
    """The fewest openings a turn that stops with cards still in hand can leave.

    Every frozen top (no card in hand or at the bottom of a side pile can ever go on it) stays
    open, and so do empty corners when no king can reach them. Such a turn also ends with four
    side piles (a card left in hand could fill an empty space, and an empty space alone is 26
    openings) and every corner it opened, less those it finished (at most ``finishable``); each
    top that is not an ace takes a kind, at most two tops share one, an empty corner takes the
    two kinds of king.

    >>> openings_floor(0, [0] * 26, [0] * 26, 4, 0)  # two kinds of king, two kinds on piles
    4
    """
    frozen = 0
    for k in range(26):
        if tops[k]:
            child = CHILD[k]
            if child >= 0 and not hand >> 2 * child & 3 and not bottoms[child]:
                frozen |= 1 << child
    king_bottoms = bottoms[_BLACK_KING] + bottoms[_RED_KING]
    if empty_corners and not hand & KING_BITS and not king_bottoms:
        frozen |= _KING_KIND_BITS
    aces = (
        tops[_BLACK_ACE]
        + tops[_RED_ACE]
        + (hand >> 2 * _BLACK_ACE & 3)
        + (hand >> 2 * _RED_ACE & 3)
    )
    corners_now = 4 - empty_corners
    kings_left = (hand >> 2 * _BLACK_KING & 3) + (hand >> 2 * _RED_KING & 3) + king_bottoms
    fewest = 99
    for corners_end in range(
        max(0, corners_now - finishable), min(4, corners_now + kings_left) + 1
    ):
        piles_open = max(0, 4 + corners_end - aces)
        fewest = min(fewest, (piles_open + 1) // 2 + (2 if corners_end < 4 else 0))
    return max(frozen.bit_count(), fewest)


class Bounds:
    """The packed upper bound of every state of one search, remembered per state and per ladder.

    ``turn`` is the rules in force (the engine's compiled rules: each kind's penalty points, and
    whether finished corners count); the start's cards, points and kings turn a state's remaining
    shedding into the value of the whole turn.
    """

    def __init__(self, turn: TurnRules, cards: int, points0: int, kings: int) -> None:
        points = turn.points
        self.units = [shed_unit(points[k], IS_KING_KIND[k]) for k in range(26)]
        self.counts_corners = turn.counts_corners()
        self.start = (cards, points0, kings)
        self.ladders: dict[tuple[object, ...], tuple[dict[int, int], int]] = {}
        self.states: dict[tuple[int, tuple[int, ...], tuple[int, ...]], int] = {}

    def ladder(
        self,
        number: int,
        hand: int,
        side: tuple[int, ...],
        corners: tuple[int, ...],
        king_hosts: int | None,
    ) -> tuple[dict[int, int], int]:
        """One ladder's table (:func:`ladder_table`) and corners (:func:`ladder_corners`), from
        the hand and the codes of the side piles and corners on that ladder."""
        key = (
            number,
            king_hosts,
            hand & _LADDER_MASKS[number],
            side,
            corners,
            self.counts_corners and not hand & _LADDER_MASKS[1 - number],
        )
        entry = self.ladders.get(key)
        if entry is None:
            tops = [0] * 26
            bottoms = [0] * 26
            for code in side:
                tops[code % PILE - 1] += 1
                bottoms[code // PILE - 1] += 1
            for code in corners:
                tops[code - 1] += 1
            table = ladder_table(CHAINS[number], hand, tops, bottoms, self.units, king_hosts)
            finishable = ladder_corners(number, hand, side, corners) if self.counts_corners else 0
            entry = self.ladders[key] = (table, finishable)
        return entry

    def of(
        self,
        hand: int,
        cross: tuple[int, ...],
        corners: tuple[int, ...],
        n: int,
        pts: int,
        kings: int,
    ) -> int:
        """The packed bound of the whole turn from a state: ``n`` cards in hand worth ``pts``
        points, ``kings`` of them kings."""
        key = (hand, cross, corners)
        cached = self.states.get(key)
        if cached is not None:
            return cached
        empty_cross = cross.count(0)
        empty_corners = corners.count(0)
        king_hosts = None if self.counts_corners else empty_corners
        first, corners_first = self.ladder(
            0,
            hand,
            tuple(c for c in cross if c and _SIDE_LADDER[c] == 0),
            tuple(c for c in corners if c and LADDER[c - 1] == 0),
            king_hosts,
        )
        second, corners_second = self.ladder(
            1,
            hand,
            tuple(c for c in cross if c and _SIDE_LADDER[c] == 1),
            tuple(c for c in corners if c and LADDER[c - 1] == 1),
            king_hosts,
        )
        best, pile_moves = relaxed_shed(first, second, empty_cross)
        rem = best >> 20
        finishable = corners_first + corners_second
        fewest_openings = 0
        if rem < n:
            tops = [0] * 26
            bottoms = [0] * 26
            for code in cross:
                if code:
                    tops[code % PILE - 1] += 1
                    bottoms[code // PILE - 1] += 1
            for code in corners:
                if code:
                    tops[code - 1] += 1
            fewest_openings = openings_floor(hand, tops, bottoms, empty_corners, finishable)
        cards0, points0, kings0 = self.start
        value = (
            (cards0 - n + rem) << CARDS_SHIFT
            | finishable << CORNERS_SHIFT
            | (points0 - pts + (best >> 4 & 0xFFFF)) << POINTS_SHIFT
            | (kings0 - kings + (best & 15)) << KINGS_SHIFT
            | (255 - fewest_openings) << OPENINGS_SHIFT
            | (255 - rem - pile_moves)
        )
        self.states[key] = value
        return value


_LADDER_MASKS = tuple(sum(3 << 2 * k for k in chain) for chain in CHAINS)
"""The bits of a hand that hold the kinds of each ladder."""
_SIDE_LADDER = [LADDER[code // PILE - 1] if code >= PILE else -1 for code in range(PILE * 27)]
"""The ladder of a side pile, by its code."""
