"""A room of a class server: its tables, its seats and who sits at them.

A :class:`Room` is what a teacher opens: a name, a short code to read aloud
(:mod:`~kingscorner_widget.server.codes`), tables of ``seats`` seats and the computer player
that plays every seat no person holds. Students are seated in the order they join, a table at
a time (seat 1, 2... of table 1, then table 2), each with a token that takes the seat back later.

A :class:`ServerTable` holds one table's shared game, hand after hand: the people's seats act
through their own sessions (:mod:`~kingscorner_widget.server.seats`), each seen through its own
:class:`~kingscorner_widget.table.table.Table` (:func:`~kingscorner_widget.server.views.viewpoint`),
and the table moves its computer players (:meth:`ServerTable.computer_move`) and tells every
seat's table and the watchers' what happened, in each one's words. It is plain Python, with no
network: the server (:mod:`~kingscorner_widget.server.app`) passes messages in and frames out.

>>> room = Room("Year 7", code="KXT4PQ", seats=2, seed=5)
>>> ada, ben, cy = room.join("Ada"), room.join("Ben"), room.join("Cy")
>>> (ada.table, ada.seat), (ben.table, ben.seat), (cy.table, cy.seat)
((1, 1), (1, 2), (2, 1))
>>> table = room.tables[0]
>>> table.computer_seats(), room.tables[1].computer_seats()
(set(), {2})
>>> room.join("ada")
Traceback (most recent call last):
...
ValueError: someone called 'ada' already sits in this room: rejoin with your seat's token
"""

from __future__ import annotations

import dataclasses
import random
import threading
from collections.abc import Callable
from typing import Any

from ..analysis.players import Player, make_player
from ..engine.game import Game
from ..engine.moves import Move, as_move
from ..engine.rules import Rules
from ..engine.words import count_words, refusal, sentence
from ..table.advice import COMPUTER_OPTIONS
from ..table.pass_play import MAX_NAME, MAX_PEOPLE, check_people
from ..table.play import check_opponents
from ..table.table import Table
from .codes import new_token, read_code, same_token
from .seats import SeatSession
from .views import viewpoint

__all__ = ["MAX_TABLES", "MIN_SEATS", "Room", "Seat", "ServerTable"]

Json = dict[str, Any]
MIN_SEATS = 2
"""The fewest seats at a server table."""
MAX_TABLES = 100
"""The most tables a room opens (400 seats at tables of four)."""
MAX_ROOM_NAME = 60
"""The longest name a room may have."""


def check_seats(seats: object) -> int:
    """A table's number of seats: 2 to 4."""
    if isinstance(seats, bool) or not isinstance(seats, int) or not 2 <= seats <= MAX_PEOPLE:
        raise ValueError(f"a server table has {MIN_SEATS} to {MAX_PEOPLE} seats, not {seats!r}")
    return seats


def check_learner(name: object) -> str:
    """A learner's name as the table shows it: plain text of at most
    :data:`~kingscorner_widget.table.pass_play.MAX_NAME` characters that reads as nobody else
    (not ``You``, not a computer seat's ``P3``), as a pass-and-play table checks its people's.

    >>> check_learner("Ada")
    'Ada'
    >>> check_learner("P2")
    Traceback (most recent call last):
    ...
    ValueError: 'P2' reads as a seat of the table: give a person's own name
    """
    if not isinstance(name, str):
        raise ValueError(f"a learner's name is text, not {type(name).__name__}")
    if len(name) > MAX_NAME:
        raise ValueError(f"a learner's name is plain text of at most {MAX_NAME} characters")
    # a pass-and-play table's check, beside a second name no person can have ("·")
    return check_people({1: name, 2: "\u00b7"}, 2)[1]


@dataclasses.dataclass(frozen=True)
class Seat:
    """A person's seat in a room: the table and seat, their name and their token."""

    table: int
    seat: int
    learner: str
    token: str = dataclasses.field(repr=False)


