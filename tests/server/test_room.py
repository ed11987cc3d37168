"""The class server's tables without a network: seats in join order, each seat's own view of one
shared game, computer players at the empty seats, and the same view function for everyone."""

from __future__ import annotations

import functools

import pytest

from kingscorner_widget import Game
from kingscorner_widget.server.codes import ALPHABET, new_code, read_code
from kingscorner_widget.server.room import Room, ServerTable
from kingscorner_widget.server.views import frame, room_table, table_line
from kingscorner_widget.table.table import View


def keep_status(lines: list[str], view: View) -> None:
    lines.append(view.status)


def test_seats_fill_in_join_order_a_table_at_a_time() -> None:
    room = Room("Year 7", code=new_code(), seats=3, seed=1)
    seats = [room.join(name) for name in ["Ada", "Ben", "Cy", "Dee"]]
    assert [(seat.table, seat.seat) for seat in seats] == [(1, 1), (1, 2), (1, 3), (2, 1)]
    assert room.tables[0].computer_seats() == set()
    assert room.tables[1].computer_seats() == {2, 3}
    assert len({seat.token for seat in seats}) == 4


def test_a_rejoin_needs_the_seats_own_token() -> None:
    room = Room("Year 7", code=new_code(), seats=2, seed=1)
    ada, ben, cy = room.join("Ada"), room.join("Ben"), room.join("Cy")
    assert room.rejoin(1, 1, ada.token) == ada
    for table, seat, token in [(1, 2, ada.token), (2, 1, ada.token), (1, 1, cy.token), (1, 1, "")]:
        with pytest.raises(PermissionError, match="token"):
            room.rejoin(table, seat, token)
    assert room.rejoin(2, 1, cy.token) == cy
    assert ben.token != ada.token


def test_codes_are_read_aloud_without_look_alikes() -> None:
    assert not set("0O1IL2Z5S8B") & set(ALPHABET)
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200
    for bad in ["", "ABCDEF0", "KXT-4P", None, "KXT 4PQ!"]:
        with pytest.raises(ValueError, match="room code"):
            read_code(bad)


def test_each_seat_sees_its_own_hand_and_the_watchers_none() -> None:
    shared = ServerTable(1, seats=3, seed=4, names={1: "Ada", 3: "Cy"})
    for seat in (1, 3):
        hands = frame(shared.table(seat).view())["snapshot"]["hands"]
        assert [hand["cards"] is not None for hand in hands] == [seat == n for n in (1, 2, 3)]
        assert [hand["name"] for hand in hands] == [
            "You" if seat == n else name for n, name in [(1, "Ada"), (2, "P2"), (3, "Cy")]
        ]
    watched = frame(shared.table(None).view())["snapshot"]
    assert all(hand["cards"] is None for hand in watched["hands"])
    assert watched["viewer"] is None
    assert watched["actions"] == [] or all(
        a["kind"] in ("deck", "contrast") for a in watched["actions"]
    )


def test_a_move_reaches_every_seat_and_the_watchers_in_their_own_words() -> None:
    shared = ServerTable(1, seats=2, seed=4, names={1: "Ada", 2: "Ben"})
    seen: dict[int | None, list[str]] = {1: [], 2: [], None: []}
    for seat, lines in seen.items():
        shared.table(seat).subscribe(functools.partial(keep_status, lines))
    ada = shared.table(1)
    assert not ada.intent({"kind": "draw", "version": ada.version}).refused
    assert seen[1][-1].startswith("You draw a card and end your turn. Ben to play.")
    assert seen[2][-1].startswith("Ada draws a card and ends the turn. Your turn.")
    assert seen[None][-1] == "Ada draws a card and ends the turn. Ben to play."
    ben = shared.table(2)
    assert ben.snapshot()["log"][-1]["words"] == "Ada draws a card and ends the turn"
    before = shared.game.position()
    assert ada.intent({"kind": "draw", "version": ada.version}).refused  # not Ada's turn
    assert shared.game.position() == before
    assert seen[2][-1].startswith("Ada draws")


