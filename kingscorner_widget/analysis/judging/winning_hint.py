"""Hints for winning the hand, not only for shedding this turn: the expert's choice, in words.

:func:`winning_hint` asks the expert
(:class:`~kingscorner_widget.analysis.players.expert.ExpertPlayer`) for the turn most likely to win
the hand, and explains it against the turn that sheds the most
(:func:`~kingscorner_widget.analysis.best_turn`): which card it holds back, or plays instead, and
why ("playing it leaves the west pile empty, and P2 has 7 cards to fill it"), and how often each
turn won in the same deals. It is meant to sit beside today's best-turn hint (``hint(game,
goal="win")``).

>>> from kingscorner_widget import Game
>>> line = "N:Qd E:5h S:Qc W:9d NE:- SE:- SW:- NW:- P1:7s2cTh6h9cKd4s P2:?7 stock:34 turn:P1"
>>> h = winning_hint(Game.from_position(line), worlds=100, candidates=32)
>>> str(h.move), [str(card) for card in h.held], h.rule
('Kd>NE', ['7s', '6h'], 'wins more')
>>> print(h.reason)  # doctest: +NORMALIZE_WHITESPACE
Put the king of diamonds in the north-east corner, and play the nine of clubs (9c) rather than
the seven of spades (7s): shedding the most would give P2 a place for a black five. This turn
won 70% of 100 sampled deals; shedding the most won 63%.

Where the same deals show shedding the most as good or better, that is what the hint says to do:

>>> g = Game.new(players=2, seed=333018422)
>>> g.play("draw")
>>> print(winning_hint(g).reason)  # doctest: +NORMALIZE_WHITESPACE
Put the king of spades in the north-east corner: shedding the most won 55% of 100 sampled deals,
playing the jack of diamonds (Jd) rather than the seven of spades (7s) 50% of the same deals.
"""

from __future__ import annotations

import dataclasses
import math
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
    """The first move of the recommended turn."""
    reason: str
    """Why, in a learner's words."""
    turn: tuple[Move, ...]
    """The whole turn recommended: the expert's when it won more of the same deals, else the
    turn that sheds the most (see :attr:`rule`)."""
    held: tuple[Card, ...]
    """Cards the turn that sheds the most would play and this turn keeps in hand (it may play
    others instead)."""
    win_chance: float | None
    """The share of sampled deals the recommended turn (:attr:`turn`) won, the figure the
    hint's words quote for it (``None`` when nothing needed sampling)."""
    best_turn_win_chance: float | None
    """The same for the turn that sheds the most, when it was played out as far."""
    decision: Decision
    """The expert's evidence: every candidate and how it fared."""
    stderr: float | None = None
    """The standard error of the difference between :attr:`win_chance` and
    :attr:`best_turn_win_chance` (paired: both turns met the same deals)."""
    deals: int | None = None
    """The number of sampled deals :attr:`win_chance` and :attr:`best_turn_win_chance` were
    measured on (``None`` when nothing needed sampling): the figure the hint's words cite."""
    rule: str = ""
    """Why this turn: ``"wins more"`` (the expert's turn won more of the same deals, by more
    than :data:`CLOSE_CALL` times :attr:`stderr`), ``"close call"`` (it won more, within that
    noise), ``"tie"`` and ``"sheds the most wins more"`` (the turn that sheds the most is
    recommended), ``"goes out"``, ``"only turn"``, or ``"expert"`` (no comparison was left in
    the time budget)."""


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
    seen = list(observation.hand) + [pile[-1] for pile in observation.piles if pile]
    name = rank_words(held, seen)
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
    return f"keeping {name} won more of the same sampled deals"


CLOSE_CALL = 2.0
"""How many standard errors of the paired difference the expert's turn must win by for the hint
to call it better without a doubt. The rule the hint recommends by: whichever of the two turns
won more of the same deals (a tie goes to shedding the most); when the difference is under this
many standard errors, the hint says it is within the luck of the deals."""


@dataclasses.dataclass(frozen=True)
class _Figures:
    """The chosen and the most-shedding turns' results on the same deals."""

    win: float
    rival: float | None
    worlds: int
    stderr: float | None


def _paired_stderr(a: tuple[float, ...], b: tuple[float, ...]) -> float | None:
    """The standard error of the mean deal-by-deal difference of two paired outcome lists."""
    if not a or len(a) != len(b) or len(a) < 2:
        return None
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    mean = sum(diffs) / len(diffs)
    variance = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
    return math.sqrt(variance / len(diffs))


