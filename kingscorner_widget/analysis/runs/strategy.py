"""Strategy questions answered by simulation: is a tip worth following?

A tip becomes a small change to greedy play (:func:`~.playout.greedy_step`), and the changed
player meets plain greedy players on paired deals: every deal is played once with the changed
player in each seat, so the luck of the deal cancels out. The play-outs (:mod:`.playout`) make
thousands of hands a matter of seconds. Two tips:

- kings: :func:`kings_last` plays them after everything else it can play this turn (greedy
  play puts a king into an empty corner first), :func:`hold_kings` keeps them in hand until it
  holds nothing else;
- aces (an ace ends a pile: nothing goes on it): :func:`aces_last` and :func:`hold_aces`, alike.

The tips that hold cards back end turns with a playable card in hand, which must play and kings
first forbid, so :func:`tip_match` refuses those rules.

>>> result = tip_match(hold_aces, opponents=1, deals=50, seed=1)
>>> result.hands, 0 <= result.rate <= 1
(100, True)
"""

from __future__ import annotations

import dataclasses

from ...engine.game import Game
from ...engine.kernel import ACES, KINGS
from ...engine.rules import Rules
from ...engine.turns import TurnRules
from ..search.playout import PlayoutState, Step, StepPolicy, end_turn, greedy_step, play_turn
from ..stats import wilson_interval
from .simulate import game_seed

__all__ = [
    "TIPS",
    "TipResult",
    "aces_last",
    "hold_aces",
    "hold_kings",
    "kings_last",
    "tip_match",
]


def _hold(
    hand: list[int],
    tops: list[int],
    bottoms: list[int],
    pending: int,
    keep: frozenset[int],
    until_only: bool,
) -> Step | None:
    """Greedy play's move without the cards in ``keep`` when one exists; else, with
    ``until_only``, end the turn unless the hand holds nothing but such cards (so they go out
    together), and without it, greedy play's move (the held cards come last in the turn)."""
    if pending >= 0:
        return greedy_step(hand, tops, bottoms, pending)
    others = [c for c in hand if c not in keep]
    if len(others) == len(hand):
        return greedy_step(hand, tops, bottoms, pending)
    step = greedy_step(others, tops, bottoms, -1) if others else None
    if step is not None:
        return step
    if until_only and others:
        return None
    return greedy_step(hand, tops, bottoms, pending)


_KINGS = frozenset(KINGS)
_ACES = frozenset(ACES)


def kings_last(hand: list[int], tops: list[int], bottoms: list[int], pending: int) -> Step | None:
    """Greedy play that plays its kings last in the turn, after everything else it can play."""
    return _hold(hand, tops, bottoms, pending, _KINGS, until_only=False)


def hold_kings(hand: list[int], tops: list[int], bottoms: list[int], pending: int) -> Step | None:
    """Greedy play that keeps its kings in hand until it holds nothing else."""
    return _hold(hand, tops, bottoms, pending, _KINGS, until_only=True)


def aces_last(hand: list[int], tops: list[int], bottoms: list[int], pending: int) -> Step | None:
    """Greedy play that plays its aces last in the turn, after everything else it can play."""
    return _hold(hand, tops, bottoms, pending, _ACES, until_only=False)


def hold_aces(hand: list[int], tops: list[int], bottoms: list[int], pending: int) -> Step | None:
    """Greedy play that keeps its aces in hand until it holds nothing else."""
    return _hold(hand, tops, bottoms, pending, _ACES, until_only=True)


TIPS: dict[str, StepPolicy] = {
    "kings last in the turn": kings_last,
    "hold kings": hold_kings,
    "aces last in the turn": aces_last,
    "hold aces": hold_aces,
}
"""The tips measured, by name."""


@dataclasses.dataclass(frozen=True)
class TipResult:
    """How a tip's player fared against plain greedy players."""

    opponents: int
    """Greedy players at the table besides it."""
    hands: int
    """Hands played (each deal once from every seat)."""
    wins: float
    """Hands it won (a shared win counts its share)."""

    @property
    def rate(self) -> float:
        """Its share of the hands won."""
        return self.wins / self.hands if self.hands else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of :attr:`rate`."""
        return wilson_interval(self.wins, self.hands)

    @property
    def even(self) -> float:
        """The share an equal player would win: one hand in however many players sit down."""
        return 1 / (self.opponents + 1)


def tip_match(
    policy: StepPolicy,
    opponents: int = 1,
    deals: int = 1000,
    seed: int = 0,
    rules: Rules | None = None,
) -> TipResult:
    """Play ``deals`` paired deals: ``policy`` against ``opponents`` greedy players, in every
    seat of every deal once."""
    if opponents < 1:
        raise ValueError(f"opponents must be at least 1, not {opponents!r}")
    if deals < 1:
        raise ValueError(f"deals must be at least 1, not {deals!r}")
    seats = opponents + 1
    rules = (rules or Rules()).with_players(seats)
    if not TurnRules.of(rules).cards_may_wait():
        raise ValueError(
            "the tips hold playable cards back, which must play and kings first forbid"
        )
    wins = 0.0
    hands = 0
    for deal in range(deals):
        start = PlayoutState.from_game(Game.new(seed=game_seed(seed, deal), rules=rules))
        for seat in range(seats):
            state = PlayoutState(
                start.rules,
                list(start.tops),
                list(start.bottoms),
                [list(h) for h in start.hands],
                list(start.stock),
                start.turn,
                kept=list(start.kept),
                drew=start.drew,
            )
            while state.over is None:
                play_turn(state, policy if state.turn == seat else greedy_step)
                if state.over is None:
                    end_turn(state)
            winners = state.winners()
            if seat + 1 in winners:
                wins += 1 / len(winners)
            hands += 1
    return TipResult(opponents, hands, wins)
