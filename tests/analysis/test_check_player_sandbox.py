"""check_player against a player who fights the check (issue 34, item 10): a hang, SystemExit,
a huge answer, an endless __repr__ and a player that searches its process for the game are
each reported in words, and the notebook goes on."""

from __future__ import annotations

import gc
import os
import time
from pathlib import Path

import pytest

from kingscorner_widget import Game
from kingscorner_widget.analysis import check_player
from kingscorner_widget.analysis.runs import check_player as check_player_module
from kingscorner_widget.engine.observation import Observation
from kingscorner_widget.sandbox.process import can_isolate

HANG = """
class Player:
    def choose(self, seen):
        while True:
            pass
"""

QUIT = """
class Player:
    def choose(self, seen):
        raise SystemExit(3)
"""

HUGE = """
class Player:
    def choose(self, seen):
        return "Th>N" * 8_000_000
"""

SNOOP = """
import gc


class Player:
    def choose(self, seen):
        for thing in gc.get_objects():
            if type(thing).__name__ == "Game":
                raise RuntimeError("FOUND the game")
        return seen.legal_moves[0]
"""


def _file(tmp_path: Path, name: str, source: str) -> Path:
    path = tmp_path / f"{name}.py"
    path.write_text(source)
    return path


needs_processes = pytest.mark.skipif(not can_isolate(), reason="no processes here")


@needs_processes
def test_a_hanging_file_is_too_slow_and_the_check_goes_on(tmp_path: Path) -> None:
    start = time.perf_counter()
    report = check_player(_file(tmp_path, "hang", HANG), hands=2, time_limit=0.3)
    assert time.perf_counter() - start < 60
    assert report.hands == 2
    assert {p.kind for p in report.problems} == {"too slow"}
    assert "took longer than 0.3 s" in report.describe()
    assert "as the league runs it" in report.describe()


@needs_processes
def test_system_exit_and_huge_answers_are_reported(tmp_path: Path) -> None:
    quits = check_player(_file(tmp_path, "quit", QUIT), hands=1)
    assert quits.problems
    assert all("SystemExit" in p.detail for p in quits.problems)
    huge = check_player(_file(tmp_path, "huge", HUGE), hands=1)
    assert huge.problems
    assert {p.kind for p in huge.problems} <= {"not a move", "too slow"}
    assert len(huge.describe()) < 5000  # said in words, never echoed


@needs_processes
def test_a_player_searching_its_process_finds_no_game(tmp_path: Path) -> None:
    report = check_player(_file(tmp_path, "snoop", SNOOP), hands=3)
    assert report.ok, report.describe()


class Hangs:
    name = "hangs"

    def choose(self, seen: object) -> str:
        time.sleep(HANG_SECONDS)
        return "draw"


HANG_SECONDS = 120.0
"""How long a hanging player sleeps: far longer than a check that cut each hang at once takes,
even on a busy machine, so waiting out a single hang is told apart from cutting it."""


def test_a_hanging_object_loses_its_process_and_the_check_goes_on() -> None:
    start = time.perf_counter()
    report = check_player(Hangs(), hands=3, time_limit=0.2)
    assert (
        time.perf_counter() - start < HANG_SECONDS / 4
    )  # each hang ended at once, none waited out
    assert report.hands == 3
    assert [p.kind for p in report.problems] == ["too slow"] * 3
    assert "a stand-in plays the rest of this hand" in report.describe()
    assert "The check stopped" not in report.describe()


