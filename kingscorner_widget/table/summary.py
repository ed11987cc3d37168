"""What the table says at the end of a hand, and how it groups the log into turns.

The end-of-hand summary lists every hand still holding cards (its cards and their count), says
who went out or why the hand ended, and gives the row the hand adds to the score sheet. Once a
hand is over nothing is hidden any more: the players lay their cards down to count them.

>>> from kingscorner_widget import Game
>>> g = Game.new(players=2, seed=1)
>>> while not g.is_over():
...     g.play(g.legal_moves()[0])
>>> summary = hand_summary(g, {1: "You", 2: "P2"}.get)
>>> summary["why"]
'You played your last card, so the hand ended at once.'
>>> [(h["name"], h["count"], h["points"]) for h in summary["hands"]]
[('You', 0, 0), ('P2', 7, 16)]
>>> summary["row"]["points"], summary["row"]["label"]
([0, 16], 'This hand')
>>> summary["said"]
"This hand's points: you 0 points, P2 16 points."
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from ..display.language import gettext, ngettext, pgettext
from ..engine.game import Game
from ..engine.match import HandScore, Match
from ..engine.naming import seat_shown
from ..engine.words import (
    hand_end_reason,
    hand_winners,
    outcome_line,
    turn_recap,
    within,
)
from .snapshot import Summary, SummaryHand, SummaryRow, Turn

__all__ = ["hand_summary", "log_turns"]

Json = dict[str, Any]


def hand_summary(
    game: Game,
    name_of: Callable[[int], str],
    order: Sequence[int] | None = None,
    match: Match | None = None,
    seat_name: Callable[[int], str] | None = None,
) -> Summary:
    """The summary of the finished ``game`` (players named by ``name_of``, listed in ``order``).

    With ``match`` (whose current hand ``game`` is, already scored), the row is the score
    sheet's: one column per seat (named by ``seat_name``) and the totals after the hand.
    """
    outcome = game.outcome()
    if outcome is None:
        raise ValueError("the hand is not over: there is nothing to sum up yet")
    players = list(order or range(1, game.players + 1))
    sizes = game.hand_sizes()
    corners = game.rules.corners_version
    won = hand_winners(outcome, corners)
    hands = [
        {
            "player": p,
            "name": name_of(p),
            "cards": [str(card) for card in game.hand(p)],
            "count": sizes[p - 1],
            "points": outcome.penalties[p - 1],
            "out": outcome.went_out == p,
            "won": p in won,
            "kept": outcome.corners[p - 1],
        }
        for p in players
    ]
    row = cast(SummaryRow, _match_row(match, seat_name) if match is not None else _hand_row(hands))
    said = row_said(row)
    # the viewer's seat, "You", is said in the table's language once the sentences are made
    row["names"] = [seat_shown(name) for name in row["names"]]
    row["winners"] = [seat_shown(name) for name in row["winners"]]
    for hand in hands:
        hand["name"] = seat_shown(str(hand["name"]))
    return {
        "reason": outcome.reason,
        "why": hand_end_reason(outcome, name_of),
        "line": outcome_line(outcome, name_of, sizes, players, corners_version=corners),
        "hands": cast(list[SummaryHand], hands),
        "row": row,
        "said": said,
    }


def row_said(row: SummaryRow) -> str:
    """The score row in one sentence, as a screen reader hears it when the hand ends.

    >>> said = row_said({"label": "Hand 2", "names": ["You", "P2", "P3"],
    ...                  "points": [0, 1, None], "totals": [4, 30, 26], "winners": ["You"]})
    >>> sheet, _, totals = said.partition(" Totals: ")
    >>> sheet
    'Hand 2 on the score sheet: you 0 points, P2 1 point, P3 out.'
    >>> totals
    'you 4 points, P2 30 points, P3 26 points.'
    """

    def one(name: str, value: int | None) -> str:
        if value is None:
            # TRANSLATORS: a player out of the match, on the score sheet ("P3 out")
            return gettext("{name} out").format(name=within(name))
        points = ngettext("{n} point", "{n} points", value).format(n=value)
        # TRANSLATORS: a player and their points on the score sheet ("P2 1 point")
        return gettext("{name} {points}").format(name=within(name), points=points)

    def each(values: Sequence[int | None]) -> str:
        return ", ".join(one(name, value) for name, value in zip(row["names"], values, strict=True))

    if row["totals"] is None:
        return gettext("This hand's points: {points}.").format(points=each(row["points"]))
    # TRANSLATORS: {label} is the hand's row on the score sheet ("Hand 2")
    sheet = gettext("{label} on the score sheet: {points}.")
    sheet = sheet.format(label=row["label"], points=each(row["points"]))
    # TRANSLATORS: {sheet} is the sentence before; {totals}: each player's total
    return gettext("{sheet} Totals: {totals}.").format(sheet=sheet, totals=each(row["totals"]))


def _hand_row(hands: list[Json]) -> Json:
    """A single hand's row: the points each player would add to a score sheet."""
    return {
        "label": gettext("This hand"),
        "names": [h["name"] for h in hands],
        "points": [h["points"] for h in hands],
        "totals": None,
        "winners": [h["name"] for h in hands if h["won"]],
    }


