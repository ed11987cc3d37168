"""Learn from your mistakes: a reviewed game's mistakes as a lesson (``Lesson.from_review``).

Each step puts the learner back at the start of a turn they got wrong, as they saw it, and asks
for a turn that sheds as many cards as the best one. The lesson runner checks every move as usual
("after that move this turn can play at most 1 card; the best turn here plays 3 cards"), and
"show me" plays the best turn the review found.

The lesson is built here, in the lessons layer, from the analysis' :class:`Review`: a review knows
nothing of lessons (analysis sits below lessons and never imports them).

>>> from kingscorner_widget import Game
>>> from kingscorner_widget.analysis import review
>>> from kingscorner_widget.lessons import Lesson, LessonRun
>>> game = Game.from_position(
...     "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1")
>>> game.play("Th>N"); game.play("draw")
>>> lesson = Lesson.from_review(review(game, player=1, progress=False))
>>> lesson.steps[0].sheds, lesson.steps[0].expect
(3, (('4h>S', 'Th>N', 'Ks>NE'),))
>>> run = LessonRun(lesson)
>>> print(run.try_move("draw").message)  # doctest: +NORMALIZE_WHITESPACE
ending the turn now plays no card this turn; the best turn here plays 3 cards — try playing a
card onto a pile first
>>> [str(m) for m in run.show_me()]
['4h>S', 'Th>N', 'Ks>NE']
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from ..analysis.judging.review import turn_views
from ..analysis.judging.win_chance import whole_turn
from ..engine.moves import EndTurn, PlayCard
from ..engine.record import Source
from ..engine.words import count_words, no_or_count, turn_words
from .model import BUILDERS, MAX_WORLDS, Lesson, Step
from .runner import LessonRun
from .search import proven_shed

if TYPE_CHECKING:
    from ..analysis.judging.review import Review, ReviewedTurn

__all__ = ["NothingToPracticeError", "practice_lesson", "practice_run", "practised_turns"]


class NothingToPracticeError(ValueError):
    """The review has no turn to practise (no mistakes, or none small enough to check)."""


def practice_lesson(review: Review, title: str | None = None, inaccuracies: bool = False) -> Lesson:
    """A lesson with one step per mistake in ``review`` (and, with ``inaccuracies``, per turn that
    shed one card too few). A turn whose best cannot be proven within the lesson budget is left
    out, since the runner could not judge the learner's moves there; if nothing is left, raises
    :class:`NothingToPracticeError`."""
    wanted = _wanted(inaccuracies)
    steps: list[dict[str, Any]] = []
    if review.judge == "win":
        steps = [_win_step(turn).to_dict() for turn in practised_turns(review, inaccuracies)]
    for turn in review.turns if review.judge == "cards" else ():
        if turn.verdict not in wanted or turn.shed >= turn.best_shed:
            continue
        step = _step(turn)
        if proven_shed(step.new_game()) == turn.best_shed:
            steps.append(step.to_dict())
    if not steps:
        kinds = "mistakes or inaccuracies" if inaccuracies else "mistakes"
        raise NothingToPracticeError(f"the review of P{review.player} has no {kinds} to practise")
    data = {
        "title": title or f"Learn from P{review.player}'s mistakes",
        "summary": (
            f"{count_words(len(steps), 'turn')} from the game, each from the start, "
            "as you saw it: find the best turn."
        ),
        "steps": steps,
    }
    return Lesson.from_dict(data)


def practice_run(
    review: Review, source: Source, *, title: str | None = None, inaccuracies: bool = False
) -> LessonRun:
    """:func:`practice_lesson` ready to follow. Judged by win chance, each step measures a
    learner's turn on the review's own view of ``source`` (the game, match or record reviewed)
    and its deals, so the chances it gives are the review's; a lesson loaded on its own judges
    from each step's position alone (no record behind it, so other deals and chances a few
    points apart)."""
    lesson = practice_lesson(review, title=title, inaccuracies=inaccuracies)
    if review.judge != "win":
        return LessonRun(lesson)
    practised = practised_turns(review, inaccuracies)
    views = turn_views(source, dataclasses.replace(review, turns=practised))
    return LessonRun(lesson, views=views)


def _wanted(inaccuracies: bool) -> set[str]:
    return {"mistake", "blunder", "inaccuracy"} if inaccuracies else {"mistake", "blunder"}


def practised_turns(review: Review, inaccuracies: bool = False) -> tuple[ReviewedTurn, ...]:
    """The turns of a review by win chance that :func:`practice_lesson` makes steps of, in
    order: its mistakes and blunders (and, with ``inaccuracies``, its inaccuracies)."""
    wanted = _wanted(inaccuracies)
    return tuple(t for t in review.turns if t.verdict in wanted and t.win is not None)


def _win_step(turn: ReviewedTurn) -> Step:
    """A step from a turn judged by win chance: the turns the review could not tell from the
    best (within twice its paired standard error) complete it at once, and any other whole turn
    that the step's sampled deals cannot tell from the best when the learner ends it; "show
    me" plays the best."""
    assert turn.win is not None
    win = turn.win
    where = f"hand {turn.hand}, turn {turn.number}" if turn.hand > 1 else f"turn {turn.number}"
    narration = (
        f"In the game ({where}) your turn was: {turn_words(turn.moves)}. Your "
        "chance of winning after it was "
        f"{win.played:.0%}. A better turn makes it {win.best:.0%}: find it."
    )
    turns = (win.best_moves, *win.near_best)
    accepted = tuple(dict.fromkeys(tuple(map(str, whole_turn(t))) for t in turns))
    best = win.best_moves
    shed = sum(1 for m in best if isinstance(m, PlayCard))
    first = (
        f"The best turn found plays {count_words(shed)}."
        if shed
        else "The best turn found plays no card: it keeps the whole hand back."
    )
    return Step(
        position=turn.position,
        narration=narration,
        expect=accepted,
        judge="win",
        worlds=min(win.worlds, MAX_WORLDS),
        hints=(first,),
        title=f"Turn {turn.number}" if turn.hand == 1 else f"Hand {turn.hand}, turn {turn.number}",
        rules=turn.rules,
        fresh=True,  # each practised turn is a table of its own
    )


def _step(turn: ReviewedTurn) -> Step:
    where = f"hand {turn.hand}, turn {turn.number}" if turn.hand > 1 else f"turn {turn.number}"
    narration = (
        f"In the game ({where}) your turn was: {turn_words(turn.moves)}. It played "
        f"{no_or_count(turn.shed)}. "
        f"A better turn plays {count_words(turn.best_shed)}"
        + (" and goes out" if turn.best.goes_out else "")
        + ": find it."
    )
    hints = [f"There is a turn that plays {count_words(turn.best_shed)} here."]
    if turn.best.goes_out:
        hints = ["Every card in your hand can go this turn."]
    best = tuple(str(move) for move in turn.best.moves if not isinstance(move, EndTurn))
    return Step(
        position=turn.position,
        narration=narration,
        expect=(best,),
        sheds=turn.best_shed,
        hints=tuple(hints),
        after=f"That is the best turn here: {count_words(turn.best_shed)} played.",
        title=f"Turn {turn.number}" if turn.hand == 1 else f"Hand {turn.hand}, turn {turn.number}",
        rules=turn.rules,
        fresh=True,  # each practised turn is a table of its own
    )


BUILDERS["review"] = practice_lesson
