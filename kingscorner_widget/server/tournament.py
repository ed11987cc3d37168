"""A class tournament played at the class server: rounds drawn among the learners present in a
room, each learner moved to their round's table, each table's hand entered as it ends.

A :class:`TournamentDesk` holds one :class:`~kingscorner_widget.classroom.tournament.ClassTournament`
for each room that runs one (the teacher's ``server.start_tournament(code)``). Each round
(``server.next_round(code)``):

- the learners *present* are those with a connection at their seat now (in the order they sit,
  table by table); a learner new to the tournament joins it;
- the round is drawn (a round robin or Swiss pairing: :mod:`~kingscorner_widget.classroom.pairing`);
- each of the round's tables is a table of the room with as many seats as its hand has players
  (one nobody sits at, or a new one), dealt the round's start (the standard deal from the round's seed, or the chosen
  position); each learner moves there with the same seat token, and every connection at their
  old seat follows them (a ``moved`` frame, then the new table's view);
- a learner with a bye stays where they are (computer players take the seats left empty) and
  is told of the bye's point;
- when a round's hand ends, its moves go to ``enter_result`` (played again from the start, so
  no result says what its moves do not), and the tournament's JSON is kept in the server's
  SQLite file with the room's tables of each hand: a server started again takes up the
  tournament where it stopped.

Drawing a round runs on the caller's thread, never on the server's event loop (Swiss pairing
of two hundred players takes a second or two). Any refusal is a ``ValueError`` saying why
(:class:`~kingscorner_widget.classroom.rounds.TournamentError`), and changes nothing.

>>> from kingscorner_widget import ClassServer
>>> with ClassServer(port=0, pace=0) as server:
...     room = server.open_room("Year 7", seats=2)
...     server.start_tournament(room.code, pairing="swiss").pairing
...     server.next_round(room.code)
Traceback (most recent call last):
...
kingscorner_widget.classroom.rounds.TournamentError: a round needs two learners at their seats: 0 are here
"""  # noqa: E501

from __future__ import annotations

import copy
import dataclasses
import json
import random
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal

from ..classroom.rounds import Hand, Round, TournamentError
from ..classroom.standings import Standings, said_number
from ..classroom.tournament import ClassTournament
from ..display.charts import VegaLiteChart
from ..display.language import N_, gettext, listing, ngettext, speaking
from ..engine.game import Game
from ..engine.notation import parse_position
from ..engine.rules import Rules
from .room import MAX_TABLES, Deferred, Listed, Room, Seat, ServerTable

if TYPE_CHECKING:
    from .store import Store

__all__ = ["PAIRINGS", "TournamentDesk", "round_frame", "standings_frame", "tournament_frame"]

Json = dict[str, Any]

PAIRINGS: dict[str, Literal["auto", "round robin", "swiss"]] = {
    "auto": "auto",
    "round-robin": "round robin",
    "round robin": "round robin",
    "swiss": "swiss",
}
"""The pairings a teacher may ask for, as the tournament names them."""

Follow = Callable[[Room, list[tuple[Seat, Seat, str]], Callable[[], None]], None]
"""Moves every connection at each learner's old seat to their new one, telling them why: it
takes them all from their old seats, calls its last argument (the round is dealt), then seats
them at their new ones, so nobody's view ever shows a hand dealt for another."""
Kick = Callable[[Room, ServerTable], None]
"""Starts a table's computer players (on the server's event loop)."""


class Held:
    """One room's tournament: the tournament itself, the position its rounds start from, and
    which table of the room plays which (round, table) of it."""

    def __init__(self, tournament: ClassTournament, position: str | None) -> None:
        self.tournament = tournament
        self.position = position
        self.tables: list[Played] = []
        """Where each hand of each round is played, in the order they were dealt."""

    def tables_json(self) -> str:
        return json.dumps(
            {"position": self.position, "tables": [dataclasses.astuple(p) for p in self.tables]}
        )

    def played(self, table: int, hand: int) -> Played | None:
        """The round's hand dealt as hand ``hand`` of the room's table ``table``, if any."""
        return next((p for p in self.tables if (p.table, p.hand) == (table, hand)), None)


@dataclasses.dataclass(frozen=True)
class Played:
    """Hand ``hand`` of the room's table ``table`` is the hand at table ``at`` of round
    ``round``."""

    table: int
    hand: int
    round: int
    at: int


