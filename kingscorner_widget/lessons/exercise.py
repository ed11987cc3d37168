"""Checked exercises: a question about a table, the learner's answer, and a verdict with the reason.

A tutorial ends with a few exercises. The learner writes an answer (a move, a whole turn, a
count, the winner of a hand) in a code cell and :func:`check` says whether it is right, with the
engine's reason in words: the rule a refused move breaks, how many cards a turn sheds against the
best turn, what each leftover card costs. Every answer is judged by the engine and the best-turn
search, never against a stored answer, so any turn that sheds as many cards as the best turn is
right, in whatever order it plays them.

>>> exercise = TurnExercise(
...     "N:9d E:Ah S:5c W:8s7h NE:- SE:- SW:- NW:- P1:8cQhJc6s P2:?7 stock:36 turn:P1"
... )
>>> check(exercise, ...)  # doctest: +NORMALIZE_WHITESPACE
Not answered yet: write the moves of your turn in order, like "6s>W W>N draw", in place of
the ..., and run the cell again.
>>> check(exercise, "8c>N 6s>W draw")  # doctest: +NORMALIZE_WHITESPACE
Not quite: that sheds 2 cards; the best turn here sheds 3. Look for a pile that can move: its
bottom card must fit on another pile's top card, and the space it leaves takes any card.
>>> check(exercise, "6s>W W>N Qh>S")  # doctest: +NORMALIZE_WHITESPACE
Move 3 (Qh>S) is refused: the queen of hearts (Qh) cannot go on the five of clubs (5c): a card
must be exactly one rank lower (the five takes a red four).
>>> verdict = check(exercise, exercise.worked_answer)
>>> verdict.right, exercise.worked_answer
(True, '6s>W W>N Qh>W Jc>W draw')
>>> check(PenaltyExercise("Ac Kh 7d 2s", Count.HEAVY), 4)  # doctest: +NORMALIZE_WHITESPACE
Not quite: 4 is how many cards there are, not what they cost. Under the heavy count the ace
of clubs costs 25, the king of hearts 10, the seven of diamonds 7 and the two of spades 2: 44
in all.

A malformed answer is an answer too: the verdict says what could not be read. A malformed
exercise (a position that is not a table, a hand that is not over) raises a ``ValueError``.
"""

from __future__ import annotations

import abc
import dataclasses
import re
from collections.abc import Iterable, Sequence
from typing import Any

from ..analysis.search import TurnPlan, best_turn
from ..engine.cards import Card
from ..engine.game import Game, Outcome
from ..engine.moves import EndTurn, Move, MovePile, PlayCard, parse_move
from ..engine.rules import Count, Rules
from ..engine.scoring import hand_penalty
from ..engine.turns import TurnRules
from ..engine.words import (
    card_name,
    card_words,
    count_words,
    hand_winners,
    listed,
    phrase,
    reason_words,
    sentence,
    win_clause,
)

__all__ = [
    "Exercise",
    "ExerciseError",
    "MoveExercise",
    "PenaltyExercise",
    "TurnExercise",
    "Verdict",
    "WinnerExercise",
    "check",
]

UNANSWERED: tuple[object, ...] = (None, ...)
"""What an answer cell holds before the learner writes anything: ``...`` (or ``None``)."""


class ExerciseError(ValueError):
    """An exercise that cannot be set: the message says what is wrong with it."""


@dataclasses.dataclass(frozen=True)
class Verdict:
    """The answer to an answer: right or not, and why, in a learner's words.

    It shows as its message, so a notebook cell that ends with :func:`check` prints the reason.
    """

    answered: bool
    """False when the answer is still the placeholder (``...`` or ``None``)."""
    right: bool
    """True when the answer is right."""
    message: str
    """What to tell the learner: the reason it is right or not."""

    def __repr__(self) -> str:
        return self.message

    def __str__(self) -> str:
        return self.message


