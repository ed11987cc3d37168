"""The class server: the leak audit at full size, and a class on loopback under load.

**Leaks.** :data:`LEAK_HANDS` random hands (a third each at tables of 2, 3 and 4 seats, seeded),
every frame every seat and the watchers receive read for a card of another hand, a stock card
or another seat's hint (:func:`~kingscorner_widget.server.audit.audit_hands`; the suite runs 180
of them). Goal: 0 of each.

**Load.** A server runs in a process of its own (as ``kingscorner serve`` does; no pacing of
the computer players) and :data:`CLIENTS` simulated students join one room over websockets on
loopback (75 tables of four), then play random legal moves, each waiting a human's
:data:`THINK` seconds (random, seeded) after its turn comes. A move's latency is from its frame
sent to the last of its table's seats receiving the new snapshot; p50 and p95 over every move,
and the server's resident memory (VmRSS) before anyone joins and at the end. The same with 30
clients (the last table of two people and two computers). Goal: p95 <= 50 ms on this two-core
machine. Beside them, the baseline: the same move at one table in-process (no network), and a
computer seat's move (choosing, playing and every seat's new snapshot) p50 and p95.

``KINGSCORNER_BENCH_LEAK_HANDS=300 python -m bench server`` runs a shorter audit.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys
import time
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from kingscorner_widget.server.audit import Audit, audit_hands
from kingscorner_widget.server.room import ServerTable

from .stats import percentile

LEAK_HANDS = int(os.environ.get("KINGSCORNER_BENCH_LEAK_HANDS", "2000"))
CLIENTS = 300
MOVES_PER_TABLE = 24
"""Moves each table plays in the load run (after everyone has joined)."""
THINK = (0.5, 1.5)
"""A simulated student's thinking time before a move, in seconds."""
SERVER = """
import sys
from kingscorner_widget import ClassServer
server = ClassServer(port=0, pace=0, away_after=None)
room = server.open_room("Load", seats=4)
print(server.address, room.code, flush=True)
sys.stdin.read()
server.stop()
"""


def leaks() -> None:
    audit = Audit()
    start = time.perf_counter()
    for seats in (2, 3, 4):
        share = LEAK_HANDS // 3 + (1 if seats - 2 < LEAK_HANDS % 3 else 0)
        audit_hands(share, seats, seed=1000 + seats, hint_rate=0.004, audit=audit)
    took = time.perf_counter() - start
    print(f"leak audit: {audit} (goal 0, 0, 0) in {took:.0f} s")
    if not audit.clean():
        print("  first leaks:", (audit.hand_leaks + audit.stock_leaks + audit.hint_leaks)[:5])


def rss_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


class Seat:
    """One simulated student: their connection, their table and seat, their latest view."""

    def __init__(self, socket: ClientConnection) -> None:
        self.socket = socket
        self.table = self.seat = 0
        self.view: dict[str, Any] | None = None


