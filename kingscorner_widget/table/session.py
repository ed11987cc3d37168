"""What every table session has in common: the game on the table, its viewer, history and names.

A session is plain Python: it holds the table and answers each action with a :class:`Reply`,
never touching a widget. Each mode is a subclass that says what it allows by overriding the
actions; an action a mode does not offer is refused with a reason, and a refused action changes
nothing.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from ..game import Game
from ..moves import Move, as_move
from ..snapshot import build_snapshot, describe_outcome
from ..words import sentence
from .history import History
from .reply import Reply, refuse

__all__ = ["Session"]

Json = dict[str, Any]


class Session:
    """A table showing ``game``; subclasses decide who acts and what each action may do."""

    mode: ClassVar[str] = ""
    """The mode's name, as the table shows it."""
    show_all_hands: bool = False
    """Every hand face up, where the mode allows it (explore)."""

    def __init__(self, game: Game, *, title: str = "") -> None:
        self._game = game
        self.title = title
        """A heading for the table ("Deal 4", "Hand 2 of a match to 25", a lesson's title)."""
        self.history = History(game, self.name)
        """The moves of the hand on the table, with their log lines."""

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

    def outcome(self) -> str:
        """The finished hand in one line."""
        return describe_outcome(self.game, self.name, self.order())

    def prompt(self) -> str:
        """What to say when the viewer is to move."""
        return f"{self.name(self.game.turn)} to play."

    def undoable(self) -> bool:
        """True when :meth:`undo` would take a move back now."""
        return False

    def snapshot(self, version: int, hint: Json | None = None) -> Json:
        """What the viewer may see now, as the JSON the table draws."""
        if not self.history.current():
            self.history.reread()
        view = self.view()
        game = view.game
        return build_snapshot(
            game,
            viewer=self.viewer,
            version=version,
            mode=self.mode,
            show_all=self.show_all(),
            shown=self.shown(),
            names=self.name,
            order=self.order(),
            computers=self.computers(),
            log=view.log(),
            history=(view.at, view.length),
            waiting=self.waiting,
            extra={"title": self.title, "undoable": self.undoable(), "hint": hint, **self.extra()},
        )

    def view(self) -> History:
        """The history the table shows: the game's own (play mode may look back on a copy)."""
        return self.history

    def show_all(self) -> bool:
        """True when every hand is shown face up."""
        return False

    def shown(self) -> Sequence[int]:
        """Players whose hands are shown face up besides the viewer's."""
        return ()

    def computers(self) -> Sequence[int]:
        """The players the computer plays."""
        return ()

    def extra(self) -> Json:
        """What this mode adds to the snapshot (a score sheet, a lesson's narration)."""
        return {}

    # -- the actions (each returns a Reply; a refused one changes nothing) --------------------

    def act(self, kind: str, **fields: Any) -> Reply:
        """Do one action by its intent kind (``"play"`` with ``move``, ``"load"`` with
        ``position``...); an unknown kind is refused."""
        action: Callable[..., Reply] | None = getattr(self, _ACTIONS.get(kind, ""), None)
        if action is None:
            return refuse("the table does not know that action")
        return action(**fields)

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
        return self.game.violation(move)

    def played(self, move: Move) -> Reply:
        """Play a move already checked, and say so."""
        line = self.history.play(move)
        return Reply(self.status(sentence(line["words"])))

    def draw(self) -> Reply:
        """End the viewer's turn: ``draw``, or ``pass`` when the stock is empty."""
        return self.play(self.game.end_move())

    def hint(self) -> Reply:
        """Suggest a move."""
        return refuse("there is no hint here")

    def undo(self) -> Reply:
        """Take back the last move."""
        return refuse("there is no move to take back")

    def back(self) -> Reply:
        """Step back."""
        return refuse("there is nothing further back")

    def forward(self) -> Reply:
        """Step forward."""
        return refuse("there is nothing further forward")

    def new(self, seed: int | None = None) -> Reply:
        """A new deal."""
        return refuse("this table has no new deal")

    def daily(self, date: datetime.date | str | None = None) -> Reply:
        """The daily deal."""
        return refuse("this table has no daily deal")

    def next(self) -> Reply:
        """Go on: the next hand of a match, the next step of a lesson."""
        return refuse("there is nothing next")

    def show(self) -> Reply:
        """Lessons: show the moves that complete the step."""
        return refuse("show me is for lessons")

    def step(self) -> Reply:
        """Make the move the table is waiting for (a computer's, or one being shown)."""
        return refuse("there is no move to wait for")

    def skip(self) -> Reply:
        """Make every move the table is waiting for, up to the viewer's turn."""
        return refuse("there is no computer move to skip: it is your turn")

    def load(self, position: str) -> Reply:
        """Put a position (notation or a saved record) on the table."""
        return refuse("positions are loaded on the explore table")

    def jump(self, node: object = None) -> Reply:
        """Explore: go to a position of the tree of lines."""
        return refuse("lines are kept on the explore table: there is none to jump to here")

    def comment(self, text: object = None, node: object = None) -> Reply:
        """Explore: comment on a position."""
        return refuse("comments are written on the explore table")


_ACTIONS = {
    "play": "play",
    "draw": "draw",
    "hint": "hint",
    "undo": "undo",
    "back": "back",
    "forward": "forward",
    "new": "new",
    "daily": "daily",
    "next": "next",
    "show": "show",
    "step": "step",
    "skip": "skip",
    "load": "load",
    "jump": "jump",  # explore's tree of lines
    "comment": "comment",
    "review": "review_hand",  # play: review the hand just finished
    "practise": "practise",  # review: the mistakes as a practice lesson
    "resume": "resume",  # review, practice: back to the table it was opened from
}
"""The intent kinds a session acts on, and the method for each."""


def today() -> datetime.date:
    """Today's date in UTC (the daily deal's calendar)."""
    return datetime.datetime.now(datetime.UTC).date()
