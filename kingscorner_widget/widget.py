"""The table widget: a Kings in the Corner game inside a notebook (an anywidget).

Python owns the game. The browser draws :attr:`KingsCornerWidget.snapshot` and sends back intents
(custom messages ``{"kind": ..., "version": ...}``, see :mod:`kingscorner_widget.intents`); a stale
or malformed message is refused with a status line and changes nothing. The object is usable
without a browser, so a teacher can drive the table from code:

>>> from kingscorner_widget import Game, KingsCornerWidget
>>> line = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
>>> w = KingsCornerWidget(Game.from_position(line), mode="explore")
>>> w.play("Th>N")
>>> w.legal
['Ks>W', 'Ks>NE', 'Ks>SE', 'Ks>SW', 'Ks>NW', '4h>S', '4h>W', 'S>E', 'draw']
>>> w.play("4h>NE")
Traceback (most recent call last):
...
kingscorner_widget.errors.IllegalMoveError: only a king can open an empty corner, and 4h is not...
>>> w.status
'Only a king can open an empty corner, and 4h is not a king.'
>>> w.back(); w.snapshot["piles"]["N"], w.snapshot["history"]
(['Jc'], {'at': 0, 'length': 1})
>>> w
KingsCornerWidget(mode='explore', players=2, turn=P1, moves=0)

Messages from the browser (each with the snapshot ``version`` it was made on): ``play`` (with
``move`` in notation), ``draw`` (draw or pass), ``hint``, ``undo``, ``back``, ``forward``, ``new``,
``daily``, ``next`` (next hand, or next lesson step), ``show`` (lesson: show me), ``load`` (with
``position``), ``step`` (one computer move, sent by the table's timer), ``skip``, ``speed`` (with
``value`` in seconds). Python answers every message with one state update (snapshot, legal moves
and status together) or, when it refuses, with a new status line only.

Keys on the table (the "Keys" button lists them): Tab moves between cards, piles and buttons;
arrows move within the hand and across the piles; Enter or Space picks up the card or pile in
focus, or puts the picked one there; 7 8 9 / 4 6 / 1 2 3 are the piles as on a number pad; Escape
puts the picked card back; D draw or pass; H hint; U undo; [ and ] step back and forward; + and K
make the computer players faster or skip to your turn; N next; M show me; ? the list of keys.
"""

from __future__ import annotations

import datetime
import importlib
import pathlib
import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import anywidget
import traitlets

from .errors import IllegalMoveError
from .game import Game
from .intents import ANY_VERSION, QUIET_WHEN_STALE, Intent, parse_intent
from .match import Match
from .moves import EndTurn, Move, as_move
from .notation import parse_position
from .observation import Observation
from .rules import Rules
from .snapshot import (
    Json,
    build_snapshot,
    describe_move_text,
    describe_outcome,
    log_entry,
    opening_entries,
)

__all__ = ["MODES", "KingsCornerWidget"]

_STATIC = pathlib.Path(__file__).parent / "static"

MODES = ("play", "explore", "lesson")
"""The widget's modes: play against computer players, explore any position, follow a lesson."""

STALE = "The table changed before that click arrived, so nothing was done: try again."
MAX_COMPUTER_MOVES = 5000
"""A guard for :meth:`KingsCornerWidget.skip`: far more moves than any hand needs."""


class Player(Protocol):
    """A computer player: chooses a move from what its seat sees."""

    def choose(self, observation: Observation) -> Move | str:
        """The move to make now."""
        ...


