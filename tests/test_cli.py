"""The ``kingscorner`` command line: output, exit codes and errors as a shell user expects."""

from __future__ import annotations

import io
import json
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kingscorner_widget import Game, Match, __version__
from kingscorner_widget.analysis import best_turn, review
from kingscorner_widget.analysis.league.results import ResultsFile
from kingscorner_widget.analysis.players import GreedyPlayer, Player, RandomPlayer, make_player
from kingscorner_widget.cli import COMMANDS, EXIT_IO, EXIT_USAGE, PLAYER_NAMES, Command, main
from kingscorner_widget.course import TUTORIALS
from kingscorner_widget.engine.record import read_record, save
from kingscorner_widget.engine.rules import Rules, option_names
from kingscorner_widget.engine.words import count_words, listed

COMBO = "N:8s7h E:9d S:4c W:Jc NE:- SE:- SW:- NW:- P1:Qh6c2d P2:?7 stock:37 turn:P1"


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    status = main(list(argv), out)
    return status, out.getvalue()


def test_best_prints_every_move_of_the_proven_best_turn() -> None:
    status, text = run("best", COMBO)
    assert status == 0
    lines = text.splitlines()
    plan = best_turn(Game.from_position(COMBO))
    assert (plan.cards_played, plan.goes_out, plan.exact) == (3, True, True)
    assert lines[0] == f"P1's best turn sheds {count_words(3)} and goes out (proven best):"
    moves = [line.split()[1] for line in lines[1:]]
    game = Game.from_position(COMBO)
    for move in moves:  # every printed move replays legally, in order
        game.play(move)
    assert game.is_over()  # the three cards were the whole hand
    assert moves[:3] == ["6c>N", "N>E", "Qh>N"]


def test_the_command_lines_counts_agree_with_their_nouns() -> None:
    one = "N:Jc E:6h S:5h W:Qc NE:- SE:- SW:- NW:- P1:Th2d P2:?7 stock:39 turn:P1"
    status, text = run("best", one)
    assert status == 0
    assert text.splitlines()[0].startswith(f"P1's best turn sheds {count_words(1)} (")
    status, text = run("simulate", "greedy", "random", "--games", "1", "--workers", "1", "--quiet")
    assert status == 0
    assert text.startswith(f"{count_words(1, 'game')}, seats rotating")


def test_best_with_a_time_limit_says_whether_it_is_proven() -> None:
    status, text = run("best", COMBO, "--seconds", "5")
    assert status == 0
    assert text.splitlines()[0].endswith("(proven best):")


def test_rules_apply_to_the_position() -> None:
    status, text = run("hint", COMBO, "--rules", '{"corners_version": true}')
    assert status == 0
    assert text.startswith("6c>N: ")


