"""Check a student's player before it joins a league: :func:`check_player` plays it against the
built-in players and says, in words, everything it did wrong.

It reports every illegal move (the position in notation, the move and the engine's reason),
every exception (the position and the traceback's last line), answers that are not moves, how
long decisions take (median and 95th percentile), and whether a decision depends on anything
a player at the table cannot see: at twin tables, with the same view and other hidden cards,
a fair player must choose the same move. After a problem the hand goes on (a greedy stand-in
makes that one move), so one check finds them all.

>>> class FirstMove:
...     name = "first"
...     def choose(self, seen):
...         return seen.legal_moves[0]
>>> report = check_player(FirstMove(), hands=3, seed=1)
>>> report.ok, report.hands
(True, 3)
>>> class Cheeky:
...     name = "cheeky"
...     def choose(self, seen):
...         return "Kh>N" if seen.cards_played_this_turn == 0 else seen.legal_moves[-1]
>>> report = check_player(Cheeky(), hands=2, seed=1)
>>> report.ok, report.problems[0].kind
(False, 'illegal')
"""

from __future__ import annotations

import copy
import dataclasses
import random
import statistics
import time
import traceback
from collections import Counter

from ...engine.game import Game
from ...engine.moves import EndTurn, Move, MovePile, PlayCard, as_move
from ...engine.observation import Observation
from ...engine.rules import Rules
from ...engine.words import count_words, phrase, reason_words
from ..players import GreedyPlayer, Player, make_player
from .simulate import game_seed

__all__ = ["PlayerCheck", "Problem", "check_player"]

TABLES: tuple[tuple[str, ...], ...] = (("greedy",), ("random",), ("greedy", "random", "planner"))
"""The opponents at each table in turn: heads-up against greedy, against random, then four
seats."""

MOVE_TYPES = (PlayCard, MovePile, EndTurn)

SHOWN = 3
"""Problems of one kind written out in full; the rest are counted."""


@dataclasses.dataclass(frozen=True)
class Problem:
    """One thing the player did wrong."""

    kind: str
    """``"illegal"``, ``"exception"``, ``"not a move"`` or ``"hidden"`` (the move changed with
    the hidden cards)."""
    hand: int
    """The hand it happened in (1-based)."""
    position: str
    """The position as the player saw it."""
    detail: str
    """What happened, in words."""


@dataclasses.dataclass(frozen=True)
class PlayerCheck:
    """What :func:`check_player` found."""

    name: str
    """The player's name."""
    hands: int
    """Hands played."""
    decisions: int
    """Decisions the player made."""
    seconds: tuple[float, ...]
    """Each decision's time."""
    twins: int
    """Decisions checked at a twin table."""
    problems: tuple[Problem, ...]
    """Everything that went wrong, in order."""

    @property
    def ok(self) -> bool:
        """True when nothing went wrong."""
        return not self.problems

    @property
    def median(self) -> float:
        """The median decision time, seconds."""
        return statistics.median(self.seconds) if self.seconds else 0.0

    @property
    def p95(self) -> float:
        """The 95th percentile of decision time, seconds."""
        if len(self.seconds) < 2:
            return self.median
        return statistics.quantiles(self.seconds, n=20, method="inclusive")[-1]

    def describe(self) -> str:
        """The report in words."""
        lines = [
            f"{self.name} made {count_words(self.decisions, 'decision')} in "
            f"{count_words(self.hands, 'hand')}: "
            f"{_ms(self.median)} each at the median, {_ms(self.p95)} at the 95th percentile "
            "(the league allows 1 s)."
        ]
        if self.ok:
            lines.append(
                "No problems: every move was legal, nothing was raised, and at "
                f"{count_words(self.twins, 'twin table')} (the same view, other hidden cards) "
                "it chose the same move."
            )
            return "\n".join(lines)
        counts = Counter(problem.kind for problem in self.problems)
        for kind, heading in _HEADINGS.items():
            found = [problem for problem in self.problems if problem.kind == kind]
            if not found:
                continue
            lines.append(heading.format(n=counts[kind], s="" if counts[kind] == 1 else "s"))
            lines.extend(
                f"  - hand {p.hand}, at the table ({p.position}): {p.detail}" for p in found[:SHOWN]
            )
            if len(found) > SHOWN:
                lines.append(f"  - and {len(found) - SHOWN} more like these.")
        if "hidden" not in counts and self.twins:
            lines.append(
                f"At {count_words(self.twins, 'twin table')} (the same view, other hidden cards) "
                "it chose the same move: good."
            )
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.describe()

    def __repr__(self) -> str:
        return self.describe()


_HEADINGS = {
    "illegal": "It chose a move the rules refuse {n} time{s}:",
    "not a move": "It answered something that is not a move {n} time{s}:",
    "exception": "It raised an exception {n} time{s}:",
    "hidden": (
        "Its move changed when only cards it cannot see changed, {n} time{s} "
        "(a player must decide from its observation alone):"
    ),
}


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.3g} ms" if seconds < 1 else f"{seconds:.2f} s"


