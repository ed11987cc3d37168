"""A student who wants to win the league, as root, with the league's own limits in place.

Each hostile entry tries one attack of issue 34 and raises ``ESCAPED ...`` if it works, so a
forfeit whose reason says ``ESCAPED`` is a hole. The league must finish every hand, and every
attack must find nothing: its deals (replaying the package's deal seeds against its own hand),
the other entries' files, the results, the league's command line, the network, a user
namespace, an unbounded ``/tmp``, a life after the league.
"""

from __future__ import annotations

import json
import os
import socket
import stat
import textwrap
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from kingscorner_widget.analysis.league import league
from kingscorner_widget.analysis.league.entries import Entry
from kingscorner_widget.analysis.league.results import ResultsFile
from kingscorner_widget.analysis.league.run import replay_deal
from kingscorner_widget.cli import main
from kingscorner_widget.engine.rules import Rules
from kingscorner_widget.sandbox.process import (
    Limits,
    Sandbox,
    _processes_by_user,
    can_contain,
    entry_user,
)

pytestmark = pytest.mark.skipif(
    not can_contain(), reason="the league's namespaces need root on Linux (CI runs as root)"
)

FIRST = """
class Player:
    def choose(self, observation):
        return observation.legal_moves[0]
"""

REPLAY = """
from kingscorner_widget import Game
from kingscorner_widget.analysis.runs.simulate import game_seed


class Player:
    def choose(self, seen):
        mine = sorted(map(str, seen.hand))
        for seed in range(3):
            for deal in [*range(20), *range(1_000_000, 1_000_020)]:
                game = Game.new(seed=game_seed(seed, deal), rules=seen.rules)
                if sorted(map(str, game.observation(seen.player).hand)) == mine:
                    raise RuntimeError(f"ESCAPED: deal {deal} of seed {seed} is this one")
        return seen.legal_moves[0]
"""

SNOOP = """
import os

PLACES = {places!r}


class Player:
    def choose(self, seen):
        for place in PLACES:
            try:
                if os.path.isdir(place):
                    found = os.listdir(place)
                else:
                    with open(place, encoding="utf-8") as source:
                        found = source.read(100)
            except OSError:
                continue
            raise RuntimeError(f"ESCAPED: read {{place}}: {{found!r:.60}}")
        for pid in os.listdir("/proc"):
            try:
                with open(f"/proc/{{pid}}/cmdline", "rb") as line:
                    words = line.read()
            except (OSError, NotADirectoryError):
                continue
            if b"players" in words or b"results" in words or b"pytest" in words:
                raise RuntimeError(f"ESCAPED: a command line names {{words[:80]!r}}")
        return seen.legal_moves[0]
"""

WALLS = """
import ctypes
import os
import socket

PORT = {port}


class Player:
    def choose(self, seen):
        try:
            socket.socket().connect(("127.0.0.1", PORT))
        except OSError:
            pass
        else:
            raise RuntimeError("ESCAPED: reached 127.0.0.1")
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.unshare(0x10000000) == 0:
            raise RuntimeError("ESCAPED: made a user namespace")
        written = 0
        try:
            for number in range(80):
                with open(f"/tmp/fill{{number}}", "wb") as out:
                    out.write(b"x" * 900_000)
                written += 900_000
        except OSError:
            pass
        if written > 40_000_000:
            raise RuntimeError(f"ESCAPED: wrote {{written}} bytes to /tmp")
        return seen.legal_moves[0]
"""

ESCAPER = """
import os
import time

FORKED = []


class Player:
    def choose(self, seen):
        if not FORKED and os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                time.sleep(10**6)
            os._exit(0)
        FORKED.append(True)
        return seen.legal_moves[0]
"""

DIER = """
import signal


class Player:
    def choose(self, seen):
        signal.setitimer(signal.ITIMER_REAL, 0.01)  # its alarm ends it between two messages
        return seen.legal_moves[0]
"""


