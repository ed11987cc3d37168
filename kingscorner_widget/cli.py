"""The ``kingscorner`` command (also ``python -m kingscorner_widget``).

Subcommands: ``best`` (the best turn from a position, with its explanation), ``hint``, ``odds``,
``simulate`` and ``tournament`` between computer players, ``review RECORD`` (a saved game or
match, turn by turn against the best turn), ``league DIR`` (rank the players written in a
folder, each in a process of its own), ``class DIR`` (the teacher's board of the learners'
records in a folder), ``sheet`` (a printable sheet of the rules as the class plays them),
``tutorials DIR`` (copy the tutorial notebooks out), ``serve`` (a class server: it prints its
address and a room's code, and runs until Ctrl-C) and ``classroom`` (the browser course and the
class server at one address, for a class with nothing installed). Each is one
:class:`Command` in :data:`COMMANDS`, with its description and an example that runs as written;
a new subcommand is one more entry.

A bad position or option prints one line on stderr and exits with status 2, as shell tools do;
a file, folder or stream that cannot be read or written (missing, a folder where a file should
be, no permission, a full disk) is one line and status 1; a reader that stops early
(``kingscorner ... | head``) ends it quietly with status 0; Ctrl-C prints "interrupted" and exits
with status 130 (what a league has finished stays in its results file).

Every command speaks ``--language`` (``en``, ``es``, ``fr`` or ``de``): the class board, the
rules sheet and the league's results are written in it. Without it, the teacher's own language
is spoken (the locale's ``LC_ALL``, ``LC_MESSAGES`` or ``LANG``, the first set, as
:func:`teacher_language` reads them), and English where that is none of those.

>>> main(["best", "N:8s7h E:9d S:4c W:Jc NE:- SE:- SW:- NW:- P1:Qh6c2d P2:?7 stock:37 turn:P1"])
... # doctest: +ELLIPSIS
P1's best turn sheds 3 cards and goes out (proven best):
  1. 6c>N  Play the black 6...
  2. N>E  Move the north pile...
  ...
  5. 2d>W  Put the red 2...
0
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import enum
import json
import os
import shutil
import stat
import sys
import tempfile
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, Protocol, TextIO

from . import __version__
from .analysis import Budget, best_turn, hint, odds, review, simulate, tournament
from .analysis.runs.simulate import wilson_interval
from .course import TUTORIALS
from .display.language import ENGLISH, active, check_language, gettext, speaking, system_language
from .engine.errors import excerpt
from .engine.game import Game
from .engine.record import read_record
from .engine.rules import Rules, option_names
from .engine.words import count_words

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

    from .server import ClassServer, Room

__all__ = [
    "COMMANDS",
    "EXIT_INTERRUPTED",
    "EXIT_IO",
    "EXIT_USAGE",
    "LIMITS",
    "PLAYER_NAMES",
    "Command",
    "Writer",
    "main",
    "tutorials_folder",
]

EXIT_USAGE = 2
"""Exit status for bad input (a malformed position, an unknown option), as argparse uses."""
EXIT_IO = 1
"""Exit status for a file or stream that cannot be read or written (a full disk, a closed
folder)."""
EXIT_INTERRUPTED = 130
"""Exit status after Ctrl-C, as shells report a command ended by SIGINT."""

PLAYER_NAMES = ("random", "greedy", "planner", "lookahead", "expert")
"""The built-in computer players, by the names ``simulate``, ``tournament`` and ``league
--with`` take."""

LIMITS = {
    "games": 1_000_000,
    "workers": 64,
    "hands": 100_000,
    "four-seat": 100_000,
    "player": 6,
    "seats": 4,
}
"""The largest count each option takes: anything above is refused in one line before any work
(a million games is already hours of computing; 64 processes is more than a laptop has cores)."""

SEED_LIMIT = 2**63
"""Seeds are whole numbers from ``-SEED_LIMIT`` to ``SEED_LIMIT - 1``."""


class Writer(Protocol):
    """Where a command writes its output (stdout, or any text stream given to :func:`main`)."""

    def write(self, text: str, /) -> int: ...

    def flush(self) -> None: ...


class _UsageError(Exception):
    """Bad input from the command line: one line on stderr, exit status 2."""


class _FileError(Exception):
    """A file or folder the command names that cannot be read or written: one line on stderr,
    exit status 1."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (where to find the help in it), not the usage
    block and then the error."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: {message} (see {self.prog} --help)\n")

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        """argparse drops a help or version text it could not write; say so instead (one
        line, status 1), as for any other output."""
        if file is None or file is sys.stderr:
            super()._print_message(message, file)
            return
        try:
            file.write(message)
            flush = getattr(file, "flush", None)
            if flush is not None:
                flush()
        except BrokenPipeError:  # ``kingscorner --help | head -1``: the reader has what it wanted
            _quiet_stdout()
            raise SystemExit(0) from None
        except OSError as error:
            _quiet_stdout()
            print(f"kingscorner: cannot write the output: {error.strerror}", file=sys.stderr)
            raise SystemExit(EXIT_IO) from None


