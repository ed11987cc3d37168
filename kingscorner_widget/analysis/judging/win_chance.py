"""A turn judged by what it did to the player's chance of winning the hand.

:func:`turn_win_chances` sets, side by side and on the same sampled deals of the cards the player
could not see, the turn the player played, the turn that sheds the most, the turn the expert
(:class:`~kingscorner_widget.analysis.players.expert.ExpertPlayer`) finds best, the turn that keeps
the whole hand back (ends the turn at once, where the rules allow it) and the turn greedy play
would make (the chance "before" the turn: what the position was worth to a player who plays what
they can). The best is whichever of them wins most often on those deals. Each deal is played to
the end of the hand with greedy play for everyone, as the expert's own play-outs are, so a chance
is "how often this turn wins if everyone then plays what they can". Because every turn meets the
same deals, the difference between two turns is paired: its standard error comes from the
deal-by-deal differences, far smaller than the two chances' own errors.

The verdict (:func:`win_verdict`) calls a turn ``"best"`` unless its loss against the best turn
is more than twice that standard error, and then grades the loss by :data:`WIN_THRESHOLDS`. A
sure win comes first: a turn that could go out and win the hand at once (:func:`going_out_wins`)
is worth 100%, whatever the deals, and a turn that could and did not is a ``"blunder"``
whatever the estimate of the turn played.

How history enters the estimate: the deals are drawn from the cards the player could not see,
and, when the observation carries the record of the hand (:attr:`Observation.history`, as the
review's and a game's own observations do), they are also kept clear of the cards the record
shows another player cannot hold (a player who drew rather than play a card that fitted does
not hold it: :func:`~kingscorner_widget.analysis.search.hand_reading.read_hands`). So the same
table judged from its record and from its bare position line can give different chances (the
record knows more); the review always judges from the record, as the player saw the hand, and
the calibration test (``tests/analysis/test_calibration.py``) checks those chances against
hands played out.

>>> from kingscorner_widget import Game
>>> line = "N:9d E:4c S:5s W:8s7h NE:Ks SE:- SW:- NW:- P1:Qh6c3h2c8dJdJh P2:?7 stock:32 turn:P1"
>>> seen = Game.from_position(line).observation(1)
>>> w = turn_win_chances(seen, "draw", worlds=60, search_worlds=30, candidates=8)
>>> w.worlds, 0 <= w.played <= w.best <= 1, w.loss == w.best - w.played
(60, True, True)
>>> win_verdict(w)
'mistake'
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from typing import Literal

from ...engine.errors import IllegalMoveError
from ...engine.moves import EndTurn, Move, as_move
from ...engine.observation import Observation
from ..players import GreedyPlayer
from ..players.expert import ExpertPlayer, viewer_table_game
from ..search import best_turn

__all__ = [
    "WIN_SEARCH_WORLDS",
    "WIN_THRESHOLDS",
    "WIN_WORLDS",
    "AgainstBest",
    "WinChances",
    "WinVerdict",
    "against_best",
    "going_out_wins",
    "greedy_turn",
    "loss_verdict",
    "turn_accuracy",
    "turn_win_chances",
    "whole_turn",
    "win_accuracy",
    "win_verdict",
]

WinVerdict = Literal["best", "inaccuracy", "mistake", "blunder"]

WIN_WORLDS = 240
"""Deals every judged turn is played out in (the same deals for all of them)."""
JUDGE_SALT = 7919
"""Added to the seed for the judging deals, so they are not the deals the expert searched."""
WIN_SEARCH_WORLDS = 60
"""Deals the expert samples when looking for the best turn (separate deals from the judging
ones, so the turn it picks is not judged on the deals that picked it)."""
WIN_CANDIDATES = 24
"""Turns the expert plays out when looking for the best turn."""

WIN_THRESHOLDS: tuple[tuple[float, WinVerdict], ...] = (
    (0.20, "blunder"),
    (0.10, "mistake"),
    (0.05, "inaccuracy"),
)
"""The loss of win chance (as a share, 0.10 = 10 points) from which a turn is a blunder, a
mistake or an inaccuracy, once the loss is more than twice its standard error: the expected
points scale the largest chess site grades moves by (5, 10 and 20 points). Measured on the turns
of seeded hands (``python -m bench winreview``; figures in ``bench/bench_winreview.py``), a
significant loss is as large at a table of two as of four (median 9 points either way), so one
scale serves every table; twice the standard error of a loss on 240 deals is about 5 points, so
a smaller loss is seldom told from luck, and counting it would grade the deals, not the turn."""


@dataclasses.dataclass(frozen=True)
class WinChances:
    """A turn's chances of winning the hand, from the player's own view, on the same deals."""

    before: float
    """Before the turn: the chance if the turn were played as greedy play plays it."""
    played: float
    """After the turn played."""
    most_cards: float
    """After the turn that sheds the most cards."""
    best: float
    """After the best turn found (the expert's, or whichever judged turn won most often)."""
    best_moves: tuple[Move, ...]
    """The best turn's moves."""
    most_cards_moves: tuple[Move, ...]
    """The moves of the turn that sheds the most."""
    stderr: float
    """The standard error of :attr:`loss`, from the deal-by-deal differences."""
    worlds: int
    """Deals every turn was played out in."""
    near_best: tuple[tuple[Move, ...], ...] = ()
    """Every judged turn whose loss against the best is within twice its paired standard error
    (the best turn first): the turns the deals cannot tell from the best."""
    missed_win: bool = False
    """True when a turn could go out and win the hand at once (then it is the best, at 100%)
    and the turn played did not: a blunder whatever the deals."""

    @property
    def loss(self) -> float:
        """How much more often the best turn won than the turn played (0 when it is the same)."""
        return self.best - self.played

    @property
    def significant(self) -> bool:
        """True when the loss is more than twice its standard error (beyond the deals' luck)."""
        return self.loss > 2 * self.stderr

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready summary."""
        return {
            "before": self.before,
            "played": self.played,
            "most_cards": self.most_cards,
            "best": self.best,
            "best_moves": [str(m) for m in self.best_moves],
            "most_cards_moves": [str(m) for m in self.most_cards_moves],
            "loss": self.loss,
            "stderr": self.stderr,
            "worlds": self.worlds,
            "near_best": [[str(m) for m in turn] for turn in self.near_best],
            "missed_win": self.missed_win,
        }


def loss_verdict(loss: float, stderr: float) -> WinVerdict:
    """``"best"`` unless ``loss`` (a share of win chance) is beyond twice its standard error
    ``stderr``; then graded by :data:`WIN_THRESHOLDS` (a significant loss under the smallest
    threshold is still best).

    >>> loss_verdict(0.10, 0.02), loss_verdict(0.10, 0.06), loss_verdict(0.04, 0.001)
    ('mistake', 'best', 'best')
    """
    if loss <= 2 * stderr:
        return "best"
    for threshold, verdict in WIN_THRESHOLDS:
        if loss >= threshold - 1e-9:  # a difference of two shares may fall a hair short
            return verdict
    return "best"


def win_verdict(chances: WinChances | AgainstBest) -> WinVerdict:
    """The verdict on a judged turn: ``"blunder"`` when it declined a sure win, else
    :func:`loss_verdict` of its loss and standard error."""
    if isinstance(chances, WinChances) and chances.missed_win:
        return "blunder"
    return loss_verdict(chances.loss, chances.stderr)


def going_out_wins(observation: Observation, moves: Sequence[Move]) -> bool:
    """True when playing ``moves`` from ``observation`` (the mover's view) empties the mover's
    hand and wins the hand at once: always so under the standard rules; in the corners version
    only when the mover then holds the most corners (the table shows everyone's).

    >>> from kingscorner_widget import Game, parse_move
    >>> seen = Game.from_position(
    ...     "N:9d E:4c S:5s W:8s7h NE:- SE:- SW:- NW:- P1:Qh6c P2:?7 stock:38 turn:P1"
    ... ).observation(1)
    >>> going_out_wins(seen, [parse_move("Qh>N"), parse_move("6c>W")])
    False
    >>> going_out_wins(seen, [parse_move(m) for m in ("W>N", "Qh>W", "6c>N")])
    True
    """
    game = viewer_table_game(observation)
    try:
        for move in moves:
            if isinstance(move, EndTurn) or game.is_over():
                break
            game.play(move)
    except IllegalMoveError:
        return False
    outcome = game.outcome()
    return outcome is not None and outcome.winners == (observation.player,)


@dataclasses.dataclass(frozen=True)
class AgainstBest:
    """A turn's chance of winning set against a best turn's, on the same sampled deals."""

    played: float
    """After the turn judged."""
    best: float
    """After the best turn."""
    stderr: float
    """The standard error of :attr:`loss`, from the deal-by-deal differences."""
    worlds: int
    """Deals both turns were played out in."""

    @property
    def loss(self) -> float:
        """How much more often the best turn won (negative when the turn judged won more)."""
        return self.best - self.played

    @property
    def verdict(self) -> WinVerdict:
        """``"best"`` when the deals cannot tell the turn from the best, or the loss is under
        the smallest threshold; else how bad the loss is (:func:`loss_verdict`)."""
        return loss_verdict(self.loss, self.stderr)


def _paired(best: Sequence[float], turn: Sequence[float]) -> tuple[float, float]:
    """The mean of the deal-by-deal differences ``best - turn`` and its standard error."""
    diffs = [b - p for b, p in zip(best, turn, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(variance / n)


def against_best(
    observation: Observation,
    played: Sequence[Move],
    best: Sequence[Move],
    *,
    seed: int = 0,
    worlds: int = WIN_WORLDS,
) -> AgainstBest:
    """The turn ``played`` set against the turn ``best`` from ``observation`` (the player to
    move's view at the start of the turn), both whole turns, on the same ``worlds`` deals: what
    a practice lesson asks of a turn the review did not measure (a few tenths of a second).

    A turn that cannot be played from there raises
    :class:`~kingscorner_widget.IllegalMoveError`.

    >>> from kingscorner_widget import Game, parse_move
    >>> line = "N:9d E:4c S:5s W:8s7h NE:Ks SE:- SW:- NW:- P1:Qh6c3h8dJd P2:?7 stock:34 turn:P1"
    >>> seen = Game.from_position(line).observation(1)
    >>> turn = [parse_move(m) for m in "6c>W 3h>E draw".split()]
    >>> same = [parse_move(m) for m in "3h>E 6c>W draw".split()]
    >>> a = against_best(seen, same, turn, worlds=40)
    >>> a.loss, a.stderr, a.verdict
    (0.0, 0.0, 'best')
    """
    turns = [tuple(best), tuple(played)]
    judge = ExpertPlayer(seed=seed + JUDGE_SALT, worlds=worlds)
    if turns[0] == turns[1]:
        turns = turns[:1]
    results = {c.moves: c for c in judge.compare(observation, turns).candidates}
    top, mine = results[turns[0]], results[turns[-1]]
    _, stderr = _paired(top.outcomes, mine.outcomes)
    return AgainstBest(played=mine.win_rate, best=top.win_rate, stderr=stderr, worlds=top.worlds)


def turn_accuracy(loss: float) -> float:
    """A turn's accuracy from 0 to 1 for a loss of win chance (a share), as chess sites compute
    it from the drop in winning chances: ``1.031668 * exp(-4.354 * loss) - 0.031669``, clamped.

    >>> turn_accuracy(0.0), round(turn_accuracy(0.1), 3), turn_accuracy(1.0)
    (1.0, 0.636, 0.0)
    """
    if loss <= 0:
        return 1.0
    value = 1.031668 * math.exp(-4.354 * loss) - 0.031669
    return min(1.0, max(0.0, value))


def win_accuracy(chances: Sequence[WinChances]) -> float:
    """A review's accuracy from its turns' chances: each turn's :func:`turn_accuracy` of its loss
    (none for a turn its verdict calls best: within twice its standard error or under the
    smallest threshold; a declined sure win, a blunder whatever the deals, loses at least a
    blunder's share, so it never sits beside 100%), then the mean of
    the arithmetic mean and the harmonic mean (each turn counted at least 1%), so one blunder
    weighs more than several slips. 1 with no turn.

    >>> one = WinChances(0.3, 0.3, 0.3, 0.3, (), (), 0.0, 100)
    >>> win_accuracy([one, one]), win_accuracy([])
    (1.0, 1.0)
    """
    if not chances:
        return 1.0
    each = [turn_accuracy(_judged_loss(c)) for c in chances]
    mean = sum(each) / len(each)
    harmonic = len(each) / sum(1 / max(a, 0.01) for a in each)
    return (mean + harmonic) / 2


def _judged_loss(chances: WinChances) -> float:
    """The loss a turn's accuracy is read from, as its verdict reads it: none for a turn judged
    best (within the deals' luck, or under the smallest threshold), at least a blunder's for a
    declined sure win. So a review whose every turn is best reads 100%, and one with a slip
    never does."""
    if chances.missed_win:
        return max(chances.loss, WIN_THRESHOLDS[0][0])
    return 0.0 if win_verdict(chances) == "best" else chances.loss


def greedy_turn(observation: Observation) -> tuple[Move, ...]:
    """The turn greedy play would make from here (its last move ends the turn, unless it goes
    out). Needs no hidden card: greedy play reads only the player's hand and the table."""
    game = viewer_table_game(observation)
    player = GreedyPlayer()
    moves: list[Move] = []
    while not game.is_over():
        move = player.choose(game.observation(observation.player))
        moves.append(move)
        if isinstance(move, EndTurn):
            break
        game.play(move)
    return tuple(moves)


def _completed(observation: Observation, moves: tuple[Move, ...]) -> tuple[Move, ...]:
    """``moves`` as a whole turn: the expert answers a forced move alone ("only one move is
    possible", as must play often leaves), so the turn is finished with the turn that sheds the
    most from there."""
    if not moves or isinstance(moves[-1], EndTurn):
        return moves
    game = viewer_table_game(observation)
    for move in moves:
        game.play(move)
    if game.is_over():
        return moves
    return moves + best_turn(game.observation(observation.player)).moves


def whole_turn(moves: Sequence[Move]) -> tuple[Move, ...]:
    """``moves`` up to and with their first end-of-turn move: the turn a player chose when it
    began (what follows a draw turned on a card they had not seen then).

    >>> from kingscorner_widget.engine.moves import parse_move
    >>> [str(m) for m in whole_turn([parse_move(t) for t in ("Th>N", "draw", "4h>S")])]
    ['Th>N', 'draw']
    """
    for i, move in enumerate(moves):
        if isinstance(move, EndTurn):
            return tuple(moves[: i + 1])
    return tuple(moves)


def turn_win_chances(
    observation: Observation,
    played: Sequence[Move | str] | str,
    *,
    seed: int = 0,
    worlds: int = WIN_WORLDS,
    search_worlds: int = WIN_SEARCH_WORLDS,
    candidates: int = WIN_CANDIDATES,
    most_cards: Sequence[Move] | None = None,
) -> WinChances:
    """The chances of winning of the turn ``played`` (moves, or one string of them) from
    ``observation`` (the player to move's view at the start of the turn), of the turn that sheds
    the most (``most_cards``, else :func:`~kingscorner_widget.analysis.best_turn`'s), of the
    expert's best and of greedy play's turn, all on the same ``worlds`` sampled deals.

    A played turn the viewer's table cannot replay raises a ValueError naming the move."""
    if isinstance(worlds, bool) or not isinstance(worlds, int) or worlds < 2:
        raise ValueError(f"worlds must be a whole number of at least 2, not {worlds!r}")
    moves = tuple(as_move(m) for m in (played.split() if isinstance(played, str) else played))
    if not moves:
        raise ValueError("the turn played must have at least one move")
    moves = whole_turn(moves)
    most = tuple(most_cards) if most_cards is not None else best_turn(observation).moves
    searcher = ExpertPlayer(seed=seed, worlds=search_worlds, candidates=candidates)
    expert = _completed(observation, searcher.decide(observation).moves)
    greedy = greedy_turn(observation)
    hold = tuple(m for m in observation.legal_moves if isinstance(m, EndTurn))[:1]
    turns: list[tuple[Move, ...]] = []
    for turn in (expert, moves, most, greedy, hold):
        if not turn:
            continue
        if turn not in turns:
            turns.append(turn)
    # Fresh deals for the judging (another seed), the same for every turn.
    judge = ExpertPlayer(seed=seed + JUDGE_SALT, worlds=worlds)
    try:
        results = {c.moves: c for c in judge.compare(observation, turns).candidates}
    except IllegalMoveError as error:
        raise ValueError(f"the turn played cannot be judged here: {error}") from None
    best = max(turns, key=lambda t: (results[t].win_rate, -turns.index(t)))

    def paired(turn: tuple[Move, ...]) -> tuple[float, float]:
        """The loss of ``turn`` against the best and its standard error."""
        return _paired(results[best].outcomes, results[turn].outcomes)

    sure = going_out_wins(observation, most)
    missed = sure and not going_out_wins(observation, moves)
    if sure and not going_out_wins(observation, best):  # going out wins every deal
        best = most
    near = [best] + [t for t in turns if t != best and paired(t)[0] <= 2 * paired(t)[1]]
    n = results[moves].worlds
    return WinChances(
        before=results[greedy].win_rate,
        played=results[moves].win_rate,
        most_cards=results[most].win_rate,
        best=1.0 if sure else results[best].win_rate,  # a sure win is 100%, whatever the deals
        best_moves=best,
        most_cards_moves=most,
        stderr=paired(moves)[1],
        worlds=n,
        near_best=tuple(near),
        missed_win=missed,
    )
