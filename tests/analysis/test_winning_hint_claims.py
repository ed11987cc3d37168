"""Every claim a winning hint makes about the turn it sets against is checked, here with the tests'
own reading of the two turns' final tables, over 100 seeded positions."""

from __future__ import annotations

import random
import re

from kingscorner_widget import Game
from kingscorner_widget.analysis.judging.winning_hint import winning_hint
from kingscorner_widget.analysis.players import GreedyPlayer
from kingscorner_widget.engine.cards import Card, Rank
from kingscorner_widget.engine.moves import EndTurn, Move
from kingscorner_widget.engine.spaces import CROSS, SPACES

COLOUR = {"red": True, "black": False}
RANKS = {rank.word: int(rank) for rank in Rank}


def seeded_positions(count: int) -> list[Game]:
    """Positions from seeded hands of two to four greedy players, each stopped at the start of a
    turn partway through the hand."""
    out: list[Game] = []
    rng = random.Random(24)
    seed = 0
    while len(out) < count:
        seed += 1
        game = Game.new(players=2 + seed % 3, seed=seed)
        stop = rng.randrange(0, 8)
        turns = 0
        while not game.is_over() and turns < stop:
            move = GreedyPlayer().choose(game.observation(game.turn))
            game.play(move)
            turns += isinstance(move, EndTurn)
        if not game.is_over():
            out.append(game)
    return out


def after(game: Game, moves: tuple[Move, ...]) -> Game:
    """The mover's table after ``moves`` (the end-of-turn draw not made: it shows nothing)."""
    table = Game.from_observation(game.observation(game.turn))
    for move in moves:
        if isinstance(move, EndTurn):
            break
        table.play(move)
    return table


def places(table: Game) -> set[tuple[int, bool]] | None:
    """Kinds (rank from 1, red) a card can go on; None when a side space is empty."""
    if any(len(table.pile(space)) == 0 for space in CROSS):
        return None
    kinds = set()
    for space in SPACES:
        pile = table.pile(space)
        if not pile:
            if space not in CROSS:
                kinds |= {(13, True), (13, False)}
            continue
        top: Card = pile[-1]
        if int(top.rank) > 1:
            kinds.add((int(top.rank) - 1, not top.red))
    return kinds


def test_no_winning_hint_over_100_seeded_positions_makes_a_false_claim() -> None:
    checked = {"empty": 0, "place": 0}
    for game in seeded_positions(100):
        hint = winning_hint(game, worlds=16, candidates=8)
        best = hint.decision.best_turn
        mine, theirs = after(game, hint.turn), after(game, best)
        nxt = game.turn % game.players + 1
        text = hint.reason
        for space_words, n in re.findall(
            r"leaves (the [\w-]+ (?:pile|space)) empty, and P\d has (\d+)", text
        ):
            space = next(s for s in CROSS if s.words == space_words)
            assert not theirs.pile(space), text
            assert mine.pile(space), text
            assert int(n) == game.hand_sizes()[nxt - 1], text
            checked["empty"] += 1
        for who, colour, rank in re.findall(
            r"(playing the \w+|playing it|shedding the most) would give P\d "
            r"a place for a (red|black) (\w+)",
            text,
        ):
            kind = (RANKS[rank], COLOUR[colour])
            ours, other = places(mine), places(theirs)
            assert other is not None, text
            assert kind in other, text  # the other turn gives the place
            assert ours is not None, text
            assert kind not in ours, text  # and the hint's turn does not
            if who.startswith("playing"):
                held = hint.held[0]
                assert who == f"playing the {held.rank.word}", text
                tops = [theirs.pile(s)[-1] for s in SPACES if theirs.pile(s)]
                assert held in tops, text  # the held card is still on top when the turn ends
                assert (int(held.rank) - 1, not held.red) == kind, text
            checked["place"] += 1
        assert "every card played gives" not in text
    assert checked["place"] + checked["empty"] >= 5, checked  # claims were made, and checked


def test_a_winning_hint_quotes_its_own_figures() -> None:
    """Every share a hint's words give is the one on the hint: the recommended turn's
    (win_chance), and the turn that sheds the most's (best_turn_win_chance)."""
    quoted = recommended_most = 0
    for game in seeded_positions(110):
        hint = winning_hint(game, worlds=16, candidates=8)
        text = hint.reason
        own = None if hint.win_chance is None else f"{hint.win_chance:.0%}"
        most = None if hint.best_turn_win_chance is None else f"{hint.best_turn_win_chance:.0%}"
        for said in re.findall(r"this turn won (\d+%)", text):
            assert said == own, (text, hint.win_chance)
            quoted += 1
        for said in re.findall(r"shedding the most won (\d+%)", text):
            assert said == most, (text, hint.best_turn_win_chance)
            quoted += 1
        for said in re.findall(r"both won (\d+%)", text):
            assert said == own == most, text
            quoted += 1
        if hint.turn != hint.decision.moves:  # the turn that sheds the most is recommended
            assert hint.turn == hint.decision.best_turn
            assert hint.win_chance == hint.best_turn_win_chance  # the recommended turn's figure
            recommended_most += hint.rule == "sheds the most wins more"
    assert quoted >= 10
    assert recommended_most >= 1  # the case where the expert's own figure differs
