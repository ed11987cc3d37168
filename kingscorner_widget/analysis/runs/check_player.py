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

A player given as its file (``check_player("my_player.py")``, through
:func:`kingscorner_widget.analysis.check_player`) runs in the league's own sandbox, with its
limits and protocol: there a hang, ``SystemExit``, a huge answer or a player that searches the
process for the game are each reported in words, and nothing hidden can reach it. A player
object runs out of the kernel's memory too (:mod:`kingscorner_widget.sandbox.apart`): in a
process forked for each hand before the hand is dealt, told only its observations, so a player
that searches its process (``gc.get_objects()``, stack frames) finds no game of the hand, and a
decision past ``time_limit`` ends that process, said, while a stand-in plays the rest of the
hand. Where no process can be forked (a browser's Python) the object is asked here, with twin
tables, and a decision past ``time_limit`` ends the check, said (the call is left behind on a
thread of its own, so the notebook goes on).
"""

from __future__ import annotations

import copy
import dataclasses
import random
import statistics
import time
import traceback
from collections import Counter
from collections.abc import Callable
from typing import Protocol

from ...display.language import N_, Nn_, active, check_language, gettext, ngettext, speaking
from ...engine.game import Game
from ...engine.moves import EndTurn, Move, MovePile, PlayCard, as_move
from ...engine.observation import Observation
from ...engine.rules import Rules
from ...engine.words import phrase, reason_words
from ...sandbox.answers import Described, Refused, answer_text
from ...sandbox.answers import shown as _shown
from ...sandbox.apart import APART, Apart, can_fork
from ..players import GreedyPlayer, Player, make_player
from ..players.timed import Late, call_within
from .simulate import game_seed

__all__ = [
    "Decider",
    "Described",
    "PlayerCheck",
    "Problem",
    "Refused",
    "answer_text",
    "check_player",
    "run_check",
]

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
    note: str = ""
    """How the player ran, when not in this process (the league's sandbox), or why the check
    stopped early."""
    language: str = dataclasses.field(default_factory=active)
    """The language the report speaks (its problems' words were written in it): the one spoken
    where the check ran."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "language", check_language(self.language))

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
        """The report in words (in its language)."""
        with speaking(self.language):
            return self._described()

    def _described(self) -> str:
        # TRANSLATORS: {name} is the player's; {decisions} "12 decisions", {hands} "3 hands";
        # {median} and {p95} are times ("4.1 ms")
        lines = [
            gettext(
                "{name} made {decisions} in {hands}: {median} each at the median, {p95} at the "
                "95th percentile (the league allows 1 s)."
            ).format(
                name=self.name,
                decisions=ngettext("{n} decision", "{n} decisions", self.decisions).format(
                    n=self.decisions
                ),
                hands=ngettext("{n} hand", "{n} hands", self.hands).format(n=self.hands),
                median=_ms(self.median),
                p95=_ms(self.p95),
            )
        ]
        if self.note:
            lines.append(gettext(self.note))
        if self.ok and not self.twins:
            lines.append(gettext("No problems: every move was legal and nothing was raised."))
            return "\n".join(lines)
        if self.ok:
            lines.append(
                ngettext(
                    "No problems: every move was legal, nothing was raised, and at {n} twin "
                    "table (the same view, other hidden cards) it chose the same move.",
                    "No problems: every move was legal, nothing was raised, and at {n} twin "
                    "tables (the same view, other hidden cards) it chose the same move.",
                    self.twins,
                ).format(n=self.twins)
            )
            return "\n".join(lines)
        counts = Counter(problem.kind for problem in self.problems)
        for kind, heading in _HEADINGS.items():
            found = [problem for problem in self.problems if problem.kind == kind]
            if not found:
                continue
            lines.append(ngettext(*heading, counts[kind]).format(n=counts[kind]))
            # TRANSLATORS: a problem: the hand's number, the position, what happened
            line = gettext("  - hand {hand}, at the table ({position}): {detail}")
            lines.extend(
                line.format(hand=p.hand, position=p.position, detail=p.detail)
                for p in found[:SHOWN]
            )
            if len(found) > SHOWN:
                more = len(found) - SHOWN
                lines.append(
                    ngettext(
                        "  - and {n} more like these.", "  - and {n} more like these.", more
                    ).format(n=more)
                )
        if "hidden" not in counts and self.twins:
            lines.append(
                ngettext(
                    "At {n} twin table (the same view, other hidden cards) it chose the same "
                    "move: good.",
                    "At {n} twin tables (the same view, other hidden cards) it chose the same "
                    "move: good.",
                    self.twins,
                ).format(n=self.twins)
            )
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.describe()

    def __repr__(self) -> str:
        return self.describe()


_HEADINGS = {
    "illegal": Nn_(
        "It chose a move the rules refuse {n} time:", "It chose a move the rules refuse {n} times:"
    ),
    "not a move": Nn_(
        "It answered something that is not a move {n} time:",
        "It answered something that is not a move {n} times:",
    ),
    "exception": Nn_("It raised an exception {n} time:", "It raised an exception {n} times:"),
    "too slow": Nn_(
        "It took longer than its time to decide {n} time:",
        "It took longer than its time to decide {n} times:",
    ),
    "hidden": Nn_(
        "Its move changed when only cards it cannot see changed, {n} time (a player must decide "
        "from its observation alone):",
        "Its move changed when only cards it cannot see changed, {n} times (a player must decide "
        "from its observation alone):",
    ),
}


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.3g} ms" if seconds < 1 else f"{seconds:.2f} s"


def _ask(player: Player, game: Game, observation: Observation) -> object:
    """One decision; ``game`` is a local here, as it would be at any table (a player that
    reaches for it shows up at the twin tables)."""
    return player.choose(observation)


class Overtime(Exception):  # noqa: N818 - a decision past its time, in words
    """A decision went past the check's time limit (it is left running on its thread)."""


def _within(limit: float | None, call: Callable[[], object]) -> object:
    """``call()``, on a thread of its own when there is a ``limit``
    (:func:`~kingscorner_widget.analysis.players.timed.call_within`): :class:`Overtime` if it
    has not returned within ``limit`` seconds (the notebook goes on; the call is left
    behind). Everything it raises, ``SystemExit`` included, comes back as an exception."""
    if limit is None:
        try:
            return call()
        except (SystemExit, GeneratorExit) as error:
            raise RuntimeError(f"{type(error).__name__}: {error}") from None
    try:
        return call_within(call, limit)
    except Late:
        raise Overtime(f"it took longer than {limit:g} s to decide") from None


class Decider(Protocol):
    """What answers for the player being checked: the object itself here, or its file in
    the league's sandbox (:mod:`kingscorner_widget.analysis.league.check`)."""

    twins: bool
    """True when the twin tables can be asked (a copy of the player can be made here)."""

    def new_hand(self, seat: int, rules: Rules) -> str | None:
        """A new hand; the reason the player cannot play it, if any."""

    def decide(self, game: Game, observation: Observation) -> object:
        """The player's answer (raises what the player raised, or :class:`Overtime`)."""


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
    time_limit: float | None = 10.0,
) -> PlayerCheck:
    """Play ``hands`` hands with ``player`` against the built-in players (heads-up against
    greedy, against random, and at four seats in turn, the player's seat moving round) and
    report what went wrong. ``player`` is anything with a ``choose(observation)`` method. It
    runs in a process of its own for each hand (see the module); where none can be forked, it
    runs here and up to ``twins`` decisions are asked again at a twin table, and a decision
    past ``time_limit`` seconds (``None``: no limit) ends the check, said."""
    if hands < 1:
        raise ValueError(f"hands must be 1 or more, not {hands}")
    if not callable(getattr(player, "choose", None)):
        raise TypeError(f"a player needs a choose(observation) method: {_shown(player)}")
    name = getattr(player, "name", None)
    name = name if isinstance(name, str) else type(player).__name__
    if can_fork():
        apart = Apart(player, time_limit)
        try:
            return run_check(apart, name, hands, seed, rules, note=APART)
        finally:
            apart.close()
    return run_check(_Here(player, time_limit), name, hands, seed, rules, twins)


class _Here:
    """The player object, asked in this process (with twins, and a time limit)."""

    twins = True

    def __init__(self, player: object, limit: float | None) -> None:
        self.player = player
        self.limit = limit
        self.mine: Player = player  # type: ignore[assignment]

    def new_hand(self, seat: int, rules: Rules) -> str | None:
        self.mine = _fresh(self.player)  # type: ignore[arg-type]
        return None

    def decide(self, game: Game, observation: Observation) -> object:
        mine = self.mine
        try:
            return _within(self.limit, lambda: _ask(mine, game, observation))
        except Overtime as late:
            raise Refused("too slow", f"{late} (the check stops here)") from None

    def copy(self) -> Player | None:
        return _copy(self.mine)

    def twin_answer(self, before: Player, twin: Game, observation: Observation) -> str:
        try:
            return str(_within(self.limit, lambda: _twin_answer(before, twin, observation)))
        except Overtime:
            return "no answer in time"


def run_check(
    decider: Decider,
    name: str,
    hands: int,
    seed: int = 0,
    rules: Rules | None = None,
    twins: int = 0,
    note: str = "",
) -> PlayerCheck:
    """The check's hands, each decision asked of ``decider`` (the player here, or in the
    league's sandbox), every problem noted and the hand played on by a stand-in."""
    problems: list[Problem] = []
    seconds: list[float] = []
    checked = 0
    stand_in = GreedyPlayer()
    played = 0
    for hand in range(hands):
        others = TABLES[hand % len(TABLES)]
        count = len(others) + 1
        seat = hand % count + 1
        table_rules = (rules or Rules()).with_players(count)
        problem = decider.new_hand(seat, table_rules)  # before the deal: a fork sees none of it
        game = Game.new(seed=game_seed(seed, hand), rules=table_rules)
        bots = [make_player(kind, seed=seed + i) for i, kind in enumerate(others)]
        played += 1
        if problem:
            problems.append(Problem("exception", hand + 1, game.position(seat), problem))
            if getattr(decider, "broken", None):
                note = note or N_("The check stopped: the player cannot play any hand.")
                break
            continue
        while not game.is_over():
            mover = game.turn
            observation = game.observation(mover)
            if mover != seat:
                game.play(bots[(mover - seat - 1) % count].choose(observation))
                continue
            if getattr(decider, "out", False):  # its process was ended: the stand-in plays on
                game.play(stand_in.choose(observation))
                continue
            use_twin = decider.twins and checked < twins
            twin = _twin(game, observation, seed + len(seconds)) if use_twin else None
            before = decider.copy() if twin is not None else None  # type: ignore[attr-defined]
            state = random.getstate()
            random.seed(len(seconds))
            start = time.perf_counter()
            try:
                answer = decider.decide(game, observation)
            except Exception as error:
                seconds.append(time.perf_counter() - start)
                random.setstate(state)
                if isinstance(error, Refused):
                    kind, detail = error.kind, error.detail
                else:
                    last = traceback.format_exception_only(type(error), error)[-1].strip()
                    kind, detail = "exception", f"raised {last[:300]}"
                problems.append(Problem(kind, hand + 1, observation.position(), detail))
                if kind == "too slow" and decider.twins:  # its call still runs: stop here
                    note = N_("The check stopped after a decision that did not end in time.")
                    return PlayerCheck(
                        name, played, len(seconds), tuple(seconds), checked, tuple(problems), note
                    )
                game.play(stand_in.choose(observation))
                continue
            seconds.append(time.perf_counter() - start)
            move = _judge(answer, game, observation, hand + 1, problems)
            if twin is not None and before is not None and move is not None:
                checked += 1
                random.seed(len(seconds) - 1)
                twin_move = decider.twin_answer(before, twin, observation)  # type: ignore[attr-defined]
                if twin_move != str(move):
                    problems.append(
                        Problem(
                            "hidden",
                            hand + 1,
                            observation.position(),
                            # TRANSLATORS: two moves in words, each with its notation
                            gettext(
                                "it chose {move} ({notation}) here, and {twin} ({twin_notation}) "
                                "at a twin table"
                            ).format(
                                move=phrase(move),
                                notation=move,
                                twin=phrase(twin_move),
                                twin_notation=twin_move,
                            ),
                        )
                    )
            random.setstate(state)
            game.play(move if move is not None else stand_in.choose(observation))
    return PlayerCheck(name, played, len(seconds), tuple(seconds), checked, tuple(problems), note)


def _said(answer: object, error: Exception) -> str:
    """``"'hello' is not a move: write ..."``, said once: a message that does not name the
    answer is said after the answer, shown safely, and "is not a move"."""
    text = str(error)
    return text if " is not a move" in text else f"{_shown(answer)} is not a move: {text}"


def _judge(
    answer: object, game: Game, observation: Observation, hand: int, problems: list[Problem]
) -> Move | None:
    """The answer as a legal move, or ``None`` with the problem noted."""
    position = observation.position()
    text = answer if isinstance(answer, Described) else answer_text(answer)
    if isinstance(text, Described):
        said = f"{text.shown} is not a move: {text.why}"
        problems.append(Problem("not a move", hand, position, f"its answer {said}"))
        return None
    try:
        move: Move = as_move(text)
    except (ValueError, TypeError) as error:
        problems.append(Problem("not a move", hand, position, f"its answer {_said(text, error)}"))
        return None
    reason = game.violation(move)
    if reason is not None:
        problems.append(
            Problem(
                "illegal",
                hand,
                position,
                # TRANSLATORS: a move in words, its notation, and why the rules refuse it
                gettext("it played {move} ({notation}): {reason}").format(
                    move=phrase(move), notation=move, reason=reason_words(reason, "its")
                ),
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
