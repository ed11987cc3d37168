"""Every word the table's page shows, written here in Python: the page's phrasebook.

The page (``js/src``) holds no English: it draws the snapshot, and whatever it says besides
what the snapshot's sentences say comes from :func:`phrases`, sent once with the widget (its
``phrases`` trait). The phrasebook holds every card's and space's name for the screen reader
(from :mod:`kingscorner_widget.engine.words`), the table's fixed labels, and templates with
``{slots}`` the page fills with names, numbers and other phrases from the book. Counted phrases
come in plural forms by the CLDR categories of :data:`LANGUAGE` (``"one"``, ``"other"``), made
with :func:`~kingscorner_widget.engine.words.count_words`, the one plural rule.

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

from ..engine.cards import DECK
from ..engine.spaces import SPACES
from ..engine.words import card_label, count_words, listed

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

LANGUAGE = "en"
"""The phrasebook's language: the page picks a counted phrase's form by its plural rules."""

YOU = "You"
"""How the table names the viewer's own seat."""

TEXT: dict[str, str] = {
    # the table and the viewer's picks (index.js)
    "title": "Kings in the Corner",
    "present": "Present",
    "presentTitle": "Fill the screen, for a projector (key F; Escape leaves)",
    "presentKey": "F",
    "leavePresent": "Leave presentation",
    "legalTarget": "{label}, a legal target",
    "othersPlay": (
        "It is {name}'s turn: yours comes when the computer players have played"
        " (Skip goes straight to it)."
    ),
    "nowhere": "That card has nowhere to go now.",
    "pickFirst": "Pick a card from your hand first, then this space.",
    # piles and the stock (pile.js, table.js)
    "pileEmpty": "{space}, empty",
    "pileOne": "{card} on {space}",
    "pileMany": "{card} on {space}, {cards}, {bottom} at the bottom",
    "pileEmptyTitle": "{space} (empty)",
    "covered": "{card}, card {i} of {n} on {space}",
    "stockLabel": "the stock, {cards}",
    "stock": "stock",
    # hands and seats (hand.js)
    "watching": "You are watching: the computer players play on.",
    "handLabel": "{whose}, {cards}",
    "inHand": "{card}, in {whose}",
    "noCards": "No cards left.",
    "kept": " · {corners} kept",
    "computerName": "{name} (computer)",
    "seatLabel": "{name}, {cards}",
    "seatLabelToPlay": "{name}, {cards}, to play",
    "seatCountToPlay": "{cards} · to play",
    # the end-of-hand summary (summary.js, teacher.js)
    "leftInHand": "{card}, left in {whose}",
    "wentOut": "went out",
    "noCardsLeft": "no cards",
    "winsTag": " · wins",
    "handOver": "The hand is over",
    "cardsLeft": "Cards left in hand",
    "player": "Player",
    "cards": "Cards",
    "count": "Count",
    "points": "Points",
    "hideSummary": "Hide summary",
    "summaryKey": "S",
    "handSummary": "Hand summary",
    "onSheet": "{label} on the score sheet",
    "wouldAdd": "Points this hand would add to a score sheet",
    "total": "Total",
    "notDone": "Not done: ",
    # the log, the score sheet and the lesson (log.js)
    "noMoves": "No moves yet.",
    "logLabel": "Moves so far, by turn",
    "log": "Log",
    "moves": "Moves",
    "computerTag": " · computer",
    "hand": "Hand",
    "scoreSheet": "Score sheet",
    "lesson": "Lesson",
    "step": "Step {i} of {n}",
    # the toolbar and the keys (controls.js)
    "controls": "Table controls",
    "keys": "Keys",
    "withKey": "{label} (key {key})",
    "withWhy": "{label}: {why}",
    "keysList": "Keyboard keys",
    "keysToggle": "show or hide this list",
    # the review panel (review.js)
    "review": "Review",
    "youPlayed": "You played",
    "bestTurn": "The best turn",
    "bestFound": "The best turn found",
    "chanceBar": "{label}: {percent} chance of winning",
    "estimating": "Estimating the chances of winning…",
    "chances": "Chances of winning",
    "before": "Before the turn",
    "yourTurn": "Your turn",
    "mostCards": "Shedding the most",
    "bestRow": "Best turn found",
    "inBrackets": "({what})",
    "turnOf": "Turn {turn} of {turns}",
    "ofHand": " (hand {hand})",
    "countsLine": "{best} · {inaccuracies} · {mistakes}",
    "withBlunders": "{counts} · {blunders}",
    "accuracy": "Accuracy {percent}",
    "byChance": " by chance of winning",
    "summary": "Summary",
    # explore's lines (tree.js)
    "start": "Start",
    "startTitle": "The start of the hand",
    "or": "or",
    "anotherLine": "Another line: move {n} {move}",
    "goTo": "Go to move {n}",
    "lines": "Lines",
    "currentLine": "The current line",
    "faceDown": "{name}'s hand is face down: its cards are not shown or named.",
    "startWhere": "the start of the hand",
    "thisMove": "this move",
    "commentLabel": "Comment on {where} (plain text, at most {max} characters)",
    "commentPlaceholder": "Comment on {where}…",
    "saveComment": "Save comment",
}
"""The page's fixed labels and templates, by the key the page asks for."""

