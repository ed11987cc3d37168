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
from typing import NamedTuple

from ...engine.kernel import IS_KING_KIND, KINDS
from ...engine.observation import Observation
from ...engine.spaces import CORNERS, CROSS
from .bounds import Bounds
from .budget import Budget
from .kinds import CHILD, KING_BITS, KINGS, PARENT, PILE, hand_code, kind, side_code
from .realise import Step, replay_value
from .start import Start
from .value import COARSE, CORNERS_SHIFT, TurnValue, openings, pack_stop

__all__ = ["TIE_BREAK_BUDGET", "Child", "Node", "Solution", "Solver"]

TIE_BREAK_BUDGET = 300
"""States the second pass may spend proving the openings and moves tie-breaks."""

State = tuple[int, tuple[int, ...], tuple[int, ...]]
"""A merged state's key: the hand (two bits per kind), the sorted side pile codes, the sorted
corners."""


class Node(NamedTuple):
    """A merged state of the search and the counts its value reads."""

    hand: int
    """The hand, two bits per kind (see :func:`~.kinds.hand_code`)."""
    cross: tuple[int, ...]
    """The side piles' codes, sorted."""
    corners: tuple[int, ...]
    """The corners' codes, sorted (empty corners, 0, first)."""
    n: int
    """Cards left in hand."""
    pts: int
    """Their penalty points."""
    kings: int
    """The kings among them."""


class Child(NamedTuple):
    """A move and the state after it."""

    step: Step
    """The move over merged states."""
    node: Node
    """The state after it."""
    kept: int
    """1 when the move finishes a corner (corners version), else 0."""


