"""Lessons as data: a title and steps, each a position with narration and the moves expected.

A lesson loads from and saves to JSON. Loading checks it against the engine: every position parses,
every expected move sequence is legal from its step's position, in order, and every step is
proven by the exact search under its own rules (:mod:`.proof`: its goal is reachable, a turn
that ends does the most it can or holds back for a reason, every "nothing fits" is true, and a
step starts where the last one left the table or says it is ``fresh``). An error names the step
it is about.

The JSON form (only ``title``, ``steps``, and each step's ``position`` and ``narration``, are
needed)::

    {"title": "...", "summary": "...", "rules": {"count": "heavy", "target": 100},
     "steps": [{
        "title": "...",
        "position": "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1",
        "narration": "Markdown shown beside the table",
        "expect": [["Th>N", "Ks>NE", "4h>S"], ["Ks>NE", "Th>N", "4h>S"]],
        "goal": "out",
        "hints": ["vague", "more specific"],
        "after": "one plain line once the step is done",
        "seed": 0,
        "rules": {"count": "pictures"}}]}

``goal`` says what the step asks for (:mod:`.goals`: read, card, line, space, corner, shed, out,
end, hold, win; read from the other fields when left out); a hold-back step gives its ``reason``,
and a step that does not start from the table the step before leaves says so with ``"fresh": true``.
``expect`` lists move sequences, any of which completes the step; a step whose goal is not one named
move also accepts any other way to meet it. With ``sheds``, any turn that sheds that many cards
completes it, and ``expect`` holds example solutions (what "show me" plays); loading proves the
step's best turn within :data:`~kingscorner_widget.lessons.search.LESSON_BUDGET` and refuses a step
whose table is too big to prove it in that budget. With ``"judge": "win"`` (a practice step from a
review by win chance), ``expect`` holds whole turns (each ends the turn or goes out), the best
first: any of them completes the step, and so does any other turn whose chance of winning the deals
cannot tell from the first's, measured when the learner ends it on ``worlds`` sampled deals (default
240, at most :data:`MAX_WORLDS`). Without either, the step is something to read, with any legal move
allowed. ``rules`` never sets the number of players: that comes from each position. ``seed`` fills
the hidden cards.

>>> lesson = Lesson.from_dict({
...     "title": "A first move",
...     "steps": [{
...         "position": "N:Jc E:6h S:5d W:9d NE:- SE:- SW:- NW:- P1:Th7d2c P2:?7 stock:38 turn:P1",
...         "narration": "Put the **ten of hearts** on the jack of clubs.",
...         "expect": [["th>n"]],
...     }],
... })
>>> lesson.steps[0].expect
(('Th>N',),)
>>> Lesson.from_json(lesson.to_json()) == lesson
True
>>> bad = lesson.to_dict()
>>> bad["steps"][0]["expect"] = [["Th>E"]]
>>> Lesson.from_dict(bad)
Traceback (most recent call last):
...
ValueError: step 1 (A first move): Th>E is not legal there: the ten of hearts (Th) cannot go on ...
"""

from __future__ import annotations

import dataclasses
import functools
import json
import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal

from ..engine.game import Game
from ..engine.moves import EndTurn, Move, PlayCard, parse_move
from ..engine.notation import parse_position
from ..engine.rules import Rules
from ..engine.words import reason_words
from .goals import GOALS, Goal, default_goal
from .proof import prove_follows, prove_step

if TYPE_CHECKING:
    from ..analysis.judging.review import Review

__all__ = ["Lesson", "Step"]

_STEP_KEYS = {
    "title",
    "position",
    "narration",
    "expect",
    "sheds",
    "hints",
    "after",
    "seed",
    "rules",
    "viewer",
    "judge",
    "worlds",
    "goal",
    "reason",
    "fresh",
}
StepJudge = Literal["moves", "win"]
"""How a step judges the learner's turn: by the moves expected, or by chance of winning."""
_LESSON_KEYS = {"title", "summary", "rules", "steps"}
MAX_WORLDS = 1000
"""The most sampled deals a step judged by win chance may ask for (about half a second)."""
DEFAULT_WORLDS = 240
"""Sampled deals a step judged by win chance plays each turn out in, unless it says."""
_MOVE_LIST = re.compile(r'\[((?:\s*"[A-Za-z0-9>]+",?)+)\s*\]')
"""A JSON list of moves in notation, as ``json.dumps`` spreads it over several lines."""


