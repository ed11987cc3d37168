"""Every word the table's page shows, written here in Python: the page's phrasebook.

The page (``js/src``) holds no English: it draws the snapshot, and whatever it says besides
what the snapshot's sentences say comes from :func:`phrases`, sent once with the widget (its
``phrases`` trait). The phrasebook holds every card's and space's name for the screen reader
(from :mod:`kingscorner_widget.engine.words`), the table's fixed labels, and templates with
``{slots}`` the page fills with names, numbers and other phrases from the book. It is written in
the language the table speaks (:mod:`kingscorner_widget.display.language`): every label and
template goes through the catalogue, and counted phrases come whole in each CLDR plural category
of the language (English: ``"one"``, ``"other"``; French adds ``"many"``), the page choosing the
category by the same rules.

What depends on the table itself (whose hand it is, who won the match) is written into the
snapshot by :func:`hand_title`, :func:`hand_whose` and :func:`sheet_caption`.

>>> book = phrases()
>>> book["cards"]["Th"], book["spaces"]["NE"]
('ten of hearts', 'the north-east corner')
>>> book["counted"]["cards"]
{'one': '{n} card', 'other': '{n} cards'}
>>> fill(book["text"]["pileMany"], card="six of spades", space="the west pile",
...      cards="3 cards", bottom="eight of clubs")
'six of spades on the west pile, 3 cards, eight of clubs at the bottom'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

from ..display.language import (
    ENGLISH,
    N_,
    PSEUDO,
    Nn_,
    active,
    check_language,
    gettext,
    listing,
    ngettext,
    pgettext,
    plural_samples,
    speaking,
)
from ..engine.cards import DECK
from ..engine.spaces import SPACES
from ..engine.words import card_spoken, listed, space_spoken

if TYPE_CHECKING:
    from .snapshot import Phrases

__all__ = [
    "LANGUAGE",
    "SHOW_MY_HAND",
    "cover_refusal",
    "cover_text",
    "fill",
    "hand_title",
    "hand_whose",
    "phrases",
    "sheet_caption",
    "shown_words",
    "slots",
]

LANGUAGE = ENGLISH
"""The phrasebook's language by default (a table speaks the language it is given: the page picks
a counted phrase's form by that language's plural rules)."""

YOU = "You"
"""How the table names the viewer's own seat."""