class Load:
    def __init__(self, clients: int, rng: random.Random) -> None:
        self.clients = clients
        self.rng = rng
        self.latencies: list[float] = []
        self.sent: dict[int, tuple[float, set[int]]] = {}
        self.tables: dict[int, list[Seat]] = {}
        self.ready: dict[int, asyncio.Event] = {}
        self.done: dict[int, asyncio.Event] = {}

    async def listen(self, seat: Seat) -> None:
        async for text in seat.socket:
            data = json.loads(text)
            if data["type"] != "view":
                continue
            seat.view = data
            waiting = self.sent.get(seat.table)
            if waiting is not None and seat.seat in waiting[1]:
                waiting[1].discard(seat.seat)
                if not waiting[1]:
                    self.latencies.append(time.perf_counter() - waiting[0])
                    del self.sent[seat.table]
                    self.done[seat.table].set()
            if data["legal"] or data["snapshot"]["over"]:
                self.ready[seat.table].set()

    async def drive(self, number: int) -> None:
        """Table ``number``: whoever's turn it is thinks, then moves, and the next move waits
        for every seat's snapshot of this one; until the table has made its moves or the hand
        is over."""
        seats, ready, done = self.tables[number], self.ready[number], self.done[number]
        people = {seat.seat for seat in seats}
        for _ in range(MOVES_PER_TABLE):
            while True:
                views = [seat.view for seat in seats if seat.view is not None]
                if any(view["snapshot"]["over"] for view in views):
                    return
                mover = next((seat for seat in seats if seat.view and seat.view["legal"]), None)
                if mover is not None:
                    break
                ready.clear()
                await asyncio.wait_for(ready.wait(), timeout=60)  # a computer's turn
            await asyncio.sleep(self.rng.uniform(*THINK))  # a student thinking, not a test wait
            view = mover.view
            assert view is not None
            move = self.rng.choice(view["legal"])
            done.clear()
            self.sent[number] = (time.perf_counter(), set(people))
            intent = {"kind": "play", "version": view["snapshot"]["version"], "move": move}
            await mover.socket.send(json.dumps({"type": "intent", "intent": intent}))
            await asyncio.wait_for(done.wait(), timeout=60)

    async def run(self, url: str, code: str) -> None:
        seats: list[Seat] = []
        for number in range(self.clients):
            socket = await connect(url, max_size=None)
            seat = Seat(socket)
            await socket.send(json.dumps({"type": "join", "room": code, "learner": f"S{number}"}))
            joined = json.loads(await socket.recv())
            seat.table, seat.seat = joined["table"], joined["seat"]
            seats.append(seat)
            self.tables.setdefault(seat.table, []).append(seat)
            self.ready.setdefault(seat.table, asyncio.Event())
            self.done.setdefault(seat.table, asyncio.Event())
        listeners = [asyncio.create_task(self.listen(seat)) for seat in seats]
        await asyncio.gather(*(self.drive(number) for number in self.tables))
        for seat in seats:
            await seat.socket.close()
        for task in listeners:
            task.cancel()


def load(clients: int) -> None:
    server = subprocess.Popen(
        [sys.executable, "-c", SERVER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert server.stdout is not None
        address, code = server.stdout.readline().split()
        before = rss_kb(server.pid)
        run = Load(clients, random.Random(clients))
        start = time.perf_counter()
        asyncio.run(run.run(address.replace("http", "ws", 1), code))
        took = time.perf_counter() - start
        after = rss_kb(server.pid)
    finally:
        assert server.stdin is not None
        server.stdin.close()
        server.wait(timeout=60)
    ms = [latency * 1000 for latency in run.latencies]
    p50, p95 = percentile(ms, 50), percentile(ms, 95)
    tables = len(run.tables)
    load = os.getloadavg()[0]
    print(
        f"{clients} clients at {tables} tables: {len(ms)} moves in {took:.0f} s, move to every "
        f"seat's snapshot p50 {p50:.1f} ms, p95 {p95:.1f} ms (goal p95 <= 50 ms); server memory "
        f"{before / 1024:.0f} MB before anyone joined, {after / 1024:.0f} MB at the end "
        f"(machine load {load:.1f} on {os.cpu_count()} cores)"
    )


def baseline() -> None:
    """The same moves in-process (no network), and a computer seat's move."""
    rng = random.Random(3)
    people: list[float] = []
    computers: list[float] = []
    for hand in range(30):
        shared = ServerTable(1, seats=4, seed=hand, names={1: "Ada", 3: "Cy"})
        tables = {seat: shared.table(seat) for seat in (1, 3, None)}
        while not shared.game.is_over():
            start = time.perf_counter()
            if shared.computer_move() is not None:
                computers.append(time.perf_counter() - start)
                continue
            table = tables[shared.game.turn]
            move = rng.choice(table.legal())
            start = time.perf_counter()
            table.intent({"kind": "play", "version": table.version, "move": move})
            people.append(time.perf_counter() - start)
    ms = [t * 1000 for t in people]
    cms = [t * 1000 for t in computers]
    print(
        f"baseline, in-process (2 people, 2 greedy computers, a watcher): a person's move to "
        f"every snapshot p50 {percentile(ms, 50):.1f} ms, p95 {percentile(ms, 95):.1f} ms; a "
        f"computer seat's move p50 {percentile(cms, 50):.1f} ms, p95 {percentile(cms, 95):.1f} ms"
    )


def run() -> None:
    baseline()
    load(30)
    load(CLIENTS)
    leaks()
