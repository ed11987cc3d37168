"""Reference solvers for the best-turn search, sharing none of its code.

:func:`brute_force` plays every move sequence through the engine's one judge
(:meth:`Game.legal_moves`), for small hands; :func:`plain_search` is a plain exhaustive search over
real cards and spaces, fast enough for hands of ten cards or so. Both skip only exact repeats of a
state and score final tables with their own count of openings.
"""

from __future__ import annotations

from kingscorner_widget import Game
from kingscorner_widget.analysis import TurnValue
from kingscorner_widget.engine.cards import DECK, Card, Rank
from kingscorner_widget.engine.moves import EndTurn
from kingscorner_widget.engine.spaces import CORNERS, CROSS, SPACES


def openings(game: Game) -> int:
    """26 per empty side space plus each rank-and-colour kind that fits a pile or empty corner."""
    kinds: set[tuple[int, bool]] = set()
    empty = 0
    for space in CROSS:
        pile = game.pile(space)
        if not pile:
            empty += 1
        elif pile[-1].rank > 1:
            kinds.add((pile[-1].rank - 1, not pile[-1].red))
    for space in CORNERS:
        pile = game.pile(space)
        if not pile:
            kinds.update({(13, True), (13, False)})
        elif pile[-1].rank > 1:
            kinds.add((pile[-1].rank - 1, not pile[-1].red))
    return 26 * empty + len(kinds)


def brute_force(game: Game) -> TurnValue:
    """The best turn's value for the player to move, by trying everything."""
    game = game.copy()
    mover = game.turn
    count = game.rules.count
    start_hand = list(game.hand())
    start_kept = len(game.kept(mover))
    memo: dict[object, tuple[int, int, int, int, int, int]] = {}

    def score(hand: tuple[Card, ...], moves: int) -> tuple[int, int, int, int, int, int]:
        played = list(start_hand)
        for card in hand:
            played.remove(card)
        corners = (len(game.kept(mover)) - start_kept) // 13
        return (
            len(played),
            corners,
            sum(count.value_of(c) for c in played),
            sum(1 for c in played if c.rank is Rank.KING),
            -(openings(game) if hand else 0),
            -moves,
        )

    def solve() -> tuple[int, int, int, int, int, int]:
        key = (tuple(game.piles().values()), frozenset(game.hand()), len(game.kept(mover)))
        if key in memo:
            return memo[key]
        best: tuple[int, int, int, int, int, int] | None = None
        if game.is_over():
            best = score((), 0)
        else:
            for move in game.legal_moves():
                if isinstance(move, EndTurn):
                    option = score(game.hand(mover), 0)
                else:
                    game.play(move)
                    cards, corners, points, kings, opens, moves = solve()
                    game.undo()
                    option = (cards, corners, points, kings, opens, moves - 1)
                if best is None or option > best:
                    best = option
        assert best is not None, "a turn always has a way on"
        memo[key] = best
        return best

    result = solve()
    return TurnValue(*result)


Score = tuple[int, int, int, int, int, int]