class ServerTable:
    """Table ``number`` of a room: one shared game of ``seats`` players, hand after hand (each
    dealt from ``seed`` and the hand's number), the ``names`` of the people by seat, the
    ``computer`` player of every other seat. ``on_move`` is told after each move (the server
    keeps the hand), ``on_hand`` once a hand is over."""

    def __init__(
        self,
        number: int,
        *,
        seats: int,
        seed: int,
        computer: str = "greedy",
        names: dict[int, str] | None = None,
        rules: Rules | None = None,
    ) -> None:
        check_seats(seats)
        check_opponents(computer)
        self.number = number
        self.rules = (rules or Rules()).with_players(seats)
        self.seed = seed
        self.computer = computer
        """The computer player of the seats no person holds (its name: any level)."""
        self.people: dict[int, str] = dict(names or {})
        """The people at the table, by seat."""
        self.away: set[int] = set()
        """People's seats a computer plays for now (the person left longer than the room waits)."""
        self.hand_number = 1
        self.game = Game.new(seed=self.hand_seed(), rules=self.rules)
        """The hand being played."""
        self.totals = [0] * seats
        """Each seat's points left in hand, summed over the hands finished here."""
        self.lock = threading.RLock()
        """Held while anything changes at the table (one message or computer move at a time)."""
        self._tables: dict[int | None, Table] = {}
        self._bots: dict[int, Player] = {}
        self.on_move: Callable[[ServerTable], None] | None = None
        self.on_hand: Callable[[ServerTable, Game], None] | None = None
        self.idle = 0
        """Computer moves in a row with no person's move (a table stuck on computers)."""

    def restore(self, game: Game, hand_number: int, totals: list[int]) -> None:
        """Take the table back as a store kept it (before anyone sits at it again)."""
        with self.lock:
            if self._tables:
                raise ValueError("a table is restored before anyone sees it")
            self.game, self.hand_number, self.totals = game, hand_number, list(totals)

    # -- who is who ---------------------------------------------------------------------------

    @property
    def seats(self) -> int:
        return self.rules.players

    def name(self, player: int) -> str:
        """How everyone at the table names ``player``: the person's name, or ``P3`` for a seat
        a computer plays."""
        return self.people.get(player, f"P{player}")

    def computer_seats(self) -> set[int]:
        """The seats a computer plays now: those nobody holds, and those of people away."""
        return {seat for seat in range(1, self.seats + 1) if seat not in self.people} | self.away

    def hand_seed(self) -> int:
        """The seed of the hand being dealt (from the table's seed and the hand's number)."""
        return random.Random(f"{self.seed}:{self.hand_number}").randrange(2**32)

    def title(self) -> str:
        return f"Table {self.number}, hand {self.hand_number}"

    def stuck(self) -> bool:
        """True when nobody is left at a table people sat at (every one of them away), or the
        computers have made 200 moves in a row with no person's move."""
        return (bool(self.people) and self.away >= set(self.people)) or self.idle >= 200

    # -- the seats' tables ----------------------------------------------------------------------

    def table(self, seat: int | None) -> Table:
        """The table as ``seat`` sees it (``None``: as the watchers see it), made on first use."""
        with self.lock:
            found = self._tables.get(seat)
            if found is None:
                if seat is not None and not 1 <= seat <= self.seats:
                    raise ValueError(f"there is no seat {seat} at a table of {self.seats}")
                found = self._tables[seat] = viewpoint(self, seat)
            return found

    def session(self, seat: int) -> SeatSession:
        """The session of ``seat`` (its table's)."""
        session = self.table(seat).session
        assert isinstance(session, SeatSession)
        return session

    def watcher(self) -> SeatSession:
        """The watchers' session."""
        session = self.table(None).session
        assert isinstance(session, SeatSession)
        return session

    def sessions(self) -> list[SeatSession]:
        found = [table.session for table in self._tables.values()]
        return [session for session in found if isinstance(session, SeatSession)]

    # -- moves ----------------------------------------------------------------------------------

    def play(self, move: Move, by: SeatSession | None = None) -> Json:
        """Play ``move`` (checked already) for the player to move: ``by`` a seat's session (it
        logs its own line), else a computer. Every other session logs it in its own words and
        every other table is published again; returns the mover's line (``by``'s, or the
        watchers')."""
        with self.lock:
            before = self.game.copy()
            mover = self.game.turn
            line: Json | None = by.history.play(move) if by is not None else None
            if by is None:
                self.game.play(move)
            for seat, table in self._tables.items():
                session = table.session
                if session is by or not isinstance(session, SeatSession):
                    continue
                said = session.history.note(before, move)
                if line is None and seat is None:
                    line = said
                if by is None or seat != by.seat:
                    table.refresh(session.status(sentence(said["words"])))
            self.idle = 0 if mover in self.people and mover not in self.away else self.idle + 1
            self._after_move()
            return line if line is not None else {"words": f"{self.name(mover)} moved"}

    def _after_move(self) -> None:
        game = self.game
        if game.is_over():
            outcome = game.outcome()
            assert outcome is not None
            for seat in range(1, self.seats + 1):
                self.totals[seat - 1] += outcome.penalties[seat - 1]
            if self.on_hand is not None:
                self.on_hand(self, game)
        if self.on_move is not None:
            self.on_move(self)

    def to_move(self) -> int | None:
        """The computer's seat to move now, or ``None`` (a person's turn, or the hand over)."""
        game = self.game
        if game.is_over() or game.turn not in self.computer_seats():
            return None
        return game.turn

    def computer_move(self) -> Move | None:
        """Make the computer's move, if a computer is to move; every table hears of it."""
        with self.lock:
            player = self.to_move()
            if player is None:
                return None
            move = self._choose(player)
            self.play(move)
            return move

    def _choose(self, player: int) -> Move:
        """The computer's choice from its own view; one the rules refuse ends its turn."""
        game = self.game
        bot = self._bots.get(player)
        if bot is None:
            options = COMPUTER_OPTIONS.get(self.computer, {})
            bot = make_player(self.computer, seed=self.seed * 7919 + player, **options)
            self._bots[player] = bot
        try:
            move = as_move(bot.choose(game.observation(player)))
            if refusal(game.violation(move)) is None:
                return move
        except Exception:  # a computer that fails must not stop the table
            pass
        legal = game.legal_moves()
        return game.end_move() if game.end_move() in legal else legal[0]

    def next_hand(self) -> None:
        """Deal the next hand (once this one is over) to every seat and the watchers."""
        with self.lock:
            if not self.game.is_over():
                raise ValueError("finish this hand first: the next one is dealt once it is over")
            self.deal()

    def deal(self, game: Game | None = None) -> None:
        """Put the next hand on the table: a new deal, or ``game`` (a chosen position with as
        many players as the table has seats: a teacher's lesson or a tournament round). Every
        seat and the watchers see it at once; the hand that was on the table is left as it was."""
        with self.lock:
            if game is not None and game.players != self.seats:
                raise ValueError(
                    f"this table has {self.seats} seats: a game of {game.players} cannot go on it"
                )
            self.hand_number += 1
            self.game = (
                game if game is not None else Game.new(seed=self.hand_seed(), rules=self.rules)
            )
            self.idle = 0
            for table in self._tables.values():
                session = table.session
                if isinstance(session, SeatSession):
                    session.deal(self.title())
            for table in self._tables.values():
                table.refresh(table.session.status(f"Hand {self.hand_number} is dealt."))
            if self.on_move is not None:
                self.on_move(self)

    # -- people come and go ---------------------------------------------------------------------

    def leave(self, seat: int) -> None:
        """The person at ``seat`` is away: a computer plays their seat until they come back,
        and the table says so."""
        with self.lock:
            if seat in self.people and seat not in self.away:
                self.away.add(seat)
                self._say(f"{self.people[seat]} is away: a computer plays their seat for now.")

    def back(self, seat: int) -> None:
        """The person at ``seat`` is back at their seat."""
        with self.lock:
            if seat in self.away:
                self.away.discard(seat)
                self._say(f"{self.people[seat]} is back.")

    def sit(self, seat: int, name: str) -> None:
        """``name`` takes ``seat`` (a computer played it until now)."""
        with self.lock:
            self.people[seat] = name
            for table in self._tables.values():
                table.session.history.reread()  # the seat's moves are logged under the name
            self._say(f"{name} sits at seat {seat}.")

    def _say(self, said: str) -> None:
        for table in self._tables.values():
            table.refresh(table.session.status(said))


