"""A player's answer as the check and the league read it, calling nothing of the player's:
its notation (:func:`answer_text`), or in words what it is instead (:class:`Described`), any
text of the player's made inert (:func:`inert`), and a decision the player lost
(:class:`Refused`). Shared by the process that asks a player (:mod:`.apart`) and the check
that judges its answers (:mod:`kingscorner_widget.analysis.runs.check_player`).
"""

from __future__ import annotations

import dataclasses

from ..engine.moves import EndTurn, MovePile, PlayCard

__all__ = ["LONGEST_MOVE", "Described", "Refused", "answer_text", "inert", "shown"]

MOVE_TYPES = (PlayCard, MovePile, EndTurn)


def inert(text: str) -> str:
    r"""``text`` from a player (a forked one's, a league entry's) made harmless to show anywhere
    (a terminal, JSON, HTML): every control or format character (escape codes, carriage
    returns, bidirectional overrides) is written out as its escape.

    >>> inert("ok\x1b[2J\r\u202egone")
    'ok\\x1b[2J\\r\\u202egone'
    """
    return "".join(char if char.isprintable() or char == " " else repr(char)[1:-1] for char in text)


class Refused(Exception):  # noqa: N818 - a forfeit, in the league's words
    """A decision the player lost: ``kind`` (a kind of problem of
    :class:`~kingscorner_widget.analysis.runs.check_player.Problem`) and why, in words."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(detail)
        self.kind = kind
        self.detail = detail


LONGEST_MOVE = 64
"""No move's notation is longer."""


@dataclasses.dataclass(frozen=True)
class Described:
    """An answer that is no move, as words: what it is and why it is no move."""

    shown: str
    """The answer in words (:func:`shown`): ``"an object of type list"``."""
    why: str
    """Why it is no move: ``"a move is a Move or its notation"``."""


def answer_text(answer: object) -> str | Described:
    """A player's answer as notation to judge, or in words when it cannot be a move, calling
    nothing of the player's (its ``__str__`` may never end, a text may hold millions): the
    one description of an answer, in the check's process and in a forked player's process
    (:mod:`.apart`).

    >>> from kingscorner_widget.engine.moves import EndTurn
    >>> answer_text(EndTurn("draw")), answer_text("Kh>N")
    ('draw', 'Kh>N')
    >>> answer_text(list(range(5)))
    Described(shown='an object of type list', why='a move is a Move or its notation')
    >>> answer_text("x" * 100).why
    'far longer than any move'
    """
    if isinstance(answer, str):
        if len(answer) > LONGEST_MOVE:
            return Described(shown(answer), "far longer than any move")
        return str.__str__(answer)
    # The engine's notation, not a subclass's.
    if isinstance(answer, PlayCard):
        return PlayCard.__str__(answer)
    if isinstance(answer, MovePile):
        return MovePile.__str__(answer)
    if isinstance(answer, EndTurn):
        return EndTurn.__str__(answer)
    return Described(shown(answer), "a move is a Move or its notation")


def shown(answer: object) -> str:
    """An answer in words, without calling anything of the player's (its ``__repr__`` may
    never end, a list may hold millions)."""
    if isinstance(answer, str):
        if len(answer) > LONGEST_MOVE:
            return f"a text of {len(answer):,} characters"
        return inert(str.__repr__(answer))
    if isinstance(answer, MOVE_TYPES):
        return str(answer)
    return f"an object of type {type(answer).__name__}"
