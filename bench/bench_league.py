"""The class league's cost: isolation's overhead per decision, and a ten-entry league's time.

1. Overhead: the same heads-up hands between two greedy players, played once in this process
   (each player's ``choose`` called on the game's observation) and once as the league plays
   them (each player in a process of its own, the position sent as notation, the move read
   back and judged). Both figures are per decision; the overhead is their difference, as the
   median of several rounds with the lowest and highest round beside it. Wall time is what a
   class waits, and on a busy machine it is mostly the wait for the processor to switch to the
   entry's process and back; processor time (the league's and both entries' processes, read
   from ``/proc``) is the work isolation adds, whatever the load.
2. check_player's cost for a player object in a process forked for each hand, against the same
   object asked in the kernel.
3. Ten entries at greedy's strength (the built-in greedy player under ten names) in a full
   league: every pair 200 heads-up hands on paired deals, plus the four-seat tables, on all
   cores, timed from start to leaderboard.

``KINGSCORNER_BENCH_LEAGUE_HANDS=20`` shortens the league (hands per pair) for a quick look;
``0`` leaves it out.
"""

from __future__ import annotations

import os
import resource
import statistics
import tempfile
import time
from pathlib import Path

from kingscorner_widget import Game
from kingscorner_widget.analysis import make_player
from kingscorner_widget.analysis.league import league
from kingscorner_widget.analysis.league.entries import Entry, built_in
from kingscorner_widget.analysis.league.hands import Seating, play_hand
from kingscorner_widget.analysis.runs.simulate import game_seed
from kingscorner_widget.engine.rules import Rules
from kingscorner_widget.sandbox.apart import can_fork as apart_possible
from kingscorner_widget.sandbox.process import Limits, Sandbox, entry_user

ROUNDS = 5
"""Rounds of the overhead measurement."""
HANDS = 40
"""Heads-up hands per round."""


def in_process(seeds: list[int]) -> tuple[float, float, int]:
    """Wall seconds, processor seconds and decisions for the hands played in this process."""
    players = [make_player("greedy"), make_player("greedy")]
    decisions = 0
    cpu = time.process_time()
    start = time.perf_counter()
    for seed in seeds:
        game = Game.new(players=2, seed=seed)
        while not game.is_over():
            mover = game.turn
            game.play(players[mover - 1].choose(game.observation(mover)))
            decisions += 1
    return time.perf_counter() - start, time.process_time() - cpu, decisions


