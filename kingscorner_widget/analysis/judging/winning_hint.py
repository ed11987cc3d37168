"""Hints for winning the hand, not only for shedding this turn: the expert's choice, in words.

:func:`winning_hint` asks the expert
(:class:`~kingscorner_widget.analysis.players.expert.ExpertPlayer`) for the turn most likely to win
the hand, and explains it against the turn that sheds the most
(:func:`~kingscorner_widget.analysis.best_turn`): which card it holds back, or plays instead, and
why ("playing it leaves the west pile empty, and P2 has 7 cards to fill it"), and how often each
turn won in the same deals. It is meant to sit beside today's best-turn hint (``hint(game,
goal="win")``).

>>> from kingscorner_widget import Game
>>> line = "N:9d E:4c S:5s W:8s7h NE:Ks SE:- SW:- NW:- P1:Qh6c3h2c8dJdJh P2:?7 stock:32 turn:P1"
>>> h = winning_hint(Game.from_position(line), worlds=40, candidates=16)
>>> str(h.move), [str(card) for card in h.held]
('Qh>NE', ['8d'])
>>> print(h.reason)  # doctest: +NORMALIZE_WHITESPACE
Play the queen of hearts onto the king of spades, and play the jack of diamonds (Jd) rather
than the eight of diamonds (8d): playing the eight would give P2 a place for a black seven.
This turn won 52% of 40 sampled deals; shedding the most won 45%.
"""

from __future__ import annotations

import dataclasses
import time

from ...engine.cards import Card
from ...engine.game import Game
from ...engine.kernel import KIND_RANK, KIND_RED, NO_CARD, TAKES, open_kinds
from ...engine.moves import EndTurn, Move, PlayCard
from ...engine.observation import Observation
from ...engine.spaces import CROSS, SPACES
from ...engine.words import card_kind, count_words, instruction, named, rank_words, sentence, takes
from ..players.expert import Decision, ExpertPlayer, viewer_table_game

__all__ = ["WinningHint", "winning_hint"]


@dataclasses.dataclass(frozen=True)
class WinningHint:
    """The move to make now for the best chance of winning the hand, and why."""

    move: Move
    """The first move of the expert's turn."""
    reason: str
    """Why, in a learner's words."""
    turn: tuple[Move, ...]
    """The whole turn the expert would play."""
    held: tuple[Card, ...]
    """Cards the turn that sheds the most would play and this turn keeps in hand (it may play
    others instead)."""
    win_chance: float | None
    """The share of sampled deals this turn won (``None`` when nothing needed sampling)."""
    best_turn_win_chance: float | None
    """The same for the turn that sheds the most, when it was played out as far."""
    decision: Decision
    """The expert's evidence: every candidate and how it fared."""


_NOTES = {
    "only one move is possible": "it is the only move the rules allow now",
    "only one table is reachable this turn": "every way of playing this turn ends the same",
}


def _cards(moves: tuple[Move, ...]) -> list[Card]:
    return [m.card for m in moves if isinstance(m, PlayCard)]


def _after(observation: Observation, moves: tuple[Move, ...]) -> Game:
    game = viewer_table_game(observation)
    for move in moves:
        if isinstance(move, EndTurn):
            break
        game.play(move)
    return game


def _open_kinds(game: Game) -> set[int] | None:
    """The kinds of card (the kernel's kinds) the next player could put down on ``game``'s
    table: on a pile's top card or, a king, in an empty corner. ``None`` when a side space is
    empty (any card fits there)."""
    if any(not game.pile(space) for space in CROSS):
        return None
    return open_kinds([p[-1].index if p else NO_CARD for p in map(game.pile, SPACES)])


