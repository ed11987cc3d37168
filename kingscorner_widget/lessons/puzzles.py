""" "Find the best turn" puzzles: tables from seeded deals where planning beats playing what fits.

A puzzle comes from a real deal: a few turns are played from ``Game.new(seed=...)`` by players who
play whatever fits, and the table is kept when the best turn (found by the analysis) sheds clearly
more cards than that greedy habit would.

>>> puzzles = generate_puzzles(2, seed=1)
>>> [p.best_sheds - p.greedy_sheds >= 2 for p in puzzles]
[True, True]
>>> generate_puzzles(2, seed=1) == puzzles
True
>>> lesson = puzzle_lesson(puzzles)
>>> lesson.title, len(lesson.steps), lesson.steps[0].sheds == puzzles[0].best_sheds
('Find the best turn', 2, True)
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

from ..display.language import N_, gettext, ngettext
from ..engine.game import Game
from ..engine.moves import EndTurn, Move, MovePile, PlayCard
from ..engine.notation import parse_position
from ..engine.words import card_words
from .model import Lesson, Step

__all__ = ["Puzzle", "generate_puzzles", "greedy_turn", "puzzle_lesson"]


@dataclasses.dataclass(frozen=True)
class Puzzle:
    """A table to solve: the best turn sheds clearly more than playing whatever fits."""

    position: str
    """The table as the player to move sees it (other hands and the stock as counts)."""
    best: tuple[Move, ...]
    """The best turn's card and pile moves (without the end of the turn)."""
    best_sheds: int
    """Cards the best turn sheds."""
    greedy: tuple[Move, ...]
    """What a player who plays whatever fits would do (card plays only)."""
    greedy_sheds: int
    """Cards that greedy turn sheds."""
    deal_seed: int
    """The seed of the deal the table came from."""
    turn: int
    """The game turn number at which the table was taken (the first turn is 1)."""

    def to_step(self, number: int = 0) -> Step:
        """The puzzle as a lesson step: shed ``best_sheds`` cards, with graded hints."""
        hints = list(puzzle_hints(self.best))
        title = gettext("Puzzle {number}").format(number=number) if number else gettext(_BEST)
        table = parse_position(self.position)
        hand = table.hands[table.turn]
        out = isinstance(hand, list) and len(hand) == self.best_sheds
        n = self.best_sheds
        if out:
            solved = ngettext(
                "Solved: all {n} card shed, and you went out.",
                "Solved: all {n} cards shed, and you went out.",
                n,
            )
        else:
            solved = ngettext(
                "Solved: {n} card shed this turn.", "Solved: {n} cards shed this turn.", n
            )
        find = ngettext(
            "Find the best turn: shed **{n} card**.", "Find the best turn: shed **{n} cards**.", n
        )
        return Step(
            position=self.position,
            narration=f"{find.format(n=n)} {_greedy_words(self.greedy_sheds)}",
            expect=(tuple(map(str, self.best)),),
            sheds=self.best_sheds,
            hints=tuple(hints),
            after=solved.format(n=n),
            title=title,
            fresh=True,  # each puzzle is a table of its own
        )


def puzzle_hints(best: Sequence[Move]) -> tuple[str, str]:
    """Two hints for a puzzle, each adding to its narration: how many piles the best turn moves,
    then which pile moves first (or, with none, the card that opens the way).

    >>> from kingscorner_widget.engine.moves import parse_move
    >>> puzzle_hints([parse_move(m) for m in ("6c>W", "W>N", "Qh>W")])
    ('One best turn moves 1 pile as well as playing cards.', 'Look at the west pile: it moves in that turn, and the space it leaves takes a card.')
    """  # noqa: E501
    piles = [move for move in best if isinstance(move, MovePile)]
    if not piles:
        first = next(move for move in best if isinstance(move, PlayCard))
        # TRANSLATORS: {card} is a card's name with its article ("the ten of hearts")
        start = gettext("Start with {card}: it opens the way for others.")
        return (
            gettext("One best turn moves no pile: the order of the cards does it."),
            start.format(card=card_words(first.card)),
        )
    moved = ngettext(
        "One best turn moves {n} pile as well as playing cards.",
        "One best turn moves {n} piles as well as playing cards.",
        len(piles),
    )
    return moved.format(n=len(piles)), gettext(_LOOK[piles[0].source.value])