@dataclasses.dataclass(frozen=True)
class Step:
    """One step of a lesson: a table to look at, what to read, and what the learner should do."""

    position: str
    """The table in position notation, the learner to move."""
    narration: str
    """What to read before moving (a little Markdown)."""
    expect: tuple[tuple[str, ...], ...] = ()
    """Move sequences in notation, any of which completes the step (empty: nothing to play)."""
    sheds: int | None = None
    """When set, any turn that sheds this many cards completes the step; ``expect`` then holds
    example solutions (what "show me" plays)."""
    hints: tuple[str, ...] = ()
    """Hints, each more specific than the one before."""
    after: str = ""
    """What to say once the step is done."""
    title: str = ""
    """A short name for the step (errors and progress name it)."""
    seed: int = 0
    """Seed for filling the position's hidden cards (other hands, the stock)."""
    rules: Rules | None = None
    """Rules for this step only (default: the lesson's)."""
    viewer: int | None = None
    """The player whose seat the learner holds in this step (default: the player to move). A step
    that shows a finished hand from the loser's side sets it; the learner still plays only on
    their own turn, so an interactive step's viewer must be the player to move."""
    judge: StepJudge = "moves"
    """``"moves"``: the step is done by ``expect`` or ``sheds``. ``"win"``: any whole turn whose
    chance of winning is within the luck of the deals of the first expected turn's."""
    worlds: int = DEFAULT_WORLDS
    """Judged by win chance: the sampled deals each turn is played out in."""
    goal: Goal | None = None
    """What the step asks for, in the small vocabulary of :mod:`.goals` (``None``: read from
    the other fields, see :func:`~.goals.default_goal`)."""
    reason: str = ""
    """A hold-back step: what playing the cards kept back would open for the others."""
    fresh: bool = False
    """True when the step does not start from the table the step before leaves: the table is
    set out afresh for it."""

    def objective(self, lesson_rules: Rules | None = None) -> Goal:
        """The step's goal, stated or read from its other fields (under the lesson's rules)."""
        if self.goal is not None:
            return self.goal
        return default_goal(self.expect, self.sheds, self.judge, self.new_game(lesson_rules))

    @functools.cached_property
    def learner(self) -> int:
        """The learner's player number: :attr:`viewer`, else the player to move (read from the
        position once: a step does not change)."""
        return self.viewer if self.viewer is not None else parse_position(self.position).turn + 1

    @property
    def interactive(self) -> bool:
        """True when the step expects the learner to play something."""
        return bool(self.expect) or self.sheds is not None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict, leaving out fields at their defaults."""
        out: dict[str, Any] = {}
        if self.title:
            out["title"] = self.title
        out["position"] = self.position
        out["narration"] = self.narration
        if self.expect:
            out["expect"] = [list(sequence) for sequence in self.expect]
        if self.sheds is not None:
            out["sheds"] = self.sheds
        if self.hints:
            out["hints"] = list(self.hints)
        if self.after:
            out["after"] = self.after
        if self.seed:
            out["seed"] = self.seed
        if self.rules is not None:
            out["rules"] = _rules_dict(self.rules)
        if self.viewer is not None:
            out["viewer"] = self.viewer
        if self.judge != "moves":
            out["judge"] = self.judge
        if self.worlds != DEFAULT_WORLDS:
            out["worlds"] = self.worlds
        if self.goal is not None:
            out["goal"] = self.goal
        if self.reason:
            out["reason"] = self.reason
        if self.fresh:
            out["fresh"] = True
        return out

    def new_game(self, lesson_rules: Rules | None = None) -> Game:
        """A fresh game at this step's position, under the step's (or else the lesson's) rules
        (a copy of one read from the position once per set of rules: a lesson's table asks
        for it at every move it judges, and the board at every move it replays)."""
        rules = self.rules or lesson_rules or Rules()
        start = self._starts.get(rules)
        if start is None:
            players = len(parse_position(self.position).hands)
            start = Game.from_position(
                self.position, rules=rules.with_players(players), seed=self.seed
            )
            self._starts[rules] = start
        return start.copy()

    @functools.cached_property
    def _starts(self) -> dict[Rules, Game]:
        """The step's game as it starts, by the rules it is played under (never played on)."""
        return {}


@dataclasses.dataclass(frozen=True, repr=False)
class Lesson:
    """A titled list of steps. Build it with :meth:`from_dict` or :meth:`from_json` to check it."""

    title: str
    """The lesson's title."""
    steps: tuple[Step, ...]
    """The steps, in order."""
    rules: Rules | None = None
    """Rules options for every step (the player count always comes from the position)."""
    summary: str = ""
    """One or two sentences on what the lesson teaches."""

    def __repr__(self) -> str:
        return f"<Lesson {self.title!r}: {len(self.steps)} steps>"

    def outline(self) -> str:
        """The lesson's title, summary and step titles, one line each.

        >>> from kingscorner_widget.lessons import load_lesson
        >>> print(load_lesson("worked-turn").outline())
        A worked turn: One turn played card by card: a cross of a black jack, a red six and a black five; a hand of a red ten, a king and a red four.
        1. The ten on the jack
        2. The king to a corner
        3. Going out
        """  # noqa: E501
        head = f"{self.title}: {self.summary}" if self.summary else self.title
        lines = [head]
        for number, step in enumerate(self.steps, start=1):
            lines.append(f"{number}. {step.title or self.title}")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict; :meth:`from_dict` reads it back."""
        out: dict[str, Any] = {"title": self.title}
        if self.summary:
            out["summary"] = self.summary
        if self.rules is not None:
            out["rules"] = _rules_dict(self.rules)
        out["steps"] = [step.to_dict() for step in self.steps]
        return out

    def to_json(self, indent: int | None = 2) -> str:
        """The lesson as JSON text (each move sequence kept on one line)."""
        text = json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)
        return (
            _MOVE_LIST.sub(lambda m: "[" + ", ".join(re.findall(r'"[^"]*"', m[0])) + "]", text)
            + "\n"
        )

    @classmethod
    def from_json(cls, text: str) -> Lesson:
        """Read and check a lesson from JSON text (a ``ValueError`` names what is wrong)."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise ValueError(f"a lesson must be JSON: {error}") from None
        except RecursionError:  # the decoder recurses once per level of nesting
            raise ValueError("a lesson must be JSON nested a few levels deep, not more") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Lesson:
        """Read and check a lesson from a dict like :meth:`to_dict`'s output."""
        if not isinstance(data, Mapping):
            raise ValueError("a lesson must be an object with a title and steps")
        unknown = sorted(set(data) - _LESSON_KEYS)
        if unknown:
            raise ValueError(f"unknown lesson field(s): {', '.join(unknown)}")
        title = data.get("title")
        if not isinstance(title, str) or not title.strip():
            raise ValueError("a lesson needs a title")
        summary = data.get("summary", "")
        if not isinstance(summary, str):
            raise ValueError(f"{title}: the summary must be text")
        rules = _read_rules(data.get("rules"), title)
        raw_steps = data.get("steps")
        if not isinstance(raw_steps, Sequence) or isinstance(raw_steps, str) or not raw_steps:
            raise ValueError(f"{title}: a lesson needs a list of steps")
        wheres = [f"step {number} ({title})" for number in range(1, len(raw_steps) + 1)]
        steps = tuple(
            _read_step(raw, where, rules) for raw, where in zip(raw_steps, wheres, strict=True)
        )
        wheres = [
            where.split(" (", 1)[0] + f" ({step.title})" if step.title else where
            for where, step in zip(wheres, steps, strict=True)
        ]
        prove_follows(steps, rules, title, wheres)
        lesson = cls(title=title, steps=steps, rules=rules, summary=summary)
        return lesson

    @classmethod
    def from_game(
        cls,
        game: Game,
        title: str,
        *,
        comments: Mapping[int, str] | None = None,
        move_comments: Mapping[int, str] | None = None,
        start: int = 0,
        summary: str = "",
    ) -> Lesson:
        """A line played on a table as a lesson: see
        :func:`~kingscorner_widget.lessons.written.lesson_from_game`."""
        return BUILDERS["game"](
            game,
            title,
            comments=comments,
            move_comments=move_comments,
            start=start,
            summary=summary,
        )

    @classmethod
    def from_review(
        cls, review: Review, title: str | None = None, *, inaccuracies: bool = False
    ) -> Lesson:
        """A reviewed game's mistakes as a practice lesson (learn from your mistakes): see
        :func:`~kingscorner_widget.lessons.practice.practice_lesson`."""
        return BUILDERS["review"](review, title=title, inaccuracies=inaccuracies)

    def under(self, rules: Rules) -> Lesson:
        """This lesson under a class's own ``rules``: every option the lesson or a step sets
        itself (what it teaches) is kept, every other option is the class's, and each step is
        checked again under the result. A step that cannot be played so raises a
        ``ValueError`` that names the rules and the step.

        >>> from kingscorner_widget.lessons import load_lesson
        >>> load_lesson("moves").under(Rules(must_play=True)).rules.must_play
        True
        >>> load_lesson("worked-turn").under(Rules(kings_first=True))
        Traceback (most recent call last):
        ...
        ValueError: the lesson A worked turn cannot be played under these rules (kings first): step 1 (The ten on the jack): Th>N is not legal there: kings first: put the king of spades (Ks) in an empty corner before anything else
        """  # noqa: E501
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
        data = self.to_dict()
        data["rules"] = _rules_dict(_merged(rules, self.rules))
        for step, raw in zip(self.steps, data["steps"], strict=True):
            if step.rules is not None:
                raw["rules"] = _rules_dict(_merged(rules, step.rules))
        try:
            return Lesson.from_dict(data)
        except ValueError as error:
            raise ValueError(
                f"the lesson {self.title} cannot be played under these rules "
                f"({rules.describe()}): {error}"
            ) from None


BUILDERS: dict[str, Callable[..., Lesson]] = {}
"""How a lesson is made from a played line (``"game"``) or a review (``"review"``): registered by
:mod:`.written` and :mod:`.practice` when they load, so this module imports neither."""


def _merged(base: Rules, own: Rules | None) -> Rules:
    """``base`` with every option ``own`` sets away from the standard sheet."""
    if own is None:
        return base
    standard = Rules().to_dict()
    changed = {k: v for k, v in own.to_dict().items() if k != "players" and v != standard[k]}
    return Rules.from_dict({**base.to_dict(), **changed})


def _rules_dict(rules: Rules) -> dict[str, Any]:
    data = rules.to_dict()
    data.pop("players")
    return data


def _read_rules(raw: object, where: str) -> Rules | None:
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        raise ValueError(f"{where}: rules must be an object of rule options")
    if "players" in raw:
        raise ValueError(f"{where}: the number of players comes from each position, not the rules")
    try:
        return Rules.from_dict(dict(raw))
    except (TypeError, ValueError) as error:
        raise ValueError(f"{where}: {error}") from None


def _read_step(raw: object, where: str, lesson_rules: Rules | None) -> Step:
    if not isinstance(raw, Mapping):
        raise ValueError(f"{where}: a step must be an object with a position and narration")
    title = raw.get("title", "")
    if not isinstance(title, str):
        raise ValueError(f"{where}: the step title must be text")
    if title:
        where = where.split(" (", 1)[0] + f" ({title})"
    unknown = sorted(set(raw) - _STEP_KEYS)
    if unknown:
        raise ValueError(f"{where}: unknown step field(s): {', '.join(unknown)}")
    position, narration, hints, after = _read_texts(raw, where)
    sheds, seed, viewer, judge, worlds = _read_numbers(raw, where)
    goal = raw.get("goal")
    if goal is not None and goal not in GOALS:
        raise ValueError(f"{where}: goal must be one of {', '.join(GOALS)}, not {goal!r}")
    reason = raw.get("reason", "")
    if not isinstance(reason, str):
        raise ValueError(f"{where}: reason must be text")
    fresh = raw.get("fresh", False)
    if not isinstance(fresh, bool):
        raise ValueError(f"{where}: fresh must be true or false")
    step = Step(
        position=position,
        narration=narration,
        expect=_read_expect(raw.get("expect", []), where),
        sheds=sheds,
        hints=hints,
        after=after,
        title=title,
        seed=seed,
        rules=_read_rules(raw.get("rules"), where),
        viewer=viewer,
        judge=judge,
        worlds=worlds,
        goal=goal,
        reason=reason,
        fresh=fresh,
    )
    _check_step(step, where, lesson_rules)
    return step


def _read_texts(raw: Mapping[str, Any], where: str) -> tuple[str, str, tuple[str, ...], str]:
    """A step's position, narration, hints and after text, each checked."""
    position = raw.get("position")
    if not isinstance(position, str):
        raise ValueError(f"{where}: a step needs a position in notation")
    narration = raw.get("narration")
    if not isinstance(narration, str) or not narration.strip():
        raise ValueError(f"{where}: a step needs narration")
    hints = raw.get("hints", [])
    if isinstance(hints, str) or not isinstance(hints, Sequence):
        raise ValueError(f"{where}: hints must be a list of text")
    if not all(isinstance(hint, str) and hint.strip() for hint in hints):
        raise ValueError(f"{where}: every hint must be non-empty text")
    after = raw.get("after", "")
    if not isinstance(after, str):
        raise ValueError(f"{where}: after must be text")
    return position, narration, tuple(hints), after


def _read_expect(expect_raw: object, where: str) -> tuple[tuple[str, ...], ...]:
    """A step's expected move sequences, each move in canonical notation."""
    if isinstance(expect_raw, str) or not isinstance(expect_raw, Sequence):
        raise ValueError(f"{where}: expect must be a list of move sequences")
    expect: list[tuple[str, ...]] = []
    for sequence in expect_raw:
        if isinstance(sequence, str):
            sequence = sequence.split()
        if not isinstance(sequence, Sequence) or not sequence:
            raise ValueError(f"{where}: each expected sequence must be a non-empty list of moves")
        moves = []
        for text in sequence:
            if not isinstance(text, str):
                raise ValueError(f"{where}: moves must be written in notation, not {text!r}")
            try:
                moves.append(str(parse_move(text)))
            except ValueError as error:
                raise ValueError(f"{where}: {error}") from None
        expect.append(tuple(moves))
    return tuple(expect)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _read_numbers(
    raw: Mapping[str, Any], where: str
) -> tuple[int | None, int, int | None, StepJudge, int]:
    """A step's sheds, seed, viewer, judge and worlds, each checked."""
    sheds = raw.get("sheds")
    if sheds is not None and (not _whole(sheds) or sheds < 1):
        raise ValueError(f"{where}: sheds must be a positive number of cards, not {sheds!r}")
    seed = raw.get("seed", 0)
    if not _whole(seed):
        raise ValueError(f"{where}: seed must be a whole number")
    viewer = raw.get("viewer")
    if viewer is not None and not _whole(viewer):
        raise ValueError(f"{where}: viewer must be a player number such as 2, not {viewer!r}")
    judge_raw = raw.get("judge", "moves")
    if judge_raw not in ("moves", "win"):
        raise ValueError(f"{where}: judge must be 'moves' or 'win', not {judge_raw!r}")
    judge: StepJudge = "win" if judge_raw == "win" else "moves"
    worlds = raw.get("worlds", DEFAULT_WORLDS)
    if not _whole(worlds) or not 2 <= worlds <= MAX_WORLDS:
        raise ValueError(
            f"{where}: worlds must be a whole number of sampled deals from 2 to {MAX_WORLDS}, "
            f"not {worlds!r}"
        )
    return sheds, seed, viewer, judge, worlds


def _check_step(step: Step, where: str, lesson_rules: Rules | None) -> None:
    """Raise a ``ValueError`` starting with ``where`` if the step does not fit the engine."""
    try:
        game = step.new_game(lesson_rules)
    except ValueError as error:
        raise ValueError(f"{where}: {error}") from None
    if step.viewer is not None:
        if not 1 <= step.viewer <= game.players:
            raise ValueError(f"{where}: there is no P{step.viewer} at this table of {game.players}")
        if step.interactive and step.viewer != game.turn:
            raise ValueError(
                f"{where}: the learner plays this step, so the viewer must be the player to move "
                f"(P{game.turn}), not P{step.viewer}"
            )
    if step.judge == "win":
        _check_win_step(step, game, where)
    for sequence in step.expect:
        trial = game.copy()
        for text in sequence:
            reason = trial.violation(text)
            if reason is not None:
                raise ValueError(f"{where}: {text} is not legal there: {reason_words(reason)}")
            trial.play(text)
        if step.judge == "win" and not _whole_turn(sequence, trial, game.turn):
            raise ValueError(
                f"{where}: {' '.join(sequence)} is not a whole turn: a step judged by win "
                "chance expects turns that end with draw or pass, or go out"
            )
    goal = step.goal or default_goal(step.expect, step.sheds, step.judge, game)
    if step.sheds is not None and goal != "shed":
        raise ValueError(f"{where}: sheds goes with the goal shed, not {goal}")
    if goal == "win" and step.judge != "win":
        raise ValueError(f"{where}: the goal win goes with judge win")
    prove_step(step, game, goal, where)


def _check_win_step(step: Step, game: Game, where: str) -> None:
    """What a step judged by win chance needs: a best turn to set others against, no ``sheds``,
    and the learner to move."""
    if not step.expect:
        raise ValueError(f"{where}: a step judged by win chance needs its best turn in expect")
    if step.sheds is not None:
        raise ValueError(f"{where}: a step judged by win chance does not count cards (no sheds)")
    if step.learner != game.turn:
        raise ValueError(f"{where}: the learner plays this step, so it starts on their turn")


def _whole_turn(sequence: Sequence[str], after: Game, player: int) -> bool:
    """True when ``sequence`` ends its player's turn (with its last move only) or goes out."""
    moves = [parse_move(text) for text in sequence]
    if any(isinstance(move, EndTurn) for move in moves[:-1]):
        return False
    return isinstance(moves[-1], EndTurn) or not after.hand(player)


def _sheds_card(move: Move) -> bool:
    return isinstance(move, PlayCard)
