"""Are the review's win chances honest? The chance before each turn against how the hand ended.

:func:`calibrate` plays seeded hands between greedy players (the play the estimates assume
after the turn) and, at the start of one turn of each hand (drawn at random, from any player),
estimates that player's chance of winning from their own view as the review does
(:attr:`WinChances.before <kingscorner_widget.analysis.judging.win_chance.WinChances.before>`: the
same deals, the same number). When the hand ends, each estimate is scored against what happened.
The result is a table by bins of 10 points (how many turns, the mean estimate, how often those
players won, with a 95% Wilson interval; a bin is judged at 99.5%, so that all ten bins of an
honest table pass together 95% of the time) and the Brier score (the mean squared error of the
estimates) against always guessing one in the number of players.

One turn a hand, because the turns of one hand share its ending: counted as separate
outcomes they would make the intervals far narrower than the evidence.

>>> table = calibrate(hands=4, players=2, worlds=20, seed=1, progress=False)
>>> table.turns == sum(b.turns for b in table.bins) and 0 <= table.brier <= 1
True
>>> table.baseline_brier > 0
True
"""

from __future__ import annotations

import dataclasses
import hashlib
import random

from ...engine.game import Game
from ...engine.moves import EndTurn
from ...engine.observation import Observation
from ..judging.win_chance import JUDGE_SALT, WIN_WORLDS, greedy_turn
from ..players import GreedyPlayer
from ..players.expert import ExpertPlayer
from ..progress import progress_bar
from ..stats import wilson_interval

__all__ = ["JOINT_Z", "CalibrationBin", "CalibrationTable", "calibrate", "chance_before"]

JOINT_Z = 2.807
"""The normal quantile of a two-sided 99.5% interval (0.05 shared over ten bins)."""


def chance_before(observation: Observation, *, seed: int = 0, worlds: int = WIN_WORLDS) -> float:
    """The chance of winning the review gives before a turn (:attr:`WinChances.before`) for the
    player to move, from their own view: greedy play's turn, played out in the review's deals."""
    judge = ExpertPlayer(seed=seed + JUDGE_SALT, worlds=worlds)
    return judge.compare(observation, [greedy_turn(observation)]).candidates[0].win_rate


@dataclasses.dataclass(frozen=True)
class CalibrationBin:
    """The turns whose estimate fell in one bin of 10 points."""

    low: float
    """The bin's lower edge (0.0, 0.1, ... 0.9); the top bin includes 1.0."""
    turns: int
    predicted: float
    """The mean estimate of its turns."""
    wins: float
    """How many of its turns' players went on to win (a shared win counts its share)."""

    @property
    def actual(self) -> float:
        """The share of its turns' players who won."""
        return self.wins / self.turns if self.turns else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of :attr:`actual`."""
        return wilson_interval(self.wins, self.turns)

    @property
    def joint_interval(self) -> tuple[float, float]:
        """The Wilson interval at 99.5%: with ten bins, all ten hold their truth together 95%
        of the time (Bonferroni), the level at which a table of bins is judged."""
        return wilson_interval(self.wins, self.turns, z=JOINT_Z)

    @property
    def honest(self) -> bool:
        """True when the mean estimate lies within :attr:`joint_interval`."""
        low, high = self.joint_interval
        return low <= self.predicted <= high


@dataclasses.dataclass(frozen=True)
class CalibrationTable:
    """Estimates against outcomes over seeded hands."""

    players: int
    hands: int
    """Hands played, one estimate each."""
    bins: tuple[CalibrationBin, ...]
    """The bins with at least one turn, lowest first."""
    brier: float
    """The mean squared error of the estimates (0 is perfect)."""
    baseline_brier: float
    """The same for always guessing one in the number of players."""

    @property
    def turns(self) -> int:
        """Turns estimated."""
        return sum(b.turns for b in self.bins)

    def lines(self) -> list[str]:
        """The table in plain text, one bin a line, then the Brier scores."""
        out = [f"{self.players} players, {self.hands} hands, one turn of each"]
        out.append("estimate    turns  mean est.  won     95% interval")
        for b in self.bins:
            low, high = b.interval
            top = min(b.low + 0.1, 1.0)
            out.append(
                f"{b.low:4.0%}-{top:4.0%} {b.turns:>7} {b.predicted:9.1%} {b.actual:7.1%}  "
                f"[{low:.1%}, {high:.1%}]{'' if b.honest else '  (outside the joint interval)'}"
            )
        out.append(
            f"Brier score {self.brier:.4f}; always 1/{self.players}: {self.baseline_brier:.4f}"
        )
        return out


def calibrate(
    hands: int = 100,
    players: int = 4,
    *,
    worlds: int = WIN_WORLDS,
    seed: int = 0,
    progress: bool = True,
) -> CalibrationTable:
    """Estimate the mover's chance at the start of every turn of ``hands`` seeded hands of
    greedy players, and score the estimates against the hands' ends (see the module)."""

    records: list[tuple[float, float]] = []
    for k in progress_bar(range(hands), desc="calibrating", disable=not progress, leave=False):
        digest = hashlib.sha256(f"kingscorner-calibration:{seed}:{k}".encode()).digest()
        game = Game.new(players=players, seed=int.from_bytes(digest[:8], "big"))
        greedy = GreedyPlayer()
        starts = [0]
        while not game.is_over():
            move = greedy.choose(game.observation(game.turn))
            game.play(move)
            if isinstance(move, EndTurn) and not game.is_over():
                starts.append(len(game.moves))
        ply = random.Random(int.from_bytes(digest[8:16], "big")).choice(starts)
        table = game.copy()
        while len(table.moves) > ply:
            table.undo()
        player = table.turn
        estimate = chance_before(table.observation(player), seed=seed, worlds=worlds)
        outcome = game.outcome()
        assert outcome is not None  # the hand was played to its end
        winners = outcome.winners
        records.append((estimate, 1 / len(winners) if player in winners else 0.0))
    bins = []
    for i in range(10):
        inside = [(p, w) for p, w in records if min(int(p * 10), 9) == i]
        if inside:
            bins.append(
                CalibrationBin(
                    low=i / 10,
                    turns=len(inside),
                    predicted=sum(p for p, _ in inside) / len(inside),
                    wins=sum(w for _, w in inside),
                )
            )
    n = max(len(records), 1)
    brier = sum((p - w) ** 2 for p, w in records) / n
    baseline = sum((1 / players - w) ** 2 for _, w in records) / n
    return CalibrationTable(
        players=players, hands=hands, bins=tuple(bins), brier=brier, baseline_brier=baseline
    )