def _ask(player: Player, game: Game, observation: Observation) -> object:
    """One decision; ``game`` is a local here, as it would be at any table (a player that
    reaches for it shows up at the twin tables)."""
    return player.choose(observation)


def _twin(game: Game, observation: Observation, seed: int) -> Game | None:
    """A game with the same view for the mover (the same observation: its history is the
    real game's) and other hidden cards, if there are any."""
    mover = observation.player
    for attempt in range(5):
        twin = Game.from_observation(observation, seed=seed + attempt)
        if twin.position() != game.position():
            seen = dataclasses.replace(twin.observation(mover), history=observation.history)
            if seen != observation:  # pragma: no cover - the engine's guarantee
                raise AssertionError("a twin table must look the same to the player")
            return twin
    return None


def check_player(
    player: object,
    hands: int = 50,
    seed: int = 0,
    rules: Rules | None = None,
    twins: int = 200,
) -> PlayerCheck:
    """Play ``hands`` hands with ``player`` against the built-in players (heads-up against
    greedy, against random, and at four seats in turn, the player's seat moving round) and
    report what went wrong. ``player`` is anything with a ``choose(observation)`` method. Up to
    ``twins`` decisions are asked again at a twin table."""
    if hands < 1:
        raise ValueError(f"hands must be 1 or more, not {hands}")
    if not callable(getattr(player, "choose", None)):
        raise TypeError(f"a player needs a choose(observation) method: {player!r:.60}")
    name = str(getattr(player, "name", type(player).__name__))
    problems: list[Problem] = []
    seconds: list[float] = []
    checked = 0
    stand_in = GreedyPlayer()
    for hand in range(hands):
        others = TABLES[hand % len(TABLES)]
        count = len(others) + 1
        seat = hand % count + 1
        table_rules = (rules or Rules()).with_players(count)
        game = Game.new(seed=game_seed(seed, hand), rules=table_rules)
        bots = [make_player(kind, seed=seed + i) for i, kind in enumerate(others)]
        mine = _fresh(player)  # type: ignore[arg-type]
        while not game.is_over():
            mover = game.turn
            observation = game.observation(mover)
            if mover != seat:
                game.play(bots[(mover - seat - 1) % count].choose(observation))
                continue
            twin = _twin(game, observation, seed + len(seconds)) if checked < twins else None
            before = _copy(mine) if twin is not None else None
            state = random.getstate()
            random.seed(len(seconds))
            start = time.perf_counter()
            try:
                answer = _ask(mine, game, observation)
            except Exception as error:
                seconds.append(time.perf_counter() - start)
                random.setstate(state)
                last = traceback.format_exception_only(type(error), error)[-1].strip()
                problems.append(
                    Problem("exception", hand + 1, observation.position(), f"raised {last}")
                )
                game.play(stand_in.choose(observation))
                continue
            seconds.append(time.perf_counter() - start)
            move = _judge(answer, game, observation, hand + 1, problems)
            if twin is not None and before is not None and move is not None:
                checked += 1
                random.seed(len(seconds) - 1)
                twin_move = _twin_answer(before, twin, observation)
                if twin_move != str(move):
                    problems.append(
                        Problem(
                            "hidden",
                            hand + 1,
                            observation.position(),
                            f"it chose {phrase(move)} ({move}) here, and {phrase(twin_move)} "
                            f"({twin_move}) at a twin table",
                        )
                    )
            random.setstate(state)
            game.play(move if move is not None else stand_in.choose(observation))
    return PlayerCheck(name, hands, len(seconds), tuple(seconds), checked, tuple(problems))


def _said(error: Exception) -> str:
    """``"'hello' is not a move: write ..."``, said once: a message that does not name the
    answer is said after "is not a move"."""
    text = str(error)
    return text if " is not a move" in text else f"is not a move: {text}"


def _judge(
    answer: object, game: Game, observation: Observation, hand: int, problems: list[Problem]
) -> Move | None:
    """The answer as a legal move, or ``None`` with the problem noted."""
    position = observation.position()
    try:
        if not isinstance(answer, (str, *MOVE_TYPES)):
            raise ValueError(f"{answer!r:.60} is not a move: a move is a Move or its notation")
        move: Move = as_move(answer)
    except (ValueError, TypeError) as error:
        problems.append(Problem("not a move", hand, position, f"its answer {_said(error)}"))
        return None
    reason = game.violation(move)
    if reason is not None:
        problems.append(
            Problem(
                "illegal",
                hand,
                position,
                f"it played {phrase(move)} ({move}): {reason_words(reason, 'its')}",
            )
        )
        return None
    return move


def _twin_answer(player: Player, twin: Game, observation: Observation) -> str:
    try:
        answer = _ask(player, twin, observation)
        return str(as_move(answer))  # type: ignore[arg-type]
    except Exception as error:
        return f"an exception ({type(error).__name__})"


def _fresh(player: Player) -> Player:
    """A fresh copy for a new hand (the player itself if it cannot be copied)."""
    return _copy(player) or player


def _copy(player: Player) -> Player | None:
    try:
        return copy.deepcopy(player)
    except Exception:
        return None