def _why_hold(
    observation: Observation, chosen: tuple[Move, ...], best: tuple[Move, ...], held: Card
) -> str:
    """What the turn that sheds the most would give the next player that the chosen turn does
    not, each claim checked on the two turns' final tables: a side space it leaves empty, or a
    kind of card it gives a place to (named as the held card's gift only when the held card
    ends on top of a pile). With no such difference it says only that the chosen turn won more
    of the sampled deals."""
    players = len(observation.hand_sizes)
    nxt = observation.player % players + 1
    cards = observation.hand_sizes[nxt - 1]
    mine, theirs = _after(observation, chosen), _after(observation, best)
    opened = [s for s in CROSS if theirs.pile(s) == () and mine.pile(s) != ()]
    name = rank_words(held)
    if opened:
        return (
            f"shedding the most leaves {opened[0].words} empty, and P{nxt} has "
            f"{count_words(cards)} to fill it"
        )
    kinds_mine, kinds_theirs = _open_kinds(mine), _open_kinds(theirs)
    if kinds_mine is not None and kinds_theirs is not None:
        new = kinds_theirs - kinds_mine
        gift = TAKES[held.index]
        on_top = any(theirs.pile(space)[-1:] == (held,) for space in SPACES)
        if gift != NO_CARD and on_top and gift in new:
            return f"playing {name} would give P{nxt} a place for {takes(held)}"
        if new:
            kind = max(new)
            return (
                f"shedding the most would give P{nxt} a place for "
                f"{card_kind(KIND_RANK[kind], KIND_RED[kind])}"
            )
    return f"keeping {name} wins more of the sampled deals"


def winning_hint(
    source: Game | Observation,
    seed: int = 0,
    worlds: int = 100,
    candidates: int = 64,
    time_budget: float | None = None,
    lookahead: int = 0,
) -> WinningHint:
    """The move that gives the player to move the best chance of winning the hand, explained.

    Given a :class:`Game`, only the mover's observation of it is used, so the hint never
    depends on a hidden card. The options are the expert's
    (:class:`~kingscorner_widget.analysis.players.expert.ExpertPlayer`); ``time_budget`` (seconds)
    bounds the whole hint: two thirds for the decision, the rest for comparing it with the
    turn that sheds the most in the same deals (skipped when nothing is left).
    """
    observation = source if isinstance(source, Observation) else source.observation(source.turn)
    clock = time.perf_counter
    start = clock()
    # With a budget, the decision gets two thirds of it and the comparison what is left.
    first_share = None if time_budget is None else 2 * time_budget / 3
    expert = ExpertPlayer(
        seed=seed,
        worlds=worlds,
        candidates=candidates,
        time_budget=first_share,
        lookahead=lookahead,
    )
    decision = expert.decide(observation)
    chosen, best = decision.moves, decision.best_turn
    played = _cards(chosen)
    held = tuple(c for c in _cards(best) if c not in played)
    first = instruction(observation, chosen[0])
    result = decision.chosen
    rival_win = None
    left = None if time_budget is None else time_budget - (clock() - start)
    if result is not None and chosen != best and (left is None or left > 0):
        # Both turns in the same deals, every one of them, for a fair comparison.
        judge = dataclasses.replace(expert, time_budget=left)
        compared = {c.moves: c for c in judge.compare(observation, [chosen, best]).candidates}
        result, rival_win = compared[chosen], compared[best].win_rate
    win = None if result is None else result.win_rate
    if decision.note == "this turn can go out":
        reason = sentence(f"{first}: this turn goes out and wins the hand")
    elif result is None:
        reason = sentence(f"{first}: {_NOTES.get(decision.note, decision.note)}")
    elif held:
        instead = [c for c in played if c not in _cards(best)]
        keep = (
            f"play {named(instead[0])} rather than {named(held[0])}"
            if instead
            else f"hold {named(held[0])}"
        )
        why = _why_hold(observation, chosen, best, held[0])
        odds = f"this turn won {result.win_rate:.0%} of {result.worlds} sampled deals"
        if rival_win is not None:
            odds += f"; shedding the most won {rival_win:.0%}"
        reason = f"{sentence(f'{first}, and {keep}: {why}')} {sentence(odds)}"
    else:
        odds = (
            f"shedding the most is also the winning play here: this turn won "
            f"{result.win_rate:.0%} of {result.worlds} sampled deals"
        )
        reason = f"{sentence(first)} {sentence(odds)}"
    return WinningHint(
        move=chosen[0],
        reason=reason,
        turn=chosen,
        held=held,
        win_chance=win,
        best_turn_win_chance=rival_win,
        decision=decision,
    )
