"""Who sits with whom in a round of a class tournament: a round robin for a few players, Swiss
pairing by points for many. Plain functions of names and numbers (no game, no randomness of
their own): the tournament hands them the players present, in its standings order, and draws
ties with its own seeded generator, so a round can be drawn again and comes out the same.

**Round robin** (:func:`circle_rounds`): the circle method. One player stays put and the others
turn around them a place each round, so with ``n`` players (an even number) everyone meets
everyone else exactly once in ``n - 1`` rounds; with an odd number an empty seat joins the circle
and whoever is drawn against it has a bye that round (``n`` rounds, one bye each).

>>> for pairs in circle_rounds(["Ada", "Ben", "Cy"]):
...     print(pairs)
[('Ada', None), ('Ben', 'Cy')]
[('Cy', 'Ada'), (None, 'Ben')]
[('Ada', 'Ben'), ('Cy', None)]

**Swiss, tables of two** (:func:`swiss_pairs`): players with the same points meet when they can.
The rules, most important first:

1. with an odd number present, the bye goes to someone who has had the fewest byes;
2. no two players meet again while a pairing exists in which they do not;
3. the bye goes to the lowest placed of those players;
4. players are paired as close in points as can be, then as close in the standings.

One maximum-weight matching (NetworkX's, exact with whole-number weights) weighs every pair
by these rules in that order, so no lower rule can outweigh a higher one.

>>> swiss_pairs(["Ada", "Ben", "Cy", "Dee", "Eve"], points={"Ada": 2, "Ben": 2, "Cy": 1},
...             met={frozenset({"Ada", "Ben"}): 1})
([('Ada', 'Cy'), ('Ben', 'Dee')], 'Eve')

**Swiss, tables of three or four** (:func:`swiss_tables`): the players are split into as few
tables as the seats allow, of sizes as even as possible (seven players at tables of four: a
table of four and a table of three), so nobody sits out. The tables are filled in turn from the
top of the standings: each takes the highest placed player not yet seated, then, one seat at a
time, the highest placed player who has met the fewest of those already at the table. Then,
while swapping two players between tables lowers the number of meetings again, the swap that
lowers it most (the highest placed players first) is made. (Finding the seating with the fewest
meetings again of all is a puzzle too hard to solve exactly for a class; no single swap can
improve the one drawn.)

>>> swiss_tables(["Ada", "Ben", "Cy", "Dee", "Eve", "Fin", "Gus"], seats=4,
...              met={frozenset({"Ada", "Ben"}): 1})
[('Ada', 'Cy', 'Dee', 'Eve'), ('Ben', 'Fin', 'Gus')]
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from fractions import Fraction

__all__ = [
    "Met",
    "circle_rounds",
    "met_count",
    "repeats",
    "swiss_pairs",
    "swiss_tables",
    "table_sizes",
]

Met = Mapping[frozenset[str], int]
"""How many hands each pair of players has played at one table (pairs never met are absent)."""


def met_count(met: Met, a: str, b: str) -> int:
    """How many times ``a`` and ``b`` have sat at one table.

    >>> met_count({frozenset({"Ada", "Ben"}): 2}, "Ben", "Ada"), met_count({}, "Ada", "Cy")
    (2, 0)
    """
    return met.get(frozenset((a, b)), 0)


def circle_rounds(players: Sequence[str]) -> list[list[tuple[str | None, str | None]]]:
    """Every round of a round robin among ``players``, by the circle method: a list of rounds,
    each a list of pairs, ``None`` standing for the empty seat (a bye).

    The first player stays put; each round the others move one place round the circle. Pairs
    are written with the player who moves first on the left, alternating round by round for
    the player who stays put.

    >>> rounds = circle_rounds(["Ada", "Ben", "Cy", "Dee"])
    >>> len(rounds), rounds[0]
    (3, [('Ada', 'Dee'), ('Ben', 'Cy')])
    >>> circle_rounds(["Ada", "Ada"])
    Traceback (most recent call last):
    ...
    ValueError: a round robin needs every player once: Ada is listed twice
    """
    _check_distinct(players, "a round robin")
    if len(players) < 2:
        raise ValueError("a round robin needs at least two players")
    ring: list[str | None] = list(players)
    if len(ring) % 2:
        ring.append(None)
    n = len(ring)
    rounds = []
    for number in range(n - 1):
        pairs = [(ring[i], ring[n - 1 - i]) for i in range(n // 2)]
        if number % 2:
            pairs[0] = (pairs[0][1], pairs[0][0])
        rounds.append(pairs)
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return rounds


def swiss_pairs(
    ranked: Sequence[str],
    *,
    points: Mapping[str, Fraction | int] | None = None,
    met: Met | None = None,
    byes: Mapping[str, int] | None = None,
) -> tuple[list[tuple[str, str]], str | None]:
    """Tables of two for the players ``ranked`` (best placed first), and who has the bye
    (``None`` with an even number), by the four rules in the module's docstring.

    ``points`` gives each player's points (absent: 0), ``met`` how often each pair has met,
    ``byes`` each player's byes so far. The higher placed player of each pair is written first.

    >>> swiss_pairs(["Ada", "Ben", "Cy", "Dee"])
    ([('Ada', 'Ben'), ('Cy', 'Dee')], None)
    >>> swiss_pairs(["Ada", "Ben", "Cy"], byes={"Cy": 1})
    ([('Ada', 'Cy')], 'Ben')
    """
    _check_distinct(ranked, "a round")
    points = points or {}
    met = met or {}
    byes = byes or {}
    n = len(ranked)
    if n == 0:
        raise ValueError("nobody is present to pair")
    if n == 1:
        return [], ranked[0]
    place = {name: i for i, name in enumerate(ranked)}
    scale = math.lcm(*(Fraction(points.get(p, 0)).denominator for p in ranked))

    def whole(p: str) -> int:
        return int(Fraction(points.get(p, 0)) * scale)

    edges = (n + 1) // 2  # pairs in a pairing, the bye's included
    fewest = min(byes.get(p, 0) for p in ranked)
    # Each level's largest total over a whole pairing, plus one, is the next level's unit.
    spread = max(whole(p) for p in ranked) - min(whole(p) for p in ranked)
    unit_near = edges * n + 1
    unit_points = unit_near
    unit_bye_place = unit_points * (edges * spread * spread + 1) + unit_near
    unit_repeat = unit_bye_place * n + unit_bye_place
    most_met = max([*met.values(), 0])
    unit_extra_bye = unit_repeat * (edges * most_met + 1) + unit_repeat

    import networkx  # here, not at the top: a table that holds no tournament never loads it

    graph: networkx.Graph[str] = networkx.Graph()
    costs = []
    for a, b in itertools.combinations(ranked, 2):
        cost = (
            unit_repeat * met_count(met, a, b)
            + unit_points * (whole(a) - whole(b)) ** 2
            + abs(place[a] - place[b])
        )
        costs.append((a, b, cost))
    if n % 2:  # the empty seat is a node of its own, "" (no player's name)
        for p in ranked:
            extra = byes.get(p, 0) - fewest
            cost = unit_extra_bye * extra + unit_bye_place * (n - 1 - place[p])
            costs.append((p, "", cost))
    top = max(cost for *_, cost in costs) + 1
    for a, b, cost in costs:
        graph.add_edge(a, b, weight=top - cost)
    matching = networkx.max_weight_matching(graph, maxcardinality=True)
    pairs: list[tuple[str, str]] = []
    sitting_out: str | None = None
    for a, b in matching:
        if "" in (a, b):
            sitting_out = b if a == "" else a
        else:
            pairs.append((a, b) if place[a] < place[b] else (b, a))
    pairs.sort(key=lambda pair: place[pair[0]])
    return pairs, sitting_out


def table_sizes(players: int, seats: int) -> list[int]:
    """How many sit at each table when ``players`` are seated at tables of up to ``seats``: as
    few tables as the seats allow, sizes as even as possible, the larger tables first. At tables
    of two an odd player out is left over (a size of 1: the bye).

    >>> table_sizes(7, 4), table_sizes(9, 4), table_sizes(5, 3), table_sizes(5, 2)
    ([4, 3], [3, 3, 3], [3, 2], [2, 2, 1])
    """
    if not 2 <= seats <= 4:
        raise ValueError(f"a table has 2 to 4 seats, not {seats}")
    if players < 1:
        raise ValueError("nobody is present to seat")
    if seats == 2:
        return [2] * (players // 2) + [1] * (players % 2)
    tables = -(-players // seats)
    small, extra = divmod(players, tables)
    return [small + 1] * extra + [small] * (tables - extra)


def swiss_tables(
    ranked: Sequence[str], *, seats: int, met: Met | None = None
) -> list[tuple[str, ...]]:
    """Tables of three or four for the players ``ranked`` (best placed first), filled from the
    top of the standings as the module's docstring says. Each table lists its players in
    standings order. Nobody sits out unless only one player is present (a table of one: a bye).

    >>> swiss_tables(["Ada", "Ben", "Cy", "Dee", "Eve", "Fin"], seats=3)
    [('Ada', 'Ben', 'Cy'), ('Dee', 'Eve', 'Fin')]
    """
    _check_distinct(ranked, "a round")
    if seats not in (3, 4):
        raise ValueError(f"swiss_tables seats tables of 3 or 4, not {seats}: use swiss_pairs")
    met = met or {}
    left = list(ranked)
    tables: list[list[str]] = []
    for size in table_sizes(len(ranked), seats):
        table: list[str] = [left.pop(0)]
        while len(table) < size:
            best = min(
                range(len(left)),
                key=lambda i: (sum(met_count(met, left[i], s) for s in table), i),
            )
            table.append(left.pop(best))
        tables.append(table)
    _swap_apart(tables, met, {name: i for i, name in enumerate(ranked)})
    return [tuple(sorted(table, key=ranked.index)) for table in tables]


def repeats(tables: Sequence[Sequence[str]], met: Met) -> int:
    """How many times the players at each table have met before, summed over every pair.

    >>> repeats([("Ada", "Ben", "Cy")], {frozenset({"Ada", "Cy"}): 2})
    2
    """
    return sum(
        met_count(met, a, b) for table in tables for a, b in itertools.combinations(table, 2)
    )


def _swap_apart(tables: list[list[str]], met: Met, place: Mapping[str, int]) -> None:
    """Swap players between tables while a swap lowers the meetings again (the best swap each
    time; among equals, the one moving the highest placed players)."""

    def cost(table: Sequence[str], out: str, into: str) -> int:
        return sum(met_count(met, into, p) for p in table if p != out)

    while True:
        best: tuple[int, int, int, int, int] | None = None
        for (i, t), (j, u) in itertools.combinations(enumerate(tables), 2):
            for a in t:
                for b in u:
                    gain = (cost(t, a, a) + cost(u, b, b)) - (cost(t, a, b) + cost(u, b, a))
                    if gain > 0:
                        key = (-gain, place[a], place[b], i, j)
                        if best is None or key < best:
                            best = key
        if best is None:
            return
        _, pa, pb, i, j = best
        a = next(p for p in tables[i] if place[p] == pa)
        b = next(p for p in tables[j] if place[p] == pb)
        tables[i][tables[i].index(a)] = b
        tables[j][tables[j].index(b)] = a


def _check_distinct(players: Sequence[str], what: str) -> None:
    seen: set[str] = set()
    for name in players:
        if name in seen:
            raise ValueError(f"{what} needs every player once: {name} is listed twice")
        seen.add(name)
