"""The learner's corners carried from one lesson step to the next.

The four corners play alike: a step that says "put your king in any corner" accepts all four,
but the lesson's next step is written with the king in one of them. When the learner chose
another, the next step is shown with the corners relabelled, so the king stays where the
learner put it: the step's position, its expected moves and its words all follow.

A relabelling maps each of the lesson's corners to the corner the table shows it in:

>>> from kingscorner_widget.engine.spaces import Space
>>> swap = swapped(Space.NE, Space.SW)
>>> relabel_position("N:JcTh E:6h S:5s W:- NE:Ks SE:- SW:- NW:- P1:4h P2:?7 stock:39 turn:P1", swap)
'N:JcTh E:6h S:5s W:- NE:- SE:- SW:Ks NW:- P1:4h P2:?7 stock:39 turn:P1'
>>> relabel_move("4h>NE", swap), relabel_move("S>E", swap)
('4h>SW', 'S>E')
>>> relabel_text("The north-east corner (NE) takes a red queen.", swap)
'The south-west corner (SW) takes a red queen.'
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping

from ..engine.moves import MovePile, PlayCard, parse_move
from ..engine.notation import Table, format_position, parse_position
from ..engine.spaces import CORNERS, Space
from .model import Step

__all__ = [
    "IDENTITY",
    "Corners",
    "carried",
    "composed",
    "placement",
    "relabel_move",
    "relabel_position",
    "relabel_step",
    "relabel_text",
    "swapped",
]

Corners = Mapping[Space, Space]
"""Each of the lesson's corners, mapped to the corner the table shows it in."""
IDENTITY: Corners = {corner: corner for corner in CORNERS}
"""Every corner where the lesson has it."""

_CORNER_WORDS = re.compile(r"\b(NE|SE|SW|NW)\b|\b(north|south)-(east|west)\b", re.IGNORECASE)


def swapped(a: Space, b: Space) -> Corners:
    """The relabelling that exchanges corners ``a`` and ``b``."""
    return {**IDENTITY, a: b, b: a}


def composed(after: Corners, before: Corners) -> Corners:
    """``before``, then ``after``: each lesson corner to where ``after`` puts ``before``'s place.

    >>> composed(swapped(Space.SE, Space.NW), swapped(Space.NE, Space.SW))[Space.NE]
    <Space.SW: 'SW'>
    """
    return {corner: after[before[corner]] for corner in CORNERS}


def _relabelled(table: Table, corners: Corners) -> Table:
    piles = list(table.piles)
    for corner in CORNERS:
        piles[corners[corner].index] = table.piles[corner.index]
    return Table(piles, table.hands, table.stock, table.turn, table.kept)


def relabel_position(position: str, corners: Corners) -> str:
    """``position`` with each corner's pile moved to the corner ``corners`` names."""
    return format_position(_relabelled(parse_position(position), corners))


def relabel_move(move: str, corners: Corners) -> str:
    """A move in notation aimed at the corner ``corners`` names (cross spaces stay)."""
    parsed = parse_move(move)
    if isinstance(parsed, PlayCard) and parsed.target.is_corner:
        return str(PlayCard(parsed.card, corners[parsed.target]))
    if isinstance(parsed, MovePile) and parsed.target.is_corner:
        return str(MovePile(parsed.source, corners[parsed.target]))
    return str(parsed)


_DIRECTIONS = {
    "es": {"NE": "noreste", "SE": "sureste", "SW": "suroeste", "NW": "noroeste"},
    "fr": {"NE": "nord-est", "SE": "sud-est", "SW": "sud-ouest", "NW": "nord-ouest"},
    "de": {"NE": "nordost", "SE": "südost", "SW": "südwest", "NW": "nordwest"},
}
"""How each language's lesson texts name a corner's direction ("la esquina noreste", "le coin
nord-est", "die Nordost-Ecke"): what :func:`relabel_text` renames in a translation."""


def relabel_text(text: str, corners: Corners, language: str = "en") -> str:
    """``text`` with every corner it names, in notation (NE) or in words (north-east), renamed
    after ``corners``; the case of the first letter is kept. ``language`` is the language
    ``text`` is written in (its corner words are renamed).

    >>> relabel_text("Leg ihn in die Nordost-Ecke (NE).", swapped(Space.NE, Space.SW), "de")
    'Leg ihn in die Südwest-Ecke (SW).'
    """
    if language in _DIRECTIONS:
        return _relabel_words(text, corners, _DIRECTIONS[language])

    def renamed(match: re.Match[str]) -> str:
        found = match[0]
        key = found.upper() if match[1] else found[0].upper() + found.split("-")[1][0].upper()
        new = corners[Space(key)]
        if match[1]:
            return str(new) if found.isupper() else str(new).lower()
        words = new.direction
        return words.capitalize() if found[0].isupper() else words

    return _CORNER_WORDS.sub(renamed, text)


