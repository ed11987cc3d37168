"""Hints and explanations in a learner's words, built on the best-turn search.

>>> from kingscorner_widget import Game
>>> line = "N:9d E:4c S:5s W:8s7h NE:- SE:- SW:- NW:- P1:Qh6c P2:?7 stock:38 turn:P1"
>>> g = Game.from_position(line)
>>> h = hint(g)
>>> str(h.move)
'6c>W'
>>> print(h.reason)
Play the black 6 (6c) on the red 7 (7h) on the west pile. This turn can shed 2 cards and go out.
>>> print(explain(g, "Qh>N"))  # doctest: +NORMALIZE_WHITESPACE
the queen of hearts (Qh) cannot go on the nine of diamonds (9d): a card must be exactly one
rank lower (the nine takes a black eight)
>>> print(explain(g, "draw"))  # doctest: +NORMALIZE_WHITESPACE
Ending the turn now sheds no card this turn; the best turn sheds 2. Best first move: play the
six of clubs onto the seven of hearts (6c>W).
>>> print(explain(g, "W>N"))
Good move: moving the west pile onto the north pile keeps going out this turn in reach.
>>> print(explain(g, "draw", versus="6c>W", worlds=20))  # doctest: +NORMALIZE_WHITESPACE
Ending the turn now, shedding no card, won 60% of 20 sampled deals; the six of clubs to the west
pile (6c>W), then the rest of the best turn (W>N Qh>W), shedding the black 6 (6c) and the red
queen (Qh) and going out, won 100% of the same deals. The second gives the better chance of
winning the hand, by 40 wins in every 100 deals.
"""

from __future__ import annotations

import dataclasses
from typing import Literal, overload

from ...display.language import gettext, ngettext
from ...engine.game import Game
from ...engine.moves import EndTurn, Move, PlayCard, as_move
from ...engine.observation import Observation
from ...engine.spaces import Space
from ...engine.words import card_name, count_words, instruction, reason_words
from ..search import Budget, TurnPlan, TurnValue, as_observation, best_turn
from .compare_turns import TurnChoice, compare_turns
from .winning_hint import WinningHint, winning_hint

__all__ = ["Hint", "explain", "hint"]


@dataclasses.dataclass(frozen=True)
class Hint:
    """The move to make now, and why."""

    move: Move
    """The first move of the best turn."""
    reason: str
    """What the move does and what the whole turn can shed, in plain words."""
    plan: TurnPlan
    """The best turn the hint comes from."""


@overload
def hint(
    source: Game | Observation, budget: Budget | None = None, goal: Literal["shed"] = "shed"
) -> Hint: ...


@overload
def hint(
    source: Game | Observation, budget: Budget | None = None, *, goal: Literal["win"]
) -> WinningHint: ...


def hint(
    source: Game | Observation, budget: Budget | None = None, goal: str = "shed"
) -> Hint | WinningHint:
    """The move to make now for the player to move, with its reason in words.

    ``goal="shed"`` (the default): the first move of the turn that sheds the most cards, proven
    by the best-turn search; ``budget`` bounds it and ``hint.plan.exact`` says whether the turn
    is proven best or the best found within it. ``goal="win"``: the move that gives the best
    chance of winning the hand, from the expert player's sampled deals (see
    :func:`~kingscorner_widget.analysis.judging.winning_hint.winning_hint`); the budget's seconds
    bound its time. Neither ever depends on a hidden card."""
    if goal == "win":
        seconds = None if budget is None else budget.seconds
        return winning_hint(source, time_budget=seconds)
    if goal != "shed":
        raise ValueError(f'goal must be "shed" or "win", not {goal!r}')
    plan = best_turn(source, budget)
    move = plan.moves[0]
    first = plan.explanations[0]
    # TRANSLATORS: {first} is the hint's first move explained, a sentence ("Play the black 6
    # (6c) on the red 7 (7h) on the west pile.")
    if isinstance(move, EndTurn):
        said = gettext("No card can be played this turn: {first}")
        return Hint(move=move, reason=said.format(first=_lower_first(first)), plan=plan)
    n = plan.cards_played
    if plan.goes_out:
        said = ngettext(
            "{first} This turn can shed {n} card and go out.",
            "{first} This turn can shed {n} cards and go out.",
            n,
        )
    else:
        said = ngettext(
            "{first} This turn can shed {n} card.", "{first} This turn can shed {n} cards.", n
        )
    return Hint(move=move, reason=said.format(first=first, n=n), plan=plan)