class TournamentDesk:
    """The tournaments of a server's rooms, kept in ``store``; ``follow`` moves a learner's
    connections to their new seat and ``kick`` starts a table's computer players."""

    def __init__(self, store: Store, rooms: dict[str, Room], follow: Follow, kick: Kick) -> None:
        self.store = store
        self.follow = follow
        self.kick = kick
        self._held: dict[str, Held] = {}
        self._drawing = threading.Lock()
        """Held while a round is drawn and seated (one at a time)."""
        self._lock = threading.RLock()
        """Held while a tournament changes (a result entered, a round drawn)."""
        for code, (record, tables) in store.tournaments().items():
            room = rooms.get(code)
            if room is not None:
                self._restore(room, record, tables)

    # -- the teacher's calls --------------------------------------------------------------------

    def start(
        self,
        room: Room,
        *,
        pairing: str = "auto",
        seats: int = 2,
        position: str | None = None,
        name: str | None = None,
    ) -> ClassTournament:
        """Start room ``room``'s tournament (a room runs one): tables of ``seats``, drawn by
        ``pairing`` ("auto", "round-robin" or "swiss"), every hand from the standard deal or
        from ``position`` (a position line for tables of ``seats``)."""
        if not isinstance(pairing, str) or pairing not in PAIRINGS:
            raise TournamentError(
                # TRANSLATORS: the pairing asked for, quoted (the three names are notation)
                gettext("pairing is 'auto', 'round-robin' or 'swiss', not {pairing}").format(
                    pairing=repr(pairing)
                )
            )
        seed = random.Random(f"kingscorner-server-tournament:{room.seed}").randrange(2**62)
        tournament = ClassTournament(
            name=room.name if name is None else name,
            seats=seats,
            pairing=PAIRINGS[pairing],
            seed=seed,
        )
        if position is not None:
            if not isinstance(position, str) or len(position) > 1000:
                raise TournamentError(
                    gettext("a tournament's position is one line of the position notation")
                )
            try:
                players = len(parse_position(position).hands)
                if players != seats:
                    raise ValueError(
                        gettext("it is a position for {players} players").format(players=players)
                    )
                Game.from_position(position, rules=Rules().with_players(seats), seed=seed)
            except ValueError as error:
                raise TournamentError(
                    # TRANSLATORS: a table's seats, then why the position does not fit it
                    gettext("the position does not fit a table of {seats}: {error}").format(
                        seats=seats, error=error
                    )
                ) from None
        with self._lock:
            if room.code in self._held:
                raise TournamentError(
                    gettext("room {code} already runs a tournament").format(code=room.code)
                )
            held = self._held[room.code] = Held(tournament, position)
            self._save(room.code, held)
        return tournament

    def next_round(self, room: Room, present: list[str]) -> Round:
        """Draw the room's next round among the learners ``present`` and seat them at its
        tables (see the module's docstring)."""
        with self._drawing:
            held = self._get(room.code)
            with self._lock:  # the draw is made on a copy: the tables play on meanwhile
                trial = copy.deepcopy(held.tournament)
            if trial.pairing == "round robin" and trial.rounds:  # its field is fixed
                field = set(trial.rounds[0].present)
                present = [learner for learner in present if learner in field]
            if len(present) < 2:
                raise TournamentError(
                    ngettext(
                        "a round needs two learners at their seats: {n} is here",
                        "a round needs two learners at their seats: {n} are here",
                        len(present),
                    ).format(n=len(present))
                )
            known = {p.casefold() for p in trial.players}
            for learner in present:
                if learner.casefold() not in known:
                    trial.add_player(learner)
            drawn = trial.draw_round(present, position=held.position)
            tables = self._tables(room, drawn)  # a round refused leaves everything as it was
            moves = room.move(
                [
                    (learner, shared, seat)
                    for hand, (shared, _) in zip(drawn.hands, tables, strict=True)
                    for seat, learner in enumerate(hand.players, start=1)
                ]
            )
            with self._lock:
                held.tournament = trial
            told = [(old, new, self._said(drawn, old, new)) for old, new in moves]
            self.follow(room, told, lambda: self._deal(room, held, drawn, tables))
            self.store.move_seats(room, moves, [shared for shared, _ in tables])
            self._byes(room, drawn)
            for shared, _ in tables:
                self.kick(room, shared)
            with self._lock:
                self._save(room.code, held)
            return drawn

    def _tables(self, room: Room, drawn: Round) -> list[tuple[ServerTable, bool]]:
        """The room's table for each of the round's hands, and whether it is new: a table
        whose people all play this round (or an empty one) with as many seats as the hand has
        players, else a new one, dealt the round's start."""
        moving = {name for hand in drawn.hands for name in hand.players}
        with room.lock:
            free = [t for t in room.tables if all(p in moving for p in t.people.values())]
            chosen: list[ServerTable | None] = []
            for hand in drawn.hands:
                found = next((t for t in free if t.seats == len(hand.players)), None)
                if found is not None:
                    free.remove(found)
                chosen.append(found)
            more = chosen.count(None)
            if len(room.tables) + more > MAX_TABLES:
                raise TournamentError(
                    # TRANSLATORS: the tables the round needs beyond those a room may open
                    gettext(
                        "this round needs {more} more tables than a room's {most} allow"
                    ).format(more=more, most=MAX_TABLES)
                )
            tables = []
            for hand, found in zip(drawn.hands, chosen, strict=True):
                if found is not None:
                    tables.append((found, False))
                    continue
                size = len(hand.players)
                shared = room.open_table(seats=size)
                shared.restore(hand.start.game(hand.rules), 1, [0] * size)
                shared.on_move = lambda table: self.store.save_hand(room, table)
                tables.append((shared, True))
            return tables

    def _deal(
        self, room: Room, held: Held, drawn: Round, tables: list[tuple[ServerTable, bool]]
    ) -> None:
        """Deal each of the round's tables its start (once nobody from before looks on)."""
        for hand, (shared, fresh) in zip(drawn.hands, tables, strict=True):
            self._listen(room, shared)
            with shared.lock:
                if not fresh:
                    shared.deal(hand.start.game(hand.rules))
                with self._lock:
                    held.tables.append(Played(shared.number, shared.hand_number, *where(hand)))
            shared.say(
                # TRANSLATORS: the round's number, the table's, the players at it (a list), and
                # the one who moves first
                N_("Round {round}, table {table}: {players}. {first} moves first."),
                round=drawn.number,
                table=hand.table,
                players=Listed(list(hand.players)),
                first=hand.players[0],
            )

    @staticmethod
    def _said(drawn: Round, old: Seat, new: Seat) -> str:
        hand = next(h for h in drawn.hands if new.learner in h.players)
        others = [p for p in hand.players if p != new.learner]
        with speaking(new.language):
            # TRANSLATORS: the round's number, the learner's table and seat, the others (a list)
            return gettext(
                "Round {round}: you play at table {table}, seat {seat}, against {others}."
            ).format(round=drawn.number, table=new.table, seat=new.seat, others=listing(others))

    def _byes(self, room: Room, drawn: Round) -> None:
        """Each learner with a bye plays on at their table against the computer."""
        for learner in drawn.byes:
            held_seat = room.seat_of(learner)
            if held_seat is None:  # pragma: no cover - a present learner is seated
                continue
            shared = room.tables[held_seat.table - 1]
            with shared.lock:
                if shared.game.is_over():
                    shared.deal()
                shared.say(
                    N_(
                        "Round {round}: {name} has a bye (a point) and plays on here "
                        "against the computer."
                    ),
                    round=drawn.number,
                    name=learner,
                )
            self.kick(room, shared)

    def _listen(self, room: Room, shared: ServerTable) -> None:
        """Enter each round's hand played at ``shared`` once it ends (after the table keeps
        the move, as it did before)."""
        if not isinstance(shared.on_move, Listening):
            shared.on_move = Listening(shared.on_move, lambda table: self._ended(room, table))

    def _ended(self, room: Room, shared: ServerTable) -> None:
        if shared.game.is_over():
            self._enter(room.code, shared, shared.game)

    def _enter(self, code: str, shared: ServerTable, game: Game) -> None:
        with self._lock:
            held = self._held.get(code)
            played = None if held is None else held.played(shared.number, shared.hand_number)
            if held is None or played is None:  # not a round's hand: a hand played after it
                return
            tournament = held.tournament
            current = tournament.current
            if current is None or current.number != played.round:
                return
            if current.hand(played.at).finished:
                return
            done = tournament.enter_result(played.at, game)
            self._save(code, held)
        shared.say(
            # TRANSLATORS: how the round's hand ended (a sentence), then this one
            N_("{result} This hand is kept for the standings."),
            result=Deferred(done.describe),
        )

    def tournament(self, code: str) -> ClassTournament:
        """A copy of room ``code``'s tournament as it stands (change it freely: the server's
        stays as it is)."""
        with self._lock:
            return ClassTournament.from_dict(self._get(code).tournament.to_dict())

    def standings(self, code: str) -> Standings:
        with self._lock:
            return self._get(code).tournament.standings()

    def chart(self, code: str) -> VegaLiteChart:
        with self._lock:
            return self._get(code).tournament.chart()

    def replay(self, code: str, round_number: int, table: int) -> Game:
        with self._lock:
            return self._get(code).tournament.replay(round_number, table)

    def table_of(self, code: str, round_number: int, table: int) -> int:
        """The room's table that played ``table`` of round ``round_number``."""
        with self._lock:
            held = self._get(code)
            for played in held.tables:
                if (played.round, played.at) == (round_number, table):
                    return played.table
        raise TournamentError(
            gettext("round {round} has no table {table} in this room").format(
                round=round_number, table=table
            )
        )

    # -- keeping --------------------------------------------------------------------------------

    def _get(self, code: str) -> Held:
        held = self._held.get(code)
        if held is None:
            raise TournamentError(
                gettext(
                    "this room runs no tournament: start one with server.start_tournament(code)"
                )
            )
        return held

    def _save(self, code: str, held: Held) -> None:
        self.store.save_tournament(code, held.tournament.to_json(), held.tables_json())

    def _restore(self, room: Room, record: str, tables: str) -> None:
        """Take a kept tournament back (its hands played again) and listen to its tables; a
        round's hand that ended while nobody listened is entered now."""
        held = Held(ClassTournament.from_json(record), None)
        kept: Any = json.loads(tables)
        held.position = kept["position"]
        held.tables = [Played(*map(int, entry)) for entry in kept["tables"]]
        self._held[room.code] = held
        for played in held.tables:
            if played.table <= len(room.tables):
                shared = room.tables[played.table - 1]
                self._listen(room, shared)
                if shared.hand_number == played.hand and shared.game.is_over():
                    self._enter(room.code, shared, shared.game)