def _relabel_words(text: str, corners: Corners, words: Mapping[str, str]) -> str:
    """:func:`relabel_text` in a language whose corner directions are ``words``."""
    named = {word: key for key, word in words.items()}
    found = re.compile(
        r"\b(NE|SE|SW|NW)\b|(?<![\w-])("
        + "|".join(sorted(named, key=len, reverse=True))
        + r")(?![\w])",
        re.IGNORECASE,
    )

    def renamed(match: re.Match[str]) -> str:
        text = match[0]
        if match[1]:
            new = str(corners[Space(text.upper())])
            return new if text.isupper() else new.lower()
        new = words[str(corners[Space(named[text.lower()])])]
        return new.capitalize() if text[0].isupper() else new

    return found.sub(renamed, text)


def placement(wanted: str, left: str) -> Corners | None:
    """How the table the learner ``left`` relabels the step's own answer (``wanted``, both
    positions as the learner sees them): the same table with the corner piles elsewhere gives
    the relabelling that carries each of ``wanted``'s corners to the learner's; any other
    difference gives ``None``.

    >>> placement(
    ...     "N:- E:7c S:4d W:Js NE:Kh SE:- SW:- NW:- P1:Jc4h2s9d5hAcTc P2:?7 stock:34 turn:P1",
    ...     "N:- E:7c S:4d W:Js NE:- SE:- SW:- NW:Kh P1:Jc4h2s9d5hAcTc P2:?7 stock:34 turn:P1",
    ... ) == swapped(Space.NE, Space.NW)
    True
    """
    ours, theirs = parse_position(wanted), parse_position(left)
    if _cross_and_hands(ours) != _cross_and_hands(theirs):
        return None
    mapping: dict[Space, Space] = {}
    free = [c for c in CORNERS if not theirs.piles[c.index]]
    for corner in CORNERS:
        pile = ours.piles[corner.index]
        if pile:
            found = [c for c in CORNERS if theirs.piles[c.index] == pile]
            if not found:
                return None
            mapping[corner] = found[0]
    empty = [c for c in CORNERS if c not in mapping]
    # an empty corner stays where it is when it can, so only what the learner moved moves
    for corner in [c for c in empty if c in free]:
        mapping[corner] = corner
        free.remove(corner)
    for corner, place in zip([c for c in empty if c not in mapping], free, strict=True):
        mapping[corner] = place
    return mapping


def relabel_step(step: Step, corners: Corners) -> Step:
    """``step`` with its corners where ``corners`` puts them: its position, expected moves and
    words (the same step when nothing moves)."""
    if all(corners[c] == c for c in CORNERS):
        return step
    return dataclasses.replace(
        step,
        title=relabel_text(step.title, corners),
        position=relabel_position(step.position, corners),
        narration=relabel_text(step.narration, corners),
        expect=tuple(tuple(relabel_move(m, corners) for m in seq) for seq in step.expect),
        hints=tuple(relabel_text(hint, corners) for hint in step.hints),
        after=relabel_text(step.after, corners),
    )


def _cross_and_hands(table: Table) -> tuple[object, ...]:
    cross = tuple(tuple(table.piles[i]) for i in range(4))
    hands = tuple(h if isinstance(h, int) else tuple(h) for h in table.hands)
    stock = table.stock if isinstance(table.stock, int) else tuple(table.stock)
    return cross, hands, stock, table.turn


def carried(left: str, following: str, *candidates: Corners) -> Corners:
    """The first of ``candidates`` under which the step ``following`` (its position as the
    lesson writes it) continues the table the learner ``left``: every corner pile the learner
    left is still there, from the same king; ``IDENTITY`` when none does (the step sets out a
    table of its own) or the learner left no corner pile.

    >>> left = "N:- E:7c S:4d W:Js NE:- SE:- SW:- NW:Kh P1:Jc4h2s9d5hAcTc P2:?7 stock:34 turn:P1"
    >>> following = left.replace("N:-", "N:Tc").replace("NW:Kh", "NW:-").replace("NE:-", "NE:Kh")
    >>> carried(left, following.replace("AcTc", "Ac"), swapped(Space.NE, Space.NW))[Space.NE]
    <Space.NW: 'NW'>
    >>> carried(left, following.replace("AcTc", "Ac")) is IDENTITY
    True
    """
    kept = parse_position(left)
    if not any(kept.piles[c.index] for c in CORNERS):
        return IDENTITY
    table = parse_position(following)
    for corners in candidates:
        shown = _relabelled(table, corners)
        if all(
            not kept.piles[c.index]
            or (shown.piles[c.index] and shown.piles[c.index][0] == kept.piles[c.index][0])
            for c in CORNERS
        ):
            return corners
    return IDENTITY