def explain(
    game: Game,
    move: Move | str,
    versus: TurnChoice | None = None,
    *,
    worlds: int = 100,
    seed: int = 0,
) -> str:
    """Why ``move`` is illegal (the engine's reason), or how it compares with the best turn.

    With ``versus`` (another move, or a whole turn as a list of moves or one string of moves;
    ``move`` may be a whole turn too), how the two compare by their chances of winning the hand
    in ``worlds`` deals sampled by the expert (:func:`~.compare_turns.compare_turns`)."""
    if versus is not None:
        return compare_turns(game, move, versus, seed=seed, worlds=worlds).text
    reason = game.violation(move)
    if reason is not None:
        return reason_words(reason)
    move = as_move(move)
    observation = as_observation(game)
    best = best_turn(observation)
    after = _value_after(observation, move)
    first = best.moves[0]
    if isinstance(move, EndTurn):
        what = "Ending the turn now"
    elif isinstance(move, PlayCard):
        if observation.piles[move.target.index]:
            what = f"Playing {card_name(move.card)} on {move.target.words}"
        else:
            what = f"Putting {card_name(move.card)} in {_empty(move.target)}"
    else:
        what = f"Moving {move.source.words} onto {move.target.words}"
    more = " more" if observation.cards_played_this_turn else ""
    if after.cards == 0:
        shed = f"no{more} card"
    else:
        shed = count_words(after.cards, f"{more.strip()} card".strip())
    if after.cards < best.value.cards:
        return (
            f"{what} sheds {shed} this turn; the best turn sheds {best.value.cards}{more}. "
            f"Best first move: {_first_words(observation, first)}."
        )
    if after >= best.value:
        if best.goes_out:
            return f"Good move: {_lower_first(what)} keeps going out this turn in reach."
        return f"Good move: {_lower_first(what)} keeps the best turn in reach ({shed} this turn)."
    if after.points < best.value.points or after.kings < best.value.kings:
        why = "but keeps more penalty points in hand"
    elif after.corners < best.value.corners:
        why = "but finishes fewer corners"
    elif after.openings > best.value.openings:
        why = (
            f"but leaves the next player more openings ({after.openings} instead of "
            f"{best.value.openings})"
        )
    else:
        why = "but takes more moves than it needs"
    return (
        f"{what} can still shed {shed} this turn, like the best turn, {why}. "
        f"Best first move: {_first_words(observation, first)}."
    )


def _first_words(observation: Observation, move: Move) -> str:
    """The best first move in words, its notation in brackets."""
    said = instruction(observation, move)
    return f"{said[:1].lower()}{said[1:]} ({move})"


def _lower_first(text: str) -> str:
    """``"Putting the red queen (Qh)..."`` -> ``"putting the red queen (Qh)..."``: only the first
    letter, so card codes keep their case."""
    return text[:1].lower() + text[1:]


def _empty(space: Space) -> str:
    """``"the empty west space"``, ``"the empty north-east corner"``."""
    return f"the empty {space.direction} {'space' if space.is_cross else 'corner'}"


def _value_after(observation: Observation, move: Move) -> TurnValue:
    """The best the turn can achieve, counted from now, when it starts with ``move``."""
    if isinstance(move, EndTurn):
        return TurnValue(0, 0, 0, 0, 0, 0)
    game = Game.from_observation(observation)
    kept_before = len(game.kept(observation.player))
    game.play(move)
    kept = (len(game.kept(observation.player)) - kept_before) // 13
    card = move.card if isinstance(move, PlayCard) else None
    played = 0 if card is None else 1
    points = 0 if card is None else observation.rules.count.value_of(card)
    kings = 1 if card is not None and card.is_king else 0
    if game.is_over():
        return TurnValue(played, kept, points, kings, 0, -1)
    rest = best_turn(game.observation(observation.player)).value
    return TurnValue(
        rest.cards + played,
        rest.corners + kept,
        rest.points + points,
        rest.kings + kings,
        rest.fewer_openings,
        rest.fewer_moves - 1,
    )
