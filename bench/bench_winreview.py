"""Review by win chance: are its chances honest, how long does it take, and where do its
verdicts fall?

1. Calibration (:func:`~kingscorner_widget.analysis.runs.calibration.calibrate`): held-out seeded
   hands of greedy players, one turn of each, the chance before the turn against how the hand
   ended, by bins of 10 points, and the Brier score against always guessing 1/players.
2. Speed: reviewing one seat of a four-player hand by win chance (the review's own settings),
   hand by hand; the target is 10 s a seat.
3. Verdicts: the losses and verdicts of the reviewed turns of the expert's seat; then the
   thresholds' calibration: every turn of a greedy seat (and of a random one, a weaker
   learner) in seeded hands at tables of two and four, how often a turn loses significantly,
   how large those losses are and what share of turns each threshold marks, and twice the
   standard error of a loss (the noise floor).
4. Practice: judging a turn the review did not measure against the best, as a practice step
   does when the learner ends a turn (a click may take at most 1 s).
5. The best turn's chance, honest? One turn of a greedy seat in held-out hands: the review's
   best turn is played for real, then greedy play to the end; its predicted chance against how
   often the hand was won, for all turns and where the best keeps the whole hand. Measured
   (500 hands a table): four players 33.4% predicted, 31.2% ± 4.1 won (keeping the hand 20.2%
   against 22.2% ± 6.8); heads-up 53.8% against 51.6% ± 4.4 (45.9% against 42.9% ± 6.1).

``python -m bench winreview`` runs 200 calibration hands a table, 6 reviewed hands, 40
hands a table and seat for the thresholds and 100 hands a table for the best turn's chance;
``KINGSCORNER_BENCH_DEALS`` sets the calibration hands, ``KINGSCORNER_BENCH_REVIEWS`` the
reviewed hands, ``KINGSCORNER_BENCH_THRESHOLDS`` the threshold hands,
``KINGSCORNER_BENCH_BEST`` the best-turn hands.

Measured for the thresholds (2026-12-01, 240 deals a turn, seeds ``game_seed(99, k)``; a
greedy or random seat 1 against greedy players; "≥ t": share of all turns losing at least t
points significantly):

==============  =====  ===========  ===========  =====  =====  =====  ======
seat, table     turns  significant  median loss  ≥ 5    ≥ 10   ≥ 20   2·s.e.
==============  =====  ===========  ===========  =====  =====  =====  ======
greedy, four    1195   33%          8.8          27.5%  13.8%  3.7%   5.0
greedy, two     1777   15%          8.8          12.3%  6.6%   2.4%   4.1
random, four    547    51%          13.3         45.5%  32.0%  18.6%  5.3
random, two     1412   34%          12.9         29.2%  21.2%  11.0%  5.0
==============  =====  ===========  ===========  =====  =====  =====  ======

(400, 150, 150 and 100 hands.) A significant loss is as large at two players as at four, so one
scale serves every table; the scale tells the two seats apart (a random seat blunders five times
as often as a greedy one at four players).
"""

from __future__ import annotations

import collections
import math
import os
import random
import statistics
import time

from kingscorner_widget import Game
from kingscorner_widget.analysis.judging.review import _at, review
from kingscorner_widget.analysis.judging.win_chance import (
    against_best,
    greedy_turn,
    turn_win_chances,
)
from kingscorner_widget.analysis.players import GreedyPlayer, Player, make_player
from kingscorner_widget.analysis.players.expert import ExpertPlayer
from kingscorner_widget.analysis.runs.calibration import calibrate
from kingscorner_widget.analysis.runs.simulate import game_seed
from kingscorner_widget.engine.moves import EndTurn

QUICK_HANDS = 200
QUICK_REVIEWS = 6
QUICK_THRESHOLD_HANDS = 40
QUICK_BEST_HANDS = 100


def _played_hand(seed: int) -> Game:
    """A four-player hand: the reviewed seat plays as the expert, the others greedily."""
    game = Game.new(players=4, seed=seed)
    players: list[Player] = [ExpertPlayer(seed=seed, worlds=40, candidates=16)]
    players += [GreedyPlayer() for _ in range(3)]
    while not game.is_over():
        game.play(players[game.turn - 1].choose(game.observation(game.turn)))
    return game


def _seat_hand(players: int, seat: str, seed: int) -> Game:
    """A hand whose seat 1 plays as ``seat`` (``"greedy"`` or ``"random"``), the rest greedily."""
    game = Game.new(players=players, seed=seed)
    bots: list[Player] = [make_player(seat, seed=seed)]
    bots += [GreedyPlayer() for _ in range(players - 1)]
    while not game.is_over():
        game.play(bots[game.turn - 1].choose(game.observation(game.turn)))
    return game


