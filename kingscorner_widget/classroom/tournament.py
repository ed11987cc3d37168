"""A class tournament: rounds of tables drawn among the players present, every hand kept so it
can be played again, standings with their tie-breaks said in words, and a chart of the rounds.

The class server holds one for a room (it keeps :meth:`ClassTournament.to_json` in its database
and enters each table's hand as it ends); a teacher can also run a whole one among computer
players with no server at all (:func:`run_tournament`).

**Pairing.** A round robin for a few players at tables of two (everyone meets everyone once, by
the circle method), Swiss pairing by points for more players or for tables of three or four
(:mod:`~kingscorner_widget.classroom.pairing` says how). ``pairing="auto"`` chooses at the first
round: a round robin for up to :data:`ROUND_ROBIN_MOST` players at tables of two, else Swiss.
Only the players marked present for a round are drawn; players may join and leave between
rounds (a round robin's field is fixed at its first round: a newcomer waits for the next one).
Ties in the standings and the seats are drawn with a generator seeded by the tournament's seed
and the round's number, so drawing a round again gives the same tables. At each table the
player who has moved first the fewest times moves first.

**Hands.** Every table of a round plays the same standard deal (its seed comes from the
tournament's seed and the round's number), or a position the teacher chose for the round.

**For the class server.** :meth:`~ClassTournament.add_player` as students join;
:meth:`~ClassTournament.draw_round` with the names present; for each ``hand`` of the round,
``hand.start.game(hand.rules)`` is the game to seat ``hand.players`` at (the first moves
first); :meth:`~ClassTournament.enter_result` with the finished game when its hand ends;
:meth:`~ClassTournament.to_json` to keep, :meth:`~ClassTournament.from_json` to restore (it
plays every hand again, and refuses anything the tournament would not have written). Drawing a
Swiss round for two hundred players takes a second or two: do it off the event loop.

>>> t = run_tournament(["Ada", "Ben", "Cy", "Dee"], seed=3)
>>> t.pairing, len(t.rounds), t.rounds[0].hands[0].players
('round robin', 3, ('Ben', 'Cy'))
>>> t.rounds[0].hands[0].describe()
'Ben went out and won the hand. Left in hand: Cy 5 cards.'
>>> print(t.standings())
Standings after round 3
place  player  points  hands  wins  byes  opponents' points  cards left per hand  tie-break
1st    Ada          2      3     2     0                  4                 1.67
2nd    Dee          2      3     2     0                  4                    3  level on points and opponents' points with Ada: more cards left per hand (3 to 1.67)
3rd    Cy           1      3     1     0                  5                 3.67
4th    Ben          1      3     1     0                  5                    5  level on points and opponents' points with Cy: more cards left per hand (5 to 3.67)
Points: 1 for winning a hand (a shared win splits it), 1 for a bye; a blocked hand has no winner.
Level on points: more opponents' points first, then fewer cards left per hand; still level: the place is shared.
>>> ClassTournament.from_json(t.to_json()).standings() == t.standings()
True
"""  # noqa: E501

from __future__ import annotations

import copy
import dataclasses
import hashlib
import json
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Literal

from ..analysis.players import Player, make_player
from ..display.charts import VegaLiteChart
from ..display.language import ENGLISH, active, gettext, listing, ngettext
from ..engine.game import Game, Outcome
from ..engine.moves import Move
from ..engine.notation import parse_position
from ..engine.rules import Rules
from .pairing import Met, circle_rounds, swiss_pairs, swiss_tables
from .record import check_learner
from .rounds import MAX_MOVES, Hand, Round, Start, TournamentError, deal_seed
from .standings import Standings, standings_chart

__all__ = [
    "FORMAT",
    "MAX_BYTES",
    "PAIRINGS",
    "ROUND_ROBIN_MOST",
    "ClassTournament",
    "PlayerSpec",
    "TournamentError",
    "run_tournament",
]

FORMAT = "kingscorner-tournament"
"""The ``format`` field of a tournament's JSON."""
VERSION = 1
"""The ``version`` field of a tournament's JSON."""
MAX_BYTES = 16_000_000
"""The largest tournament JSON read (a class's whole day is far smaller)."""
MAX_PLAYERS = 200
"""The most players a tournament holds (a whole year group; Swiss pairing of 200 takes a
second or two)."""
MAX_ROUNDS = 200
"""The most rounds a tournament holds."""
ROUND_ROBIN_MOST = 8
"""``pairing="auto"``: a round robin for up to this many players at tables of two."""
PAIRINGS = ("auto", "round robin", "swiss")
"""The ways a tournament may be drawn."""