TEXT: dict[str, str] = {
    # the table and the viewer's picks (index.js)
    "title": N_("Kings in the Corner"),
    "present": N_("Present"),
    "presentTitle": N_("Fill the screen, for a projector (key F; Escape leaves)"),
    "presentKey": "F",
    "leavePresent": N_("Leave presentation"),
    "legalTarget": N_("{label}, a legal target"),
    "othersPlay": N_(
        "It is {name}'s turn: yours comes when the computer players have played"
        " (Skip goes straight to it)."
    ),
    "nowhere": N_("That card has nowhere to go now."),
    "pickFirst": N_("Pick a card from your hand first, then this space."),
    # piles and the stock (pile.js, table.js)
    "pileEmpty": N_("{space}, empty"),
    "pileOne": N_("{card} on {space}"),
    "pileMany": N_("{card} on {space}, {cards}, {bottom} at the bottom"),
    "pileEmptyTitle": N_("{space} (empty)"),
    "covered": N_("{card}, card {i} of {n} on {space}"),
    "stockLabel": N_("the stock, {cards}"),
    "stock": N_("stock"),
    # hands and seats (hand.js)
    "watching": N_("You are watching: the computer players play on."),
    "handLabel": N_("{whose}, {cards}"),
    "inHand": N_("{card}, in {whose}"),
    "noCards": N_("No cards left."),
    "kept": N_(" · {corners} kept"),
    "computerName": N_("{name} (computer)"),
    "seatLabel": N_("{name}, {cards}"),
    "seatLabelToPlay": N_("{name}, {cards}, to play"),
    "seatCountToPlay": N_("{cards} · to play"),
    # the end-of-hand summary (summary.js, teacher.js)
    "leftInHand": N_("{card}, left in {whose}"),
    "wentOut": N_("went out"),
    "noCardsLeft": N_("no cards"),
    "winsTag": N_(" · wins"),
    "handOver": N_("The hand is over"),
    "cardsLeft": N_("Cards left in hand"),
    "player": N_("Player"),
    "cards": N_("Cards"),
    "count": N_("Count"),
    "points": N_("Points"),
    "hideSummary": N_("Hide summary"),
    "summaryKey": "S",
    "handSummary": N_("Hand summary"),
    "onSheet": N_("{label} on the score sheet"),
    "wouldAdd": N_("Points this hand would add to a score sheet"),
    "total": N_("Total"),
    "notDone": N_("Not done: "),
    # the log, the score sheet and the lesson (log.js)
    "noMoves": N_("No moves yet."),
    "logLabel": N_("Moves so far, by turn"),
    "log": N_("Log"),
    "moves": N_("Moves"),
    "computerTag": N_(" · computer"),
    "hand": N_("Hand"),
    "scoreSheet": N_("Score sheet"),
    "lesson": N_("Lesson"),
    "step": N_("Step {i} of {n}"),
    # the toolbar and the keys (controls.js)
    "controls": N_("Table controls"),
    "keys": N_("Keys"),
    "withKey": N_("{label} (key {key})"),
    "withWhy": N_("{label}: {why}"),
    "keysList": N_("Keyboard keys"),
    "keysToggle": N_("show or hide this list"),
    # the review panel (review.js)
    "review": N_("Review"),
    "youPlayed": N_("You played"),
    "bestTurn": N_("The best turn"),
    "bestFound": N_("The best turn found"),
    "chanceBar": N_("{label}: {percent} chance of winning"),
    "estimating": N_("Estimating the chances of winning…"),
    "chances": N_("Chances of winning"),
    "before": N_("Before the turn"),
    "yourTurn": N_("Your turn"),
    "mostCards": N_("Shedding the most"),
    "bestRow": N_("Best turn found"),
    "inBrackets": N_("({what})"),
    "turnOf": N_("Turn {turn} of {turns}"),
    "ofHand": N_(" (hand {hand})"),
    "countsLine": N_("{best} · {inaccuracies} · {mistakes}"),
    "withBlunders": N_("{counts} · {blunders}"),
    "accuracy": N_("Accuracy {percent}"),
    "byChance": N_(" by chance of winning"),
    "summary": N_("Summary"),
    # explore's lines (tree.js)
    "start": N_("Start"),
    "startTitle": N_("The start of the hand"),
    "or": N_("or"),
    "anotherLine": N_("Another line: move {n} {move}"),
    "goTo": N_("Go to move {n}"),
    "lines": N_("Lines"),
    "currentLine": N_("The current line"),
    "faceDown": N_("{name}'s hand is face down: its cards are not shown or named."),
    "startWhere": N_("the start of the hand"),
    "thisMove": N_("this move"),
    "commentLabel": N_("Comment on {where} (plain text, at most {max} characters)"),
    "commentPlaceholder": N_("Comment on {where}…"),
    "saveComment": N_("Save comment"),
}
"""The page's fixed labels and templates, by the key the page asks for."""

SHEET = {
    "elimination": N_("Hand {hand}. A player whose total reaches {target} is out."),
    "lowest": N_("Hand {hand}. When a total reaches {target}, the lowest total wins."),
}
"""The score sheet's caption while the match runs, by how the match ends."""

COUNTED: dict[str, tuple[str, str]] = {
    # key: the whole phrase around the count {n}, in English's two forms (one, other)
    "cards": Nn_("{n} card", "{n} cards"),
    "points": Nn_("{n} point", "{n} points"),
    "corners": Nn_("{n} corner", "{n} corners"),
    "earlier": Nn_("{n} earlier move not shown", "{n} earlier moves not shown"),
    "earlierMoves": Nn_("… {n} earlier move", "… {n} earlier moves"),
    "laterMoves": Nn_("… {n} later move", "… {n} later moves"),
    "lines": Nn_("{n} line", "{n} lines"),
    "deals": Nn_(
        "Chance of winning (out of {n} game played out):",
        "Chance of winning (out of {n} games played out):",
    ),
    # TRANSLATORS: how many of a hand's turns were the best turn ("3 best")
    "best": Nn_("{n} best", "{n} best"),
    "inaccuracies": Nn_("{n} small slip", "{n} small slips"),
    "mistakes": Nn_("{n} mistake", "{n} mistakes"),
    "blunders": Nn_("{n} big mistake", "{n} big mistakes"),
    "estimatingTurns": Nn_("Estimating: {done} of {n} turn", "Estimating: {done} of {n} turns"),
    "shedOf": Nn_(
        " ({shed} of {n} card that could be played)",
        " ({shed} of {n} cards that could be played)",
    ),
}
"""Counted phrases, whole, the count in ``{n}``: English's form for one and for the others (each
language has its own forms in its catalogue)."""

