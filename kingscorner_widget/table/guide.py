"""What a learner's first hand at the play table says: what can be done now, in the table's words.

Until the learner has finished a hand at the table, the message line says more than "Your turn.":
what they can do now, with the buttons named as the table shows them, and, the first time the
gold outlines appear, what they mean.

>>> from kingscorner_widget import Game
>>> line = "N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1"
>>> next_step(Game.from_position(line))
'Pick a card (or a pile), then a pile it fits on, or Draw & end turn.'
>>> stuck = "N:Jc E:6h S:5d W:Qs NE:- SE:- SW:- NW:- P1:3h P2:?7 stock:40 turn:P1"
>>> next_step(Game.from_position(stuck))
'Nothing in your hand fits now: press Draw & end turn.'
"""

from __future__ import annotations

from ..engine.game import Game
from ..engine.moves import EndTurn, MovePile, PlayCard

__all__ = ["OUTLINES", "next_step"]

OUTLINES = "The piles outlined in gold are the ones that card fits on: click one to play it there."
"""What the gold outlines mean, said the first time they appear."""


def next_step(game: Game) -> str:
    """What the player to move can do now, naming the table's buttons ("Draw & end turn",
    "Pass"); the rules decide what is possible (the engine's legal moves)."""
    legal = game.legal_moves()
    end = next((move for move in legal if isinstance(move, EndTurn)), None)
    button = "Pass" if end is not None and end.kind == "pass" else "Draw & end turn"
    cards = any(isinstance(move, PlayCard) for move in legal)
    piles = any(isinstance(move, MovePile) for move in legal)
    if not cards and not piles:
        return f"Nothing in your hand fits now: press {button}."
    card = "another card" if game.cards_played_this_turn else "a card"
    what = f"{card} (or a pile)" if cards and piles else card if cards else "a pile"
    pick = f"Pick {what}, then a pile it fits on"
    if end is None:
        return f"{pick}: the rules say you must play before you end your turn."
    return f"{pick}, or {button}."
