"""The league: every entry against every other, heads-up on paired deals and at four-seat
tables, in parallel, resumable, each entry in a process of its own.
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
import functools
import random
import secrets
import sys
import warnings
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from ...display.language import N_, gettext, ngettext
from ...engine.game import Game
from ...engine.rules import Rules
from ...sandbox import fair, machine
from ...sandbox.process import (
    InProcess,
    Limits,
    Sandbox,
    can_contain,
    can_isolate,
    containment,
    end_marked,
    end_users,
    entry_user,
    no_sandbox,
)
from ..progress import progress_bar
from ..runs.simulate import game_seed
from .board import LeagueResult, standings
from .entries import Entry, load_entries
from .hands import Seat, Seating, play_hand
from .ledger import Ledger
from .results import ResultsFile

__all__ = ["ISOLATION_OFF", "league", "replay_deal", "schedule"]

Json = dict[str, Any]

UNSANDBOXED = N_(
    "UNSANDBOXED: no sandbox could be made, so every entry ran as this user, trusted, able to "
    "read what this user reads and reach the network."
)

ISOLATION_OFF = N_(
    "Isolation is off: this Python cannot start processes (a browser's Python), so the entries "
    "run in the notebook's own process, where a player could reach the game."
)

FOUR_SEAT_BASE = 1_000_000
"""Four-seat deals take their seeds from here on, apart from the heads-up deals."""


def schedule(
    names: Sequence[str],
    hands: int,
    four_seat: int,
    seed: int = 0,
    deal_seed: Callable[[int, int], int] = game_seed,
) -> list[Seating]:
    """Every hand of a league: for each pair, ``hands`` heads-up hands on ``hands / 2`` deals
    (each deal played from both seats, the same deals for every pair), then ``four_seat``
    deals at four-seat tables of entries drawn at random, each played from all four seats.
    Deal number ``n`` is dealt from ``deal_seed(seed, n)`` (the league's: from its secret key,
    :meth:`~.results.ResultsFile.deal_seed`).

    >>> [s.names for s in schedule(["a", "b", "c"], 2, 0)]
    [('a', 'b'), ('b', 'a'), ('a', 'c'), ('c', 'a'), ('b', 'c'), ('c', 'b')]
    """
    if hands < 2 or hands % 2:
        raise ValueError(f"hands per pair must be even (each deal from both seats), not {hands}")
    out: list[Seating] = []
    for i, first in enumerate(names):
        for second in names[i + 1 :]:
            for deal in range(hands // 2):
                dealt = deal_seed(seed, deal)
                for order in ((first, second), (second, first)):
                    key = f"pair {first} v {second} deal {deal} {order[0]} first"
                    out.append(Seating(key, "pair", dealt, order, deal))
    if len(names) >= 4:
        for deal in range(four_seat):
            number = FOUR_SEAT_BASE + deal
            dealt = deal_seed(seed, number)
            group = random.Random(dealt).sample(list(names), 4)
            for shift in range(4):
                seated = tuple(group[shift:] + group[:shift])
                key = f"four deal {deal} seat {shift}"
                out.append(Seating(key, "four", dealt, seated, number))
    return out


# -- the workers ----------------------------------------------------------------------------

_SEATS: dict[str, Seat] = {}
_RULES = Rules()
_LEDGER: Ledger | None = None


def _no_peeking() -> None:
    """Make this process undumpable: no process of another user, nor one of ours without the
    right to trace, can read its memory (where the games are)."""
    try:
        import ctypes  # here: a browser's Python never needs it

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(4, 0, 0, 0, 0)  # PR_SET_DUMPABLE, 0
    except (OSError, AttributeError):  # pragma: no cover - not Linux
        pass


def _close_all() -> None:
    """Close every entry's sandbox, each checked for anything left (told to the ledger)."""
    for index, seat in enumerate(_SEATS.values()):
        seat.close()  # type: ignore[attr-defined]
        if _LEDGER is not None and isinstance(seat, Sandbox):
            _LEDGER.checked(index, seat.checked, seat.left)
    _SEATS.clear()


