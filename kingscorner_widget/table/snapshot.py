"""What the widget sends to the browser: a JSON snapshot of what the viewer may see, and the log.

The snapshot is built from the viewer's :class:`~kingscorner_widget.engine.observation.Observation`,
so it holds no card the viewer cannot see; other hands appear only as counts unless the teacher
asked to show every hand (explore mode). Cards are written in card notation (``Th``).

>>> from kingscorner_widget import Game
>>> line = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
>>> g = Game.from_position(line)
>>> snap = build_snapshot(g, viewer=1, version=3, mode="explore")
>>> snap["piles"]["N"], snap["hands"][0]["cards"], snap["hands"][1]["cards"], snap["stock"]
(['Jc'], ['Th', 'Ks', '4h'], None, 39)
>>> from kingscorner_widget.engine.moves import parse_move
>>> log_entry(g, parse_move("Th>N"), 1, "P1")["words"]
'P1 plays the ten of hearts on the north pile'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypedDict

from ..engine.cards import Card
from ..engine.game import Game
from ..engine.moves import Move, MovePile
from ..engine.spaces import SPACES
from ..engine.words import card_words, logged, outcome_line

LOG_WINDOW = 12
"""How many of the latest log entries a snapshot carries: the state message stays small however
long the hand runs (the whole log stays in Python, and in the game record)."""

__all__ = ["Control", "build_snapshot", "describe_outcome", "log_entry", "opening_entries"]

Json = dict[str, Any]


class Control(TypedDict):
    """One control the table offers now (the snapshot's ``actions``): the page draws exactly
    these, as buttons carrying ``data-action`` = ``kind``."""

    kind: str
    """The intent the control sends."""
    label: str
    """Its words."""
    enabled: bool
    """False when the action would only refuse now."""
    primary: bool
    """True for the control to press next (at most one is drawn as the main button)."""
    key: str | None
    """The key that does it, if any."""
    teacher: bool
    """True for a teacher's control (listed only on a teacher's table)."""
    why: str | None
    """When disabled: why, in a sentence (shown on hover and focus); else ``None``."""


def log_entry(
    game: Game, move: Move, player: int, name: str, drawn: int = 1, ends: bool = True
) -> Json:
    """One log line: who moved, the move in notation and in words."""
    return {
        "player": player,
        "notation": str(move),
        "words": logged(game, move, name, drawn, ends),
    }


def opening_entries(game: Game) -> list[Json]:
    """Log lines for the dealt kings the rules moved to corners at the first turn (``player``
    is ``None``: the rules made these moves)."""
    entries = []
    for move in game.opening:
        if isinstance(move, MovePile):
            king = game.pile(move.target)[0] if game.pile(move.target) else None
            what = f"the dealt {card_words(king).removeprefix('the ')}" if king else "a dealt king"
            entries.append(
                {
                    "player": None,  # the rules made it, for the first player
                    "notation": str(move),
                    "words": (
                        f"The rules move {what} from {move.source.words} to {move.target.words}"
                    ),
                }
            )
    return entries


def build_snapshot(
    game: Game,
    *,
    viewer: int | None,
    version: int,
    mode: str,
    show_all: bool = False,
    shown: Sequence[int] = (),
    names: Callable[[int], str] | None = None,
    order: Sequence[int] | None = None,
    computers: Sequence[int] = (),
    log: Sequence[Json] = (),
    history: tuple[int, int] = (0, 0),
    waiting: int | None = None,
    extra: Json | None = None,
) -> Json:
    """The JSON snapshot of ``game`` as ``viewer`` (1-based, or ``None`` for a spectator) sees it.

    ``show_all`` adds every hand face up (the teacher's choice in explore mode), ``shown`` the
    hands of those players (a lesson's position may set them out face up). The last
    :data:`LOG_WINDOW` entries of ``log`` (with ``logStart``, the number of the first one) and
    ``extra`` (hint, score sheet, lesson) are copied in as given; the caller keeps hidden cards
    out of them.
    """
    name_of = names or (lambda player: f"P{player}")
    look = game.observation(viewer or game.turn)
    hands: list[Json] = []
    for player, count in enumerate(look.hand_sizes, start=1):
        cards: list[str] | None = None
        if player == viewer:
            cards = [str(card) for card in look.hand]
        elif show_all or player in shown:
            cards = [str(card) for card in game.hand(player)]
        hands.append(
            {
                "player": player,
                "name": name_of(player),
                "count": count,
                "cards": cards,
                "computer": player in computers,
                "kept": len(look.kept[player - 1]) // 13,
            }
        )
    outcome = game.outcome()
    end = None if outcome is not None else str(game.end_move())
    mine = viewer is not None and look.turn == viewer
    snapshot: Json = {
        "version": version,
        "mode": mode,
        "players": game.players,
        "viewer": viewer,
        "turn": look.turn,
        "piles": {str(space): _cards(look.piles[space.index]) for space in SPACES},
        "hands": hands,
        "stock": look.stock_size,
        "end": end,
        "pending": str(look.pending_card) if mine and look.pending_card else None,
        "played": look.cards_played_this_turn,
        "over": outcome is not None,
        "outcome": describe_outcome(game, name_of, order) if outcome is not None else None,
        "log": list(log[-LOG_WINDOW:]),
        "logStart": max(len(log) - LOG_WINDOW, 0) + 1,
        "history": {"at": history[0], "length": history[1]},
        "waiting": waiting,
        "hint": None,
        "score": None,
        "lesson": None,
        "rules": game.rules.to_dict(),
    }
    if extra:
        snapshot.update(extra)
    return snapshot


def _cards(cards: Sequence[Card]) -> list[str]:
    return [str(card) for card in cards]


def describe_outcome(
    game: Game, name_of: Callable[[int], str], order: Sequence[int] | None = None
) -> str:
    """The finished ``game``'s outcome in one line with the table's player names.

    >>> g = Game.new(players=2, seed=1)
    >>> while not g.is_over():
    ...     g.play(g.legal_moves()[0])
    >>> describe_outcome(g, {1: "You", 2: "P2"}.get)
    'You went out and win. Left in hand: P2 7 cards (16 points).'
    """
    outcome = game.outcome()
    if outcome is None:
        raise ValueError("the hand is not over: there is no outcome to describe")
    cards_left = game.hand_sizes()
    corners = game.rules.corners_version
    return outcome_line(outcome, name_of, cards_left, order, corners_version=corners)
