"""The tournament's pairing, checked against plain enumeration: a round robin meets every pair
exactly once, Swiss pairing never repeats a pairing that some other pairing avoids, everyone
present plays or sits out once, and byes go round before anyone has a second."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kingscorner_widget.classroom.pairing import (
    circle_rounds,
    met_count,
    repeats,
    swiss_pairs,
    swiss_tables,
    table_sizes,
)

NAMES = [f"Kid {i}" for i in range(40)]
SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(st.integers(min_value=2, max_value=24))
def test_a_round_robin_meets_every_pair_exactly_once(n: int) -> None:
    players = NAMES[:n]
    rounds = circle_rounds(players)
    assert len(rounds) == (n - 1 if n % 2 == 0 else n)
    meetings: Counter[frozenset[str]] = Counter()
    byes: Counter[str] = Counter()
    for pairs in rounds:
        seated = [p for pair in pairs for p in pair if p is not None]
        assert sorted(seated) == sorted(players), "everyone once a round"
        for a, b in pairs:
            if a is None or b is None:
                byes[a or b or ""] += 1
            else:
                meetings[frozenset((a, b))] += 1
    assert set(meetings) == {frozenset(pair) for pair in itertools.combinations(players, 2)}
    assert set(meetings.values()) == {1}
    assert byes == (Counter(players) if n % 2 else Counter())


def test_a_round_robin_refuses_a_name_twice_or_a_lone_player() -> None:
    with pytest.raises(ValueError, match="Ada is listed twice"):
        circle_rounds(["Ada", "Ben", "Ada"])
    with pytest.raises(ValueError, match="at least two"):
        circle_rounds(["Ada"])


def _matchings(nodes: Sequence[str | None]) -> Iterator[list[tuple[str | None, str | None]]]:
    """Every way of splitting ``nodes`` (an even number) into pairs."""
    if not nodes:
        yield []
        return
    first, rest = nodes[0], list(nodes[1:])
    for i, other in enumerate(rest):
        for tail in _matchings(rest[:i] + rest[i + 1 :]):
            yield [(first, other), *tail]


@st.composite
def histories(draw: st.DrawFn) -> tuple[list[str], dict[frozenset[str], int], dict[str, int]]:
    n = draw(st.integers(min_value=1, max_value=9))
    players = NAMES[:n]
    pairs = [frozenset(p) for p in itertools.combinations(players, 2)]
    met = {p: draw(st.integers(min_value=0, max_value=2)) for p in pairs}
    byes = {p: draw(st.integers(min_value=0, max_value=2)) for p in players}
    return players, {p: m for p, m in met.items() if m}, byes


@SETTINGS
@given(histories(), st.data())
def test_swiss_repeats_no_pairing_while_one_can_be_avoided(
    history: tuple[list[str], dict[frozenset[str], int], dict[str, int]], data: st.DataObject
) -> None:
    players, met, byes = history
    points = {p: Fraction(data.draw(st.integers(min_value=0, max_value=4)), 2) for p in players}
    ranked = sorted(players, key=lambda p: -points[p])
    pairs, bye = swiss_pairs(ranked, points=points, met=met, byes=byes)

    seated = [p for pair in pairs for p in pair] + ([bye] if bye is not None else [])
    assert sorted(seated) == sorted(players), "everyone present plays or has the bye, once"
    assert (bye is not None) == (len(players) % 2 == 1)
    fewest = min(byes.values())
    if bye is not None:
        assert byes[bye] == fewest, "nobody has a second bye while someone has had fewer"

    def repeats(matching: Sequence[tuple[str | None, str | None]]) -> int:
        return sum(met_count(met, a, b) for a, b in matching if a is not None and b is not None)

    nodes: list[str | None] = [*players, None] if len(players) % 2 else list(players)
    allowed = [
        m
        for m in _matchings(nodes)
        if all(
            byes[a or b or ""] == fewest for a, b in m if a is None or b is None
        )  # the bye rule comes first
    ]
    assert repeats(pairs) == min(repeats(m) for m in allowed)
    if bye is not None:  # among those, the lowest placed player who leaves no worse repeats
        best = min(repeats(m) for m in allowed)
        lowest = max(
            (
                ranked.index(a or b or "")
                for m in allowed
                if repeats(m) == best
                for a, b in m
                if a is None or b is None
            ),
        )
        assert ranked.index(bye) == lowest


def test_swiss_pairs_by_points_first() -> None:
    ranked = ["Ada", "Ben", "Cy", "Dee"]
    points = {"Ada": 2, "Ben": 1, "Cy": 1, "Dee": 0}
    # Ada and Ben are the closest in points at the top, but they have met.
    pairs, bye = swiss_pairs(ranked, points=points, met={frozenset({"Ada", "Ben"}): 1})
    assert bye is None
    assert pairs == [("Ada", "Cy"), ("Ben", "Dee")]


@SETTINGS
@given(st.integers(min_value=1, max_value=40), st.sampled_from([2, 3, 4]))
def test_tables_seat_everyone_at_even_sizes(players: int, seats: int) -> None:
    sizes = table_sizes(players, seats)
    assert sum(sizes) == players
    assert max(sizes) <= seats
    if seats == 2:
        assert sizes.count(1) == players % 2
    else:
        assert max(sizes) - min(sizes) <= 1
        assert min(sizes) >= 2 or players == 1
        assert len(sizes) == -(-players // seats), "as few tables as the seats allow"


@SETTINGS
@given(st.integers(min_value=1, max_value=30), st.sampled_from([3, 4]))
def test_swiss_tables_seat_everyone_once(n: int, seats: int) -> None:
    players = NAMES[:n]
    met = {frozenset(p): 1 for p in itertools.combinations(players[: n // 2], 2)}
    tables = swiss_tables(players, seats=seats, met=met)
    assert sorted(p for t in tables for p in t) == sorted(players)
    assert [len(t) for t in tables] == table_sizes(n, seats)


def test_swiss_tables_keep_apart_players_who_have_met_when_they_can() -> None:
    players = ["Ada", "Ben", "Cy", "Dee", "Eve", "Fin"]
    met = {frozenset({"Ada", "Ben"}): 1, frozenset({"Ada", "Cy"}): 1, frozenset({"Ben", "Cy"}): 1}
    met |= {frozenset({"Dee", "Eve"}): 1}
    tables = swiss_tables(players, seats=3, met=met)
    # Ada, Ben and Cy cannot all sit apart at two tables, but Dee and Eve can.
    assert repeats(tables, met) == 1


@SETTINGS
@given(st.integers(min_value=3, max_value=16), st.sampled_from([3, 4]), st.data())
def test_no_single_swap_seats_fewer_players_together_again(
    n: int, seats: int, data: st.DataObject
) -> None:
    players = NAMES[:n]
    pairs = list(itertools.combinations(players, 2))
    chosen = data.draw(st.lists(st.sampled_from(pairs), max_size=3 * n))
    met = dict(Counter(frozenset(p) for p in chosen))
    tables = swiss_tables(players, seats=seats, met=met)
    drawn = repeats(tables, met)
    for (i, t), (j, u) in itertools.combinations(enumerate(tables), 2):
        for a in t:
            for b in u:
                swapped = [list(x) for x in tables]
                swapped[i][t.index(a)] = b
                swapped[j][u.index(b)] = a
                assert repeats(swapped, met) >= drawn