def _cpu(pid: int) -> float:
    """Processor seconds a process has used (user and system), from ``/proc``."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _entries_cpu(seats: dict[str, Sandbox]) -> float:
    return sum(_cpu(seat.pid) for seat in seats.values() if seat.pid is not None)


def isolated(seeds: list[int], seats: dict[str, Sandbox]) -> tuple[float, float, int]:
    """Wall seconds, processor seconds (this process and the entries') and decisions for the
    same hands played as the league plays them."""
    decisions = 0
    cpu = time.process_time() + _entries_cpu(seats)
    start = time.perf_counter()
    for index, seed in enumerate(seeds):
        hand = play_hand(Seating(str(index), "pair", seed, ("a", "b")), seats, Rules())
        decisions += sum(hand["decisions"])
        if hand["forfeits"]:
            raise RuntimeError(f"a benchmark hand was forfeit: {hand['forfeits']}")
    wall = time.perf_counter() - start
    return wall, time.process_time() + _entries_cpu(seats) - cpu, decisions


def overhead() -> None:
    """Print both per-decision times and the overhead."""
    seats = {
        name: Sandbox(built_in("greedy"), Limits(), entry_user(i))
        for i, name in enumerate(("a", "b"))
    }
    try:
        isolated([game_seed(99, 0)], seats)  # start the processes before timing
        own, league_times, extra = [], [], []
        own_cpu, league_cpu, extra_cpu = [], [], []
        for round_ in range(ROUNDS):
            seeds = [game_seed(round_, i) for i in range(HANDS)]
            seconds, cpu, decisions = in_process(seeds)
            seconds_isolated, cpu_isolated, decisions_isolated = isolated(seeds, seats)
            if decisions != decisions_isolated:
                raise RuntimeError("the two ways of playing made different decisions")
            own.append(seconds / decisions * 1000)
            league_times.append(seconds_isolated / decisions * 1000)
            extra.append(league_times[-1] - own[-1])
            own_cpu.append(cpu / decisions * 1000)
            league_cpu.append(cpu_isolated / decisions * 1000)
            extra_cpu.append(league_cpu[-1] - own_cpu[-1])
    finally:
        for seat in seats.values():
            seat.close()

    def show(values: list[float]) -> str:
        return f"{statistics.median(values):.3f} ms (rounds {min(values):.3f} to {max(values):.3f})"

    print(f"wall time per decision, one process:    {show(own)}")
    print(f"wall time per decision, league:         {show(league_times)}")
    print(f"league overhead per decision, wall:     {show(extra)}  (target: at most 2 ms)")
    print(f"processor time per decision, one process: {show(own_cpu)}")
    print(f"processor time per decision, league:      {show(league_cpu)}")
    print(f"league overhead per decision, processor:  {show(extra_cpu)}")


def _all_cpu() -> float:
    """Processor seconds of this process and of every finished process it started (the
    league's workers, and the entries' processes they started)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def ten_entries() -> None:
    """Time a ten-entry league at greedy's strength."""
    hands = int(os.environ.get("KINGSCORNER_BENCH_LEAGUE_HANDS", "200"))
    if not hands:
        return
    source = built_in("greedy").source
    entries = [Entry(f"greedy{i}", source, "built-in") for i in range(10)]
    with tempfile.TemporaryDirectory() as folder:
        cpu = _all_cpu()
        start = time.perf_counter()
        result = league(
            entries=entries, hands=hands, results=Path(folder) / "results.jsonl", progress=False
        )
        seconds = time.perf_counter() - start
        cpu = _all_cpu() - cpu
    forfeits = sum(line.forfeited for line in result.standings)
    cores = os.cpu_count() or 1
    print(
        f"10 entries, {hands} hands per pair, {len(result.hands)} hands in all "
        f"({forfeits} forfeits) on {cores} cores: {seconds:.1f} s "
        "(target: within 300 s for 200 hands per pair)"
    )
    print(
        f"  processor time of the league, its workers and the entries: {cpu:.1f} s, so at "
        f"least {cpu / cores:.1f} s on {cores} idle cores"
    )


def checked_apart() -> None:
    """check_player's cost for a player object asked in a forked process of its own for each
    hand, against the same object asked in this process (the way where nothing can fork): the
    median decision and the whole check, over the same hands (no twin tables in either)."""
    from kingscorner_widget.analysis.runs import check_player as check

    player = make_player("greedy")
    rows: dict[bool, list[tuple[float, float, int]]] = {}
    for apart in (False, True, False, True):
        setattr(check, "can_fork", (lambda: True) if apart else (lambda: False))  # noqa: B010
        start = time.perf_counter()
        report = check.check_player(player, hands=HANDS, twins=0)
        seconds = time.perf_counter() - start
        rows.setdefault(apart, []).append((report.median * 1000, seconds, report.decisions))
    setattr(check, "can_fork", apart_possible)  # noqa: B010
    for apart, runs in rows.items():
        where = "a process forked each hand" if apart else "this process"
        median = statistics.median(r[0] for r in runs)
        whole = statistics.median(r[1] for r in runs)
        print(
            f"check_player of an object, in {where}: {median:.3f} ms a decision at the median, "
            f"{whole:.2f} s for {HANDS} hands ({runs[0][2]} decisions)"
        )


def run() -> None:
    """The measurements, with the machine's load beside them."""
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    overhead()
    checked_apart()
    ten_entries()
    print(f"load average after: {os.getloadavg()[0]:.2f}")