Pairing = Literal["auto", "round robin", "swiss"]
PlayerSpec = str | Player
"""A computer player by name (``"greedy"``, ``"expert"``...) or a player object."""


class ClassTournament:
    """A tournament among a class: its players, its rounds and every hand played.

    Each step either happens whole or raises :class:`TournamentError` (a ``ValueError``) that
    says why and changes nothing.

    >>> t = ClassTournament(["Ada", "Ben", "Cy"], seed=1)
    >>> r = t.draw_round()
    >>> r.pairing, [h.players for h in r.hands], r.byes
    ('round robin', [('Ada', 'Ben')], ('Cy',))
    >>> t.draw_round()
    Traceback (most recent call last):
    ...
    kingscorner_widget.classroom.rounds.TournamentError: round 1 is not finished: table 1 has no result yet
    """  # noqa: E501

    def __init__(
        self,
        players: Iterable[str] = (),
        *,
        name: str = "Class tournament",
        seats: int = 2,
        pairing: Pairing = "auto",
        rules: Rules | None = None,
        seed: int = 0,
    ) -> None:
        if not isinstance(name, str) or not name.strip() or len(name) > 100:
            raise TournamentError(f"a tournament's name is 1 to 100 characters, not {name!r}")
        if isinstance(seats, bool) or not isinstance(seats, int) or seats not in (2, 3, 4):
            raise TournamentError(f"a tournament's tables have 2, 3 or 4 seats, not {seats!r}")
        if pairing not in PAIRINGS:
            raise TournamentError(f"pairing is 'auto', 'round robin' or 'swiss', not {pairing!r}")
        if pairing == "round robin" and seats != 2:
            raise TournamentError("a round robin plays at tables of two: use seats=2 or 'swiss'")
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise TournamentError(f"a tournament's seed is a whole number from 0, not {seed!r}")
        if rules is not None and not isinstance(rules, Rules):
            raise TournamentError(f"rules must be a Rules value, not {type(rules).__name__}")
        self._name = name
        self._seats = seats
        self._pairing: Pairing = pairing
        self._rules = (rules or Rules()).with_players(seats)
        self._seed = seed
        self._players: list[str] = []
        self._rounds: list[Round] = []
        for player in players:
            self.add_player(player)

    @classmethod
    def run(
        cls, players: Sequence[str] | Mapping[str, PlayerSpec], **options: Any
    ) -> ClassTournament:
        """A whole tournament played here by computer players: :func:`run_tournament`, whose
        keyword options it takes.

        >>> len(ClassTournament.run(["Ada", "Ben"], seed=1).rounds)
        1
        """
        return run_tournament(players, **options)

    # -- reading ------------------------------------------------------------------------------

    @property
    def name(self) -> str:
        """What the class calls it."""
        return self._name

    @property
    def seats(self) -> int:
        """Seats at a table: 2, 3 or 4."""
        return self._seats

    @property
    def rules(self) -> Rules:
        """The rules every table plays by (a table's player count is its own)."""
        return self._rules

    @property
    def seed(self) -> int:
        """The seed every draw and deal comes from."""
        return self._seed

    @property
    def pairing(self) -> Pairing:
        """``"round robin"`` or ``"swiss"`` once the first round is drawn (``"auto"`` may stand
        until then)."""
        return self._pairing

    @property
    def players(self) -> tuple[str, ...]:
        """Everyone who has joined, in the order they joined."""
        return tuple(self._players)

    @property
    def rounds(self) -> tuple[Round, ...]:
        """The rounds drawn so far."""
        return tuple(self._rounds)

    @property
    def current(self) -> Round | None:
        """The last round drawn (``None`` before the first)."""
        return self._rounds[-1] if self._rounds else None

    def rounds_left(self) -> int | None:
        """A round robin's rounds still to draw (``None`` for Swiss, which goes on as long as
        the teacher likes, or before a round robin's first round)."""
        if self._pairing != "round robin" or not self._rounds:
            return None
        return len(circle_rounds(self._rounds[0].present)) - len(self._rounds)

    def hand(self, round_number: int, table: int) -> Hand:
        """The hand of round ``round_number`` at table ``table``."""
        if not isinstance(round_number, int) or not 1 <= round_number <= len(self._rounds):
            raise TournamentError(
                f"there are rounds 1 to {len(self._rounds)}, not {round_number!r}"
                if self._rounds
                else gettext("no round has been drawn yet")
            )
        return self._rounds[round_number - 1].hand(table)

    def replay(self, round_number: int, table: int) -> Game:
        """The hand of round ``round_number`` at table ``table`` played again from its start
        through every move kept: a game to look at, review or load into a table."""
        return self.hand(round_number, table).replay()

    def standings(self, after: int | None = None) -> Standings:
        """The standings after round ``after`` (default: every round drawn; hands without a
        result count for nothing yet)."""
        rounds = self._rounds if after is None else self._rounds[: self._round_count(after)]
        return Standings.of(rounds)

    def chart(self) -> VegaLiteChart:
        """Each player's points after each round, a line per player (with the same numbers as a
        table for hosts that draw no chart)."""
        return standings_chart(self._rounds)

    def _round_count(self, after: int) -> int:
        if (
            isinstance(after, bool)
            or not isinstance(after, int)
            or not 0 <= after <= len(self._rounds)
        ):
            raise TournamentError(f"there are rounds 1 to {len(self._rounds)}, not {after!r}")
        return after

    # -- changing -----------------------------------------------------------------------------

    def add_player(self, name: str) -> str:
        """Add a player (a learner's name: letters, digits, spaces, dots, hyphens, underscores).
        Names are told apart without regard to case, so "ada" cannot join beside "Ada"."""
        try:
            name = check_learner(name)
        except ValueError as error:
            raise TournamentError(str(error)) from None
        same = [p for p in self._players if p.casefold() == name.casefold()]
        if same:
            # TRANSLATORS: {player}: the name already in the tournament.
            raise TournamentError(
                gettext(
                    "{player} has already joined the tournament (names are told apart without "
                    "regard to capitals)"
                ).format(player=same[0])
            )
        if len(self._players) >= MAX_PLAYERS:
            raise TournamentError(
                gettext("a tournament holds at most {n} players").format(n=MAX_PLAYERS)
            )
        self._players.append(name)
        return name

    def draw_round(
        self, present: Iterable[str] | None = None, *, position: str | None = None
    ) -> Round:
        """Draw the next round among the players ``present`` (default: everyone who has joined),
        from the standard deal or from ``position`` (a position line; its player count must be
        the tables'). The previous round must be finished."""
        number = len(self._rounds) + 1
        if self._rounds and not self._rounds[-1].finished:
            waiting = self._rounds[-1].waiting()
            # TRANSLATORS: {round}: the round's number; {tables}: the tables' numbers ("2, 5").
            raise TournamentError(
                ngettext(
                    "round {round} is not finished: table {tables} has no result yet",
                    "round {round} is not finished: tables {tables} have no result yet",
                    len(waiting),
                ).format(round=number - 1, tables=", ".join(map(str, waiting)))
            )
        if number > MAX_ROUNDS:
            raise TournamentError(
                gettext("a tournament holds at most {n} rounds").format(n=MAX_ROUNDS)
            )
        here = self._present(present)
        pairing = self._pairing
        if pairing == "auto":
            few = self.seats == 2 and len(here) <= ROUND_ROBIN_MOST
            pairing = "round robin" if few else "swiss"
        start = self._start(number, position)
        rng = random.Random(f"kingscorner-tournament:{self.seed}:{number}")
        if pairing == "round robin":
            tables, byes = self._round_robin(number, here)
        else:
            tables, byes = self._swiss(here, rng)
        firsts = self._first_movers()
        hands = []
        for table_number, names in enumerate(tables, start=1):
            draw = {name: rng.random() for name in names}
            seated = tuple(sorted(names, key=lambda p: (firsts[p], draw[p])))
            hand = Hand(number, table_number, seated, start, self.rules)
            if position is not None:
                self._check_position(hand)
            hands.append(hand)
        round_ = Round(number, pairing, here, start, tuple(hands), tuple(byes))
        self._pairing = pairing
        self._rounds.append(round_)
        return round_

    def enter_result(self, table: int, result: Game | Sequence[Move | str]) -> Hand:
        """Enter the hand played at ``table`` of the current round: the finished :class:`Game`
        (it must have started from the table's start, under the table's rules), or its moves.
        The moves are played again from the start to find the outcome, so no result can say
        something its moves do not."""
        round_ = self.current
        if round_ is None:
            raise TournamentError(gettext("no round has been drawn yet"))
        hand = round_.hand(table)
        if hand.finished:
            # TRANSLATORS: {round} and {table}: numbers.
            raise TournamentError(
                gettext("round {round}, table {table} already has its result").format(
                    round=hand.round, table=hand.table
                )
            )
        if isinstance(result, Game):
            fresh = hand.start.game(hand.rules)
            if result.rules != hand.rules or result.start_position != fresh.start_position:
                raise TournamentError(
                    f"{hand.where}: that game did not start from this table's deal"
                )
            moves: Sequence[Move | str] = result.moves
        elif isinstance(result, (str, bytes)) or not isinstance(result, Sequence):
            raise TournamentError(f"{hand.where}: a result is a finished Game or its list of moves")
        else:
            moves = result
        done = hand.with_result(moves)
        hands = list(round_.hands)
        hands[table - 1] = done
        self._rounds[-1] = dataclasses.replace(round_, hands=tuple(hands))
        return done

    def play_round(self, computers: PlayerSpec | Mapping[str, PlayerSpec] = "greedy") -> Round:
        """Play every table of the current round still without a result, with computer players
        in every seat: ``computers`` is one player for everyone (a name such as ``"greedy"`` or
        ``"expert"``, or a player object) or a player for each name."""
        round_ = self.current
        if round_ is None:
            raise TournamentError(gettext("no round has been drawn yet"))
        for hand in round_.hands:
            if hand.finished:
                continue
            bots = [
                _bot(computers, name, _bot_seed(self.seed, hand, seat))
                for seat, name in enumerate(hand.players)
            ]
            game = hand.start.game(hand.rules)
            while not game.is_over():
                if len(game.moves) >= MAX_MOVES:  # pragma: no cover - the rules end every hand
                    raise TournamentError(f"{hand.where} did not end within {MAX_MOVES} moves")
                game.play(bots[game.turn - 1].choose(game.observation(game.turn)))
            self.enter_result(hand.table, game)
        assert self.current is not None
        return self.current

    # -- drawing ------------------------------------------------------------------------------

    def _present(self, present: Iterable[str] | None) -> tuple[str, ...]:
        if present is None:
            here = list(self._players)
        elif isinstance(present, str):
            raise TournamentError("present is a list of names, not one string")
        else:
            here = list(present)
        known = {p.casefold(): p for p in self._players}
        chosen: dict[str, str] = {}
        for name in here:
            if not isinstance(name, str) or name.casefold() not in known:
                # TRANSLATORS: {player}: a name as given, in quotes ('Ada').
                raise TournamentError(
                    gettext("{player} has not joined the tournament").format(player=repr(name))
                )
            if name.casefold() in chosen:
                raise TournamentError(
                    gettext("{player} is marked present twice").format(player=name)
                )
            chosen[name.casefold()] = known[name.casefold()]
        if not chosen:
            raise TournamentError(gettext("nobody is marked present"))
        wanted = set(chosen.values())
        return tuple(p for p in self._players if p in wanted)

    def _start(self, number: int, position: str | None) -> Start:
        seed = deal_seed(self.seed, number)
        if position is None:
            return Start(seed)
        if not isinstance(position, str) or len(position) > 1000:
            raise TournamentError("a round's position is one line of the position notation")
        return Start(seed, position)

    def _check_position(self, hand: Hand) -> None:
        try:
            seats = len(parse_position(hand.start.position or "").hands)
            if seats != len(hand.players):
                raise ValueError(f"it is a position for {seats} players")
            hand.start.game(hand.rules)
        except ValueError as error:
            raise TournamentError(
                f"the position does not fit a table of {len(hand.players)}: {error}"
            ) from None

    def _round_robin(
        self, number: int, here: tuple[str, ...]
    ) -> tuple[list[tuple[str, ...]], list[str]]:
        if number == 1:
            field = list(here)
            if len(field) < 2:
                raise TournamentError(gettext("a round robin needs at least two players present"))
            random.Random(f"kingscorner-tournament-field:{self.seed}").shuffle(field)
            schedule = circle_rounds(field)
        else:
            first = self._rounds[0]
            newcomers = [p for p in here if p not in first.present]
            if newcomers:
                said = ", ".join(newcomers) if active() == ENGLISH else listing(newcomers)
                # TRANSLATORS: {players}: the newcomers' names.
                raise TournamentError(
                    gettext(
                        "the round robin's players were fixed at its first round: {players} can "
                        "play in the next tournament (or choose Swiss pairing, which takes "
                        "newcomers)"
                    ).format(players=said)
                )
            schedule = self._schedule()
            if number > len(schedule):
                raise TournamentError(
                    gettext(
                        "the round robin is over: everyone has met everyone in {n} rounds"
                    ).format(n=len(schedule))
                )
        tables: list[tuple[str, ...]] = []
        byes: list[str] = []
        for a, b in schedule[number - 1]:
            if a in here and b in here:
                tables.append((str(a), str(b)))
            else:
                byes.extend(p for p in (a, b) if p is not None and p in here)
        return tables, sorted(byes, key=here.index)

    def _schedule(self) -> list[list[tuple[str | None, str | None]]]:
        field = list(self._rounds[0].present)
        random.Random(f"kingscorner-tournament-field:{self.seed}").shuffle(field)
        return circle_rounds(field)

    def _swiss(
        self, here: tuple[str, ...], rng: random.Random
    ) -> tuple[list[tuple[str, ...]], list[str]]:
        standings = Standings.of(self._rounds, self._players)
        order = list(here)
        rng.shuffle(order)
        ranked = sorted(order, key=lambda p: standings[p].key())
        met = self._met()
        if self.seats == 2:
            points = {row.player: row.points for row in standings.rows}
            byes = Counter({row.player: row.byes for row in standings.rows})
            pairs, bye = swiss_pairs(ranked, points=points, met=met, byes=byes)
            return list(pairs), [] if bye is None else [bye]
        tables = swiss_tables(ranked, seats=self.seats, met=met)
        return [t for t in tables if len(t) > 1], [t[0] for t in tables if len(t) == 1]

    def _met(self) -> Met:
        met: Counter[frozenset[str]] = Counter()
        for round_ in self._rounds:
            for hand in round_.hands:
                for i, a in enumerate(hand.players):
                    for b in hand.players[i + 1 :]:
                        met[frozenset((a, b))] += 1
        return met

    def _first_movers(self) -> Counter[str]:
        return Counter(hand.players[0] for round_ in self._rounds for hand in round_.hands)

    # -- JSON ---------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Everything the tournament keeps, as JSON-ready values."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "name": self.name,
            "seats": self.seats,
            "pairing": self._pairing,
            "seed": self.seed,
            "rules": self.rules.to_dict(),
            "players": list(self._players),
            "rounds": [_round_to_dict(r) for r in self._rounds],
        }

    def to_json(self, indent: int | None = None) -> str:
        """The tournament as JSON (what the class server keeps)."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | bytes) -> ClassTournament:
        """A tournament from :meth:`to_json`'s text, checked strictly: see :meth:`from_dict`."""
        if not isinstance(text, (str, bytes)):
            raise TournamentError(f"a tournament's JSON is text, not {type(text).__name__}")
        if len(text) > MAX_BYTES:
            raise TournamentError(f"a tournament's JSON is at most {MAX_BYTES:,} bytes")
        try:
            data = json.loads(text, parse_constant=_refuse_constant, object_pairs_hook=_unique)
        except (ValueError, RecursionError) as error:
            raise TournamentError(f"this is not a tournament's JSON: {error}") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Any) -> ClassTournament:
        """A tournament from :meth:`to_dict`'s values. Every field is checked, then the whole
        tournament is rebuilt: each round drawn again from the players present and compared
        with the tables kept, each hand's moves played again and compared with the outcome
        kept. Anything missing, unknown, malformed or not what the tournament would have drawn
        or played raises :class:`TournamentError` naming it."""
        record = _fields(data, _KEYS, "the tournament")
        if not _same(record["format"], FORMAT):
            raise TournamentError(f"format: this is not a tournament ({record['format']!r})")
        if not _same(record["version"], VERSION):
            raise TournamentError(
                f"version: this file is version {record['version']!r}; this package reads {VERSION}"
            )
        pairing = record["pairing"]
        if pairing not in PAIRINGS:
            raise TournamentError(f"pairing: 'auto', 'round robin' or 'swiss', not {pairing!r}")
        try:
            rules = Rules.from_dict(_object(record["rules"], "rules"))
        except (ValueError, TypeError) as error:
            raise TournamentError(f"rules: {error}") from None
        tournament = cls(
            _list(record["players"], "players", MAX_PLAYERS),
            name=record["name"],
            seats=record["seats"],
            pairing=pairing,
            rules=rules,
            seed=record["seed"],
        )
        if tournament.rules != rules:
            raise TournamentError(
                f"rules: a tournament at tables of {tournament.seats} keeps the rules for "
                f"{tournament.seats} players"
            )
        if tournament.players != tuple(record["players"]):
            raise TournamentError("players: each player's name is kept as it was written")
        for number, value in enumerate(_list(record["rounds"], "rounds", MAX_ROUNDS), start=1):
            _read_round(tournament, value, number)
        if not _same(tournament.to_dict(), data):
            raise TournamentError(
                "this file is not written as the tournament it describes would write itself"
            )
        return tournament

    # -- showing ------------------------------------------------------------------------------

    def __repr__(self) -> str:
        return (
            f"<ClassTournament {self.name!r}: {len(self._players)} players, "
            f"{len(self._rounds)} rounds, {self._pairing}>"
        )

    def _repr_html_(self) -> str:
        return self.standings()._repr_html_()


