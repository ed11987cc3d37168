"""The table widget: a Kings in the Corner game inside a notebook (an anywidget).

Python owns the game. The widget mirrors a :class:`~kingscorner_widget.table.table.Table` (the
setup, the session of each mode, the version and the stale-click rule are the table's): it keeps
the synced traits, passes the browser's intents (custom messages ``{"kind": ..., "version":
...}``, see :mod:`kingscorner_widget.table.intents`) to the table and shows what the table
publishes. A stale or malformed message is refused with a status line and changes nothing. The
page is untrusted: it may send intents and set the ``speed`` it likes and say which snapshot it
has drawn (``seen``, checked by Python; it is what makes the table reactive in marimo:
:mod:`kingscorner_widget.widget.hosts`), nothing else; an update of any other trait is refused and
undone. The object is usable without a browser, so a teacher can drive the table from code:

>>> from kingscorner_widget import Game, KingsCornerWidget
>>> line = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
>>> w = KingsCornerWidget(Game.from_position(line), mode="explore")
>>> w.play("Th>N")
>>> w.legal
['Ks>W', 'Ks>NE', 'Ks>SE', 'Ks>SW', 'Ks>NW', '4h>S', '4h>W', 'S>E', 'draw']
>>> w.play("4h>NE")
Traceback (most recent call last):
...
kingscorner_widget.IllegalMoveError: only a king can open an empty corner, and the four...
>>> w.status
'Only a king can open an empty corner, and the four of hearts (4h) is not a king.'
>>> w.back(); w.snapshot["piles"]["N"], w.snapshot["history"]
(['Jc'], {'at': 0, 'length': 1})
>>> w
KingsCornerWidget(mode='explore', players=2, turn=P1, moves=0)

Messages from the browser (each with the snapshot ``version`` it was made on) are the actions
the sessions declare (:mod:`kingscorner_widget.table.actions`): ``play`` (with ``move`` in
notation), ``draw`` (draw or pass), ``hint``, ``undo``, ``back``, ``forward``, ``new``,
``daily``, ``next`` (next hand, lesson step or mistake), ``show`` (show me, or the better turn),
``load`` (with ``position``, explore mode), ``step`` (one computer move, sent by the table's
timer), ``skip``, ``speed`` (with ``value`` in seconds); explore's ``jump`` (with ``node``, a
position's id) and ``comment`` (with ``text``); ``review``, ``practise`` and ``resume``;
``reveal`` (every hand face up, where the mode allows it), ``confirm`` and ``cancel`` (the
answer to the table's question before New or Daily deal throws a match away). A teacher's
action (Skip step, Show all hands) is taken from the page only on a table opened with
``teacher=True``. Python answers every message with one state update (snapshot, legal moves
and status together) or, when it refuses, with a new status line only.

The table can be played from the keyboard; its "Keys" button lists the keys.
"""

from __future__ import annotations

import datetime
import math
import os
from collections.abc import Mapping
from typing import Any, get_type_hints

import anywidget
import traitlets

from ..analysis.judging.review import Judge
from ..analysis.players import Player
from ..analysis.players.registry import PLAYERS
from ..classroom.homework import Homework, as_homework
from ..classroom.recorder import open_record, open_records
from ..display.language import ENGLISH, check_language, chosen, spoken, system_language
from ..engine.errors import IllegalMoveError
from ..engine.game import Game
from ..engine.match import Match
from ..engine.moves import Move
from ..engine.rules import Rules
from ..engine.words import sentence
from ..lessons import Lesson, LessonRun
from ..server.codes import read_code
from ..table import LessonSession, Session
from ..table.page_words import phrases as page_phrases
from ..table.play import Opponents
from ..table.snapshot import Snapshot
from ..table.table import MODES, STALE, Players, Table, View
from .bundle import bundle_file
from .display import TableDisplay
from .hosts import HostSync
from .lines import TableLines

__all__ = ["MODES", "STALE", "KingsCornerWidget"]

PAGE_SETS = frozenset({"speed", "seen", "page_language"})
"""The only traits the page may set (a viewing preference, the snapshot it drew, the language
of the page around the table); an update of any other is undone."""