@dataclasses.dataclass(frozen=True)
class Command:
    """One subcommand: its name, what it does, an example that runs as written (with the files
    it names described in ``given``), how it reads its arguments and what it runs."""

    name: str
    summary: str
    example: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace, Writer], None]
    given: str = ""
    """What the example's files are, when it names any (``game.json``: a saved game)."""

    def epilog(self) -> str:
        """The example as ``--help`` shows it."""
        text = f"example:\n  kingscorner {self.example}\n"
        return text + (f"  ({self.given})\n" if self.given else "")


def tutorials_folder(language: str = "en") -> Path:
    """Where the tutorial notebooks are: inside an installed package, or a source checkout's
    ``notebooks/`` folder; another language's in its ``<code>/`` folder there (the package's
    build makes them, and ``make course`` in a checkout)."""
    package = Path(__file__).parent
    for candidate in (package / "tutorials", package.parent / "notebooks"):
        folder = candidate if language == "en" else candidate / language
        if all((folder / name).is_file() for name in TUTORIALS):
            return folder
    if language != "en":
        raise _UsageError(f"the tutorials in {language!r} are not in this installation")
    raise _UsageError("the tutorial notebooks are not in this installation")


# -- reading the options --------------------------------------------------------------------------


def _count(name: str, low: int = 1) -> Callable[[str], int]:
    """A whole-number option from ``low`` to its limit in :data:`LIMITS`."""
    high = LIMITS[name]

    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {excerpt(text)}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"must be {low} to {high:,}, not {excerpt(value)}"
            ) from None
        return value

    return read


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {excerpt(text)}") from None
    if not -SEED_LIMIT <= value < SEED_LIMIT:
        raise argparse.ArgumentTypeError(
            f"must be from -2**63 to 2**63 - 1, not {excerpt(value)}"
        ) from None
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {excerpt(text)}") from None
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError(f"must be more than 0 and at most 3600, not {value}")
    return value


def _minutes(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of minutes: {excerpt(text)}") from None
    if not 0 < value <= 10080:
        raise argparse.ArgumentTypeError(f"must be more than 0 and at most 10080, not {value}")
    return value


def _rules_help() -> str:
    """``--rules``' help: every option with what it takes and its default."""
    defaults = Rules()
    parts = []
    for name in option_names():
        value = getattr(defaults, name)
        if isinstance(value, bool):
            takes = "true/false"
        elif isinstance(value, enum.Enum):
            takes = "/".join(member.value for member in type(value))
        else:
            takes = "a whole number"
        shown = json.dumps(value.value if isinstance(value, enum.Enum) else value)
        parts.append(f"{name} ({takes}, default {shown})")
    return (
        'rule options as a JSON object, e.g. \'{"must_play": true, "count": "heavy"}\'; '
        f"the options: {'; '.join(parts)}"
    )


def _rules_data(text: str | None) -> dict[str, Any]:
    if text is None:
        return {}
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, ValueError) as error:
        reason = error.msg if isinstance(error, json.JSONDecodeError) else str(error)
        raise _UsageError(f"--rules is not JSON: {reason}") from None
    except RecursionError:  # '[[[[…' thousands deep: the parser's own limit, not a traceback
        raise _UsageError("--rules is nested too deeply to be rule options") from None
    if not isinstance(data, dict):
        raise _UsageError("--rules takes a JSON object such as '{\"corners_version\": true}'")
    return data


def _rules(data: dict[str, Any], players: int | None = None, why: str = "") -> Rules:
    """The one reader of ``--rules``: :meth:`Rules.from_dict`, with the players the command
    plays (a different count is refused, saying ``why`` the command plays that many)."""
    try:
        return Rules.from_dict(data, players=players)
    except ValueError as error:
        players_clash = players is not None and "players" in data and "play here" in str(error)
        raise _UsageError(f"--rules: {error}{why if players_clash else ''}") from None


def _game(args: argparse.Namespace) -> Game:
    data = _rules_data(args.rules)
    # The position says how many play; the rules' other options are read first because they
    # change how the line reads (drawing first).
    rules = _rules({key: value for key, value in data.items() if key != "players"})
    try:
        game = Game.from_position(args.position, rules=rules)
    except ValueError as error:
        raise _UsageError(f"bad position: {error}") from None
    seats = game.rules.players
    _rules(data, seats, f" (the position seats {seats})")
    return game


def teacher_language(environ: dict[str, str] | None = None) -> str:
    """The language of the teacher's locale, as a table reads the kernel's
    (:func:`~kingscorner_widget.display.language.system_language`: ``LANGUAGE``, ``LC_ALL``,
    ``LC_MESSAGES``, ``LANG``), when it names one the command speaks; else English.

    >>> teacher_language({"LANG": "fr_FR.UTF-8"}), teacher_language({"LC_ALL": "de_AT"})
    ('fr', 'de')
    >>> teacher_language({"LC_ALL": "C.UTF-8", "LANG": "es_ES"})
    'en'
    >>> teacher_language({"LC_MESSAGES": "it_IT.UTF-8", "LANG": "fr_FR"})
    'en'
    """
    return system_language(environ) or ENGLISH