def _set_up(
    entries: Sequence[Entry],
    limits: Limits,
    isolate: bool,
    rules: Rules,
    users: Sequence[int | None] = (),
    hidden: tuple[str, ...] = (),
    trusted: bool = False,
    mark: str = "",
    ledger: Ledger | None = None,
) -> None:
    """A worker's start: one seat per entry (the ``index``-th as ``users[index]``), each
    started when first dealt a hand. With isolation the games are played in worker processes
    only, made undumpable here."""
    global _RULES, _LEDGER
    if isolate:
        _no_peeking()
    _close_all()
    _RULES = rules
    _LEDGER = ledger
    for index, entry in enumerate(entries):
        if isolate:
            user = users[index] if index < len(users) else None
            account = None if ledger is None else functools.partial(ledger.spend, index)
            _SEATS[entry.name] = Sandbox(entry, limits, user, hidden, trusted, mark, account)
        else:
            _SEATS[entry.name] = InProcess(entry, limits)
    if isolate:  # a worker process: end the entries' processes when it ends
        from multiprocessing import util

        util.Finalize(None, _close_all, exitpriority=10)


def _play(seating: Seating, index: int) -> Json:
    result = play_hand(seating, _SEATS, _RULES)
    result["index"] = index
    return result


# -- the league ---------------------------------------------------------------------------


