"""Why a move is refused, as a value: the judge's answer before anyone puts it into words.

:meth:`Game.violation <kingscorner_widget.engine.game.Game.violation>` returns a :class:`Reason`
(a code, and the cards and spaces it concerns); :func:`~.words.reason_words` says it. The judge
writes no English, so a reason reads the same in an error, a lesson's feedback and the table's
status line.

>>> from kingscorner_widget.engine.cards import Card
>>> from kingscorner_widget.engine.spaces import Space
>>> reason = Reason("rank", card=Card.parse("Th"), top=Card.parse("6h"), space=Space.E)
>>> reason.code, str(reason.card), str(reason.top)
('rank', 'Th', '6h')
>>> reason.cards()
('Th', '6h')
"""

from __future__ import annotations

import dataclasses
from typing import Literal, get_args

from .cards import Card
from .spaces import Space

__all__ = ["CODES", "Reason", "ReasonCode"]

ReasonCode = Literal[
    "unreadable",
    "over",
    "not_in_hand",
    "pending",
    "pending_end",
    "corner_taken",
    "on_ace",
    "rank",
    "colour",
    "corner_needs_king",
    "kings_first",
    "corner_fixed",
    "empty_source",
    "onto_itself",
    "pile_no_fit",
    "pile_into_space",
    "end_with_pass_draw_first",
    "end_with_pass",
    "end_with_draw",
    "must_play",
]
"""Every rule a move can break, by name."""

CODES: tuple[ReasonCode, ...] = get_args(ReasonCode)
"""The codes, in the order above."""


@dataclasses.dataclass(frozen=True)
class Reason:
    """A refused move: which rule it breaks and what it concerns. Only the fields a code uses are
    set; the rest stay ``None``."""

    code: ReasonCode
    """The rule broken (see :data:`ReasonCode`)."""
    card: Card | None = None
    """The card played, the bottom card of the pile moved, the card held back (must play), the king
    that must go first (kings first) or the drawn card that must be played (draw until it fits)."""
    top: Card | None = None
    """The top card of the target pile, when it matters."""
    space: Space | None = None
    """The target space."""
    source: Space | None = None
    """The pile moved, for a pile move."""
    player: int | None = None
    """The hand is over: the player (1-based) who went out, or ``None`` for a blocked hand."""
    text: str = ""
    """An unreadable move: what the move parser said about it."""

    def __post_init__(self) -> None:
        if self.code not in CODES:
            raise ValueError(f"{self.code!r} is not a reason code")

    def cards(self) -> tuple[str, ...]:
        """The cards the reason concerns, in notation."""
        return tuple(str(card) for card in (self.card, self.top) if card is not None)