SNAPSHOT_KEYS = frozenset(get_type_hints(Snapshot))
"""The keys every snapshot holds, from its type."""


class SnapshotTrait(traitlets.TraitType[dict[str, Any], Mapping[str, Any]]):
    """A trait holding one :class:`~kingscorner_widget.table.snapshot.Snapshot`: a dict with
    exactly its keys (empty only before the table's first state), checked on every write.

    >>> class Holder(traitlets.HasTraits):
    ...     snap = SnapshotTrait()
    >>> Holder(snap={"version": 1})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    traitlets.traitlets.TraitError: The 'snap' trait of a Holder instance expected a table ...
    """

    info_text = "a table snapshot (every key of Snapshot)"

    def make_dynamic_default(self) -> dict[str, Any]:
        return {}

    def validate(self, obj: Any, value: Any) -> dict[str, Any]:
        if not isinstance(value, dict) or (value and set(value) != SNAPSHOT_KEYS):
            self.error(obj, value)
        return value


class ModeTrait(traitlets.Unicode):  # type: ignore[type-arg]
    """The mode of the widget's :class:`~kingscorner_widget.table.table.Table`, mirrored:
    reading it reads the table's mode; setting it asks the table to switch first (the table
    opens the mode's session, or raises ``TraitError`` with the reason and nothing changes),
    then the trait takes the value and the page is told. When the table turns to another mode
    by itself ("Review this hand"), its mirror sets the value it already has, and nothing more
    happens."""

    def get(self, obj: Any, cls: Any = None) -> Any:
        table = getattr(obj, "table", None)
        if isinstance(table, Table):
            return table.mode
        return super().get(obj, cls)

    def set(self, obj: Any, value: Any) -> None:
        table = getattr(obj, "table", None)
        if isinstance(table, Table) and value != table.mode:
            try:
                table.switch(value)
            except ValueError as error:
                raise traitlets.TraitError(str(error)) from None
        super().set(obj, value)


def at_class_server(options: Mapping[str, Any]) -> bool:
    """True when a widget's keywords make a table at a class server: ``join=`` or ``server=``,
    or ``watch=`` a room's code (with ``table=``, or a word that is a room's code and no
    player's name).

    >>> at_class_server({"watch": "KXT-4PQ", "table": 1}), at_class_server({"watch": "kxt4pq"})
    (True, True)
    >>> at_class_server({"watch": "greedy"}), at_class_server({"watch": "Expert"})
    (False, False)
    """
    if options.get("join") is not None or options.get("server") is not None:
        return True
    watch = options.get("watch")
    if not isinstance(watch, str):
        return False
    if options.get("table") is not None:
        return True
    if watch.lower() in PLAYERS:
        return False
    try:
        read_code(watch)
    except ValueError:
        return False
    return True