def league(
    directory: str | Path | None = None,
    *,
    entries: Iterable[Entry] | None = None,
    with_: Iterable[str] = (),
    hands: int = 200,
    four_seat: int | None = None,
    results: str | Path | None = None,
    seed: int = 0,
    time_limit: float = 1.0,
    workers: int | None = None,
    progress: bool = True,
    isolate: bool | None = None,
    rules: Rules | None = None,
    unsandboxed: bool = False,
    max_minutes: float | None = None,
    budget: float | None = None,
) -> LeagueResult:
    """Rank the players written in ``directory`` (each ``*.py`` file defines a ``player``
    object or a ``Player`` class), with the built-in players named in ``with_`` as baselines.

    Every pair plays ``hands`` heads-up hands on paired deals; with four or more entries,
    ``four_seat`` deals (default five per entry) are played at four-seat tables from every
    seat. Each entry runs in a process of its own (``isolate``, on wherever processes can be
    started; where it is off, the result's :attr:`~LeagueResult.note` and the leaderboard's
    caption say so) with a ``time_limit`` in seconds per decision; too slow, a crash, a malformed
    answer or an illegal move forfeits that hand. Finished hands are kept in ``results``
    (default ``league-results.jsonl`` in ``directory``): run the league again and it carries on
    where it stopped. ``workers`` hands are played at once (default: one per processor this
    process may use, its affinity and cgroup quota, at most
    :data:`~kingscorner_widget.sandbox.machine.NOTEBOOK_WORKERS` in a notebook), each in a
    worker process of the league's (the games are never in the caller's process). Nothing is
    written before every argument is accepted.

    The entries' processes run in a sandbox (:mod:`kingscorner_widget.sandbox`): as root with
    a user of its own each, as any other user through bubblewrap. Where no sandbox can be
    made the league refuses, in one line saying what to ask for, unless ``unsandboxed`` is
    true: then every entry runs as this user, trusted, and the results and every table say so.
    Each sandbox is stopped between its entry's turns and bounded as a whole (memory, one
    processor: :mod:`kingscorner_widget.sandbox.fair`), and checked for anything left each
    time its process ends.

    ``budget`` is the seconds each entry may think across the whole league (its starts and
    decisions added up); ``max_minutes`` bounds the league, giving each entry its share of
    the workers' time as its budget unless ``budget`` says less. An entry past its budget
    forfeits every hand left, and the results say so (where entries run in processes of their
    own: without isolation a slow entry sits out instead). With ``progress`` the league first says
    how long it expects to take (:func:`estimate`), and its progress bar shows it too.
    """
    if entries is None:
        if directory is None:
            raise ValueError("name a folder of players, or give the entries")
        entries = load_entries(directory, with_)
    chosen = list(entries)
    if len({entry.name for entry in chosen}) != len(chosen) or len(chosen) < 2:
        raise ValueError("a league needs at least two players, each with its own name")
    if time_limit <= 0:
        raise ValueError(f"the time limit must be more than 0 seconds, not {time_limit}")
    if hands < 2 or hands % 2:  # refused before the results file is made
        raise ValueError(f"hands per pair must be even (each deal from both seats), not {hands}")
    if workers is not None and workers < 1:
        raise ValueError(f"workers must be 1 or more, not {workers}")
    _positive(max_minutes=max_minutes, budget=budget)
    names = [entry.name for entry in chosen]
    four_seat = 5 * len(chosen) if four_seat is None else four_seat
    if four_seat < 0:
        raise ValueError(f"four_seat must be 0 or more, not {four_seat}")
    rules = rules or Rules()
    if isolate is None:
        isolate = can_isolate()
    elif isolate and not can_isolate():
        raise ValueError("this Python cannot start processes: run the league with isolate=False")
    if isolate and not unsandboxed and not can_contain():
        raise ValueError(no_sandbox())
    trusted = isolate and not can_contain()
    if trusted:
        warnings.warn(UNSANDBOXED, RuntimeWarning, stacklevel=2)
    if results is None:
        if directory is None:
            raise ValueError("say where to keep the results (results=...)")
        results = Path(directory) / "league-results.jsonl"
    config: Json = {
        "entries": {entry.name: entry.digest for entry in chosen},
        "hands": hands,
        "four_seat": four_seat,
        "seed": seed,
        "time_limit": time_limit,
        "rules": rules.to_dict(),
    }
    share = workers_for(workers, isolate)
    if max_minutes is not None:
        fair_share = max_minutes * 60 * share / len(chosen)
        budget = fair_share if budget is None else min(budget, fair_share)
    if budget is not None:  # only then: results of a league without one still resume
        config["budget"] = round(budget, 3)
    users = [entry_user(index) for index in range(len(chosen))] if isolate else []
    if any(user is not None for user in users):
        _check_place(Path(results))
    store = ResultsFile.open(results, config)
    plan = schedule(names, hands, four_seat, seed, store.deal_seed)
    done = {hand["key"] for hand in store.hands}
    pending = [(index, s) for index, s in enumerate(plan) if s.key not in done]
    limits = Limits(decision=time_limit, budget=budget)
    said = estimate(len(pending), len(chosen), share, max_minutes)
    if progress:
        print(gettext("The league: {said}.").format(said=said), file=sys.stderr, flush=True)
    hidden = _hidden(directory, Path(results), chosen)
    mark = secrets.token_hex(8)
    left = 0
    ledger = Ledger(names, store.hands) if isolate else None  # shared memory: not in a browser
    try:
        how = _How(isolate, tuple(users), hidden, share, progress, trusted, mark, said)
        _run(pending, len(plan), chosen, limits, how, rules, store, ledger)
    finally:
        left = fair.sweep(mark)  # first: a frozen process cannot end
        left += end_users([user for user in users if user is not None]) + end_marked(mark)
    store.verify()
    note = _note(isolate, store.rewritten, trusted, left)
    if ledger is not None:
        note += ledger.describe(limits, trusted)
    return LeagueResult(
        standings=tuple(standings(store.hands, names)),
        hands=tuple(store.hands),
        isolated=isolate,
        note=note,
        results=str(store.path),
    )


def _positive(**values: float | None) -> None:
    for name, value in values.items():
        if value is not None and not value > 0:
            raise ValueError(f"{name} must be more than 0, not {value}")


def workers_for(workers: int | None, isolate: bool) -> int:
    """The worker processes a league plays on (one when isolation is off)."""
    return machine.workers(workers) if isolate else 1


SECONDS_PER_HAND = 0.06
"""A hand's usual cost on one worker with quick entries (``python -m bench league``: about
40 decisions of about 1 ms, and the engine's judging)."""
SECONDS_PER_START = 0.5
"""An entry's process starting on a worker (its sandbox and its Python)."""