class Exercise(abc.ABC):
    """One question with an answer the engine can judge. Each kind says how to answer it."""

    question: str
    """The question, as a learner reads it."""
    example: str
    """How an answer is written, for the "not answered yet" line (``'like "6s>W"'``)."""

    def check(self, answer: object) -> Verdict:
        """Judge ``answer``: the placeholder gets "not answered yet", anything else a verdict."""
        if any(answer is placeholder for placeholder in UNANSWERED):
            return Verdict(
                answered=False,
                right=False,
                message=(
                    f"Not answered yet: write {self.example} in place of the ..., "
                    "and run the cell again."
                ),
            )
        return self._judge(answer)

    @abc.abstractmethod
    def _judge(self, answer: object) -> Verdict:
        """The verdict on a given answer."""

    @property
    @abc.abstractmethod
    def worked_answer(self) -> Any:
        """An answer :meth:`check` accepts, found by the engine (for a teacher, and the tests)."""

    @abc.abstractmethod
    def solution(self) -> str:
        """The worked answer with its reasons, for a learner who wants to see it."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__}: {self.question}>"


def check(exercise: Exercise, answer: object) -> Verdict:
    """Judge ``answer`` to ``exercise``: right or not, with the reason.

    >>> exercise = MoveExercise(
    ...     "N:9d E:Ah S:5c W:8s7h NE:- SE:- SW:- NW:- P1:8cQhJc6s P2:?7 stock:36 turn:P1"
    ... )
    >>> check(exercise, "8c>N")  # doctest: +NORMALIZE_WHITESPACE
    Not quite: the black 8 (8c) fits on the red 9 (9d), but after that move this turn can shed
    at most 2 cards; the best turn here sheds 3. Look for a pile that can move: its bottom card
    must fit on another pile's top card, and the space it leaves takes any card.
    >>> check(exercise, "W>N")
    Right: after moving the west pile onto the north pile, this turn can still shed 3 cards.
    """
    if not isinstance(exercise, Exercise):
        raise TypeError(f"check needs an Exercise, not {type(exercise).__name__}")
    return exercise.check(answer)


def _right(message: str) -> Verdict:
    return Verdict(answered=True, right=True, message=message)


def _wrong(message: str) -> Verdict:
    return Verdict(answered=True, right=False, message=message)


def _closed(reason: str) -> str:
    """An engine's reason as the end of a sentence that quotes it: a closing full stop."""
    return reason if reason.endswith((".", "!", "?")) else reason + "."


def _unread(error: ValueError) -> str:
    """Why an answer is not a move, without saying twice that it is not one:
    ``"'hello' is not a move: write card>space"`` -> ``"write card>space"``."""
    text = str(error)
    _, sep, rest = text.partition(" is not a move: ")
    return _closed(rest if sep else text)


def _lower_first(text: str) -> str:
    """``"The hand is blocked"`` -> ``"the hand is blocked"``, but ``"P2 went out"`` stays."""
    return text[:1].lower() + text[1:] if text[1:2].islower() else text


def _as_move(answer: object) -> Move:
    """A move given as a move or as notation; ``ValueError`` (saying why) for anything else."""
    if isinstance(answer, (PlayCard, MovePile, EndTurn)):
        return answer
    return parse_move(answer)  # type: ignore[arg-type]  # parse_move names a non-string's type


def _table(position: str | Game, rules: Rules | None) -> Game:
    """The exercise's own game: a copy of ``position``, or the game its line describes."""
    if isinstance(position, Game):
        if rules is not None:
            raise ExerciseError("give the rules with a position line; a Game has its own")
        return position.copy()
    return Game.from_position(position, rules=rules)


# -- a turn, and its first move ------------------------------------------------------------------

_PILE_NUDGE = (
    "Look for a pile that can move: its bottom card must fit on another pile's top card, "
    "and the space it leaves takes any card."
)
_ORDER_NUDGE = "Mind the order: a card played too early can block the move that frees a space."
_PLAY_NUDGE = (
    "Every card you play counts: look at your hand again after each move, for a card that fits "
    "a pile or fills a space."
)


class _TurnQuestion(Exercise):
    """What the turn exercises share: a table, the player to move and the best turn from here."""

    def __init__(self, position: str | Game, rules: Rules | None = None) -> None:
        self.game = _table(position, rules)
        """The table the question is about (the learner is the player to move)."""
        if self.game.is_over():
            raise ExerciseError("the hand is over: there is no turn to play")
        self.plan: TurnPlan = best_turn(self.game)
        """The best turn from here, found by the search (it reads only what the mover sees)."""

    @property
    def best(self) -> int:
        """The most cards this turn can shed."""
        return self.plan.cards_played

    def _nudge(self, moves: Sequence[Move] = ()) -> str:
        """A pointer towards the best turn that does not give it away."""
        plan_moves_pile = any(isinstance(m, MovePile) for m in self.plan.moves)
        if plan_moves_pile and not any(isinstance(m, MovePile) for m in moves):
            return _PILE_NUDGE
        if moves and not any(isinstance(m, PlayCard) for m in moves):
            return _PLAY_NUDGE  # no card played, so none was played too early
        return _ORDER_NUDGE