VERDICTS = {
    "best": N_("Best"),
    "inaccuracy": N_("Small slip"),
    "mistake": N_("Mistake"),
    "blunder": N_("Big mistake"),
}
"""A review verdict's name on the panel."""

KEYS: list[tuple[str, str]] = [
    (N_("Tab / Shift+Tab"), N_("move between cards, piles and buttons")),
    (N_("Arrow keys"), N_("move between cards in your hand and between piles")),
    (
        N_("Enter or Space"),
        N_("pick up the card or pile in focus, or put the picked one there"),
    ),
    (
        N_("7 8 9 / 4 6 / 1 2 3"),
        N_("the piles laid out as on a number pad (8 is north, 9 north-east…)"),
    ),
    (
        N_("Escape"),
        N_(
            "put the picked card or pile back; with nothing picked up, leave the table for the"
            " notebook (the table keeps every other key while the focus is in it)"
        ),
    ),
    ("F", N_("fill the screen for a projector, or leave it")),
    ("S", N_("hide or show the hand's summary, once the hand is over")),
]
"""The keys for moving about the table, and what each does (each control's key comes with it)."""

_SLOT = re.compile(r"\{(\w+)\}")


def slots(template: str) -> set[str]:
    """The names of a template's slots.

    >>> sorted(slots("{card}, card {i} of {n} on {space}"))
    ['card', 'i', 'n', 'space']
    """
    return set(_SLOT.findall(template))


def fill(template: str, **values: object) -> str:
    """A template with its slots filled, as the page fills it (a slot without a value stays).

    >>> fill("Step {i} of {n}", i=2, n=5)
    'Step 2 of 5'
    """
    return _SLOT.sub(lambda m: str(values.get(m[1], m[0])), template)


def _forms(one: str, other: str, code: str) -> dict[str, str]:
    """A counted phrase in each CLDR plural category of ``code``: the catalogue's form for a
    number in that category."""
    return {
        category: ngettext(one, other, sample) for category, sample in plural_samples(code).items()
    }


KEY_LETTERS = frozenset({"presentKey", "summaryKey", "F", "S"})
"""What is a key on the keyboard, not a word (the phrasebook's keys for them, and the letters):
the same in every language."""


def _said(text: str, key: str = "") -> str:
    """``text`` in the language spoken now, unless it (or its key in the book) is a key."""
    return text if text in KEY_LETTERS or key in KEY_LETTERS else gettext(text)


@cache
def _book(code: str) -> Phrases:
    with speaking(code):
        return {
            "lang": code,
            "cards": {str(card): card_spoken(card) for card in DECK},
            "spaces": {str(space): space_spoken(space) for space in SPACES},
            "text": {key: _said(text, key) for key, text in TEXT.items()},
            "counted": {key: _forms(*forms, code) for key, forms in COUNTED.items()},
            "verdicts": {key: gettext(name) for key, name in VERDICTS.items()},
            "keys": [[_said(key), gettext(what)] for key, what in KEYS],
        }


def phrases(language: str | None = None) -> Phrases:
    """The page's phrasebook in ``language`` (default: the one spoken now), a fresh copy: the
    caller may keep it.

    >>> book = phrases()
    >>> len(book["cards"]), book["counted"]["inaccuracies"]["other"]
    (52, '{n} small slips')
    >>> french = phrases("fr")
    >>> french["lang"], french["text"]["noMoves"], sorted(french["counted"]["cards"].items())
    ('fr', 'Pas encore de coup.', [('many', '{n} de cartes'), ('one', '{n} carte'), \
('other', '{n} cartes')])
    """
    book = _book(check_language(language or active()))
    return {
        "lang": book["lang"],
        "cards": dict(book["cards"]),
        "spaces": dict(book["spaces"]),
        "text": dict(book["text"]),
        "counted": {key: dict(forms) for key, forms in book["counted"].items()},
        "verdicts": dict(book["verdicts"]),
        "keys": [list(pair) for pair in book["keys"]],
    }


