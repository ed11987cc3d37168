"""One league hand: the seats ask their entries for moves, the engine judges every one.

An entry that forfeits (too slow, crashed, a malformed answer, an illegal move) loses the hand;
a stand-in (the greedy player) finishes its seat so the others' hand plays out, unless only one
player is left, who then wins.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, Protocol

from ...engine.errors import IllegalMoveError
from ...engine.game import Game
from ...engine.moves import parse_move
from ...engine.rules import Rules
from ...engine.words import phrase, refusal
from ...sandbox.process import Answer
from ...sandbox.protocol import inert, turn_line
from ..players import GreedyPlayer

__all__ = ["MOVE_LIMIT", "Seat", "Seating", "play_hand"]

MOVE_LIMIT = 20_000
"""A guard far beyond any hand's length."""

Json = dict[str, Any]


class Seat(Protocol):
    """What plays an entry: a :class:`~kingscorner_widget.sandbox.process.Sandbox` or an
    :class:`~kingscorner_widget.sandbox.process.InProcess`."""

    def deal(self, player: int, rules: Rules) -> str | None: ...

    def choose(self, line: str) -> Answer: ...


@dataclasses.dataclass(frozen=True)
class Seating:
    """One hand of the schedule."""

    key: str
    """Its name in the results file (unique in the league)."""
    kind: str
    """``"pair"`` (heads-up) or ``"four"`` (a four-seat table)."""
    seed: int
    """The deal's seed: the hands of one deal share it, each entry taking each seat once
    (kept in the league's memory only: the results name the deal by :attr:`deal`)."""
    names: tuple[str, ...]
    """The entries by seat, P1 first."""
    deal: int = 0
    """The deal's number in the league (what the results keep)."""


def play_hand(seating: Seating, seats: Mapping[str, Seat], rules: Rules) -> Json:
    """Play ``seating`` and return its result (JSON-ready)."""
    names = seating.names
    count = len(names)
    rules = rules.with_players(count)
    game = Game.new(seed=seating.seed, rules=rules)
    forfeits: dict[int, str] = {}
    for seat, name in enumerate(names, 1):
        try:
            problem = seats[name].deal(seat, rules)
        except OSError as error:  # the machine would not start its process
            problem = f"its process could not be started: {error.strerror or error}"
        if problem:
            forfeits[seat] = problem
    told = dict.fromkeys(range(1, count + 1), 0)
    decisions = [0] * count
    seconds = [0.0] * count
    stand_in = GreedyPlayer()
    while not game.is_over() and count - len(forfeits) > 1:
        if len(game.moves) > MOVE_LIMIT:  # pragma: no cover - the rules end every hand
            raise RuntimeError(f"{seating.key} did not end within {MOVE_LIMIT} moves")
        mover = game.turn
        if mover in forfeits:
            game.play(stand_in.choose(game.observation(mover)))
            continue
        line = turn_line(game, mover, told[mover])
        told[mover] = len(game.moves)
        try:
            answer = seats[names[mover - 1]].choose(line)
        except OSError as error:  # its pipe failed in a way the sandbox did not foresee
            answer = Answer(None, f"its process could not be reached: {error}", 0.0)
        decisions[mover - 1] += 1
        seconds[mover - 1] += answer.seconds
        problem = answer.forfeit
        if problem is None:
            assert answer.move is not None
            try:
                move = parse_move(answer.move)
            except ValueError as error:
                problem = f"its answer {error}"
            else:
                try:
                    game.play(move)
                    continue
                except IllegalMoveError:
                    reason = game.violation(move)
                position = game.position(mover)
                problem = (
                    f"it played {phrase(move)} ({move}) at the table ({position}), which the "
                    f"rules refuse: {refusal(reason, 'its')}"
                )
        forfeits[mover] = problem
    return _result(seating, game, forfeits, decisions, seconds)


def _result(
    seating: Seating,
    game: Game,
    forfeits: dict[int, str],
    decisions: list[int],
    seconds: list[float],
) -> Json:
    names = seating.names
    count = len(names)
    outcome = game.outcome()
    ranks = [0] * count
    fine = [seat for seat in range(1, count + 1) if seat not in forfeits]
    if outcome is None or not fine:
        end = "forfeit"
        winners = tuple(fine)
        for seat in range(1, count + 1):
            ranks[seat - 1] = 1 if seat in fine else 2
    else:
        end = outcome.reason
        winners = tuple(seat for seat in outcome.winners if seat in fine)
        if not winners:  # a blocked hand, or every winner forfeited: the lowest counts rank first
            low = min(outcome.penalties[seat - 1] for seat in fine)
            winners = tuple(seat for seat in fine if outcome.penalties[seat - 1] == low)
        order = sorted(fine, key=lambda seat: (seat not in winners, outcome.penalties[seat - 1]))
        rank = 0
        last: tuple[bool, int] | None = None
        for position, seat in enumerate(order, 1):
            key = (seat not in winners, outcome.penalties[seat - 1])
            if key != last:
                rank, last = position, key
            ranks[seat - 1] = rank
        for seat in forfeits:
            ranks[seat - 1] = len(fine) + 1
    return {
        "key": seating.key,
        "kind": seating.kind,
        "deal": seating.deal,
        "seats": list(names),
        "ranks": ranks,
        "winners": [names[seat - 1] for seat in winners],
        "end": end,
        "forfeits": {names[seat - 1]: inert(reason) for seat, reason in sorted(forfeits.items())},
        "decisions": decisions,
        "seconds": [round(s, 6) for s in seconds],
    }