class TurnExercise(_TurnQuestion):
    """Play the whole turn: right when it sheds as many cards as the best turn.

    The answer is the turn's moves in order, as text (``"6s>W W>N Qh>W draw"``, commas allowed)
    or a sequence of moves; the end of the turn may be left off.
    """

    example = 'the moves of your turn in order, like "6s>W W>N draw",'

    def __init__(self, position: str | Game, rules: Rules | None = None) -> None:
        super().__init__(position, rules)
        self.question = (
            f"Play P{self.game.turn}'s best turn: shed as many cards as this turn allows."
        )

    @property
    def worked_answer(self) -> str:
        return " ".join(str(move) for move in self.plan.moves)

    def solution(self) -> str:
        return self.plan.describe()

    def _judge(self, answer: object) -> Verdict:
        texts: Sequence[object]
        if isinstance(answer, str):
            texts = answer.replace(",", " ").split()
        elif isinstance(answer, Sequence):
            texts = answer
        else:
            return _wrong(
                f"That is not a turn: write its moves in order as text, like "
                f'"6s>W W>N draw", not {answer!r:.40}.'
            )
        game = self.game.copy()
        moves: list[Move] = []
        for number, text in enumerate(texts, start=1):
            try:
                move = _as_move(text)
            except ValueError as error:
                return _wrong(f"Move {number} is not a move I can read: {_unread(error)}")
            if moves and isinstance(moves[-1], EndTurn):
                return _wrong(
                    f"Move {number - 1} ({moves[-1]}) ends the turn, so the moves after it would "
                    "be the next player's: end your turn last."
                )
            reason = game.violation(move)
            if reason is not None:
                return _wrong(f"Move {number} ({move}) is refused: {_closed(reason_words(reason))}")
            game.play(move)
            moves.append(move)
        shed = sum(isinstance(move, PlayCard) for move in moves)
        if shed < self.best:
            return _wrong(
                f"Not quite: that sheds {count_words(shed)}; the best turn here sheds "
                f"{self.best}. {self._nudge(moves)}"
            )
        out = " and goes out" if game.is_over() else ""
        return _right(f"Right: that sheds {count_words(shed)}{out}, as many as this turn allows.")


class MoveExercise(_TurnQuestion):
    """Choose the move to make now: right when the best turn is still in reach after it.

    Several first moves can be right (a turn can often be played in more than one order); a move
    is wrong when it is refused, or when it leaves fewer cards to shed than the best turn.
    """

    example = 'one move, like "6s>W",'

    def __init__(self, position: str | Game, rules: Rules | None = None) -> None:
        super().__init__(position, rules)
        self.question = (
            f"Choose P{self.game.turn}'s first move: one that keeps the best turn in reach."
        )

    @property
    def worked_answer(self) -> str:
        return str(self.plan.moves[0])

    def solution(self) -> str:
        first = self.plan.moves[0]
        return (
            f"{self.plan.explanations[0].removesuffix('.')} ({first}). "
            f"The whole turn sheds {count_words(self.best)}:\n{self.plan.describe()}"
        )

    def reachable(self, move: Move) -> int:
        """The most cards this turn sheds when it starts with ``move`` (a legal move)."""
        if isinstance(move, EndTurn):
            return 0
        game = self.game.copy()
        mover = game.turn
        game.play(move)
        now = 1 if isinstance(move, PlayCard) else 0
        if game.is_over():
            return now
        return now + best_turn(game.observation(mover)).cards_played

    def _judge(self, answer: object) -> Verdict:
        try:
            move = _as_move(answer)
        except ValueError as error:
            return _wrong(f"That is not a move I can read: {_unread(error)}")
        reason = self.game.violation(move)
        if reason is not None:
            return _wrong(f"That move is refused: {_closed(reason_words(reason))}")
        reach = self.reachable(move)
        if reach < self.best:
            if isinstance(move, EndTurn):
                what = f"ending the turn now sheds no card; the best turn here sheds {self.best}."
            else:
                what = (
                    f"{_does(self.game, move)}, but after that move this turn can shed at most "
                    f"{count_words(reach)}; the best turn here sheds {self.best}."
                )
            return _wrong(f"Not quite: {what} {self._nudge([move])}")
        if isinstance(move, EndTurn):
            return _right("Right: no card can be shed this turn, so ending it loses nothing.")
        return _right(
            f"Right: after {_doing(move)}, this turn can still shed {count_words(reach)}."
        )


