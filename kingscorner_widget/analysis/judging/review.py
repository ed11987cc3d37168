"""Game review: each of one player's turns set against the best turn from what they could see.

:func:`review` takes a :class:`~kingscorner_widget.engine.game.Game`, a
:class:`~kingscorner_widget.engine.match.Match` or a saved record, replays it through the engine,
and at the start of each of the player's turns asks :func:`~kingscorner_widget.analysis.best_turn`
for the best turn from that player's own view (their hand and the table, never a hidden card). Every
claim is one the engine can replay: the best turn's moves are legal from the position given.

Verdicts: ``"best"`` when the turn shed as many cards as the best turn (and did no worse on the
tie-breaks); ``"inaccuracy"`` when it shed one card fewer, or as many with a worse tie-break
(fewer points or kings, or more openings left for the next player); ``"mistake"`` when it shed
two or more fewer, or missed a way to go out that would not have won the hand (the corners
version); ``"blunder"`` when it declined a sure win: it could go out and win the hand at once,
and did not (judged by win chance too: going out wins every deal). Every search runs within a
:class:`Budget`; a turn whose best could not be proven in it says so
(:attr:`ReviewedTurn.proven`), and its best is then the best turn found, which is still a real
turn the engine replays.

>>> from kingscorner_widget import Game
>>> game = Game.from_position(
...     "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1")
>>> game.play("Th>N"); game.play("draw")
>>> r = review(game, player=1, progress=False)
>>> turn = r.turns[0]
>>> turn.position
'N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1'
>>> [str(m) for m in turn.moves], turn.shed, turn.best_shed, turn.verdict
(['Th>N', 'draw'], 1, 3, 'blunder')
>>> print(turn.reason)  # doctest: +NORMALIZE_WHITESPACE
Shed 1 card, but going out won the hand at once: the best turn shed 3 cards, the four of hearts
(4h), the ten of hearts (Th) and the king of spades (Ks), and went out.
>>> r.accuracy
0.3333333333333333
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from ...display.language import gettext, ngettext, npgettext, pgettext
from ...engine.cards import Card
from ...engine.game import Game
from ...engine.kernel import NO_CARD, openings
from ...engine.match import Match
from ...engine.moves import EndTurn, Move, PlayCard
from ...engine.observation import Observation
from ...engine.record import Source, read_record
from ...engine.rules import Rules
from ...engine.words import count_words, listed
from ..progress import progress_bar
from ..search import Budget, TurnPlan, best_turn
from .review_types import Judge, Verdict
from .review_view import plot_review, review_html, review_table
from .verdict_words import cards_said, items_listed, percent
from .win_chance import (
    WIN_WORLDS,
    WinChances,
    going_out_wins,
    turn_win_chances,
    win_accuracy,
    win_verdict,
)
from .win_words import win_reason

if TYPE_CHECKING:
    from matplotlib.axes import Axes

    from ...display.charts import VegaLiteChart
    from ...display.tables import HtmlTable

__all__ = [
    "REVIEW_BUDGET",
    "Judge",
    "Review",
    "ReviewedTurn",
    "Verdict",
    "judge_by_win",
    "review",
    "turn_views",
]

VERDICTS: tuple[Verdict, ...] = ("best", "inaccuracy", "mistake", "blunder")
JUDGES: tuple[Judge, ...] = ("cards", "win")

REVIEW_BUDGET = Budget(states=50_000)
"""What each turn's search may spend by default. Counted in states, so a review says the same on
every machine; ordinary turns need a few hundred states."""

REVIEW_FORMAT = "kingscorner-review/1"


@dataclasses.dataclass(frozen=True)
class ReviewedTurn:
    """One turn of the reviewed player, set against the best turn from the same position."""

    number: int
    """The turn's number among the reviewed player's turns (from 1)."""
    hand: int
    """The hand it was played in (from 1; always 1 for a single game)."""
    player: int
    """The reviewed player's number in that hand (``Pk``)."""
    ply: int
    """How many moves of the hand were played before this turn (where to step to replay it)."""
    position: str
    """The table at the start of the turn as the player saw it (other hands as ``?n``)."""
    rules: Rules
    """The rules the hand was played under."""
    moves: tuple[Move, ...]
    """The moves the player made this turn, in order."""
    shed: int
    """Cards the player shed this turn."""
    went_out: bool
    """True when the turn emptied the player's hand."""
    best: TurnPlan
    """The best turn from :attr:`position`, by the player's own view."""
    verdict: Verdict
    """``"best"``, ``"inaccuracy"``, ``"mistake"`` or (judged by win chance) ``"blunder"``."""
    reason: str
    """The verdict in words."""
    win: WinChances | None = None
    """Judged by win chance (``judge="win"``): the chances before the turn, after it, after the
    turn that sheds the most and after the best turn, on the same sampled deals."""

    @property
    def better_moves(self) -> tuple[Move, ...]:
        """The turn the review sets against this one: the best by win chance when judged so,
        else the turn that sheds the most."""
        return self.win.best_moves if self.win is not None else self.best.moves

    @property
    def best_shed(self) -> int:
        """Cards the best turn sheds."""
        return self.best.cards_played

    @property
    def proven(self) -> bool:
        """True when the search proved the best turn within its budget (its cards, corners,
        points and kings; and its openings unless :attr:`TurnPlan.tie_break_proven` is false)."""
        return self.best.exact

    @property
    def credit(self) -> float:
        """The cards this turn counts towards the review's accuracy judged by cards: the cards
        it shed, at most its best's (so a lucky draw never lifts another turn), and half a card
        less when it shed as many as the best but is not called best (it lost on corners,
        points or openings), so an inaccuracy never sits beside 100%."""
        credit = float(min(self.shed, self.best_shed))
        return max(0.0, credit - 0.5) if self.tie_lost else credit

    @property
    def tie_lost(self) -> bool:
        """True when the turn shed as many cards as the best turn and is not called best."""
        return self.verdict != "best" and self.shed >= self.best_shed

    @property
    def missed_out(self) -> bool:
        """True when the player could have gone out this turn and did not."""
        return self.best.goes_out and not self.went_out

    @property
    def missed_win(self) -> bool:
        """True when the player could have gone out this turn and won the hand at once, and did
        not: a blunder in either judge."""
        return self.verdict == "blunder" and self.missed_out

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready summary of the turn."""
        return {
            "number": self.number,
            "hand": self.hand,
            "player": self.player,
            "ply": self.ply,
            "position": self.position,
            "moves": [str(move) for move in self.moves],
            "shed": self.shed,
            "went_out": self.went_out,
            "best": [str(move) for move in self.best.moves],
            "best_shed": self.best_shed,
            "best_goes_out": self.best.goes_out,
            "proven": self.proven,
            "tie_break_proven": self.best.tie_break_proven,
            "verdict": self.verdict,
            "reason": self.reason,
            **({} if self.win is None else {"win": self.win.to_dict()}),
        }


@dataclasses.dataclass(frozen=True, repr=False)
class Review:
    """Every turn of one player in a game or match, each with its verdict."""

    player: int
    """The reviewed player (in a match, the seat)."""
    turns: tuple[ReviewedTurn, ...]
    """One entry per turn of the player, in order."""
    judge: Judge = "cards"
    """What the turns were judged by: cards shed (``"cards"``) or chance of winning (``"win"``)."""

    @property
    def accuracy(self) -> float:
        """From 0 to 1, and below 1 whenever a turn is not called best. Judged by cards: the
        cards each turn is credited with (:attr:`ReviewedTurn.credit`) over the most that could
        have been shed (with no cards to shed: 1, or one half beside a turn not called best).
        Judged by win chance, as chess sites do: each
        turn's accuracy from its loss of win chance (:func:`~.win_chance.turn_accuracy`; a loss
        within twice its standard error counts as none, a declined sure win as a blunder's), and
        the review's is the mean of the arithmetic and the harmonic means of the turns' (so one
        blunder weighs more than several slips)."""
        if self.judge == "win":
            return win_accuracy([turn.win for turn in self.turns if turn.win is not None])
        possible = sum(turn.best_shed for turn in self.turns)
        if possible == 0:
            return 1.0 if not self.to_learn else 0.5
        return sum(turn.credit for turn in self.turns) / possible

    @property
    def counts(self) -> dict[Verdict, int]:
        """How many turns got each verdict."""
        return {v: sum(1 for turn in self.turns if turn.verdict == v) for v in VERDICTS}

    @property
    def mistakes(self) -> tuple[ReviewedTurn, ...]:
        """The turns called mistakes (or blunders)."""
        return tuple(turn for turn in self.turns if turn.verdict in ("mistake", "blunder"))

    @property
    def to_learn(self) -> tuple[ReviewedTurn, ...]:
        """Every turn that was not best: inaccuracies, mistakes and blunders."""
        return tuple(turn for turn in self.turns if turn.verdict != "best")

    @property
    def missed_outs(self) -> tuple[ReviewedTurn, ...]:
        """The turns where going out was possible and missed."""
        return tuple(turn for turn in self.turns if turn.missed_out)

    @property
    def proven(self) -> bool:
        """True when every turn's best was proven within the budget."""
        return all(turn.proven for turn in self.turns)

    def accuracy_note(self) -> str:
        """Why a review by cards reads under 100% where the cards shed alone would not: the turns
        that shed as many cards as the best turn but lost on what else it did ("" when none)."""
        tied = [turn for turn in self.turns if turn.tie_lost]
        if self.judge != "cards" or not tied:
            return ""
        which = _turns(tied)
        n = len(tied)
        # TRANSLATORS: {turns} names the turns ("turn 3", "turns 2, 5 and 7")
        if all(turn.shed >= turn.best_shed for turn in self.turns):
            said = ngettext(
                "Every card that could be shed was shed, but {turns} lost on what else the best "
                "turn did (corners finished, points, openings left): it counts half a card "
                "short in the accuracy.",
                "Every card that could be shed was shed, but {turns} lost on what else the best "
                "turn did (corners finished, points, openings left): each counts half a card "
                "short in the accuracy.",
                n,
            )
        else:
            said = ngettext(
                "{turns} shed as many cards as the best turn but lost on what else the best turn "
                "did (corners finished, points, openings left): it counts half a card short in "
                "the accuracy.",
                "{turns} shed as many cards as the best turn but lost on what else the best turn "
                "did (corners finished, points, openings left): each counts half a card short "
                "in the accuracy.",
                n,
            )
        said = said.format(turns=which)
        return said[:1].upper() + said[1:]

    def summary(self) -> str:
        """The review in a few lines of words, in the language spoken now."""
        counts = self.counts
        n, accuracy = len(self.turns), percent(self.accuracy)
        # TRANSLATORS: a review's first line: {player} is the reviewed player ("P1"), {n} its
        # turns, {accuracy} a share ("75%")
        if self.judge == "win":
            first = ngettext(
                "Review of {player} by chance of winning: {n} turn, accuracy {accuracy}.",
                "Review of {player} by chance of winning: {n} turns, accuracy {accuracy}.",
                n,
            ).format(player=f"P{self.player}", n=n, accuracy=accuracy)
        else:
            shed = sum(min(turn.shed, turn.best_shed) for turn in self.turns)
            possible = sum(turn.best_shed for turn in self.turns)
            turns = ngettext("{n} turn", "{n} turns", n).format(n=n)
            # TRANSLATORS: {turns} is the review's turns ("12 turns"); {shed} of {possible}
            # cards that could be shed were
            first = ngettext(
                "Review of {player}: {turns}, accuracy {accuracy} ({shed} of {possible} card "
                "that could be shed).",
                "Review of {player}: {turns}, accuracy {accuracy} ({shed} of {possible} cards "
                "that could be shed).",
                possible,
            ).format(
                player=f"P{self.player}",
                turns=turns,
                accuracy=accuracy,
                shed=shed,
                possible=possible,
            )
        lines = [first, _counted(counts, blunders=self.judge == "win" or counts["blunder"] > 0)]
        note = self.accuracy_note()
        if note:
            lines.append(note)
        missed = self.missed_outs
        if missed:
            # TRANSLATORS: {turns} names the turns ("turn 3", "turns 2, 5 and 7")
            if all(turn.missed_win for turn in missed):
                said = gettext("Going out and winning the hand was possible and missed on {turns}.")
            else:
                said = gettext("Going out was possible and missed on {turns}.")
            lines.append(said.format(turns=_turns(missed)))
        unproven = [turn for turn in self.turns if not turn.proven]
        if unproven:
            said = gettext(
                "The best turn was not proven within the search budget on {turns}: there the "
                "best turn shown is the best found."
            )
            lines.append(said.format(turns=_turns(unproven)))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary()

    def __repr__(self) -> str:
        return (
            f"<Review of P{self.player}: {count_words(len(self.turns), 'turn')}, "
            f"accuracy {self.accuracy:.0%}>"
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready record of the review."""
        return {
            "format": REVIEW_FORMAT,
            "player": self.player,
            "judge": self.judge,
            "accuracy": self.accuracy,
            "counts": dict(self.counts),
            "missed_outs": [turn.number for turn in self.missed_outs],
            "proven": self.proven,
            "turns": [turn.to_dict() for turn in self.turns],
        }

    def to_json(self, indent: int | None = 1) -> str:
        """The review as JSON text."""
        return json.dumps(self.to_dict(), indent=indent)

    def _repr_html_(self) -> str:
        return review_html(self)

    def table(self) -> HtmlTable:
        """The turns as a table (``.to_pandas()`` gives a data frame where pandas is installed)."""
        return review_table(self)

    def plot(self, ax: Axes | None = None) -> VegaLiteChart | Axes:
        """A chart of cards shed against the best turn's (judged by win chance: the chance of
        winning after each turn against the best turn's), turn by turn: Vega-Lite, or drawn
        with matplotlib on ``ax`` when it is given (then the axes are returned)."""
        return plot_review(self) if ax is None else plot_review(self, ax)


def review(
    source: Source,
    player: int,
    *,
    judge: Judge = "cards",
    budget: Budget | None = REVIEW_BUDGET,
    progress: bool = True,
    seed: int = 0,
    worlds: int = WIN_WORLDS,
) -> Review:
    """Review every turn ``player`` played in ``source``: a :class:`Game`, a :class:`Match` (then
    ``player`` is the seat, whichever player number it had in each hand), a record dict written
    by :mod:`kingscorner_widget.engine.record`, record JSON text, or the path of a saved record.

    ``judge`` says what a turn is judged by: ``"cards"``, the cards it shed against the turn that
    sheds the most, or ``"win"``, its chance of winning the hand against the best turn's
    (:mod:`.win_chance`; ``seed`` and ``worlds``, the sampled deals per turn, are its options,
    and the result depends only on them and the record). Each turn's search runs within
    ``budget`` (``None``: until proven). ``progress`` shows a bar (tqdm) over the turns.
    """
    if budget is not None and not isinstance(budget, Budget):
        raise TypeError(f"budget must be a Budget or None, not {type(budget).__name__}")
    if judge not in JUDGES:
        raise ValueError(f"judge must be 'cards' or 'win', not {judge!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    if isinstance(worlds, bool) or not isinstance(worlds, int) or worlds < 2:
        raise ValueError(f"worlds must be a whole number of at least 2, not {worlds!r}")
    item = read_record(source)
    hands = _hands(item, player)
    starts = [(n, k, game, ply) for n, k, game in hands for ply in _turn_starts(game, k)]
    turns: list[ReviewedTurn] = []
    who = f"seat {player}" if isinstance(item, Match) else f"P{player}"
    how = " by chance of winning" if judge == "win" else ""
    for hand, k, game, (start, end) in progress_bar(
        starts, desc=f"reviewing {who}{how}", disable=not progress, leave=False
    ):
        turn = _review_turn(game, k, hand, start, end, len(turns) + 1, budget)
        if judge == "win":
            turn = judge_by_win(turn, _at(game, start).observation(k), seed=seed, worlds=worlds)
        turns.append(turn)
    return Review(player=player, turns=tuple(turns), judge=judge)


def judge_by_win(
    turn: ReviewedTurn, seen: Observation, *, seed: int = 0, worlds: int = WIN_WORLDS
) -> ReviewedTurn:
    """``turn`` (judged by cards) judged again by its chance of winning from ``seen``, the
    player's view at the start of the turn: its :attr:`~ReviewedTurn.win` estimates, and the
    verdict and reason they give. The deals depend only on ``seed`` and what the player saw,
    so the same turn always gets the same estimates."""
    chances = turn_win_chances(
        seen, turn.moves, seed=seed, worlds=worlds, most_cards=turn.best.moves
    )
    verdict = win_verdict(chances)
    reason = win_reason(turn.moves, chances, verdict)
    return dataclasses.replace(turn, win=chances, verdict=verdict, reason=reason)


def turn_views(source: Source, review: Review) -> list[Observation]:
    """The reviewed player's view at the start of each of ``review``'s turns, read again from
    ``source`` (the game, match or record reviewed): what the player saw, with the record that
    led there, as the review judged it by win chance."""
    hands = {number: game for number, _, game in _hands(read_record(source), review.player)}
    views = []
    for turn in review.turns:
        if turn.hand not in hands:
            raise ValueError(f"the source has no hand {turn.hand} of the reviewed player")
        game = hands[turn.hand]
        if turn.ply > len(game.moves):
            raise ValueError(f"the source is not the one reviewed: turn {turn.number} is missing")
        seen = _at(game, turn.ply).observation(turn.player)
        if seen.position() != turn.position:
            raise ValueError(f"the source is not the one reviewed: turn {turn.number} differs")
        views.append(seen)
    return views


def _counted(counts: dict[Verdict, int], *, blunders: bool) -> str:
    """``"3 best, 1 inaccuracy, 2 mistakes."``: a review's turns by verdict (with its blunders
    when ``blunders``)."""
    said: dict[Verdict, str] = {
        "best": npgettext(
            "a review's turns, counted by verdict", "{n} best", "{n} best", counts["best"]
        ),
        "inaccuracy": npgettext(
            "a review's turns, counted by verdict",
            "{n} inaccuracy",
            "{n} inaccuracies",
            counts["inaccuracy"],
        ),
        "mistake": npgettext(
            "a review's turns, counted by verdict", "{n} mistake", "{n} mistakes", counts["mistake"]
        ),
        "blunder": npgettext(
            "a review's turns, counted by verdict", "{n} blunder", "{n} blunders", counts["blunder"]
        ),
    }
    filled = {verdict: form.format(n=counts[verdict]) for verdict, form in said.items()}
    # TRANSLATORS: a review's turns by verdict, each counted ("3 best", "1 mistake")
    if blunders:
        line = gettext("{best}, {inaccuracies}, {mistakes}, {blunders}.")
    else:
        line = gettext("{best}, {inaccuracies}, {mistakes}.")
    return line.format(
        best=filled["best"],
        inaccuracies=filled["inaccuracy"],
        mistakes=filled["mistake"],
        blunders=filled["blunder"],
    )


def _turns(turns: Sequence[ReviewedTurn]) -> str:
    """``"turn 3"``, ``"turns 2, 5 and 7"``, in the language spoken now."""
    numbers = [str(turn.number) for turn in turns]
    # TRANSLATORS: {numbers} lists turns' numbers ("3", "2, 5 and 7")
    said = ngettext("turn {numbers}", "turns {numbers}", len(numbers))
    return said.format(numbers=items_listed(numbers))


# -- reading the source --------------------------------------------------------------------------


def _hands(item: Game | Match, player: int) -> list[tuple[int, int, Game]]:
    """(hand number, the player's number in that hand, the hand) for each hand they played."""
    if isinstance(player, bool) or not isinstance(player, int):
        raise ValueError(f"player must be a player number, not {player!r}")
    if isinstance(item, Game):
        if not 1 <= player <= item.players:
            names = listed([f"P{p}" for p in range(1, item.players + 1)])
            raise ValueError(f"there is no player P{player} (the players are {names})")
        return [(1, player, item)]
    if not 1 <= player <= item.seats:
        raise ValueError(f"there is no seat {player} (seats are 1 to {item.seats})")
    out = []
    for number, game in enumerate(item.hands, start=1):
        seats = item.seats_of(number)
        if player in seats:
            out.append((number, seats.index(player) + 1, game))
    return out


def _turn_starts(game: Game, player: int) -> Iterator[tuple[int, int]]:
    """(first move, one past the last move) of each turn ``player`` finished in ``game``; a turn
    still being played is left out, since its moves are not all known yet."""
    movers = game.movers()
    i = 0
    while i < len(movers):
        j = i
        while j < len(movers) and movers[j] == movers[i]:
            j += 1
        in_progress = j == len(movers) and not game.is_over() and game.turn == player
        if movers[i] == player and not in_progress:
            yield i, j
        i = j


# -- judging one turn ----------------------------------------------------------------------------


def _at(game: Game, ply: int) -> Game:
    """A copy of ``game`` after its first ``ply`` moves, replayed through the engine."""
    copy = game.copy()
    for _ in range(len(game.moves) - ply):
        copy.undo()
    return copy


def _review_turn(
    game: Game, player: int, hand: int, start: int, end: int, number: int, budget: Budget | None
) -> ReviewedTurn:
    table = _at(game, start)
    position = table.position(player)
    table_before = table.observation(player)
    plan = best_turn(table_before, budget)
    kept_before = len(table.kept(player))
    moves = tuple(game.moves[start:end])
    # The table just before the turn's last end-of-turn move (draw-until-fits may draw partway).
    for move in moves[:-1] if moves and isinstance(moves[-1], EndTurn) else moves:
        table.play(move)
    played = _played(moves)
    went_out = not table.hand(player)
    openings = 0 if went_out else _openings(table)
    count = table.rules.count
    mine = (
        len(played),
        (len(table.kept(player)) - kept_before) // 13,
        sum(count.value_of(card) for card in played),
        sum(1 for card in played if card.is_king),
    )
    value = plan.value
    best = (value.cards, value.corners, value.points, value.kings)
    wins = plan.goes_out and going_out_wins(table_before, plan.moves)
    verdict, reason = _verdict(mine, best, openings, plan, went_out, wins)
    return ReviewedTurn(
        number=number,
        hand=hand,
        player=player,
        ply=start,
        position=position,
        rules=game.rules,
        moves=moves,
        shed=len(played),
        went_out=went_out,
        best=plan,
        verdict=verdict,
        reason=reason,
    )


def _played(moves: Sequence[Move]) -> list[Card]:
    return [move.card for move in moves if isinstance(move, PlayCard)]


def _verdict(
    mine: tuple[int, int, int, int],
    best: tuple[int, int, int, int],
    openings: int,
    plan: TurnPlan,
    went_out: bool,
    out_wins: bool = False,
) -> tuple[Verdict, str]:
    shed, best_shed = mine[0], best[0]
    # TRANSLATORS: how a review's reason opens: the cards the turn shed ("Shed 2 cards", said
    # to the player: "you shed 2 cards")
    what = npgettext(
        "a review's reason, judged by cards", "Shed {n} card", "Shed {n} cards", shed
    ).format(n=shed)
    cards = cards_said(plan.cards, notation=True)
    found = (
        pgettext("the best turn, in a review's reason", "the best turn")
        if plan.exact
        else pgettext("the best turn, in a review's reason", "the best turn found")
    )
    # TRANSLATORS: {what} opens the reason ("Shed 1 card"), {found} is the best turn ("the best
    # turn"), {n} the cards it shed, {cards} those cards named
    if plan.goes_out and not went_out and out_wins:
        said = npgettext(
            "a review's reason, judged by cards",
            "{what}, but going out won the hand at once: {found} shed {n} card, {cards}, and "
            "went out.",
            "{what}, but going out won the hand at once: {found} shed {n} cards, {cards}, and "
            "went out.",
            best_shed,
        )
        return "blunder", said.format(what=what, found=found, n=best_shed, cards=cards)
    if shed < best_shed:
        short = best_shed - shed
        verdict: Verdict = (
            "mistake" if short >= 2 or (plan.goes_out and not went_out) else "inaccuracy"
        )
        if plan.goes_out:
            said = npgettext(
                "a review's reason, judged by cards",
                "{what}; {found} shed {n} card and went out: {cards}.",
                "{what}; {found} shed {n} cards and went out: {cards}.",
                best_shed,
            )
        else:
            said = npgettext(
                "a review's reason, judged by cards",
                "{what}; {found} shed {n} card: {cards}.",
                "{what}; {found} shed {n} cards: {cards}.",
                best_shed,
            )
        return verdict, said.format(what=what, found=found, n=best_shed, cards=cards)
    if not went_out and mine < best and plan.exact:
        worse = next(i for i in (1, 2, 3) if mine[i] != best[i])
        n, most = mine[worse], best[worse]
        # TRANSLATORS: {n} is what the turn did, {most} what the best turn ({found}) did
        if worse == 1 and n == 0:
            said = pgettext(
                "a review's reason, judged by cards",
                "{what}, as many as {found}, but finished no corner where {found} finished {most}.",
            )
        elif worse == 1:
            said = npgettext(
                "a review's reason, judged by cards",
                "{what}, as many as {found}, but finished {n} corner where {found} finished "
                "{most}.",
                "{what}, as many as {found}, but finished {n} corners where {found} finished "
                "{most}.",
                n,
            )
        elif worse == 2:
            said = npgettext(
                "a review's reason, judged by cards",
                "{what}, as many as {found}, but shed {n} penalty point where {found} shed {most}.",
                "{what}, as many as {found}, but shed {n} penalty points where {found} shed "
                "{most}.",
                n,
            )
        else:
            said = npgettext(
                "a review's reason, judged by cards",
                "{what}, as many as {found}, but played {n} king where {found} played {most}.",
                "{what}, as many as {found}, but played {n} kings where {found} played {most}.",
                n,
            )
        return "inaccuracy", said.format(what=what, found=found, n=n, most=most)
    if (
        not went_out
        and mine == best
        and plan.exact
        and plan.tie_break_proven
        and openings > plan.value.openings
    ):
        # TRANSLATORS: {n} openings the turn left the next player, {most} those the best turn
        # left (English says "openings" for 1 too)
        said = npgettext(
            "a review's reason, judged by cards",
            "{what}, as many as {found}, but left the next player {n} openings where it left "
            "{most}.",
            "{what}, as many as {found}, but left the next player {n} openings where it left "
            "{most}.",
            openings,
        )
        return "inaccuracy", said.format(
            what=what, found=found, n=openings, most=plan.value.openings
        )
    if plan.exact:
        return "best", pgettext(
            "a review's reason, judged by cards", "{what}: as many as {found}."
        ).format(what=what, found=found)
    said = pgettext(
        "a review's reason, judged by cards",
        "{what}: as many as {found} (the best within the search budget; not proven).",
    )
    return "best", said.format(what=what, found=found)


def _openings(game: Game) -> int:
    """Openings left for the next player: the kernel's measure of the table's top cards."""
    return openings([p[-1].index if p else NO_CARD for p in game.piles().values()])