def plain_search(game: Game, state_limit: int | None = None) -> tuple[TurnValue, int]:
    """The best turn's value by a plain exhaustive search over real cards and spaces, and the
    states it visited: the reference the package's solver is checked against on hands too big
    for :func:`brute_force`.

    It shares none of the solver's code: cards and spaces are all told apart (no merging), there
    are no bounds and no move ordering, and it scores with tuples; only an exact repeat of a state
    already solved is skipped. With ``state_limit`` it raises ``TimeoutError`` once it has visited
    that many states: a limit in work, not seconds, so what it checks is the same on a busy machine.
    """
    rules = game.rules
    mover = game.turn
    hand0 = game.hand(mover)
    cards = list(DECK)
    points_of = [rules.count.value_of(card) for card in cards]
    kings_of = [card.rank is Rank.KING for card in cards]
    n0 = len(hand0)
    points0 = sum(points_of[c.index] for c in hand0)
    kings0 = sum(kings_of[c.index] for c in hand0)
    start_hand = sum(1 << c.index for c in hand0)
    # A side pile is (bottom, top) card indices plus one; a corner its top; 0 is empty.
    start_piles = tuple(
        (0, 0)
        if not pile
        else (pile[0].index + 1, pile[-1].index + 1)
        if space.is_cross
        else (0, pile[-1].index + 1)
        for space, pile in ((s, game.pile(s)) for s in SPACES)
    )
    pending = game.pending_card
    only = -1 if pending is None else pending.index
    memo: dict[tuple[int, tuple[tuple[int, int], ...]], Score] = {}
    visited = 0

    def fits(card: int, top: int) -> bool:
        return cards[card].fits_on(cards[top])

    def openings_left(piles: tuple[tuple[int, int], ...]) -> int:
        kinds: set[tuple[int, bool]] = set()
        empty = 0
        for s, (_, top) in enumerate(piles):
            if not top:
                if s < 4:
                    empty += 1
                else:
                    kinds.update({(13, True), (13, False)})
            elif cards[top - 1].rank > 1:
                kinds.add((cards[top - 1].rank - 1, not cards[top - 1].red))
        return 26 * empty + len(kinds)

    def stop(hand: int, piles: tuple[tuple[int, int], ...]) -> Score:
        held = [i for i in range(52) if hand >> i & 1]
        return (
            n0 - len(held),
            0,
            points0 - sum(points_of[i] for i in held),
            kings0 - sum(kings_of[i] for i in held),
            -(openings_left(piles) if held else 0),
            0,
        )

    def solve(hand: int, piles: tuple[tuple[int, int], ...], root: bool) -> Score:
        nonlocal visited
        key = (hand, piles)
        if key in memo:
            return memo[key]
        visited += 1
        if state_limit is not None and visited > state_limit:
            raise TimeoutError(f"the plain search ran past {state_limit} states")
        if not hand:
            memo[key] = stop(hand, piles)
            return memo[key]
        held = [i for i in range(52) if hand >> i & 1]
        children: list[tuple[int, tuple[tuple[int, int], ...], int]] = []
        empty_corner = any(not piles[s][1] for s in range(4, 8))
        forced = rules.kings_first and empty_corner and any(kings_of[i] for i in held)
        card_play = False
        for card in held:
            if root and only >= 0 and card != only:
                continue
            for s in range(8):
                bottom, top = piles[s]
                if forced and not (s >= 4 and not top and kings_of[card]):
                    continue
                if top:
                    if not fits(card, top - 1):
                        continue
                elif s >= 4 and not kings_of[card]:
                    continue
                card_play = True
                finished = s >= 4 and rules.corners_version and cards[card].rank == 1
                if s < 4:
                    placed = (bottom or card + 1, card + 1)
                else:
                    placed = (0, 0 if finished else card + 1)
                children.append(
                    (hand & ~(1 << card), (*piles[:s], placed, *piles[s + 1 :]), int(finished))
                )
        if not forced and not (root and only >= 0):
            for s in range(4):
                bottom, top = piles[s]
                if not top:
                    continue
                for t in range(8):
                    if t == s:
                        continue
                    _, target_top = piles[t]
                    if target_top:
                        if not fits(bottom - 1, target_top - 1):
                            continue
                    elif t < 4 or not kings_of[bottom - 1]:
                        continue
                    finished = t >= 4 and rules.corners_version and cards[top - 1].rank == 1
                    placed = (piles[t][0], top) if t < 4 else (0, 0 if finished else top)
                    moved = list(piles)
                    moved[s], moved[t] = (0, 0), placed
                    children.append((hand, tuple(moved), int(finished)))
        can_stop = not forced and not (rules.must_play and card_play) and not (root and only >= 0)
        best: Score | None = stop(hand, piles) if can_stop else None
        for hand2, piles2, kept in children:
            c, k, p, q, o, m = solve(hand2, piles2, False)
            option = (c, k + kept, p, q, o, m - 1)
            if best is None or option > best:
                best = option
        assert best is not None, "a turn always has a way on"
        memo[key] = best
        return best

    return TurnValue(*solve(start_hand, start_piles, True)), visited
