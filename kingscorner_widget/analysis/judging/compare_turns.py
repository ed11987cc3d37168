"""Two moves or turns compared by their chances of winning the hand, in words.

The expert (:class:`~kingscorner_widget.analysis.players.expert.ExpertPlayer`) plays both out in the
same sampled deals of the hidden cards, so luck treats them alike; the difference in how often
each won is the comparison. A single move that does not finish the turn is completed with the
turn that sheds the most after it (:func:`~kingscorner_widget.analysis.best_turn`), and the
words say so. :func:`~kingscorner_widget.analysis.explain` calls this when given ``versus``.

>>> from kingscorner_widget import Game
>>> line = "N:9d E:4c S:5s W:8s7h NE:Ks SE:- SW:- NW:- P1:Qh6c3h8dJd P2:?7 stock:34 turn:P1"
>>> c = compare_turns(Game.from_position(line), "draw", "6c>W 3h>E draw", worlds=40)
>>> c.worlds, [len(t) for t in c.turns]
(40, [1, 3])
>>> print(c.text)  # doctest: +NORMALIZE_WHITESPACE
Ending the turn now, shedding no card, won 52% of 40 sampled deals; the six of clubs to the west
pile, then the three of hearts to the east pile, then draw a card to end the turn (6c>W 3h>E
draw), shedding the black 6 (6c) and the red 3 (3h), won 55% of the same deals. The two are
about even: a gap of 3 wins in every 100 deals is within the luck of 40 deals.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence

from ...engine.game import Game
from ...engine.moves import EndTurn, Move, PlayCard, as_move
from ...engine.observation import Observation
from ...engine.words import (
    card_name,
    count_words,
    listed,
    phrase,
    reason_words,
    sentence,
    turn_words,
)
from ..players.expert import ExpertPlayer, viewer_table_game
from ..search import as_observation, best_turn

__all__ = ["TurnChoice", "TurnComparison", "compare_turns"]

TurnChoice = Move | str | Sequence[Move | str]
"""A move, or a whole turn: a list of moves, or one string of moves separated by spaces."""


@dataclasses.dataclass(frozen=True)
class TurnComparison:
    """Two turns and how often each won the same sampled deals."""

    turns: tuple[tuple[Move, ...], tuple[Move, ...]]
    """The turns compared, each completed to its end."""
    completed: tuple[bool, bool]
    """Whether each was a single move completed with the turn that sheds the most."""
    win_chances: tuple[float, float]
    """The share of the sampled deals each won (a shared win counts its share)."""
    worlds: int
    """Sampled deals, the same for both."""
    text: str
    """The comparison in a learner's words."""


def _moves(choice: TurnChoice) -> tuple[Move, ...]:
    if isinstance(choice, str):
        return tuple(as_move(part) for part in choice.split())
    if isinstance(choice, Sequence):
        return tuple(as_move(part) for part in choice)
    return (as_move(choice),)


def _complete(observation: Observation, moves: tuple[Move, ...]) -> tuple[tuple[Move, ...], bool]:
    """The whole turn ``moves`` starts (with the turn that sheds the most after a part-turn)."""
    if not moves:
        raise ValueError("a move or turn to compare must have at least one move")
    game = viewer_table_game(observation)
    for move in moves:
        reason = game.violation(move)
        if reason is not None:
            raise ValueError(f"{move} cannot be played here: {reason_words(reason)}")
        if isinstance(move, EndTurn):
            if move is not moves[-1]:
                raise ValueError(f"{move} ends the turn, so nothing can follow it")
            return moves, False
        game.play(move)
    if game.is_over():
        return moves, False
    rest = best_turn(game.observation(observation.player)).moves
    return (*moves, *rest), True


def _describe(turn: tuple[Move, ...], completed: bool, observation: Observation) -> str:
    cards = [card_name(m.card) for m in turn if isinstance(m, PlayCard)]
    if len(turn) == 1 and isinstance(turn[0], EndTurn):
        what = "ending the turn now"
    elif completed:
        what = (
            f"{phrase(turn[0])} ({turn[0]}), then the rest of the best turn "
            f"({' '.join(map(str, turn[1:]))})"
        )
    else:
        what = f"{turn_words(turn)} ({' '.join(map(str, turn))})"
    if not cards:
        return f"{what}, shedding no card,"
    out = " and going out" if len(cards) == len(observation.hand) else ""
    return f"{what}, shedding {listed(cards)}{out},"


def compare_turns(
    source: Game | Observation,
    first: TurnChoice,
    second: TurnChoice,
    seed: int = 0,
    worlds: int = 100,
    lookahead: int = 0,
) -> TurnComparison:
    """Compare two moves or turns for the player to move by their chances of winning the hand
    (``seed``, ``worlds`` and ``lookahead`` are the expert's options). Only the mover's
    observation is used; a move the rules refuse raises a ValueError naming it."""
    observation = as_observation(source)
    completed = [_complete(observation, _moves(choice)) for choice in (first, second)]
    turns = (completed[0][0], completed[1][0])
    expert = ExpertPlayer(seed=seed, worlds=worlds, lookahead=lookahead)
    if turns[0] == turns[1]:
        result = expert.compare(observation, [turns[0]]).candidates[0]
        chances = (result.win_rate, result.win_rate)
        played = result.worlds
    else:
        by_turn = {c.moves: c for c in expert.compare(observation, list(turns)).candidates}
        chances = (by_turn[turns[0]].win_rate, by_turn[turns[1]].win_rate)
        played = by_turn[turns[0]].worlds
    one = _describe(turns[0], completed[0][1], observation)
    two = _describe(turns[1], completed[1][1], observation)
    odds = (
        f"{one} won {chances[0]:.0%} of {count_words(played, 'sampled deal')}; "
        f"{two} won {chances[1]:.0%} of the same deals"
    )
    gap = chances[1] - chances[0]
    # Two standard errors of the difference (as if the deals were independent, which
    # overstates the noise of paired deals): a smaller gap is within the luck of the deals.
    noise = 2 * math.sqrt(
        (chances[0] * (1 - chances[0]) + chances[1] * (1 - chances[1])) / max(played, 1)
    )
    if turns[0] == turns[1]:
        verdict = "both come to the same turn"
    elif abs(gap) <= noise:
        apart = round(100 * abs(gap))
        verdict = (
            f"the two are about even: a gap of {apart} wins in every 100 deals is within the "
            f"luck of {count_words(played, 'deal')}"
            if apart
            else f"the two won as often, to the nearest 1 in 100 of {count_words(played, 'deal')}"
        )
    else:
        better = "second" if gap > 0 else "first"
        verdict = (
            f"the {better} gives the better chance of winning the hand, by "
            f"{round(100 * abs(gap))} wins in every 100 deals"
        )
    text = f"{sentence(odds)} {sentence(verdict)}"
    return TurnComparison(
        turns=turns,
        completed=(completed[0][1], completed[1][1]),
        win_chances=chances,
        worlds=played,
        text=text,
    )
