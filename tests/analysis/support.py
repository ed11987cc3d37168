"""Positions and games for the analysis tests."""

from __future__ import annotations

import random
from collections.abc import Iterator

from kingscorner_widget import Count, DrawTiming, Game, MatchEnd, Rules
from kingscorner_widget.analysis.players import GreedyPlayer, RandomPlayer
from kingscorner_widget.analysis.positions import random_position

EVERY_OPTION = (
    Rules(),
    Rules(must_play=True),
    Rules(kings_first=True),
    Rules(draw_until_fits=True),
    Rules(draw_timing=DrawTiming.START),
    Rules(count=Count.PICTURES),
    Rules(count=Count.HEAVY, target=100),
    Rules(match_end=MatchEnd.ELIMINATION),
    Rules(corners_version=True),
)
"""One table for each rule option the rules offer, the defaults first: what the claim and
sentence sweeps run under."""

RULE_VARIANTS = (
    Rules(),
    Rules(must_play=True),
    Rules(kings_first=True),
    Rules(corners_version=True),
    Rules(draw_timing=DrawTiming.START),
    Rules(draw_until_fits=True),
)


def small_positions(count: int, seed: int = 0) -> Iterator[tuple[str, Rules]]:
    """Seeded random positions small enough for the brute-force enumerator, under every option."""
    for i in range(count):
        rng = random.Random(seed * 100_003 + i)
        line = random_position(
            rng,
            hand_size=rng.randint(1, 6),
            empty_cross=rng.randint(0, 3),
            corners=rng.randint(0, 4),
            longest=rng.randint(1, 6),
        )
        yield line, RULE_VARIANTS[i % len(RULE_VARIANTS)]


def played_games(count: int, seed: int = 0, moves: int = 120) -> Iterator[Game]:
    """Games part-way through, reached by random and greedy play under every option."""
    for i in range(count):
        rules = RULE_VARIANTS[i % len(RULE_VARIANTS)]
        game = Game.new(seed=seed * 1000 + i, rules=rules)
        bots = [GreedyPlayer(), RandomPlayer(seed=i) if i % 3 == 0 else GreedyPlayer()]
        stop = random.Random(i).randrange(moves)
        for _ in range(stop):
            if game.is_over():
                break
            game.play(bots[game.turn - 1].choose(game.observation(game.turn)))
        if not game.is_over():
            yield game


def resample_hidden(game: Game, viewer: int, rng: random.Random) -> Game:
    """A copy of ``game`` with the cards ``viewer`` cannot see dealt again at random: the other
    hands and the stock keep their sizes and the history stays as it was."""
    other = game.copy()
    hidden = [card for p in range(other.players) if p != viewer - 1 for card in other._hands[p]]
    hidden += other._stock
    rng.shuffle(hidden)
    for p in range(other.players):
        if p != viewer - 1:
            size = len(other._hands[p])
            other._hands[p] = hidden[:size]
            del hidden[:size]
    other._stock = hidden
    return other


def position(fields: str, other: int = 7, turn: int = 1) -> str:
    """A position line from the piles and P1's hand; P2 holds ``other`` hidden cards and the
    stock takes the rest (``fields`` written as ``N:9d E:- ... P1:Qh6c``)."""
    from kingscorner_widget.engine.notation import parse_cards

    known = 0
    for field in fields.split():
        known += len(parse_cards(field.partition(":")[2]))
    return f"{fields} P2:?{other} stock:{52 - known - other} turn:P{turn}"