def test_in_the_kernel_a_hang_ends_the_check_in_words(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(check_player_module, "can_fork", lambda: False)  # as in a browser
    start = time.perf_counter()
    report = check_player(Hangs(), hands=3, time_limit=0.2)
    assert time.perf_counter() - start < 2
    assert report.problems[0].kind == "too slow"
    assert "The check stopped" in report.describe()


class GcSnoop:
    """Searches the process (``gc.get_objects()``) for the game whose view is its own, and
    says the hidden cards it finds there (a player using them would beat twin tables with a
    class-level memo of what it saw)."""

    name = "gc-snoop"

    def choose(self, seen: Observation) -> object:
        for thing in gc.get_objects():
            if not isinstance(thing, Game) or thing.is_over() or thing.turn != seen.player:
                continue
            try:
                same = thing.observation(seen.player) == seen
            except Exception:
                continue
            if same:
                following = seen.player % seen.rules.players + 1
                hidden = [str(card) for card in thing.hand(following)]
                raise RuntimeError(f"FOUND the game: the next player holds {' '.join(hidden)}")
        return seen.legal_moves[0]


def test_an_object_searching_the_process_for_the_game_finds_none() -> None:
    # A seed of its own: a game other tests left running (a hang's thread) may hold the deals
    # of seed 0, which are no secret of the check.
    report = check_player(GcSnoop(), hands=4, seed=17)
    assert report.ok, report.describe()
    assert "FOUND" not in report.describe()
    assert "process of its own" in report.describe()
    assert report.decisions > 0


def test_in_the_kernel_the_same_search_finds_the_hidden_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The attack is real where the player shares the kernel's memory (no fork)."""
    monkeypatch.setattr(check_player_module, "can_fork", lambda: False)
    report = check_player(GcSnoop(), hands=2, seed=17, twins=0)
    assert any("FOUND the game: the next player holds" in p.detail for p in report.problems)


def test_in_process_system_exit_and_strange_answers_are_words() -> None:
    class Quits:
        def choose(self, seen: object) -> str:
            raise SystemExit("bye")

    report = check_player(Quits(), hands=1)
    assert report.problems[0].kind == "exception"
    assert "SystemExit" in report.problems[0].detail

    class Endless:
        def __repr__(self) -> str:
            while True:
                pass

    class Odd:
        def __init__(self, answer: object) -> None:
            self.answer = answer

        def choose(self, seen: object) -> object:
            return self.answer

        def __deepcopy__(self, memo: object) -> Odd:
            return self

    for answer, words in (
        (list(range(30_000_000)), "an object of type list"),
        (Endless(), "an object of type Endless"),
        ("x" * 1_000_000, "a text of 1,000,000 characters"),
    ):
        report = check_player(Odd(answer), hands=1, twins=0)
        assert report.problems[0].kind == "not a move"
        assert words in report.problems[0].detail


class Vanishes:
    """Prints (nothing of it reaches the notebook), then ends its own process mid-hand."""

    name = "vanishes"

    def choose(self, seen: Observation) -> object:
        print("\x1b[2Jhello from the player")
        if seen.cards_played_this_turn == 0 and len(seen.legal_moves) > 2:
            os._exit(3)
        return seen.legal_moves[-1]


def test_an_object_that_ends_its_process_forfeits_that_hand_in_words(
    capfd: pytest.CaptureFixture[str],
) -> None:
    report = check_player(Vanishes(), hands=3)
    assert report.hands == 3
    assert report.problems
    assert {p.kind for p in report.problems} == {"exception"}
    assert "its process ended (exit status 3)" in report.describe()
    assert "a stand-in plays the rest of this hand" in report.describe()
    out, err = capfd.readouterr()
    assert "hello from the player" not in out + err


class ClosesAndRuns:
    """Closes its end of the line to the check, then goes on running."""

    def choose(self, seen: Observation) -> object:
        import socket

        for fd in range(3, 64):
            try:
                if socket.socket(fileno=fd).type == socket.SOCK_STREAM:
                    os.close(fd)
            except OSError:
                continue
        time.sleep(30)
        return "draw"


def test_an_object_that_closes_its_line_and_runs_on_is_ended() -> None:
    start = time.perf_counter()
    report = check_player(ClosesAndRuns(), hands=2, time_limit=5)
    assert time.perf_counter() - start < 15
    assert report.hands == 2
    assert [p.kind for p in report.problems] == ["exception", "exception"]
    assert "its process stopped answering" in report.describe()