def _write(folder: Path, files: dict[str, str]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, source in files.items():
        (folder / f"{name}.py").write_text(textwrap.dedent(source))
    return folder


@pytest.fixture(scope="module")
def listening() -> Iterator[int]:
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    thread = threading.Thread(target=lambda: [server.accept() for _ in range(100)], daemon=True)
    thread.start()
    yield server.getsockname()[1]
    server.close()


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory, listening: int) -> tuple[object, Path, Path]:
    root = tmp_path_factory.mktemp("hostile")
    results = root / "results" / "league.jsonl"
    players = root / "players"
    places = [str(players), str(players / "first.py"), str(results), str(results) + ".key"]
    folder = _write(
        players,
        {
            "first": FIRST,
            "replay": REPLAY,
            "snoop": SNOOP.format(places=places),
            "walls": WALLS.format(port=listening),
            "escaper": ESCAPER,
            "dier": DIER,
        },
    )
    from kingscorner_widget.analysis.league import run

    sweep = run.end_users  # type: ignore[attr-defined]

    def end_users(users: list[int], rounds: int = 50) -> int:
        LEAGUE_USERS.extend(users)
        return sweep(users, rounds)

    setattr(run, "end_users", end_users)  # noqa: B010 - the league's own name for it
    try:
        result = league(folder, hands=2, four_seat=0, results=results, workers=2, progress=False)
    finally:
        setattr(run, "end_users", sweep)  # noqa: B010
    return result, results, folder


LEAGUE_USERS: list[int] = []
"""The users this module's league gave its entries (other leagues on the machine, run by
others at the same time, have users of their own: those are not this test's to judge)."""


def _reasons(result: object) -> list[str]:
    return [r for hand in result.hands for r in hand["forfeits"].values()]  # type: ignore[attr-defined]


@pytest.mark.slow
def test_no_attack_finds_anything(played: tuple[object, Path, Path]) -> None:
    """Items 1, 2 and 9: replayed deals, files, command lines, network, namespaces, /tmp."""
    result, _, _ = played
    assert len(result.hands) == 6 * 5  # type: ignore[attr-defined]
    escaped = [reason for reason in _reasons(result) if "ESCAPED" in reason]
    assert escaped == []
    lines = {line.name: line for line in result.standings}  # type: ignore[attr-defined]
    for name in ("replay", "snoop", "walls", "escaper"):
        assert lines[name].forfeited == 0, lines[name].example


@pytest.mark.slow
def test_the_results_keep_no_seed_and_only_root_reads_them(
    played: tuple[object, Path, Path],
) -> None:
    """Item 1 and 2: hands are named by deal number; the deals come from the key alone."""
    result, results, _ = played
    hand = result.hands[0]  # type: ignore[attr-defined]
    assert "seed" not in hand
    assert isinstance(hand["deal"], int)
    header = json.loads(results.read_text().split("\n")[0])["item"]["league"]
    assert header["seed"] == 0  # a label: the same seed in another league deals other cards
    for path in (results, results.with_name(results.name + ".key")):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
    game = replay_deal(results, hand["key"])
    again = replay_deal(results, hand["key"])
    assert game.position() == again.position()


@pytest.mark.slow
def test_a_dead_entry_between_messages_forfeits_and_the_league_goes_on(
    played: tuple[object, Path, Path],
) -> None:
    """Item 6."""
    result, _, _ = played
    died = [hand["forfeits"]["dier"] for hand in result.hands if "dier" in hand["forfeits"]]  # type: ignore[attr-defined]
    assert died
    assert all(reason.startswith("its process ") for reason in died), died


@pytest.mark.slow
def test_no_process_of_an_entry_outlives_the_league(played: tuple[object, Path, Path]) -> None:
    """Item 5: the escaper's grandchildren left its session; they end with the league."""
    if os.geteuid() != 0:
        pytest.skip("entries have users of their own only as root")
    assert LEAGUE_USERS
    running = _processes_by_user()
    assert [uid for uid in running if uid in LEAGUE_USERS] == []


def test_a_setsid_escape_ends_when_the_sandbox_closes() -> None:
    """Item 5, without the league's final sweep: the process namespace ends them all."""
    user = entry_user(0)
    assert user is not None
    seat = Sandbox(Entry("escaper", textwrap.dedent(ESCAPER), "test"), Limits(), user)
    try:
        assert seat.deal(1, Rules()) is None
        from kingscorner_widget import Game
        from kingscorner_widget.sandbox.protocol import turn_line

        game = Game.new(players=2, seed=1)
        assert seat.choose(turn_line(game, 1, 0)).move is not None
        time.sleep(0.3)
        assert len(_processes_by_user().get(user, [])) >= 2  # the entry and its escapees
    finally:
        seat.close()
    deadline = time.monotonic() + 5
    while _processes_by_user().get(user) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _processes_by_user().get(user) is None


