"""A puzzle's theme (what its best turn turns on) and its difficulty (how often computers solve it).

Themes, the first that fits the best turn, rarest first (most best turns move a pile):

- ``chain``: three or more cards played one after another onto piles;
- ``king to a corner``: a king (a card, or a pile with a king at the bottom) goes to a corner;
- ``pile transfer``: a pile moves onto another pile, and a card from hand fills the space it left;
- ``free a space``: any other turn (a pile moved off a space, a card into an empty one).

The difficulty is the share of the built-in players' tries that miss the best turn's count:
the random player with five seeds, the greedy, the planner and the lookahead player with three
seeds (ten tries). 0 means every try solved it, 1 that none did.

>>> from kingscorner_widget.lessons import generate_puzzles
>>> puzzle = generate_puzzles(1, seed=5)[0]
>>> theme(puzzle)
'pile transfer'
>>> 0 <= difficulty(puzzle) <= 1
True
"""

from __future__ import annotations

from ..analysis.players import Player, make_player
from ..display.language import NP_, pgettext
from ..engine.game import Game
from ..engine.moves import EndTurn, MovePile, PlayCard
from ..engine.spaces import CORNERS, CROSS
from ..lessons import Puzzle

__all__ = ["THEMES", "difficulty", "solvers", "theme", "theme_said"]

THEMES = (
    NP_("a puzzle's theme", "pile transfer"),
    NP_("a puzzle's theme", "free a space"),
    NP_("a puzzle's theme", "king to a corner"),
    NP_("a puzzle's theme", "chain"),
)
"""The themes in the order a board shows them (each kept in English, its key in a record)."""
MOST_MOVES = 60
"""A solver's turn longer than this is cut short (no turn of a puzzle is that long)."""


def theme_said(name: str) -> str:
    """A theme's name in the language spoken (a name that is no theme is shown as it is).

    >>> from kingscorner_widget.display.language import speaking
    >>> with speaking("fr"):
    ...     theme_said("chain")
    'chaîne'
    """
    return pgettext("a puzzle's theme", name) if name in THEMES else name


def theme(puzzle: Puzzle) -> str:
    """The puzzle's theme, by the rule above."""
    game = Game.from_position(puzzle.position)
    left: set[object] = set()
    transfer = corner = False
    run = longest = 0
    for move in puzzle.best:
        if isinstance(move, MovePile):
            bottom = game.pile(move.source)[0]
            onto = bool(game.pile(move.target))
            if move.target in CORNERS and bottom.is_king:
                corner = True
            if onto and move.source in CROSS:
                left.add(move.source)
            run = 0
        elif isinstance(move, PlayCard):
            empty = not game.pile(move.target)
            if empty and move.target in left:
                transfer = True
            if empty and move.target in CORNERS:
                corner = True
            if empty:
                run = 0
            else:
                run += 1
                longest = max(longest, run)
        game.play(move)
    if longest >= 3:
        return "chain"
    if corner:
        return "king to a corner"
    if transfer:
        return "pile transfer"
    return "free a space"


def solvers() -> list[Player]:
    """The built-in players that try each puzzle (ten tries)."""
    found = [make_player("random", seed=seed) for seed in range(5)]
    found += [make_player("greedy"), make_player("planner")]
    found += [make_player("lookahead", seed=seed, samples=4) for seed in range(3)]
    return found


def sheds(player: Player, position: str) -> int:
    """The cards ``player`` sheds in its turn from ``position`` (it sees only its own view)."""
    game = Game.from_position(position)
    mover = game.turn
    start = len(game.hand(mover))
    for _ in range(MOST_MOVES):
        if game.is_over():
            break
        move = player.choose(game.observation(mover))
        if isinstance(move, EndTurn):
            break
        game.play(move)
    return start - len(game.hand(mover))


def difficulty(puzzle: Puzzle, players: list[Player] | None = None) -> float:
    """The share of the built-in players' tries that shed fewer cards than the best turn."""
    tries = players if players is not None else solvers()
    missed = sum(sheds(player, puzzle.position) < puzzle.best_sheds for player in tries)
    return round(missed / len(tries), 2)