SHEET = {
    "elimination": "Hand {hand}. A player whose total reaches {target} is out.",
    "lowest": "Hand {hand}. When a total reaches {target}, the lowest total wins.",
}
"""The score sheet's caption while the match runs, by how the match ends."""

COUNTED: dict[str, tuple[str, str]] = {
    # key: (the noun counted, the phrase around the count: {count} is "1 card", "3 cards")
    "cards": ("card", "{count}"),
    "points": ("point", "{count}"),
    "corners": ("corner", "{count}"),
    "earlier": ("earlier move", "{count} not shown"),
    "earlierMoves": ("earlier move", "… {count}"),
    "laterMoves": ("later move", "… {count}"),
    "lines": ("line", "{count}"),
    "deals": ("game", "Chance of winning (out of {count} played out):"),
    "best": ("best", "{count}"),
    "inaccuracies": ("small slip", "{count}"),
    "mistakes": ("mistake", "{count}"),
    "blunders": ("big mistake", "{count}"),
    "estimatingTurns": ("turn", "Estimating: {done} of {count}"),
    "shedOf": ("card", " ({shed} of {count} that could be played)"),
}
"""Counted phrases: the noun, and the phrase the count sits in."""

PLURALS = {"best": "best"}
"""Nouns whose plural is not the noun with an ``s``."""

VERDICTS = {
    "best": "Best",
    "inaccuracy": "Small slip",
    "mistake": "Mistake",
    "blunder": "Big mistake",
}
"""A review verdict's name on the panel."""

KEYS: list[tuple[str, str]] = [
    ("Tab / Shift+Tab", "move between cards, piles and buttons"),
    ("Arrow keys", "move between cards in your hand and between piles"),
    ("Enter or Space", "pick up the card or pile in focus, or put the picked one there"),
    ("7 8 9 / 4 6 / 1 2 3", "the piles laid out as on a number pad (8 is north, 9 north-east…)"),
    (
        "Escape",
        "put the picked card or pile back; with nothing picked up, leave the table for the"
        " notebook (the table keeps every other key while the focus is in it)",
    ),
    ("F", "fill the screen for a projector, or leave it"),
    ("S", "hide or show the hand's summary, once the hand is over"),
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


def _forms(noun: str, around: str) -> dict[str, str]:
    """A counted phrase in its plural forms, ``{n}`` in place of the number."""
    plural = PLURALS.get(noun)
    forms = {"one": count_words(1, noun), "other": count_words(2, noun)}
    if plural is not None:
        forms["other"] = f"2 {plural}"
    return {
        category: around.replace("{count}", "{n}" + text[1:]) for category, text in forms.items()
    }


@cache
def _book() -> Phrases:
    cards = {str(card): card_label(card) for card in DECK}
    return {
        "lang": LANGUAGE,
        "cards": cards,
        "spaces": {str(space): space.words for space in SPACES},
        "text": dict(TEXT),
        "counted": {key: _forms(noun, around) for key, (noun, around) in COUNTED.items()},
        "verdicts": dict(VERDICTS),
        "keys": [list(pair) for pair in KEYS],
    }


def phrases() -> Phrases:
    """The page's phrasebook (a fresh copy: the caller may keep it).

    >>> book = phrases()
    >>> len(book["cards"]), book["counted"]["inaccuracies"]["other"]
    (52, '{n} small slips')
    """
    book = _book()
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
    return "Your hand" if name == YOU else f"{name}'s hand"


def hand_whose(name: str) -> str:
    """A hand within a sentence: ``"your hand"``, ``"P2's hand"``.

    >>> hand_whose("You"), hand_whose("P1")
    ('your hand', "P1's hand")
    """
    return "your hand" if name == YOU else f"{name}'s hand"


SHOW_MY_HAND = "Show my hand"
"""The pass-and-play cover's button: its person holds the laptop and shows their own hand."""


def cover_text(name: str) -> str:
    """What the pass-and-play cover says over ``name``'s hand while it waits for them.

    >>> cover_text("Ben")
    "Ben's turn: pass the laptop to Ben, then press Show my hand."
    """
    return f"{name}'s turn: pass the laptop to {name}, then press {SHOW_MY_HAND}."


def cover_refusal(name: str) -> str:
    """Why nothing is played while ``name``'s hand is covered (a reason, made a sentence by
    the table).

    >>> cover_refusal("Ben")
    "Ben's hand is covered: pass the laptop to Ben, then press Show my hand"
    """
    return f"{name}'s hand is covered: pass the laptop to {name}, then press {SHOW_MY_HAND}"


def shown_words(name: str) -> str:
    """What the table says once ``name`` has uncovered their hand while others still play.

    >>> shown_words("Ada")
    "Ada's hand is shown."
    """
    return f"{name}'s hand is shown."


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
    """
    if winners is None:
        return fill(SHEET["elimination" if elimination else "lowest"], hand=hand, target=target)
    names = [seats[seat - 1] for seat in winners]
    if len(names) > 1:
        listing = listed([n if i == 0 or n != YOU else "you" for i, n in enumerate(names)])
        return f"Match over: {listing} share the win"
    if not names:
        return "Match over"
    return f"Match over: {names[0]} {'win' if names[0] == YOU else 'wins'}"
