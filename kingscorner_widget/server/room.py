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
from ..display.language import (
    ENGLISH,
    N_,
    check_language,
    gettext,
    listing,
    ngettext,
    speaking,
)
from ..engine.game import Game
from ..engine.moves import Move, as_move
from ..engine.rules import Rules
from ..engine.words import refusal, sentence
from ..table.advice import COMPUTER_OPTIONS
from ..table.pass_play import MAX_NAME, MAX_PEOPLE, check_people
from ..table.play import check_opponents
from ..table.table import Table
from .codes import new_token, read_code, same_token
from .seats import SeatSession
from .views import viewpoint

__all__ = ["MAX_TABLES", "MIN_SEATS", "Deferred", "Listed", "Room", "Seat", "ServerTable"]

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
        raise ValueError(
            gettext("a learner's name is text, not {kind}").format(kind=type(name).__name__)
        )
    if len(name) > MAX_NAME:
        raise ValueError(
            gettext("a learner's name is plain text of at most {most} characters").format(
                most=MAX_NAME
            )
        )
    # a pass-and-play table's check, beside a second name no person can have ("·")
    return check_people({1: name, 2: "\u00b7"}, 2)[1]


class Listed:
    """Names that fill a status line's slot as a list in the language it is said in
    (:meth:`ServerTable.say` says one line in each seat's).

    >>> from kingscorner_widget.display.language import speaking
    >>> with speaking("de"):
    ...     "{}".format(Listed(["Ada", "Ben", "Cy"]))
    'Ada, Ben und Cy'
    """

    def __init__(self, names: list[str]) -> None:
        self.names = list(names)

    def __format__(self, spec: str) -> str:
        return listing(self.names)


class Deferred:
    """A status line's slot said when the line is, in its language: ``said()`` is called then.

    >>> from kingscorner_widget.display.language import gettext, speaking
    >>> with speaking("fr"):
    ...     "{}".format(Deferred(lambda: gettext("{name} is back.").format(name="Ada")))
    'Ada est de retour.'
    """

    def __init__(self, said: Callable[[], str]) -> None:
        self.said = said

    def __format__(self, spec: str) -> str:
        return self.said()