_new = tuple.__new__


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
        self.root = Node(
            hand_code(start.hand),
            tuple(
                sorted(
                    side_code(kind(p[0]), kind(p[-1])) if p else 0
                    for p in (start.piles[s.index] for s in CROSS)
                )
            ),
            tuple(
                sorted(kind(p[-1]) + 1 if p else 0 for p in (start.piles[s.index] for s in CORNERS))
            ),
            len(start.hand),
            sum(start.points[kind(c)] for c in start.hand),
            sum(1 for c in start.hand if c.is_king),
        )
        """The state the turn starts from."""
        self.only = -1 if start.pending is None else kind(start.pending)
        root = self.root
        self.bounds = Bounds(start.turn, root.n, root.pts, root.kings)
        self.memo: dict[tuple[object, ...], tuple[int, bool, Child | None]] = {}
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

    def kings_to_corner(self, node: Node) -> list[Child]:
        """Each king in hand played into an empty corner (corners of one kind are alike)."""
        hand, cross, corners, n, pts, kings = node
        return [
            _new(
                Child,
                (
                    ("c", k, 1, 0),
                    _new(
                        Node,
                        (
                            hand - (1 << 2 * k),
                            cross,
                            tuple(sorted((*corners[1:], k + 1))),
                            n - 1,
                            pts - self.points[k],
                            kings - 1,
                        ),
                    ),
                    0,
                ),
            )
            for k in KINGS
            if hand >> 2 * k & 3
        ]

    def expand(self, node: Node) -> tuple[list[Child], bool]:
        """Every move from a state (one per merged outcome), and whether the turn may end here."""
        turn = self.start.turn
        empty_corner = node.corners[0] == 0
        if turn.kings_only(bool(node.hand & KING_BITS), empty_corner):
            return self.kings_to_corner(node), False
        children = self.onto_piles(node)
        card_play = bool(children)
        if empty_corner:
            king_plays = self.kings_to_corner(node)
            card_play = card_play or bool(king_plays)
            children.extend(king_plays)
        self.add_pile_moves(children, node, empty_corner)
        if node.cross[0] == 0:
            spaces = self.into_space(node)
            card_play = card_play or bool(spaces)
            children.extend(spaces)
        return children, turn.may_end(pending=False, kings_only=False, can_play=card_play)

    def onto_piles(self, node: Node) -> list[Child]:
        """Each kind of card in hand played onto each merged kind of pile that takes it."""
        hand, cross, corners, n, pts, kings = node
        points = self.points
        children: list[Child] = []
        prev = -1
        for i in range(4):
            code = cross[i]
            if code == 0 or code == prev:
                continue
            prev = code
            top = code % PILE - 1
            k = CHILD[top]
            if k >= 0 and hand >> 2 * k & 3:
                cross2 = tuple(sorted((*cross[:i], code - top + k, *cross[i + 1 :])))
                after = (hand - (1 << 2 * k), cross2, corners, n - 1, pts - points[k], kings)
                children.append(_new(Child, (("c", k, 0, code), _new(Node, after), 0)))
        prev = -1
        for i in range(4):
            code = corners[i]
            if code == 0 or code == prev:
                continue
            prev = code
            k = CHILD[code - 1]
            if k >= 0 and hand >> 2 * k & 3:
                kept = self.finished(k)
                corners2 = tuple(sorted((*corners[:i], 0 if kept else k + 1, *corners[i + 1 :])))
                after = (hand - (1 << 2 * k), cross, corners2, n - 1, pts - points[k], kings)
                children.append(_new(Child, (("c", k, 1, code), _new(Node, after), kept)))
        return children

    def finished(self, top: int) -> int:
        """1 when a pile topped by kind ``top`` finishes its corner (corners version), else 0."""
        return 1 if self.start.turn.finishes_kind(top) else 0

    def add_pile_moves(self, children: list[Child], node: Node, empty_corner: bool) -> None:
        """Append each merged side pile moved onto each merged pile that takes it, or (a king at
        its bottom) into an empty corner."""
        hand, cross, corners, n, pts, kings = node
        finishes_kind = self.start.turn.finishes_kind
        prev = -1
        for i in range(4):
            source = cross[i]
            if source == 0 or source == prev:
                continue
            prev = source
            bottom = source // PILE - 1
            top = source % PILE - 1
            rest = (*cross[:i], 0, *cross[i + 1 :])
            kept = 1 if finishes_kind(top) else 0
            if IS_KING_KIND[bottom] and empty_corner:
                corners2 = tuple(sorted((*corners[1:], 0 if kept else top + 1)))
                after = (hand, tuple(sorted(rest)), corners2, n, pts, kings)
                children.append(_new(Child, (("p", source, 1, 0), _new(Node, after), kept)))
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
                after = (hand, cross2, corners, n, pts, kings)
                children.append(_new(Child, (("p", source, 0, code), _new(Node, after), 0)))
            seen = -1
            for j in range(4):
                code = corners[j]
                if code == 0 or code == seen or code - 1 != parent:
                    continue
                seen = code
                corners2 = tuple(sorted((*corners[:j], 0 if kept else top + 1, *corners[j + 1 :])))
                after = (hand, tuple(sorted(rest)), corners2, n, pts, kings)
                children.append(_new(Child, (("p", source, 1, code), _new(Node, after), kept)))

    def into_space(self, node: Node) -> list[Child]:
        """Each kind of card in hand played into an empty side space (they are all alike)."""
        hand, cross, corners, n, pts, kings = node
        points = self.points
        children: list[Child] = []
        for k in range(KINDS):
            if hand >> 2 * k & 3:
                cross2 = tuple(sorted((*cross[1:], (k + 1) * (PILE + 1))))
                after = (
                    hand - (1 << 2 * k),
                    cross2,
                    corners,
                    n - 1,
                    pts - points[k],
                    kings - IS_KING_KIND[k],
                )
                children.append(_new(Child, (("c", k, 0, 0), _new(Node, after), 0)))
        return children

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

    def stop_value(self, node: Node) -> int:
        """The value of ending the turn in this state (corners finished are counted on the way)."""
        root = self.root
        n = node.n
        return (
            pack_stop(
                root.n - n,
                root.pts - node.pts,
                root.kings - node.kings,
                openings(node.cross, node.corners) if n else 0,
            )
            & self.mask
        )

    def search(self, node: Node, alpha: int, root: bool) -> int:
        """The best value of the rest of the turn from a state, or any value at most ``alpha``
        once the state is shown unable to beat it."""
        key = node[:3]
        memo = self.memo
        entry = memo.get(key)
        if entry is not None and (entry[1] or entry[0] <= alpha):
            return entry[0]
        self.visited += 1
        if self.visited > self.pass_limit or (self.found is not None and self.spent()):
            raise OutOfBudgetError
        if node.n == 0:
            value = self.stop_value(node)
            self.note(value)
            memo[key] = (value, True, None)
            return value
        children, can_stop = self.expand(node)
        if root and self.only >= 0:
            children = [c for c in children if c.step[0] == "c" and c.step[1] == self.only]
            can_stop = False
        best = self.stop_value(node) if can_stop else -1
        self.note(best)
        top = self.bounds.of(*node) & self.mask if self.use_bounds else 1 << 62
        if top <= alpha:
            memo[key] = (top, False, None)
            return top
        best_child: Child | None = None
        if best < top:
            step = self.step
            line = self.line
            for child in children:
                kept = child.kept << CORNERS_SHIFT
                floor = best if best > alpha else alpha
                line.append(child.step)
                self.offset += kept - step
                value = self.search(child.node, floor + step - kept, False) - step + kept
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
        entry = self.memo[self.root[:3]]
        while entry[2] is not None:
            child = entry[2]
            path.append(child.step)
            entry = self.memo[child.node[:3]]
        return path

    def solve(self) -> Solution:
        """Run the search (once per solver)."""
        budget = self.budget
        if budget is not None and budget.seconds is not None:
            self.deadline = time.perf_counter() + budget.seconds
        root = self.root
        if not self.use_bounds:
            self.step, self.mask = 1, -1
        try:
            value = self.search(root, -1, True)
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
            value = self.search(root, floor - 1, True)
        except OutOfBudgetError:
            return Solution(floor, tuple(path), self.visited, True, False)
        return Solution(value, tuple(self.principal()), self.visited, True, True)
