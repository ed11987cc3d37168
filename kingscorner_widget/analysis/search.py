"""The best turn: an exact search over every way to play out the rest of the mover's turn.

The search finds the turn that sheds the most cards, proven by exhaustive search. Among turns that
shed as many cards, it prefers, in this order:

1. going out (shedding the whole hand; this follows from shedding the most cards);
2. in the corners version, finishing more corners;
3. shedding more penalty points under the rules' count (kings before small cards);
4. playing more kings;
5. leaving the next player fewer openings: 26 for each empty side space (any card fits there),
   plus one for each kind of card (rank and colour) that fits on a pile or an empty corner;
   a turn that goes out leaves none;
6. fewer moves.

It reads only what the mover can see (their hand and the table), so it never depends on a hidden
card. To stay fast on big hands it merges equivalent states (two cards of the same rank and colour
play alike; the side spaces are interchangeable, and so are the corners), keeps a table of states
already solved, and cuts off a state as soon as an upper bound says it cannot beat the best turn
found. The bound comes from a relaxation solved by a small dynamic programme: at the end of a
turn every card played sits on a card one rank higher and of the other colour (each card holds at
most one), or at the bottom of a side pile, or (a king) in a corner, and a side space beyond the
empty ones is only freed by moving a side pile away. It first proves the most cards, points and
kings the turn can shed, then spends up to :data:`TIE_BREAK_BUDGET` more states proving the
openings and moves tie-breaks; past that budget it keeps the best turn found so far and says so
(:attr:`TurnPlan.tie_break_proven`), but the cards, points and kings are always proven.
:func:`plain_search` is the same search with none of that (only exact repeats are skipped), kept
for tests and benchmarks. Every plan is replayed through :meth:`Game.violation
<kingscorner_widget.game.Game.violation>`, the engine's one judge, before it is returned.

>>> from kingscorner_widget import Game
>>> line = "N:9d E:4c S:5s W:8s7h NE:- SE:- SW:- NW:- P1:Qh6c P2:?7 stock:38 turn:P1"
>>> plan = best_turn(Game.from_position(line))
>>> [str(m) for m in plan.moves], plan.cards_played, plan.goes_out
(['6c>W', 'W>N', 'Qh>W'], 2, True)
>>> print(plan.explanations[1])  # doctest: +NORMALIZE_WHITESPACE
Move the west pile (the black 8 (8s) down to the black 6 (6c)) onto the red 9 (9d) on the
north pile, which frees the west space for the red queen (Qh).
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..cards import DECK, Card
from ..moves import Move, MovePile, PlayCard
from ..observation import Observation
from ..spaces import CORNERS, CROSS, SPACES, Space
from .words import count_words, move_sentences

if TYPE_CHECKING:
    from ..game import Game

__all__ = ["Budget", "TurnPlan", "TurnValue", "best_turn", "plain_search", "search_value"]

# -- card kinds ---------------------------------------------------------------------------------
# A kind is rank and colour: kind = (rank - 1) * 2 + red, 0..25. Kings are 24 (black) and 25.
_RANK = [k // 2 + 1 for k in range(26)]
_CHILD = [((k // 2 - 1) * 2 + 1 - k % 2) if k >= 2 else -1 for k in range(26)]
"""The kind that fits on a top of kind k (one rank lower, other colour), or -1 on an ace."""
_PARENT = [((k // 2 + 1) * 2 + 1 - k % 2) if k < 24 else -1 for k in range(26)]
"""The kind a card of kind k fits on, or -1 for a king."""


def _chain(top: int) -> tuple[int, ...]:
    out = [top]
    while _CHILD[out[-1]] >= 0:
        out.append(_CHILD[out[-1]])
    return tuple(out)


_CHAINS = (_chain(24), _chain(25))
"""The two alternating-colour ladders from a king down to an ace; a kind hosts the next one."""
_KINGS = (24, 25)
_X = 27
"""Side pile code: (bottom kind + 1) * 27 + (top kind + 1); 0 is an empty space."""


def kind(card: Card) -> int:
    """The kind of a card: rank and colour, 0..25."""
    return (card.rank - 1) * 2 + card.red


# -- the value of a turn, packed into one integer --------------------------------------------------
_SH_MOVES, _SH_OPEN, _SH_KINGS, _SH_POINTS, _SH_KEPT, _SH_CARDS = 0, 8, 16, 19, 29, 32


@dataclasses.dataclass(frozen=True, order=True)
class TurnValue:
    """What a turn achieves, in tie-break order (compare two values with ``<``)."""

    cards: int
    """Cards shed."""
    corners: int
    """Corners finished (corners version only)."""
    points: int
    """Penalty points shed under the rules' count."""
    kings: int
    """Kings played."""
    fewer_openings: int
    """Minus the openings left for the next player."""
    fewer_moves: int
    """Minus the moves made (the end-of-turn move not counted)."""

    @property
    def openings(self) -> int:
        """Openings left for the next player (0 when the hand empties)."""
        return -self.fewer_openings

    @property
    def moves(self) -> int:
        """Moves made, the end-of-turn move not counted."""
        return -self.fewer_moves

    @classmethod
    def unpack(cls, value: int) -> TurnValue:
        """Decode the packed form the searches use."""
        return cls(
            cards=value >> _SH_CARDS & 63,
            corners=value >> _SH_KEPT & 7,
            points=value >> _SH_POINTS & 1023,
            kings=value >> _SH_KINGS & 7,
            fewer_openings=(value >> _SH_OPEN & 255) - 255,
            fewer_moves=(value & 255) - 255,
        )


