"""A reviewed turn's verdict in the words of the language spoken now: the review's own sentences,
whole in each language, with the same engine facts in their slots.

English reads exactly as the review always has; the other languages read the catalogue's
``review`` area (see :mod:`kingscorner_widget.display.language`).

>>> from kingscorner_widget.engine.moves import parse_move
>>> best = [parse_move(m) for m in ("4h>S", "Th>N", "Ks>NE")]
>>> review_line("inaccuracy", "", 0, best[:1], goes_out=False, exact=True, moves=False)
'A small slip: you played no card; the best turn here plays 1.'
>>> review_line("best", "", 3, best, goes_out=True, exact=True, head=False)
'You played 3 cards, as many as the best turn here.'
>>> from kingscorner_widget.display.language import speaking
>>> with speaking("fr"):
...     review_line("best", "", 3, best, goes_out=True, exact=True, head=False)
'Tu as posé 3 cartes, autant que le meilleur tour ici.'
>>> percent(0.44), cards_said([Card.parse("Ks"), Card.parse("7h")])
('44%', 'the king of spades and the seven of hearts')
>>> with speaking("de"):
...     percent(0.44), cards_said([Card.parse("Ks"), Card.parse("7h")], notation=True)
('44\\xa0%', 'Pik-König (Ks) und Herz-Sieben (7h)')
"""

from __future__ import annotations

from collections.abc import Sequence

from ...display.language import ENGLISH, NP_, PSEUDO, active, listing, npgettext, pgettext
from ...display.language import percent as percent_in
from ...engine.cards import Card
from ...engine.moves import Move, PlayCard
from ...engine.words import card_spoken, listed, turn_words

__all__ = [
    "VERDICT_NAMES",
    "after_colon",
    "cards_counted",
    "cards_said",
    "items_listed",
    "lower_first",
    "percent",
    "review_line",
    "verdict_name",
]

VERDICT_NAMES = {
    "best": NP_("a review's verdict, opening its line", "The best turn"),
    "inaccuracy": NP_("a review's verdict, opening its line", "A small slip"),
    "mistake": NP_("a review's verdict, opening its line", "A mistake"),
    "blunder": NP_("a review's verdict, opening its line", "A big mistake"),
}
"""How a review's line names each verdict (said through :func:`verdict_name`)."""


def verdict_name(verdict: str) -> str:
    """The verdict's name opening a review line, in the language spoken now.

    >>> verdict_name("blunder")
    'A big mistake'
    """
    return pgettext("a review's verdict, opening its line", VERDICT_NAMES[verdict])


def lower_first(text: str) -> str:
    """``text`` with its first letter in lower case (only the first: card codes keep theirs)."""
    return text[:1].lower() + text[1:]


def after_colon(text: str) -> str:
    """A whole sentence said after a verdict's colon: German writes its first letter in capitals
    (as Duden asks after a colon), the other languages in lower case.

    >>> after_colon("You played 2 cards.")
    'you played 2 cards.'
    """
    return text[:1].upper() + text[1:] if active() == "de" else lower_first(text)


def percent(share: float) -> str:
    """A share from 0 to 1 as a whole percentage, as the language spoken now writes it."""
    return f"{share:.0%}" if active() in (ENGLISH, PSEUDO) else percent_in(share)


def items_listed(items: Sequence[str]) -> str:
    """Items in a sentence: English's ``a, b and c`` (as the review always wrote them), else
    the language's own list (CLDR's)."""
    return listed(items) if active() in (ENGLISH, PSEUDO) else listing(items)


def cards_said(cards: Sequence[Card], *, notation: bool = False) -> str:
    """Cards named in a sentence, in the language spoken now (with their notation in brackets
    when ``notation``): ``"the king of spades and the seven of hearts"``."""
    if notation:
        # TRANSLATORS: a card in a list of cards: {card} is its name ("ten of hearts"),
        # {code} its notation ("Th")
        form = pgettext("a card in a list, with its notation", "the {card} ({code})")
    else:
        # TRANSLATORS: a card in a list of cards: {card} is its name ("ten of hearts")
        form = pgettext("a card in a list", "the {card}")
    return items_listed([form.format(card=card_spoken(card), code=card) for card in cards])


