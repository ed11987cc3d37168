"""Simulations and tournaments between computer players, serial, on local processes, or on Dask.

Each game's seed comes from the run's seed and the game's index alone, and every player starts
each game afresh, so the results do not depend on how the games are split between workers.

>>> result = simulate(["greedy", "random"], games=4, seed=1, workers=1, progress=False)
>>> [(r.reason, len(r.winners)) for r in result.records]  # a blocked hand: nobody wins it
[('out', 1), ('out', 1), ('out', 1), ('blocked', 0)]
>>> result == simulate(["greedy", "random"], games=4, seed=1, workers=2, progress=False)
True
"""

from __future__ import annotations

import concurrent.futures
import copy
import dataclasses
import hashlib
import itertools
import math
import sys
import warnings
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...display.tables import HtmlTable
from ...engine.game import Game
from ...engine.moves import EndTurn, PlayCard
from ...engine.rules import Rules
from ...sandbox import machine
from ..players import Player, make_player
from ..progress import progress_bar
from ..stats import wilson_interval
from .summaries import game_lengths, games_table, pairings_table, player_results

if TYPE_CHECKING:
    import pandas

__all__ = [
    "GameRecord",
    "Pairing",
    "SimulationResult",
    "TournamentResult",
    "game_seed",
    "play_game",
    "simulate",
    "tournament",
    "wilson_interval",
]

PlayerSpec = Player | str
"""A player, or a name for :func:`~kingscorner_widget.analysis.players.make_player`."""


@dataclasses.dataclass(frozen=True)
class GameRecord:
    """One simulated hand."""

    index: int
    """The game's index in its run."""
    seed: int
    """The deal's seed (from the run's seed and the index)."""
    players: tuple[str, ...]
    """The players' names by seat (P1 first)."""
    winners: tuple[int, ...]
    """Winning seats (1-based); several when a blocked hand is shared."""
    reason: str
    """``"out"`` or ``"blocked"``."""
    went_out: int | None
    """The seat that went out, if any."""
    penalties: tuple[int, ...]
    """Each seat's count of cards left."""
    turns: int
    """Turns played."""
    moves: int
    """Moves played, ends of turns included."""
    cards_played: tuple[int, ...]
    """Cards each seat played from hand."""
    turn_starts: tuple[tuple[int, int, bool], ...]
    """For every turn: the mover's seat, their hand size at its start, and whether they went out
    during it."""

    def winner_names(self) -> tuple[str, ...]:
        """The winners' names."""
        return tuple(self.players[seat - 1] for seat in self.winners)


