"""A class tournament at the class server, on loopback with several students' RemoteTables:
rounds drawn among those present, each student following their seat to their round's table,
each hand entered as it ends, standings, replays, and a restart that keeps the tournament."""

from __future__ import annotations

import contextlib
import functools
import pathlib
import random
from collections.abc import Iterator
from fractions import Fraction

import pytest

from kingscorner_widget import ClassServer, Game, KingsCornerWidget
from kingscorner_widget.classroom.rounds import Round, TournamentError, deal_seed
from kingscorner_widget.server.client import RemoteTable
from kingscorner_widget.server.room import Room

from .test_seat_widget import notebook_seat
from .test_seat_widget import seat as seat_widget
from .wire import Client, Json, assert_no_leak

POSITION = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:5c9d2d3d8d7s6s stock:39 turn:P1"
"""A short hand for two (the first seat can go out in three moves)."""


@pytest.fixture
def seats(tmp_path: pathlib.Path) -> Iterator[list[RemoteTable]]:
    made: list[RemoteTable] = []
    yield made
    for remote in made:
        with contextlib.suppress(Exception):
            remote.close()


def sit(
    made: list[RemoteTable], server: ClassServer, room: Room, names: list[str], folder: pathlib.Path
) -> dict[str, RemoteTable]:
    """Each of ``names`` joins ``room`` from a notebook of their own (a view comes back)."""
    found = {}
    for name in names:
        remote = RemoteTable(server.address, join=room.code, learner=name, progress_dir=folder)
        made.append(remote)
        remote.wait(lambda frame: frame["type"] == "view")
        found[name] = remote
    return found


def moved(remote: RemoteTable, round_number: int) -> tuple[int, Json]:
    """The frame telling ``remote`` it moved for round ``round_number``, and where it is."""
    frame = remote.wait(
        lambda f: f["type"] == "moved" and f["status"].startswith(f"Round {round_number}:")
    )
    return remote.frames.index(frame), frame


def is_view(frame: Json, version: int) -> bool:
    """A view frame of this ``version`` or a later one."""
    return frame["type"] == "view" and int(frame["snapshot"]["version"]) >= version


def play_round(
    server: ClassServer, room: Room, drawn: Round, remotes: dict[str, RemoteTable]
) -> None:
    """Every table of ``drawn`` played to its end over the wire, each student choosing among
    the legal moves their own view offers."""
    rng = random.Random(drawn.number)
    for hand in drawn.hands:
        number = server.tournaments.table_of(room.code, drawn.number, hand.table)
        shared = room.tables[number - 1]
        people = {seat: remotes[name] for seat, name in enumerate(hand.players, start=1)}
        starts = {seat: moved(remote, drawn.number)[0] for seat, remote in people.items()}
        while not shared.game.is_over():
            turn = shared.game.turn
            remote, version = people[turn], shared.table(turn).version
            view = remote.wait(functools.partial(is_view, version=version), since=starts[turn])
            remote.send({"kind": "play", "version": version, "move": rng.choice(view["legal"])})
            remote.wait(functools.partial(is_view, version=version + 1), since=starts[turn])
        for seat, remote in people.items():
            remote.wait(
                lambda f: "kept for the standings" in f.get("status", ""), since=starts[seat]
            )


