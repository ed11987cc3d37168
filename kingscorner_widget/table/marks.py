"""The stars a learner earns at a lesson table, counted as they go.

A lesson table counts, step by step, what the learner's record counts
(:mod:`kingscorner_widget.classroom.recorder`): refused moves, hints, Show me, the moves
tried, whether the step was done. When the lesson ends, the table shows the learner their
stars by the record's rule (lichess's learn grading, :mod:`kingscorner_widget.classroom.record`;
the record sits a layer above the table, so the rule is written here as well and a test holds
the two equal for every step), so the stars on the table are the stars the teacher's board
shows for that attempt. A step with nothing to play earns no
stars and costs none; a step skipped (a teacher's Skip) earns 0.

>>> marks = LessonMarks()
>>> marks.take(0, "play", refused=True, made=(), done=False)
>>> marks.take(0, "play", refused=False, made=(), done=True)
>>> marks.take(1, "hint", refused=False, made=(), done=False)
>>> marks.take(1, "play", refused=False, made=(), done=True)
>>> marks.step(0)
{'done': True, 'refused': 1, 'hints': 0, 'shows': 0, 'tried': 1}
>>> marks.stars([True, True])
2
>>> stars_words(3)
'You earned all 3 stars for this lesson.'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TypedDict

from ..display.language import gettext, ngettext

__all__ = ["MOST_STARS", "LessonMarks", "StepMark", "mark_stars", "mean_stars", "stars_words"]

MOST_STARS = 3


class StepMark(TypedDict):
    """What one step of the lesson counted."""

    done: bool
    refused: int
    hints: int
    shows: int
    tried: int
    """The moves the learner made in the step (or Show me made for them)."""


def _fresh() -> StepMark:
    return {"done": False, "refused": 0, "hints": 0, "shows": 0, "tried": 0}


class LessonMarks:
    """The marks of one attempt at a lesson, by step (0-based)."""

    def __init__(self) -> None:
        self._steps: dict[int, StepMark] = {}

    def clear(self) -> None:
        """Forget every mark (the lesson starts again)."""
        self._steps.clear()

    def step(self, index: int) -> StepMark:
        """Step ``index``'s marks so far (a copy)."""
        return dict(self._steps.get(index, _fresh()))  # type: ignore[return-value]

    def take(
        self, index: int, kind: str, *, refused: bool, made: Sequence[object], done: bool
    ) -> None:
        """Count one action at step ``index``: ``kind`` as the table names it, ``refused`` when
        the table refused it, ``made`` the moves it made, ``done`` whether the step is done
        after it (counted as the learner's record counts them)."""
        mark = self._steps.setdefault(index, _fresh())
        if kind in ("play", "draw"):
            if refused:
                mark["refused"] += 1
            else:
                mark["tried"] += 1
        elif kind == "step" and not refused:
            mark["tried"] += min(1, len(made))
        elif kind == "hint" and not refused:
            mark["hints"] += 1
        elif kind == "show" and not refused:
            mark["shows"] += 1
        if done:
            mark["done"] = True

    def stars(self, interactive: Sequence[bool]) -> int:
        """The lesson's stars, given which of its steps have something to play: the record's
        rule over those steps (a lesson with none earns all three, as the record gives it)."""
        marked = [
            mark_stars(self._steps.get(index, _fresh()))
            for index, playable in enumerate(interactive)
            if playable
        ]
        return mean_stars(marked) if marked else MOST_STARS


def mark_stars(mark: StepMark) -> int:
    """A step's stars: 3 done with no slip (a refused move or a hint), 2 with at most one slip
    per eight moves made, 1 with more or with Show me, 0 not done.

    >>> mark_stars({"done": True, "refused": 1, "hints": 0, "shows": 0, "tried": 1})
    2
    """
    if not mark["done"]:
        return 0
    if mark["shows"]:
        return 1
    slips = mark["refused"] + mark["hints"]
    if slips == 0:
        return MOST_STARS
    allowed = max(1, (mark["tried"] or 1) // 8)
    return 2 if slips <= allowed else 1


def mean_stars(stars: Sequence[int]) -> int:
    """A lesson's stars: the mean of its steps', rounded half up.

    >>> mean_stars([3, 2, 2])
    2
    """
    return math.floor(sum(stars) / len(stars) + 0.5)


def stars_words(stars: int) -> str:
    """The stars a finished lesson earned, in a sentence (what the table says beside them)."""
    if not 0 <= stars <= MOST_STARS:
        raise ValueError(f"a lesson earns 0 to {MOST_STARS} stars, not {stars}")
    if stars == MOST_STARS:
        return gettext("You earned all {most} stars for this lesson.").format(most=MOST_STARS)
    text = ngettext(
        "You earned {stars} of {most} star for this lesson. A step done with no hint, no "
        "refused move and no Show me earns all three: press Restart lesson to try again.",
        "You earned {stars} of {most} stars for this lesson. A step done with no hint, no "
        "refused move and no Show me earns all three: press Restart lesson to try again.",
        MOST_STARS,
    )
    return text.format(stars=stars, most=MOST_STARS)