def run_tournament(
    players: Sequence[str] | Mapping[str, PlayerSpec],
    *,
    rounds: int | None = None,
    seats: int = 2,
    pairing: Pairing = "auto",
    rules: Rules | None = None,
    seed: int = 0,
    computer: PlayerSpec = "greedy",
    present: Callable[[int], Iterable[str]] | None = None,
    name: str = "Class tournament",
) -> ClassTournament:
    """A whole tournament played on this machine by computer players, so a teacher can see one
    without a server. ``players`` names the players (each played by ``computer``), or maps each
    name to its own computer player. ``rounds``: how many (default: a round robin's whole
    schedule, or for Swiss enough rounds for a clear winner, the rounds needed to halve the
    field down to one, plus one). ``present(round)`` may name who is present each round.

    >>> t = run_tournament({"Ada": "greedy", "Ben": "random", "Cy": "greedy"}, seed=2)
    >>> [len(r.hands) for r in t.rounds], [r.byes for r in t.rounds]
    ([1, 1, 1], [('Ben',), ('Ada',), ('Cy',)])
    """
    names = list(players)
    tournament = ClassTournament(
        names, name=name, seats=seats, pairing=pairing, rules=rules, seed=seed
    )
    computers: PlayerSpec | Mapping[str, PlayerSpec] = (
        players if isinstance(players, Mapping) else computer
    )
    if rounds is not None and (
        isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS
    ):
        raise TournamentError(f"rounds is a whole number from 1 to {MAX_ROUNDS}, not {rounds!r}")
    number = 0
    while rounds is None or number < rounds:
        if rounds is None and tournament.rounds:
            left = tournament.rounds_left()
            if left == 0 or (left is None and number >= _swiss_rounds(len(names))):
                break
        number += 1
        tournament.draw_round(None if present is None else present(number))
        tournament.play_round(computers)
    return tournament