def _compare(
    expert: ExpertPlayer,
    observation: Observation,
    decision: Decision,
    left: float | None,
    playouts_left: int | None = None,
) -> _Figures | None:
    """Both turns on the same deals (the decision's, every one of them the play-outs left
    allow), or the decision's own figures when the budget leaves nothing for a comparison;
    ``None`` when nothing was sampled."""
    chosen, best, result = decision.moves, decision.best_turn, decision.chosen
    if result is None:
        return None
    deals = result.worlds if playouts_left is None else min(result.worlds, playouts_left // 2)
    if chosen == best or (left is not None and left <= 0) or deals < 1:
        rival = result.win_rate if chosen == best else None
        return _Figures(result.win_rate, rival, result.worlds, None)
    # The same seed and view deal the same deals in the same order: the first ``deals`` of them
    # are the decision's.
    judge = dataclasses.replace(expert, time_budget=left, worlds=deals, playouts=None)
    compared = {c.moves: c for c in judge.compare(observation, [chosen, best]).candidates}
    mine, theirs = compared[chosen], compared[best]
    stderr = _paired_stderr(mine.outcomes, theirs.outcomes)
    return _Figures(mine.win_rate, theirs.win_rate, mine.worlds, stderr)


def _spent(decision: Decision) -> int:
    """The play-outs a decision spent: each candidate once in each deal it met."""
    return sum(c.worlds for c in decision.candidates)


def _goes_out(observation: Observation, turn: tuple[Move, ...]) -> str:
    """What going out with ``turn`` does: in the corners version the hand then goes to the
    most corners, which the table shows, so the hint says who that is."""
    after = _after(observation, turn)
    outcome = after.outcome()
    me = observation.player
    if outcome is None or outcome.winners == (me,):
        return "this turn goes out and wins the hand"
    if me in outcome.winners:
        return "this turn goes out and ends the hand level on corners, so the win is shared"
    return (
        "this turn goes out, which ends the hand, but another player has more corners and wins it"
    )


def winning_hint(
    source: Game | Observation,
    seed: int = 0,
    worlds: int = 100,
    candidates: int = 64,
    time_budget: float | None = None,
    lookahead: int = 0,
    playouts: int | None = None,
) -> WinningHint:
    """The move that gives the player to move the best chance of winning the hand, explained.

    Given a :class:`Game`, only the mover's observation of it is used, so the hint never
    depends on a hidden card. The options are the expert's
    (:class:`~kingscorner_widget.analysis.players.expert.ExpertPlayer`); ``time_budget`` (seconds)
    bounds the whole hint: two thirds for the decision, the rest for comparing it with the
    turn that sheds the most in the same deals (skipped when nothing is left). ``playouts``
    bounds it by work instead, counted so the hint is the same on any machine however loaded:
    the decision samples the most deals (up to ``worlds``) whose play-outs, and two more a
    deal for playing both turns out in the same deals, fit (:attr:`ExpertPlayer.playouts`).

    The hint recommends the expert's turn over the turn that sheds the most only when, on the
    same deals, it won more of them (a tie goes to shedding the most), and says so when the
    difference is under :data:`CLOSE_CALL` standard errors of the paired difference: it never
    recommends a turn its own figures show worse. Every figure it cites
    is on the returned hint (:attr:`WinningHint.win_chance`,
    :attr:`~WinningHint.best_turn_win_chance`, :attr:`~WinningHint.stderr`).
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
        playouts=playouts,
    )
    # Two play-outs a deal are kept back to play both turns out in the decision's deals.
    decision = expert.decide(observation, reserve=2)
    left = None if time_budget is None else time_budget - (clock() - start)
    work_left = None if playouts is None else playouts - _spent(decision)
    figures = _compare(expert, observation, decision, left, work_left)
    if decision.note == "this turn can go out":
        turn, rule = decision.moves, "goes out"
        reason = sentence(f"{instruction(observation, turn[0])}: {_goes_out(observation, turn)}")
    elif figures is None:
        turn, rule = decision.moves, "only turn"
        note = _NOTES.get(decision.note, decision.note)
        reason = sentence(f"{instruction(observation, turn[0])}: {note}")
    else:
        turn, rule, reason = _judged(observation, decision, figures)
    best = decision.best_turn
    played = _cards(turn)
    held = tuple(c for c in _cards(best) if c not in played)
    return WinningHint(
        move=turn[0],
        reason=reason,
        turn=turn,
        held=held,
        win_chance=None if figures is None else _chance_of(turn, decision, figures),
        best_turn_win_chance=None if figures is None else figures.rival,
        decision=decision,
        stderr=None if figures is None else figures.stderr,
        deals=None if figures is None else figures.worlds,
        rule=rule,
    )


def _chance_of(turn: tuple[Move, ...], decision: Decision, figures: _Figures) -> float:
    """The share of the sampled deals ``turn`` won: the expert's turn's figure, or, when the
    hint recommends the turn that sheds the most instead, that turn's."""
    if turn != decision.moves and turn == decision.best_turn and figures.rival is not None:
        return figures.rival
    return figures.win


def _judged(
    observation: Observation, decision: Decision, figures: _Figures
) -> tuple[tuple[Move, ...], str, str]:
    """The turn to recommend by the figures, the rule it was chosen by, and the hint's words."""
    chosen, best = decision.moves, decision.best_turn
    pct = "{:.0%}".format
    deals = count_words(figures.worlds, "sampled deal")
    if chosen == best:
        first = instruction(observation, chosen[0])
        odds = (
            f"shedding the most is also the winning play here: this turn won "
            f"{pct(figures.win)} of {deals}"
        )
        return chosen, "sheds the most wins more", f"{sentence(first)} {sentence(odds)}"
    if figures.rival is None or figures.stderr is None:  # no comparison in the time budget
        first = instruction(observation, chosen[0])
        odds = (
            f"this turn won {pct(figures.win)} of {deals}; there was no time left to play "
            "the turn that sheds the most out in the same deals"
        )
        return chosen, "expert", f"{sentence(first)} {sentence(odds)}"
    gap = figures.win - figures.rival
    if gap > 0:
        words = _hold_words(observation, chosen, best, figures)
        if gap > CLOSE_CALL * figures.stderr:
            return chosen, "wins more", words
        close = (
            f"the difference is within the luck of {deals}: a close call goes to the turn "
            "that won more of them"
        )
        return chosen, "close call", f"{words} {sentence(close)}"
    first = instruction(observation, best[0])
    other = _alternative(chosen, best)
    if gap == 0:
        odds = (
            f"shedding the most and {other} both won {pct(figures.win)} of {deals}, and a tie "
            "goes to shedding the most"
        )
        return best, "tie", sentence(f"{first}: {odds}")
    odds = (
        f"shedding the most won {pct(figures.rival)} of {deals}, {other} "
        f"{pct(figures.win)} of the same deals"
    )
    return best, "sheds the most wins more", sentence(f"{first}: {odds}")


def _alternative(chosen: tuple[Move, ...], best: tuple[Move, ...]) -> str:
    """The expert's turn as set against the turn that sheds the most: ``"keeping the seven of
    spades (7s) back"``, ``"playing the jack of diamonds (Jd) rather than the seven of spades
    (7s)"``."""
    played, most = _cards(chosen), _cards(best)
    held = [c for c in most if c not in played]
    instead = [c for c in played if c not in most]
    if held and instead:
        return f"playing {named(instead[0])} rather than {named(held[0])}"
    if held:
        return f"keeping {named(held[0])} back"
    return "the same cards in another order"


def _hold_words(
    observation: Observation, chosen: tuple[Move, ...], best: tuple[Move, ...], figures: _Figures
) -> str:
    """Why the expert's turn, which won more of the same deals, beats shedding the most."""
    played, most = _cards(chosen), _cards(best)
    held = [c for c in most if c not in played]
    instead = [c for c in played if c not in most]
    first = instruction(observation, chosen[0])
    if held:
        keep = (
            f"play {named(instead[0])} rather than {named(held[0])}"
            if instead
            else f"hold {named(held[0])}"
        )
        why = _why_hold(observation, chosen, best, held[0])
        head = sentence(f"{first}, and {keep}: {why}")
    else:
        head = sentence(f"{first}: it sheds as many cards as the most, in a better way")
    assert figures.rival is not None
    odds = (
        f"this turn won {figures.win:.0%} of {count_words(figures.worlds, 'sampled deal')}; "
        f"shedding the most won {figures.rival:.0%}"
    )
    return f"{head} {sentence(odds)}"
