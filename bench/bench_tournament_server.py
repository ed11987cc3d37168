"""A class tournament at the class server: what a round costs the server beside its draw.

For a class of 30 and a year group of 200 learners seated in a room (no network: the server's
own :class:`~kingscorner_widget.server.tournament.TournamentDesk` on an in-memory store), each
of :data:`ROUNDS` Swiss rounds is timed twice: the draw alone (the classroom tournament's
``draw_round`` on a copy: the baseline) and the server's whole round (the draw, then every
learner moved at once, the tables dealt, the seats and the tournament written to SQLite). Every
hand is then played by computer players so the next round has standings to pair by. The ratio
says what the server adds to the draw; both run on the caller's thread, never on the server's
event loop (the tables play on meanwhile).
"""

from __future__ import annotations

import copy
import time

from kingscorner_widget.server.room import Room, ServerTable
from kingscorner_widget.server.store import Store
from kingscorner_widget.server.tournament import TournamentDesk

ROUNDS = 3


def ignore(room: Room, shared: ServerTable) -> None:
    """No event loop here: the computers are moved by the benchmark itself."""


def run_class(learners: int) -> None:
    store = Store(None)
    room = Room("Bench", code="KXT4PQ", seats=2, seed=7)
    store.add_room(room)
    names = [f"Learner{i:03d}" for i in range(learners)]
    for name in names:
        store.add_seat(room, room.join(name))
    desk = TournamentDesk(store, {room.code: room}, lambda room, moves, deal: deal(), ignore)
    desk.start(room, pairing="swiss")
    for number in range(1, ROUNDS + 1):
        trial = copy.deepcopy(desk.tournament(room.code))
        for name in names[len(trial.players) :]:
            trial.add_player(name)
        start = time.perf_counter()
        trial.draw_round(names)
        alone = time.perf_counter() - start
        start = time.perf_counter()
        drawn = desk.next_round(room, names)
        whole = time.perf_counter() - start
        for hand in drawn.hands:
            shared = room.tables[desk.table_of(room.code, number, hand.table) - 1]
            while not shared.game.is_over():
                shared.play(shared._choose(shared.game.turn))
        print(
            f"  {learners:>3} learners, round {number}: draw alone {alone * 1000:7.0f} ms, "
            f"the server's round {whole * 1000:7.0f} ms (x{whole / alone:.2f}), "
            f"{len(drawn.hands)} tables, {len(room.tables)} in the room"
        )
    assert desk.standings(room.code).after == ROUNDS


def run() -> None:
    print("Class tournament at the server: a Swiss round, drawn and seated (off the event loop)")
    for learners in (30, 200):
        run_class(learners)