def tournament_frame(code: str, tournament: ClassTournament) -> Json:
    """The frame that tells a teacher a tournament has started."""
    return {
        "type": "tournament",
        "room": code,
        "name": tournament.name,
        "pairing": tournament.pairing,
        "seats": tournament.seats,
    }


def round_frame(code: str, drawn: Round, desk: TournamentDesk) -> Json:
    """The frame that tells a teacher a round is drawn: its tables (the room's numbers) and
    byes."""
    return {
        "type": "round",
        "room": code,
        "round": drawn.number,
        "pairing": drawn.pairing,
        "tables": [
            {
                "table": desk.table_of(code, drawn.number, hand.table),
                "players": list(hand.players),
            }
            for hand in drawn.hands
        ],
        "byes": list(drawn.byes),
    }


def standings_frame(code: str, standings: Standings) -> Json:
    """The frame of a tournament's standings: each row, and the whole table in words."""
    return {
        "type": "standings",
        "room": code,
        "after": standings.after,
        "rows": [
            {
                "place": row.place_words,
                "player": row.player,
                "points": said_number(row.points),
                "hands": row.hands,
                "wins": row.wins,
                "byes": row.byes,
                "tie_break": row.tie_break,
            }
            for row in standings.rows
        ],
        "text": str(standings),
    }


class Listening:
    """A table's ``on_move``: what it did ``before``, then the tournament's ``after``."""

    def __init__(
        self,
        before: Callable[[ServerTable], None] | None,
        after: Callable[[ServerTable], None],
    ) -> None:
        self.before, self.after = before, after

    def __call__(self, shared: ServerTable) -> None:
        if self.before is not None:
            self.before(shared)
        self.after(shared)


def where(hand: Hand) -> tuple[int, int]:
    """A round's hand's round and table."""
    return hand.round, hand.table


def _and(names: list[str]) -> str:
    if len(names) <= 1:
        return names[0] if names else "nobody"
    return f"{', '.join(names[:-1])} and {names[-1]}"
