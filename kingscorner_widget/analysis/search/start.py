"""What the search starts from: the mover's view of the table, reduced to what the search reads."""

from __future__ import annotations

import dataclasses

from ...engine.cards import Card
from ...engine.observation import Observation
from ...engine.turns import TurnRules

__all__ = ["Start", "check_mover"]


@dataclasses.dataclass(frozen=True)
class Start:
    """The table, the mover's hand and the rules that shape a turn (the engine's compiled
    :class:`~kingscorner_widget.engine.turns.TurnRules`, whose gates the search asks)."""

    piles: tuple[tuple[Card, ...], ...]
    """Every space's pile, in the order of :data:`~kingscorner_widget.engine.spaces.SPACES`."""
    hand: tuple[Card, ...]
    turn: TurnRules
    """The rules in force, compiled."""
    pending: Card | None
    """A card drawn that must be played now (draw until it fits), else ``None``."""

    @classmethod
    def of(cls, observation: Observation) -> Start:
        """The start of a search from the mover's observation (checked with :func:`check_mover`)."""
        check_mover(observation)
        return cls(
            piles=observation.piles,
            hand=observation.hand,
            turn=TurnRules.of(observation.rules),
            pending=observation.pending_card,
        )

    @property
    def points(self) -> tuple[int, ...]:
        """Penalty points of each kind under the rules' count."""
        return self.turn.points


def check_mover(observation: Observation) -> None:
    """Refuse a finished hand, or a view that is not the mover's."""
    if observation.over:
        raise ValueError("the hand is over: there is no turn to plan")
    if observation.player != observation.turn:
        raise ValueError(
            f"it is P{observation.turn}'s turn, not P{observation.player}'s: "
            "only the player to move can plan a turn"
        )
