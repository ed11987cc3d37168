"""Homework: a teacher's set of lessons, themed puzzles and a daily deal, walked through in order.

``Homework(title=..., lessons=[...], puzzles=5, daily=True, rules=Rules(...))`` makes the set;
:meth:`Homework.save` writes it as JSON (``format`` ``kingscorner-homework``, ``version`` 1), the
puzzles' tables included, so every learner who loads the file gets the same set. The file holds
no answer: each puzzle's best turn is found again by the exact search when the file is loaded
(:func:`solved_puzzle`). The puzzles
come from the lessons' generator (:func:`~kingscorner_widget.lessons.generate_puzzles`), seeded
by ``seed``, chosen so the themes take turns (:mod:`~kingscorner_widget.classroom.themes`), each
with its difficulty measured by the built-in players. ``rules`` are the daily deal's, and a
lesson's that has none of its own (a puzzle is played under the rules it was found with).

A learner opens it as one table: ``KingsCornerWidget(homework="week3.json", learner="ada")``
goes through the lessons, then the puzzles (one step each), then, with ``daily``, offers the
daily deal; the record keeps each item by its own key (``lesson:<name>``, ``puzzle:<n>``,
``daily:<date>``).

>>> hw = Homework(title="Week 3", lessons=["worked-turn"], puzzles=2, seed=1)
>>> [item.key for item in hw.items]
['lesson:worked-turn', 'puzzle:1', 'puzzle:2']
>>> Homework.from_json(hw.to_json()) == hw
True
>>> hw.lesson().title, len(hw.lesson().steps)
('Week 3', 5)
"""

from __future__ import annotations

import dataclasses
import datetime
import functools
import json
import os
import pathlib
from collections.abc import Sequence
from typing import Any

from ..display.language import ENGLISH, active, check_language, gettext, speaking
from ..engine.match import Match
from ..engine.rules import Rules
from ..lessons import Lesson, Puzzle, generate_puzzles, lesson_names, load_lesson
from ..table import LessonSession, PlaySession, Reply
from ..table.session import today
from .recorder import ItemPlace
from .themes import THEMES, difficulty, theme, theme_said

__all__ = ["FORMAT", "Homework", "HomeworkItem", "HomeworkSession", "as_homework", "solved_puzzle"]

Json = dict[str, Any]
FORMAT = "kingscorner-homework"
VERSION = 1
MAX_PUZZLES = 40
MAX_BYTES = 2_000_000
CANDIDATES = 8
"""Puzzles generated per puzzle wanted, so each theme has its turn."""


@dataclasses.dataclass(frozen=True)
class HomeworkItem:
    """One item of a homework: a lesson, a puzzle or the daily deal."""

    key: str
    kind: str
    title: str
    start: int = 0
    """Its first step in the homework's lesson."""
    steps: int = 0
    theme: str | None = None
    difficulty: float | None = None


@dataclasses.dataclass(frozen=True)
class ThemedPuzzle:
    """A puzzle with its theme and measured difficulty."""

    puzzle: Puzzle
    theme: str
    difficulty: float


