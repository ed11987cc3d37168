"""Proofs a lesson must pass to load: each step's goal, claims and start, by the exact search.

Every proof here runs the analysis's best-turn search (:func:`~.search.proven_shed`) on the
step's table under the step's own rules, within the lessons' budget, and raises a
``ValueError`` that starts with the step it is about:

- the goal is reachable (:func:`prove_goal`): a card count or going out is the most the turn
  can shed; a space or a corner can be had; every expected sequence meets the goal;
- a turn that ends asks for the most the turn can do, unless the step holds back and says why
  (:func:`prove_ends`): a hold-back step must keep back cards that would fit, and when the
  others' hands are on the table, playing them must open a card for someone else;
- every sentence that says nothing of the learner's fits is true with pile moves counted
  (:func:`prove_claims`);
- a step starts where the step before leaves the table, or says it is set out afresh
  (:func:`prove_follows`).

>>> from kingscorner_widget.lessons import Lesson
>>> Lesson.from_dict({"title": "Wrong", "steps": [{
...     "position": "N:9d E:4c S:5s W:8s7h NE:- SE:- SW:- NW:- P1:Qh6c P2:?7 stock:38 turn:P1",
...     "narration": "Nothing in your hand fits. Draw.", "expect": [["draw"]]}]})
... # doctest: +NORMALIZE_WHITESPACE
Traceback (most recent call last):
...
ValueError: step 1 (Wrong): "Nothing in your hand fits." is not true: the best turn
there sheds 2 cards (6c>W W>N Qh>W)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from ..engine.game import Game
from ..engine.moves import EndTurn, Move, PlayCard, parse_move
from ..engine.notation import parse_position
from ..engine.words import count_words
from .goals import Goal, frees_space, opens_corner
from .search import LESSON_BUDGET

if TYPE_CHECKING:
    from ..engine.rules import Rules
    from .model import Step

__all__ = ["NOTHING_FITS", "best_plan", "prove_claims", "prove_follows", "prove_step"]

NOTHING_FITS = re.compile(
    r"\b(nothing (in your hand |of yours )?(fits|can go)|no card (of yours )?fits"
    r"|(none|neither) of your cards (fits|can go)|you have nothing to play"
    r"|nothing of yours fits|no card of yours|you cannot play)\b",
    re.IGNORECASE,
)
"""A sentence saying that none of the learner's cards can be shed now."""
_SENTENCE = re.compile(r"(?<=[.!?:;])\s+|\n+")


def best_plan(game: Game, where: str) -> tuple[int, tuple[Move, ...]]:
    """The most cards the mover can shed this turn and the moves that do it, proven within
    the lessons' budget (a ``ValueError`` naming ``where`` when the table is too big)."""
    if game.is_over():
        return 0, ()
    from ..analysis import best_turn

    plan = best_turn(game, LESSON_BUDGET)
    if not plan.exact:
        raise ValueError(
            f"{where}: the best turn there cannot be proven within the lesson search budget "
            f"({LESSON_BUDGET.states} states); use a smaller table"
        )
    return plan.cards_played, tuple(m for m in plan.moves if not isinstance(m, EndTurn))


def _shown(moves: Iterable[Move]) -> str:
    return " ".join(map(str, moves))


def prove_step(step: Step, game: Game, goal: Goal, where: str) -> None:
    """Every proof about one step (its goal, its ends and its claims) on ``game``, the step's
    table under its rules."""
    prove_claims(step, game, where)
    prove_goal(step, game, goal, where)
    if goal in ("end", "hold"):
        for sequence in step.expect:
            prove_ends(step, game, goal, sequence, where)


def prove_claims(step: Step, game: Game, where: str) -> None:
    """Each sentence of the narration and hints that says nothing of the learner's fits is
    proven: the best turn from the step's table, pile moves counted, sheds no card."""
    texts = [step.narration, *step.hints]
    claims = [
        part.strip()
        for text in texts
        for part in _SENTENCE.split(text)
        if NOTHING_FITS.search(part) and not re.search(r"\bP\d\b", part)
    ]
    if not claims or game.turn != step.learner:
        return
    best, moves = best_plan(game, where)
    if best:
        raise ValueError(
            f'{where}: "{claims[0]}" is not true: the best turn there sheds '
            f"{count_words(best)} ({_shown(moves)})"
        )


