"""What the widget sends to the browser: a JSON snapshot of what the viewer may see, and the log.

The snapshot is built from the viewer's :class:`~kingscorner_widget.observation.Observation`, so
it holds no card the viewer cannot see; other hands appear only as counts unless the teacher asked
to show every hand (explore mode). Cards are written in card notation (``Th``).

>>> from kingscorner_widget import Game
>>> line = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
>>> g = Game.from_position(line)
>>> snap = build_snapshot(g, viewer=1, version=3, mode="explore")
>>> snap["piles"]["N"], snap["hands"][0]["cards"], snap["hands"][1]["cards"], snap["stock"]
(['Jc'], ['Th', 'Ks', '4h'], None, 39)
>>> move_words(g, parse_move("Th>N"), "P1")
'P1 plays the ten of hearts on the north pile'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .cards import Card
from .game import Game, Outcome
from .moves import EndTurn, Move, MovePile, PlayCard, parse_move
from .spaces import SPACES

LOG_WINDOW = 12
"""How many of the latest log entries a snapshot carries: the state message stays small however
long the hand runs (the whole log stays in Python, and in the game record)."""

__all__ = ["build_snapshot", "describe_outcome", "log_entry", "move_words", "opening_entries"]

Json = dict[str, Any]


def _name_verb(name: str, verb: str) -> str:
    """``"P2 plays"`` but ``"You play"``."""
    return f"{name} {verb}" if name == "You" else f"{name} {verb}s"


def move_words(game: Game, move: Move, name: str, drawn: int = 1, ends: bool = True) -> str:
    """``move`` in words, as made by ``name`` in ``game`` (the game *before* the move).

    A draw never names the card drawn: only its owner may see it.

    >>> line = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
    >>> g = Game.from_position(line)
    >>> move_words(g, parse_move("Ks>NE"), "You")
    'You play the king of spades into the north-east corner'
    >>> move_words(g, parse_move("4h>W"), "P1")
    'P1 plays the four of hearts on the empty west pile'
    >>> move_words(g, parse_move("S>E"), "P1")
    'P1 moves the south pile onto the east pile'
    >>> move_words(g, parse_move("draw"), "P2", drawn=3)
    'P2 draws 3 cards and ends the turn'
    """
    if isinstance(move, PlayCard):
        target = move.target
        if game.pile(target):
            where = f"on {target.words}"
        elif target.is_corner:
            where = f"into {target.words}"
        else:
            where = f"on the empty {target.words.removeprefix('the ')}"
        return f"{_name_verb(name, 'play')} the {move.card.words()} {where}"
    if isinstance(move, MovePile):
        target = move.target
        joint = "onto" if game.pile(target) else "into"
        return f"{_name_verb(name, 'move')} {move.source.words} {joint} {target.words}"
    if move.kind == "pass":
        return "You pass" if name == "You" else f"{name} passes"
    cards = "a card" if drawn == 1 else f"{drawn} cards"
    if name == "You":
        return f"You draw {cards}" + (" and end your turn" if ends else "")
    return f"{name} draws {cards}" + (" and ends the turn" if ends else "")


def log_entry(
    game: Game, move: Move, player: int, name: str, drawn: int = 1, ends: bool = True
) -> Json:
    """One log line: who moved, the move in notation and in words."""
    return {
        "player": player,
        "notation": str(move),
        "words": move_words(game, move, name, drawn, ends),
    }


def opening_entries(game: Game) -> list[Json]:
    """Log lines for the dealt kings the rules moved to corners at the first turn (``player``
    is ``None``: the rules made these moves)."""
    entries = []
    for move in game.opening:
        if isinstance(move, MovePile):
            king = game.pile(move.target)[0] if game.pile(move.target) else None
            what = f"the dealt {king.words()}" if king else "a dealt king"
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
        "outcome": describe_outcome(outcome, name_of, order) if outcome is not None else None,
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
    outcome: Outcome, name_of: Callable[[int], str], order: Sequence[int] | None = None
) -> str:
    """The outcome in one line with the widget's player names (counts in ``order`` of players).

    >>> name = {1: "You", 2: "P2"}.get
    >>> describe_outcome(Outcome("out", 1, (1,), (0, 13), (0, 0)), name)
    'You went out and win. Left in hand: You 0, P2 13.'
    """
    names = " and ".join(name_of(p) for p in outcome.winners)
    single = len(outcome.winners) == 1
    verb = ("win" if names == "You" else "wins") if single else "share the win"
    if outcome.reason == "out" and outcome.went_out is not None:
        out = name_of(outcome.went_out)
        went = f"{out} went out"
        head = (
            f"{went} and {verb}."
            if outcome.winners == (outcome.went_out,)
            else (f"{went}; {names} {verb}.")
        )
    else:
        head = f"The hand is blocked; {names} {verb}."
    players = order or range(1, len(outcome.penalties) + 1)
    counts = ", ".join(f"{name_of(p)} {outcome.penalties[p - 1]}" for p in players)
    return f"{head} Left in hand: {counts}."


def describe_move_text(text: str) -> str:
    """A move in notation, in words without a player (for hints): ``Th>N`` -> ten of hearts..."""
    move = parse_move(text)
    if isinstance(move, PlayCard):
        return f"the {move.card.words()} to {move.target.words}"
    if isinstance(move, MovePile):
        return f"{move.source.words} to {move.target.words}"
    return "end the turn" if isinstance(move, EndTurn) else text
