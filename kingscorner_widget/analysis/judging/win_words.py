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

from ...display.language import ngettext, npgettext, pgettext
from ...engine.cards import Card
from ...engine.moves import Move, PlayCard
from .verdict_words import cards_said, percent
from .win_chance import WinChances

__all__ = ["cards_in_words", "win_reason"]


def cards_in_words(cards: Sequence[Card]) -> str:
    """``"the king of spades"``, ``"the king of spades and the seven of hearts"``."""
    return cards_said(cards)


def _cards(moves: Sequence[Move]) -> list[Card]:
    return [move.card for move in moves if isinstance(move, PlayCard)]


def _what(played: Sequence[Move], most: Sequence[Move]) -> str:
    """What the turn played did, set against the turn that sheds the most."""
    mine, theirs = _cards(played), _cards(most)
    n = len(mine)
    if tuple(played) == tuple(most):
        if not mine:
            return pgettext(
                "what a turn did, against the turn that sheds the most", "no card could be played"
            )
        return npgettext(
            "what a turn did, against the turn that sheds the most",
            "you shed the most you could ({n} card)",
            "you shed the most you could ({n} cards)",
            n,
        ).format(n=n)
    kept = [card for card in theirs if card not in mine]
    if len(mine) < len(theirs) and kept:
        # TRANSLATORS: {cards} names the cards kept in hand ("the king of spades and the seven
        # of hearts")
        return pgettext(
            "what a turn did, against the turn that sheds the most", "you kept {cards} back"
        ).format(cards=cards_said(kept))
    if len(mine) < len(theirs):
        # TRANSLATORS: {most} is how many cards the turn could have shed
        return npgettext(
            "what a turn did, against the turn that sheds the most",
            "you shed {n} card where you could have shed {most}",
            "you shed {n} cards where you could have shed {most}",
            n,
        ).format(n=n, most=len(theirs))
    instead = [card for card in mine if card not in theirs]
    if instead:
        # TRANSLATORS: {cards} names the cards played that the turn shedding the most kept
        return npgettext(
            "what a turn did, against the turn that sheds the most",
            "you shed {n} card, as many as the most, playing {cards}",
            "you shed {n} cards, as many as the most, playing {cards}",
            n,
        ).format(n=n, cards=cards_said(instead))
    return npgettext(
        "what a turn did, against the turn that sheds the most",
        "you shed {n} card, as many as the most, in another order",
        "you shed {n} cards, as many as the most, in another order",
        n,
    ).format(n=n)


def _capital(text: str) -> str:
    """``text`` (a whole sentence) with a capital first letter."""
    return text[:1].upper() + text[1:]


def _shedding(n: int) -> str:
    """``"shedding 2 cards"``, ``"shedding no card"``: what a turn sheds, in a clause."""
    if n == 0:
        return pgettext("a turn shedding cards", "no card")
    return npgettext("a turn shedding cards", "{n} card", "{n} cards", n).format(n=n)


def win_reason(played: Sequence[Move], chances: WinChances, verdict: str) -> str:
    """The verdict's reason: the turn against the turn that sheds the most, the chance of winning
    before and after, the most-cards turn's, and, unless best, the best turn's and the loss
    (said in deals out of 100: "points" are the cards' penalty points)."""
    what = _what(played, chances.most_cards_moves)
    before, after = percent(chances.before), percent(chances.played)
    if chances.missed_win:
        n = len(_cards(chances.best_moves))
        # TRANSLATORS: {what} is what the turn did (a clause), {shed} the cards the winning
        # turn sheds ("2 cards", "no card"), {after} a chance of winning ("44%")
        said = pgettext(
            "a review's reason",
            "{what}: you could have gone out this turn, shedding {shed}, and won the hand at "
            "once; after the turn played your chance of winning was {after}.",
        )
        return _capital(said.format(what=what, shed=_shedding(n), after=after))
    most = tuple(played) != tuple(chances.most_cards_moves)
    # TRANSLATORS: {what} is what the turn did (a clause); {before}, {after} and {most} are
    # chances of winning ("44%"): before the turn, after it, after shedding the most
    if f"{chances.before:.0%}" != f"{chances.played:.0%}":  # as the two are shown
        line = (
            pgettext(
                "a review's reason",
                "{what}: your chance of winning went from {before} to {after}; shedding the "
                "most would have left it at {most}.",
            )
            if most
            else pgettext(
                "a review's reason", "{what}: your chance of winning went from {before} to {after}."
            )
        )
    else:
        line = (
            pgettext(
                "a review's reason",
                "{what}: your chance of winning stayed at {after}; shedding the most would have "
                "left it at {most}.",
            )
            if most
            else pgettext("a review's reason", "{what}: your chance of winning stayed at {after}.")
        )
    text = _capital(
        line.format(what=what, before=before, after=after, most=percent(chances.most_cards))
    )
    best = chances.best_moves
    lost = round(100 * chances.best) - round(100 * chances.played)  # as the two are shown
    better = percent(chances.best)
    if verdict != "best":
        # TRANSLATORS: {shed} is what the best turn sheds ("2 cards", "no card"), {best} its
        # chance of winning ("44%"), {lost} how many more of 100 deals it wins (English says
        # "wins" for 1 too; give each of your forms its own agreement)
        said = ngettext(
            "The best turn found, shedding {shed}, would have made it {best}: {lost} more wins "
            "in every 100 deals.",
            "The best turn found, shedding {shed}, would have made it {best}: {lost} more wins "
            "in every 100 deals.",
            lost,
        )
        text += " " + said.format(shed=_shedding(len(_cards(best))), best=better, lost=lost)
    elif tuple(best) != tuple(played) and chances.significant:
        said = ngettext(
            "The best turn found made it {best}, {lost} more wins in every 100 deals: too few to "
            "count against the turn.",
            "The best turn found made it {best}, {lost} more wins in every 100 deals: too few to "
            "count against the turn.",
            lost,
        )
        text += " " + said.format(best=better, lost=lost)
    elif tuple(best) != tuple(played) and chances.loss > 0:
        # TRANSLATORS: {worlds} is how many games were played out
        said = ngettext(
            "The best turn found made it {best}, within the luck of {worlds} games played out.",
            "The best turn found made it {best}, within the luck of {worlds} games played out.",
            chances.worlds,
        )
        text += " " + said.format(best=better, worlds=chances.worlds)
    return text