def test_a_start_timeout_is_paid_once() -> None:
    """Item 7: a file slower to start than the limit sits out every later hand at no cost."""
    slow = Entry("slow", "import time\ntime.sleep(30)\n" + FIRST, "test")
    seat = Sandbox(slow, Limits(start=0.5, decision=0.2), entry_user(0))
    try:
        first = seat.deal(1, Rules())
        assert first is not None
        assert "did not start within 0.5 s" in first
        start = time.perf_counter()
        assert seat.deal(1, Rules()) == first
        assert time.perf_counter() - start < 0.05
    finally:
        seat.close()


def test_a_closed_pipe_with_words_unsent_does_not_raise() -> None:
    """Item 6: close() after the entry died with a message still in the pipe's buffer."""
    seat = Sandbox(Entry("first", FIRST, "test"), Limits(), entry_user(0))
    assert seat.deal(1, Rules()) is None
    process = seat._process
    assert process is not None
    assert process.stdin is not None
    if seat._group is not None:  # between turns it is frozen, and a frozen process cannot end
        seat._group.resume()
    os.killpg(process.pid, 9)
    process.wait()
    process.stdin.write(b"x" * 100)  # buffered, never flushed: close() would flush it
    seat.close()
    assert seat.pid is None


def test_a_planted_link_is_never_followed(tmp_path: Path) -> None:
    """Item 3: --html names a link to a root file, planted by another user in a sticky folder
    or not: the league writes a new file and renames it over the link itself (root may,
    sticky or not), so the file the link named stays untouched."""
    players = _write(tmp_path / "players", {"first": FIRST, "second": FIRST})
    precious = tmp_path / "precious"
    precious.write_text("root's own\n")
    sticky = tmp_path / "sticky"
    sticky.mkdir()
    sticky.chmod(0o1777)
    link = sticky / "board.html"
    link.symlink_to(precious)
    os.lchown(link, 61999, 61999)
    args = ["league", str(players), "--hands", "2", "--quiet", "--workers", "1"]
    status = main([*args, "--results", str(tmp_path / "r.jsonl"), "--html", str(link)])
    assert status == 0
    assert precious.read_text() == "root's own\n"
    assert not link.is_symlink()
    assert link.stat().st_uid == os.geteuid()
    own = tmp_path / "own.html"
    own.symlink_to(precious)
    assert main([*args, "--results", str(tmp_path / "r.jsonl"), "--html", str(own)]) == 0
    assert precious.read_text() == "root's own\n"
    assert "<table" in own.read_text()
    assert not own.is_symlink()


def test_results_another_user_made_are_refused(tmp_path: Path) -> None:
    """Item 4: a results-and-key pair planted by another user is refused, not resumed."""
    players = _write(tmp_path / "players", {"first": FIRST, "second": FIRST})
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o1777)
    results = shared / "r.jsonl"
    league(players, hands=2, results=results, workers=1, progress=False)
    for path in (results, results.with_name("r.jsonl.key")):
        os.chown(path, 61999, 61999)
    with pytest.raises(ValueError, match=r"is not a (key|results file) this league made"):
        league(players, hands=2, results=results, workers=1, progress=False)
    planted = shared / "p.jsonl"
    planted.with_name("p.jsonl.key").symlink_to(results.with_name("r.jsonl.key"))
    with pytest.raises(ValueError, match="is a link, not a key this league made"):
        ResultsFile.open(planted, {})


def test_entry_text_is_inert_everywhere(tmp_path: Path) -> None:
    """Item 8: escape codes in a reason reach no terminal, JSON or HTML raw."""
    nasty = (
        "class Player:\n    def choose(self, seen):\n"
        "        raise RuntimeError('\\x1b[2J\\x1b]0;pwned\\x07\\r\\n1 nasty 100%\\u202e')\n"
    )
    players = _write(tmp_path / "players", {"first": FIRST, "nasty": nasty})
    result = league(players, hands=2, workers=1, progress=False)
    from kingscorner_widget.analysis.league.board import dumps

    for text in (result.describe(), result.leaderboard().to_html(), dumps(result)):
        assert not any(char in text for char in "\x1b\x07\r\u202e")
    assert "\\x1b[2J" in result.describe()
    (players / "bad\x1bname.py").write_text(FIRST)
    with pytest.raises(ValueError, match="cannot be shown"):
        league(players, hands=2, workers=1, progress=False)