def _match_row(match: Match, seat_name: Callable[[int], str] | None) -> Json:
    """The row the hand added to the match's sheet, and the totals after it."""
    name = seat_name or (lambda seat: f"P{seat}")
    row: HandScore = match.score_hand()  # a no-op once scored: the row already on the sheet
    seats = range(1, match.seats + 1)
    return {
        "label": gettext("Hand {n}").format(n=row.hand),
        "names": [name(s) for s in seats],
        "points": list(row.points),
        "totals": list(match.totals),
        "winners": [name(s) for s in row.winners],
    }


def log_turns(log: Sequence[Mapping[str, Any]], name_of: Callable[[int], str]) -> list[Turn]:
    """The log grouped by turn: each group's player, where it starts in the log, how many lines
    it holds and a recap of what the turn did. The rules' own moves at the deal (``player``
    ``None``) make a group of their own, and so do the moves a lesson's "show me" played for
    the learner (``shown``): the log says they were shown, not that the learner made them.

    >>> log = [{"player": 1, "notation": "Th>N"}, {"player": 1, "notation": "draw"},
    ...        {"player": 2, "notation": "pass"}]
    >>> [(t["start"], t["count"], t["recap"]) for t in log_turns(log, "P{}".format)]
    [(0, 2, 'P1 played 1 card and drew'), (2, 1, 'P2 passed')]
    >>> log_turns([{"player": 1, "notation": "Th>N", "shown": True}], "P{}".format)[0]["recap"]
    'Show me played 1 card'
    """
    turns: list[Json] = []
    for index, entry in enumerate(log):
        player = entry.get("player")
        shown = bool(entry.get("shown"))
        # turns pass to the left, so a player's lines in a row make one turn
        if not turns or (turns[-1]["player"], turns[-1]["shown"]) != (player, shown):
            turns.append(
                {"player": player, "shown": shown, "start": index, "count": 0, "moves": []}
            )
        turns[-1]["count"] += 1
        turns[-1]["moves"].append(entry["notation"])
    return [
        {
            "player": t["player"],
            "name": seat_shown(name_of(t["player"])) if t["player"] is not None else "",
            "start": t["start"],
            "count": t["count"],
            "recap": _recap(t, name_of),
        }
        for t in turns
    ]


def _recap(turn: Json, name_of: Callable[[int], str]) -> str:
    """What one group of the log did: the rules' moves, the moves shown, or a player's turn."""
    if turn["player"] is None:
        return gettext("The rules move the dealt kings to the corners")
    if turn["shown"]:
        # TRANSLATORS: the lesson's Show me button, named as the one who played these moves
        return turn_recap(pgettext("who played a lesson's shown moves", "Show me"), turn["moves"])
    return turn_recap(name_of(turn["player"]), turn["moves"])