def _does(game: Game, move: Move) -> str:
    """``"the black 8 (8c) fits on the red 9 (9d)"``: why the tempting move looked good."""
    if isinstance(move, PlayCard):
        top = game.pile(move.target)
        if top:
            return f"{card_name(move.card)} fits on {card_name(top[-1])}"
        return f"{card_words(move.card)} fits in {move.target.place}"
    return f"{_doing(move)} is legal"


def _doing(move: Move) -> str:
    """``"moving the west pile onto the north pile"``, ``"playing the black 6"``."""
    if isinstance(move, MovePile):
        return f"moving {phrase(move)}"
    if isinstance(move, PlayCard):
        return f"playing {card_words(move.card)}"
    return "ending the turn"


# -- scoring --------------------------------------------------------------------------------------


def _costs(cards: Sequence[Card], count: Count) -> str:
    """``"the ace of clubs costs 25, the king of hearts 10"``."""
    parts = [f"{card_words(card)} {count.value_of(card)}" for card in cards]
    parts[0] = f"{card_words(cards[0])} costs {count.value_of(cards[0])}"
    return listed(parts)


class PenaltyExercise(Exercise):
    """What do these leftover cards cost? Right when the answer is their count under ``count``."""

    example = "a number, like 12,"

    def __init__(self, cards: str | Iterable[Card | str], count: Count = Count.STANDARD) -> None:
        parts = cards.replace(",", " ").split() if isinstance(cards, str) else list(cards)
        self.cards: tuple[Card, ...] = tuple(
            part if isinstance(part, Card) else Card.parse(part) for part in parts
        )
        """The cards left in hand."""
        if not self.cards:
            raise ExerciseError("a penalty exercise needs at least one card left in hand")
        if len(set(self.cards)) != len(self.cards):
            raise ExerciseError("a card appears twice in the hand")
        self.count = Count(count)
        """The way the hand is counted."""
        self.question = (
            f"What {'does' if len(self.cards) == 1 else 'do'} "
            f"{listed([card_words(c) for c in self.cards])} cost under the "
            f"{self.count.value} count?"
        )

    @property
    def worked_answer(self) -> int:
        return hand_penalty(self.cards, self.count)

    def solution(self) -> str:
        return sentence(
            f"Under the {self.count.value} count {_costs(self.cards, self.count)}: "
            f"{self.worked_answer} in all"
        )

    def _judge(self, answer: object) -> Verdict:
        if isinstance(answer, str) and answer.strip().isdigit():
            answer = int(answer)
        if isinstance(answer, bool) or not isinstance(answer, int):
            return _wrong("That is not a number: write the points as a whole number, like 12.")
        total = self.worked_answer
        if answer == total:
            return _right(f"Right: {_costs(self.cards, self.count)}: {total} in all.")
        why = ""
        if answer == len(self.cards):
            why = f" {answer} is how many cards there are, not what they cost."
        return _wrong(
            f"Not quite:{why} {self.solution() if why else _lower_first(self.solution())}"
        )