class KingsCornerWidget(anywidget.AnyWidget):
    """A Kings in the Corner table for notebooks: play, explore or follow a lesson.

    ``game`` may be a :class:`Game`, a :class:`Match`, a position line, a saved record (JSON), or
    ``None``: a new match in play mode, a new deal in explore mode. ``players`` (default 4) and
    ``rules`` set the table for new deals; ``seed`` makes them reproducible.

    - ``mode="play"``: the viewer holds seat ``viewer``; the other seats are computer players
      named by ``opponents`` (one name for all, or one per seat, from
      :func:`kingscorner_widget.analysis.players.make_player`; objects with a
      ``choose(observation)`` method are used as they are). The table shows their moves one by
      one, ``speed`` seconds apart. A new table plays a match to the target with a score sheet.
    - ``mode="explore"``: one person plays every seat, from any position; undo, back and forward
      through the history, a move at an earlier point branches. ``show_all_hands=True`` turns
      every hand face up.
    - ``mode="lesson"``: ``lesson`` (a :class:`~kingscorner_widget.lessons.Lesson`, a
      :class:`~kingscorner_widget.lessons.LessonRun` or a built-in lesson's name) narrates each
      step beside the table and checks the learner's moves. Giving ``lesson`` alone is enough:
      the mode defaults to ``"lesson"`` with a lesson and to ``"play"`` without.
    """

    _esm = _STATIC / "widget.js"
    _css = _STATIC / "widget.css"

    snapshot = traitlets.Dict().tag(sync=True)
    """What the viewer may see, as JSON: ``version``, ``mode``, ``players``, ``viewer``, ``turn``,
    ``piles`` (each space's cards, bottom first), ``hands`` (per player: ``name``, ``count``,
    ``cards`` only when the viewer may see them), ``stock`` (a count), ``end`` (``"draw"`` or
    ``"pass"``), ``log`` (moves in notation and words), ``history`` (``at``/``length``),
    ``waiting`` (the computer player to move next), ``hint``, ``score``, ``lesson``, ``title``."""
    legal = traitlets.List(traitlets.Unicode()).tag(sync=True)
    """The viewer's legal moves now, in notation, straight from ``Game.legal_moves()`` (empty when
    it is not the viewer's turn)."""
    status = traitlets.Unicode("").tag(sync=True)
    """One line for the viewer: what just happened, or why a move was refused."""
    mode = traitlets.Unicode("play").tag(sync=True)
    """``"play"``, ``"explore"`` or ``"lesson"``."""
    speed = traitlets.Float(0.8, min=0.0, max=10.0).tag(sync=True)
    """Seconds the table waits between computer moves (0 shows them as fast as it can)."""

    def __init__(
        self,
        game: Game | Match | str | None = None,
        *,
        mode: str | None = None,
        players: int | None = None,
        opponents: str | Sequence[str | Player] = "greedy",
        viewer: int = 1,
        show_all_hands: bool = False,
        rules: Rules | None = None,
        seed: int | None = None,
        lesson: Any = None,
        speed: float = 0.8,
    ) -> None:
        if mode is None:
            mode = "lesson" if lesson is not None else "play"
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
        if isinstance(speed, bool) or not 0 <= speed <= 10:
            raise ValueError(f"speed must be 0 to 10 seconds a move, not {speed!r}")
        if rules is None:
            rules = Rules(players=4 if players is None else players)
        elif players is not None:
            rules = rules.with_players(players)
        self._rules = rules
        self._seed = random.SystemRandom().randrange(2**32) if seed is None else seed
        self._opponents = opponents
        _check_opponents(opponents)
        self._bots: dict[int, Player] = {}
        self._viewer_seat = viewer
        self._show_all = bool(show_all_hands)
        self._match: Match | None = None
        self._game: Game = _EMPTY
        self._redo: list[Move] = []
        self._version = 0
        self._log: list[Json] = []
        self._log_key: tuple[object, ...] = ()
        self._title = ""
        self._lesson: Any = None
        self._learner = 1
        self._showing: list[Move] = []
        self._ready = False
        if lesson is not None:
            self._start_lesson(lesson)
        elif mode == "lesson":
            raise ValueError("lesson mode needs a lesson: KingsCornerWidget(lesson=...)")
        super().__init__(mode=mode, speed=float(speed))
        if game is not None:
            self._set_source(game)
        elif mode != "lesson":
            self._start_new(seed)
        self._check_viewer()
        self.on_msg(self._on_custom_message)
        self._ready = True
        self._publish(self._step_status() if mode == "lesson" else self._default_status())

    # -- reading -----------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game on the table (the current hand of a match, the lesson's game in a lesson)."""
        if self.mode == "lesson" and self._lesson is not None:
            game: Game = self._lesson.game
            return game
        if self._match is not None:
            return self._match.game
        return self._game

    @property
    def match(self) -> Match | None:
        """The match being played, if the table plays one (play mode, started without a game)."""
        return self._match

    @property
    def show_all_hands(self) -> bool:
        """Explore mode: every hand face up (the teacher's choice; never in play mode)."""
        return self._show_all

    @show_all_hands.setter
    def show_all_hands(self, value: bool) -> None:
        self._show_all = bool(value)
        self._publish()

    @property
    def viewer(self) -> int | None:
        """The player (1-based, in the current hand) whose hand the table shows at the bottom.

        Play mode: the viewer's seat (``None`` once an elimination match has put it out);
        explore mode: the player to move; lesson mode: the learner.
        """
        game = self.game
        if self.mode == "lesson":
            return self._learner
        if self.mode != "play":
            return game.turn
        if self._match is not None:
            return self._match.player_of(self._viewer_seat)
        return self._viewer_seat if self._viewer_seat <= game.players else None

    @property
    def waiting(self) -> int | None:
        """The computer player to move next, or ``None`` when no computer move is due."""
        if self.mode == "lesson":
            return self.game.turn if self._showing else None
        if self.mode != "play" or self._redo:
            return None
        game = self.game
        if game.is_over() or game.turn == self.viewer:
            return None
        return game.turn

    # -- playing -----------------------------------------------------------------------------

    def play(self, move: Move | str) -> None:
        """Play the viewer's ``move`` (notation or a :data:`Move`) through the engine.

        An illegal move raises :class:`IllegalMoveError` (the status line shows its reason) and
        changes nothing. At an earlier point of the history, the later moves are dropped.
        """
        try:
            parsed = as_move(move)
        except ValueError as error:
            self._refuse(str(error))
            raise IllegalMoveError(str(error)) from None
        if self.mode == "lesson":
            self._lesson_play(parsed)
            return
        reason = self._play_violation(parsed)
        if reason is not None:
            self._refuse(reason)
            raise IllegalMoveError(reason)
        game = self.game
        branched = bool(self._redo)
        self._redo.clear()
        words = self._apply(game, parsed)
        status = words + "." + (" A new branch: the later moves are dropped." if branched else "")
        self._publish(self._default_status(status))

    def draw(self) -> None:
        """End the viewer's turn: ``draw``, or ``pass`` when the stock is empty."""
        self.play(self.game.end_move())

    def _play_violation(self, move: Move) -> str | None:
        """Why the viewer may not play ``move`` now (the engine's reason), or ``None``."""
        game = self.game
        if self.mode == "play":
            if self._match is not None and self._match.is_scored():
                return "this hand is over and on the score sheet: deal the next hand"
            viewer = self.viewer
            if viewer is None:
                return "you are out of this match: the computer players play on"
            if not game.is_over() and game.turn != viewer:
                who = self._name(game.turn)
                return f"it is {who}'s turn, not yours: wait for them (or skip)"
        return game.violation(move)

    def _apply(self, game: Game, move: Move) -> str:
        """Play a checked move, add its log line and return it in words."""
        self._sync_log(game)
        player = game.turn
        before = game.hand_sizes()[player - 1]
        entry = log_entry(game, move, player, self._name(player))
        game.play(move)
        if isinstance(move, EndTurn) and move.kind == "draw":
            drawn = game.hand_sizes()[player - 1] - before
            ends = game.turn != player or game.is_over()
            if drawn != 1 or not ends:
                entry = log_entry(_before(game), move, player, self._name(player), drawn, ends)
        self._log.append(entry)
        self._log_key = self._log_identity(game)
        if self._match is not None and game.is_over() and not self._redo:
            self._match.score_hand()
        words: str = entry["words"]
        return words

    def undo(self) -> None:
        """Take back the last move and forget it (play mode: only moves of your current turn)."""
        if self.mode == "lesson":
            self._lesson_undo()
            return
        reason = self._undo_refusal()
        if reason is not None:
            self._refuse(reason)
            return
        game = self.game
        self._redo.clear()
        move = game.undo()
        self._sync_log(game)
        self._publish(f"Took back {move}.")

    def _undo_refusal(self) -> str | None:
        """Why :meth:`undo` would refuse now, or ``None`` when it would take a move back."""
        game = self.game
        if self.mode == "lesson":
            return None if self._lesson.played and not self._showing else "nothing to take back"
        if not game.moves:
            return "there is no move to take back"
        if self.mode == "play":
            viewer = self.viewer
            if self._match is not None and self._match.is_scored():
                return "this hand is over and on the score sheet: it cannot be taken back"
            if (
                viewer is None
                or game.turn != viewer
                or game.movers()[-1] != viewer
                or game.is_over()
                or isinstance(game.moves[-1], EndTurn)
            ):
                return "you can take back only the moves of your own turn, before it ends"
        return None

    def back(self) -> None:
        """Step one move back through the history (the later moves stay, to step forward).

        In a lesson, back goes to the previous step.
        """
        if self.mode == "lesson":
            self.previous_step()
            return
        game = self.game
        if not game.moves:
            self._refuse("this is the start of the hand: there is nothing further back")
            return
        self._redo.append(game.undo())
        self._sync_log(game)
        self._publish(self._history_status())

    def forward(self) -> None:
        """Step forward again through moves stepped back over (in a lesson: the next step)."""
        if self.mode == "lesson":
            self.next_step()
            return
        game = self.game
        if not self._redo:
            self._refuse("this is the latest move: there is nothing further forward")
            return
        move = self._redo.pop()
        if game.violation(move) is not None:  # the game was changed from code in between
            self._redo.clear()
            self._refuse("the game changed since you stepped back, so there is no way forward")
            return
        self._apply(game, move)
        self._publish(self._history_status())

    def _history_status(self) -> str:
        at, length = len(self.game.moves), len(self.game.moves) + len(self._redo)
        return f"Move {at} of {length}." + (
            " Play a move here to branch, or step forward." if self._redo else ""
        )

    # -- computer players ----------------------------------------------------------------------

    def step(self) -> Move | None:
        """Make the next computer player's move (one move); ``None`` when none is due.

        In a lesson, plays the next move "show me" is showing.
        """
        if self.mode == "lesson":
            return self._show_step() if self._showing else None
        player = self.waiting
        if player is None:
            return None
        game = self.game
        move, note = self._computer_move(game, player)
        words = self._apply(game, move)
        self._publish(self._default_status(words + "." + note))
        return move

    def skip(self) -> int:
        """Make every computer move up to the viewer's turn at once; returns how many."""
        count = 0
        status = ""
        if self.mode == "lesson":
            with self.hold_sync():
                while self._showing and self._show_step() is not None:
                    count += 1
            return count
        with self.hold_sync():
            while (player := self.waiting) is not None and count < MAX_COMPUTER_MOVES:
                game = self.game
                move, note = self._computer_move(game, player)
                status = self._apply(game, move) + "." + note
                count += 1
            if count:
                self._publish(self._default_status(status))
        return count

    def _computer_move(self, game: Game, player: int) -> tuple[Move, str]:
        """The computer player's choice, checked by the engine; a bad choice ends its turn."""
        try:
            choice = self._bot(player).choose(game.observation(player))
            move = as_move(choice)
            reason = game.violation(move)
        except Exception as error:  # a player that fails must not stop the table
            reason = f"{type(error).__name__}: {error}"
            move = game.end_move()
        if reason is None:
            return move, ""
        legal = game.legal_moves()
        fallback = game.end_move() if game.end_move() in legal else legal[0]
        return fallback, f" ({self._name(player)} chose a move the rules refuse: {reason})"

    def _bot(self, player: int) -> Player:
        seat = self._match.seat_of(player) if self._match is not None else player
        bot = self._bots.get(seat)
        if bot is None:
            spec = self._opponents
            choice: str | Player
            if isinstance(spec, str):
                choice = spec
            else:
                others = [s for s in range(1, 7) if s != self._viewer_seat]
                choice = spec[others.index(seat) % len(spec)] if seat in others else spec[0]
            if isinstance(choice, str):
                players = importlib.import_module(f"{__package__}.analysis.players")
                made: Player = players.make_player(choice, seed=self._seed * 7919 + seat)
                bot = made
            else:
                bot = choice
            self._bots[seat] = bot
        return bot

    # -- new deals, loading, matches ---------------------------------------------------------

    def new_game(self, seed: int | None = None) -> None:
        """A new deal (play mode: a new match to the target), from ``seed`` or a random one."""
        if self.mode == "lesson":
            self._refuse("a lesson has its own positions: use next and back to move through it")
            return
        self._start_new(seed)
        self._publish(self._default_status())

    def daily(self, date: datetime.date | str | None = None) -> None:
        """The daily deal (one hand, the same for everyone on ``date``; default today, UTC)."""
        if self.mode == "lesson":
            self._refuse("a lesson has its own positions: use next and back to move through it")
            return
        day = _today() if date is None else datetime.date.fromisoformat(str(date))
        self._match = None
        self._game = Game.daily(day, rules=self._rules)
        self._title = f"Daily deal, {day.isoformat()}"
        self._reset_history()
        self._publish(self._default_status())

    def load(self, source: Game | Match | str) -> None:
        """Put a game, a match, a position in notation or a saved game or match record (JSON) on
        the table. Bad input raises ``ValueError`` naming the problem; the table stays as it was."""
        if self.mode == "lesson":
            raise ValueError("a lesson has its own positions: switch to explore mode to load one")
        self._set_source(source)
        self._publish(self._default_status())

    def next_hand(self) -> None:
        """Deal the next hand of the match once this one is over."""
        match = self._match
        if match is None:
            self._refuse("this table plays a single hand: start a new match with New")
            return
        if not match.is_scored():
            self._refuse("finish this hand first: the next one is dealt once it is over")
            return
        if match.is_over():
            self._refuse("the match is over: start a new one with New")
            return
        match.next_hand()
        self._title = f"Hand {match.hand_number}"
        self._reset_history()
        self._check_viewer()
        self._publish(self._default_status())

    def _start_new(self, seed: int | None) -> None:
        seed = random.SystemRandom().randrange(2**32) if seed is None else seed
        if self.mode == "play":
            self._match = Match(self._rules, seed=seed)
            self._title = f"Hand 1 of a match to {self._rules.target}"
        else:
            self._match = None
            self._game = Game.new(seed=seed, rules=self._rules)
            self._title = f"Deal {seed}"
        self._reset_history()

    def _set_source(self, source: Game | Match | str) -> None:
        if isinstance(source, str):
            text = source.strip()
            if text.startswith("{"):  # a saved game or match record
                from .record import MATCH_FORMAT, game_from_json, match_from_json

                source = match_from_json(text) if MATCH_FORMAT in text else game_from_json(text)
            else:
                players = len(parse_position(text).hands)
                source = Game.from_position(text, rules=self._rules.with_players(players))
        if isinstance(source, Match):
            self._check_viewer(source.seats)
            self._match, self._title = source, f"Hand {source.hand_number}"
        elif isinstance(source, Game):
            if self.mode == "play":
                self._check_viewer(source.players)
            self._match, self._game, self._title = None, source, ""
        else:
            raise TypeError(f"load takes a Game, a Match or a position line, not {source!r}")
        self._reset_history()

    def _check_viewer(self, players: int | None = None) -> None:
        count = players if players is not None else self.game.players
        if self.mode == "play" and not 1 <= self._viewer_seat <= count:
            raise ValueError(f"there is no seat {self._viewer_seat} at a table of {count}")

    def _reset_history(self) -> None:
        self._redo.clear()
        self._log, self._log_key = [], ()
        if self._ready:
            self._sync_log(self.game)

    # -- hints -------------------------------------------------------------------------------

    def hint(self) -> tuple[str, str] | None:
        """Suggest a move for the viewer: ``(move, reason)``, also shown on the table.

        In a lesson the hint comes from the lesson (``(None, text)``-like: the move is ``""``),
        each one more specific than the last.
        """
        if self.mode == "lesson":
            text = self._lesson.next_hint()
            self._publish(f"Hint: {text}")
            return "", text
        game = self.game
        if not self._viewer_to_move():
            self._refuse("a hint is for your own turn")
            return None
        analysis_hint = getattr(importlib.import_module(f"{__package__}.analysis"), "hint", None)
        if analysis_hint is not None:  # from the viewer's own view: no hidden card
            found = analysis_hint(game.observation(game.turn))
            move, reason = str(found.move), str(found.reason)
        else:
            move, reason = _simple_hint(game)
        self._publish(
            f"Hint ({move}): {reason}",
            hint={"move": move, "reason": reason},
        )
        return move, reason

    def _viewer_to_move(self) -> bool:
        game = self.game
        if game.is_over() or self.waiting is not None:
            return False
        if self.mode == "lesson":
            return game.turn == self._learner
        if self.mode == "play" and self._match is not None and self._match.is_scored():
            return False
        return self.viewer is not None and game.turn == self.viewer

    # -- browser messages --------------------------------------------------------------------

    def _on_custom_message(self, _widget: object, content: Any, _buffers: object) -> None:
        """Every custom message from the browser lands here; nothing it sends may raise."""
        try:
            self.handle_message(content)
        except Exception as error:  # the kernel must never see a browser's bad message fail
            self._refuse(f"that did not work: {error}")

    def handle_message(self, content: Any) -> bool:
        """Act on one intent from the browser; ``False`` (and a status line) when refused."""
        try:
            intent = parse_intent(content)
        except ValueError as error:
            self._refuse(str(error))
            return False
        if intent.version != self._version and intent.kind not in ANY_VERSION:
            if intent.kind not in QUIET_WHEN_STALE:
                self._refuse(STALE)
            return False
        return self._dispatch(intent)

    def _dispatch(self, intent: Intent) -> bool:
        kind = intent.kind
        before = self._version
        try:
            if kind == "play":
                assert intent.move is not None
                self.play(intent.move)
            elif kind == "draw":
                self.draw()
            elif kind == "speed":
                assert intent.value is not None
                self.speed = intent.value
                self.status = f"The computer players now take {intent.value:g} s a move."
            elif kind == "load":
                assert intent.position is not None
                self.load(intent.position)
            elif kind == "next":
                self._next()
            elif kind == "prev":
                self._prev()
            elif kind == "show":
                self.show_me()
            elif kind == "skip":
                if not self.skip():
                    self._refuse("there is no computer move to skip: it is your turn")
            else:
                getattr(self, _METHODS[kind])()
        except (IllegalMoveError, ValueError) as error:
            self._refuse(str(error))
            return False
        return self._version != before or kind == "speed"

    def _next(self) -> None:
        if self.mode == "lesson":
            self.next_step()
        else:
            self.next_hand()

    def _prev(self) -> None:
        if self.mode == "lesson":
            self.previous_step()
        else:
            self.back()

    # -- lessons ---------------------------------------------------------------------------

    @property
    def lesson(self) -> Any:
        """The :class:`~kingscorner_widget.lessons.LessonRun` being followed, if any."""
        return self._lesson

    def _start_lesson(self, lesson: Any) -> None:
        from .lessons import Lesson, LessonRun, load_lesson

        if isinstance(lesson, str):
            lesson = load_lesson(lesson)
        if isinstance(lesson, Lesson):
            lesson = LessonRun(lesson)
        if not isinstance(lesson, LessonRun):
            raise TypeError(f"lesson takes a Lesson, a LessonRun or a name, not {lesson!r}")
        self._lesson = lesson
        self._lesson_step_started()

    def _lesson_step_started(self) -> None:
        self._learner = self._lesson.game.turn
        self._showing.clear()
        self._log, self._log_key = [], ()

    def _lesson_play(self, move: Move) -> None:
        """A learner's move in a lesson: checked by the lesson, played only if it is wanted."""
        run = self._lesson
        game = run.game
        if self._showing:
            reason = "wait: the table is showing you the moves (or press Skip)"
            self._refuse(reason)
            raise IllegalMoveError(reason)
        player = game.turn
        before = game.copy()
        feedback = run.try_move(move)
        if not feedback.accepted:
            self._refuse(feedback.message)
            raise IllegalMoveError(feedback.message)
        self._log.append(log_entry(before, move, player, self._name(player)))
        self._log_key = self._log_identity(game)
        self._publish(self._lesson_status(feedback.message))

    def _lesson_status(self, message: str) -> str:
        run = self._lesson
        text = message[:1].upper() + message[1:]
        if run.done:
            return f"{text} That is the end of the lesson."
        if run.step_done and run.step.interactive:
            return f"{text} Press Next to go on."
        return text

    def next_step(self) -> None:
        """Lesson mode: go on to the next step."""
        run = self._need_lesson()
        if not run.next():
            self._refuse("this is the last step of the lesson")
            return
        self._lesson_step_started()
        self._publish(self._step_status())

    def previous_step(self) -> None:
        """Lesson mode: go back to the previous step (afresh)."""
        run = self._need_lesson()
        if not run.back():
            self._refuse("this is the first step of the lesson")
            return
        self._lesson_step_started()
        self._publish(self._step_status())

    def show_me(self) -> list[Move]:
        """Lesson mode: play the moves that complete the step, one by one on the table."""
        run = self._need_lesson()
        moves = run.show_me()
        if not moves:
            self._refuse("this step is done: go on to the next one")
            return []
        self._showing[:] = moves
        shown = " ".join(map(str, moves))
        self._publish(f"Watch: {shown}.")
        return list(moves)

    def _show_step(self) -> Move | None:
        """Play the next move of "show me"."""
        run = self._lesson
        move = self._showing.pop(0)
        game = run.game
        player = game.turn
        before = game.copy()
        feedback = run.try_move(move)
        if not feedback.accepted:  # the lesson and its answer disagree: stop showing
            self._showing.clear()
            self._publish(feedback.message)
            return None
        self._log.append(log_entry(before, move, player, self._name(player)))
        self._log_key = self._log_identity(game)
        status = self._lesson_status(feedback.message) if not self._showing else ""
        self._publish(status or describe_move_text(str(move)).capitalize() + ".")
        return move

    def _lesson_undo(self) -> None:
        run = self._lesson
        if self._showing or not run.played:
            self._refuse("there is no move of yours to take back in this step")
            return
        moves = list(run.played[:-1])
        run.restart_step()
        for move in moves:
            run.try_move(move)
        self._sync_log(run.game)
        self._publish("Took that move back.")

    def _step_status(self) -> str:
        run = self._lesson
        i, n = run.progress
        title = run.step.title or run.lesson.title
        return f"Step {i} of {n}: {title}."

    def _lesson_shown(self) -> list[int]:
        """The players whose hands the step's position writes out: the lesson shows them."""
        table = parse_position(self._lesson.step.position)
        return [i for i, hand in enumerate(table.hands, start=1) if not isinstance(hand, int)]

    def _need_lesson(self) -> Any:
        if self.mode != "lesson" or self._lesson is None:
            raise ValueError("there is no lesson on this table")
        return self._lesson

    def _lesson_snapshot(self) -> Json:
        run = self._lesson
        step = run.step
        return {
            "title": run.lesson.title,
            "stepTitle": step.title,
            "narration": step.narration,
            "progress": list(run.progress),
            "index": run.index,
            "stepDone": run.step_done,
            "done": run.done,
            "interactive": step.interactive,
        }

    # -- publishing --------------------------------------------------------------------------

    @traitlets.validate("mode")
    def _valid_mode(self, proposal: dict[str, Any]) -> str:
        value = proposal["value"]
        if value not in MODES:
            raise traitlets.TraitError(f"mode must be one of {', '.join(MODES)}, not {value!r}")
        if value == "lesson" and getattr(self, "_lesson", None) is None:
            raise traitlets.TraitError("lesson mode needs a lesson: KingsCornerWidget(lesson=...)")
        return str(value)

    @traitlets.observe("mode")
    def _mode_changed(self, change: dict[str, Any]) -> None:
        if not getattr(self, "_ready", False):
            return
        self._redo.clear()
        self._showing.clear()
        if change["old"] == "lesson":  # explore or play on from the lesson's table
            self._match, self._game, self._title = None, self._lesson.game.copy(), ""
        if change["new"] == "play" and self._match is None:
            self._check_viewer()
        if change["new"] == "lesson":
            self._lesson.restart_step()
            self._lesson_step_started()
        self._publish(self._step_status() if change["new"] == "lesson" else self._default_status())

    def _name(self, player: int) -> str:
        """How the table names a player of the current hand ("You" for the viewer in play)."""
        if self.mode == "lesson":
            return "You" if player == self._learner else f"P{player}"
        if self.mode == "play":
            if player == self.viewer:
                return "You"
            if self._match is not None:
                return f"P{self._match.seat_of(player)}"
        return f"P{player}"

    def _seat_order(self, game: Game) -> list[int]:
        """The hand's players in seat order (a match's deal moves P1 round the table)."""
        players = range(1, game.players + 1)
        match = self._match
        return sorted(players, key=match.seat_of) if match is not None else list(players)

    def _computers(self) -> list[int]:
        if self.mode != "play":
            return []
        return [p for p in range(1, self.game.players + 1) if p != self.viewer]

    def _log_identity(self, game: Game) -> tuple[object, ...]:
        names = tuple(self._name(p) for p in range(1, game.players + 1))
        return (id(game), len(game.moves), str(game.moves[-1]) if game.moves else "", names)

    def _sync_log(self, game: Game) -> None:
        """Rebuild the log when it no longer matches the game (undo, code that played directly)."""
        if self._log_key == self._log_identity(game) and len(self._log) == len(game.moves):
            return
        replay = game.copy()
        moves = replay.moves
        while replay.moves:
            replay.undo()
        log: list[Json] = []
        for move in moves:
            player = replay.turn
            before = replay.hand_sizes()[player - 1]
            after = replay.copy()
            after.play(move)
            drawn = after.hand_sizes()[player - 1] - before
            ends = after.turn != player or after.is_over()
            log.append(log_entry(replay, move, player, self._name(player), max(drawn, 1), ends))
            replay.play(move)
        self._log = log
        self._log_key = self._log_identity(game)

    def _default_status(self, last: str = "") -> str:
        game = self.game
        outcome = game.outcome()
        if outcome is not None and not self._redo:
            parts = [last] if last else []
            parts.append(describe_outcome(outcome, self._name, self._seat_order(game)))
            if self._match is not None and self._match.is_scored():
                parts.append(
                    self._match.describe()
                    if self._match.is_over()
                    else "Press Next hand to deal the next hand."
                )
            return " ".join(parts)
        if self.waiting is not None:
            return last or f"{self._name(game.turn)} to play."
        if self._viewer_to_move():
            prompt = "Your turn." if self.mode == "play" else f"P{game.turn} to play."
            return f"{last} {prompt}".strip()
        return last

    def _snapshot_extra(self) -> Json:
        extra: Json = {"title": self._title, "undoable": self._undo_refusal() is None}
        if self.mode == "lesson":
            extra["lesson"] = self._lesson_snapshot()
            extra["title"] = self._lesson.lesson.title
        match = self._match
        if match is not None and self.mode == "play":
            seats = range(1, match.seats + 1)
            extra["score"] = {
                "seats": ["You" if s == self._viewer_seat else f"P{s}" for s in seats],
                "rows": [
                    {"hand": row.hand, "points": list(row.points), "winners": list(row.winners)}
                    for row in match.sheet
                ],
                "totals": list(match.totals),
                "target": match.rules.target,
                "end": match.rules.match_end.value,
                "hand": match.hand_number,
                "scored": match.is_scored(),
                "over": match.is_over(),
                "winners": list(match.winners()),
            }
        return extra

    def _publish(self, status: str | None = None, hint: Json | None = None) -> None:
        """Send the new state to the browser: one message for snapshot, legal moves and status.

        A ``hint`` shows on this snapshot only: whatever happens next replaces it.
        """
        if not self._ready:
            return
        game = self.game
        self._sync_log(game)
        self._version += 1
        viewer = self.viewer
        show_all = self._show_all and self.mode == "explore"
        log = opening_entries(game) + self._log
        snapshot = build_snapshot(
            game,
            viewer=viewer,
            version=self._version,
            mode=self.mode,
            show_all=show_all,
            shown=self._lesson_shown() if self.mode == "lesson" else (),
            names=self._name,
            order=self._seat_order(game),
            computers=self._computers(),
            log=log,
            history=(len(game.moves), len(game.moves) + len(self._redo)),
            waiting=self.waiting,
            extra={**self._snapshot_extra(), "hint": hint},
        )
        legal = [str(m) for m in game.legal_moves()] if self._viewer_to_move() else []
        with self.hold_sync():
            self.snapshot = snapshot
            self.legal = legal
            if status is not None:
                self.status = status

    def _refuse(self, reason: str) -> None:
        """Show why something was refused; nothing else changes."""
        text = reason[:1].upper() + reason[1:]
        self.status = text if text.endswith((".", "!", "?")) else text + "."

    # -- display -----------------------------------------------------------------------------

    def __repr__(self) -> str:
        game = self.game
        return (
            f"KingsCornerWidget(mode={self.mode!r}, players={game.players}, "
            f"turn=P{game.turn}, moves={len(game.moves)})"
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live widget, plus a static picture for places without a kernel (exports, GitHub)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle or {}, {})
        data = dict(data)
        data["text/html"] = self.static_html()
        return data, metadata

    def _ipython_display_(self, **kwargs: Any) -> None:
        """Show the live table and, as a second output, its static picture.

        An exporter that finds the widget's saved state (``nbconvert --execute``, "save widget
        state") draws the widget view and drops every other type of its output, so an offline
        export would show a blank box. The picture therefore also goes out on its own; the
        table's stylesheet hides it wherever the live table is drawn.
        """
        from IPython import display as ipython_display

        show: Callable[..., object] = ipython_display.display
        data, metadata = self._repr_mimebundle_(**kwargs)
        picture = data.pop("text/html")
        show(data, metadata=metadata, raw=True)
        show({"text/html": f'<div class="kcw-fallback">{picture}</div>'}, raw=True)

    def static_html(self) -> str:
        """A static picture of the table as the viewer sees it (no hidden card)."""
        from html import escape

        game = self.game
        viewer = self.viewer
        show_all = self._show_all and self.mode == "explore"
        try:
            from .render import table_svg

            if show_all:
                return table_svg(game)
            if viewer is not None:
                return table_svg(game, viewer=viewer)
        except ImportError:
            pass
        position = game.position() if show_all else _counts_only(game, viewer)
        return f'<pre class="kcw-static">{escape(position)}</pre>'


