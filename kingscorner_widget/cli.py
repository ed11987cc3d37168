"""The ``kingscorner`` command (also ``python -m kingscorner_widget``).

Subcommands: ``best`` (the best turn from a position, with its explanation), ``hint``, ``odds``,
``simulate`` and ``tournament`` between computer players, ``review RECORD`` (a saved game or
match, turn by turn against the best turn), ``league DIR`` (rank the players written in a
folder, each in a process of its own), and ``tutorials DIR`` (copy the tutorial notebooks
out). A bad position or option prints one line on stderr and exits with
status 2, as shell tools do.

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
import json
import os
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn, TextIO

from . import __version__
from .analysis import Budget, best_turn, hint, odds, review, simulate, tournament
from .analysis.runs.simulate import wilson_interval
from .engine.game import Game
from .engine.record import read_record
from .engine.rules import Rules

__all__ = ["main", "tutorials_folder"]

EXIT_USAGE = 2
"""Exit status for bad input (a malformed position, an unknown option), as argparse uses."""


class _UsageError(Exception):
    """Bad input from the command line: one line on stderr, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (where to find the help in it), not the usage
    block and then the error."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: {message} (see {self.prog} --help)\n")


def tutorials_folder() -> Path:
    """Where the tutorial notebooks are: inside an installed package, or a source checkout's
    ``notebooks/`` folder."""
    package = Path(__file__).parent
    for candidate in (package / "tutorials", package.parent / "notebooks"):
        if any(candidate.glob("*.ipynb")):
            return candidate
    raise _UsageError("the tutorial notebooks are not in this installation")


def _rules(text: str | None) -> Rules | None:
    if text is None:
        return None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise _UsageError(f"--rules is not JSON: {error.msg}") from None
    if not isinstance(data, dict):
        raise _UsageError("--rules takes a JSON object such as '{\"corners_version\": true}'")
    try:
        return Rules.from_dict(data)
    except (TypeError, ValueError) as error:
        raise _UsageError(f"--rules: {error}") from None


def _game(args: argparse.Namespace) -> Game:
    try:
        return Game.from_position(args.position, rules=_rules(args.rules))
    except ValueError as error:
        raise _UsageError(f"bad position: {error}") from None


def _budget(args: argparse.Namespace) -> Budget | None:
    return None if args.seconds is None else Budget(seconds=args.seconds)


def _best(args: argparse.Namespace, out: TextIO) -> None:
    plan = best_turn(_game(args), _budget(args))
    cards = "1 card" if plan.cards_played == 1 else f"{plan.cards_played} cards"
    if plan.goes_out:
        cards += " and goes out"
    proof = "proven best" if plan.exact else "the best found in the time given, not proven"
    out.write(f"P{plan.player}'s best turn sheds {cards} ({proof}):\n")
    for number, (move, words) in enumerate(zip(plan.moves, plan.explanations, strict=True), 1):
        out.write(f"  {number}. {move}  {words}\n")


def _hint(args: argparse.Namespace, out: TextIO) -> None:
    found = hint(_game(args), _budget(args))
    out.write(f"{found.move}: {found.reason}\n")


def _odds(args: argparse.Namespace, out: TextIO) -> None:
    result = odds(_game(args))
    out.write(result.describe() + "\n")
    for space, cards in result.fits.items():
        listed = " ".join(map(str, cards)) if cards else "nothing"
        out.write(f"  {space.value:<2} takes {listed}\n")


def _simulate(args: argparse.Namespace, out: TextIO) -> None:
    result = simulate(
        args.players,
        _rules(args.rules),
        games=args.games,
        seed=args.seed,
        workers=args.workers,
        progress=not args.quiet,
    )
    wins: dict[str, float] = {}
    seats: dict[str, int] = {}
    for record in result.records:
        for name in set(record.players):
            seats[name] = seats.get(name, 0) + 1
        for name in record.winner_names():
            wins[name] = wins.get(name, 0.0) + 1 / len(record.winners)
    out.write(f"{len(result.records)} games, seats rotating; a shared win counts a fraction.\n")
    out.write(f"{'player':<12} {'games':>6} {'win rate':>9}  95% interval\n")
    for name, games in seats.items():
        won = wins.get(name, 0.0)
        low, high = wilson_interval(won, games)
        out.write(f"{name:<12} {games:>6} {won / games:>9.1%}  {low:.1%} to {high:.1%}\n")


def _tournament(args: argparse.Namespace, out: TextIO) -> None:
    if len(set(args.players)) != len(args.players) or len(args.players) < 2:
        raise _UsageError("a tournament needs at least two different players")
    result = tournament(
        args.players,
        _rules(args.rules),
        games=args.games,
        seed=args.seed,
        workers=args.workers,
        progress=not args.quiet,
    )
    out.write(result.describe() + "\n")


def _review(args: argparse.Namespace, out: TextIO) -> None:
    try:
        item = read_record(Path(args.record))
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


def _tutorials(args: argparse.Namespace, out: TextIO) -> None:
    source = tutorials_folder()
    target = Path(args.folder)
    if target.exists() and not target.is_dir():
        raise _UsageError(f"{target} is a file, not a folder")
    copied = 0
    try:
        target.mkdir(parents=True, exist_ok=True)
        for notebook in sorted(source.glob("*.ipynb")):
            destination = target / notebook.name
            if destination.exists() and not args.force:
                out.write(f"kept {destination} (it exists; --force replaces it)\n")
                continue
            shutil.copyfile(notebook, destination)
            copied += 1
    except OSError as error:
        reason = error.strerror or str(error)
        raise _UsageError(f"cannot write the tutorials into {target}: {reason}") from None
    out.write(f"Copied {copied} tutorial notebooks to {target}. Open the first with:\n")
    out.write(f"  jupyter lab {target / '01-learn-the-rules.ipynb'}\n")