def _language(text: str) -> str:
    try:
        return check_language(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _budget(args: argparse.Namespace) -> Budget | None:
    return None if args.seconds is None else Budget(seconds=args.seconds)


def _writable(path: Path, option: str) -> None:
    """Refuse, before any work, a place ``option`` names that cannot be written the way the
    league writes it (a new file of this user's in its folder, renamed over it: a planted link
    is never followed); leaves nothing behind."""
    if path.is_dir():
        raise _FileError(
            gettext("{option} {path} is a folder, not a file").format(option=option, path=path)
        )
    if not path.parent.is_dir():
        raise _FileError(
            gettext("{option} {path}: there is no folder {folder}").format(
                option=option, path=path, folder=path.parent
            )
        )
    try:
        mode = path.lstat().st_mode
    except OSError:
        mode = None
    if mode is not None and not (stat.S_ISREG(mode) or stat.S_ISLNK(mode)):
        raise _FileError(
            gettext("{option} {path} is not a regular file").format(option=option, path=path)
        )
    try:
        descriptor, probe = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
        os.close(descriptor)
        os.unlink(probe)
    except OSError as error:
        raise _FileError(
            gettext("{option} {path} cannot be written: {error}").format(
                option=option, path=path, error=error.strerror
            )
        ) from None


def _regular_file(path: Path, what: str) -> None:
    """Refuse (status 1) a missing file, or a folder, a FIFO or a device where a file is read
    (a FIFO would block)."""
    try:
        mode = path.stat().st_mode
    except OSError as error:
        raise _FileError(
            gettext("cannot read {path}: {error}").format(path=path, error=error.strerror or error)
        ) from None
    if stat.S_ISREG(mode):
        return
    # TRANSLATORS: {what} is what the file should be ("a homework file")
    kinds = (
        (stat.S_ISDIR, gettext("{path} is a folder, not {what}")),
        (stat.S_ISFIFO, gettext("{path} is a FIFO (named pipe), not {what}")),
        (stat.S_ISSOCK, gettext("{path} is a socket, not {what}")),
        (stat.S_ISCHR, gettext("{path} is a character device, not {what}")),
        (stat.S_ISBLK, gettext("{path} is a block device, not {what}")),
    )
    said = next((words for test, words in kinds if test(mode)), None)
    said = said or gettext("{path} is not a regular file, not {what}")
    raise _FileError(said.format(path=path, what=what))


# -- the subcommands ------------------------------------------------------------------------------


def _best(args: argparse.Namespace, out: Writer) -> None:
    plan = best_turn(_game(args), _budget(args))
    cards = count_words(plan.cards_played)
    if plan.goes_out:
        cards += " and goes out"
    proof = "proven best" if plan.exact else "the best found in the time given, not proven"
    out.write(f"P{plan.player}'s best turn sheds {cards} ({proof}):\n")
    for number, (move, words) in enumerate(zip(plan.moves, plan.explanations, strict=True), 1):
        out.write(f"  {number}. {move}  {words}\n")


def _hint(args: argparse.Namespace, out: Writer) -> None:
    found = hint(_game(args), _budget(args))
    out.write(f"{found.move}: {found.reason}\n")


def _odds(args: argparse.Namespace, out: Writer) -> None:
    result = odds(_game(args))
    out.write(result.describe() + "\n")
    for space, cards in result.fits.items():
        listed = " ".join(map(str, cards)) if cards else "nothing"
        out.write(f"  {space.value:<2} takes {listed}\n")


def _simulate(args: argparse.Namespace, out: Writer) -> None:
    data = _rules_data(args.rules)
    seats = len(args.players)
    wanted = excerpt(data.get("players"))
    why = f" (simulate seats one player per name given: name {wanted} to play {wanted})"
    # Outside 2 to 6 names, simulate itself says how many a game takes.
    rules = _rules(data, seats, why) if 2 <= seats <= 6 else None
    result = simulate(
        args.players,
        rules,
        games=args.games,
        seed=args.seed,
        workers=args.workers,
        progress=not args.quiet,
    )
    wins: dict[str, float] = {}
    played: dict[str, int] = {}
    for record in result.records:
        for name in set(record.players):
            played[name] = played.get(name, 0) + 1
        for name in record.winner_names():
            wins[name] = wins.get(name, 0.0) + 1 / len(record.winners)
    total = count_words(len(result.records), "game")
    out.write(f"{total}, seats rotating; a shared win counts a fraction.\n")
    out.write(f"{'player':<12} {'games':>6} {'win rate':>9}  95% interval\n")
    for name, games in played.items():
        won = wins.get(name, 0.0)
        low, high = wilson_interval(won, games)
        out.write(f"{name:<12} {games:>6} {won / games:>9.1%}  {low:.1%} to {high:.1%}\n")


def _tournament(args: argparse.Namespace, out: Writer) -> None:
    if len(set(args.players)) != len(args.players) or len(args.players) < 2:
        raise _UsageError("a tournament needs at least two different players")
    rules = _rules(_rules_data(args.rules), 2, " (a tournament's games are heads-up)")
    result = tournament(
        args.players,
        rules,
        games=args.games,
        seed=args.seed,
        workers=args.workers,
        progress=not args.quiet,
    )
    out.write(result.describe() + "\n")


def _review(args: argparse.Namespace, out: Writer) -> None:
    path = Path(args.record)
    _regular_file(path, gettext("a saved record"))  # missing, a folder, a FIFO: status 1
    try:
        item = read_record(path)
    except ValueError as error:
        raise _UsageError(f"bad record: {error}") from None
    # a player not there: a ValueError
    result = review(item, args.player, judge=args.judge, progress=not args.quiet)
    several = len({turn.hand for turn in result.turns}) > 1
    for turn in result.turns:
        where = f"hand {turn.hand}, turn {turn.number}" if several else f"turn {turn.number}"
        played = " ".join(map(str, turn.moves))
        w = turn.win
        how = (
            f"shed {turn.shed} of {turn.best_shed}"
            if w is None
            else f"win {w.played:.0%}, best {w.best:.0%}, most cards {w.most_cards:.0%}"
        )
        out.write(f"{where}: {turn.verdict} ({how}): {played}\n")
        if turn.verdict != "best":
            out.write(f"  {turn.reason}\n  best: {' '.join(map(str, turn.better_moves))}\n")
    out.write(result.summary() + "\n")


def _tutorials(args: argparse.Namespace, out: Writer) -> None:
    if not args.folder.strip():
        raise _UsageError("tutorials needs a folder to copy into, not an empty name")
    source = tutorials_folder(active())  # the tutorials in the language the command speaks
    target = Path(args.folder)
    if target.exists() and not target.is_dir():
        raise _FileError(f"{target} is a file, not a folder")
    copied = 0
    kept = []
    try:  # only the files here: a failed write to the output is main's to report
        target.mkdir(parents=True, exist_ok=True)
        for name in TUTORIALS:
            destination = target / name
            if destination.exists() and not args.force:
                kept.append(destination)
                continue
            shutil.copyfile(source / name, destination)
            copied += 1
    except OSError as error:
        reason = error.strerror or str(error)
        raise _FileError(f"cannot write the tutorials into {target}: {reason}") from None
    for destination in kept:
        out.write(f"kept {destination} (it exists; --force replaces it)\n")
    notebooks = count_words(copied, "tutorial notebook")
    out.write(f"Copied {notebooks} to {target}. Open the first with:\n")
    out.write(f"  jupyter lab {target / '01-learn-the-rules.ipynb'}\n")


def _league(args: argparse.Namespace, out: Writer) -> None:
    from .analysis.league import league
    from .analysis.league.board import dumps
    from .analysis.league.results import write_atomically

    folder = Path(args.folder)
    if not folder.is_dir():
        raise _FileError(gettext("{folder} is not a folder of players").format(folder=folder))
    results = Path(args.results) if args.results else folder / "league-results.jsonl"
    # Every place the league writes is checked before the first hand, not after the last.
    _writable(results, "--results")
    for option in ("html", "json"):
        if getattr(args, option):
            _writable(Path(getattr(args, option)), f"--{option}")
    with_ = [name for name in (args.with_ or "").split(",") if name.strip()]
    try:
        result = league(
            folder,
            with_=with_,
            hands=args.hands,
            four_seat=args.four_seat,
            results=results,
            seed=args.seed,
            time_limit=args.time_limit,
            workers=args.workers,
            progress=not args.quiet,
            unsandboxed=args.unsandboxed,
            max_minutes=args.max_minutes,
            budget=args.budget,
        )
    except (RuntimeError, OSError) as error:  # not a closed stdout: the league itself stopped
        raise _UsageError(gettext("the league stopped: {error}").format(error=error)) from None
    out.write(result.describe() + "\n")
    for name, text in (("html", result.leaderboard().to_html()), ("json", dumps(result))):
        target = getattr(args, name)
        if target:
            try:  # a new file renamed over the target: a link there is never followed
                write_atomically(target, text + "\n", 0o644)
            except OSError as error:
                raise _UsageError(
                    gettext("cannot write {path}: {error}").format(
                        path=target, error=error.strerror or error
                    )
                ) from None
            # TRANSLATORS: {kind} is HTML or JSON
            wrote = gettext("Wrote the leaderboard's {kind} to {path}.")
            out.write(wrote.format(kind=name.upper(), path=target) + "\n")


def _class(args: argparse.Namespace, out: Writer) -> None:
    from .classroom import ClassBoard

    if (args.folder is None) == (args.server is None):
        raise _UsageError(
            gettext("give a folder of records or --server FILE (a class server's data)")
        )
    if args.room and args.server is None:
        raise _UsageError(gettext("--room picks a room of --server FILE: give --server too"))
    if args.server is not None:
        _regular_file(Path(args.server), gettext("a class server's data file"))
    else:
        folder = Path(args.folder)
        if not folder.is_dir():
            raise _FileError(gettext("{folder} is not a folder of records").format(folder=folder))
    if args.homework:
        _regular_file(Path(args.homework), gettext("a homework file"))
    for option, place in (("--html", args.html), ("--csv", args.csv)):
        if place:
            _writable(Path(place), option)
    if args.server is not None:
        try:
            board = ClassBoard.from_server(args.server, args.room, homework=args.homework)
        except ValueError as error:
            raise _FileError(str(error)) from None
    else:
        board = ClassBoard(folder, homework=args.homework)
    out.write(board.text() + "\n")
    if args.html:
        board.save_html(args.html)
        out.write(gettext("Wrote the board's HTML to {path}.").format(path=args.html) + "\n")
    if args.csv:
        board.to_csv(args.csv)
        out.write(gettext("Wrote the gradebook's CSV to {path}.").format(path=args.csv) + "\n")


def _sheet(args: argparse.Namespace, out: Writer) -> None:
    from .classroom.sheet import rules_sheet, write_sheet

    sheet = rules_sheet(_rules(_rules_data(args.rules)))
    if args.html:
        _writable(Path(args.html), "--html")
    out.write(sheet.text())
    if args.html:
        write_sheet(sheet, args.html)
        out.write(gettext("Wrote the printable sheet to {path}.").format(path=args.html) + "\n")


def _serve(args: argparse.Namespace, out: Writer) -> None:
    from .server.codes import spoken

    if args.hub:
        _serve_hub(args, out)
        return
    server = _start_server(args)

    def says() -> str:
        room = _first_room(server, args)
        code, address = spoken(room.code), server.address
        alone = args.host in ("127.0.0.1", "localhost", "::1")
        here = _only_here() if alone else gettext("open to all")
        student = f'KingsCornerWidget(join="{code}", server="{address}", learner="name")'
        return (
            gettext("Class server at {address} ({here})").format(address=address, here=here)
            + "\n"
            + _room_line(room, code)
            + gettext("  a student: {call}").format(call=student)
            + "\n"
            + _projector_line(code, address)
            + _key_line(server.key)
        )

    _run_until_stopped(server, args, out, says)


def _serve_hub(args: argparse.Namespace, out: Writer) -> None:
    """``serve --hub``: the class server as the JupyterHub service that started it."""
    from .server import ClassServer

    if args.data:
        _writable(Path(args.data), "--data")
    try:
        server = ClassServer.on_hub(args.data, teachers=args.teachers)
    except OSError as error:
        raise _FileError(
            gettext("cannot serve where the Hub asks: {error}").format(error=error.strerror)
        ) from None

    def says() -> str:
        return (
            gettext(
                "Class server for JupyterHub at {address}: learners are named by the Hub; the "
                "Hub's admins and its {group} group open rooms ({call} in a notebook on the Hub)"
            ).format(
                address=server.address,
                group=repr(args.teachers),
                call="HubClass(ADDRESS).open_room(...)",
            )
            + "\n"
        )

    _run_until_stopped(server, args, out, says)


def _classroom(args: argparse.Namespace, out: Writer) -> None:
    """``classroom``: the built browser course and the class server at one address."""
    from .server.codes import spoken
    from .server.site import SiteError, find_site

    try:
        site = find_site(args.site)
    except SiteError as error:
        raise _FileError(str(error)) from None
    server = _start_server(args, site)

    def says() -> str:
        room = _first_room(server, args)
        code, address = spoken(room.code), f"{server.address}/"
        alone = args.host in ("127.0.0.1", "localhost", "::1")
        if alone:
            here = _only_here()
        elif args.host in ("0.0.0.0", "::"):
            address = f"http://{_lan_address()}:{server.port}/"
            here = gettext("open to the school's network")
        else:
            here = gettext("open to all")
        return (
            gettext("The course and the class server at {address} ({here})").format(
                address=address, here=here
            )
            + "\n"
            + _room_line(room, code)
            + gettext("  a student opens {address} in a browser, then a notebook, and runs").format(
                address=address
            )
            + "\n"
            + f'    KingsCornerWidget(join="{code}", learner="their name")\n'
            + _projector_line(code, address)
            + _key_line(server.key)
            + gettext(
                "The course is served from {site}; nothing is fetched from anywhere else."
            ).format(site=site)
            + "\n"
        )

    _run_until_stopped(server, args, out, says)


def _start_server(args: argparse.Namespace, site: Path | None = None) -> ClassServer:
    """The class server ``serve`` and ``classroom`` run, on ``--host``/``--port`` with
    ``--data``; a port taken or a data file that cannot be written: one line, exit 1."""
    from .server import ClassServer

    if args.data:
        _writable(Path(args.data), "--data")
    try:
        return ClassServer(port=args.port, host=args.host, data=args.data, site=site)
    except OSError as error:
        raise _FileError(
            gettext("cannot serve on {host}:{port}: {error}").format(
                host=args.host, port=args.port, error=error.strerror
            )
        ) from None


def _first_room(server: ClassServer, args: argparse.Namespace) -> Room:
    """The room a restarted server kept, or a new one as ``--room``/``--seats``/``--computer``
    say."""
    return next(iter(server.rooms.values()), None) or server.open_room(
        args.room, seats=args.seats, computer=args.computer
    )


def _run_until_stopped(
    server: ClassServer, args: argparse.Namespace, out: Writer, says: Callable[[], str]
) -> None:
    """Print what ``says`` (where the server is, how to join it), then serve until Ctrl-C or
    ``--minutes``; the server stops whatever happens."""
    import threading

    try:
        kept = gettext("Rooms and hands are kept in {path}.").format(path=args.data)
        out.write(
            says() + (kept + "\n" if args.data else "") + gettext("Stop it with Ctrl-C.") + "\n"
        )
        out.flush()
        threading.Event().wait(args.minutes * 60 if args.minutes else None)
    finally:
        server.stop()


def _only_here() -> str:
    return gettext("this machine only: --host 0.0.0.0 lets the class in")


def _room_line(room: Room, code: str) -> str:
    # TRANSLATORS: a room's name, how many seats its tables have, and the code to join it
    return (
        gettext("Room {name}, tables of {seats}: code {code}").format(
            name=repr(room.name), seats=room.seats, code=code
        )
        + "\n"
    )


def _projector_line(code: str, address: str) -> str:
    call = f'KingsCornerWidget(watch="{code}", server="{address}", table=1)'
    return gettext("  the projector: {call}").format(call=call) + "\n"


def _key_line(key: str) -> str:
    return gettext("  the teacher's key for the room view: {key}").format(key=key) + "\n"


def _lan_address() -> str:
    """This machine's address on its network (the one a route out would leave from; nothing
    is sent), or its name when it has no network."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return socket.gethostname()


# -- the arguments of each subcommand -------------------------------------------------------------

_POSITION = "N:8s7h E:9d S:4c W:Jc NE:- SE:- SW:- NW:- P1:Qh6c2d P2:?7 stock:37 turn:P1"
_PLAYERS_HELP = f"computer players, by name: {', '.join(PLAYER_NAMES)}"


def _position_arguments(search: bool) -> Callable[[argparse.ArgumentParser], None]:
    def add(command: argparse.ArgumentParser) -> None:
        command.add_argument(
            "position",
            help="a position line (piles bottom card first, hands, stock, whose turn), "
            f'e.g. "{_POSITION}"',
        )
        command.add_argument("--rules", help=_rules_help())
        if search:
            command.add_argument(
                "--seconds", type=_seconds, help="stop searching after this long (default: prove)"
            )

    return add


def _run_arguments(command: argparse.ArgumentParser) -> None:
    command.add_argument("players", nargs="+", help=_PLAYERS_HELP)
    command.add_argument(
        "--games",
        type=_count("games"),
        default=100,
        help=f"games (default 100, at most {LIMITS['games']:,})",
    )
    _workers_argument(command)
    command.add_argument("--seed", type=_seed, default=0, help="the run's seed (default 0)")
    command.add_argument("--rules", help=_rules_help())
    command.add_argument("--quiet", action="store_true", help="no progress bar")


def _workers_argument(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--workers",
        type=_count("workers"),
        help=(
            f"processes (default: the processors this process may use, at most {LIMITS['workers']})"
        ),
    )


def _review_arguments(command: argparse.ArgumentParser) -> None:
    command.add_argument("record", help="a saved game or match record (JSON)")
    command.add_argument(
        "--player",
        type=_count("player"),
        default=1,
        help="the player (in a match, the seat; default 1)",
    )
    command.add_argument(
        "--judge",
        choices=("cards", "win"),
        default="cards",
        help="judge each turn by the cards it shed (default) or by its chance of winning",
    )
    command.add_argument("--quiet", action="store_true", help="no progress bar")


def _league_arguments(command: argparse.ArgumentParser) -> None:
    command.add_argument("folder", help="a folder of *.py files, each defining a player")
    command.add_argument(
        "--with",
        dest="with_",
        metavar="NAMES",
        help=f"built-in baselines, comma-separated: {', '.join(PLAYER_NAMES)}",
    )
    command.add_argument(
        "--hands",
        type=_count("hands", 2),
        default=200,
        help=f"heads-up hands per pair (even; default 200, at most {LIMITS['hands']:,})",
    )
    command.add_argument(
        "--four-seat",
        type=_count("four-seat", 0),
        help=f"four-seat deals (default 5 per player, at most {LIMITS['four-seat']:,})",
    )
    command.add_argument("--results", help="the results file (default: in the folder)")
    command.add_argument(
        "--time-limit", type=_seconds, default=1.0, help="seconds per decision (default 1)"
    )
    command.add_argument(
        "--max-minutes",
        type=_minutes,
        help="end the league on time: each entry gets its share of these minutes to think, "
        "and past it forfeits its remaining hands",
    )
    command.add_argument(
        "--budget",
        type=_seconds,
        help="seconds each entry may think in the whole league (default: none, or its share "
        "of --max-minutes)",
    )
    _workers_argument(command)
    command.add_argument("--seed", type=_seed, default=0, help="the deals' seed (default 0)")
    command.add_argument("--html", help="also write the leaderboard as HTML here")
    command.add_argument("--json", help="also write the standings as JSON here")
    command.add_argument(
        "--unsandboxed",
        action="store_true",
        help="where no sandbox can be made, run the files as this user, trusting them",
    )
    command.add_argument("--quiet", action="store_true", help="no progress bar")


def _class_arguments(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "folder", nargs="?", help="a folder of records (flat, or nbgrader's submitted/)"
    )
    command.add_argument(
        "--server", help="read the records a class server keeps in this data file instead"
    )
    command.add_argument("--room", help="with --server: only this room (its code)")
    command.add_argument("--homework", help="the homework file that fixes the items' order")
    command.add_argument("--html", help="also write the board as HTML here")
    command.add_argument(
        "--csv", help="also write a gradebook here: a row a learner, a column an item, numbers"
    )


def _sheet_arguments(command: argparse.ArgumentParser) -> None:
    command.add_argument("--rules", help=_rules_help())
    command.add_argument("--html", help="also write the sheet as one printable HTML page here")


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {excerpt(text)}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535, not {value}")
    return value


def _serve_arguments(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--host", default="127.0.0.1", help="where to listen (default 127.0.0.1: this machine)"
    )
    command.add_argument(
        "--port", type=_port, default=8765, help="the port (default 8765; 0: any free one)"
    )
    command.add_argument("--data", help="the SQLite file that keeps rooms and hands")
    command.add_argument("--room", default="Class", help="the first room's name")
    command.add_argument(
        "--seats", type=_count("seats", 2), default=2, help="seats at each table (2 to 4)"
    )
    command.add_argument(
        "--computer", default="greedy", choices=PLAYER_NAMES, help="who plays the empty seats"
    )
    command.add_argument(
        "--minutes", type=_minutes, help="stop after this long (default: at Ctrl-C)"
    )
    command.add_argument(
        "--hub",
        action="store_true",
        help="run as the JupyterHub service that started it (docs/hub.md): the Hub names "
        "each learner and says where to listen (--host and --port are not used)",
    )
    command.add_argument(
        "--teachers",
        default="teachers",
        help="with --hub: the Hub group whose members open rooms (default: teachers)",
    )


def _classroom_arguments(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--host", default="127.0.0.1", help="where to listen (default 127.0.0.1: this machine)"
    )
    command.add_argument(
        "--port", type=_port, default=8765, help="the port (default 8765; 0: any free one)"
    )
    command.add_argument("--data", help="the SQLite file that keeps rooms and hands")
    command.add_argument(
        "--site",
        help="the built browser course (`make lite` writes it; default: lite-site/ here)",
    )
    command.add_argument("--room", default="Class", help="the first room's name")
    command.add_argument(
        "--seats", type=_count("seats", 2), default=2, help="seats at each table (2 to 4)"
    )
    command.add_argument(
        "--computer", default="greedy", choices=PLAYER_NAMES, help="who plays the empty seats"
    )
    command.add_argument(
        "--minutes", type=_minutes, help="stop after this long (default: at Ctrl-C)"
    )


def _tutorials_arguments(command: argparse.ArgumentParser) -> None:
    command.add_argument("folder", help="where to put them (made if missing)")
    command.add_argument("--force", action="store_true", help="replace notebooks already there")


COMMANDS: tuple[Command, ...] = (
    Command(
        "best",
        "the best turn from a position, move by move, with the reasons",
        f'best "{_POSITION}"',
        _position_arguments(search=True),
        _best,
    ),
    Command(
        "hint",
        "the first move of the best turn, and why",
        f'hint "{_POSITION}" --seconds 5',
        _position_arguments(search=True),
        _hint,
    ),
    Command(
        "odds",
        "what the unseen cards could do on the table",
        f'odds "{_POSITION}" --rules \'{{"corners_version": true}}\'',
        _position_arguments(search=False),
        _odds,
    ),
    Command(
        "simulate",
        "play games between computer players (seats rotate), with each one's win rate",
        "simulate greedy random random --games 30 --workers 1 --rules '{\"must_play\": true}'",
        _run_arguments,
        _simulate,
    ),
    Command(
        "tournament",
        "a heads-up round robin between computer players, with 95% intervals",
        "tournament greedy planner random --games 20 --workers 1 --seed 3",
        _run_arguments,
        _tournament,
    ),
    Command(
        "review",
        "a saved game or match, turn by turn against the best turn, with the accuracy",
        "review game.json --player 1",
        _review_arguments,
        _review,
        given="game.json: a game or match saved with kingscorner_widget.engine.record.save",
    ),
    Command(
        "league",
        "rank the players written in a folder's *.py files, each in its own process",
        "league players --with greedy,random --hands 10 --four-seat 2 --workers 1",
        _league_arguments,
        _league,
        given="players: a folder of *.py files, each defining a player, as tutorial 8 writes",
    ),
    Command(
        "class",
        "the teacher's board of the learners' records in a folder, bad records named",
        "class collected --html board.html",
        _class_arguments,
        _class,
        given="collected: a folder of kingscorner-progress records, as tutorial 9 collects",
    ),
    Command(
        "sheet",
        "a one-page sheet of the rules as the class plays them, to print (A4 or Letter)",
        'sheet --rules \'{"must_play": true, "target": 50}\' --html rules.html',
        _sheet_arguments,
        _sheet,
    ),
    Command(
        "tutorials",
        "copy the tutorial notebooks into a folder, to open them in JupyterLab",
        "tutorials my-tutorials",
        _tutorials_arguments,
        _tutorials,
    ),
    Command(
        "serve",
        "a class server: print its address and a room's code, then run until Ctrl-C",
        "serve --port 0 --data class.sqlite --minutes 0.05",
        _serve_arguments,
        _serve,
    ),
    Command(
        "classroom",
        "the browser course and a class server at one address: a class with nothing installed",
        "classroom --site lite-site --port 0 --minutes 0.05",
        _classroom_arguments,
        _classroom,
        given="lite-site: the browser course, as `make lite` builds it",
    ),
)
"""Every subcommand, in the order ``kingscorner --help`` lists them."""


def _parser() -> argparse.ArgumentParser:
    names = ", ".join(command.name for command in COMMANDS)
    parser = _Parser(
        prog="kingscorner",
        description=textwrap.fill(
            f"Kings in the Corner from the command line: {names}. "
            "'kingscorner COMMAND --help' describes each, with an example.",
            width=79,
        ),
        epilog=f"example:\n  kingscorner {COMMANDS[0].example}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    # Not required here: argparse would name the missing COMMAND before an unknown option
    # given in its place (``kingscorner --versionx``); _parse asks for COMMAND after that.
    commands = parser.add_subparsers(
        dest="command", required=False, metavar="COMMAND", title="commands"
    )
    for spec in COMMANDS:
        command = commands.add_parser(
            spec.name,
            help=spec.summary.replace("%", "%%"),  # help is %-formatted by argparse
            description=spec.summary,
            epilog=spec.epilog(),
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        spec.add_arguments(command)
        command.add_argument(
            "--language",
            type=_language,
            help="the language it speaks: en, es, fr or de (default: the locale's, else en)",
        )
        command.set_defaults(run=spec.run)
    return parser


# -- running --------------------------------------------------------------------------------------


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    """The arguments, or one line and status 2: an unknown option is named first, then a
    missing COMMAND."""
    parser = _parser()
    args = parser.parse_args(argv)  # names an unrecognized argument
    if args.command is None:
        parser.error("the following arguments are required: COMMAND")
    return args


def _quiet_stdout() -> None:
    """Point stdout at nothing, so that flushing it at exit does not fail a second time."""
    # No real stdout (a test's capture): nothing to quiet.
    with contextlib.suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


class _Output:
    """The command's output stream, remembering whether writing to it failed (a full disk, a
    closed terminal), so that the message can say it was the output."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.failed = False

    def write(self, text: str) -> int:
        try:
            return self.stream.write(text)
        except OSError:
            self.failed = True
            raise

    def flush(self) -> None:
        try:
            self.stream.flush()
        except OSError:
            self.failed = True
            raise


