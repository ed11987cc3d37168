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

from ..display.language import N_, gettext
from ..engine.game import Game
from ..engine.moves import EndTurn, Move, MovePile, PlayCard
from ..engine.words import card_words

__all__ = ["OUTLINES", "next_step"]

OUTLINES = N_(
    "The piles outlined in gold are the ones that card fits on: click one to play it there."
)
"""What the gold outlines mean, said the first time they appear."""


def next_step(game: Game) -> str:
    """What the player to move can do now, naming the table's buttons ("Draw & end turn",
    "Pass"); the rules decide what is possible (the engine's legal moves)."""
    legal = game.legal_moves()
    end = next((move for move in legal if isinstance(move, EndTurn)), None)
    label = "Pass" if end is not None and end.kind == "pass" else "Draw & end turn"
    button = gettext(label)  # the buttons' labels, which the table's catalogue keeps
    cards = any(isinstance(move, PlayCard) for move in legal)
    piles = any(isinstance(move, MovePile) for move in legal)
    if not cards and not piles:
        # TRANSLATORS: {button} is the button's label ("Draw & end turn" or "Pass")
        return gettext("Nothing in your hand fits now: press {button}.").format(button=button)
    another = bool(game.cards_played_this_turn)
    pick = gettext(_PICKS[another, cards, piles])
    if end is None:
        # TRANSLATORS: {pick} is what to pick ("Pick a card, then a pile it fits on"); {why}
        # why the turn cannot end yet
        return gettext("{pick}: {why}.").format(pick=pick, why=_why_no_end(game, legal))
    return gettext("{pick}, or {button}.").format(pick=pick, button=button)


_PICKS = {
    (False, True, True): N_("Pick a card (or a pile), then a pile it fits on"),
    (False, True, False): N_("Pick a card, then a pile it fits on"),
    (False, False, True): N_("Pick a pile, then a pile it fits on"),
    (True, True, True): N_("Pick another card (or a pile), then a pile it fits on"),
    (True, True, False): N_("Pick another card, then a pile it fits on"),
    (True, False, True): N_("Pick a pile, then a pile it fits on"),
}
"""What to pick, by whether a card was played this turn, a card fits and a pile can move."""


def _why_no_end(game: Game, legal: list[Move]) -> str:
    """Why the turn cannot end yet, naming the card the rule is about.

    >>> from kingscorner_widget import Rules
    >>> line = "N:Jc E:6h S:5s W:Qd NE:- SE:- SW:- NW:- P1:Ks4h P2:?7 stock:39 turn:P1"
    >>> next_step(Game.from_position(line, rules=Rules(players=2, kings_first=True)))
    'Pick a card, then a pile it fits on: kings first, so the king of spades goes into an empty corner before anything else.'
    """  # noqa: E501
    kings = [m for m in legal if isinstance(m, PlayCard) and m.target.is_corner]
    if game.rules.kings_first and kings and len(kings) == len(legal):
        king = card_words(kings[0].card)
        # TRANSLATORS: {king} is a king's name with its article ("the king of spades")
        text = gettext("kings first, so {king} goes into an empty corner before anything else")
        return text.format(king=king)
    pending = game.pending_card
    if pending is not None:
        drawn = card_words(pending)
        # TRANSLATORS: {card} is a card's name with its article ("the ten of hearts")
        text = gettext(
            "draw until it fits: play {card}, the card you drew, before you end your turn"
        )
        return text.format(card=drawn)
    cards = [m.card for m in legal if isinstance(m, PlayCard)]
    if game.rules.must_play and cards:
        card = card_words(cards[0])
        # TRANSLATORS: {card} is a card's name with its article ("the ten of hearts")
        text = gettext(
            "must play, so {card} (or another card that fits) must be played before you end "
            "your turn"
        )
        return text.format(card=card)
    return gettext("the rules say you must play before you end your turn")
