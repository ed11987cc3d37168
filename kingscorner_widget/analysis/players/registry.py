"""The players by name: one registry, so that a name (``"greedy"``, ``"expert"``) makes its player
wherever a player is chosen by name (the command line, the simulations, the table, the league).

>>> sorted(PLAYERS)
['expert', 'greedy', 'lookahead', 'planner', 'random']
"""

from __future__ import annotations

from collections.abc import Callable

from .base import GreedyPlayer, LookaheadPlayer, PlannerPlayer, Player, RandomPlayer
from .expert import ExpertPlayer

__all__ = ["PLAYERS", "make_player"]

PLAYERS: dict[str, Callable[..., Player]] = {
    "random": lambda seed, **_: RandomPlayer(seed=seed),
    "greedy": lambda seed, **_: GreedyPlayer(),
    "planner": lambda seed, **_: PlannerPlayer(),
    "lookahead": lambda seed, **options: LookaheadPlayer(seed=seed, **options),
    "expert": lambda seed, **options: ExpertPlayer(seed=seed, **options),
}
"""Each player's maker by name, called with the seed and the player's options, in the order the
names are offered."""


def make_player(kind: str, seed: int = 0, **options: object) -> Player:
    """A player by name: ``"random"``, ``"greedy"``, ``"planner"``, ``"lookahead"`` or ``"expert"``
    (:class:`~kingscorner_widget.analysis.players.expert.ExpertPlayer`; options ``worlds``,
    ``candidates``, ``time_budget`` and ``lookahead``: ``lookahead=1`` is the stronger setting,
    which searches its own next turn in every sampled deal instead of playing it greedily, at about
    twice the time per decision).

    >>> make_player("lookahead", seed=2, samples=4).samples
    4
    >>> make_player("expert", seed=2, worlds=50, time_budget=0.4).worlds
    50
    >>> make_player("expert", seed=2, lookahead=1).lookahead
    1
    >>> make_player("clever")
    Traceback (most recent call last):
    ...
    ValueError: unknown player 'clever': choose random, greedy, planner, lookahead or expert
    """
    maker = PLAYERS.get(kind)
    if maker is None:
        *first, last = PLAYERS
        raise ValueError(f"unknown player {kind!r}: choose {', '.join(first)} or {last}")
    return maker(seed, **options)
