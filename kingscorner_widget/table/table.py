"""The table, a noun: its setup, the session on it, its modes, its version and its mirrors.

A :class:`Table` is what a viewer sits at: it keeps the settings every mode shares
(:class:`TableSetup`), the session now on the table (one per mode: play, explore, a lesson, a
review), the number of the latest snapshot (its ``version``) and the stale-click rule. Every
change goes through it: an action by code (:meth:`Table.act`), a message from a page
(:meth:`Table.intent`), a switch of mode (:meth:`Table.switch`), a game loaded
(:meth:`Table.load`). After each change it tells its mirrors (:meth:`Table.subscribe`) what
the viewer now sees, as one :class:`View`; a notebook widget
(:class:`~kingscorner_widget.KingsCornerWidget`) is one such mirror, and a server holding
one table per seat would be another. The table needs no widget and no browser:

>>> from kingscorner_widget import Game
>>> table = Table(Game.new(players=2, seed=1), mode="explore")
>>> seen = []
>>> unsubscribe = table.subscribe(seen.append)
>>> table.version, table.mode
(1, 'explore')
>>> table.intent({"kind": "draw", "version": 1}).refused
False
>>> table.version, seen[-1].snapshot["version"], seen[-1].status
(2, 2, 'P1 draws a card and ends the turn. P2 to play.')
>>> table.intent({"kind": "draw", "version": 1}).status  # made on an older snapshot
'The table changed before that click arrived, so nothing was done: try again.'
>>> table.switch("play"); table.session.mode
'play'
>>> table.close()

Switching mode replaces the session: explore works on a copy of the game on the table, play
comes back to the table's own game or match (or plays on from the position on the table), a
lesson starts its step afresh.

>>> setup = TableSetup(Game.new(players=2, seed=1), seed=1)
>>> play = setup.open("play")
>>> explore = setup.open("explore", current=play)
>>> explore.game is play.game, explore.game.position() == play.game.position()
(False, True)
>>> setup.open("play", current=explore) is play
True
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import random
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from ..analysis.judging.review import Judge
from ..analysis.players import Player
from ..display.language import N_, Later, active, check_language, gettext, speaking
from ..engine.game import Game
from ..engine.match import Match
from ..engine.render import Picture, table_picture
from ..engine.rules import Rules
from ..engine.words import sentence
from ..lessons import Lesson, LessonRun, under_rules
from .estimates import WinEstimates
from .events import Listener, table_event
from .explore import ExploreSession, deal_title, read_source
from .intents import ANY_VERSION, QUIET_WHEN_STALE, parse_intent
from .lesson import LessonSession
from .look import Look
from .pass_play import PassAndPlaySession, check_people
from .play import Opponents, PlaySession, check_opponents
from .reply import Reply
from .review import PracticeSession, ReviewSession
from .session import Session

__all__ = ["DEFAULT_SEATS", "MODES", "STALE", "Players", "Table", "TableSetup", "View"]

Json = dict[str, Any]
Players = int | Sequence[str] | None
"""How many seats a new table has, or the names of the people at it (pass-and-play)."""

DEFAULT_SEATS = 4
"""How many seats a new table has when neither a game, the rules nor ``players`` say: the
one default of the table's size."""

STALE = N_("The table changed before that click arrived, so nothing was done: try again.")
"""What the table says when a page's message was made on an older snapshot than the latest."""

MODES = ("play", "explore", "lesson", "review")
"""The table's modes: play against computer players, explore any position, follow a lesson,
review a finished hand turn by turn."""


