"""What a review is made of, as its view reads it: the shared types of :mod:`.review` (which works
a review out) and :mod:`.review_view` (which shows it), so neither needs the other's module to
name them.

>>> from kingscorner_widget import Game
>>> from kingscorner_widget.analysis.judging.review import review
>>> game = Game.from_position(
...     "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1")
>>> game.play("Th>N"); game.play("draw")
>>> shown: ShownReview = review(game, player=1, progress=False)
>>> shown.turns[0].verdict
'blunder'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, Protocol

from ...engine.moves import Move
from ..search import TurnPlan
from .win_chance import WinChances

__all__ = ["Judge", "ShownReview", "ShownTurn", "Verdict"]

Verdict = Literal["best", "inaccuracy", "mistake", "blunder"]
"""A turn's verdict, from the best turn to the worst mistake."""

Judge = Literal["cards", "win"]
"""What a review judges turns by: cards shed, or the chance of winning."""


class ShownTurn(Protocol):
    """One reviewed turn, as its row and its bar read it."""

    @property
    def number(self) -> int: ...
    @property
    def hand(self) -> int: ...
    @property
    def moves(self) -> tuple[Move, ...]: ...
    @property
    def shed(self) -> int: ...
    @property
    def best(self) -> TurnPlan: ...
    @property
    def verdict(self) -> Verdict: ...
    @property
    def reason(self) -> str: ...
    @property
    def win(self) -> WinChances | None: ...
    @property
    def best_shed(self) -> int: ...
    @property
    def proven(self) -> bool: ...


class ShownReview(Protocol):
    """A review, as its table, its HTML and its chart read it."""

    @property
    def player(self) -> int: ...
    @property
    def turns(self) -> Sequence[ShownTurn]: ...
    @property
    def judge(self) -> Judge: ...
    @property
    def accuracy(self) -> float: ...
    @property
    def proven(self) -> bool: ...
    def summary(self) -> str: ...
