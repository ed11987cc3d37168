"""Every question the table asks the analysis, in one place, so the search budget is set once.

A click must never hold the kernel for long: each search the table starts stops at
:data:`BUDGET`, and the answer says whether it is proven best or the best found in time.
(Lesson checks run within the lessons' own budget, :data:`kingscorner_widget.lessons.search.
LESSON_BUDGET`, and every lesson is proven within it when it loads.)

>>> from kingscorner_widget import Game
>>> advice = advise(Game.new(players=2, seed=3).observation(1))
>>> advice.move, advice.exact
('Ks>SE', True)
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ..analysis import Budget, Review, hint, review, winning_hint
from ..analysis.judging.review import REVIEW_BUDGET
from ..analysis.judging.verdict_words import cards_said, lower_first
from ..analysis.judging.winning_hint import WinningHint
from ..analysis.players.expert import viewer_table_game
from ..display.language import NP_, gettext, ngettext, pgettext
from ..engine.game import Game
from ..engine.match import Match
from ..engine.moves import Move, PlayCard
from ..engine.observation import Observation
from ..engine.words import instruction, sentence

__all__ = [
    "BUDGET",
    "COMPUTER_OPTIONS",
    "GOALS",
    "HINT_LEVELS",
    "HINT_PLAYOUTS",
    "PLAY_HINT",
    "REVIEW_BUDGET",
    "WINNING_WORLDS",
    "Advice",
    "TurnHint",
    "advise",
    "play_hint",
    "review_of",
]

Json = dict[str, Any]

BUDGET = Budget(seconds=1.0, states=200_000)
"""What one search started by a click may spend."""

WINNING_WORLDS = 100
"""Deals a winning hint samples when its time allows (:func:`winning_hint`'s default)."""

HINT_PLAYOUTS = 800
"""The play-outs the play table's Hint may spend (a candidate turn played out in one deal):
counted, not timed, so the same view gets the same hint on any machine, and sized so the Hint
answers well under a second on a loaded machine. Measured (``python -m bench hint_latency``, 69
views, two busy loops on two cores the other work of the machine shared): per Hint, a median of
0.08 to 0.12 s, a 95th percentile of 0.32 to 0.38 s and at most 0.65 to 0.79 s of wall time in
two runs, against 0.11 to 0.14, 0.49 to 0.73 and 0.94 to 1.29 s over all 100 deals with no
budget; at most 0.17 s of processor time against 0.21 s. It samples 62 to 100 deals, the fewest
where many turns are worth comparing. Following it at every move won as often as following
the unbudgeted hint (120 paired deals against greedy players, budgeted first: 70.0% and 70.0%
heads-up, 55.8% and 52.5% against two, differences within their 95% intervals); with 600 or
700 play-outs a turn of the Hint-following hands in tests/table/test_play_hint.py is marked
down, with 800 none is."""

COMPUTER_OPTIONS: dict[str, dict[str, object]] = {"expert": {"time_budget": 0.5}}
"""Options the table gives computer players by name, so a computer turn never stalls the table:
the expert stops sampling deals after half a second and plays the best turn found so far."""


PLAY_HINT = "win"
"""The hint the play table's Hint button gives: the winning hint. Decided by measurement
(``python -m bench hints``: two learner models on the same 120 deals and seats against greedy
players): following the winning hint at every move won 71.7% of heads-up hands [63.0%, 79.0%]
against 55.8% [46.9%, 64.4%] for following the most-cards hint, a paired difference of +15.8
points [+8.1, +23.5]; against three greedy players 45.8% [37.2%, 54.7%] against 32.5% [24.8%,
41.3%], +13.3 points [+4.7, +22.0] (95% intervals)."""

GOALS = {
    "shed": NP_("what a hint aims for, in brackets after Hint", "the most cards this turn"),
    "win": NP_("what a hint aims for, in brackets after Hint", "to win the hand"),
}
"""The kinds of hint the table gives, as its status line names them: the turn that sheds the
most (lessons and exploring, where the question is this turn), or the turn most likely to win
the hand (the expert's choice, for a hand played against the computer)."""


def _head(goal: str) -> str:
    """``"Hint (to win the hand): {said}"``: a hint's head, saying which kind it is."""
    # TRANSLATORS: a hint: {goal} is what it aims for ("to win the hand"), {said} the hint
    return gettext("Hint ({goal}): {said}").replace(
        "{goal}", pgettext("what a hint aims for, in brackets after Hint", GOALS[goal])
    )


@dataclasses.dataclass(frozen=True)
class Advice:
    """A move to make now and why, in words."""

    move: str
    """The move, in notation."""
    reason: str
    """Why, in words."""
    exact: bool
    """True when the turn it starts is proven best (shedding), or every deal the expert meant
    to sample was played (winning); False when it is the best found in the time allowed."""
    goal: str = "shed"
    """Which kind of hint it is: a key of :data:`GOALS`."""

    def line(self) -> str:
        """The hint as the status line shows it, saying which kind of hint it is."""
        line = _head(self.goal).format(said=self.reason)
        if self.exact:
            return line
        # TRANSLATORS: {hint} is a hint, a sentence
        return gettext("{hint} (This is the best found in the time allowed.)").format(hint=line)


def advise(observation: Observation, budget: Budget = BUDGET, goal: str = "shed") -> Advice:
    """The best first move for the player whose view ``observation`` is (no hidden card):
    ``goal="shed"`` for the turn that sheds the most, ``goal="win"`` for the expert's turn most
    likely to win the hand, within the budget's seconds (the whole of it, decision and
    comparison; without seconds, :data:`BUDGET`'s).

    >>> from kingscorner_widget import Game
    >>> advice = advise(Game.new(players=2, seed=3).observation(1), goal="win")
    >>> advice.line()[:24]
    'Hint (to win the hand): '
    """
    if goal not in GOALS:
        raise ValueError(f'goal must be "shed" or "win", not {goal!r}')
    if goal == "win":
        seconds = budget.seconds if budget.seconds is not None else BUDGET.seconds
        found = winning_hint(observation, worlds=WINNING_WORLDS, time_budget=seconds)
        decision = found.decision
        cut_short = "time budget" in decision.note or (
            bool(decision.candidates) and decision.worlds_played < WINNING_WORLDS
        )
        exact = not cut_short
        return Advice(str(found.move), found.reason, exact=exact, goal=goal)
    shed = hint(observation, budget)
    return Advice(str(shed.move), str(shed.reason), exact=shed.plan.exact)


def play_hint(observation: Observation) -> Advice:
    """The play table's hint (:data:`PLAY_HINT`): the winning hint within
    :data:`HINT_PLAYOUTS` play-outs (up to :data:`WINNING_WORLDS` deals), with no clock, so the
    same view gets the same hint on any machine."""
    if PLAY_HINT != "win":  # pragma: no cover - the measured choice is the winning hint
        return advise(observation)
    found = winning_hint(observation, worlds=WINNING_WORLDS, playouts=HINT_PLAYOUTS)
    return Advice(str(found.move), found.reason, exact=True, goal="win")


HINT_LEVELS = 3
"""How far the play table's Hint goes, one press at a time: the idea, the card, the whole turn."""


@dataclasses.dataclass(frozen=True)
class TurnHint:
    """The play table's Hint for a whole turn, told one level at a time (as lessons do): the
    idea first, then the card to play, then the rest of the turn with how often it won.

    ``start`` is the view at the start of the turn's plan, ``plan`` the whole turn the winning
    hint plays from there, ``at`` how many of its moves are made."""

    start: Observation
    plan: tuple[Move, ...]
    found: WinningHint
    at: int = 0

    @property
    def move(self) -> Move:
        """The next move of the plan."""
        return self.plan[self.at]

    def text(self, level: int) -> str:
        """The hint at ``level`` (1: the idea, 2: the next card, 3: the rest of the turn).

        >>> from kingscorner_widget import Game
        >>> line = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
        >>> h = turn_hint(Game.from_position(line).observation(1))
        >>> h.text(1)
        'Hint (to win the hand): This turn can play every card in your hand: look for the order.'
        >>> h.text(2)
        'Hint (to win the hand): Play the ten of hearts onto the jack of clubs.'
        """
        head = _head("win")
        if level <= 1:
            return head.format(said=self._idea())
        if level == 2:
            return head.format(said=sentence(lower_first(self._step(self.at))))
        # TRANSLATORS: one step of a turn after the one before, in a list of the turn's steps
        # ("play the ten of hearts onto the jack of clubs; then ...")
        then = pgettext("a turn's steps, one after the other", "{before}; then {step}")
        steps = lower_first(self._step(self.at))
        for i in range(self.at + 1, len(self.plan)):
            steps = then.format(before=steps, step=lower_first(self._step(i)))
        kept = self.found.held
        # TRANSLATORS: {steps} are the turn's moves, in order; {card} a card kept in hand
        if self.at == 0:
            if kept:
                said = pgettext(
                    "a hint telling the whole turn",
                    "the whole turn: {steps}, which keeps back {card}",
                )
            else:
                said = pgettext("a hint telling the whole turn", "the whole turn: {steps}")
        elif kept:
            said = pgettext(
                "a hint telling the whole turn",
                "the rest of the turn: {steps}, which keeps back {card}",
            )
        else:
            said = pgettext("a hint telling the whole turn", "the rest of the turn: {steps}")
        card = cards_said(kept[:1])
        return head.format(said=sentence(said.format(steps=steps, card=card)) + self._odds())

    def _idea(self) -> str:
        played = [m.card for m in self.plan if isinstance(m, PlayCard)]
        if played and len(played) == len(self.start.hand):
            return gettext("This turn can play every card in your hand: look for the order.")
        if self.found.held and self.found.rule == "close call":
            return gettext(
                "Keeping a card back and playing the most cards come out about the same here: "
                "either is fine."
            )
        if self.found.held:
            return gettext(
                "Playing the most cards is not the best here, as it would help the next "
                "player: think about which card to keep back."
            )
        if not played:
            return gettext("No card of yours helps you now: think about ending your turn.")
        return gettext(
            "Here the turn that plays the most cards is also the one most likely to win: "
            "look for every card you can play."
        )

    def _step(self, index: int) -> str:
        game = viewer_table_game(self.start)
        for move in self.plan[:index]:
            game.play(move)
        return instruction(game, self.plan[index])

    def _odds(self) -> str:
        found = self.found
        n = found.deals
        if found.win_chance is None or n is None:
            return ""
        won = round(found.win_chance * n)
        rival = found.best_turn_win_chance
        # TRANSLATORS: {n} is how many times the turn was played out, {won} how many of them it
        # won, {most} how many the turn playing the most cards won
        if rival is not None:
            said = ngettext(
                " Played out {n} time from the start of the turn, with the cards you cannot "
                "see shuffled each time, this turn won {won} and playing the most cards won "
                "{most}.",
                " Played out {n} times from the start of the turn, with the cards you cannot "
                "see shuffled each time, this turn won {won} and playing the most cards won "
                "{most}.",
                n,
            )
            return said.format(n=n, won=won, most=round(rival * n))
        said = ngettext(
            " Played out {n} time from the start of the turn, with the cards you cannot see "
            "shuffled each time, this turn won {won}.",
            " Played out {n} times from the start of the turn, with the cards you cannot see "
            "shuffled each time, this turn won {won}.",
            n,
        )
        return said.format(n=n, won=won)

    def payload(self, level: int) -> Json:
        """What the table outlines at ``level``, as lessons do: the card (or the pile) to move,
        and with the whole turn the pile it goes to as well."""
        whole = level >= HINT_LEVELS
        return {"move": str(self.move), "reason": self.text(level), "exact": True, "whole": whole}

    def follows(self, made: tuple[Move, ...]) -> TurnHint | None:
        """This plan after ``made`` (every move made since its start), if they follow it and
        leave a move to make; else ``None`` (a new hint is needed)."""
        if made != self.plan[: len(made)] or len(made) >= len(self.plan):
            return None
        return dataclasses.replace(self, at=len(made))


def turn_hint(observation: Observation) -> TurnHint:
    """The play table's Hint for the turn from ``observation``: the winning hint's whole turn
    (:func:`play_hint`'s search, within :data:`HINT_PLAYOUTS`), to be told one level at a
    time."""
    found = winning_hint(observation, worlds=WINNING_WORLDS, playouts=HINT_PLAYOUTS)
    return TurnHint(start=observation, plan=tuple(found.turn), found=found)


def review_of(source: Game | Match, player: int, budget: Budget = REVIEW_BUDGET) -> Review:
    """Every turn ``player`` (in a match, the seat) finished in ``source``, each against the best
    turn from their own view. Each turn's search stops at ``budget``, counted in states so the
    review reads the same on every machine (and on two tables the player cannot tell apart); a
    four-player match reviews in well under a second, so the table reviews it once, when review
    mode opens."""
    return review(source, player, budget=budget, progress=False)