def _pack_stop(cards: int, points: int, kings: int, openings: int) -> int:
    return (
        cards << _SH_CARDS
        | points << _SH_POINTS
        | kings << _SH_KINGS
        | (255 - openings) << _SH_OPEN
        | 255
    )


def _openings(cross: Sequence[int], corners: Sequence[int]) -> int:
    empty = 0
    kinds: set[int] = set()
    for code in cross:
        if code:
            child = _CHILD[code % _X - 1]
            if child >= 0:
                kinds.add(child)
        else:
            empty += 1
    for code in corners:
        if code:
            child = _CHILD[code - 1]
            if child >= 0:
                kinds.add(child)
        else:
            kinds.update(_KINGS)
    return 26 * empty + len(kinds)


# -- the state the searches start from -------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class _Start:
    piles: tuple[tuple[Card, ...], ...]
    hand: tuple[Card, ...]
    points: tuple[int, ...]
    """Penalty points of each kind under the rules' count."""
    must_play: bool
    kings_first: bool
    corners_version: bool
    pending: Card | None


def _start(observation: Observation) -> _Start:
    rules = observation.rules
    points = tuple(rules.count.value_of(DECK[k // 2 * 4 + (2 if k % 2 else 0)]) for k in range(26))
    return _Start(
        piles=observation.piles,
        hand=observation.hand,
        points=points,
        must_play=rules.must_play,
        kings_first=rules.kings_first,
        corners_version=rules.corners_version,
        pending=observation.pending_card,
    )


# -- the budget ---------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Budget:
    """How much one search may spend: at most ``seconds`` of time and ``states`` visited (either
    may be left out; ``Budget()`` is no limit at all).

    A search that runs out returns the best turn it has found so far, with
    :attr:`TurnPlan.exact` false. A budget of states gives the same answer on every machine; a
    budget of seconds keeps a caller responsive.

    >>> Budget(seconds=0.5, states=20_000)
    Budget(seconds=0.5, states=20000)
    >>> Budget(states=0)
    Traceback (most recent call last):
    ...
    ValueError: a search budget needs at least one state, not 0
    """

    seconds: float | None = None
    """Wall-clock seconds the search may take (``None``: no limit)."""
    states: int | None = None
    """States the search may visit (``None``: no limit)."""

    def __post_init__(self) -> None:
        seconds, states = self.seconds, self.states
        if seconds is not None and (
            isinstance(seconds, bool)
            or not isinstance(seconds, int | float)
            or not 0 < seconds < float("inf")
        ):
            raise ValueError(
                f"a search budget's seconds must be a positive number, not {seconds!r}"
            )
        if states is not None and (isinstance(states, bool) or not isinstance(states, int)):
            raise ValueError(f"a search budget's states must be a whole number, not {states!r}")
        if states is not None and states < 1:
            raise ValueError(f"a search budget needs at least one state, not {states}")


# -- the fast search -----------------------------------------------------------------------------

TIE_BREAK_BUDGET = 300
"""States the search may spend proving the openings and moves tie-breaks (the card count, the
points and the kings are always proven). Set per call with ``_search(..., tie_break_budget=)``."""

_CanonMove = tuple[str, int, int, int]
"""("c", kind, 0 side / 1 corner, target code) or ("p", source code, 0 / 1, target code)."""
_Child = tuple[_CanonMove, int, tuple[int, ...], tuple[int, ...], int, int, int, int]


def _search(
    start: _Start, bounds: bool = True, tie_break_budget: int = TIE_BREAK_BUDGET
) -> tuple[int, list[_CanonMove], int, bool]:
    """The packed value of the best turn, its moves over merged states, the states visited, and
    whether the tie-break among turns that shed as many cards was proven."""
    value, path, visited, _, proven = _search_within(start, bounds, tie_break_budget)
    return value, path, visited, proven


def _search_within(
    start: _Start,
    bounds: bool = True,
    tie_break_budget: int = TIE_BREAK_BUDGET,
    limit: Budget | None = None,
) -> tuple[int, list[_CanonMove], int, bool, bool]:
    """The packed value of the best turn, its moves over merged states, the states visited,
    whether the cards, corners, points and kings are proven (False when ``limit`` ran out first:
    the turn is then the best found), and whether the openings and moves tie-break was proven."""
    points_of = start.points
    must_play, kings_first, corners_version = (
        start.must_play,
        start.kings_first,
        start.corners_version,
    )
    hand0 = 0
    for card in start.hand:
        hand0 += 1 << 2 * kind(card)
    n0 = len(start.hand)
    points0 = sum(points_of[kind(c)] for c in start.hand)
    kings0 = sum(1 for c in start.hand if c.is_king)
    cross0 = tuple(
        sorted(
            (kind(p[0]) + 1) * _X + kind(p[-1]) + 1 if p else 0
            for p in (start.piles[s.index] for s in CROSS)
        )
    )
    corners0 = tuple(
        sorted(kind(p[-1]) + 1 if p else 0 for p in (start.piles[s.index] for s in CORNERS))
    )
    memo: dict[tuple[int, tuple[int, ...], tuple[int, ...]], tuple[int, bool, _Child | None]] = {}
    visited = 0
    only = -1 if start.pending is None else kind(start.pending)

    relaxed_cache: dict[tuple[int, tuple[int, ...], int, int], int] = {}
    units = [1 << 20 | points_of[k] << 4 | (1 if k >= 24 else 0) for k in range(26)]

    def relaxed(hand: int, tops: list[int], empty_corners: int, bases: int) -> int:
        """The most (cards, points, kings) a relaxation of the rest of the turn can shed.

        Every card played ends the turn either on a card one rank higher and of the other
        colour (a pile's top now, or a card played this turn; each card holds at most one
        card on it), at the bottom of a side pile (at most ``bases`` of them), or, for a king,
        in an empty corner. The best such assignment, found by a small dynamic programme along
        the two ladders of kinds (king down to ace in alternating colours), bounds every turn.
        """
        key = (hand, tuple(tops), empty_corners, bases)
        cached = relaxed_cache.get(key)
        if cached is not None:
            return cached
        results = []
        for chain in _CHAINS:
            states: dict[tuple[int, int], int] = {(0, 0): 0}
            for i, k in enumerate(chain):
                h = hand >> 2 * k & 3
                if not h:
                    if len(states) > 1 or (0, 0) not in states:
                        flat: dict[tuple[int, int], int] = {}
                        for (_, used), value in states.items():
                            if flat.get((0, used), -1) < value:
                                flat[(0, used)] = value
                        states = flat
                    continue
                unit = units[k]
                if i == 0:
                    host_base = h if corners_version else empty_corners
                else:
                    host_base = tops[chain[i - 1]]
                grown: dict[tuple[int, int], int] = {}
                for (prev, used), value in states.items():
                    hosts = host_base + prev
                    x0 = h if h < hosts else hosts
                    for extra in range(h - x0 + 1):
                        used2 = used + extra
                        if used2 > bases:
                            break
                        x = x0 + extra
                        value2 = value + x * unit
                        if grown.get((x, used2), -1) < value2:
                            grown[(x, used2)] = value2
                states = grown
            by_used = [-1] * (bases + 1)
            for (_, used), value in states.items():
                if by_used[used] < value:
                    by_used[used] = value
            for used in range(1, bases + 1):
                if by_used[used] < by_used[used - 1]:
                    by_used[used] = by_used[used - 1]
            results.append(by_used)
        first, second = results
        combined = [
            max(first[b] + second[used - b] for b in range(used + 1)) for used in range(bases + 1)
        ]
        best = combined[bases]
        fewest = combined.index(best)
        relaxed_cache[key] = best << 3 | fewest
        return best << 3 | fewest

    relaxed_moves_cache: dict[tuple[int, tuple[int, ...], tuple[int, ...], int, int], int] = {}
    units32 = [u << 5 for u in units]

    def relaxed_moves(
        hand: int, tops: list[int], bottoms: list[int], empty_corners: int, empty_cross: int
    ) -> tuple[int, int]:
        """Like :func:`relaxed`, but a side pile moved away (its bottom card placed on a card
        one rank higher and of the other colour, or a king into an empty corner) is what frees a
        side space beyond those empty now; it competes with the hand for that card. Returns the
        best (cards, points, kings) and the fewest pile moves that reach it."""
        key = (hand, tuple(tops), tuple(bottoms), empty_corners, empty_cross)
        cached = relaxed_moves_cache.get(key)
        if cached is not None:
            return cached >> 5, cached & 31
        results = []
        for chain in _CHAINS:
            states: dict[tuple[int, int], int] = {(0, 0): 8}
            for i, k in enumerate(chain):
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
                unit = units32[k]
                if i == 0:
                    host_base = h + m if corners_version else empty_corners
                else:
                    host_base = tops[chain[i - 1]]
                grown: dict[tuple[int, int], int] = {}
                for (prev, net), value in states.items():
                    hosts = host_base + prev
                    if not m:
                        # Nothing else wants these hosts: hosting as many as fit is best.
                        hosted = h if h < hosts else hosts
                        for based in range(h - hosted + 1):
                            net2 = net - based
                            if net2 < -8:
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
                                if net2 < -8:
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
            results.append(by_net)
        first, second = results
        best = -1
        for net_a, value_a in first.items():
            for net_b, value_b in second.items():
                if net_a + net_b + empty_cross >= 0 and value_a + value_b > best:
                    best = value_a + value_b
        moves = 16 - (best & 31)
        relaxed_moves_cache[key] = (best >> 5) << 5 | moves
        return best >> 5, moves

    def bound(
        hand: int, cross: tuple[int, ...], corners: tuple[int, ...], n: int, pts: int, kings: int
    ) -> int:
        tops = [0] * 26
        bottom_counts = [0] * 26
        empty_cross = 0
        for code in cross:
            if code:
                tops[code % _X - 1] += 1
                bottom_counts[code // _X - 1] += 1
            else:
                empty_cross += 1
        empty_corners = 0
        for code in corners:
            if code:
                tops[code - 1] += 1
            else:
                empty_corners += 1
        best, pile_moves = relaxed_moves(hand, tops, bottom_counts, empty_corners, empty_cross)
        rem = best >> 20
        moves = rem + pile_moves
        openings = 0
        if rem < n and not corners_version:
            # A turn that sheds ``rem`` more cards and stops leaves no side space empty (a card
            # left in hand could fill it) and leaves every frozen top (nothing in hand or at the
            # bottom of a side pile can ever go on it) open to the next player.
            bottoms = 0
            for code in cross:
                if code:
                    bottoms |= 1 << code // _X - 1
            frozen = 0
            for k in range(26):
                if tops[k]:
                    child = _CHILD[k]
                    if child >= 0 and not hand >> 2 * child & 3 and not bottoms >> child & 1:
                        frozen |= 1 << child
            if empty_corners and not hand >> 48 & 15 and not bottoms >> 24 & 3:
                frozen |= 3 << 24
            openings = frozen.bit_count()
            # Such a turn also ends with four side piles and every corner it opened; each top
            # that is not an ace takes a kind of card, and at most two tops share a kind (there
            # are two cards of each); an empty corner takes the two kinds of king.
            aces = tops[0] + tops[1] + (hand & 3) + (hand >> 2 & 3)
            corners_now = 4 - empty_corners
            kings_left = (hand >> 48 & 3) + (hand >> 50 & 3) + bottom_counts[24] + bottom_counts[25]
            fewest_open = 99
            for corners_end in range(corners_now, min(4, corners_now + kings_left) + 1):
                piles_open = max(0, 4 + corners_end - aces)
                count = (piles_open + 1) // 2 + (2 if corners_end < 4 else 0)
                fewest_open = min(fewest_open, count)
            openings = max(openings, fewest_open)
        return (
            (n0 - n + rem) << _SH_CARDS
            | (4 if corners_version else 0) << _SH_KEPT
            | (points0 - pts + (best >> 4 & 0xFFFF)) << _SH_POINTS
            | (kings0 - kings + (best & 15)) << _SH_KINGS
            | (255 - openings) << _SH_OPEN
            | (255 - moves)
        )

    def kings_to_corner(
        hand: int, cross: tuple[int, ...], corners: tuple[int, ...], n: int, pts: int, kings: int
    ) -> list[_Child]:
        """Each king in hand played into an empty corner (corners of one kind are alike)."""
        return [
            (
                ("c", k, 1, 0),
                hand - (1 << 2 * k),
                cross,
                tuple(sorted((*corners[1:], k + 1))),
                n - 1,
                pts - points_of[k],
                kings - 1,
                0,
            )
            for k in _KINGS
            if hand >> 2 * k & 3
        ]

    def expand(
        hand: int, cross: tuple[int, ...], corners: tuple[int, ...], n: int, pts: int, kings: int
    ) -> tuple[list[_Child], bool]:
        empty_corner = corners[0] == 0
        if kings_first and empty_corner and hand >> 48 & 15:
            return kings_to_corner(hand, cross, corners, n, pts, kings), False
        children: list[_Child] = []
        card_play = False
        prev = -1
        for i in range(4):
            code = cross[i]
            if code == 0 or code == prev:
                continue
            prev = code
            top = code % _X - 1
            k = _CHILD[top]
            if k >= 0 and hand >> 2 * k & 3:
                card_play = True
                cross2 = tuple(sorted((*cross[:i], code - top + k, *cross[i + 1 :])))
                children.append(
                    (
                        ("c", k, 0, code),
                        hand - (1 << 2 * k),
                        cross2,
                        corners,
                        n - 1,
                        pts - points_of[k],
                        kings,
                        0,
                    )
                )
        prev = -1
        for i in range(4):
            code = corners[i]
            if code == 0 or code == prev:
                continue
            prev = code
            k = _CHILD[code - 1]
            if k >= 0 and hand >> 2 * k & 3:
                card_play = True
                kept = 1 if corners_version and k < 2 else 0
                corners2 = tuple(sorted((*corners[:i], 0 if kept else k + 1, *corners[i + 1 :])))
                children.append(
                    (
                        ("c", k, 1, code),
                        hand - (1 << 2 * k),
                        cross,
                        corners2,
                        n - 1,
                        pts - points_of[k],
                        kings,
                        kept,
                    )
                )
        if empty_corner:
            king_plays = kings_to_corner(hand, cross, corners, n, pts, kings)
            card_play = card_play or bool(king_plays)
            children.extend(king_plays)
        prev = -1
        for i in range(4):
            source = cross[i]
            if source == 0 or source == prev:
                continue
            prev = source
            bottom = source // _X - 1
            top = source % _X - 1
            rest = (*cross[:i], 0, *cross[i + 1 :])
            if bottom >= 24 and empty_corner:
                kept = 1 if corners_version and top < 2 else 0
                corners2 = tuple(sorted((*corners[1:], 0 if kept else top + 1)))
                children.append(
                    (("p", source, 1, 0), hand, tuple(sorted(rest)), corners2, n, pts, kings, kept)
                )
            parent = _PARENT[bottom]
            if parent < 0:
                continue
            seen = -1
            for j in range(4):
                code = rest[j]
                if code == 0 or code == seen or code % _X - 1 != parent:
                    continue
                seen = code
                cross2 = tuple(sorted((*rest[:j], code - parent + top, *rest[j + 1 :])))
                children.append((("p", source, 0, code), hand, cross2, corners, n, pts, kings, 0))
            seen = -1
            for j in range(4):
                code = corners[j]
                if code == 0 or code == seen or code - 1 != parent:
                    continue
                seen = code
                kept = 1 if corners_version and top < 2 else 0
                corners2 = tuple(sorted((*corners[:j], 0 if kept else top + 1, *corners[j + 1 :])))
                children.append(
                    (
                        ("p", source, 1, code),
                        hand,
                        tuple(sorted(rest)),
                        corners2,
                        n,
                        pts,
                        kings,
                        kept,
                    )
                )
        if cross[0] == 0:
            for k in range(26):
                if hand >> 2 * k & 3:
                    card_play = True
                    cross2 = tuple(sorted((*cross[1:], (k + 1) * (_X + 1))))
                    children.append(
                        (
                            ("c", k, 0, 0),
                            hand - (1 << 2 * k),
                            cross2,
                            corners,
                            n - 1,
                            pts - points_of[k],
                            kings - (k >= 24),
                            0,
                        )
                    )
        return children, not (must_play and card_play)

    step = 0
    """What each move costs: 0 while only the coarse value (cards, corners, points, kings)
    counts, 1 once openings and moves break ties as well."""
    mask = ~0xFFFF
    budget = 1 << 62
    states_limit = 1 << 62 if limit is None or limit.states is None else limit.states
    deadline = (
        None if limit is None or limit.seconds is None else time.perf_counter() + limit.seconds
    )
    line: list[_CanonMove] = []
    """The moves from the root to the state being solved."""
    offset = 0
    """Corners finished along ``line`` minus its cost in moves, in packed form."""
    found: list[tuple[int, list[_CanonMove]]] = []
    """The best whole turn seen so far (its packed value and moves), for a search cut short."""

    def note(value: int) -> None:
        """Record a turn that stops here with ``value``, if it beats the best seen."""
        if value >= 0 and (not found or value + offset > found[0][0]):
            found[:] = [(value + offset, list(line))]

    def spent() -> bool:
        """True once the caller's budget is used up and a whole turn is in hand."""
        if not found:
            return False
        if visited > states_limit:
            return True
        return deadline is not None and not visited & 63 and time.perf_counter() > deadline

    def solve(
        hand: int,
        cross: tuple[int, ...],
        corners: tuple[int, ...],
        n: int,
        pts: int,
        kings: int,
        alpha: int,
        root: bool,
    ) -> int:
        nonlocal visited, offset
        key = (hand, cross, corners)
        entry = memo.get(key)
        if entry is not None and (entry[1] or entry[0] <= alpha):
            return entry[0]
        visited += 1
        if visited > budget or spent():
            raise _OutOfBudgetError
        if n == 0:
            value = _pack_stop(n0, points0, kings0, 0) & mask
            note(value)
            memo[key] = (value, True, None)
            return value
        children, can_stop = expand(hand, cross, corners, n, pts, kings)
        if root and only >= 0:
            children = [c for c in children if c[0][0] == "c" and c[0][1] == only]
            can_stop = False
        best = (
            _pack_stop(n0 - n, points0 - pts, kings0 - kings, _openings(cross, corners)) & mask
            if can_stop
            else -1
        )
        note(best)
        best_child: _Child | None = None
        top = bound(hand, cross, corners, n, pts, kings) & mask if bounds else 1 << 62
        if top <= alpha:
            memo[key] = (top, False, None)
            return top
        if best < top:
            for child in children:
                kept = child[7] << _SH_KEPT
                floor = best if best > alpha else alpha
                line.append(child[0])
                offset += kept - step
                value = (
                    solve(
                        child[1],
                        child[2],
                        child[3],
                        child[4],
                        child[5],
                        child[6],
                        floor + step - kept,
                        False,
                    )
                    - step
                    + kept
                )
                offset -= kept - step
                line.pop()
                if value > best:
                    best, best_child = value, child
                    if best >= top:
                        break
        memo[key] = (best, best > alpha, best_child)
        return best

    def principal(root: tuple[int, tuple[int, ...], tuple[int, ...]]) -> list[_CanonMove]:
        path: list[_CanonMove] = []
        entry = memo[root]
        while entry[2] is not None:
            child = entry[2]
            path.append(child[0])
            entry = memo[(child[1], child[2], child[3])]
        return path

    root = (hand0, cross0, corners0)
    if not bounds:
        step, mask = 1, -1
    # First the coarse value, which the relaxation bounds tightly; then the full value (with
    # openings and moves) starting from what the coarse plan already achieves.
    try:
        value = solve(*root, n0, points0, kings0, -1, True)
    except _OutOfBudgetError:
        path = found[0][1]
        return _replay_value(start, path), path, visited, False, False
    path = principal(root)
    if not bounds:
        return value, path, visited, True, True
    floor = _replay_value(start, path)
    memo = {}
    step, mask = 1, -1
    budget = visited + tie_break_budget
    try:
        value = solve(*root, n0, points0, kings0, floor - 1, True)
    except _OutOfBudgetError:
        return floor, path, visited, True, False
    return value, principal(root), visited, True, True


class _OutOfBudgetError(Exception):
    """The tie-break search ran past its budget of states."""


def _replay_value(start: _Start, path: Sequence[_CanonMove]) -> int:
    """The full packed value of a plan over merged states."""
    moves = _realise(start, path)
    piles = [list(p) for p in start.piles]
    hand = list(start.hand)
    kept = 0
    for move in moves:
        if isinstance(move, PlayCard):
            hand.remove(move.card)
            piles[move.target.index].append(move.card)
        elif isinstance(move, MovePile):
            piles[move.target.index].extend(piles[move.source.index])
            piles[move.source.index].clear()
        target = piles[move.target.index]
        if start.corners_version and move.target.is_corner and target[-1].rank == 1:
            target.clear()
            kept += 1
    played = list(start.hand)
    for card in hand:
        played.remove(card)
    cross = [
        (kind(p[0]) + 1) * _X + kind(p[-1]) + 1 if p else 0 for p in (piles[s.index] for s in CROSS)
    ]
    corners = [kind(p[-1]) + 1 if p else 0 for p in (piles[s.index] for s in CORNERS)]
    value = _pack_stop(
        len(played),
        sum(start.points[kind(c)] for c in played),
        sum(1 for c in played if c.is_king),
        _openings(cross, corners) if hand else 0,
    )
    return value + (kept << _SH_KEPT) - len(moves)


def search_value(observation: Observation, *, bounds: bool = True) -> tuple[TurnValue, int]:
    """The value of the best turn from ``observation`` and the number of states visited.

    With ``bounds=False`` the search explores every merged state (for benchmarks and tests).
    """
    _check_mover(observation)
    value, _, visited, _ = _search(_start(observation), bounds)
    return TurnValue.unpack(value), visited


# -- the plain search: exact states, no merging, no bounds ----------------------------------------


def plain_search(
    observation: Observation, time_limit: float | None = None
) -> tuple[TurnValue, int]:
    """The best turn's value by the plain exhaustive search, and the states it visited.

    Cards and spaces are all told apart (no merging of equivalent states), there are no bounds
    and no move ordering; only an exact repeat of a state already solved is skipped. It follows
    the same rules as :func:`best_turn`, which tests and benchmarks compare it with. With
    ``time_limit`` (seconds) it raises ``TimeoutError`` once that is spent.
    """
    _check_mover(observation)
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    start = _start(observation)
    cls = [kind(card) for card in DECK]
    points_of = [start.points[k] for k in cls]
    n0 = len(start.hand)
    points0 = sum(points_of[c.index] for c in start.hand)
    kings0 = sum(1 for c in start.hand if c.is_king)
    hand0 = sum(1 << c.index for c in start.hand)
    piles0 = tuple(
        0
        if not p
        else (p[0].index + 1) * 53 + p[-1].index + 1
        if space.is_cross
        else p[-1].index + 1
        for space, p in zip(SPACES, start.piles, strict=True)
    )
    must_play, kings_first, corners_version = (
        start.must_play,
        start.kings_first,
        start.corners_version,
    )
    only = -1 if start.pending is None else start.pending.index
    memo: dict[tuple[int, tuple[int, ...]], int] = {}
    visited = 0

    def fits(card: int, top: int) -> bool:
        return cls[card] == _CHILD[cls[top]]

    def openings(piles: tuple[int, ...]) -> int:
        cross = [(cls[c // 53 - 1] + 1) * _X + cls[c % 53 - 1] + 1 if c else 0 for c in piles[:4]]
        corners = [cls[c - 1] + 1 if c else 0 for c in piles[4:]]
        return _openings(cross, corners)

    def solve(hand: int, piles: tuple[int, ...], root: bool) -> int:
        nonlocal visited
        key = (hand, piles)
        if key in memo:
            return memo[key]
        visited += 1
        if deadline is not None and not visited & 1023 and time.perf_counter() > deadline:
            raise TimeoutError(f"the plain search ran past {time_limit} s")
        held = [i for i in range(52) if hand >> i & 1]
        n = len(held)
        pts = sum(points_of[i] for i in held)
        kings = sum(1 for i in held if i >= 48)
        if n == 0:
            memo[key] = _pack_stop(n0, points0, kings0, 0)
            return memo[key]
        children: list[tuple[tuple[int, ...], int, int]] = []
        empty_corner = any(piles[s] == 0 for s in range(4, 8))
        forced = kings_first and empty_corner and any(i >= 48 for i in held)
        card_play = False
        for card in held:
            if root and only >= 0 and card != only:
                continue
            for s in range(8):
                code = piles[s]
                if s < 4:
                    if code:
                        ok = fits(card, code % 53 - 1)
                        new = code - code % 53 + card + 1
                    else:
                        ok, new = True, (card + 1) * 54
                else:
                    ok = fits(card, code - 1) if code else card >= 48
                    new = card + 1
                if not ok or (forced and not (s >= 4 and code == 0 and card >= 48)):
                    continue
                card_play = True
                kept = 1 if s >= 4 and corners_version and cls[card] < 2 else 0
                piles2 = (*piles[:s], 0 if kept else new, *piles[s + 1 :])
                children.append((piles2, hand & ~(1 << card), kept))
        if not forced and not (root and only >= 0):
            for s in range(4):
                source = piles[s]
                if not source:
                    continue
                bottom, top = source // 53 - 1, source % 53 - 1
                for t in range(8):
                    code = piles[t]
                    if t == s:
                        continue
                    if code:
                        ok = fits(bottom, (code % 53 if t < 4 else code) - 1)
                    else:
                        ok = t >= 4 and bottom >= 48
                    if not ok:
                        continue
                    kept = 1 if t >= 4 and corners_version and cls[top] < 2 else 0
                    new = code - code % 53 + top + 1 if t < 4 else (0 if kept else top + 1)
                    moved = list(piles)
                    moved[s], moved[t] = 0, new
                    children.append((tuple(moved), hand, kept))
        can_stop = not forced and not (must_play and card_play) and not (root and only >= 0)
        best = (
            _pack_stop(n0 - n, points0 - pts, kings0 - kings, openings(piles)) if can_stop else -1
        )
        for piles2, hand2, kept in children:
            value = solve(hand2, piles2, False) - 1 + (kept << _SH_KEPT)
            if value > best:
                best = value
        memo[key] = best
        return best

    value = solve(hand0, piles0, True)
    return TurnValue.unpack(value), visited


# -- the plan ------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class TurnPlan:
    """The best way to play out the mover's turn from here."""

    moves: tuple[Move, ...]
    """The moves in order, each legal after the ones before; the last ends the turn (``draw`` or
    ``pass``) unless the hand empties."""
    cards_played: int
    """Cards the plan plays from hand: the most the rest of this turn can shed."""
    explanations: tuple[str, ...]
    """One sentence per move, in a learner's words."""
    states_visited: int
    """States the search looked at (after merging equivalent ones)."""
    goes_out: bool
    """True when the plan empties the hand."""
    value: TurnValue
    """Everything the plan achieves, in tie-break order."""
    player: int
    """The mover (1-based)."""
    tie_break_proven: bool = True
    """False on the rare turn where proving the openings and moves tie-breaks ran past
    :data:`TIE_BREAK_BUDGET` states (or the caller's budget); when :attr:`exact`, the cards,
    corners, points and kings shed are proven regardless."""
    exact: bool = True
    """True when the search proved that no turn sheds more (cards, then corners, points and
    kings); False when the :class:`Budget` ran out first and this is the best turn found in it."""

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards the plan plays, in order."""
        return tuple(m.card for m in self.moves if isinstance(m, PlayCard))

    def describe(self) -> str:
        """The plan in words, one numbered line per move.

        >>> from kingscorner_widget import Game
        >>> line = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
        >>> print(best_turn(Game.from_position(line)).describe())
        Best turn for P1: shed 3 cards (4h, Th, Ks) and go out.
        1. 4h>S: Play the red 4 (4h) on the black 5 (5s) on the south pile.
        2. Th>N: Play the red 10 (Th) on the black jack (Jc) on the north pile.
        3. Ks>NE: Put the black king (Ks) in the empty north-east corner.
        """
        played = ", ".join(map(str, self.cards))
        if self.goes_out:
            head = f"shed {count_words(self.cards_played)} ({played}) and go out"
        elif self.cards_played:
            head = f"shed {count_words(self.cards_played)} ({played})"
        else:
            head = "no card can be shed this turn"
        lines = [f"Best turn for P{self.player}: {head}."]
        for i, (move, text) in enumerate(zip(self.moves, self.explanations, strict=True), 1):
            lines.append(f"{i}. {move}: {text}")
        return "\n".join(lines)


def _check_mover(observation: Observation) -> None:
    if observation.over:
        raise ValueError("the hand is over: there is no turn to plan")
    if observation.player != observation.turn:
        raise ValueError(
            f"it is P{observation.turn}'s turn, not P{observation.player}'s: "
            "only the player to move can plan a turn"
        )


def as_observation(source: Game | Observation) -> Observation:
    """The mover's observation of a game, or ``source`` itself when it is one."""
    if isinstance(source, Observation):
        return source
    return source.observation(source.turn)


def best_turn(source: Game | Observation, budget: Budget | None = None) -> TurnPlan:
    """The best turn for the player to move: the most cards shed, ties broken as the module says.

    Given a :class:`Game`, only the mover's observation of it is used. With a ``budget`` the
    search stops once it is spent and returns the best turn found, with ``exact`` false;
    without one it runs until the best turn is proven.

    >>> from kingscorner_widget import Game
    >>> line = "N:9d E:4c S:5s W:8s7h NE:- SE:- SW:- NW:- P1:Qh6c P2:?7 stock:38 turn:P1"
    >>> best_turn(Game.from_position(line), Budget(states=1000)).exact
    True
    """
    if budget is not None and not isinstance(budget, Budget):
        raise TypeError(f"budget must be a Budget or None, not {type(budget).__name__}")
    observation = as_observation(source)
    _check_mover(observation)
    start = _start(observation)
    value, path, visited, exact, proven = _search_within(start, limit=budget)
    game = observation.sample_game(random.Random(0))
    moves: list[Move] = list(_realise(start, path))
    for move in moves:
        reason = game.violation(move)
        if reason is not None:  # pragma: no cover - a disagreement with the engine is a bug
            raise AssertionError(f"the best-turn search planned an illegal move {move}: {reason}")
        game.play(move)
    if not game.is_over():
        end = game.end_move()
        reason = game.violation(end)
        if reason is not None:  # pragma: no cover
            raise AssertionError(f"the best-turn search cannot end its turn: {reason}")
        moves.append(end)
    result = TurnValue.unpack(value)
    return TurnPlan(
        moves=tuple(moves),
        cards_played=result.cards,
        explanations=move_sentences(observation.piles, observation.hand, moves),
        states_visited=visited,
        goes_out=result.cards == len(observation.hand),
        value=result,
        player=observation.player,
        tie_break_proven=proven,
        exact=exact,
    )


def _realise(start: _Start, path: Sequence[_CanonMove]) -> list[PlayCard | MovePile]:
    """Turn moves over merged states into real moves, choosing the first matching space and card."""
    piles = [list(p) for p in start.piles]
    hand = list(start.hand)

    def code(space: Space) -> int:
        pile = piles[space.index]
        if not pile:
            return 0
        if space.is_corner:
            return kind(pile[-1]) + 1
        return (kind(pile[0]) + 1) * _X + kind(pile[-1]) + 1

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
        if start.corners_version and target.is_corner and piles[target.index][-1].rank == 1:
            piles[target.index].clear()
        moves.append(move)
    return moves
