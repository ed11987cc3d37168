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
from ..display.language import gettext, ngettext
from ..engine.moves import EndTurn, PlayCard
from ..engine.record import Source
from ..engine.words import turn_words
from .model import BUILDERS, MAX_WORLDS, Lesson, Step
from .runner import LessonRun
from .search import proven_shed
from .speech import percent

if TYPE_CHECKING:
    from ..analysis.judging.review import Review, ReviewedTurn

__all__ = ["NothingToPracticeError", "practice_lesson", "practice_run", "practised_turns"]


class NothingToPracticeError(ValueError):
    """The review has no turn to practise (no mistakes, or none small enough to check)."""


def practice_lesson(review: Review, title: str | None = None, inaccuracies: bool = False) -> Lesson:
    """A lesson with one step per mistake in ``review`` (and, with ``inaccuracies``, per turn that
    shed one card too few). A turn whose best cannot be proven within the lesson budget is left
    out, since the runner could not judge the learner's moves there; if nothing is left, raises
    :class:`NothingToPracticeError`. Its words are in the language spoken as it is made
    (``with speaking("fr"): practice_lesson(review)``)."""
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
    # TRANSLATORS: P{player} is the seat's code, as the review names it
    own_title = gettext("Learn from P{player}'s mistakes").format(player=review.player)
    summary = ngettext(
        "{n} turn from the game, each from the start, as you saw it: find the best turn.",
        "{n} turns from the game, each from the start, as you saw it: find the best turn.",
        len(steps),
    )
    data = {"title": title or own_title, "summary": summary.format(n=len(steps)), "steps": steps}
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
    # TRANSLATORS: {turn} is the learner's turn in words; {played} and {best} percentages
    narration = gettext(
        "In the game ({where}) your turn was: {turn}. Your chance of winning after it was "
        "{played}. A better turn makes it {best}: find it."
    ).format(
        where=_where(turn),
        turn=turn_words(turn.moves),
        played=percent(win.played),
        best=percent(win.best),
    )
    turns = (win.best_moves, *win.near_best)
    accepted = tuple(dict.fromkeys(tuple(map(str, whole_turn(t))) for t in turns))
    best = win.best_moves
    shed = sum(1 for m in best if isinstance(m, PlayCard))
    first = (
        ngettext(
            "The best turn found plays {n} card.", "The best turn found plays {n} cards.", shed
        ).format(n=shed)
        if shed
        else gettext("The best turn found plays no card: it keeps the whole hand back.")
    )
    return Step(
        position=turn.position,
        narration=narration,
        expect=accepted,
        judge="win",
        worlds=min(win.worlds, MAX_WORLDS),
        hints=(first,),
        title=_title(turn),
        rules=turn.rules,
        fresh=True,  # each practised turn is a table of its own
    )


def _where(turn: ReviewedTurn) -> str:
    """Where a practised turn was in the game, within a sentence."""
    if turn.hand > 1:
        return gettext("hand {hand}, turn {number}").format(hand=turn.hand, number=turn.number)
    return gettext("turn {number}").format(number=turn.number)


def _title(turn: ReviewedTurn) -> str:
    """A practised turn's step title."""
    if turn.hand == 1:
        return gettext("Turn {number}").format(number=turn.number)
    return gettext("Hand {hand}, turn {number}").format(hand=turn.hand, number=turn.number)


def _step(turn: ReviewedTurn) -> Step:
    # TRANSLATORS: {where} is where the turn was ("turn 3"); {turn} the turn in words
    was = gettext("In the game ({where}) your turn was: {turn}.").format(
        where=_where(turn), turn=turn_words(turn.moves)
    )
    played = (
        ngettext("It played {n} card.", "It played {n} cards.", turn.shed)
        if turn.shed
        else gettext("It played no card.")
    ).format(n=turn.shed)
    n = turn.best_shed
    better = (
        ngettext(
            "A better turn plays {n} card and goes out: find it.",
            "A better turn plays {n} cards and goes out: find it.",
            n,
        )
        if turn.best.goes_out
        else ngettext(
            "A better turn plays {n} card: find it.", "A better turn plays {n} cards: find it.", n
        )
    ).format(n=n)
    narration = f"{was} {played} {better}"
    hints = [
        ngettext(
            "There is a turn that plays {n} card here.",
            "There is a turn that plays {n} cards here.",
            n,
        ).format(n=n)
    ]
    if turn.best.goes_out:
        hints = [gettext("Every card in your hand can go this turn.")]
    best = tuple(str(move) for move in turn.best.moves if not isinstance(move, EndTurn))
    return Step(
        position=turn.position,
        narration=narration,
        expect=(best,),
        sheds=turn.best_shed,
        hints=tuple(hints),
        after=ngettext(
            "That is the best turn here: {n} card played.",
            "That is the best turn here: {n} cards played.",
            n,
        ).format(n=n),
        title=_title(turn),
        rules=turn.rules,
        fresh=True,  # each practised turn is a table of its own
    )


BUILDERS["review"] = practice_lesson
