"""The solver: a depth-first search over merged states with a table of solved states and bounds.

States are merged: two cards of one kind play alike, and so do the side spaces among themselves
and the corners among themselves, so a state is the hand's kinds and the sorted pile codes (see
:mod:`.kinds`). A state solved once is looked up after that, and a state whose bound
(:mod:`.bounds`) cannot beat the best turn found is cut off.

The search runs in two passes. The first proves the coarse value (cards, corners, points and
kings), which the bounds follow tightly; the second proves the openings and moves tie-breaks,
starting from what the first pass's turn already achieves, within :data:`TIE_BREAK_BUDGET` states
(past that it keeps the first pass's turn and says so). A caller's :class:`~.budget.Budget`
bounds both passes: once it is spent the solver returns the best whole turn it has seen.
"""

from __future__ import annotations

import dataclasses
import time

from ...engine.observation import Observation
from ...engine.spaces import CORNERS, CROSS
from .bounds import Bounds
from .budget import Budget
from .kinds import CHILD, KINGS, PARENT, PILE, hand_code, kind, side_code
from .realise import Step, replay_value
from .start import Start
from .value import COARSE, CORNERS_SHIFT, TurnValue, openings, pack_stop

__all__ = ["TIE_BREAK_BUDGET", "Solution", "Solver"]

TIE_BREAK_BUDGET = 300
"""States the second pass may spend proving the openings and moves tie-breaks."""

State = tuple[int, tuple[int, ...], tuple[int, ...]]
"""A merged state: the hand (two bits per kind), the sorted side pile codes, the sorted corners."""
Child = tuple[Step, int, tuple[int, ...], tuple[int, ...], int, int, int, int]
"""A move and the state after it: the move, hand, side piles, corners, cards left in hand, their
points, the kings among them, and 1 when the move finishes a corner."""


class OutOfBudgetError(Exception):
    """The search spent its budget (the caller's, or the tie-break pass's)."""


@dataclasses.dataclass(frozen=True)
class Solution:
    """What the solver proved (or found within its budget)."""

    packed: int
    """The turn's value, packed (see :mod:`.value`)."""
    steps: tuple[Step, ...]
    """The turn's moves over merged states."""
    states: int
    """States visited."""
    exact: bool
    """True when the cards, corners, points and kings are proven best."""
    tie_break_proven: bool
    """True when the openings and moves tie-breaks are proven too."""

    @property
    def value(self) -> TurnValue:
        """The turn's value."""
        return TurnValue.unpack(self.packed)