def test_a_round_moves_each_student_to_their_table_and_enters_each_hand(
    class_server: ClassServer, seats: list[RemoteTable], tmp_path: pathlib.Path
) -> None:
    room = class_server.open_room("Year 7 tournament", seats=2)
    remotes = sit(seats, class_server, room, ["Ada", "Ben", "Cy", "Dee", "Eve"], tmp_path)
    class_server.store.add_seat(room, room.join("Fay"))  # a seat, but her notebook is closed
    tournament = class_server.start_tournament(room.code, pairing="round-robin")
    assert tournament.pairing == "round robin"
    drawn = class_server.next_round(room.code)
    assert sorted(drawn.present) == ["Ada", "Ben", "Cy", "Dee", "Eve"]
    assert len(drawn.hands) == 2
    assert len(drawn.byes) == 1
    deal = Game.new(seed=deal_seed(tournament.seed, 1), rules=drawn.hands[0].rules)
    for hand in drawn.hands:
        number = class_server.tournaments.table_of(room.code, 1, hand.table)
        assert room.tables[number - 1].game.start_position == deal.start_position
        for seat, name in enumerate(hand.players, start=1):
            remote = remotes[name]
            at, frame = moved(remote, 1)
            (opponent,) = (p for p in hand.players if p != name)
            assert (frame["table"], frame["seat"]) == (number, seat)
            assert opponent in frame["status"]
            assert (remote.table, remote.seat) == (number, seat)  # the client followed
            view = remote.wait(lambda f: f["type"] == "view", since=at)
            names = [h["name"] for h in view["snapshot"]["hands"]]
            assert names[seat - 1] == "You"
            assert opponent in names
            assert view["snapshot"]["hands"][seat - 1]["cards"] == [
                str(card) for card in deal.hand(seat)
            ]
    (bye,) = drawn.byes
    remotes[bye].wait(lambda f: "has a bye" in f.get("status", ""))
    nobody_saw_another_deal(class_server, room, drawn, remotes)
    tables = len(room.tables)
    with pytest.raises(TournamentError, match="round 1 is not finished"):
        class_server.next_round(room.code)
    assert len(room.tables) == tables  # the refused draw opened nothing
    play_round(class_server, room, drawn, remotes)
    for hand in drawn.hands:  # every view a player had at their round's table was theirs
        number = class_server.tournaments.table_of(room.code, 1, hand.table)
        for seat, name in enumerate(hand.players, start=1):
            at, _ = moved(remotes[name], 1)
            assert_no_leak(remotes[name].frames[at:], room.tables[number - 1].game, seat)
            record = class_server.records.record(room.code, name)  # the record follows them
            assert record is not None
            played = [h for t in record["tables"] for h in t["hands"]]
            assert [h["opponents"] for h in played] == [[p for p in hand.players if p != name]]
    standings = class_server.standings(room.code)
    assert standings.after == 1
    points = {name: Fraction(name == bye) for name in drawn.present}
    for hand in drawn.hands:  # each point comes from the hand the server's table played
        number = class_server.tournaments.table_of(room.code, 1, hand.table)
        outcome = room.tables[number - 1].game.outcome()
        assert outcome is not None
        for seat in outcome.winners:
            points[hand.players[seat - 1]] += Fraction(1, len(outcome.winners))
    assert {row.player: row.points for row in standings.rows} == points
    assert [row.player for row in standings.rows if row.byes] == [bye]
    for hand in drawn.hands:
        number = class_server.tournaments.table_of(room.code, 1, hand.table)
        kept = class_server.store.finished_hands(room.code, number)
        assert kept == [class_server.tournaments.replay(room.code, 1, hand.table)]
    second = class_server.next_round(room.code)
    assert second.number == 2
    assert second.byes != drawn.byes
    reused = {class_server.tournaments.table_of(room.code, 2, h.table) for h in second.hands}
    first = {class_server.tournaments.table_of(room.code, 1, h.table) for h in drawn.hands}
    assert reused & first  # a table whose people all moved on deals the next round
    assert len(room.tables) <= 4  # Fay's and the bye's tables stay theirs
    nobody_saw_another_deal(class_server, room, second, remotes)


def nobody_saw_another_deal(
    server: ClassServer, room: Room, drawn: Round, remotes: dict[str, RemoteTable]
) -> None:
    """Each learner of the round moved to their table, and no view of a hand the round dealt
    reached anyone before they sat at it (nor a seat's view of another seat)."""
    titles = {}
    for hand in drawn.hands:
        number = server.tournaments.table_of(room.code, drawn.number, hand.table)
        shared = room.tables[number - 1]
        titles[shared.title()] = shared
        for seat, name in enumerate(hand.players, start=1):
            at, frame = moved(remotes[name], drawn.number)
            assert (frame["table"], frame["seat"]) == (number, seat)
            view = remotes[name].wait(lambda f: f["type"] == "view", since=at)
            assert view["snapshot"]["title"] == shared.title()
            assert view["snapshot"]["hands"][seat - 1]["name"] == "You"
    for name in (name for hand in drawn.hands for name in hand.players):
        at, _ = moved(remotes[name], drawn.number)
        early = [f for f in remotes[name].frames[:at] if f["type"] == "view"]
        assert not [f for f in early if f["snapshot"]["title"] in titles]