def _io_failure(error: OSError, out: _Output) -> str:
    """The one line for a file or stream that failed; quiets stdout when it was the output."""
    reason = error.strerror or str(error)
    if out.failed:
        _quiet_stdout()
        return gettext("cannot write the output: {error}").format(error=reason)
    if error.filename is not None:
        return f"{reason}: {error.filename}"
    return reason


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status: 0, 2 for bad input, 1 for a file or
    stream that failed, 130 after Ctrl-C."""
    output = _Output(out or sys.stdout)
    language = teacher_language()
    try:
        args = _parse(argv)
        language = args.language or language
        with speaking(language):
            args.run(args, output)
            output.flush()  # a closed pipe or a full disk shows here, inside the try
    except (_UsageError, ValueError) as error:  # ValueError: a name or option the analysis refuses
        print(f"kingscorner: {error}", file=sys.stderr)
        return EXIT_USAGE
    except _FileError as error:
        print(f"kingscorner: {error}", file=sys.stderr)
        return EXIT_IO
    except BrokenPipeError:  # the reader stopped early (``kingscorner ... | head``): not an error
        _quiet_stdout()
        return 0
    except OSError as error:
        with speaking(language):
            print(f"kingscorner: {_io_failure(error, output)}", file=sys.stderr)
        return EXIT_IO
    except KeyboardInterrupt:
        try:
            output.flush()
        except OSError:
            _quiet_stdout()
        with speaking(language):
            stopped = gettext("interrupted")
        print(f"kingscorner: {stopped}", file=sys.stderr)
        return EXIT_INTERRUPTED
    return 0
