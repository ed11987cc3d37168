"""The search's bounds, each alone: never below what the reference solver proves."""

from __future__ import annotations

import random

import pytest

from kingscorner_widget import Game, Rules
from kingscorner_widget.analysis import TurnValue
from kingscorner_widget.analysis.search import Solver
from kingscorner_widget.analysis.search.bounds import (
    can_finish,
    corners_bound,
    ladder_table,
    openings_floor,
    relaxed_shed,
    shed_unit,
)
from kingscorner_widget.analysis.search.kinds import CHAINS, kind, side_code
from kingscorner_widget.engine.cards import Card

from .oracle import plain_search
from .test_search import corners_position

UNITS = [shed_unit(1, k >= 24) for k in range(26)]


def k(card: str) -> int:
    return kind(Card.parse(card))


def hand(*cards: str) -> int:
    return sum(1 << 2 * k(card) for card in cards)


def test_a_ladder_hosts_each_card_on_the_rung_above() -> None:
    tops = [0] * 26
    tops[k("Qs")] = 1  # a black queen hosts one red jack
    table = ladder_table(CHAINS[1], hand("Jh", "Jd", "Tc"), tops, [0] * 26, UNITS, 0)
    # Without a new side space: a red jack on the queen and the ten of clubs on it.
    assert table[0] >> 25 == 2
    # With one more side space, the second red jack starts a pile: three cards.
    assert table[-1] >> 25 == 3


def test_a_ladder_counts_the_moves_of_a_pile_freeing_a_space() -> None:
    tops, bottoms = [0] * 26, [0] * 26
    tops[k("9d")] = 1
    bottoms[k("8s")] = 1  # a side pile from the eight of spades can go on the nine
    table = ladder_table(CHAINS[1], 0, tops, bottoms, UNITS, 0)
    assert table[1] & 31 == 8 - 1  # one pile move frees one space


def test_relaxed_shed_keeps_within_the_empty_side_spaces() -> None:
    first = {0: 8, -2: (2 << 25) + 8}
    assert relaxed_shed(first, {0: 8}, empty_cross=1) == (0, 0)
    assert relaxed_shed(first, {0: 8}, empty_cross=2) == (2 << 20, 0)
    assert relaxed_shed(first, {0: 8, 2: 6}, empty_cross=0) == (2 << 20, 2)


def test_corners_bound_counts_cards_per_rung() -> None:
    empty = [0, 0, 0, 0]
    two_of_hearts = [k("2h") + 1, 0, 0, 0]
    assert corners_bound(hand("As"), empty, two_of_hearts) == 1
    assert corners_bound(hand("Ac"), empty, two_of_hearts) == 1
    assert corners_bound(hand("Ah"), empty, two_of_hearts) == 0
    assert corners_bound(0, empty, two_of_hearts) == 0
    # Two corners on one ladder need two black aces.
    both = [k("2h") + 1, k("2d") + 1, 0, 0]
    assert corners_bound(hand("As"), empty, both) == 1
    assert corners_bound(hand("As", "Ac"), empty, both) == 2


def test_corners_bound_moves_side_piles_whole() -> None:
    pile = side_code(k("2s"), k("Ah"))
    keep = hand("Qh")  # a card off the pile's ladder, kept while the pile moves
    assert corners_bound(keep, [pile, 0, 0, 0], [k("2c") + 1, 0, 0, 0]) == 0
    assert corners_bound(keep, [pile, 0, 0, 0], [k("3d") + 1, 0, 0, 0]) == 1


def test_corners_bound_knows_the_turn_ends_with_the_last_card() -> None:
    ace = side_code(k("As"), k("As"))
    three = [k("3s") + 1, 0, 0, 0]
    # The two of hearts is the last card: playing it ends the turn before the ace can follow.
    assert corners_bound(hand("2h"), [ace, 0, 0, 0], three) == 0
    # With another card to keep, the ace's pile follows the two.
    assert corners_bound(hand("2h", "Qs"), [ace, 0, 0, 0], three) == 1
    # With the ace in hand it is the last card and finishes the corner.
    assert corners_bound(hand("2h", "As"), [0, 0, 0, 0], three) == 1


def test_corners_bound_lays_side_piles_end_to_end() -> None:
    # The jack of hearts' corner needs the ten of spades down to the ace of hearts; the two side
    # piles cover them all, but they overlap, so they cannot both go on it.
    corner = [k("Jh") + 1, 0, 0, 0]
    first, second = side_code(k("Ts"), k("3h")), side_code(k("8s"), k("Ah"))
    assert corners_bound(hand("Ts", "Qh"), [first, second, 0, 0], corner) == 0
    third = side_code(k("2s"), k("Ah"))
    assert corners_bound(hand("Qh"), [first, third, 0, 0], corner) == 1


def test_a_new_corner_needs_a_king_and_the_whole_ladder() -> None:
    ladder = [str(c) for c in ("Ks", "Qh", "Js", "Th", "9s", "8h", "7s", "6h", "5s", "4h", "3s")]
    assert corners_bound(hand(*ladder, "2h", "As"), [0] * 4, [0] * 4) == 1
    assert corners_bound(hand(*ladder, "2h"), [0] * 4, [0] * 4) == 0
    assert can_finish([-1], [1] * 13, [])
    assert not can_finish([-1], [0] + [1] * 12, [])


def test_openings_floor_counts_frozen_tops() -> None:
    tops = [0] * 26
    tops[k("9d")] = 2  # two red nines, and no black eight anywhere: one kind stays open
    assert openings_floor(0, tops, [0] * 26, 0, 0) >= 1
    assert openings_floor(hand("8s"), tops, [0] * 26, 0, 0) >= 0


def _states(count: int, seed: int) -> list[tuple[str, Rules]]:
    out = []
    for i in range(count):
        rng = random.Random(seed * 7919 + i)
        rules = Rules(corners_version=True) if i % 2 else Rules()
        out.append((corners_position(rng, hand_size=rng.randint(3, 7)), rules))
    return out


@pytest.mark.parametrize("seed", range(3))
def test_the_bound_of_a_start_is_never_below_the_best_turn(seed: int) -> None:
    checked = 0
    for line, rules in _states(25, seed):
        game = Game.from_position(line, rules=rules)
        solver = Solver.of(game.observation(1))
        bound = TurnValue.unpack(solver.bounds.of(*solver.root))
        try:
            truth, _ = plain_search(game, state_limit=30_000)
        except TimeoutError:
            continue
        checked += 1
        assert bound >= truth, (line, rules.describe())
        if rules.corners_version:
            assert corners_bound(*solver.root[:3]) >= truth.corners
    assert checked >= 18
