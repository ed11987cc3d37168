"""Reading the other hands from the record: sound against players who play what they can."""

from __future__ import annotations

import itertools
import operator
import random

import pytest

from kingscorner_widget import DrawTiming, Game, Rules, parse_move
from kingscorner_widget.analysis.players import GreedyPlayer
from kingscorner_widget.analysis.players.expert import sample_world
from kingscorner_widget.analysis.search.hand_reading import _forbidden, read_hands
from kingscorner_widget.engine.moves import EndTurn, MovePile
from kingscorner_widget.engine.spaces import SPACES

READABLE = (
    Rules(),
    Rules(must_play=True),
    Rules(kings_first=True),
    Rules(draw_timing=DrawTiming.START),
)


def _tops(game: Game) -> list[int]:
    return [pile[-1].index if pile else -1 for pile in map(game.pile, SPACES)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_players_never_hold_what_their_reading_forbids(players: int) -> None:
    """Every reading, at every move of seeded greedy games, is what really fitted the tables the
    player left (taken back through pile moves too), and their real hand fits the reading."""
    read = across_pile_moves = 0
    for i in range(12):
        rules = READABLE[i % len(READABLE)].with_players(players)
        game = Game.new(seed=700 + 31 * i + players, rules=rules)
        bot = GreedyPlayer()
        ends: dict[int, list[frozenset[int]]] = {}  # seat -> what fitted at each turn end
        while not game.is_over():
            for viewer in range(1, players + 1):
                view = game.observation(viewer)
                for seat, reading in enumerate(read_hands(view)):
                    if reading is None:
                        continue
                    assert seat != viewer - 1
                    unions = list(itertools.accumulate(reversed(ends[seat]), operator.or_))
                    assert list(reading.avoid) == unions
                    hand = {card.index for card in game.hand(seat + 1)}
                    assert len(hand & reading.forbidden) <= reading.free
                    assert reading.holds(hand)
                    read += 1
                    last_end = max(
                        k
                        for k, (p, text) in enumerate(view.history)
                        if p == seat + 1 and text in ("draw", "pass")
                    )
                    across_pile_moves += any(
                        ">" in text and text.split(">")[0] in ("N", "E", "S", "W")
                        for _, text in view.history[last_end:]
                    )
            mover = game.turn - 1
            move = bot.choose(game.observation(mover + 1))
            if isinstance(move, EndTurn):
                ends.setdefault(mover, []).append(_forbidden(_tops(game)))
            game.play(move)
    assert read > 200
    assert across_pile_moves > 5


@pytest.mark.parametrize(
    "rules", [Rules(corners_version=True), Rules(draw_until_fits=True)], ids=str
)
def test_nothing_is_read_where_a_draw_or_a_corner_hides_what_happened(rules: Rules) -> None:
    game = Game.new(seed=11, rules=rules.with_players(3))
    bot = GreedyPlayer()
    for _ in range(40):
        if game.is_over():
            break
        game.play(bot.choose(game.observation(game.turn)))
    assert game.observation(1).history
    assert read_hands(game.observation(game.turn)) == (None, None, None)


def test_nothing_is_read_when_the_hand_began_from_a_position() -> None:
    line = "N:9d E:4c S:5s W:8s7h NE:Ks SE:- SW:- NW:- P1:Qh6c3h8dJd P2:?7 stock:34 turn:P1"
    game = Game.from_position(line)
    for move in ("6c>W", "draw"):
        game.play(parse_move(move))
    assert read_hands(game.observation(2)) == (None, None)


def test_a_player_who_leaves_a_side_space_empty_is_not_read() -> None:
    for seed in range(200):
        game = Game.new(players=2, seed=seed)
        pile_moves = [m for m in game.legal_moves() if isinstance(m, MovePile)]
        if pile_moves and pile_moves[0].source.index < 4:
            game.play(pile_moves[0])
            game.play(EndTurn("draw"))
            assert game.pile(pile_moves[0].source) == ()
            assert read_hands(game.observation(2)) == (None, None)
            return
    pytest.fail("no deal opened with a pile move")


def test_sampled_worlds_follow_the_reading_and_only_when_asked() -> None:
    bot = GreedyPlayer()
    checked = broken_without = 0
    for seed in range(6):
        game = Game.new(players=4, seed=900 + seed)
        for _ in range(18):
            if game.is_over():
                break
            game.play(bot.choose(game.observation(game.turn)))
        if game.is_over():
            continue
        view = game.observation(game.turn)
        readings = read_hands(view)
        for k in range(20):
            hands, _ = sample_world(view, random.Random(k))
            unread, _ = sample_world(view, random.Random(k), read=False)
            for seat, reading in enumerate(readings):
                if reading is not None:
                    assert reading.holds(set(hands[seat]))
                    checked += 1
                    broken_without += not reading.holds(set(unread[seat]))
    assert checked > 100
    assert broken_without > 10
