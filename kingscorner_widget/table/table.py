"""What a table keeps when its mode changes, and the session each mode opens.

Switching mode replaces the session: explore works on a copy of the game on the table, play
comes back to the table's own game or match (or plays on from the position on the table), a
lesson starts its step afresh.

>>> from kingscorner_widget import Game
>>> setup = TableSetup(Game.new(players=2, seed=1), seed=1)
>>> play = setup.open("play")
>>> explore = setup.open("explore", current=play)
>>> explore.game is play.game, explore.game.position() == play.game.position()
(False, True)
>>> setup.open("play", current=explore) is play
True
"""

from __future__ import annotations

import random

from ..analysis.judging.review import Judge
from ..analysis.players import Player
from ..engine.game import Game
from ..engine.match import Match
from ..engine.rules import Rules
from ..lessons import Lesson, LessonRun, under_rules
from .events import Listener
from .explore import ExploreSession, deal_title, read_source
from .lesson import LessonSession
from .play import Opponents, PlaySession, check_opponents
from .review import PracticeSession, ReviewSession
from .session import Session

__all__ = ["MODES", "TableSetup"]

MODES = ("play", "explore", "lesson", "review")
"""The table's modes: play against computer players, explore any position, follow a lesson,
review a finished hand turn by turn."""


class TableSetup:
    """A table's settings: the first ``source`` (a game, a match, a position line or a saved
    record; ``None`` for a new deal), the rules of new deals (``rules`` and ``players``; default
    the source's, or 4 players), the ``seed``, the viewer's seat, the computer players, the
    teacher's "show every hand", the ``lesson``, whether it is a ``teacher``'s table, and in
    play mode the player to ``watch`` at the viewer's seat, and the ``listener`` every session
    tells of its actions. Bad settings raise ``ValueError`` at
    once."""

    def __init__(
        self,
        source: Game | Match | str | None = None,
        *,
        players: int | None = None,
        rules: Rules | None = None,
        seed: int | None = None,
        viewer: int = 1,
        opponents: Opponents = "greedy",
        show_all_hands: bool = False,
        lesson: Lesson | LessonRun | LessonSession | str | None = None,
        teacher: bool = False,
        judge: Judge = "cards",
        watch: str | Player | None = None,
        listener: Listener | None = None,
    ) -> None:
        check_opponents(opponents)
        self.listener = listener
        """Told of every action at every session this table opens (the class record)."""
        if watch is not None:
            check_opponents([watch])
        self.watch = watch
        """Play mode: the player that plays the viewer's seat while the viewer watches."""
        if judge not in ("cards", "win"):
            raise ValueError(f"judge must be 'cards' or 'win', not {judge!r}")
        self.judge: Judge = judge
        """What review mode (and play's "Review this hand") judges turns by first: cards shed,
        or chance of winning."""
        self.teacher = bool(teacher)
        """True on a teacher's table: every session it opens lists the teacher's controls."""
        class_rules = rules
        self.source = read_source(source, rules or Rules()) if isinstance(source, str) else source
        """The game or match the first session opens on."""
        if rules is None:
            rules = self.source.rules if self.source is not None else Rules(players=players or 4)
        self.rules = rules if players is None else rules.with_players(players)
        """The rules of new deals."""
        self.seed = random.SystemRandom().randrange(2**32) if seed is None else seed
        """The seed of the first deal and of the computer players."""
        self.viewer, self.opponents = viewer, opponents
        self.show_all_hands = bool(show_all_hands)
        """Explore mode: every hand face up."""
        if lesson is not None and not isinstance(lesson, LessonSession):
            if class_rules is not None:  # the class's own rules
                lesson = under_rules(lesson, class_rules)
            lesson = LessonSession(lesson)
        self.lesson = lesson
        """The lesson's session, kept across mode changes."""
        self.play: PlaySession | None = None
        """The play session to come back to."""
        self.review: ReviewSession | None = None
        """The review to come back to (from its practice lesson)."""

    def open(
        self, mode: str, source: Game | Match | None = None, current: Session | None = None
    ) -> Session:
        """The session for ``mode``: over ``source`` when given, else going on from ``current``
        (the session being replaced; ``None`` for a new table)."""
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
        if mode == "lesson":
            return self.adopt(self._lesson(source, current))
        if mode == "review":
            return self.adopt(self._review(source, current))
        if source is None and current is None:
            source = self.source
        if mode == "explore":
            return self.adopt(self._explore(source, current))
        return self.adopt(self._play(source, current))

    def _play(self, source: Game | Match | None, current: Session | None) -> Session:
        title = ""
        if source is None and current is None:  # a new table: a new match
            source = Match(self.rules, seed=self.seed)
            title = f"Hand 1 of a match to {self.rules.target}"
        elif source is None and self.play is not None:  # back to the table's own game
            return self.play
        elif source is None and current is not None:  # play on from the position on the table
            source = current.game.copy()
        assert source is not None
        self.play = PlaySession(
            source,
            viewer=self.viewer,
            opponents=self.opponents,
            rules=self.rules,
            seed=self.seed,
            title=title,
            watch=self.watch,
            judge=self.judge,
        )
        return self.play

    def _explore(self, source: Game | Match | None, current: Session | None) -> Session:
        title, seat = "", None
        if source is None and current is None:
            source = Game.new(seed=self.seed, rules=self.rules)
            title = deal_title(self.seed, shown=self.show_all_hands)
        elif source is None and current is not None:
            source, seat = current.game.copy(), current.viewer  # the viewer keeps their seat
        assert source is not None
        game = source.game.copy() if isinstance(source, Match) else source
        return ExploreSession(
            game, rules=self.rules, show_all_hands=self.show_all_hands, title=title, viewer=seat
        )

    def _review(self, source: Game | Match | None, current: Session | None) -> Session:
        if source is None and current is None:
            source = self.source
            if source is None:
                raise ValueError(
                    "review mode needs a hand or a match to review: "
                    'KingsCornerWidget(game, mode="review")'
                )
        if source is not None:
            self.review = ReviewSession(source, viewer=self.viewer, judge=self.judge)
        elif isinstance(current, PlaySession):  # the hand on the table, as "Review this hand"
            reply = current.review_hand()
            if not isinstance(reply.opens, ReviewSession):
                raise ValueError(reply.reason)
            self.review = reply.opens
        elif isinstance(current, PracticeSession):  # back from the practice it opened
            self.review = current.came_from
        else:  # the game on the explore or lesson table
            assert current is not None
            viewer = self.viewer if current.mode == "explore" else current.viewer
            self.review = ReviewSession(
                current.game.copy(), viewer=viewer or self.viewer, judge=self.judge
            )
        return self.review

    def adopt(self, session: Session) -> Session:
        """Take ``session``, opened by an action at the table ("Review this hand", "Practise
        these", back to the match), as the one its mode comes back to (a teacher's table
        stays a teacher's)."""
        session.teacher = self.teacher
        session.listener = self.listener
        if isinstance(session, PlaySession):
            self.play = session
        elif isinstance(session, ReviewSession):
            self.review = session
        elif isinstance(session, LessonSession):
            self.lesson = session
        return session

    def _lesson(self, source: Game | Match | None, current: Session | None) -> Session:
        if self.lesson is None:
            raise ValueError("lesson mode needs a lesson: KingsCornerWidget(lesson=...)")
        if source is not None:
            raise ValueError("a lesson sets out its own positions: load this in explore mode")
        if current is not None:
            self.lesson.restart()
        return self.lesson
