"""Every claim about play is true by its own figures: a property test over seeded positions under
every rule option. Each claim is derived again here, independently of the code that made it: the
winning hint's "wins more" and its recommendation (the same deals played again), "goes out and
wins" (the real game played on), the review's verdicts, reasons and summary, the summary's
winner, and a puzzle's "shed N"."""

from __future__ import annotations

import math
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kingscorner_widget import Game
from kingscorner_widget.analysis import best_turn
from kingscorner_widget.analysis.judging.review import review
from kingscorner_widget.analysis.judging.winning_hint import CLOSE_CALL, winning_hint
from kingscorner_widget.analysis.players import GreedyPlayer, Player, RandomPlayer
from kingscorner_widget.analysis.players.expert import ExpertPlayer
from kingscorner_widget.engine.moves import EndTurn, PlayCard
from kingscorner_widget.engine.words import count_words, hand_winners
from kingscorner_widget.lessons import generate_puzzles
from kingscorner_widget.lessons.puzzles import greedy_turn
from kingscorner_widget.lessons.search import proven_shed
from kingscorner_widget.table.summary import hand_summary
from tests.analysis.support import EVERY_OPTION

NAMES = {1: "You", 2: "P2"}
SETTINGS = settings(
    max_examples=12,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)


def position(seed: int, option: int, turns: int) -> Game:
    """A seeded deal under one rule option, ``turns`` turns of greedy play in."""
    game = Game.new(players=2 + seed % 2, seed=seed, rules=EVERY_OPTION[option])
    player = GreedyPlayer()
    done = 0
    while not game.is_over() and done < turns:
        move = player.choose(game.observation(game.turn))
        game.play(move)
        done += isinstance(move, EndTurn)
    return game


def paired_stderr(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    mean = sum(diffs) / len(diffs)
    return math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1) / len(diffs))


@SETTINGS
@given(
    seed=st.integers(0, 10_000),
    option=st.integers(0, len(EVERY_OPTION) - 1),
    turns=st.integers(0, 6),
)
def test_the_winning_hint_never_recommends_what_its_own_figures_show_worse(
    seed: int, option: int, turns: int
) -> None:
    game = position(seed, option, turns)
    if game.is_over():
        return
    worlds = 24
    hint = winning_hint(game, worlds=worlds, candidates=8)
    decision = hint.decision
    expert, most = decision.moves, decision.best_turn
    text = hint.reason
    assert hint.turn in (expert, most)
    assert hint.move == hint.turn[0]
    if hint.rule == "goes out":
        copy = game.copy()
        for move in hint.turn:
            if copy.is_over():
                break
            copy.play(move)
        outcome = copy.outcome()
        assert outcome is not None
        assert ("goes out and wins the hand" in text) == (outcome.winners == (game.turn,)), text
        return
    if expert == most or hint.win_chance is None or hint.best_turn_win_chance is None:
        assert "wins more" not in text
        assert "won more" not in text
        return
    # The same deals again, with the hint's own seed, independently of the hint's code.
    judge = ExpertPlayer(seed=0, worlds=worlds, candidates=8)
    again = {
        c.moves: c for c in judge.compare(game.observation(game.turn), [expert, most]).candidates
    }
    mine, theirs = again[expert], again[most]
    assert (hint.win_chance, hint.best_turn_win_chance) == (mine.win_rate, theirs.win_rate)
    for share in (mine.win_rate, theirs.win_rate):
        assert f"{share:.0%}" in text  # the figures cited are the figures measured
    gap = mine.win_rate - theirs.win_rate
    stderr = paired_stderr(mine.outcomes, theirs.outcomes)
    if hint.turn == expert:
        assert gap > 0, text  # never a turn its own figures show worse
        close = gap <= CLOSE_CALL * stderr
        assert ("within the luck" in text) == close, text
    else:
        assert gap <= 0, text  # shedding the most won as often or more
        assert "won more" not in text


@SETTINGS
@given(seed=st.integers(0, 10_000), option=st.integers(0, len(EVERY_OPTION) - 1))
def test_reviews_and_summaries_say_only_what_the_engine_shows(seed: int, option: int) -> None:
    game = Game.new(seed=seed, rules=EVERY_OPTION[option])
    bots: list[Player] = [GreedyPlayer(), RandomPlayer(seed=seed)]
    while not game.is_over():
        game.play(bots[game.turn - 1].choose(game.observation(game.turn)))
    outcome = game.outcome()
    assert outcome is not None
    summary = hand_summary(game, NAMES.__getitem__)
    corners = game.rules.corners_version
    won = [h["player"] for h in summary["hands"] if h["won"]]
    assert tuple(won) == hand_winners(outcome, corners)
    if outcome.reason == "blocked" and not (corners and any(outcome.corners)):
        assert won == []  # SPEC: nobody wins a blocked hand
        assert "nobody wins it" in summary["line"]
    else:
        assert won
        assert "nobody" not in summary["line"]
    for player in (1, 2):
        result = review(game, player, progress=False)
        missed = [t.number for t in result.turns if t.missed_out]
        for turn in result.turns:
            copy = Game.from_position(turn.position, rules=turn.rules, seed=1)
            shed = sum(isinstance(m, PlayCard) for m in turn.moves)
            assert turn.shed == shed
            assert turn.reason.startswith(f"Shed {count_words(shed)}")
            best = best_turn(copy.observation(turn.player), None)
            assert turn.best_shed <= best.cards_played or not turn.proven
            if turn.missed_out and not corners:
                assert turn.verdict == "blunder", turn.reason  # a sure win declined
            if turn.verdict == "best":
                assert turn.shed >= turn.best_shed
        lines = result.summary().splitlines()
        counts = result.counts
        assert lines[1].startswith(f"{counts['best']} best, ")
        assert (f"{count_words(counts['mistake'], 'mistake')}") in lines[1]
        said = [line for line in lines if "was possible and missed" in line]
        if missed:
            numbers = [int(n) for n in re.findall(r"\d+", said[0])]
            assert numbers == missed
        else:
            assert not said


def test_a_puzzle_sheds_what_it_says() -> None:
    for puzzle in generate_puzzles(3, seed=11):
        step = puzzle.to_step(1)
        game = step.new_game()
        said = [int(n) for n in re.findall(r"shed \*\*(\d+)", step.narration)]
        assert said == [proven_shed(game)] == [puzzle.best_sheds]
        assert len(greedy_turn(game)) == puzzle.greedy_sheds
        if puzzle.greedy_sheds:
            assert f"only {count_words(puzzle.greedy_sheds)}" in step.narration
        else:
            assert "no card at all" in step.narration