def _greedy_words(shed: int) -> str:
    """What playing whatever fits first would do, in a puzzle's narration.

    >>> _greedy_words(0)
    'Playing whatever fits first would shed no card at all.'
    >>> _greedy_words(1)
    'Playing whatever fits first would shed only 1 card.'
    """
    if shed == 0:
        return gettext("Playing whatever fits first would shed no card at all.")
    return ngettext(
        "Playing whatever fits first would shed only {n} card.",
        "Playing whatever fits first would shed only {n} cards.",
        shed,
    ).format(n=shed)


_BEST = N_("Find the best turn")
_LOOK = {
    "N": N_("Look at the north pile: it moves in that turn, and the space it leaves takes a card."),
    "E": N_("Look at the east pile: it moves in that turn, and the space it leaves takes a card."),
    "S": N_("Look at the south pile: it moves in that turn, and the space it leaves takes a card."),
    "W": N_("Look at the west pile: it moves in that turn, and the space it leaves takes a card."),
}
"""The second hint of a puzzle whose best turn moves a pile, by the cross space it moves from."""


def greedy_turn(game: Game) -> list[Move]:
    """The turn of a player who plays the first card that fits, again and again, and never moves
    a pile. ``game`` is left as it was; the end of the turn is not included."""
    trial = game.copy()
    moves: list[Move] = []
    while not trial.is_over():
        play = next((m for m in trial.legal_moves() if isinstance(m, PlayCard)), None)
        if play is None:
            break
        trial.play(play)
        moves.append(play)
    return moves


def generate_puzzles(
    count: int, seed: int = 0, *, margin: int = 2, players: int = 2, max_deals: int = 2000
) -> list[Puzzle]:
    """``count`` puzzles from deals seeded by ``seed``, each with a best turn that sheds at least
    ``margin`` more cards than the greedy one. The same arguments give the same puzzles. A table
    whose best turn cannot be proven within the lessons' search budget is passed over (a lesson
    could not load it).
    """
    from ..analysis import best_turn
    from .search import LESSON_BUDGET

    if count < 0 or margin < 1:
        raise ValueError("count must be 0 or more and margin at least 1")
    rng = random.Random(seed)
    puzzles: list[Puzzle] = []
    for _ in range(max_deals):
        if len(puzzles) >= count:
            return puzzles
        deal_seed = rng.randrange(2**32)
        game = Game.new(players=players, seed=deal_seed)
        for _ in range(rng.randrange(0, 8)):  # a few turns of greedy play to vary the table
            for move in greedy_turn(game):
                game.play(move)
            if game.is_over():
                break
            game.play(game.end_move())
        if game.is_over():
            continue
        greedy = greedy_turn(game)
        plan = best_turn(game, LESSON_BUDGET)
        if not plan.exact or plan.cards_played < len(greedy) + margin:
            continue
        best = tuple(move for move in plan.moves if not isinstance(move, EndTurn))
        turn_number = sum(isinstance(m, EndTurn) for m in game.moves) + 1
        puzzles.append(
            Puzzle(
                position=game.position(player=game.turn),
                best=best,
                best_sheds=plan.cards_played,
                greedy=tuple(greedy),
                greedy_sheds=len(greedy),
                deal_seed=deal_seed,
                turn=turn_number,
            )
        )
    if len(puzzles) < count:
        raise ValueError(f"only {len(puzzles)} puzzles found in {max_deals} deals")
    return puzzles


def puzzle_lesson(puzzles: Sequence[Puzzle] | int = 5, seed: int = 0) -> Lesson:
    """A lesson with one step per puzzle (given, or that many generated from ``seed``), its
    words in the language spoken as it is made (``with speaking("fr"): puzzle_lesson()``)."""
    if isinstance(puzzles, int):
        puzzles = generate_puzzles(puzzles, seed)
    steps = [puzzle.to_step(number) for number, puzzle in enumerate(puzzles, start=1)]
    return Lesson.from_dict(
        {
            "title": gettext(_BEST),
            "summary": gettext(
                "Tables from real deals where a plan sheds more than playing what fits."
            ),
            "steps": [step.to_dict() for step in steps],
        }
    )