def _swiss_rounds(players: int) -> int:
    """Rounds enough to halve a field of ``players`` down to one, plus one."""
    return max(1, (players - 1).bit_length()) + 1


def _bot(computers: PlayerSpec | Mapping[str, PlayerSpec], name: str, seed: int) -> Player:
    spec = computers.get(name, "greedy") if isinstance(computers, Mapping) else computers
    if isinstance(spec, str):
        return make_player(spec, seed=seed)
    if not isinstance(spec, Player):
        raise TournamentError(f"{name}'s computer player is a name or a Player, not {spec!r}")
    return copy.deepcopy(spec)


def _bot_seed(seed: int, hand: Hand, seat: int) -> int:
    digest = hashlib.sha256(
        f"kingscorner-tournament-bot:{seed}:{hand.round}:{hand.table}:{seat}".encode()
    ).digest()
    return int.from_bytes(digest[:8], "big")


# -- reading JSON, strictly -------------------------------------------------------------------

_KEYS = ("format", "version", "name", "seats", "pairing", "seed", "rules", "players", "rounds")
_ROUND_KEYS = ("present", "position", "seed", "pairing", "tables", "byes")
_TABLE_KEYS = ("players", "moves", "outcome")
_OUTCOME_KEYS = ("reason", "went_out", "winners", "penalties", "corners")