_METHODS = {
    "hint": "hint",
    "undo": "undo",
    "back": "back",
    "forward": "forward",
    "new": "new_game",
    "daily": "daily",
    "step": "step",
}

_EMPTY: Game = Game.new(players=2, seed=0)
"""A placeholder game, replaced in ``__init__`` before anything reads it."""


def _check_opponents(opponents: str | Sequence[str | Player]) -> None:
    """Refuse unknown computer players at once, rather than when they first have to move."""
    names = [opponents] if isinstance(opponents, str) else list(opponents)
    if not names:
        raise ValueError("opponents needs at least one computer player")
    players = importlib.import_module(f"{__package__}.analysis.players")
    for name in names:
        if isinstance(name, str):
            players.make_player(name)
        elif not callable(getattr(name, "choose", None)):
            raise TypeError(f"a computer player needs a choose(observation) method: {name!r}")


def _before(game: Game) -> Game:
    """A copy of ``game`` as it was before its last move."""
    copy = game.copy()
    copy.undo()
    return copy


def _counts_only(game: Game, viewer: int | None) -> str:
    if viewer is not None:
        return game.position(player=viewer)
    line = game.position(player=1)
    return " ".join(f"P1:?{len(game.hand(1))}" if f.startswith("P1:") else f for f in line.split())


def _today() -> datetime.date:
    return datetime.datetime.now(datetime.UTC).date()


def _simple_hint(game: Game) -> tuple[str, str]:
    """A legal move to try when the analysis is not installed: a card to shed, else end the turn."""
    legal = game.legal_moves()
    for move in legal:
        if not isinstance(move, EndTurn):
            what = describe_move_text(str(move))
            return str(move), f"Play {what}: every card you play is one less in your hand."
    end = game.end_move()
    return str(end), "None of your cards fits anywhere now, so end your turn."
