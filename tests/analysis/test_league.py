"""The class league: entries in their own processes, forfeits, resuming, results and ratings.

The hostile entries try what a student's code might: search memory for the game, sleep for
ever, end their process, print megabytes, write the results file. The league must finish every
hand, forfeit only the culprits, and keep its results intact.
"""

from __future__ import annotations

import json
import os
import sys
import textwrap
from pathlib import Path

import pytest

from kingscorner_widget.analysis.league import league, load_entries, schedule
from kingscorner_widget.analysis.league import run as league_run
from kingscorner_widget.analysis.league.board import dumps
from kingscorner_widget.analysis.league.results import ResultsFile
from kingscorner_widget.analysis.league.run import ISOLATION_OFF
from kingscorner_widget.cli import main
from kingscorner_widget.sandbox.process import entry_user

FIRST = """
class Player:
    name = "first"

    def choose(self, observation):
        return observation.legal_moves[0]
"""

SHEDDER = """
from kingscorner_widget import PlayCard


class Shedder:
    name = "shedder"

    def choose(self, observation):
        cards = [m for m in observation.legal_moves if isinstance(m, PlayCard)]
        return cards[0] if cards else observation.legal_moves[-1]


player = Shedder()
"""

MEMORY = """
import gc
import os


class Player:
    name = "memory"

    def choose(self, observation):
        for obj in gc.get_objects():
            if type(obj).__name__ == "Game":
                raise RuntimeError("FOUND a game in this process")
        try:
            with open(f"/proc/{os.getppid()}/maps") as maps:
                start = int(maps.readline().split("-")[0], 16)
            with open(f"/proc/{os.getppid()}/mem", "rb") as mem:
                mem.seek(start)
                mem.read(64)
        except (OSError, ValueError):
            pass
        else:
            raise RuntimeError("FOUND the league's memory")
        return observation.legal_moves[0]
"""

SLEEPER = """
import time


class Player:
    name = "sleeper"

    def choose(self, observation):
        time.sleep(10**6)
"""

EXITER = """
import os


class Player:
    name = "exiter"

    def choose(self, observation):
        os._exit(3)
"""

PRINTER = """
import sys


class Player:
    name = "printer"

    def choose(self, observation):
        for _ in range(4):
            print("x" * 1_000_000)
            sys.stderr.write("y" * 1_000_000)
        return observation.legal_moves[0]
"""

WRITER = """
RESULTS = {results!r}


class Player:
    name = "writer"

    def choose(self, observation):
        for path, mode in ((RESULTS, "a"), (RESULTS + ".key", "w")):
            try:
                with open(path, mode) as out:
                    out.write("{{}}\\n")
            except OSError:
                continue
            raise RuntimeError("WROTE " + path)
        return observation.legal_moves[0]
"""

BROKEN = "def choose(:\n"