def _league(args: argparse.Namespace, out: TextIO) -> None:
    from .analysis.league import league
    from .analysis.league.board import dumps
    from .analysis.league.results import write_atomically

    folder = Path(args.folder)
    if not folder.is_dir():
        raise _UsageError(f"{folder} is not a folder of players")
    with_ = [name for name in (args.with_ or "").split(",") if name.strip()]
    try:
        result = league(
            folder,
            with_=with_,
            hands=args.hands,
            four_seat=args.four_seat,
            results=args.results,
            seed=args.seed,
            time_limit=args.time_limit,
            workers=args.workers,
            progress=not args.quiet,
        )
    except (RuntimeError, OSError) as error:  # not a closed stdout: the league itself stopped
        raise _UsageError(f"the league stopped: {error}") from None
    out.write(result.describe() + "\n")
    for name, text in (("html", result.leaderboard().to_html()), ("json", dumps(result))):
        target = getattr(args, name)
        if target:
            try:  # a new file renamed over the target: a link there is never followed
                write_atomically(target, text + "\n", 0o644)
            except OSError as error:
                raise _UsageError(f"cannot write {target}: {error.strerror or error}") from None
            out.write(f"Wrote the leaderboard's {name.upper()} to {target}.\n")


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError(f"must be more than 0 and at most 3600, not {value}")
    return value


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="kingscorner",
        description="Kings in the Corner from the command line: best turns, hints, odds, "
        "simulations, and the tutorial notebooks.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    rules_help = "rule options as JSON, e.g. '{\"corners_version\": true}'"

    for name, run, summary in (
        ("best", _best, "the best turn from a position, move by move, with the reasons"),
        ("hint", _hint, "the first move of the best turn, and why"),
        ("odds", _odds, "what the unseen cards could do on the table"),
    ):
        command = commands.add_parser(name, help=summary, description=summary)
        command.add_argument("position", help='a position line, e.g. "N:Jc E:6h ... turn:P1"')
        command.add_argument("--rules", help=rules_help)
        if name != "odds":
            command.add_argument(
                "--seconds", type=_seconds, help="stop searching after this long (default: prove)"
            )
        command.set_defaults(run=run)

    for name, run, summary in (
        ("simulate", _simulate, "play games between computer players (seats rotate)"),
        ("tournament", _tournament, "a heads-up round robin with 95%% intervals"),
    ):
        # help is %-formatted by argparse, the description is printed as it is
        command = commands.add_parser(name, help=summary, description=summary.replace("%%", "%"))
        command.add_argument("players", nargs="+", help="random, greedy, planner, lookahead...")
        command.add_argument("--games", type=_positive, default=100, help="games (default 100)")
        command.add_argument("--workers", type=_positive, help="processes (default: all cores)")
        command.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
        command.add_argument("--rules", help=rules_help)
        command.add_argument("--quiet", action="store_true", help="no progress bar")
        command.set_defaults(run=run)

    summary = "a saved game or match, turn by turn against the best turn, with the accuracy"
    command = commands.add_parser("review", help=summary, description=summary)
    command.add_argument("record", help="a saved game or match record (JSON)")
    command.add_argument(
        "--player", type=_positive, default=1, help="the player (in a match, the seat; default 1)"
    )
    command.add_argument(
        "--judge",
        choices=("cards", "win"),
        default="cards",
        help="judge each turn by the cards it shed (default) or by its chance of winning",
    )
    command.add_argument("--quiet", action="store_true", help="no progress bar")
    command.set_defaults(run=_review)

    summary = "rank the players written in a folder's *.py files, each in its own process"
    command = commands.add_parser("league", help=summary, description=summary)
    command.add_argument("folder", help="a folder of *.py files, each defining a player")
    command.add_argument(
        "--with", dest="with_", metavar="NAMES", help="built-in baselines, e.g. greedy,expert"
    )
    command.add_argument(
        "--hands", type=_positive, default=200, help="heads-up hands per pair (even; default 200)"
    )
    command.add_argument("--four-seat", type=int, help="four-seat deals (default 5 per player)")
    command.add_argument("--results", help="the results file (default: in the folder)")
    command.add_argument(
        "--time-limit", type=_seconds, default=1.0, help="seconds per decision (default 1)"
    )
    command.add_argument("--workers", type=_positive, help="processes (default: all cores)")
    command.add_argument("--seed", type=int, default=0, help="the deals' seed (default 0)")
    command.add_argument("--html", help="also write the leaderboard as HTML here")
    command.add_argument("--json", help="also write the standings as JSON here")
    command.add_argument("--quiet", action="store_true", help="no progress bar")
    command.set_defaults(run=_league)

    command = commands.add_parser(
        "tutorials", help="copy the tutorial notebooks into a folder", description=None
    )
    command.add_argument("folder", help="where to put them (made if missing)")
    command.add_argument("--force", action="store_true", help="replace notebooks already there")
    command.set_defaults(run=_tutorials)
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status (0, or 2 for bad input)."""
    parser = _parser()
    args = parser.parse_args(argv)
    out = out or sys.stdout
    try:
        args.run(args, out)
        out.flush()  # a closed pipe shows here, inside the try
    except _UsageError as error:
        print(f"kingscorner: {error}", file=sys.stderr)
        return EXIT_USAGE
    except ValueError as error:  # a player name or option the analysis refuses
        print(f"kingscorner: {error}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:  # the reader stopped early (``kingscorner ... | head``): not an error
        # Point stdout at nothing so that flushing it at exit does not complain again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    return 0
