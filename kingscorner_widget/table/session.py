"""What every table session has in common: the game on the table, its viewer, history and names.

A session is plain Python: it holds the table and answers each action with a :class:`Reply`,
never touching a widget. Each mode is a subclass that says what it allows by declaring its
actions, each beside the method that does it (:func:`~kingscorner_widget.table.actions.action`);
the snapshot lists the controls it offers now (``actions``). An action a mode does not offer, or
one that would only refuse now, is refused with a reason, and a refused action changes nothing.

What every mode shares, for the teacher:

- **reveal**: every hand face up, where the mode allows it now (:attr:`Session.revealable`),
  a teacher's control (listed, and taken from the page, only when :attr:`Session.teacher`);
- **the end-of-hand summary**: once the hand on the table is over, the snapshot's ``summary``
  lists every hand left, why the hand ended and the score row it adds;
- **the log** of the latest moves, grouped by turn (``log`` and ``turns``), so a viewer can read
  back what the computer players did while they waited;
- **a refusal stays on the table** (``refusal``) until the viewer's next accepted action, so one
  made while computer players move is not wiped out by their moves;
- **asking before throwing a game away**: an action that would lose what :meth:`Session.at_stake`
  names waits for ``confirm`` (or ``cancel``) and says what it would throw away.

>>> from kingscorner_widget import Game
>>> s = Session(Game.new(players=2, seed=3))
>>> s.act("reveal").status
'Every hand is face up. P1 to play.'
>>> s.snapshot(1)["hands"][1]["cards"] is not None
True
"""

from __future__ import annotations

import datetime
import functools
from collections.abc import Sequence
from typing import Any, ClassVar, cast

from ..display.language import N_, Later, active, gettext, say
from ..engine.game import Game
from ..engine.moves import PASS, Move, as_move
from ..engine.words import refusal, sentence
from .actions import Action, Field, action, declared
from .events import Listener, table_event
from .history import History
from .look import LOOK_KINDS, LookChoices
from .reply import Reply, refuse
from .snapshot import (
    Control,
    Cover,
    Extra,
    Hint,
    LogEntry,
    Question,
    Snapshot,
    Summary,
    build_snapshot,
    describe_outcome,
    fitting,
    log_window,
)
from .summary import hand_summary, log_turns

__all__ = ["Session"]

Json = dict[str, Any]

MAX_MOVE = 24
"""The longest move a message may carry."""
MOVE_ERROR = "a play message needs the move in notation, like Th>N"
MAX_SPEED = 10.0
"""The most seconds between computer moves."""
SPEED_ERROR = f"the speed must be 0 to {MAX_SPEED:g} seconds a move"


MODE_NAMES = {
    "play": N_("play"),
    "explore": N_("explore"),
    "review": N_("review"),
    "lesson": N_("lesson"),
}
"""The modes' names in a sentence (marked: said through ``gettext``)."""


def _or(first: str, last: str) -> str:
    """``"review or lesson"``, in the language spoken now."""
    return gettext("{first} or {last}").format(first=first, last=last)