def test_computer_players_fill_the_empty_seats_until_the_hand_ends() -> None:
    shared = ServerTable(1, seats=4, seed=8, names={2: "Ben"})
    moves = 0
    while not shared.game.is_over():
        if shared.computer_move() is None:
            ben = shared.table(2)
            ben.intent({"kind": "play", "version": ben.version, "move": ben.legal()[0]})
        moves += 1
        assert moves < 3000
    line = table_line(shared)
    assert line["over"]
    assert line["turn"] is None
    assert sum(line["score"]) > 0
    ben = shared.table(2)
    assert not ben.intent({"kind": "next", "version": ben.version}).refused
    assert shared.hand_number == 2
    assert not shared.game.is_over()
    assert ben.snapshot()["title"] == "Table 1, hand 2"
    assert ben.snapshot()["log"] == []


def test_a_seat_cannot_move_the_computers_or_deal_over_the_hand() -> None:
    shared = ServerTable(1, seats=2, seed=4, names={1: "Ada"})
    ada = shared.table(1)
    ada.intent({"kind": "draw", "version": ada.version})  # now the computer's turn
    before = shared.game.position()
    for kind in ("step", "skip", "new", "daily", "pause", "reveal", "review"):
        assert ada.intent({"kind": kind, "version": ada.version}).refused, kind
    assert shared.game.position() == before
    kinds = {control["kind"] for control in ada.snapshot()["actions"]}
    assert not kinds & {"step", "skip", "new", "daily", "pause", "speed", "review"}
    assert ada.snapshot()["waiting"] is None  # no page timer asks for computer moves


def test_a_person_away_is_played_by_a_computer_and_the_table_says_so() -> None:
    shared = ServerTable(1, seats=2, seed=4, names={1: "Ada", 2: "Ben"})
    ben = shared.table(2)
    assert shared.to_move() is None
    shared.leave(1)
    assert ben.status == "Ada is away: a computer plays their seat for now. Ada to play."
    assert ben.snapshot()["hands"][0]["computer"]
    assert shared.to_move() == 1
    assert shared.computer_move() is not None
    assert table_line(shared)["away"] == [1]
    assert not table_line(shared)["stuck"]
    shared.leave(2)  # nobody is left at the table: the teacher's view says it is stuck
    assert table_line(shared)["stuck"]
    shared.back(2)
    shared.back(1)
    assert shared.away == set()
    assert ben.status.startswith("Ada is back.")


def test_the_teachers_room_view_lists_every_table_and_who_is_away() -> None:
    room = Room("Year 7", code=new_code(), seats=2, seed=2)
    for name in ["Ada", "Ben", "Cy"]:
        room.join(name)
    room.tables[0].leave(2)
    lines = [table_line(table) for table in room.tables]
    board = room_table(room.name, room.code, lines)
    assert board.column("table") == [1, 2]
    assert board.column("cards left") == ["Ada 7, Ben 7", "Cy 7, P2 7"]
    assert board.column("state") == ["playing; away: Ben", "playing"]
    assert "Cy 7, P2 7" in board._repr_html_()
    for line in lines:  # the public table only: counts, never a card
        assert not any(isinstance(v, list) and v and isinstance(v[0], str) for v in line.values())


def test_a_chosen_position_is_dealt_to_every_seat_at_once() -> None:
    shared = ServerTable(1, seats=2, seed=4, names={1: "Ada", 2: "Ben"})
    ada, ben = shared.table(1), shared.table(2)
    line = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:Th4h P2:9c stock:46 turn:P1"
    shared.deal(Game.from_position(line))
    assert ada.snapshot()["hands"][0]["cards"] == ["Th", "4h"]
    assert ben.snapshot()["hands"][1]["cards"] == ["9c"]
    assert ben.status.startswith("Hand 2 is dealt. Ada to play.")
    ada.intent({"kind": "play", "version": ada.version, "move": "Th>N"})
    ada.intent({"kind": "draw", "version": ada.version})
    ben.intent({"kind": "play", "version": ben.version, "move": "9c>N"})
    assert shared.game.is_over()
    assert "Ben went out" in ada.status
    with pytest.raises(ValueError, match="this table has 2 seats"):
        shared.deal(Game.new(players=3, seed=1))