class Room:
    """A room of the class server: ``name``, its ``code``, tables of ``seats`` seats, the
    ``computer`` player of every empty seat, and the ``seed`` its tables deal from (random
    when ``None``). It opens with ``tables`` tables (more open as people join)."""

    def __init__(
        self,
        name: str,
        *,
        code: str,
        seats: int = 2,
        computer: str = "greedy",
        seed: int | None = None,
        tables: int = 1,
    ) -> None:
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_ROOM_NAME:
            raise ValueError(f"a room's name is text of 1 to {MAX_ROOM_NAME} characters")
        if not name.isprintable() or any(c in name for c in "<>&"):
            raise ValueError(f"a room's name is plain text, not {name!r}")
        self.name = name
        self.code = read_code(code)
        self.seats = check_seats(seats)
        check_opponents(computer)
        self.computer = computer
        self.seed = random.SystemRandom().randrange(2**31) if seed is None else seed
        self.tables: list[ServerTable] = []
        """The room's tables, table 1 first."""
        self.seated: dict[tuple[int, int], Seat] = {}
        """Everyone seated, by table and seat."""
        self.lock = threading.RLock()
        for _ in range(tables):
            self.open_table()

    def open_table(self) -> ServerTable:
        """A new table at the end of the room."""
        with self.lock:
            if len(self.tables) >= MAX_TABLES:
                raise ValueError(f"this room is full: it has {count_words(MAX_TABLES, 'table')}")
            number = len(self.tables) + 1
            table = ServerTable(
                number,
                seats=self.seats,
                seed=self.seed * 1009 + number,
                computer=self.computer,
            )
            self.tables.append(table)
            return table

    def join(self, learner: str) -> Seat:
        """Seat ``learner`` at the next free seat (a table at a time; a new table when every
        seat is held) with a new token. A name already in the room is refused."""
        name = check_learner(learner)
        with self.lock:
            if any(seat.learner.casefold() == name.casefold() for seat in self.seated.values()):
                raise ValueError(
                    f"someone called {name.casefold()!r} already sits in this room: "
                    "rejoin with your seat's token"
                )
            table = next((t for t in self.tables if len(t.people) < t.seats), None)
            if table is None:
                table = self.open_table()
            seat_number = min(set(range(1, table.seats + 1)) - set(table.people))
            seat = Seat(table.number, seat_number, name, new_token())
            table.sit(seat_number, name)
            self.seated[seat.table, seat.seat] = seat
            return seat

    def seat_of(self, learner: str) -> Seat | None:
        """The seat ``learner`` holds in this room (names compared ignoring case), if any."""
        with self.lock:
            wanted = learner.casefold()
            return next((s for s in self.seated.values() if s.learner.casefold() == wanted), None)

    def rejoin(self, table: object, seat: object, token: object) -> Seat:
        """The person at ``seat`` of ``table`` coming back with their ``token`` (compared in
        constant time). A seat nobody holds, or a token that is not the seat's, raises
        ``PermissionError`` and changes nothing."""
        found = (
            self.seated.get((table, seat))
            if isinstance(table, int) and isinstance(seat, int)
            else None
        )
        if found is None or not same_token(found.token, token):
            raise PermissionError("that seat's token is not this one: join with your name instead")
        return found

    def table(self, number: object) -> ServerTable:
        """Table ``number`` (from 1); anything else raises ``ValueError``."""
        if isinstance(number, bool) or not isinstance(number, int):
            raise ValueError(f"a table is named by its number, not {number!r}")
        if not 1 <= number <= len(self.tables):
            raise ValueError(f"this room has no table {number}: it has {len(self.tables)}")
        return self.tables[number - 1]
