"""The class's mistakes by rule, in words: what the refused moves of every learner were.

Each refused move a record keeps has its reason code (the engine's
:data:`~kingscorner_widget.engine.reasons.CODES`, or the table's own ``not_the_step``,
``not_in_hand`` and ``refused``); :data:`DOING` says what a learner did to get it, so the board
can say "12 learners put a card of the same colour on a pile".

>>> said(12, "colour")
'12 learners put a card of the same colour on a pile'
>>> said(1, "rank")
'1 learner put a card on a pile where it was not exactly one rank lower'
"""

from __future__ import annotations

from ..engine.words import count_words

__all__ = ["DOING", "said"]

DOING: dict[str, str] = {
    "unreadable": "typed a move the table could not read",
    "over": "tried to move after the hand was over",
    "not_in_hand": "played a card that was not in their hand",
    "pending": "played another card before the card they drew (draw until it fits)",
    "pending_end": "ended the turn before playing the card they drew (draw until it fits)",
    "corner_taken": "put a king into a corner that was already taken",
    "on_ace": "played a card on an ace",
    "rank": "put a card on a pile where it was not exactly one rank lower",
    "colour": "put a card of the same colour on a pile",
    "corner_needs_king": "opened an empty corner with a card that is not a king",
    "kings_first": "played something else before putting a king in an empty corner",
    "corner_fixed": "tried to move a corner pile",
    "empty_source": "tried to move a pile from an empty space",
    "onto_itself": "tried to move a pile onto itself",
    "pile_no_fit": "moved a pile onto a card its bottom card does not fit",
    "pile_into_space": "moved a pile into an empty side space",
    "end_with_pass_draw_first": "ended the turn with draw where the rules ask for pass",
    "end_with_pass": "ended the turn with draw when the stock was empty",
    "end_with_draw": "ended the turn with pass while the stock still had cards",
    "must_play": "ended the turn holding a card that had to be played (must play)",
    "not_the_step": "played a legal move that the step did not ask for",
    "refused": "tried a move when it was not theirs to make",
}
"""What a learner did to have a move refused, by reason code."""


def said(learners: int, code: str) -> str:
    """How many learners made the mistake of ``code``, in words."""
    doing = DOING.get(code, f"had moves refused for a reason coded {code!r}")
    return f"{count_words(learners, 'learner')} {doing}"