class Homework:
    """A teacher's set: ``lessons`` (built-in names or :class:`Lesson` values), ``puzzles`` (a
    number to generate from ``seed``, or puzzles), ``daily`` (``True`` for the date it is set,
    a date, or ``False``) and the ``rules`` of the daily deal.

    A homework keeps the ``language`` it was made in (default: the one spoken where it is made,
    English unless :func:`~kingscorner_widget.display.language.speaking` says otherwise): its
    items' titles are written in it, and its file says it (``"language"``; a file without one
    is English)."""

    def __init__(
        self,
        title: str,
        lessons: Sequence[str | Lesson] = (),
        puzzles: int | Sequence[Puzzle] = 0,
        daily: bool | str | datetime.date = False,
        rules: Rules | None = None,
        *,
        seed: int = 0,
        language: str | None = None,
        _themed: Sequence[ThemedPuzzle] | None = None,
    ) -> None:
        if not isinstance(title, str) or not title.strip() or len(title) > 200:
            raise ValueError("a homework needs a title of 1 to 200 characters")
        self.title = title
        self.language = check_language(language or active())
        self.lessons: tuple[Lesson, ...] = tuple(
            load_lesson(x) if isinstance(x, str) else x for x in lessons
        )
        self.rules = rules or Rules(players=2)
        self.seed = int(seed)
        if daily is True:
            daily = today()
        self.daily = datetime.date.fromisoformat(daily) if isinstance(daily, str) else daily or None
        if _themed is not None:
            self.puzzles = tuple(_themed)
        elif isinstance(puzzles, int):
            if not 0 <= puzzles <= MAX_PUZZLES:
                raise ValueError(f"a homework has 0 to {MAX_PUZZLES} puzzles, not {puzzles}")
            self.puzzles = themed_puzzles(puzzles, self.seed)
        else:
            self.puzzles = tuple(ThemedPuzzle(p, theme(p), difficulty(p)) for p in puzzles)
        if not self.lessons and not self.puzzles and self.daily is None:
            raise ValueError("a homework needs a lesson, a puzzle or the daily deal")
        self._lesson: Lesson | None = None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Homework) and self.to_dict() == other.to_dict()

    def __repr__(self) -> str:
        return f"<Homework {self.title!r}: {len(self.items)} items>"

    # -- the items -----------------------------------------------------------------------------

    @functools.cached_property
    def items(self) -> tuple[HomeworkItem, ...]:
        """The items in order (the daily deal last), titled in the homework's language."""
        with speaking(self.language):
            return self._items()

    def _items(self) -> tuple[HomeworkItem, ...]:
        found: list[HomeworkItem] = []
        start = 0
        for lesson in self.lessons:
            key = _lesson_key(lesson)
            found.append(
                HomeworkItem(f"lesson:{key}", "lesson", lesson.title, start, len(lesson.steps))
            )
            start += len(lesson.steps)
        for number, themed in enumerate(self.puzzles, start=1):
            # TRANSLATORS: a homework's puzzle: its number and its theme ("Puzzle 2 (chain)")
            title = gettext("Puzzle {number} ({theme})").format(
                number=number, theme=theme_said(themed.theme)
            )
            found.append(
                HomeworkItem(
                    f"puzzle:{number}", "puzzle", title, start, 1, themed.theme, themed.difficulty
                )
            )
            start += 1
        if self.daily is not None:
            day = self.daily.isoformat()
            title = gettext("Daily deal {date}").format(date=day)
            found.append(HomeworkItem(f"daily:{day}", "daily", title))
        return tuple(found)

    def item(self, key: str) -> HomeworkItem:
        """The item called ``key``."""
        for found in self.items:
            if found.key == key:
                return found
        raise KeyError(f"{self.title!r} has no item {key!r}")

    def lesson(self) -> Lesson:
        """The lessons and the puzzles as one lesson, in order (made once)."""
        if self._lesson is None:
            self._lesson = self._make_lesson()
        return self._lesson

    def _make_lesson(self) -> Lesson:
        with speaking(self.language):
            return self._made_lesson()

    def _made_lesson(self) -> Lesson:
        steps: list[Json] = []
        for lesson in self.lessons:
            rules = lesson.rules or self.rules
            for number, step in enumerate(lesson.steps):
                data = step.to_dict()
                if step.rules is None and "rules" not in data:
                    data["rules"] = _rules(rules)
                if number == 0 and steps:
                    data["fresh"] = True  # each lesson of the set starts from its own table
                steps.append(data)
        for number, themed in enumerate(self.puzzles, start=1):
            made = themed.puzzle.to_step(number).to_dict()
            made["title"] = gettext("Puzzle {number}: {theme}").format(
                number=number, theme=theme_said(themed.theme)
            )
            steps.append(made)
        if not steps:
            steps.append(
                {
                    "title": gettext("The daily deal"),
                    "position": Match.daily(self.daily, self.rules).game.position(player=1),
                    "narration": gettext(
                        "This homework is the daily deal: press Daily deal to play it."
                    ),
                }
            )
        return Lesson.from_dict({"title": self.title, "steps": steps})

    def locate(self, lesson: Json) -> ItemPlace:
        """Where a step of :meth:`lesson` belongs (the recorder's map)."""
        index = int(lesson["step"])
        for order, item in enumerate(self.items):
            if item.kind != "daily" and item.start <= index < item.start + item.steps:
                return ItemPlace(
                    item.key,
                    item.kind,
                    item.title,
                    index - item.start,
                    item.steps,
                    item.theme,
                    item.difficulty,
                    order,
                )
        return ItemPlace("lesson:" + self.title, "lesson", self.title, 0, 1)

    def session(self) -> HomeworkSession:
        """A table session that walks through the homework."""
        return HomeworkSession(self)

    # -- saving --------------------------------------------------------------------------------

    def to_dict(self) -> Json:
        """The homework as JSON-ready data (its puzzles written out; its language, unless it is
        English)."""
        data: Json = {
            "format": FORMAT,
            "version": VERSION,
            "title": self.title,
            "lessons": [_lesson_key(x) if _is_builtin(x) else x.to_dict() for x in self.lessons],
            "puzzles": [_puzzle_dict(t) for t in self.puzzles],
            "daily": self.daily.isoformat() if self.daily else None,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
        }
        if self.language != ENGLISH:
            data["language"] = self.language
        return data

    def to_json(self, indent: int | None = 1) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    def save(self, path: str | os.PathLike[str]) -> pathlib.Path:
        """Write the homework to ``path`` (JSON), whole, by renaming a new file over it (a link
        planted at ``path`` is replaced, never followed); returns the path."""
        from ..analysis.league.results import write_atomically

        target = pathlib.Path(path)
        write_atomically(target, self.to_json() + "\n", 0o644)
        return target

    @classmethod
    def from_dict(cls, data: object) -> Homework:
        """A homework from :meth:`to_dict`'s data; anything else raises ``ValueError``."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError(f"this is not a {FORMAT} file")
        if data.get("version") != VERSION:
            raise ValueError(f"homework version {data.get('version')!r}: this reads {VERSION}")
        try:
            lessons = [
                load_lesson(x) if isinstance(x, str) else Lesson.from_dict(x)
                for x in data.get("lessons", [])
            ]
            raw = data.get("puzzles", [])
            if not isinstance(raw, list) or len(raw) > MAX_PUZZLES:
                raise ValueError(f"a homework has a list of 0 to {MAX_PUZZLES} puzzles")
            themed = [_read_puzzle(x) for x in raw]
            rules = Rules.from_dict(dict(data.get("rules") or {}))
            language = data.get("language", ENGLISH)
            if not isinstance(language, str):
                raise ValueError(f"a homework's language is a language code, not {language!r}")
            return cls(
                str(data.get("title", "")),
                lessons,
                daily=data.get("daily") or False,
                rules=rules,
                seed=int(data.get("seed", 0)),
                language=language,
                _themed=themed,
            )
        except (KeyError, TypeError, AttributeError) as error:
            raise ValueError(f"a homework file that does not read: {error}") from None

    @classmethod
    def from_json(cls, text: str) -> Homework:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise ValueError(f"a homework file is JSON: {error}") from None
        except RecursionError:
            raise ValueError("a homework file nests lists or objects too deeply") from None
        return cls.from_dict(data)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Homework:
        """The homework saved at ``path``."""
        target = pathlib.Path(path)
        if target.stat().st_size > MAX_BYTES:
            raise ValueError(f"{target.name} is over {MAX_BYTES} bytes: not a homework")
        return cls.from_json(target.read_text(encoding="utf-8"))


class HomeworkSession(LessonSession):
    """The homework's lesson; once it is done, "Next" offers the daily deal (a play table on
    the daily match of the homework's date)."""

    def __init__(self, homework: Homework) -> None:
        self.homework = homework
        super().__init__(homework.lesson())

    def following(self) -> str | None:
        return "Daily deal" if self.homework.daily is not None else None

    def parts(self) -> Sequence[tuple[str, int]]:
        """The homework's lessons and puzzles, each with its number of steps (the table lists
        them beside the narration)."""
        return [(item.title, item.steps) for item in self.homework.items if item.steps]

    def forward(self) -> Reply:
        homework = self.homework
        if self.run.done and homework.daily is not None:
            match = Match.daily(homework.daily, homework.rules)
            play = PlaySession(match, rules=homework.rules, title=f"Daily deal {homework.daily}")
            play._daily = f"Daily match, {homework.daily.isoformat()}"
            return Reply(play.status(), opens=play)
        return super().forward()


