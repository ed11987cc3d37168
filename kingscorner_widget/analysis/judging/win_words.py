"""A turn judged by win chance, in words: what the turn did against the turn that sheds the most,
and what each did to the player's chance of winning.

>>> from kingscorner_widget.engine.moves import parse_move
>>> from kingscorner_widget.analysis.judging.win_chance import WinChances
>>> played = (parse_move("7h>W"), parse_move("draw"))
>>> most = (parse_move("7h>W"), parse_move("Ks>NE"), parse_move("draw"))
>>> w = WinChances(0.41, 0.44, 0.35, 0.44, played, most, 0.01, 240)
>>> print(win_reason(played, w, "best"))  # doctest: +NORMALIZE_WHITESPACE
You kept the king of spades back: your chance of winning went from 41% to 44%; shedding the
most would have left it at 35%.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.cards import Card
from ...engine.moves import Move, PlayCard
from ...engine.words import card_words, count_words, listed, no_or_count, sentence
from .win_chance import WinChances

__all__ = ["cards_in_words", "win_reason"]


def cards_in_words(cards: Sequence[Card]) -> str:
    """``"the king of spades"``, ``"the king of spades and the seven of hearts"``."""
    return listed([card_words(card) for card in cards])


def _cards(moves: Sequence[Move]) -> list[Card]:
    return [move.card for move in moves if isinstance(move, PlayCard)]


def _what(played: Sequence[Move], most: Sequence[Move]) -> str:
    """What the turn played did, set against the turn that sheds the most."""
    mine, theirs = _cards(played), _cards(most)
    if tuple(played) == tuple(most):
        if not mine:
            return "no card could be played"
        return f"you shed the most you could ({count_words(len(mine))})"
    kept = [card for card in theirs if card not in mine]
    if len(mine) < len(theirs) and kept:
        return f"you kept {cards_in_words(kept)} back"
    if len(mine) < len(theirs):
        return f"you shed {count_words(len(mine))} where you could have shed {len(theirs)}"
    instead = [card for card in mine if card not in theirs]
    shed = f"you shed {count_words(len(mine))}, as many as the most"
    if instead:
        return f"{shed}, playing {cards_in_words(instead)}"
    return f"{shed}, in another order"


def win_reason(played: Sequence[Move], chances: WinChances, verdict: str) -> str:
    """The verdict's reason: the turn against the turn that sheds the most, the chance of winning
    before and after, the most-cards turn's, and, unless best, the best turn's and the loss
    (said in deals out of 100: "points" are the cards' penalty points)."""
    pct = "{:.0%}".format
    what = _what(played, chances.most_cards_moves)
    before, after = pct(chances.before), pct(chances.played)
    moved = f"went from {before} to {after}" if before != after else f"stayed at {after}"
    if chances.missed_win:
        n = len(_cards(chances.best_moves))
        return sentence(
            f"{what}: you could have gone out this turn, shedding {no_or_count(n)}, and won "
            f"the hand at once; after the turn played your chance of winning was {after}"
        )
    line = f"{what}: your chance of winning {moved}"
    if tuple(played) != tuple(chances.most_cards_moves):
        line += f"; shedding the most would have left it at {pct(chances.most_cards)}"
    text = sentence(line)
    best = chances.best_moves
    lost = round(100 * chances.best) - round(100 * chances.played)  # as the two are shown
    if verdict != "best":
        shed = no_or_count(len(_cards(best)))
        text += " " + sentence(
            f"the best turn found, shedding {shed}, would have made it {pct(chances.best)}: "
            f"{lost} more wins in every 100 deals"
        )
    elif tuple(best) != tuple(played) and chances.significant:
        text += " " + sentence(
            f"the best turn found made it {pct(chances.best)}, {lost} more wins in every 100 "
            "deals: too few to count against the turn"
        )
    elif tuple(best) != tuple(played) and chances.loss > 0:
        text += " " + sentence(
            f"the best turn found made it {pct(chances.best)}, within the luck of "
            f"{chances.worlds} games played out"
        )
    return text