def test_a_restart_keeps_the_tournament_and_students_take_their_moved_seats_back(
    tmp_path: pathlib.Path,
) -> None:
    data = tmp_path / "class.sqlite"
    made: list[RemoteTable] = []
    try:
        with ClassServer(port=0, data=data, pace=0, away_after=None) as server:
            room = server.open_room("Year 8", seats=2)
            code = room.code
            remotes = sit(made, server, room, ["Ada", "Ben", "Cy", "Dee"], tmp_path)
            server.start_tournament(code, pairing="swiss", position=POSITION)
            drawn = server.next_round(code)
            assert drawn.pairing == "swiss"
            assert len(drawn.hands) == 2
            expected = Game.from_position(POSITION, seed=drawn.start.seed)
            number = server.tournaments.table_of(code, 1, 1)
            assert room.tables[number - 1].game.position() == expected.position()
            play_round(server, room, drawn, remotes)
            before = str(server.standings(code))
            where = {name: (remote.table, remote.seat) for name, remote in remotes.items()}
            for remote in made:
                remote.close()
        # the server started again where it was (the notebooks keep seats by its address)
        with ClassServer(port=server.port, data=data, pace=0, away_after=None) as again:
            assert str(again.standings(code)) == before
            kept = again.tournaments.tournament(code)
            assert kept.rounds[0].finished
            room = again.rooms[code]
            for name in ["Ada", "Ben", "Cy", "Dee"]:  # each notebook opened again
                remote = RemoteTable(again.address, join=code, learner=name, progress_dir=tmp_path)
                made.append(remote)
                remote.wait(lambda frame: frame["type"] == "view")
                assert (remote.table, remote.seat) == where[name]
            second = again.next_round(code)
            assert second.number == 2
            assert sorted(second.present) == ["Ada", "Ben", "Cy", "Dee"]
    finally:
        for remote in made:
            with contextlib.suppress(Exception):
                remote.close()


def test_a_bad_tournament_is_refused_and_changes_nothing(
    class_server: ClassServer, seats: list[RemoteTable], tmp_path: pathlib.Path
) -> None:
    room = class_server.open_room("Year 9", seats=2)
    with pytest.raises(TournamentError, match="pairing is"):
        class_server.start_tournament(room.code, pairing="knockout")
    with pytest.raises(TournamentError, match="2, 3 or 4 seats"):
        class_server.start_tournament(room.code, seats=5)
    with pytest.raises(TournamentError, match="does not fit a table of 3"):
        class_server.start_tournament(room.code, seats=3, position=POSITION)
    with pytest.raises(TournamentError, match="runs no tournament"):
        class_server.standings(room.code)
    class_server.start_tournament(room.code)
    with pytest.raises(TournamentError, match="already runs a tournament"):
        class_server.start_tournament(room.code)
    sit(seats, class_server, room, ["Ada"], tmp_path)
    with pytest.raises(TournamentError, match="two learners at their seats: 1 is here"):
        class_server.next_round(room.code)
    assert class_server.standings(room.code).after == 0


def test_a_move_that_cannot_be_made_whole_moves_nobody() -> None:
    room = Room("Year 10", code="KXT4PQ", seats=2, seed=3)
    ada, ben, cy = room.join("Ada"), room.join("Ben"), room.join("Cy")
    first, second = room.tables
    before = dict(room.seated), dict(first.people), dict(second.people)
    with pytest.raises(ValueError, match="seat 1 of table 2 is taken"):  # Cy stays there
        room.move([("Ada", second, 1), ("Ben", first, 1)])
    with pytest.raises(ValueError, match="two learners cannot move to one seat"):
        room.move([("Ada", second, 2), ("Ben", second, 2)])
    with pytest.raises(ValueError, match="'Dee' is not seated"):
        room.move([("Ada", second, 2), ("Dee", first, 1)])
    assert (dict(room.seated), dict(first.people), dict(second.people)) == before
    moves = room.move([("Ada", second, 2), ("Ben", first, 1), ("Cy", first, 2)])
    assert [(new.table, new.seat) for _, new in moves] == [(2, 2), (1, 1), (1, 2)]
    assert [new.token for _, new in moves] == [ada.token, ben.token, cy.token]
    assert (first.people, second.people) == ({1: "Ben", 2: "Cy"}, {2: "Ada"})
    assert second.computer_seats() == {1}