def game_seed(seed: int, index: int) -> int:
    """The deal seed of game ``index`` in a run seeded with ``seed``.

    >>> game_seed(0, 1) == game_seed(0, 1) != game_seed(0, 2)
    True
    """
    digest = hashlib.sha256(f"kingscorner-sim:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _resolve(spec: PlayerSpec, seed: int) -> Player:
    return make_player(spec, seed=seed) if isinstance(spec, str) else copy.deepcopy(spec)


def play_game(
    players: Sequence[PlayerSpec], rules: Rules | None = None, seed: int = 0, index: int = 0
) -> GameRecord:
    """Play one hand between fresh copies of ``players`` (by seat) and record it."""
    rules = (rules or Rules()).with_players(len(players))
    bots = [_resolve(spec, seed + seat) for seat, spec in enumerate(players)]
    game = Game.new(seed=seed, rules=rules)
    turns = 0
    played = [0] * len(players)
    starts: list[tuple[int, int, bool]] = []
    turn_open = False
    limit = 20_000
    while not game.is_over():
        mover = game.turn
        if not turn_open:
            starts.append((mover, len(game.hand(mover)), False))
            turns += 1
            turn_open = True
        move = bots[mover - 1].choose(game.observation(mover))
        game.play(move)
        if isinstance(move, PlayCard):
            played[mover - 1] += 1
        if isinstance(move, EndTurn) and game.turn != mover:
            turn_open = False
        if len(game.moves) > limit:  # pragma: no cover - the rules end every hand
            raise RuntimeError(f"game {index} did not end within {limit} moves")
    outcome = game.outcome()
    assert outcome is not None
    if outcome.went_out is not None and starts:
        seat, size, _ = starts[-1]
        starts[-1] = (seat, size, seat == outcome.went_out)
    return GameRecord(
        index=index,
        seed=seed,
        players=tuple(bot.name for bot in bots),
        winners=outcome.winners,
        reason=outcome.reason,
        went_out=outcome.went_out,
        penalties=outcome.penalties,
        turns=turns,
        moves=len(game.moves),
        cards_played=tuple(played),
        turn_starts=tuple(starts),
    )


def _run_chunk(
    players: Sequence[PlayerSpec],
    rules: Rules,
    seed: int,
    indexes: Sequence[int],
    rotate: bool,
    paired: bool = False,
) -> list[GameRecord]:
    out = []
    for index in indexes:
        seated = list(players)
        if rotate:
            shift = index % len(seated)
            seated = seated[shift:] + seated[:shift]
        # Paired deals: games k*n .. k*n+n-1 share deal k, each seat taking every hand once.
        deal = index // len(seated) if paired else index
        out.append(play_game(seated, rules, game_seed(seed, deal), index))
    return out


@dataclasses.dataclass(frozen=True)
class SimulationResult:
    """The records of a run of games, in index order."""

    records: tuple[GameRecord, ...]
    """One record per game."""
    rules: Rules
    """The rules the games were played under."""

    def going_out_by_hand_size(self) -> dict[int, tuple[int, int]]:
        """For each hand size at the start of a turn: (turns, turns in which the mover went out)."""
        table: dict[int, list[int]] = {}
        for record in self.records:
            for _, size, out in record.turn_starts:
                row = table.setdefault(size, [0, 0])
                row[0] += 1
                row[1] += out
        return {size: (row[0], row[1]) for size, row in sorted(table.items())}

    def table(self) -> HtmlTable:
        """One row per game (see
        :func:`~kingscorner_widget.analysis.runs.summaries.games_table`)."""
        return games_table(self)

    def players(self) -> HtmlTable:
        """Each player's games, wins and win rate with its 95% interval."""
        return player_results(self)

    def lengths(self) -> HtmlTable:
        """How many turns the hands lasted: count, mean, spread, quartiles."""
        return game_lengths(self)

    def to_pandas(self) -> pandas.DataFrame:
        """One row per game, as a data frame (needs pandas)."""
        return self.table().to_pandas()

    to_dataframe = to_pandas

    def _repr_html_(self) -> str:
        return self.players().to_html()


IN_BROWSER = sys.platform == "emscripten"
"""True in a browser's Python (a JupyterLite site's Pyodide kernel), which cannot start processes
or threads: simulations there run in the notebook's own process, one game after another."""

IN_BROWSER_NOTE = (
    "This Python runs inside the browser, which cannot start other processes: "
    "the games run here, one after another."
)


def _executor(workers: int | None) -> concurrent.futures.Executor | None:
    workers = machine.workers(workers or None)
    if workers <= 1:
        return None
    if IN_BROWSER:
        warnings.warn(IN_BROWSER_NOTE, RuntimeWarning, stacklevel=4)
        return None
    return concurrent.futures.ProcessPoolExecutor(max_workers=workers)


def _run(
    players: Sequence[PlayerSpec],
    rules: Rules,
    games: int,
    seed: int,
    executor: concurrent.futures.Executor | None,
    workers: int | None,
    progress: bool,
    rotate: bool,
    description: str,
    paired: bool = False,
) -> list[GameRecord]:
    indexes = list(range(games))
    own = executor is None and games > 1
    pool = _executor(workers) if own else executor
    bar = progress_bar(total=games, desc=description, disable=not progress, leave=False)
    try:
        if pool is None:
            records = []
            for index in indexes:
                records.extend(_run_chunk(players, rules, seed, [index], rotate, paired))
                bar.update(1)
            return records
        size = max(1, min(50, math.ceil(games / (8 * machine.workers(workers or None)))))
        chunks = [indexes[i : i + size] for i in range(0, games, size)]
        futures = [
            pool.submit(_run_chunk, players, rules, seed, chunk, rotate, paired) for chunk in chunks
        ]
        records = []
        for future in concurrent.futures.as_completed(futures):
            done = future.result()
            records.extend(done)
            bar.update(len(done))
        return sorted(records, key=lambda r: r.index)
    finally:
        bar.close()
        if own and pool is not None:
            # After Ctrl-C or an error, the chunks not started are dropped rather than played.
            pool.shutdown(cancel_futures=True)


def simulate(
    players: Sequence[PlayerSpec],
    rules: Rules | None = None,
    games: int = 100,
    seed: int = 0,
    executor: concurrent.futures.Executor | None = None,
    workers: int | None = None,
    progress: bool = True,
    rotate: bool = False,
    paired: bool = False,
) -> SimulationResult:
    """Play ``games`` hands between ``players`` (seated in order, or rotated each game).

    With ``paired`` (and ``rotate``), each deal is played once from every seat: games ``k*n``
    to ``k*n + n - 1`` share deal ``k``, so the luck of the deal cancels out (``games`` must
    then be a multiple of the number of players).

    Runs on local processes by default (``workers``: how many, default all cores; 1 runs here);
    pass any :class:`concurrent.futures.Executor` as ``executor`` to run elsewhere, for example
    ``distributed.Client(...).get_executor()`` for a Dask cluster. Players given by name are made
    with :func:`~kingscorner_widget.analysis.players.make_player`; player objects must pickle.
    """
    if games < 0:
        raise ValueError(f"games must be 0 or more, not {games}")
    if not 2 <= len(players) <= 6:
        raise ValueError(f"a game needs 2 to 6 players, not {len(players)}")
    _check_players(players)
    _check_paired(paired, games, len(players))
    rules = (rules or Rules()).with_players(len(players))
    records = _run(
        players, rules, games, seed, executor, workers, progress, rotate, "games", paired
    )
    return SimulationResult(records=tuple(records), rules=rules)


def _check_players(players: Sequence[PlayerSpec]) -> None:
    """Refuse a player name :func:`make_player` does not know before any game (or progress bar)
    starts."""
    for spec in players:
        if isinstance(spec, str):
            make_player(spec)


def _check_paired(paired: bool, games: int, seats: int) -> None:
    if paired and games % seats:
        raise ValueError(
            f"paired deals play each deal from all {seats} seats: games must be a multiple "
            f"of {seats}, not {games}"
        )


@dataclasses.dataclass(frozen=True)
class Pairing:
    """A heads-up match between two players over many hands, seats alternating."""

    first: str
    """One player's name."""
    second: str
    """The other's."""
    games: int
    """Hands played."""
    first_wins: float
    """Hands the first player won (a shared hand counts half)."""

    @property
    def rate(self) -> float:
        """The first player's win rate."""
        return self.first_wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """A 95% interval for :attr:`rate`."""
        return wilson_interval(self.first_wins, self.games)


@dataclasses.dataclass(frozen=True)
class TournamentResult:
    """A round-robin of heads-up matches."""

    pairings: tuple[Pairing, ...]
    """Each pair of players once."""
    results: tuple[SimulationResult, ...]
    """The games of each pairing."""

    def describe(self) -> str:
        """A table of win rates with 95% intervals."""
        lines = [f"{'pairing':<24} {'games':>6} {'win rate':>9}  95% interval"]
        for pairing in self.pairings:
            low, high = pairing.interval
            name = f"{pairing.first} v {pairing.second}"
            lines.append(
                f"{name:<24} {pairing.games:>6} {pairing.rate:>9.1%}  {low:.1%} to {high:.1%}"
            )
        return "\n".join(lines)

    def table(self) -> HtmlTable:
        """One row per pairing: games, the first player's wins, win rate and 95% interval."""
        return pairings_table(self)

    def to_pandas(self) -> pandas.DataFrame:
        """One row per pairing, as a data frame (needs pandas)."""
        return self.table().to_pandas()

    to_dataframe = to_pandas

    def _repr_html_(self) -> str:
        return self.table().to_html()


def tournament(
    players: Sequence[PlayerSpec] | dict[str, PlayerSpec],
    rules: Rules | None = None,
    games: int = 200,
    seed: int = 0,
    executor: concurrent.futures.Executor | None = None,
    workers: int | None = None,
    progress: bool = True,
    paired: bool = False,
) -> TournamentResult:
    """A heads-up round-robin: ``games`` hands per pair, seats alternating, the same deals for
    every pairing. Names in a dict label the players (otherwise their ``name`` is used).

    With ``paired``, each deal is played twice, once from each seat (games ``2k`` and ``2k+1``
    share deal ``k``; ``games`` must be even), so a player's edge is not the luck of its deals.

    >>> result = tournament(["greedy", "random"], games=4, seed=2, workers=1, progress=False,
    ...                     paired=True)
    >>> [r.seed for r in result.results[0].records][::2] == [r.seed for r in
    ...     result.results[0].records][1::2]
    True
    """
    if isinstance(players, dict):
        labelled = list(players.items())
    else:
        labelled = [(p if isinstance(p, str) else p.name, p) for p in players]
    if len({name for name, _ in labelled}) != len(labelled):
        raise ValueError("every player in a tournament needs its own name")
    _check_players([spec for _, spec in labelled])
    _check_paired(paired, games, 2)
    rules = (rules or Rules()).with_players(2)
    pairings = []
    results = []
    for (name_a, a), (name_b, b) in itertools.combinations(labelled, 2):
        result = SimulationResult(
            records=tuple(
                _run(
                    [a, b],
                    rules,
                    games,
                    seed,
                    executor,
                    workers,
                    progress,
                    True,
                    f"{name_a} v {name_b}",
                    paired,
                )
            ),
            rules=rules,
        )
        wins = 0.0
        for record in result.records:
            seat_a = 1 if record.index % 2 == 0 else 2
            if seat_a in record.winners:
                wins += 1 / len(record.winners)
        pairings.append(Pairing(name_a, name_b, games, wins))
        results.append(result)
    return TournamentResult(pairings=tuple(pairings), results=tuple(results))