class Session(LookChoices):
    """A table showing ``game``; subclasses decide who acts and what each action may do."""

    mode: ClassVar[str] = ""
    """The mode's name, as the table shows it."""
    show_all_hands: bool = False
    """The teacher's reveal: every hand face up, where and when the mode allows it
    (:attr:`revealable`)."""
    teacher: bool = False
    """True on a teacher's table: its controls (skip a step, show every hand) are listed, and
    the page may ask for them."""
    withheld: ClassVar[frozenset[str]] = frozenset()
    """Actions declared by a base class that this mode does not offer."""
    _declared: ClassVar[dict[str, Action] | None] = None
    NEW_WORDS: ClassVar[dict[str, str]] = {"new": N_("a new deal"), "daily": N_("the daily deal")}
    """What each action that asks first starts, in words (marked: said through ``gettext``)."""
    listener: Listener | None = None
    """Called after every action with a :class:`~kingscorner_widget.table.events.TableEvent`
    (the class record listens here)."""

    def __init__(self, game: Game, *, title: str | Later = "") -> None:
        self._game = game
        self.title: str | Later = title
        """A heading for the table ("Deal 4", "Hand 2 of a match to 25", a lesson's title): a
        sentence said when shown (:class:`~kingscorner_widget.display.language.Later`), or a
        teacher's own words kept as they are."""
        self.history = History(game, self.name)
        """The moves of the hand on the table, with their log lines."""
        self.last_refusal = ""
        """The last refusal, kept on the table until the viewer's next accepted action."""
        self.said_in = active()
        """The language the words the session keeps (its log lines) were said in."""
        self._asking: tuple[str, dict[str, Any]] | None = None

    def close(self) -> None:
        """Stop any work this table left running (a review's win estimates); the table still
        reads as it did. Called when the widget closes and when the table is replaced.

        A session that starts such work overrides this (a review closes its estimates).

        >>> Session(Game.new(players=2, seed=1)).close()
        """

    # -- reading ------------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game on the table."""
        return self._game

    @property
    def viewer(self) -> int | None:
        """The player whose hand the table shows at the bottom (``None``: a spectator)."""
        return self.game.turn

    @property
    def waiting(self) -> int | None:
        """The player the table is waiting for (a computer, or a move being shown), if any."""
        return None

    def name(self, player: int) -> str:
        """How the table names a player of the hand on the table."""
        return f"P{player}"

    def order(self) -> list[int]:
        """The hand's players in seat order."""
        return list(range(1, self.game.players + 1))

    def to_move(self) -> bool:
        """True when the viewer may make a move now."""
        game = self.game
        return not game.is_over() and self.waiting is None and game.turn == self.viewer

    def legal(self) -> list[str]:
        """The viewer's legal moves now, in notation (none when it is not the viewer's move)."""
        return [str(move) for move in self.game.legal_moves()] if self.to_move() else []

    def status(self, last: str = "") -> str:
        """The line to show after ``last`` (what just happened): the outcome, or who moves."""
        game = self.game
        if game.is_over():
            return " ".join(filter(None, [last, self.outcome()]))
        if self.to_move():
            return f"{last} {self.prompt()}".strip()
        return last

    def notation_shown(self) -> bool:
        """True when the log shows each move's notation beside its words (a lesson shows it only
        on a teacher's table)."""
        return True

    def outcome(self) -> str:
        """The finished hand in one line."""
        return describe_outcome(self.game, self.name, self.order())

    def prompt(self) -> str:
        """What to say when the viewer is to move."""
        return gettext("{name} to play.").format(name=self.name(self.game.turn))

    @property
    def revealable(self) -> bool:
        """True when the teacher may turn every hand face up now. Each mode decides: a table
        with no secrets to keep (explore, a lesson) always may; play only once the hand is over,
        never during it."""
        return True

    def hidden(self) -> str:
        """Why the hands stay face down now (when :attr:`revealable` is false)."""
        return gettext("the other hands stay face down at this table")

    def at_stake(self) -> str | None:
        """What a new deal would throw away now, in words, or ``None`` when nothing would be
        lost (then New and Daily deal act at once)."""
        return None

    def snapshot(self, version: int, hint: Json | None = None) -> Json:
        """What the viewer may see now, as the JSON the table draws: every key of
        :class:`~kingscorner_widget.table.snapshot.Snapshot`, each written here once (and
        checked against it)."""
        self.said()
        view = self.view()
        game = view.game
        log, start = log_window(cast(list[LogEntry], view.log()))
        turns = log_turns(log, self.name)  # each turn's recap, read from the notation
        if not self.notation_shown():  # the moves in words alone
            log = [cast(LogEntry, {**entry, "notation": ""}) for entry in log]
        extra = self.extra()
        asking = self._asking
        cover = self.cover()
        table = build_snapshot(
            game,
            viewer=self.viewer,
            version=version,
            mode=self.mode,
            show_all=self.show_all(),
            shown=self.shown(),
            names=self.name,
            order=self.order(),
            computers=self.computers(),
            history=(view.at, view.length),
            waiting=self.waiting,
            outcome=self.ending(game),
            covered=cover is not None,
        )
        snapshot: Snapshot = {
            **table,
            "title": self.heading(),
            "actions": self.controls(),
            "log": log,
            "logStart": start,
            "turns": turns,
            "hint": cast(Hint | None, hint),
            "summary": self.summary(game) if game.is_over() else None,
            "refusal": self.last_refusal or None,
            "confirm": cast(Question, self.question(asking[0])) if asking is not None else None,
            "score": extra.get("score"),
            "lesson": extra.get("lesson"),
            "tree": extra.get("tree"),
            "acting": self.to_move(),
            "review": extra.get("review"),
            "guide": extra.get("guide"),
            "paused": extra.get("paused", False),
            "fits": fitting(self.game, self.legal()),
            "look": self.look.view(),
            "cover": cover,
        }
        return cast(Json, snapshot)

    def said(self) -> None:
        """Make sure the words the session keeps follow the game and are in the language
        spoken now: read again from the game once code played on it directly, said again by
        :meth:`resay` once the table speaks another language."""
        if not self.history.current():
            self.history.reread()
        if self.said_in != active():
            self.resay()
            self.said_in = active()

    def resay(self) -> None:
        """Say again, in the language spoken now, the words the session keeps once said (the
        log lines, with those of the moves ahead); nothing else changes. A mode that keeps
        more words says them again too."""
        self.history.resay()

    def heading(self) -> str:
        """The table's heading."""
        return say(self.title) or gettext("Kings in the Corner")

    def ending(self, game: Game) -> str | None:
        """The finished hand ``game`` in one line (``None``: the table's usual words)."""
        return None

    def summary(self, game: Game) -> Summary | None:
        """The end-of-hand summary of ``game`` (over), as the snapshot carries it."""
        return hand_summary(game, self.name, self.order())

    def view(self) -> History:
        """The history the table shows: the game's own (play mode may look back on a copy)."""
        return self.history

    def show_all(self) -> bool:
        """True when every hand is shown face up."""
        return bool(self.show_all_hands) and self.revealable

    def shown(self) -> Sequence[int]:
        """Players whose hands are shown face up besides the viewer's."""
        return ()

    def cover(self) -> Cover | None:
        """The cover over the viewer's own hand, while the laptop passes between two people
        (pass-and-play); ``None`` at every other table. While covered the snapshot holds no
        card of any hand."""
        return None

    def computers(self) -> Sequence[int]:
        """The players the computer plays."""
        return ()

    def extra(self) -> Extra:
        """What this mode adds to the snapshot (a score sheet, a lesson's narration)."""
        return {}

    # -- the actions (each returns a Reply; a refused one changes nothing) --------------------

    @classmethod
    def actions(cls) -> dict[str, Action]:
        """The actions this mode offers, by kind (declared beside the methods that do them)."""
        found: dict[str, Action] | None = cls.__dict__.get("_declared")
        if found is None:
            found = declared(cls)
            cls._declared = found
        return dict(found)

    def elsewhere(self, kind: str) -> str:
        """Why this table refuses ``kind``, a kind it does not offer: the tables that do."""
        modes: list[str] = []
        waiting = list(Session.__subclasses__())
        while waiting:
            mode = waiting.pop(0)
            waiting.extend(mode.__subclasses__())
            if mode.mode and mode.mode not in modes and kind in mode.actions():
                modes.append(mode.mode)
        if not modes:
            return gettext("this table does not offer that")
        # TRANSLATORS: {modes} names the modes that do it (play, explore, review, lesson)
        said = gettext("this table does not offer that: it is done on the {modes} table")
        named = [gettext(MODE_NAMES[mode]) if mode in MODE_NAMES else mode for mode in modes]
        return said.format(modes=functools.reduce(_or, named))

    def controls(self) -> list[Control]:
        """The controls the table offers now, in order (the look's after the game's, a
        teacher's last and only on a teacher's table), each enabled or saying why not."""
        offered = [
            made
            for made in self.actions().values()
            if made.is_offered(self) and (self.teacher or not made.teacher)
        ]
        offered.sort(key=lambda made: (made.teacher, made.kind in LOOK_KINDS))
        return [made.control(self) for made in offered]

    def act(self, kind: str, **fields: Any) -> Reply:
        """Do one action by its intent kind (``"play"`` with ``move``, ``"load"`` with
        ``position``...); a kind this mode does not offer is refused, and so is one that
        would only refuse now (its declaration's check says why).

        ``trusted`` is False for the page's messages: a teacher's action is then taken only
        on a teacher's table. An action that asks first (``new``, ``daily``) waits for
        ``confirm`` when it would throw away what :meth:`at_stake` names, unless
        ``confirmed`` (code that calls it means it); ``cancel`` forgets it. A refusal is kept
        on the table (``remember``) until the viewer's next accepted action; a computer move
        (``step``) keeps both it and a question waiting.
        """
        confirmed = bool(fields.pop("confirmed", False))
        remember = bool(fields.pop("remember", True))
        trusted = bool(fields.pop("trusted", True))
        made = self.actions().get(kind)
        asked = False
        why = made.why_not(self) if made is not None else None
        if made is None:
            reply = refuse(self.elsewhere(kind))
        elif made.teacher and not trusted and not self.teacher:
            reply = refuse(
                gettext("that is a teacher's control, and this table was not opened for one")
            )
        elif why is not None:
            reply = refuse(why)
        elif made.asks and not confirmed and self.at_stake() is not None:
            self._asking, asked = (kind, fields), True
            reply = Reply(self.question(kind)["question"])
        else:
            reply = getattr(self, made.method)(**fields)
        if reply.refused:
            if remember:
                self.last_refusal = reply.status
        elif kind != "step" and not (made is not None and made.any_version):
            # a viewing preference (the speed) keeps the question waiting, as a step does
            self.last_refusal = ""
            if not asked:
                self._asking = None
        if self.listener is not None:
            self.listener(table_event(self, kind, fields, reply))
        return reply

    def note_refusal(self, status: str) -> None:
        """Keep a refusal made outside the session (a stale or malformed message) on the table."""
        self.last_refusal = status

    def question(self, kind: str) -> Json:
        """The question the table asks before ``kind`` throws away what is at stake."""
        stake = self.at_stake() or gettext("the game on the table")
        what = gettext(self.NEW_WORDS[kind]) if kind in self.NEW_WORDS else kind
        # TRANSLATORS: {what} is what would start ("a new match"); {stake}: what it throws away
        # ("the match in progress (1 hand scored)")
        question = gettext("Start {what}? That throws away {stake}.")
        return {
            "kind": kind,
            "question": question.format(what=what, stake=stake),
            "yes": gettext("Yes, start it"),
            "no": gettext("No, keep playing"),
        }

    @action("confirm")
    def confirm(self) -> Reply:
        """Do the action the table asked about."""
        asking = self._asking
        if asking is None:
            return refuse(gettext("there is no question waiting for an answer"))
        kind, fields = asking
        self._asking = None
        reply = self.act(kind, confirmed=True, **fields)
        if reply.refused:
            self._asking = asking
        return reply

    @action("cancel")
    def cancel(self) -> Reply:
        """Forget the action the table asked about: nothing is thrown away."""
        if self._asking is None:
            return refuse(gettext("there is no question waiting for an answer"))
        self._asking = None
        return Reply(self.status(gettext("Nothing was thrown away.")))

    @action(
        "reveal",
        lambda s: gettext("Hide hands") if s.show_all() else gettext("Show all hands"),
        key="A",
        teacher=True,
        offered=lambda s: s.revealable,
    )
    def reveal(self) -> Reply:
        """Turn every hand face up, or face down again (where the mode allows it now)."""
        if not self.revealable:
            return refuse(self.hidden())
        self.show_all_hands = not self.show_all_hands
        if self.show_all_hands:
            said = gettext("Every hand is face up.")
        else:
            said = gettext("The hands are face down again.")
        return Reply(self.status(said))

    @action("play", fields=(Field("move", str, most=MAX_MOVE, error=MOVE_ERROR),))
    def play(self, move: Move | str) -> Reply:
        """Play the viewer's move through the engine."""
        try:
            parsed = as_move(move)
        except ValueError as error:
            return refuse(str(error))
        reason = self.refusal(parsed)
        if reason is not None:
            return refuse(reason)
        return self.played(parsed)

    def refusal(self, move: Move) -> str | None:
        """Why the viewer may not play ``move`` now, or ``None``."""
        return refusal(self.game.violation(move))

    def played(self, move: Move) -> Reply:
        """Play a move already checked, and say so."""
        line = self.history.play(move)
        return Reply(self.status(sentence(line["words"])))

    @action(
        "draw",
        lambda s: gettext("Pass") if s.game.end_move() is PASS else gettext("Draw & end turn"),
        key="D",
        check=lambda s: s.cannot_end_turn(),
        # while the table waits (a computer's move, a move Show me outlines) it is not the next
        # step: what the table is about to do is
        primary=lambda s: s.waiting is None and len(s.legal()) <= 1,
    )
    def draw(self) -> Reply:
        """End the viewer's turn: ``draw``, or ``pass`` when the stock is empty."""
        return self.play(self.game.end_move())

    def cannot_end_turn(self) -> str | None:
        """Why the viewer may not end a turn now (from what the viewer sees), or ``None``."""
        if self.game.is_over():
            return gettext("the hand is over")
        if not self.to_move():
            return gettext("it is {name}'s turn, not yours").format(name=self.name(self.game.turn))
        return None

    @action(
        "speed",
        N_("Faster"),
        key="+",
        fields=(Field("value", float, most=MAX_SPEED, error=SPEED_ERROR),),
        offered=lambda s: s.waiting is not None,
        any_version=True,
    )
    def speed(self, value: float) -> Reply:
        """The seconds the table waits between computer moves (a viewing preference: the
        widget keeps it, and nothing else changes)."""
        said = gettext("The computer players now take {seconds} s a move.")
        return Reply(said.format(seconds=f"{value:g}"))


def today() -> datetime.date:
    """Today's date in UTC (the daily deal's calendar)."""
    return datetime.datetime.now(datetime.UTC).date()
