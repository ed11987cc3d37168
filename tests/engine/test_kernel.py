"""One rule kernel: nothing outside ``engine/`` compares ranks or colours, and the openings
measure is the same everywhere it is used.

The code test reads every module of the package outside ``engine/`` (its syntax tree, not its
text) and fails on a comparison that decides a rule by hand: one that reads a card's ``rank``,
``red``, ``colour``, ``suit`` or ``takes``, names ``Rank``, ``Colour`` or ``Suit``,
compares with a king's or an ace's threshold on the deck or kind numbering (a literal 48 or 24,
a name such as ``_KING`` or ``ACE``), or works a rank or colour out of a card's index by
arithmetic (``// 4``, ``% 4``, ``>> 2``). Those questions go to
:mod:`kingscorner_widget.engine.kernel`.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from kingscorner_widget import Game, Rules
from kingscorner_widget.analysis.judging import review as review_module
from kingscorner_widget.analysis.players import expert
from kingscorner_widget.analysis.search import kinds, turn_search, value
from kingscorner_widget.analysis.search.playout import PlayoutState
from kingscorner_widget.analysis.search.solver import Solver
from kingscorner_widget.engine import kernel
from kingscorner_widget.engine.cards import DECK
from kingscorner_widget.engine.spaces import CORNERS, CROSS, SPACES

PACKAGE = Path(kernel.__file__).parent.parent
CARD_ATTRIBUTES = {"rank", "red", "colour", "suit", "takes"}
"""A card's attributes that hold its rank or colour (``kind`` is also an end of turn's and an
intent's attribute: a card's kind compares with ``takes``, which is caught)."""
ENUMS = {"Rank", "Colour", "Suit"}
THRESHOLDS = {48, 24}
"""The first king's card index and the first king's kind."""
CARD_ARITHMETIC = {(ast.FloorDiv, 4), (ast.Mod, 4), (ast.RShift, 2)}


def _names_a_rank(node: ast.expr) -> bool:
    """True for an expression that reads a rank or colour, or a king's or ace's threshold."""
    for part in ast.walk(node):
        if isinstance(part, ast.Attribute) and part.attr in CARD_ATTRIBUTES:
            return True
        if isinstance(part, ast.Name) and (
            part.id in ENUMS or part.id.strip("_").upper() in {"KING", "ACE", "ACE_BELOW"}
        ):
            return True
        if isinstance(part, ast.Constant) and part.value in THRESHOLDS:
            return True
    return False


def rule_comparisons(source: str) -> list[int]:
    """The lines of ``source`` that compare ranks or colours by hand.

    >>> rule_comparisons("ok = card.is_king and len(hand) < 2")
    []
    >>> rule_comparisons("a = card.rank == top.rank - 1\\nb = c >= _KING\\nc = i // 4 + 1")
    [1, 2, 3]
    """
    lines = []
    for node in ast.walk(ast.parse(source)):
        compares = isinstance(node, ast.Compare) and any(
            _names_a_rank(operand) for operand in (node.left, *node.comparators)
        )
        works_out = (
            isinstance(node, ast.BinOp)
            and isinstance(node.right, ast.Constant)
            and (type(node.op), node.right.value) in CARD_ARITHMETIC
        )
        if compares or works_out:
            lines.append(node.lineno)  # type: ignore[attr-defined]
    return sorted(set(lines))


def test_a_comparison_of_ranks_is_found() -> None:
    assert rule_comparisons("if pile[-1].rank > Rank.ACE:\n    pass") == [1]
    assert rule_comparisons("x = KEY[c] if c >= 48 else -1") == [1]
    assert rule_comparisons("same = best >> 2 == high") == [1]
    assert rule_comparisons("fits = card.kind == top.takes") == [1]
    assert rule_comparisons("ends = move.kind == 'draw'") == []


def test_no_rank_or_colour_comparison_outside_the_engine() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if (PACKAGE / "engine") in path.parents:
            continue
        for line in rule_comparisons(path.read_text(encoding="utf-8")):
            found.append(f"{path.relative_to(PACKAGE)}:{line}")
    assert found == [], "ask engine/kernel.py instead: " + ", ".join(found)


def test_the_kernel_agrees_with_the_cards() -> None:
    for card in DECK:
        assert kernel.KIND[card.index] == kinds.kind(card)
        assert kernel.IS_KING[card.index] == card.is_king
        for top in DECK:
            assert kernel.fits(card.index, top.index) == card.fits_on(top)
            assert (kernel.misfit(card.index, top.index) is None) == card.fits_on(top)
    assert kernel.KIND[kernel.NO_CARD] == kernel.NO_CARD
    assert not kernel.IS_KING[kernel.NO_CARD]
    assert not kernel.IS_ACE[kernel.NO_CARD]


def _tables(count: int) -> list[Game]:
    """Seeded tables from random play, with side spaces and corners of every kind."""
    games = []
    for seed in range(count):
        rng = random.Random(seed)
        rules = Rules(players=2 + seed % 3, corners_version=seed % 4 == 0)
        game = Game.new(seed=seed, rules=rules)
        for _ in range(rng.randrange(0, 150)):
            if game.is_over():
                break
            game.play(rng.choice(game.legal_moves()))
        games.append(game)
    return games


def by_hand(game: Game) -> int:
    """The openings measure, written out here from its definition: 26 for each empty side
    space, plus one for each kind of card (rank and colour) that fits on a pile's top or, a
    king, in an empty corner."""
    empty = sum(1 for space in CROSS if not game.pile(space))
    kinds_open: set[tuple[int, bool]] = set()
    for space in SPACES:
        pile = game.pile(space)
        if pile:
            kinds_open.update((c.rank, c.red) for c in DECK if c.fits_on(pile[-1]))
        elif space in CORNERS:
            kinds_open.update((c.rank, c.red) for c in DECK if c.is_king)
    return 26 * empty + len(kinds_open)


@pytest.mark.parametrize("chunk", range(2))
def test_the_openings_measure_is_the_same_everywhere(chunk: int) -> None:
    checked = 0
    for game in _tables(60)[chunk::2]:
        want = by_hand(game)
        tops = [p[-1].index if p else kernel.NO_CARD for p in map(game.pile, SPACES)]
        # the kernel, on cards and on kinds
        assert kernel.openings(tops) == want
        assert kernel.openings_of_kinds([kernel.KIND[t] for t in tops]) == want
        # the review and the expert
        assert review_module._openings(game) == want
        assert expert._openings(tops) == want
        # the turn search's play-out state
        state = PlayoutState.from_game(game)
        assert vars(turn_search)["openings"](state.tops) == want  # what its search ranks by
        # the solver's merged codes
        if not game.is_over():
            solver = Solver.of(game.observation(game.turn))
            root = solver.root
            assert value.openings(root.cross, root.corners) == want
        checked += 1
    assert checked == 30