def test_a_teacher_runs_the_tournament_by_frames_with_the_servers_key(
    class_server: ClassServer,
) -> None:
    room = class_server.open_room("Year 11", seats=2)
    teacher, ada, ben = (
        Client(class_server.address),
        Client(class_server.address),
        Client(class_server.address),
    )
    try:
        start = {"type": "tournament-start", "room": room.code, "pairing": "swiss", "seats": 2}
        teacher.send({**start, "key": "guess", "position": ""})
        assert teacher.read()["code"] == "bad-key"
        teacher.send({**start, "key": class_server.key, "position": "not a position"})
        refused = teacher.read()
        assert refused["code"] == "tournament"
        assert "position" in refused["error"]
        teacher.send({**start, "key": class_server.key, "position": ""})
        assert teacher.read() == {
            "type": "tournament",
            "room": room.code,
            "name": "Year 11",
            "pairing": "swiss",
            "seats": 2,
        }
        ada.join(room.code, "Ada")
        ben.join(room.code, "Ben")
        teacher.send({"type": "tournament-round", "room": room.code, "key": class_server.key})
        drawn = teacher.read()
        assert drawn["type"] == "round"
        assert drawn["round"] == 1
        assert drawn["byes"] == []
        (table,) = drawn["tables"]
        assert sorted(table["players"]) == ["Ada", "Ben"]
        for client, name in [(ada, "Ada"), (ben, "Ben")]:
            frame = client.until(lambda f: f["type"] == "moved")
            assert frame["table"] == table["table"]
            assert frame["seat"] == table["players"].index(name) + 1
        teacher.send({"type": "tournament-standings", "room": room.code, "key": class_server.key})
        standings = teacher.read()
        assert standings["after"] == 1
        assert [row["points"] for row in standings["rows"]] == ["0", "0"]
        assert standings["text"] == str(class_server.standings(room.code))
        teacher.send({"type": "tournament-round", "room": room.code, "key": class_server.key})
        assert teacher.read()["error"] == "Round 1 is not finished: table 1 has no result yet."
    finally:
        for client in (teacher, ada, ben):
            client.close()


def test_a_students_widget_follows_them_to_their_rounds_table(
    class_server: ClassServer, tmp_path: pathlib.Path
) -> None:
    room = class_server.open_room("Year 12", seats=3)  # tables of three: both start at table 1
    made: list[KingsCornerWidget] = []
    try:
        ada, ben = (
            seat_widget(made, class_server, room.code, name, tmp_path) for name in ["Ada", "Ben"]
        )
        for widget in (ada, ben):
            notebook_seat(widget).wait(lambda frame: frame["type"] == "view")
        class_server.start_tournament(room.code, seats=2)
        (hand,) = class_server.next_round(room.code).hands
        number = class_server.tournaments.table_of(room.code, 1, 1)
        assert room.tables[number - 1].seats == 2  # the round's table has the hand's seats
        first = {"Ada": ada, "Ben": ben}[hand.players[0]]
        at, _ = moved(notebook_seat(first), 1)
        view = notebook_seat(first).wait(lambda f: f["type"] == "view", since=at)
        version = view["snapshot"]["version"]
        notebook_seat(first).send({"kind": "play", "version": version, "move": view["legal"][0]})
        notebook_seat(first).wait(functools.partial(is_view, version=version + 1), since=at)
        assert first.snapshot["title"] == room.tables[number - 1].title()
        assert repr(first) == f"KingsCornerWidget(join={room.code!r}, table={number}, seat=1)"
        assert f"seat 1 at table {number}" in first.static_html()
    finally:
        for widget in made:
            widget.close()