class TableSetup:
    """A table's settings: the first ``source`` (a game, a match, a position line or a saved
    record; ``None`` for a new deal), the rules of new deals (``rules`` and ``players``; default
    the source's, or :data:`DEFAULT_SEATS` players), the ``seed``, the viewer's seat, the
    computer players, the teacher's "show every hand", the ``lesson``, whether it is a
    ``teacher``'s table, and in play mode the player to ``watch`` at the viewer's seat, the
    ``listener`` every session tells of its actions, and the ``look`` the learner chose (saved
    as :meth:`Look.read <kingscorner_widget.table.look.Look.read>` reads it). Bad settings raise
    ``ValueError`` at once.

    ``players`` is how many seats new deals have, or a list of two to four people's names: a
    pass-and-play table (:class:`~kingscorner_widget.table.pass_play.PassAndPlaySession`),
    the people seated from seat 1 in order. ``seats`` says how many seats such a table has
    (default: one per person, or the source's); the seats after the people's are computer
    players (``opponents``).

    >>> TableSetup(players=["Ada", "Ben"], seats=3).rules.players
    3
    >>> TableSetup().rules.players == DEFAULT_SEATS
    True
    """

    def __init__(
        self,
        source: Game | Match | str | None = None,
        *,
        players: Players = None,
        seats: int | None = None,
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
        look: object = None,
    ) -> None:
        check_opponents(opponents)
        self.look = Look() if look is None else Look.read(look)
        """How the table looks (the learner's choice, remembered in their record): every
        session it opens shares it."""
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
        names: Sequence[str] = ()
        if isinstance(players, int) or players is None:
            if seats is not None:
                raise ValueError("seats= sets out a pass-and-play table: players= names its people")
            count = players
        else:
            if watch is not None:
                raise ValueError("watch= plays the viewer's seat: a pass-and-play table has none")
            names = players
            count = seats if seats is not None else len(players)
            if self.source is not None and seats is None:
                count = _seats_of(self.source)
            check_people(names, count)
        if rules is None:
            rules = self.source.rules if self.source is not None else Rules(players=DEFAULT_SEATS)
        self.rules = rules if count is None else rules.with_players(count)
        """The rules of new deals."""
        self.people = check_people(names, self.rules.players) if names else {}
        """The people of a pass-and-play table by seat (none at a table for one viewer)."""
        if self.people and self.source is not None:
            check_people(self.people, _seats_of(self.source))
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
        if self.people and mode != "play":
            raise ValueError(
                f"a pass-and-play table plays only: {mode} mode would show one person's cards "
                "to everyone at the laptop"
            )
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
        title: str | Later = ""
        if source is None and current is None:  # a new table: a new match
            source = Match(self.rules, seed=self.seed)
            title = Later(N_("Hand 1 of a match to {target}"), target=self.rules.target)
        elif source is None and self.play is not None:  # back to the table's own game
            return self.play
        elif source is None and current is not None:  # play on from the position on the table
            source = current.game.copy()
        assert source is not None
        if self.people:
            self.play = PassAndPlaySession(
                source,
                people=self.people,
                opponents=self.opponents,
                rules=self.rules,
                seed=self.seed,
                title=title,
                judge=self.judge,
            )
            return self.play
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
        title: str | Later = ""
        seat = None
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
        session.look = self.look
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


def _seats_of(source: Game | Match) -> int:
    return source.seats if isinstance(source, Match) else source.players


@dataclasses.dataclass(frozen=True)
class View:
    """What a table's mirror shows after a change: the viewer's snapshot, their legal moves
    and the status line. A refusal changes nothing at the table: its view carries the status
    line alone (``snapshot`` is ``None``)."""

    status: str
    """The line the viewer reads."""
    snapshot: Json | None = None
    """The new :class:`~kingscorner_widget.table.snapshot.Snapshot` (``None``: only the status
    line changed)."""
    legal: tuple[str, ...] = ()
    """The viewer's legal moves now, in notation (with a snapshot)."""
    mode: str = ""
    """The mode on the table (with a snapshot)."""
    speed: float | None = None
    """The seconds between computer moves the page asked for (a viewing preference the mirror
    keeps; the table itself stays as it is), else ``None``."""


Mirror = Callable[[View], None]
"""What a table calls with each :class:`View` (see :meth:`Table.subscribe`)."""