def prove_goal(step: Step, game: Game, goal: Goal, where: str) -> None:
    """The step's goal can be met on its table, and every expected sequence meets it."""
    if goal == "read":
        if step.expect or step.sheds is not None:
            raise ValueError(f"{where}: a step to read expects no moves")
        return
    if goal in ("win", "card", "line"):
        return  # a whole turn judged by chance, a named move or a played line: legality suffices
    learner = game.turn
    if goal in ("space", "corner"):
        test = frees_space if goal == "space" else opens_corner
        if not any(test(game, move) for move in game.legal_moves()):
            what = "no pile can move off the cross" if goal == "space" else "no king can"
            raise ValueError(f"{where}: the step asks for a {goal}, but {what} go there")
        for sequence in step.expect:
            trial = game.copy()
            hits = False
            for text in sequence:
                hits = hits or test(trial, parse_move(text))
                trial.play(text)
            if not hits:
                raise ValueError(f"{where}: {' '.join(sequence)} does not meet the goal {goal}")
        return
    if goal in ("shed", "out"):
        best, moves = best_plan(game, where)
        hand = len(game.hand(learner))
        wanted = hand if goal == "out" else step.sheds
        if wanted is None:
            raise ValueError(f"{where}: a step that asks for cards shed says how many (sheds)")
        if goal == "out" and best < hand:
            raise ValueError(
                f"{where}: the step asks the learner to go out, but the best turn there sheds "
                f"{count_words(best)} of {hand} ({_shown(moves)})"
            )
        if best != wanted:
            raise ValueError(
                f"{where}: the step asks for {count_words(wanted)}, but the best turn there "
                f"sheds {count_words(best)} ({_shown(moves)}): ask for the most the turn can do"
            )
        for sequence in step.expect:
            shed = sum(isinstance(parse_move(text), PlayCard) for text in sequence)
            if shed < wanted:
                raise ValueError(
                    f"{where}: {' '.join(sequence)} sheds {shed} card(s), "
                    f"not the {wanted} the step asks for"
                )
            if any(isinstance(parse_move(text), EndTurn) for text in sequence):
                raise ValueError(
                    f"{where}: a shedding solution plays cards; it does not end the turn"
                )
        if not step.expect:
            raise ValueError(f"{where}: give at least one solution in expect for show me")
        return
    if goal in ("end", "hold"):
        if not step.expect:
            raise ValueError(f"{where}: a step that ends the turn gives the turn in expect")
        if goal == "hold" and not step.reason.strip():
            raise ValueError(
                f"{where}: a hold-back step says what playing would open for the others (reason)"
            )


def prove_ends(step: Step, game: Game, goal: Goal, sequence: Sequence[str], where: str) -> None:
    """Each time ``sequence`` ends the learner's turn, the cards shed since the turn began (or
    since a draw that let it go on) are the most the turn could shed, or, for a hold-back
    step, fewer, keeping back cards that playing would open the others' way with."""
    trial = game.copy()
    learner = step.learner
    mark: Game | None = trial.copy() if trial.turn == learner else None
    shed = 0
    ended = False
    for text in sequence:
        move = parse_move(text)
        mine = trial.turn == learner
        if mine and mark is None:
            mark, shed = trial.copy(), 0
        if mine and isinstance(move, EndTurn):
            assert mark is not None
            best, moves = best_plan(mark, where)
            if goal == "hold":
                if shed >= best:
                    raise ValueError(
                        f"{where}: a hold-back step keeps back cards that would fit, but "
                        f"nothing more could be shed there: make it a step that ends the turn"
                    )
                if _others_known(step):
                    _prove_opens(mark, moves, where)
            elif shed < best:
                raise ValueError(
                    f"{where}: {' '.join(sequence)} ends the turn after {count_words(shed)}, "
                    f"but the turn can shed {count_words(best)} ({_shown(moves)}): ask for the "
                    "most the turn can do, or hold back and say why (goal hold, reason)"
                )
            ended = True
        elif mine:
            shed += isinstance(move, PlayCard)
        trial.play(move)
        if mine and isinstance(move, EndTurn):
            mark = trial.copy() if trial.turn == learner and not trial.is_over() else None
            shed = 0
    if goal in ("end", "hold") and not ended:
        raise ValueError(f"{where}: {' '.join(sequence)} does not end the turn")