def threshold_table(hands: int) -> None:
    """The losses of every turn of a greedy or random seat, for the verdict thresholds."""
    print("seat, table: turns, significant, median significant loss, share >= 5/10/20, 2 s.e.")
    for seat in ("greedy", "random"):
        for players in (4, 2):
            losses, noise, turns = [], [], 0
            for k in range(hands):
                reviewed = review(
                    _seat_hand(players, seat, game_seed(99, k)), 1, judge="win", progress=False
                )
                for turn in reviewed.turns:
                    assert turn.win is not None
                    turns += 1
                    if turn.win.stderr > 0:
                        noise.append(200 * turn.win.stderr)
                    if turn.win.significant:
                        losses.append(100 * turn.win.loss)
            shares = " / ".join(
                f"{sum(1 for x in losses if x >= t - 1e-9) / max(turns, 1):.1%}"
                for t in (5, 10, 20)
            )
            print(
                f"{seat}, {players} players: {turns} turns, "
                f"{len(losses) / max(turns, 1):.0%} significant, median "
                f"{statistics.median(losses) if losses else 0:.1f} points, {shares}, "
                f"2 s.e. median {statistics.median(noise) if noise else 0:.1f} points",
                flush=True,
            )


def best_turn_honesty(players: int, hands: int) -> None:
    """Predicted chance after the review's best turn against how often the hand was won when
    that turn was played (then greedy play for everyone), at one random turn of a greedy seat."""
    greedy = GreedyPlayer()
    rows: list[tuple[float, bool, bool]] = []
    for k in range(hands):
        seed = game_seed(555, k)
        played = Game.new(players=players, seed=seed)
        while not played.is_over():
            played.play(greedy.choose(played.observation(played.turn)))
        movers = played.movers()
        starts = [i for i, p in enumerate(movers) if p == 1 and (i == 0 or movers[i - 1] != 1)]
        game = _at(played, random.Random(seed).choice(starts))
        seen = game.observation(1)
        chances = turn_win_chances(seen, greedy_turn(seen), seed=k)
        for move in chances.best_moves:
            game.play(move)
            if isinstance(move, EndTurn) or game.is_over():
                break
        while not game.is_over():
            game.play(greedy.choose(game.observation(game.turn)))
        outcome = game.outcome()
        assert outcome is not None
        hold = len(chances.best_moves) == 1 and isinstance(chances.best_moves[0], EndTurn)
        rows.append((chances.best, outcome.winners == (1,), hold))
    for name, chosen in (("all turns", rows), ("best keeps the hand", [r for r in rows if r[2]])):
        if not chosen:
            continue
        won = sum(r[1] for r in chosen) / len(chosen)
        margin = 1.96 * math.sqrt(won * (1 - won) / len(chosen))
        print(
            f"{players} players, {name}: {len(chosen)} turns, predicted "
            f"{statistics.fmean(r[0] for r in chosen):.1%}, won {won:.1%} ± {margin:.1%}",
            flush=True,
        )


def run() -> None:
    hands = int(os.environ.get("KINGSCORNER_BENCH_DEALS", QUICK_HANDS))
    reviews = int(os.environ.get("KINGSCORNER_BENCH_REVIEWS", QUICK_REVIEWS))
    thresholds = int(os.environ.get("KINGSCORNER_BENCH_THRESHOLDS", QUICK_THRESHOLD_HANDS))
    best = int(os.environ.get("KINGSCORNER_BENCH_BEST", QUICK_BEST_HANDS))
    for players in (2, 4):
        start = time.perf_counter()
        table = calibrate(hands=hands, players=players, seed=24, progress=False)
        for line in table.lines():
            print(line)
        print(f"({time.perf_counter() - start:.0f} s)\n", flush=True)
    seconds, cpu, turns = [], [], []
    verdicts: collections.Counter[str] = collections.Counter()
    losses = []
    practice: list[float] = []
    for k in range(reviews):
        game = _played_hand(game_seed(24, k))
        start, used = time.perf_counter(), time.process_time()
        result = review(game, player=1, judge="win", progress=False)
        seconds.append(time.perf_counter() - start)
        cpu.append(time.process_time() - used)
        for turn in result.turns:  # a learner's other turn: greedy play's, against the best
            assert turn.win is not None
            seen = _at(game, turn.ply).observation(turn.player)
            other = greedy_turn(seen)
            start = time.perf_counter()
            against_best(seen, other, turn.win.best_moves)
            practice.append(time.perf_counter() - start)
        turns.append(len(result.turns))
        verdicts.update(t.verdict for t in result.turns)
        losses += [t.win.loss for t in result.turns if t.win is not None and t.win.significant]
        print(
            f"hand {k + 1}: {len(result.turns)} turns reviewed in {seconds[-1]:.1f} s", flush=True
        )
    print(
        "review of one seat of a four-player hand by win chance: "
        f"mean {statistics.fmean(seconds):.1f} s, "
        f"max {max(seconds):.1f} s, processor mean {statistics.fmean(cpu):.1f} s max "
        f"{max(cpu):.1f} s over {reviews} hands ({sum(turns)} turns, "
        f"{sum(seconds) / max(sum(turns), 1):.2f} s a turn)"
    )
    print("verdicts:", dict(verdicts))
    if losses:
        print("significant losses (points): " + ", ".join(f"{100 * x:.0f}" for x in sorted(losses)))
    if practice:
        ordered = sorted(practice)
        p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
        print(
            f"practice: a turn judged against the best in median "
            f"{statistics.median(ordered):.2f} s, p95 {p95:.2f} s, max {ordered[-1]:.2f} s "
            f"over {len(ordered)} turns (a click may take 1 s)"
        )
    if thresholds:
        threshold_table(thresholds)
    for players in (4, 2) if best else ():
        best_turn_honesty(players, best)


if __name__ == "__main__":
    run()
