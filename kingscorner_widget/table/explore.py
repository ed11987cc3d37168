"""Explore mode: one person plays every seat, from any position, and may try anything.

What explore allows: every move of the player to move (the table shows that player's hand);
undo; back and forward through the history, where a move at an earlier point starts a new
branch; new and daily deals; loading any position or saved record; every hand face up when the
teacher asks (``show_all_hands``).

>>> from kingscorner_widget import Game
>>> line = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
>>> s = ExploreSession(Game.from_position(line))
>>> s.play("Th>N").status
'P1 plays the ten of hearts on the north pile. P1 to play.'
>>> s.back().status
'The start of the hand. Play a move here to branch, or step forward. P1 to play.'
>>> print(s.play("4h>W").status)  # doctest: +NORMALIZE_WHITESPACE
P1 plays the four of hearts into the empty west space. A new branch: the later moves are
dropped. P1 to play.
"""

from __future__ import annotations

import datetime
import random

from ..game import Game
from ..match import Match
from ..moves import Move
from ..notation import parse_position
from ..record import MATCH_FORMAT, game_from_json, match_from_json
from ..rules import Rules
from ..words import phrase, sentence
from .advice import advise
from .history import History
from .reply import Reply, refuse
from .session import Session, today

__all__ = ["ExploreSession", "read_source"]


class ExploreSession(Session):
    """Every seat played from one keyboard, on ``game``; ``rules`` are those of new deals
    (default: the game's)."""

    mode = "explore"

    def __init__(
        self,
        game: Game,
        *,
        rules: Rules | None = None,
        show_all_hands: bool = False,
        title: str = "",
    ) -> None:
        self.rules = rules or game.rules
        """The rules of new deals."""
        self.show_all_hands = bool(show_all_hands)
        """Every hand face up (the teacher's choice)."""
        super().__init__(game, title=title)

    def show_all(self) -> bool:
        return bool(self.show_all_hands)

    def undoable(self) -> bool:
        return bool(self.game.moves)

    def played(self, move: Move) -> Reply:
        branched = bool(self.history.ahead)
        line = self.history.play(move)
        note = " A new branch: the later moves are dropped." if branched else ""
        return Reply(self.status(sentence(line["words"]) + note))

    def hint(self) -> Reply:
        game = self.game
        if not self.to_move():
            return refuse("the hand is over: there is nothing to hint")
        advice = advise(game.observation(game.turn))
        payload = {"move": advice.move, "reason": advice.reason, "exact": advice.exact}
        return Reply(advice.line(), hint=payload)

    def undo(self) -> Reply:
        if not self.history.current():
            self.history.reread()
        if not self.game.moves:
            return refuse("there is no move to take back")
        self.history.ahead.clear()
        move = self.history.undo()
        return Reply(self.status(f"Took back {phrase(move)} ({move})."))

    def back(self) -> Reply:
        if not self.history.current():
            self.history.reread()
        if not self.game.moves:
            return refuse("this is the start of the hand: there is nothing further back")
        self.history.back()
        return Reply(self._where())

    def forward(self) -> Reply:
        if not self.history.current():
            self.history.reread()  # the game was changed from code: its old future is gone
        if not self.history.ahead:
            return refuse("this is the latest move: there is nothing further forward")
        self.history.forward()
        return Reply(self._where())

    def _where(self) -> str:
        history = self.history
        if history.lines:
            where = f"Move {history.at} of {history.length}: {sentence(history.lines[-1]['words'])}"
        else:
            where = "The start of the hand."
        tail = " Play a move here to branch, or step forward." if history.ahead else ""
        return self.status(where + tail)

    def next(self) -> Reply:
        return refuse("this table plays a single hand: deal a new one with New")

    def step(self) -> Reply:
        return refuse("no computer plays at the explore table: you play every seat")

    skip = step

    def new(self, seed: int | None = None) -> Reply:
        """A new deal from ``seed`` (or a random one)."""
        seed = random.SystemRandom().randrange(2**32) if seed is None else seed
        self._replace(Game.new(seed=seed, rules=self.rules), f"Deal {seed}")
        return Reply(self.status())

    def daily(self, date: datetime.date | str | None = None) -> Reply:
        """The daily deal (the same for everyone on ``date``; default today, UTC)."""
        try:
            day = today() if date is None else datetime.date.fromisoformat(str(date))
        except ValueError:
            return refuse(f"{date!r} is not a date: write it as 2026-11-30")
        self._replace(Game.daily(day, rules=self.rules), f"Daily deal, {day.isoformat()}")
        return Reply(self.status())

    def load(self, position: str) -> Reply:
        """Put a position in notation, or a saved game or match record, on the table."""
        try:
            source = read_source(position, self.rules)
        except ValueError as error:
            return refuse(str(error))
        game = source.game.copy() if isinstance(source, Match) else source
        self._replace(game, "")
        return Reply(self.status("Loaded."))

    def _replace(self, game: Game, title: str) -> None:
        self._game = game
        self.title = title
        self.history = History(game, self.name)


def read_source(text: str, rules: Rules) -> Game | Match:
    """A position line, or a saved game or match record (JSON), read into a game or a match.

    >>> read_source("N:Qq", Rules())
    Traceback (most recent call last):
    ...
    kingscorner_widget.errors.PositionError: N: 'Qq' is not a card: write a rank (A 2-9 T J Q K)...
    """
    text = text.strip()
    if text.startswith("{"):
        return match_from_json(text) if MATCH_FORMAT in text else game_from_json(text)
    players = len(parse_position(text).hands)
    return Game.from_position(text, rules=rules.with_players(players))