@dataclasses.dataclass(frozen=True)
class Seat:
    """A person's seat in a room: the table and seat, their name, their token and the language
    their table speaks to them."""

    table: int
    seat: int
    learner: str
    token: str = dataclasses.field(repr=False)
    language: str = ENGLISH


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
        self.languages: dict[int, str] = {}
        """The language each person's seat is spoken to in, by seat (none: English)."""
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
        """The hand's title, in the language spoken now."""
        # TRANSLATORS: a class server's table's number and the hand's number at it
        return gettext("Table {table}, hand {hand}").format(
            table=self.number, hand=self.hand_number
        )

    def speak(self, seat: int, language: str) -> None:
        """Speak ``language`` to ``seat`` from now on (checked first: a bad code raises
        ``ValueError`` and changes nothing); its table is said again in it at once.

        >>> table = ServerTable(1, seats=2, seed=3, names={1: "Ada", 2: "Ben"})
        >>> table.speak(2, "de")
        >>> table.table(2).status
        'Ada ist dran.'
        """
        code = check_language(language)
        with self.lock:
            self.languages[seat] = code
            found = self._tables.get(seat)
            if found is not None:
                found.speak(code)

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
                language = ENGLISH if seat is None else self.languages.get(seat, ENGLISH)
                with speaking(language):
                    found = self._tables[seat] = viewpoint(self, seat, language)
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
            self._say(N_("Hand {hand} is dealt."), hand=self.hand_number)
            if self.on_move is not None:
                self.on_move(self)

    # -- people come and go ---------------------------------------------------------------------

    def leave(self, seat: int) -> None:
        """The person at ``seat`` is away: a computer plays their seat until they come back,
        and the table says so."""
        with self.lock:
            if seat in self.people and seat not in self.away:
                self.away.add(seat)
                self._say(
                    N_("{name} is away: a computer plays their seat for now."),
                    name=self.people[seat],
                )

    def back(self, seat: int) -> None:
        """The person at ``seat`` is back at their seat."""
        with self.lock:
            if seat in self.away:
                self.away.discard(seat)
                self._say(N_("{name} is back."), name=self.people[seat])

    def sit(self, seat: int, name: str, language: str = ENGLISH) -> None:
        """``name`` takes ``seat`` (a computer played it until now), spoken to in
        ``language``."""
        with self.lock:
            self.people[seat] = name
            self.speak(seat, language)
            for table in self._tables.values():
                table.session.history.reread()  # the seat's moves are logged under the name
            self._say(N_("{name} sits at seat {seat}."), name=name, seat=seat)

    def say(self, said: str, /, **data: object) -> None:
        """Tell every seat and the watchers ``said`` on their status line: a sentence marked
        with :func:`~kingscorner_widget.display.language.N_`, said in each seat's language and
        filled with ``data``.

        >>> table = ServerTable(1, seats=2, seed=3, names={1: "Ada", 2: "Ben"})
        >>> table.speak(2, "fr")
        >>> ada, ben = table.table(1), table.table(2)
        >>> table.say(N_("{name} is back."), name="Ada")
        >>> ada.status.split(".")[0], ben.status.split(".")[0]
        ('Ada is back', 'Ada est de retour')
        """
        with self.lock:
            self._say(said, **data)

    def _say(self, said: str, /, **data: object) -> None:
        for table in self._tables.values():
            with speaking(table.language):
                table.refresh(table.session.status(gettext(said).format(**data)))


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

    def open_table(self, seats: int | None = None) -> ServerTable:
        """A new table at the end of the room, of ``seats`` seats (default: the room's; a
        tournament's table has as many as its hand has players)."""
        with self.lock:
            if len(self.tables) >= MAX_TABLES:
                raise ValueError(
                    ngettext(
                        "this room is full: it has {n} table",
                        "this room is full: it has {n} tables",
                        MAX_TABLES,
                    ).format(n=MAX_TABLES)
                )
            number = len(self.tables) + 1
            table = ServerTable(
                number,
                seats=self.seats if seats is None else check_seats(seats),
                seed=self.seed * 1009 + number,
                computer=self.computer,
            )
            self.tables.append(table)
            return table

    def join(self, learner: str, language: str = ENGLISH) -> Seat:
        """Seat ``learner`` at the next free seat (a table at a time; a new table when every
        seat is held) with a new token, their table speaking ``language``. A name already in
        the room is refused."""
        name = check_learner(learner)
        language = check_language(language)
        with self.lock:
            if any(seat.learner.casefold() == name.casefold() for seat in self.seated.values()):
                raise ValueError(
                    # TRANSLATORS: a learner's name, quoted
                    gettext(
                        "someone called {name} already sits in this room: "
                        "rejoin with your seat's token"
                    ).format(name=repr(name.casefold()))
                )
            table = next((t for t in self.tables if len(t.people) < t.seats), None)
            if table is None:
                table = self.open_table()
            seat_number = min(set(range(1, table.seats + 1)) - set(table.people))
            seat = Seat(table.number, seat_number, name, new_token(), language)
            table.sit(seat_number, name, language)
            self.seated[seat.table, seat.seat] = seat
            return seat

    def move(self, moves: list[tuple[str, ServerTable, int]]) -> list[tuple[Seat, Seat]]:
        """Move each learner to their seat (``(learner, table, seat)``: a tournament's round),
        keeping their token; the seats they leave are computers' from then on, unless another
        of them sits there. Every move is checked first: a learner not seated, a seat given
        twice or one held by someone who stays raises ``ValueError`` and nobody moves.
        Returns each learner's old and new seat."""
        with self.lock:
            planned: list[tuple[Seat, ServerTable, int]] = []
            for learner, table, seat in moves:
                old = self.seat_of(learner)
                if old is None or any(old is other for other, _, _ in planned):
                    raise ValueError(f"{learner!r} is not seated here once to be moved")
                if table.number > len(self.tables) or self.tables[table.number - 1] is not table:
                    raise ValueError(f"table {table.number} is not a table of this room")
                if not 1 <= seat <= table.seats:
                    raise ValueError(f"there is no seat {seat} at a table of {table.seats}")
                planned.append((old, table, seat))
            targets = [(table.number, seat) for _, table, seat in planned]
            if len(set(targets)) != len(targets):
                raise ValueError("two learners cannot move to one seat")
            leaving = {(old.table, old.seat) for old, _, _ in planned}
            taken = set(self.seated).difference(leaving).intersection(targets)
            if taken:
                table_no, seat_no = min(taken)
                raise ValueError(f"seat {seat_no} of table {table_no} is taken")
            for old, _, _ in planned:
                left = self.tables[old.table - 1]
                with left.lock:
                    del self.seated[old.table, old.seat]
                    left.people.pop(old.seat, None)
                    left.away.discard(old.seat)
            done = []
            for old, table, seat in planned:
                new = Seat(table.number, seat, old.learner, old.token, old.language)
                self.seated[new.table, new.seat] = new
                table.sit(seat, old.learner, old.language)
                done.append((old, new))
            for old, new in done:
                if old.table != new.table:
                    self.tables[old.table - 1].say(
                        N_("{name} has moved to table {table}."),
                        name=old.learner,
                        table=new.table,
                    )
            return done

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
            raise PermissionError(
                gettext("that seat's token is not this one: join with your name instead")
            )
        return found

    def speak(self, seat: Seat, language: str) -> Seat:
        """``seat`` spoken to in ``language`` from now on (its table said again in it); a bad
        code raises ``ValueError`` and changes nothing."""
        code = check_language(language)
        with self.lock:
            held = self.seated.get((seat.table, seat.seat))
            if held is None or held.token != seat.token:
                raise ValueError("that seat is not held in this room")
            new = dataclasses.replace(held, language=code)
            self.seated[new.table, new.seat] = new
            self.tables[new.table - 1].speak(new.seat, code)
            return new

    def full(self) -> bool:
        """True when every seat of the most tables a room opens is held."""
        with self.lock:
            return len(self.tables) >= MAX_TABLES and all(
                len(t.people) >= t.seats for t in self.tables
            )

    def table(self, number: object) -> ServerTable:
        """Table ``number`` (from 1); anything else raises ``ValueError``."""
        if isinstance(number, bool) or not isinstance(number, int):
            raise ValueError(
                gettext("a table is named by its number, not {number}").format(number=repr(number))
            )
        if not 1 <= number <= len(self.tables):
            raise ValueError(
                # TRANSLATORS: the table asked for, and how many tables the room has
                gettext("this room has no table {number}: it has {tables}").format(
                    number=number, tables=len(self.tables)
                )
            )
        return self.tables[number - 1]