class KingsCornerWidget(TableDisplay, TableLines, HostSync, anywidget.AnyWidget):
    """A Kings in the Corner table for notebooks: play, explore or follow a lesson.

    ``game`` may be a :class:`Game`, a :class:`Match`, a position line, a saved record (JSON), or
    ``None``: a new match in play mode, a new deal in explore mode. ``players`` and ``rules`` set
    the table for new deals (default: the game's, or
    :data:`~kingscorner_widget.table.table.DEFAULT_SEATS` players); ``seed`` makes them
    reproducible. Everything the table does is the
    :class:`~kingscorner_widget.table.table.Table`'s (:attr:`table`): the widget mirrors it.

    - **Pass-and-play** (play mode): ``players=["Ada", "Ben"]`` seats two to four people at one
      laptop, from seat 1 in order; ``seats=3`` adds a seat for a computer player (any seat
      after the people's is one, named by ``opponents``). Between two people's turns the hand
      is covered ("Ben's turn: pass the laptop to Ben, then press Show my hand") and the page
      is sent no card of it; the messages name the people. Each person's record is kept, as
      ``learner=`` keeps one (``progress_dir=`` names the folder). Only play mode opens at
      such a table (:class:`~kingscorner_widget.table.pass_play.PassAndPlaySession`).

    - ``mode="play"`` (:class:`~kingscorner_widget.table.PlaySession`): the viewer holds seat
      ``viewer``; the other seats are computer players named by ``opponents`` (one name for all,
      or one per seat, from :func:`kingscorner_widget.analysis.make_player`; objects with a
      ``choose(observation)`` method are used as they are), shown move by move ``speed``
      seconds apart. A new table plays a match to the target with a score sheet. With
      ``watch`` (a player object, or a computer player's name), that player plays the viewer's
      own seat too: the table shows its hand and steps its moves like the others' (Pause, Step,
      Skip), so a student watches their player play a whole hand from its seat.
    - ``mode="explore"`` (:class:`~kingscorner_widget.table.ExploreSession`): one person plays
      every seat, from any position, keeping every line tried (:attr:`lines`, :meth:`jump`),
      comments (:meth:`comment`) and lessons written by playing (:meth:`to_lesson`); the viewer
      keeps their seat. ``show_all_hands=True`` turns every hand face up.
    - ``mode="lesson"`` (:class:`~kingscorner_widget.table.LessonSession`): ``lesson`` (a
      :class:`~kingscorner_widget.lessons.Lesson`, a :class:`~kingscorner_widget.lessons.LessonRun`
      or a built-in lesson's name) is narrated step by step and the learner's moves checked.
      Giving ``lesson`` alone is enough: the mode defaults to ``"lesson"`` with a lesson.
    - ``mode="review"`` (:class:`~kingscorner_widget.table.ReviewSession`): ``game`` (a finished
      game, a match or a saved record) turn by turn of player ``viewer`` (in a match, the seat),
      each turn's verdict against the best turn, the better turn shown on the table, the
      mistakes as a practice lesson. Play mode offers "Review this hand" when a hand ends.
      ``judge="win"`` judges each turn by its chance of winning instead of the cards it shed
      (here and in "Review this hand"; the review's "Judge by ..." switches): the chances are
      worked out in the background as the learner steps, the table saying "estimating..."
      until each arrives.

    In marimo, wrap the table: ``table = mo.ui.anywidget(KingsCornerWidget(...))``; its
    ``value`` (the synced traits: ``snapshot``, ``legal``, ``status``...) changes after each move
    and the cells that read it re-run (how: :mod:`kingscorner_widget.widget.hosts`). A cell that
    reads the table should not also act on it, or each run would set off the next.

    ``learner="ada"`` keeps ada's record of this table (:mod:`kingscorner_widget.classroom`) in
    ``kingscorner-progress/ada.json`` beside the notebook (``progress_dir=`` names another
    folder), saved as it happens; ``homework`` (a :class:`~kingscorner_widget.Homework` or its
    saved file) walks through a teacher's set in order, recording each item.

    ``teacher=True`` opens a teacher's table: its toolbar adds the teacher's controls (Skip step
    in a lesson, Show all hands) and the page may use them; a learner's table has none.

    ``language="fr"`` (``"es"``, ``"de"``, ``"en"``) is the language the table speaks, whatever
    its rules: its phrasebook, its controls and the page's ``lang``
    (:mod:`kingscorner_widget.display.language`; what is not yet in the catalogues stays English).
    Another code raises ``ValueError`` naming the languages there are. Without ``language=``,
    the table speaks the language :func:`~kingscorner_widget.use_language` chose in this kernel
    (a translated tutorial's first cell chooses its own), and where none was chosen it follows
    the page's language: JupyterLab's, Notebook 7's and JupyterLite's
    interface language (their setting, which they write to the page's ``lang``), as the page
    reports it (:attr:`page_language`), when the table speaks it; until then, or on a page that
    names none or one the table does not speak, the notebook kernel's locale
    (:func:`~kingscorner_widget.display.language.system_language`), else English. The table
    changes language in place when the page reports one, losing nothing.

    ``join=CODE, server=ADDRESS, learner="ada"`` sits ada at a table of a class server's room
    (:class:`~kingscorner_widget.ClassServer`), and ``watch=CODE, server=ADDRESS, table=1``
    shows a table of the room as the projector does (``watch=`` names a room when it is given
    ``server=`` or ``table=``, or reads as a room's code and not as a player's name; else the
    player that plays the viewer's seat): the server keeps the game and sends only this seat's
    view (:mod:`kingscorner_widget.widget.remote`). In the browser course the server is the
    page's own address: ``server=`` may be left out.

    Setting :attr:`mode` from Python replaces the session: explore works on a copy of the game
    on the table, play comes back to the table's own game or match, a lesson restarts its step.
    """

    _esm = bundle_file("widget.js")
    _css = bundle_file("widget.css")

    snapshot = SnapshotTrait().tag(sync=True)
    """What the viewer may see, as JSON: one
    :class:`~kingscorner_widget.table.snapshot.Snapshot`. This list is written from that
    type by ``scripts/snapshot_types.py``: edit the type, not the list.

    - ``version``: The snapshot's number: an intent says which one it was made on.
    - ``mode``: The mode's name (for the reader; the page decides nothing by it).
    - ``players``: How many seats the table has.
    - ``viewer``: The player whose hand is at the bottom (``None``: a spectator).
    - ``turn``: The player to move.
    - ``piles``: Each space's cards, bottom first.
    - ``hands``: Every seat's hand, by seat: cards only where the viewer may see them.
    - ``stock``: How many cards the stock holds.
    - ``end``: The end-of-turn move: ``"draw"`` or ``"pass"`` (``None`` once the hand is over).
    - ``pending``: A card drawn that must be played (draw until it fits).
    - ``played``: Cards played this turn.
    - ``over``: True once the hand is over.
    - ``outcome``: The finished hand in one line.
    - ``history``: Where the table stands in the hand's moves (back and forward).
    - ``waiting``: The player the table waits for (a computer, or a move being shown).
    - ``rules``: The table's rules, as :meth:`Rules.to_dict
      <kingscorner_widget.engine.rules.Rules.to_dict>` writes them.
    - ``title``: The heading: a deal, a match's hand, a lesson's title.
    - ``actions``: The controls the table offers now, in order: the page draws exactly these.
      - ``kind``: The intent the control sends.
      - ``label``: Its words.
      - ``enabled``: False when the action would only refuse now.
      - ``primary``: True for the control to press next (drawn as the main button).
      - ``key``: The key that does it, if any.
      - ``teacher``: True for a teacher's control (listed only on a teacher's table).
      - ``why``: When disabled: why, in a sentence (shown on hover and focus); else ``None``.
      - ``input``: The text the intent carries, typed beside the button (``None`` for most
        controls).
    - ``log``: The last :data:`LOG_WINDOW` moves (the whole log stays in Python and the record).
    - ``logStart``: The number of the first move in ``log`` (1 when nothing is left out).
    - ``turns``: ``log`` grouped by turn.
    - ``hint``: A hint to light up on the table, on this snapshot only.
    - ``summary``: Once the hand is over: the end-of-hand summary.
    - ``refusal``: The last refusal, kept until the viewer's next accepted action.
    - ``confirm``: A question waiting for an answer before an action throws something away.
    - ``score``: A match's score sheet (play mode).
    - ``lesson``: The lesson's narration and progress (lesson mode).
    - ``tree``: Explore's lines around the table's position (explore mode).
    - ``acting``: True when the viewer may move now for the player to move (explore: any seat).
    - ``review``: The turn on the table and its verdict (review mode).
    - ``guide``: Play: what the gold outlines mean, said once in the viewer's first hand.
    - ``paused``: Play: the computer players wait for Next move (the learner steps them).
    - ``fits``: What each card or pile the viewer may move fits on, in words, by its notation:
      what a screen reader hears when it is picked up.
    - ``look``: How the table looks: the deck's colours and the contrast the learner chose.
    - ``cover``: Pass-and-play: the hand at the bottom is covered (``hands`` then holds no card
      of it)."""
    phrases = traitlets.Dict().tag(sync=True)
    """The page's phrasebook, sent with the table and again when it changes language (a table
    that follows the page's language): every word the page shows besides the snapshot's own
    sentences (a :class:`~kingscorner_widget.table.snapshot.Phrases`, written by
    :func:`kingscorner_widget.table.page_words.phrases`)."""
    legal = traitlets.List(traitlets.Unicode()).tag(sync=True)
    """The viewer's legal moves now, in notation, straight from ``Game.legal_moves()`` (empty when
    it is not the viewer's turn)."""
    status = traitlets.Unicode("").tag(sync=True)
    """One line for the viewer: what just happened, or why a move was refused."""
    mode = ModeTrait("play").tag(sync=True)
    """``"play"``, ``"explore"``, ``"lesson"`` or ``"review"``: the table's mode, mirrored.
    Setting it from Python switches the table (:meth:`Table.switch
    <kingscorner_widget.table.table.Table.switch>`; a mode that cannot open raises
    ``TraitError`` and nothing changes); the page may not set it."""
    speed = traitlets.Float(0.8, min=0.0, max=10.0).tag(sync=True)
    """Seconds the table waits between computer moves (0 shows them as fast as it can)."""
    page_language = traitlets.Unicode("").tag(sync=True)
    """The language of the page around the table, as the page reports it (its ``lang``, where
    JupyterLab, Notebook 7 and JupyterLite write their interface language) and as the table
    speaks it (``"fr"`` for ``"fr-FR"``); ``""`` until a page reports one. A table made without
    ``language=`` speaks it. The page is untrusted: a report that names no language the table
    speaks is not taken and changes nothing."""

    def __new__(cls, *args: Any, **kwargs: Any) -> KingsCornerWidget:
        """``join=``, ``server=`` or ``watch=`` a room's code make a table at a class server
        (:class:`~kingscorner_widget.widget.remote.RemoteTableWidget`): the same widget on the
        page, the game kept by the server."""
        if cls is KingsCornerWidget and at_class_server(kwargs):
            from .remote import RemoteTableWidget

            cls = RemoteTableWidget
        made: KingsCornerWidget = super().__new__(cls, *args, **kwargs)
        return made

    def __init__(
        self,
        game: Game | Match | str | None = None,
        *,
        mode: str | None = None,
        players: Players = None,
        seats: int | None = None,
        opponents: Opponents = "greedy",
        viewer: int = 1,
        show_all_hands: bool = False,
        rules: Rules | None = None,
        seed: int | None = None,
        lesson: Lesson | LessonRun | LessonSession | str | None = None,
        speed: float = 0.8,
        teacher: bool = False,
        judge: Judge = "cards",
        watch: Player | str | None = None,
        learner: str | None = None,
        progress_dir: str | os.PathLike[str] | None = None,
        homework: Homework | str | os.PathLike[str] | None = None,
        join: str | None = None,
        server: str | None = None,
        table: int | None = None,
        language: str | None = None,
    ) -> None:
        given = language if language is not None else chosen()
        self._follows = given is None
        """Whether the table follows the page's language (no ``language=`` and no
        :func:`~kingscorner_widget.use_language`)."""
        # checked before anything is opened or written
        language = (system_language() or ENGLISH) if given is None else check_language(given)
        if table is not None:  # join= and server= made a remote table
            raise ValueError("table= goes with watch= and server= (the projector's table)")
        if homework is not None:
            homework = as_homework(homework)
            lesson = homework.session()
        people = [] if isinstance(players, int) or players is None else list(players)
        if people and learner is not None:
            raise ValueError("learner= keeps one viewer's record: players= names each person")
        self.record = open_record(
            learner, progress_dir if not people else None, homework, language=language
        )
        """What keeps the learner's record of this table (``learner=``), or ``None``."""
        self.records = open_records(people, progress_dir, language) if people else None
        """What keeps each person's record at a pass-and-play table, or ``None``."""
        if isinstance(speed, bool) or not 0 <= speed <= 10:  # NaN fails this too
            raise ValueError(f"speed must be 0 to 10 seconds a move, not {speed!r}")
        self.table = Table(
            game,
            mode=mode,
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
            listener=self.records or self.record,
            look=self.record.remembered_look() if self.record is not None else None,
            language=language,
        )
        """The table this widget mirrors."""
        for recorder in [self.record, *(self.records.recorders.values() if self.records else ())]:
            if recorder is not None:
                recorder.say = self.table.say  # a failed save is said on the message line
        book = page_phrases(self.table.language)
        super().__init__(mode=self.table.mode, speed=float(speed), phrases=book)
        self.on_msg(self._on_custom_message)
        self._mirror(self.table.view())
        self._unsubscribe = self.table.subscribe(self._mirror)

    @property
    def language(self) -> str:
        """The language the table speaks now (see ``language=``)."""
        return self.table.language

    @traitlets.validate("page_language")
    def _valid_page_language(self, proposal: dict[str, Any]) -> str:
        """A language the table speaks, as it names it (``"fr"`` for ``"fr-FR"``), or none."""
        value = proposal["value"]
        code = spoken(value)
        if value != "" and code is None:
            raise traitlets.TraitError(f"{value!r} names no language the table speaks")
        return code or ""

    @traitlets.observe("page_language")
    def _follow_page(self, change: dict[str, Any]) -> None:
        """The page reported its language: a table that follows it speaks it from now on."""
        if getattr(self, "_follows", False) and change["new"]:
            with self.hold_sync():
                self.phrases = dict(page_phrases(change["new"]))
                self.table.speak(change["new"])

    @traitlets.validate("speed")
    def _valid_speed(self, proposal: dict[str, Any]) -> float:
        """NaN passes the trait's own bounds (every comparison with it is false): refuse it here,
        from the page and from Python alike."""
        value = float(proposal["value"])
        if not math.isfinite(value):
            raise traitlets.TraitError(f"speed must be 0 to 10 seconds a move, not {value!r}")
        return value

    def close(self) -> None:
        """Close the widget and stop every table's work (a review's estimates)."""
        if hasattr(self, "table"):
            self._unsubscribe()
            self.table.close()
        super().close()

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """An update from the page: only :data:`PAGE_SETS` traits are taken, the rest are
        refused and sent back as they are, so the page shows the truth again."""
        taken = {k: v for k, v in sync_data.items() if k in PAGE_SETS}
        refused = sorted((set(sync_data) - PAGE_SETS) & set(self.keys))
        if "page_language" in taken:  # a report: one the table cannot use is only not taken
            try:
                self.page_language = taken.pop("page_language")
            except traitlets.TraitError:
                self.send_state(["page_language"])
        try:
            super().set_state(taken)
        except traitlets.TraitError:
            refused.extend(taken)
        if refused:
            self.send_state(refused)
            self.status = "Only Python code can set up the table: the page's change was undone."

    # -- reading ------------------------------------------------------------------------------

    @property
    def session(self) -> Session:
        """The session behind the table (one per mode; see :mod:`kingscorner_widget.table`)."""
        return self.table.session

    @property
    def game(self) -> Game:
        """The game on the table (the current hand of a match, the lesson's game in a lesson)."""
        return self.table.session.game

    @property
    def match(self) -> Match | None:
        """The match being played, if the table plays one (play mode)."""
        return getattr(self.table.session, "match", None)

    @property
    def lesson(self) -> LessonRun | None:
        """The :class:`~kingscorner_widget.lessons.LessonRun` being followed, if any."""
        lesson = self.table.setup.lesson
        return lesson.run if lesson is not None else None

    @property
    def viewer(self) -> int | None:
        """The player (1-based, in the current hand) whose hand the table shows at the bottom."""
        return self.table.session.viewer

    @property
    def waiting(self) -> int | None:
        """The player the table waits for (a computer, or a move "show me" plays), or ``None``."""
        return self.table.session.waiting

    @property
    def show_all_hands(self) -> bool:
        """Every hand face up (the teacher's choice; in play mode only once the hand is over)."""
        return self.table.show_all_hands

    @show_all_hands.setter
    def show_all_hands(self, value: bool) -> None:
        self.table.show_all_hands = value

    # -- acting from Python (each goes through the table, as a browser's intent does) --------

    def play(self, move: Move | str) -> None:
        """Play the viewer's ``move`` (notation or a :data:`Move`); an illegal or refused move
        raises :class:`IllegalMoveError` with the reason (the status line shows it)."""
        reply = self.table.act("play", move=move)
        if reply.refused:
            raise IllegalMoveError(reply.reason)

    def draw(self) -> None:
        """End the viewer's turn: ``draw``, or ``pass`` when the stock is empty."""
        self.play(self.game.end_move())

    def undo(self) -> None:
        """Take back the last move (explore; a lesson: the learner's last move in the step)."""
        self.table.act("undo")

    def back(self) -> None:
        """Step back through the hand (play: a look back only), or to the lesson's last step."""
        self.table.act("back")

    def forward(self) -> None:
        """Step forward again (a lesson: the next step)."""
        self.table.act("forward")

    def step(self) -> Move | None:
        """Make the move the table waits for (a computer's, or the next one "show me" plays)."""
        reply = self.table.act("step", quiet=True)
        return reply.moves[0] if reply.moves else None

    def skip(self) -> int:
        """Make every move the table waits for, up to the viewer's turn; returns how many (a
        lesson: go on to the next step, done or not)."""
        return len(self.table.act("skip", quiet=True).moves)

    def hint(self) -> tuple[str, str] | None:
        """Suggest a move for the viewer, ``(move, reason)``, also shown on the table (a lesson's
        hints come from the lesson: ``("", text)``); ``None`` when refused."""
        reply = self.table.act("hint")
        if reply.refused:
            return None
        if reply.hint is None:
            return "", reply.status.removeprefix("Hint: ")
        return str(reply.hint["move"]), str(reply.hint["reason"])

    def show_me(self) -> list[Move]:
        """Lesson mode: play the next move the step expects on the table (with any other
        seat's move the lesson plays after it); returns the moves made. (A click on Show me
        outlines the move first and the table plays it after a beat.)"""
        if self.table.act("show").refused:
            return []
        return list(self.table.act("step", quiet=True).moves)

    def show_my_hand(self) -> bool:
        """Pass-and-play: uncover the hand at the bottom for its person (the click on Show my
        hand); ``False`` when no hand is covered."""
        return not self.table.act("uncover").refused

    def reveal(self) -> bool:
        """Turn every hand face up, or face down again, where the mode allows it now (play:
        only once the hand is over); ``False`` when refused."""
        return not self.table.act("reveal").refused

    def new_game(self, seed: int | None = None) -> None:
        """A new deal (play mode: a new match to the target), from ``seed`` or a random one.
        Code means it: the table asks first only when the viewer clicks."""
        self.table.act("new", seed=seed, confirmed=True)

    def daily(self, date: datetime.date | str | None = None) -> None:
        """The daily deal (play mode: the daily match; the same for everyone on ``date``;
        default today, UTC)."""
        self.table.act("daily", date=date, confirmed=True)

    def next_hand(self) -> None:
        """Deal the next hand of the match once this one is over."""
        self.table.act("next")

    def next_step(self) -> None:
        """Lesson mode: go on to the next step."""
        self.table.act("next")

    def previous_step(self) -> None:
        """Lesson mode: go back to the previous step."""
        self.table.act("back")

    def load(self, source: Game | Match | str) -> None:
        """Put a game, a match, a position in notation or a saved record (JSON) on the table, in
        the current mode. Bad input raises ``ValueError`` naming the problem; nothing changes."""
        self.table.load(source)

    # -- browser messages --------------------------------------------------------------------

    def _on_custom_message(self, _widget: object, content: Any, _buffers: object) -> None:
        """Every custom message from the browser lands here; nothing it sends may raise."""
        try:
            self.handle_message(content)
        except Exception as error:  # the kernel must never see a browser's bad message fail
            self.status = sentence(f"that did not work: {error}")

    def handle_message(self, content: Any) -> bool:
        """Pass one intent from the browser to the table; ``False`` (and a status line) when
        refused."""
        return not self.table.intent(content).refused

    # -- mirroring ---------------------------------------------------------------------------

    def _mirror(self, view: View) -> None:
        """Show what the table published: snapshot, legal moves, status and mode in one
        message, or a new status line alone (a refusal, a viewing preference)."""
        if view.speed is not None:
            self.speed = view.speed
        if view.snapshot is None:
            self.status = view.status
            return
        with self.hold_sync():
            self.mode = view.mode
            self.snapshot = view.snapshot
            self.legal = list(view.legal)
            self.status = view.status
        self._update_picture()

    def __repr__(self) -> str:
        game = self.game
        return (
            f"KingsCornerWidget(mode={self.mode!r}, players={game.players}, "
            f"turn=P{game.turn}, moves={len(game.moves)})"
        )