def hand_title(name: str) -> str:
    """A hand's heading: ``"Your hand"`` for the viewer's seat, else ``"P2's hand"``.

    >>> hand_title("You"), hand_title("P2")
    ('Your hand', "P2's hand")
    """
    return gettext("Your hand") if name == YOU else fill(gettext("{name}'s hand"), name=name)


def hand_whose(name: str) -> str:
    """A hand within a sentence: ``"your hand"``, ``"P2's hand"``.

    >>> hand_whose("You"), hand_whose("P1")
    ('your hand', "P1's hand")
    """
    if name == YOU:
        return pgettext("within a sentence", "your hand")
    return fill(pgettext("within a sentence", "{name}'s hand"), name=name)


SHOW_MY_HAND = N_("Show my hand")
"""The pass-and-play cover's button: its person holds the laptop and shows their own hand
(English: :func:`gettext` says it in the table's language)."""


def cover_text(name: str) -> str:
    """What the pass-and-play cover says over ``name``'s hand while it waits for them.

    >>> cover_text("Ben")
    "Ben's turn: pass the laptop to Ben, then press Show my hand."
    """
    return fill(
        gettext("{name}'s turn: pass the laptop to {name}, then press {button}."),
        name=name,
        button=gettext(SHOW_MY_HAND),
    )


def cover_refusal(name: str) -> str:
    """Why nothing is played while ``name``'s hand is covered (a reason, made a sentence by
    the table).

    >>> cover_refusal("Ben")
    "Ben's hand is covered: pass the laptop to Ben, then press Show my hand"
    """
    return fill(
        gettext("{name}'s hand is covered: pass the laptop to {name}, then press {button}"),
        name=name,
        button=gettext(SHOW_MY_HAND),
    )


def shown_words(name: str) -> str:
    """What the table says once ``name`` has uncovered their hand while others still play.

    >>> shown_words("Ada")
    "Ada's hand is shown."
    """
    return fill(gettext("{name}'s hand is shown."), name=name)


def sheet_caption(
    seats: Sequence[str],
    winners: Sequence[int] | None,
    *,
    hand: int,
    target: int,
    elimination: bool = False,
) -> str:
    """The score sheet's caption: while the match runs, the hand and how the match ends; once
    it is over (``winners`` given), who won, the verb agreeing.

    >>> sheet_caption(["You", "P2"], None, hand=2, target=25)
    'Hand 2. When a total reaches 25, the lowest total wins.'
    >>> sheet_caption(["You", "P2"], None, hand=3, target=50, elimination=True)
    'Hand 3. A player whose total reaches 50 is out.'
    >>> sheet_caption(["You", "P2"], [1], hand=4, target=25)
    'Match over: You win'
    >>> sheet_caption(["You", "P2"], [2], hand=4, target=25)
    'Match over: P2 wins'
    >>> sheet_caption(["P1", "You", "P3"], [1, 2, 3], hand=4, target=25)
    'Match over: P1, you and P3 share the win'
    >>> with speaking("de"):
    ...     sheet_caption(["P1", "You", "P3"], [1, 2, 3], hand=4, target=25)
    'Match vorbei: P1, du und P3 teilen sich den Sieg'
    """
    if winners is None:
        template = gettext(SHEET["elimination" if elimination else "lowest"])
        return fill(template, hand=hand, target=target)
    names = [seats[seat - 1] for seat in winners]
    if len(names) > 1:
        said = [
            n if i == 0 or n != YOU else pgettext("a name in a list", "you")
            for i, n in enumerate(names)
        ]
        # English keeps its house list (no comma before "and"); the others CLDR's
        together = listed(said) if active() in (ENGLISH, PSEUDO) else listing(said)
        return fill(gettext("Match over: {names} share the win"), names=together)
    if not names:
        return gettext("Match over")
    if names[0] == YOU:
        return gettext("Match over: You win")
    return fill(gettext("Match over: {name} wins"), name=names[0])