def _prove_opens(mark: Game, best: Sequence[Move], where: str) -> None:
    """Playing the best turn opens a card for one of the others (their hands are known)."""
    others = [seat for seat in range(1, mark.players + 1) if seat != mark.turn]
    after = mark.copy()
    for move in best:
        after.play(move)
    if _fits_for(after, others) <= _fits_for(mark, others):
        raise ValueError(
            f"{where}: playing the held-back cards ({_shown(best)}) opens no card for the "
            "others: there is nothing to hold back for"
        )


def _prove_finished(step: Step, rules: Rules | None, where: str) -> None:
    """A step whose turn the lesson leaves there sheds the most that turn can."""
    game = step.new_game(rules)
    sequence = step.expect[0]
    if any(isinstance(parse_move(text), EndTurn) for text in sequence):
        return  # proven where the turn ends (prove_ends)
    best, moves = best_plan(game, where)
    shed = sum(isinstance(parse_move(text), PlayCard) for text in sequence)
    if shed < best:
        more = "go out" if best == len(game.hand(step.learner)) else f"shed {count_words(best)}"
        raise ValueError(
            f"{where}: the lesson leaves this turn after {' '.join(sequence)}, but the turn "
            f"can {more} ({_shown(moves)}): ask for that, or go on with the turn in a next step"
        )


def _others_known(step: Step) -> bool:
    """True when the step's position shows every hand but the learner's."""
    table = parse_position(step.position)
    return all(
        isinstance(hand, list) for seat, hand in enumerate(table.hands, 1) if seat != step.learner
    )


def _fits_for(game: Game, seats: Sequence[int]) -> int:
    """How many of ``seats``' cards fit on a top card of the table now."""
    tops = [pile[-1] for pile in game.piles().values() if pile]
    return sum(any(card.fits_on(top) for top in tops) for seat in seats for card in game.hand(seat))


def prove_follows(
    steps: Sequence[Step], rules: Rules | None, title: str, where: Sequence[str]
) -> None:
    """Each step starts from the table the step before leaves (its first expected sequence
    played), as its learner sees it, or says that the table is set out afresh (``fresh``); and
    a step whose turn no later step goes on with does the most that turn can (it does not stop
    short of cards, or of going out, that the table offers): the lesson's last step, unless it
    states that it teaches one named move (goal card, space or corner), and a step before one
    set out afresh, unless it is a named move."""
    for number, step in enumerate(steps):
        goal = step.objective(rules)
        if not step.expect or goal in ("win", "hold", "line"):
            continue
        last = number + 1 == len(steps)
        # a step that states it teaches one named move may leave the rest of the turn
        named = step.goal in ("card", "space", "corner")
        if not named and (last or (steps[number + 1].fresh and goal != "card")):
            _prove_finished(step, rules, where[number])
    for number in range(1, len(steps)):
        before, step = steps[number - 1], steps[number]
        if step.fresh:
            continue
        left = before.new_game(rules)
        for text in before.expect[0] if before.expect else ():
            left.play(text)
        now = step.new_game(rules)
        different = _differences(before, left, now, step.learner)
        if different:
            raise ValueError(
                f"{where[number]}: the step does not start where step {number} leaves the "
                f"table (it has {', '.join(different)}): start it there, or say the table is set "
                'out afresh ("fresh": true)'
            )


def _differences(before: Step, left: Game, now: Game, learner: int) -> list[str]:
    """What differs between the table step ``before`` leaves (``left``) and the next step's
    (``now``), as ``learner`` sees them; a hand is compared card by card only when the step
    before showed every card that can have come into it (its hand and, after a draw, the
    stock), else by its size."""
    out: list[str] = []
    for space, pile in now.piles().items():
        if left.pile(space) != pile:
            out.append(f"other cards on {space.words}")
    if left.hand_sizes() != now.hand_sizes():
        out.append("other hand sizes")
    elif _hand_shown(before, learner) and sorted(map(str, left.hand(learner))) != sorted(
        map(str, now.hand(learner))
    ):
        out.append("other cards in the hand")
    if left.stock_size != now.stock_size:
        out.append("another stock")
    if left.turn != now.turn:
        out.append("another player to move")
    return out


def _hand_shown(step: Step, learner: int) -> bool:
    """True when ``step``'s position shows every card ``learner``'s hand can hold after the
    step's first expected sequence: the hand, and the stock if the sequence draws."""
    shown = parse_position(step.position)
    if not isinstance(shown.hands[learner - 1], list):
        return False
    draws = any(isinstance(parse_move(text), EndTurn) for text in (step.expect or [()])[0])
    return isinstance(shown.stock, list) or not draws