def estimate(hands: int, entries: int, workers: int, max_minutes: float | None = None) -> str:
    """How long a league of ``hands`` hands is expected to take, in words, with quick entries
    (each entry's own thinking comes on top, up to its budget).

    >>> estimate(9000, 10, 2)
    'about 5 minutes for 9,000 hands on 2 workers, more for entries that think long'
    >>> estimate(20, 2, 1, max_minutes=3)
    'about 1 minute for 20 hands on 1 worker, at most 3 minutes (--max-minutes)'
    """
    seconds = hands * SECONDS_PER_HAND / workers + entries * SECONDS_PER_START
    minutes = max(1, round(seconds / 60))
    counts = {
        "minutes": ngettext("{n} minute", "{n} minutes", minutes).format(n=minutes),
        "hands": ngettext("{n} hand", "{n} hands", hands).format(n=f"{hands:,}"),
        "workers": ngettext("{n} worker", "{n} workers", workers).format(n=workers),
    }
    if max_minutes is None:
        # TRANSLATORS: {minutes} "5 minutes", {hands} "9,000 hands", {workers} "2 workers"
        return gettext(
            "about {minutes} for {hands} on {workers}, more for entries that think long"
        ).format(**counts)
    most = ngettext("{n} minute", "{n} minutes", 1 if max_minutes == 1 else 2).format(
        n=f"{max_minutes:g}"
    )
    return gettext(
        "about {minutes} for {hands} on {workers}, at most {most} (--max-minutes)"
    ).format(most=most, **counts)


def replay_deal(results: str | Path, key: str) -> Game:
    """The deal of hand ``key`` of the league whose results are ``results``, as it was dealt
    (for the teacher: it needs the key beside the results, which no entry can read).

    >>> import tempfile
    >>> from kingscorner_widget.analysis.league.entries import built_in
    >>> folder = tempfile.mkdtemp()
    >>> done = league(entries=[built_in("random"), built_in("greedy")], hands=2,
    ...               results=f"{folder}/r.jsonl", progress=False, isolate=False)
    >>> game = replay_deal(f"{folder}/r.jsonl", done.hands[0]["key"])
    >>> len(game.moves), game.rules.players
    (0, 2)
    """
    store = ResultsFile.read(results)
    for hand in store.hands:
        if hand["key"] == key:
            rules = Rules.from_dict(store.config["rules"]).with_players(len(hand["seats"]))
            seed = store.deal_seed(int(store.config["seed"]), int(hand["deal"]))
            return Game.new(seed=seed, rules=rules)
    raise ValueError(f"{results} has no hand {key!r}")


def _hidden(
    directory: str | Path | None, results: Path, entries: Sequence[Entry]
) -> tuple[str, ...]:
    """The folders an entry's process must not see: the players' folder, the results' and
    each entry's own file's, less any that holds what the entries' Python needs to run."""
    folders = {results.resolve().parent}
    if directory is not None:
        folders.add(Path(directory).resolve())
    folders |= {Path(e.origin).resolve().parent for e in entries if e.origin != "built-in"}
    needed = [Path(sys.prefix).resolve(), Path(sys.base_prefix).resolve(), Path(__file__).resolve()]
    needed += [Path(entry).resolve() for entry in sys.path if entry]
    return tuple(
        sorted(
            str(folder)
            for folder in folders
            if folder != Path("/tmp")
            and not any(path == folder or folder in path.parents for path in needed)
        )
    )


def _check_place(path: Path) -> None:
    """Refuse a results folder that every user may change: the entries' users could replace
    the file there (a folder with the sticky bit, like ``/tmp``, keeps others' files safe)."""
    import stat

    folder = path.parent if path.parent.exists() else path.parent.parent
    mode = folder.stat().st_mode
    if mode & stat.S_IWOTH and not mode & stat.S_ISVTX:
        raise ValueError(
            f"{folder} may be changed by every user, so an entry could change the results in "
            "it: keep the results somewhere else (results=...)"
        )


