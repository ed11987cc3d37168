"""A brute-force best-turn enumerator that plays every move sequence through the engine.

It shares nothing with the fast search but the rules' one judge (:meth:`Game.legal_moves`): it
tries every legal move, skips only exact repeats of a state, and scores final tables with its own
count of openings.
"""

from __future__ import annotations

from kingscorner_widget import Game
from kingscorner_widget.analysis.search import TurnValue
from kingscorner_widget.cards import Card, Rank
from kingscorner_widget.moves import EndTurn
from kingscorner_widget.spaces import CORNERS, CROSS


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