def cards_counted(n: int) -> str:
    """``"3 cards"``: cards a turn played, counted, in the language spoken now."""
    return npgettext("cards a turn played", "{n} card", "{n} cards", n).format(n=n)


def _found(exact: bool) -> str:
    if exact:
        return pgettext("the turn a review sets against yours", "the best turn here")
    return pgettext(
        "the turn a review sets against yours", "the best turn found within the search budget"
    )


def review_line(
    verdict: str,
    reason: str,
    shed: int,
    best: Sequence[Move],
    *,
    goes_out: bool,
    exact: bool,
    moves: bool = True,
    head: bool = True,
) -> str:
    """A reviewed turn's verdict judged by cards, for the player who played it: what they shed
    against the best turn (``best``, its moves, said in words unless ``moves`` is false), after
    the verdict's name unless ``head`` is false; ``reason`` is the review's reason, read for a
    verdict that turns on more than the count of cards."""
    line = _review_words(verdict, reason, shed, best, goes_out, exact, moves)
    if not head:
        return line[:1].upper() + line[1:]
    # TRANSLATORS: a review line: {verdict} names the verdict ("A mistake"), {line} what the
    # turn did against the best turn
    return pgettext("a review line", "{verdict}: {line}").format(
        verdict=verdict_name(verdict), line=after_colon(line)
    )


def _review_words(
    verdict: str,
    reason: str,
    shed: int,
    best: Sequence[Move],
    goes_out: bool,
    exact: bool,
    moves: bool,
) -> str:
    best_shed = sum(1 for move in best if isinstance(move, PlayCard))
    found = _found(exact)
    if verdict != "best" and shed < best_shed:
        mine = cards_counted(shed) if shed else pgettext("cards a turn played", "no card")
        # TRANSLATORS: {mine} is the cards you played ("1 card", "no card"), {found} the best
        # turn ("the best turn here"), {best} how many cards it plays, {moves} its moves
        if goes_out and verdict == "blunder":  # a sure win declined
            form = (
                pgettext(
                    "a review line: the cards you played against the best turn's",
                    "you played {mine}; {found} plays {best} and goes out, which wins the hand "
                    "at once: {moves}.",
                )
                if moves
                else pgettext(
                    "a review line: the cards you played against the best turn's",
                    "you played {mine}; {found} plays {best} and goes out, which wins the hand "
                    "at once.",
                )
            )
        elif goes_out:
            form = (
                pgettext(
                    "a review line: the cards you played against the best turn's",
                    "you played {mine}; {found} plays {best} and goes out: {moves}.",
                )
                if moves
                else pgettext(
                    "a review line: the cards you played against the best turn's",
                    "you played {mine}; {found} plays {best} and goes out.",
                )
            )
        else:
            form = (
                pgettext(
                    "a review line: the cards you played against the best turn's",
                    "you played {mine}; {found} plays {best}: {moves}.",
                )
                if moves
                else pgettext(
                    "a review line: the cards you played against the best turn's",
                    "you played {mine}; {found} plays {best}.",
                )
            )
        return form.format(mine=mine, found=found, best=best_shed, moves=turn_words(best))
    if verdict != "best":  # as many cards, a worse finish: the review's reason says which
        # TRANSLATORS: {reason} is the review's reason, a whole sentence ("Shed 2 cards, as
        # many as the best turn, but finished no corner where ..."); English puts "you" first
        said = pgettext("a review line for a turn that lost on what else it did", "you {reason}")
        return said.format(reason=lower_first(reason))
    # TRANSLATORS: {found} is the best turn ("the best turn here")
    form = npgettext(
        "a review line: the cards you played against the best turn's",
        "you played {n} card, as many as {found}.",
        "you played {n} cards, as many as {found}.",
        shed,
    )
    return form.format(n=shed, found=found)