def as_homework(source: Homework | str | os.PathLike[str]) -> Homework:
    """A homework, or the one saved at a path."""
    return source if isinstance(source, Homework) else Homework.load(source)


def themed_puzzles(count: int, seed: int) -> tuple[ThemedPuzzle, ...]:
    """``count`` puzzles from ``seed``, the themes taking turns (as far as the deals allow)."""
    if count == 0:
        return ()
    found = generate_puzzles(count * CANDIDATES, seed, margin=1)
    by_theme: dict[str, list[Puzzle]] = {name: [] for name in THEMES}
    for puzzle in found:
        by_theme[theme(puzzle)].append(puzzle)
    chosen: list[tuple[Puzzle, str]] = []
    while len(chosen) < count:
        for name in THEMES:
            if by_theme[name] and len(chosen) < count:
                chosen.append((by_theme[name].pop(0), name))
    return tuple(ThemedPuzzle(p, name, difficulty(p)) for p, name in chosen)


def _is_builtin(lesson: Lesson) -> bool:
    return any(load_lesson(name) is lesson for name in lesson_names())


def _lesson_key(lesson: Lesson) -> str:
    return next((n for n in lesson_names() if load_lesson(n) is lesson), lesson.title)


def _rules(rules: Rules) -> Json:
    data = rules.to_dict()
    data.pop("players", None)
    return data