def _round_to_dict(round_: Round) -> dict[str, Any]:
    return {
        "present": list(round_.present),
        "position": round_.start.position,
        "seed": round_.start.seed,
        "pairing": round_.pairing,
        "tables": [
            {
                "players": list(hand.players),
                "moves": None if hand.moves is None else list(hand.moves),
                "outcome": None if hand.outcome is None else _outcome_to_dict(hand.outcome),
            }
            for hand in round_.hands
        ],
        "byes": list(round_.byes),
    }


def _outcome_to_dict(outcome: Outcome) -> dict[str, Any]:
    return {
        "reason": outcome.reason,
        "went_out": outcome.went_out,
        "winners": list(outcome.winners),
        "penalties": list(outcome.penalties),
        "corners": list(outcome.corners),
    }


def _read_round(tournament: ClassTournament, value: Any, number: int) -> None:
    at = f"round {number}"
    record = _fields(value, _ROUND_KEYS, at)
    position = record["position"]
    if position is not None and not isinstance(position, str):
        raise TournamentError(f"{at}: position is a position line or null")
    present = _list(record["present"], f"{at}: present", MAX_PLAYERS)
    if any(not isinstance(name, str) for name in present) or present != [
        p for p in tournament.players if p in present
    ]:
        raise TournamentError(f"{at}: present lists players who joined, in the order they joined")
    try:
        drawn = tournament.draw_round(present, position=position)
    except TournamentError as error:
        raise TournamentError(f"{at}: {error}") from None
    tables = _list(record["tables"], f"{at}: tables", MAX_PLAYERS)
    kept = (record["seed"], record["pairing"], record["byes"], len(tables))
    made = (drawn.start.seed, drawn.pairing, list(drawn.byes), len(drawn.hands))
    if not _same(kept, made):
        raise TournamentError(
            f"{at}: its deal, pairing, byes or tables are not those the draw makes"
        )
    for hand, table in zip(drawn.hands, tables, strict=True):
        entry = _fields(table, _TABLE_KEYS, hand.where)
        if not _same(entry["players"], list(hand.players)):
            raise TournamentError(f"{hand.where}: its players are not those the draw seats there")
        if entry["moves"] is None or entry["outcome"] is None:
            if entry["moves"] is not None or entry["outcome"] is not None:
                raise TournamentError(f"{hand.where}: moves and outcome are kept together")
            continue
        moves = _list(entry["moves"], f"{hand.where}: moves", MAX_MOVES)
        if any(not isinstance(move, str) for move in moves):
            raise TournamentError(f"{hand.where}: moves are written in the move notation")
        done = tournament.enter_result(hand.table, moves)
        assert done.outcome is not None
        if not _same(entry["outcome"], _outcome_to_dict(done.outcome)):
            raise TournamentError(
                f"{hand.where}: the outcome kept is not the one its moves lead to "
                f"({done.describe()})"
            )


def _fields(data: Any, keys: Sequence[str], at: str) -> dict[str, Any]:
    record = _object(data, at)
    missing = [k for k in keys if k not in record]
    unknown = [k for k in record if k not in keys]
    if missing or unknown:
        said = []
        if missing:
            said.append(f"missing {', '.join(missing)}")
        if unknown:
            said.append(f"unknown {', '.join(map(repr, unknown))}")
        raise TournamentError(f"{at}: {'; '.join(said)}")
    return record


def _object(data: Any, at: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise TournamentError(f"{at} is a JSON object, not {type(data).__name__}")
    return data


def _list(data: Any, at: str, most: int) -> list[Any]:
    if not isinstance(data, list):
        raise TournamentError(f"{at} is a JSON list, not {type(data).__name__}")
    if len(data) > most:
        raise TournamentError(f"{at} holds at most {most} entries")
    return data


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON writes them: ``1``, ``1.0`` and ``true`` are three different values."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are all different (a key written twice would hide a value)."""
    data = dict(pairs)
    if len(data) != len(pairs):
        twice = sorted(k for k, n in Counter(k for k, _ in pairs).items() if n > 1)
        raise ValueError(f"{', '.join(map(repr, twice))} is written twice in one object")
    return data


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")