class Solver:
    """The best turn from ``start``: :meth:`solve` runs the search once.

    ``bounds=False`` explores every merged state in one pass (for tests and benchmarks);
    ``tie_break_budget`` is the second pass's allowance; ``budget`` bounds the whole search.

    >>> from kingscorner_widget import Game
    >>> line = "N:9d E:4c S:5s W:8s7h NE:- SE:- SW:- NW:- P1:Qh6c P2:?7 stock:38 turn:P1"
    >>> solution = Solver.of(Game.from_position(line).observation(1)).solve()
    >>> solution.value.cards, solution.exact, solution.steps[0]
    (2, True, ('c', 10, 0, 419))
    """

    def __init__(
        self,
        start: Start,
        *,
        bounds: bool = True,
        tie_break_budget: int = TIE_BREAK_BUDGET,
        budget: Budget | None = None,
    ) -> None:
        self.start = start
        self.use_bounds = bounds
        self.tie_break_budget = tie_break_budget
        self.budget = budget
        self.points = start.points
        self.hand0 = hand_code(start.hand)
        self.n0 = len(start.hand)
        self.points0 = sum(start.points[kind(c)] for c in start.hand)
        self.kings0 = sum(1 for c in start.hand if c.is_king)
        self.cross0 = tuple(
            sorted(
                side_code(kind(p[0]), kind(p[-1])) if p else 0
                for p in (start.piles[s.index] for s in CROSS)
            )
        )
        self.corners0 = tuple(
            sorted(kind(p[-1]) + 1 if p else 0 for p in (start.piles[s.index] for s in CORNERS))
        )
        self.only = -1 if start.pending is None else kind(start.pending)
        self.bounds = Bounds(
            start.points, start.corners_version, self.n0, self.points0, self.kings0
        )
        self.memo: dict[State, tuple[int, bool, Child | None]] = {}
        self.visited = 0
        self.step = 0
        """What each move costs: 0 in the coarse pass, 1 once openings and moves count."""
        self.mask = COARSE
        self.pass_limit = 1 << 62
        self.states_limit = 1 << 62 if budget is None or budget.states is None else budget.states
        self.deadline: float | None = None
        self.line: list[Step] = []
        """The moves from the root to the state being solved."""
        self.offset = 0
        """Corners finished along :attr:`line` less its cost in moves, packed."""
        self.found: tuple[int, list[Step]] | None = None
        """The best whole turn seen (its packed value and moves), for a search cut short."""

    @classmethod
    def of(
        cls,
        observation: Observation,
        *,
        bounds: bool = True,
        tie_break_budget: int = TIE_BREAK_BUDGET,
        budget: Budget | None = None,
    ) -> Solver:
        """A solver for the mover's ``observation`` (the options as for the constructor)."""
        return cls(
            Start.of(observation),
            bounds=bounds,
            tie_break_budget=tie_break_budget,
            budget=budget,
        )

    # -- the moves ---------------------------------------------------------------------------

    def kings_to_corner(
        self,
        hand: int,
        cross: tuple[int, ...],
        corners: tuple[int, ...],
        n: int,
        pts: int,
        kings: int,
    ) -> list[Child]:
        """Each king in hand played into an empty corner (corners of one kind are alike)."""
        return [
            (
                ("c", k, 1, 0),
                hand - (1 << 2 * k),
                cross,
                tuple(sorted((*corners[1:], k + 1))),
                n - 1,
                pts - self.points[k],
                kings - 1,
                0,
            )
            for k in KINGS
            if hand >> 2 * k & 3
        ]

    def expand(
        self,
        hand: int,
        cross: tuple[int, ...],
        corners: tuple[int, ...],
        n: int,
        pts: int,
        kings: int,
    ) -> tuple[list[Child], bool]:
        """Every move from a state (one per merged outcome), and whether the turn may end here."""
        points = self.points
        start = self.start
        corners_version = start.corners_version
        empty_corner = corners[0] == 0
        if start.kings_first and empty_corner and hand >> 48 & 15:
            return self.kings_to_corner(hand, cross, corners, n, pts, kings), False
        children: list[Child] = []
        card_play = False
        prev = -1
        for i in range(4):
            code = cross[i]
            if code == 0 or code == prev:
                continue
            prev = code
            top = code % PILE - 1
            k = CHILD[top]
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
                        pts - points[k],
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
            k = CHILD[code - 1]
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
                        pts - points[k],
                        kings,
                        kept,
                    )
                )
        if empty_corner:
            king_plays = self.kings_to_corner(hand, cross, corners, n, pts, kings)
            card_play = card_play or bool(king_plays)
            children.extend(king_plays)
        prev = -1
        for i in range(4):
            source = cross[i]
            if source == 0 or source == prev:
                continue
            prev = source
            bottom = source // PILE - 1
            top = source % PILE - 1
            rest = (*cross[:i], 0, *cross[i + 1 :])
            if bottom >= 24 and empty_corner:
                kept = 1 if corners_version and top < 2 else 0
                corners2 = tuple(sorted((*corners[1:], 0 if kept else top + 1)))
                children.append(
                    (("p", source, 1, 0), hand, tuple(sorted(rest)), corners2, n, pts, kings, kept)
                )
            parent = PARENT[bottom]
            if parent < 0:
                continue
            seen = -1
            for j in range(4):
                code = rest[j]
                if code == 0 or code == seen or code % PILE - 1 != parent:
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
                    cross2 = tuple(sorted((*cross[1:], (k + 1) * (PILE + 1))))
                    children.append(
                        (
                            ("c", k, 0, 0),
                            hand - (1 << 2 * k),
                            cross2,
                            corners,
                            n - 1,
                            pts - points[k],
                            kings - (k >= 24),
                            0,
                        )
                    )
        return children, not (start.must_play and card_play)

    # -- the search --------------------------------------------------------------------------

    def note(self, value: int) -> None:
        """Record a turn that can stop here with ``value``, if it beats the best seen."""
        if value >= 0 and (self.found is None or value + self.offset > self.found[0]):
            self.found = (value + self.offset, list(self.line))

    def spent(self) -> bool:
        """True once the caller's budget is used up and a whole turn is in hand."""
        if self.found is None:
            return False
        if self.visited > self.states_limit:
            return True
        return (
            self.deadline is not None
            and not self.visited & 63
            and time.perf_counter() > self.deadline
        )

    def stop_value(
        self, cross: tuple[int, ...], corners: tuple[int, ...], n: int, pts: int, kings: int
    ) -> int:
        """The value of ending the turn in this state (corners finished are counted on the way)."""
        return (
            pack_stop(
                self.n0 - n,
                self.points0 - pts,
                self.kings0 - kings,
                openings(cross, corners) if n else 0,
            )
            & self.mask
        )

    def search(
        self,
        hand: int,
        cross: tuple[int, ...],
        corners: tuple[int, ...],
        n: int,
        pts: int,
        kings: int,
        alpha: int,
        root: bool,
    ) -> int:
        """The best value of the rest of the turn from a state, or any value at most ``alpha``
        once the state is shown unable to beat it."""
        key = (hand, cross, corners)
        memo = self.memo
        entry = memo.get(key)
        if entry is not None and (entry[1] or entry[0] <= alpha):
            return entry[0]
        self.visited += 1
        if self.visited > self.pass_limit or (self.found is not None and self.spent()):
            raise OutOfBudgetError
        mask = self.mask
        if n == 0:
            value = self.stop_value(cross, corners, 0, pts, kings)
            self.note(value)
            memo[key] = (value, True, None)
            return value
        children, can_stop = self.expand(hand, cross, corners, n, pts, kings)
        if root and self.only >= 0:
            children = [c for c in children if c[0][0] == "c" and c[0][1] == self.only]
            can_stop = False
        best = self.stop_value(cross, corners, n, pts, kings) if can_stop else -1
        self.note(best)
        best_child: Child | None = None
        top = (
            self.bounds.of(hand, cross, corners, n, pts, kings) & mask
            if self.use_bounds
            else 1 << 62
        )
        if top <= alpha:
            memo[key] = (top, False, None)
            return top
        if best < top:
            step = self.step
            line = self.line
            for child in children:
                kept = child[7] << CORNERS_SHIFT
                floor = best if best > alpha else alpha
                line.append(child[0])
                self.offset += kept - step
                value = self.search(*child[1:7], floor + step - kept, False) - step + kept
                self.offset -= kept - step
                line.pop()
                if value > best:
                    best, best_child = value, child
                    if best >= top:
                        break
        memo[key] = (best, best > alpha, best_child)
        return best

    def principal(self) -> list[Step]:
        """The moves of the best turn the last pass proved, from the table of solved states."""
        path: list[Step] = []
        entry = self.memo[(self.hand0, self.cross0, self.corners0)]
        while entry[2] is not None:
            child = entry[2]
            path.append(child[0])
            entry = self.memo[(child[1], child[2], child[3])]
        return path

    def solve(self) -> Solution:
        """Run the search (once per solver)."""
        budget = self.budget
        if budget is not None and budget.seconds is not None:
            self.deadline = time.perf_counter() + budget.seconds
        root = (self.hand0, self.cross0, self.corners0, self.n0, self.points0, self.kings0)
        if not self.use_bounds:
            self.step, self.mask = 1, -1
        try:
            value = self.search(*root, -1, True)
        except OutOfBudgetError:
            assert self.found is not None
            path = self.found[1]
            return Solution(replay_value(self.start, path), tuple(path), self.visited, False, False)
        path = self.principal()
        if not self.use_bounds:
            return Solution(value, tuple(path), self.visited, True, True)
        # The full value (openings and moves too), from what the coarse turn already achieves.
        floor = replay_value(self.start, path)
        self.memo = {}
        self.step, self.mask = 1, -1
        self.pass_limit = self.visited + self.tie_break_budget
        try:
            value = self.search(*root, floor - 1, True)
        except OutOfBudgetError:
            return Solution(floor, tuple(path), self.visited, True, False)
        return Solution(value, tuple(self.principal()), self.visited, True, True)