class Table:
    """One table a viewer sits at: the setup (:class:`TableSetup`, whose arguments it takes),
    the session now on it, its modes and its version. ``mode`` is the first mode (default: a
    lesson when ``lesson`` is given, else play).

    Each change publishes a new snapshot under the next ``version``; a page's message
    (:meth:`intent`) says which version it was made on, and one made on an older snapshot is
    refused (:data:`STALE`), so a click meant for a table that has since changed never acts on
    the new one. Code acts through :meth:`act` (trusted: it may use a teacher's controls and
    confirm what a click would be asked first). A refused action or message changes nothing.
    The table speaks ``language`` (``"en"``, ``"es"``, ``"fr"``, ``"de"``; any other raises
    ``ValueError`` before anything is set up), whatever its rules; by default, the language
    spoken where it is made (:func:`~kingscorner_widget.display.language.use_language`).

    >>> from kingscorner_widget import Game
    >>> table = Table(Game.new(players=2, seed=3), seed=3)
    >>> table.act("play", move="nonsense").refused, table.version
    (True, 1)
    >>> table.act("draw").status, table.version
    ('You draw a card and end your turn.', 2)
    >>> table.snapshot()["waiting"], table.legal()
    (2, [])
    >>> table.switch("lesson")
    Traceback (most recent call last):
    ...
    ValueError: lesson mode needs a lesson: KingsCornerWidget(lesson=...)
    >>> table.mode
    'play'
    """

    def __init__(
        self,
        source: Game | Match | str | None = None,
        *,
        mode: str | None = None,
        players: Players = None,
        seats: int | None = None,
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
        look: object = None,
        session: Session | None = None,
        language: str | None = None,
    ) -> None:
        self.language = check_language(active() if language is None else language)
        """The language the table speaks (see :mod:`kingscorner_widget.display.language`):
        every word of its snapshots and status lines, whatever the rules."""
        self.setup = TableSetup(
            source,
            players=players,
            seats=seats,
            rules=rules,
            seed=seed,
            viewer=viewer,
            opponents=opponents,
            show_all_hands=show_all_hands,
            lesson=lesson,
            teacher=teacher,
            judge=judge,
            watch=watch,
            listener=listener,
            look=look,
        )
        """The settings every mode shares, and each mode's session to come back to."""
        self._lock = threading.RLock()
        self._mirrors: list[Mirror] = []
        self._retired: list[Session] = []
        self.version = 0
        """The number of the latest snapshot published (0 before the first)."""
        self.status = ""
        """The latest status line."""
        with self._held():
            if session is None:
                session = self.setup.open(mode or ("lesson" if lesson is not None else "play"))
            else:  # a session made elsewhere: a class server's seat or watcher on a shared game
                session = self.setup.adopt(session)
            self._session = session
            self._publish(Reply(self._session.status()))

    @contextlib.contextmanager
    def _held(self) -> Iterator[None]:
        """The table's lock, speaking the table's language: whatever the table says, on
        whichever thread (a review's estimates arrive on their own), it says in it."""
        with self._lock, speaking(self.language):
            yield

    # -- reading ------------------------------------------------------------------------------

    @property
    def session(self) -> Session:
        """The session on the table now (one per mode: see :mod:`kingscorner_widget.table`)."""
        return self._session

    @property
    def mode(self) -> str:
        """The mode on the table now: one of :data:`MODES`."""
        return self._session.mode

    def snapshot(self, hint: Json | None = None) -> Json:
        """What the viewer may see now, under the latest version (``hint``: one to light up on
        this snapshot only)."""
        with self._held():
            return self._session.snapshot(self.version, hint)

    def view(self) -> View:
        """What the viewer sees now, as the last change published it (a mirror that starts
        late begins here)."""
        with self._held():
            session = self._session
            snapshot = session.snapshot(self.version)
            return View(self.status, snapshot, tuple(session.legal()), session.mode)

    def legal(self) -> list[str]:
        """The viewer's legal moves now, in notation (none while it is not theirs to move)."""
        return self._session.legal()

    def picture(self) -> Picture:
        """A static picture of the table as the viewer sees it: no hidden card (and no card at
        all of a hand covered for pass-and-play)."""
        with self._held():
            session = self._session
            if session.show_all():
                return table_picture(session.game)
            viewer = session.viewer
            spectator = viewer is None or session.cover() is not None
            return table_picture(session.game, None if spectator else viewer, spectator=spectator)

    @property
    def show_all_hands(self) -> bool:
        """The teacher's "every hand face up" (each mode says when it may show them)."""
        return self._session.show_all_hands

    @show_all_hands.setter
    def show_all_hands(self, value: bool) -> None:
        with self._held():
            self.setup.show_all_hands = self._session.show_all_hands = bool(value)
            self._publish(Reply(self.status))

    # -- mirrors ------------------------------------------------------------------------------

    def subscribe(self, mirror: Mirror) -> Callable[[], None]:
        """Call ``mirror`` with a :class:`View` after every change (and with a status line
        alone after each refusal); returns what stops it. A mirror runs under the table's lock,
        on whichever thread made the change (a review's estimates arrive on their own). Stopping
        it twice (a widget closed, then collected) is stopping it once."""
        self._mirrors.append(mirror)
        return functools.partial(self._stop_telling, mirror)

    def _stop_telling(self, mirror: Mirror) -> None:
        with contextlib.suppress(ValueError):  # already stopped
            self._mirrors.remove(mirror)

    def _tell(self, view: View) -> None:
        for mirror in list(self._mirrors):
            mirror(view)

    def _publish(self, reply: Reply) -> None:
        """A new version: the snapshot, the legal moves and the status line, together. A hint
        shows on this snapshot only: whatever happens next replaces it."""
        with self._held():
            self.version += 1
            self.status = reply.status
            session = self._session
            snapshot = session.snapshot(self.version, reply.hint)
            self._tell(View(reply.status, snapshot, tuple(session.legal()), session.mode))
            estimates = getattr(session, "estimates", None)
            if isinstance(estimates, WinEstimates) and estimates.listener is None:
                estimates.listener = functools.partial(self._estimated, session, estimates)

    def refresh(self, status: str) -> None:
        """Publish the table again under the next version, with ``status``, after a change
        made elsewhere: at a class server's table every seat's session shares one game, and
        another seat (or a computer player) has just moved on it."""
        with self._held():
            self._publish(Reply(status))

    def speak(self, language: str) -> None:
        """Speak ``language`` from now on (checked first: a bad code raises ``ValueError`` and
        changes nothing). The table is said again in it at once, the message line too (its
        standing line: who moves, or how the hand ended), under the same version: nothing on
        the table changed, so a click on its way is still taken.

        >>> from kingscorner_widget import Game
        >>> table = Table(Game.new(players=2, seed=3), seed=3)
        >>> table.speak("de")
        >>> table.language, table.snapshot()["actions"][0]["label"], table.version
        ('de', 'Ziehen & Zug beenden', 1)
        """
        code = check_language(language)
        with self._lock:
            if code == self.language:
                return
            self.language = code
            with self._held():
                session = self._session
                session.said()
                self.status = session.status()
                snapshot = session.snapshot(self.version)
                self._tell(View(self.status, snapshot, tuple(session.legal()), session.mode))

    def say(self, status: str) -> None:
        """Put ``status`` on the message line, changing nothing else: news from off the table
        (the learner's record could not be saved, or is saved again)."""
        self._refused(status)

    def _refused(self, status: str) -> None:
        with self._held():
            self.status = status
            self._tell(View(status))

    def _estimated(self, session: Session, estimates: WinEstimates) -> None:
        """A win chance arrived (on the estimating thread): the review is drawn again under the
        same version, so a click already on its way is still taken."""
        with self._held():
            if self._session is not session or getattr(session, "estimates", None) is not estimates:
                return
            if "Estimating the chances" in self.status:  # the line waited for this turn
                self.status = session.status()
            snapshot = session.snapshot(self.version)
            self._tell(View(self.status, snapshot, tuple(session.legal()), session.mode))
            if session.listener is not None and estimates.review() is not None:
                # every chance is in: the record keeps the accuracy the table now shows
                session.listener(table_event(session, "estimated", {}, Reply(self.status)))

    # -- changing the table -------------------------------------------------------------------

    def act(self, kind: str, *, quiet: bool = False, trusted: bool = True, **fields: Any) -> Reply:
        """Do one action by its intent kind (``"play"`` with ``move``, ``"load"`` with
        ``position``...) and publish the table it leaves; a refused one changes nothing and
        only its status line is told (none when ``quiet``: a timer's step). ``trusted``: asked
        for by code, not by a page."""
        with self._held():
            reply = self._act(kind, quiet=quiet, trusted=trusted, **fields)
        self._close_retired()
        return reply

    def _act(self, kind: str, *, quiet: bool, trusted: bool, **fields: Any) -> Reply:
        reply = self._session.act(kind, remember=not quiet, trusted=trusted, **fields)
        if reply.opens is not None:  # the action opened another mode's table
            self._replace(self.setup.adopt(reply.opens))
        if reply.refused:
            if not quiet:
                self._refused(reply.status)
        else:
            self._publish(reply)
        return reply

    def intent(self, message: object) -> Reply:
        """Act on one message from a page (untrusted): its kind, its fields and the version it
        was made on are checked first (:func:`~kingscorner_widget.table.intents.parse_intent`),
        and a message made on an older snapshot is refused with :data:`STALE` (a timer's step
        quietly), unless its kind changes nothing (a viewing preference)."""
        with self._held():
            reply = self._intent(message)
        self._close_retired()
        return reply

    def _intent(self, message: object) -> Reply:
        try:
            intent = parse_intent(message)
        except ValueError as error:
            status = sentence(str(error))
            self._session.note_refusal(status)
            self._refused(status)
            return Reply(status, refused=True, reason=str(error))
        if intent.version != self.version and intent.kind not in ANY_VERSION:
            stale = gettext(STALE)
            if intent.kind in QUIET_WHEN_STALE:
                return Reply(stale, refused=True, reason=stale)
            self._session.note_refusal(stale)
            self._refused(stale)
            return Reply(stale, refused=True, reason=stale)
        if intent.kind in ANY_VERSION:  # a viewing preference: the table stays as it is
            reply = self._session.act(intent.kind, trusted=False, **intent.fields)
            value = intent.fields.get("value", 0.0)
            speed = float(value) if intent.kind == "speed" and not reply.refused else None
            self.status = reply.status
            self._tell(View(reply.status, speed=speed))
            return reply
        quiet = intent.kind in QUIET_WHEN_STALE
        return self._act(intent.kind, quiet=quiet, trusted=False, **intent.fields)

    def switch(self, mode: str) -> None:
        """Turn the table to ``mode``: explore works on a copy of the game on the table, play
        comes back to the table's own game or match, a lesson restarts its step, a review
        reviews the hand on the table. A mode that cannot open now raises ``ValueError`` with
        the reason, and nothing changes."""
        with self._held():
            if mode == self.mode:
                return
            self._replace(self.setup.open(mode, current=self._session))
            self._publish(Reply(self._session.status()))
        self._close_retired()

    def load(self, source: Game | Match | str) -> None:
        """Put a game, a match, a position in notation or a saved record (JSON) on the table,
        in the current mode. Bad input raises ``ValueError`` naming the problem (``TypeError``
        for what is no game at all); nothing changes."""
        with self._held():
            if isinstance(source, str):
                source = read_source(source, self.setup.rules)
            if not isinstance(source, Game | Match):
                raise TypeError(f"load takes a Game, a Match or a position line, not {source!r}")
            self._replace(self.setup.open(self.mode, source, self._session))
            self._publish(Reply(self._session.status()))
        self._close_retired()

    def _kept(self) -> list[Session]:
        """The sessions this table can come back to: the one on it and each mode's own."""
        setup = self.setup
        found = [getattr(self, "_session", None), setup.play, setup.review, setup.lesson]
        return [session for session in found if isinstance(session, Session)]

    def _replace(self, session: Session) -> None:
        """Put ``session`` on the table; each one it can no longer come back to is closed once
        the change is published (its work stops: one estimate worker per table at most,
        whatever the page clicks)."""
        before = self._kept()
        self._session = session
        after = {id(kept) for kept in self._kept()}
        self._retired.extend(old for old in before if id(old) not in after)

    def _close_retired(self) -> None:
        """Close the sessions put aside, outside the table's lock: a worker that is telling the
        table of its last result (under that lock) may then finish while it is waited for."""
        with self._held():
            retired, self._retired = self._retired, []
        for old in retired:
            old.close()

    def close(self) -> None:
        """Stop every session's work (a review's estimates); the table still reads as it did."""
        with self._held():
            sessions = self._kept() + self._retired
            self._retired = []
        for session in sessions:
            session.close()