class WinnerExercise(Exercise):
    """Who wins this hand? The hand is played from ``position`` with ``moves`` until it ends.

    The answer names the winner (``"P1"`` or ``1``), or every winner of a shared hand
    (``"P1 and P2"``, ``[1, 2]``), or ``"nobody"``: a blocked hand has no winner (it is scored
    by the cards left), unless the corners version gives it to the most corners kept.

    >>> stuck = (
    ...     "N:5c4d E:3d S:Ac W:2c NE:KhQsJhTs9h8s7h6s5h4s3h2sAh SE:KsQhJsTh9s8h7s6h5s4h3s2hAs "
    ...     "SW:KdQcJdTc9d8c7d6c5d NW:KcQdJcTd9c8d7c6d P1:4c3c P2:Ad2d stock:0 turn:P1"
    ... )
    >>> blocked = WinnerExercise(stuck, ["pass", "pass"], rules=Rules(count=Count.HEAVY))
    >>> check(blocked, "P1")  # doctest: +NORMALIZE_WHITESPACE
    Not quite: the hand is blocked, and nobody wins a blocked hand: it is scored by the cards
    left. Under the heavy count P1's cards cost 7 (the four of clubs 4 and the three of clubs
    3); P2's cards cost 27 (the ace of diamonds 25 and the two of diamonds 2).
    >>> check(blocked, "nobody").right
    True
    """

    example = 'the winner, like "P1" (or "P1 and P2" for a shared win, or "nobody"),'

    def __init__(
        self, position: str | Game, moves: Iterable[Move | str] = (), rules: Rules | None = None
    ) -> None:
        self.start = _table(position, rules)
        """The table before ``moves``: what the learner reads the question from."""
        self.moves: tuple[Move, ...] = tuple(_as_move(move) for move in moves)
        """The moves that finish the hand."""
        self.game = self.start.copy()
        """The finished hand."""
        for move in self.moves:
            self.game.play(move)
        outcome = self.game.outcome()
        if outcome is None:
            raise ExerciseError("the hand is not over after these moves: there is no winner yet")
        self.outcome: Outcome = outcome
        """How the hand ended."""
        self.question = "Who wins this hand?"

    @property
    def winners(self) -> tuple[int, ...]:
        """Who won the hand: nobody for a blocked hand, unless the corners version gives it to
        the most corners kept."""
        return hand_winners(self.outcome, TurnRules.of(self.game.rules).counts_corners())

    @property
    def _by_corners(self) -> bool:
        return TurnRules.of(self.game.rules).counts_corners() and any(self.outcome.corners)

    @property
    def worked_answer(self) -> str:
        return " and ".join(f"P{p}" for p in self.winners) or "nobody"

    def _hand_cost(self, player: int) -> str:
        cards = self.game.hand(player)
        count = self.game.rules.count
        total = self.outcome.penalties[player - 1]
        if not cards:
            return f"P{player} has no card left"
        each = listed([f"{card_words(c)} {count.value_of(c)}" for c in cards])
        return f"P{player}'s cards cost {total} ({each})"

    def solution(self) -> str:
        outcome = self.outcome
        won = win_clause([f"P{p}" for p in outcome.winners])
        if self._by_corners:
            kept = listed(
                [
                    f"P{p} {count_words(n, 'corner') if n else 'none'}"
                    for p, n in enumerate(outcome.corners, 1)
                ]
            )
            ended = (
                f"P{outcome.went_out} went out, which ends the hand, but"
                if outcome.went_out
                else "The hand is blocked, and"
            )
            return (
                f"{ended} in the corners version the hand goes to the most corners kept "
                f"({kept}): {won}."
            )
        if outcome.reason == "out":
            return f"P{outcome.went_out} went out, and whoever goes out wins the hand."
        costs = "; ".join(self._hand_cost(p) for p in range(1, self.game.players + 1))
        return (
            "The hand is blocked, and nobody wins a blocked hand: it is scored by the cards "
            f"left. Under the {self.game.rules.count.value} count {costs}."
        )

    def _judge(self, answer: object) -> Verdict:
        nobody = isinstance(answer, str) and answer.strip().lower() in _NOBODY
        named = set() if nobody else _players(answer)
        if named is None:
            return _wrong(
                'That is not a player: write the winner like "P1", or "P1 and P2" for a shared win.'
            )
        missing = [p for p in named if not 1 <= p <= self.game.players]
        if missing:
            return _wrong(
                f"There is no P{missing[0]} at this table: its players are "
                f"{listed([f'P{p}' for p in range(1, self.game.players + 1)])}."
            )
        if named == set(self.winners):
            return _right(f"Right: {_lower_first(self.solution())}")
        return _wrong(f"Not quite: {_lower_first(self.solution())}")


_NOBODY = ("nobody", "no one", "noone", "none", "no-one")
_PLAYERS = re.compile(r"^\s*p?\d+(\s*(?:,|and|&|\s)\s*p?\d+)*\s*$", re.IGNORECASE)


def _players(answer: object) -> set[int] | None:
    """The players an answer names, or ``None`` when it cannot be read as players."""
    if isinstance(answer, bool):
        return None
    if isinstance(answer, int):
        return {answer}
    if isinstance(answer, str):
        if not _PLAYERS.match(answer):
            return None
        return {int(n) for n in re.findall(r"\d+", answer)}
    if isinstance(answer, Iterable):
        found: set[int] = set()
        for item in answer:
            one = _players(item)
            if one is None or len(one) != 1:
                return None
            found |= one
        return found or None
    return None