def test_hint_and_odds() -> None:
    status, text = run("hint", COMBO)
    assert (status, text.split(":")[0]) == (0, "6c>N")
    status, text = run("odds", COMBO)
    assert status == 0
    assert "chance that the next card drawn can be played" in text
    assert [line.split()[0] for line in text.splitlines()[1:]] == [
        "N",
        "E",
        "S",
        "W",
        "NE",
        "SE",
        "SW",
        "NW",
    ]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["best", "N:8s7h"], "kingscorner: bad position: the position has no E: field"),
        (["hint", COMBO, "--rules", "{"], "kingscorner: --rules is not JSON"),
        (["hint", COMBO, "--rules", '{"colour": 1}'], "kingscorner: --rules: unknown rule"),
        (["hint", COMBO, "--rules", "[1]"], "kingscorner: --rules takes a JSON object"),
        (["simulate", "greedy", "wizard", "--games", "2", "--quiet"], "kingscorner: "),
        (["tournament", "greedy", "greedy", "--quiet"], "kingscorner: a tournament needs"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, text = run(*argv)
    err = capsys.readouterr().err
    assert status == 2
    assert text == ""
    assert err.startswith(message)
    assert err.count("\n") == 1


@pytest.mark.parametrize(
    "argv",
    [["best"], ["simulate", "greedy", "--games", "0"], ["best", COMBO, "--seconds", "-1"], []],
)
def test_usage_errors_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("kingscorner")
    assert err.count("\n") == 1
    assert err.endswith("--help)\n")


def test_tournament_help_shows_a_plain_percent(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["tournament", "--help"])
    out = capsys.readouterr().out
    assert "95% intervals" in out
    assert "%%" not in out


def test_a_bad_player_is_refused_before_any_progress_bar(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for command in ("simulate", "tournament"):
        status, text = run(command, "greedy", "wizard", "--games", "2", "--workers", "1")
        err = capsys.readouterr().err
        assert (status, text) == (2, "")
        assert err == (
            f"kingscorner: unknown player 'wizard': choose {listed(list(PLAYER_NAMES), 'or')}\n"
        )


def test_tutorials_into_a_missing_place_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "notes").write_text("a file where a folder would have to be")
    target = tmp_path / "notes" / "tutorials"
    assert run("tutorials", str(target)) == (1, "")
    err = capsys.readouterr().err
    assert err == f"kingscorner: cannot write the tutorials into {target}: Not a directory\n"


def test_tutorials_into_an_unwritable_place_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("shutil.copyfile", refuse)  # as a read-only folder does (root or not)
    assert run("tutorials", str(tmp_path)) == (1, "")
    err = capsys.readouterr().err
    assert err == f"kingscorner: cannot write the tutorials into {tmp_path}: Permission denied\n"


def test_simulate_and_tournament_summaries() -> None:
    status, text = run("simulate", "greedy", "random", "--games", "4", "--workers", "1", "--quiet")
    assert status == 0
    rows = {line.split()[0]: line.split() for line in text.splitlines()[2:]}
    assert set(rows) == {"greedy", "random"}
    assert all(row[1] == "4" for row in rows.values())
    status, text = run(
        "tournament", "greedy", "random", "--games", "4", "--workers", "1", "--quiet"
    )
    assert status == 0
    assert "greedy v random" in text
    assert "95% interval" in text


def test_tutorials_copies_every_notebook_and_keeps_existing_ones(tmp_path: Path) -> None:
    target = tmp_path / "my tutorials"
    status, text = run("tutorials", str(target))
    assert status == 0
    copied = sorted(p.name for p in target.glob("*.ipynb"))
    assert copied == sorted(TUTORIALS)
    json.loads((target / copied[0]).read_text())  # a whole notebook, not a fragment
    (target / copied[0]).write_text("my edits")
    status, text = run("tutorials", str(target))
    assert status == 0
    assert (target / copied[0]).read_text() == "my edits"
    assert "kept" in text
    status, _ = run("tutorials", str(target), "--force")
    assert (target / copied[0]).read_text() != "my edits"


def test_tutorials_in_french_are_the_course_s_french_notebooks(tmp_path: Path) -> None:
    """In a checkout they are the ones `make course` built into notebooks/fr/."""
    status, _ = run("tutorials", str(tmp_path / "fr"), "--language", "fr-CA")
    assert status == 0
    copied = sorted(p.name for p in (tmp_path / "fr").glob("*.ipynb"))
    assert copied == sorted(TUTORIALS)
    first = json.loads((tmp_path / "fr" / TUTORIALS[0]).read_text(encoding="utf-8"))
    assert first["metadata"]["kingscorner"] == {"language": "fr"}


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("qps", "the tutorials in 'qps' are not in this installation"),
        ("klingon", "not 'klingon'"),
    ],
)
def test_tutorials_in_a_language_there_is_none_of_is_a_usage_error(
    language: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        status = run("tutorials", str(tmp_path / "x"), "--language", language)[0]
    except SystemExit as stopped:  # argparse's own refusal of the option
        status = int(str(stopped.code))
    assert status == 2
    assert said in capsys.readouterr().err
    assert not (tmp_path / "x").exists()


def test_tutorials_refuses_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "a file"
    target.write_text("")
    assert run("tutorials", str(target))[0] == 1
    assert "is a file, not a folder" in capsys.readouterr().err


def test_python_dash_m_runs_the_same_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "kingscorner_widget", "--version"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stdout.strip()) == (0, f"kingscorner {__version__}")
    done = subprocess.run(
        [sys.executable, "-m", "kingscorner_widget", "best", "nonsense"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("kingscorner: bad position")


@pytest.mark.parametrize("command", ["", *(command.name for command in COMMANDS)])
def test_help_is_printed_for_the_command_and_each_subcommand(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main([command, "--help"] if command else ["--help"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.startswith("usage: kingscorner")


def test_a_reader_that_stops_early_is_not_an_error() -> None:
    """``kingscorner ... | head``: the pipe closes before the output is written."""
    reader = subprocess.Popen(
        [sys.executable, "-m", "kingscorner_widget", "best", COMBO],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert reader.stdout is not None
    assert reader.stderr is not None
    reader.stdout.close()
    errors = reader.stderr.read().decode()
    assert (reader.wait(timeout=120), errors) == (0, "")


def saved_game(folder: Path) -> tuple[Path, Game]:
    """A saved hand where P1 sheds one card when all three could go out: one blunder."""
    game = Game.from_position(
        "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
    )
    for move in ("Th>N", "draw"):
        game.play(move)
    path = folder / "game.json"
    save(game, path)
    return path, game


def test_review_prints_each_turn_with_its_verdict_and_the_accuracy(tmp_path: Path) -> None:
    path, game = saved_game(tmp_path)
    status, text = run("review", str(path), "--quiet")
    assert status == 0
    assert text.splitlines() == [
        "turn 1: blunder (shed 1 of 3): Th>N draw",
        f"  {review(game, 1, progress=False).turns[0].reason}",
        "  best: 4h>S Th>N Ks>NE",
        *review(game, 1, progress=False).summary().splitlines(),
    ]
    assert "accuracy 33%" in text
    status, text = run("review", str(path), "--player", "2", "--quiet")
    assert (status, text.splitlines()[-2]) == (
        0,
        "Review of P2: 0 turns, accuracy 100% (0 of 0 cards that could be shed).",
    )


def test_review_by_win_chance_prints_the_chances_and_a_progress_bar(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, game = saved_game(tmp_path)
    status, text = run("review", str(path), "--judge", "win")
    assert status == 0
    expected = review(game, 1, judge="win", progress=False)
    (turn,) = expected.turns
    assert turn.win is not None
    lines = text.splitlines()
    assert lines[0] == (
        f"turn 1: {turn.verdict} (win {turn.win.played:.0%}, best 100%, most cards "
        f"{turn.win.most_cards:.0%}): Th>N draw"
    )
    assert lines[1:3] == [f"  {turn.reason}", f"  best: {' '.join(map(str, turn.better_moves))}"]
    assert lines[3:] == expected.summary().splitlines()
    assert "reviewing P1 by chance of winning" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        run("review", str(path), "--judge", "luck", "--quiet")


def test_review_of_a_match_names_the_hands(tmp_path: Path) -> None:
    match = Match(players=3, seed=2)
    players: list[Player] = [GreedyPlayer(), RandomPlayer(seed=1), GreedyPlayer()]
    while not match.is_over():
        game = match.game
        while not game.is_over():
            game.play(players[match.seat_of(game.turn) - 1].choose(game.observation(game.turn)))
        match.score_hand()
        if not match.is_over():
            match.next_hand()
    save(match, tmp_path / "match.json")
    status, text = run("review", str(tmp_path / "match.json"), "--player", "2", "--quiet")
    assert status == 0
    turns = [line for line in text.splitlines() if line.startswith("hand ")]
    assert len(turns) == len(review(match, 2, progress=False).turns) > 0
    assert {line.split(",")[0] for line in turns} == {
        f"hand {t.hand}" for t in review(match, 2, progress=False).turns
    }


@pytest.mark.parametrize(
    ("content", "argv", "message"),
    [
        ("not json", [], "kingscorner: bad record: the record is not valid JSON"),
        ('{"format": 1}', [], "kingscorner: bad record: format: expected a kingscorner-game/1"),
        ("[1, 2]", [], "kingscorner: bad record: "),
        (
            "saved",
            ["--player", "3"],
            "kingscorner: there is no player P3 (the players are P1 and P2)",
        ),
    ],
)
def test_a_bad_record_is_one_line_and_status_2(
    content: str | None,
    argv: list[str],
    message: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "record.json"
    if content == "saved":
        path, _game = saved_game(tmp_path)
    elif content is not None:
        path.write_text(content)
    status, text = run("review", str(path), "--quiet", *argv)
    err = capsys.readouterr().err
    assert (status, text) == (2, "")
    assert err.startswith(message)
    assert err.count("\n") == 1


# -- one strict reader of rules, bounded counts, one handler for every failure ------------------


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["hint", COMBO, "--rules", '{"must_play": "false"}'],
            "kingscorner: --rules: must_play must be true or false, not 'false'\n",
        ),
        (
            ["hint", COMBO, "--rules", '{"players": 4}'],
            "kingscorner: --rules: players is 4 in the rules, but 2 play here (the position "
            "seats 2)\n",
        ),
        (
            ["simulate", "greedy", "random", "--rules", '{"players": 3}', "--quiet"],
            "kingscorner: --rules: players is 3 in the rules, but 2 play here (simulate seats "
            "one player per name given: name 3 to play 3)\n",
        ),
        (
            ["tournament", "greedy", "random", "--rules", '{"players": 3}', "--quiet"],
            "kingscorner: --rules: players is 3 in the rules, but 2 play here (a tournament's "
            "games are heads-up)\n",
        ),
        (
            ["odds", COMBO, "--rules", '{"count": "loud"}'],
            "kingscorner: --rules: count must be one of standard, pictures, heavy, not 'loud'\n",
        ),
        (
            ["tutorials", ""],
            "kingscorner: tutorials needs a folder to copy into, not an empty name\n",
        ),
    ],
)
def test_rules_and_names_are_read_strictly(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, text = run(*argv)
    assert (status, text, capsys.readouterr().err) == (2, "", message)


def test_a_players_count_the_command_honours_is_accepted() -> None:
    status, text = run(
        "simulate", "greedy", "random", "random", "--rules", '{"players": 3}', "--games", "3",
        "--workers", "1", "--quiet",
    )  # fmt: skip
    assert status == 0
    assert text.startswith("3 games")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "greedy", "random", "--workers", "100000"], "must be 1 to 64, not 100000"),
        (["simulate", "greedy", "random", "--games", str(10**20)], "must be 1 to 1,000,000"),
        (["tournament", "greedy", "random", "--games", "10**20"], "not a whole number: '10**20'"),
        (["league", ".", "--hands", "1000000"], "must be 2 to 100,000, not 1000000"),
        (["review", "x.json", "--player", "7"], "must be 1 to 6, not 7"),
        (["simulate", "greedy", "random", "--seed", str(2**70)], "must be from -2**63"),
    ],
)
def test_counts_above_their_stated_limit_are_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    err = capsys.readouterr().err
    assert stop.value.code == 2
    assert message in err
    assert err.count("\n") == 1


def test_a_folder_or_a_fifo_given_to_review_is_named_as_such(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    assert run("review", str(tmp_path)) == (1, "")
    assert capsys.readouterr().err == f"kingscorner: {tmp_path} is a folder, not a saved record\n"
    assert run("review", str(fifo)) == (1, "")  # and does not block reading it
    assert capsys.readouterr().err == (
        f"kingscorner: {fifo} is a FIFO (named pipe), not a saved record\n"
    )


@pytest.mark.parametrize(
    ("option", "place", "message"),
    [
        ("--html", "/nonexistent/x.html", "--html /nonexistent/x.html: there is no folder"),
        ("--results", "/proc/x.json", "--results /proc/x.json cannot be written"),
        ("--json", "/", "--json / is a folder, not a file"),
        ("--json", "/proc/version", "--json /proc/version cannot be written"),
        ("--html", "/dev/null", "--html /dev/null is not a regular file"),
    ],
)
def test_a_league_refuses_a_place_it_cannot_write_before_it_plays(
    option: str, place: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "players"
    folder.mkdir()
    (folder / "first.py").write_text(FIRST_MOVE_PLAYER)
    status, text = run("league", str(folder), "--with", "greedy", option, place, "--quiet")
    assert (status, text) == (1, "")  # a file that cannot be written, as the README says
    assert capsys.readouterr().err.startswith(f"kingscorner: {message}")
    assert sorted(path.name for path in folder.iterdir()) == ["first.py"]  # nothing played


def test_a_league_refused_for_its_arguments_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "players"
    folder.mkdir()
    (folder / "first.py").write_text(FIRST_MOVE_PLAYER)
    status, _ = run("league", str(folder), "--with", "greedy", "--hands", "3", "--quiet")
    assert status == 2
    assert "hands per pair must be even" in capsys.readouterr().err
    assert sorted(path.name for path in folder.iterdir()) == ["first.py"]
    # so the corrected run is a new league, not a refused resume
    status, _ = run("league", str(folder), "--with", "greedy", "--hands", "2", "--quiet")
    assert status == 0, capsys.readouterr().err


def test_output_to_a_full_disk_is_one_line_and_status_1() -> None:
    if not Path("/dev/full").exists():
        pytest.skip("this system has no /dev/full")
    for argv in (["best", COMBO], ["--help"], ["simulate", "--help"]):
        with open("/dev/full", "w") as full:
            done = subprocess.run(
                [sys.executable, "-m", "kingscorner_widget", *argv],
                stdout=full,
                stderr=subprocess.PIPE,
                text=True,
                check=False,
            )
        assert (done.returncode, done.stderr) == (
            1,
            "kingscorner: cannot write the output: No space left on device\n",
        ), argv


def _interrupt(argv: list[str], after: float) -> subprocess.CompletedProcess[str]:
    """Run the command, then press Ctrl-C: SIGINT to its whole process group, as a terminal
    sends it (workers included)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "kingscorner_widget", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        # A shell's background job ignores SIGINT; a command in a terminal does not.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    time.sleep(after)
    os.killpg(process.pid, signal.SIGINT)
    try:
        out, err = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        raise AssertionError("the command did not stop after Ctrl-C") from None
    return subprocess.CompletedProcess(argv, process.returncode, out, err)


@pytest.mark.slow
def test_ctrl_c_is_interrupted_and_status_130_and_the_league_keeps_its_hands(
    tmp_path: Path,
) -> None:
    done = _interrupt(["simulate", "greedy", "random", "--games", "100000", "--quiet"], 4)
    assert (done.returncode, done.stdout, done.stderr) == (130, "", "kingscorner: interrupted\n")
    folder = tmp_path / "players"
    folder.mkdir()
    (folder / "first.py").write_text(FIRST_MOVE_PLAYER)
    argv = ["league", str(folder), "--with", "greedy", "--hands", "20000", "--four-seat", "0"]
    done = _interrupt([*argv, "--quiet", "--workers", "2"], 8)
    assert (done.returncode, done.stderr) == (130, "kingscorner: interrupted\n")
    results = folder / "league-results.jsonl"
    kept = results.read_text().splitlines()
    assert len(kept) > 2  # the settings and the hands finished before Ctrl-C
    # The next run carries on from them: the same file, the hands kept, read as valid.
    store = ResultsFile.open(results, json.loads(kept[0])["item"]["league"])
    assert len(store.hands) == len(kept) - 1


FIRST_MOVE_PLAYER = """
class Player:
    name = "first"

    def choose(self, observation):
        return observation.legal_moves[0]
"""


# -- every subcommand described, with an example that runs as written --------------------------


def test_top_level_help_lists_every_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    listed = capsys.readouterr().out
    for command in COMMANDS:
        assert f"\n    {command.name}" in listed, command.name
    assert [c.name for c in COMMANDS] == [
        "best", "hint", "odds", "simulate", "tournament", "review", "league", "class", "sheet",
        "tutorials", "serve", "classroom",
    ]  # fmt: skip


@pytest.mark.parametrize("command", COMMANDS, ids=lambda command: command.name)
def test_each_subcommand_has_a_description_and_its_example(
    command: Command, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main([command.name, "--help"])
    text = capsys.readouterr().out
    assert f"\n{command.summary}\n" in text
    assert f"example:\n  kingscorner {command.example}\n" in text


def test_the_players_and_rules_help_name_every_choice(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ValueError, match="unknown player") as refused:
        make_player("nobody")
    assert str(refused.value).endswith(
        f"choose {', '.join(PLAYER_NAMES[:-1])} or {PLAYER_NAMES[-1]}"
    )
    for name in ("simulate", "tournament", "league"):
        with pytest.raises(SystemExit):
            main([name, "--help"])
        text = " ".join(capsys.readouterr().out.split())
        assert all(player in text for player in PLAYER_NAMES), name
        if name != "league":
            assert all(f"{option} (" in text for option in option_names()), name


def _given(command: Command, folder: Path) -> None:
    """The files an example names, as its help describes them."""
    if command.name == "review":
        saved_game(folder)
    if command.name == "league":
        (folder / "players").mkdir()
        (folder / "players" / "first.py").write_text(FIRST_MOVE_PLAYER)
    if command.name == "class":
        from kingscorner_widget.classroom.sample import sample_class

        sample_class(folder / "collected", learners=3, items=2)
    if command.name == "classroom":  # a built course's root (tests/server/test_site.py: more)
        (folder / "lite-site").mkdir()
        (folder / "lite-site" / "index.html").write_text("<!doctype html><title>course</title>")
        (folder / "lite-site" / "jupyter-lite.json").write_text("{}")


@pytest.mark.parametrize("command", COMMANDS, ids=lambda command: command.name)
def test_each_example_runs_as_written(
    command: Command, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _given(command, tmp_path)
    monkeypatch.chdir(tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "kingscorner_widget", *shlex.split(command.example)],
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stdout.strip()


def test_a_game_saved_under_strict_rules_reads_back(tmp_path: Path) -> None:
    rules = Rules.from_dict({"must_play": True, "count": "heavy", "players": 3})
    game = Game.new(rules=rules, seed=5)
    game.play(str(game.legal_moves()[0]))
    save(game, tmp_path / "g.json")
    again = read_record(tmp_path / "g.json")
    assert isinstance(again, Game)
    assert again.rules == rules
    assert again.position() == game.position()
    with pytest.raises(ValueError, match="must_play must be true or false, not 'no'"):
        Rules.from_dict({"must_play": "no"})


def test_a_league_says_its_estimated_time_first_and_keeps_to_max_minutes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "players"
    folder.mkdir()
    (folder / "first.py").write_text(FIRST_MOVE_PLAYER)
    argv = ["league", str(folder), "--with", "greedy", "--hands", "2", "--four-seat", "0"]
    status, text = run(*argv, "--workers", "1", "--max-minutes", "2")
    assert status == 0
    err = capsys.readouterr().err
    said = "The league: about 1 minute for 2 hands on 1 worker, at most 2 minutes (--max-minutes)."
    assert err.splitlines()[0] == said  # before the first hand (the bar comes after)
    assert "league (about 1 minute" in err  # the progress bar shows it
    assert "Each entry had 60 s to think in the whole league; none used it up." in text
    with pytest.raises(SystemExit) as stop:
        main([*argv, "--max-minutes", "0"])
    assert stop.value.code == 2
    assert "must be more than 0" in capsys.readouterr().err


# -- one exit status per kind of failure -----------------------------------------------------------


def _class_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "collected"
    folder.mkdir()
    return folder


@pytest.mark.parametrize(
    ("argv", "status", "message"),
    [
        # a file or folder that cannot be read or written: status 1, whichever command
        (["review", "{tmp}/missing.json"], 1, "cannot read {tmp}/missing.json: No such file"),
        (["review", "{tmp}"], 1, "{tmp} is a folder, not a saved record"),
        (["class", "{tmp}/collected", "--homework", "{tmp}/missing.json"], 1, "cannot read"),
        (["class", "{tmp}/nowhere"], 1, "{tmp}/nowhere is not a folder of records"),
        (["league", "{tmp}/nowhere"], 1, "{tmp}/nowhere is not a folder of players"),
        (["class", "{tmp}/collected", "--html", "/proc/board.html"], 1, "--html /proc/board"),
        (["class", "{tmp}/collected", "--html", "{tmp}/no/x.html"], 1, "--html {tmp}/no/x.html:"),
        (["tutorials", "{tmp}/a-file"], 1, "{tmp}/a-file is a file, not a folder"),
        # bad input: status 2
        (["review", "{tmp}/bad.json"], 2, "bad record: "),
        (["class", "{tmp}/collected", "--homework", "{tmp}/bad.json"], 2, "this is not a kingsc"),
        (["hint", COMBO, "--rules", "[" * 60_000], 2, "--rules is nested too deeply"),
        (["simulate", "greedy", "random", "--rules", "[" * 60_000], 2, "--rules is nested"),
        (["class", "{tmp}/collected", "--homework", "{tmp}/deep.json"], 2, "a homework file nests"),
    ],
)
def test_one_exit_status_per_kind_of_failure(
    argv: list[str], status: int, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """As the README says: bad input 2, a file that cannot be read or written 1, one line."""
    _class_folder(tmp_path)
    (tmp_path / "a-file").write_text("")
    (tmp_path / "bad.json").write_text('{"not": "a record"}')
    (tmp_path / "deep.json").write_text("[" * 60_000)
    given = [word.replace("{tmp}", str(tmp_path)) for word in argv]
    assert run(*given) == (status, "")
    err = capsys.readouterr().err
    assert err.startswith(f"kingscorner: {message.replace('{tmp}', str(tmp_path))}"), err
    assert err.count("\n") == 1


def test_a_learners_file_nested_too_deeply_is_a_bad_record_on_the_board(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _class_folder(tmp_path)
    (folder / "ada.json").write_text('{"a": ' * 60_000)
    status, text = run("class", str(folder))
    assert (status, capsys.readouterr().err) == (0, "")
    assert "ada.json: not a record: lists or objects nested too deeply" in text


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["--versionx"], "--versionx"),
        (["--versionx", "best", COMBO], "--versionx"),
        (["best", COMBO, "--secnds", "3"], "--secnds 3"),
    ],
)
def test_an_unknown_option_is_named(
    argv: list[str], named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    err = capsys.readouterr().err
    assert stop.value.code == 2
    assert err == f"kingscorner: unrecognized arguments: {named} (see kingscorner --help)\n"


def _to_a_closed_pipe(*argv: str) -> tuple[int, str]:
    """Run the command with its stdout a pipe nobody reads any more, as ``| head`` leaves it
    (unbuffered, so that every line written meets the closed pipe)."""
    read, write = os.pipe()
    os.close(read)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "kingscorner_widget", *argv],
            stdout=write,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
            timeout=120,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
    finally:
        os.close(write)
    return done.returncode, done.stderr


def test_a_broken_pipe_ends_quietly(tmp_path: Path) -> None:
    target = tmp_path / "tutorials"
    assert run("tutorials", str(target))[0] == 0
    assert _to_a_closed_pipe("tutorials", str(target)) == (0, "")  # every notebook kept: 9 lines
    assert _to_a_closed_pipe("tutorials", str(tmp_path / "fresh")) == (0, "")
    assert sorted(path.name for path in (tmp_path / "fresh").iterdir()) == sorted(TUTORIALS)
    assert _to_a_closed_pipe("--help") == (0, "")
    assert _to_a_closed_pipe("best", "--help") == (0, "")


def test_tutorials_copies_the_list_not_what_else_is_in_the_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A learner's session leaves checkpoints, an Untitled.ipynb and a progress folder beside
    the notebooks; only the course's notebooks are copied."""
    source = tmp_path / "notebooks"
    source.mkdir()
    for name in (*TUTORIALS, "Untitled.ipynb"):
        (source / name).write_text("{}")
    (source / ".ipynb_checkpoints").mkdir()
    (source / ".ipynb_checkpoints" / "01-learn-the-rules-checkpoint.ipynb").write_text("{}")
    monkeypatch.setattr("kingscorner_widget.cli.tutorials_folder", lambda language: source)
    status, text = run("tutorials", str(tmp_path / "out"))
    assert status == 0
    assert text.startswith(f"Copied {count_words(len(TUTORIALS), 'tutorial notebook')} to ")
    assert sorted(path.name for path in (tmp_path / "out").iterdir()) == sorted(TUTORIALS)


# -- serve --------------------------------------------------------------------------------------


def test_serve_prints_the_address_and_a_room_code_and_keeps_the_room(tmp_path: Path) -> None:
    data = tmp_path / "class.sqlite"
    argv = [sys.executable, "-m", "kingscorner_widget", "serve", "--port", "0"]
    argv += ["--data", str(data), "--seats", "3", "--minutes", "0.01"]
    first = subprocess.run(argv, capture_output=True, text=True, check=False, timeout=120)
    assert first.returncode == 0, first.stderr
    address = re.search(
        r"Class server at (http://127\.0\.0\.1:\d+) \(this machine only", first.stdout
    )
    code = re.search(r"Room 'Class', tables of 3: code ([A-Z0-9]{3}-[A-Z0-9]{3})", first.stdout)
    assert address, first.stdout
    assert code, first.stdout
    assert f'KingsCornerWidget(join="{code[1]}", server="{address[1]}"' in first.stdout
    again = subprocess.run(argv, capture_output=True, text=True, check=False, timeout=120)
    assert f"code {code[1]}" in again.stdout  # the same room, read back from the file


def test_serve_refuses_a_bad_port_and_one_in_use(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as refused:
        main(["serve", "--port", "70000"])
    assert refused.value.code == EXIT_USAGE
    assert "a port is 0 to 65535" in capsys.readouterr().err
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port), "--minutes", "0.01"]) == EXIT_IO
    assert f"cannot serve on 127.0.0.1:{port}" in capsys.readouterr().err