def _puzzle_dict(themed: ThemedPuzzle) -> Json:
    """A puzzle as the file keeps it: its table, never its answer (found again at load)."""
    p = themed.puzzle
    return {
        "position": p.position,
        "dealSeed": p.deal_seed,
        "turn": p.turn,
        "theme": themed.theme,
        "difficulty": themed.difficulty,
    }


def solved_puzzle(position: str, deal_seed: int = 0, turn: int = 1) -> Puzzle:
    """The puzzle at ``position`` with its answer found by the lessons' exact search (a
    homework file keeps no answer); a table whose best turn cannot be proven, or where the
    best turn sheds nothing, is no puzzle (``ValueError``).

    >>> hw = Homework("Week 3", puzzles=1, seed=2)
    >>> found = solved_puzzle(hw.puzzles[0].puzzle.position)
    >>> found.best_sheds == hw.puzzles[0].puzzle.best_sheds
    True
    """
    from ..analysis import best_turn
    from ..engine.game import Game
    from ..engine.moves import EndTurn
    from ..lessons.puzzles import greedy_turn
    from ..lessons.search import LESSON_BUDGET

    game = Game.from_position(position)
    plan = best_turn(game, LESSON_BUDGET)
    if not plan.exact or plan.cards_played < 1:
        raise ValueError("a homework puzzle whose best turn cannot be proven")
    greedy = greedy_turn(game)
    return Puzzle(
        position=position,
        best=tuple(m for m in plan.moves if not isinstance(m, EndTurn)),
        best_sheds=plan.cards_played,
        greedy=tuple(greedy),
        greedy_sheds=len(greedy),
        deal_seed=deal_seed,
        turn=turn,
    )


def _read_puzzle(raw: object) -> ThemedPuzzle:
    if not isinstance(raw, dict):
        raise ValueError("a homework puzzle is an object")
    position = raw["position"]
    if not isinstance(position, str) or len(position) > 1000:
        raise ValueError("a homework puzzle's position is a position's text")
    puzzle = solved_puzzle(position, int(raw.get("dealSeed", 0)), int(raw.get("turn", 1)))
    name = str(raw.get("theme", ""))
    if name not in THEMES:
        name = theme(puzzle)
    level = raw.get("difficulty")
    measured = float(level) if isinstance(level, int | float) and 0 <= level <= 1 else 0.0
    return ThemedPuzzle(puzzle, name, measured)
