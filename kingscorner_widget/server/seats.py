"""The sessions of a class server's table: one for each seat, one for each watcher.

At a server table every person sits at a seat of one shared game (a
:class:`~kingscorner_widget.server.room.ServerTable` holds it, and moves its computer players).
Each seat's view is a :class:`~kingscorner_widget.table.table.Table` around a
:class:`SeatSession`, play mode as a notebook plays it, with what a shared table allows:

- the seat acts only for itself, on its own turn; the others' moves (people's and computers')
  arrive from the shared table and are logged in the seat's own words ("Ben plays...");
- the computer players are moved by the server, never by a seat: no Next move, Skip, Pause or
  Faster here, and no new or daily deal over the table's hand; once the hand is over any seat
  deals the next one (Next hand);
- the snapshot, the legal moves, the Hint and every refusal are built from the seat's own view,
  exactly as at a notebook's table: no card of another hand and no stock card.

A watcher (the projector) sits at a :class:`WatchSession`: the public table, every hand face
down until the hand is over, and no action (the watchers of a table share one view).

>>> from kingscorner_widget import Game
>>> from kingscorner_widget.server.room import ServerTable
>>> table = ServerTable(1, seats=2, seed=3, names={1: "Ada", 2: "Ben"})
>>> ada, ben = table.session(1), table.session(2)
>>> ada.status()
'Your turn. Pick a card (or a pile), then a pile it fits on, or Draw & end turn.'
>>> ben.status(), ben.legal()
('Ada to play.', [])
>>> ben.act("draw").status
"It is Ada's turn, not yours."
>>> ada.act("draw").status
'You draw a card and end your turn. Ben to play.'
>>> ben.snapshot(2)["log"][-1]["words"]
'Ada draws a card and ends the turn'
>>> table.watcher().snapshot(2)["hands"][0]["cards"] is None
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ..display.language import gettext
from ..engine.moves import Move
from ..engine.words import refusal, sentence
from ..table.actions import action
from ..table.play import PlaySession
from ..table.reply import Reply, refuse

if TYPE_CHECKING:
    from .room import ServerTable

__all__ = ["SeatSession", "WatchSession"]

SERVER_MOVES = frozenset({"new", "daily", "step", "skip", "pause", "speed", "review", "reveal"})
"""Play's actions a seat of a server table does not offer: the server moves the computer players
and keeps the table's hand (the review of a hand is done on a table of one's own)."""


class SeatSession(PlaySession):
    """Seat ``seat`` of the server table ``shared`` (a person's seat)."""

    withheld: ClassVar[frozenset[str]] = SERVER_MOVES

    def __init__(self, shared: ServerTable, seat: int) -> None:
        self.shared = shared
        """The server table whose game this seat plays."""
        super().__init__(
            shared.game,
            viewer=seat,
            opponents=shared.computer,
            rules=shared.rules,
            seed=shared.seed,
            title=shared.title(),
        )

    @property
    def waiting(self) -> int | None:
        """Never: the server moves the computer players, so the page has no timer to run."""
        return None

    def name(self, player: int) -> str:
        return "You" if player == self.viewer else self.shared.name(player)

    def heading(self) -> str:
        """The shared table's number and hand, in the language spoken now."""
        return self.shared.title()

    def seat_name(self, seat: int) -> str:
        return self.name(seat)

    def computers(self) -> list[int]:
        return sorted(self.shared.computer_seats())

    def status(self, last: str = "") -> str:
        game = self.game
        if not game.is_over() and game.turn != self.viewer and not self.reviewing:
            return _then(last, gettext("{name} to play.").format(name=self.name(game.turn)))
        return super().status(last)

    def refusal(self, move: Move) -> str | None:
        game = self.game
        if not self.reviewing and not game.is_over() and game.turn != self.viewer:
            # TRANSLATORS: the name of the player whose turn it is
            return gettext("it is {name}'s turn, not yours: wait for them").format(
                name=self.name(game.turn)
            )
        if self.reviewing:
            return super().refusal(move)
        return refusal(game.violation(move))

    def played(self, move: Move) -> Reply:
        """Play the seat's checked move at the shared table (every seat logs it)."""
        line = self.shared.play(move, by=self)
        return Reply(self.status(sentence(line["words"])))

    @action(
        "next",
        "Next hand",
        key="N",
        offered=lambda s: s.game.is_over(),
        primary=lambda s: True,
    )
    def next(self) -> Reply:
        """Deal the table's next hand, once this one is over (for every seat)."""
        if not self.game.is_over():
            return refuse(gettext("finish this hand first: the next one is dealt once it is over"))
        self.shared.next_hand()
        said = gettext("Hand {hand} is dealt.").format(hand=self.shared.hand_number)
        return Reply(self.status(said))

    def deal(self, title: str) -> None:
        """The shared table dealt a new hand: sit at it."""
        self._game = self.shared.game
        self._reset(title)


class WatchSession(SeatSession):
    """A watcher of ``shared`` (the projector): the public table, no hand face up until the hand
    is over, no action."""

    withheld: ClassVar[frozenset[str]] = frozenset(PlaySession.actions()) | {"next"}

    def __init__(self, shared: ServerTable) -> None:
        super().__init__(shared, 1)

    @property
    def viewer(self) -> int | None:
        """Nobody's hand is at the bottom: a watcher is a spectator."""
        return None

    def name(self, player: int) -> str:
        return self.shared.name(player)

    def status(self, last: str = "") -> str:
        game = self.game
        if game.is_over():
            return " ".join(filter(None, [last, self.outcome()]))
        return _then(last, gettext("{name} to play.").format(name=self.name(game.turn)))


def _then(last: str, said: str) -> str:
    """``last`` (what just happened, if anything), then ``said``."""
    return f"{last} {said}".strip()