def _as_root() -> bool:
    """True when entries get users of their own (asked without claiming one)."""
    import os

    return hasattr(os, "geteuid") and os.geteuid() == 0


def _note(isolate: bool, rewritten: bool, trusted: bool = False, left: int = 0) -> str:
    if not isolate:
        words = gettext(ISOLATION_OFF)
    elif trusted:
        words = gettext(UNSANDBOXED)
    elif _as_root() and containment() == "root":
        words = gettext(
            "Each entry ran in a process of its own, as a user of its own, with limits, "
            "without network, in namespaces of its own (processes, mounts, IPC), with private "
            "/tmp, /dev/shm, /var/tmp and /run/lock and the league's folders hidden."
        )
    elif containment() == "bwrap":
        words = gettext(
            "Each entry ran in a sandbox of its own (bubblewrap: its own user, processes, "
            "mounts, network and IPC), with limits, without network, seeing only what its "
            "Python needs and its own private folders."
        )
    elif _as_root():
        words = gettext(
            "Each entry ran in a process of its own, as a user of its own, with limits."
        )
    else:
        words = gettext(
            "Each entry ran in a process of its own with limits (as this user: run the league "
            "as root to give each entry a user of its own)."
        )
    if isolate and not trusted:
        words += " " + (
            gettext(
                "After the league nothing of an entry was left (no process, so no IPC object or "
                "file either: they end with its namespaces)."
            )
            if not left
            else ngettext(
                "{n} process of the entries outlived them and were ended.",
                "{n} processes of the entries outlived them and were ended.",
                left,
            ).format(n=left)
        )
    if rewritten:
        words += " " + gettext(
            "The results file was changed during the run and was written out again."
        )
    return words


@dataclasses.dataclass(frozen=True)
class _How:
    """How the hands are played: isolated or not, as which users, hiding which folders, on
    how many workers, with a progress bar or not."""

    isolate: bool
    users: tuple[int | None, ...]
    hidden: tuple[str, ...]
    workers: int | None
    progress: bool
    trusted: bool = False
    mark: str = ""
    said: str = ""


def _run(
    pending: list[tuple[int, Seating]],
    total: int,
    entries: list[Entry],
    limits: Limits,
    how: _How,
    rules: Rules,
    store: ResultsFile,
    ledger: Ledger | None = None,
) -> None:
    workers = machine.workers(how.workers)
    bar = progress_bar(
        total=total,
        initial=total - len(pending),
        desc=f"league ({how.said.split(' for ')[0]})" if how.said else "league",
        disable=not how.progress,
        leave=False,
    )
    try:
        if not how.isolate:  # a browser's Python: the entries play in this process
            _set_up(entries, limits, False, rules)
            try:
                for index, seating in pending:
                    store.add(_play(seating, index))
                    bar.update(1)
            finally:
                _close_all()
            return
        left = list(pending)
        while left:  # a worker that died is replaced, and its hands are played again
            finished: set[int] = set()
            try:
                pool = concurrent.futures.ProcessPoolExecutor(
                    max_workers=workers,
                    initializer=_set_up,
                    initargs=(
                        entries,
                        limits,
                        True,
                        rules,
                        how.users,
                        how.hidden,
                        how.trusted,
                        how.mark,
                        ledger,
                    ),
                )
                try:
                    futures = [pool.submit(_play, seating, index) for index, seating in left]
                    for future in concurrent.futures.as_completed(futures):
                        hand = future.result()
                        store.add(hand)
                        finished.add(int(hand["index"]))
                        bar.update(1)
                finally:
                    # After Ctrl-C the hands not started are dropped (the finished ones are in
                    # the results file, and the next run carries on from them).
                    pool.shutdown(cancel_futures=True)
            except concurrent.futures.process.BrokenProcessPool:
                pass
            except OSError as error:  # never taken for the caller's own output failing
                raise RuntimeError(f"the league stopped: {error}") from error
            if not finished:
                raise RuntimeError(f"{len(left)} hands could not be played: the workers died")
            left = [(index, seating) for index, seating in left if index not in finished]
    finally:
        bar.close()