def _write(folder: Path, files: dict[str, str]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, source in files.items():
        (folder / f"{name}.py").write_text(textwrap.dedent(source))
    return folder


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> tuple[object, Path]:
    root = tmp_path_factory.mktemp("league")
    results = root / "results" / "league.jsonl"
    folder = _write(
        root / "players",
        {
            "first": FIRST,
            "memory": MEMORY,
            "sleeper": SLEEPER,
            "exiter": EXITER,
            "printer": PRINTER,
            "writer": WRITER.format(results=str(results)),
            "broken": BROKEN,
        },
    )
    result = league(
        folder,
        with_=["greedy"],
        hands=2,
        four_seat=2,
        results=results,
        time_limit=0.5,
        workers=2,
        progress=False,
    )
    return result, results


def _forfeits(result: object, name: str) -> list[str]:
    return [hand["forfeits"][name] for hand in result.hands if name in hand["forfeits"]]  # type: ignore[attr-defined]


@pytest.mark.slow
def test_the_league_plays_every_hand_whatever_the_entries_do(hostile: tuple[object, Path]) -> None:
    result, _ = hostile
    names = [line.name for line in result.standings]  # type: ignore[attr-defined]
    assert len(result.hands) == len(schedule(sorted(names), 2, 2))  # type: ignore[attr-defined]
    assert result.isolated  # type: ignore[attr-defined]


@pytest.mark.slow
def test_an_entry_finds_no_game_and_no_league_memory(hostile: tuple[object, Path]) -> None:
    result, _ = hostile
    assert _forfeits(result, "memory") == []


@pytest.mark.slow
def test_sleeping_exiting_and_broken_entries_forfeit_with_the_reason(
    hostile: tuple[object, Path],
) -> None:
    result, _ = hostile
    sleeps = _forfeits(result, "sleeper")
    assert sleeps
    assert all("took longer than 0.5 s" in reason for reason in sleeps)
    exits = _forfeits(result, "exiter")
    assert exits
    assert all("its process ended (exit status 3)" in reason for reason in exits)
    broken = _forfeits(result, "broken")
    assert broken
    assert all("its file fails: " in reason for reason in broken)
    assert "SyntaxError" in broken[0]
    lines = {line.name: line for line in result.standings}  # type: ignore[attr-defined]
    assert lines["sleeper"].forfeit_words() == f"{len(sleeps)} (too slow {len(sleeps)})"
    assert dict(lines["exiter"].forfeits) == {"crashed": len(exits)}
    assert dict(lines["broken"].forfeits) == {"its file fails": lines["broken"].hands}


@pytest.mark.slow
def test_printing_megabytes_costs_nothing_but_time(hostile: tuple[object, Path]) -> None:
    result, _ = hostile
    assert _forfeits(result, "printer") == []


@pytest.mark.slow
def test_an_entry_cannot_write_the_results(hostile: tuple[object, Path]) -> None:
    result, path = hostile
    wrote = _forfeits(result, "writer")
    if entry_user(0) is not None:  # as root each entry has a user of its own
        assert wrote == []
    # whatever it managed, the file on disk is the league's own and reads back whole
    store = ResultsFile.open(path, json.loads(path.read_text().split("\n")[0])["item"]["league"])
    assert [hand["key"] for hand in store.hands] == [hand["key"] for hand in result.hands]  # type: ignore[attr-defined]


@pytest.mark.slow
def test_the_leaderboard_shows_forfeits_and_why(hostile: tuple[object, Path]) -> None:
    result, _ = hostile
    html = result.leaderboard().to_html()  # type: ignore[attr-defined]
    assert "<table" in html
    assert "too slow" in html
    assert "heads-up win rate" in html
    assert "sleeper: it took longer than 0.5 s to answer" in html
    data = json.loads(dumps(result))  # type: ignore[arg-type]
    assert {player["player"] for player in data["players"]} >= {"first", "greedy", "sleeper"}
    chart = result.chart()._repr_mimebundle_()  # type: ignore[attr-defined]
    assert chart["application/vnd.vegalite.v5+json"]["data"]["values"]
    assert "sleeper" in chart["text/markdown"]  # the chart's table of numbers


def _small(tmp_path: Path) -> Path:
    return _write(tmp_path / "players", {"first": FIRST, "shedder": SHEDDER})


def test_a_league_resumes_and_refuses_a_changed_results_file(tmp_path: Path) -> None:
    folder = _small(tmp_path)
    first = league(folder, with_=["random"], hands=2, workers=1, progress=False)
    path = folder / "league-results.jsonl"
    lines = path.read_text().splitlines()
    assert len(lines) == 1 + len(first.hands) == 7
    path.write_text("\n".join(lines[:4]) + "\n")  # as if stopped after three hands
    again = league(folder, with_=["random"], hands=2, workers=1, progress=False)
    assert [h["key"] for h in again.hands][:3] == [h["key"] for h in first.hands][:3]
    assert {h["key"] for h in again.hands} == {h["key"] for h in first.hands}
    # A student's edit of a hand's ranks: made whatever the secret deals gave (a hand's ranks may
    # be [1, 2], [2, 1] or a tie), so the file surely changes.
    lines = path.read_text().splitlines()
    record = json.loads(lines[1])
    ranks = record["item"]["hand"]["ranks"]
    record["item"]["hand"]["ranks"] = [rank + 1 for rank in ranks]
    lines[1] = json.dumps(record)
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(ValueError, match=r"league-results\.jsonl was changed after the league"):
        league(folder, with_=["random"], hands=2, workers=1, progress=False)


def test_a_resumed_league_refuses_an_entry_that_changed(tmp_path: Path) -> None:
    folder = _small(tmp_path)
    league(folder, hands=2, workers=1, progress=False)
    (folder / "first.py").write_text(FIRST + "\n# a new idea\n")
    with pytest.raises(ValueError, match="first changed since"):
        league(folder, hands=2, workers=1, progress=False)


def test_entries_are_read_by_name_and_duplicates_refused(tmp_path: Path) -> None:
    folder = _small(tmp_path)
    assert [e.name for e in load_entries(folder, ["greedy"])] == ["first", "shedder", "greedy"]
    with pytest.raises(ValueError, match="two entries are called greedy"):
        load_entries(_write(folder, {"greedy": FIRST}), ["greedy"])
    with pytest.raises(ValueError, match="unknown player 'clever'"):
        load_entries(folder, ["clever"])
    with pytest.raises(ValueError, match="not a folder"):
        load_entries(tmp_path / "nowhere")


def test_the_schedule_pairs_deals_and_seats() -> None:
    plan = schedule(["a", "b", "c", "d"], 4, 1)
    pairs = [s for s in plan if s.kind == "pair"]
    assert len(pairs) == 6 * 4
    assert len({s.key for s in plan}) == len(plan)
    assert pairs[0].seed == pairs[1].seed
    assert pairs[0].names == pairs[1].names[::-1]
    assert pairs[0].seed == pairs[4].seed  # the same deals for every pair
    fours = [s for s in plan if s.kind == "four"]
    assert len(fours) == 4
    assert len({s.seed for s in fours}) == 1
    assert {s.names[0] for s in fours} == set(fours[0].names)
    with pytest.raises(ValueError, match="must be even"):
        schedule(["a", "b"], 3, 0)


def test_in_a_browser_the_league_runs_here_and_says_isolation_is_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _small(tmp_path)
    monkeypatch.setattr(sys, "platform", "emscripten")
    result = league(folder, hands=2, progress=False)
    assert not result.isolated
    assert result.note.startswith(ISOLATION_OFF)
    assert "Isolation is off" in result.leaderboard().to_html()
    assert len(result.hands) == 2


def test_without_isolation_the_memory_search_finds_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hostile entry's search works: only its own process keeps the game from it."""
    folder = _write(tmp_path / "players", {"first": FIRST, "memory": MEMORY})
    monkeypatch.setattr(sys, "platform", "emscripten")
    result = league(folder, hands=2, progress=False)
    found = _forfeits(result, "memory")
    assert found
    assert all("FOUND a game in this process" in reason for reason in found)


def test_the_command_line_prints_the_leaderboard(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _small(tmp_path)
    html = tmp_path / "board.html"
    status = main(
        [
            "league",
            str(folder),
            "--with",
            "greedy",
            "--hands",
            "2",
            "--quiet",
            "--workers",
            "1",
            "--html",
            str(html),
        ]
    )
    out = capsys.readouterr().out
    assert status == 0
    assert "League of 3 players, 6 hands" in out
    assert "greedy" in out
    assert "<table" in html.read_text()
    assert main(["league", str(tmp_path / "nowhere")]) == 1  # a folder it cannot read
    assert "is not a folder of players" in capsys.readouterr().err


def test_the_results_file_is_only_the_leagues_to_write(tmp_path: Path) -> None:
    folder = _small(tmp_path)
    league(folder, hands=2, workers=1, progress=False)
    key = folder / "league-results.jsonl.key"
    assert oct(os.stat(key).st_mode & 0o777) == "0o600"


def test_without_isolation_a_slow_entry_sits_out_the_later_hands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    slow = "import time\n\nclass Player:\n    def choose(self, seen):\n        time.sleep(0.3)\n"
    folder = _write(
        tmp_path / "players",
        {"first": FIRST, "slow": slow + "        return seen.legal_moves[0]\n"},
    )
    monkeypatch.setattr(sys, "platform", "emscripten")
    result = league(folder, hands=4, time_limit=0.1, progress=False)
    hands = sorted(result.hands, key=lambda hand: hand["index"])
    said = [hand["forfeits"].get("slow") for hand in hands]
    first = next(i for i, reason in enumerate(said) if reason)
    # a hand can end before the slow entry has a choice to make (the deals come from the
    # league's own key): it forfeits the first hand it is asked to decide in, then every later one
    asked = [hand["decisions"][hand["seats"].index("slow")] for hand in hands[:first]]
    assert asked == [0] * first
    assert said[first] == "it took longer than 0.1 s to answer"
    later = said[first + 1 :]
    assert all(reason and reason.endswith("(isolation is off: it sits out)") for reason in later)


def test_a_results_folder_every_user_may_change_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As root, where each entry has a user of its own (refused before any entry starts)."""
    monkeypatch.setattr(league_run, "entry_user", lambda index: 61000 + index)
    folder = _small(tmp_path)
    open_folder = tmp_path / "open"
    open_folder.mkdir()
    open_folder.chmod(0o777)
    with pytest.raises(ValueError, match="may be changed by every user"):
        league(folder, hands=2, results=open_folder / "r.jsonl", progress=False)
    assert not (open_folder / "r.jsonl").exists()


def test_an_entry_never_runs_as_a_user_the_machine_already_has(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from kingscorner_widget.sandbox import process as sandbox

    taken = {61000, 61002}
    monkeypatch.setattr(sandbox, "_taken", lambda uid: uid in taken)
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    monkeypatch.setattr(sandbox, "_claim", lambda uid: True)  # no other league holds one
    monkeypatch.setattr(sandbox, "_CLAIMED", {})
    assert [sandbox.entry_user(k) for k in range(3)] == [61001, 61003, 61004]
